"""``boardgen build``: the job lists, which say every file the build makes.

:data:`STEPS` names the job lists (``module:function``), each a function
``(context: PlanContext) -> Iterable[Job]``; a list whose module is not
installed is skipped.  Board sheets come first.  The lists go over the games
the registry finds and the rule texts the booklet stack finds, so a new game
brings its boards, booklets and diagrams with it: nothing here names a game.
The booklet lists are in :mod:`boardgen.make.booklets`, which imports the
booklet stack only when it runs.

A job's ``args`` are plain values (game id, size, paper name, format), which
its task turns into the request (:mod:`boardgen.make.tasks`): they are the
options half of its key, so two builds that would draw the same board agree
on the key without drawing anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardgen.make.plan import Job, PlanContext
from boardgen.registry import GameInfo, all_games
from boardgen.sheets.names import board_file_name, calibration_file_name, pieces_file_name, record_file_name
from boardgen.site.catalogue import Kind

BUILD_PAPERS = ("a4", "letter")
BUILD_FORMATS = ("pdf", "svg")
PEN_BOARDS_PER_SHEET = 4
BOARD_LANGS = "pt+en"  # a sheet carries its printing notes in both languages
BOARD_TASK = "boardgen.make.tasks:board_sheet"

STEPS: tuple[str, ...] = (
    "boardgen.make.steps:board_jobs",
    "boardgen.make.steps:large_board_jobs",
    "boardgen.make.steps:print_sheet_jobs",
    "boardgen.make.steps:pieces_jobs",
    "boardgen.make.steps:other_size_jobs",
    "boardgen.make.booklets:booklet_jobs",
    "boardgen.make.booklets:diagram_jobs",
)

# Expected seconds of one core per file, until a build has measured them (the progress bar's first guess).
BOARD_COST = {"svg": 0.1, "pdf": 0.1}
POSTER_COST = 0.2
PEN_COST = 0.2


def _size(game: GameInfo, size: int | None = None) -> int | None:
    """The size a file's name says: the game's default when none is given (None for a game on one board)."""
    return size or game.default_size


def _board_job(game: GameInfo, name: str, kind: Kind, args: tuple[Any, ...], cost: float) -> Job:
    """A job for ``boards/NAME``: one of the game's sheets, drawn by :func:`boardgen.make.tasks.board_sheet` from ``args``."""
    return Job(
        path=f"boards/{name}",
        game=game.id,
        kind=kind,
        format="svg" if name.endswith(".svg") else "pdf",
        task=BOARD_TASK,
        args=args,
        inputs=("code", "fonts", f"game:{game.id}", "libraries"),
        cost=cost,
        paper=args[2],
        lang=BOARD_LANGS,
        ink="full",
        size=args[1],
    )


def _games_with_boards() -> Iterator[GameInfo]:
    return (game for game in all_games() if game.has_board())


def board_jobs(context: PlanContext | None = None) -> Iterator[Job]:
    """Every game's default board, in SVG and PDF, on A4 and Letter."""
    for game in _games_with_boards():
        yield from _sheets_of_size(game, game.default_size)


def _sheets_of_size(game: GameInfo, size: int | None) -> Iterator[Job]:
    for paper in BUILD_PAPERS:
        for fmt in BUILD_FORMATS:
            name = board_file_name(game.id, _size(game, size), paper, fmt)
            yield _board_job(game, name, "board", (game.id, size, paper, fmt), BOARD_COST[fmt])


def _poster(game: GameInfo, size: int | None, paper: str) -> Job:
    """The game's tiled poster on ``paper`` sheets: the board at its ``poster_cell_mm`` (the size its booklet states).

    The size is the board drawing's, read when the task runs
    (:func:`boardgen.sheets.request.poster_cell_mm`, as ``boardgen board GAME
    --tile`` reads it), so the plan stays free of drawing code.
    """
    name = board_file_name(game.id, _size(game, size), paper, "pdf", tile=True)
    return _board_job(game, name, "poster", (game.id, size, paper, "pdf", True, None), POSTER_COST)


def other_sizes(game: GameInfo) -> tuple[int, ...]:
    """The sizes the site offers besides the default: the game's ``popular_sizes`` (Hex 13, 14, 19; Seega 5, 9)."""
    return tuple(size for size in game.popular_sizes if size != game.default_size)


def other_size_jobs(context: PlanContext | None = None) -> Iterator[Job]:
    """The board and the tiled poster of every other popular size of the games played on several sizes.

    Players of Hex learn on 11 x 11 and play tournaments on 13, 14 and 19; a
    Seega board of 5 or 9 is what a family asks for after the 7 x 7 one.  The
    pen-and-paper sheets stay at the default size (small boards to play many
    games on, not a size to choose).
    """
    for game in _games_with_boards():
        for size in other_sizes(game):
            yield from _sheets_of_size(game, size)
            for paper in BUILD_PAPERS:
                yield _poster(game, size, paper)


def large_board_jobs(context: PlanContext | None = None) -> Iterator[Job]:
    """Tiled posters of every board, and pen-and-paper sheets of the games played with pens."""
    for game in _games_with_boards():
        for paper in BUILD_PAPERS:
            yield _poster(game, game.default_size, paper)
            if game.extra.get("pen_and_paper"):
                name = board_file_name(game.id, _size(game), paper, "pdf", per_sheet=PEN_BOARDS_PER_SHEET)
                yield _board_job(game, name, "pen", (game.id, game.default_size, paper, "pdf", False, PEN_BOARDS_PER_SHEET), PEN_COST)


RECORD_TASK = "boardgen.make.tasks:record_sheet"
CALIBRATION_TASK = "boardgen.make.tasks:calibration_sheet"
SHEET_COST = 0.1


def print_sheet_jobs(context: PlanContext | None = None) -> Iterator[Job]:
    """The printer self-test sheet on each paper (no game's), and the record sheet of every game that declares one."""
    from boardgen.sheets.records import games_with_records

    for paper in BUILD_PAPERS:
        for fmt in BUILD_FORMATS:
            yield Job(
                path=f"boards/{calibration_file_name(paper, fmt)}",
                game=None,
                kind="calibration",
                format="svg" if fmt == "svg" else "pdf",
                task=CALIBRATION_TASK,
                args=(paper, fmt),
                inputs=("code", "fonts", "libraries"),
                cost=SHEET_COST,
                paper=paper,
                lang=BOARD_LANGS,
                ink="full",
            )
    for game_id in games_with_records():
        for paper in BUILD_PAPERS:
            for fmt in BUILD_FORMATS:
                yield Job(
                    path=f"boards/{record_file_name(game_id, paper, fmt)}",
                    game=game_id,
                    kind="record",
                    format="svg" if fmt == "svg" else "pdf",
                    task=RECORD_TASK,
                    args=(game_id, paper, fmt),
                    inputs=("code", "fonts", f"game:{game_id}", "libraries"),
                    cost=SHEET_COST,
                    paper=paper,
                    lang=BOARD_LANGS,
                    ink="full",
                )


PIECES_TASK = "boardgen.make.tasks:pieces_sheet"
PIECES_COST = 0.3


def pieces_jobs(context: PlanContext | None = None) -> Iterator[Job]:
    """Every game's pieces sheet (PDF, all its pages), on A4 and Letter: sized for the board on the same paper."""
    for game in _games_with_boards():
        if not game.has_pieces():
            continue
        for paper in BUILD_PAPERS:
            yield Job(
                path=f"boards/{pieces_file_name(game.id, _size(game), paper, 'pdf')}",
                game=game.id,
                kind="pieces",
                format="pdf",
                task=PIECES_TASK,
                args=(game.id, paper, "full"),
                inputs=("code", "fonts", f"game:{game.id}", "libraries"),
                cost=PIECES_COST,
                paper=paper,
                lang=BOARD_LANGS,
                ink="full",
            )
