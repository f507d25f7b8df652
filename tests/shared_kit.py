"""Expensive test artefacts made once a run and shared by every pytest-xdist worker.

A module- or session-scoped fixture runs once in *each* xdist worker that
reaches one of its tests, so a booklet or a build that several workers need is
made several times.  These helpers keep such an artefact in a folder of the run
that every worker sees (the parent of the workers' base temporary folders under
xdist, the session's own without it), made by the first process that asks,
behind an ``fcntl`` lock, written to a temporary name and renamed into place:
the others wait for it and read it, and an artefact whose making failed leaves
nothing behind that a later test would take for finished.

Use them for what tests only *read*; a test that changes an artefact copies it
first (``tests/make/kit.py``'s ``copy_build`` for build folders).  A name must
say everything the artefact depends on (game, languages, paper, the options
or monkeypatched plan of a build): two different things under one name would
be shared by mistake.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def shared_folder(factory: pytest.TempPathFactory, name: str) -> Path:
    """The run's folder ``name`` that every xdist worker sees (each worker's basetemp is one level below it)."""
    base = factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    folder.mkdir(exist_ok=True)
    return folder


def once(path: Path, make: Callable[[], bytes]) -> Path:
    """``path``, written with the bytes of ``make()`` unless it exists; one process makes it, the others wait."""
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            data = make()
            part = path.with_name(path.name + ".part")
            part.write_bytes(data)
            part.replace(path)
    return path


def once_folder(folder: Path, make: Callable[[Path], None]) -> Path:
    """``folder``, filled by ``make(target)`` unless it exists; one process makes it, the others wait.

    ``make`` is given the folder's final path to write into (a build records
    the folder it was made for, so it cannot be made elsewhere and moved); a
    marker file beside it says the making finished, and a folder left without
    one by a failed attempt is removed and made again.
    """
    done = folder.with_name(folder.name + ".done")
    with open(folder.with_name(folder.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            if folder.exists():
                shutil.rmtree(folder)  # a making that failed half-way in an earlier test
            make(folder)
            done.write_text("", encoding="utf-8")
    return folder
