"""The download site: a home page and a page per game in each language, thumbnails, a stylesheet, ``manifest.json``.

:func:`build_site` is called by the build after every other file is written,
with the records of those files.  Everything the pages say about a file
(what it is, its paper, language, format, pages, size) comes from its
record; what they say about a game comes from the registry (name, one-line
summary) and from the game's rule texts (see :mod:`boardgen.site.texts`).

Where the pages are (``docs/site.md`` says why): the Portuguese pages at the
top of the output folder (``index.html``, ``GAME.html``), the English ones in
``en/`` (``en/index.html``, ``en/GAME.html``), and what they share in
``assets/``.  Every link is relative and names its file (``index.html``, never
a bare folder), so the site works from ``file://`` as from any web server.

Same records, same bytes: nothing depends on the time, the machine or the
order of the records.  A file whose bytes are already on disk is left alone,
so a rebuild that changes nothing rewrites nothing.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from boardgen.errors import BoardgenError
from boardgen.output import read_inside, write_inside
from boardgen.registry import GameInfo, get_game
from boardgen.site.catalogue import Artefact, Format, Kind, digest
from boardgen.site.texts import GameText, game_text
from boardgen.site.words import LANGUAGE_NAMES, LANGS, TAGS, TEXT, link_parts, link_text, paper_name, size_words, text

STYLE_PATH = "assets/site.css"
MANIFEST_PATH = "manifest.json"
MANIFEST_VERSION = 1
SITE_KINDS = frozenset({"page", "style", "script", "thumbnail", "frame", "manifest"})  # what build_site writes itself
RESERVED_NAMES = frozenset({"index"})  # a game page GAME.html that would be a home page

PAPER_ORDER = {"a5": 0, "a4": 1, "letter": 2}
LANG_ORDER = {"pt+en": 0, "en+pt": 0, "pt": 1, "en": 2}
FORMAT_ORDER = {"pdf": 0, "svg": 1}

# The booklets' table: its columns (languages) and the rows of each paper (inks), in this order.
BOOKLET_KINDS = ("booklet", "booklet-imposed")
TABLE_LANGS = ("pt+en", "pt", "en")
TABLE_INKS = ("full", "light")

# The download groups of a game's page: (section, group key, which records belong to it).
Selector = Callable[[Artefact], bool]
GROUPS: tuple[tuple[str, str, Selector], ...] = (
    ("boards", "board", lambda r: r.kind == "board"),
    ("boards", "poster", lambda r: r.kind == "poster"),
    ("boards", "pen", lambda r: r.kind == "pen"),
    ("boards", "record", lambda r: r.kind == "record"),
    ("boards", "pieces", lambda r: r.kind == "pieces"),
    ("booklets", "other_booklets", lambda r: r.kind in BOOKLET_KINDS and not in_editions_table(r)),
)


def in_editions_table(record: Artefact) -> bool:
    """Whether a booklet has a cell in the table: one of its languages and inks, and the booklet's own rules."""
    return record.kind in BOOKLET_KINDS and record.variant is None and record.lang in TABLE_LANGS and (record.ink or "full") in TABLE_INKS


def page_path(lang: str, game: str | None = None) -> str:
    """Where a page is in the output folder: ``index.html``, ``hex.html``, ``en/index.html``, ``en/hex.html``."""
    folder = "" if lang == LANGS[0] else f"{lang}/"
    return f"{folder}{game or 'index'}.html"


def thumbnail_path(game: str) -> str:
    return f"assets/thumbnails/{game}.svg"


def site_folders() -> tuple[str, ...]:
    """The folders below the output folder (``""``: the folder itself) that :func:`build_site` writes into (``*``: any game's).

    The build looks there for the temporary files of a killed run before the
    site has ever been recorded (``boardgen.make.run.output_folders``).
    """
    from boardgen.site.frames import frame_path

    paths = (STYLE_PATH, MANIFEST_PATH, thumbnail_path("game"), frame_path("*", "id", 0), *(page_path(lang, game) for lang in LANGS for game in (None, "game")))
    return tuple(sorted({posixpath.dirname(path) for path in paths}))


def relative(target: str, page: str) -> str:
    """The link from ``page`` to ``target`` (both relative to the output folder), URL-quoted."""
    return quote(posixpath.relpath(target, posixpath.dirname(page) or "."))


def _sort_key(record: Artefact) -> tuple[Any, ...]:
    return (
        record.size or 0,
        PAPER_ORDER.get(record.paper or "", len(PAPER_ORDER)),
        record.paper or "",
        LANG_ORDER.get(record.lang or "", len(LANG_ORDER)),
        FORMAT_ORDER.get(record.format, len(FORMAT_ORDER)),
        record.ink != "light",
        record.ink or "",
        record.variant or "",
        record.path,
    )


# -- what the templates read ------------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """A download: where it goes, what it says, the file's name, and its language if it has only one.

    ``context`` is the start of what the link says that the headers of its
    table cell show already (kind, language, paper, edition): the page prints
    it for screen readers only, so that the link says everything it downloads
    when it is read out of its table.
    """

    href: str
    text: str
    file: str
    hreflang: str | None = None
    context: str = ""

    @property
    def file_parts(self) -> list[str]:
        """The file's name cut after each hyphen: where a narrow cell may break it (``<wbr>``)."""
        return [part for part in re.split(r"(?<=-)", self.file) if part]


@dataclass(frozen=True)
class Row:
    """One row of the booklets' table: an edition on one paper in one ink, a cell per language (None: no such file)."""

    paper: str
    ink: str
    first: bool  # the first row of its paper: the paper's name is shown (the others repeat it for screen readers)
    cells: list[Link | None]


@dataclass(frozen=True)
class Column:
    lang: str
    title: str


@dataclass(frozen=True)
class EditionsTable:
    """Every booklet of a game by paper (rows, an ink each) and language (columns); see :func:`editions_table`."""

    caption: str
    columns: list[Column]
    papers: list[list[Row]]  # the rows of each paper, one <tbody> each

    @property
    def inks(self) -> int:
        """How many inks a paper's editions come in: 1 where the game has no ink-saving edition, whose key the page then leaves out."""
        return max((len(rows) for rows in self.papers), default=0)


@dataclass
class Group:
    anchor: str
    title: str
    intro: str
    links: list[Link]


@dataclass(frozen=True)
class Figure:
    src: str
    alt: str
    caption: Markup
    link: Link


@dataclass(frozen=True)
class Picture:
    src: str
    alt: str
    width: int  # CSS pixels at actual size: the img's intrinsic size, so the layout does not jump
    height: int


@dataclass
class GameView:
    """One game in one language: everything its card and its page show."""

    id: str
    lang: str
    title: str
    summary: str
    href: str  # from the page being made
    picture: Picture
    facts: list[tuple[str, str]]
    words: GameText | None
    boards: list[Group] = field(default_factory=list)
    editions: EditionsTable | None = None
    booklets: list[Group] = field(default_factory=list)
    others: list[Group] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    size_words: str = ""
    several_sizes: bool = False  # boards of several sizes are offered: each link says its size


def _link(record: Artefact, page: str, lang: str, number: int | None = None, size: str = "") -> Link:
    single = record.lang if record.lang in TAGS else None
    return Link(relative(record.path, page), link_text(record, lang, number, size), posixpath.basename(record.path), TAGS[single] if single else None)


def _groups(records: Sequence[Artefact], page: str, lang: str, sizes: Mapping[int, str] | None = None) -> dict[str, list[Group]]:
    """The game's downloads by section (``boards``, ``booklets``, ``others``), each group in a fixed order.

    The booklets of the editions' table (:func:`editions_table`) are in no group.
    ``sizes`` gives the words of each board size (``lang``'s) when boards of
    several sizes are offered: then each board's link says its size.
    """
    sections: dict[str, list[Group]] = {"boards": [], "booklets": [], "others": []}
    placed = {record.path for record in records if in_editions_table(record)}  # in the booklets' table
    for section, key, selects in GROUPS:
        chosen = sorted((r for r in records if selects(r)), key=_sort_key)
        placed.update(r.path for r in chosen)
        if chosen:
            links = [_link(r, page, lang, size=(sizes or {}).get(r.size or 0, "")) for r in chosen]
            sections[section].append(Group(f"{key}-files", text(lang, f"{key}_group"), text(lang, f"{key}_group_intro"), links))
    rest = sorted((r for r in records if r.path not in placed and r.kind != "diagram"), key=_sort_key)
    if rest:
        sections["others"].append(Group("other-files", text(lang, "other_group"), "", [_link(r, page, lang) for r in rest]))
    return sections


def _cell_link(record: Artefact, page: str, lang: str) -> Link:
    """A booklet's link in its table cell: the details shown, what the headers say kept for screen readers."""
    what, details = link_parts(record, lang)
    link = _link(record, page, lang)
    return Link(link.href, ", ".join(details), link.file, link.hreflang, ", ".join(what) + ", ")


def _row_name(kind: str, paper: str, lang: str) -> str:
    name = paper_name(paper, lang)
    return text(lang, "imposed_row", paper=name) if kind == "booklet-imposed" else name


def editions_table(records: Sequence[Artefact], title: str, page: str, lang: str) -> EditionsTable | None:
    """The game's booklets as a table: a row per paper and ink, a column per language; None without booklets.

    A reader picks a language (the columns: bilingual, then each language
    alone), then a paper (the rows: A5, A4, Letter, then the A5 pages imposed
    on A4 and on Letter sheets), and within each paper the full-ink or the
    ink-saving edition.  Only the columns, papers and inks of files that
    exist are shown; a cell without a file says so.
    """
    chosen = [record for record in records if in_editions_table(record)]
    if not chosen:
        return None
    langs = [code for code in TABLE_LANGS if any(r.lang == code for r in chosen)]
    inks = [ink for ink in TABLE_INKS if any((r.ink or "full") == ink for r in chosen)]
    places = sorted({(r.kind, r.paper or "") for r in chosen}, key=lambda place: (BOOKLET_KINDS.index(place[0]), PAPER_ORDER.get(place[1], len(PAPER_ORDER)), place[1]))
    by_cell = {(r.kind, r.paper or "", r.ink or "full", r.lang): r for r in sorted(chosen, key=_sort_key, reverse=True)}
    papers = []
    for kind, paper in places:
        rows: list[Row] = []
        for ink in inks:
            cells = [by_cell.get((kind, paper, ink, code)) for code in langs]
            if any(cells):
                links = [_cell_link(record, page, lang) if record else None for record in cells]
                rows.append(Row(_row_name(kind, paper, lang), text(lang, f"ink_{ink}"), not rows, links))
        papers.append(rows)
    columns = [Column(code, text(lang, f"column_{code}")) for code in langs]
    return EditionsTable(text(lang, "editions_table", title=title), columns, papers)


def diagram_id(record: Artefact) -> str | None:
    """The id a diagram has in its rule text (``diagram ID`` in the Markdown): its record's ``id``, which finds its caption.

    A diagram without one (or with an id the text does not show) is still
    listed, without a caption.
    """
    return record.id


def _figures(records: Sequence[Artefact], words: GameText | None, title: str, page: str, lang: str) -> list[Figure]:
    """The game's diagrams in the booklet's order (then any others by path), numbered as the page shows them."""
    order = {ident: place for place, ident in enumerate(words.captions)} if words else {}
    diagrams = sorted((r for r in records if r.kind == "diagram"), key=lambda r: (order.get(diagram_id(r) or "", len(order)), r.path))
    figures = []
    for number, record in enumerate(diagrams, start=1):
        ident = diagram_id(record)
        caption = words.captions.get(ident, Markup("")) if words and ident else Markup("")
        if not caption and words and ident and ident == words.meta.cover:
            caption = Markup.escape(text(lang, "cover_caption"))  # drawn only on the cover, captioned nowhere
        alt = text(lang, "diagram_alt", number=number, title=title)
        figures.append(Figure(relative(record.path, page), alt, caption, _link(record, page, lang, number)))
    return figures


def _facts(game: GameInfo, words: GameText | None, lang: str) -> list[tuple[str, str]]:
    """Players, playing time, ages: the booklet cover's facts (the registry's player count without a text)."""
    low, high = game.players
    players = words.meta.players if words and words.meta.players else (str(low) if low == high else f"{low}–{high}")
    facts = [(text(lang, "players"), players)]
    if words and words.meta.time:
        facts.append((text(lang, "time"), words.meta.time))
    if words and words.meta.ages:
        facts.append((text(lang, "ages"), words.meta.ages))
    return facts


@dataclass(frozen=True)
class GameFacts:
    """What is known of a game whatever the language: registry entry, size words, thumbnail size, texts."""

    info: GameInfo
    size: dict[str, str]  # lang -> the size as a sentence puts it ("11 × 11", "de lado 11"), "" for fixed boards
    thumbnail: bytes  # the SVG
    thumbnail_size: tuple[int, int]  # CSS pixels
    texts: dict[str, GameText | None]
    sizes: dict[int, dict[str, str]] = field(default_factory=dict)  # every size offered -> lang -> its words ("13 × 13")


def game_view(facts: GameFacts, records: Sequence[Artefact], page: str, lang: str, link_to: str) -> GameView:
    """The view of one game for the page ``page`` in ``lang``; ``link_to`` is the game page it links to."""
    info, words = facts.info, facts.texts.get(lang)
    title = info.title.get(lang, info.id)
    alt = text(lang, "board_alt", title=title, size=size_words(facts.size[lang], lang)).strip()
    picture = Picture(relative(thumbnail_path(info.id), page), alt, *facts.thumbnail_size)
    view = GameView(
        info.id, lang, title, info.summary.get(lang, ""), relative(link_to, page), picture, _facts(info, words, lang), words, size_words=size_words(facts.size[lang], lang)
    )
    offered = {r.size for r in records if r.kind in ("board", "poster") and r.size is not None}
    view.several_sizes = len(offered) > 1
    sizes = {size: words[lang] for size, words in facts.sizes.items()} if view.several_sizes else None
    sections = _groups(records, page, lang, sizes)
    view.boards, view.booklets, view.others = sections["boards"], sections["booklets"], sections["others"]
    view.editions = editions_table(records, title, page, lang)
    view.figures = _figures(records, words, title, page, lang)
    return view


# -- pages ---------------------------------------------------------------------------------


def _common(lang: str, page: str, other_pages: dict[str, str]) -> dict[str, Any]:
    """What every page's template needs: language, stylesheet, home, the switch to the other languages."""
    return {
        "lang": lang,
        "tag": TAGS[lang],
        "t": TEXT[lang],
        "say": lambda key, **values: text(lang, key, **values),
        "style": relative(STYLE_PATH, page),
        "home": relative(page_path(lang), page),
        "manifest": relative(MANIFEST_PATH, page),
        "switches": [{"href": relative(path, page), "tag": TAGS[other], "name": LANGUAGE_NAMES[other]} for other, path in other_pages.items() if other != lang],
    }




def render(template: str, context: dict[str, Any]) -> bytes:
    from boardgen.booklet.html import render_template

    return render_template(f"site/{template}", context).encode("utf-8")


def calibration_links(calibration: Sequence[Artefact], page: str, lang: str) -> list[Link]:
    """The printer self-test sheets (no game's: one per paper and format), linked from every "how to print" block."""
    return [_link(record, page, lang) for record in sorted(calibration, key=_sort_key)]


def home_page(lang: str, games: Sequence[GameFacts], records: dict[str, list[Artefact]], calibration: Sequence[Artefact] = ()) -> bytes:
    page = page_path(lang)
    views = [game_view(facts, records[facts.info.id], page, lang, page_path(lang, facts.info.id)) for facts in games]
    context = _common(lang, page, {other: page_path(other) for other in LANGS})
    context.update({"games": views, "title": text(lang, "site_title"), "calibration": calibration_links(calibration, page, lang)})
    return render("home.html.j2", context)


def game_page(lang: str, facts: GameFacts, records: Sequence[Artefact], calibration: Sequence[Artefact] = ()) -> bytes:
    page = page_path(lang, facts.info.id)
    view = game_view(facts, records, page, lang, page)
    context = _common(lang, page, {other: page_path(other, facts.info.id) for other in LANGS})
    context.update({"game": view, "title": view.title, "calibration": calibration_links(calibration, page, lang)})
    from boardgen.site.rules_page import rules_part  # the rules text, read and checked (docs/site.md)

    context["rules"] = rules_part(facts.info.id, lang, records, page, {other: page_path(other, facts.info.id) for other in LANGS})
    return render("game.html.j2", context)


# -- manifest ------------------------------------------------------------------------------


def manifest_bytes(records: Iterable[Artefact], games: Sequence[GameFacts]) -> bytes:
    """``manifest.json``: every record sorted by path, and each game's names and pages (UTF-8, LF, one key order).

    The records are :meth:`Artefact.to_json` as they are; the games part lets
    another site show a game's name without reading a page.  The manifest
    does not list itself (its hash would have to contain itself).
    """
    from boardgen import __version__

    data = {
        "manifest_version": MANIFEST_VERSION,
        "generator": f"boardgen {__version__}",
        "games": [
            {
                "id": facts.info.id,
                "title": {lang: facts.info.title.get(lang, facts.info.id) for lang in LANGS},
                "summary": {lang: facts.info.summary.get(lang, "") for lang in LANGS},
                "pages": {lang: page_path(lang, facts.info.id) for lang in LANGS},
                "thumbnail": thumbnail_path(facts.info.id),
            }
            for facts in games
        ],
        "artefacts": [record.to_json() for record in sorted(records, key=lambda r: r.path)],
    }
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


# -- writing -------------------------------------------------------------------------------


def _write(output: Path, path: str, data: bytes, kind: Kind, fmt: Format, game: str | None = None, lang: str | None = None) -> Artefact:
    """Write one site file whole (unless the same bytes are there already) and return its record."""
    if read_inside(output, path) != data:  # never through a symlink in the output folder (boardgen.output.write_inside)
        write_inside(output, path, data)
    return Artefact(path=path, game=game, kind=kind, format=fmt, bytes=len(data), sha256=digest(data), lang=lang)


def _game_facts(game_id: str) -> GameFacts:
    from boardgen.booklet.build import game_folder
    from boardgen.site.thumbnails import board_thumbnail

    info = get_game(game_id)
    board = info.make_board(info.default_size)
    picture, size = board_thumbnail(info, info.title.get("en", info.id))
    texts = {lang: game_text(game_folder(info.id), lang) for lang in LANGS}
    sizes = {}
    if info.default_size is not None:
        for other in sorted({info.default_size, *info.popular_sizes}):
            drawing = board if other == info.default_size else info.make_board(other)
            sizes[other] = {lang: str(drawing.size_words(lang)) for lang in LANGS}
    return GameFacts(info, {lang: str(board.size_words(lang)) for lang in LANGS}, picture, size, texts, sizes)


def source_files(records: Iterable[Artefact]) -> list[Path]:
    """The files :func:`build_site` reads besides its records, for a build that tracks what each output depends on.

    The site's templates and stylesheet, and the rule texts of the records'
    games (what the pages quote).  Beyond files, the pages depend on the
    registry's entries and the board drawings (the thumbnails), that is on
    the games' code, and on boardgen's version (in the manifest).
    """
    from boardgen.booklet.build import game_folder
    from boardgen.booklet.paths import templates_dir
    from boardgen.booklet.sources import LANGUAGES, source_file

    found = sorted(path for path in (templates_dir() / "site").iterdir() if path.is_file())
    for game in sorted({record.game for record in records if record.game and record.kind not in SITE_KINDS}):
        found += [source_file(game_folder(game), lang) for lang in LANGUAGES]
    return found


def build_site(records: list[Artefact], output: Path) -> list[Artefact]:
    """Write the site's pages, thumbnails, stylesheet and manifest into ``output``; their records.

    ``records`` are the build's files; records of the site's own kinds (pages,
    style, thumbnails, manifest) among them are ignored, as this call writes
    those anew.  Games are shown in the registry's order (by id).
    """
    from boardgen.booklet.paths import templates_dir

    files = [record for record in records if record.kind not in SITE_KINDS]
    calibration = [record for record in files if record.kind == "calibration"]
    by_game: dict[str, list[Artefact]] = {}
    for record in files:
        if record.game is not None:
            by_game.setdefault(record.game, []).append(record)
    for game_id in by_game:
        if game_id in RESERVED_NAMES:
            raise BoardgenError(f"a game called {game_id!r} would have its page at {page_path(LANGS[0], game_id)}, the home page's name; rename the game")
    games = [_game_facts(game_id) for game_id in sorted(by_game)]
    written: list[Artefact] = []
    written.append(_write(output, STYLE_PATH, (templates_dir() / "site" / "site.css").read_bytes(), "style", "css"))
    from boardgen.site.rules_page import RULES_SCRIPT, RULES_STYLE, frame_files

    written.append(_write(output, RULES_STYLE, (templates_dir() / "site" / "rules.css").read_bytes(), "style", "css"))
    written.append(_write(output, RULES_SCRIPT, (templates_dir() / "site" / "rules.js").read_bytes(), "script", "js"))
    written += [_write(output, path, data, "frame", "svg", facts.info.id) for facts in games for path, data in frame_files(facts.info.id).items()]
    for facts in games:
        written.append(_write(output, thumbnail_path(facts.info.id), facts.thumbnail, "thumbnail", "svg", facts.info.id))
    for lang in LANGS:
        written.append(_write(output, page_path(lang), home_page(lang, games, by_game, calibration), "page", "html", None, lang))
        for facts in games:
            page = game_page(lang, facts, by_game[facts.info.id], calibration)
            written.append(_write(output, page_path(lang, facts.info.id), page, "page", "html", facts.info.id, lang))
    manifest = manifest_bytes([*files, *written], games)
    written.append(_write(output, MANIFEST_PATH, manifest, "manifest", "json"))
    return sorted(written)
