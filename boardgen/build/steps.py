"""``boardgen build``: every default board, booklet and diagram into one folder.

The build is a list of steps; a step is a function ``(output_dir: Path) -> list[Path]``
named by ``module:function``.  Board sheets come first; the booklet stack's
steps are imported only here, never by the board commands.

Before any step runs, :func:`run_steps` checks every source the steps will
read (:data:`CHECKS`: the rule texts), so a broken rule text stops the build
before a single board is written, and removes the temporary files a killed
earlier build left in the output folders (:data:`OUTPUT_FOLDERS`).

Steps report each file as ``wrote PATH`` at INFO on logger ``boardgen``
(the command line shows it unless ``-q``); a caller that wants the lines
itself passes ``log``.
"""

from __future__ import annotations

import importlib
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from boardgen.boards.base import BoardOptions
from boardgen.output import remove_stale_temporaries, write_atomic
from boardgen.sheets.paper import parse_paper
from boardgen.registry import GameInfo, all_games, module_exists
from boardgen.sheets.request import SheetRequest

logger = logging.getLogger("boardgen")

BUILD_PAPERS = ("a4", "letter")
BUILD_FORMATS = ("pdf", "svg")

STEPS: tuple[str, ...] = (
    "boardgen.build.steps:build_boards",
    "boardgen.build.steps:build_large_boards",
    "boardgen.booklet.build:build_booklets",
    "boardgen.booklet.build:build_diagrams",
)

# Checks run before any step: "module:function" taking no argument, raising on a bad source.
# A check whose module is not installed is skipped, as its steps are.
CHECKS: tuple[str, ...] = ("boardgen.build.steps:check_rule_texts",)

# The folders the steps write into, relative to the output folder (glob patterns).
OUTPUT_FOLDERS: tuple[str, ...] = (".", "boards", "booklets", "diagrams", "diagrams/*")

Progress = Callable[[str], None]


def _write_boards(output: Path, jobs: Iterable[tuple[str, SheetRequest]], log: Progress | None) -> list[Path]:
    """Render each (file name, request) into ``output/boards/``; the paths written, in job order."""
    from boardgen.sheets.request import render_board_file

    log = log or logger.info
    folder = output / "boards"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, request in jobs:
        data, _ = render_board_file(request)
        write_atomic(folder / name, data)
        written.append(folder / name)
        log(f"wrote {folder / name}")
    return written


def _size_part(game: GameInfo) -> str:
    return f"-{game.default_size}" if game.default_size else ""


def default_board_jobs() -> Iterator[tuple[str, SheetRequest]]:
    """Every game's default board, in SVG and PDF, on A4 and Letter."""
    for game in all_games():
        if not game.has_board():
            continue
        for paper_name in BUILD_PAPERS:
            for fmt in BUILD_FORMATS:
                request = SheetRequest(game, game.default_size, parse_paper(paper_name), BoardOptions(), fmt)
                yield f"{game.id}{_size_part(game)}-{paper_name}.{fmt}", request


POSTER_PAPER = "a2"  # tiled versions: the board as large as it would be on A2, printed on A4/Letter
PEN_BOARDS_PER_SHEET = 4


def large_board_jobs() -> Iterator[tuple[str, SheetRequest]]:
    """Tiled posters of every board, and pen-and-paper sheets of the games played with pens."""
    from boardgen.sheets.single import place_board

    for game in all_games():
        if not game.has_board():
            continue
        board = game.make_board(game.default_size)
        poster_scale = round(place_board(board, parse_paper(POSTER_PAPER), BoardOptions()).frame.scale, 1)
        for paper_name in BUILD_PAPERS:
            paper = parse_paper(paper_name)
            yield f"{game.id}{_size_part(game)}-poster-tiled-{paper_name}.pdf", SheetRequest(game, game.default_size, paper, BoardOptions(), "pdf", poster_scale, tile=True)
            if game.extra.get("pen_and_paper"):
                name = f"{game.id}{_size_part(game)}-pen-x{PEN_BOARDS_PER_SHEET}-{paper_name}.pdf"
                yield name, SheetRequest(game, game.default_size, paper, BoardOptions(), "pdf", per_sheet=PEN_BOARDS_PER_SHEET)


def build_boards(output: Path, log: Progress | None = None) -> list[Path]:
    """Every game's default board, in SVG and PDF, on A4 and Letter."""
    return _write_boards(output, default_board_jobs(), log)


def build_large_boards(output: Path, log: Progress | None = None) -> list[Path]:
    """Tiled posters of every board, and pen-and-paper sheets of the games played with pens."""
    return _write_boards(output, large_board_jobs(), log)


def check_rule_texts() -> None:
    """Every game's rule texts checked as the booklet and diagram steps will (ProblemsError if any is wrong).

    The booklet steps check them too, but only after the board steps have
    written their files: run here first, a broken text stops the build with
    its ``file:line`` and nothing written.  The booklet stack is imported only
    here, when the build runs, never by the board commands.
    """
    if not module_exists("boardgen.booklet.build"):
        return
    from boardgen.booklet.build import games_with_sources, load_checked

    for source in games_with_sources():
        load_checked(source)


def output_folders(output: Path) -> list[Path]:
    """The folders under ``output`` that the steps write into and that exist now."""
    folders: list[Path] = []
    for pattern in OUTPUT_FOLDERS:
        if pattern == ".":
            folders.append(output)
        else:
            folders += [folder for folder in sorted(output.glob(pattern)) if folder.is_dir() and not folder.is_symlink()]
    return folders


def _call(reference: str, *args: object) -> object:
    module_name, _, function = reference.partition(":")
    return getattr(importlib.import_module(module_name), function)(*args)


def run_steps(output: Path, log: Progress | None = None) -> list[Path]:
    """Check every source, clean up after killed runs, then run every step in order; the files written.

    Steps and checks whose module is not installed are skipped.  Stale
    temporary files (``.NAME.XXXXXXXX.tmp``, see :mod:`boardgen.output`) older
    than this run are removed from the output folders first.
    """
    started_at = time.time()
    for check in CHECKS:
        if module_exists(check.partition(":")[0]):
            _call(check)
    for stale in remove_stale_temporaries(output_folders(output), started_at):
        logger.info("removed %s (left by an interrupted run)", stale)
    written: list[Path] = []
    for step in STEPS:
        module_name = step.partition(":")[0]
        if not module_exists(module_name):
            logger.debug("step %s skipped: %s is not installed", step, module_name)
            continue
        started = time.perf_counter()
        files = _call(step, output, log)
        assert isinstance(files, list)
        logger.debug("step %s: %d files in %.1f s", step, len(files), time.perf_counter() - started)
        written += files
    return written
