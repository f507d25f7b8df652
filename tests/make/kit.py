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
from ..shared_kit import once_folder, shared_folder

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


# -- one build shared by the tests that start from it ---------------------------------------------


def shared_build(factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], name: str, *argv: str) -> tuple[Path, dict]:
    """``boardgen build ARGV`` made once a run (across xdist workers) into a folder of its own: (folder, its JSON).

    ``name`` says what is built: the same name for the same arguments and the
    same monkeypatched plan (``STEPS``, the ``a5_only`` editions), which the
    caller must have set.  The folder is shared: read it, or :func:`copy_build`
    it to change it.  The first test that asks builds it behind a lock
    (:func:`tests.shared_kit.once_folder`); the others wait for it.
    """
    shared = shared_folder(factory, "shared-builds")
    record = shared / f"{name}.json"

    def make(folder: Path) -> None:
        record.write_text(json.dumps(build_json(capsys, folder, *argv)), encoding="utf-8")

    folder = once_folder(shared / name, make)
    return folder, json.loads(record.read_text(encoding="utf-8"))


def copy_build(source: Path, target: Path) -> Path:
    """A copy of the output folder ``source`` at ``target`` that the next build takes for its own.

    Files keep their bytes and modification times (``copy2``: what the cache
    compares), and the cache is told it is ``target``'s: a cache records the
    folder it was written for and ignores itself elsewhere (tests of that in
    test_incremental.py), so without this the copy would be built again whole.
    """
    from boardgen.make.cache import folder_identity

    shutil.copytree(source, target, symlinks=True)
    cache = target / CACHE_NAME
    stat = cache.stat()
    data = json.loads(cache.read_text(encoding="utf-8"))
    assert data["output"] == folder_identity(source), data["output"]
    data["output"] = folder_identity(target)
    cache.write_text(json.dumps(data), encoding="utf-8")
    os.utime(cache, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    return target
