"""What the symlink and cache-trust tests share: one small built folder per module, copied for each test, and the manifest held to the files.

A copy of an output folder is another folder to the cache (it names the
folder it was made for), so :func:`copy_of` points the copy's cache at its
new place: the copy then behaves as the original would, every file hashed
once (new inodes) and found as recorded.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from boardgen.cli import main
from boardgen.make.cache import CACHE_NAME, folder_identity
from boardgen.site.catalogue import digest

# Seega (7 x 7): its boards, its 14 diagrams and the site, about 40 files made in two or three seconds.
SMALL = ("--only", "seega", "--kind", "boards,diagrams,site")
BOARD = "boards/seega-7-a4.svg"
DIAGRAM_FOLDER = "diagrams/seega"


def copy_of(built: Path, folder: Path) -> Path:
    """A copy of the built folder ``built`` at ``folder``, its cache pointed at the copy."""
    shutil.copytree(built, folder, symlinks=True)
    cache = folder / CACHE_NAME
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["output"] = folder_identity(folder)
    cache.write_text(json.dumps(data), encoding="utf-8")
    return folder


def manifest_problems(folder: Path) -> list[str]:
    """Where ``manifest.json`` and the folder disagree: a listed file missing or not as listed, a made file not listed."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    problems = []
    listed = {}
    for record in manifest["artefacts"]:
        listed[record["path"]] = record
        target = folder / record["path"]
        if target.is_symlink() or not target.is_file():
            problems.append(f"{record['path']}: listed, not a regular file")
            continue
        data = target.read_bytes()
        if (record["bytes"], record["sha256"]) != (len(data), digest(data)):
            problems.append(f"{record['path']}: listed as {record['bytes']} bytes {record['sha256'][:12]}, is {len(data)} bytes {digest(data)[:12]}")
    on_disk = {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file() and path.name not in (CACHE_NAME, "manifest.json")}
    problems += [f"{path}: in the folder, not listed" for path in sorted(on_disk - set(listed))]
    return problems


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seega's boards, diagrams and site, built once for the module that imports it (each test works on a copy)."""
    folder = tmp_path_factory.mktemp("built") / "out"
    with pytest.raises(SystemExit) as info:
        main(["build", "-q", "-o", str(folder), *SMALL])
    assert info.value.code in (0, None)
    return folder


@pytest.fixture
def out(built: Path, tmp_path: Path) -> Path:
    """A copy of the module's built folder, this test's own."""
    return copy_of(built, tmp_path / "out")

