"""The page model of one layout: what each page holds, and the faults the repair corrects.

One job: read a WeasyPrint layout (its boxes, never the PDF) into
:class:`Faults`, the facts of every page (where its text block starts and
ends, how far down its ink goes, which boxes of the body it holds) and what
went wrong on it: a page left a quarter empty because the next diagram did
not fit (a *gap*), a word hyphenated across a page turn, a heading left alone
at a page's foot in one column.  This is the whole input of the repair
(:func:`boardgen.booklet.pagination.repair.plan_changes`); it is apart from
the fixes so that the fixes can be planned from it alone, without laying the
document out again (issue 28 plans them from the first layout's model).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardgen.booklet.pagination.boxes import border_bottom, class_names, is_heading, row_cells, walk

EMPTY_SHARE = 0.24  # a foot this share of the page or more is a gap to fill (the limit is a quarter)
HYPHEN = "\u2010"  # what WeasyPrint prints at a break on a soft hyphen (its default hyphenate-character)


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
        return max([self.used, *(border_bottom(box) for box in self.blocks)])


@dataclass
class Faults:
    """The page model of one layout: its pages, where each element's boxes went, and what went wrong on them."""

    pages: list[PageFacts]
    line: float  # the height of a line of the body text
    fragments: dict[int, list[tuple[int, Any]]]  # id(element) -> (page index, box) of each of its boxes
    gaps: list[tuple[int, Any]]  # (page index, figure element): the page's foot is empty because the figure did not fit
    hyphens: list[Any]  # text boxes that end a column of a page on a hyphen
    stranded: list[Any] = field(default_factory=list)  # headings left at a page's foot in one column
    main: Any = None  # the document's <main> element, whose children the fixes reorder (None: no pages)

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
        for box in walk(page_box.children[0]):  # the document's boxes, not the margins' (running head, page number)
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
    main = next((e for e in document.pages[0]._page_box.children[0].element.iter("main")), None) if document.pages else None
    return Faults(pages, line, fragments, gaps, hyphens, _stranded_headings(main, fragments), main)


def _stranded_headings(main: Any, fragments: dict[int, list[tuple[int, Any]]]) -> list[Any]:
    """The headings with nothing of their own text after them on their page, in one column at least.

    In the bilingual layout a heading row is kept with the row after it as a
    whole: when one language's first paragraph goes to the next page whole
    (too short to leave two lines and take two), that column's heading is
    left alone at the foot while the other column's text runs on below its
    own heading.
    """
    found = []
    children = [child for child in main if isinstance(child.tag, str)] if main is not None else []
    for heading, following in zip(children, children[1:]):
        if not is_heading(heading) or "row" not in class_names(following) or id(heading) not in fragments:
            continue
        page = fragments[id(heading)][-1][0]
        for cell in row_cells(following):
            first = next((block for block in cell if isinstance(block.tag, str)), None)
            where = fragments.get(id(first)) if first is not None else None
            if where and where[0][0] > page:
                found.append(heading)
                break
    return found


def _pushed_figure(page: PageFacts) -> Any:
    """The diagram that opens ``page`` (after subsection headings, which went with it), or None."""
    for box in page.blocks:
        if "diagram" in class_names(box.element):
            return box.element
        if not is_heading(box.element) or is_heading(box.element, 1):
            return None
    return None


def _hyphenated_ends(page_box: Any) -> list[Any]:
    """The last text box of each column's last line on the page, where it ends on a hyphen of a soft hyphen."""
    middle = float(page_box.content_box_x() + page_box.width / 2)
    last: dict[int, Any] = {}
    for box in walk(page_box.children[0]):
        if type(box).__name__ != "LineBox":
            continue
        texts = [inner for inner in walk(box) if type(inner).__name__ == "TextBox"]
        if not texts:
            continue
        column = 0 if box.position_x < middle else 1
        if column not in last or box.position_y >= last[column][0].position_y:
            last[column] = (box, texts[-1])
    return [text for _, text in last.values() if text.text.endswith(HYPHEN)]


def flow(faults: Faults, page_index: int, y: float) -> float:
    """A position down the document's text, pages laid end to end (each page counted to its lowest line)."""
    before = sum(page.used - page.top for page in faults.pages[:page_index])
    return before + y - faults.pages[page_index].top
