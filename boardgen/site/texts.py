"""What the site says about a game, read from its booklet's sources and rendered as HTML.

A game's page shows what its booklet says: the facts of the cover (players,
playing time, ages), the introduction, the note on which rules the booklet
describes, the diagrams' captions and the list of sources.  They are read
with the booklet's own parser (:func:`boardgen.booklet.markdown_source.read_language`:
front matter and Markdown, no engine, no typesetting) and rendered with the
booklet's Markdown renderer, so the site and the booklet say the same thing
in the same words.  The renderer is the booklet's with two doors closed that
only make sense in a PDF: an image becomes its description (a booklet image
is a file of the rules folder, not of the site) and an anchor link to a
booklet section becomes plain text (the page has no such section).  The texts
speak of themselves in words true on paper and on screen ("this text", never
"this booklet": docs/series.md, held by tests/booklet/test_language.py), so the
page says exactly what the booklet says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from boardgen.booklet.markdown_html import SafeRenderer
from boardgen.booklet.problems import Problems
from boardgen.booklet.markdown_source import DiagramRef, TextChunk, markdown, read_language
from boardgen.booklet.sources import FrontMatter, source_file


class SiteRenderer(SafeRenderer):
    """The booklet's safe Markdown renderer, for a web page instead of a PDF."""

    def image(self, tokens, idx, options, env) -> str:
        from html import escape

        return f'<span class="missing-image">[{escape(tokens[idx].content)}]</span>'

    def link_open(self, tokens, idx, options, env) -> str:
        href = tokens[idx].attrGet("href") or ""
        if href.startswith("#"):
            return "<a>"  # a booklet section: not on this page
        return super().link_open(tokens, idx, options, env)


@cache
def _renderer() -> SiteRenderer:
    return SiteRenderer(markdown())


def render_block(tokens: list, env: dict[str, Any]) -> Markup:
    """Markdown blocks as the page shows them."""
    return Markup(_renderer().render(tokens, markdown().options, env))


def render_inline(text: str, env: dict[str, Any]) -> Markup:
    return Markup(_renderer().render(markdown().parseInline(text), markdown().options, env))


@dataclass(frozen=True)
class Source:
    """One entry of the booklet's list of sources, as the page lists it."""

    anchor: str
    number: int
    html: Markup
    url: str | None


@dataclass
class GameText:
    """One language's words about a game, ready for a template (HTML already made safe)."""

    lang: str
    meta: FrontMatter
    introduction: Markup = Markup("")
    variant_note: Markup = Markup("")
    captions: dict[str, Markup] = field(default_factory=dict)  # diagram id -> caption, in the booklet's order
    sources: list[Source] = field(default_factory=list)


def game_text(folder: Path, lang: str) -> GameText | None:
    """The words of ``folder``'s rule text in ``lang``; None when the game has no text in that language.

    The build has checked the text before the site is made, so problems are
    not reported again here.
    """
    path = source_file(folder, lang)
    if not path.is_file():
        return None
    source = read_language(path, lang, Problems(), folder)
    if source is None:
        return None
    citations = {ref.key: (number, f"src-{ref.key}") for number, ref in enumerate(source.meta.sources, start=1)}
    env: dict[str, Any] = {"folder": folder, "citations": citations, "lang": lang}
    result = GameText(lang, source.meta)
    if source.meta.variant_note:
        result.variant_note = render_inline(source.meta.variant_note, env)
    if source.sections:
        chunks = [item for item in source.sections[0].items if isinstance(item, TextChunk)]
        result.introduction = render_block([token for chunk in chunks for token in chunk.tokens], env)
    for section in source.sections:
        for item in section.items:
            if isinstance(item, DiagramRef) and item.id not in result.captions:
                result.captions[item.id] = render_inline(item.caption, env)
    result.sources = [Source(citations[ref.key][1], citations[ref.key][0], render_inline(ref.text, env), ref.url) for ref in source.meta.sources]
    return result
