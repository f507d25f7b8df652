"""Book typography, read back from the typeset booklets (docs/booklets.md, *Pages* and *How some of it is set*).

The booklets are the shared ones of :mod:`booklets_kit`, read once through
:func:`test_typesetting.measured` (each column's lines, top down, and each
page's empty share) and once with ``pdftotext -raw`` (each page's text in
the order it is drawn, the document's order), so these checks typeset
nothing of their own:

* **every figure after the text that introduces it**: in the document's
  order, the last words of the text before a diagram in its source (or the
  heading of its subsection, when no text comes between) come before the
  diagram's caption, and the next heading of the source comes after it: a
  figure never stands above its rule nor in the next section;
* **no near-empty page**: from the first section on, no page is under a
  quarter full but the booklet's last;
* **no line break inside move notation, a file name, or between a number and
  its unit**: the last word of a line and the first word of the line after
  it in the same column never make one move (``c5-`` / ``c4``), one file name
  (``hex-11-poster-`` / ``tiled-a4.pdf``), or a number and its unit
  (``26`` / ``mm``);
* **no heading stranded at the foot of a page**: no heading of the sources,
  of any level, is the last thing of a column on a page;
* **no box split**: the boxed aside and the colophon each start and end on
  one page, in every column.
"""

from __future__ import annotations

import re

import pytest

from boardgen.booklet.build import game_folder, load_checked
from boardgen.booklet.html import LABELS
from boardgen.booklet.markdown_html import is_aside, render_inline
from boardgen.booklet.markdown_source import DiagramRef, TextChunk

from .booklets_kit import ALL_BOOKLETS, pdf_text
from .test_typesetting import BREAK_HYPHEN, Line, Measured, Page, body_pages, measured

ids = {"ids": lambda booklet: booklet.name}
FULLEST_EMPTY = 0.75  # a page emptier than this is under a quarter full


# -- figures after their rule ----------------------------------------------------------------


def _plain(tokens) -> str:
    """The words of Markdown tokens as printed (citations and markup left out)."""
    words = []
    for token in tokens:
        for child in token.children or []:
            if child.type in ("text", "code_inline"):
                words.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                words.append(" ")
        words.append(" ")
    return "".join(words)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text)


def _pattern(words: list[str]) -> str:
    """A regex finding ``words`` in the text, whatever stands between them (punctuation, numbers, citations, line breaks)."""
    return r"[\W\d_]+".join(re.escape(word) for word in words)


_raw: dict[str, list[str]] = {}


def raw_pages(booklet: Measured) -> list[str]:
    """The text of every page in the order it is drawn (``pdftotext -raw``): the document's order.

    A text row draws its Portuguese cell, then its English one; a diagram
    comes between the rows around it, as in the document.  That is each
    column's reading order with the columns' stretches interleaved, and the
    words of a line in their order whatever their font (the measured lines
    of :func:`measured` put a code span's words, a little higher, apart).
    The running head and page number, drawn last, are left out.
    """
    if booklet.booklet.name not in _raw:
        text = pdf_text(booklet.pdf, "-raw")  # once a session, whichever worker asks first
        pages = []
        for page in text.split("\f")[: len(booklet.pages)]:
            lines = page.rstrip("\n").split("\n")
            if len(lines) >= 2 and lines[-1].strip().isdigit():
                lines = lines[:-2]
            pages.append("\n".join(lines).replace(BREAK_HYPHEN + "\n", ""))
        _raw[booklet.booklet.name] = pages
    return _raw[booklet.booklet.name]


def reading(booklet: Measured) -> str:
    """The body pages' text in the document's order (:func:`raw_pages`)."""
    first = body_pages(booklet)[0].number
    return "\n".join(raw_pages(booklet)[first - 1 :])


def figure_order_faults(booklet: Measured) -> list[str]:
    """Each diagram printed before the end of the text that introduces it, or after the heading that follows it."""
    game = load_checked(game_folder(booklet.booklet.game))
    faults = []
    for column, lang in enumerate(booklet.booklet.langs):
        text = reading(booklet)
        label = LABELS[lang]["figure"]
        number, position = 0, 0
        waiting: list[tuple[int, int]] = []  # (number, where its caption is) of the diagrams since the last heading
        for section in game.languages[lang].sections:
            heading = _words(section.plain_title)
            # A heading row is one line: the first column's heading starts it, the second's ends it.
            anchored = r"(?m)^" + _pattern(heading) if column == 0 else r"(?m)" + _pattern(heading) + "$"
            found = re.search(anchored, text[position:]) if heading else None
            if found is not None:
                where = position + found.start()
                faults.extend(f"{lang}: diagram {n} is printed after the heading “{section.plain_title}” that follows it" for n, caption in waiting if caption > where)
                position = where
                found = re.compile(_pattern(heading)).match(text, where)
            waiting = []
            words = heading  # a diagram right after its heading is introduced by it
            end = found.end() if found is not None else position
            for item in section.items:
                if isinstance(item, TextChunk):
                    words = _words(_plain(item.tokens))[-4:]
                    intro = re.compile(_pattern(words)).search(text, position)
                    assert intro is not None, f"{lang}: the words {words} of the source are not in the column"
                    position = end = intro.end()
                    continue
                assert isinstance(item, DiagramRef)
                number += 1  # diagrams that follow one another share the text before the first
                caption = text.find(f"{label} {number}. ")
                assert caption >= 0, f"{lang}: the caption of diagram {number} is not in the column"
                if end > caption:
                    faults.append(f"{lang}: diagram {number} is printed before “…{' '.join(words)}”, the end of the text that introduces it")
                waiting.append((number, caption))
    return faults


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_every_figure_comes_after_the_text_that_introduces_it(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not figure_order_faults(found), f"{booklet.name}: {figure_order_faults(found)}"


# -- near-empty pages ----------------------------------------------------------------------


def near_empty_pages(booklet: Measured) -> dict[int, float]:
    """The body pages under a quarter full, but the last: number -> empty share."""
    return {page.number: round(page.empty, 2) for page in body_pages(booklet)[:-1] if page.empty > FULLEST_EMPTY}


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_page_is_under_a_quarter_full(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not near_empty_pages(found), f"{booklet.name}: pages under a quarter full (page: empty share): {near_empty_pages(found)}"


# -- breaks inside notation, file names, numbers and units -------------------------------------

FILE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\.(?:pdf|svg|png|zip)")
MOVE = re.compile(r"[a-z]?\d+(?:[-–/x:][a-z]?\d+)+")
UNITS = {"mm", "cm", "m", "km", "pt", "%", "g", "kg", "s", "min", "×"}
EDGE = "“”‘’\"'()[]*,;:!?"


def _stripped(word: str) -> str:
    return word.strip(EDGE).rstrip(".") if not FILE_NAME.fullmatch(word.strip(EDGE)) else word.strip(EDGE)


def broken_words(booklet: Measured) -> list[str]:
    """The line ends, in every column of the body, that break a move, a file name, or a number from its unit."""
    found = []
    count = max(len(page.columns) for page in booklet.pages)
    for column in range(count):
        lines = [(page.number, line) for page in body_pages(booklet) for line in page.columns[column]]
        for (number, line), (_, following) in zip(lines, lines[1:]):
            last, first = line.words[-1], following.words[0]
            if last.endswith(BREAK_HYPHEN):
                continue  # a word hyphenated at a soft hyphen is not notation
            joined = _stripped(last + first)
            if last.endswith(("-", "–", "/")) and (FILE_NAME.fullmatch(joined) or MOVE.fullmatch(joined.rstrip("."))):
                found.append(f"p. {number}: {last} / {first}")
            elif FILE_NAME.fullmatch(_stripped(first)) is None and FILE_NAME.match(_stripped(first)) is None and re.fullmatch(r"[a-z0-9-]+-", last.lstrip(EDGE)) and FILE_NAME.fullmatch(joined):
                found.append(f"p. {number}: {last} / {first}")
            elif re.fullmatch(r"\d+(?:[.,]\d+)?", last.lstrip(EDGE)) and first.strip(EDGE).rstrip(".") in UNITS:
                found.append(f"p. {number}: {last} / {first}")
    return found


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_line_breaks_inside_notation_a_file_name_or_a_number_and_its_unit(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not broken_words(found), f"{booklet.name}: {broken_words(found)}"


# -- headings at a page foot -----------------------------------------------------------------

HEADING_HEIGHT = 1.05  # a heading's line is this much taller than the text's at least (its type is 1.15 em or more)


def stranded_headings(booklet: Measured) -> list[str]:
    """The headings (of every level, from the sources) that end a column of a page: nothing of their text below them there.

    A heading is found as a line of its column whose words are the heading's
    (a heading of two lines as its two lines); it is stranded when every line
    below it in that column of that page is a heading too.  The last page is
    left out (the colophon's heading is no section's).
    """
    game = load_checked(game_folder(booklet.booklet.game))
    found = []
    for column, lang in enumerate(booklet.booklet.langs):
        titles = {" ".join(_words(section.plain_title)) for section in game.languages[lang].sections if section.plain_title}
        titles.add(" ".join(_words(LABELS[lang]["sources"])))
        for page in body_pages(booklet)[:-1]:
            body = sorted(line.height for line in page.columns[column])
            text_height = body[len(body) // 2] if body else 0.0  # the median: the text's
            lines = [" ".join(_words(line.text)) for line in page.columns[column]]
            for index, text in enumerate(lines):
                two_lines = (lines[index - 1] + " " + text) if index else text
                # A heading is set larger than the text: a line of text that happens to be a title's word is not one.
                ends_a_title = (text in titles or two_lines in titles) and page.columns[column][index].height > HEADING_HEIGHT * text_height
                if ends_a_title and all(line in titles for line in lines[index + 1 :]):
                    found.append(f"p. {page.number}: {page.columns[column][index].text}")
    return found


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_heading_is_stranded_at_the_foot_of_a_page(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not stranded_headings(found), f"{booklet.name}: {stranded_headings(found)}"


def test_the_checks_see_what_they_look_for(tmp_path_factory):
    # Each check finds its fault in a page made to have it: none can pass by reading nothing.
    found = measured(tmp_path_factory, ALL_BOOKLETS[0])
    body = body_pages(found)
    page = body[1]
    broken = [Line(0, 0, 100, 10, ["the", "move", "c5-"], 100), Line(0, 10, 100, 20, ["c4", "and"], 100), Line(0, 20, 100, 30, ["file", "hex-11-"], 100), Line(0, 30, 100, 40, ["a4.pdf,", "then", "26"], 100), Line(0, 40, 100, 50, ["mm", "wide"], 100)]
    fake_page = Page(page.number, page.head, [broken, *page.columns[1:]], page.first_bottom, 0.9)
    fake = Measured(found.booklet, found.pdf, [p if p is not page else fake_page for p in found.pages], found.sections)
    assert broken_words(fake)[:3] == [f"p. {page.number}: c5- / c4", f"p. {page.number}: hex-11- / a4.pdf,", f"p. {page.number}: 26 / mm"]
    assert page.number in near_empty_pages(fake)
    title = next(section.plain_title for section in load_checked(game_folder(found.booklet.game)).languages["pt"].sections if section.level == 2)
    foot = Page(page.number, page.head, [[*page.columns[0], Line(0, 500, 100, 530, title.split(), 100)], *page.columns[1:]], page.first_bottom, page.empty)
    fake = Measured(found.booklet, found.pdf, [p if p is not page else foot for p in found.pages], found.sections)
    assert stranded_headings(fake) == [f"p. {page.number}: {title}"]


# -- boxes on one page -------------------------------------------------------------------------


def _page_of(booklet: Measured, pattern: str, start_page: int = 0) -> int | None:
    """The number of the first page from ``start_page`` on whose text holds ``pattern`` (a regex)."""
    for number, text in enumerate(raw_pages(booklet), start=1):
        if number >= max(start_page, 3) and re.search(pattern, text):
            return number
    return None


def aside_words(booklet: Measured, lang: str) -> tuple[list[str], list[str]]:
    """The first and the last words of the boxed aside (the quote that starts with **boardgen:**) in ``lang``."""
    game = load_checked(game_folder(booklet.booklet.game))
    for section in game.languages[lang].sections:
        for item in section.items:
            if not isinstance(item, TextChunk):
                continue
            tokens = item.tokens
            for index, token in enumerate(tokens):
                if token.type == "blockquote_open" and is_aside(tokens, index):
                    depth, end = 0, index
                    for end in range(index, len(tokens)):
                        depth += {"blockquote_open": 1, "blockquote_close": -1}.get(tokens[end].type, 0)
                        if depth == 0:
                            break
                    words = _words(_plain(tokens[index:end]))
                    return words[:3], words[-4:]
    return [], []


def split_boxes(booklet: Measured) -> list[str]:
    """The boxes (the boxed aside, the colophon) whose first and last lines are on different pages, in any column."""
    found = []
    for column, lang in enumerate(booklet.booklet.langs):
        first, last = aside_words(booklet, lang)
        assert first[:1] == ["boardgen"], f"{lang}: no boxed aside in the source"
        start = _page_of(booklet, _pattern(first))
        end = _page_of(booklet, _pattern(last), start or 0)
        if start is None or end != start:
            found.append(f"{lang}: the boxed aside runs from page {start} to page {end}")
        labels = LABELS[lang]
        start = _page_of(booklet, _pattern(_words(labels["colophon"])))
        end = _page_of(booklet, _pattern(_words(labels["colophon_fonts"])[-4:]), start or 0)
        if start is None or end != start:
            found.append(f"{lang}: the colophon runs from page {start} to page {end}")
    return found


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_box_is_split_over_a_page_turn(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not split_boxes(found), f"{booklet.name}: {split_boxes(found)}"


# -- how the renderer marks them (no typesetting) ----------------------------------------------


def test_file_names_notation_and_units_are_marked_unbreakable():
    env = {"lang": "en", "citations": {}, "folder": None}
    html = str(render_inline("print *ringo-poster-tiled-a4.pdf* or (hex-11-a4.pdf), then c5-c4 or *b2*-*b3*; a 26\nmm ring, 11 × 11 cells, a two-player game", env))
    # One style for every file name, however the text marks it: the code style, in a span that does not break.
    assert html.count('<span class="file"><span class="nobreak">') == 2
    assert "ringo-poster-tiled-a4.pdf</span></span></em>" in html and "(<span class=\"file\"><span class=\"nobreak\">hex-11-a4.pdf</span></span>)," in html
    assert '<span class="notation"> <span class="nobreak">c5-c4</span></span>' in html
    assert "<em> b2</em>-\u2060<em>b3</em>" in html  # no break after the dash between two emphasised squares
    assert "26\u00a0mm" in html and "11\u00a0×\u00a011" in html
    assert "two-player" in html.replace("\u00ad", "")  # an ordinary compound still breaks at its hyphen
