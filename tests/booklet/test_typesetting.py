"""The real booklets typeset as a typesetter would set them, measured on their PDFs (docs/booklets.md, *Pages*).

Every booklet of :data:`booklets_kit.ALL_BOOKLETS` (each game's bilingual A5
booklet, and the bilingual layout on A4 and Letter and single-language
booklets of two games each) is read back three ways, once per booklet:

* its lines and their words' boxes (``pdftotext -bbox-layout``), each line
  given to its column of the text block (a bilingual page has two; a line
  across both, such as the colophon's, belongs to both), the words of one
  baseline joined as one line;
* the ink of each page, rasterised at :data:`DPI` (``pdftoppm``);
* where each top-level section starts: the PDF's outline (its first-level
  bookmarks, one a section, with their page and height).

and checked for:

* **no empty foot**: a page is *empty* by the share of its text block's
  height below its lowest ink; no page is :data:`MOST_EMPTY` empty or more,
  but the last one and a *section end* (a page followed by one that a
  top-level section heading opens: nothing of the text block above it);
* **no word hyphenated across a page turn**: the last line of every column
  of every page but the last does not end on the hyphen of a soft-hyphen
  break (U+2010);
* **running heads**: the head of every page from the first section on names
  the section current at its top: the last top-level section that started on
  an earlier page, or the one whose heading opens the page;
* **web addresses** in the lists of sources break only after ``/``, ``.``
  or ``-``: each address is there, whole once its lines are joined, and each
  of its line breaks follows one of those;
* **no line cut short**: from the first section on, no line that is not the
  last of its paragraph holds a single word or fills less than half its
  column (the early breaks WeasyPrint made before emphasis, code and
  citations);
* **the boxed aside** (a quote starting with **boardgen:**) is framed on
  every side with white inside, in every column.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from boardgen.booklet.board_page import BOARD_PAGE_PAPERS
from boardgen.booklet.build import game_folder, load_checked
from boardgen.booklet.line_breaks import FILE_NAME
from boardgen.booklet.markdown_html import LONG_FILE_NAME, render_tokens
from boardgen.booklet.papers import PAPERS, PageStyle
from boardgen.booklet.markdown_source import markdown
from boardgen.booklet.table_widths import COLUMN_GAP_MM

from ..raster_kit import pdf_page, pdf_pages
from .booklets_kit import ALL_BOOKLETS, Booklet, booklet_file, pdf_text

PT_PER_MM = 72 / 25.4
XHTML = "{http://www.w3.org/1999/xhtml}"
BREAK_HYPHEN = "\u2010"  # printed where a line breaks at a soft hyphen
DPI = 30  # 0.85 mm a pixel: plenty for a quarter of a page
INK = 200  # a grey level below this is ink (at this resolution text is mid-grey)
MOST_EMPTY = 0.5  # figures never move above their rule nor past a heading (docs/booklets.md, Pages): a diagram that ends its subsection and did not fit leaves the foot empty, up to 44 % measured
SHORT = 0.5  # a line whose words fill less than this share of its column is cut short
ADDRESS_BREAKS = "/.-"


# -- reading a booklet back -------------------------------------------------------------------


@dataclass
class Line:
    """A line of text on a page, in points from the page's top left corner."""

    x0: float
    y0: float
    x1: float
    y1: float
    words: list[str]
    ink: float  # the width of its words, without the spaces between them

    @property
    def text(self) -> str:
        return " ".join(self.words)

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass
class Page:
    number: int  # from 1
    head: str  # the running head
    columns: list[list[Line]]  # the lines of the text block, column by column, top down
    first_bottom: float  # the foot of the highest line of the text block (points)
    empty: float  # the share of the text block below the lowest ink


@dataclass
class Section:
    page: int
    top: float  # points from the top of the page
    title: str


@dataclass
class Measured:
    booklet: Booklet
    pdf: Path
    pages: list[Page] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)


def text_block(paper: PageStyle, number: int) -> tuple[float, float, float, float]:
    """The text block of page ``number`` in points: left, top, right, bottom (rectos have the fold on the left)."""
    left = paper.inner_mm if number % 2 else paper.outer_mm
    return (left * PT_PER_MM, paper.top_mm * PT_PER_MM, (left + paper.text_width_mm) * PT_PER_MM, (paper.height_mm - paper.bottom_mm) * PT_PER_MM)


def _words(page: ET.Element) -> list[Line]:
    """Every word of the page as a line of its own (pdftotext's lines may run across both columns)."""
    found = []
    for word in page.iter(f"{XHTML}word"):
        x0, x1 = float(word.get("xMin", "0")), float(word.get("xMax", "0"))
        found.append(Line(x0, float(word.get("yMin", "0")), x1, float(word.get("yMax", "0")), [word.text or ""], x1 - x0))
    return found


def _one_per_baseline(words: list[Line]) -> list[Line]:
    """The words of one column gathered into lines, top down: the words of one baseline make one line."""
    joined: list[Line] = []
    for word in sorted(words, key=lambda found: (round(found.y0), found.x0)):
        last = joined[-1] if joined else None
        if last is not None and abs(last.y0 - word.y0) < 1 and abs(last.y1 - word.y1) < 1:
            joined[-1] = Line(last.x0, last.y0, max(last.x1, word.x1), last.y1, last.words + word.words, last.ink + word.ink)
        else:
            joined.append(word)
    return joined


def _empty_share(image: Image.Image, block: tuple[float, float, float, float]) -> float:
    px = DPI / 72
    left, top, right, bottom = (round(value * px) for value in block)
    mask = image.crop((left, top, right, bottom)).point(lambda level: 255 if level < INK else 0)
    found = mask.getbbox()
    return 1.0 if found is None else (bottom - top - found[3]) / (bottom - top)


def _sections(pdf: Path) -> list[Section]:
    reader = PdfReader(pdf)
    found = []
    for entry in reader.outline:
        if isinstance(entry, list):
            continue  # the subsections of the entry before
        number = reader.get_destination_page_number(entry) + 1
        height = float(reader.pages[number - 1].mediabox.height)
        found.append(Section(number, height - float(entry.top), str(entry.title)))
    return found


_cache: dict[str, Measured] = {}


def measured(factory: pytest.TempPathFactory, booklet: Booklet) -> Measured:
    """``booklet`` typeset (once a session, booklets_kit) and read back (once a test module)."""
    if booklet.name in _cache:
        return _cache[booklet.name]
    pdf = booklet_file(factory, booklet)
    paper = PAPERS[booklet.paper]
    layout = pdf_text(pdf, "-bbox-layout")  # once a session, whichever worker asks first (booklets_kit)
    images = pdf_pages(pdf, DPI, grey=True)
    result = Measured(booklet, pdf, sections=_sections(pdf))
    for number, (page, image) in enumerate(zip(ET.fromstring(layout).findall(f".//{XHTML}page"), images), start=1):
        left, top, right, bottom = block = text_block(paper, number)
        words = _words(page)
        body = [word for word in words if top - 2 <= word.y0 and word.y1 <= bottom + 2]
        middle = (left + right) / 2
        if booklet.bilingual:
            columns = [[word for word in body if word.x1 <= middle], [word for word in body if word.x1 > middle]]
        else:
            columns = [body]
        head = " ".join(line.text for line in _one_per_baseline([word for word in words if word.y1 < top]))
        first_bottom = min((line.y1 for line in body), default=bottom)
        result.pages.append(Page(number, head, [_one_per_baseline(column) for column in columns], first_bottom, _empty_share(image, block)))
    assert len(result.pages) == len(images) >= 8
    if booklet.paper in BOARD_PAGE_PAPERS:
        # The exact-scale board closes an A4 or Letter booklet: a sheet, not a page of text
        # (no running head, no number); the text ends on the page before it.
        board = result.pages.pop()
        assert board.head == "", f"{booklet.name}: the last page should be the board, with no running head"
    _cache[booklet.name] = result
    return result


def opens_a_section(booklet: Measured, page: Page) -> bool:
    """Whether a top-level section heading opens ``page``: no line of the text block ends above it."""
    return any(section.page == page.number and section.top < page.first_bottom for section in booklet.sections)


def column_width(booklet: Booklet) -> float:
    paper = PAPERS[booklet.paper]
    width = paper.text_width_mm
    return ((width - COLUMN_GAP_MM) / 2 if booklet.bilingual else width) * PT_PER_MM


# -- the measures --------------------------------------------------------------------------


def body_pages(booklet: Measured) -> list[Page]:
    """The pages from the first section on (after the cover and the contents)."""
    first = min(section.page for section in booklet.sections if section.page >= 3)
    return booklet.pages[first - 1 :]


def empty_pages(booklet: Measured) -> dict[int, float]:
    """The pages a quarter empty or more that are neither the last nor a section's last: number -> empty share."""
    pages = booklet.pages
    return {
        page.number: round(page.empty, 2)
        for page, following in zip(pages, pages[1:])
        if page.empty >= MOST_EMPTY and not opens_a_section(booklet, following)
    }


def hyphenated_page_ends(booklet: Measured) -> dict[int, list[str]]:
    """The pages from the first section on (but the last) whose column ends on a word broken at a soft hyphen: number -> those last lines."""
    found = {}
    for page in body_pages(booklet)[:-1]:
        ends = [column[-1].text for column in page.columns if column and column[-1].text.endswith(BREAK_HYPHEN)]
        if ends:
            found[page.number] = ends
    return found


def wrong_heads(booklet: Measured) -> dict[int, tuple[str, str]]:
    """Pages from the first section on whose running head is not the section current at their top: number -> (head, section)."""
    found = {}
    for page in body_pages(booklet):
        current = [s.title for s in booklet.sections if s.page < page.number or (s.page == page.number and s.top < page.first_bottom)]
        if page.head != current[-1]:
            found[page.number] = (page.head, current[-1])
    return found


def short_lines(booklet: Measured) -> list[tuple[int, str, str]]:
    """Lines that are not the last of their paragraph and hold one word or fill less than half their column.

    A line is followed in its paragraph by the next line of its column when
    that line has the same height and starts at most a line's height below it
    (a paragraph's end is followed by a larger gap or by something else).
    A line before a long file name, which is never broken (docs/booklets.md),
    may be short: such a paragraph is set ragged right.
    """
    width = column_width(booklet.booklet)
    found = []
    for page in body_pages(booklet):
        for column in page.columns:
            for line, following in zip(column, column[1:]):
                same_paragraph = abs(following.height - line.height) < 0.5 and following.y0 - line.y0 < 1.05 * line.height
                before_file_name = any(len(name) >= LONG_FILE_NAME for word in following.words for name in FILE_NAME.findall(word))
                if same_paragraph and not before_file_name and (len(line.words) == 1 or line.ink < SHORT * width):
                    found.append((page.number, line.text, following.text))
    return found


def column_texts(booklet: Measured) -> list[str]:
    """Each column read down every page, one line of text per line."""
    count = max(len(page.columns) for page in booklet.pages)
    return ["\n".join(line.text for page in booklet.pages for line in page.columns[index]) for index in range(count)]


def address_faults(booklet: Measured) -> list[str]:
    """Each web address of the sources that is missing, or broken somewhere other than after / . or -."""
    game = load_checked(game_folder(booklet.booklet.game))
    texts = column_texts(booklet)
    faults = []
    for column, lang in zip(texts, booklet.booklet.langs):
        for reference in game.languages[lang].meta.sources:
            if not reference.url:
                continue
            pattern = "\n?".join(re.escape(char) for char in reference.url)
            found = list(re.finditer(pattern, column))
            if not found:
                faults.append(f"{lang}: {reference.url} not found")
            for match in found:
                text = match.group(0)
                breaks = [text[index - 1] for index, char in enumerate(text) if char == "\n"]
                if any(char not in ADDRESS_BREAKS for char in breaks):
                    faults.append(f"{lang}: {text!r}")
    return faults


# -- the tests -----------------------------------------------------------------------------

ids = {"ids": lambda booklet: booklet.name}


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_page_is_left_a_quarter_empty(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not empty_pages(found), f"{booklet.name}: pages a quarter empty or more (page: empty share): {empty_pages(found)}"


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_word_is_hyphenated_across_a_page_turn(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not hyphenated_page_ends(found), f"{booklet.name}: {hyphenated_page_ends(found)}"


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_the_running_head_names_the_section_at_the_top_of_the_page(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert len([s for s in found.sections if s.page >= 3]) >= 8  # the sections were read
    assert not wrong_heads(found), f"{booklet.name} (page: head, section at the top): {wrong_heads(found)}"


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_web_addresses_break_only_after_a_slash_a_dot_or_a_hyphen(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not address_faults(found), f"{booklet.name}: {address_faults(found)}"


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_no_line_is_cut_short(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    assert not short_lines(found), f"{booklet.name} (page, line, next line): {short_lines(found)}"


def test_the_measures_see_what_they_look_for(tmp_path_factory):
    # Each measure finds its fault where there is one: the checks above cannot pass by reading nothing.
    found = measured(tmp_path_factory, ALL_BOOKLETS[0])
    page = found.pages[3]
    stretched = Page(page.number, "Nowhere", [[Line(0, 0, 10, 10, ["ver\u2010"], 10), Line(0, 10, 200, 20, ["rest"], 200)], [Line(0, 0, 200, 10, ["a", "pa\u2010"], 200)]], page.first_bottom, 0.6)
    fake = Measured(found.booklet, found.pdf, [*found.pages[:3], stretched, *found.pages[4:]], found.sections)
    assert 4 in empty_pages(fake) and 4 in hyphenated_page_ends(fake) and 4 in wrong_heads(fake)
    assert short_lines(fake)[0][:2] == (4, "ver\u2010")
    # Every page but the cover and the contents has its head, and every column its lines.
    assert all(page.head for page in found.pages[2:]) and all(all(page.columns) for page in found.pages[2:])


# -- the boxed aside -----------------------------------------------------------------------

ASIDE_DPI = 150
FRAME = 225  # the frame is a light grey line 0.6 pt wide: the darker of two rows is below this


@pytest.mark.parametrize("booklet", ALL_BOOKLETS, **ids)
def test_the_boardgen_aside_is_a_box_in_every_column(booklet, tmp_path_factory):
    found = measured(tmp_path_factory, booklet)
    starts = [(page, index, line) for page in found.pages for index, column in enumerate(page.columns) for line in column if line.words[:1] == ["boardgen:"]]
    assert len(starts) == len(booklet.langs), [line.text for _, _, line in starts]
    for page, column, line in starts:
        frame = frame_around(pdf_page(found.pdf, ASIDE_DPI, page.number, grey=True), line, column_right(booklet, page.number, column))
        assert frame == ["top", "left", "right", "white inside"], (booklet.name, page.number, line.text, frame)


def column_right(booklet: Booklet, number: int, column: int) -> float:
    """The right edge of a column's text (points): where a box as wide as the column has its right side."""
    left, _, right, _ = text_block(PAPERS[booklet.paper], number)
    return (left + right - COLUMN_GAP_MM * PT_PER_MM) / 2 if booklet.bilingual and column == 0 else right


def frame_around(image: Image.Image, line: Line, right_edge: float) -> list[str]:
    """Which sides of a frame are found around the first line of a box, and whether it is white inside.

    A side is a line of ink along the whole stretch it must cover: above the
    line, across its width; left of it and at the column's right edge, down
    its height.
    """
    px = ASIDE_DPI / 72
    mm = ASIDE_DPI / 25.4
    x0, y0, x1, y1, edge = (round(value * px) for value in (line.x0, line.y0, line.x1, line.y1, right_edge))
    pixels = image.load()

    def dark(x: int, y: int) -> bool:
        return min(pixels[x, y], pixels[x, y + 1], pixels[x + 1, y]) < FRAME

    found = []
    above = [y for y in range(y0 - round(4 * mm), y0) if all(dark(x, y) for x in range(x0, x1))]
    if above:
        found.append("top")
    middle = range(y0 + 1, y1 - 1)
    if any(all(dark(x, y) for y in middle) for x in range(x0 - round(4 * mm), x0)):
        found.append("left")
    if any(all(dark(x, y) for y in middle) for x in range(max(x1, edge - round(3 * mm)), edge + round(0.5 * mm))):
        found.append("right")
    if above and all(pixels[x, y] > 245 for x in range(x0, x1) for y in range(max(above) + 3, y0 - 1)):
        found.append("white inside")
    return found


# -- how the renderer sets addresses, spaces and the aside ------------------------------------


def test_an_address_may_break_only_after_its_slashes_dots_and_hyphens():
    from boardgen.booklet.line_breaks import address_breaks

    def pieces(address: str) -> list[str]:
        return [re.sub("<[^>]+>", "", piece) for piece in address_breaks(address).split("<wbr>")]

    assert pieces("https://www.hexwiki.net/index.php/Swap_rule") == ["https://", "www.", "hexwiki.", "net/", "index.", "php/", "Swap_rule"]
    assert pieces("http://a.org/cgi?do=show;id=1") == ["http://", "a.", "org/", "cgi?do=show;id=1"]
    assert pieces("games.porg.es/tri-hex/") == ["games.", "porg.", "es/", "tri-", "hex/"]
    assert address_breaks("a&b.c") == '<span class="nobreak">a&amp;b.</span><wbr><span class="nobreak">c</span>'


def _html(text: str) -> str:
    env = {"lang": "en", "folder": Path("."), "citations": {"k": (1, "src-en-k")}}
    return str(render_tokens(markdown().parse(text), env)).replace("\u00ad", "")


def test_the_space_before_emphasis_code_links_and_citations_goes_inside_them():
    html = _html("a **bridge** and *c3* or `--tile`, see [here](https://example.org) [@k];\nline\n**next**")
    assert "a<strong> bridge</strong> and<em> c3</em> or<code> <span" in html
    assert 'see<a href="https://example.org"> here</a><span class="cite"> [<a href="#src-en-k">1</a>]</span>;' in html
    assert "line<strong> next</strong>" in html  # a line break of the source too
    assert "<p><strong>bridge</strong> first" in _html("**bridge** first")  # nothing to move at the start
    # A long path in code breaks after its slashes only; an option never breaks.
    path = '<code> <span class="nobreak">boardgen/</span><wbr><span class="nobreak">games/</span><wbr><span class="nobreak">brax.py</span></code>'
    assert path in _html("see `boardgen/games/brax.py`") and '<span class="nobreak">--cell-mm</span>' in _html("use `--cell-mm`")
    assert 'site<span class="long-word"> <span class="nobreak">iggamecenter.</span><wbr><span class="nobreak">com</span></span> says' in _html("the site iggamecenter.com says")


def test_a_quote_that_starts_with_boardgen_is_the_boxed_aside():
    assert '<blockquote class="aside">' in _html("> **boardgen:** the program draws more.")
    assert '<blockquote class="aside">' not in _html("> A quote.") and '<blockquote class="aside">' not in _html("> *boardgen:* not bold")
