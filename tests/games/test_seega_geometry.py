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


def _header_lines(size: int, paper: str, cell_mm: float | None = None) -> tuple[float, list[str]]:
    from boardgen.boards.base import BoardOptions
    from boardgen.drawing.model import Text
    from boardgen.sheets.paper import parse_paper
    from boardgen.sheets.single import board_sheet, place_board

    board, options = SeegaBoard(size), BoardOptions()
    scale = place_board(board, parse_paper(paper), options, cell_mm).frame.scale
    sheet = board_sheet(board, parse_paper(paper), options, cell_mm)
    title = sheet.content.find("title")[0]
    return scale, [shape.text for shape, _roles in title.walk() if isinstance(shape, Text)]


@pytest.mark.parametrize(
    ("size", "kind"), [(5, "draughts"), (7, "Go stones"), (9, "small coins")]
)
def test_the_sheet_says_which_counters_fit_its_cells_on_a4(size: int, kind: str) -> None:
    scale, lines = _header_lines(size, "a4")
    fit = int(scale * 0.9)
    english = next(line for line in lines if line.startswith("Cell "))
    assert f"Cell {scale:.1f} mm" in english and english.endswith(f" · counters up to {fit} mm ({kind})")
    portuguese = next(line for line in lines if line.startswith("Casa "))
    assert f" · peças de até {fit} mm (" in portuguese


def test_the_counter_line_follows_the_printed_cell_size() -> None:
    _scale, lines = _header_lines(9, "a2", cell_mm=36.0)
    assert any(line.endswith("counters up to 32 mm (draughts)") for line in lines)
    _scale, lines = _header_lines(5, "a4", cell_mm=12.0)
    assert any(line.endswith("counters up to 10 mm") for line in lines)  # nothing common is that small
