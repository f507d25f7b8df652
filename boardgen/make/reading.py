"""What a built file is, read back from its bytes: the facts the audit compares with the file's promises.

The audit (:mod:`boardgen.make.audit`) must judge a file by what a reader
gets, never by what the build meant to write, so everything here starts from
the bytes: the format from the file's first bytes, a PDF's pages, their size
(the MediaBox), their text and their drawn shapes through PDFium
(``pypdfium2``, already what ``--format png`` renders with: one C library
that reads every page in milliseconds, no subprocess), an SVG's size and
words from its root element and labels, a PNG's pixels and resolution from
its ``IHDR`` and ``pHYs`` chunks.  Pages are rasterised only when a promise
is about ink, at a low resolution (:data:`INK_DPI`).

Imported only when a file is audited: a build with every audit cached never
loads PDFium.
"""

from __future__ import annotations

import io
import re
import struct
import xml.etree.ElementTree as ElementTree
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL.Image import Image

MM_PER_PT = 25.4 / 72.0
MM_PER_INCH = 25.4
INK_DPI = 72  # enough for the ink-saving edition's hatching to read lighter than a flat fill (at 50 dpi the thin lines blur into grey)
COLOUR_DPI = 50  # a mono file's pages are looked at this coarsely: any coloured shape still tints its pixels
SHAPE_ROUNDING = 0.1  # mm: shapes are told apart by their size to a tenth of a millimetre

SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "pdf"),
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"wOF2", "woff2"),
    (b"\x00\x01\x00\x00", "ttf"),
)


def sniff_format(data: bytes) -> str | None:
    """The format the bytes are in (``pdf``, ``png``, ``svg``, ``html``, ``json``...), None when they say nothing."""
    for signature, name in SIGNATURES:
        if data.startswith(signature):
            return name
    head = data[:2048].lstrip().lower()
    if head.startswith(b"<?xml") or head.startswith(b"<svg"):
        return "svg" if b"<svg" in head else None
    if head.startswith(b"<!doctype html") or head.startswith(b"<html"):
        return "html"
    if head[:1] in (b"{", b"["):
        return "json"
    return None


# -- PDF ----------------------------------------------------------------------------------------


Size = tuple[float, float]  # width, height in mm


@dataclass(frozen=True)
class Shape:
    """One drawn path of a PDF page: the box of its points (geometry, not ink: strokes left out), in mm."""

    width: float
    height: float
    closed: bool


class PdfFile:
    """An open PDF (PDFium): its pages' sizes, text, shapes and pixels; close it (or use :func:`open_pdf`)."""

    def __init__(self, data: bytes) -> None:
        import pypdfium2  # type: ignore[import-untyped]

        self._document = pypdfium2.PdfDocument(data)

    def close(self) -> None:
        self._document.close()

    @property
    def pages(self) -> int:
        return len(self._document)

    def page_size(self, index: int) -> Size:
        """The page's size in mm, width first, as PDFium reads it from the page's dictionary without loading the page.

        That is the MediaBox (cut down by a CropBox, which boardgen never
        writes), turned by ``/Rotate``: the paper a printer is asked for.
        """
        width, height = self._document.get_page_size(index)
        return (width * MM_PER_PT, height * MM_PER_PT)

    def text(self, index: int) -> str:
        """The page's text as PDFium extracts it (what a reader copies or a screen reader says)."""
        page = self._document[index]
        textpage = page.get_textpage()
        try:
            return str(textpage.get_text_range())
        finally:
            textpage.close()

    def shapes(self, index: int, near: Size | None = None, slack: float = 2.0, limit: int | None = None) -> list[Shape]:
        """The paths drawn on the page itself, each as the box of its points in mm.

        Only the page's own objects: a board sheet draws straight on the page,
        and an object inside a form would need the form's matrix as well.
        ``near``: only the paths whose ink box (PDFium's, strokes and mitres
        included, one call) is within ``slack`` mm of that size each way have
        their points read (a call per point); ``limit``: stop after that many.
        """
        from pypdfium2 import raw

        found = []
        for item, box in self._paths(index):
            if near is not None and not (abs(box[0] - near[0]) <= slack and abs(box[1] - near[1]) <= slack):
                continue
            shape = _path_box(item, raw)
            if shape is not None:
                found.append(shape)
                if limit is not None and len(found) >= limit:
                    break
        return found

    def ink_boxes(self, index: int) -> list[Shape]:
        """Every path drawn on the page itself as PDFium's box of its ink (strokes included), in mm: cheap, for counting alike shapes."""
        return [Shape(box[0], box[1], True) for _, box in self._paths(index)]

    def _paths(self, index: int) -> Iterator[tuple[Any, Size]]:
        from pypdfium2 import raw

        page = self._document[index]
        for item in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
            left, bottom, right, top = item.get_bounds()
            yield item, ((right - left) * MM_PER_PT, (top - bottom) * MM_PER_PT)

    def raster(self, index: int, dpi: int) -> "Image":
        """The page as an RGB image at ``dpi`` (forms and annotations left out: a print shows neither)."""
        page = self._document[index]
        return page.render(scale=dpi / 72.0, may_draw_forms=False, draw_annots=False).to_pil().convert("RGB")


@contextmanager
def open_pdf(data: bytes) -> Iterator[PdfFile]:
    """A :class:`PdfFile` over ``data``, closed on the way out; ValueError when PDFium cannot read it."""
    try:
        document = PdfFile(data)
    except Exception as exc:  # noqa: BLE001 - PDFium's own error type is its business: the file is unreadable
        raise ValueError(f"not a readable PDF ({exc})") from None
    try:
        yield document
    finally:
        document.close()


def _path_box(item: Any, raw: Any) -> Shape | None:
    """The box of a path object's points through its matrix (PDFium keeps the graphics state's transformation there), in mm."""
    import ctypes

    handle = item.raw
    count = raw.FPDFPath_CountSegments(handle)
    if count <= 0:
        return None
    matrix = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(handle, ctypes.byref(matrix)):
        return None
    x, y = ctypes.c_float(), ctypes.c_float()
    xs, ys = [], []
    closed = False
    for k in range(count):
        segment = raw.FPDFPath_GetPathSegment(handle, k)
        if not raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y)):
            continue
        xs.append(matrix.a * x.value + matrix.c * y.value + matrix.e)
        ys.append(matrix.b * x.value + matrix.d * y.value + matrix.f)
        closed = closed or bool(raw.FPDFPathSegment_GetClose(segment))
    if not xs:
        return None
    return Shape((max(xs) - min(xs)) * MM_PER_PT, (max(ys) - min(ys)) * MM_PER_PT, closed)


def shape_sizes(shapes: list[Shape], smallest: float = 1.0) -> Counter[Size]:
    """How many shapes of each size (to :data:`SHAPE_ROUNDING`) there are, the ones smaller than ``smallest`` mm each way left out."""
    return Counter(
        (round(shape.width, 1), round(shape.height, 1)) for shape in shapes if shape.width >= smallest or shape.height >= smallest
    )


# -- pixels -------------------------------------------------------------------------------------


def ink_share(image: "Image") -> float:
    """How much of the page is ink, from 0 (white paper) to 1 (every channel full): the mean of 1 - value over R, G and B.

    Over the three channels rather than grey, so a coloured fill counts the
    toner or inks it takes, not only how dark it looks.
    """
    from PIL import ImageStat

    means = ImageStat.Stat(image).mean
    return 1.0 - sum(means[:3]) / (3 * 255.0)


COLOUR_THRESHOLD = 24  # channels further apart than this are a colour: more than antialiasing or a tinted grey print


def colour_pixels(image: "Image", threshold: int = COLOUR_THRESHOLD) -> int:
    """How many pixels are coloured: their channels differ by more than ``threshold`` (grey and black antialias to equal channels)."""
    from PIL import ImageChops

    red, green, blue = image.split()[:3]
    spread = ImageChops.lighter(ImageChops.lighter(ImageChops.difference(red, green), ImageChops.difference(green, blue)), ImageChops.difference(red, blue))
    histogram = spread.histogram()
    return sum(histogram[threshold + 1 :])


# -- SVG ----------------------------------------------------------------------------------------


_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*(mm|cm|in|pt|px)?\s*")
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": MM_PER_PT, "px": 25.4 / 96.0, None: 25.4 / 96.0}


@dataclass(frozen=True)
class SvgFacts:
    """An SVG's size in mm (None when it has no absolute size), its words (title, description, labels) and the colours it paints with."""

    size: Size | None
    text: str
    colours: frozenset[str] = frozenset()  # every #rrggbb of a fill, stroke or stop colour, lower case


def read_svg(data: bytes) -> SvgFacts:
    """The size (the root's ``width`` and ``height``) and the words of an SVG; ValueError when it is not one."""
    try:
        root = ElementTree.parse(io.BytesIO(data)).getroot()
    except ElementTree.ParseError as exc:
        raise ValueError(f"not a readable SVG ({exc})") from None
    if not root.tag.endswith("svg"):
        raise ValueError(f"not an SVG: its root element is {root.tag!r}")
    size = None
    width, height = _length_mm(root.get("width")), _length_mm(root.get("height"))
    if width is not None and height is not None:
        size = (width, height)
    words: list[str] = []
    colours: set[str] = set()
    for element in root.iter():
        tag = element.tag.rpartition("}")[2]
        if tag in ("title", "desc", "text", "tspan") and element.text:
            words.append(element.text)
        if element.get("aria-label"):
            words.append(element.get("aria-label", ""))
        for name in PAINTS:
            colours.update(found.lower() for found in _HEX.findall(element.get(name) or ""))
        colours.update(found.lower() for found in _HEX.findall(element.get("style") or ""))
        if tag == "style" and element.text:
            colours.update(found.lower() for found in _HEX.findall(element.text))
    return SvgFacts(size, "\n".join(words), frozenset(colours))


PAINTS = ("fill", "stroke", "stop-color", "color", "flood-color")
_HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def is_grey(colour: str, threshold: int = 0) -> bool:
    """Whether a ``#rrggbb`` colour is a grey (its channels differ by at most ``threshold``)."""
    channels = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    return max(channels) - min(channels) <= threshold


def _length_mm(value: str | None) -> float | None:
    """An SVG length (``210mm``, ``8.5in``, ``600``) in mm; None for a percentage or nothing."""
    if value is None:
        return None
    found = _LENGTH.fullmatch(value)
    if found is None:
        return None
    return float(found.group(1)) * _UNIT_MM[found.group(2)]


# -- PNG ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PngFacts:
    """A PNG's pixel size and its resolution from ``pHYs`` (dots per inch each way; None without the chunk or its unit)."""

    pixels: tuple[int, int]
    dpi: tuple[float, float] | None


def png_image(data: bytes) -> "Image":
    """The PNG's pixels, RGB (for a one-ink file's colour check)."""
    from PIL import Image as PilImage

    return PilImage.open(io.BytesIO(data)).convert("RGB")


def read_png(data: bytes) -> PngFacts:
    """The ``IHDR`` size and ``pHYs`` resolution of a PNG, read from its chunks; ValueError when it is not one."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError("not a PNG")
    position, pixels, dpi = 8, None, None
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR" and len(body) >= 8:
            pixels = struct.unpack(">II", body[:8])
        elif kind == b"pHYs" and len(body) == 9:
            per_x, per_y, unit = struct.unpack(">IIB", body)
            if unit == 1:  # pixels per metre
                dpi = (per_x * MM_PER_INCH / 1000.0, per_y * MM_PER_INCH / 1000.0)
        elif kind in (b"IDAT", b"IEND"):
            break  # pHYs must come before the image data
        position += 12 + length
    if pixels is None:
        raise ValueError("a PNG without its IHDR chunk")
    return PngFacts((int(pixels[0]), int(pixels[1])), dpi)
