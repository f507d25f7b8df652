"""The Gamão board as data: 24 points in four quadrants of six, the bar halves, the trays, the track."""

from __future__ import annotations

import pytest

from boardgen.games.gamao import geometry as geo
from boardgen.games.gamao.board import GamaoBoard
from boardgen.games.gamao.rules import GamaoState


def test_points_bar_and_trays_are_the_places() -> None:
    assert geo.POINT_NAMES == tuple(str(n) for n in range(1, 25))
    assert geo.PLACE_NAMES == geo.POINT_NAMES + ("wbar", "bbar", "woff", "boff", "cube", "wcube", "bcube")
    assert GamaoState.point_names() == geo.PLACE_NAMES
    assert set(GamaoBoard().locations()) == set(geo.PLACE_NAMES)


def test_four_quadrants_of_six_with_the_bar_between_the_halves() -> None:
    quadrants = [[p for p in range(1, 25) if geo.quadrant(p) == q] for q in range(4)]
    assert quadrants == [list(range(1, 7)), list(range(7, 13)), list(range(13, 19)), list(range(19, 25))]
    bar_left, bar_right = geo.HALF_WIDTH, geo.HALF_WIDTH + geo.BAR_WIDTH
    for p in range(1, 25):
        x, _ = geo.point_base(p)
        left_half = p in range(7, 19)
        assert (x < bar_left) == left_half and (x > bar_right) == (not left_half), p
    # White's home (1-6) bottom right, Black's (19-24) top right, both beside their trays
    assert all(not geo.is_top(p) for p in geo.home(0)) and all(geo.is_top(p) for p in geo.home(1))
    assert geo.tray_box(0)[1][1] < geo.FIELD_HEIGHT / 2 < geo.tray_box(1)[0][1]


def test_the_track_runs_round_the_board_without_a_jump() -> None:
    """White's way 24 -> 1: neighbouring points are one point-width apart along a row, or face each other
    across the board at the left end (13 and 12), so the points are drawn in their playing order."""
    for p in range(2, 25):
        (x0, y0), (x1, y1) = geo.point_base(p), geo.point_base(p - 1)
        if p == 13:
            assert x0 == x1 and y0 != y1
        elif p == 19 or p == 7:
            assert abs(x1 - x0) == pytest.approx(1 + geo.BAR_WIDTH)  # across the bar
        else:
            assert abs(x1 - x0) == pytest.approx(1) and y0 == y1


def test_start_position_fifteen_each_and_mirrored() -> None:
    assert sum(n for owner, n in geo.START.values() if owner == 0) == 15
    assert sum(n for owner, n in geo.START.values() if owner == 1) == 15
    assert {25 - p: n for p, (owner, n) in geo.START.items() if owner == 0} == {
        p: n for p, (owner, n) in geo.START.items() if owner == 1
    }


def test_moves_distances_and_entry() -> None:
    assert geo.distance(0, 6) == 6 and geo.distance(1, 19) == 6
    assert geo.target(0, 24, 6) == 18 and geo.target(1, 1, 6) == 7
    assert geo.target(0, 3, 5) == 0 and geo.target(1, 22, 5) == 25  # past the end: off
    assert geo.entry_point(0, 3) == 22 and geo.entry_point(1, 3) == 3


def test_alternating_tones() -> None:
    board = GamaoBoard()
    from boardgen.boards.base import BoardOptions
    from boardgen.drawing.frame import Frame

    drawn = board.draw(Frame(10.0, (0.0, 200.0)), BoardOptions())
    dark = drawn.find("point-dark")
    light = drawn.find("point-light")
    assert len(dark) == 12 and len(light) == 12
    assert {g.title for g in dark} == {f"point {p}, dark" for p in range(1, 25, 2)}
