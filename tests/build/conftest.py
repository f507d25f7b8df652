"""Fixtures of the build tests: booklets on A5 only, a home of copied rule texts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgen.booklet import paths

from .kit import make_home


@pytest.fixture
def a5_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Booklets on A5 only, imposed on A4 only: the other papers take the same code path, and as long each."""
    import boardgen.booklet.build as booklet_build

    monkeypatch.setattr(booklet_build, "BOOKLET_PAPERS", ("a5",))
    monkeypatch.setattr(booklet_build, "IMPOSE_SHEETS", ("a4",))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """BOARDGEN_HOME set, for this test, to copies of the templates and of Hex's and Trihex's rule texts."""
    folder = make_home(tmp_path / "home", ("hex", "trihex"))
    monkeypatch.setenv("BOARDGEN_HOME", str(folder))
    paths.project_root.cache_clear()
    yield folder
    monkeypatch.delenv("BOARDGEN_HOME")
    paths.project_root.cache_clear()
