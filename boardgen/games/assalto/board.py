"""The printable Assalto board: the 33-point cross, its alternating diagonals, the fortress.

Drawn from :mod:`boardgen.games.assalto.geometry`: the 52 orthogonal and 20
diagonal unit segments, a dot on every point, and the nine-point fortress
(c5..e7) marked twice over, as on the boards the sources describe: a tinted
square round its points with a red rim, and its four walls (the board lines
c5-e5-e7-c7-c5) drawn in red and wider.  The tint stops well short of the
neighbouring points (b5, f5, c4...), so the marked area holds exactly the
nine fortress points.

Start points are marked with small copies of the pieces that start there:
white rings for the 24 pawns, black discs with a white inner ring for the two
officers.  Light ink replaces the tint by a red hatching.
"""

from __future__ import annotations

from boardgen.boards.base import BoardDrawing, BoardOptions, grid_coordinates
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Hatch, Line, Polygon, Style
from boardgen.engine.base import Piece
from boardgen.games.assalto import geometry as geo

LABEL_SIZE = 0.34  # board units
LABEL_GAP = 0.75  # from the outermost points to the middle of a label
FORTRESS_MARGIN = 0.36  # the tinted square reaches this far beyond the fortress points
PAWN, OFFICER = "pawn", "officer"
OWNER = {PAWN: 0, OFFICER: 1}  # pawns move first


def line_width(frame: Frame, options: BoardOptions) -> float:
    """Board lines: proportional to the spacing, within what prints cleanly."""
    return min(0.5, max(0.15, frame.scale * 0.02)) * options.line_scale


class AssaltoBoard(BoardDrawing):
    game_id = "assalto"
    unit_label = {"pt": "distância entre pontos", "en": "point spacing"}
    piece_diameter = 0.6
    distinct_roles = (("fortress-area", "lines"), ("fortress-wall", "lines"))
    kept_marks = ("fortress-area", "fortress-wall")  # the rules' fortress: on every drawing

    def __init__(self, size: int | None = None) -> None:
        super().__init__(None)

    def locations(self) -> dict[str, tuple[float, float]]:
        return {name: (float(x), float(y)) for name, (x, y) in geo.POINTS.items()}

    def start_placements(self) -> list[tuple[str, Piece]]:
        return [(name, Piece(OWNER[kind], kind)) for kind in (PAWN, OFFICER) for name in geo.START[kind]]

    def start_marks(self) -> dict[str, int]:
        return {name: OWNER[kind] for kind in (PAWN, OFFICER) for name in geo.START[kind]}

    # -- drawing ------------------------------------------------------------------
    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        board = Group("board")
        width = line_width(frame, options)
        board.add(self.fortress_area(frame, options, width))
        board.add(self.lines(frame, width))
        board.add(self.fortress_wall(frame, options, width))
        board.add(self.points(frame, width))
        if options.marks_start_points:
            board.add(self.marks(frame, options, width))
        if options.coordinates:
            board.add(self.coordinates(frame))
        return board

    def fortress_area(self, frame: Frame, options: BoardOptions, width: float) -> Group:
        """The tinted (light ink: hatched) square round the nine fortress points, with a red rim."""
        outline = frame.pts(geo.fortress_outline(FORTRESS_MARGIN))
        rim, tint = palette.current().fortress, palette.current().fortress_tint
        group = Group("fortress-area", title="fortress: c5, d5, e5, c6, d6, e6, c7, d7, e7")
        if options.light:
            style = Style(stroke=rim, width=width, hatch=Hatch(rim, spacing=1.5, angle=45.0, width=0.2), join="miter")
        else:
            style = Style(stroke=rim, width=width, fill=tint, join="miter")
        return group.add(Polygon(outline, style))

    def lines(self, frame: Frame, width: float) -> Group:
        style = Style(stroke=palette.current().ink, width=width)
        group = Group("lines")
        for role in ("orthogonal", "diagonal"):
            part = Group(f"lines-{role}")
            for a, b, line_role in geo.LINES:
                if line_role == role:
                    part.add(Line(frame.pt(*geo.POINTS[a]), frame.pt(*geo.POINTS[b]), style))
            group.add(part)
        return group

    def fortress_wall(self, frame: Frame, options: BoardOptions, width: float) -> Group:
        """The fortress' four sides, wide and red over the board lines: the inner half of the double border."""
        factor = 2.2 if options.light else 2.8
        style = Style(stroke=palette.current().fortress, width=width * factor, cap="square")
        group = Group("fortress-wall", title="fortress wall c5-e5-e7-c7")
        for a, b in geo.FORTRESS_WALL:
            group.add(Line(frame.pt(*geo.POINTS[a]), frame.pt(*geo.POINTS[b]), style))
        return group

    def points(self, frame: Frame, width: float) -> Group:
        group = Group("points")
        style = Style(stroke=None, fill=palette.current().ink)
        radius = max(width * 1.4, frame.length(0.06))
        for name in geo.POINT_NAMES:
            group.add(Circle(frame.pt(*geo.POINTS[name]), radius, style))
        return group

    def marks(self, frame: Frame, options: BoardOptions, width: float) -> Group:
        """Start points: a small copy of the piece that starts there (officers with an inner ring)."""
        group = Group("start-marks", title="start points: 24 pawns outside the fortress, officers on c6 and e6")
        radius = frame.length(0.15)
        stroke = max(0.25, width)
        for kind in (PAWN, OFFICER):
            owner = OWNER[kind]
            fill, outline = self.piece_colours(owner)
            player = Group(f"start-player-{owner}", title=f"start points of the {kind}s")
            for name in geo.START[kind]:
                centre = frame.pt(*geo.POINTS[name])
                if kind == OFFICER:
                    player.add(Circle(centre, radius * 1.35, Style(stroke=outline, width=stroke, fill=fill)))
                    player.add(Circle(centre, radius * 0.7, Style(stroke=palette.current().paper, width=stroke)))
                else:
                    player.add(Circle(centre, radius, Style(stroke=outline, width=stroke, fill=fill)))
            group.add(player)
        return group

    def coordinates(self, frame: Frame) -> Group:
        """Letters below and above the columns, numbers beside the rows, round the cross's bounding square."""
        return grid_coordinates(frame, geo.COLUMNS, geo.SIZE, LABEL_SIZE, -LABEL_GAP, geo.SIZE - 1 + LABEL_GAP)

