"""The printable Nyout board: Culin's round board of 29 stations, with a tray at the entry and one at the exit.

Drawn from :mod:`boardgen.games.nyout.geometry`, one board unit being the
diameter of a plain station; the centre and the four cardinal stations are
drawn larger (with a second ring inside), as on the Korean board.  At the
default size (17 mm a unit, on A4 and Letter alike) a plain station is 17 mm
across and a large one 22 mm: room for a coin or a button of up to about 16 mm as a horse, with a
stack of them (stacked horses move together) still sitting on its station.

Round the circle and through the cross run the lines the horses follow.  The
printed board adds, as start marks (left out of diagrams, whose own arrows
show the way), small arrowheads on the circle and on the two shortcut arms
pointing the way horses travel: counter-clockwise round the circle, inwards
from West and South, out again to North.  Two rounded trays stand above the
circle: ``start`` on the left, beside the entry ``o01``, where horses wait,
and ``off`` on the right, beside the exit ``o20``, where finished horses go.
The entry arrow (tray to ``o01``) and the exit arrow (``o20`` to its tray)
are kept marks: they say where a horse comes in and goes out, which the rules
refer to, so every diagram shows them.

Horses are discs in their seat's colour: seat 0 light, seat 1 dark, seats 2
and 3 (three or four players) in their own roles, light and dark again, so a
partnership (seats 0 and 2, 1 and 3) reads as a light side and a dark side.
A stack is drawn as its discs slightly staggered, with the count on the top
one; a tray shows one disc per seat with its count.
"""

from __future__ import annotations

import math

from boardgen.boards.base import MIN_TEXT_MM, BoardDrawing, BoardOptions, Label, Part, centred_label, rounded_box
from boardgen.boards.throws import GAP_FACTOR, STICK_WIDTH_FACTOR, STICKS_A_THROW, stick_faces
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Line, Polygon, Shape, Style, Text
from boardgen.engine.base import Piece, Throw
from boardgen.games.nyout import geometry as geo

LABEL_SIZE = 0.27  # station names, board units
LABEL_OUT = 0.92  # outer station names: this far outside the circle
PIECE_DIAMETER = 0.8
STACK_STEP = 0.11  # each horse of a stack sits this much up and right of the one under it
TRAY_SPACING = 0.68  # discs of a tray, centre to centre
INNER_RING = 0.78  # a large station's inner ring, as a fraction of its radius
HEAD = 0.2  # direction arrowheads round the circle, board units
ARM_HEAD = 0.13  # and on the arms, where the gaps between stations are narrower
FIT = 0.95  # a coin this wide (a fraction of a plain station) still sits on it


def seat_fill(owner: int) -> str:
    """A seat's piece colour, read from the palette when drawing."""
    colours = palette.current()
    return (colours.light_piece, colours.dark_piece, colours.seat_2_piece, colours.seat_3_piece)[owner % 4]


def is_dark(owner: int) -> bool:
    """Seats 1 and 3 have dark horses (a numeral on them is printed in paper white)."""
    return owner % 2 == 1


class NyoutBoard(BoardDrawing):
    """The 29 stations, the circle and the cross, the two trays; places are the stations and the trays."""

    game_id = "nyout"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    kind_words = {"horse": {"pt": ("cavalo", "cavalos"), "en": ("horse", "horses")}}

    claim_marks_beside_pieces = True  # claim_mark sets the marks off the counts
    unit_label = {"pt": "diâmetro das casas", "en": "station diameter"}
    notes = (
        (
            "Os cavalos esperam na caixa à esquerda, entram na casa ao lado dela e correm no sentido "
            "anti-horário (as setas); saem depois da casa norte, para a caixa à direita.",
            "Horses wait in the tray on the left, come in at the station beside it and run counter-clockwise "
            "(the arrows); they leave after the North station, into the tray on the right.",
        ),
    )
    piece_diameter = PIECE_DIAMETER
    default_cell_mm = 17.0
    poster_cell_mm = 30.0  # the tiled poster: the size of a cloth yut mat's stations, for horses up to about 28 mm
    kept_marks = ("entry-exit",)
    place_word = "station"
    moves_follow_lines = False

    def locations(self) -> dict[str, tuple[float, float]]:
        return geo.locations()

    def piece_words(self, scale_mm: float, lang: str) -> str:
        fit = int(scale_mm * geo.STATION_DIAMETER * FIT)
        if lang == "pt":
            return f"moedas ou botões de até {fit} mm"
        return f"coins or buttons up to {fit} mm"

    # -- the board ------------------------------------------------------------------
    def line_width(self, frame: Frame, options: BoardOptions) -> float:
        return min(0.7, max(0.25, frame.scale * 0.022)) * options.line_scale

    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        width = self.line_width(frame, options)
        board = Group("board")
        board.add(self.draw_lines(frame, width))
        if options.start_marks:
            board.add(self.draw_direction(frame, width))
        board.add(self.draw_trays(frame, width))
        board.add(self.draw_entry_exit(frame, width))
        board.add(self.draw_stations(frame, width, options))
        if options.coordinates:
            board.add(self.draw_coordinates(frame))
        return board

    def draw_lines(self, frame: Frame, width: float) -> Group:
        """The circle through the outer stations and the two diameters that make the cross."""
        style = Style(stroke=palette.current().ink, width=width, cap="round")
        group = Group("lines", title="the circle and the cross the horses follow")
        group.add(Circle(frame.pt(0.0, 0.0), frame.length(geo.RADIUS), style))
        for a, b in ((geo.WEST, geo.EAST), (geo.SOUTH, geo.NORTH)):
            group.add(Line(frame.pt(*geo.station_centre(a)), frame.pt(*geo.station_centre(b)), style))
        return group

    def station_fill(self, options: BoardOptions) -> str:
        """Stations are tinted (paper in light ink), so that a light horse on one stands out by its white."""
        colours = palette.current()
        return colours.paper if options.light else colours.cell_light

    def draw_stations(self, frame: Frame, width: float, options: BoardOptions) -> Group:
        colours = palette.current()
        group = Group("stations")
        for name in geo.STATIONS:
            centre = frame.pt(*geo.station_centre(name))
            radius = frame.length(geo.diameter(name) / 2)
            large = name in geo.LARGE
            title = f"large station {name}" if large else f"station {name}"
            station = Group("station-large" if large else "station", title=title)
            station.add(Circle(centre, radius, Style(stroke=colours.ink, width=width * (1.5 if large else 1.0), fill=self.station_fill(options))))
            if large:
                station.add(Circle(centre, radius * INNER_RING, Style(stroke=colours.ink, width=width * 0.7)))
            group.add(station)
        return group

    def draw_trays(self, frame: Frame, width: float) -> Group:
        colours = palette.current()
        style = Style(stroke=colours.ink, width=width, fill=colours.paper, join="round")
        group = Group("trays")
        titles = {geo.START: "start tray: horses waiting to come in", geo.OFF: "off tray: horses that have left the board"}
        for name in geo.TRAYS:
            x, y = geo.tray_centre(name)
            w, h = geo.TRAY_SIZE
            tray = Group("tray", title=titles[name])
            tray.add(rounded_box(frame, (x - w / 2, y - h / 2), (x + w / 2, y + h / 2), h / 3, style))
            group.add(tray)
        return group

    def draw_entry_exit(self, frame: Frame, width: float) -> Group:
        """Kept marks: an arrow from the start tray into o01 and one from o20 out to the off tray."""
        colour = palette.current().ink
        group = Group("entry-exit", title="entry at o01 from the start tray; exit after o20 into the off tray")
        tray_half = geo.TRAY_SIZE[1] / 2
        sx, sy = geo.tray_centre(geo.START)
        o1 = geo.station_centre("o01")
        entry_from = (sx + geo.TRAY_SIZE[0] / 2 - 0.35, sy - tray_half)
        group.add(_arrow(frame, entry_from, o1, geo.STATION_DIAMETER / 2 + 0.06, colour, width))
        ex, ey = geo.tray_centre(geo.OFF)
        o20 = geo.station_centre(geo.NORTH)
        exit_to = (ex - geo.TRAY_SIZE[0] / 2 + 0.1, ey)
        group.add(_arrow(frame, o20, exit_to, 0.0, colour, width, trim_start=geo.LARGE_DIAMETER / 2 + 0.04))
        return group

    def draw_direction(self, frame: Frame, width: float) -> Group:
        """Arrowheads half-way between stations: round the circle counter-clockwise, along the shortcut arms."""
        colour = palette.current().guide
        group = Group("direction", title="direction of travel: counter-clockwise, and by the shortcuts to North")
        fill = Style(stroke=None, fill=colour)
        for k in range(1, 20):
            mid = math.radians(geo.outer_angle(k) + 9.0)
            point = (geo.RADIUS * math.cos(mid), geo.RADIUS * math.sin(mid))
            tangent = (-math.sin(mid), math.cos(mid))  # counter-clockwise
            group.add(Polygon(frame.pts(_head(point, tangent, HEAD)), fill))
        for route in (geo.WEST_SHORTCUT[:4], geo.SOUTH_SHORTCUT[:4], geo.CENTRE_NORTH):
            for a, b in zip(route, route[1:]):
                (xa, ya), (xb, yb) = geo.station_centre(a), geo.station_centre(b)
                length = math.hypot(xb - xa, yb - ya)
                ux, uy = (xb - xa) / length, (yb - ya) / length
                # In the middle of the gap between the two stations' rims (a large one is wider).
                at = geo.diameter(a) / 2 + (length - geo.diameter(a) / 2 - geo.diameter(b) / 2) / 2
                group.add(Polygon(frame.pts(_head((xa + ux * at, ya + uy * at), (ux, uy), ARM_HEAD)), fill))
        return group

    def draw_coordinates(self, frame: Frame) -> Group:
        """Each station's name as the notation writes it (o05, w1, c): outside the circle for the rim,
        beside the station inside the cross."""
        group = Group("coordinate")
        for label in self.coordinate_labels():
            group.add(centred_label(frame, label.at, label.text, frame.length(label.size)))
        return group

    # -- extent -----------------------------------------------------------------------
    def coordinate_labels(self) -> tuple[Label, ...]:
        return tuple(Label(label_point(name), name, LABEL_SIZE) for name in geo.STATIONS)

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """Stations (a large one's outline 1.5 lines wide) and the two trays."""
        def line(scale: float) -> float:
            return self.line_width(Frame(scale), options)

        def large(scale: float) -> float:
            return line(scale) * 1.5 / 2

        parts = []
        for name in geo.STATIONS:
            (x, y), r = geo.station_centre(name), geo.diameter(name) / 2
            parts.append(Part((x - r, y - r, x + r, y + r), large if name in geo.LARGE else lambda scale: line(scale) / 2))
        for name in geo.TRAYS:
            (x, y), (w, h) = geo.tray_centre(name), geo.TRAY_SIZE
            parts.append(Part((x - w / 2, y - h / 2, x + w / 2, y + h / 2), lambda scale: line(scale) / 2))
        return tuple(parts)

    # -- horses -----------------------------------------------------------------------
    def piece_colours(self, owner: int) -> tuple[str, str]:
        return (seat_fill(owner), palette.current().ink)

    def draw_pieces(self, frame: Frame, placements: list[tuple[str, Piece]], options: BoardOptions) -> Group:
        """Horses by place: a stack's discs staggered with the count on top; a tray's seats side by side."""
        group = Group("pieces")
        by_place: dict[str, list[Piece]] = {}
        for name, piece in placements:
            by_place.setdefault(name, []).append(piece)
        for name, pieces in by_place.items():
            if name in geo.TRAYS:
                for index, piece in enumerate(pieces):
                    dx = (index - (len(pieces) - 1) / 2) * TRAY_SPACING
                    group.add(self.draw_piece(frame, name, piece, options, (dx, 0.0)))
            else:
                group.add(self.draw_stack(frame, name, pieces))
        return group

    def draw_stack(self, frame: Frame, name: str, pieces: list[Piece]) -> Group:
        """One station's horses (one side's, maybe two partners'): staggered discs, the count on the top one."""
        horses = [piece.owner for piece in pieces for _ in range(piece.count)]
        title = f"stack of {len(horses)} horses on {name}" if len(horses) > 1 else f"horse of player {horses[0]} on {name}"
        group = Group("stack" if len(horses) > 1 else f"piece-player-{horses[0]}", title=title)
        x, y = self.location(name)
        shift = (len(horses) - 1) / 2 * STACK_STEP
        for level, owner in enumerate(horses):
            offset = (level * STACK_STEP - shift, level * STACK_STEP - shift)
            disc = self.horse_disc(frame, (x + offset[0], y + offset[1]), owner)
            group.add(Group(f"piece-player-{owner}", [disc], title=f"horse of player {owner} on {name}" if len(horses) > 1 else None))
        if len(horses) > 1:
            top = horses[-1]
            lift = (len(horses) - 1) * STACK_STEP - shift
            group.add(self.numeral(frame, (x + lift, y + lift), len(horses), top))
        return group

    def draw_piece(
        self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)
    ) -> Group:
        """One seat's horses on a place: a disc, with the count when there is more than one."""
        x, y = self.location(name)
        centre = (x + offset[0], y + offset[1])
        title = f"{piece.count} horses of player {piece.owner} on {name}" if piece.count > 1 else f"horse of player {piece.owner} on {name}"
        group = Group(f"piece-player-{piece.owner}", title=title)
        group.add(self.horse_disc(frame, centre, piece.owner))
        if piece.count > 1:
            group.add(self.numeral(frame, centre, piece.count, piece.owner))
        return group

    def horse_disc(self, frame: Frame, centre: tuple[float, float], owner: int) -> Circle:
        radius = frame.length(PIECE_DIAMETER / 2)
        return Circle(frame.pt(*centre), radius, Style(stroke=palette.current().ink, width=max(0.3, radius * 0.16), fill=seat_fill(owner)))

    def numeral(self, frame: Frame, centre: tuple[float, float], count: int, owner: int) -> Text:
        colours = palette.current()
        size = max(frame.length(PIECE_DIAMETER * 0.55), 2.0)
        px, py = frame.pt(*centre)
        colour = colours.paper if is_dark(owner) else colours.ink
        return Text((px, py + size * 0.36), str(count), size, font="sans-bold", fill=colour, anchor="middle")

    def draw_throw(self, frame: Frame, throw: Throw, options: BoardOptions) -> Group | None:
        """The throws in hand: four sticks for each (shared drawing, marked sides grey with crosses) with
        its name under them, two throws a row, so a reader matches each name to its sticks."""
        names = throw.text.split()
        if not names or len(throw.faces) != STICKS_A_THROW * len(names):
            return None
        piece_mm = frame.length(PIECE_DIAMETER)
        length = max(9.0, piece_mm * 2.6)
        width = length * STICK_WIDTH_FACTOR
        gap = width * (1 + GAP_FACTOR) * 0.55
        four = STICKS_A_THROW * width + (STICKS_A_THROW - 1) * gap
        size = max(MIN_TEXT_MM, piece_mm * 0.45)
        row_height = length + size * 2.2
        x, y = frame.origin
        group = Group("throw", title=f"throw {throw.text}")
        for k, name in enumerate(names):
            left, top = x + (k % 2) * (four + width * 1.6), y + (k // 2) * row_height
            sides = throw.faces[STICKS_A_THROW * k : STICKS_A_THROW * (k + 1)]
            group.add(stick_faces(sides, length, (left, top)))
            group.add(Text((left + four / 2, top + length + size * 1.25), name, size, font="sans-bold", fill=palette.current().ink, anchor="middle"))
        return group

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        """A ring just outside a station (a tray: round the whole tray)."""
        x, y = self.location(name)
        if name in geo.TRAYS:
            w, h = geo.TRAY_SIZE
            return rounded_box(frame, (x - w / 2 - 0.08, y - h / 2 - 0.08), (x + w / 2 + 0.08, y + h / 2 + 0.08), h / 3, style)
        return Circle(frame.pt(x, y), frame.length(geo.diameter(name) / 2 + 0.08), style)

    def refused_path(self, text: str, points: tuple[str, ...], occupied: frozenset[str]) -> tuple[str, ...]:
        """The way a refused move would go: the shortest way along the board's lines (and from the start
        tray in at o01, from o20 out to the off tray) between the two places its text names, so that
        ``kel:o03-w1`` (no turning at a West passed over) is drawn by o04 and o05, not straight across."""
        named = [p for p in points if p in geo.PLACE_NAMES]
        if len(named) != 2:
            return points
        return shortest_way(named[0], named[1]) or points

    def claim_mark(self, name: str) -> tuple[tuple[float, float], float]:
        """Where a diagram crosses a place (a capture, a refused move): the station's lower right, small,
        so that a captured stack's count stays readable; a tray's cross goes on the tray."""
        x, y = self.location(name)
        if name in geo.TRAYS:
            return (x, y), 0.8
        reach = geo.diameter(name) / 2 * 0.72
        return (x + reach, y - reach), 0.55

    def move_route(self, path: tuple[str, ...]) -> list[tuple[float, float]]:
        """Where a move's arrow runs: through every station of ``path``, entering from and leaving to the trays
        at their edge nearest the board (an arrow into the middle of a tray would cover its discs)."""
        if len(path) < 2:
            return []
        points = [self.location(name) for name in path]
        if path[0] == geo.START:
            sx, sy = geo.tray_centre(geo.START)
            points[0] = (sx + geo.TRAY_SIZE[0] / 2 - 0.35, sy - geo.TRAY_SIZE[1] / 2)
        if path[-1] == geo.OFF:
            ox, oy = geo.tray_centre(geo.OFF)
            points[-1] = (ox - geo.TRAY_SIZE[0] / 2 + 0.1, oy - geo.TRAY_SIZE[1] / 2 + 0.1)
        return points


def shortest_way(origin: str, target: str) -> tuple[str, ...] | None:
    """The fewest-steps way from ``origin`` to ``target`` along the drawn lines and the trays' arrows
    (breadth first, neighbours in station order so the answer is stable); None when there is none."""
    near = {name: sorted(others, key=geo.PLACE_NAMES.index) for name, others in geo.neighbours().items()}
    near[geo.START] = ["o01"]
    near["o20"] = near["o20"] + [geo.OFF]
    came: dict[str, str | None] = {origin: None}
    queue = [origin]
    for place in queue:
        if place == target:
            way = [place]
            while came[way[-1]] is not None:
                way.append(came[way[-1]])  # type: ignore[arg-type]
            return tuple(reversed(way))
        for other in near.get(place, []):
            if other not in came:
                came[other] = place
                queue.append(other)
    return None


def label_point(name: str) -> tuple[float, float]:
    """Where a station's name goes: radially outside the rim stations, diagonally beside the cross's."""
    x, y = geo.station_centre(name)
    if name.startswith("o"):
        angle = math.radians(geo.outer_angle(int(name[1:])))
        reach = geo.RADIUS + LABEL_OUT + (0.15 if name in geo.LARGE else 0.0)
        if name == "o01":  # outside, the entry arrow comes down on it: inside the circle instead
            reach = geo.RADIUS - LABEL_OUT
        return (reach * math.cos(angle), reach * math.sin(angle))
    if name == geo.CENTRE:
        return (0.72, -0.72)
    return (x + 0.58, y - 0.58) if name[0] in "we" else (x + 0.72, y - 0.2)


def _head(tip_centre: tuple[float, float], direction: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """A small triangle centred on ``tip_centre`` pointing along the unit vector ``direction``."""
    (x, y), (ux, uy) = tip_centre, direction
    nx, ny = -uy, ux
    tip = (x + ux * size, y + uy * size)
    back = (x - ux * size, y - uy * size)
    return [tip, (back[0] + nx * size * 0.75, back[1] + ny * size * 0.75), (back[0] - nx * size * 0.75, back[1] - ny * size * 0.75)]


def _arrow(
    frame: Frame,
    start: tuple[float, float],
    end: tuple[float, float],
    trim_end: float,
    colour: str,
    width: float,
    trim_start: float = 0.0,
) -> Group:
    """A straight arrow from ``start`` to ``end`` (board units), cut back by the trims, head at the end."""
    (xa, ya), (xb, yb) = start, end
    length = math.hypot(xb - xa, yb - ya)
    ux, uy = (xb - xa) / length, (yb - ya) / length
    a = (xa + ux * trim_start, ya + uy * trim_start)
    b = (xb - ux * trim_end, yb - uy * trim_end)
    head = 0.26
    shaft_end = (b[0] - ux * head, b[1] - uy * head)
    group = Group("arrow")
    group.add(Line(frame.pt(*a), frame.pt(*shaft_end), Style(stroke=colour, width=width * 1.3, cap="round")))
    group.add(Polygon(frame.pts(_head((b[0] - ux * head / 2, b[1] - uy * head / 2), (ux, uy), head / 2 * 1.6)), Style(stroke=None, fill=colour)))
    return group


