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

from boardgen.boards.base import BoardOptions, Part, bounding
from boardgen.boards.grid import GridBoard
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Hatch, Line, Polygon, Style
from boardgen.engine.base import Piece
from boardgen.games.assalto import geometry as geo

LABEL_SIZE = 0.34  # board units
LABEL_GAP = 0.75  # from the outermost points to the middle of a label
FORTRESS_MARGIN = 0.36  # the tinted square reaches this far beyond the fortress points
PAWN, OFFICER = "pawn", "officer"
OWNER = {PAWN: 0, OFFICER: 1}  # pawns move first


class AssaltoBoard(GridBoard):
    """The cross of 33 points with Assalto's own lines and fortress; places, dots, start marks, coordinates shared."""

    game_id = "assalto"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    ringed_kinds = frozenset({"officer"})
    kind_words = {
        "pawn": {"pt": ("peão", "peões"), "en": ("pawn", "pawns")},
        "officer": {"pt": ("oficial", "oficiais"), "en": ("officer", "officers")},
    }

    unit_label = {"pt": "distância entre pontos", "en": "point spacing"}
    poster_cell_mm = 53.0  # the tiled poster: points 53 mm apart: room for pieces up to about 45 mm (chess pawns and kings of a club set)
    light_saves_ink = False  # its booklet in light ink prints as much ink as in full (measured: docs/build.md, The audit)
    piece_diameter = 0.6
    distinct_roles = (("fortress-area", "lines"), ("fortress-wall", "lines"))
    kept_marks = ("fortress-area", "fortress-wall")  # the rules' fortress: on every drawing
    places = "points"
    columns = geo.SIZE
    grid_shape = geo.GRID
    point_dots = True
    start_marks_title = "start points: 24 pawns outside the fortress, officers on c6 and e6"
    label_size = LABEL_SIZE
    label_gap = LABEL_GAP

    def start_placements(self) -> list[tuple[str, Piece]]:
        return [(name, Piece(OWNER[kind], kind)) for kind in (PAWN, OFFICER) for name in geo.START[kind]]

    def start_marks(self) -> dict[str, int]:
        return {name: OWNER[kind] for kind in (PAWN, OFFICER) for name in geo.START[kind]}

    def start_group_title(self, owner: int) -> str | None:
        kind = PAWN if owner == OWNER[PAWN] else OFFICER
        return f"start points of the {kind}s"

    def layer_extent(self, options: BoardOptions) -> tuple[Part, ...]:
        """The fortress' tinted square (its rim a line wide) and its wall (2.8 lines wide, 2.2 in light ink; square caps)."""
        line = self.line_at(options)
        wall = [geo.POINTS[name] for pair in geo.FORTRESS_WALL for name in pair]
        factor = (2.2 if options.light else 2.8) / 2
        return (Part(bounding(geo.fortress_outline(FORTRESS_MARGIN)), lambda scale: line(scale) / 2), Part(bounding(wall), lambda scale: line(scale) * factor))

    # -- drawing ------------------------------------------------------------------
    def layers(self, frame: Frame, options: BoardOptions) -> list[Group]:
        """The fortress' tint under the lines, its wall over them, the point dots on top."""
        width = self.line_width(frame, options)
        return [
            self.fortress_area(frame, options, width),
            self.lines(frame, width),
            self.fortress_wall(frame, options, width),
            self.draw_points(frame, options),
        ]

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
