"""The board under a diagram: the edition's ink, the options it is drawn with, and the labels its pieces hide.

The board itself is the game's own :class:`~boardgen.boards.BoardDrawing`
(the same code as the printable board), so a diagram looks like the board a
player has on the table; this module only says how it is drawn for a diagram.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from boardgen.booklet.diagrams.check import CheckedDiagram
from boardgen.booklet.diagrams.geometry import box_meets_circle
from boardgen.boards.base import BoardOptions, InkMode
from boardgen.drawing import palette
from boardgen.drawing.bounds import shape_box
from boardgen.drawing.model import Group, Line


# The ink the boards of diagrams are drawn in.  Like the palette, it is a choice about a whole
# edition (the ink-saving booklet draws every board in light ink), made once around the
# typesetting, not a property of one diagram's definition: see :func:`diagram_ink`.
_INK: ContextVar[InkMode] = ContextVar("diagram_ink", default="full")


@contextmanager
def diagram_ink(ink: InkMode) -> Iterator[None]:
    """Draw every diagram made inside the block with its board in ``ink`` (``"full"``, ``"light"`` or ``"mono"``, in its one-ink palette)."""
    token = _INK.set(ink)
    try:
        with palette.inked(ink):
            yield
    finally:
        _INK.reset(token)


def board_options(checked: CheckedDiagram) -> BoardOptions:
    """How a diagram's board is drawn: no centre dot, no start marks, the edition's ink."""
    return BoardOptions(coordinates=checked.spec.coordinates, ink=_INK.get(), centre_mark=False, start_marks=False)


def without_covered_labels(
    board: Group, discs: list[tuple[tuple[float, float], float]], marked: list[tuple[tuple[float, float], float]] | None = None
) -> Group:
    """The board with the coordinate labels (and their backings) that a piece stands on left out,
    and the strokes of a printed board mark (Seega's centre X) under a piece or a diagram's mark.

    A piece hides the name of the cell it stands on (Ringo names every cell);
    a name it half covers is no longer read either, and the edge of its
    backing would peek out from under the piece as a stray white sliver.  The
    corners of Seega's printed X peeked out round a piece on the centre and
    read as the X of a captured piece: there the cell keeps its tint only.
    """
    marked = discs if marked is None else marked
    kept = Group(board.role, title=board.title, clip=board.clip)
    for child in board.children:
        if isinstance(child, Group):
            if child.role == "coordinate":
                inner = Group(child.role, title=child.title, clip=child.clip)
                for shape in child.children:
                    box = shape_box(shape)
                    if box is None or not any(box_meets_circle(box, 0.0, centre, r) for centre, r in discs):
                        inner.add(shape)
                kept.add(inner)
            elif child.role == "board-mark":
                inner = Group(child.role, title=child.title, clip=child.clip)
                for shape in child.children:
                    box = shape_box(shape) if isinstance(shape, Line) else None
                    if box is None or not any(box_meets_circle(box, 0.0, centre, r) for centre, r in marked):
                        inner.add(shape)
                kept.add(inner)
            else:
                kept.add(without_covered_labels(child, discs, marked))
        else:
            kept.add(child)
    return kept
