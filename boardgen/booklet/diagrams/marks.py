"""The marks a diagram draws over a board: arrows, the X of a capture, the refusal sign, move-number badges.

Each is a :class:`~boardgen.drawing.model.Group` in sheet millimetres, in
the current palette's colours, with a white casing so it reads over any board
and piece.  One mark, one meaning: the X (:func:`cross`) only ever says
"captured", the slashed ring (:func:`forbidden`) "a forbidden move would land
here", and a move's number sits in a badge (:func:`badge`) beside its piece.
"""

from __future__ import annotations

import math

from boardgen.booklet.diagrams.geometry import line_length, offset_line, trim_line
from boardgen.drawing import palette
from boardgen.drawing.model import Circle, Group, Line, Polygon, Polyline, Style, Text

# Colours are palette roles, read when drawing: arrow, cross, mark_fill and
# mark_stroke (highlighted points), faint (captured pieces, illegal moves), paper
# (the casing round arrows and crosses), ink (labels).

CASING_MM = 0.7  # the white border around arrows and crosses, both sides together
RIM_GAP_MM = 0.2  # between a piece's outline and an arrow that starts or ends at it


def arrow(
    points: list[tuple[float, float]],
    radius: float,
    colour: str | None = None,
    dashed: bool = False,
    role: str = "arrow",
    start_at_rim: bool = False,
    end_at_rim: bool = False,
    offset: float = 0.0,
) -> Group:
    """An arrow through sheet points with a white casing, ``offset`` mm to the left of the points (0: on them).

    An end where a piece stands (``start_at_rim``, ``end_at_rim``) is cut back
    to just outside the piece, casing included, so the arrow never covers the
    piece nor cuts its outline, and several arrows from one piece leave it
    whole; an end on an empty point stops a little short of its centre.  On a
    short step the gaps give way first, then the head gets smaller.
    """
    colours = palette.current()
    colour = colour or colours.arrow
    width = arrow_width(radius)
    head = width * 3.6
    points = offset_line(points, offset)
    casing = (width + CASING_MM) / 2  # how far the casing's round cap reaches past the line's end
    start = radius + casing + RIM_GAP_MM if start_at_rim else radius * 0.45
    end = radius + CASING_MM / 2 + RIM_GAP_MM if end_at_rim else radius * 0.35
    total = line_length(points)
    group = Group(role)
    if total <= 0:
        return group
    room = total - head - width  # what the two gaps may take: a stub of shaft stays behind the head
    if start + end > room:
        if room > 0:
            start, end = start * room / (start + end), end * room / (start + end)
        else:
            start, end, head = total * 0.25, total * 0.2, min(head, total * 0.4)
    pts = trim_line(points, start, end)
    # The shaft runs to the head's base, found along the line (on a curve too); the head
    # points from there to the tip.
    shaft = trim_line(pts, 0.0, head)
    base, (xb, yb) = shaft[-1], pts[-1]
    d = math.hypot(xb - base[0], yb - base[1]) or 1.0
    ux, uy = (xb - base[0]) / d, (yb - base[1]) / d
    tip = [(xb, yb), (base[0] - uy * head * 0.5, base[1] + ux * head * 0.5), (base[0] + uy * head * 0.5, base[1] - ux * head * 0.5)]
    dash = (width * 2.2, width * 1.6) if dashed else ()
    group.add(Polyline(tuple(shaft), Style(stroke=colours.paper, width=width + CASING_MM, cap="round")))
    group.add(Polygon(tuple(tip), Style(stroke=colours.paper, width=CASING_MM, fill=colours.paper)))
    group.add(Polyline(tuple(shaft), Style(stroke=colour, width=width, cap="butt", dash=dash)))
    group.add(Polygon(tuple(tip), Style(stroke=None, fill=colour)))
    return group


def arrow_width(radius: float) -> float:
    """The width of an arrow's coloured shaft, for pieces of ``radius`` mm (without its casing)."""
    return max(0.45, radius * 0.2)


def cross(centre: tuple[float, float], radius: float, role: str = "cross", colour: str | None = None) -> Group:
    """A bold X with a white casing: a piece that is captured, and nothing else (palette role ``cross`` unless ``colour``).

    The X has one meaning in the whole series, "captured"; a square a forbidden
    move would land on gets :func:`forbidden`, a ring with a slash.
    """
    colour = colour or palette.current().cross
    x, y = centre
    r = radius * 0.55
    width = max(0.5, radius * 0.22)
    group = Group(role)
    for casing, w in ((palette.current().paper, width + 0.8), (colour, width)):
        group.add(Line((x - r, y - r), (x + r, y + r), Style(stroke=casing, width=w, cap="round")))
        group.add(Line((x - r, y + r), (x + r, y - r), Style(stroke=casing, width=w, cap="round")))
    return group


def forbidden(centre: tuple[float, float], radius: float, role: str = "forbidden", title: str | None = None, on: str | None = None) -> Group:
    """A ring struck through by a slash, with a white casing: "a forbidden move would land here".

    The road sign's "no entry" shape, so it reads as a refusal, never as the
    X of a captured piece; drawn in the palette's ``cross`` colour, so it is as
    dark as the X in every ink.  The ring is smaller than a piece and the
    slash stays inside it, so a piece standing there stays in sight.  On a
    dark piece (``on``: its fill) it is drawn in the paper's colour with no
    casing, as a move number is: a dark mark cased in white made the piece
    read as a target.
    """
    colour = palette.current().cross
    if on is not None and palette.lightness(on) < 60:
        x, y = centre
        r, width = radius * 0.64, max(0.4, radius * 0.15)
        k = r / math.sqrt(2)
        style = Style(stroke=palette.current().paper, width=width)
        return Group(role, title=title).add(Circle((x, y), r, style), Line((x - k, y - k), (x + k, y + k), Style(stroke=style.stroke, width=width, cap="butt")))
    x, y = centre
    r = radius * 0.64  # a ring reads smaller than an X of the same reach: a little larger than the cross
    width = max(0.4, radius * 0.15)
    k = r / math.sqrt(2)
    group = Group(role, title=title)
    # A thinner casing than the X's: enough to part the mark from a dark piece, not so much that it hides it.
    for stroke, w in ((palette.current().paper, width + 0.5), (colour, width)):
        group.add(Circle((x, y), r, Style(stroke=stroke, width=w)))
        group.add(Line((x - k, y - k), (x + k, y + k), Style(stroke=stroke, width=w, cap="butt")))
    return group


BADGE_DIRECTIONS = (45, 135, -45, -135, 30, 150, -30, -150, 60, 120, -60, -120, 0, 180, 90, -90)  # degrees, y up: upper right first


def badge(centre: tuple[float, float], text: str, size: float) -> Group:
    """A move number in a small white disc with a dark ring: the badge set beside a piece, never on it."""
    colours = palette.current()
    group = Group("move-number", title=f"move {text}")
    group.add(Circle(centre, badge_radius(text, size), Style(stroke=colours.ink, width=max(0.2, size * 0.12), fill=colours.paper)))
    group.add(Text((centre[0], centre[1] + size * 0.36), text, size, font="sans-bold", fill=colours.ink, anchor="middle"))
    return group


def badge_radius(text: str, size: float) -> float:
    """The radius of a move number's badge: room for one, two or three digits of ``size`` mm."""
    return size * (0.72 if len(text) == 1 else 0.92 if len(text) == 2 else 1.15)


def drawn_line(group: Group) -> list[tuple[float, float]]:
    """An arrow's drawn line, from its tail along the shaft to the tip of its head."""
    shafts = [shape for shape in group.children if isinstance(shape, Polyline)]
    heads = [shape for shape in group.children if isinstance(shape, Polygon)]
    if not shafts:
        return []
    line = list(shafts[-1].points)
    if heads:
        line.append(heads[-1].points[0])
    return line
