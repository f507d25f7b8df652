"""Saddle-stitch imposition: A5 pages two-up on landscape A4 or Letter sheets.

Printed double-sided (flip on the short edge), the stack of sheets folded in
the middle and stapled on the fold reads in page order.  With ``n`` pages
(padded with blank pages to a multiple of four), sheet ``s`` carries on its
front the pages ``n - 2s`` (left) and ``2s + 1`` (right), and on its back
``2s + 2`` (left) and ``n - 2s - 1`` (right) -- page numbers counted from 1.

The two pages meet at the fold line in the middle of the sheet.  A5 pages
(148 x 210 mm) fit an A4 sheet (297 x 210 mm) at full size; on Letter
(279.4 x 215.9 mm) they are scaled to 94.4 %, the largest that fits.

The imposed file is for the printer, and says so in its subject
(:data:`PRINT_NOTE`).  It is not tagged and claims no PDF/UA: its sides hold
the pages out of reading order (8|1, 2|7, ...), so a structure tree carried
across would read the booklet in folding order, and its bookmarks would lead
to half sheets.  The links inside the booklet (contents, citations) are
dropped, since their destinations are the A5 pages' and lead nowhere here;
links to web addresses still work and stay.  The A5 booklet is the one to
read on a screen or with a screen reader (docs/booklets.md).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, cast

from boardgen.errors import OptionError

if TYPE_CHECKING:
    from pypdf.generic import DictionaryObject

PT_PER_MM = 72.0 / 25.4
PRINT_NOTE = (
    "Edição para impressão (páginas A5 dispostas para dobrar e grampear); sem marcação de acessibilidade: "
    "para ler na tela ou com leitor de tela, use o livreto A5. / "
    "Print edition (A5 pages imposed for saddle stitching); not tagged for accessibility: "
    "to read on screen or with a screen reader, use the A5 booklet."
)
SHEETS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm


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


def impose(pdf: bytes, sheet: str) -> bytes:
    """The booklet ``pdf`` (A5 pages) laid out two-up on ``sheet`` ("a4" or "letter") for saddle stitching."""
    from pypdf import PdfReader, PdfWriter, Transformation

    if sheet not in SHEETS:
        raise OptionError("--paper", f"imposed booklets are printed on a4 or letter, not {sheet!r}")
    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    sheet_w, sheet_h = (v * PT_PER_MM for v in SHEETS[sheet])
    page_w, page_h = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    scale = min(1.0, (sheet_w / 2) / page_w, sheet_h / page_h)
    placed_w, placed_h = page_w * scale, page_h * scale
    y = (sheet_h - placed_h) / 2
    writer = PdfWriter()
    for left, right in saddle_order(len(pages)):
        side = writer.add_blank_page(sheet_w, sheet_h)
        for index, x in ((left, sheet_w / 2 - placed_w), (right, sheet_w / 2)):
            if index is None:
                continue
            source = pages[index]
            box = source.mediabox
            transform = Transformation().translate(-float(box.left), -float(box.bottom)).scale(scale, scale).translate(x, y)
            side.merge_transformed_page(source, transform)
    for side in writer.pages:
        _drop_internal_links(side)
    metadata = {key: value for key, value in (reader.metadata or {}).items() if key in ("/Title", "/Author", "/Subject", "/Keywords", "/Creator")}
    metadata["/Subject"] = f"{metadata['/Subject']} — {PRINT_NOTE}" if metadata.get("/Subject") else PRINT_NOTE
    metadata["/Producer"] = "boardgen (pypdf)"
    writer.add_metadata(metadata)
    language = cast("DictionaryObject", reader.trailer["/Root"]).get("/Lang")
    if language is not None:
        from pypdf.generic import NameObject, TextStringObject

        writer.root_object[NameObject("/Lang")] = TextStringObject(str(language))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _drop_internal_links(side) -> None:
    """Remove the annotations that lead inside the booklet (its named destinations are not in the imposed file)."""
    from pypdf.generic import ArrayObject, NameObject

    if "/Annots" not in side:
        return
    kept = ArrayObject(reference for reference in side["/Annots"] if not _leads_inside(reference.get_object()))
    if kept:
        side[NameObject("/Annots")] = kept
    else:
        del side["/Annots"]


def _leads_inside(annotation) -> bool:
    """A link to a place in the document (a destination or a GoTo action), as opposed to a web address."""
    if annotation.get("/Subtype") != "/Link":
        return False
    action = annotation.get("/A")
    return "/Dest" in annotation or (action is not None and action.get_object().get("/S") != "/URI")
