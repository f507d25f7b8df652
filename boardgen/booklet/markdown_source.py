"""The Markdown of one language's rule text: the parser, the body as sections, and every problem in it.

The body is CommonMark (plus tables, typographic quotes and ``[@key]``
citations: :func:`markdown`) read by markdown-it-py, whose tokens carry
source line numbers; :func:`read_language` turns them into :class:`Section`
objects made of text chunks and diagram references (a fenced block)::

    # First section

    Text, with a citation [@gardner] ...

    ```diagram swap
    The caption of diagram "swap" in this language.
    ```

One job: the body after the front matter (:mod:`boardgen.booklet.sources`),
parsed and checked, every problem recorded as ``file:line: message``.  The
Markdown is untrusted: raw HTML is refused (and would be escaped), images
may only come from the game's own folder (:mod:`boardgen.booklet.images`),
links only go to the web (``http``, ``https``, ``mailto``) or to an anchor,
and markup too deep or too plentiful for the typesetter is refused.  The
HTML is written by :mod:`boardgen.booklet.markdown_html` from these same
tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from boardgen.booklet.images import check_image, image_name
from boardgen.booklet.problems import Problems
from boardgen.booklet.runs import long_run
from boardgen.booklet.sources import LANGUAGES, FrontMatter, parse_front_matter, read_source, split_front_matter

DIAGRAM_INFO = "diagram"
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
LINK_SCHEMES = ("http://", "https://", "mailto:")
MAX_HEADING = 3
MAX_DEPTH = 6  # lists and quotes inside each other; markdown-it stops nesting, silently, at 20 levels
CONTAINERS = ("bullet_list_open", "ordered_list_open", "blockquote_open")
# Paragraphs, headings, list items, table cells, emphasis, code spans, links, citations, images...: the
# typesetter spends about a millisecond on each (more inside one long paragraph), so 60,000 spans of
# emphasis in 240 KB took 147 s.  The rule texts have at most about 300.
MAX_ELEMENTS = 5000


CITATION = re.compile(r"\[\s*@([A-Za-z0-9_-]+)((?:\s*;\s*@[A-Za-z0-9_-]+)*)\s*\]")
CITATION_KEY = re.compile(r"@([A-Za-z0-9_-]+)")


def _citation_rule(state: StateInline, silent: bool) -> bool:
    """``[@key]`` or ``[@a; @b]``: a citation of one or several entries of the front matter's sources."""
    if not state.src.startswith("[@", state.pos) and not state.src.startswith("[ ", state.pos):
        return False
    match = CITATION.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("citation", "", 0)
        keys = [match.group(1), *CITATION_KEY.findall(match.group(2))]
        token.meta = {"keys": keys}
    state.pos = match.end()
    return True


@cache
def markdown() -> MarkdownIt:
    """The parser for rule texts (CommonMark + tables + typographic quotes, citations).

    ``html`` is on only so that raw HTML shows up as its own tokens, which the
    checker reports and the renderer escapes; it never reaches the PDF as HTML.
    """
    md = MarkdownIt("commonmark", {"html": True, "typographer": True})
    md.enable(["table", "strikethrough", "replacements", "smartquotes"])
    md.inline.ruler.before("link", "citation", _citation_rule)
    # markdown-it leaves a link it finds unsafe (javascript:, file:, ...) as plain text,
    # silently; taking every address as a link lets the checker refuse it with file:line.
    # The renderer writes only allowed addresses (and images of the game's folder).
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


@dataclass
class DiagramRef:
    """A diagram shown at this spot, with its caption in this language."""

    id: str
    caption: str  # inline Markdown
    line: int


@dataclass
class TextChunk:
    """Consecutive Markdown blocks between two headings or diagrams."""

    tokens: list[Token]
    line: int


@dataclass
class Section:
    """A heading (level 0: the text before the first heading) and what follows it up to the next."""

    level: int
    title: list[Token]  # the heading's inline token (empty for level 0)
    line: int
    items: list[TextChunk | DiagramRef] = field(default_factory=list)

    @property
    def plain_title(self) -> str:
        return "".join(child.content for token in self.title for child in (token.children or []) if child.type in ("text", "code_inline"))

    def diagram_ids(self) -> list[str]:
        return [item.id for item in self.items if isinstance(item, DiagramRef)]


@dataclass
class LanguageSource:
    lang: str  # "pt" or "en"
    path: Path
    meta: FrontMatter
    sections: list[Section]
    offset: int  # file line of the body's first line, minus one

    @property
    def tag(self) -> str:
        return LANGUAGES[self.lang][1]


def read_language(path: Path, lang: str, problems: Problems, folder: Path | None = None) -> LanguageSource | None:
    """Parse one language's source; problems are collected, never raised (None: the file could not be read)."""
    text = read_source(path, problems, folder)
    if text is None:
        return None
    front, body, first = split_front_matter(text, path, problems)
    meta = parse_front_matter(front, path, problems)
    offset = first - 1
    tokens = markdown().parse(body)
    _check_elements(tokens, path, offset, problems)
    sections = _sections(tokens, path, offset, problems)
    return LanguageSource(lang, path, meta, sections, offset)


def token_line(token: Token, offset: int) -> int:
    return (token.map[0] if token.map else 0) + 1 + offset


def _top_level_blocks(tokens: list[Token]) -> list[list[Token]]:
    """Split the token stream into top-level blocks (an open token up to its matching close)."""
    blocks, current, depth = [], [], 0
    for token in tokens:
        current.append(token)
        depth += token.nesting
        if depth == 0:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _sections(tokens: list[Token], path: Path, offset: int, problems: Problems) -> list[Section]:
    sections = [Section(0, [], 1 + offset)]
    for block in _top_level_blocks(tokens):
        head = block[0]
        line = token_line(head, offset)
        if head.type == "heading_open":
            level = int(head.tag[1])
            if level > MAX_HEADING:
                problems.add(path, line, f"headings go down to level {MAX_HEADING} (###), not {head.tag}")
            sections.append(Section(level, [t for t in block if t.type == "inline"], line))
        elif head.type == "fence" and head.info.strip().split()[:1] == [DIAGRAM_INFO]:
            sections[-1].items.append(_diagram_ref(head, path, line, problems))
        else:
            if head.type == "html_block":
                problems.add(path, line, "raw HTML is not allowed in rule texts; write Markdown instead")
            items = sections[-1].items
            if items and isinstance(items[-1], TextChunk):
                items[-1].tokens.extend(block)
            else:
                items.append(TextChunk(list(block), line))
        _check_depth(block, path, offset, problems)
        for token in block:
            if token.type == "inline":
                _check_inline(token, path, offset, problems)
    if not sections[0].items:
        sections.pop(0)
    return sections


def _check_elements(tokens: list[Token], path: Path, offset: int, problems: Problems) -> None:
    """More than MAX_ELEMENTS pieces of markup (block or inline) are refused at the line of the first one too many."""
    count = 0
    for token in tokens:
        line = token_line(token, offset)
        for piece in token.children or [] if token.type == "inline" else [token]:
            if piece.type in ("softbreak", "hardbreak"):
                line += 1
            if piece.nesting < 0 or piece.type in ("text", "softbreak"):
                continue  # plain text, or a closing tag (its element is counted at its opening)
            count += 1
            if count > MAX_ELEMENTS:
                problems.add(path, line, f"more than {MAX_ELEMENTS} pieces of markup (paragraphs, list items, emphasis, code, links...) from here on; a rule text needs far fewer")
                return


def _check_depth(block: list[Token], path: Path, offset: int, problems: Problems) -> None:
    """Lists and quotes nested more than MAX_DEPTH deep are refused (once per top-level block)."""
    depth = 0
    for token in block:
        if token.type in CONTAINERS:
            depth += 1
            if depth > MAX_DEPTH:
                problems.add(path, token_line(token, offset), f"lists and quotes are nested more than {MAX_DEPTH} deep here; a booklet needs far less")
                return
        elif token.type.replace("_close", "_open") in CONTAINERS:
            depth -= 1


def _diagram_ref(token: Token, path: Path, line: int, problems: Problems) -> DiagramRef:
    words = token.info.split()
    ident = words[1] if len(words) > 1 else ""
    if len(words) != 2 or not ID_PATTERN.match(ident):
        problems.add(path, line, "a diagram block starts with ```diagram ID (ID: lower-case letters, digits and '-')")
    caption = " ".join(token.content.split())
    if not caption:
        problems.add(path, line, f"diagram {ident}: the caption is missing (write it inside the block)")
    return DiagramRef(ident, caption, line)


def inline_problems(token: Token, path: Path, offset: int, problems: Problems) -> None:
    """Check the inline parts of a caption or paragraph (also used for captions parsed separately)."""
    _check_inline(token, path, offset, problems)


def _check_inline(token: Token, path: Path, offset: int, problems: Problems) -> None:
    line = token_line(token, offset)
    children = token.children or []
    if run := long_run(children, line):  # measured as typeset, across code, emphasis and citations
        problems.add(path, run.line, run.problem())
    for child in children:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "html_inline":
            problems.add(path, line, f"raw HTML is not allowed in rule texts ({child.content.strip()[:40]}); write Markdown instead")
        elif child.type == "image":
            image_problem = check_image(image_name(str(child.attrGet("src") or "")), path.parent)
            if image_problem:
                problems.add(path, line, image_problem)
            if not child.content.strip():
                problems.add(path, line, "an image needs a description: ![what it shows](file)")
        elif child.type == "link_open":
            href = str(child.attrGet("href") or "")
            if not allowed_link(href):
                problems.add(path, line, f"links may go to http(s) or mailto addresses only, not {href[:60]!r}")


def allowed_link(href: str) -> bool:
    """Whether a link may go into a booklet: a web or mail address (any case), or an anchor."""
    return href.startswith("#") or href.lower().startswith(LINK_SCHEMES)


def text_of(tokens: list[Token]) -> list[tuple[str, int]]:
    """Every piece of visible text in ``tokens`` with its line (for the font coverage check)."""
    found = []
    for token in tokens:
        if token.type == "inline":
            line = (token.map[0] if token.map else 0) + 1
            for child in token.children or []:
                if child.type in ("softbreak", "hardbreak"):
                    line += 1
                elif child.type in ("text", "code_inline"):
                    found.append((child.content, line))
                elif child.type == "image":
                    found.append((child.content, line))
        elif token.type in ("fence", "code_block"):
            found.append((token.content, (token.map[0] if token.map else 0) + 1))
    return found
