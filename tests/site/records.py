"""Artefact records for the files of a real ``boardgen build`` output folder, made from their names.

Until the build makes its own records (``boardgen.build``), the site's tests
and ``tools/site_preview.py`` need the list the build will hand to
:func:`boardgen.site.build_site`.  This is the only place that reads file
names: the patterns are the build's own (``boardgen/build/steps.py`` for
boards, ``boardgen/booklet/build.py`` for booklets and diagrams); the site
itself never looks at a name.
"""

from __future__ import annotations

import re
from pathlib import Path

from boardgen.registry import all_games
from boardgen.site.catalogue import Artefact, digest

# GAME[-SIZE]-PAPER.FMT, GAME[-SIZE]-poster-tiled-PAPER.pdf, GAME[-SIZE]-pen-xN-PAPER.pdf
_BOARD = re.compile(r"(?P<game>[a-z]+)(?:-\d+)?-(?:(?P<poster>poster-tiled-)|(?P<pen>pen-x\d+-))?(?P<paper>a4|letter)\.(?P<format>pdf|svg)")
# GAME-LANGS-PAPER.pdf, GAME-LANGS-a5-imposed-SHEET.pdf
_BOOKLET = re.compile(r"(?P<game>[a-z]+)-(?P<langs>(?:pt|en)(?:-(?:pt|en))?)-(?P<paper>a5|a4|letter)(?:-imposed-(?P<sheet>a4|letter))?\.pdf")


def pdf_pages(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def record(output: Path, path: Path, games: set[str] | None = None) -> Artefact | None:
    """The record of one file of the output folder, or None for a file the build does not write (or not of ``games``)."""
    relative = path.relative_to(output).as_posix()
    folder, name = relative.rpartition("/")[0], path.name
    games = games if games is not None else {game.id for game in all_games()}
    if not any(name.startswith(f"{game}-") or folder == f"diagrams/{game}" for game in games):
        return None
    data = path.read_bytes()
    common = {"path": relative, "bytes": len(data), "sha256": digest(data)}
    if folder == "boards" and (match := _BOARD.fullmatch(name)) and match["game"] in games:
        kind = "poster" if match["poster"] else "pen" if match["pen"] else "board"
        pages = pdf_pages(path) if match["format"] == "pdf" else None
        return Artefact(game=match["game"], kind=kind, format=match["format"], paper=match["paper"], lang="pt+en", pages=pages, ink="full", **common)
    if folder == "booklets" and (match := _BOOKLET.fullmatch(name)) and match["game"] in games:
        kind = "booklet-imposed" if match["sheet"] else "booklet"
        lang = match["langs"].replace("-", "+")
        return Artefact(game=match["game"], kind=kind, format="pdf", paper=match["sheet"] or match["paper"], lang=lang, pages=pdf_pages(path), **common)
    if folder.startswith("diagrams/") and name.endswith(".svg") and folder.split("/")[1] in games:
        return Artefact(game=folder.split("/")[1], kind="diagram", format="svg", lang="pt+en", **common)
    return None


def records_from_output(output: Path, games: set[str] | None = None) -> list[Artefact]:
    """Records of every board, booklet and diagram under ``output`` (of ``games`` only, if given), sorted."""
    found = []
    for path in sorted(output.rglob("*")):
        if not path.is_file() or path.name.startswith("."):
            continue
        made = record(output, path, games)
        if made is not None:
            found.append(made)
    return sorted(found)
