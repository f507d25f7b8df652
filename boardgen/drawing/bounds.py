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
        return _line_box(shape)
    if isinstance(shape, (Polyline, Polygon)):
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


def _line_box(line: Line) -> Box:
    """A stroked line's exact ink: the cap decides how far it reaches past its ends.

    A butt cap stops at the end point, so a crop mark drawn to 7 mm from the
    board ends exactly there; growing every way by half the width would put
    it 0.1 mm into the sheet margin on paper where there is no ink.
    """
    (x0, y0), (x1, y1) = line.start, line.end
    half = line.style.width / 2 if line.style.stroke is not None else 0.0
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0 or line.style.cap == "round":
        return _grow(_points_box([line.start, line.end]), half)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy * half, ux * half  # across the line
    along = half if line.style.cap == "square" else 0.0
    ax, ay = ux * along, uy * along
    corners = [
        (x0 - ax + sx * nx, y0 - ay + sx * ny) for sx in (-1, 1)
    ] + [(x1 + ax + sx * nx, y1 + ay + sx * ny) for sx in (-1, 1)]
    return _points_box(corners)


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


def _meet(a: Box, b: Box) -> Box | None:
    """The overlap of two boxes (None when they do not overlap)."""
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def visible_boxes(group: Group, clip: Box | None = None, skip_roles: frozenset[str] = frozenset()):
    """Every (shape, ink box cut to the clips above it, role path) whose ink is not clipped away.

    Tests that look for text over text or ink in a margin need what a reader
    sees: a coordinate whose glyphs a tile's window cuts away is not on the
    page, however near its unclipped box comes to the tile's label.
    """
    for shape, box, cut, roles in clipped_shapes(group, clip, skip_roles):
        if cut is not None:
            box = _meet(box, cut)
        if box is not None:
            yield shape, box, roles


def clipped_shapes(group: Group, clip: Box | None = None, skip_roles: frozenset[str] = frozenset()):
    """Every (shape, ink box, clip above it, role path) under ``group``, skipping groups clipped away entirely.

    The one walk of the drawing with its clips, shared by :func:`visible_boxes`
    (the box cut to the clip) and :class:`InkIndex` (the box and clip kept
    apart, to ask about many windows).
    """
    if group.clip is not None:
        clip = group.clip if clip is None else _meet(clip, group.clip)
        if clip is None:
            return
    for child in group.children:
        if isinstance(child, Group):
            if child.role not in skip_roles:
                for shape, box, cut, roles in clipped_shapes(child, clip, skip_roles):
                    yield shape, box, cut, (group.role,) + roles
            continue
        box = shape_box(child)
        if box is not None:
            yield child, box, clip, (group.role,)


# -- ink inside a window, from the geometry ------------------------------------------

FLATNESS = 0.05  # mm: how far a chord may stray from the arc it stands for


def _arc_chain(cx: float, cy: float, r: float, start: float, end: float) -> list[tuple[float, float]]:
    """Points along an arc from ``start`` to ``end`` degrees (either direction), FLATNESS apart from the curve."""
    step = 2 * math.degrees(math.acos(max(-1.0, 1 - FLATNESS / r))) if r > FLATNESS else 90.0
    pieces = max(1, math.ceil(abs(end - start) / max(step, 0.5)))
    return [
        (cx + r * math.cos(math.radians(start + (end - start) * k / pieces)), cy + r * math.sin(math.radians(start + (end - start) * k / pieces)))
        for k in range(pieces + 1)
    ]


def outlines(shape) -> list[tuple[list[tuple[float, float]], bool]]:
    """The shape as point chains, each with whether it is closed (an area when filled).

    Arcs and circles become chords no more than ``FLATNESS`` from the curve.
    """
    if isinstance(shape, Line):
        return [([shape.start, shape.end], False)]
    if isinstance(shape, Polyline):
        return [(list(shape.points), False)]
    if isinstance(shape, Polygon):
        return [(list(shape.points), True)]
    if isinstance(shape, Circle):
        return [(_arc_chain(*shape.centre, shape.radius, 0.0, 360.0)[:-1], True)]
    if isinstance(shape, Arc):
        return [(_arc_chain(*shape.centre, shape.radius, shape.start, shape.end), False)]
    if isinstance(shape, Path):
        chains: list[tuple[list[tuple[float, float]], bool]] = []
        current: list[tuple[float, float]] = []
        for command in shape.commands:
            if command[0] == "M":
                if len(current) > 1:
                    chains.append((current, False))
                current = [(command[1], command[2])]
            elif command[0] == "L":
                current.append((command[1], command[2]))
            elif command[0] == "A":
                current.extend(_arc_chain(*command[1:6])[1:])
            elif command[0] == "Z":
                chains.append((current, True))
                current = [current[0]] if current else []
        if len(current) > 1:
            chains.append((current, False))
        return chains
    raise TypeError(f"no outline for {type(shape).__name__}")


def _clip_polygon(points: list[tuple[float, float]], window: Box) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: the part of a polygon inside the window (its box is what we need)."""
    x0, y0, x1, y1 = window
    edges = (
        (lambda p: p[0] >= x0, lambda p, q: (x0, p[1] + (q[1] - p[1]) * (x0 - p[0]) / (q[0] - p[0]))),
        (lambda p: p[0] <= x1, lambda p, q: (x1, p[1] + (q[1] - p[1]) * (x1 - p[0]) / (q[0] - p[0]))),
        (lambda p: p[1] >= y0, lambda p, q: (p[0] + (q[0] - p[0]) * (y0 - p[1]) / (q[1] - p[1]), y0)),
        (lambda p: p[1] <= y1, lambda p, q: (p[0] + (q[0] - p[0]) * (y1 - p[1]) / (q[1] - p[1]), y1)),
    )
    for inside, cross in edges:
        if not points:
            break
        result = []
        previous = points[-1]
        for point in points:
            if inside(point):
                if not inside(previous):
                    result.append(cross(previous, point))
                result.append(point)
            elif inside(previous):
                result.append(cross(previous, point))
            previous = point
        points = result
    return points


def _clip_segment(p: tuple[float, float], q: tuple[float, float], window: Box) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Liang-Barsky: the part of segment pq inside the window."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    low, high = 0.0, 1.0
    for step, room in ((-dx, px - window[0]), (dx, window[2] - px), (-dy, py - window[1]), (dy, window[3] - py)):
        if step == 0:
            if room < 0:
                return None
            continue
        t = room / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (px + low * dx, py + low * dy), (px + high * dx, py + high * dy)


class InkIndex:
    """Where the ink of a drawing lies, ready to be asked about many windows.

    :func:`ink_bounds` cut to a window would say a tile holds board where only
    the box of a long diagonal edge passes; :meth:`within` follows the
    outlines, fills and strokes themselves (arcs as chords ``FLATNESS`` from
    the curve), so a window at the empty corner of a triangular board holds
    nothing.  Fills in the ``paper`` colour are not ink.  Planning a tiled
    poster asks about dozens of windows, so the boxes and outlines are worked
    out once here.
    """

    def __init__(self, group: Group, skip_roles: frozenset[str] = frozenset(), paper: str = "#ffffff") -> None:
        self.paper = paper.lower()
        self._outlines: dict[int, list[tuple[list[tuple[float, float]], bool]]] = {}
        # (shape, ink box, clip above it)
        self._shapes: list[tuple[object, Box, Box | None]] = [(shape, box, clip) for shape, box, clip, _ in clipped_shapes(group, None, skip_roles)]

    def within(self, window: Box, enough: tuple[float, float] | None = None) -> Box | None:
        """The extent of the ink inside ``window`` (None when there is none).

        With ``enough`` (width, height), the answer may stop growing once it
        is that large: a caller asking "is there this much ink?" need not
        trace every outline.
        """
        box: Box | None = None
        for index, (shape, whole, clip) in enumerate(self._shapes):
            cut = window if clip is None else _meet(window, clip)
            if cut is None or whole[2] <= cut[0] or whole[0] >= cut[2] or whole[3] <= cut[1] or whole[1] >= cut[3]:
                continue
            if box is not None and whole[0] >= box[0] and whole[1] >= box[1] and whole[2] <= box[2] and whole[3] <= box[3]:
                continue  # whatever it inks there lies inside what was found already
            if isinstance(shape, Text) or (whole[0] >= cut[0] and whole[1] >= cut[1] and whole[2] <= cut[2] and whole[3] <= cut[3]):
                box = _union(box, _meet(whole, cut))
            else:
                box = _union(box, self._clipped(index, shape, cut))
            if enough is not None and box is not None and box[2] - box[0] >= enough[0] and box[3] - box[1] >= enough[1]:
                return box
        return box

    def _clipped(self, index: int, shape, window: Box) -> Box | None:
        """One shape's ink inside the window, from its clipped geometry."""
        style = shape.style
        filled = style.hatch is not None or (style.fill is not None and style.fill.lower() != self.paper)
        half = style.width / 2 if style.stroke is not None else 0.0
        if index not in self._outlines:
            self._outlines[index] = outlines(shape)
        box: Box | None = None
        reach = _grow(window, half)
        for points, closed in self._outlines[index]:
            if filled and len(points) > 2:
                inside = _clip_polygon(points, window)
                if inside:
                    box = _union(box, _points_box(inside))
            if style.stroke is None:
                continue
            chain = points + [points[0]] if closed else points
            for p, q in zip(chain, chain[1:]):
                if max(p[0], q[0]) < reach[0] or min(p[0], q[0]) > reach[2] or max(p[1], q[1]) < reach[1] or min(p[1], q[1]) > reach[3]:
                    continue
                part = _clip_segment(p, q, reach)
                if part is not None:
                    box = _union(box, _meet(_grow(_points_box(part), half), window))
        return box


def ink_within(group: Group, window: Box, skip_roles: frozenset[str] = frozenset(), paper: str = "#ffffff") -> Box | None:
    """The extent of the ink below ``group`` inside ``window``, from the shapes' geometry (see :class:`InkIndex`)."""
    return InkIndex(group, skip_roles, paper).within(window)
