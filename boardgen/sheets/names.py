"""The file names of every sheet: one function per kind, used by the build (its ``boards/`` files)
and by the commands (their default ``-o``), so that a file has one name wherever it is made.

A name says what the file is: the game, the board size, what kind of sheet
(``poster-tiled``, ``pen-x4``, ``pieces``, ``record``), every choice that makes
its drawing differ from the plain sheet, the paper, the ink, and the format::

    hex-11-a4.pdf                   the board on one A4 sheet (the build's)
    hex-11-poster-tiled-a4.pdf      the game's tiled poster (the build's, and --tile alone)
    hex-11-pen-x4-a4.pdf            4 small boards to play on with pens (the build's)
    hex-11-bleed3mm-a4.pdf          --bleed 3
    hex-11-tiled-cell25mm-a4.pdf    --tile --cell-mm 25: not the game's poster
    hex-11-a4-light.pdf             --ink light (as the booklets' ``-light``)

Two requests that draw different files get different names: each choice has
its own word, always in the same place, and numbers are written exactly
(``12.5``, never rounded).  Only pure string work here (no drawing is
imported), so the build can name a file while it plans, without drawing it.

Booklets are named by :meth:`boardgen.booklet.build.BookletRequest.file_name`,
which the build and ``boardgen booklet`` share the same way; the build names a
rule text's diagram by its id in the text, which a ``boardgen diagram``
command line has not got, so :func:`diagram_file_name` names that one by its
definition.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgen.sheets.request import SheetRequest

#: the defaults a name leaves unsaid (those of :func:`boardgen.sheets.request.board_request`)
DEFAULT_OVERLAP_MM = 10.0
DEFAULT_MARKS = "trim"
DEFAULT_DPI = 300  # boardgen.drawing.png.DEFAULT_DPI (a test holds them equal)


def number_text(value: float) -> str:
    """A number as a name writes it: whole numbers without ``.0``, others exactly (``repr``), so no two numbers share a text."""
    number = float(value)
    return str(int(number)) if number.is_integer() else repr(number)


def _size_part(size: int | None) -> str:
    return f"-{size}" if size else ""


def _ink_part(ink: str) -> str:
    return "" if ink == "full" else f"-{ink}"


def _dpi_part(fmt: str, dpi: int | None) -> list[str]:
    return [f"{dpi}dpi"] if fmt == "png" and dpi is not None and dpi != DEFAULT_DPI else []


def board_file_name(
    game_id: str,
    size: int | None,
    paper: str,
    fmt: str,
    *,
    ink: str = "full",
    tile: bool = False,
    cell_mm: float | None = None,
    board_mm: float | None = None,
    sheets: int | None = None,
    overlap_mm: float | None = None,
    marks: str | None = None,
    cut_marks: bool = False,
    per_sheet: int | None = None,
    bleed_mm: float | None = None,
    orientation: str = "auto",
    coordinates: bool = True,
    setup: bool = False,
    centre_mark: bool = True,
    dpi: int | None = None,
) -> str:
    """``GAME[-SIZE][-KIND][-CHOICE...]-PAPER[-INK].FORMAT`` of a board file.

    The keywords are :func:`boardgen.sheets.request.board_request`'s, as
    asked (``size`` already resolved to the game's default, None for a game
    on one board): ``cell_mm`` None means "as large as fits", and with
    ``tile`` and no ``cell_mm``, ``board_mm`` or ``sheets`` the file is the
    game's poster (``poster-tiled``, the build's name).  A value equal to
    the default (``overlap_mm`` 10, ``marks`` trim, ``dpi`` 300) is not said.
    """
    words: list[str] = []
    sized = cell_mm is not None or board_mm is not None or sheets is not None
    if per_sheet is not None:
        words.append(f"pen-x{per_sheet}")
    elif tile:
        words.append("tiled" if sized else "poster-tiled")
    if cell_mm is not None:
        words.append(f"cell{number_text(cell_mm)}mm")
    if board_mm is not None:
        words.append(f"board{number_text(board_mm)}mm")
    if sheets is not None:
        words.append(f"sheets{sheets}")
    if tile and overlap_mm is not None and float(overlap_mm) != DEFAULT_OVERLAP_MM:
        words.append(f"overlap{number_text(overlap_mm)}mm")
    if tile and marks is not None and marks != DEFAULT_MARKS:
        words.append(f"marks-{marks}")
    if cut_marks:
        words.append("cut-marks")
    if bleed_mm is not None:
        words.append(f"bleed{number_text(bleed_mm)}mm")
    if orientation != "auto":
        words.append(orientation)
    if setup:
        words.append("setup")
    if not coordinates:
        words.append("no-coordinates")
    if not centre_mark:
        words.append("no-centre-mark")
    words += _dpi_part(fmt, dpi)
    middle = "".join(f"-{word}" for word in words)
    return f"{game_id}{_size_part(size)}{middle}-{paper}{_ink_part(ink)}.{fmt}"


def request_file_name(request: SheetRequest, *, poster: bool = False) -> str:
    """The name of the file a checked board request draws (see :func:`board_file_name`).

    ``poster``: the request is ``tile`` with no size asked, so its cell size
    is the game's poster's (:func:`boardgen.sheets.request.board_request`
    fills it in, and the request alone cannot tell it from an asked one).
    """
    options = request.options
    return board_file_name(
        request.info.id,
        request.size,
        request.paper.name,
        request.fmt,
        ink=options.ink,
        tile=request.tile,
        cell_mm=None if poster else request.cell_mm,
        board_mm=request.board_mm,
        sheets=request.sheets,
        overlap_mm=request.overlap,
        marks=request.marks,
        cut_marks=request.cut_marks,
        per_sheet=request.per_sheet,
        bleed_mm=request.bleed,
        orientation=request.orientation,
        coordinates=options.coordinates,
        setup=options.setup,
        centre_mark=options.centre_mark,
        dpi=request.dpi,
    )


def pieces_file_name(game_id: str, size: int | None, paper: str, fmt: str, *, ink: str = "full", page: int | None = None, dpi: int | None = None) -> str:
    """``GAME[-SIZE]-pieces[-pageN][-DPIdpi]-PAPER[-INK].FORMAT``: the pieces fit the board of ``size`` on the paper.

    ``page`` counts only for one page (svg, png); page 1 is the default.
    """
    words = ["pieces"]
    if fmt != "pdf" and page is not None and page != 1:
        words.append(f"page{page}")
    words += _dpi_part(fmt, dpi)
    return f"{game_id}{_size_part(size)}-{'-'.join(words)}-{paper}{_ink_part(ink)}.{fmt}"


def record_file_name(game_id: str, paper: str, fmt: str) -> str:
    """``GAME-record-PAPER.FORMAT``: the game's score pad or notation sheet."""
    return f"{game_id}-record-{paper}.{fmt}"


def calibration_file_name(paper: str, fmt: str) -> str:
    """``calibrate-PAPER.FORMAT``: the printer self-test sheet."""
    return f"calibrate-{paper}.{fmt}"


def diagram_file_name(game_id: str, fmt: str, choices: Mapping[str, object], *, ink: str = "full", dpi: int | None = None) -> str:
    """``GAME-diagram[-KEY][-INK].FORMAT`` of a diagram drawn from options (``boardgen diagram``).

    ``choices`` are the options that decide the picture (moves, position,
    arrows, claims, size, variants, language...) as given; those left at
    their default (None, empty, or listed in :data:`DIAGRAM_DEFAULTS`) are
    dropped, and KEY is the first 10 hex digits of the SHA-256 of the rest
    (absent when nothing is left: the start position).  So the same options
    give the same name and other options another one, without a name as
    long as the command line.
    """
    chosen = {name: _plain(value) for name, value in sorted(choices.items()) if not _default_choice(name, value)}
    if fmt == "png" and dpi is not None and dpi != DEFAULT_DPI:
        chosen["dpi"] = dpi
    key = ""
    if chosen:
        text = json.dumps(chosen, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        key = "-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"{game_id}-diagram{key}{_ink_part(ink)}.{fmt}"


#: the diagram options' defaults (``boardgen diagram``), which a name leaves unsaid
DIAGRAM_DEFAULTS: dict[str, object] = {"numbers": True, "coordinates": True, "lang": "pt+en"}


def _default_choice(name: str, value: object) -> bool:
    if value is None or (isinstance(value, (Sequence, Mapping)) and not isinstance(value, str) and len(value) == 0):
        return True
    return name in DIAGRAM_DEFAULTS and DIAGRAM_DEFAULTS[name] == value


def _plain(value: object) -> object:
    """A choice as JSON can hold it, in one order (tuples as lists, mappings sorted)."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in sorted(value.items(), key=lambda pair: str(pair[0]))}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    return str(value)
