"""From checked sources to one HTML document, through the jinja2 templates in ``templates/``.

The languages are *paired*: section ``i`` of every language goes into one
block, and inside a section the text between two diagrams forms one row with
a cell per language.  In the bilingual booklet the cells sit side by side
(Portuguese left, English right), so a reader of either language reads down
their own column and meets each diagram, drawn once across both columns with
both captions, at the same place as the text that talks about it.  A
single-language booklet is the same structure with one column.

Markdown is rendered by :class:`SafeRenderer`: raw HTML comes out escaped,
images only from the game's folder, links only to the web or to anchors.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markdown_it.renderer import RendererHTML
from markupsafe import Markup

from boardgen.booklet.board_page import BoardPage
from boardgen.booklet.check import GameSources
from boardgen.booklet.cover import COVER_SHARE
from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.diagrams.syntax import from_options
from boardgen.booklet.paths import fonts_dir, templates_dir
from boardgen.booklet.problems import Problems, ProblemsError, display_path
from boardgen.booklet.sources import DiagramRef, LanguageSource, TextChunk, allowed_link, check_image, image_name, markdown
from boardgen.booklet.template_errors import raised_by_template, template_failure
from boardgen.booklet.typeset import diagram_url
from boardgen.drawing.fonts import FONT_FILES
from boardgen.errors import BoardgenError
from boardgen.drawing.svg import render_svg

LABELS = {
    "pt": {
        "contents": "Sumário",
        "sources": "Fontes",
        "variant": "Regras descritas",
        "players": "Jogadores",
        "time": "Duração",
        "ages": "Idade",
        "rules": "Regras",
        "colophon": "Sobre esta edição",
        "colophon_engine": "Os diagramas deste livreto foram desenhados e verificados pelo motor de regras do boardgen, com estas configurações:",
        "colophon_game": "jogo",
        "colophon_board": "tabuleiro",
        "colophon_options": "opções",
        "colophon_light": "Edição econômica: sem fundos coloridos e com os tabuleiros em traço leve, para gastar menos tinta.",
        "colophon_fonts": "Tipografia: Noto Serif e Noto Sans (SIL Open Font License 1.1).",
        "figure": "Diagrama",
    },
    "en": {
        "contents": "Contents",
        "sources": "Sources",
        "variant": "Rules described",
        "players": "Players",
        "time": "Playing time",
        "ages": "Ages",
        "rules": "Rules",
        "colophon": "About this edition",
        "colophon_engine": "The diagrams of this booklet were drawn and checked by the boardgen rules engine with these settings:",
        "colophon_game": "game",
        "colophon_board": "board",
        "colophon_options": "options",
        "colophon_light": "Ink-saving edition: no tinted backgrounds, and the boards drawn in light ink.",
        "colophon_fonts": "Typefaces: Noto Serif and Noto Sans (SIL Open Font License 1.1).",
        "figure": "Diagram",
    },
}


@dataclass(frozen=True)
class PageStyle:
    """A booklet page: its CSS size, margins and body font size."""

    name: str
    css_size: str
    width_mm: float
    height_mm: float
    inner_mm: float
    outer_mm: float
    top_mm: float
    bottom_mm: float
    font_pt: float
    bilingual_font_pt: float

    @property
    def text_width_mm(self) -> float:
        return self.width_mm - self.inner_mm - self.outer_mm


PAPERS = {
    "a5": PageStyle("a5", "148mm 210mm", 148.0, 210.0, 15.0, 12.0, 15.0, 16.0, 9.5, 8.6),
    "a4": PageStyle("a4", "210mm 297mm", 210.0, 297.0, 22.0, 18.0, 20.0, 22.0, 11.0, 10.0),
    "letter": PageStyle("letter", "215.9mm 279.4mm", 215.9, 279.4, 22.0, 19.0, 19.0, 21.0, 11.0, 10.0),
}


# -- Markdown to HTML ------------------------------------------------------------------


@cache
def _hyphenator(lang: str):
    import pyphen

    return pyphen.Pyphen(lang=PYPHEN_LANGUAGES[lang], left=2, right=3)


WORD = re.compile(r"[^\W\d_]{6,}")
PYPHEN_LANGUAGES = {"pt": "pt_BR", "en": "en_US"}


def hyphenate(text: str, lang: str) -> str:
    """``text`` with soft hyphens (U+00AD) at the places the language allows a break.

    WeasyPrint's own ``hyphens: auto`` sometimes breaks a line too early when an
    inline element (emphasis, a citation) follows; breaking only at soft
    hyphens that we insert (``hyphens: manual``) avoids it and keeps the choice
    of break points in one place.
    """
    dictionary = _hyphenator(lang)
    return WORD.sub(lambda m: keep_ligatures_apart(dictionary.inserted(m.group(0), hyphen=SOFT_HYPHEN)), text)


SOFT_HYPHEN = "\u00ad"
ZWNJ = "\u200c"  # zero-width non-joiner: no ligature across it, nothing printed, nothing in the copied text
# A soft hyphen between two letters the bundled Noto fonts join into one glyph (their ``liga``
# feature, on by default, has ff, fi, fl, ffi and ffl: every one starts with one of these pairs).
LIGATURE_BREAK = re.compile("(?<=f)\u00ad(?=[fil])")


def keep_ligatures_apart(word: str) -> str:
    """``word`` with a zero-width non-joiner before each soft hyphen that falls inside a ligature.

    HarfBuzz shapes through a soft hyphen (it is invisible until a line breaks
    there), so "of\u00adficers" gets one ffi glyph spanning it.  WeasyPrint
    maps a glyph to the text from its cluster to the next glyph's, and the
    next glyph, the empty one of the soft hyphen, is in the same cluster: the
    ffi maps to no text.  A glyph keeps the first text it was given, so from
    then on every ffi of the document copies and reads aloud as nothing
    ("o cers").  The non-joiner stops the ligature
    at the break point only (f + fi is drawn instead of ffi), and the soft
    hyphen keeps working: it comes after the non-joiner, so a line broken
    there still ends with the soft hyphen and gets its printed hyphen.
    """
    return LIGATURE_BREAK.sub(ZWNJ + SOFT_HYPHEN, word)


LONG_WORD = 14  # letters
TECHNICAL = re.compile(r"[/_=@]|\w\.\w")


def is_long_word(word: str) -> bool:
    """A long web address, file name or identifier: not hyphenated, but breakable anywhere.

    A soft hyphen in an address would print a hyphen that is not part of it;
    with no break at all it would run out of a narrow column or table cell.
    """
    return len(word) >= LONG_WORD and TECHNICAL.search(word) is not None




def address_breaks(word: str) -> str:
    """``word`` for HTML in pieces that do not break, with a ``<wbr>`` (an invisible break opportunity) after each ``/``, ``.`` or ``-``.

    An address may then break where its own punctuation allows it and
    nowhere else: not inside ``https`` or a name (as ``word-break:
    break-all`` did), not after the ``?`` or ``=`` of a query (where the
    line breaker would), and never with a printed hyphen that is not part of
    it.
    """
    pieces = [piece for piece in re.split(r"(?<=[/.-])(?![/.-])", word) if piece]
    return "<wbr>".join(f'<span class="nobreak">{html_lib.escape(piece, quote=False)}</span>' for piece in pieces)


def _code_word(word: str) -> str:
    """A word of code as spans that do not break: one, or for a long path one a directory (breaks after its slashes only)."""
    pieces = [piece for piece in re.split(r"(?<=/)(?!/)", word) if piece] if len(word) >= LONG_WORD else [word]
    return "<wbr>".join(f'<span class="nobreak">{html_lib.escape(piece, quote=False)}</span>' for piece in pieces)


def _long_word(word: str, space: str = "") -> str:
    return f'<span class="long-word">{space}{address_breaks(word)}</span>'


NO_BREAK_SPACE = "\u00a0"
# A file name as the booklets print them (hex-11-poster-tiled-a4.pdf): set like code and never
# broken, not even after its own hyphens, which a reader would take for a hyphenation.
FILE_NAME = re.compile(r"[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*\.(?:pdf|svg|png|jpg|zip)")
# Move notation (c5-c4, c6xc4xc2, 8/5, 3-1, 1979–1985): one unit of meaning, never broken at its dash.
NOTATION = re.compile(r"[a-z]?\d+(?:[-–/x:][a-z]?\d+)+")
# Punctuation around a word that is not part of it: "(hex-a4.pdf)," is the file name hex-a4.pdf.
AROUND = re.compile(r"([(\[“‘\"']*)(.*?)([)\]”’\"'.,;:!?]*)", re.S)
UNITS = r"(?:mm|cm|km|kg|pt|min|%|MB|KB)"
UNIT_AFTER = re.compile(UNITS + r"(?!\w)")
# "26 mm", "11 × 11": a number keeps its unit, and the factors of a product stay together.
UNIT_TIE = re.compile(r"(?<=\d) (?=" + UNITS + r"(?!\w))|(?<=\d) (?=×\s?\d)|(?<=\d)(?<=\d ×) (?=\d)|(?<=×) (?=\d)")


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


def tie_units(text: str) -> str:
    """``text`` with a no-break space between a number and its unit ("26 mm") and around the × of "11 × 11"."""
    return UNIT_TIE.sub(NO_BREAK_SPACE, text)


def unbreakable(word: str, space: str = "") -> str | None:
    """HTML for ``word`` when it is a file name or move notation (never broken), else None.

    A file name is set as code (``<span class="file">``, the sans-serif of
    code, upright even in emphasis): one style for every file name of the
    series, however the text marks it.  Notation keeps its own type but
    does not break at its dash or slash.  The punctuation around the word
    stays outside; ``space``, the word space before it, goes inside the span
    (as a long address's does, :func:`_long_word`) unless punctuation comes
    first.
    """
    found = AROUND.fullmatch(word)
    if found is None or not found.group(2):
        return None
    before, core, after = found.groups()
    if FILE_NAME.fullmatch(core):
        kind = "file"
    elif NOTATION.fullmatch(core):
        kind = "notation"
    else:
        return None
    escape = lambda text: html_lib.escape(text, quote=False)  # noqa: E731
    inside, outside = ("", space) if before else (space, "")
    return f'{outside}{escape(before)}<span class="{kind}">{inside}<span class="nobreak">{escape(core)}</span></span>{escape(after)}'


# Inline elements a text run may end just before.  WeasyPrint (70) measures the run's last line
# with its trailing space, and a justified line then ends early, sometimes after a single word,
# when a word space is the last character before one of these; the same space at the start of
# the element gives the same spacing and no early break (html.py: SafeRenderer.text).
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
                out.append(whole if whole is not None else _long_word(part, space))
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
        spans = " ".join(_code_word(word) for word in words)
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


def _cell_units(inline, header: bool) -> tuple[float, float]:
    """(length of the cell's visible text, width of its longest unit that should not be broken), in letters."""
    length, longest = 0.0, 0.0
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            length += len(child.content)
            for word in child.content.split():
                # Body words can be hyphenated: count a long one as a few syllables wide.
                # Code words and the words of the heading row (bold) are better kept whole.
                if header:
                    longest = max(longest, len(word) * 1.3)
                else:
                    longest = max(longest, len(word) if child.type == "code_inline" else min(len(word), 9))
        elif child.type == "softbreak":
            length += 1
    return length, longest


TABLE_LETTERS = 44  # letters of table text across a bilingual A5 column (html.py: table_letters)
CELL_PADDING = 1.2  # a cell's padding, in letters
READABLE_LETTERS = 14  # the narrowest column a sentence may be given


def column_widths(tokens, idx: int, available: float = TABLE_LETTERS) -> list[float]:
    """Percent widths of the columns of the table opened at ``tokens[idx]``.

    The table is set with ``table-layout: fixed`` and ``width: 100%``, so it
    never runs out of its column, whatever its contents; the widths are shared
    out here from the text, measured in letters, with ``available`` letters
    across the column.  Like a browser's automatic layout: when every cell
    fits on one line, the columns are as wide as their longest cells; else each
    column gets its longest unbreakable word (a code word such as
    ``--cell-mm``, a word of the heading row) and the rest goes to the columns
    with long text.  When even the unbreakable words do not fit, the short ones
    are kept whole and only the longest are broken.
    """
    rows: list[list[tuple[float, float]]] = []
    depth, header = 0, False
    for token in tokens[idx:]:
        depth += token.nesting
        if token.type in ("thead_open", "tbody_open"):
            header = token.type == "thead_open"
        elif token.type == "tr_open":
            rows.append([])
        elif token.type == "inline" and rows:
            rows[-1].append(_cell_units(token, header))
        if depth == 0:
            break
    count = max((len(row) for row in rows), default=1)
    least, most = [], []
    for column in range(count):
        cells = [row[column] for row in rows if column < len(row)]
        longest = max((c[1] for c in cells), default=1.0)
        length = max((c[0] for c in cells), default=1.0)
        # A column of sentences needs a few words a line to be readable at all.
        least.append(max(longest, min(length, READABLE_LETTERS)) + CELL_PADDING)
        most.append(max(length, longest) + CELL_PADDING)
    if sum(most) <= available:
        widths = most
    elif sum(least) <= available:
        spare, wanted = available - sum(least), sum(m - n for m, n in zip(most, least))
        widths = [n + spare * (m - n) / wanted for m, n in zip(most, least)]
    else:
        # Water-filling: the largest cap under which the capped words fit side by side.
        cap = available
        for value in sorted(least):
            kept = [min(n, value) for n in least]
            if sum(kept) > available:
                below = [n for n in least if n < value]
                cap = (available - sum(below)) / (len(least) - len(below))
                break
        widths = [min(n, cap) for n in least]
    total = sum(widths)
    percent = [round(100.0 * w / total, 1) for w in widths]
    percent[-1] = round(100.0 - sum(percent[:-1]), 1)  # exactly 100 % together
    return percent


@cache
def _renderer() -> SafeRenderer:
    return SafeRenderer(markdown())


def render_tokens(tokens, env: dict[str, Any]) -> Markup:
    return Markup(_renderer().render(tokens, markdown().options, env))


def render_inline(text: str, env: dict[str, Any]) -> Markup:
    tokens = markdown().parseInline(text)
    return Markup(_renderer().render(tokens, markdown().options, env))


# -- the document model the templates read ------------------------------------------------


@dataclass
class Cell:
    lang: str  # HTML language tag
    html: Markup


@dataclass
class TextRow:
    cells: list[Cell]
    kind: str = "text"


@dataclass
class FigureRow:
    id: str
    svg: Markup
    width_mm: float
    captions: list[Cell]
    kind: str = "figure"


@dataclass
class PairedSection:
    anchor: str
    level: int
    titles: list[Cell]
    plain_titles: list[str]
    rows: list[TextRow | FigureRow] = field(default_factory=list)


@dataclass
class SourceList:
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


def _pair_sections(game: GameSources, sources: list[LanguageSource], envs: dict[str, dict[str, Any]]) -> list[PairedSection]:
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


def _cover(game: GameSources, sources: list[LanguageSource], paper: PageStyle, max_height_mm: float) -> tuple[Markup, float]:
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


TABLE_FONT_SHARE = 0.86  # the tables' type size, as a share of the body's (booklet.css.j2)
COLUMN_GAP_MM = 5.2  # the two columns' inner padding together (booklet.css.j2)


def table_letters(paper: PageStyle, bilingual: bool) -> float:
    """About how many letters of table text fit across a text column (half an em per letter)."""
    column = (paper.text_width_mm - COLUMN_GAP_MM) / 2 if bilingual else paper.text_width_mm
    size_pt = (paper.bilingual_font_pt if bilingual else paper.font_pt) * TABLE_FONT_SHARE
    return column / (size_pt * 0.5 * 25.4 / 72)


def _font_faces() -> list[dict[str, str]]:
    faces = []
    for name, file in FONT_FILES.items():
        family = "Boardgen Serif" if name.startswith("serif") else "Boardgen Sans"
        faces.append(
            {
                "family": family,
                "url": (fonts_dir() / file).as_uri(),
                "weight": "bold" if "bold" in name else "normal",
                "style": "italic" if "italic" in name else "normal",
            }
        )
    return faces


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def booklet_html(
    game: GameSources,
    langs: list[str],
    paper: PageStyle,
    cover_height_mm: float | None = None,
    cover_only: bool = False,
    *,
    ink: str = "full",
    board_page: BoardPage | None = None,
) -> str:
    """The whole booklet as one HTML string (fonts and images referenced by file URL).

    ``cover_height_mm`` is the cover picture's largest height (default
    :data:`~boardgen.booklet.cover.COVER_SHARE` of the page); ``cover_only``
    leaves out everything after the cover, to measure it quickly.  ``ink``
    "light" typesets the ink-saving edition (no tinted boxes; the diagrams'
    ink is chosen around this call, :func:`~boardgen.booklet.diagrams.draw.diagram_ink`);
    ``board_page`` is the exact-scale board that ends an A4 or Letter booklet.
    """
    if game.problems:
        raise ProblemsError(game.problems)
    sources = [game.languages[lang] for lang in langs]
    envs: dict[str, dict[str, Any]] = {}
    source_lists = []
    for source in sources:
        citations = {ref.key: (n, f"src-{source.lang}-{ref.key}") for n, ref in enumerate(source.meta.sources, start=1)}
        env = {"folder": game.folder, "citations": citations, "lang": source.lang, "table_letters": table_letters(paper, len(langs) > 1)}
        envs[source.lang] = env
        source_lists.append(
            SourceList(
                source.tag,
                [
                    {
                        "anchor": citations[ref.key][1],
                        "number": citations[ref.key][0],
                        "html": render_inline(ref.text, env),
                        "url": Markup(address_breaks(ref.url)) if ref.url else ref.url,
                    }
                    for ref in source.meta.sources
                ],
            )
        )
    sections = [] if cover_only else _pair_sections(game, sources, envs)
    height = paper.height_mm * COVER_SHARE if cover_height_mm is None else cover_height_mm
    cover_svg, cover_width = _cover(game, sources, paper, height)
    metas = [s.meta for s in sources]
    titles = list(dict.fromkeys(m.title for m in metas))
    context = {
        "lang": sources[0].tag,
        "langs": [s.tag for s in sources],
        "bilingual": len(sources) > 1,
        "paper": paper,
        "font_faces": _font_faces(),
        "title": " / ".join(titles),
        "metas": [{"lang": s.tag, "meta": s.meta, "labels": LABELS[s.lang], "variant_note": render_inline(s.meta.variant_note, envs[s.lang])} for s in sources],
        "author": metas[0].author,
        "description": " / ".join(dict.fromkeys(m.description for m in metas if m.description)),
        "keywords": ", ".join(dict.fromkeys(k for m in metas for k in m.keywords)),
        "board_size": game.defaults.size if game.defaults else None,
        "game": game.game,
        "labels": [LABELS[s.lang] for s in sources],
        "sections": sections,
        "toc": [s for s in sections if 1 <= s.level <= 2],
        "sources": source_lists,
        "has_sources": any(lst.entries for lst in source_lists),
        "cover_svg": cover_svg,
        "cover_width": cover_width,
        "cover_only": cover_only,
        "colophon": colophon_settings(game),
        "ink": ink,
        "board_page": None if cover_only else board_page,
    }
    return render_template("booklet.html.j2", context)


def render_template(name: str, context: dict[str, Any]) -> str:
    """A template filled in; a mistake in a template (someone's edit, or BOARDGEN_HOME's copy) is one line naming it."""
    try:
        return environment().get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        where = f"{display_path(exc.filename or exc.name or name)}:{exc.lineno}"
        raise BoardgenError(f"{where}: template syntax error: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        raise BoardgenError(f"template {exc.name} not found in {display_path(templates_dir())}") from None
    except jinja2.TemplateError as exc:  # UndefinedError and the rest met while the template runs
        raise template_failure(exc, name, templates_dir()) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        if not raised_by_template(exc, templates_dir()):
            raise  # raised inside boardgen's own code: a bug, with its traceback
        raise template_failure(exc, name, templates_dir()) from None


def colophon_settings(game: GameSources) -> dict[str, Any]:
    """The engine settings that checked the diagrams, for the colophon: game id, board size, every option.

    Every option of the game with the value the booklet's diagrams were
    checked with (the front matter's, the rest at their defaults), as
    ``name=value``: the one place of the booklet where option names appear.
    """
    variant = game.defaults.variant if game.defaults else {}
    return {
        "game": game.id,
        "size": _size_label(game),
        "options": [f"{name}={value}" for name, value in variant.items()],
    }


def _size_label(game: GameSources) -> str:
    if game.game is None or game.defaults is None:
        return ""
    return str(game.game.make_board(game.defaults.size).size_label())
