"""``boardgen build``: every default board, booklet and diagram into one folder.

The build is a list of steps; a step is a function ``(output_dir: Path) -> list[Path]``
named by ``module:function``.  Board sheets come first; the booklet stack's
steps are imported only here, never by the board commands.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from boardgen.boards import BoardOptions
from boardgen.output import write_atomic
from boardgen.paper import parse_paper
from boardgen.registry import all_games, module_exists

BUILD_PAPERS = ("a4", "letter")
BUILD_FORMATS = ("pdf", "svg")

STEPS: tuple[str, ...] = (
    "boardgen.build:build_boards",
    "boardgen.booklet.build:build_booklets",
    "boardgen.booklet.build:build_diagrams",
)


def build_boards(output: Path, log: Callable[[str], None] = lambda _: None) -> list[Path]:
    """Every game's default board, in SVG and PDF, on A4 and Letter."""
    from boardgen.cli.board_cmd import render_board_file

    folder = output / "boards"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in all_games():
        if not game.has_board():
            continue
        for paper_name in BUILD_PAPERS:
            paper = parse_paper(paper_name)
            for fmt in BUILD_FORMATS:
                size = f"-{game.default_size}" if game.default_size else ""
                path = folder / f"{game.id}{size}-{paper_name}.{fmt}"
                data, _ = render_board_file(game, game.default_size, paper, BoardOptions(), fmt)
                write_atomic(path, data)
                written.append(path)
                log(f"wrote {path}")
    return written


def run_steps(output: Path, log: Callable[[str], None]) -> list[Path]:
    written: list[Path] = []
    for step in STEPS:
        module_name, _, function = step.partition(":")
        if not module_exists(module_name):
            continue
        written += getattr(importlib.import_module(module_name), function)(output, log)
    return written
