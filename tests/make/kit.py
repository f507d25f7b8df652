"""What the build tests share: running the command in this process, small builds, a home of copied rule texts.

The whole build takes minutes; these tests build parts of it (``--only``,
``--kind``, the booklets on A5 only) and say which.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from boardgen.make.cache import CACHE_NAME
from boardgen.cli import main

from ..conftest import ROOT

SHEETS = ("a4.pdf", "a4.svg", "letter.pdf", "letter.svg", "poster-tiled-a4.pdf", "poster-tiled-letter.pdf")


def board_files(game: str, default: int, others: tuple[int, ...]) -> list[str]:
    """A game's board files in the build: the default size's sheets, pen-and-paper sheets and pieces, and the sheets of its other popular sizes."""
    return sorted([f"boards/{game}-{default}-{name}" for name in (*SHEETS, "pen-x4-a4.pdf", "pen-x4-letter.pdf", "pieces-a4.pdf", "pieces-letter.pdf")] + [f"boards/{game}-{size}-{name}" for size in others for name in SHEETS])


HEX_BOARDS = board_files("hex", 11, (13, 14, 19))
TRIHEX_BOARDS = board_files("trihex", 11, (13, 15, 19))
HEX_BOOKLETS_A5 = ["booklets/hex-pt-en-a5-imposed-a4.pdf", "booklets/hex-pt-en-a5.pdf"]  # with the a5_only fixture


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``boardgen ARGV`` in this process: (status, stdout, stderr)."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def build_json(capsys: pytest.CaptureFixture[str], output: Path, *argv: str) -> dict:
    """``boardgen build -q --json -o OUTPUT ARGV`` in this process; its JSON (the build must succeed)."""
    status, out, err = run(capsys, "build", "-q", "--json", "-o", str(output), *argv)
    assert status == 0, err
    return json.loads(out)


def files_of(folder: Path) -> dict[str, int]:
    """Every file below ``folder`` but the cache, by relative path: its modification time (ns)."""
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in sorted(folder.rglob("*")) if p.is_file() and p.name != CACHE_NAME}


def cache_of(folder: Path) -> dict:
    return json.loads((folder / CACHE_NAME).read_text(encoding="utf-8"))


def make_home(folder: Path, games: tuple[str, ...]) -> Path:
    """A BOARDGEN_HOME holding the templates and the rule texts of ``games`` (copies, free to edit)."""
    shutil.copytree(ROOT / "templates", folder / "templates")
    for game in games:
        shutil.copytree(ROOT / "rules_text" / game, folder / "rules_text" / game)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def environment(**extra: str) -> dict[str, str]:
    return dict(os.environ, **extra)
