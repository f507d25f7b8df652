"""Saddle-stitch imposition: A5 pages two-up on landscape A4 or Letter sheets.

Printed double-sided (flip on the short edge), the stack of sheets folded in
the middle and stapled on the fold reads in page order.  With ``n`` pages
(padded with blank pages to a multiple of four), sheet ``s`` carries on its
front the pages ``n - 2s`` (left) and ``2s + 1`` (right), and on its back
``2s + 2`` (left) and ``n - 2s - 1`` (right) -- page numbers counted from 1.

The two pages meet at the fold line in the middle of the sheet.  A5 pages
(148 x 210 mm) fit an A4 sheet (297 x 210 mm) at full size; on Letter
(279.4 x 215.9 mm) they are scaled to 94.4 %, the largest that fits.

How a page gets onto a sheet: each A5 page becomes one form XObject, its
content stream copied as it is (still compressed, never parsed) and its
resources cloned once for the whole file, so the fonts the pages share are
embedded once.  A sheet side's own content is two lines, ``q <matrix> cm /Pn
Do Q`` for each half.  Merging the pages' content into the sheets instead (as
pypdf's page merging does) parses and rewrites every operator, which took
seconds a booklet and wrote the merged streams uncompressed: files five times
the size of the booklet.

The imposed file is for the printer, and says so in its subject
(:data:`PRINT_NOTE`).  It is not tagged and claims no PDF/UA: its sides hold
the pages out of reading order (8|1, 2|7, ...), so a structure tree carried
across would read the booklet in folding order, and its bookmarks would lead
to half sheets.  The links are kept, moved with their pages: each one's
rectangle is mapped onto the sheet by the matrix of its page, web links keep
their address, and a link inside the booklet (contents, citations) points at
the sheet side that carries its target, at the mapped point.  The A5 booklet
is the one to read on a screen or with a screen reader (docs/booklets.md).
"""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from boardgen.errors import OptionError

if TYPE_CHECKING:
    from pypdf import PdfReader, PdfWriter, PageObject
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, PdfObject

PT_PER_MM = 72.0 / 25.4
PRINT_NOTE = (
    "Edição para impressão (páginas A5 dispostas para dobrar e grampear); sem marcação de acessibilidade: "
    "para ler na tela ou com leitor de tela, use o livreto A5. / "
    "Print edition (A5 pages imposed for saddle stitching); not tagged for accessibility: "
    "to read on screen or with a screen reader, use the A5 booklet."
)
SHEETS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm
# The keys of a link annotation that still mean something on the sheet.  Left behind: /P (the A5
# page), /StructParent (the A5 structure tree); /Rect, /QuadPoints, /Dest and /A are rewritten.
LINK_KEYS = ("/Type", "/Subtype", "/Border", "/BS", "/C", "/H", "/F", "/Contents", "/NM")


@dataclass(frozen=True)
class Placement:
    """Where one A5 page lands: the sheet side (0-based) and the matrix from page space to sheet space.

    The matrix only scales and translates (pages are never turned), so it is
    ``scale`` and an offset: ``x' = scale * x + dx``, ``y' = scale * y + dy``.
    """

    side: int
    scale: float
    dx: float
    dy: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A point of the page, in the sheet's coordinates."""
        return self.scale * x + self.dx, self.scale * y + self.dy

    def operator(self) -> str:
        """The ``cm`` operand list that draws the page's form here."""
        return " ".join(_number(v) for v in (self.scale, 0.0, 0.0, self.scale, self.dx, self.dy))


def saddle_order(page_count: int) -> list[tuple[int | None, int | None]]:
    """Sheet sides in printing order as (left, right) 0-based page indexes; None for a blank."""
    total = (page_count + 3) // 4 * 4

    def page(index: int) -> int | None:
        return index if index < page_count else None

    sides = []
    for sheet in range(total // 4):
        sides.append((page(total - 1 - 2 * sheet), page(2 * sheet)))
        sides.append((page(2 * sheet + 1), page(total - 2 - 2 * sheet)))
    return sides


def placements(pages: list[tuple[float, float, float, float]], sheet: str) -> dict[int, Placement]:
    """Each page's placement, by 0-based page index; ``pages`` are the media boxes (left, bottom, right, top).

    All pages are scaled alike, by the first page's size: the largest scale
    (at most 1) that fits two of them side by side on the sheet.  Each page
    touches the fold (the left page with its right edge, the right page with
    its left edge) and is centred vertically.
    """
    sheet_w, sheet_h = (v * PT_PER_MM for v in SHEETS[sheet])
    left0, bottom0, right0, top0 = pages[0]
    scale = min(1.0, (sheet_w / 2) / (right0 - left0), sheet_h / (top0 - bottom0))
    result = {}
    for side, halves in enumerate(saddle_order(len(pages))):
        for index, on_left in zip(halves, (True, False)):
            if index is None:
                continue
            left, bottom, right, top = pages[index]
            x = sheet_w / 2 - (right - left) * scale if on_left else sheet_w / 2
            y = (sheet_h - (top - bottom) * scale) / 2
            result[index] = Placement(side, scale, x - scale * left, y - scale * bottom)
    return result


def impose(pdf: bytes, sheet: str) -> bytes:
    """The booklet ``pdf`` (A5 pages) laid out two-up on ``sheet`` ("a4" or "letter") for saddle stitching."""
    from pypdf import PdfReader, PdfWriter

    if sheet not in SHEETS:
        raise OptionError("--paper", f"imposed booklets are printed on a4 or letter, not {sheet!r}")
    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    boxes = [_box(page) for page in pages]
    placed = placements(boxes, sheet)
    writer = PdfWriter()
    forms = [_page_form(writer, page) for page in pages]
    sheet_w, sheet_h = (v * PT_PER_MM for v in SHEETS[sheet])
    order = saddle_order(len(pages))
    sides = [writer.add_blank_page(sheet_w, sheet_h) for _ in order]
    moves = _LinkMoves(writer, placed, [cast("IndirectObject", side.indirect_reference) for side in sides], _page_numbers(pages))
    moves.named = {name: destination.dest_array for name, destination in reader.named_destinations.items()}
    for side, halves in zip(sides, order):
        present = [index for index in halves if index is not None]  # left, then right
        _draw_side(writer, side, [(index, forms[index], placed[index]) for index in present])
        for index in present:
            moves.move(pages[index], placed[index], side)
    _copy_document_info(reader, writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _box(page: PageObject) -> tuple[float, float, float, float]:
    """The page's media box as (left, bottom, right, top), normalised."""
    box = page.mediabox
    return float(box.left), float(box.bottom), float(box.right), float(box.top)


def _page_form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """The page as a form XObject in ``writer``: its content, compressed, and its resources (cloned, so shared ones once).

    The form's bounding box is the page's crop box (the media box unless the
    page says otherwise), so the form shows what a viewer showed of the page.
    """
    from pypdf.generic import ArrayObject, FloatObject, NameObject, StreamObject

    form = StreamObject.initialize_from_dictionary({"__streamdata__": _content(page)})
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    crop = page.cropbox
    form[NameObject("/BBox")] = ArrayObject(FloatObject(float(v)) for v in (crop.left, crop.bottom, crop.right, crop.top))
    form[NameObject("/Filter")] = NameObject("/FlateDecode")
    resources = _inherited(page, "/Resources")
    if resources is not None:
        form[NameObject("/Resources")] = resources.clone(writer)
    group = page.get("/Group")
    if group is not None:  # the page's transparency group (blending colour space) goes with its content
        form[NameObject("/Group")] = group.clone(writer)
    return writer._add_object(form)


def _inherited(page: PageObject, key: str) -> PdfObject | None:
    """``key`` of the page, or of the nearest node of the page tree above it that has it (as /Resources may be)."""
    node: DictionaryObject | None = page
    while node is not None:
        if key in node:
            return node.raw_get(key)
        parent = node.get("/Parent")
        node = cast("DictionaryObject", parent.get_object()) if parent is not None else None
    return None


def _content(page: PageObject) -> bytes:
    """The page's content, Flate-compressed: a single Flate stream as it is in the file, anything else joined and compressed."""
    from pypdf.generic import StreamObject

    contents = page.get("/Contents")
    if contents is None:
        return zlib.compress(b"", 9)
    contents = contents.get_object()
    streams = [contents] if isinstance(contents, StreamObject) else [part.get_object() for part in contents]
    if len(streams) == 1 and streams[0].get("/Filter") == "/FlateDecode" and "/DecodeParms" not in streams[0]:
        return streams[0]._data  # still compressed: neither decoded nor parsed
    # An array of streams is one content stream cut between tokens: joined with white space, it is whole again.
    return zlib.compress(b"\n".join(stream.get_data() for stream in streams), 9)


def _draw_side(writer: PdfWriter, side: PageObject, halves: list[tuple[int, IndirectObject, Placement]]) -> None:
    """Give the sheet side its content: each page's form drawn under its matrix, nothing else."""
    from pypdf.generic import DictionaryObject, NameObject, StreamObject

    lines = [f"q {placement.operator()} cm /P{index + 1} Do Q" for index, _form, placement in halves]
    content = StreamObject.initialize_from_dictionary({"__streamdata__": zlib.compress("\n".join(lines).encode("ascii"), 9)})
    content[NameObject("/Filter")] = NameObject("/FlateDecode")
    side[NameObject("/Contents")] = writer._add_object(content)
    xobjects = DictionaryObject({NameObject(f"/P{index + 1}"): form for index, form, _placement in halves})
    side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})


def _page_numbers(pages: list[PageObject]) -> dict[int, int]:
    """The 0-based index of each page, by the object number of the page in the booklet."""
    return {cast("IndirectObject", page.indirect_reference).idnum: index for index, page in enumerate(pages)}


# Which numbers of an explicit destination are x (left) and which are y (top, bottom) coordinates;
# the zoom of /XYZ is neither and stays as it is.
DESTINATION_AXES = {"/XYZ": "xy-", "/FitH": "y", "/FitBH": "y", "/FitV": "x", "/FitBV": "x", "/FitR": "xyxy", "/Fit": "", "/FitB": ""}


@dataclass
class _LinkMoves:
    """What moving the links needs: the writer, the pages' placements, the sheet sides, the booklet's pages and destinations."""

    writer: PdfWriter
    placed: dict[int, Placement]
    side_refs: list[IndirectObject]
    page_numbers: dict[int, int]
    named: dict[str, ArrayObject] = field(default_factory=dict)

    def move(self, page: PageObject, placement: Placement, side: PageObject) -> None:
        """Put the page's links on its sheet side, rectangles mapped; a link that would lead nowhere is left out."""
        from pypdf.generic import ArrayObject, NameObject

        for reference in page.get("/Annots", []):
            link = self.link(reference.get_object(), placement)
            if link is None:
                continue
            if "/Annots" not in side:
                side[NameObject("/Annots")] = ArrayObject()
            cast("ArrayObject", side["/Annots"]).append(self.writer._add_object(link))

    def link(self, annotation: DictionaryObject, placement: Placement) -> DictionaryObject | None:
        """A new link annotation for the sheet (None for anything but a link, or a link whose target is not in the booklet)."""
        from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject

        if annotation.get("/Subtype") != "/Link":
            return None
        link = DictionaryObject({NameObject(key): annotation[key].clone(self.writer) for key in LINK_KEYS if key in annotation})
        link[NameObject("/Rect")] = ArrayObject(FloatObject(round(v, 4)) for v in _mapped_rect(cast("ArrayObject", annotation["/Rect"].get_object()), placement))
        if "/QuadPoints" in annotation:
            quad = [float(v) for v in cast("ArrayObject", annotation["/QuadPoints"].get_object())]
            moved = [c for x, y in zip(quad[0::2], quad[1::2]) for c in placement.point(x, y)]
            link[NameObject("/QuadPoints")] = ArrayObject(FloatObject(round(v, 4)) for v in moved)
        jump = _link_target(annotation)
        if jump is None:  # not a jump inside the document: a web address, another file
            action = annotation.get("/A")
            if action is None:
                return None
            link[NameObject("/A")] = action.clone(self.writer)
            return link
        destination = self.destination(self.named.get(jump) if isinstance(jump, str) else jump)
        if destination is None:
            return None
        link[NameObject("/Dest")] = destination
        return link

    def destination(self, array: ArrayObject | None) -> ArrayObject | None:
        """The explicit destination ``[page /Kind numbers...]`` on the sheets: the side carrying the page, the point mapped there."""
        from pypdf.generic import ArrayObject, FloatObject, IndirectObject, NameObject, NullObject

        if array is None or len(array) < 2 or not isinstance(array[0], IndirectObject):
            return None
        index = self.page_numbers.get(array[0].idnum)
        axes = DESTINATION_AXES.get(str(array[1]))
        if index is None or axes is None:
            return None
        placement = self.placed[index]
        moved: list[PdfObject] = []
        for axis, value in zip(axes.ljust(len(array) - 2, "-"), array[2:]):
            if value is None or isinstance(value, NullObject):
                moved.append(NullObject())
            elif axis == "x":
                moved.append(FloatObject(round(placement.point(float(value), 0.0)[0], 4)))
            elif axis == "y":
                moved.append(FloatObject(round(placement.point(0.0, float(value))[1], 4)))
            else:
                moved.append(FloatObject(value))
        return ArrayObject([self.side_refs[placement.side], NameObject(str(array[1])), *moved])


def _link_target(annotation: DictionaryObject) -> str | ArrayObject | None:
    """Where a link jumps inside the document (a destination name or an explicit destination), None if it does not."""
    from pypdf.generic import ArrayObject

    destination = annotation.get("/Dest")
    action = annotation.get("/A")
    if destination is None and action is not None and action.get_object().get("/S") == "/GoTo":
        destination = action.get_object().get("/D")
    if destination is None:
        return None
    destination = destination.get_object()
    return destination if isinstance(destination, ArrayObject) else str(destination)


def _mapped_rect(rect: ArrayObject, placement: Placement) -> tuple[float, float, float, float]:
    """The rectangle on the sheet, normalised (lower left, upper right)."""
    x1, y1 = placement.point(float(rect[0]), float(rect[1]))
    x2, y2 = placement.point(float(rect[2]), float(rect[3]))
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _copy_document_info(reader: PdfReader, writer: PdfWriter) -> None:
    """Title, author, subject (with the print note), keywords, creator and /Lang of the booklet; no XMP, tags or bookmarks."""
    from pypdf.generic import NameObject, TextStringObject

    metadata = {key: value for key, value in (reader.metadata or {}).items() if key in ("/Title", "/Author", "/Subject", "/Keywords", "/Creator")}
    metadata["/Subject"] = f"{metadata['/Subject']} — {PRINT_NOTE}" if metadata.get("/Subject") else PRINT_NOTE
    metadata["/Producer"] = "boardgen (pypdf)"
    writer.add_metadata(metadata)
    language = cast("DictionaryObject", reader.trailer["/Root"]).get("/Lang")
    if language is not None:
        writer.root_object[NameObject("/Lang")] = TextStringObject(str(language))


def _number(value: float) -> str:
    """A number for a content stream: fixed point, no trailing zeros (same value, same text)."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
