"""Diagrams embedded as SVG images, not inlined: the same tagged, vector booklet (docs/booklets.md, *Diagrams in the PDF*).

A booklet's diagrams (and its cover picture) are ``<img>`` elements whose
SVG travels in a ``data:`` URL that only the project's fetcher serves
(``boardgen/booklet/typeset.py``); WeasyPrint draws them with the same
vector code as an inline ``<svg>``, without running its style cascade over
every element of every drawing.  What must not change, read back from the
PDFs of :mod:`booklets_kit` with pypdf:

* each diagram is a ``/Figure`` of the structure tree, with the diagram's
  description as ``/Alt`` in the booklet's languages (both, Portuguese
  first, in a bilingual booklet; the figure is in English in an English
  booklet), and its drawing is the figure's marked content;
* the drawing is vector: no raster image anywhere in the booklets, the
  figures' content is paths, and their words are glyph outlines as they were
  (no text operator inside a figure);
* the only fonts are the bundled ones, and the same booklet gives the same
  bytes twice;
* the Hex booklet typeset with its diagrams inlined (the way before) has the
  same pages and, figure by figure, the same drawing operations.

The fetcher serves no other ``data:`` URL, and what a diagram image would
load in turn is refused like anything outside the project.
"""

from __future__ import annotations

import base64
import io
import itertools
import re
from collections.abc import Iterator
from functools import cache

import pytest
from markupsafe import Markup
from pypdf import PdfReader
from pypdf.generic import ContentStream

import boardgen.booklet.document as booklet_document_module
from boardgen.booklet.build import BookletRequest, booklet_pdf, game_folder, load_checked
from boardgen.booklet.diagrams.draw import diagram_sheet, unique_ids
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.paths import fonts_dir, templates_dir
from boardgen.booklet.typeset import RefusedResource, diagram_url, html_to_pdf
from boardgen.drawing.fonts import FONT_FILES
from boardgen.drawing.svg import render_svg

from .booklets_kit import BOOKLETS, Booklet, booklet_file
from .pdf_structure import elements, language_of, mcids_below, resolve

PATH_OPERATORS = {b"m", b"l", b"c", b"v", b"y", b"h", b"re"}
PAINT_OPERATORS = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*", b"n"}
TEXT_OPERATORS = {b"BT", b"Tj", b"TJ", b"'", b'"'}
HEX = Booklet("hex")


def _reader(path) -> PdfReader:
    return PdfReader(io.BytesIO(path.read_bytes()))


def figures(reader: PdfReader) -> list:
    """The structure tree's figures, in reading order."""
    return [element for element, _ in elements(reader) if element["/S"] == "/Figure"]


def page_of(reader: PdfReader, element) -> int:
    page = resolve(element["/Pg"])
    return next(i for i, candidate in enumerate(reader.pages) if candidate.indirect_reference == page.indirect_reference)


# One token of a content stream: pypdf's ContentStream parses a booklet's pages in pure Python at
# about 0.5 s a booklet, this scan in a fraction of that; a stream it cannot read whole is left to pypdf.
TOKEN = re.compile(
    rb"\s*(?:(?P<string>\((?:\\.|[^\\()])*\))|(?P<hex><[0-9A-Fa-f\s]*>)|(?P<dict><<|>>)|(?P<array>[\[\]])"
    rb"|(?P<name>/[^\s/\[\]()<>{}%]*)|(?P<number>[-+]?(?:\d+\.?\d*|\.\d+))|(?P<operator>[A-Za-z'\"*][A-Za-z0-9'\"*]*))"
)


def stream_operations(data: bytes) -> list[tuple[list, bytes]] | None:
    """(operands, operator) of each operation of a content stream: numbers as floats, a ``/MCID n`` in a BDC's operands as ``{"/MCID": n}``; None where the scan stops short."""
    operations: list[tuple[list, bytes]] = []
    operands: list = []
    arrays: list[list] = []  # the operands outside each array being read
    position, end = 0, len(data.rstrip())
    while position < end:
        match = TOKEN.match(data, position)
        if match is None or match.end() == position:
            return None
        position = match.end()
        kind, value = match.lastgroup, match.group(match.lastgroup)
        if kind == "array":  # an array is one operand, a list of its own
            if value == b"[":
                arrays.append(operands)
                operands = []
            elif arrays:
                inner, operands = operands, arrays.pop()
                operands.append(inner)
            else:
                return None
        elif kind == "operator" and value not in (b"true", b"false", b"null"):
            if arrays:
                return None
            if value == b"BDC":
                mcid = next((operands[i + 1] for i in range(len(operands) - 1) if operands[i] == b"/MCID"), None)
                operands = [operands[0], {"/MCID": int(mcid)} if mcid is not None else None]
            operations.append((operands, value))
            operands = []
        else:
            operands.append(float(value) if kind == "number" else value)
    return operations if not operands and not arrays else None


def marked_operations(reader: PdfReader, page_index: int) -> dict[int, list[tuple[bytes, list]]]:
    """MCID -> the operations drawn inside that marked content on a page (nested runs included)."""
    page = reader.pages[page_index]
    contents = page.get_contents()
    scanned = stream_operations(contents.get_data()) if contents is not None else []
    operations = scanned if scanned is not None else ContentStream(contents, reader).operations
    found: dict[int, list[tuple[bytes, list]]] = {}
    open_runs: list[int | None] = []
    for operands, operator in operations:
        if operator in (b"BDC", b"BMC"):
            properties = resolve(operands[1]) if operator == b"BDC" and operands[1] is not None else None
            mcid = int(properties["/MCID"]) if hasattr(properties, "get") and "/MCID" in properties else None
            open_runs.append(mcid)
            continue
        if operator == b"EMC":
            if open_runs:
                open_runs.pop()
            continue
        for mcid in {m for m in open_runs if m is not None}:
            found.setdefault(mcid, []).append((operator, operands))
    return found


def figure_operations(reader: PdfReader) -> Iterator[tuple[object, list[tuple[bytes, list]]]]:
    """(figure, the operations of its marked content) for every figure of the booklet."""
    by_page: dict[int, dict[int, list]] = {}
    for figure in figures(reader):
        index = page_of(reader, figure)
        if index not in by_page:
            by_page[index] = marked_operations(reader, index)
        yield figure, [op for mcid in mcids_below(figure) for op in by_page[index].get(mcid, [])]


@cache
def sources_of(game: str):
    """A game's checked sources (checking replays every diagram: once per game for the module)."""
    return load_checked(game_folder(game))


def diagram_count(game: str) -> int:
    sources = sources_of(game)
    return sum(1 for section in sources.languages["pt"].sections for _ in section.diagram_ids())


def descriptions(booklet: Booklet) -> list[str]:
    """The alternative text each picture of the booklet should have: the cover's, then the diagrams' in order."""
    sources = sources_of(booklet.game)
    first = sources.languages[booklet.langs[0]]
    idents = [ident for section in first.sections for ident in section.diagram_ids()]
    cover = first.meta.cover
    texts = []
    for ident in ([cover] if cover else []) + idents:
        checked = sources.diagrams[ident]
        texts.append(" / ".join(describe(checked, lang, sources.languages[lang].meta.colours, sources.languages[lang].meta.pieces) for lang in booklet.langs))
    return texts


@pytest.mark.parametrize("booklet", BOOKLETS, ids=[b.name for b in BOOKLETS])
def test_every_diagram_is_a_figure_with_its_description_in_the_booklets_languages(tmp_path_factory, booklet):
    reader = _reader(booklet_file(tmp_path_factory, booklet))
    found = figures(reader)
    board_page = booklet.paper in ("a4", "letter")  # the exact-scale board that ends the booklet
    assert len(found) == 1 + diagram_count(booklet.game) + board_page
    alts = [str(figure.get("/Alt", "")) for figure in found]
    expected = descriptions(booklet)
    # The cover: its diagram's description, or the empty board's (not a diagram of the texts).
    if sources_of(booklet.game).languages[booklet.langs[0]].meta.cover:
        assert alts[0] == expected[0]
        expected = expected[1:]
    assert alts[1 : 1 + len(expected)] == expected
    first = "pt" if booklet.langs[0] == "pt" else "en"
    for figure, alt in zip(found, alts):
        assert alt, "every figure has its alternative text"
        assert language_of(figure, reader).split("-")[0] == first
        assert mcids_below(figure), "the drawing is the figure's content"


@pytest.mark.parametrize("booklet", BOOKLETS, ids=[b.name for b in BOOKLETS])
def test_the_diagrams_are_vector_drawings_with_their_words_as_outlines(tmp_path_factory, booklet):
    reader = _reader(booklet_file(tmp_path_factory, booklet))
    for number, page in enumerate(reader.pages):
        xobjects = page["/Resources"].get("/XObject") or {}
        images = [name for name, ref in xobjects.items() if resolve(ref).get("/Subtype") == "/Image"]
        assert not images, f"page {number + 1}: raster images {images}"
    for figure, operations in figure_operations(reader):
        operators = {operator for operator, _ in operations}
        assert len(operations) > 20 and operators & PATH_OPERATORS and operators & PAINT_OPERATORS, str(figure.get("/Alt"))[:60]
        assert not operators & TEXT_OPERATORS, "a diagram's words are drawn as glyph outlines, as before"
        assert b"Do" not in operators, "nothing placed from outside the page: drawn inline as an inline <svg> was"


def _postscript_name(data: bytes) -> str:
    from fontTools.ttLib import TTFont

    return str(TTFont(io.BytesIO(data))["name"].getDebugName(6))


def test_the_only_fonts_are_the_bundled_ones(tmp_path_factory):
    """Every font of the booklets is embedded and is one of ``boardgen/fonts`` (by the PostScript name of the embedded program)."""
    bundled = {_postscript_name((fonts_dir() / file).read_bytes()) for file in FONT_FILES.values()}
    for booklet in (HEX, Booklet("assalto", ("en",))):
        reader = _reader(booklet_file(tmp_path_factory, booklet))
        used = set()
        for page in reader.pages:
            for ref in (page["/Resources"].get("/Font") or {}).values():
                font = resolve(ref)
                descriptor = resolve(font["/FontDescriptor"] if "/FontDescriptor" in font else resolve(font["/DescendantFonts"][0])["/FontDescriptor"])
                assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
                used.add(_postscript_name(resolve(descriptor["/FontFile2"]).get_data()))
        assert used and used <= bundled, used - bundled


def test_the_same_booklet_gives_the_same_bytes(tmp_path_factory):
    first = booklet_file(tmp_path_factory, HEX).read_bytes()
    assert booklet_pdf(load_checked(game_folder("hex")), BookletRequest(("pt", "en"), "a5")) == first


@pytest.fixture(scope="module")
def inline_hex(monkeypatch_module) -> bytes:
    """The Hex booklet with its pictures inlined as ``<svg>`` (how html.py embedded them before)."""
    counter = itertools.count(1)

    def inline(checked, sources, **limits):
        described = {s.lang: describe(checked, s.lang, s.meta.colours, s.meta.pieces) for s in sources}
        terms = {s.lang: (s.meta.colours, s.meta.pieces) for s in sources}
        sheet = diagram_sheet(checked, described, sources[0].tag, terms=terms, **limits)
        text = render_svg(sheet).decode("utf-8").split("\n", 1)[1]
        return Markup(unique_ids(text, f"d{next(counter)}")), sheet.width

    monkeypatch_module.setattr(booklet_document_module, "diagram_markup", inline)
    return booklet_pdf(load_checked(game_folder("hex")), BookletRequest(("pt", "en"), "a5"))


@pytest.fixture(scope="module")
def monkeypatch_module():
    patch = pytest.MonkeyPatch()
    yield patch
    patch.undo()


def test_an_image_draws_what_the_inline_svg_drew(tmp_path_factory, inline_hex):
    images, inline = _reader(booklet_file(tmp_path_factory, HEX)), PdfReader(io.BytesIO(inline_hex))
    assert not [op for _, ops in figure_operations(inline) for op, _ in ops if op in TEXT_OPERATORS]  # outlines before too
    assert len(images.pages) == len(inline.pages)
    assert [page.extract_text() for page in images.pages] == [page.extract_text() for page in inline.pages]
    pairs = list(zip(figure_operations(images), figure_operations(inline), strict=True))
    assert len(pairs) == 1 + diagram_count("hex")
    for (figure, drawn), (before, expected) in pairs:
        assert str(figure["/Alt"]) == str(before["/Alt"])
        assert [operator for operator, _ in drawn] == [operator for operator, _ in expected]
        for (operator, operands), (_, old) in zip(drawn, expected):
            numbers = [(float(a), float(b)) for a, b in zip(operands, old) if isinstance(a, (int, float)) and isinstance(b, (int, float))]
            assert all(abs(a - b) < 1e-3 for a, b in numbers), (operator, operands, old)
        box, old_box = [float(v) for v in figure["/A"]["/BBox"]], [float(v) for v in before["/A"]["/BBox"]]
        assert all(abs(a - b) < 1e-3 for a, b in zip(box, old_box)), (box, old_box)


# -- the fetcher ----------------------------------------------------------------------------------


def test_the_fetcher_serves_diagram_images_and_no_other_data_url(tmp_path):
    roots = (templates_dir(), fonts_dir(), tmp_path)
    picture = b'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'
    assert html_to_pdf(f'<html lang="en"><p>x</p><img src="{diagram_url(picture)}" alt="a box">', roots, tmp_path).startswith(b"%PDF")
    plain = "data:image/svg+xml," + picture.decode()  # not the diagrams' form
    for url in (plain, "data:image/png;base64,AAAA", "data:text/css;base64," + base64.b64encode(b"p{}").decode()):
        with pytest.raises(RefusedResource, match="refused to read"):
            html_to_pdf(f"<html lang=\"en\"><p>x</p><img src='{url}' alt='x'>", roots, tmp_path)


def test_what_a_diagram_image_would_load_is_refused(tmp_path):
    """An SVG image loads its own images when it is drawn, as the PDF is written: refused then too, and nothing written."""
    roots = (templates_dir(), fonts_dir(), tmp_path)
    sneaky = b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10mm" height="10mm"><image width="10" height="10" xlink:href="file:///etc/passwd"/></svg>'
    with pytest.raises(RefusedResource, match="refused to read file:///etc/passwd"):
        html_to_pdf(f'<html lang="en"><p>x</p><img src="{diagram_url(sneaky)}" alt="x">', roots, tmp_path)
