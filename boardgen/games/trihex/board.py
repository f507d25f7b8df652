"""The printable Trihex (Y) board: a triangle of hexagons with its three sides tinted."""

from __future__ import annotations


from boardgen.boards.base import BoardOptions, Label
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Hatch, Polygon, Style
from boardgen.games.trihex.geometry import TrihexGeometry
from boardgen.boards.hexcells import HexCellBoard
from boardgen.geometry.hexgrid import column_letters

BAND_DEPTH = 0.32
LABEL_SIZE = 0.34
# Step (d_row, d_position) to the neighbour in each direction (degrees, y up).
STEP_OF_DIRECTION = {0: (0, 1), 60: (-1, 0), 120: (-1, -1), 180: (0, -1), 240: (1, 0), 300: (1, 1)}
SIDE_OF_DIRECTION = {0: "right", 60: "right", 120: "left", 180: "left", 240: "bottom", 300: "bottom"}
SIDE_ORDER = ("left", "right", "bottom")  # clockwise, starting up the left side
SIDE_ANGLES = {"left": 60.0, "right": -60.0, "bottom": 180.0}
# Three tints far apart in lightness, so a greyscale print keeps them apart.
SIDE_ROLES = {"left": "side_left", "right": "side_right", "bottom": "side_bottom"}  # palette roles
# Light ink: the hatch line width (mm) and angles of each side.  One, two and three
# directions, lightest colour to darkest, so that the sides differ in average tone
# (ΔL* > 15 in grey) as well as in pattern; three single hatchings at different angles
# had all but one tone (L* 93, 88, 86).
SIDE_HATCHES = {"left": (0.2, (45.0,)), "right": (0.35, (-45.0, 45.0)), "bottom": (0.4, (0.0, 60.0, -60.0))}
HATCH_SPACING = 1.1
# One ink: all three in the same ink, so the hatchings alone must differ in coverage, each side
# at least 1.3 times the next (single thin, crossed, triple heavy), which the light ones are not.
# Full ink: paper stripes over the two lighter sides, heavy over the left (yellow), light over the
# right (green), none over the bottom (blue): the sides differ by pattern too, and the stripes
# only lighten the lighter colours, so the tones stay apart in grey (L* ~ 85, 64, 28).
FULL_STRIPES = {"left": (0.44, 45.0), "right": (0.165, -45.0)}  # paper line width mm, angle; spacing HATCH_SPACING
MONO_SIDE_HATCHES = {"left": (0.2, (45.0,)), "right": (0.2, (-45.0, 45.0)), "bottom": (0.45, (0.0, 60.0, -60.0))}


class TrihexBoard(HexCellBoard):
    game_id = "trihex"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    plain_kinds = frozenset({"stone"})
    kind_words = {"stone": {"pt": ("pedra", "pedras"), "en": ("stone", "stones")}}

    side_order = SIDE_ORDER
    side_angles = SIDE_ANGLES
    band_depth = BAND_DEPTH
    poster_cell_mm = 30.5  # the tiled poster, at every size: cells for coins and Go stones (about 22 mm); the 11's four sheets on A4 and Letter alike
    light_saves_ink = False  # its booklet in light ink prints as much ink as in full (measured: docs/build.md, The audit)
    distinct_roles = (("side-left", "side-right", "side-bottom"),)

    def __init__(self, size: int | None = 11) -> None:
        super().__init__(size or 11)
        self.geometry = TrihexGeometry(self.size)

    def size_label(self) -> str:
        return str(self.size)

    def size_words(self, lang: str) -> str:
        return f"de lado {self.size}" if lang == "pt" else f"side-{self.size}"

    def piece_colours(self, owner: int) -> tuple[str, str]:
        colours = palette.current()
        return (colours.dark_piece, colours.ink) if owner == 0 else (colours.light_piece, colours.ink)

    def side_of(self, cell: str, direction: int) -> str | None:
        r, i = self.geometry.coords(cell)
        dr, di = STEP_OF_DIRECTION[direction]
        rr, ii = r + dr, i + di
        if 0 <= rr < self.size and 0 <= ii <= rr:
            return None
        return SIDE_OF_DIRECTION[direction]

    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        board = Group("board")
        sides = Group("edges")
        for side, points in self.bands().items():
            colour = getattr(palette.current(), SIDE_ROLES[side])
            band = Group(f"side-{side}", title=f"{side} side")
            if options.light:
                width, angles = (MONO_SIDE_HATCHES if options.mono else SIDE_HATCHES)[side]
                band.add(Polygon(frame.pts(points), Style(stroke=colour, width=0.35, hatch=Hatch(colour, HATCH_SPACING, angles[0], width))))
                for angle in angles[1:]:
                    band.add(Polygon(frame.pts(points), Style(stroke=None, hatch=Hatch(colour, HATCH_SPACING, angle, width))))
            else:
                stripes = FULL_STRIPES.get(side)
                # anchored to the board (not the page), so a poster's tiles and the whole board stripe alike
                hatch = Hatch(palette.current().paper, HATCH_SPACING, stripes[1], stripes[0], anchor=frame.pt(0.0, 0.0)) if stripes else None
                band.add(Polygon(frame.pts(points), Style(stroke=None, fill=colour, hatch=hatch)))
            sides.add(band)
        board.add(sides)
        board.add(self.draw_cells(frame, options))
        if options.centre_mark and self.size % 3 == 1:
            # The centroid of the triangle falls on a cell exactly when n = 3k + 1.
            k = (self.size - 1) // 3
            middle = self.geometry.name(2 * k, k)
            board.add(self.centre_dot(frame, middle))
        if options.coordinates:
            board.add(self.draw_coordinates(frame))
        return board

    def coordinate_labels(self) -> tuple[Label, ...]:
        """Row numbers left of each row; position letters under the bottom row."""
        labels: list[Label] = []
        gap = BAND_DEPTH + 0.5
        n = self.size
        for r in range(n):
            x, y = self.geometry.centre(self.geometry.name(r, 0))
            labels.append(Label((x - 0.5 - gap - 0.3, y), str(r + 1), LABEL_SIZE))
        for i in range(n):
            x, y = self.geometry.centre(self.geometry.name(n - 1, i))
            labels.append(Label((x, y - 0.58 - gap - 0.1), column_letters(i), LABEL_SIZE))
        return tuple(labels)
