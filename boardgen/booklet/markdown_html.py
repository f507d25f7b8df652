"""Markdown to HTML for the booklet: markdown-it's renderer with every way out of the project closed.

One job: turn the checked sources' markdown-it tokens into the HTML of a
text cell (:func:`render_tokens`, :func:`render_inline`).  Raw HTML comes
out escaped, images only from the game's folder, links only to the web or
to anchors; citations become numbered links; command lines and the boxed
aside get their classes; a word space is moved into the inline element
after it (WeasyPrint would end a justified line early).  The words' line
breaks are :mod:`boardgen.booklet.line_breaks`', a table's column widths
:mod:`boardgen.booklet.table_widths`'.  Apart from the document model
(:mod:`boardgen.booklet.document`) because it knows nothing of languages
paired or diagrams: the site renders its pages' texts with the same
:class:`SafeRenderer`, without a booklet.
"""

from __future__ import annotations

import html as html_lib
import re
from functools import cache
from pathlib import Path
from typing import Any

from markdown_it.renderer import RendererHTML
from markupsafe import Markup

from boardgen.booklet.line_breaks import FILE_NAME, NO_BREAK_SPACE, UNIT_AFTER, code_word, hyphenate, is_long_word, long_word, tie_units, unbreakable
from boardgen.booklet.images import check_image, image_name
from boardgen.booklet.markdown_source import allowed_link, markdown
from boardgen.booklet.table_widths import TABLE_LETTERS, column_widths


WORD_JOINER = "\u2060"  # no break on either side of it; prints nothing
NOTATION_DASH = re.compile(r"[-–/]")


def _joins_notation(tokens, idx: int) -> bool:
    """Whether ``tokens[idx]`` is the dash between two emphasised squares, as in ``*c5*-*c4*``.

    The line may not break after that dash (the browser's line breaker allows
    it after any hyphen): a word joiner follows it.
    """
    if not NOTATION_DASH.fullmatch(tokens[idx].content):
        return False
    before = next((t for t in reversed(tokens[:idx]) if not _empty(t)), None)
    after = next((t for t in tokens[idx + 1 :] if not _empty(t)), None)
    return before is not None and after is not None and before.type in ("em_close", "strong_close") and after.type in ("em_open", "strong_open")


# Inline elements a text run may end just before.  WeasyPrint (70) measures the run's last line
# with its trailing space, and a justified line then ends early, sometimes after a single word,
# when a word space is the last character before one of these; the same space at the start of
# the element gives the same spacing and no early break (SafeRenderer.text).
SPACE_INSIDE = ("strong_open", "em_open", "link_open", "code_inline", "citation")


def _empty(token) -> bool:
    # markdown-it leaves empty text tokens where emphasis delimiters were.
    return token.type == "text" and token.content == ""


def _space_moves_in(tokens, idx: int) -> bool:
    """Whether ``tokens[idx]`` (text or a soft line break) ends with a space that the next inline element takes in."""
    token = tokens[idx]
    if not (token.type == "softbreak" or (token.type == "text" and token.content[-1:].isspace())):
        return False
    after = next((t for t in tokens[idx + 1 :] if not _empty(t)), None)
    return after is not None and after.type in SPACE_INSIDE


def _space_before(tokens, idx: int) -> str:
    """" " when the space before ``tokens[idx]`` (an inline element) was moved into it, else ""."""
    before = next((i for i in range(idx - 1, -1, -1) if not _empty(tokens[i])), None)
    return " " if before is not None and _space_moves_in(tokens, before) else ""


class SafeRenderer(RendererHTML):
    """markdown-it's HTML renderer with every way out of the project closed.

    ``env`` carries ``folder`` (the game's folder, for images), ``citations``
    (source key -> (number, anchor)) and ``lang`` (for hyphenation).
    """

    def text(self, tokens, idx, options, env) -> str:
        """The text hyphenated, long addresses breakable at their punctuation, and no word space left before an inline element.

        A space before a long address or a file name goes inside its span,
        and a space that ends the text before emphasis, a link, code or a
        citation goes inside that element (:data:`SPACE_INSIDE`): either way
        the line breaks there as before, without WeasyPrint ending the line
        early.  File names, move notation and numbers with their units are
        never broken (:func:`unbreakable`).
        """
        content = tie_units(tokens[idx].content)
        if _joins_notation(tokens, idx):
            return html_lib.escape(content) + WORD_JOINER
        if _space_moves_in(tokens, idx):
            content = content.rstrip(" \t\n")
        parts = re.split(r"([ \t\n]+)", content)
        out: list[str] = []
        for part in parts:
            whole = unbreakable(part, " " if out and out[-1].isspace() else "")
            if whole is not None or is_long_word(part):
                space = " " if out and out[-1].isspace() else ""
                if space:
                    out.pop()
                out.append(whole if whole is not None else long_word(part, space))
            else:
                out.append(html_lib.escape(hyphenate(part, env["lang"]), quote=False))
        return "".join(out)

    def softbreak(self, tokens, idx, options, env) -> str:
        """A line end of the source: a space, none when the next element took it in, a no-break one between a number and its unit."""
        if _space_moves_in(tokens, idx):
            return ""
        before, after = tokens[idx - 1] if idx > 0 else None, tokens[idx + 1] if idx + 1 < len(tokens) else None
        if before is not None and after is not None and before.type == after.type == "text" and before.content[-1:].isdigit() and UNIT_AFTER.match(after.content):
            return NO_BREAK_SPACE
        return " "

    def strong_open(self, tokens, idx, options, env) -> str:
        return "<strong>" + _space_before(tokens, idx)

    def em_open(self, tokens, idx, options, env) -> str:
        return "<em>" + _space_before(tokens, idx)

    def html_block(self, tokens, idx, options, env) -> str:
        return f"<p>{html_lib.escape(tokens[idx].content)}</p>"

    def html_inline(self, tokens, idx, options, env) -> str:
        return html_lib.escape(tokens[idx].content)

    def image(self, tokens, idx, options, env) -> str:
        token = tokens[idx]
        src = image_name(token.attrGet("src") or "")
        alt = html_lib.escape(token.content)
        folder: Path = env["folder"]
        if check_image(src, folder) is not None:
            return f"<span class='missing-image'>[{alt}]</span>"
        from urllib.parse import quote

        # Relative to the game's folder, never absolute: the PDF must not depend on where the folder is
        # (the typesetter resolves it against a fixed base, boardgen.booklet.typeset.DOCUMENT_BASE).
        uri = quote((folder / src).resolve().relative_to(folder.resolve()).as_posix())
        return f'<img src="{html_lib.escape(uri)}" alt="{alt}">'

    def link_open(self, tokens, idx, options, env) -> str:
        href = tokens[idx].attrGet("href") or ""
        if allowed_link(href):
            return f'<a href="{html_lib.escape(href)}">{_space_before(tokens, idx)}'
        return "<a>" + _space_before(tokens, idx)

    def code_inline(self, tokens, idx, options, env) -> str:
        """Code (command lines) that breaks only at its spaces, never after a hyphen of ``--option``.

        Each space-separated word is a no-break span; the characters stay as
        written (plain ASCII hyphens), so copying from the PDF gives a command
        that works.  A long path may also break after its slashes (pieces
        joined by ``<wbr>``, which copies as nothing), rather than leave the
        line before it half empty.
        """
        words = tokens[idx].content.split()
        spans = " ".join(code_word(word) for word in words)
        return f"<code>{_space_before(tokens, idx)}{spans}</code>"

    def paragraph_open(self, tokens, idx, options, env) -> str:
        if not tokens[idx].hidden and idx + 1 < len(tokens) and has_command(tokens[idx + 1]):
            return '<p class="command">'
        return self.renderToken(tokens, idx, options, env)

    def blockquote_open(self, tokens, idx, options, env) -> str:
        """A quote that starts with **boardgen:** is the boxed aside about the program (docs/series.md)."""
        return '<blockquote class="aside">\n' if is_aside(tokens, idx) else self.renderToken(tokens, idx, options, env)

    def list_item_open(self, tokens, idx, options, env) -> str:
        # In a tight list the paragraph is hidden: the item carries the class instead.
        following = tokens[idx + 1 : idx + 3]
        if len(following) == 2 and following[0].type == "paragraph_open" and following[0].hidden and has_command(following[1]):
            return '<li class="command">'
        return self.renderToken(tokens, idx, options, env)

    def table_open(self, tokens, idx, options, env) -> str:
        """A table that fits its column: fixed layout, widths shared out by the cells' contents."""
        widths = column_widths(tokens, idx, env.get("table_letters", TABLE_LETTERS))
        cols = "".join(f'<col style="width: {w:.1f}%">' for w in widths)
        return f'<table class="md-table"><colgroup>{cols}</colgroup>\n'

    def citation(self, tokens, idx, options, env) -> str:
        """``[2]``, or for several sources ``[1, 3]`` and ``[2–4]`` (numbers in order, runs joined)."""
        found = {env["citations"][key] for key in tokens[idx].meta["keys"] if key in env["citations"]}
        links = [f'<a href="#{anchor}">{number}</a>' for number, anchor in sorted(found)]
        # A space before the citation comes inside it: the citation stays on the line of the word it
        # belongs to (the span does not break), as a typesetter ties it with a no-break space.
        return f'<span class="cite">{_space_before(tokens, idx)}[{cite_list(links, sorted(number for number, _ in found)) or "?"}]</span>'


ASIDE_LABEL = "boardgen:"  # the words in bold that open the boxed aside of "Making your own"


def is_aside(tokens, idx: int) -> bool:
    """Whether the quote opened at ``tokens[idx]`` starts with **boardgen:** (in bold), the aside for the program's users."""
    following = tokens[idx + 1 : idx + 3]
    if len(following) < 2 or following[0].type != "paragraph_open" or following[1].type != "inline":
        return False
    children = [child for child in following[1].children or [] if not _empty(child)]
    return len(children) >= 3 and children[0].type == "strong_open" and children[1].type == "text" and children[1].content.strip() == ASIDE_LABEL


def cite_list(items: list[str], numbers: list[int]) -> str:
    """The citation numbers' links joined by ", ", with runs of three or more as "first–last"."""
    parts: list[str] = []
    start = 0
    for end in range(1, len(numbers) + 1):
        if end == len(numbers) or numbers[end] != numbers[end - 1] + 1:
            run = items[start:end]
            parts.append(f"{run[0]}\u2013{run[-1]}" if len(run) >= 3 else ", ".join(run))
            start = end
    return ", ".join(parts)


COMMAND_WORDS = 4  # a code span of this many words or more is a command line (program, command, game, option)


def has_command(inline) -> bool:
    """Whether an inline token holds a command line (a code span of several words) or a long file name.

    Such a paragraph is set ragged right: a command's words and a file name
    cannot be hyphenated or broken, and justifying the line before them
    leaves wide gaps in a narrow column.
    """
    return inline.type == "inline" and any(
        (c.type == "code_inline" and len(c.content.split()) >= COMMAND_WORDS) or (c.type in ("text", "code_inline") and _long_file_name(c.content)) for c in inline.children or []
    )


LONG_FILE_NAME = 16  # characters: a file name this long does not fit well at a justified line's end


def _long_file_name(text: str) -> bool:
    return any(len(found.group(0)) >= LONG_FILE_NAME for found in FILE_NAME.finditer(text))


@cache
def _renderer() -> SafeRenderer:
    return SafeRenderer(markdown())


def render_tokens(tokens, env: dict[str, Any]) -> Markup:
    return Markup(_renderer().render(tokens, markdown().options, env))


def render_inline(text: str, env: dict[str, Any]) -> Markup:
    tokens = markdown().parseInline(text)
    return Markup(_renderer().render(tokens, markdown().options, env))
