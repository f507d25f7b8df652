"""The printable Ringo board: a citadel, six rings of eight cells, the pink neutral segment.

Drawn from :mod:`boardgen.games.ringo.geometry` (one board unit = one ring
width, centre at the origin, segment ``a`` = the neutral zone pointing up).
Cells are checkered light and dark; the neutral segment keeps the chequer in
pink (its dark cells pink as on the traditional board, its light cells a
paler pink) and carries a bold pink outline, so the whole segment reads as
one zone.  The seven circles and the eight spokes (which stop at the
citadel) are drawn over the cells.

Coordinates follow the cell names of the rules (``docs/notation/ringo.md``):
every cell shows its name (segment letter + ring number, ``z`` for the
citadel) and the segment letters also stand round the rim.

Light ink: no fills at all.  Dark cells are hatched in grey, the neutral
zone's dark cells cross-hatched and its light cells hatched level, both in
pink, so the neutral zone differs from the rest by pattern as well as colour.

Diagrams draw a move's arrow along :meth:`RingoBoard.move_route`: a step or
leap sideways follows its ring's arc (a straight line between two cells of a
ring would cut across the ring and over cells the piece never crosses), a
move along a segment or into the citadel stays straight, and the leap across
the citadel goes through its centre.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardgen.boards.base import MIN_TEXT_MM, REVERSED_TEXT_MIN_MM, BoardDrawing, BoardOptions, Label, Part, bounding, centred_label
from boardgen.drawing import palette
from boardgen.drawing.fonts import metrics
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Hatch, Line, Path, Polygon, Shape, Style
from boardgen.engine.base import Piece
from boardgen.games.ringo import geometry as geo

NAME_SIZE = 0.2  # cell names inside the cells, board units
# A cell's name sits in its inner part and a start mark in its outer part, so both stay readable.
NAME_AT = 0.3
MARK_AT = 0.7
LETTER_SIZE = 0.42  # segment letters round the rim
LETTER_GAP = 0.5  # rim to the middle of a segment letter
PIECE_KINDS = {geo.ATTACKER: "attacker", geo.DEFENDER: "defender"}
# A sideways hop in a move's route is sampled every ROUTE_STEP board units of arc.
# Where a route begins or ends on an arc, its first (last) ROUTE_END_CHORD units
# are one straight chord: a diagram arrow trims its ends and sets its head along
# its first and last segments, which must be long enough for that (on ring 1,
# the tightest, such a chord strays from the circle by under 0.02 units).
ROUTE_STEP = 0.15
ROUTE_END_CHORD = 0.5

# Colours are palette roles: attackers red and defenders light green (seed:
# "vermelhas" / "verdes", far apart in grey too); the neutral zone's light cells
# paler than its pink dark ones, yet clearly darker in grey than the ordinary
# light cells; its outline (neutral_edge) a rose of middle tone (L* ~ 51), between the
# dark cells (31) and the pink ones (69), so that it reads on any cell in a greyscale
# print too (a deeper pink was within ΔL* 4 of the dark cells in a printer's grey).
FILL_ROLES = {
    "citadel": "citadel",
    "light": "cell_light",
    "dark": "cell_dark",
    "neutral-light": "neutral_light",
    "neutral-dark": "neutral_dark",
}
SHADE_TITLES = {
    "citadel": "citadel",
    "light": "light cell",
    "dark": "dark cell",
    "neutral-light": "light cell of the neutral zone (pale pink)",
    "neutral-dark": "dark cell of the neutral zone (pink)",
}


Point = tuple[float, float]


def _location(name: str) -> Point:
    """Where a cell's piece stands (and so where its arrows start and end): its label point."""
    x, y = geo.cells()[name].label
    return (float(x), float(y))


def ring_arc(start: str, end: str, trim_start: float = 0.0, trim_end: float = 0.0) -> list[Point]:
    """Points along the ring from cell ``start`` to cell ``end`` of the same ring, the short way round.

    The arc runs at the cells' middle radius (where pieces stand) and passes
    the middle of every cell in between: a leap's route goes through the
    jumped cell.  Interior points lie on the circle about ``ROUTE_STEP``
    apart; none lies within ``trim_start`` (``trim_end``) units of arc of the
    first (last) point, so the route's first (last) segment is a longer chord
    there.  Cells half the ring apart have no short way: use
    :func:`hop_route`, which sends that hop through the centre.
    """
    ring, first = geo.cell_coords(start)
    ring_end, last = geo.cell_coords(end)
    if ring == 0 or ring != ring_end or first == last:
        raise ValueError(f"{start} and {end} are not two cells of one ring")
    turn = (last - first) % geo.SEGMENTS  # type: ignore[operator]
    if turn == geo.SEGMENTS // 2:
        raise ValueError(f"{start} and {end} are half the ring apart: no short way round")
    steps = turn if turn < geo.SEGMENTS // 2 else turn - geo.SEGMENTS  # + counter-clockwise, - clockwise
    cell = geo.cells()[start]
    radius = (cell.r_inner + cell.r_outer) / 2
    begin = geo.segment_centre_deg(first)  # type: ignore[arg-type]
    per_cell = max(2, math.ceil(math.radians(geo.SEGMENT_DEG) * radius / ROUTE_STEP))
    count = per_cell * abs(steps)  # a multiple of per_cell, so every crossed cell's middle is a point
    length = math.radians(geo.SEGMENT_DEG * abs(steps)) * radius
    points = [_location(start)]
    for k in range(1, count):
        done = length * k / count  # arc length from the start
        if done < trim_start or length - done < trim_end:
            continue
        x, y = geo.polar(radius, begin + geo.SEGMENT_DEG * steps * k / count)
        points.append((round(x, 6), round(y, 6)))
    points.append(_location(end))
    return points


def hop_route(start: str, end: str, trim_start: float = 0.0, trim_end: float = 0.0) -> list[Point]:
    """The line of one hop of a move (a step or one leap), both ends included.

    Along a ring: the ring's arc (:func:`ring_arc`).  Along a segment, into the
    citadel, or anything else: straight, since those cells lie on one ray from
    the centre.  The leap across the citadel (ring-1 cells half the ring apart)
    goes through the centre, the citadel's own point.
    """
    ring, first = geo.cell_coords(start)
    ring_end, last = geo.cell_coords(end)
    if ring == ring_end and ring > 0 and first != last:
        if (last - first) % geo.SEGMENTS == geo.SEGMENTS // 2:  # type: ignore[operator]
            return [_location(start), _location(geo.CITADEL), _location(end)]
        return ring_arc(start, end, trim_start, trim_end)
    return [_location(start), _location(end)]


def move_route(path: Sequence[str]) -> list[Point]:
    """The line a move travels, in board units: hop by hop along ``path`` (a ``Move.path``).

    ``path`` lists every cell the piece lands on (a chain's landings; the
    jumped cells lie between them), so each consecutive pair is one hop.
    """
    if not path:
        return []
    route = [_location(path[0])]
    hops = list(zip(path, path[1:]))
    for index, (start, end) in enumerate(hops):
        trim_start = ROUTE_END_CHORD if index == 0 else 0.0
        trim_end = ROUTE_END_CHORD if index == len(hops) - 1 else 0.0
        route.extend(hop_route(start, end, trim_start, trim_end)[1:])
    return route


def line_width(frame: Frame, options: BoardOptions) -> float:
    """Circles and spokes: proportional to the ring width, within what prints cleanly."""
    return min(0.5, max(0.15, frame.scale * 0.03)) * options.line_scale


def light_hatches(shade: str) -> tuple[Hatch, ...]:
    """Light-ink patterns: none for light cells, grey for dark, pink (crossed for dark) in the neutral zone."""
    colours = palette.current()
    if shade == "dark":
        return (Hatch(colours.cell_dark, spacing=1.4, angle=45.0, width=0.25),)
    if shade == "neutral-dark":
        edge = colours.neutral_edge
        return (Hatch(edge, spacing=1.4, angle=45.0, width=0.25), Hatch(edge, spacing=1.4, angle=-45.0, width=0.25))
    if shade == "neutral-light":
        return (Hatch(colours.neutral_edge, spacing=1.6, angle=0.0, width=0.2),)
    return ()


class RingoBoard(BoardDrawing):
    game_id = "ringo"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    kind_words = {
        "attacker": {"pt": ("atacante", "atacantes"), "en": ("attacker", "attackers")},
        "defender": {"pt": ("defensor", "defensores"), "en": ("defender", "defenders")},
    }

    unit_label = {"pt": "largura do anel", "en": "ring width"}
    poster_cell_mm = 26.0  # the tiled poster: rings 26 mm wide, twice the one-sheet board's, for pieces up to about 20 mm (25 mm leaves a 2 mm sliver on Letter)
    place_word = "cell"
    kept_marks = ("neutral-zone",)  # the rules' neutral segment: on every drawing
    piece_diameter = 0.72
    # Light cells are left blank in light ink, so only the inked shades are compared.
    distinct_roles = (("cell-dark", "cell-neutral-dark", "cell-neutral-light"),)

    def __init__(self, size: int | None = None) -> None:
        super().__init__(None)

    def locations(self) -> dict[str, tuple[float, float]]:
        return {name: cell.label for name, cell in geo.cells().items()}

    def start_placements(self) -> list[tuple[str, Piece]]:
        return [(name, Piece(owner, PIECE_KINDS[owner])) for owner in (geo.ATTACKER, geo.DEFENDER) for name in geo.START[owner]]

    def start_marks(self) -> dict[str, int]:
        return {name: owner for owner, names in geo.START.items() for name in names}

    def move_route(self, path: tuple[str, ...]) -> list[tuple[float, float]]:
        """Diagram arrows follow the rings sideways and run straight inwards (see :func:`move_route`)."""
        return move_route(path)

    def piece_colours(self, owner: int) -> tuple[str, str]:
        colours = palette.current()
        return (colours.attacker if owner == geo.ATTACKER else colours.defender, colours.ink)

    def _edge_on(self, name: str, options: BoardOptions) -> str:
        """Outline of a piece or mark: white on a solid dark cell (where ink would vanish), ink elsewhere."""
        colours = palette.current()
        return colours.paper if geo.cells()[name].shade == "dark" and not options.light else colours.ink

    def draw_piece(self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)) -> Group:
        x, y = self.location(name)
        radius = frame.length(self.piece_diameter / 2)
        fill, _ = self.piece_colours(piece.owner)
        group = Group(f"piece-player-{piece.owner}", title=f"{piece.kind} on {name}")
        style = Style(stroke=self._edge_on(name, options), width=max(0.3, radius * 0.1), fill=fill)
        group.add(Circle(frame.pt(x + offset[0], y + offset[1]), radius, style))
        return group

    # -- drawing ------------------------------------------------------------------
    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        board = Group("board")
        board.add(self.cells(frame, options))
        board.add(self.line_work(frame, options))
        board.add(self.neutral_outline(frame, options))
        if options.marks_start_points:
            board.add(self.marks(frame, options))
        if options.coordinates:
            board.add(self.coordinates(frame, options))
        return board

    def cells(self, frame: Frame, options: BoardOptions) -> Group:
        """The 49 cells, each a group whose role is its shade (``cell-dark``, ``cell-neutral-light``...)."""
        group = Group("cells")
        for name, cell in geo.cells().items():
            shade = cell.shade
            outline = _cell_outline(frame, cell)
            cell_group = Group(f"cell-{shade}", title=f"{name}: {SHADE_TITLES[shade]}")
            if options.light:
                hatches = light_hatches(shade)
                for hatch in hatches:
                    cell_group.add(_shaped(outline, Style(stroke=None, hatch=hatch)))
                if not hatches:
                    cell_group.add(_shaped(outline, Style(stroke=None, fill=None)))
            else:
                cell_group.add(_shaped(outline, Style(stroke=None, fill=getattr(palette.current(), FILL_ROLES[shade]))))
            group.add(cell_group)
        return group

    def line_work(self, frame: Frame, options: BoardOptions) -> Group:
        """The seven circles and the eight spokes (which stop at the citadel)."""
        style = Style(stroke=palette.current().ink, width=line_width(frame, options))
        circles = Group("circles")
        for circle in geo.circles():
            circles.add(Circle(frame.pt(*circle.centre), frame.length(circle.radius), style))
        spokes = Group("spokes")
        for spoke in geo.spokes():
            spokes.add(Line(frame.pt(*spoke.a), frame.pt(*spoke.b), style))
        return Group("lines").add(circles, spokes)

    def neutral_outline(self, frame: Frame, options: BoardOptions) -> Group:
        """A bold pink border round the whole neutral segment."""
        region = geo.neutral_region()
        width = line_width(frame, options) * (2.2 if options.light else 2.8)
        style = Style(stroke=palette.current().neutral_edge, width=width, join="round")
        path = _sector_path(frame, region.r_inner, region.r_outer, region.start_deg, region.end_deg)
        return Group("neutral-zone", title="neutral zone: the whole pink segment a").add(Path(path, style))

    def marks(self, frame: Frame, options: BoardOptions) -> Group:
        """Start cells: a small disc in the colour of the piece that starts there."""
        group = Group("start-marks", title="start cells: 7 attackers on ring 6, 4 defenders on ring 1")
        radius = frame.length(0.15)
        width = max(0.25, line_width(frame, options))
        for owner in (geo.ATTACKER, geo.DEFENDER):
            fill, _ = self.piece_colours(owner)
            player = Group(f"start-player-{owner}")
            for name in geo.START[owner]:
                centre = self._mark_point(name)
                player.add(Circle(frame.pt(*centre), radius, Style(stroke=self._edge_on(name, options), width=width, fill=fill)))
            group.add(player)
        return group

    def _mark_point(self, name: str) -> tuple[float, float]:
        return _radial_point(geo.cells()[name], MARK_AT)

    def coordinates(self, frame: Frame, options: BoardOptions) -> Group:
        """Every cell's name in the cell, and the segment letters round the rim."""
        group = Group("coordinate")
        size = max(frame.length(NAME_SIZE), MIN_TEXT_MM)  # what centred_label would make of it
        colours = palette.current()
        for name, cell in geo.cells().items():
            x, y = cell.label if cell.ring == 0 else _radial_point(cell, NAME_AT)
            dark = not options.light and palette.lightness(getattr(colours, FILL_ROLES[cell.shade])) < 60
            colour = colours.ink
            if dark and size >= REVERSED_TEXT_MIN_MM:
                colour = colours.paper  # large enough to read light on dark
            elif dark or (options.light and light_hatches(cell.shade)):
                # Small print: dark on a paper backing, readable on a dark cell or on the hatching.
                group.add(_backing(frame, (x, y), name, size))
            group.add(centred_label(frame, (x, y), name, size * (1.5 if cell.ring == 0 else 1.0), colour))
        for label in self.coordinate_labels():
            group.add(centred_label(frame, label.at, label.text, frame.length(label.size), palette.current().ink))
        return group

    # -- extent -------------------------------------------------------------------
    def coordinate_labels(self) -> tuple[Label, ...]:
        """The segment letters round the rim (the cells' names stay inside their cells)."""
        return tuple(
            Label(geo.polar(geo.OUTER_RADIUS + LETTER_GAP, geo.segment_centre_deg(segment)), geo.SEGMENT_LETTERS[segment], LETTER_SIZE)
            for segment in range(geo.SEGMENTS)
        )

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """The rim (a line wide) and the neutral zone's bold border (2.8 lines wide, 2.2 in light ink)."""
        region = geo.neutral_region()
        angles = [region.start_deg, region.end_deg] + [a for a in range(0, 720, 90) if region.start_deg < a < region.end_deg]
        sector = [geo.polar(r, a) for r in (region.r_inner, region.r_outer) for a in angles]
        rim = (-geo.OUTER_RADIUS, -geo.OUTER_RADIUS, geo.OUTER_RADIUS, geo.OUTER_RADIUS)
        factor = (2.2 if options.light else 2.8) / 2
        return (Part(rim, lambda scale: line_width(Frame(scale), options) / 2), Part(bounding(sector), lambda scale: line_width(Frame(scale), options) * factor))

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        self.location(name)  # an unknown name: UnknownPlace, not a KeyError
        cell = geo.cells()[name]
        if cell.ring == 0:
            return Circle(frame.pt(0.0, 0.0), frame.length(cell.r_outer - 0.08), style)
        inset = 0.07
        start = cell.start_deg + inset / cell.r_inner * 57.29578
        end = cell.end_deg - inset / cell.r_inner * 57.29578
        return Path(_sector_path(frame, cell.r_inner + inset, cell.r_outer - inset, start, end), style)


def _radial_point(cell: geo.Cell, fraction: float) -> tuple[float, float]:
    """The point on a ring cell's middle line, ``fraction`` of the way from its inner to its outer arc."""
    return geo.polar(cell.r_inner + fraction * (cell.r_outer - cell.r_inner), (cell.start_deg + cell.end_deg) / 2)


def _cell_outline(frame: Frame, cell: geo.Cell) -> tuple:
    """The citadel as ("circle", centre, r); a ring cell as ("path", commands)."""
    if cell.ring == 0:
        return ("circle", frame.pt(0.0, 0.0), frame.length(cell.r_outer))
    return ("path", _sector_path(frame, cell.r_inner, cell.r_outer, cell.start_deg, cell.end_deg))


def _shaped(outline: tuple, style: Style) -> Shape:
    if outline[0] == "circle":
        return Circle(outline[1], outline[2], style)
    return Path(outline[1], style)


def _sector_path(frame: Frame, r_inner: float, r_outer: float, start_deg: float, end_deg: float) -> tuple:
    """Path commands of an annular sector swept anticlockwise (board angles) from start to end.

    Page angles are the negated board angles: the outer arc runs from
    ``-start`` to ``-end`` (anticlockwise on the page), the inner one back.
    """
    cx, cy = frame.pt(0.0, 0.0)
    outer, inner = frame.length(r_outer), frame.length(r_inner)
    return (
        ("M", *frame.pt(*geo.polar(r_outer, start_deg))),
        ("A", cx, cy, outer, -start_deg, -end_deg),
        ("L", *frame.pt(*geo.polar(r_inner, end_deg))),
        ("A", cx, cy, inner, -end_deg, -start_deg),
        ("Z",),
    )


def _backing(frame: Frame, centre: tuple[float, float], text: str, size: float) -> Polygon:
    """A paper-white box just larger than a label: no ink, it only clears the hatching behind the text."""
    x, y = frame.pt(*centre)
    half_w = metrics("sans").width(text, size) / 2 + size * 0.2
    half_h = size * 0.5
    return Polygon(((x - half_w, y - half_h), (x + half_w, y - half_h), (x + half_w, y + half_h), (x - half_w, y + half_h)), Style(stroke=None, fill=palette.current().paper))


