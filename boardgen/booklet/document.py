"""The document model the templates read: the languages paired section by section, the diagrams as images.

One job: from a checked game, the parts of the booklet the template lays
out.  The languages are *paired*: section ``i`` of every language goes into
one :class:`PairedSection`, and inside a section the text between two
diagrams forms one :class:`TextRow` with a cell per language.  In the
bilingual booklet the cells sit side by side (Portuguese left, English
right), so a reader of either language reads down their own column and
meets each diagram (a :class:`FigureRow`), drawn once across both columns
with both captions, at the same place as the text that talks about it.  A
single-language booklet is the same structure with one column.  The cover
picture is made here too (:func:`cover_picture`).  Apart from the template
filling (:mod:`boardgen.booklet.html`) and the Markdown rendering it calls,
because this is where the languages meet the diagrams.
"""

from __future__ import annotations

import html as html_lib
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from boardgen.booklet.check import GameSources
from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.syntax import from_options
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.markdown_html import render_inline, render_tokens
from boardgen.booklet.papers import PageStyle
from boardgen.booklet.problems import Problems, ProblemsError
from boardgen.booklet.markdown_source import DiagramRef, LanguageSource, TextChunk
from boardgen.booklet.typeset import diagram_url
from boardgen.drawing.svg import render_svg


@dataclass
class Cell:
    """One language's part of a row: its HTML and the language it is in."""

    lang: str  # HTML language tag
    html: Markup


@dataclass
class TextRow:
    """The text between two diagrams of a section, a cell per language."""

    cells: list[Cell]
    kind: str = "text"


@dataclass
class FigureRow:
    """A diagram, drawn once across the columns, with its caption in each language."""

    id: str
    svg: Markup
    width_mm: float
    captions: list[Cell]
    kind: str = "figure"


@dataclass
class PairedSection:
    """Section ``i`` of every language: its heading in each, then its rows."""

    anchor: str
    level: int
    titles: list[Cell]
    plain_titles: list[str]
    rows: list[TextRow | FigureRow] = field(default_factory=list)


@dataclass
class SourceList:
    """One language's list of sources (the citations' targets)."""

    lang: str
    entries: list[dict[str, Any]]


# A diagram image is a block at its own size, as an inline <svg> was: the stylesheet's ``img {
# max-width: 100% }`` (for the rule texts' pictures) would shrink it to its frame's width, rounded to
# 0.01 mm, and shift every line of the drawing by a fraction of a pixel.
DIAGRAM_STYLE = "display: block; max-width: none"


def diagram_markup(checked: CheckedDiagram, sources: list[LanguageSource], **limits: float) -> tuple[Markup, float]:
    """A diagram as an image of the page, and its width in mm.

    The SVG is referenced (an ``<img>`` of a ``data:`` URL that the
    typesetter's fetcher serves, :func:`~boardgen.booklet.typeset.diagram_url`),
    not inlined: WeasyPrint draws an SVG image with the same vector code, but
    an inline ``<svg>`` is part of the HTML tree and every one of its elements
    (a glyph outline is one) goes through the style cascade on every layout.
    The description in each language of ``sources`` (the SVG's ``<title>``)
    is also the ``alt`` text, which WeasyPrint makes the figure's ``/Alt`` in
    the tagged PDF, as it did with the ``<title>`` of an inline SVG; the
    hover texts inside are in the same languages.
    """
    descriptions = {s.lang: describe(checked, s.lang, s.meta.colours, s.meta.pieces) for s in sources}
    terms = {s.lang: (s.meta.colours, s.meta.pieces) for s in sources}
    sheet = diagram_sheet(checked, descriptions, sources[0].tag, terms=terms, **limits)
    alt = html_lib.escape(sheet.title, quote=True)
    return Markup(f'<img class="drawing" src="{diagram_url(render_svg(sheet))}" alt="{alt}" style="{DIAGRAM_STYLE}">'), sheet.width


def pair_sections(game: GameSources, sources: list[LanguageSource], envs: dict[str, dict[str, Any]]) -> list[PairedSection]:
    paired: list[PairedSection] = []
    first = sources[0]
    for index, section in enumerate(first.sections):
        parts = [s.sections[index] for s in sources]
        titles = [Cell(s.tag, render_tokens(part.title[0].children or [], envs[s.lang]) if part.title else Markup("")) for s, part in zip(sources, parts)]
        plain = [part.plain_title for part in parts]
        block = PairedSection(f"s{index + 1}", section.level, titles, plain)
        # Split each language's items into slots: text before diagram 1, diagram 1, text, ...
        slots_per_lang = []
        for part in parts:
            slots: list[list[TextChunk]] = [[]]
            refs: list[DiagramRef] = []
            for item in part.items:
                if isinstance(item, DiagramRef):
                    refs.append(item)
                    slots.append([])
                else:
                    slots[-1].append(item)
            slots_per_lang.append((slots, refs))
        count = len(slots_per_lang[0][1])
        for k in range(count + 1):
            cells = []
            for s, (slots, _) in zip(sources, slots_per_lang):
                tokens = [t for chunk in slots[k] for t in chunk.tokens]
                cells.append(Cell(s.tag, render_tokens(tokens, envs[s.lang])))
            if any(str(c.html).strip() for c in cells):
                block.rows.append(TextRow(cells))
            if k < count:
                ident = slots_per_lang[0][1][k].id
                checked = game.diagrams[ident]
                svg, width = diagram_markup(checked, sources)
                captions = [Cell(s.tag, render_inline(refs[k].caption, envs[s.lang])) for s, (_, refs) in zip(sources, slots_per_lang)]
                block.rows.append(FigureRow(ident, svg, width, captions))
        paired.append(block)
    return paired


def cover_picture(game: GameSources, sources: list[LanguageSource], paper: PageStyle, max_height_mm: float) -> tuple[Markup, float]:
    """The cover picture: the diagram named by ``cover``, else the empty board the text describes.

    At most ``max_height_mm`` tall: :func:`boardgen.booklet.cover.fit_cover`
    chooses the height that keeps the cover on one page.
    """
    assert game.defaults is not None
    ident = sources[0].meta.cover
    if ident:
        checked = game.diagrams[ident]
    else:
        problems = Problems()
        spec = from_options("cover", game=game.id, size=game.defaults.size, variants=dict(game.defaults.variant), source=str(game.folder))
        made = check_diagram(spec, Defaults(game.id, game.defaults.size, game.defaults.variant), problems, prefix="cover: ")
        if made is None:
            raise ProblemsError(problems.items)
        checked = made
    limits = {"max_width": min(paper.text_width_mm, 130.0), "max_height": max_height_mm, "unit_mm": 12.0}
    return diagram_markup(checked, sources, **limits)
