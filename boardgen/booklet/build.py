"""The booklet pipeline end to end: one booklet or one diagram of a game's checked texts.

check (:mod:`check`) -> HTML (:mod:`html`) -> PDF (:mod:`typeset`) -> optional
imposition (:mod:`impose`).  The check comes first and nothing is made when it
finds a problem.  Nothing here writes a file: the callers do (the ``booklet``
and ``diagram`` commands, and ``boardgen build``, whose job lists for
booklets and diagrams are :mod:`boardgen.make.booklets`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from boardgen.boards.base import InkMode
from boardgen.booklet.paths import fonts_dir, game_texts_dir, templates_dir, text_roots
from boardgen.booklet.problems import ProblemsError
from boardgen.booklet.sources import LANGUAGES, source_file
from boardgen.errors import OptionError, option_name

if TYPE_CHECKING:  # the check (engines, diagram syntax) is imported when a game is loaded, not to plan a build
    from boardgen.booklet.check import GameSources

BOOKLET_PAPERS = ("a5", "a4", "letter")
IMPOSE_SHEETS = ("a4", "letter")
BUILD_LANGS = ("pt", "en")  # the bilingual booklet that ``boardgen build`` writes
BOOKLET_INKS = ("full", "light")  # "light": the ink-saving edition (no tinted boxes, boards in light ink)


@dataclass(frozen=True)
class BookletRequest:
    """What to typeset: languages in column order, the page paper, the sheet to impose on (if any), the ink.

    ``ink="light"`` is the ink-saving edition; its file name ends in ``-light``
    (``hex-pt-en-a5-light.pdf``, ``hex-pt-en-a5-imposed-a4-light.pdf``).
    """

    langs: tuple[str, ...] = BUILD_LANGS
    paper: str = "a5"
    impose_on: str | None = None
    ink: InkMode = "full"

    def file_name(self, game_id: str) -> str:
        name = f"{game_id}-{'-'.join(self.langs)}-{self.paper}"
        if self.impose_on:
            name += f"-imposed-{self.impose_on}"
        return f"{name}-light.pdf" if self.ink == "light" else f"{name}.pdf"


def parse_langs(text: str, option: str = "langs") -> tuple[str, ...]:
    """``pt``, ``en`` or ``pt+en`` (any order is kept as given) as language codes.

    ``option`` is what the caller calls the choice in the error (the command line's ``--lang``).
    """
    langs = tuple(part.strip().lower() for part in text.split("+"))
    allowed = f"{', '.join(LANGUAGES)} or {'+'.join(LANGUAGES)}"
    if not langs or any(lang not in LANGUAGES for lang in langs) or len(set(langs)) != len(langs):
        raise OptionError(option, f"must be {allowed}, not {text!r}")
    return langs


def parse_request(langs: str, paper: str | None, impose: bool, *, ink: object = "full", names: Mapping[str, str] | None = None) -> BookletRequest:
    """The request the booklet options describe: with ``impose``, ``paper`` is the sheet and pages are A5.

    ``paper`` None (or empty) is A5 pages, or with ``impose`` the default paper of
    the locale.  ``ink`` is ``full`` or ``light`` (the ink-saving edition).
    ``names`` maps the keywords ``langs``, ``paper``, ``impose`` and ``ink`` to
    what the caller calls them in errors (the command line's ``--lang``,
    ``--paper``, ``--impose``, ``--ink``); a keyword not in it is named as itself.
    """
    from boardgen.sheets.paper import default_paper

    def name(keyword: str) -> str:
        return option_name(names, keyword)

    chosen = parse_langs(langs, name("langs"))
    chosen_ink = parse_ink(ink, name("ink"))
    if impose:
        sheet = (paper or default_paper()).strip().lower()
        if sheet not in IMPOSE_SHEETS:
            raise OptionError(
                name("paper"),
                f"with {name('impose')}, {name('paper')} is the sheet the A5 pages go on: {' or '.join(IMPOSE_SHEETS)}, not {sheet!r}",
            )
        return BookletRequest(chosen, "a5", sheet, chosen_ink)
    page = (paper or "a5").strip().lower()
    if page not in BOOKLET_PAPERS:
        raise OptionError(name("paper"), f"must be {', '.join(BOOKLET_PAPERS)}, not {page!r}")
    return BookletRequest(chosen, page, None, chosen_ink)


def parse_ink(ink: object, option: str = "ink") -> InkMode:
    """``full`` or ``light`` (any case, spaces around ignored); OptionError naming ``option`` otherwise."""
    chosen = ink.strip().lower() if isinstance(ink, str) else None
    if chosen == "light":
        return "light"
    if chosen == "full":
        return "full"
    raise OptionError(option, f"must be {' or '.join(BOOKLET_INKS)}, not {ink!r}")


def game_folder(game_id: str) -> Path:
    return game_texts_dir(game_id)


def load_checked(folder: Path, game_id: str | None = None) -> GameSources:
    """The game's sources, checked; ProblemsError listing every problem if any."""
    from boardgen.booklet.check import load_game

    game = load_game(folder, game_id)
    if game.problems:
        raise ProblemsError(game.problems)
    return game


def booklet_document(game: GameSources, request: BookletRequest, cover_only: bool = False):
    """A checked game's booklet laid out (a WeasyPrint document), its cover fitted on page 1.

    ``cover_only`` lays out just the cover (a fraction of the time), for
    checking that it fits.  An A4 or Letter booklet ends with the board at
    exact scale (:mod:`boardgen.booklet.board_page`); with ``request.ink``
    light, every board (cover, diagrams, that last page) is drawn in light ink.
    """
    from boardgen.booklet.board_page import board_page
    from boardgen.booklet.cover import fit_cover
    from boardgen.booklet.diagrams.draw import diagram_ink
    from boardgen.booklet.html import booklet_html
    from boardgen.booklet.papers import PAPERS
    from boardgen.booklet.typeset import render_document

    paper = PAPERS[request.paper]
    roots = (templates_dir(), fonts_dir(), game.folder.resolve())
    size = game.defaults.size if game.defaults else None
    last = None if cover_only else board_page(game.id, size, request.paper, list(request.langs), request.ink)

    def layout(cover_height_mm: float):
        with diagram_ink(request.ink):
            html = booklet_html(game, list(request.langs), paper, cover_height_mm=cover_height_mm, cover_only=cover_only, ink=request.ink, board_page=last)
        return render_document(html, roots=roots, base=game.folder)

    document, _ = fit_cover(layout, paper.layout_height_mm)
    return document


def cover_height_mm(game: GameSources, request: BookletRequest) -> float:
    """The cover picture's largest height that keeps the booklet's cover on page 1, from a layout of the cover alone.

    What :func:`booklet_document` chooses for the whole booklet (the cover is
    the first page; what follows it does not change it); the ink-saving
    edition draws its cover at this height when the full-ink one's had to shrink.
    """
    from boardgen.booklet.cover import fit_cover
    from boardgen.booklet.html import booklet_html
    from boardgen.booklet.papers import PAPERS
    from boardgen.booklet.typeset import render_document

    paper = PAPERS[request.paper]
    roots = (templates_dir(), fonts_dir(), game.folder.resolve())

    def layout(height: float):
        return render_document(booklet_html(game, list(request.langs), paper, cover_height_mm=height, cover_only=True), roots=roots, base=game.folder)

    return fit_cover(layout, paper.layout_height_mm)[1]


def booklet_pdf(game: GameSources, request: BookletRequest) -> bytes:
    """Typeset a checked game's booklet.

    The ink-saving edition is the full-ink edition's layout with its drawings
    repainted (:func:`light_booklet_pdf`): the full-ink PDF is made first.
    """
    from boardgen.booklet.collector import fewer_full_collections
    from boardgen.booklet.impose import impose
    from boardgen.booklet.typeset import document_pdf

    page_request = replace(request, impose_on=None)
    with fewer_full_collections():
        if request.ink == "light":
            full = document_pdf(booklet_document(game, replace(page_request, ink="full")))
            pdf, _ = light_booklet_pdf(game, page_request, full)
        else:
            pdf = document_pdf(booklet_document(game, page_request))
    if request.impose_on:
        pdf = impose(pdf, request.impose_on)
    return pdf


def light_booklet_pdf(game: GameSources, request: BookletRequest, full_pdf: bytes) -> tuple[bytes, int]:
    """The ink-saving edition of ``request`` (not imposed) from its full-ink edition's PDF, and its number of pages.

    The drawings are repainted on the full-ink file (:mod:`boardgen.booklet.ink`):
    one layout for both editions.  Where they cannot be matched, the edition
    is laid out on its own, from the same HTML with light-ink drawings (whose
    boxes have the full-ink drawings' sizes, so the pages break alike).
    """
    from boardgen.booklet.ink import light_from_full
    from boardgen.booklet.typeset import document_pdf

    light = replace(request, ink="light", impose_on=None)
    painted = light_from_full(full_pdf, game, light)
    if painted is not None:
        return painted
    document = booklet_document(game, light)
    return document_pdf(document), len(document.pages)


def games_with_sources() -> list[Path]:
    """Folders of ``rules_text/`` (and of the games that declare their own) that hold a rule text."""
    found: dict[str, Path] = {}
    for root in text_roots():
        if root.is_dir():
            for p in sorted(root.iterdir()):
                if p.is_dir() and p.name not in found and any(source_file(p, lang).exists() for lang in LANGUAGES):
                    found[p.name] = p
    return [found[name] for name in sorted(found)]


def diagram_svg(game: GameSources, ident: str) -> bytes:
    """One diagram of a checked game as a standalone SVG, described in each of the game's languages."""
    from boardgen.booklet.diagrams.render import diagram_file

    terms = {lang: (source.meta.colours, source.meta.pieces) for lang, source in game.languages.items()}
    return diagram_file(game.diagrams[ident], terms, "svg")[0]


def diagram_files(game: GameSources) -> dict[str, bytes]:
    """Every diagram of a checked game as standalone SVG, by file name (``ID.svg``)."""
    return {f"{ident}.svg": diagram_svg(game, ident) for ident in sorted(game.diagrams)}
