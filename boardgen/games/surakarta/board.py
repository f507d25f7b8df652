"""The printable Surakarta (Roundabouts) board: 6 x 6 points, two coloured circuits, eight corner loops.

Everything is drawn from :mod:`boardgen.games.surakarta.geometry`: its 60 unit
segments (20 plain, 20 per circuit) and its eight 270-degree loops.  Each
circuit is one colour, lines and loops alike (inner = small loops = red, outer
= large loops = gold, games.md 3.1), and the two also differ in width, so a
greyscale copy keeps them apart.  The loops are arcs centred on the corner
points, so they leave the grid lines tangentially: a row or column runs
straight into its loop.

Coordinates sit outside the big loops (a loop continues every row and column
beyond the grid, so a label next to the grid would sit on a loop).

Diagrams draw a capture's arrow along :meth:`SurakartaBoard.move_route`: the
straight hops of the capture's path and, where it goes round a corner, the
loop's own arc, so the arrow shows the way the piece really travels.  A
refused capture names only its two ends (``f2xe3``); :func:`refused_path`
finds the way along the circuits it would have taken, so its dashed arrow
runs round the loops too.
"""

from __future__ import annotations

import math

from boardgen.boards.base import BoardOptions, Part
from boardgen.boards.grid import GridBoard
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Line, Style
from boardgen.games.surakarta import geometry as geo

LABEL_SIZE = 0.36  # board units
LABEL_GAP = 0.55  # from the outermost loop to the middle of a label
PIECE_KIND = "stone"  # what the rules engine calls a Surakarta piece
CAPTURE_SIGN = "x"  # between a capture's two points (b2xe5); a step has "-" (docs/notation/surakarta.md)

# Palette role of each line role (the plain edge lines are ink).
CIRCUIT_ROLES = {geo.PLAIN: "ink", geo.INNER: "circuit_inner", geo.OUTER: "circuit_outer"}
# Width of a line as a multiple of the plain line: the two circuits differ in
# width as well as in colour, for greyscale prints.
WIDTH_FACTOR = {geo.PLAIN: 1.0, geo.INNER: 2.8, geo.OUTER: 4.2}
# Drawn bottom to top: the wide gold circuit first so the red one crosses over it.
DRAW_ORDER = (geo.PLAIN, geo.OUTER, geo.INNER)
# A loop in a move's route is sampled every ROUTE_STEP board units of arc.  Where a
# route begins or ends on a loop, the last ROUTE_END_CHORD units are one straight
# chord instead: a diagram arrow trims its ends and sets its head along its first
# and last segments, which must be long enough for that (the chord strays from
# the circle by at most 0.03 units).
ROUTE_STEP = 0.15
ROUTE_END_CHORD = 0.5
ROLE_TITLES = {
    geo.PLAIN: "edge lines (no circuit)",
    geo.INNER: "inner circuit: rows 2 and 5, columns b and e, small loops (red)",
    geo.OUTER: "outer circuit: rows 3 and 4, columns c and d, large loops (gold)",
}


def line_width(frame: Frame, options: BoardOptions) -> float:
    """The plain grid line: proportional to the spacing, within what prints cleanly."""
    return min(0.45, max(0.15, frame.scale * 0.018)) * options.line_scale


def loop_route(arc: geo.Arc, start: str, trim_start: float = 0.0, trim_end: float = 0.0) -> list[tuple[float, float]]:
    """Points along ``arc`` from its end ``start`` to its other end, both ends included.

    Interior points lie on the loop's circle, about ``ROUTE_STEP`` apart; none
    lies within ``trim_start`` (``trim_end``) units of arc of the first (last)
    point, so the route's first (last) segment is a longer chord there.
    """
    if start not in arc.ends:
        raise ValueError(f"{start} is not an end of the loop round {arc.corner}")
    first, last = (arc.start_deg, arc.end_deg) if start == arc.ends[0] else (arc.end_deg, arc.start_deg)
    length = math.radians(abs(last - first)) * arc.radius
    count = max(2, math.ceil(length / ROUTE_STEP))
    cx, cy = arc.centre
    points = []
    for k in range(count + 1):
        done = length * k / count  # arc length from the first end
        if 0 < k < count and (done < trim_start or length - done < trim_end):
            continue
        angle = math.radians(first + (last - first) * k / count)
        points.append((round(cx + arc.radius * math.cos(angle), 6), round(cy + arc.radius * math.sin(angle), 6)))
    # The ends are grid points: give them exactly, not as rounded cosines.
    (x0, y0), (x1, y1) = geo.POINTS[start], geo.POINTS[arc.ends[1] if start == arc.ends[0] else arc.ends[0]]
    points[0], points[-1] = (float(x0), float(y0)), (float(x1), float(y1))
    return points


def move_route(path: tuple[str, ...] | list[str]) -> list[tuple[float, float]]:
    """The line a move travels, in board units: straight hops, and round the loop for a loop hop.

    ``path`` is a ``Move.path`` (every point a capture passes, loop ends
    included); :func:`geometry.route_pieces` tells straight hops from loops.
    """
    if not path:
        return []
    route = [tuple(map(float, geo.POINTS[path[0]]))]
    pieces = geo.route_pieces(path)
    for index, (kind, piece) in enumerate(pieces):
        if kind == "loop":
            start = path[index]
            trim_start = ROUTE_END_CHORD if index == 0 else 0.0
            trim_end = ROUTE_END_CHORD if index == len(pieces) - 1 else 0.0
            route.extend(loop_route(piece, start, trim_start, trim_end)[1:])  # type: ignore[arg-type]
        else:
            route.append(tuple(map(float, geo.POINTS[path[index + 1]])))
    return route  # type: ignore[return-value]


def circuit_walks(origin: str, target: str) -> list[tuple[tuple[str, ...], bool]]:
    """Every way along a circuit from ``origin`` to the first arrival at ``target``: (path, passes a loop).

    Pieces are ignored: these are the ways a capture could go on an empty
    board, one per circuit, occurrence of ``origin`` (a crossing point is on
    its circuit twice) and direction.  ``path`` lists every point passed, loop
    ends included, like a capture's ``Move.path``.
    """
    walks = []
    for circuit in geo.CIRCUITS:
        count = len(circuit.points)
        for start, point in enumerate(circuit.points):
            if point != origin or target not in circuit.points:
                continue
            for direction in (1, -1):
                path, looped, here = [origin], False, start
                for _ in range(count):
                    edge = here if direction == 1 else (here - 1) % count
                    looped = looped or edge in circuit.loop_after
                    here = (here + direction) % count
                    path.append(circuit.points[here])
                    if circuit.points[here] == target:
                        walks.append((tuple(path), looped))
                        break
    return walks


def refused_path(text: str, points: tuple[str, ...], occupied: frozenset[str]) -> tuple[str, ...]:
    """The way a refused capture ``axb`` would go, for its dashed arrow: a full ``Move.path``.

    Of the circuit walks from ``a`` to ``b`` (:func:`circuit_walks`) the one a
    reader would try: the fewest pieces in the way (the moving piece itself
    not counted), then one that passes a loop (a capture must), then the
    shortest.  So a capture blocked by a piece is drawn round the loop into
    that piece, a capture between two neighbours with no loop between them is
    the straight hop, and one refused only because it passes its own starting
    point (``origin=blocks``) takes that long way.  Anything else (a step, two
    points on no common circuit) is drawn as its text names it.
    """
    if CAPTURE_SIGN not in text or len(points) != 2 or points[0] == points[1]:
        return points  # a step goes straight to its neighbour
    origin, target = points
    walks = circuit_walks(origin, target)
    if not walks:
        return points

    def reading(walk: tuple[tuple[str, ...], bool]) -> tuple[int, bool, int]:
        path, looped = walk
        in_way = sum(1 for p in path[1:-1] if p in occupied and p != origin)
        return (in_way, not looped, len(path))

    return min(walks, key=reading)[0]


def role_style(role: str, frame: Frame, options: BoardOptions) -> Style:
    width = line_width(frame, options) * WIDTH_FACTOR[role]
    if options.light:
        width *= 0.7  # light ink: the same design with less ink
    colour = getattr(palette.current(), CIRCUIT_ROLES[role])
    # The inner circuit is dashed in every ink, so the two circuits differ in pattern as well as in
    # colour and width: a colour-blind reader, a grey or one-ink print still tells them apart (the
    # thin dashed inner one against the wide solid outer one differ in ink coverage by a third).
    dash = (frame.length(0.16), frame.length(0.16)) if role == geo.INNER else ()
    return Style(stroke=colour, width=width, dash=dash, cap="butt" if dash else "round")


class SurakartaBoard(GridBoard):
    """The 6 x 6 grid board with Surakarta's own lines (the circuits); places, start marks, coordinates shared."""

    game_id = "surakarta"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    plain_kinds = frozenset({"stone"})
    kind_words = {"stone": {"pt": ("pedra", "pedras"), "en": ("stone", "stones")}}

    unit_label = {"pt": "distância entre pontos", "en": "point spacing"}
    poster_cell_mm = 40.0  # the tiled poster: points 40 mm apart, twice the one-sheet board's, for pieces up to about 30 mm (Go stones)
    light_saves_ink = False  # its booklet in light ink prints as much ink as in full (measured: docs/build.md, The audit)
    piece_diameter = 0.62
    distinct_roles = ((geo.PLAIN, geo.INNER, geo.OUTER),)
    places = "points"
    columns = geo.SIZE
    grid_shape = geo.GRID
    start = geo.START_POINTS
    piece_kind = PIECE_KIND
    start_mark_radius = 0.13
    start_mark_stroke = 1.1
    start_marks_title = "start points: 12 white (rows 1-2) and 12 black (rows 5-6)"
    label_size = LABEL_SIZE
    # Coordinates sit outside the big loops.
    label_gap = max(arc.radius for arc in geo.ARCS) + LABEL_GAP

    def line_width(self, frame: Frame, options: BoardOptions) -> float:
        return line_width(frame, options)

    def move_route(self, path: tuple[str, ...]) -> list[tuple[float, float]]:
        """Diagram arrows follow the circuit: straight along the lines, round the loops (see :func:`move_route`)."""
        return move_route(path)

    def refused_path(self, text: str, points: tuple[str, ...], occupied: frozenset[str]) -> tuple[str, ...]:
        """A refused capture goes the way along the circuits a reader would try (see :func:`refused_path`)."""
        return refused_path(text, points, occupied)

    def layer_extent(self, options: BoardOptions) -> tuple[Part, ...]:
        """The loops round the corners (the outer circuit's line the widest)."""
        reach = [(arc.centre[0] + dx * arc.radius, arc.centre[1] + dy * arc.radius) for arc in geo.ARCS for dx, dy in ((-1, -1), (1, 1))]
        factor = WIDTH_FACTOR[geo.OUTER] * (0.7 if options.light else 1.0) / 2
        line = self.line_at(options)
        box = (min(x for x, _ in reach), min(y for _, y in reach), max(x for x, _ in reach), max(y for _, y in reach))
        return (Part(box, lambda scale: line(scale) * factor),)

    # -- drawing ------------------------------------------------------------------
    def layers(self, frame: Frame, options: BoardOptions) -> list[Group]:
        """The plain edge lines, then the gold circuit, then the red one over it."""
        return [self.circuit(frame, options, role) for role in DRAW_ORDER]

    def circuit(self, frame: Frame, options: BoardOptions, role: str) -> Group:
        """All the ink of one role: its straight segments, then (for a circuit) its four loops."""
        style = role_style(role, frame, options)
        group = Group(role, title=ROLE_TITLES[role])
        lines = Group("lines")
        for segment in geo.LINES:
            if segment.role == role:
                lines.add(Line(frame.pt(*geo.POINTS[segment.a]), frame.pt(*geo.POINTS[segment.b]), style))
        group.add(lines)
        loops = [arc for arc in geo.ARCS if arc.role == role]
        if loops:
            group.add(
                Group("loops").add(
                    *(frame.arc(arc.centre, arc.radius, arc.start_deg, arc.end_deg, style) for arc in loops)
                )
            )
        return group
