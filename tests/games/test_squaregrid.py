"""The shared square grid: names, steps, lines and subsets, and the games that now read their points from it."""

from __future__ import annotations

import pytest

from boardgen.geometry.squaregrid import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, NoSuchPlace, SquareGrid, split_name


def test_names_and_coordinates_round_trip_on_a_rectangle():
    grid = SquareGrid(8, 8)
    assert len(grid) == 64
    assert grid.names[0] == "a1" and grid.names[7] == "h1" and grid.names[8] == "a2" and grid.names[-1] == "h8"
    for name in grid:
        assert grid.name(*grid.coords(name)) == name
        assert split_name(name) == grid.coords(name)
    assert grid.coords("e4") == (4, 3)


def test_unknown_places_name_the_place_and_the_grid():
    grid = SquareGrid(5, label="Seega 5 x 5 board")
    with pytest.raises(NoSuchPlace, match=r"Seega 5 x 5 board has no place 'f1'"):
        grid.coords("f1")
    with pytest.raises(KeyError):  # still a KeyError for code that catches one
        grid.name(5, 0)
    assert split_name("a0") is None and split_name("1a") is None and split_name("z") is None


def test_neighbours_at_a_corner_an_edge_and_inside():
    grid = SquareGrid(5, 5)
    assert grid.neighbours("a1", ORTHOGONAL) == ("a2", "b1")
    assert grid.neighbours("a1", DIAGONAL) == ("b2",)
    assert len(grid.neighbours("c1", ALL_DIRECTIONS)) == 5
    assert grid.neighbours("c3", ALL_DIRECTIONS) == ("c4", "d3", "c2", "b3", "d4", "d2", "b2", "b4")
    table = grid.neighbour_table(ORTHOGONAL)
    assert sum(len(v) for v in table.values()) == 2 * 2 * 5 * 4  # every orthogonal segment twice


def test_rows_columns_and_rays():
    grid = SquareGrid(4, 3)
    assert grid.row(0) == ("a1", "b1", "c1", "d1")
    assert grid.column(3) == ("d1", "d2", "d3")
    assert grid.all_rows(top_down=True)[0] == ("a3", "b3", "c3", "d3")
    assert grid.ray("a1", (1, 1)) == ("b2", "c3")
    assert grid.ray("d3", (1, 0)) == ()
    assert grid.step("a1", (1, 0), 3) == "d1" and grid.step("a1", (1, 0), 4) is None


def test_a_subset_of_the_grid_leaves_gaps_in_rows_and_stops_rays():
    cross = SquareGrid(7, 7, keep=lambda x, y: 2 <= x <= 4 or 2 <= y <= 4)
    assert len(cross) == 33
    assert "a1" not in cross and "a3" in cross and not cross.contains(0, 0)
    assert cross.row(0) == ("c1", "d1", "e1")
    assert cross.ray("c1", (-1, 1)) == ()  # b2 is off the cross
    assert cross.ray("c3", (-1, -1)) == ()
    assert len(cross.segments(((1, 0), (0, 1)))) == 52


def test_chequer_and_half_turn():
    board = SquareGrid(8)
    assert board.is_dark("a1") and board.is_dark("h8")  # each player's left-hand corner
    assert not board.is_dark("h1") and not board.is_dark("a8")
    assert board.half_turn("a1") == "h8" and board.half_turn("d5") == "e4"


def test_the_games_keep_their_names_order_and_adjacency():
    from boardgen.games.assalto import geometry as assalto
    from boardgen.games.brax import geometry as brax
    from boardgen.games.surakarta import geometry as surakarta

    assert surakarta.POINT_NAMES == tuple(f"{c}{r}" for r in range(1, 7) for c in "abcdef")
    assert surakarta.NEIGHBOURS["a1"] == ("b1", "b2", "a2") and len(surakarta.NEIGHBOURS["c3"]) == 8
    assert len(surakarta.LINES) == 60 and surakarta.LINES[0].a == "a1" and surakarta.LINES[30].a == "a1"
    assert assalto.POINT_NAMES[:3] == ("c1", "d1", "e1") and assalto.ROWS_TOP_DOWN[0] == ("c7", "d7", "e7")
    assert assalto.neighbours()["d4"] == ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    assert brax.half_turn("b1") == "h9" and brax.START_POINTS[0] == tuple(f"{c}1" for c in "bcdefgh")
