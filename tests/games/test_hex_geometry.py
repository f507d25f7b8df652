"""The Hex board as data: cell counts, neighbourhoods and edges for every size."""

import pytest

from boardgen.games.hex.geometry import HexGeometry


@pytest.mark.parametrize("n", [2, 3, 5, 11, 14, 19, 26])
def test_cell_count_is_n_squared(n):
    assert len(HexGeometry(n).cells) == n * n
    assert len(set(HexGeometry(n).cells)) == n * n


@pytest.mark.parametrize("n", [3, 7, 11, 26])
def test_neighbour_counts_by_position(n):
    g = HexGeometry(n)
    last = n - 1
    for name in g.cells:
        c, r = g.coords(name)
        on_col_edge = c in (0, last)
        on_row_edge = r in (0, last)
        count = len(g.neighbours(name))
        if (c, r) in ((0, 0), (last, last)):
            assert count == 2, name  # acute corners
        elif (c, r) in ((last, 0), (0, last)):
            assert count == 3, name  # obtuse corners
        elif on_col_edge or on_row_edge:
            assert count == 4, name
        else:
            assert count == 6, name


def test_known_neighbours_on_11():
    g = HexGeometry(11)
    assert set(g.neighbours("a1")) == {"b1", "a2"}
    assert set(g.neighbours("k1")) == {"j1", "j2", "k2"}
    assert set(g.neighbours("f6")) == {"e6", "g6", "f5", "g5", "e7", "f7"}


@pytest.mark.parametrize("n", [2, 6, 11, 26])
def test_adjacency_is_symmetric_and_irreflexive(n):
    g = HexGeometry(n)
    for name in g.cells:
        assert name not in g.neighbours(name)
        for other in g.neighbours(name):
            assert name in g.neighbours(other)


def test_edges_hold_the_right_cells():
    g = HexGeometry(11)
    edges = g.edges()
    assert edges["row-first"] == {f"{c}1" for c in "abcdefghijk"}
    assert edges["row-last"] == {f"{c}11" for c in "abcdefghijk"}
    assert edges["col-first"] == {f"a{r}" for r in range(1, 12)}
    assert edges["col-last"] == {f"k{r}" for r in range(1, 12)}
    # Each corner cell belongs to one row edge and one column edge.
    for corner in ("a1", "k1", "a11", "k11"):
        assert sum(corner in cells for cells in edges.values()) == 2


def test_neighbour_centres_are_one_unit_apart():
    g = HexGeometry(5)
    for name in g.cells:
        x, y = g.centre(name)
        for other in g.neighbours(name):
            ox, oy = g.centre(other)
            assert abs(((x - ox) ** 2 + (y - oy) ** 2) ** 0.5 - 1.0) < 1e-9


def test_names_outside_the_board_are_rejected():
    g = HexGeometry(11)
    assert g.contains("k11") and not g.contains("l1") and not g.contains("a12") and not g.contains("a0")
