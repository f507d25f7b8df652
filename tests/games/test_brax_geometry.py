"""Brax board data: the counts and colour constraints of issue 3 and games.md 5.1-5.3.

The colour checks here are written independently of ``check_layout()`` (they
walk ``LINES``), and ``check_layout()`` is then shown to catch broken tables.
"""

from __future__ import annotations

from collections import Counter

import pytest

from boardgen.games.brax import geometry as geo


def test_81_points_named_a1_to_i9():
    assert len(geo.POINTS) == 81
    assert geo.POINTS["a1"] == (0, 0)
    assert geo.POINTS["i1"] == (8, 0)
    assert geo.POINTS["a9"] == (0, 8)
    assert geo.POINTS["e5"] == (4, 4)
    assert all(len(name) == 2 and name == name.lower() for name in geo.POINTS)


def test_144_unit_segments_72_horizontal_72_vertical():
    assert len(geo.LINES) == 144
    assert len({frozenset((a, b)) for a, b, _ in geo.LINES}) == 144
    horizontal = [1 for a, b, _ in geo.LINES if geo.POINTS[a][1] == geo.POINTS[b][1]]
    assert len(horizontal) == 72 == len(geo.HORIZONTAL_LINES) == len(geo.VERTICAL_LINES)
    for a, b, _ in geo.LINES:
        (ax, ay), (bx, by) = geo.POINTS[a], geo.POINTS[b]
        assert abs(ax - bx) + abs(ay - by) == 1


def test_72_white_and_72_red():
    assert Counter(role for _, _, role in geo.LINES) == {"white": 72, "red": 72}


def _colour(a: tuple[int, int], b: tuple[int, int]) -> str:
    names = {geo.point_name(*a), geo.point_name(*b)}
    return next(role for p, q, role in geo.LINES if {p, q} == names)


def test_every_cell_has_three_sides_of_one_colour():
    for x in range(8):
        for y in range(8):
            corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
            sides = [_colour(corners[k], corners[(k + 1) % 4]) for k in range(4)]
            assert sorted(Counter(sides).values()) == [1, 3], (x, y, sides)


def test_half_turn_swaps_the_colours():
    for a, b, role in geo.LINES:
        (ax, ay), (bx, by) = geo.POINTS[a], geo.POINTS[b]
        image = _colour((8 - ax, 8 - ay), (8 - bx, 8 - by))
        assert image != role, (a, b)


def test_table_is_exposed_as_h_colour_and_v_colour():
    # h_colour[x][y]: (x, y)-(x+1, y); v_colour[x][y]: (x, y)-(x, y+1)
    assert len(geo.h_colour) == 8 and all(len(column) == 9 for column in geo.h_colour)
    assert len(geo.v_colour) == 9 and all(len(column) == 8 for column in geo.v_colour)
    # read off the LAYOUT picture: row 1 starts "o-W-o-R-o", the first vertical row (1 to 2) is "R W W ..."
    assert geo.h_colour[0][0] == "white" and geo.h_colour[1][0] == "red"
    assert geo.v_colour[0][0] == "red" and geo.v_colour[1][0] == "white"
    # top row 9: "o-R-o-W-o"; verticals from row 8 to 9: "W W R ..."
    assert geo.h_colour[0][8] == "red" and geo.v_colour[2][7] == "red" and geo.v_colour[0][7] == "white"


def test_point_degrees():
    degrees = Counter(len(geo.NEIGHBOURS[name]) for name in geo.POINTS)
    assert degrees == {2: 4, 3: 28, 4: 49}


def test_adjacency_is_symmetric_and_carries_the_line_owner():
    for name, around in geo.NEIGHBOURS.items():
        for other, owner in around:
            assert (name, owner) in geo.NEIGHBOURS[other]
            assert owner == geo.line_owner(other, name)
    assert geo.line_owner("a1", "b1") == 0  # white line
    assert geo.line_owner("b1", "c1") == 1  # red line
    with pytest.raises(KeyError):
        geo.line_owner("a1", "b2")


def test_start_points():
    assert geo.START_POINTS[0] == ("b1", "c1", "d1", "e1", "f1", "g1", "h1")
    assert geo.START_POINTS[1] == ("b9", "c9", "d9", "e9", "f9", "g9", "h9")
    assert sorted(geo.half_turn(p) for p in geo.START_POINTS[0]) == sorted(geo.START_POINTS[1])
    assert Counter(geo.START_POSITION.values()) == {0: 7, 1: 7}


def test_check_layout_accepts_the_table():
    assert geo.LAYOUT_PARSE_PROBLEMS == []
    assert geo.check_layout() == []


def test_check_layout_reports_a_flipped_segment():
    h = [list(column) for column in geo.h_colour]
    v = [list(column) for column in geo.v_colour]
    h[0][0] = "red"  # a1-b1
    problems = geo.check_layout(h, v)
    assert "71 white and 73 red segments, expected 72 of each" in problems
    assert any(p.startswith("cell a1-b2 has 2 white and 2 red sides") for p in problems)
    assert any("a1-b1" in p and "h9-i9" in p and "both red" in p for p in problems)


def test_check_layout_accepts_a_toggled_pair_of_stars():
    """Toggling every line at a point and at its opposite point keeps all three constraints."""
    h = [list(column) for column in geo.h_colour]
    v = [list(column) for column in geo.v_colour]
    swap = {"white": "red", "red": "white"}
    for x, y in ((2, 3), (6, 5)):  # c4 and its half-turn image g6
        for (table, i, j) in ((h, x, y), (h, x - 1, y), (v, x, y), (v, x, y - 1)):
            table[i][j] = swap[table[i][j]]
    assert geo.check_layout(h, v) == []
    assert (h, v) != ([list(c) for c in geo.h_colour], [list(c) for c in geo.v_colour])


def test_parse_layout_reports_typos_with_their_place():
    broken = geo.LAYOUT.replace("9   o-R-o-W", "9   o-Q-o-W", 1)
    _, _, problems = geo.parse_layout(broken)
    assert problems == ["layout row 9: segment a9-b9 has 'Q', expected W (white) or R (red)"]
    short = "\n".join(line for line in geo.LAYOUT.splitlines() if not line.startswith("5"))
    _, _, problems = geo.parse_layout(short)
    assert problems == ["layout: 16 lines of points and segments, expected 17"]


def test_layout_note_says_reconstruction_in_both_languages():
    assert "reconstrução" in geo.LAYOUT_NOTE["pt"]
    assert "reconstruction" in geo.LAYOUT_NOTE["en"]


def test_each_players_two_step_routes_are_spread_over_the_board():
    """Not all of a player's double moves in one half: each half holds 40-60 % of them."""
    for player in (0, 1):
        halves = Counter()
        sides = Counter()
        for name, (x, y) in geo.POINTS.items():
            for middle, first in geo.NEIGHBOURS[name]:
                if first != player:
                    continue
                for end, second in geo.NEIGHBOURS[middle]:
                    if second == player and end != name:
                        halves["low" if y < 4 else "high" if y > 4 else "mid"] += 1
                        sides["left" if x < 4 else "right" if x > 4 else "mid"] += 1
        assert 0.4 <= halves["low"] / (halves["low"] + halves["high"]) <= 0.6
        assert 0.4 <= sides["left"] / (sides["left"] + sides["right"]) <= 0.6


def test_two_routes_to_a_diagonal_point_never_share_a_colour():
    """The two routes round a cell use its four sides, so at most one is of a player's colour."""
    for x in range(8):
        for y in range(8):
            a, b = geo.point_name(x, y), geo.point_name(x + 1, y + 1)
            for player in (0, 1):
                routes = [
                    m
                    for m in (geo.point_name(x + 1, y), geo.point_name(x, y + 1))
                    if geo.line_owner(a, m) == player and geo.line_owner(m, b) == player
                ]
                assert len(routes) <= 1
