"""Diagrams float forward: the moves that fill a page a diagram left a quarter empty, planned on the page model.

One job, the largest fix of the pagination repair.  WeasyPrint cannot float
a figure: a diagram that does not fit at the foot of a page goes to the next
one and leaves the foot empty.  Here such a diagram moves after the
paragraphs that follow it in its subsection, as many as fill that page, so
that it opens the next page (a float to the top of the next page, as a book
does it).  Only forward and within its subsection: never above the text
that introduces it, never past a heading, never onto a page further than
the one after its rule's, never past another diagram (the diagrams that
follow it at once move with it).  The moves are planned on the model of the
pages (:mod:`.model`), so that one layout settles the gaps of the whole
booklet, and come out as one :class:`Reorder` of the body, which the repair
loop applies.  Apart from the other fixes because it alone reorders the
document and remembers (:class:`Plans`) from one layout to the next.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from boardgen.booklet.pagination.boxes import row_cells
from boardgen.booklet.pagination.faults import Faults
from boardgen.booklet.pagination.model import Item, PageModel, body_items

FILLED_SHARE = 0.1  # a page whose foot is emptier than this after a move is filled well enough
MOVES = 3  # a diagram moves this many times at most (a move the layout undoes is not tried for ever)


@dataclass
class Plans:
    """What the passes remember of each diagram, by ``id`` of its element."""

    anchors: dict[int, int] = field(default_factory=dict)  # the key of the item its rule ends with, as written
    moves: dict[int, int] = field(default_factory=dict)  # how often it was moved

    def remap(self, same: dict[int, int]) -> None:
        """Carry what is remembered over to the elements of the document parsed again (``same``: old ``id`` -> new)."""
        self.anchors = {same[figure]: same[key] for figure, key in self.anchors.items() if figure in same and key in same}
        self.moves = {same[figure]: count for figure, count in self.moves.items() if figure in same}


@dataclass
class Reorder:
    """A change to the document: the children of ``main`` put in the order of ``order`` (``moves`` diagrams moved)."""

    main: Any
    order: list[Item]
    moves: int

    def apply(self) -> int:
        """Make the change in the parsed document; how many diagrams moved."""
        _rebuild(self.main, self.order)
        return self.moves


def fill_gaps(faults: Faults, plans: Plans) -> list[Reorder]:
    """The moves of diagrams, planned on the model, that fill the gaps of this layout: one reorder of the body, or none.

    ``plans.anchors`` keeps, for each diagram, the item its rule ends with
    (the item before it as written), so that however often it moves, it
    stays on the page of that rule or the next; ``plans.moves`` counts each
    diagram's moves.  The document is not changed here.
    """
    anchors = plans.anchors
    if not faults.gaps:
        return []
    main = faults.main
    items = body_items(main, faults) if main is not None else None
    if not items:
        return []
    for before, item in zip([None, *items], items):
        if item.kind == "figure" and before is not None:
            anchors.setdefault(id(item.element), before.key)
    first_gap = faults.gaps[0][0]
    # The model starts with the first item the gap's page did not take (the diagram, or a heading
    # that went with it); everything before stays where the layout put it.
    start = next((index for index, item in enumerate(items) if faults.fragments[id(item.element)][0][0] > first_gap), None)
    if start is None:
        return []
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
    return [Reorder(main, order, moves)] if moves else []


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
    blocks = {item.key: [list(cell)[item.j] for cell in row_cells(item.element)] for item in order if item.kind == "text" and item.j >= 0}
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
            for cell in row_cells(item.element):
                row.append(cell.makeelement(cell.tag, dict(cell.attrib)))
        seen.add(id(item.element))
        runs.append((row, [item]))
        children.append(row)
    for row, _ in runs:
        for cell in row_cells(row):
            cell[:] = []
    for row, items in runs:
        for column, cell in enumerate(row_cells(row)):
            for item in items:
                cell.append(blocks[item.key][column])
    main[:] = children


