"""Text extraction gives back every word of the rule texts: what copying, searching and screen readers get.

Each booklet of :data:`booklets_kit.BOOKLETS` (every game's real sources,
bilingual on A5, A4 and Letter, and one single-language booklet) is typeset
once per session; its text is read back with ``pdftotext -bbox-layout`` and
every word of the Markdown must be there, as many times as the Markdown has
it.  A word the PDF maps to no text (a ligature glyph spanning a soft hyphen
did that: "o cers" for "officers") is then missing and named.

Reading the PDF as a person would: the running heads and page numbers (in the
page margins) are left out, each column of the bilingual layout is read as one
text from page to page, and a word broken at a soft hyphen (printed with
U+2010 at the end of the line) is joined again, also across a page.
"""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from boardgen.booklet.build import game_folder, load_checked
from boardgen.booklet.check import GameSources
from boardgen.booklet.line_breaks import hyphenate
from boardgen.booklet.papers import PAPERS, PageStyle
from boardgen.booklet.paths import fonts_dir
from boardgen.booklet.markdown_source import DiagramRef, TextChunk, markdown
from boardgen.booklet.typeset import html_to_pdf
from boardgen.drawing.fonts import FONT_FILES

from ..conftest import require_tool
from .booklets_kit import BOOKLETS, Booklet, booklet_file

WORD = re.compile(r"[^\W\d_]+")  # a run of letters: punctuation, digits and hyphens separate words
BREAK_HYPHEN = "\u2010"  # what is printed where a line breaks at a soft hyphen
PT_PER_MM = 72 / 25.4
XHTML = "{http://www.w3.org/1999/xhtml}"


# -- the words of the sources -------------------------------------------------------------


def _inline_texts(tokens) -> Iterator[str]:
    """The printed text of Markdown tokens: text and code, not image descriptions or link addresses."""
    for token in tokens:
        if token.type == "inline":
            yield from (child.content for child in token.children or [] if child.type in ("text", "code_inline"))
        elif token.type in ("fence", "code_block"):
            yield token.content


def _inline_markdown(text: str) -> Iterator[str]:
    return _inline_texts(markdown().parseInline(text))


def source_texts(game: GameSources, langs: Iterable[str]) -> Iterator[str]:
    """Everything of the rule texts that the booklet prints as text, language by language.

    The body (headings, paragraphs, lists, tables, code), the diagrams'
    captions, and the front matter the cover and the sources section show.
    The title is printed once when the languages share it; web addresses are
    left out (they may break anywhere, without a hyphen, to fit a column).
    """
    titles = []
    for lang in langs:
        source = game.languages[lang]
        meta = source.meta
        titles.append(meta.title)
        yield from (meta.subtitle, meta.players, meta.time, meta.ages)
        yield from _inline_markdown(meta.variant_note)
        for reference in meta.sources:
            yield from _inline_markdown(reference.text)
        for section in source.sections:
            yield from _inline_texts(section.title)
            for item in section.items:
                if isinstance(item, TextChunk):
                    yield from _inline_texts(item.tokens)
                elif isinstance(item, DiagramRef):
                    yield from _inline_markdown(item.caption)
    yield from dict.fromkeys(titles)


def words(texts: Iterable[str]) -> Counter[str]:
    return Counter(word for text in texts for word in WORD.findall(text))


# -- the words of the PDF ---------------------------------------------------------------


def _pages(pdf: Path) -> list[ET.Element]:
    tool = require_tool("pdftotext")
    layout = subprocess.run([tool, "-bbox-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return ET.fromstring(layout).findall(f".//{XHTML}page")


def column_texts(pdf: Path, paper: PageStyle, bilingual: bool, furniture: bool = True) -> list[str]:
    """The text of each column (one for a single language), read down the pages, one line per line.

    A line belongs to the right column when it starts right of the middle of
    the text block (recto pages have the inner margin on the left, verso
    pages on the right); lines outside the text block (running heads, page
    numbers) are left out (``furniture`` False: a page with none, read whole).
    """
    columns: dict[int, list[str]] = {0: [], 1: []}
    for number, page in enumerate(_pages(pdf), start=1):
        height = float(page.get("height", "0"))
        left_mm = paper.inner_mm if number % 2 else paper.outer_mm
        middle = (left_mm + paper.text_width_mm / 2) * PT_PER_MM
        top, bottom = paper.top_mm * PT_PER_MM, height - paper.bottom_mm * PT_PER_MM
        for line in page.iter(f"{XHTML}line"):
            y_min, y_max = float(line.get("yMin", "0")), float(line.get("yMax", "0"))
            if furniture and not top <= (y_min + y_max) / 2 <= bottom:
                continue
            column = 1 if bilingual and float(line.get("xMin", "0")) >= middle else 0
            columns[column].append(" ".join(word.text or "" for word in line.iter(f"{XHTML}word")))
    return ["\n".join(lines) for lines in columns.values() if lines]


def rejoin(text: str) -> str:
    """``text`` with the words broken at a soft hyphen ("pa‐" at a line end, "recem" on the next) whole again."""
    return text.replace(BREAK_HYPHEN + "\n", "")


def pdf_words(pdf: Path, booklet: Booklet) -> Counter[str]:
    return words(rejoin(text) for text in column_texts(pdf, PAPERS[booklet.paper], booklet.bilingual))


def missing_words(expected: Counter[str], found: Counter[str]) -> dict[str, str]:
    """Each word the PDF has fewer times than the sources, as "found of expected" (e.g. "3 of 25")."""
    return {word: f"{found[word]} of {count}" for word, count in sorted(expected.items()) if found[word] < count}


# -- the tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("booklet", BOOKLETS, ids=lambda b: b.name)
def test_every_word_of_the_sources_comes_back_out_of_the_pdf(booklet, tmp_path_factory):
    pdf = booklet_file(tmp_path_factory, booklet)
    game = load_checked(game_folder(booklet.game))
    expected = words(source_texts(game, booklet.langs))
    found = pdf_words(pdf, booklet)
    in_files = sum(len(WORD.findall(game.languages[lang].path.read_text(encoding="utf-8").split("+++", 2)[-1])) for lang in booklet.langs)
    assert sum(expected.values()) > in_files / 2  # the sources were read (half the words of their bodies, whatever the game's length)
    missing = missing_words(expected, found)
    assert not missing, f"{len(missing)} words of the sources are missing from {pdf.name} (found / expected): {missing}"
    assert "\u200c" not in "".join(column_texts(pdf, PAPERS[booklet.paper], booklet.bilingual))  # the non-joiners stay invisible


def test_a_soft_hyphen_never_splits_a_ligature():
    # The ligatures of the bundled fonts (ff, fi, fl, ffi, ffl) are kept apart at a break point only.
    assert hyphenate("officers", "en") == "of\u200c\u00adfi\u00adcers"
    assert hyphenate("different", "en") == "dif\u200c\u00adfer\u00adent"
    assert hyphenate("affluent", "en") == "af\u200c\u00adflu\u00adent"
    assert hyphenate("configuração", "pt") == "con\u00adfi\u00adgu\u00adra\u00adção"  # no break inside "fi": nothing to do
    assert hyphenate("interessante", "pt") == "in\u00adte\u00adres\u00adsante"


LIGATURE_WORDS = "officers different affluent baffling difficult suffix offers effect"


def test_a_narrow_column_breaks_at_ligatures_prints_the_hyphen_and_reads_back_whole(tmp_path):
    # Typeset with the bundled fonts in a column so narrow that many lines break between two letters
    # of a ligature ("of‐" / "ficers"): the break points are used, get their printed hyphen, and the
    # text reads back as the words (the unbroken ligatures too).
    font = (fonts_dir() / FONT_FILES["serif"]).as_uri()
    style = f'@font-face {{ font-family: "Serif"; src: url("{font}"); }} html {{ font-family: Serif; font-size: 10pt; hyphens: manual; }}'
    paragraphs = "".join(f'<p style="width: {width}mm">{hyphenate(LIGATURE_WORDS, "en")}</p>' for width in (14, 16, 18, 20, 22, 120))
    pdf = tmp_path / "ligatures.pdf"
    pdf.write_bytes(html_to_pdf(f'<html lang="en"><style>{style}</style>{paragraphs}</html>', (fonts_dir(),), tmp_path))
    text = column_texts(pdf, PAPERS["a5"], bilingual=False, furniture=False)[0]
    breaks = re.findall(r"(\w*f)" + BREAK_HYPHEN + r"\n([fil]\w*)", text)
    assert len(breaks) >= 8, breaks
    assert rejoin(text).split() == LIGATURE_WORDS.split() * 6
