"""``--bleed MM``: the board's background runs MM past its trim edge, crop marks outside it, the board unchanged.

Measured on sheets rasterised at 300 dpi: the board's own ink (dark pixels)
is the same size with and without a bleed, the background's edge lies MM
outside the lines the crop marks point along, and the header states the trim.
"""

from __future__ import annotations

import re
import subprocess

import pytest
from PIL import Image

from ..conftest import require_tool, run_boardgen
from .measure import ink_box_mm, rasterise_pdf

DPI = 300
PX = DPI / 25.4
TOLERANCE = 0.2  # mm, as the other physical-size tests
CASES = [("surakarta", "15", "3"), ("hex", "9", "5"), ("damas", "20", "0")]


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{b}mm" for g, _, b in CASES])
def sheets(request, tmp_path_factory):
    """The same board at the same scale on A4 without and with a bleed: both rasters and the bled sheet's text."""
    require_tool("pdftoppm")
    game, cell, bleed = request.param
    folder = tmp_path_factory.mktemp(f"bleed-{game}")
    made = {}
    for name, extra in (("plain", []), ("bled", ["--bleed", bleed])):
        pdf = folder / f"{name}.pdf"
        result = run_boardgen("board", game, "--paper", "a4", "--cell-mm", cell, *extra, "-o", str(pdf))
        assert result.returncode == 0, result.stderr
        made[name] = rasterise_pdf(pdf, DPI)
    text = " ".join(subprocess.run(["pdftotext", str(folder / "bled.pdf"), "-"], capture_output=True, text=True, check=True).stdout.split())
    return float(bleed), made["plain"], made["bled"], text


def _page_mm(image: Image.Image) -> tuple[float, float]:
    return image.width / PX, image.height / PX


def _background_edges(image: Image.Image, bleed: float) -> tuple[float, float, float, float]:
    """Where the light background starts and ends: along the page's middle row (the board is centred on it, and no
    crop mark or text lies on it), then up and down a column in the strip between the trim edge and the board."""
    grey = image.convert("L")
    cy = grey.height // 2
    row = grey.crop((0, cy, grey.width, cy + 1)).tobytes()
    inked = [i for i, v in enumerate(row) if v < 250]
    x0, x1 = inked[0], inked[-1] + 1
    cx = x0 + round((bleed + 1.5) * PX)
    column = grey.crop((cx, 0, cx + 1, grey.height)).tobytes()
    y0 = y1 = cy
    while y0 > 0 and column[y0 - 1] < 250:
        y0 -= 1
    while y1 < len(column) and column[y1] < 250:
        y1 += 1
    return x0 / PX, y0 / PX, x1 / PX, y1 / PX


def _board_box(image: Image.Image, within: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The board's dark ink (lines, coloured edges, coordinates) inside the bled sheet's background."""
    box = ink_box_mm(image, DPI, within, threshold=200)
    assert box is not None
    return box


def _crop_mark_columns(image: Image.Image, top: float, bottom: float, left: float, right: float) -> list[float]:
    """Page x of the centre of every dark vertical mark in a band of rows (mm)."""
    grey = image.convert("L")
    band = grey.crop((round(left * PX), round(top * PX), round(right * PX), round(bottom * PX)))
    dark = [x for x in range(band.width) if min(band.crop((x, 0, x + 1, band.height)).tobytes()) < 128]
    runs: list[list[int]] = []
    for x in dark:
        if runs and x == runs[-1][-1] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    return [left + (sum(r) / len(r) + 0.5) / PX for r in runs]


def test_the_board_prints_at_the_same_size_with_a_bleed(sheets):
    bleed, plain, bled, _ = sheets
    within = _background_edges(bled, bleed)
    a, b = _board_box(plain, within), _board_box(bled, within)
    assert abs((a[2] - a[0]) - (b[2] - b[0])) <= TOLERANCE and abs((a[3] - a[1]) - (b[3] - b[1])) <= TOLERANCE, (a, b)


def test_the_background_runs_the_bleed_past_the_trim_the_crop_marks_show(sheets):
    """Crop marks above the background stand on its trim edges, ``bleed`` inside its own edges; the header states the trim."""
    bleed, _, bled, text = sheets
    edges = _background_edges(bled, bleed)
    board = _board_box(bled, edges)
    assert edges[0] < board[0] - bleed and edges[2] > board[2] + bleed, (edges, board)  # the background reaches past the trim
    marks = _crop_mark_columns(bled, edges[1] - 6.5, edges[1] - 2.5, edges[0] - 10, edges[2] + 10)
    assert len(marks) == 2, marks
    assert abs(marks[0] - (edges[0] + bleed)) <= TOLERANCE and abs(marks[1] - (edges[2] - bleed)) <= TOLERANCE, (marks, edges)
    stated = re.search(r"trim (\d+\.\d) × (\d+\.\d) mm, bleed (\d+\.\d) mm", text)
    assert stated and float(stated.group(3)) == bleed, text
    assert abs(float(stated.group(1)) - (marks[1] - marks[0])) <= TOLERANCE
    assert re.search(r"corte \d+,\d × \d+,\d mm, sangria \d+,\d mm", text), text


def test_everything_stays_inside_the_margins(sheets):
    _, _, bled, _ = sheets
    w, h = _page_mm(bled)
    box = ink_box_mm(bled, DPI, (0, 0, w, h))
    assert box[0] >= 6 - 0.1 and box[1] >= 6 - 0.1 and box[2] <= w - 6 + 0.1 and box[3] <= h - 6 + 0.1, box


BAD = [
    (["hex", "--cell-mm", "11", "--bleed", "5"], "no room"),  # fits A4 without a bleed, not with one
    (["hex", "--bleed", "6"], "from 0 to 5"),
    (["hex", "--bleed", "thick"], "length in mm"),
    (["hex", "--cell-mm", "30", "--tile", "--bleed", "2"], "one sheet"),
]


@pytest.mark.parametrize("args, words", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bleed_that_cannot_be_printed_is_refused(tmp_path, args, words):
    result = run_boardgen("board", *args, "--paper", "a4", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "--bleed" in result.stderr, result.stderr
    assert words in result.stderr or (words == "no room" and "more than a4 leaves" in result.stderr), result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_bleed_is_reproducible(tmp_path):
    one, two = tmp_path / "1.svg", tmp_path / "2.svg"
    for out in (one, two):
        assert run_boardgen("board", "seega", "--bleed", "3", "--paper", "a4", "-o", str(out)).returncode == 0
    assert one.read_bytes() == two.read_bytes() and b"bleed" in one.read_bytes()
