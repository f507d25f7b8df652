"""A printed sheet measures what it says: the 100 mm bar and the board's stated size.

Each sheet is rendered to PDF, rasterised at 400 dpi (0.064 mm a pixel) and
measured; everything must agree within 0.2 mm.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from boardgen.registry import all_games, get_game
from boardgen.sheets.paper import MARGIN_MM
from boardgen.sheets.single import FOOTER_HEIGHT, GAP, header_height

from ..conftest import require_tool, run_boardgen
from .measure import ink_box_mm, longest_dark_run_mm, rasterise_pdf, rasterise_svg

DPI = 400
BOARDS = [g.id for g in all_games() if g.has_board()]


def stated_board_size(pdf) -> tuple[float, float, float]:
    """(unit mm, width mm, height mm) as printed in English on the sheet."""
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    match = re.search(r"(\d+\.\d) mm · board (\d+\.\d) × (\d+\.\d) mm", text)
    assert match, text
    return tuple(float(v) for v in match.groups())


def measure_sheet(image, sheet_w, sheet_h, game):
    bar = longest_dark_run_mm(image, DPI, sheet_h - MARGIN_MM - FOOTER_HEIGHT, sheet_h - MARGIN_MM)
    # The board lies between the header and the footer; with coordinates off it is the only ink there.
    info = get_game(game)
    top = MARGIN_MM + header_height(info.load_board()(), sheet_w) + GAP / 2
    board = ink_box_mm(image, DPI, (0, top, sheet_w, sheet_h - MARGIN_MM - FOOTER_HEIGHT - GAP / 2))
    return bar, board


@pytest.mark.parametrize("game", BOARDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_sheet_measures_what_it_states(tmp_path, game, paper):
    require_tool("pdftoppm")
    pdf = tmp_path / "board.pdf"
    result = run_boardgen("board", game, "--paper", paper, "--no-coordinates", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    image = rasterise_pdf(pdf, DPI)
    sheet_w, sheet_h = (v * 25.4 / DPI for v in image.size)
    bar, board = measure_sheet(image, sheet_w, sheet_h, game)
    assert bar == pytest.approx(100.0, abs=0.2)
    _, width, height = stated_board_size(pdf)
    assert board is not None
    assert board[2] - board[0] == pytest.approx(width, abs=0.2)
    assert board[3] - board[1] == pytest.approx(height, abs=0.2)
    # All ink at least 6 mm inside the sheet edge.
    everything = ink_box_mm(image, DPI, (0, 0, sheet_w, sheet_h))
    assert everything[0] >= MARGIN_MM - 0.07 and everything[1] >= MARGIN_MM - 0.07
    assert everything[2] <= sheet_w - MARGIN_MM + 0.07 and everything[3] <= sheet_h - MARGIN_MM + 0.07


def test_fixed_cell_size_is_exact(tmp_path):
    """--cell-mm 15: eleven cells plus five half-cell shifts make the cells' span exactly 16 cells."""
    pdf = tmp_path / "hex.pdf"
    assert run_boardgen("board", "hex", "--cell-mm", "15", "--paper", "a3", "--no-coordinates", "-o", str(pdf)).returncode == 0
    unit, width, _ = stated_board_size(pdf)
    assert unit == 15.0
    image = rasterise_pdf(pdf, DPI)
    _, board = measure_sheet(image, *(v * 25.4 / DPI for v in image.size), "hex")
    assert board[2] - board[0] == pytest.approx(width, abs=0.2)


def test_svg_sheet_measures_in_millimetres(tmp_path):
    require_tool("rsvg-convert")
    svg = tmp_path / "board.svg"
    assert run_boardgen("board", "hex", "--paper", "a4", "--no-coordinates", "-o", str(svg)).returncode == 0
    image = rasterise_svg(svg, DPI, tmp_path / "page.png")
    sheet_w, sheet_h = (v * 25.4 / DPI for v in image.size)
    assert (round(sheet_w), round(sheet_h)) == (297, 210)
    bar, board = measure_sheet(image, sheet_w, sheet_h, "hex")
    assert bar == pytest.approx(100.0, abs=0.2)
    pdf = tmp_path / "board.pdf"
    run_boardgen("board", "hex", "--paper", "a4", "--no-coordinates", "-o", str(pdf))
    _, width, height = stated_board_size(pdf)
    assert board[2] - board[0] == pytest.approx(width, abs=0.2)
    assert board[3] - board[1] == pytest.approx(height, abs=0.2)
