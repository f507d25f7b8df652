"""The printable Hex board: hexagons, the two players' coloured edges, coordinates."""

from __future__ import annotations


from boardgen.boards.base import BoardOptions, Label
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Hatch, Polygon, Style
from boardgen.games.hex.geometry import HexGeometry
from boardgen.boards.hexcells import HexCellBoard
from boardgen.geometry.hexgrid import ROW_STEP, column_letters

BAND_DEPTH = 0.32  # board units between the outline's outermost vertex and the band's outer line
LABEL_SIZE = 0.34  # board units
# Step (d_column, d_row) to the neighbour in each direction (degrees, y up).
STEP_OF_DIRECTION = {0: (1, 0), 60: (1, -1), 120: (0, -1), 180: (-1, 0), 240: (-1, 1), 300: (0, 1)}
SIDE_ORDER = ("row-first", "col-last", "row-last", "col-first")  # clockwise from the top
SIDE_ANGLES = {"row-first": 0.0, "col-last": -60.0, "row-last": 180.0, "col-first": 120.0}
PLAYER_OF_SIDE = {"row-first": 0, "row-last": 0, "col-first": 1, "col-last": 1}


def player_colours() -> tuple[str, str]:
    """The two players' colours (edges and stones), from the current palette."""
    colours = palette.current()
    return (colours.player_0, colours.player_1)


# Light ink: (hatch line width mm, angles) per player.  Player 0's single hatching is
# finer than player 1's crossed one, so the two bands differ in average tone (what a
# greyscale copy shows from arm's length) by more than ΔL* 15, not only in pattern:
# with equal lines the red band was only ΔL* 12 lighter than the blue one.
LIGHT_HATCH = {0: (0.2, (45.0,)), 1: (0.35, (45.0, -45.0))}
# Full ink: player 0's band carries paper stripes over its colour, player 1's is solid, so the
# two differ by pattern as well as by colour (a colour-blind reader, a one-colour photocopy).
FULL_STRIPES = (1.6, 45.0, 0.35)  # spacing mm, angle, line width mm of the paper stripes


def band_style(owner: int, options: BoardOptions, colours: tuple[str, str] | None = None, anchor: tuple[float, float] = (0.0, 0.0)) -> list[Style]:
    """Solid bands in full ink; in light ink an outline with hatching, crossed for player 1."""
    colour = (colours or player_colours())[owner]
    if not options.light:
        spacing, angle, line = FULL_STRIPES
        # anchored to the board (not the page), so a poster's tiles and the whole board stripe alike
        stripes = Hatch(palette.current().paper, spacing=spacing, angle=angle, width=line, anchor=anchor) if owner == 0 else None
        return [Style(stroke=None, fill=colour, hatch=stripes)]
    width, angles = LIGHT_HATCH[owner]
    styles = [Style(stroke=colour, width=0.35, hatch=Hatch(colour, spacing=1.1, angle=angles[0], width=width))]
    styles.extend(Style(stroke=None, hatch=Hatch(colour, spacing=1.1, angle=angle, width=width)) for angle in angles[1:])
    return styles


class HexBoard(HexCellBoard):
    game_id = "hex"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    plain_kinds = frozenset({"stone"})
    kind_words = {"stone": {"pt": ("pedra", "pedras"), "en": ("stone", "stones")}}

    side_order = SIDE_ORDER
    side_angles = SIDE_ANGLES
    band_depth = BAND_DEPTH
    poster_cell_mm = 30.0  # the tiled poster, at every size: cells for coins and Go stones (about 22 mm)
    light_saves_ink = False  # its booklet in light ink prints as much ink as in full (measured: docs/build.md, The audit)
    distinct_roles = (("edge-player-0", "edge-player-1"),)

    def __init__(self, size: int | None = 11) -> None:
        super().__init__(size or 11)
        self.geometry = HexGeometry(self.size)

    def size_label(self) -> str:
        return f"{self.size} × {self.size}"

    def piece_colours(self, owner: int) -> tuple[str, str]:
        colours = palette.current()
        return (colours.stone_0 if owner == 0 else colours.stone_1, colours.ink)

    def side_of(self, cell: str, direction: int) -> str | None:
        c, r = self.geometry.coords(cell)
        dc, dr = STEP_OF_DIRECTION[direction]
        nc, nr = c + dc, r + dr
        n = self.size
        row_out = not 0 <= nr < n
        col_out = not 0 <= nc < n
        if not row_out and not col_out:
            return None
        if row_out:  # an edge off both a row and a column end (obtuse corners) goes to the rows
            return "row-first" if nr < 0 else "row-last"
        return "col-first" if nc < 0 else "col-last"

    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        board = Group("board")
        edges = Group("edges")
        for side, points in self.bands().items():
            owner = PLAYER_OF_SIDE[side]
            band = Group(f"edge-player-{owner}", title=f"{side} edge of player {owner}")
            for style in band_style(owner, options, anchor=frame.pt(0.0, 0.0)):
                band.add(Polygon(frame.pts(points), style))
            edges.add(band)
        board.add(edges)
        board.add(self.draw_cells(frame, options))
        if options.centre_mark and self.size % 2 == 1:
            middle = self.geometry.name(self.size // 2, self.size // 2)
            board.add(self.centre_dot(frame, middle))
        if options.coordinates:
            board.add(self.draw_coordinates(frame))
        return board

    def coordinate_labels(self) -> tuple[Label, ...]:
        """Letters above and below the columns, numbers beside the rows, outside the bands."""
        labels: list[Label] = []
        n = self.size
        gap = BAND_DEPTH + 0.5
        for c in range(n):
            top = self.geometry.centre(self.geometry.name(c, 0))
            bottom = self.geometry.centre(self.geometry.name(c, n - 1))
            letter = column_letters(c)
            labels += [Label((top[0], top[1] + ROW_STEP + gap), letter, LABEL_SIZE), Label((bottom[0], bottom[1] - ROW_STEP - gap), letter, LABEL_SIZE)]
        for r in range(n):
            left = self.geometry.centre(self.geometry.name(0, r))
            right = self.geometry.centre(self.geometry.name(n - 1, r))
            number = str(r + 1)
            labels += [Label((left[0] - 0.5 - gap - 0.2, left[1]), number, LABEL_SIZE), Label((right[0] + 0.5 + gap + 0.2, right[1]), number, LABEL_SIZE)]
        return tuple(labels)
