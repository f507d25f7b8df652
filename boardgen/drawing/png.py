"""Sheets as PNG images, rasterised from the very PDF boardgen writes.

Why through the PDF: the PDF is the drawing every print is judged by (its
fonts embedded, its hatching anchored, its sizes in points), so an image made
from it cannot drift from it; a second renderer of our own would.  PDFium
(``pypdfium2``, a wheel that carries its own binary, no system library) draws
the page; Pillow writes the PNG with its resolution (``pHYs``), so an image
viewer or a print service knows the size in millimetres.

Pixel size: a sheet W × H mm becomes ``round(W * dpi / 25.4)`` ×
``round(H * dpi / 25.4)`` pixels, one pixel exactly ``25.4 / dpi`` mm.  The same
sheet gives the same bytes: PDFium renders deterministically and the PNG
carries no time stamp.

Call :func:`render_png` with one sheet (``boardgen board``, ``boardgen diagram``,
and the pieces sheets once they want an image).
"""

from __future__ import annotations

import io

from boardgen.drawing.model import Sheet
from boardgen.errors import OptionError

DEFAULT_DPI = 300  # what print services ask for, and sharp enough for a forum post at 50 %
DPI_RANGE = (50, 1200)
MAX_PIXELS = 160_000_000  # about A0 at 300 dpi; more would need gigabytes of memory


def pixel_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """The image size of a sheet ``width_mm`` × ``height_mm`` at ``dpi``."""
    return round(width_mm * dpi / 25.4), round(height_mm * dpi / 25.4)


def check_dpi(dpi: int, width_mm: float, height_mm: float, option: str = "dpi") -> None:
    """OptionError naming ``option`` for a resolution out of range or an image too large to hold."""
    low, high = DPI_RANGE
    if not low <= dpi <= high:
        raise OptionError(option, f"must be from {low} to {high} dots per inch, not {dpi}")
    width, height = pixel_size(width_mm, height_mm, dpi)
    if width * height > MAX_PIXELS:
        raise OptionError(option, f"{dpi} dpi makes a {width} × {height} pixel image of this {width_mm:g} × {height_mm:g} mm sheet, too large; choose a lower resolution")


def pdf_page_to_png(pdf: bytes, width_mm: float, height_mm: float, dpi: int) -> bytes:
    """The first page of ``pdf`` (``width_mm`` × ``height_mm``) as PNG bytes at ``dpi``."""
    import pypdfium2  # type: ignore[import-untyped]

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        # PDFium sizes the bitmap by ceil(); the exact pitch matters more than one edge pixel of paper
        image = page.render(scale=dpi / 72, may_draw_forms=False).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    width, height = pixel_size(width_mm, height_mm, dpi)
    if image.size != (width, height):
        image = image.crop((0, 0, width, height))
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=9)
    return out.getvalue()


def render_png(sheet: Sheet, dpi: int = DEFAULT_DPI) -> bytes:
    """One sheet as a PNG image at ``dpi`` (see the module docstring for its size)."""
    from boardgen.drawing.pdf import render_pdf

    check_dpi(dpi, sheet.width, sheet.height)
    return pdf_page_to_png(render_pdf(sheet), sheet.width, sheet.height, dpi)
