"""Imposing places each A5 page once, as a form drawn on its sheet: small files, fonts once, and the sheets show the pages.

The booklet is Hex's real bilingual A5 booklet, imposed on A4 and on Letter
through :mod:`booklets_kit` (typeset once per session and shared with
test_margins.py, which reads the same imposed files).

Where the pages should land is worked out here from the rule docs/booklets.md
states (the two pages meet at the fold, centred on the sheet's height, scaled
by the largest factor up to 1 that fits), not taken from ``impose``.  The
rasters are compared at resolutions at which every page corner falls on a
whole pixel of the sheet (on A4 the left page starts 0.5 mm in: one pixel at
50.8 dpi; on Letter the half sheet is 5.5 in wide and the pages start 0.348 in
from the top: 253 and 16 pixels at 46 dpi), so a correct sheet is the A5
page's raster to the pixel, up to antialiasing, and a page half a millimetre
off is not.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import StreamObject

from boardgen.booklet.impose import SHEETS, saddle_order

from ..conftest import ROOT, require_tool
from .booklets_kit import Booklet, booklet_file, imposed_file

HEX = Booklet("hex")
SHEET_NAMES = ["a4", "letter"]
# Measured (bench/bench_impose.py): Hex's imposed files are 0.84 times its A5 booklet on both sheets, every
# game's 0.83 to 0.86: the pages' content streams as they were, the fonts once, no structure tree.  Page
# merging, the imposition before, made Hex's 5.0 times (every game's 4.6 to 5.8).
SIZE_RATIO = 0.9
RASTER_DPI = {"a4": 50.8, "letter": 46.0}
# Largest mean grey-level difference (0-255) in any tile of a 12 x 6 grid over the sheet.  Measured: 0
# on A4 and at most 2.1 on Letter (antialiasing of the scaled pages), 4.3 since the diagrams' fine paper
# stripes (Hex's first player, issue #17) alias differently once scaled, 5.21 on Letter since the
# typography of issue #25 moved Hex's striped diagrams onto other pages; a page one pixel (0.5 mm) off
# gives 7.5 and more.
TILE_DIFFERENCE = 6.0
PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def a5(tmp_path_factory) -> Path:
    return booklet_file(tmp_path_factory, HEX)


@pytest.fixture(scope="module", params=SHEET_NAMES)
def imposed(request, tmp_path_factory) -> tuple[str, Path]:
    return request.param, imposed_file(tmp_path_factory, HEX, request.param)


def test_the_imposed_file_is_smaller_than_its_booklet(a5, imposed):
    sheet, pdf = imposed
    ratio = pdf.stat().st_size / a5.stat().st_size
    assert ratio <= SIZE_RATIO, f"imposed on {sheet}: {ratio:.2f} times the A5 booklet"


def _streams(reader: PdfReader) -> list[StreamObject]:
    found = []
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(number)
        if isinstance(obj, StreamObject):
            found.append(obj)
    return found


def test_every_stream_is_compressed(imposed):
    sheet, pdf = imposed
    bare = [dict(stream) for stream in _streams(PdfReader(pdf)) if "/Filter" not in stream]
    assert not bare, f"uncompressed streams imposed on {sheet}: {bare[:3]}"


def test_each_page_is_one_form_drawn_once_under_a_matrix(a5, imposed):
    sheet, pdf = imposed
    pages = len(PdfReader(a5).pages)
    reader = PdfReader(pdf)
    drawn = []
    for side in reader.pages:
        content = side.get_contents().get_data().decode("ascii")
        operations = re.findall(r"q ([-\d. ]+) cm (/\S+) Do Q", content)
        assert "".join(f"q {m} cm {n} Do Q" for m, n in operations) == content.replace("\n", ""), content[:200]
        xobjects = side["/Resources"]["/XObject"]
        drawn += [xobjects.raw_get(name).idnum for _, name in operations]
    assert len(drawn) == pages == len(set(drawn))  # every page once, none twice
    forms = [stream for stream in _streams(reader) if stream.get("/Subtype") == "/Form"]
    own = [stream for stream in _streams(PdfReader(a5)) if stream.get("/Subtype") == "/Form"]  # the booklet's (a hatching's tile)
    assert len(forms) == pages + len(own)  # one form a page, and the booklet's own forms kept once


def _fonts(pdf: Path) -> list[tuple[str, str]]:
    """(name, object number) of each font pdffonts lists."""
    rows = subprocess.run([require_tool("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout.strip().split("\n")[2:]
    return [(row.split()[0], row.split()[-2]) for row in rows]


def test_each_font_is_embedded_once(a5, imposed):
    sheet, pdf = imposed
    fonts = _fonts(pdf)
    names = [name for name, _ in fonts]
    assert len(names) == len(set(names)) == len({number for _, number in fonts}), fonts
    assert sorted(names) == sorted(name for name, _ in _fonts(a5))
    programs = [stream for stream in _streams(PdfReader(pdf)) if "/Length1" in stream or stream.get("/Subtype") == "/OpenType"]
    assert len(programs) == len(names)


def test_qpdf_finds_no_errors(imposed):
    sheet, pdf = imposed
    result = subprocess.run([require_tool("qpdf"), "--check", str(pdf)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _grey(pdf: Path, dpi: float, folder: Path) -> list[np.ndarray]:
    folder.mkdir()
    subprocess.run([require_tool("pdftoppm"), "-r", str(dpi), "-gray", str(pdf), str(folder / "p")], check=True)
    files = sorted(folder.glob("p-*.pgm"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))
    return [np.asarray(Image.open(path), dtype=float) for path in files]


def _worst_tile(got: np.ndarray, want: np.ndarray, rows: int = 6, columns: int = 12) -> float:
    difference = np.abs(got - want)
    height, width = difference.shape
    return max(
        float(difference[r * height // rows : (r + 1) * height // rows, c * width // columns : (c + 1) * width // columns].mean())
        for r in range(rows)
        for c in range(columns)
    )


def test_every_sheet_shows_the_two_pages_it_carries(a5, imposed, tmp_path):
    sheet, pdf = imposed
    dpi = RASTER_DPI[sheet]
    width, height = (v * PT_PER_MM for v in SHEETS[sheet])
    box = PdfReader(a5).pages[0].mediabox
    page_w, page_h = float(box.width), float(box.height)
    scale = min(1.0, width / 2 / page_w, height / page_h)
    sides = _grey(pdf, dpi, tmp_path / "sides")
    pages = _grey(a5, dpi * scale, tmp_path / "pages")
    order = saddle_order(len(pages))
    assert len(sides) == len(order)
    px = dpi / 72
    top = round((height - page_h * scale) / 2 * px)
    worst = {}
    for number, (side, halves) in enumerate(zip(sides, order), start=1):
        expected = np.full_like(side, 255.0)
        for index, left in zip(halves, (width / 2 - page_w * scale, width / 2)):
            if index is not None:
                page = pages[index]
                x = round(left * px)
                h, w = min(page.shape[0], side.shape[0] - top), min(page.shape[1], side.shape[1] - x)
                expected[top : top + h, x : x + w] = page[:h, :w]
        worst[number] = round(_worst_tile(side, expected), 2)
    assert max(worst.values()) <= TILE_DIFFERENCE, f"imposed on {sheet}, worst tile difference by side: {worst}"


IMPOSE_SNIPPET = """
import sys
from boardgen.booklet.impose import impose
sys.stdout.buffer.write(impose(open(sys.argv[1], "rb").read(), sys.argv[2]))
"""


def test_the_same_booklet_gives_the_same_bytes(imposed):
    sheet, pdf = imposed
    a5_path = pdf.with_name(f"{HEX.name}.pdf")
    env = dict(os.environ, PYTHONHASHSEED="4321")  # another process, other hash seeds
    again = subprocess.run([sys.executable, "-c", IMPOSE_SNIPPET, str(a5_path), sheet], capture_output=True, env=env, cwd=ROOT, check=True).stdout
    assert again == pdf.read_bytes()
