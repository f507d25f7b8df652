"""The model of the pages on which the moves of diagrams are planned: the body as items, poured into pages.

One job: answer "where would everything go if the body came in this
order?" without WeasyPrint.  A move changes every page after it, and one
layout costs seconds, so the moves are planned on a model of the pages: the
body as a sequence of :class:`Item` (a heading, a diagram, or one block -- a
paragraph, list, table -- of a text row with its pair in the other column),
each as tall as the layout made it.  Pages are filled with them in order:
text breaks between lines, a heading needs its first lines with it, a
diagram goes whole or to the next page, margins collapse and vanish at the
top of a page.  The model is a few lines off a page at most, so a gap the
model missed (or made) is planned again on the next layout.  It is apart
from the moves themselves (:mod:`.floats`), which only ask it questions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgen.booklet.pagination.boxes import block_children, border_bottom, border_top, class_names, px
from boardgen.booklet.pagination.faults import EMPTY_SHARE, Faults, flow

# The lines of a block that must stay at the foot of a page for it to break there: two (the
# stylesheet's orphans), and half a line to spare, since the model's heights are measured to a
# pixel or two and a break that the model just allows the layout often refuses.
ORPHANS = 2.5
MODEL_SLACK = 0.02  # of a page


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


def body_items(main: Any, faults: Faults) -> list[Item] | None:
    """The children of ``main`` as items, measured on the layout (None if something was not laid out)."""
    items: list[Item] = []
    for element in main:
        found = faults.fragments.get(id(element))
        if not found:
            if isinstance(element.tag, str):
                return None
            continue  # a comment
        names, box = class_names(element), found[0][1]
        if "diagram" in names or "heading" in names:
            level = next((int(name[6:]) for name in names if name.startswith("level-") and name[6:].isdigit()), 0)
            kind = "figure" if "diagram" in names else "heading"
            items.append(Item(kind, element, 0, float(box.border_height()), level, px(box.style["margin_top"]), px(box.style["margin_bottom"])))
            continue
        bottom = flow(faults, found[-1][0], border_bottom(found[-1][1]))
        cells = block_children(element) if "row" in names else None
        tops = [flow(faults, found[0][0], border_top(box))]
        for j in range(1, len(cells[0]) if cells is not None else 1):
            blocks = [faults.fragments.get(id(cell[j])) for cell in cells or []]
            if not all(blocks):
                return None
            tops.append(max(flow(faults, f[0][0], border_top(f[0][1])) for f in blocks if f))
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


def model_pages(items: list[Item], page: int, y: float, height: float, line: float, pending: float = 0.0) -> tuple[dict[int, Placed], list[tuple[int, int, float]]]:
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



class PageModel:
    """The pages of the body laid out again on the model from where an order of its items changes.

    Everything before the first gap of the layout, and before the first item
    a move changed, stays where the layout put it (measured: ``known``); the
    model takes over from there (:func:`model_pages`).
    """

    def __init__(self, faults: Faults, items: list[Item], start: int, first_page: int, anchors: dict[int, int]) -> None:
        page = faults.pages[first_page]
        self.items, self.start = items, start
        self.first_page, self.y = first_page, page.filled - page.top
        self.height = page.bottom - page.top
        self.line = faults.line
        self.known = {item.key: Placed(*real_pages(faults, item)) for item in items[:start]}
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
        modelled, gaps = model_pages(order[begin:], page, y, self.height, self.line, pending)
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


def real_pages(faults: Faults, item: Item) -> tuple[int, int, float]:
    """Where the layout put ``item``: its first and last page, and how far down the first it starts."""
    if item.kind == "text" and item.j >= 0:
        blocks = [faults.fragments[id(cell[item.j])] for cell in block_children(item.element) or []]
        first = min(found[0][0] for found in blocks)
        top = max(border_top(found[0][1]) for found in blocks if found[0][0] == first)
        return first, max(found[-1][0] for found in blocks), top - faults.pages[first].top
    found = faults.fragments[id(item.element)]
    return found[0][0], found[-1][0], border_top(found[0][1]) - faults.pages[found[0][0]].top

