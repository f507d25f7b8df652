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
"""

from __future__ import annotations

from boardgen.boards import BoardDrawing, BoardOptions, grid_coordinates
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Line, Style
from boardgen.engine.base import Piece
from boardgen.games.surakarta import geometry as geo

LABEL_SIZE = 0.36  # board units
LABEL_GAP = 0.55  # from the outermost loop to the middle of a label
PIECE_KIND = "stone"  # what the rules engine calls a Surakarta piece

CIRCUIT_COLOURS = {geo.INNER: palette.RED, geo.OUTER: palette.YELLOW}
# Width of a line as a multiple of the plain line: the two circuits differ in
# width as well as in colour, for greyscale prints.
WIDTH_FACTOR = {geo.PLAIN: 1.0, geo.INNER: 2.8, geo.OUTER: 4.2}
# Drawn bottom to top: the wide gold circuit first so the red one crosses over it.
DRAW_ORDER = (geo.PLAIN, geo.OUTER, geo.INNER)
ROLE_TITLES = {
    geo.PLAIN: "edge lines (no circuit)",
    geo.INNER: "inner circuit: rows 2 and 5, columns b and e, small loops (red)",
    geo.OUTER: "outer circuit: rows 3 and 4, columns c and d, large loops (gold)",
}


def line_width(frame: Frame, options: BoardOptions) -> float:
    """The plain grid line: proportional to the spacing, within what prints cleanly."""
    return min(0.45, max(0.15, frame.scale * 0.018)) * options.line_scale


def role_style(role: str, frame: Frame, options: BoardOptions) -> Style:
    width = line_width(frame, options) * WIDTH_FACTOR[role]
    if options.light:
        width *= 0.7  # light ink: the same design with less ink
    colour = CIRCUIT_COLOURS.get(role, palette.INK)
    # Light ink dashes the outer circuit, so the two circuits differ in pattern too.
    dash = (frame.length(0.22), frame.length(0.1)) if options.light and role == geo.OUTER else ()
    return Style(stroke=colour, width=width, dash=dash, cap="butt" if dash else "round")


class SurakartaBoard(BoardDrawing):
    game_id = "surakarta"
    unit_label = {"pt": "distância entre pontos", "en": "point spacing"}
    piece_diameter = 0.62
    distinct_roles = ((geo.PLAIN, geo.INNER, geo.OUTER),)

    def __init__(self, size: int | None = None) -> None:
        super().__init__(None)

    def locations(self) -> dict[str, tuple[float, float]]:
        return {name: (float(x), float(y)) for name, (x, y) in geo.POINTS.items()}

    def start_placements(self) -> list[tuple[str, Piece]]:
        return [(name, Piece(owner, PIECE_KIND)) for owner in (0, 1) for name in geo.START_POINTS[owner]]

    def start_marks(self) -> dict[str, int]:
        return dict(geo.START_POSITION)

    # -- drawing ------------------------------------------------------------------
    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        board = Group("board")
        for role in DRAW_ORDER:
            board.add(self.circuit(frame, options, role))
        if not options.setup:
            board.add(self.marks(frame, options))
        if options.coordinates:
            board.add(self.coordinates(frame))
        return board

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

    def marks(self, frame: Frame, options: BoardOptions) -> Group:
        """Sackson's marked start points: open rings for player 0 (white), discs for player 1 (black)."""
        group = Group("start-marks", title="start points: 12 white (rows 1-2) and 12 black (rows 5-6)")
        radius = frame.length(0.13)
        width = max(0.25, line_width(frame, options) * 1.1)
        for owner in (0, 1):
            fill, outline = self.piece_colours(owner)
            player = Group(f"start-player-{owner}")
            for name in geo.START_POINTS[owner]:
                player.add(Circle(frame.pt(*geo.POINTS[name]), radius, Style(stroke=outline, width=width, fill=fill)))
            group.add(player)
        return group

    def coordinates(self, frame: Frame) -> Group:
        """Letters below and above the columns, numbers beside the rows, all outside the loops."""
        reach = max(arc.radius for arc in geo.ARCS) + LABEL_GAP
        return grid_coordinates(frame, geo.FILES, geo.SIZE, LABEL_SIZE, -reach, geo.SIZE - 1 + reach)
