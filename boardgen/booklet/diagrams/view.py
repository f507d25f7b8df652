"""Partial views: the part of a board a diagram's ``view`` shows, and cutting a drawing down to it.

A view shows the points it names, a margin round them and the coordinate
labels of its rows and columns; what lies wholly outside is left out of the
drawing, and the sheet is framed (:mod:`~boardgen.booklet.diagrams.draw`).
"""

from __future__ import annotations

import re

from boardgen.booklet.diagrams.board_layer import board_options
from boardgen.booklet.diagrams.check import CheckedDiagram
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, shape_box
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Polygon, Style, Text

VIEW_MARGIN = 0.65  # board units shown around the points of a partial view


def clip(group: Group, box: Box) -> Group:
    """The group without the shapes that lie wholly outside ``box`` (a partial view)."""
    kept = Group(group.role, title=group.title)
    for child in group.children:
        if isinstance(child, Group):
            inner = clip(child, box)
            if inner.children:
                kept.add(inner)
            continue
        b = shape_box(child)
        if isinstance(child, Text):  # half a letter reads as a mark: keep whole labels only
            if b is not None and box[0] <= b[0] and b[2] <= box[2] and box[1] <= b[1] and b[3] <= box[3]:
                kept.add(child)
        elif b is None or (b[2] >= box[0] and b[0] <= box[2] and b[3] >= box[1] and b[1] <= box[3]):
            kept.add(child)
    return kept


def name_parts(name: str) -> tuple[str, ...]:
    """The column letters and row number of an algebraic name ("c7" -> ("c", "7")), else the name."""
    match = re.fullmatch(r"([a-z]+)(\d+)", name)
    return match.groups() if match else (name,)


def view_box(checked: CheckedDiagram, frame: Frame) -> Box:
    """The part of the sheet a partial view shows: around its points, plus the coordinates that belong to it.

    A coordinate label belongs to the view when it names a row or column with
    a cell in the shown area and is the label of that row or column nearest to
    it (boards label both ends); a label that names no row or column is kept
    when the location nearest to it is shown.
    """
    locations = checked.board.locations()
    points = [checked.board.location(p) for p in checked.spec.view.value]  # type: ignore[union-attr]
    xs, ys = [frame.pt(*p)[0] for p in points], [frame.pt(*p)[1] for p in points]
    margin = frame.length(VIEW_MARGIN)
    box = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
    on_sheet = {name: frame.pt(*p) for name, p in locations.items()}
    shown = {name for name, (x, y) in on_sheet.items() if box[0] <= x <= box[2] and box[1] <= y <= box[3]}
    result = box
    board = checked.board.draw_board(frame, board_options(checked))
    for group in board.find("coordinate"):
        for shape, _ in group.walk():
            if not isinstance(shape, Text):
                continue
            label = shape_box(shape)
            if label is None:
                continue
            cx, cy = (label[0] + label[2]) / 2, (label[1] + label[3]) / 2
            named = [n for n in on_sheet if shape.text.strip().lower() in name_parts(n)] or list(on_sheet)
            nearest = min(named, key=lambda n: (on_sheet[n][0] - cx) ** 2 + (on_sheet[n][1] - cy) ** 2)
            if nearest in shown:
                result = (min(result[0], label[0]), min(result[1], label[1]), max(result[2], label[2]), max(result[3], label[3]))
    return result


def view_beside_throw(content: Group, seen: Box) -> Group:
    """A partial view cut exactly to ``seen`` (sheet mm) and framed, with the throw left whole beside it."""
    throws = [child for child in content.children if isinstance(child, Group) and child.role == "throw"]
    rest = Group(content.role, title=content.title)
    rest.add(*(child for child in content.children if not any(child is t for t in throws)))
    shown = clip(rest, seen)
    result = Group(content.role, title=content.title)
    result.add(Group("view", clip=seen).add(*shown.children), *throws)
    result.add(view_frame(seen))
    return result


def view_frame(box: Box) -> Group:
    """The thin faint frame round a partial view (sheet mm), drawn just inside ``box``: the board goes on past it."""
    x0, y0, x1, y1 = box
    inset = 0.15
    frame_line = Polygon(((x0 + inset, y0 + inset), (x1 - inset, y0 + inset), (x1 - inset, y1 - inset), (x0 + inset, y1 - inset)), Style(stroke=palette.current().faint, width=0.3))
    return Group("view-frame").add(frame_line)
