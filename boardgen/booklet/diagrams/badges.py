"""Where the move numbers go: each in a badge beside its piece, on the side where it covers least.

A number on a piece reads as a stack's count (Nyout) or cannot be read (over
a chess glyph), so it is set beside the piece, its centre always outside
every piece; of the sides tried (upper right first) it takes the one that
covers the least of the pieces, the claims' marks, the arrows and the badges
set before it.
"""

from __future__ import annotations

import math

from boardgen.booklet.diagrams.geometry import distance_to_line
from boardgen.booklet.diagrams.marks import BADGE_DIRECTIONS, badge, badge_radius
from boardgen.boards.base import MIN_TEXT_MM
from boardgen.drawing.model import Group

Point = tuple[float, float]


def badge_size(radius: float) -> float:
    """The height (mm) of a move number in its badge, beside pieces of ``radius`` mm: legible in print, small beside the piece."""
    return max(MIN_TEXT_MM * 1.05, radius * 0.62)


def placed_badges(
    numbers: list[tuple[Point, int]],
    radius: float,
    band: float,
    discs: list[tuple[Point, float]],
    lines: list[list[Point]],
) -> Group:
    """The badges of ``numbers`` ((centre of its piece, number), in the order they are set), each beside its piece.

    ``radius`` is the pieces' (mm), ``band`` an arrow's width with its
    casing, ``discs`` what a badge keeps off ((centre, radius): the pieces
    as drawn and the points marked), ``lines`` the arrows drawn.
    """
    size = badge_size(radius)
    group = Group("move-numbers")
    placed: list[tuple[Point, float]] = []
    for (x, y), number in numbers:
        text = str(number)
        br = badge_radius(text, size)
        reach = radius + br * 0.45
        best: tuple[float, Point] | None = None
        for degrees in BADGE_DIRECTIONS:
            angle = math.radians(degrees)
            p = (x + reach * math.cos(angle), y - reach * math.sin(angle))
            score = 0.0
            for c, r in discs:
                d = math.hypot(p[0] - c[0], p[1] - c[1])
                score += max(0.0, r + br - d) + (100.0 if d < r + size * 0.2 else 0.0)
            for c, r in placed:
                score += 5.0 * max(0.0, r + br + 0.2 - math.hypot(p[0] - c[0], p[1] - c[1]))
            for line in lines:
                score += 0.5 * max(0.0, br + band / 2 - distance_to_line(p, line))
            if best is None or score < best[0] - 1e-6:
                best = (score, p)
        assert best is not None
        placed.append((best[1], br))
        group.add(badge(best[1], text, size))
    return group
