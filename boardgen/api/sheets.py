"""The printable sheets, as the ``board``, ``pieces``, ``record`` and ``calibrate`` commands draw them.

Each function takes the command's options as keywords, checks them as the
command does (through the same lower layers: :mod:`boardgen.sheets.request`,
:mod:`boardgen.sheets.pieces`, :mod:`boardgen.sheets.records`,
:mod:`boardgen.sheets.calibrate`) and returns the same bytes; only the names in
the messages differ (``cell_mm``, not ``--cell-mm``).  Only the drawing stack
is needed, not the ``[booklets]`` extra.
"""

from __future__ import annotations

from boardgen.api import checks, files
from boardgen.api.checks import StrPath
from boardgen.api.papers import chosen_paper
from boardgen.errors import OptionError
from boardgen.registry import all_games
from boardgen.sheets.paper import Paper
from boardgen.sheets.request import INKS, SHEET_FORMATS, board_request, ink_mode, png_resolution, render_board_file

RECORD_FORMATS = ("pdf", "svg")
CALIBRATION_FORMATS = ("pdf", "svg")
PAGES = (1, 999)  # the page of a pieces sheet written as SVG or PNG


def board_sheet(
    game: str,
    *,
    path: StrPath | None = None,
    size: int | None = None,
    paper: str | Paper | None = None,
    format: str | None = None,
    dpi: int | None = None,
    ink: str = "full",
    cell_mm: float | None = None,
    board_mm: float | None = None,
    orientation: str = "auto",
    coordinates: bool = True,
    setup: bool = False,
    centre_mark: bool = True,
    tile: bool = False,
    overlap_mm: float | None = None,
    marks: str | None = None,
    sheets: int | None = None,
    cut_marks: bool = False,
    bleed_mm: float | None = None,
    per_sheet: int | None = None,
) -> bytes:
    """A printable board of ``game`` as PDF, SVG or PNG bytes (also written to ``path`` when given): ``boardgen board``.

    ``size``: board size for games played on several (default: the game's).
    ``paper``: ``"a4"``, ``"letter"``, ``"a3"``... or ``"WIDTHxHEIGHT"`` in mm
    (default: from the environment and locale, as the command line).
    ``format``: ``"pdf"``, ``"svg"`` or ``"png"`` (default: from ``path``'s suffix, else pdf);
    ``dpi``: a png's resolution (default 300).
    ``ink``: ``"full"``, ``"light"`` (outlines and hatching, for cheap printing) or ``"mono"`` (one ink, patterns only).
    ``cell_mm`` or ``board_mm``: the scale, as one cell's size or the board's width
    (default: as large as fits). ``orientation``: ``"auto"``, ``"portrait"``,
    ``"landscape"``. ``tile``: a board larger than the paper over several sheets,
    ``overlap_mm`` apart (default 10), with ``marks`` at the seams (``"trim"``, the
    default, ``"corner"`` or ``"none"``); ``sheets``: instead of a scale, the largest
    board that fits that many sheets; with no ``cell_mm``, ``board_mm`` or ``sheets``,
    the game's poster (its board's ``poster_cell_mm``, the build's poster file).
    ``bleed_mm``: one sheet, its background that far (0 to 5 mm) beyond the board's trim
    edge, crop marks outside it. ``per_sheet``: that many small boards for pen and
    paper (Hex, Trihex). ``coordinates``, ``setup`` (start position drawn),
    ``centre_mark`` and ``cut_marks`` are True or False.

    >>> api.board_sheet("hex", size=5, paper="a4")[:5]
    b'%PDF-'
    >>> api.board_sheet("hex", ink="dark")
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: ink: must be full, light or mono, not 'dark'
    >>> api.board_sheet("hex", sheets=4)
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: sheets: only applies with tile
    """
    target = files.target(path)
    fmt = files.output_format(format, target, SHEET_FORMATS, "pdf")
    request = board_request(
        game,
        size=size,
        paper=paper,
        format=fmt,
        ink=ink,
        cell_mm=cell_mm,
        board_mm=board_mm,
        orientation=orientation,
        coordinates=coordinates,
        setup=setup,
        centre_mark=centre_mark,
        tile=tile,
        overlap_mm=overlap_mm,
        cut_marks=cut_marks,
        per_sheet=per_sheet,
        marks=marks,
        sheets=sheets,
        bleed_mm=bleed_mm,
        dpi=dpi,
    )
    files.check_writable(target)
    data, _ = render_board_file(request)
    return files.deliver(data, target)


def pieces_sheet(
    game: str,
    *,
    path: StrPath | None = None,
    paper: str | Paper | None = None,
    format: str | None = None,
    dpi: int | None = None,
    ink: str = "full",
    page: int | None = None,
) -> bytes:
    """The pieces of ``game`` to print and cut out, at the size of its board on ``paper``: ``boardgen pieces``.

    ``paper`` as for :func:`board_sheet` (the pieces fit the board drawn on it).
    ``format``: ``"pdf"`` (every page), ``"svg"`` or ``"png"`` (one page:
    ``page``, from 1, default 1); ``dpi``: a png's resolution (default 300).
    ``ink``: ``"full"``, ``"light"`` or ``"mono"``.

    >>> api.pieces_sheet("hex", paper="a4")[:5]
    b'%PDF-'
    >>> api.pieces_sheet("hex", page=2)
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: page: only applies to format svg or png (a PDF holds every page)
    """
    from boardgen.sheets.pieces import render_pieces

    info = checks.game(game)
    target = files.target(path)
    fmt = files.output_format(format, target, SHEET_FORMATS, "pdf")
    chosen_ink = checks.choice(ink, INKS, "ink")
    sheet = chosen_paper(paper)
    chosen_page = None
    if page is not None:
        chosen_page = checks.whole(page, "page")
        if not PAGES[0] <= chosen_page <= PAGES[1]:
            raise OptionError("page", f"must be a whole number from {PAGES[0]} to {PAGES[1]}, not {chosen_page}")
    resolution = png_resolution(dpi, fmt, sheet, "dpi", "format")
    if info.pieces is None:
        with_pieces = ", ".join(g.id for g in all_games() if g.pieces is not None)
        raise OptionError("game", f"{info.id} has no pieces sheet (games with one: {with_pieces})")
    files.check_writable(target)
    data, _ = render_pieces(info, sheet, ink_mode(chosen_ink), fmt, chosen_page, None, resolution)
    return files.deliver(data, target)


def record_sheet(game: str, *, path: StrPath | None = None, paper: str | Paper | None = None, format: str | None = None) -> bytes:
    """The record sheet of ``game`` (a score pad or a notation sheet, in Portuguese and English): ``boardgen record``.

    ``paper`` as for :func:`board_sheet`; ``format``: ``"pdf"`` or ``"svg"``
    (default: from ``path``'s suffix, else pdf).

    >>> api.record_sheet("xadrez", paper="letter")[:5]
    b'%PDF-'
    >>> api.record_sheet("hex")
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: game: hex has no record sheet (games with one: damas, gamao, surakarta, xadrez)
    """
    from boardgen.sheets.records import game_record, render_record

    info = checks.game(game)
    declared = game_record(info.id, "game")
    target = files.target(path)
    fmt = files.output_format(format, target, RECORD_FORMATS, "pdf")
    sheet = chosen_paper(paper)
    files.check_writable(target)
    data, _ = render_record(declared, sheet, fmt)
    return files.deliver(data, target)


def calibration_sheet(*, path: StrPath | None = None, paper: str | Paper | None = None, format: str | None = None) -> bytes:
    """The printer self-test sheet (two 100 mm bars, 3 mm and 6 mm edge frames): ``boardgen calibrate``.

    ``paper`` as for :func:`board_sheet`; ``format``: ``"pdf"`` or ``"svg"``
    (default: from ``path``'s suffix, else pdf).

    >>> api.calibration_sheet(paper="a4", format="svg")[:38]
    b'<?xml version="1.0" encoding="utf-8"?>'
    >>> api.calibration_sheet(paper="20x20")
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: paper: ...
    """
    from boardgen.sheets.calibrate import render_calibration

    target = files.target(path)
    fmt = files.output_format(format, target, CALIBRATION_FORMATS, "pdf")
    sheet = chosen_paper(paper)
    files.check_writable(target)
    data, _ = render_calibration(sheet, fmt)
    return files.deliver(data, target)
