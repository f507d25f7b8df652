"""``--marks``: what a tile draws on its seams, found on the printed sheet.

``trim`` (the default, what tiles always had): a dashed cut line the seam's
whole length, crosses along it, the glue strip hatched.  ``corner``: only short
marks at the two ends of each seam (and the glue strip).  ``none``: nothing.
Each tile's seam marks are printed alone (the board taken away) and the raster
says where the ink is.
"""

from __future__ import annotations

import subprocess

import pytest
from PIL import Image

from boardgen.boards.base import BoardOptions
from boardgen.drawing.model import Group, Sheet
from boardgen.drawing.pdf import render_pdf_pages
from boardgen.games.hex.board import HexBoard
from boardgen.sheets.paper import parse_paper
from boardgen.sheets.tiles import CORNER_MM, tile_layout, tiled_sheets

from ..conftest import require_tool, run_boardgen
from ..raster_kit import pdf_pages

DPI = 150
PX = DPI / 25.4
OVERLAP = 10.0


def _marks_alone(sheet: Sheet) -> Sheet:
    """The tile's seam marks inside its window, without the board."""
    window = sheet.content.find("tile-window")[0]
    return Sheet(sheet.width, sheet.height, Group("window", list(window.find("tile-marks")), clip=window.clip))


@pytest.fixture(scope="module")
def rasters(tmp_path_factory):
    """For each mode: the layout and every tile's marks alone at 150 dpi (grey)."""
    require_tool("pdftoppm")
    folder = tmp_path_factory.mktemp("marks")
    board, paper = HexBoard(11), parse_paper("a4")
    layout = tile_layout(board, paper, BoardOptions(), 30.0, OVERLAP)[0]
    made = {}
    for mode in ("trim", "corner", "none"):
        sheets = tiled_sheets(board, paper, BoardOptions(), 30.0, OVERLAP, marks=mode)
        pdf = folder / f"{mode}.pdf"
        pdf.write_bytes(render_pdf_pages([_marks_alone(s) for s in sheets[1:]]))
        made[mode] = pdf_pages(pdf, DPI, grey=True)
    return layout, made


def _column_ink(image: Image.Image, x_mm: float, y0: float, y1: float) -> list[float]:
    """Page y (mm) of each dark pixel row within 0.3 mm of x_mm between y0 and y1."""
    left, right = round((x_mm - 0.3) * PX), round((x_mm + 0.3) * PX) + 1
    rows = []
    for y in range(round(y0 * PX), round(y1 * PX)):
        if min(image.crop((left, y, right, y + 1)).tobytes()) < 128:
            rows.append(y / PX)
    return rows


def _left_seams(layout):
    """(tile index, page x of the cut line) of every tile with a printed neighbour on its left."""
    ox, _ = layout.window_origin
    return [(k, ox + layout.overlap / 2) for k, t in enumerate(layout.tiles) if layout.printed(t.row, t.column - 1)]


def test_trim_lines_run_the_whole_seam(rasters):
    """The dashed cut line inks more than half of the seam and reaches both ends of the window."""
    layout, made = rasters
    _, oy = layout.window_origin
    seams = _left_seams(layout)
    assert seams
    for k, x in seams:
        rows = _column_ink(made["trim"][k], x, oy, oy + layout.window_height)
        assert len(rows) * (25.4 / DPI) > 0.5 * layout.window_height, (k, len(rows))
        assert min(rows) < oy + 3 and max(rows) > oy + layout.window_height - 3


def test_corner_marks_stand_only_at_the_seams_ends(rasters):
    """Ink on the cut line within 5 mm of each end of the window, and none in between."""
    layout, made = rasters
    _, oy = layout.window_origin
    for k, x in _left_seams(layout):
        rows = _column_ink(made["corner"][k], x, oy, oy + layout.window_height)
        top = [y for y in rows if y < oy + CORNER_MM + 0.5]
        bottom = [y for y in rows if y > oy + layout.window_height - CORNER_MM - 0.5]
        assert top and bottom, (k, rows)
        assert len(top) + len(bottom) == len(rows), (k, [y for y in rows if y not in top + bottom])
    # and nowhere else but along the seams and their glue strips: the middle of every window is blank
    for image in made["corner"]:
        cx, cy = layout.window_origin[0] + layout.window_width / 2, oy + layout.window_height / 2
        middle = image.crop(tuple(round(v * PX) for v in (cx - 40, cy - 40, cx + 40, cy + 40)))
        assert min(middle.tobytes()) > 200


def test_no_marks_print_nothing(rasters):
    _, made = rasters
    assert all(min(image.tobytes()) > 250 for image in made["none"])
    assert any(min(image.tobytes()) < 128 for image in made["trim"])  # the check sees marks when there are some


def test_trim_is_the_default_and_marks_needs_tile(tmp_path):
    plain = tmp_path / "plain.pdf"
    trim = tmp_path / "trim.pdf"
    assert run_boardgen("board", "ringo", "--cell-mm", "30", "--tile", "--paper", "a4", "-o", str(plain)).returncode == 0
    assert run_boardgen("board", "ringo", "--cell-mm", "30", "--tile", "--marks", "trim", "--paper", "a4", "-o", str(trim)).returncode == 0
    assert plain.read_bytes() == trim.read_bytes()
    for args, words in ((["--marks", "corner"], "only applies with --tile"), (["--tile", "--cell-mm", "30", "--marks", "dots"], "corner, trim or none")):
        result = run_boardgen("board", "ringo", *args, "-o", str(tmp_path / "x.pdf"))
        assert result.returncode == 2 and result.stderr.count("\n") == 1 and "--marks" in result.stderr and words in result.stderr, result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_corner_marks_change_the_assembly_steps(tmp_path):
    """The assembly page tells how to join the sheets with the marks they carry."""
    pdf = tmp_path / "c.pdf"
    assert run_boardgen("board", "hex", "--cell-mm", "30", "--tile", "--marks", "corner", "--paper", "a4", "-o", str(pdf)).returncode == 0
    text = " ".join(subprocess.run(["pdftotext", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    assert "between the short marks" in text and "entre as marcas curtas" in text and "dashed" not in text
