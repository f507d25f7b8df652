"""Awelé under ``rules=abapa`` agrees with OpenSpiel's ``oware`` move by move, on random games and on perft.

Perft is the number of move sequences of exactly the depth (a game over earlier adds nothing), as
OpenSpiel's tree counted bare gives it; it is compared from the start and from near the end of
random games, where lines end inside the count.

OpenSpiel (C++, the test-only dependency ``open-spiel``) is an independent
implementation of the competition rules: a starving opponent must be fed, a
grand slam captures nothing, the game ends when a position repeats since the
last capture, when the player to move has no legal move, or at 25 captured
seeds, and at every end each player adds the seeds on his own row.

Mapping (from OpenSpiel's ``oware.cc``, checked below): its houses 0..11 are
our pits in sowing order (``a1..f1``, then ``f2..a2``); player 0 (South)
moves first and plays action ``h`` for house ``h``, player 1 action ``h - 6``.
Its ``ToString`` prints North's houses 11..6 (``a2..f2`` left to right, as
we draw them), then South's 0..5, and both scores; the final score is read there.
"""

from __future__ import annotations

import random

import pytest

from boardgen.engine.base import GameState
from boardgen.games.awele import geometry as geo
from boardgen.games.awele.rules import AweleState

pyspiel = pytest.importorskip("pyspiel")

ABAPA = {"rules": "abapa"}
GAMES = 1000


def action(pit_name: str) -> int:
    """OpenSpiel's action for sowing a pit: the house number within the mover's row."""
    return geo.PIT_INDEX[pit_name] % geo.PITS_PER_ROW


def their_board(state: object) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(seeds of houses 0..11, (score of player 0, score of player 1)) read from OpenSpiel's ToString."""
    lines = [line for line in str(state).split("\n") if line.strip()]
    lines = [line for line in lines if not line.startswith("[FINISHED]")]
    north = [int(n) for n in lines[2].split()]  # houses 11..6, left to right
    south = [int(n) for n in lines[3].split()]  # houses 0..5
    scores = (int(lines[5].split("=")[1].split()[0]), int(lines[0].split("=")[1].split()[0]))
    return tuple(south + north[::-1]), scores


def test_the_mapping_of_pits_and_houses() -> None:
    """Sowing d1 from the start fills e1, f1, f2, e2: OpenSpiel's houses 4, 5, 6, 7 after action 3."""
    theirs = pyspiel.load_game("oware").new_initial_state()
    theirs.apply_action(action("d1"))
    ours = AweleState.initial(variants=ABAPA).play("d1")
    assert their_board(theirs) == (ours.pits, ours.scores)
    assert ours.pits == (4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4)
    theirs.apply_action(action("f2"))  # North's first pit from his left is OpenSpiel's 'a', house 6
    assert theirs.history()[-1] == 0
    assert their_board(theirs)[0] == ours.play("f2").pits


def _random_game(rng: random.Random, game: object) -> int:
    """One random game in both engines: the same legal moves at every ply, the same board, the same final score."""
    ours: GameState = AweleState.initial(variants=ABAPA)
    theirs = game.new_initial_state()
    plies = 0
    while True:
        assert theirs.is_terminal() == (ours.outcome() is not None), ours.to_text()
        if ours.outcome() is not None:
            break
        assert isinstance(ours, AweleState)
        assert their_board(theirs) == (ours.pits, ours.scores), ours.to_text()
        moves = ours.legal_moves()
        assert sorted(action(m.text) for m in moves) == sorted(theirs.legal_actions()), ours.to_text()
        move = rng.choice(moves)
        theirs.apply_action(action(move.text))
        ours = ours.apply(move)
        plies += 1
    assert isinstance(ours, AweleState)
    _, final = their_board(theirs)
    assert ours.final_scores() == final, ours.to_text()
    returns = theirs.returns()
    winner = 0 if returns[0] > 0 else 1 if returns[1] > 0 else None
    assert ours.outcome() is not None and ours.outcome().winner == winner  # type: ignore[union-attr]
    return plies


def test_random_games_agree_with_openspiel() -> None:
    game = pyspiel.load_game("oware")
    rng = random.Random("awele-oware")
    lengths = [_random_game(rng, game) for _ in range(GAMES)]
    assert max(lengths) > 100 and min(lengths) < 100  # short and long games both happen


def _perft(ours: GameState, theirs: object, depth: int) -> int:
    """Leaf count below both states, checking the move lists agree at every node."""
    moves = ours.legal_moves()
    assert sorted(action(m.text) for m in moves) == sorted(theirs.legal_actions()), ours.to_text()
    if depth == 0:
        return 1
    total = 0
    for move in moves:
        child = theirs.clone()
        child.apply_action(action(move.text))
        total += _perft(ours.apply(move), child, depth - 1)
    return total


def _their_perft(state: object, depth: int) -> int:
    """OpenSpiel's own count, walked without our engine."""
    if depth == 0:
        return 1
    total = 0
    for choice in state.legal_actions():
        total += _their_perft(state.child(choice), depth - 1)
    return total


def test_perft_from_the_start_agrees_with_openspiel() -> None:
    start = AweleState.initial(variants=ABAPA)
    theirs = pyspiel.load_game("oware").new_initial_state()
    counts = [_perft(start, theirs, depth) for depth in range(1, 6)]
    assert counts == [_their_perft(theirs, depth) for depth in range(1, 6)]
    assert counts == [6, 36, 190, 1014, 5219]  # also tests/fixtures/perft/awele.txt
    from boardgen.engine.perft import perft

    assert [perft(start, depth) for depth in range(1, 6)] == counts  # the library counts the same


def test_perft_near_the_end_of_games_agrees_with_openspiel() -> None:
    """boardgen's perft, as the library counts it, from four moves before the end of random games.

    The random line ends inside each count (at its fourth move of five), and other lines end there
    too (famine, a majority of seeds, a repeated position): a finished game adds nothing deeper,
    in OpenSpiel's bare count (a terminal state has no legal action) and in ours.
    """
    from boardgen.engine.perft import perft

    game = pyspiel.load_game("oware")
    rng = random.Random("awele-perft")
    for _ in range(12):
        ours: GameState = AweleState.initial(variants=ABAPA)
        theirs = game.new_initial_state()
        line = [(ours, theirs.clone())]
        while ours.outcome() is None:
            move = rng.choice(ours.legal_moves())
            theirs.apply_action(action(move.text))
            ours = ours.apply(move)
            line.append((ours, theirs.clone()))
        before, oracle = line[-5]
        assert perft(before, 5) == _their_perft(oracle, 5), before.to_text()
