"""What a board file looks like, decided once: the request that picks a single sheet,
a tiled poster or a pen-and-paper sheet, and the renderer (PDF or SVG) that writes it.

The ``board`` command, the build and the library API all come through
:func:`render_board_file`, so a board drawn by any of them is the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

@dataclass(frozen=True)
class SheetRequest:
    """Everything that decides what a board file looks like (the CLI's options, checked)."""

    info: Any
    size: int | None
    paper: Any
    options: Any
    fmt: str = "pdf"
    cell_mm: float | None = None
    orientation: str = "auto"
    board_mm: float | None = None
    tile: bool = False
    overlap: float = 10.0
    cut_marks: bool = False
    per_sheet: int | None = None


def render_board_file(request: SheetRequest) -> tuple[bytes, str]:
    """(file bytes, one-line summary) of a board sheet, tiled poster or pen-and-paper sheet."""
    from boardgen.sheets.single import board_sheet, fits_on_paper, scale_for_board_width

    board_class = request.info.load_board()
    drawing = board_class(request.size) if request.size is not None else board_class()
    scale = request.cell_mm
    if request.board_mm is not None:
        scale = scale_for_board_width(drawing, request.options, request.board_mm)
    if request.per_sheet is not None:
        from boardgen.sheets.pen import pen_sheet

        sheets = [pen_sheet(drawing, request.paper, request.options, request.per_sheet, request.orientation)]
    elif request.tile and not fits_on_paper(drawing, request.paper, request.options, scale, request.orientation, request.cut_marks):
        from boardgen.sheets.tiles import tiled_sheets

        sheets = tiled_sheets(drawing, request.paper, request.options, scale, request.overlap, request.cut_marks)
    else:
        sheets = [board_sheet(drawing, request.paper, request.options, scale, request.orientation, request.cut_marks)]
    if request.fmt == "svg":
        from boardgen.drawing.svg import render_svg

        data = render_svg(sheets[0])
    else:
        from boardgen.drawing.pdf import render_pdf_pages

        data = render_pdf_pages(sheets, title=sheets[0].title, subject=sheets[0].subject or sheets[1].subject if len(sheets) > 1 else sheets[0].subject)
    summary = sheets[0].subject if len(sheets) == 1 else f"{len(sheets) - 1} tiles plus an assembly page on {request.paper.name}"
    return data, summary
