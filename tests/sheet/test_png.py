"""``--format png --dpi N``: an image of the same drawing, at the size it states.

The image is rasterised from the PDF the sheet is written as (drawing/png.py),
so it is measured as the PDFs are: its pixel size is the paper's millimetres
times dpi / 25.4, and its 100 mm bar measures 100 mm at that resolution.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from boardgen.sheets.paper import MARGIN_MM
from boardgen.sheets.single import FOOTER_HEIGHT

from ..conftest import run_boardgen
from .measure import longest_dark_run_mm

DPI = 200  # 0.127 mm a pixel


@pytest.fixture(scope="module")
def hex_png(tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("png") / "hex.png"
    result = run_boardgen("board", "hex", "--paper", "a4", "--format", "png", "--dpi", str(DPI), "-o", str(out))
    assert result.returncode == 0, result.stderr
    return out.read_bytes()


def test_the_image_is_the_paper_at_the_stated_resolution(hex_png):
    image = Image.open(io.BytesIO(hex_png))
    assert image.format == "PNG"
    assert image.size == (round(297 * DPI / 25.4), round(210 * DPI / 25.4)) == (2339, 1654)  # A4 landscape
    assert image.info["dpi"] == pytest.approx((DPI, DPI), abs=0.01)  # pHYs: viewers know the size in mm


def test_the_bar_measures_100_mm_at_that_resolution(hex_png):
    image = Image.open(io.BytesIO(hex_png)).convert("RGB")
    height_mm = image.height * 25.4 / DPI
    bar = longest_dark_run_mm(image, DPI, height_mm - MARGIN_MM - FOOTER_HEIGHT, height_mm - MARGIN_MM)
    assert bar == pytest.approx(100.0, abs=2 * 25.4 / DPI)  # within two pixels


def test_same_input_same_bytes(tmp_path, hex_png):
    again = tmp_path / "again.png"
    assert run_boardgen("board", "hex", "--paper", "a4", "--format", "png", "--dpi", str(DPI), "-o", str(again)).returncode == 0
    assert again.read_bytes() == hex_png


def test_the_suffix_chooses_png_and_the_default_is_300_dpi(tmp_path):
    out = tmp_path / "seega.png"
    assert run_boardgen("board", "seega", "--paper", "148x210", "-o", str(out)).returncode == 0
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.size == (round(148 * 300 / 25.4), round(210 * 300 / 25.4))
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_a_diagram_png_has_the_diagram_size(tmp_path):
    svg, png = tmp_path / "d.svg", tmp_path / "d.png"
    args = ("diagram", "hex", "--size", "5", "c3", "d4")
    assert run_boardgen(*args, "-o", str(svg)).returncode == 0
    result = run_boardgen(*args, "--dpi", "150", "--ink", "mono", "-o", str(png))
    assert result.returncode == 0, result.stderr
    text = svg.read_bytes()
    width, height = (float(re.search(rb' %s="([\d.]+)mm"' % key, text).group(1)) for key in (b"width", b"height"))
    assert Image.open(io.BytesIO(png.read_bytes())).size == (round(width * 150 / 25.4), round(height * 150 / 25.4))


@pytest.mark.parametrize(
    "args, named",
    [
        (("board", "hex", "--format", "png", "--tile", "--cell-mm", "30", "--paper", "a4"), "--tile"),
        (("board", "hex", "--format", "pdf", "--dpi", "300"), "--dpi"),
        (("board", "hex", "--format", "png", "--dpi", "20"), "--dpi"),
        (("board", "hex", "--format", "png", "--dpi", "1200", "--paper", "a0"), "--dpi"),
        (("board", "hex", "--format", "png", "--dpi", "many"), "--dpi"),
        (("diagram", "hex", "--format", "svg", "--dpi", "300"), "--dpi"),
        (("board", "hex", "--ink", "grey"), "--ink"),
    ],
)
def test_a_wrong_png_request_is_one_line_and_exit_2(tmp_path, args, named):
    result = run_boardgen(*args, "-o", "-")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and named in lines[0], result.stderr
