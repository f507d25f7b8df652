"""The ink-saving edition painted on the full-ink edition's layout: one layout for both, only the drawings repainted.

The two editions of a booklet have the same HTML but for their drawings (the
cover picture, the diagrams and the last page's board, drawn in light ink:
hatching for the solid areas), and the drawings keep their size in either
ink, so the pages break at the same places and carry the same text.  Laying
the booklet out a second time for the light edition (what the build did, 9
of a game's 18 typeset booklets) repeats the whole layout to change the
pictures only.  Here the light edition is made from the finished full-ink
PDF instead:

1. every drawing of the booklet is drawn in light ink and typeset alone, one
   to a page, in a small document (no text: a fraction of the booklet's
   layout; drawing the hatching is most of what is left);
2. the full-ink PDF's ``/Figure`` marked-content blocks that draw vectors
   (WeasyPrint writes one per image: ``q /a1 gs 1 0 0 1 X Y cm ... Q``, one
   operator a line) are the drawings, in the HTML's order (the pagination
   repair never moves a diagram past another); each must have its light
   drawing's size;
3. each block's operators are replaced by its light drawing, a form XObject
   made of the small document's page (its resources, the hatch patterns
   among them, go with it), placed by the matrix that puts it where the
   full-ink one was.  The pattern matrices WeasyPrint wrote for that page
   stay right: inside a form, a pattern is in the form's space.

The file is written as an incremental update of the full-ink file (pypdf):
text, fonts, structure tree, marked-content ids, links and metadata are the
full-ink file's, byte for byte, so the tagging, the languages and the text
extraction are the same; the replaced page streams stay in the file unread.
A cover picture that :func:`~boardgen.booklet.cover.fit_cover` shrank to
keep the cover on page 1 (Nyout's) is drawn at the height a layout of the
cover alone chooses.  When the drawings cannot be matched this way (a block
WeasyPrint wrote otherwise, a diagram's size changed), :func:`light_from_full` returns None and the caller lays the
light edition out on its own, as before: never wrong, at worst slower
(docs/build.md, "The booklets").
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardgen.booklet.build import BookletRequest
    from boardgen.booklet.check import GameSources

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
FORM_PREFIX = "/BgLight"  # the names of the light drawings' forms in a page's resources
SHEET_MM = 600  # the small document's page: larger than any drawing (an A4 board page is 297 mm)
DRAWING = re.compile(r'<img class="drawing" [^>]*>')
BOARD_PAGE = re.compile(r'<figure class="board-page">(.*?)</figure>', re.S)


@dataclass(frozen=True)
class Block:
    """A ``/Figure`` marked-content block of a content stream: where its lines are and what it draws."""

    start: int  # index of the "/Figure" line
    end: int  # index of the "EMC" line
    ctm: Matrix  # the transformation in force at the block (before its own operators)
    translate: Matrix  # the block's "1 0 0 1 X Y cm": the drawing's place
    body: bytes  # the block's operators without the marked-content lines
    box: tuple[float, ...] | None  # the clip rectangle set just before it (x, y, width, height), if any
    drawing: bool  # vector operators only (a drawing); False for an image XObject (a raster picture)


def light_from_full(full_pdf: bytes, game: GameSources, request: BookletRequest) -> tuple[bytes, int] | None:
    """The ink-saving edition of ``request`` from the PDF of its full-ink edition, and its pages; None when its drawings cannot be matched."""
    from pypdf import PdfReader, PdfWriter

    from boardgen.booklet.build import cover_height_mm

    cover = _first_drawing(PdfReader(io.BytesIO(full_pdf)))
    lights = _typeset_alone(game, request, light_drawings(game, request))
    if lights and cover is not None and not _same_size(cover, lights[0][0]):
        # the full-ink cover had to shrink to stay on page 1: draw the light one at the height it was given
        lights = _typeset_alone(game, request, light_drawings(game, request, cover_height_mm(game, request)))
    if not lights:
        return None
    writer = PdfWriter(io.BytesIO(full_pdf), incremental=True)  # the full-ink file kept as it is, the repainted pages appended
    drawing = 0
    for page in writer.pages:
        data = _data(page)
        lines = data.split(b"\n")
        changes = []
        for block in figure_blocks(data):
            if not block.drawing:
                continue  # a picture of the rule texts (an image XObject): the same in either ink
            if drawing >= len(lights) or not _same_size(block, lights[drawing][0]):
                return None  # not the drawings in the order they were drawn: lay the light edition out instead
            light, light_page = lights[drawing]
            place = multiply(invert(multiply(light.translate, light.ctm)), block.translate)
            name = f"{FORM_PREFIX}{drawing}"
            _add_xobject(page, name, _form(writer, light, light_page))
            changes.append((block.start, block.end, [*lines[block.start : block.start + 3], b"q", _cm(place), f"{name} Do".encode(), b"Q", b"EMC"]))
            drawing += 1
        for start, end, drawn in reversed(changes):
            lines[start : end + 1] = drawn
        if changes:
            _replace_contents(page, b"\n".join(lines))
    if drawing != len(lights):
        return None
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)


def _typeset_alone(game: GameSources, request: BookletRequest, drawings: list[str]) -> list[tuple[Block, Any]]:
    """Each drawing typeset alone: its block and its page in the small document ([] when a page is not one drawing)."""
    from pypdf import PdfReader

    alone = PdfReader(io.BytesIO(_drawings_pdf(game, drawings, request)))
    lights: list[tuple[Block, Any]] = []
    for page in alone.pages:
        blocks = [block for block in figure_blocks(_data(page)) if block.drawing]
        if len(blocks) != 1:
            return []
        lights.append((blocks[0], page))
    return lights if drawings and len(lights) == len(drawings) else []


def _first_drawing(reader: Any) -> Block | None:
    """The first drawing block of a booklet (its cover picture), None if it has none."""
    for page in reader.pages:
        for block in figure_blocks(_data(page)):
            if block.drawing:
                return block
    return None


def _data(page: Any) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _same_size(block: Block, light: Block) -> bool:
    """Whether two drawings' boxes (the clip WeasyPrint sets before each) have the same size, to 0.01 px."""
    if block.box is None or light.box is None:
        return block.box == light.box
    return all(abs(a - b) <= 0.01 for a, b in zip(block.box[2:], light.box[2:]))


def light_drawings(game: GameSources, request: BookletRequest, cover_height: float | None = None) -> list[str]:
    """Every drawing of the booklet in light ink as its HTML (an ``<img>``, or the board page's ``<figure>``), in the HTML's order.

    ``cover_height``: the cover picture's largest height in mm (default: the booklet's first try).
    """
    from boardgen.booklet.board_page import board_page
    from boardgen.booklet.diagrams.draw import diagram_ink
    from boardgen.booklet.html import booklet_html
    from boardgen.booklet.papers import PAPERS

    size = game.defaults.size if game.defaults else None
    last = board_page(game.id, size, request.paper, list(request.langs), "light")
    with diagram_ink("light"):
        html = booklet_html(game, list(request.langs), PAPERS[request.paper], cover_height_mm=cover_height, ink="light", board_page=last)
    return DRAWING.findall(html) + [f'<figure class="board-page">{svg}</figure>' for svg in BOARD_PAGE.findall(html)]


def _drawings_pdf(game: GameSources, drawings: list[str], request: BookletRequest) -> bytes:
    """The drawings typeset one to a page, as the booklet typesets them (the same markup, the same style)."""
    from boardgen.booklet.paths import fonts_dir, templates_dir
    from boardgen.booklet.typeset import html_to_pdf

    pages = "\n".join(f'<div class="alone">{markup}</div>' for markup in drawings)
    board = re.search(r"\.board-page svg \{[^}]*\}", _stylesheet(game, request))
    html = (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>drawings</title><style>"
        f"@page {{ size: {SHEET_MM}mm {SHEET_MM}mm; margin: 0 }} body {{ margin: 0 }} .alone {{ break-before: page }} "
        ".board-page { margin: 0; padding: 0 } "
        f"{board.group(0) if board else ''}"
        f"</style></head><body>{pages}</body></html>"
    )
    return html_to_pdf(html, (templates_dir(), fonts_dir(), game.folder.resolve()), game.folder, tagged=True)


def _stylesheet(game: GameSources, request: BookletRequest) -> str:
    """The booklet's stylesheet rule for the board page (its size), as the template writes it."""
    from boardgen.booklet.board_page import board_page
    from boardgen.booklet.html import render_template
    from boardgen.booklet.papers import PAPERS

    size = game.defaults.size if game.defaults else None
    last = board_page(game.id, size, request.paper, list(request.langs), "full")
    return render_template("booklet.css.j2", {"paper": PAPERS[request.paper], "bilingual": len(request.langs) > 1, "board_page": last, "ink": "full"})


def figure_blocks(data: bytes) -> Iterator[Block]:
    """The ``/Figure`` blocks of a content stream (WeasyPrint writes one operator a line), with the transformation at each."""
    lines = data.split(b"\n")
    stack: list[Matrix] = [IDENTITY]
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if line == b"q":
            stack.append(stack[-1])
        elif line == b"Q":
            if len(stack) > 1:
                stack.pop()
        elif line.endswith(b" cm"):
            stack[-1] = multiply(_numbers(line), stack[-1])
        elif line == b"/Figure" and index + 2 < len(lines) and lines[index + 2].strip() == b"BDC":
            end = _block_end(lines, index + 3)
            body = lines[index + 3 : end]
            if end < 0 or len(body) < 4 or body[0].strip() != b"q" or not body[2].strip().startswith(b"1 0 0 1 ") or not body[2].strip().endswith(b" cm"):
                index += 1
                continue
            clip = lines[index - 3].strip() if index >= 3 else b""
            box = tuple(float(part) for part in clip.split()[:4]) if clip.endswith(b" re") and lines[index - 2].strip() == b"W" else None
            drawing = not any(line.strip().endswith(b" Do") for line in body)
            yield Block(index, end, stack[-1], _numbers(body[2].strip()), b"\n".join(body), box, drawing)
            index = end  # the block restores the state it found (q ... Q)
        index += 1


def _block_end(lines: list[bytes], start: int) -> int:
    """The index of the EMC that closes the marked content opened just before ``start`` (-1 if none)."""
    depth = 1
    for index in range(start, len(lines)):
        line = lines[index].strip()
        if line in (b"BDC", b"BMC") or line.endswith((b" BDC", b" BMC")):
            depth += 1
        elif line == b"EMC":
            depth -= 1
            if depth == 0:
                return index
    return -1


def _numbers(line: bytes) -> Matrix:
    a, b, c, d, e, f = (float(part) for part in line.split()[:6])
    return (a, b, c, d, e, f)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention: the matrix of ``m cm`` after ``n`` is in force is ``m × n``)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def _cm(m: Matrix) -> bytes:
    return (" ".join(_number(value) for value in m) + " cm").encode()


def _number(value: float) -> str:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _form(writer: Any, light: Block, page: Any) -> Any:
    """The light drawing as a form XObject of ``writer``: its operators under the transformation they had, its page's resources.

    The form is made of the small document's own content stream (its page
    holds nothing but the drawing), turned into a form and cloned into
    ``writer`` with the resources it names: pypdf's public way of adding an
    object to a file it writes.
    """
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    contents = page.raw_get("/Contents")
    stream = contents.get_object()
    stream.set_data(_cm(light.ctm) + b"\n" + light.body)
    box = page.mediabox
    stream[NameObject("/Type")] = NameObject("/XObject")
    stream[NameObject("/Subtype")] = NameObject("/Form")
    stream[NameObject("/BBox")] = ArrayObject([FloatObject(float(v)) for v in (box.left, box.bottom, box.right, box.top)])
    stream[NameObject("/Resources")] = page.raw_get("/Resources")
    return contents.clone(writer)


def _add_xobject(page: Any, name: str, form: Any) -> None:
    from pypdf.generic import DictionaryObject, NameObject

    resources = page["/Resources"].get_object()
    if "/XObject" not in resources:
        resources[NameObject("/XObject")] = DictionaryObject()
    resources["/XObject"].get_object()[NameObject(name)] = form


def _replace_contents(page: Any, data: bytes) -> None:
    """The page's content stream replaced by ``data``, Flate-compressed."""
    from pypdf.generic import StreamObject

    stream = StreamObject()
    stream.set_data(data)
    page.replace_contents(stream.flate_encode(level=9))
