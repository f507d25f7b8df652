"""Placing one board drawing many times: moved copies and a miniature, with no new drawing.

Why: a board is drawn once per sheet file (issue 26).  A pen-and-paper sheet
shows the same drawing four or six times, a tiled poster shows it once per
tile, each time shifted so the tile's window falls on the board, and once
more in miniature on the assembly page.  Drawing the board again for each of
them cost most of a sheet's time; copying its shapes with their points
moved (or scaled) costs a fraction of it.

A copy moved by (dx, dy) is the drawing the board would make through a frame
whose origin is (dx, dy) further, to the last bit wherever the board computes
``origin + scale * x`` (what :class:`~boardgen.drawing.frame.Frame` does).  A
hatch anchored to the board (anchor other than the page corner) moves with it;
one anchored to the page stays, as a drawing made there would have it.
"""

from __future__ import annotations

from dataclasses import replace

from boardgen.drawing.model import Arc, Circle, Group, Line, Path, Point, Polygon, Polyline, Style, Text

PAGE = (0.0, 0.0)


def moved(group: Group, dx: float, dy: float) -> Group:
    """A copy of ``group`` with every point, clip and board-anchored hatch moved by (dx, dy) mm."""

    def point(p: Point) -> Point:
        return (p[0] + dx, p[1] + dy)

    def style(s: Style) -> Style:
        if s.hatch is None or s.hatch.anchor == PAGE:
            return s
        return replace(s, hatch=replace(s.hatch, anchor=point(s.hatch.anchor)))

    return _mapped(group, point, lambda r: r, style)


def miniature(group: Group, k: float, origin: Point, skip_roles: frozenset[str] = frozenset(), width_scale: float = 1.0) -> Group:
    """``group`` scaled by ``k`` about the page corner, then placed so its (0, 0) lands on ``origin``.

    Lengths (radii, dashes) scale with it, line widths by ``k * width_scale``;
    hatching keeps its spacing in mm so a small map still reads as hatched.
    Groups whose role is in ``skip_roles`` are left out (a map needs no coordinates).
    """
    ox, oy = origin

    def point(p: Point) -> Point:
        return (ox + p[0] * k, oy + p[1] * k)

    def style(s: Style) -> Style:
        hatch = s.hatch if s.hatch is None or s.hatch.anchor == PAGE else replace(s.hatch, anchor=point(s.hatch.anchor))
        return replace(s, width=s.width * k * width_scale, dash=tuple(d * k for d in s.dash), hatch=hatch)

    return _mapped(group, point, lambda r: r * k, style, skip_roles, k)


def _mapped(group: Group, point, length, style, skip_roles: frozenset[str] = frozenset(), text_scale: float = 1.0) -> Group:
    clip = group.clip
    if clip is not None:
        (x0, y0), (x1, y1) = point((clip[0], clip[1])), point((clip[2], clip[3]))
        clip = (x0, y0, x1, y1)
    copy = Group(group.role, title=group.title, clip=clip)
    for child in group.children:
        if isinstance(child, Group):
            if child.role not in skip_roles:
                copy.children.append(_mapped(child, point, length, style, skip_roles, text_scale))
        elif isinstance(child, Text):
            copy.children.append(replace(child, position=point(child.position), size=child.size * text_scale))
        elif isinstance(child, Line):
            copy.children.append(Line(point(child.start), point(child.end), style(child.style)))
        elif isinstance(child, (Polyline, Polygon)):
            copy.children.append(type(child)(tuple(point(p) for p in child.points), style(child.style)))
        elif isinstance(child, Circle):
            copy.children.append(Circle(point(child.centre), length(child.radius), style(child.style)))
        elif isinstance(child, Arc):
            copy.children.append(Arc(point(child.centre), length(child.radius), child.start, child.end, style(child.style)))
        elif isinstance(child, Path):
            copy.children.append(Path(tuple(_command(c, point, length) for c in child.commands), style(child.style)))
        else:  # pragma: no cover - every shape of the model is handled above
            raise TypeError(f"cannot place a {type(child).__name__}")
    return copy


def _command(command: tuple, point, length) -> tuple:
    if command[0] in ("M", "L"):
        return (command[0], *point((command[1], command[2])))
    if command[0] == "A":
        return ("A", *point((command[1], command[2])), length(command[3]), command[4], command[5])
    return command
