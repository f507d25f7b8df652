"""Where a line of the booklet's text may break: hyphenation, and the words and units that never break.

One job, the line breaking of words, before any Markdown: soft hyphens
where the language allows a break (:func:`hyphenate`, kept out of
ligatures), long addresses breakable only at their punctuation
(:func:`address_breaks`), file names and move notation never broken
(:func:`unbreakable`), a number tied to its unit (:func:`tie_units`).  The
Markdown renderer (:mod:`boardgen.booklet.markdown_html`) calls these on
each piece of text; they are apart from it because they work on words and
strings, not on markdown-it tokens, and the tests and the pagination repair
rely on the same characters.
"""

from __future__ import annotations

import html as html_lib
import re
from functools import cache


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


def code_word(word: str) -> str:
    """A word of code as spans that do not break: one, or for a long path one a directory (breaks after its slashes only)."""
    pieces = [piece for piece in re.split(r"(?<=/)(?!/)", word) if piece] if len(word) >= LONG_WORD else [word]
    return "<wbr>".join(f'<span class="nobreak">{html_lib.escape(piece, quote=False)}</span>' for piece in pieces)


def long_word(word: str, space: str = "") -> str:
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
    (as a long address's does, :func:`long_word`) unless punctuation comes
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
