"""Placing a board, drawn in its own units, onto the sheet.

Games describe their boards in board units with y up (a1 at the bottom left);
the sheet is in millimetres with y down.  A :class:`Frame` is that mapping: a
scale (mm per board unit) and where the board-unit origin lands on the sheet.
Board code draws through a frame and so never deals with paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgen.drawing.model import Arc, Point, Style


@dataclass(frozen=True)
class Frame:
    scale: float  # mm per board unit
    origin: Point = (0.0, 0.0)  # sheet position (mm) of board point (0, 0)

    def pt(self, x: float, y: float) -> Point:
        """Sheet position of board point (x, y)."""
        return (self.origin[0] + self.scale * x, self.origin[1] - self.scale * y)

    def pts(self, points) -> tuple[Point, ...]:
        return tuple(self.pt(x, y) for x, y in points)

    def length(self, units: float) -> float:
        return self.scale * units

    def angle(self, degrees_anticlockwise: float) -> float:
        """Board angles run anticlockwise (y up); page angles clockwise (y down)."""
        return -degrees_anticlockwise

    def arc(self, centre: Point, radius: float, start: float, end: float, style: Style) -> Arc:
        """An arc given in board terms (anticlockwise from ``start`` to ``end``) as a page Arc."""
        return Arc(self.pt(*centre), self.scale * radius, -end, -start, style)

    def moved(self, dx: float, dy: float) -> "Frame":
        return Frame(self.scale, (self.origin[0] + dx, self.origin[1] + dy))
