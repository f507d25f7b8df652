"""Drawing shared by the boards made of hexagonal cells (Hex, Trihex).

The interesting part is the coloured bands along the sides: the outline of
the board is a zig-zag of cell edges, and each side's band runs from that
zig-zag to a straight outer line.  Where two sides meet, the bands share the
line from the board's corner vertex to the corner of the outer lines, so a
corner cell visibly touches both colours.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from boardgen.boards.base import BoardDrawing, BoardOptions, Label, Part, bounding, centred_label
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Polygon, Shape, Style
from boardgen.geometry.hexgrid import CIRCUMRADIUS, hexagon_corners

Vec = tuple[float, float]

# Neighbour directions of a pointy-top cell, as angles (degrees, y up) of the
# line from a cell's centre to its neighbour's centre.
DIRECTIONS = (0, 60, 120, 180, 240, 300)


def corner_at(centre: Vec, angle: float, radius: float = CIRCUMRADIUS) -> Vec:
    a = math.radians(angle)
    return (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))


def _key(point: Vec) -> tuple[int, int]:
    return (round(point[0] * 1e6), round(point[1] * 1e6))


def boundary_runs(
    cells: Sequence[str],
    centre: Callable[[str], Vec],
    side_of: Callable[[str, int], str | None],
    side_order: Sequence[str],
) -> dict[str, list[Vec]]:
    """The outline of the board split into sides: side -> its vertices in clockwise order.

    ``side_of(cell, direction)`` names the side an edge belongs to when the
    neighbour in ``direction`` is off the board, and returns None when the
    neighbour exists.  Edges are walked clockwise (y up).
    """
    edges: dict[tuple[int, int], tuple[Vec, Vec, str]] = {}
    for cell in cells:
        c = centre(cell)
        for direction in DIRECTIONS:
            side = side_of(cell, direction)
            if side is None:
                continue
            start = corner_at(c, direction + 30)  # clockwise: from +30 to -30
            end = corner_at(c, direction - 30)
            edges[_key(start)] = (start, end, side)
    # Start at the first edge of the first side whose predecessor is another side.
    by_end = {_key(end): (start, end, side) for start, end, side in edges.values()}
    first = next(
        e for e in sorted(edges.values(), key=lambda e: (e[0][1] * -1, e[0][0]))
        if e[2] == side_order[0] and by_end[_key(e[0])][2] != side_order[0]
    )
    runs: dict[str, list[Vec]] = {}
    edge = first
    for _ in range(len(edges)):
        start, end, side = edge
        run = runs.setdefault(side, [start])
        run.append(end)
        edge = edges[_key(end)]
        if edge is first:
            break
    return runs


def band_polygons(runs: dict[str, list[Vec]], side_angles: dict[str, float], side_order: Sequence[str], depth: float) -> dict[str, list[Vec]]:
    """Each side's band: its zig-zag plus the straight outer line ``depth`` beyond its outermost vertex."""
    lines = {}
    for side in side_order:
        angle = math.radians(side_angles[side])
        direction = (math.cos(angle), math.sin(angle))
        normal = (-direction[1], direction[0])  # outward for a clockwise walk, y up
        offset = max(p[0] * normal[0] + p[1] * normal[1] for p in runs[side]) + depth
        lines[side] = (direction, normal, offset)

    def meet(a: str, b: str) -> Vec:
        (_, n1, o1), (_, n2, o2) = lines[a], lines[b]
        det = n1[0] * n2[1] - n1[1] * n2[0]
        return ((o1 * n2[1] - o2 * n1[1]) / det, (n1[0] * o2 - n2[0] * o1) / det)

    polygons = {}
    count = len(side_order)
    for index, side in enumerate(side_order):
        before = side_order[index - 1]
        after = side_order[(index + 1) % count]
        polygons[side] = list(runs[side]) + [meet(side, after), meet(before, side)]
    return polygons


def cell_polygon(centre: Vec, inset: float = 0.0) -> list[Vec]:
    return hexagon_corners(centre[0], centre[1], CIRCUMRADIUS - inset)


def line_width(frame: Frame, options: BoardOptions) -> float:
    """Cell outlines: proportional to the cell, within what prints cleanly."""
    return min(0.45, max(0.12, frame.scale * 0.025)) * options.line_scale


class HexCellBoard(BoardDrawing):
    """What Hex and Trihex boards share: cells at their centres, outlines, highlights, the centre dot.

    Subclasses set ``self.geometry`` (with ``cells`` and ``centre(name)``) and
    draw their own sides and coordinates.
    """

    unit_label = {"pt": "casa", "en": "cell"}
    place_word = "cell"
    size: int  # Hex and Trihex boards always have a size
    piece_diameter = 0.82
    geometry: Any
    side_order: tuple[str, ...] = ()  # the sides, clockwise
    side_angles: dict[str, float] = {}  # direction of each side, walked clockwise (degrees, y up)
    band_depth = 0.32  # board units between the outline's outermost vertex and a band's outer line

    def side_of(self, cell: str, direction: int) -> str | None:
        """The side an edge of ``cell`` belongs to when its neighbour in ``direction`` is off the board."""
        raise NotImplementedError

    def bands(self) -> dict[str, list[tuple[float, float]]]:
        """Each side's coloured band, as a polygon in board units."""
        runs = boundary_runs(self.geometry.cells, self.geometry.centre, self.side_of, self.side_order)
        return band_polygons(runs, self.side_angles, self.side_order, self.band_depth)

    @cached_property
    def _locations(self) -> dict[str, tuple[float, float]]:
        return {name: self.geometry.centre(name) for name in self.geometry.cells}

    def locations(self) -> dict[str, tuple[float, float]]:
        return self._locations

    def draw_cells(self, frame: Frame, options: BoardOptions) -> Group:
        """Every cell as a white hexagon with a thin outline (white so the side bands stop at the cells)."""
        cells = Group("cells")
        colours = palette.current()
        outline = Style(stroke=colours.ink, width=line_width(frame, options), fill=colours.paper)
        for name in self.geometry.cells:
            cells.add(Polygon(frame.pts(cell_polygon(self._locations[name])), outline))
        return cells

    # -- extent -------------------------------------------------------------------
    #: a band's outline in light ink (full ink fills it with no outline)
    band_stroke_mm = 0.35

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """The side bands (outlined in light ink) and the cells, outlined :func:`line_width` wide."""
        bands = [point for points in self.bands().values() for point in points]
        corners = [corner for name in self.geometry.cells for corner in cell_polygon(self._locations[name])]
        return (Part(bounding(bands), self.band_stroke_mm / 2 if options.light else 0.0), Part(bounding(corners), lambda scale: line_width(Frame(scale), options) / 2))

    def draw_coordinates(self, frame: Frame) -> Group:
        """The :meth:`coordinate_labels`, each set by :func:`centred_label`."""
        return Group("coordinate").add(*(centred_label(frame, label.at, label.text, frame.length(label.size)) for label in self.coordinate_labels()))

    def centre_dot(self, frame: Frame, name: str) -> Group:
        return Group("centre-mark").add(Circle(frame.pt(*self.location(name)), frame.length(0.07), Style(stroke=None, fill=palette.current().ink)))

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        return Polygon(frame.pts(cell_polygon(self.location(name), inset=0.06)), style)
