"""The exact-scale board as the last page of an A4 or Letter booklet.

A reader who printed the A4 or Letter booklet already has the paper the board
sheet is made for, so the booklet ends with that sheet: the very drawing
``boardgen board GAME --paper a4`` writes (board, size line, notes, 100 mm bar
and printing note), on a page of the sheet's own size and orientation, at
100 %, with no running head or page number.  The page is built here and
placed by the template (``templates/booklet.html.j2``, ``.board-page``); the
same code path as the board command (:mod:`boardgen.sheets.request`) chooses
the scale, so the two cannot drift apart.

An A5 booklet gets no board page (the board does not fit on A5 at a useful
size, and the A5 booklet is the one imposed for folding).  Nor does a board
that does not fit on the paper at all: the booklet's "Making your own" text
names the board file to print instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from markupsafe import Markup

from boardgen.boards.base import InkMode
from boardgen.drawing.model import Sheet
from boardgen.errors import OptionError

BOARD_PAGE_PAPERS = ("a4", "letter")  # the booklet papers that end with the board

# The figure's alternative text (a screen reader's), per language: {title} is the board's title.
ALT_TEXT = {
    "pt": "Tabuleiro de {title} em tamanho real, com a régua de 100 mm: imprima esta página em tamanho real (100%).",
    "en": "The {title} board at actual size, with its 100 mm bar: print this page at actual size (100%).",
}


@dataclass(frozen=True)
class BoardPage:
    """The board sheet ready for the booklet's template: its inline SVG and the page size it needs."""

    svg: Markup
    width_mm: float
    height_mm: float


def board_page_sheet(game_id: str, size: int | None, paper: str, ink: InkMode = "full") -> Sheet | None:
    """The sheet ``boardgen board GAME --size SIZE --paper PAPER --ink INK`` draws, or None when the board does not fit.

    Built through :func:`boardgen.sheets.request.board_request` with the
    command's defaults, then drawn as :func:`~boardgen.sheets.request.render_board_file`
    draws a single sheet (no tiling, no pen-and-paper sheet, the largest scale
    that fits).
    """
    from boardgen.sheets.request import board_request
    from boardgen.sheets.single import board_sheet

    request = board_request(game_id, size=size, paper=paper, format="svg", ink=ink)
    drawing = request.info.make_board(request.size)
    try:
        return board_sheet(drawing, request.paper, request.options, request.cell_mm, request.orientation, request.cut_marks, request.names)
    except OptionError:
        return None


def board_page(game_id: str, size: int | None, paper: str, langs: list[str], ink: InkMode = "full") -> BoardPage | None:
    """The last page of a booklet on ``paper`` (None for A5, or when the board does not fit).

    The SVG's ``<title>``, which becomes the figure's alternative text in the
    tagged PDF, says what the page is in the booklet's languages (the board
    file's own title is the program's); the drawing is the board file's.
    """
    if paper not in BOARD_PAGE_PAPERS:
        return None
    sheet = board_page_sheet(game_id, size, paper, ink)
    if sheet is None:
        return None
    from boardgen.booklet.diagrams.draw import unique_ids
    from boardgen.drawing.svg import render_svg
    from boardgen.registry import get_game

    info = get_game(game_id)
    label = info.make_board(size).size_label()
    alt = " / ".join(ALT_TEXT[lang].format(title=f"{info.title[lang]} {label}".strip()) for lang in langs)
    sheet = replace(sheet, title=alt, description="")
    text = render_svg(sheet).decode("utf-8").split("\n", 1)[1]
    return BoardPage(Markup(unique_ids(text, "board")), sheet.width, sheet.height)
