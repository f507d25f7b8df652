"""Perft through Nyout's chance points, counted by hand: a nyout or a mo leads to a chance point
again, which uses one depth (boardgen/engine/perft.py), so the count ends although throws may chain.

Perft counts the sequences of exactly the depth: a game that ends before the last move adds
nothing (the last test); from the start no game can end within these depths."""

from __future__ import annotations

from boardgen.engine.perft import estimate, perft
from boardgen.games.nyout.rules import NyoutState


def test_depth_one_from_the_start() -> None:
    """to, kai, kel: one move each (a horse comes in); nyout, mo: another chance point, a leaf at depth 0."""
    assert perft(NyoutState.initial(), 1) == 5


def test_depth_two_from_the_start() -> None:
    """to/kai/kel: Black's five at depth 1 each (15); nyout/mo: a second throw with depth 1 left:
    to/kai/kel give two moves each (either throw brings a horse in), nyout/mo a leaf: 8 each (16)."""
    assert perft(NyoutState.initial(), 2) == 31


def test_a_decision_state_counts_its_moves() -> None:
    state = NyoutState.from_text("o05=a o09=b a throws kel mo", {})
    assert perft(state, 1) == len(state.legal_moves()) == 6  # kel and mo each: a horse in, o05 round or across
    assert estimate(NyoutState.initial(), 4) > 0  # the estimate's walk stops even always taking the mo


def test_the_last_horse_off_ends_the_count() -> None:
    """By hand: a's last horse on o19 with a kai goes off (one move) and a has won, so no sequence of
    two moves exists; with a to, it stops on o20 and Black throws next: one move, then Black's."""
    last = NyoutState.from_text("o19=a o05=b off=aaa a throws kai", {})
    assert [move.text for move in last.legal_moves()] == ["kai:o19-off"]
    assert last.play("kai:o19-off").outcome() is not None
    assert (perft(last, 1), perft(last, 2)) == (1, 0)
    short = NyoutState.from_text("o19=a o05=b off=aaa a throws to", {})
    after = short.play("to:o19-o20")
    assert after.is_chance and perft(short, 2) == perft(after, 1) > 0
