"""The shared 8 x 8 chequerboard (Damas now, Xadrez later): squares, a1 dark, coordinates, sizes.

The sizes are measured on rasterised sheets, as a person with a ruler would:
the default 22 mm square on A4 and on Letter, and the tournament size (57 mm,
within FIDE's 50-65 mm) on A1 paper and tiled over A4 sheets.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.boards.chequerboard import DEFAULT_SQUARE_MM, TOURNAMENT_RANGE_MM, TOURNAMENT_SQUARE_MM, ChequerBoard
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Polygon, Text
from boardgen.games.damas.board import DamasBoard
from boardgen.sheets.paper import parse_paper

from ..conftest import require_tool, run_boardgen
from ..sheet.measure import rasterise_pdf

MM_PER_INCH = 25.4


def drawing(options: BoardOptions = BoardOptions()) -> Group:
    return DamasBoard().draw(Frame(10.0, (0.0, 0.0)), options)


def centres(group: Group) -> set[tuple[float, float]]:
    """Centres of the square polygons of a group, in board units (the frame is 10 mm a unit, y down)."""
    found = set()
    for shape, _roles in group.walk():
        if isinstance(shape, Polygon):
            xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
            found.add((round(sum(xs) / 40, 3), round(sum(ys) / 40, 3)))
    return found


def test_sixty_four_squares_half_dark_a1_and_h8_dark():
    board = DamasBoard()
    frame = Frame(10.0, (0.0, 0.0))
    group = drawing()
    dark, light = centres(group.find("cell-dark")[0]), centres(group.find("cell-light")[0])
    assert len(dark) == 32 and len(light) == 32
    on_paper = {name: (round(frame.pt(*board.grid.coords(name))[0] / 10, 3), round(frame.pt(*board.grid.coords(name))[1] / 10, 3)) for name in ("a1", "h8", "h1", "a8")}
    # White's left-hand corner (a1) and Black's (h8) are dark, the other two light.
    assert on_paper["a1"] in dark and on_paper["h8"] in dark
    assert on_paper["h1"] in light and on_paper["a8"] in light
    assert board.is_dark("a1") and not board.is_dark("b1")
    # Draughts is played on the dark squares: they are the board's places, the light ones only drawn.
    assert sorted(board.locations()) == sorted(name for name in board.grid.names if board.is_dark(name))
    assert len(ChequerBoard().locations()) == 64


def test_coordinates_a_to_h_and_1_to_8_on_every_side():
    labels = [shape.text for shape, _ in drawing().find("coordinate")[0].walk() if isinstance(shape, Text)]
    assert sorted(labels) == sorted(list("abcdefgh") * 2 + [str(n) for n in range(1, 9)] * 2)
    assert not drawing(BoardOptions(coordinates=False)).find("coordinate")


def test_start_marks_and_setup_show_the_twenty_four_men():
    setup = DamasBoard().draw(Frame(10.0, (0.0, 0.0)), BoardOptions(setup=True))
    pieces = setup.find("pieces")[0]
    assert len(pieces.find("piece-player-0")) == 12 and len(pieces.find("piece-player-1")) == 12
    assert all(DamasBoard().is_dark(name) for names in DamasBoard.start.values() for name in names)


def test_the_sizes_said_and_their_bounds():
    assert ChequerBoard.default_cell_mm == DEFAULT_SQUARE_MM == 22.0
    assert TOURNAMENT_RANGE_MM[0] <= TOURNAMENT_SQUARE_MM <= TOURNAMENT_RANGE_MM[1]
    assert DamasBoard.unit_label["en"] == "square"


def dark_run_starts_mm(image, dpi: int, y_mm: float) -> list[float]:
    """Where each run of dark pixels starts along one horizontal line of the sheet (mm from the left)."""
    grey = image.convert("L")
    row = int(y_mm * dpi / MM_PER_INCH)
    line = grey.crop((0, row, grey.width, row + 1)).tobytes()
    return [m.start() * MM_PER_INCH / dpi for m in re.finditer(rb"[\x00-\x7f]+", line)]


def measured_square_mm(pdf, tmp_path, dpi: int) -> float:
    """A square's side on the printed sheet: half the distance from c1's left edge to e1's, on row 1.

    Row 1 is found as the line 5 % of a square above the board's lower edge
    (the lowest dark ink in the middle column band); along it the dark runs are
    a1 (with the border), c1, e1, g1, each starting at its square's left edge
    less half an outline, so the distance between two starts is two squares.
    """
    image = rasterise_pdf(pdf, dpi)
    grey = image.convert("L")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    square = float(re.search(r"Square (\d+\.\d) mm", text).group(1))
    px = dpi / MM_PER_INCH
    # the board's lowest dark pixel in the column of the a1 square: scan up from the footer
    runs_by_row = []
    for row in range(grey.height - 1, 0, -1):
        line = grey.crop((0, row, grey.width, row + 1)).tobytes()
        starts = [m.start() for m in re.finditer(rb"[\x00-\x7f]+", line) if m.end() - m.start() > square * px * 0.8]
        if len(starts) == 4:
            runs_by_row.append(starts)
            if len(runs_by_row) > int(square * px * 0.3):
                break
    starts = runs_by_row[-1]
    return (starts[2] - starts[1]) / px / 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_default_square_is_22_mm_on_a4_and_letter(tmp_path, paper):
    require_tool("pdftoppm")
    pdf = tmp_path / "damas.pdf"
    result = run_boardgen("board", "damas", "--paper", paper, "--no-coordinates", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    assert "square 22.0 mm" in result.stdout and f"{parse_paper(paper).label} portrait" in result.stdout
    assert measured_square_mm(pdf, tmp_path, 300) == pytest.approx(22.0, abs=0.15)


def test_tournament_square_on_a1_paper(tmp_path):
    require_tool("pdftoppm")
    pdf = tmp_path / "damas-a1.pdf"
    result = run_boardgen("board", "damas", "--paper", "a1", "--cell-mm", "57", "--no-coordinates", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    assert measured_square_mm(pdf, tmp_path, 72) == pytest.approx(57.0, abs=0.5)


def test_tournament_square_tiles_over_a4(tmp_path):
    require_tool("pdfinfo")
    pdf = tmp_path / "damas-tiles.pdf"
    result = run_boardgen("board", "damas", "--paper", "a4", "--cell-mm", "57", "--tile", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    assert "uses 6 sheets of A4 for its tiles, plus an assembly page" in result.stdout
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+7", info)


def test_a_board_too_large_for_the_paper_falls_back_to_the_largest_fit(tmp_path):
    """On a paper where 22 mm squares do not fit, the sheet takes the largest size that does."""
    result = run_boardgen("board", "damas", "--paper", "150x180", "-o", str(tmp_path / "small.pdf"))
    assert result.returncode == 0, result.stderr
    assert float(re.search(r"square (\d+\.\d) mm", result.stdout).group(1)) < 22.0
