"""Shapes in sheet millimetres: the one drawing that every output is made from.

Coordinates are absolute millimetres on the sheet, x to the right and y
**down** (the page convention of SVG).  Angles are degrees measured from +x
towards +y, i.e. clockwise as seen on the page.  Shapes carry no transforms, so
the SVG and the PDF of a sheet can be compared shape by shape.

Groups carry a ``role`` ("cell", "edge-player-0", "coordinate", "calibration"...)
that says what the ink means; renderers write it out (SVG class, PDF marked
content is not needed) and tests find shapes by role.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, Union

Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Hatch:
    """Parallel lines filling a shape: the light-ink replacement for a solid fill.

    The lines lie where ``(p - anchor) · (cos angle, sin angle)`` is an odd
    multiple of ``spacing / 2``: the same family of lines in every shape that
    shares the hatch and the anchor, so neighbouring cells hatch seamlessly.
    The anchor is a sheet point; (0, 0), the page corner, unless the drawing
    moves from sheet to sheet (the tiles of a poster anchor it to the poster,
    :func:`anchor_hatches`), and both renderers follow the same rule.
    """

    colour: str
    spacing: float = 1.2  # mm between lines
    angle: float = 45.0  # degrees, page convention
    width: float = 0.25  # mm
    anchor: tuple[float, float] = (0.0, 0.0)  # sheet mm


@dataclass(frozen=True)
class Style:
    """How a shape is inked.  Colours are ``#rrggbb`` strings; None means none."""

    stroke: str | None = "#000000"
    width: float = 0.3  # mm
    fill: str | None = None
    dash: tuple[float, ...] = ()  # mm, on/off lengths
    cap: Literal["butt", "round", "square"] = "round"
    join: Literal["miter", "round", "bevel"] = "round"
    hatch: Hatch | None = None


@dataclass(frozen=True)
class Line:
    start: Point
    end: Point
    style: Style = Style()


@dataclass(frozen=True)
class Polyline:
    points: tuple[Point, ...]
    style: Style = Style()


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    style: Style = Style()


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float
    style: Style = Style()


@dataclass(frozen=True)
class Arc:
    """Part of a circle from ``start`` to ``end`` degrees, drawn clockwise on the page (end > start)."""

    centre: Point
    radius: float
    start: float
    end: float
    style: Style = Style()


# Path commands: ("M", x, y), ("L", x, y), ("A", cx, cy, r, start, end) clockwise
# arc from the current point (which must lie on the circle at ``start``), or
# anticlockwise when end < start; ("Z",) closes the subpath.
PathCommand = tuple


@dataclass(frozen=True)
class Path:
    commands: tuple[PathCommand, ...]
    style: Style = Style()


@dataclass(frozen=True)
class Text:
    """One line of text; ``size`` is the font size in mm (the em square), ``position`` the baseline anchor."""

    position: Point
    text: str
    size: float
    font: str = "sans"  # a name known to boardgen.drawing.fonts
    fill: str = "#000000"
    anchor: Anchor = "start"


@dataclass
class Group:
    """Shapes that belong together; ``role`` says what they mean, ``title`` describes them for people."""

    role: str
    children: list["Shape"] = field(default_factory=list)
    title: str | None = None
    clip: tuple[float, float, float, float] | None = None  # (x0, y0, x1, y1): ink outside is cut away

    def add(self, *shapes: "Shape") -> "Group":
        self.children.extend(shapes)
        return self

    def walk(self):
        """Every (shape, role path) below this group, depth first, in drawing order."""
        for child in self.children:
            if isinstance(child, Group):
                for shape, roles in child.walk():
                    yield shape, (self.role,) + roles
            else:
                yield child, (self.role,)

    def find(self, role: str) -> list["Group"]:
        """Groups with this role anywhere below (including self)."""
        found = [self] if self.role == role else []
        for child in self.children:
            if isinstance(child, Group):
                found.extend(child.find(role))
        return found


Shape = Union[Line, Polyline, Polygon, Circle, Arc, Path, Text, Group]


def anchor_hatches(group: Group, anchor: Point) -> Group:
    """The same drawing with every hatch below ``group`` anchored at the sheet point ``anchor``.

    A tiled poster draws the board once per sheet, shifted so that sheet's
    window shows; hatching anchored to the page would then start afresh on
    every sheet and its lines would jump at each glued seam.  Anchored to
    where the poster's origin lands on the sheet, the lines are those of one
    poster-wide family and run on across the seams.  A hatch the drawing already
    anchored to a point of its own (a board's stripes, anchored to the board) is
    kept: it moves with the drawing, so it runs on across the seams too, and the
    tiles stripe exactly as the board drawn whole does.
    """
    moved = Group(group.role, title=group.title, clip=group.clip)
    for child in group.children:
        if isinstance(child, Group):
            moved.add(anchor_hatches(child, anchor))
        elif isinstance(child, Text) or child.style.hatch is None or child.style.hatch.anchor != (0.0, 0.0):
            moved.add(child)
        else:
            moved.add(replace(child, style=replace(child.style, hatch=replace(child.style.hatch, anchor=anchor))))
    return moved


@dataclass
class Sheet:
    """A page: its size in mm, its content, and document metadata."""

    width: float
    height: float
    content: Group
    title: str = ""
    subject: str = ""
    description: str = ""
    language: str = "pt-BR"
    keywords: tuple[str, ...] = ()
