"""The Trihex (Y) board as data: counts, neighbourhoods and the three sides."""

import pytest

from boardgen.games.trihex.geometry import TrihexGeometry


@pytest.mark.parametrize("n", [2, 3, 8, 11, 13, 19, 26])
def test_cell_count_is_triangular(n):
    assert len(TrihexGeometry(n).cells) == n * (n + 1) // 2


@pytest.mark.parametrize("n", [4, 11, 26])
def test_neighbour_counts_by_position(n):
    g = TrihexGeometry(n)
    sides = g.sides()
    for name in g.cells:
        on = sum(name in cells for cells in sides.values())
        count = len(g.neighbours(name))
        if on == 2:
            assert count == 2, name  # the three corners
        elif on == 1:
            assert count == 4, name
        else:
            assert count == 6, name


def test_known_neighbours():
    g = TrihexGeometry(11)
    assert set(g.neighbours("a1")) == {"a2", "b2"}
    assert set(g.neighbours("b3")) == {"a3", "c3", "a2", "b2", "b4", "c4"}
    assert set(g.neighbours("k11")) == {"j11", "j10"}


@pytest.mark.parametrize("n", [2, 5, 11])
def test_adjacency_is_symmetric(n):
    g = TrihexGeometry(n)
    for name in g.cells:
        for other in g.neighbours(name):
            assert name in g.neighbours(other)


def test_sides_and_corners():
    g = TrihexGeometry(5)
    sides = g.sides()
    assert sides["left"] == {"a1", "a2", "a3", "a4", "a5"}
    assert sides["right"] == {"a1", "b2", "c3", "d4", "e5"}
    assert sides["bottom"] == {"a5", "b5", "c5", "d5", "e5"}
    corners = {name for name in g.cells if sum(name in s for s in sides.values()) == 2}
    assert corners == {"a1", "a5", "e5"}


def test_neighbour_centres_are_one_unit_apart():
    g = TrihexGeometry(6)
    for name in g.cells:
        x, y = g.centre(name)
        for other in g.neighbours(name):
            ox, oy = g.centre(other)
            assert abs(((x - ox) ** 2 + (y - oy) ** 2) ** 0.5 - 1.0) < 1e-9
