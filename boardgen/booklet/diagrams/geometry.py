"""Polyline geometry on a diagram's sheet (mm): cut a line, move it sideways, sample it, compare two lines or a box and a disc.

No drawing here: :mod:`~boardgen.booklet.diagrams.marks` shapes arrows with
it, and the painter uses it to keep arrows apart and labels off pieces.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from boardgen.drawing.bounds import Box

SAMPLE_MM = 0.2  # the step at which one arrow is compared with another


def trim_line(points: list[tuple[float, float]], start: float, end: float) -> list[tuple[float, float]]:
    """The polyline with ``start`` mm of its length cut from its beginning and ``end`` mm from its end.

    Measured along the line, so a curved route (many short segments) is cut
    as exactly as a straight one.
    """
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(pts) < 2:
        return pts
    return list(reversed(_cut_front(list(reversed(_cut_front(pts, start))), end)))


def _cut_front(pts: list[tuple[float, float]], length: float) -> list[tuple[float, float]]:
    while len(pts) >= 2 and length > 0:
        (x0, y0), (x1, y1) = pts[0], pts[1]
        d = math.hypot(x1 - x0, y1 - y0)
        if d > length:
            t = length / d
            return [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), *pts[1:]]
        length -= d
        pts = pts[1:]
    return pts


def line_length(points: list[tuple[float, float]]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:]))


MITRE_LIMIT = 2.5  # a corner of an offset route moves out at most this many times the offset


def offset_line(points: list[tuple[float, float]], distance: float) -> list[tuple[float, float]]:
    """The polyline moved ``distance`` mm sideways, to the left of its direction of travel as seen on the page.

    Each point moves along the mean of the normals of its two segments, by
    enough that both segments stay ``distance`` away (a mitred corner), so a
    route turning a corner, or sampled round a loop, stays parallel to it.
    """
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if distance == 0 or len(pts) < 2:
        return list(pts)
    normals = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        d = math.hypot(x1 - x0, y1 - y0)
        normals.append(((y1 - y0) / d, -(x1 - x0) / d))  # left of travel on a page whose y runs down
    moved = []
    for i, (x, y) in enumerate(pts):
        before, after = normals[max(0, i - 1)], normals[min(len(normals) - 1, i)]
        nx, ny = before[0] + after[0], before[1] + after[1]
        size = math.hypot(nx, ny)
        if size < 1e-9:  # the route turns right back: keep to the side of the way in
            nx, ny, size = before[0], before[1], 1.0
        nx, ny = nx / size, ny / size
        stretch = min(MITRE_LIMIT, 1.0 / max(1e-9, nx * after[0] + ny * after[1]))
        moved.append((x + nx * distance * stretch, y + ny * distance * stretch))
    return moved


def distance_to_line(p: tuple[float, float], line: list[tuple[float, float]]) -> float:
    return nearest(line, p)[0] if len(line) >= 2 else math.inf


def samples(points: list[tuple[float, float]], step: float = SAMPLE_MM) -> Iterator[tuple[tuple[float, float], tuple[float, float], float]]:
    """(point, unit direction, length it stands for) every ``step`` mm along a polyline."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        d = math.hypot(x1 - x0, y1 - y0)
        if d == 0:
            continue
        count = max(1, math.ceil(d / step))
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        for k in range(count):
            t = (k + 0.5) / count
            yield (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), (ux, uy), d / count


def nearest(points: list[tuple[float, float]], p: tuple[float, float]) -> tuple[float, tuple[float, float]]:
    """(distance from ``p`` to the polyline, unit direction of its nearest segment)."""
    best, direction = math.inf, (1.0, 0.0)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        dx, dy = x1 - x0, y1 - y0
        d2 = dx * dx + dy * dy
        if d2 == 0:
            continue
        t = min(1.0, max(0.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / d2))
        dist = math.hypot(p[0] - x0 - dx * t, p[1] - y0 - dy * t)
        if dist < best:
            best, direction = dist, (dx / math.sqrt(d2), dy / math.sqrt(d2))
    return best, direction


def alongside(line: list[tuple[float, float]], other: list[tuple[float, float]], band: float) -> bool:
    """Whether two arrows' bands (``band`` mm wide each) cover each other along more than a band's length.

    Only where they run the same way (within 30 degrees): two arrows that
    cross cover each other for a moment, which hides neither.
    """
    run = 0.0
    for point, (ux, uy), length in samples(line):
        dist, (vx, vy) = nearest(other, point)
        if dist < band and abs(ux * vy - uy * vx) < 0.5:
            run += length
            if run > band:
                return True
    return False


def box_meets_circle(box: Box, pad: float, centre: tuple[float, float], radius: float) -> bool:
    """Whether a label's box (grown by ``pad``) overlaps a circle."""
    nearest_x = min(max(centre[0], box[0] - pad), box[2] + pad)
    nearest_y = min(max(centre[1], box[1] - pad), box[3] + pad)
    return math.hypot(nearest_x - centre[0], nearest_y - centre[1]) < radius


def union(boxes: list[Box | None]) -> Box | None:
    """The box round all the given boxes (None when none has ink)."""
    found = [b for b in boxes if b is not None]
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found), max(b[3] for b in found))
