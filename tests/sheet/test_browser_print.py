"""A board SVG printed from a web browser comes out at its true size, on one page.

Browsers print an SVG file on their default paper with their default margins
and shrink it to fit, unless the file says otherwise: before boardgen's SVG
said so, boards came out at 67-94 % and some split over two pages.  Here
headless Chromium prints board SVGs of several games and papers to PDF with
its default settings, and each PDF must be one page of the sheet's size whose
100 mm calibration bar measures 100 mm on a raster of it.

Chromium takes about a second a print: all the prints happen once, in one
module-scoped fixture, and the tests read the results.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.sheets.paper import MARGIN_MM
from boardgen.sheets.single import FOOTER_HEIGHT

from ..conftest import CHROMIUM_FLAGS, require_tool, run_boardgen
from .measure import longest_dark_run_mm, rasterise_pdf

DPI = 300
PT_PER_MM = 72 / 25.4
# (game, paper, the paper's sides in mm): both default papers, portrait and
# landscape boards, and one larger sheet.
CASES = [
    ("hex", "a4", (210.0, 297.0)),
    ("ringo", "a4", (210.0, 297.0)),
    ("trihex", "letter", (215.9, 279.4)),
    ("assalto", "letter", (215.9, 279.4)),
    ("brax", "a4", (210.0, 297.0)),
    ("hex", "a3", (297.0, 420.0)),
]
IDS = [f"{game}-{paper}" for game, paper, _ in CASES]
# Chromium as every test starts it, printing without its own header and footer.
PRINT_FLAGS = (*CHROMIUM_FLAGS, "--no-pdf-header-footer")


def svg_size_mm(svg: Path) -> tuple[float, float]:
    """The width and height the SVG's root element states, in millimetres."""
    head = svg.read_text(encoding="utf-8")[:2000]
    root = re.search(r"<svg\b[^>]*>", head)
    assert root, f"{svg} has no <svg> element"
    sizes = dict(re.findall(r'\b(width|height)="([\d.]+)mm"', root.group(0)))
    return float(sizes["width"]), float(sizes["height"])


def print_with_chromium(chromium: str, svg: Path, pdf: Path, profile: Path) -> None:
    """Chromium's "print to PDF" of ``svg`` with the browser's default print settings."""
    command = [chromium, *PRINT_FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}", svg.resolve().as_uri()]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and pdf.exists(), f"chromium did not print {svg}: {result.stderr[-2000:]}"


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[str, tuple[Path, tuple[float, float]]]:
    """Case id -> (Chromium's PDF of the board SVG, the SVG's stated size in mm)."""
    chromium = require_tool("chromium")
    require_tool("pdftoppm")
    folder = tmp_path_factory.mktemp("browser-print")
    results = {}
    for ident, (game, paper, _) in zip(IDS, CASES):
        svg = folder / f"{ident}.svg"
        made = run_boardgen("board", game, "--paper", paper, "-q", "-o", str(svg))
        assert made.returncode == 0, made.stderr
        pdf = folder / f"{ident}.pdf"
        print_with_chromium(chromium, svg, pdf, folder / f"profile-{ident}")
        results[ident] = (pdf, svg_size_mm(svg))
    return results


@pytest.mark.parametrize(("game", "paper", "sides"), CASES, ids=IDS)
def test_browser_prints_the_svg_on_one_page_of_the_sheet_size(printed, game, paper, sides):
    pdf, (width, height) = printed[f"{game}-{paper}"]
    assert sorted((width, height)) == pytest.approx(sorted(sides), abs=0.05), "the SVG is not the paper's size"
    pages = PdfReader(pdf).pages
    assert len(pages) == 1, f"{game} on {paper} printed on {len(pages)} pages"
    box = pages[0].mediabox
    page = (float(box.width) / PT_PER_MM, float(box.height) / PT_PER_MM)
    assert page == pytest.approx((width, height), abs=0.5), f"page {page} mm, sheet {width} x {height} mm"


@pytest.mark.parametrize(("game", "paper", "sides"), CASES, ids=IDS)
def test_browser_prints_the_calibration_bar_at_100_mm(printed, tmp_path, game, paper, sides):
    pdf, (width, height) = printed[f"{game}-{paper}"]
    image = rasterise_pdf(pdf, DPI)
    page_height = image.size[1] * 25.4 / DPI
    bar = longest_dark_run_mm(image, DPI, page_height - MARGIN_MM - FOOTER_HEIGHT, page_height - MARGIN_MM)
    assert bar == pytest.approx(100.0, abs=0.5)


def test_only_board_sheets_ask_for_a_page(tmp_path):
    """A diagram is a figure, not a page: its SVG must not set the page size.

    Inlined into a booklet's HTML, an ``@page`` rule of a diagram would also
    resize every page of the booklet.
    """
    board, diagram = tmp_path / "board.svg", tmp_path / "diagram.svg"
    assert run_boardgen("board", "hex", "--paper", "a4", "-q", "-o", str(board)).returncode == 0
    assert run_boardgen("diagram", "hex", "--size", "5", "c3", "-q", "-o", str(diagram)).returncode == 0
    assert "@page { size: 297mm 210mm; margin: 0 }" in board.read_text(encoding="utf-8")
    assert "@page" not in diagram.read_text(encoding="utf-8")
