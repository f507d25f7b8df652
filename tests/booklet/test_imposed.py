"""The imposed booklet is a print edition: it says so and claims no tags; its links move with their pages.

One small booklet (the test sources of sources_kit, with a web link added) is
typeset for the module, then imposed once on A4 and once on Letter.  Where a
link should be is checked by what it covers: the words under a link's
rectangle on the sheet are the words under it on the A5 page, and the words
at a destination on the sheet are those at the destination on the page
(pdftotext, cropped).  Which sheet side and which half carry a page is the
saddle-stitch order of :func:`saddle_order` (checked in test_pdf.py).
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from boardgen.booklet.build import BookletRequest, booklet_pdf, load_checked
from boardgen.booklet.impose import impose, saddle_order

from ..conftest import require_tool
from .pdf_structure import parent_tree, resolve
from .sources_kit import EN_BODY, PT_BODY, write_sources

WEB = "https://www.hexwiki.net/index.php/Rules"


@pytest.fixture(scope="module")
def booklet(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("sources") / "hex"
    pt = PT_BODY.replace("Mais texto.", f"Mais texto na [HexWiki]({WEB}).")
    en = EN_BODY.replace("More text.", f"More text on [HexWiki]({WEB}).")
    write_sources(folder, pt=pt, en=en)
    return booklet_pdf(load_checked(folder), BookletRequest(("pt", "en"), "a5"))


@pytest.fixture(scope="module", params=["a4", "letter"])
def imposed(request, booklet, tmp_path_factory) -> tuple[str, Path]:
    path = tmp_path_factory.mktemp("imposed") / f"imposed-{request.param}.pdf"
    path.write_bytes(impose(booklet, request.param))
    return request.param, path


@pytest.fixture(scope="module")
def booklet_path(booklet, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("a5") / "booklet.pdf"
    path.write_bytes(booklet)
    return path


def _annotations(reader: PdfReader) -> list:
    return [resolve(reference) for page in reader.pages for reference in page.get("/Annots", [])]


def _leads_to_a_web_address(annotation) -> bool:
    action = annotation.get("/A")
    return "/Dest" not in annotation and action is not None and resolve(action).get("/S") == "/URI"


def test_the_a5_booklet_has_links_inside_and_to_the_web(booklet):
    reader = PdfReader(io.BytesIO(booklet))
    annotations = _annotations(reader)
    assert any("/Dest" in a for a in annotations)  # the contents, the citation
    web = [a for a in annotations if _leads_to_a_web_address(a)]
    assert len(web) == 2  # the web link, in each language
    parents = parent_tree(reader)
    assert all(resolve(parents[int(a["/StructParent"])])["/S"] == "/Link" for a in web)


def _links(reader: PdfReader) -> list[tuple[int, Any]]:
    """(0-based page index, annotation) of every link, page by page."""
    return [(index, a) for index, page in enumerate(reader.pages) for a in map(resolve, page.get("/Annots", [])) if a.get("/Subtype") == "/Link"]


def _where(page_index: int, page_count: int) -> tuple[int, int]:
    """(0-based sheet side, 0 for the left half or 1 for the right) that carries the page, by the saddle-stitch order."""
    for side, halves in enumerate(saddle_order(page_count)):
        if page_index in halves:
            return side, halves.index(page_index)
    raise AssertionError(f"page {page_index + 1} is on no sheet")


def _text_in(pdf: Path, page_index: int, left: float, top: float, right: float, bottom: float) -> list[str]:
    """The words pdftotext finds in the box (PDF points, origin bottom left as in /Rect), a point of slack each side."""
    height = float(PdfReader(pdf).pages[page_index].mediabox.height)
    r = 10  # pdftotext takes the box in pixels: at 720 dpi, a tenth of a point
    box = [round((left - 1) * r), round((height - top - 1) * r), round((right - left + 2) * r), round((top - bottom + 2) * r)]
    args = ["-f", str(page_index + 1), "-l", str(page_index + 1), "-r", str(72 * r), *(part for k, v in zip("xyWH", box) for part in (f"-{k}", str(v)))]
    tool = require_tool("pdftotext")
    return subprocess.run([tool, *args, str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split()


def _scale(a5: PdfReader, sheets: PdfReader) -> float:
    """The pages' scale on the sheets, by the rule of docs/booklets.md: the largest up to 1 that fits two across."""
    page, sheet = a5.pages[0].mediabox, sheets.pages[0].mediabox
    return min(1.0, float(sheet.width) / 2 / float(page.width), float(sheet.height) / float(page.height))


def test_imposed_booklets_keep_every_link_over_the_same_words_in_the_half_of_its_page(booklet_path, imposed):
    sheet, pdf = imposed
    a5_links, sheet_links = _links(PdfReader(booklet_path)), _links(PdfReader(pdf))
    page_count = len(PdfReader(booklet_path).pages)
    assert len(sheet_links) == len(a5_links)  # every target is in the booklet: nothing to drop
    width = float(PdfReader(pdf).pages[0].mediabox.width)
    by_side: dict[int, list] = {}
    for side, link in sheet_links:
        by_side.setdefault(side, []).append(link)
    checked = 0
    for side, halves in enumerate(saddle_order(page_count)):
        expected = [(index, a) for half in halves for index, a in a5_links if index == half]
        for (index, original), moved in zip(expected, by_side.get(side, []), strict=True):
            left, bottom, right, top = (float(v) for v in moved["/Rect"])
            half = _where(index, page_count)[1]
            assert (right <= width / 2 + 0.01) if half == 0 else (left >= width / 2 - 0.01), (sheet, index, moved["/Rect"])
            x1, y1, x2, y2 = (float(v) for v in original["/Rect"])
            words = _text_in(booklet_path, index, min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2))
            assert words and _text_in(pdf, side, left, top, right, bottom) == words, (sheet, index + 1, words)
            checked += 1
    assert checked == len(a5_links)


def test_imposed_booklets_keep_the_web_addresses(imposed):
    _, pdf = imposed
    reader = PdfReader(pdf)
    web = [a for _, a in _links(reader) if _leads_to_a_web_address(a)]
    assert sorted(str(resolve(a["/A"])["/URI"]) for a in web) == [WEB, WEB]
    assert "/Names" not in reader.trailer["/Root"]  # the destinations are written out, on the sheets


def test_links_inside_the_booklet_lead_to_the_sheet_side_and_point_of_their_target(booklet_path, imposed):
    sheet, pdf = imposed
    a5 = PdfReader(booklet_path)
    page_count = len(a5.pages)
    named = a5.named_destinations
    page_of = {page.indirect_reference.idnum: index for index, page in enumerate(a5.pages)}
    reader = PdfReader(pdf)
    side_of = {page.indirect_reference.idnum: side for side, page in enumerate(reader.pages)}
    width = float(reader.pages[0].mediabox.width)
    scale = _scale(a5, reader)
    inside = [a for _, a in _links(reader) if "/Dest" in a]
    assert len(inside) == sum(1 for _, a in _links(a5) if "/Dest" in a) > 0
    for link in inside:
        target = named[str(link["/Contents"])]  # WeasyPrint names each link after its destination
        page = page_of[target.page.idnum]
        side, kind, x, y = link["/Dest"][0], link["/Dest"][1], float(link["/Dest"][2]), float(link["/Dest"][3])
        assert kind == "/XYZ" and side_of[side.idnum] == _where(page, page_count)[0], (sheet, link["/Contents"])
        half = _where(page, page_count)[1]
        assert (x < width / 2) if half == 0 else (x > width / 2), (sheet, link["/Contents"], x)
        # The words just below the point are the same on the sheet as on the page.
        words = _text_in(booklet_path, page, float(target.left), float(target.top), float(target.left) + 60, float(target.top) - 12)
        assert words and _text_in(pdf, side_of[side.idnum], x, y, x + 60 * scale, y - 12 * scale) == words, (sheet, link["/Contents"], words)


def test_imposed_booklets_say_they_are_for_printing_and_claim_no_tags(imposed):
    _, pdf = imposed
    reader = PdfReader(pdf)
    subject = reader.metadata.subject or ""
    assert "Print edition" in subject and "not tagged" in subject and "use the A5 booklet" in subject
    assert "Edição para impressão" in subject and "use o livreto A5" in subject
    root = reader.trailer["/Root"]
    assert "/StructTreeRoot" not in root and "/MarkInfo" not in root and "/Outlines" not in root
    assert "/Metadata" not in root  # so no XMP claiming PDF/UA (pdfuaid)
    assert root["/Lang"] == "pt-BR"
