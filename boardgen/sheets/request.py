"""What a board file looks like, decided once: the request that picks a single sheet,
a tiled poster or a pen-and-paper sheet, and the renderer (PDF or SVG) that writes it.

:func:`board_request` checks every choice and builds the :class:`SheetRequest`;
:func:`render_board_file` draws it.  The ``board`` command, the build and the
library API (:mod:`boardgen.api`) all come through here, so a board drawn by any
of them is the same bytes and a wrong value gets the same complaint, worded
with the name the caller uses for the option: the library's keyword
(``ink``) by default, or whatever the caller maps it to (the CLI's ``--ink``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from boardgen.boards.base import BoardDrawing, BoardOptions, InkMode
from boardgen.errors import OptionError, option_name
from boardgen.values import read_decimal, read_whole_number
from boardgen.registry import GameInfo, all_games, get_game
from boardgen.sheets.paper import Paper, default_paper, parse_paper

if TYPE_CHECKING:
    from boardgen.drawing.model import Sheet
    from boardgen.sheets.tile_plan import PosterInk

SHEET_FORMATS = ("pdf", "svg", "png")
INKS = ("full", "light", "mono")
ORIENTATIONS = ("auto", "portrait", "landscape")
CELL_MM = (1.0, 1000.0)  # one cell or point spacing, in mm
BOARD_MM = (10.0, 10000.0)  # the board's width, in mm
OVERLAP_MM = (0.0, 200.0)  # glue margin between tiles, in mm
DEFAULT_OVERLAP_MM = 10.0
PER_SHEET = (1, 36)  # boards on one pen-and-paper sheet
MARKS = ("corner", "trim", "none")  # a tiled poster's seam marks (boardgen.sheets.tiles.TILE_MARKS)
SHEETS = (1, 100)  # --sheets: the largest board on this many sheets (at most MAX_TILES)
BLEED_MM = (0.0, 5.0)  # background beyond the trim edge, in mm


@dataclass(frozen=True)
class SheetRequest:
    """Everything that decides what a board file looks like, already checked (see :func:`board_request`)."""

    info: GameInfo
    size: int | None
    paper: Paper
    options: BoardOptions
    fmt: str = "pdf"
    cell_mm: float | None = None
    orientation: str = "auto"
    board_mm: float | None = None
    tile: bool = False
    overlap: float = DEFAULT_OVERLAP_MM
    cut_marks: bool = False
    per_sheet: int | None = None
    #: what the caller calls each option in messages (keyword -> name, e.g. ``{"paper": "--paper"}``):
    #: a board that does not fit is only found out while drawing, and the error names the options
    #: that would make it fit.  Only the wording depends on it, so it is no part of equality.
    names: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    marks: str = "trim"  # tile marks: corner, trim or none
    sheets: int | None = None  # tiled: the largest board that fits this many sheets
    bleed: float | None = None  # one sheet: background this far beyond the trim edge, crop marks outside it
    dpi: int | None = None  # the resolution of a png (None: pdf and svg are vector)


def board_request(
    game: str | GameInfo,
    *,
    size: int | str | None = None,
    paper: str | Paper | None = None,
    format: str = "pdf",
    ink: str = "full",
    cell_mm: float | str | None = None,
    board_mm: float | str | None = None,
    orientation: str = "auto",
    coordinates: bool = True,
    setup: bool = False,
    centre_mark: bool = True,
    tile: bool = False,
    overlap_mm: float | str | None = None,
    cut_marks: bool = False,
    per_sheet: int | str | None = None,
    names: Mapping[str, str] | None = None,
    marks: str | None = None,
    sheets: int | str | None = None,
    bleed_mm: float | str | None = None,
    dpi: int | str | None = None,
) -> SheetRequest:
    """A checked request for one board file; OptionError naming the option for any wrong value.

    Numbers may also be given as the text a user typed (``"12"``, ``"12mm"``),
    so a command line can pass its options through unchanged.  ``paper`` None
    is the default paper (:func:`boardgen.sheets.paper.default_paper`).
    ``names`` maps a keyword (``"ink"``) to the name messages should use for it
    (``"--ink"``); keywords not in it are named as themselves.  ``tile``
    with no size asked (no ``cell_mm``, ``board_mm`` or ``sheets``) is the
    game's poster (:func:`poster_cell_mm`), the one the build makes.
    """
    def name(keyword: str) -> str:
        return option_name(names, keyword)

    info = game if isinstance(game, GameInfo) else get_game(_text(game, name("game")), name("game"))
    chosen_size = info.check_size(_whole(size, name("size")), name("size"))
    sheet = paper if isinstance(paper, Paper) else parse_paper(_text(paper, name("paper")) if paper is not None else default_paper(), name("paper"))
    fmt = _choice(format, SHEET_FORMATS, name("format"))
    chosen_ink = ink_mode(_choice(ink, INKS, name("ink")))
    chosen_orientation = _choice(orientation, ORIENTATIONS, name("orientation"))
    flags = {key: _flag(value, name(key)) for key, value in (("coordinates", coordinates), ("setup", setup), ("centre_mark", centre_mark), ("tile", tile), ("cut_marks", cut_marks))}
    cell = _mm(cell_mm, name("cell_mm"), *CELL_MM)
    width = _mm(board_mm, name("board_mm"), *BOARD_MM)
    overlap = _mm(overlap_mm, name("overlap_mm"), *OVERLAP_MM)
    count = _whole(per_sheet, name("per_sheet"))
    if count is not None and not PER_SHEET[0] <= count <= PER_SHEET[1]:
        raise OptionError(name("per_sheet"), f"must be a whole number from {PER_SHEET[0]} to {PER_SHEET[1]}, not {count}")

    if cell is not None and width is not None:
        raise OptionError(name("board_mm"), f"give either {name('cell_mm')} or {name('board_mm')}, not both")
    if overlap is not None and not flags["tile"]:
        raise OptionError(name("overlap_mm"), f"only applies with {name('tile')}")
    if count is not None and not info.extra.get("pen_and_paper"):
        pen_games = ", ".join(g.id for g in all_games() if g.extra.get("pen_and_paper"))
        raise OptionError(name("per_sheet"), f"pen-and-paper sheets are for {pen_games}, not {info.id}")
    if count is not None and (flags["tile"] or cell is not None or width is not None):
        raise OptionError(name("per_sheet"), f"picks its own scale; it does not combine with {name('tile')}, {name('cell_mm')} or {name('board_mm')}")
    resolution = png_resolution(dpi, fmt, sheet, name("dpi"), name("format"))
    if flags["tile"] and fmt != "pdf":
        raise OptionError(name("tile"), f"tiled boards are one multi-page PDF; use {name('format')} pdf")
    tiling = _tiling_choices(marks, sheets, flags["tile"], cell is not None or width is not None, name)
    bleed = _mm(bleed_mm, name("bleed_mm"), *BLEED_MM)
    if bleed is not None and (flags["tile"] or count is not None):
        raise OptionError(name("bleed_mm"), f"is for a board on one sheet; it does not combine with {name('tile')} or {name('per_sheet')}")
    if flags["tile"] and cell is None and width is None and tiling[1] is None:
        cell = poster_cell_mm(info, chosen_size)  # the game's own poster, as the build makes it
        if cell is None:
            raise OptionError(name("tile"), f"say how large the board should be with {name('cell_mm')}, {name('board_mm')} or {name('sheets')}")

    options = BoardOptions(coordinates=flags["coordinates"], ink=chosen_ink, setup=flags["setup"], centre_mark=flags["centre_mark"])
    return SheetRequest(
        info,
        chosen_size,
        sheet,
        options,
        fmt,
        cell,
        chosen_orientation,
        width,
        flags["tile"],
        overlap if overlap is not None else DEFAULT_OVERLAP_MM,
        flags["cut_marks"],
        count,
        dict(names or {}),
        *tiling,
        bleed,
        resolution,
    )


def poster_cell_mm(info: GameInfo, size: int | None) -> float | None:
    """What one board unit measures on the game's tiled poster: its board drawing's ``poster_cell_mm``.

    One number per game, kept with the board (the unit is the board's: a
    square, a point spacing, a pit's diameter), so the build's
    ``GAME-poster-tiled-PAPER.pdf``, ``boardgen board GAME --tile`` and the
    booklet's promise (tests/make/test_posters.py) cannot drift apart.
    """
    return info.make_board(size).poster_cell_mm


def ink_mode(chosen: str) -> InkMode:
    """The checked ``--ink`` word as the drawing's ink mode."""
    return "light" if chosen == "light" else "mono" if chosen == "mono" else "full"


def png_resolution(dpi: int | str | None, fmt: str, paper: Paper | None, option: str = "dpi", format_option: str = "format") -> int | None:
    """The png's dots per inch (DEFAULT_DPI unless given); a dpi for a vector format is an error.

    Every command that writes sheets checks ``--dpi`` through here (boards, pieces, diagrams).
    ``paper`` None: a sheet whose size is known only once drawn (a diagram), so the range
    alone is checked here and the image's size when it is rendered.
    """
    from boardgen.drawing.png import DEFAULT_DPI, DPI_RANGE, check_dpi

    chosen = _whole(dpi, option)
    if fmt != "png":
        if chosen is not None:
            raise OptionError(option, f"only applies with {format_option} png")
        return None
    chosen = DEFAULT_DPI if chosen is None else chosen
    if paper is not None:
        check_dpi(chosen, paper.width, paper.height, option)
    elif not DPI_RANGE[0] <= chosen <= DPI_RANGE[1]:
        raise OptionError(option, f"must be from {DPI_RANGE[0]} to {DPI_RANGE[1]} dots per inch, not {chosen}")
    return chosen


def _tiling_choices(marks: str | None, sheets: int | str | None, tile: bool, sized: bool, name: Callable[[str], str]) -> tuple[str, int | None]:
    """The tile marks and the --sheets count, checked: both only apply to a tiled poster."""
    chosen = _choice(marks, MARKS, name("marks")) if marks is not None else "trim"
    count = _whole(sheets, name("sheets"))
    if (marks is not None or count is not None) and not tile:
        raise OptionError(name("marks") if marks is not None else name("sheets"), f"only applies with {name('tile')}")
    if count is not None and not SHEETS[0] <= count <= SHEETS[1]:
        raise OptionError(name("sheets"), f"must be a whole number from {SHEETS[0]} to {SHEETS[1]}, not {count}")
    if count is not None and sized:
        raise OptionError(name("sheets"), f"picks the board's size itself; give it without {name('cell_mm')} or {name('board_mm')}")
    return chosen, count


def _text(value: object, option: str) -> str:
    if not isinstance(value, str):
        raise OptionError(option, f"expected text, not {value!r}")
    return value


def _choice(value: object, allowed: tuple[str, ...], option: str) -> str:
    """One of ``allowed`` (any case, spaces around ignored)."""
    chosen = value.strip().lower() if isinstance(value, str) else None
    if chosen is None or chosen not in allowed:
        raise OptionError(option, f"must be {', '.join(allowed[:-1])} or {allowed[-1]}, not {value!r}")
    return chosen


def _flag(value: object, option: str) -> bool:
    """A yes/no choice: only True or False, so that ``coordinates="off"`` does not count as yes."""
    if not isinstance(value, bool):
        raise OptionError(option, f"must be True or False, not {value!r}")
    return value


def _whole(value: int | str | None, option: str) -> int | None:
    """A whole number (or its digits as text); None stays None."""
    if value is None:
        return None
    if isinstance(value, str) and read_whole_number(value) is not None:
        return read_whole_number(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise OptionError(option, f"expected a whole number, not {value!r}")


def _mm(value: float | str | None, option: str, low: float, high: float) -> float | None:
    """A length in millimetres within [low, high] (a number, or text such as ``"12"`` or ``"12mm"``)."""
    if value is None:
        return None
    number: float | None = None
    if isinstance(value, str):
        try:
            number = read_decimal(value.strip().removesuffix("mm"))
        except ValueError:
            number = None
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    if number is None or not math.isfinite(number):
        raise OptionError(option, f"expected a length in mm from {low:g} to {high:g}, not {value!r}")
    if not low <= number <= high:
        raise OptionError(option, f"must be from {low:g} to {high:g} mm, not {number:g}")
    return number


def render_board_file(request: SheetRequest) -> tuple[bytes, str]:
    """(file bytes, one-line summary) of a board sheet, tiled poster or pen-and-paper sheet.

    A board that does not fit raises OptionError naming the options as
    ``request.names`` maps them (the keywords themselves by default).
    """
    from boardgen.drawing import palette

    with palette.inked(request.options.ink):
        drawing, scale, sheets, poster = _drawn(request)
    return encode_sheets(sheets, request.fmt, request.dpi), _summary(request, drawing, scale, sheets, poster)


def board_sheets(request: SheetRequest) -> list[Sheet]:
    """The sheets of a board file, drawn in the current palette (a poster: the assembly page, then the tiles)."""
    return _drawn(request)[2]


def _drawn(request: SheetRequest) -> tuple[BoardDrawing, float | None, list[Sheet], PosterInk | None]:
    """The board drawing, its scale (None: as large as fits), the sheets of the file (see :func:`board_sheets`)
    and a poster's one drawing (:class:`boardgen.sheets.tile_plan.PosterInk`; None for other sheets)."""
    from boardgen.sheets.single import board_sheet, fits_on_paper, scale_for_board_width

    drawing = request.info.make_board(request.size)
    scale = request.cell_mm
    poster = None  # the poster the search for --sheets drew, reused by its sheets
    if request.board_mm is not None:
        scale = scale_for_board_width(drawing, request.options, request.board_mm)
    if request.sheets is not None:
        from boardgen.sheets.tile_plan import largest_poster

        scale, poster = largest_poster(drawing, request.paper, request.options, request.sheets, request.overlap, request.cut_marks, request.orientation, request.names)
    tiled = request.tile and scale is not None and not fits_on_paper(drawing, request.paper, request.options, scale, request.orientation, request.cut_marks)
    if request.per_sheet is not None:
        from boardgen.sheets.pen import pen_sheet

        sheets = [pen_sheet(drawing, request.paper, request.options, request.per_sheet, request.orientation, request.names)]
    elif tiled:
        from boardgen.sheets.tile_plan import poster_for
        from boardgen.sheets.tiles import tiled_sheets

        assert scale is not None
        poster = poster_for(drawing, request.options, scale, request.cut_marks, poster)
        sheets = tiled_sheets(drawing, request.paper, request.options, scale, request.overlap, request.cut_marks, request.names, request.marks, poster)
    else:
        sheets = [board_sheet(drawing, request.paper, request.options, scale, request.orientation, request.cut_marks, request.names, request.bleed)]
    if request.options.mono:
        from boardgen.drawing import palette
        from boardgen.drawing.mono import with_halos

        sheets = [replace(sheet, content=with_halos(sheet.content, palette.current().paper)) for sheet in sheets]
    return drawing, scale, sheets, poster


def encode_sheets(sheets: list[Sheet], fmt: str, dpi: int | None = None) -> bytes:
    """The file bytes of ``sheets`` in ``fmt``: svg and png show the first sheet, a pdf has one page each.

    For any command that makes sheets (boards, diagrams, pieces): one png at ``dpi`` (default 300).
    """
    if fmt == "svg":
        from boardgen.drawing.svg import render_svg

        return render_svg(sheets[0], page=True)
    if fmt == "png":
        from boardgen.drawing.png import DEFAULT_DPI, render_png

        return render_png(sheets[0], dpi or DEFAULT_DPI)
    from boardgen.drawing.pdf import render_pdf_pages

    return render_pdf_pages(sheets, title=sheets[0].title, subject=sheets[0].subject or sheets[1].subject if len(sheets) > 1 else sheets[0].subject)


def _summary(request: SheetRequest, drawing: BoardDrawing, scale: float | None, sheets: list[Sheet], poster: PosterInk | None = None) -> str:
    """The log line: the sheet's subject, or how many sheets a poster takes; with --sheets, the size it chose."""
    summary = sheets[0].subject if len(sheets) == 1 else _poster_summary(request, drawing, scale, len(sheets) - 1, poster)
    if request.sheets is not None:
        from boardgen.sheets.single import board_box

        assert scale is not None
        # The board as drawn on the last sheet (a tile's copy of the poster, whole under its clip): no new drawing.
        box = board_box(sheets[-1].content.find(f"board-{drawing.game_id}")[0])
        many = f"{request.sheets} {'sheet' if request.sheets == 1 else 'sheets'} of {request.paper.label}"
        summary = f"the largest board on {many}: {drawing.unit_label['en']} {scale:.1f} mm, board {box[2] - box[0]:.1f} x {box[3] - box[1]:.1f} mm; {summary}"
    return summary


def _poster_summary(request: SheetRequest, drawing: BoardDrawing, scale: float | None, count: int, poster: PosterInk | None = None) -> str:
    """"this poster uses K sheets of A4 for its tiles, plus an assembly page; on A3 it would use M" (tile sheets)."""
    from boardgen.sheets.tiles import on_larger_paper

    assert scale is not None
    line = f"this poster uses {count} sheets of {request.paper.label} for its tiles, plus an assembly page"
    other = on_larger_paper(drawing, request.paper, request.options, scale, request.overlap, request.cut_marks, poster)
    return line + (f"; on {other[0].label} it would use {other[1]}" if other else "")
