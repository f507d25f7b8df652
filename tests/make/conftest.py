"""Fixtures of the build tests: the bilingual full-ink booklet on A5 only, a home of copied rule texts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgen.booklet import paths

from .kit import make_home


@pytest.fixture
def a5_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bilingual full-ink booklet on A5 only, imposed on A4 only: two files a game.

    The other papers, languages and inks take the same code path, and each
    as long; tests/make/test_editions.py plans all of them and builds one of each kind.
    """
    import boardgen.booklet.build as booklet_build
    import boardgen.make.booklets as build_booklets

    monkeypatch.setattr(booklet_build, "BOOKLET_PAPERS", ("a5",))
    monkeypatch.setattr(booklet_build, "IMPOSE_SHEETS", ("a4",))
    monkeypatch.setattr(build_booklets, "EDITION_LANGS", (("pt", "en"),))
    monkeypatch.setattr(build_booklets, "EDITION_INKS", ("full",))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """BOARDGEN_HOME set, for this test, to copies of the templates and of Hex's and Trihex's rule texts."""
    folder = make_home(tmp_path / "home", ("hex", "trihex"))
    monkeypatch.setenv("BOARDGEN_HOME", str(folder))
    paths.project_root.cache_clear()
    yield folder
    monkeypatch.delenv("BOARDGEN_HOME")
    paths.project_root.cache_clear()
