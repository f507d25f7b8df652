"""The Damas board as games.md 13.1-13.2 describes it: 32 dark squares, their diagonals, the start."""

from __future__ import annotations

from boardgen.games.damas import geometry as geo


def test_thirty_two_dark_squares_a1_dark():
    assert len(geo.GRID) == 64 and len(geo.DARK) == 32 and len(geo.LIGHT) == 32
    assert {"a1", "c1", "h8", "b2"} <= set(geo.DARK)
    assert {"b1", "h1", "a8", "a2"} <= set(geo.LIGHT)
    assert all(sum(geo.GRID.coords(name)) % 2 == 0 for name in geo.DARK)


def test_diagonal_neighbours_49_segments():
    degrees = {name: sum(1 for ray in geo.RAYS[i] if ray) for i, name in enumerate(geo.DARK)}
    assert geo.diagonal_count() == 49
    assert sum(degrees.values()) == 2 * 49
    assert [name for name, d in degrees.items() if d == 1] == ["a1", "h8"]  # the double corner's ends
    assert sum(1 for d in degrees.values() if d == 4) == 18 and sum(1 for d in degrees.values() if d == 2) == 12


def test_the_long_diagonal_and_a_ray():
    a1 = geo.INDEX["a1"]
    up_right = geo.RAYS[a1][geo.DIRECTIONS.index((1, 1))]
    assert [geo.DARK[i] for i in up_right] == ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    c3 = geo.INDEX["c3"]
    assert [geo.DARK[i] for i in geo.RAYS[c3][geo.DIRECTIONS.index((-1, -1))]] == ["b2", "a1"]
    assert [geo.DARK[i] for i in geo.RAYS[c3][geo.DIRECTIONS.index((1, -1))]] == ["d2", "e1"]


def test_start_twelve_men_each_on_three_rows():
    assert geo.START[0] == tuple("a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3".split())
    assert geo.START[1] == tuple("b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8".split())
    assert geo.CROWN_ROW == {0: 7, 1: 0}
