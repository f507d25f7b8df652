"""One game's rules in one language, as the part of its web page that the booklet is on paper.

One source, two renderings: the page's rules are read from the same Markdown
as the booklet (:func:`boardgen.booklet.check.load_game`, which also replays
every diagram with the engine) and rendered with the booklet's safe Markdown
renderer as the site uses it (:class:`boardgen.site.texts.SiteRenderer`).  A
rule text with a problem that ``boardgen check`` reports makes no page
either: :func:`rules_view` raises :class:`~boardgen.booklet.problems.ProblemsError`
with the same ``file:line`` lines (the build checks the texts before it plans,
so in a build this only happens to a text edited since).

The diagrams are the files the build wrote (``diagrams/GAME/ID.svg``, the
same drawing, bilingual, that the booklet's build makes), found by their
records' ids, never by file name; each ``<img>`` carries that drawing's width
and height in CSS pixels (so the page does not jump while it loads), an
alternative text in the page's language (the booklet's description in words)
and the booklet's caption.  A diagram whose file is not among the records (a
build of some kinds only) is the same drawing as a ``data:`` URL, so the page
is never without it.

What is print-only in the booklet and reads differently on a screen is the
texts' business (``docs/series.md``, "Words for paper and screen").
"""

from __future__ import annotations

import base64
import dataclasses
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from boardgen.site.catalogue import Artefact
from boardgen.site.frames import Frame
from boardgen.site.texts import render_block, render_inline

if TYPE_CHECKING:
    from boardgen.booklet.check import GameSources

RULES_STYLE = "assets/rules.css"  # the rules' stylesheet, beside the site's
RULES_SCRIPT = "assets/rules.js"  # the step-through of the diagrams that play (boardgen/site/frames.py)
PX_PER_MM = 96 / 25.4  # CSS pixels
SECTION_OFFSET = 2  # a text's "#" is the page's h3: the page's h1 is the game, its h2 "Rules"
OWN_IDS = ("rules", "rules-title", "rules-toc-title", "rules-sources")  # the ids rules.html.j2 writes itself
TOC_LEVELS = (1, 2)  # the booklet's table of contents: "#" and "##"

WORDS = {
    "pt": {
        "rules": "Regras",
        "contents": "Sumário",
        "sources": "Fontes",
        "figure": "Diagrama",
        "other": "Leia as regras em inglês",
        "diagram_alt": "Diagrama {number}: {description}",
        "step_alt": "Diagrama {number}, depois de {moves} de {total} lances: {description}",
        "previous": "Lance anterior",
        "next": "Próximo lance",
        "step": "Lance {moves} de {total}",
    },
    "en": {
        "rules": "Rules",
        "contents": "Contents",
        "sources": "Sources",
        "figure": "Diagram",
        "other": "Read the rules in Portuguese",
        "diagram_alt": "Diagram {number}: {description}",
        "step_alt": "Diagram {number}, after {moves} of {total} moves: {description}",
        "previous": "Previous move",
        "next": "Next move",
        "step": "Move {moves} of {total}",
    },
}


@dataclass(frozen=True)
class Step:
    """One position of a diagram that plays: after ``moves`` of its moves."""

    moves: int
    src: str
    alt: str


@dataclass(frozen=True)
class RulesFigure:
    """A diagram of the rules: the booklet's drawing, its size, its words, its caption."""

    id: str
    anchor: str
    number: int
    label: str  # "Diagrama 3"
    src: str
    alt: str
    width: int  # CSS pixels at the booklet's size
    height: int
    caption: Markup
    steps: tuple[Step, ...] = ()  # the positions before the last, for a diagram that plays
    kind: str = "figure"

    @property
    def moves(self) -> int:
        """How many moves the diagram plays (0: it does not)."""
        return len(self.steps)


@dataclass(frozen=True)
class RulesText:
    """The text between two diagrams (or headings), as HTML."""

    html: Markup
    kind: str = "text"


@dataclass
class RulesSection:
    """A heading of the text (level 0: the text before the first one) and what follows it."""

    anchor: str
    level: int  # the text's: 1 for "#"
    title: Markup
    plain_title: str
    blocks: list[RulesText | RulesFigure] = field(default_factory=list)

    @property
    def heading(self) -> int:
        """The page's heading level of this section (h3 for a text's "#")."""
        return self.level + SECTION_OFFSET


@dataclass(frozen=True)
class RulesSource:
    anchor: str
    number: int
    html: Markup
    url: str | None


@dataclass(frozen=True)
class Switch:
    """The same rules in the other language: where, its language tag, what the link says."""

    href: str
    tag: str
    text: str


@dataclass
class RulesView:
    """What ``rules.html.j2`` shows of one game in one language."""

    lang: str
    tag: str
    words: dict[str, str]
    sections: list[RulesSection]
    sources: list[RulesSource]
    switch: Switch | None = None
    style: str = RULES_STYLE  # links from the page
    script: str = RULES_SCRIPT

    @property
    def plays(self) -> bool:
        """Whether a diagram steps through its moves (the page then loads the script)."""
        return any(figure.steps for figure in self.figures)

    @property
    def toc(self) -> list[RulesSection]:
        """The booklet's table of contents: every "#" and "##" heading, in order."""
        return [section for section in self.sections if section.level in TOC_LEVELS]

    @property
    def figures(self) -> list[RulesFigure]:
        return [block for section in self.sections for block in section.blocks if isinstance(block, RulesFigure)]


def slug(text: str) -> str:
    """An anchor from a heading's words: ASCII letters and digits joined by hyphens ("A regra da troca" -> "a-regra-da-troca")."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "section"


def _unique(anchor: str, taken: set[str]) -> str:
    found, number = anchor, 2
    while found in taken:
        found, number = f"{anchor}-{number}", number + 1
    taken.add(found)
    return found


_drawings: dict[Path, tuple[GameSources, dict[str, Any]]] = {}  # a game's folder -> (its checked texts, each diagram's drawing)


def _drawing(game: GameSources, ident: str) -> Any:
    """The diagram file's drawing (the build's ``diagrams/GAME/ID.svg``), drawn once per checked version of the game's texts.

    Both languages' pages show the same bilingual drawing, and a preview
    server builds every page again on each save: drawing a diagram is most of
    what a rules page costs, so each is drawn once for as long as the texts
    (:func:`checked_sources`, the same object while the folder is unchanged) are.
    """
    from boardgen.booklet.diagrams.render import diagram_drawing

    kept = _drawings.get(game.folder)
    if kept is None or kept[0] is not game:
        kept = _drawings[game.folder] = (game, {})
    if ident not in kept[1]:
        terms = {lang: (source.meta.colours, source.meta.pieces) for lang, source in game.languages.items()}
        kept[1][ident] = diagram_drawing(game.diagrams[ident], terms)
    return kept[1][ident]


def diagram_size(game: GameSources, ident: str) -> tuple[float, float]:
    """The diagram file's width and height in mm."""
    sheet = _drawing(game, ident)
    return sheet.width, sheet.height


def diagram_data_url(game: GameSources, ident: str) -> str:
    """The diagram file's SVG as a ``data:`` URL, for a page whose build wrote no file of it."""
    from boardgen.drawing.svg import render_svg

    return "data:image/svg+xml;base64," + base64.b64encode(render_svg(_drawing(game, ident))).decode("ascii")


def _figure(game: GameSources, ident: str, number: int, caption: str, lang: str, env: dict[str, Any], files: Mapping[str, str], frames_link: Mapping[str, list[Step]] | None = None) -> RulesFigure:
    from boardgen.booklet.diagrams.words import describe

    source = game.languages[lang]
    width, height = diagram_size(game, ident)
    description = describe(game.diagrams[ident], lang, source.meta.colours, source.meta.pieces)
    words = WORDS[lang]
    src = files.get(ident) or diagram_data_url(game, ident)
    return RulesFigure(
        ident,
        f"diagram-{ident}",
        number,
        f"{words['figure']} {number}",
        src,
        words["diagram_alt"].format(number=number, description=description),
        round(width * PX_PER_MM),
        round(height * PX_PER_MM),
        render_inline(caption, env),
        tuple((frames_link or {}).get(ident, ())),
    )


def rules_view(game: GameSources, lang: str, files: Mapping[str, str], switch: Switch | None = None, steps: Mapping[str, list[Step]] | None = None) -> RulesView:
    """The rules of a checked game in ``lang``; ``files`` maps a diagram id to its file's link from the page, ``steps`` to its positions."""
    from boardgen.booklet.markdown_source import DiagramRef, TextChunk

    source = game.languages[lang]
    citations = {ref.key: (number, f"rules-src-{ref.key}") for number, ref in enumerate(source.meta.sources, start=1)}
    env: dict[str, Any] = {"folder": game.folder, "citations": citations, "lang": lang}
    taken: set[str] = {*OWN_IDS, *(anchor for _, anchor in citations.values())}
    sections: list[RulesSection] = []
    number = 0
    for section in source.sections:
        title = render_block(section.title[0].children or [], env) if section.title else Markup("")
        anchor = _unique(slug(section.plain_title), taken) if section.level else ""
        part = RulesSection(anchor, section.level, title, section.plain_title)
        chunks: list[TextChunk] = []
        for item in [*section.items, None]:
            if isinstance(item, TextChunk):
                chunks.append(item)
                continue
            if chunks:
                part.blocks.append(RulesText(render_block([token for chunk in chunks for token in chunk.tokens], env)))
                chunks = []
            if isinstance(item, DiagramRef):
                number += 1
                figure = _figure(game, item.id, number, item.caption, lang, env, files, steps)
                part.blocks.append(dataclasses.replace(figure, anchor=_unique(figure.anchor, taken)))  # a diagram shown twice
        sections.append(part)
    sources = [RulesSource(citations[ref.key][1], citations[ref.key][0], render_inline(ref.text, env), ref.url) for ref in source.meta.sources]
    return RulesView(lang, source.tag, WORDS[lang], sections, sources, switch)


# -- for a page of the site ---------------------------------------------------------------------

_checked: dict[Path, tuple[tuple[tuple[str, int, int], ...], GameSources]] = {}


def _signature(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """The folder's files as (name, size, mtime): a changed text is read again (a long-lived preview server)."""
    return tuple(sorted((path.name, path.stat().st_size, path.stat().st_mtime_ns) for path in folder.iterdir() if path.is_file()))


def checked_sources(folder: Path) -> GameSources:
    """The game's texts checked, once per version of its folder; ProblemsError with every ``file:line`` if ``boardgen check`` would fail."""
    from boardgen.booklet.build import load_checked

    signature = _signature(folder)
    known = _checked.get(folder)
    if known is None or known[0] != signature:
        _checked[folder] = (signature, load_checked(folder))
    return _checked[folder][1]


def rules_part(game_id: str, lang: str, records: Sequence[Artefact], page: str, pages: Mapping[str, str]) -> RulesView | None:
    """The rules of ``game_id`` in ``lang`` for the site's ``page``; None when the game has no text in that language.

    ``records`` are the game's files (its diagrams are linked from them);
    ``pages`` gives the game's page in each language, for the switch.
    """
    from boardgen.booklet.build import game_folder
    from boardgen.booklet.sources import source_file
    from boardgen.site.build import relative
    from boardgen.site.words import TAGS

    folder = game_folder(game_id)
    if not source_file(folder, lang).is_file():
        return None
    game = checked_sources(folder)
    if lang not in game.languages:
        return None
    files = {record.id: relative(record.path, page) for record in sorted(records, key=lambda r: r.path) if record.kind == "diagram" and record.id}
    kept = _views.get(folder)
    if kept is None or kept[0] is not game:
        kept = _views[folder] = (game, {})
    key = (game_id, lang, page, tuple(files.items()), tuple(sorted(pages.items())))
    if key not in kept[1]:
        others = [(other, path) for other, path in pages.items() if other != lang and other in game.languages]
        switch = Switch(relative(others[0][1], page), TAGS[others[0][0]], WORDS[lang]["other"]) if others else None
        view = rules_view(game, lang, files, switch, _steps(game_id, folder, game, lang, page))
        view.style, view.script = relative(RULES_STYLE, page), relative(RULES_SCRIPT, page)
        kept[1][key] = view
    return kept[1][key]


# A game's folder -> (its checked texts, the views made of them): a preview server builds every page
# again on each save, and rendering the Markdown of 24 texts is most of that; a view is made again only
# when its game's texts (a new checked version), its diagrams' files or its page changed. The templates
# only read a view, never change it.
_views: dict[Path, tuple[GameSources, dict[tuple[Any, ...], RulesView]]] = {}


_frames: dict[Path, tuple[tuple[tuple[str, int, int], ...], dict[str, list[Frame]]]] = {}


def game_frames(folder: Path, game: GameSources) -> dict[str, list[Frame]]:
    """Every diagram's positions before its last (:func:`boardgen.site.frames.frames`), once per version of the folder."""
    from boardgen.site.frames import frames

    signature = _signature(folder)
    known = _frames.get(folder)
    if known is None or known[0] != signature:
        _frames[folder] = (signature, {ident: found for ident in sorted(game.diagrams) if (found := frames(game, ident))})
    return _frames[folder][1]


def _steps(game_id: str, folder: Path, game: GameSources, lang: str, page: str) -> dict[str, list[Step]]:
    from boardgen.site.build import relative
    from boardgen.site.frames import frame_path

    numbers = {ident: number for number, ident in enumerate(_diagram_order(game, lang), start=1)}
    found = {}
    for ident, positions in game_frames(folder, game).items():
        total = len(positions)
        words = WORDS[lang]
        found[ident] = [
            Step(frame.moves, relative(frame_path(game_id, ident, frame.moves), page), words["step_alt"].format(number=numbers.get(ident, 0), moves=frame.moves, total=total, description=frame.descriptions[lang]))
            for frame in positions
        ]
    return found


def _diagram_order(game: GameSources, lang: str) -> list[str]:
    from boardgen.booklet.markdown_source import DiagramRef

    return [item.id for section in game.languages[lang].sections for item in section.items if isinstance(item, DiagramRef)]


def frame_files(game_id: str) -> dict[str, bytes]:
    """The pictures of the positions of ``game_id``'s diagrams that play, by their path in the output folder ({} without a text)."""
    from boardgen.booklet.build import game_folder
    from boardgen.booklet.sources import LANGUAGES, source_file
    from boardgen.site.frames import frame_path

    folder = game_folder(game_id)
    if not any(source_file(folder, lang).is_file() for lang in LANGUAGES):
        return {}
    game = checked_sources(folder)
    return {frame_path(game_id, ident, frame.moves): frame.svg for ident, positions in sorted(game_frames(folder, game).items()) for frame in positions}
