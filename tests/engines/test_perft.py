"""What ``perft`` counts (boardgen/engine/perft.py), on toy games small enough to count by hand.

Perft is the number of move sequences of exactly ``depth`` moves, as every published table counts
it: a game that ended before the last move has no sequence of that length and adds nothing, a
finished position counts 1 at depth 0 only.  The per-game counts are in tests/fixtures/perft/.
"""

from __future__ import annotations

from boardgen.engine.perft import estimate, perft
from tests.engines.toy_race import ToyRaceState
from tests.test_conformance import _Countdown


def test_a_game_over_at_ply_2_adds_nothing_at_depth_3() -> None:
    """Take 1 or 2 from a pile of 3; whoever takes the last one wins.

    By hand: 1 and 2 (depth 1); 1+1, 1+2, 2+1 (depth 2), of which 1+2 and 2+1 empty the pile and end
    the game; so depth 3 has one sequence, 1+1+1 (counting a finished game as a leaf gave 3).
    """
    pile = _Countdown(3, 0)
    assert [perft(pile, depth) for depth in range(5)] == [1, 2, 3, 1, 0]


def test_a_finished_position_is_the_empty_sequence_only() -> None:
    over = _Countdown(0, 1)
    assert over.outcome() is not None
    assert (perft(over, 0), perft(over, 1), perft(over, 3)) == (1, 0, 0)
    assert (estimate(over, 0), estimate(over, 1), estimate(over, 3)) == (1, 0, 0)


def test_the_move_that_ends_the_game_counts_at_the_last_ply() -> None:
    # pile 2: take 2 wins at once, take 1 leaves 1; both are sequences of one move, only 1+1 is one of two
    assert (perft(_Countdown(2, 0), 1), perft(_Countdown(2, 0), 2)) == (2, 1)


def test_a_game_of_chance_that_ends_early_adds_nothing_deeper() -> None:
    """Seat a has a runner home and one on square 8, and throws.

    By hand: each throw leaves one move (a2; a1 is home): 6 at depth 1.  A throw of 2 to 6 takes
    a2 home and wins, so only the throw of 1 goes on, to seat b's throw with two runners to move:
    6 x 2 = 12 at depth 2 (counting the five won games as leaves gave 17).
    """
    race = ToyRaceState.from_text("10.8 0.0 a", {})
    assert race.is_chance
    assert perft(race, 1) == 6
    assert perft(race, 2) == 12
    won = race.play("2", "a2")
    assert won.outcome() is not None and perft(won, 1) == 0 and perft(won, 0) == 1


def test_the_estimate_sees_lines_that_end() -> None:
    # depth 1 is exact; where every line ends before the depth, it says 0 as perft counts
    pile = _Countdown(3, 0)
    assert estimate(pile, 1) == perft(pile, 1) == 2
    assert estimate(pile, 4) == perft(pile, 4) == 0
    # pile 2, depth 2: the last line's move, take 2, ends the game; that line steps back to take 1 and
    # goes on (it counts both moves: an estimate near the end of games errs high)
    assert estimate(_Countdown(2, 0), 2) == 2 and perft(_Countdown(2, 0), 2) == 1
    assert estimate(pile, 3) >= perft(pile, 3) == 1
