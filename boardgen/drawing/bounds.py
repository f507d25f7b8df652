"""The extent of the ink of a drawing, strokes and text included.

Layouts need the true footprint of a drawing (a 0.5 mm outline sticks out
0.25 mm beyond its geometry) to keep every mark inside the printable area and
to state a board's physical size that a ruler will confirm.
"""

from __future__ import annotations

import math

from boardgen.drawing.fonts import anchored_start, metrics
from boardgen.drawing.model import Arc, Circle, Group, Line, Path, Polygon, Polyline, Text

Box = tuple[float, float, float, float]


def _union(a: Box | None, b: Box | None) -> Box | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _points_box(points) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _arc_points(cx: float, cy: float, r: float, start: float, end: float) -> list[tuple[float, float]]:
    """Ends of the arc plus every axis extreme it passes."""
    low, high = min(start, end), max(start, end)
    angles = [start, end] + [a for a in range(-720, 721, 90) if low < a < high]
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in angles]


def shape_box(shape) -> Box | None:
    """Ink extent of one shape (None for an empty group)."""
    if isinstance(shape, Group):
        return ink_bounds(shape)
    if isinstance(shape, Text):
        x0 = anchored_start(shape.position[0], shape.text, shape.size, shape.font, shape.anchor)
        glyphs = metrics(shape.font).ink_box(shape.text, shape.size)
        if glyphs is None:
            return None
        y0 = shape.position[1]
        return (x0 + glyphs[0], y0 + glyphs[1], x0 + glyphs[2], y0 + glyphs[3])
    style = shape.style
    half = style.width / 2 if style.stroke is not None else 0.0
    if isinstance(shape, Line):
        box = _points_box([shape.start, shape.end])
    elif isinstance(shape, (Polyline, Polygon)):
        box = _points_box(shape.points)
    elif isinstance(shape, Circle):
        (cx, cy), r = shape.centre, shape.radius
        box = (cx - r, cy - r, cx + r, cy + r)
    elif isinstance(shape, Arc):
        box = _points_box(_arc_points(*shape.centre, shape.radius, shape.start, shape.end))
    elif isinstance(shape, Path):
        points = []
        for command in shape.commands:
            if command[0] in ("M", "L"):
                points.append((command[1], command[2]))
            elif command[0] == "A":
                points.extend(_arc_points(*command[1:6]))
        box = _points_box(points)
    else:
        raise TypeError(f"no bounds for {type(shape).__name__}")
    return _grow(box, half)


def ink_bounds(group: Group, skip_roles: frozenset[str] = frozenset()) -> Box | None:
    """Union of the ink extents below ``group``, leaving out groups whose role is in ``skip_roles``."""
    box: Box | None = None
    if group.clip is not None:
        inner = ink_bounds(Group(group.role, group.children), skip_roles)
        if inner is None:
            return None
        c = group.clip
        clipped = (max(inner[0], c[0]), max(inner[1], c[1]), min(inner[2], c[2]), min(inner[3], c[3]))
        return clipped if clipped[0] < clipped[2] and clipped[1] < clipped[3] else None
    for child in group.children:
        if isinstance(child, Group):
            if child.role in skip_roles:
                continue
            box = _union(box, ink_bounds(child, skip_roles))
        else:
            box = _union(box, shape_box(child))
    return box
