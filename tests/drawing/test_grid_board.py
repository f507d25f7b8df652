"""The grid-board base: a board of a few class attributes draws its cells, coordinates, places and marks."""

from __future__ import annotations

import subprocess

import pytest

from boardgen.boards.base import BoardOptions, UnknownPlace
from boardgen.boards.grid import GridBoard
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Line, Polygon, Sheet, Style, Text
from boardgen.drawing.svg import render_svg
from boardgen.engine.base import Piece
from boardgen.errors import BoardgenError

from ..conftest import require_tool

FRAME = Frame(10.0, (20.0, 80.0))


class CentreBoard(GridBoard):
    """A Seega-like board: 5 x 5 cells, the centre cell marked."""

    game_id = "seega-test"
    columns = 5
    places = "cells"
    marked = ("centre",)


class SizedBoard(GridBoard):
    game_id = "sized-test"
    sizes = (5, 7, 9)
    places = "cells"
    marked = ("centre",)


class ChessBoard(GridBoard):
    game_id = "chess-test"
    columns = 8
    places = "cells"
    chequer = True


class PointsBoard(GridBoard):
    game_id = "points-test"
    columns = 3
    rows = 4
    places = "points"
    point_dots = True
    start = {0: ("a1", "b1", "c1"), 1: ("a4", "b4", "c4")}
    piece_kind = "man"  # what its start points show (a grid board with start points declares it)


def texts(group) -> list[str]:
    return [shape.text for shape, _ in group.walk() if isinstance(shape, Text)]


def polygons(group) -> list[Polygon]:
    return [shape for shape, _ in group.walk() if isinstance(shape, Polygon)]


def test_a_five_by_five_board_with_a_marked_centre_draws_its_cells_coordinates_and_mark():
    board = CentreBoard()
    drawing = board.draw_board(FRAME, BoardOptions())
    cells = drawing.find("cells")[0]
    squares = [p for p in polygons(cells) if len(p.points) == 4]
    assert len(squares) == 25 + 1  # every cell, and the border round them
    assert sorted(texts(drawing.find("coordinate")[0])) == sorted(list("abcde") * 2 + [str(n) for n in range(1, 6)] * 2)
    assert set(board.locations()) == {f"{c}{r}" for c in "abcde" for r in range(1, 6)}
    assert board.location("a1") == (0.0, 0.0) and board.location("e5") == (4.0, 4.0)
    # The centre mark is a cross over c3 and nowhere else.
    mark = drawing.find("board-mark")[0]
    lines = [shape for shape, _ in mark.walk() if isinstance(shape, Line)]
    assert len(lines) == 2
    cx, cy = FRAME.pt(2.0, 2.0)
    for line in lines:
        assert abs((line.start[0] + line.end[0]) / 2 - cx) < 1e-9 and abs((line.start[1] + line.end[1]) / 2 - cy) < 1e-9
        assert abs(line.start[0] - line.end[0]) < FRAME.length(1.0)  # inside the cell
    assert "board-mark" in board.kept_marks


def test_the_centre_mark_stays_when_start_marks_and_coordinates_are_off():
    board = CentreBoard()
    bare = board.draw_board(FRAME, BoardOptions(coordinates=False, start_marks=False, centre_mark=False))
    assert bare.find("board-mark") and not bare.find("coordinate")


def test_a_board_made_in_one_of_its_sizes():
    assert len(SizedBoard(7).locations()) == 49 and SizedBoard(7).size_label() == "7 × 7"
    assert SizedBoard(9).marked_places() == ("e5",)
    assert SizedBoard().size == 5
    with pytest.raises(ValueError, match="6"):
        SizedBoard(6)


def test_a_chequered_board_has_a_dark_square_at_each_players_left_hand_corner():
    board = ChessBoard()
    assert board.is_dark("a1") and board.is_dark("h8") and not board.is_dark("h1") and not board.is_dark("a8")
    drawing = board.draw_board(FRAME, BoardOptions())
    dark = polygons(drawing.find("cell-dark")[0])
    assert len(dark) == 32 and len(polygons(drawing.find("cell-light")[0])) == 32
    assert {p.style.fill for p in dark} == {dark[0].style.fill} and dark[0].style.fill is not None
    light_ink = board.draw_board(FRAME, BoardOptions(ink="light"))
    assert all(p.style.hatch is not None and p.style.fill is None for p in polygons(light_ink.find("cell-dark")[0]))


def test_pieces_and_highlights_sit_in_their_cells():
    board = ChessBoard()
    piece = board.draw_piece(FRAME, "e4", Piece(0, "man"), BoardOptions())
    centre = [shape for shape, _ in piece.walk()][0].centre
    assert centre == FRAME.pt(4.0, 3.0)
    highlight = board.highlight_shape(FRAME, "e4", Style(stroke=None, fill="#000000"))
    xs, ys = [p[0] for p in highlight.points], [p[1] for p in highlight.points]
    assert max(xs) - min(xs) < FRAME.length(1.0) and abs((max(xs) + min(xs)) / 2 - centre[0]) < 1e-9
    assert abs((max(ys) + min(ys)) / 2 - centre[1]) < 1e-9


def test_a_points_board_draws_lines_dots_and_start_marks_until_they_are_turned_off():
    board = PointsBoard()
    drawing = board.draw_board(FRAME, BoardOptions())
    assert len(drawing.find("lines")[0].children) == 2 * 4 + 3 * 3  # row and column segments of 3 x 4 points
    assert len(drawing.find("points")[0].children) == 12
    assert [len(g.children) for g in drawing.find("start-marks")[0].children] == [3, 3]
    assert sorted(set(texts(drawing.find("coordinate")[0]))) == ["1", "2", "3", "4", "a", "b", "c"]
    assert not board.draw_board(FRAME, BoardOptions(start_marks=False)).find("start-marks")
    assert not board.draw_board(FRAME, BoardOptions(setup=True)).find("start-marks")
    assert len(board.start_placements()) == 6


def test_an_unknown_place_is_named_with_the_board():
    board = CentreBoard()
    with pytest.raises(UnknownPlace) as raised:
        board.draw_piece(FRAME, "f6", Piece(0, "man"), BoardOptions())
    assert str(raised.value) == "seega-test board has no cell 'f6'"
    assert isinstance(raised.value, BoardgenError)
    with pytest.raises(BoardgenError, match="sized-test 7 × 7 board has no cell 'h1'"):
        SizedBoard(7).highlight_shape(FRAME, "h1", Style())


class BadMark(CentreBoard):
    marked = ("k9",)


def test_a_misspelt_mark_is_an_error_naming_it():
    with pytest.raises(BoardgenError, match="'k9'"):
        BadMark().draw_board(FRAME, BoardOptions())


def test_the_tiny_board_renders(tmp_path):
    """Rasterised, the marked centre cell is darker than a plain cell (the mark shows on paper)."""
    require_tool("rsvg-convert")
    from PIL import Image

    board = CentreBoard()
    drawing = board.draw(Frame(10.0, (0.0, 0.0)), BoardOptions(coordinates=False))
    box = ink_bounds(drawing)
    drawing = board.draw(Frame(10.0, (2.0 - box[0], 2.0 - box[1])), BoardOptions(coordinates=False))
    svg, png = tmp_path / "b.svg", tmp_path / "b.png"
    svg.write_bytes(render_svg(Sheet(box[2] - box[0] + 4, box[3] - box[1] + 4, drawing)))
    subprocess.run(["rsvg-convert", "--dpi-x", "254", "--dpi-y", "254", "-b", "white", "-o", str(png), str(svg)], check=True)
    image = Image.open(png).convert("L")
    k = 10.0  # pixels per mm at 254 dpi

    def mean_inside(x: float, y: float) -> float:
        """Mean grey of the middle of the cell at board point (x, y), away from its outline."""
        cx, cy = (2.0 - box[0] + 10.0 * x) * k, (2.0 - box[1] - 10.0 * y) * k
        region = image.crop((round(cx - 25), round(cy - 25), round(cx + 25), round(cy + 25)))
        values = list(region.tobytes())
        return sum(values) / len(values)

    assert mean_inside(2, 2) < mean_inside(1, 2) - 10
