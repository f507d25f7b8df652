"""Perft through Nyout's chance points, counted by hand: a nyout or a mo leads to a chance point
again, which uses one depth (boardgen/engine/perft.py), so the count ends although throws may chain."""

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
