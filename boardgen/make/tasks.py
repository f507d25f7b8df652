"""The functions that make an artefact's bytes, as run in a worker process (or in the build's own with ``--jobs 1``).

Each takes plain values (game ids, paper names: they are the options half of
the job's key, see :mod:`boardgen.make.plan`) and returns the file's bytes
(or the bytes and the number of pages, when it knows it cheaper than pypdf);
none writes anything: the build writes every file itself, in one process, so
that an interrupted build never leaves a half-written file behind a worker's
back.  :func:`run` wraps a task with what the record needs (sha256, pages,
seconds) and turns its exceptions into ones that survive the trip back to the
build process.

A game's checked sources are loaded once per process and kept for the build
(:func:`checked_game`): a worker makes several diagrams and booklets of the
same game.  The build empties the memo when it starts (:func:`reset`), so two
builds in one process (the tests) never share a stale copy; the sources the
build checked before forking are handed down to the workers that way too.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import pickle
import time
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boardgen.errors import BoardgenError

if TYPE_CHECKING:
    from boardgen.booklet.check import GameSources
    from boardgen.sheets.request import SheetRequest

_games: dict[str, "GameSources"] = {}


def reset() -> None:
    """Forget every game loaded so far (the start of a build)."""
    _games.clear()


def remember(game_id: str, game: "GameSources") -> None:
    """Keep a game the build has just checked, for the tasks (and the workers forked later)."""
    _games[game_id] = game


def checked_game(game_id: str) -> "GameSources":
    """The game's rule texts, loaded and checked once per process."""
    if game_id not in _games:
        from boardgen.booklet.build import game_folder, load_checked

        _games[game_id] = load_checked(game_folder(game_id))
    return _games[game_id]


# -- the tasks ----------------------------------------------------------------------------------


def sheet_request(game_id: str, size: int | None, paper: str, fmt: str, poster: bool = False, per_sheet: int | None = None) -> "SheetRequest":
    """The board request a board job's ``args`` stand for (tests inspect the requests the build plans through this).

    ``poster``: the game's tiled poster, the request ``boardgen board GAME --tile`` makes
    (its board's ``poster_cell_mm``: :func:`boardgen.sheets.request.poster_cell_mm`).
    """
    from boardgen.boards.base import BoardOptions
    from boardgen.registry import get_game
    from boardgen.sheets.paper import parse_paper
    from boardgen.sheets.request import SheetRequest, board_request

    game = get_game(game_id)
    if poster:
        return board_request(game, size=size, paper=paper, format=fmt, tile=True)
    return SheetRequest(game, size, parse_paper(paper), BoardOptions(), fmt, per_sheet=per_sheet)


def board_sheet(game_id: str, size: int | None, paper: str, fmt: str, poster: bool = False, per_sheet: int | None = None) -> bytes:
    """A board file: one board on the sheet, or the game's tiled poster, or ``per_sheet`` boards."""
    from boardgen.sheets.request import render_board_file

    return render_board_file(sheet_request(game_id, size, paper, fmt, poster, per_sheet))[0]


def record_sheet(game_id: str, paper: str, fmt: str) -> bytes:
    """A game's record sheet (``boardgen record``) on ``paper``, as PDF or SVG."""
    from boardgen.sheets.paper import parse_paper
    from boardgen.sheets.records import game_record, render_record

    return render_record(game_record(game_id), parse_paper(paper), fmt)[0]


def calibration_sheet(paper: str, fmt: str) -> bytes:
    """The printer self-test sheet (``boardgen calibrate``) on ``paper``, as PDF or SVG."""
    from boardgen.sheets.calibrate import render_calibration
    from boardgen.sheets.paper import parse_paper

    return render_calibration(parse_paper(paper), fmt)[0]
def pieces_sheet(game_id: str, paper: str, ink: str = "full") -> bytes:
    """A game's pieces to cut out, every page in one PDF, sized for its board on ``paper``."""
    from boardgen.registry import get_game
    from boardgen.sheets.paper import parse_paper
    from boardgen.sheets.pieces import render_pieces

    return render_pieces(get_game(game_id), parse_paper(paper), "light" if ink == "light" else "full")[0]


def booklet(game_id: str, langs: tuple[str, ...], paper: str, ink: str = "full") -> tuple[bytes, int]:
    """A game's booklet in ``langs`` (column order) on ``paper`` pages, in ``ink`` (``light``: the ink-saving edition), and its number of pages.

    The number comes from the laid-out document: reading it back from the PDF
    (pypdf) means parsing the object stream that holds the whole structure
    tree, half a second a booklet.
    """
    from boardgen.booklet.build import BookletRequest, booklet_document, parse_ink
    from boardgen.booklet.collector import fewer_full_collections
    from boardgen.booklet.typeset import document_pdf

    with fewer_full_collections():
        document = booklet_document(checked_game(game_id), BookletRequest(langs, paper, None, parse_ink(ink)))
        return document_pdf(document), len(document.pages)


def light_booklet(game_id: str, langs: tuple[str, ...], paper: str, ink: str, full_booklet: bytes) -> tuple[bytes, int]:
    """A game's ink-saving booklet (``ink`` is ``light``) from the bytes of its full-ink edition (the file the job needs), and its pages.

    The full-ink edition's layout with the drawings repainted in light ink:
    the booklet is not laid out a second time (boardgen/booklet/ink.py).
    """
    from boardgen.booklet.build import BookletRequest, light_booklet_pdf, parse_ink

    return light_booklet_pdf(checked_game(game_id), BookletRequest(langs, paper, None, parse_ink(ink)), full_booklet)


def imposed_booklet(sheet: str, a5_booklet: bytes) -> bytes:
    """An A5 booklet (the bytes of the file the job needs) imposed two-up on ``sheet``."""
    from boardgen.booklet.impose import impose

    return impose(a5_booklet, sheet)


def diagram(game_id: str, ident: str) -> bytes:
    """One diagram of a game's rule texts as a standalone SVG, described in each of its languages."""
    from boardgen.booklet.build import diagram_svg

    game = checked_game(game_id)
    if ident not in game.diagrams:  # the plan took the id from a cache entry the texts no longer hold
        raise BoardgenError(f"{game_id}'s rule texts have no diagram {ident!r}, which the build cache names: delete .boardgen-build.json in the output folder and build again")
    return diagram_svg(game, ident)


# -- running one ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Made:
    """A task's bytes and what the record says about them."""

    path: str
    data: bytes
    sha256: str
    pages: int | None
    seconds: float


@dataclass(frozen=True)
class Failed:
    """A task's exception, carried back as something that is sure to unpickle."""

    path: str
    error: BaseException | None  # the exception itself when it survives pickling
    message: str
    details: str  # the worker's traceback, for errors that are not the user's

    def exception(self) -> BaseException:
        if self.error is not None:
            return self.error
        if self.details:
            return RuntimeError(f"making {self.path} failed in a worker process:\n{self.details}")
        return BoardgenError(self.message)


def make(path: str, task: str, args: tuple[Any, ...], needed: tuple[bytes, ...] = ()) -> Made:
    """Call ``task`` (``module:function``) for the file ``path``: its bytes with their sha256, pages and time."""
    started = time.perf_counter()
    module_name, _, name = task.partition(":")
    result = getattr(importlib.import_module(module_name), name)(*args, *needed)
    data, pages = result if isinstance(result, tuple) else (result, None)
    if not isinstance(data, bytes):
        raise TypeError(f"{task} returned {type(data).__name__}, not bytes")
    if pages is None:
        pages = count_pages(data)
    return Made(path, data, hashlib.sha256(data).hexdigest(), pages, time.perf_counter() - started)


def run(path: str, task: str, args: tuple[Any, ...], needed: tuple[bytes, ...] = ()) -> Made | Failed:
    """:func:`make` in a worker process: a failure is returned, not raised, so that it reaches the build whole.

    A pool would pickle the exception itself, and an exception whose
    arguments do not round-trip (most with a custom ``__init__``) breaks the
    pool instead of the build.  The user's errors (BoardgenError) go back as
    themselves when they survive pickling, as their message otherwise; any
    other error is a bug and goes back with the worker's traceback.
    """
    try:
        return make(path, task, args, needed)
    except Exception as exc:  # noqa: BLE001 - every failure goes back to the build, which raises it
        return _failure(path, exc)


def _failure(path: str, exc: Exception) -> Failed:
    if not isinstance(exc, BoardgenError):
        return Failed(path, None, str(exc), traceback.format_exc())
    try:
        error: BaseException | None = pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001 - an exception whose arguments do not round-trip
        error = None
    return Failed(path, error, str(exc), "")


def count_pages(data: bytes) -> int | None:
    """The number of pages of a PDF (pypdf), None for any other file."""
    if not data.startswith(b"%PDF-"):
        return None
    try:
        from pypdf import PdfReader
    except ImportError:  # boards only, without the booklet stack: the count is left out
        return None
    return len(PdfReader(io.BytesIO(data)).pages)

