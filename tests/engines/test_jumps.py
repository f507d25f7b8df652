"""The one capturing jump along a line that Damas's and Assalto's capture chains walk (boardgen.engine.jumps)."""

from __future__ import annotations

import doctest

import boardgen.engine.jumps as jumps
from boardgen.engine.jumps import jumps_along

E, MAN, FOE = 0, 1, 2


def test_a_short_jump_takes_the_next_piece_and_lands_just_beyond() -> None:
    board = [MAN, FOE, E, E]
    assert jumps_along(board, (1, 2, 3), False, {FOE}, ()) == ((1, 2),)
    assert jumps_along(board, (1,), False, {FOE}, ()) == ()  # the board's edge: nowhere to land
    assert jumps_along([MAN, FOE, FOE, E], (1, 2, 3), False, {FOE}, ()) == ()  # two in a row block
    assert jumps_along([MAN, MAN, E], (1, 2), False, {FOE}, ()) == ()  # one's own piece is not jumped
    assert jumps_along([MAN, E, FOE, E], (1, 2, 3), False, {FOE}, ()) == ()  # not next to the man


def test_a_flying_jump_crosses_empty_points_and_may_land_on_any_empty_point_beyond() -> None:
    board = [MAN, E, E, FOE, E, E, MAN, E]
    assert list(jumps_along(board, (1, 2, 3, 4, 5, 6, 7), True, {FOE}, ())) == [(3, 4), (3, 5)]
    assert jumps_along(board, (1, 2, 3, 4, 5, 6, 7), True, {FOE}, (3,)) == ()  # jumped already in this chain


def test_the_module_examples_run() -> None:
    assert doctest.testmod(jumps).failed == 0
