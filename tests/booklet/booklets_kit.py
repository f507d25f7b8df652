"""The real booklets of ``rules_text/``, typeset once per test session and shared by the tests that read them.

Typesetting a booklet takes seconds, and several test files (text
extraction, margins) read the same ones, possibly from different pytest-xdist
workers.  :func:`booklet_file` writes each PDF once into a folder of the
session (the folder all workers share under xdist, the session's own folder
without it), behind a lock, so the first worker that needs a booklet builds it
and the others wait for it and read the file.  The booklets are the ones
``boardgen booklet`` writes (:func:`boardgen.booklet.build.booklet_pdf`, the
cover fitted and all); the imposed sheets are made from the A5 file as
``boardgen build`` does.  What ``pdftotext`` reads from a shared booklet is
kept beside it (:func:`pdf_text`), so the tests that read the same booklet,
in whatever worker, run the extraction once.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from boardgen.booklet.build import BookletRequest, booklet_pdf, game_folder, games_with_sources, load_checked
from boardgen.booklet.impose import impose

from ..shared_kit import once as _once, shared_folder

GAMES = [folder.name for folder in games_with_sources()]


@dataclass(frozen=True)
class Booklet:
    """One booklet to typeset: a game, its languages in column order, the page paper, the ink (light: the ink-saving edition)."""

    game: str
    langs: tuple[str, ...] = ("pt", "en")
    paper: str = "a5"
    ink: str = "full"

    @property
    def name(self) -> str:
        return f"{self.game}-{'-'.join(self.langs)}-{self.paper}" + ("-light" if self.ink == "light" else "")

    @property
    def bilingual(self) -> bool:
        return len(self.langs) > 1


# Every game's bilingual A5 booklet (the one printed most), the bilingual layout on the two other
# papers, and a single-language booklet (Assalto in English: "officers" on every page).
BOOKLETS = (
    *(Booklet(game) for game in GAMES),
    Booklet("hex", paper="a4"),
    Booklet("trihex", paper="letter"),
    Booklet("assalto", ("en",)),
)
# The typesetting checks (test_typesetting.py) read three more: with these, every game is measured
# on two of its booklets, and A4, Letter and the single-language layout each on two games.
ALL_BOOKLETS = (
    *BOOKLETS,
    Booklet("ringo", paper="a4"),
    Booklet("brax", paper="letter"),
    Booklet("surakarta", ("pt",)),
)


def _shared_folder(factory: pytest.TempPathFactory) -> Path:
    """The run's folder of shared booklets, which every xdist worker sees (:mod:`tests.shared_kit`)."""
    return shared_folder(factory, "shared-booklets")


def booklet_file(factory: pytest.TempPathFactory, booklet: Booklet) -> Path:
    """The PDF of ``booklet``, typeset from the real sources the first time it is asked for in the session."""
    request = BookletRequest(booklet.langs, booklet.paper)
    if booklet.ink != "full":  # the full edition is the request's default
        request = replace(request, ink=booklet.ink)
    if booklet.ink == "light":  # painted on the shared full-ink file, as booklet_pdf paints it on one it typesets (the same bytes)
        from boardgen.booklet.build import light_booklet_pdf

        full = booklet_file(factory, replace(booklet, ink="full"))
        return _once(_shared_folder(factory) / f"{booklet.name}.pdf", lambda: light_booklet_pdf(load_checked(game_folder(booklet.game)), request, full.read_bytes())[0])
    return _once(_shared_folder(factory) / f"{booklet.name}.pdf", lambda: booklet_pdf(load_checked(game_folder(booklet.game)), request))


def imposed_file(factory: pytest.TempPathFactory, booklet: Booklet, sheet: str) -> Path:
    """The A5 ``booklet`` imposed two-up on ``sheet`` ("a4" or "letter"), as ``boardgen build`` writes it."""
    assert booklet.paper == "a5"
    source = booklet_file(factory, booklet)
    return _once(_shared_folder(factory) / f"{booklet.name}-imposed-{sheet}.pdf", lambda: impose(source.read_bytes(), sheet))


def pdf_text(pdf: Path, *args: str) -> str:
    """``pdftotext ARGS PDF -`` of a booklet from :func:`booklet_file` or :func:`imposed_file`, run once a session.

    The text is kept beside the PDF in the shared folder (named by the
    arguments), so every test and worker that asks again reads the file.
    """
    from ..conftest import require_tool

    tool = require_tool("pdftotext")
    name = pdf.stem + "".join(arg.replace("-", "_") for arg in args) + ".txt"

    def extract() -> bytes:
        return subprocess.run([tool, *args, str(pdf), "-"], capture_output=True, check=True).stdout

    return _once(pdf.with_name(name), extract).read_text(encoding="utf-8")
