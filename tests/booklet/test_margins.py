"""No ink in the margins: every page of the real booklets, rasterised, keeps the margins docs/booklets.md gives.

A page's margins are its :class:`~boardgen.booklet.papers.PageStyle`'s: on a
recto page (odd number; page 1 is a recto) the inner margin, at the fold, is
on the left, on a verso page on the right.  Everything printed lies inside the
text block, with two named exceptions, both in the half of the top or bottom
margin next to the text block and within the text block's width:

* the running head (top margin), on every page but the cover;
* the page number (bottom margin), on every page but the cover.

There are no crop marks or other marks outside the text block.

The last page of an A4 or Letter booklet is the board sheet at exact scale
(``boardgen/booklet/board_page.py``): a page of the sheet's own size, whose
ink keeps the sheet's margin (``MARGIN_MM`` from every edge), as a board file does.

An imposed sheet carries two pages side by side, meeting at the fold in the
middle of the sheet, each scaled by the same factor (1 on A4, 279.4 / 296 on
Letter) and centred on the sheet's height: the margins on the sheet are the
pages' margins, scaled and moved with them.  In sheet terms (what a print
shop asks) that is :data:`SHEET_EDGE_MM` from every edge of the sheet and
:data:`FOLD_MM` either side of the fold, checked as such too.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from boardgen.booklet.board_page import BOARD_PAGE_PAPERS
from boardgen.booklet.papers import PAPERS, PageStyle
from boardgen.booklet.impose import SHEETS, saddle_order
from boardgen.sheets.paper import MARGIN_MM

from ..conftest import require_tool
from .booklets_kit import BOOKLETS, Booklet, booklet_file, imposed_file

DPI = 75  # 0.34 mm a pixel: fine enough for margins of 12 mm and more, quick to rasterise
INK = 245  # a grey level below this is ink (the lightest lines printed are #b5b5b5)
TOLERANCE_MM = 0.5  # a glyph may overhang its box a little (the hook of a "j"), and edge pixels are shared
LETTER_SCALE = 279.4 / 296.0  # two A5 pages side by side on a Letter sheet
# Nearest ink to a sheet edge and to the fold allowed on an imposed sheet (running heads and page
# numbers are nearest the top and bottom edges: half the top and bottom margins, scaled).
SHEET_EDGE_MM = {"a4": 7.5, "letter": 11.3}
FOLD_MM = {"a4": 15.0, "letter": round(15.0 * LETTER_SCALE, 1)}


@dataclass(frozen=True)
class Box:
    """A rectangle on a page or sheet, in mm from its top left corner."""

    left: float
    top: float
    right: float
    bottom: float

    def placed(self, scale: float, x: float, y: float) -> Box:
        return Box(x + self.left * scale, y + self.top * scale, x + self.right * scale, y + self.bottom * scale)


def allowed_boxes(paper: PageStyle, number: int) -> dict[str, Box]:
    """Where page ``number`` (from 1) may carry ink: the text block and the two named exceptions."""
    left = paper.inner_mm if number % 2 else paper.outer_mm
    right = paper.width_mm - (paper.outer_mm if number % 2 else paper.inner_mm)
    top, bottom = paper.top_mm, paper.height_mm - paper.bottom_mm
    return {
        "text block": Box(left, top, right, bottom),
        "running head": Box(left, top / 2, right, top),
        "page number": Box(left, bottom, right, bottom + paper.bottom_mm / 2),
    }


def rasterised(pdf: Path, folder: Path) -> list[Image.Image]:
    """Every page of ``pdf`` in grey levels at :data:`DPI`."""
    tool = require_tool("pdftoppm")
    subprocess.run([tool, "-r", str(DPI), "-gray", str(pdf), str(folder / "page")], check=True)
    files = sorted(folder.glob("page-*.pgm"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))
    images = []
    for path in files:
        with Image.open(path) as image:
            images.append(image.copy())
    return images


def ink_outside(image: Image.Image, boxes: list[Box]) -> Box | None:
    """The bounding box (mm) of the ink of ``image`` that lies outside every one of ``boxes``, or None."""
    px = DPI / 25.4
    mask = image.point(lambda level: 255 if level < INK else 0)
    draw = ImageDraw.Draw(mask)
    pad = TOLERANCE_MM
    for box in boxes:
        draw.rectangle(((box.left - pad) * px, (box.top - pad) * px, (box.right + pad) * px, (box.bottom + pad) * px), fill=0)
    found = mask.getbbox()
    return None if found is None else Box(*(round(value / px, 1) for value in found))


def ink_box(image: Image.Image) -> Box:
    found = image.point(lambda level: 255 if level < INK else 0).getbbox()
    assert found is not None
    px = DPI / 25.4
    return Box(*(value / px for value in found))


# -- the booklets' pages ------------------------------------------------------------------


@pytest.mark.parametrize("booklet", BOOKLETS, ids=lambda b: b.name)
def test_every_page_keeps_its_margins(booklet, tmp_path_factory, tmp_path):
    paper = PAPERS[booklet.paper]
    pages = rasterised(booklet_file(tmp_path_factory, booklet), tmp_path)
    assert len(pages) >= 8
    outside = {}
    if booklet.paper in BOARD_PAGE_PAPERS:
        board = pages.pop()
        width, height = board.width / DPI * 25.4, board.height / DPI * 25.4
        found = ink_outside(board, [Box(MARGIN_MM, MARGIN_MM, width - MARGIN_MM, height - MARGIN_MM)])
        if found is not None:
            outside[len(pages) + 1] = found
    for number, image in enumerate(pages, start=1):
        assert abs(image.width - paper.width_mm / 25.4 * DPI) <= 1 and abs(image.height - paper.height_mm / 25.4 * DPI) <= 1
        found = ink_outside(image, list(allowed_boxes(paper, number).values()))
        if found is not None:
            outside[number] = found
    assert not outside, f"ink outside the margins of {booklet.name} (page: box in mm from the top left corner): {outside}"


def test_the_text_reaches_both_sides_of_the_text_block(tmp_path_factory, tmp_path):
    # The check above cannot pass by printing too little: on a bilingual page of text the ink spans
    # the whole text block, from the inner to the outer margin.
    booklet = Booklet("hex")
    paper = PAPERS["a5"]
    pages = rasterised(booklet_file(tmp_path_factory, booklet), tmp_path)
    for number in (3, 4):
        ink, block = ink_box(pages[number - 1]), allowed_boxes(paper, number)["text block"]
        assert abs(ink.left - block.left) < 1.0 and abs(ink.right - block.right) < 1.0, (number, ink, block)


# -- imposed sheets -----------------------------------------------------------------------


def sheet_boxes(sheet: str, paper: PageStyle, sides: tuple[int | None, int | None]) -> list[Box]:
    """The allowed boxes of the two pages (0-based indexes, None for a blank) on one side of ``sheet``."""
    width, height = SHEETS[sheet]
    scale = min(1.0, width / 2 / paper.width_mm, height / paper.height_mm)
    y = (height - paper.height_mm * scale) / 2
    boxes = []
    for index, x in zip(sides, (width / 2 - paper.width_mm * scale, width / 2)):
        if index is not None:
            boxes += [box.placed(scale, x, y) for box in allowed_boxes(paper, index + 1).values()]
    return boxes


# The sheets are the same transformation of whatever pages they carry (one form per page, boardgen/booklet/impose.py),
# so one booklet's sheets stand for all.
IMPOSED = [(Booklet("hex"), "a4"), (Booklet("hex"), "letter")]


@pytest.mark.parametrize("booklet, sheet", IMPOSED, ids=lambda v: v.name if isinstance(v, Booklet) else v)
def test_imposed_sheets_keep_the_scaled_margins(booklet, sheet, tmp_path_factory, tmp_path):
    paper = PAPERS["a5"]
    page_count = len(PdfReader(booklet_file(tmp_path_factory, booklet)).pages)
    sides = rasterised(imposed_file(tmp_path_factory, booklet, sheet), tmp_path)
    order = saddle_order(page_count)
    assert len(sides) == len(order)
    width, height = SHEETS[sheet]
    edge, fold = SHEET_EDGE_MM[sheet], FOLD_MM[sheet]
    # The same rule in a print shop's terms: nothing near the sheet's edges or its fold.
    clear_of_edges_and_fold = [Box(edge, edge, width / 2 - fold, height - edge), Box(width / 2 + fold, edge, width - edge, height - edge)]
    outside, near = {}, {}
    for number, (image, pages) in enumerate(zip(sides, order), start=1):
        found = ink_outside(image, sheet_boxes(sheet, paper, pages))
        if found is not None:
            outside[number] = found
        found = ink_outside(image, clear_of_edges_and_fold)
        if found is not None:
            near[number] = found
    assert not outside, f"ink outside the scaled margins of {booklet.name} on {sheet} (side: box in mm): {outside}"
    assert not near, f"ink within {edge} mm of the edge or {fold} mm of the fold of {booklet.name} on {sheet}: {near}"


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_the_sheet_rule_is_the_scaled_page_margins(sheet):
    # SHEET_EDGE_MM and FOLD_MM (the numbers docs/booklets.md gives) follow from the pages' margins.
    width, height = SHEETS[sheet]
    boxes = sheet_boxes(sheet, PAPERS["a5"], (1, 2))  # a verso left of the fold, a recto right of it
    edge = min(min(b.left, b.top, width - b.right, height - b.bottom) for b in boxes)
    fold = min(abs(width / 2 - x) for b in boxes for x in (b.left, b.right))
    assert (round(edge, 1), round(fold, 1)) == (SHEET_EDGE_MM[sheet], FOLD_MM[sheet])


def test_letter_scale_is_the_one_impose_uses():
    # Two A5 pages (296 mm) across a Letter sheet (279.4 mm): the scale the fold margin above assumes.
    width, height = SHEETS["letter"]
    assert min(1.0, width / 2 / 148.0, height / 210.0) == pytest.approx(LETTER_SCALE)
