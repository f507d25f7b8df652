"""Artefact records for the files of a real ``boardgen build`` output folder, made from their names.

The build makes its own records (``boardgen.make``); the browser test,
which makes a small folder without the build, and ``tools/site_preview.py``,
which reads any folder, need the list the build would hand to
:func:`boardgen.site.build_site`.  This is the only place that reads file
names: the patterns are the build's own (``boardgen/make/steps.py`` for
boards, ``BookletRequest.file_name`` for booklets, ``-light`` the ink-saving
edition, and a diagram's id as its file's name); the site itself never looks
at a name.
"""

from __future__ import annotations

import re
from pathlib import Path

from boardgen.registry import all_games
from boardgen.site.catalogue import Artefact, digest

# GAME[-SIZE]-PAPER.FMT, GAME[-SIZE]-poster-tiled-PAPER.pdf, GAME[-SIZE]-pen-xN-PAPER.pdf
_BOARD = re.compile(r"(?P<game>[a-z]+)(?:-(?P<size>\d+))?-(?:(?P<poster>poster-tiled-)|(?P<pen>pen-x\d+-))?(?P<paper>a4|letter)\.(?P<format>pdf|svg)")
# GAME-LANGS-PAPER[-light].pdf, GAME-LANGS-a5-imposed-SHEET[-light].pdf
_BOOKLET = re.compile(r"(?P<game>[a-z]+)-(?P<langs>(?:pt|en)(?:-(?:pt|en))?)-(?P<paper>a5|a4|letter)(?:-imposed-(?P<sheet>a4|letter))?(?P<light>-light)?\.pdf")


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
        size = int(match["size"]) if match["size"] else None
        return Artefact(game=match["game"], kind=kind, format=match["format"], paper=match["paper"], lang="pt+en", pages=pages, ink="full", size=size, **common)
    if folder == "booklets" and (match := _BOOKLET.fullmatch(name)) and match["game"] in games:
        kind = "booklet-imposed" if match["sheet"] else "booklet"
        lang = match["langs"].replace("-", "+")
        ink = "light" if match["light"] else "full"
        return Artefact(game=match["game"], kind=kind, format="pdf", paper=match["sheet"] or match["paper"], lang=lang, pages=pdf_pages(path), ink=ink, **common)
    if folder.startswith("diagrams/") and name.endswith(".svg") and folder.split("/")[1] in games:
        return Artefact(game=folder.split("/")[1], kind="diagram", format="svg", lang="pt+en", id=name.removesuffix(".svg"), **common)
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


def build_small_output(output: Path, games: tuple[str, ...], booklet_games: tuple[str, ...], impose_on: str | None = None) -> None:
    """A real build folder for a few games, made with the build's own functions and names.

    Every board file of ``games`` (sheets, posters, pen-and-paper sheets) and
    their diagrams; for ``booklet_games`` the bilingual A5 booklet, ``impose_on``
    (a sheet) also its imposition.  Typesetting is what this costs a test (about
    5 s a booklet; an imposition as much again), so a test asks for what it
    needs.
    """
    from boardgen.booklet.build import BUILD_LANGS, BookletRequest, booklet_pdf, diagram_files, game_folder, load_checked
    from boardgen.booklet.impose import impose
    from boardgen.make.steps import board_jobs, large_board_jobs
    from boardgen.make.tasks import sheet_request
    from boardgen.sheets.request import render_board_file

    (output / "boards").mkdir(parents=True, exist_ok=True)
    for job in [*board_jobs(), *large_board_jobs()]:
        if job.game in games:
            (output / "boards" / Path(job.path).name).write_bytes(render_board_file(sheet_request(*job.args))[0])
    for game_id in games:
        sources = load_checked(game_folder(game_id))
        folder = output / "diagrams" / game_id
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in diagram_files(sources).items():
            (folder / name).write_bytes(data)
        if game_id in booklet_games:
            (output / "booklets").mkdir(exist_ok=True)
            a5 = booklet_pdf(sources, BookletRequest(BUILD_LANGS, "a5"))
            (output / "booklets" / BookletRequest(BUILD_LANGS, "a5").file_name(game_id)).write_bytes(a5)
            if impose_on:
                (output / "booklets" / BookletRequest(BUILD_LANGS, "a5", impose_on).file_name(game_id)).write_bytes(impose(a5, impose_on))
