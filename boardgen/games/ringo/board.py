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
"""

from __future__ import annotations

from boardgen.boards import BoardDrawing, BoardOptions, centred_label
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

# Attackers red, defenders light green (seed: "vermelhas" / "verdes"), far apart in grey too.
ATTACKER_COLOUR = palette.RED
DEFENDER_COLOUR = "#9ccc65"
# The neutral zone's light cells: paler than the pink dark ones, yet clearly
# darker in grey than the ordinary light cells (palette.PALE_PINK is too close to them).
NEUTRAL_LIGHT = "#f2bcd0"
NEUTRAL_EDGE = "#c2185b"  # the outline of the neutral segment: a deep pink that reads on any cell

FILLS = {
    "citadel": palette.PAPER,
    "light": palette.LIGHT_CELL,
    "dark": palette.DARK_CELL,
    "neutral-light": NEUTRAL_LIGHT,
    "neutral-dark": palette.PINK,
}
SHADE_TITLES = {
    "citadel": "citadel",
    "light": "light cell",
    "dark": "dark cell",
    "neutral-light": "light cell of the neutral zone (pale pink)",
    "neutral-dark": "dark cell of the neutral zone (pink)",
}


def line_width(frame: Frame, options: BoardOptions) -> float:
    """Circles and spokes: proportional to the ring width, within what prints cleanly."""
    return min(0.5, max(0.15, frame.scale * 0.03)) * options.line_scale


def light_hatches(shade: str) -> tuple[Hatch, ...]:
    """Light-ink patterns: none for light cells, grey for dark, pink (crossed for dark) in the neutral zone."""
    if shade == "dark":
        return (Hatch(palette.DARK_CELL, spacing=1.4, angle=45.0, width=0.25),)
    if shade == "neutral-dark":
        return (Hatch(NEUTRAL_EDGE, spacing=1.4, angle=45.0, width=0.25), Hatch(NEUTRAL_EDGE, spacing=1.4, angle=-45.0, width=0.25))
    if shade == "neutral-light":
        return (Hatch(NEUTRAL_EDGE, spacing=1.6, angle=0.0, width=0.2),)
    return ()


class RingoBoard(BoardDrawing):
    game_id = "ringo"
    unit_label = {"pt": "largura do anel", "en": "ring width"}
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

    def piece_colours(self, owner: int) -> tuple[str, str]:
        return (ATTACKER_COLOUR if owner == geo.ATTACKER else DEFENDER_COLOUR, palette.INK)

    def _edge_on(self, name: str, options: BoardOptions) -> str:
        """Outline of a piece or mark: white on a solid dark cell (where ink would vanish), ink elsewhere."""
        return palette.PAPER if geo.cells()[name].shade == "dark" and not options.light else palette.INK

    def draw_piece(self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)) -> Group:
        x, y = self.locations()[name]
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
                cell_group.add(_shaped(outline, Style(stroke=None, fill=FILLS[shade])))
            group.add(cell_group)
        return group

    def line_work(self, frame: Frame, options: BoardOptions) -> Group:
        """The seven circles and the eight spokes (which stop at the citadel)."""
        style = Style(stroke=palette.INK, width=line_width(frame, options))
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
        style = Style(stroke=NEUTRAL_EDGE, width=width, join="round")
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
        size = frame.length(NAME_SIZE)
        for name, cell in geo.cells().items():
            x, y = cell.label if cell.ring == 0 else _radial_point(cell, NAME_AT)
            colour = palette.PAPER if cell.shade == "dark" and not options.light else palette.INK
            if options.light and light_hatches(cell.shade):
                group.add(_backing(frame, (x, y), name, size))  # keeps the name readable on the hatching
            group.add(centred_label(frame, (x, y), name, size * (1.5 if cell.ring == 0 else 1.0), colour))
        letter_size = frame.length(LETTER_SIZE)
        for segment in range(geo.SEGMENTS):
            centre = geo.polar(geo.OUTER_RADIUS + LETTER_GAP, geo.segment_centre_deg(segment))
            group.add(centred_label(frame, centre, geo.SEGMENT_LETTERS[segment], letter_size, palette.INK))
        return group

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
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
    return Polygon(((x - half_w, y - half_h), (x + half_w, y - half_h), (x + half_w, y + half_h), (x - half_w, y + half_h)), Style(stroke=None, fill=palette.PAPER))


