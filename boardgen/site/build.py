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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from boardgen.errors import BoardgenError
from boardgen.output import read_inside, write_inside
from boardgen.registry import GameInfo, get_game
from boardgen.site.catalogue import Artefact, Format, Kind, digest
from boardgen.site.texts import GameText, game_text
from boardgen.site.words import LANGUAGE_NAMES, LANGS, LETTER_REGIONS, TAGS, TEXT, link_parts, link_text, paper_name, size_words, text

STYLE_PATH = "assets/site.css"
MANIFEST_PATH = "manifest.json"
NOT_FOUND_PATH = "404.html"
SITEMAP_PATH = "sitemap.xml"
SITE_URL_VARIABLE = "BOARDGEN_SITE_URL"  # the site's address, for the sitemap (docs/site.md)
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

# The groups of "More formats", by what a visitor wants to do: (group key, which records belong to it).
# A record goes to the first group that takes it; the booklets of the editions' table are in that
# table (under "make_booklet"), diagrams in the examples, anything else in "other".
Selector = Callable[[Artefact], bool]
GROUPS: tuple[tuple[str, Selector], ...] = (
    ("one_sheet", lambda r: r.kind == "board" and r.ink != "light"),
    ("pieces", lambda r: r.kind == "pieces" and r.ink != "light"),
    ("big", lambda r: r.kind == "poster" and r.ink != "light"),
    ("save_ink", lambda r: r.kind in ("board", "pieces", "poster", "pen", "record") and r.ink == "light"),
    ("make_booklet", lambda r: r.kind in BOOKLET_KINDS and not in_editions_table(r)),
    ("pen_play", lambda r: r.kind == "pen"),
    ("keep_score", lambda r: r.kind == "record"),
)
PICK_PAPERS = ("a4", "letter")  # the papers a visitor is offered first, the first one without a script


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

    paths = (STYLE_PATH, MANIFEST_PATH, NOT_FOUND_PATH, SITEMAP_PATH, thumbnail_path("game"), frame_path("*", "id", 0), *(page_path(lang, game) for lang in LANGS for game in (None, "game")))
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
    pending: bool = False  # a file still being made: the page names it without a link (``href`` is empty)

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
    picks: list[Pick] = field(default_factory=list)  # the downloads offered first, one paper each
    groups: list[Group] = field(default_factory=list)  # "More formats"
    editions: EditionsTable | None = None
    figures: list[Figure] = field(default_factory=list)
    several_sizes: bool = False  # boards of several sizes are offered: each link says its size


NOT_MADE = ""  # the sha256 of a record of a file not made yet (:func:`build_site`'s ``pending``): a real one has 64 hex digits


def is_pending(record: Artefact) -> bool:
    """Whether ``record`` stands for a file the build is still making (no bytes yet): its link is shown as being made."""
    return record.sha256 == NOT_MADE


def _words(record: Artefact, lang: str, number: int | None = None, size: str = "") -> tuple[list[str], list[str]]:
    """:func:`link_parts`, but a file still being made says so in place of its pages and size, which nobody knows yet."""
    what, details = link_parts(record, lang, number, size)
    return (what, [record.format.upper(), text(lang, "being_made")]) if is_pending(record) else (what, details)


def _link(record: Artefact, page: str, lang: str, number: int | None = None, size: str = "") -> Link:
    single = record.lang if record.lang in TAGS else None
    what, details = _words(record, lang, number, size)
    href = "" if is_pending(record) else relative(record.path, page)
    return Link(href, ", ".join(what + details), posixpath.basename(record.path), TAGS[single] if single else None, pending=is_pending(record))


def _groups(records: Sequence[Artefact], page: str, lang: str, sizes: Mapping[int, str] | None = None) -> list[Group]:
    """The groups of "More formats", in :data:`GROUPS`' order, then "other files"; every record but the diagrams in one.

    The booklets of the editions' table (:func:`editions_table`) are in no
    group (the table is shown under "make_booklet").  ``sizes`` gives the
    words of each board size (``lang``'s) when boards of several sizes are
    offered: then each board's link says its size.
    """
    groups: list[Group] = []
    has_table = any(in_editions_table(record) for record in records)
    placed = {record.path for record in records if in_editions_table(record) or record.kind == "diagram"}
    for key, selects in GROUPS:
        chosen = sorted((r for r in records if r.path not in placed and selects(r)), key=_sort_key)
        placed.update(r.path for r in chosen)
        if chosen or (key == "make_booklet" and has_table):
            links = [_link(r, page, lang, size=(sizes or {}).get(r.size or 0, "")) for r in chosen]
            groups.append(Group(f"{key.replace('_', '-')}-files", text(lang, f"{key}_group"), TEXT[lang].get(f"{key}_group_intro", ""), links))
    rest = sorted((r for r in records if r.path not in placed), key=_sort_key)
    if rest:
        groups.append(Group("other-files", text(lang, "other_group"), "", [_link(r, page, lang) for r in rest]))
    return groups


@dataclass(frozen=True)
class Pick:
    """The downloads offered first for one paper: the board, the booklet in the page's language, the pieces."""

    paper: str  # "a4", "letter"
    name: str  # the paper's name in the page's language
    links: list[Link]  # the board, the booklet, the pieces (those there are), in this order


def _first(records: Iterable[Artefact]) -> Artefact | None:
    return min(records, key=_sort_key, default=None)


def recommended(records: Sequence[Artefact], info: GameInfo, page: str, lang: str, sizes: Mapping[int, str] | None = None) -> list[Pick]:
    """For A4 and for Letter, the files a visitor most likely wants, each a PDF in full ink; a paper with none is left out.

    The board on one sheet at the game's default size (the smallest offered
    if that one is not); the booklet in the page's language alone, or the
    bilingual one where there is none; the pieces to cut out.  ``page``'s
    language is ``lang``; ``sizes`` as for :func:`_groups` (the board's link
    then says its size).
    """
    def usual(record: Artefact, paper: str) -> bool:
        return record.format == "pdf" and record.paper == paper and (record.ink or "full") == "full" and record.variant is None

    picks = []
    for paper in PICK_PAPERS:
        boards = [r for r in records if r.kind == "board" and usual(r, paper)]
        board = _first(r for r in boards if r.size in (None, info.default_size)) or _first(boards)
        booklets = [r for r in records if r.kind == "booklet" and usual(r, paper)]
        booklet = _first(r for r in booklets if r.lang == lang) or _first(r for r in booklets if r.lang in ("pt+en", "en+pt"))
        pieces = _first(r for r in records if r.kind == "pieces" and usual(r, paper))
        chosen = [record for record in (board, booklet, pieces) if record is not None]
        if chosen:
            picks.append(Pick(paper, paper_name(paper, lang), [_link(record, page, lang, size=(sizes or {}).get(record.size or 0, "")) for record in chosen]))
    return picks


def _cell_link(record: Artefact, page: str, lang: str, hidden: int | None = None) -> Link:
    """A link whose start the words around it say already, kept for screen readers only.

    In a booklet's table cell that is all of what the headers say (the
    kind, language, paper, edition: ``hidden`` None); in the footer's
    sentence on the self-test sheet, its kind alone (``hidden=1``).
    """
    what, details = _words(record, lang)
    cut = len(what) if hidden is None else hidden
    link = _link(record, page, lang)
    return Link(link.href, ", ".join(what[cut:] + details), link.file, link.hreflang, ", ".join(what[:cut]) + ", ", link.pending)


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
        info.id, lang, title, info.summary.get(lang, ""), relative(link_to, page), picture, _facts(info, words, lang), words
    )
    offered = {r.size for r in records if r.kind in ("board", "poster") and r.size is not None}
    view.several_sizes = len(offered) > 1
    sizes = {size: words[lang] for size, words in facts.sizes.items()} if view.several_sizes else None
    view.picks = recommended(records, info, page, lang, sizes)
    view.groups = _groups(records, page, lang, sizes)
    view.editions = editions_table(records, title, page, lang)
    view.figures = _figures(records, words, title, page, lang)
    return view


# -- pages ---------------------------------------------------------------------------------


def _common(lang: str, page: str, other_pages: dict[str, str], calibration: Sequence[Artefact] = ()) -> dict[str, Any]:
    """What every page's template needs: language, stylesheet, home, the switch to the other languages, the footer's links."""
    sheets = sorted((r for r in calibration if r.format == "pdf" and r.paper), key=_sort_key)
    return {
        "footer_calibration": [_cell_link(r, page, lang, hidden=1) for r in sheets],
        "letter_regions": list(LETTER_REGIONS),
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
    context = _common(lang, page, {other: page_path(other) for other in LANGS}, calibration)
    context.update({"games": views, "title": text(lang, "site_title"), "calibration": calibration_links(calibration, page, lang)})
    return render("home.html.j2", context)


def game_page(lang: str, facts: GameFacts, records: Sequence[Artefact], calibration: Sequence[Artefact] = ()) -> bytes:
    page = page_path(lang, facts.info.id)
    view = game_view(facts, records, page, lang, page)
    context = _common(lang, page, {other: page_path(other, facts.info.id) for other in LANGS}, calibration)
    context.update({"game": view, "title": view.title, "calibration": calibration_links(calibration, page, lang)})
    from boardgen.site.rules_page import rules_part  # the rules text, read and checked (docs/site.md)

    context["rules"] = rules_part(facts.info.id, lang, records, page, {other: page_path(other, facts.info.id) for other in LANGS})
    return render("game.html.j2", context)


def not_found_page(calibration: Sequence[Artefact] = (), base_url: str | None = None) -> bytes:
    """``404.html``: what a web server shows for a missing page, in both languages, with links to both home pages.

    A server shows it at the missing page's address, whatever its folder, so
    with the site's address (``base_url``) every link is absolute; without it
    the links are relative to the top folder, right for a missing page there.
    """
    lang = LANGS[0]
    context = _common(lang, NOT_FOUND_PATH, {}, calibration)
    if base_url:
        absolute = {key: base_url + posixpath.normpath(posixpath.join(posixpath.dirname(NOT_FOUND_PATH), value)) for key, value in context.items() if key in ("style", "home", "manifest")}
        context.update(absolute)
        context["footer_calibration"] = [replace(link, href=base_url + link.href) for link in context["footer_calibration"]]
    homes = [{"lang": other, "tag": TAGS[other], "href": (base_url or "") + page_path(other), "title": text(other, "not_found_title"), "words": text(other, "not_found_text"), "home": text(other, "home")} for other in LANGS]
    context.update({"title": f"{text(LANGS[0], 'not_found_title')} · {text(LANGS[1], 'not_found_title')}", "homes": homes})
    return render("404.html.j2", context)


def site_url(value: str | None = None) -> str | None:
    """The site's address (``BOARDGEN_SITE_URL``, or ``value``), ending in ``/``; None when it is not set.

    A sitemap lists absolute addresses, so without it none is written.
    """
    import os

    url = value if value is not None else os.environ.get(SITE_URL_VARIABLE, "")
    if not url:
        return None
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", url):
        raise BoardgenError(f"{SITE_URL_VARIABLE}={url!r} is not the site's address (http://... or https://..., no query)")
    return url if url.endswith("/") else url + "/"


def sitemap_bytes(base_url: str, games: Sequence[GameFacts]) -> bytes:
    """``sitemap.xml``: every page of the site at ``base_url``, each with its counterpart in the other language (hreflang)."""
    from xml.sax.saxutils import escape, quoteattr

    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    for game in [None, *(facts.info.id for facts in games)]:
        for lang in LANGS:
            lines.append(f"<url><loc>{escape(base_url + quote(page_path(lang, game)))}</loc>")
            for other in LANGS:
                lines.append(f'<xhtml:link rel="alternate" hreflang="{TAGS[other]}" href={quoteattr(base_url + quote(page_path(other, game)))}/>')
            lines.append("</url>")
    lines.append("</urlset>")
    return ("\n".join(lines) + "\n").encode("utf-8")


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


def game_facts(game_id: str) -> GameFacts:
    """What the pages say about one game: its board picture and both languages' texts, read and checked."""
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



FactsSource = Callable[[str], GameFacts]
_facts_source: FactsSource = game_facts


def use_facts_source(source: FactsSource | None) -> FactsSource:
    """Where :func:`build_site` takes each game's facts from: ``source``, or :func:`game_facts` again when None.

    A one-shot build needs each game's facts once; a long-running preview
    (``boardgen serve``, :mod:`boardgen.make.site_memo`) keeps them between
    builds and makes them again only for a game whose sources changed.
    Returns the source in use before, so a caller can put it back.
    """
    global _facts_source
    before, _facts_source = _facts_source, (source or game_facts)
    return before


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


def build_site(records: list[Artefact], output: Path, base_url: str | None = None, pending: Sequence[Artefact] = ()) -> list[Artefact]:
    """Write the site's pages, thumbnails, stylesheet, 404 page, manifest (and sitemap) into ``output``; their records.

    ``records`` are the build's files; records of the site's own kinds (pages,
    style, thumbnails, manifest) among them are ignored, as this call writes
    those anew.  Games are shown in the registry's order (by id).  The
    sitemap is written only when the site's address is known: ``base_url``,
    else the ``BOARDGEN_SITE_URL`` environment variable (:func:`site_url`).

    ``pending`` are the records of files still being made (the booklets, while
    the build typesets them; their bytes, sha256 and pages are not known):
    the pages name each in its place, marked as being made, with no link, and
    the manifest leaves them out.  The build writes such a site first, so
    that it can be opened within the first minute, and writes it again with
    no ``pending`` when they are made; a site without ``pending`` is what it
    always was.
    """
    from boardgen.booklet.paths import templates_dir

    url = site_url(base_url)
    files = [record for record in records if record.kind not in SITE_KINDS]
    waiting = [replace(record, bytes=0, sha256=NOT_MADE, pages=None) for record in pending if record.kind not in SITE_KINDS]
    calibration = [record for record in files if record.kind == "calibration"]
    by_game: dict[str, list[Artefact]] = {}
    for record in [*files, *waiting]:
        if record.game is not None:
            by_game.setdefault(record.game, []).append(record)
    for game_id in by_game:
        if game_id in RESERVED_NAMES:
            raise BoardgenError(f"a game called {game_id!r} would have its page at {page_path(LANGS[0], game_id)}, the home page's name; rename the game")
    games = [_facts_source(game_id) for game_id in sorted(by_game)]
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
    written.append(_write(output, NOT_FOUND_PATH, not_found_page(calibration, url), "page", "html"))
    if url:
        written.append(_write(output, SITEMAP_PATH, sitemap_bytes(url, games), "page", "xml"))
    manifest = manifest_bytes([*files, *written], games)
    written.append(_write(output, MANIFEST_PATH, manifest, "manifest", "json"))
    return sorted(written)
