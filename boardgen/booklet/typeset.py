"""HTML to PDF with WeasyPrint, reading only the project's own files, with reproducible bytes.

Three things are decided here and nowhere else:

* **What the renderer may read.**  :class:`ProjectFetcher` answers only
  ``file:`` URLs inside the allowed folders (the templates, the bundled fonts,
  the game's rule-text folder) and the booklet's own diagrams, SVG images
  carried in the document (:func:`diagram_url`); anything else -- another
  file, ``http(s)``, any other ``data:`` -- stops the rendering, and the
  build fails with the refused address in the message.  Rule texts are
  checked before this point, so the fetcher is the second line of defence.
* **Reproducible output.**  WeasyPrint writes no dates unless the HTML asks
  for them, and its file identifier is a hash of the content; the one moving
  part is the subset fonts, whose ``head`` table fontTools stamps with the
  current time unless ``SOURCE_DATE_EPOCH`` is set.  :func:`fixed_font_time`
  sets it for the duration of the rendering.  Nor may the place of the game's
  folder show: WeasyPrint names each raster image in the PDF by a hash of its
  URL, so the document refers to the folder's images by relative URLs
  against a fixed base, :data:`DOCUMENT_BASE`, which the fetcher maps to the
  real folder; the same sources give the same bytes wherever they are.
* **Tagged PDF.**  WeasyPrint's ``pdf/ua-1`` variant writes the structure
  tree, XMP metadata (title, author, subject: the same as the document
  information) and asks viewers to show the title; an image becomes a
  ``Figure`` whose alternative text is its ``alt`` (for a diagram, the
  diagram described in words, as its SVG's ``<title>`` says it).  The variant adds no date and no random identifier.
  :mod:`boardgen.booklet.tags` finishes the tree while it is written
  (languages, links, page-margin artifacts, label-value table rows).
"""

from __future__ import annotations

import base64
import contextlib
import logging
import mimetypes
import os
import re
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from boardgen.booklet.problems import display_path
from boardgen.errors import BoardgenError

# 2024-01-01T00:00:00Z: the time stamped into subset fonts (any fixed value would do).
FONT_EPOCH = "1704067200"
MIME_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


# The game's folder as the document sees it: a name, not a place.  Relative URLs in the HTML (the
# images of the rule texts) resolve against it, and ProjectFetcher reads them from the real folder.
DOCUMENT_BASE = "file:///boardgen-game/"


class RefusedResource(BoardgenError):
    """The document asked for something outside the project's folders."""


# A booklet's diagrams are SVG images carried in the document itself (html.py, ``diagram_markup``):
# the one kind of ``data:`` URL the fetcher serves.  It reads nothing: the bytes are in the URL, and
# whatever an image would load in turn is asked of the fetcher again.
DIAGRAM_URL = "data:image/svg+xml;base64,"


def diagram_url(svg: bytes) -> str:
    """The URL by which the document refers to one of its diagrams (an SVG image)."""
    return DIAGRAM_URL + base64.b64encode(svg).decode("ascii")


def diagram_bytes(url: str) -> bytes:
    """The SVG a :func:`diagram_url` carries."""
    return base64.b64decode(url[len(DIAGRAM_URL) :], validate=True)


def _fetcher_class():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class ProjectFetcher(URLFetcher):
        """Serves ``file:`` URLs inside ``roots``; refuses everything else (and remembers what).

        URLs under :data:`DOCUMENT_BASE` name files of ``base`` (the game's folder).
        """

        def __init__(self, roots: tuple[Path, ...], base: Path | None = None) -> None:
            super().__init__(fail_on_errors=True, allowed_protocols=("file",))
            self.roots = tuple(Path(root).resolve() for root in roots)
            self.base = Path(base).resolve() if base is not None else None
            self.refused: list[str] = []

        def real_url(self, url: str) -> str:
            """``url`` with the document's base replaced by the real folder (the address people should see)."""
            if self.base is not None and url.startswith(DOCUMENT_BASE):
                return self.base.as_uri() + "/" + url[len(DOCUMENT_BASE) :]
            return url

        def allowed_path(self, url: str) -> Path | None:
            parts = urlsplit(self.real_url(url))
            if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
                return None
            path = Path(unquote(parts.path)).resolve()
            if not any(path.is_relative_to(root) for root in self.roots):
                return None
            return path if path.is_file() else None

        def fetch(self, url, headers=None):
            if url.startswith(DIAGRAM_URL):
                return URLFetcherResponse(url, body=diagram_bytes(url), headers={"Content-Type": "image/svg+xml"})
            path = self.allowed_path(url)
            if path is None:
                self.refused.append(self.real_url(url))
                raise PermissionError(f"{self.real_url(url)} is outside the project's folders")
            kind = MIME_TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            # The real file's URL: WeasyPrint may read a raster image again from the path it gives.
            return URLFetcherResponse(path.as_uri(), body=path.read_bytes(), headers={"Content-Type": kind})

    return ProjectFetcher


def project_fetcher(roots: tuple[Path, ...], base: Path | None = None):
    """A WeasyPrint URL fetcher limited to files under ``roots``, reading :data:`DOCUMENT_BASE` from ``base``."""
    return _fetcher_class()(roots, base)


@contextlib.contextmanager
def fixed_font_time() -> Iterator[None]:
    """Make fontTools stamp subset fonts with a fixed time (unless the caller chose one)."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    if previous is None:
        os.environ["SOURCE_DATE_EPOCH"] = FONT_EPOCH
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


class _Collect(logging.Handler):
    """Keeps WeasyPrint's error messages, so a missing font or image fails the build."""

    def __init__(self, real_url: Callable[[str], str] = str) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []
        self.real_url = real_url

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(_message(record, self.real_url))


def _message(record: logging.LogRecord, real_url: Callable[[str], str] = str) -> str:
    """WeasyPrint's error, with the reason it leaves in the exception's cause and the file named as people read it.

    ``real_url`` turns a URL of the document (under :data:`DOCUMENT_BASE`) into the real file's.
    """
    args = record.args if isinstance(record.args, tuple) else ()
    if record.msg.startswith("Failed to load image at") and len(args) == 2:
        url, exception = args
        cause = (exception.__cause__ or exception) if isinstance(exception, BaseException) else exception
        reason = str(cause) or type(cause).__name__
        parts = urlsplit(real_url(str(url)))
        where = display_path(unquote(parts.path)) if parts.scheme == "file" else str(url)
        return f"cannot load the image {where}: {reason}"
    return record.getMessage()


REFUSED = "refused to read {}: a booklet may only use the project's templates, fonts and images"

# The fetcher each laid-out document reads with: writing the PDF reads too (an SVG image loads the
# images it refers to only when it is drawn), and is watched like the layout.
_FETCHERS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


@contextlib.contextmanager
def _reading_only_the_project(fetcher: Any) -> Iterator[None]:
    """WeasyPrint at work with ``fetcher``: an address it refused, or an error WeasyPrint logged, fails the booklet.

    WeasyPrint logs a file it could not load and goes on without it; a
    booklet with a hole in it is not written.
    """
    from weasyprint.urls import FatalURLFetchingError

    logger = logging.getLogger("weasyprint")
    collect = _Collect(fetcher.real_url)
    logger.addHandler(collect)
    try:
        yield
    except FatalURLFetchingError as exc:
        raise RefusedResource(REFUSED.format(fetcher.refused[0] if fetcher.refused else str(exc))) from None
    finally:
        logger.removeHandler(collect)
    if fetcher.refused:
        raise RefusedResource(REFUSED.format(fetcher.refused[0]))
    if collect.messages:
        raise BoardgenError(f"typesetting failed: {collect.messages[0]}")


def render_document(html: str, roots: tuple[Path, ...], base: Path, tagged: bool = True):
    """Lay ``html`` out into pages (a WeasyPrint ``Document``), reading only files under ``roots``.

    Relative URLs in ``html`` name files of the folder ``base``; the document
    knows that folder only as :data:`DOCUMENT_BASE`, so its path never
    reaches the PDF.  The layout can be inspected (page count, where each box
    landed) before it is written with :func:`document_pdf`; the cover is
    fitted that way.
    """
    import weasyprint

    fetcher = project_fetcher(roots, base)
    with _reading_only_the_project(fetcher), fixed_font_time():
        source = weasyprint.HTML(string=html, base_url=DOCUMENT_BASE, url_fetcher=fetcher)
        document = paginate(source, lambda: source.render(**_options(tagged)))
    _FETCHERS[document] = fetcher
    return document


def document_pdf(document, tagged: bool = True) -> bytes:
    """The PDF bytes of a laid-out document (fonts subset with a fixed time stamp).

    Tagged, the structure tree gets what WeasyPrint leaves out: the languages
    of the parts, links and page-margin artifacts as PDF/UA wants them
    (:mod:`boardgen.booklet.tags`).  What the writing reads goes through the
    layout's fetcher, watched as the layout was.
    """
    from boardgen.booklet.tags import pdf_ua_tagging

    fetcher = _FETCHERS.get(document)
    watched = _reading_only_the_project(fetcher) if fetcher is not None else contextlib.nullcontext()
    with watched, fixed_font_time(), (pdf_ua_tagging(document.metadata.lang) if tagged else contextlib.nullcontext()):
        return document.write_pdf(**_options(tagged))


def _options(tagged: bool) -> dict[str, object]:
    """WeasyPrint's options, the same for the layout and the writing (as ``HTML.write_pdf`` does)."""
    return {"pdf_identifier": True, "pdf_variant": "pdf/ua-1"} if tagged else {"pdf_identifier": True}


def html_to_pdf(html: str, roots: tuple[Path, ...], base: Path, tagged: bool = True) -> bytes:
    """Typeset ``html`` (whose relative URLs resolve against ``base``) to PDF bytes."""
    return document_pdf(render_document(html, roots, base, tagged), tagged)


# -- pagination: the passes a typesetter makes over the pages ------------------------------------
#
# WeasyPrint breaks pages once, in order, and cannot float a figure: a diagram that does not fit at
# the foot of a page goes to the next one and leaves the foot empty; it also lets a word be
# hyphenated across a page turn.  paginate() lays the document out, reads the pages, changes the
# document where a page went wrong and lays it out again, until no page is wrong or MAX_LAYOUTS
# is reached.  Every change is made to the parsed document itself (the same elements from one
# layout to the next), so the decisions of earlier passes stay made:
#
# * a diagram that left a quarter of a page empty or more moves after the paragraphs that follow
#   it in its subsection, as many as fill that page, so that it opens the next page (a float to
#   the top of the next page, as a book does it).  Only forward and within its subsection: never
#   above the text that introduces it, never past a heading, never onto a page further than the
#   one after its rule's, never past another diagram (the diagrams that follow it at once move
#   with it) (fill_gaps, planned on a model of the pages);
# * a word hyphenated at the foot of a page (in either column) loses its soft hyphens there, so
#   it goes whole to one page (keep_words_whole);
# * a heading left alone at the foot of a page in one column (its language's first paragraph went
#   over whole) goes to the next page (turn_stranded_headings).

MAX_LAYOUTS = 9  # the first layout and at most eight passes; each costs one WeasyPrint layout
EMPTY_SHARE = 0.24  # a foot this share of the page or more is a gap to fill (the limit is a quarter)
HYPHEN = "\u2010"  # what WeasyPrint prints at a break on a soft hyphen (its default hyphenate-character)
SOFT_HYPHEN = "\u00ad"
ZWNJ = "\u200c"  # html.py puts one before a soft hyphen that falls inside a ligature


def paginate(source: Any, layout: Callable[[], Any]) -> Any:
    """The document laid out by ``layout()`` (from ``source``, a ``weasyprint.HTML``), its pages corrected.

    After each layout the pages are read (:func:`page_faults`); the parsed
    document is changed where they went wrong and laid out again.  The result
    is the first layout with no fault left, else the one with fewest.
    """
    document = layout()
    if not _cover_fits(document):
        return document  # boardgen.booklet.cover.fit_cover lays it out again with a smaller picture
    faults = page_faults(document)
    best = (faults.count, document)
    plans = Plans()
    for _ in range(MAX_LAYOUTS - 1):
        changed = fill_gaps(document, faults, plans) + keep_words_whole(faults) + turn_stranded_headings(faults)
        if not changed:
            break
        _reparsed(source)
        document = layout()
        faults = page_faults(document)
        if faults.count < best[0]:
            best = (faults.count, document)
    return document if faults.count <= best[0] else best[1]


def _cover_fits(document: Any) -> bool:
    """False when a booklet's cover runs over page 1 (documents with no cover fit)."""
    from boardgen.booklet.cover import cover_overflow_mm

    pages = document.pages
    has_cover = bool(pages) and any("cover" in _classes(getattr(box, "element", None)) for box in _walk(pages[0]._page_box.children[0]))
    return not has_cover or cover_overflow_mm(document) <= 0


def _reparsed(source: Any) -> None:
    """Let WeasyPrint see the changed tree: a new element wrapper (the old one caches the children it saw)."""
    import cssselect2  # type: ignore[import-untyped]

    source.wrapper_element = cssselect2.ElementWrapper.from_html_root(source.etree_element, content_language=None)


def _walk(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", None) or ():
        yield from _walk(child)


def _classes(element: Any) -> list[str]:
    return (element.get("class") or "").split() if element is not None else []


def _is_heading(element: Any, level: int | None = None) -> bool:
    names = _classes(element)
    return "heading" in names and (level is None or f"level-{level}" in names)


def _border_top(box: Any) -> float:
    return float(box.position_y + box.margin_top)


def _border_bottom(box: Any) -> float:
    return float(box.position_y + box.margin_top + box.border_height())


@dataclass
class PageFacts:
    """What the passes need to know of one laid-out page (lengths in CSS pixels, down the page)."""

    index: int
    top: float  # the text block
    bottom: float
    used: float  # the foot of the lowest line or picture
    blocks: list[Any]  # the boxes of <main>'s children on the page, in order

    @property
    def empty_share(self) -> float:
        return (self.bottom - self.used) / (self.bottom - self.top)

    @property
    def filled(self) -> float:
        """Where the next block would start: the foot of the last block's border (below its last line, by its padding)."""
        return max([self.used, *(_border_bottom(box) for box in self.blocks)])


@dataclass
class Faults:
    """What went wrong on the pages of one layout."""

    pages: list[PageFacts]
    line: float  # the height of a line of the body text
    fragments: dict[int, list[tuple[int, Any]]]  # id(element) -> (page index, box) of each of its boxes
    gaps: list[tuple[int, Any]]  # (page index, figure element): the page's foot is empty because the figure did not fit
    hyphens: list[Any]  # text boxes that end a column of a page on a hyphen
    stranded: list[Any] = field(default_factory=list)  # headings left at a page's foot in one column

    @property
    def count(self) -> int:
        return len(self.gaps) + len(self.hyphens) + len(self.stranded)


def page_faults(document: Any) -> Faults:
    """The pages of ``document``, and the faults the passes correct."""
    pages: list[PageFacts] = []
    fragments: dict[int, list[tuple[int, Any]]] = {}
    hyphens: list[Any] = []
    lines: dict[float, int] = {}
    for index, page in enumerate(document.pages):
        page_box = page._page_box
        top = float(page_box.content_box_y())
        used, blocks = top, []
        for box in _walk(page_box.children[0]):  # the document's boxes, not the margins' (running head, page number)
            element = getattr(box, "element", None)
            if element is not None:
                fragments.setdefault(id(element), []).append((index, box))
                if element.tag == "main":
                    blocks = list(box.children)
            if type(box).__name__ in ("LineBox", "BlockReplacedBox"):
                used = max(used, float(box.position_y + box.height))
                if type(box).__name__ == "LineBox":
                    lines[round(float(box.height), 1)] = lines.get(round(float(box.height), 1), 0) + 1
        pages.append(PageFacts(index, top, top + float(page_box.height), used, blocks))
        if index + 1 < len(document.pages):
            hyphens.extend(_hyphenated_ends(page_box))
    gaps = []
    for page, following in zip(pages, pages[1:]):
        figure = _pushed_figure(following)
        if figure is not None and page.blocks and page.empty_share >= EMPTY_SHARE:
            gaps.append((page.index, figure))
    line = max(lines, key=lambda height: lines[height]) if lines else 16.0  # the commonest: the body text's
    return Faults(pages, line, fragments, gaps, hyphens, _stranded_headings(document, fragments))


def _stranded_headings(document: Any, fragments: dict[int, list[tuple[int, Any]]]) -> list[Any]:
    """The headings with nothing of their own text after them on their page, in one column at least.

    In the bilingual layout a heading row is kept with the row after it as a
    whole: when one language's first paragraph goes to the next page whole
    (too short to leave two lines and take two), that column's heading is
    left alone at the foot while the other column's text runs on below its
    own heading.
    """
    if not document.pages:
        return []
    main = next((e for e in document.pages[0]._page_box.children[0].element.iter("main")), None)
    found = []
    children = [child for child in main if isinstance(child.tag, str)] if main is not None else []
    for heading, following in zip(children, children[1:]):
        if not _is_heading(heading) or "row" not in _classes(following) or id(heading) not in fragments:
            continue
        page = fragments[id(heading)][-1][0]
        for cell in _cells(following):
            first = next((block for block in cell if isinstance(block.tag, str)), None)
            where = fragments.get(id(first)) if first is not None else None
            if where and where[0][0] > page:
                found.append(heading)
                break
    return found


TURN = "turn-page"  # the class that sends a heading to the next page (booklet.css.j2)


def turn_stranded_headings(faults: Faults) -> int:
    """Send each heading left alone at a page's foot to the next page, with what follows it; how many."""
    changed = 0
    for heading in faults.stranded:
        if TURN not in _classes(heading):
            heading.set("class", f"{heading.get('class') or ''} {TURN}".strip())
            changed += 1
    return changed


def _pushed_figure(page: PageFacts) -> Any:
    """The diagram that opens ``page`` (after subsection headings, which went with it), or None."""
    for box in page.blocks:
        if "diagram" in _classes(box.element):
            return box.element
        if not _is_heading(box.element) or _is_heading(box.element, 1):
            return None
    return None


def _hyphenated_ends(page_box: Any) -> list[Any]:
    """The last text box of each column's last line on the page, where it ends on a hyphen of a soft hyphen."""
    middle = float(page_box.content_box_x() + page_box.width / 2)
    last: dict[int, Any] = {}
    for box in _walk(page_box.children[0]):
        if type(box).__name__ != "LineBox":
            continue
        texts = [inner for inner in _walk(box) if type(inner).__name__ == "TextBox"]
        if not texts:
            continue
        column = 0 if box.position_x < middle else 1
        if column not in last or box.position_y >= last[column][0].position_y:
            last[column] = (box, texts[-1])
    return [text for _, text in last.values() if text.text.endswith(HYPHEN)]


# -- keeping a word whole across a page turn


WORD_START = re.compile(r"(\w+)" + HYPHEN + r"$")


def keep_words_whole(faults: Faults) -> int:
    """Take the soft hyphens out of each word broken at the foot of a page; how many words changed.

    The word is found in the text of the element the line's last text box
    belongs to, by the part of it printed before the hyphen; the layout then
    carries it whole to the next line (or keeps it whole on this one).
    """
    changed = 0
    for text_box in faults.hyphens:
        found = WORD_START.search(text_box.text.replace(ZWNJ, "").replace(SOFT_HYPHEN, ""))
        if found is not None and text_box.element is not None:
            changed += _dehyphenate(text_box.element, found.group(1))
    return changed


def _dehyphenate(element: Any, start: str) -> int:
    """Remove the soft hyphens of the words of ``element``'s own text that can break just after ``start``."""

    def whole(match: re.Match[str]) -> str:
        word = match.group(0)
        for index, char in enumerate(word):
            if char == SOFT_HYPHEN:
                before = word[:index].replace(ZWNJ, "").replace(SOFT_HYPHEN, "")
                if before.endswith(start) and (len(before) == len(start) or not before[-len(start) - 1].isalpha()):
                    return word.replace(ZWNJ + SOFT_HYPHEN, "").replace(SOFT_HYPHEN, "")
        return word

    changed = 0
    slots = [(element, "text")] + [(child, "tail") for child in element]
    for owner, name in slots:
        text = getattr(owner, name)
        if text and SOFT_HYPHEN in text:
            new = re.sub(r"\S*" + SOFT_HYPHEN + r"\S*", whole, text)
            if new != text:
                setattr(owner, name, new)
                changed += 1
    return changed


# -- moving diagrams: a model of the pages
#
# A move changes every page after it, and one layout costs seconds, so the moves are planned on a
# model of the pages: the body as a sequence of items (a heading, a diagram, or one block -- a
# paragraph, list, table -- of a text row with its pair in the other column), each as tall as it
# was laid out.  Pages are filled with them in order: text breaks anywhere, a heading needs its
# first lines with it, a diagram goes whole or to the next page.  The gaps of the model are filled
# one after the other, each move followed through the pages after it; the document is then
# rebuilt in the new order and laid out to check.  The model is a few lines off a page at most, so
# a gap the model missed (or made) is planned again on the next layout.

FILLED_SHARE = 0.1  # a page whose foot is emptier than this after a move is filled well enough
# The lines of a block that must stay at the foot of a page for it to break there: two (the
# stylesheet's orphans), and half a line to spare, since the model's heights are measured to a
# pixel or two and a break that the model just allows the layout often refuses.
ORPHANS = 2.5


@dataclass
class Item:
    """One piece of the body in the model: a heading, a diagram, or block ``j`` of a text row (-1: all of it).

    ``height`` is a heading's or diagram's border box, with its margins
    apart (they collapse with the neighbours' and are dropped at the top of
    a page); a text block's height runs to the next block of its row, the
    space between them included (a row has no margins of its own).
    """

    kind: str  # "heading", "figure" or "text"
    element: Any  # the heading's, diagram's or row's element
    j: int
    height: float
    level: int = 0  # a heading's level
    margin_top: float = 0.0
    margin_bottom: float = 0.0
    block: Any = None  # a text block's element in the first column (it keeps its identity when rows are split)

    @property
    def key(self) -> int:
        return id(self.block if self.block is not None else self.element)


def _px(value: Any) -> float:
    return float(getattr(value, "value", 0.0) or 0.0)


def _body_items(main: Any, faults: Faults) -> list[Item] | None:
    """The children of ``main`` as items, measured on the layout (None if something was not laid out)."""
    items: list[Item] = []
    for element in main:
        found = faults.fragments.get(id(element))
        if not found:
            if isinstance(element.tag, str):
                return None
            continue  # a comment
        names, box = _classes(element), found[0][1]
        if "diagram" in names or "heading" in names:
            level = next((int(name[6:]) for name in names if name.startswith("level-") and name[6:].isdigit()), 0)
            kind = "figure" if "diagram" in names else "heading"
            items.append(Item(kind, element, 0, float(box.border_height()), level, _px(box.style["margin_top"]), _px(box.style["margin_bottom"])))
            continue
        bottom = _flow(faults, found[-1][0], _border_bottom(found[-1][1]))
        cells = _block_children(element) if "row" in names else None
        tops = [_flow(faults, found[0][0], _border_top(box))]
        for j in range(1, len(cells[0]) if cells is not None else 1):
            blocks = [faults.fragments.get(id(cell[j])) for cell in cells or []]
            if not all(blocks):
                return None
            tops.append(max(_flow(faults, f[0][0], _border_top(f[0][1])) for f in blocks if f))
        for j, (top, following) in enumerate(zip(tops, tops[1:] + [bottom])):
            block = cells[0][j] if cells is not None else None
            items.append(Item("text", element, j if cells is not None else -1, max(0.0, following - top), block=block))
    return items


@dataclass
class Placed:
    """Where the model put an item: its first and last page, and how far down the first one it starts."""

    first: int
    last: int
    y: float


def _model_pages(items: list[Item], page: int, y: float, height: float, line: float, pending: float = 0.0) -> tuple[dict[int, Placed], list[tuple[int, int, float]]]:
    """Fill pages of ``height`` with ``items`` from ``y`` down page ``page`` (``pending``: the margin owed to the item above).

    Text breaks between lines, with two lines of a block at least on either
    side of the break (the stylesheet's orphans and widows: lines stay back
    to go over with the last two, a block too short for both goes over
    whole); a heading goes over with the start of what follows it (two
    lines, a short block whole, a diagram whole); a diagram goes whole.
    Margins between neighbours collapse (the larger counts) and are dropped
    at the top of a page.  Returns where each item went (by
    :attr:`Item.key`) and the gaps: (index of the diagram that did not fit,
    the page it left, the empty height there).
    """
    placed: dict[int, Placed] = {}
    gaps: list[tuple[int, int, float]] = []
    for index, item in enumerate(items):
        top = y + max(pending, item.margin_top) if y > 0 else 0.0
        needed = item.height
        if item.kind == "heading" and index + 1 < len(items):
            after = items[index + 1]
            needed += max(item.margin_bottom, after.margin_top)
            needed += after.height if after.kind != "text" or after.height < 4 * line else ORPHANS * line
        if item.kind in ("heading", "figure") and y > 0 and top + needed > height + 0.5:
            if item.kind == "figure":
                gaps.append((index, page, height - y))
            elif index + 1 < len(items) and items[index + 1].kind == "figure":
                gaps.append((index + 1, page, height - y))
            page, top = page + 1, 0.0
        elif item.kind == "text" and y > 0 and top + item.height > height + 0.5 and min(height - top, item.height - 2 * line) < ORPHANS * line:
            page, top = page + 1, 0.0  # two lines at least must stay (orphans) and two go over (widows): all of it goes over
        first, start = page, top
        if item.kind == "text" and top + item.height > height + 0.5:
            rest = item.height - min(height - top, item.height - 2 * line)
            page += 1
            while rest > height + 0.5:
                page, rest = page + 1, rest - height
            y = rest
        else:
            y = top + item.height
        pending = item.margin_bottom
        placed[item.key] = Placed(first, page, start)
    return placed, gaps


MODEL_SLACK = 0.02  # of a page
MOVES = 3  # a diagram moves this many times at most (a move the layout undoes is not tried for ever)


@dataclass
class Plans:
    """What the passes remember of each diagram, by ``id`` of its element."""

    anchors: dict[int, int] = field(default_factory=dict)  # the key of the item its rule ends with, as written
    moves: dict[int, int] = field(default_factory=dict)  # how often it was moved


def fill_gaps(document: Any, faults: Faults, plans: Plans) -> int:
    """Plan moves of diagrams for the gaps of this layout on the model, and make them in the document; how many moves.

    ``plans.anchors`` keeps, for each diagram, the item its rule ends with
    (the item before it as written), so that however often it moves, it
    stays on the page of that rule or the next.
    """
    anchors = plans.anchors
    if not faults.gaps:
        return 0
    main = next((e for e in document.pages[0]._page_box.children[0].element.iter("main")), None)
    items = _body_items(main, faults) if main is not None else None
    if not items:
        return 0
    for before, item in zip([None, *items], items):
        if item.kind == "figure" and before is not None:
            anchors.setdefault(id(item.element), before.key)
    first_gap = faults.gaps[0][0]
    # The model starts with the first item the gap's page did not take (the diagram, or a heading
    # that went with it); everything before stays where the layout put it.
    start = next((index for index, item in enumerate(items) if faults.fragments[id(item.element)][0][0] > first_gap), None)
    if start is None:
        return 0
    model = PageModel(faults, items, start, first_gap, anchors)
    order = list(items)
    moves = 0
    tried: set[int] = set()
    for _ in range(len(items)):
        placed, gaps = model.pages(order)
        gaps = [gap for gap in gaps if id(order[gap[0]].element) not in tried and plans.moves.get(id(order[gap[0]].element), 0) < MOVES]
        if not gaps:
            break
        index, gap_page, gap = gaps[0]
        figure = order[index]
        tried.add(id(figure.element))
        strays = model.strays(order, placed)
        for candidate in _replans(order, index, gap, model.height):
            # Taken when the model fills that page and no diagram goes further from its rule than before.
            after, left = model.pages(candidate)
            if all(page != gap_page for _, page, _ in left) and model.strays(candidate, after) <= strays:
                order, moves = candidate, moves + 1
                plans.moves[id(figure.element)] = plans.moves.get(id(figure.element), 0) + 1
                break
    if moves:
        _rebuild(main, order)
    return moves


class PageModel:
    """The pages of the body laid out again on the model from where an order of its items changes.

    Everything before the first gap of the layout, and before the first item
    a move changed, stays where the layout put it (measured: ``known``); the
    model takes over from there (:func:`_model_pages`).
    """

    def __init__(self, faults: Faults, items: list[Item], start: int, first_page: int, anchors: dict[int, int]) -> None:
        page = faults.pages[first_page]
        self.items, self.start = items, start
        self.first_page, self.y = first_page, page.filled - page.top
        self.height = page.bottom - page.top
        self.line = faults.line
        self.known = {item.key: Placed(*_real_pages(faults, item)) for item in items[:start]}
        self.anchors = anchors

    def pages(self, order: list[Item]) -> tuple[dict[int, Placed], list[tuple[int, int, float]]]:
        """Where the items of ``order`` go, and the gaps a quarter of a page or more (index in ``order``, page, empty height)."""
        begin = next((index for index in range(self.start) if order[index] is not self.items[index]), self.start)
        pending = 0.0
        if begin < self.start:
            # From where the first changed item stood: the space above it, its margin, is owed again.
            original = self.items[begin]
            where = self.known[original.key]
            page, y = where.first, max(0.0, where.y - original.margin_top)
            pending = original.margin_top if where.y > 0 else 0.0
        else:
            page, y = self.first_page, self.y
        modelled, gaps = _model_pages(order[begin:], page, y, self.height, self.line, pending)
        placed = {item.key: self.known[item.key] for item in order[:begin]}
        placed.update(modelled)
        # The model measures a page to the foot of its last block, the layout to its last line (a
        # paragraph's bottom margin higher): a little less counts as a gap here.
        return placed, [(begin + index, page, gap) for index, page, gap in gaps if gap >= (EMPTY_SHARE - MODEL_SLACK) * self.height]

    def strays(self, order: list[Item], placed: dict[int, Placed]) -> int:
        """How many diagrams went further than the page after their rule's."""
        count = 0
        for item in order:
            rule = placed.get(self.anchors.get(id(item.element), -1)) if item.kind == "figure" else None
            if rule is not None and placed[item.key].first > rule.last + 1:
                count += 1
        return count


def _real_pages(faults: Faults, item: Item) -> tuple[int, int, float]:
    """Where the layout put ``item``: its first and last page, and how far down the first it starts."""
    if item.kind == "text" and item.j >= 0:
        blocks = [faults.fragments[id(cell[item.j])] for cell in _block_children(item.element) or []]
        first = min(found[0][0] for found in blocks)
        top = max(_border_top(found[0][1]) for found in blocks if found[0][0] == first)
        return first, max(found[-1][0] for found in blocks), top - faults.pages[first].top
    found = faults.fragments[id(item.element)]
    return found[0][0], found[-1][0], _border_top(found[0][1]) - faults.pages[found[0][0]].top


def _replans(order: list[Item], index: int, gap: float, height: float) -> Iterator[list[Item]]:
    """``order`` with the diagram at ``index`` moved to fill the gap it left: the candidates, best first.

    Only later in its own subsection, after the text that follows it there,
    enough of it to fill the page: the diagram then opens the next page, as
    a float does in a book.  Never earlier (above the text that introduces
    it: a reader meets a figure after its rule, not before) and never past a
    heading (a figure of one rule printed in the next subsection or section
    reads as part of it).  The diagrams that follow it at once go with it.
    """
    end = index + 1
    while end < len(order) and order[end].kind == "figure":
        end += 1  # the diagrams that follow it at once go with it, in their order
    run, rest = order[index:end], order[:index] + order[end:]
    for position in _places_after(order, index, end, gap, height):
        yield rest[: position - len(run) + 1] + run + rest[position - len(run) + 1 :]


def _places_after(order: list[Item], index: int, end: int, gap: float, height: float) -> list[int]:
    """After which items of ``order`` the diagrams ``order[index:end]`` may go, after the text that follows them, best first.

    First the places that fill the page well enough while the diagram still
    fits on the next page, nearest first, then the others, fullest page
    first.  Never past another diagram or a heading: within the diagram's
    own subsection only.
    """
    figure = order[index]
    length = 0.0
    good: list[int] = []
    others: list[tuple[float, int]] = []
    for position in range(end, len(order)):
        item = order[position]
        if item.kind in ("figure", "heading"):
            break
        length += item.height
        if length > gap and length - gap + figure.height > height:
            break
        left = max(0.0, gap - length)
        if left < FILLED_SHARE * height:
            good.append(position)
        elif left < gap - 1.0:
            others.append((left, position))
    return good + [position for _, position in sorted(others)]


def _rebuild(main: Any, order: list[Item]) -> None:
    """Put the children of ``main`` in the order of the items, splitting text rows where a diagram now comes between their blocks.

    Each run of consecutive blocks of one row becomes a row of its own; the
    first run keeps the row's element, later runs get a copy of it (same
    classes and languages) with their blocks.
    """
    blocks = {item.key: [list(cell)[item.j] for cell in _cells(item.element)] for item in order if item.kind == "text" and item.j >= 0}
    runs: list[tuple[Any, list[Item]]] = []  # (row element, its items)
    children: list[Any] = []
    seen: set[int] = set()
    for item in order:
        if item.kind != "text" or item.j < 0:
            children.append(item.element)
            continue
        last = runs[-1] if runs and children and children[-1] is runs[-1][0] else None
        if last is not None and last[1][-1].element is item.element and last[1][-1].j == item.j - 1:
            last[1].append(item)
            continue
        row = item.element
        if id(row) in seen:
            row = row.makeelement(row.tag, dict(row.attrib))
            for cell in _cells(item.element):
                row.append(cell.makeelement(cell.tag, dict(cell.attrib)))
        seen.add(id(item.element))
        runs.append((row, [item]))
        children.append(row)
    for row, _ in runs:
        for cell in _cells(row):
            cell[:] = []
    for row, items in runs:
        for column, cell in enumerate(_cells(row)):
            for item in items:
                cell.append(blocks[item.key][column])
    main[:] = children


def _cells(row: Any) -> list[Any]:
    return [cell for cell in row if "cell" in _classes(cell)]


def _block_children(row: Any) -> list[list[Any]] | None:
    """The blocks of each cell of a text row, or None when the cells do not pair block for block."""
    cells = [list(cell) for cell in _cells(row)]
    if not cells or len({len(blocks) for blocks in cells}) != 1:
        return None
    return cells


def _flow(faults: Faults, page_index: int, y: float) -> float:
    """A position down the document's text, pages laid end to end (each page counted to its lowest line)."""
    before = sum(page.used - page.top for page in faults.pages[:page_index])
    return before + y - faults.pages[page_index].top
