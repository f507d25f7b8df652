"""Reading a WeasyPrint layout and the parsed document: boxes, classes, borders, the cells of a text row.

One job: the small questions every part of the pagination repair asks of
WeasyPrint's box tree (where a box's border starts and ends, which element
it lays out) and of the document's elements (their classes, the blocks of a
bilingual text row's cells).  They live apart so that the page model
(:mod:`.faults`, :mod:`.model`) and the fixes (:mod:`.floats`,
:mod:`.headings`) read the layout in one way, and so that the one place
that knows WeasyPrint's box attributes is small.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def walk(box: Any) -> Iterator[Any]:
    """``box`` and every box inside it, in document order."""
    yield box
    for child in getattr(box, "children", None) or ():
        yield from walk(child)


def class_names(element: Any) -> list[str]:
    """The classes of an element of the document (none for no element)."""
    return (element.get("class") or "").split() if element is not None else []


def is_heading(element: Any, level: int | None = None) -> bool:
    """Whether ``element`` is a section heading (of ``level``, if given)."""
    names = class_names(element)
    return "heading" in names and (level is None or f"level-{level}" in names)


def border_top(box: Any) -> float:
    """Where ``box``'s border starts, down its page (CSS pixels)."""
    return float(box.position_y + box.margin_top)


def border_bottom(box: Any) -> float:
    """Where ``box``'s border ends, down its page (CSS pixels)."""
    return float(box.position_y + box.margin_top + box.border_height())


def px(value: Any) -> float:
    """A computed length of WeasyPrint's style (a margin) in CSS pixels; 0 for ``auto``."""
    return float(getattr(value, "value", 0.0) or 0.0)


def row_cells(row: Any) -> list[Any]:
    """The cells of a text row, one per language, in column order."""
    return [cell for cell in row if "cell" in class_names(cell)]


def block_children(row: Any) -> list[list[Any]] | None:
    """The blocks of each cell of a text row, or None when the cells do not pair block for block."""
    cells = [list(cell) for cell in row_cells(row)]
    if not cells or len({len(blocks) for blocks in cells}) != 1:
        return None
    return cells
