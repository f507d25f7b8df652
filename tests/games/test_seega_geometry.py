"""The Seega boards as games.md 7.1 describes them: 5, 7 and 9 cells a side, a centre, orthogonal steps."""

from __future__ import annotations

import pytest

from boardgen.games.seega.board import SeegaBoard
from boardgen.games.seega.geometry import centre_name, geometry, pieces_each

SIZES = (5, 7, 9)


@pytest.mark.parametrize(("size", "each", "centre"), [(5, 12, "c3"), (7, 24, "d4"), (9, 40, "e5")])
def test_cells_centre_and_pieces(size: int, each: int, centre: str) -> None:
    geo = geometry(size)
    assert len(geo.names) == size * size
    assert pieces_each(size) == each and 2 * each == size * size - 1  # all but the centre filled
    assert centre_name(size) == centre and geo.grid.coords(centre) == ((size - 1) // 2, (size - 1) // 2)
    assert geo.names[0] == "a1" and geo.names[-1] == f"{'abcdefghi'[size - 1]}{size}"


@pytest.mark.parametrize("size", SIZES)
def test_orthogonal_adjacency_only(size: int) -> None:
    geo = geometry(size)
    degree = [len(geo.steps[i]) for i in range(len(geo.names))]
    assert degree.count(2) == 4  # corners
    assert degree.count(3) == 4 * (size - 2)  # edges
    assert degree.count(4) == (size - 2) ** 2
    edges = {frozenset((i, n)) for i in range(len(geo.names)) for n in geo.neighbours(i)}
    assert len(edges) == 2 * size * (size - 1)
    for i, name in enumerate(geo.names):
        x, y = geo.grid.coords(name)
        for near, beyond in geo.steps[i]:
            nx, ny = geo.grid.coords(geo.names[near])
            assert abs(nx - x) + abs(ny - y) == 1
            if beyond >= 0:  # the cell beyond is the next one on the same line
                assert geo.grid.coords(geo.names[beyond]) == (2 * nx - x, 2 * ny - y)
            else:
                assert not (0 <= 2 * nx - x < size and 0 <= 2 * ny - y < size)


def test_the_centre_of_5x5_and_its_neighbours() -> None:
    geo = geometry(5)
    assert sorted(geo.names[n] for n in geo.neighbours(geo.centre)) == ["b3", "c2", "c4", "d3"]
    assert sorted(geo.names[n] for n in geo.neighbours(geo.index["a1"])) == ["a2", "b1"]


@pytest.mark.parametrize("size", SIZES)
def test_board_drawing_has_the_engine_cells_and_marks_the_centre(size: int) -> None:
    board = SeegaBoard(size)
    assert set(board.locations()) == set(geometry(size).names)
    assert board.marked_places() == (centre_name(size),)
    assert "board-mark" in board.kept_marks


def test_other_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="5 x 5, 7 x 7 or 9 x 9"):
        geometry(6)
    with pytest.raises(ValueError):
        SeegaBoard(6)
