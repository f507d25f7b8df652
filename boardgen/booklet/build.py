"""The booklet pipeline end to end, and the ``boardgen build`` steps for booklets and diagrams.

check (:mod:`check`) -> HTML (:mod:`html`) -> PDF (:mod:`typeset`) -> optional
imposition (:mod:`impose`).  The check comes first and nothing is written when
it finds a problem; files are written whole through
:func:`boardgen.output.write_atomic`, so a failure never leaves half a PDF.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from boardgen.boards.base import InkMode
from boardgen.booklet.check import GameSources, load_game
from boardgen.booklet.paths import fonts_dir, rules_dir, templates_dir
from boardgen.booklet.problems import ProblemsError
from boardgen.booklet.sources import LANGUAGES, source_file
from boardgen.errors import OptionError, option_name
from boardgen.output import write_atomic
from boardgen.values import read_whole_number

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
    return rules_dir() / game_id


def load_checked(folder: Path, game_id: str | None = None) -> GameSources:
    """The game's sources, checked; ProblemsError listing every problem if any."""
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
    from boardgen.booklet.html import PAPERS, booklet_html
    from boardgen.booklet.typeset import render_document

    paper = PAPERS[request.paper]
    roots = (templates_dir(), fonts_dir(), game.folder.resolve())
    size = game.defaults.size if game.defaults else None
    last = None if cover_only else board_page(game.id, size, request.paper, list(request.langs), request.ink)

    def layout(cover_height_mm: float):
        with diagram_ink(request.ink):
            html = booklet_html(game, list(request.langs), paper, cover_height_mm=cover_height_mm, cover_only=cover_only, ink=request.ink, board_page=last)
        return render_document(html, roots=roots, base=game.folder)

    document, _ = fit_cover(layout, paper.height_mm)
    return document


def booklet_pdf(game: GameSources, request: BookletRequest) -> bytes:
    """Typeset a checked game's booklet."""
    from boardgen.booklet.impose import impose
    from boardgen.booklet.typeset import document_pdf

    pdf = document_pdf(booklet_document(game, request))
    if request.impose_on:
        pdf = impose(pdf, request.impose_on)
    return pdf


def games_with_sources() -> list[Path]:
    """Folders of ``rules_text/`` that hold a rule text."""
    root = rules_dir()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and any(source_file(p, lang).exists() for lang in LANGUAGES))


def game_booklets(source: Path) -> list[tuple[str, bytes]]:
    """(file name, PDF) of one game's build booklets: A5, A4, Letter, and the A5 imposed."""
    from boardgen.booklet.impose import impose

    game = load_checked(source)
    files: list[tuple[str, bytes]] = []
    pdfs: dict[str, bytes] = {}
    for paper in BOOKLET_PAPERS:
        request = BookletRequest(BUILD_LANGS, paper)
        pdfs[paper] = booklet_pdf(game, request)
        files.append((request.file_name(game.id), pdfs[paper]))
    for sheet in IMPOSE_SHEETS:
        request = BookletRequest(BUILD_LANGS, "a5", sheet)
        files.append((request.file_name(game.id), impose(pdfs["a5"], sheet)))
    return files


def build_jobs() -> int:
    """How many processes typeset booklets at once: BOARDGEN_JOBS, else one per core."""
    import os

    chosen = os.environ.get("BOARDGEN_JOBS", "")
    number = read_whole_number(chosen)
    if number is not None and number > 0:
        return number
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def build_booklets(output: Path, log: Callable[[str], None] | None = None) -> list[Path]:
    """Every game's bilingual booklet on A5, A4 and Letter, and the A5 one imposed on A4 and Letter.

    Every game's sources are checked first, here, so a wrong diagram stops the
    build with its ``file:line`` before anything is typeset; the games are then
    typeset in parallel (WeasyPrint is nearly all the time) and written in a
    fixed order, so the files and the log are the same whatever the timing.

    The workers are a ``multiprocessing`` pool rather than a
    ``ProcessPoolExecutor`` because an interrupted build must stop at once:
    leaving the ``with`` block for any reason (Ctrl-C in the parent among
    them) terminates the pool's workers, where the executor would wait for
    the running booklets to finish.  Workers ignore SIGINT: a terminal's
    Ctrl-C reaches every process of the foreground group, and a worker that
    took it would print its own traceback; the parent stops them instead.
    A parent killed outright (``kill -9``) cannot stop them: each worker dies
    with its parent by itself (:func:`boardgen.booklet.workers.init_worker`).
    Nothing is written until every booklet is typeset.
    """
    import logging

    folder = output / "booklets"
    folder.mkdir(parents=True, exist_ok=True)
    sources = games_with_sources()
    for source in sources:
        load_checked(source)
    jobs = min(build_jobs(), len(sources))
    logging.getLogger("boardgen").debug("typesetting %d booklets in %d process%s", len(sources), jobs, "es" if jobs != 1 else "")
    if jobs > 1:
        import multiprocessing
        import os

        from boardgen.booklet.workers import init_worker

        with multiprocessing.Pool(jobs, initializer=init_worker, initargs=(os.getpid(),)) as pool:
            results = pool.map(game_booklets, sources, chunksize=1)
    else:
        results = [game_booklets(source) for source in sources]
    written = []
    for files in results:
        for name, data in files:
            written.append(_write(folder / name, data, log))
    return written


def diagram_files(game: GameSources) -> dict[str, bytes]:
    """Every diagram of a checked game as standalone SVG (described in both languages), by file name."""
    from boardgen.booklet.diagrams.render import diagram_file

    terms = {lang: (source.meta.colours, source.meta.pieces) for lang, source in game.languages.items()}
    return {f"{ident}.svg": diagram_file(checked, terms, "svg")[0] for ident, checked in sorted(game.diagrams.items())}


def build_diagrams(output: Path, log: Callable[[str], None] | None = None) -> list[Path]:
    """Every booklet diagram as an SVG named by its id in ``output/diagrams/GAME/``; stale ones removed."""
    import logging

    log = log or logging.getLogger("boardgen").info
    written = []
    for source in games_with_sources():
        game = load_checked(source)
        folder = output / "diagrams" / game.id
        folder.mkdir(parents=True, exist_ok=True)
        files = diagram_files(game)
        for stale in folder.glob("*.svg"):
            if stale.name not in files:
                stale.unlink()
                log(f"removed {stale}")
        for name, data in files.items():
            written.append(_write(folder / name, data, log))
    return written


def _write(path: Path, data: bytes, log: Callable[[str], None] | None = None) -> Path:
    """Write one build file whole and report it (``wrote PATH``, at INFO on logger ``boardgen`` unless ``log`` is given)."""
    import logging

    write_atomic(path, data)
    (log or logging.getLogger("boardgen").info)(f"wrote {path}")
    return path
