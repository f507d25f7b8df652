"""The printable Awelé board: two rows of six pits, a store at each end, the sowing direction.

Drawn from :mod:`boardgen.games.awele.geometry`, one board unit being the
diameter of a pit, so the sheet's size line states the pit diameter (on A4
about 30 mm: room for a heap of beans or seeds up to a centimetre across).
Pits are white inside with a plain outline, so that on a pen-and-paper sheet
a count can be written in each one.

On an empty board a counter-clockwise loop with arrowheads runs between the
rows: the sowing direction, which the sheet's note names in both languages.  Like start marks it
helps on the printed board and is left out of diagrams
(``BoardOptions.start_marks``), whose own arrows show the sowing of a move.

Seeds are counts, not pieces: a pit or store holding seeds gets its number
(:class:`~boardgen.engine.base.Piece` ``count``), plus one small dot per seed
round it while there are a few (up to :data:`MAX_DOTS`), so a reader sees the
count as a number and, for small ones, at a glance.
"""

from __future__ import annotations

import math

from boardgen.boards.base import BoardDrawing, BoardOptions, Label, Part, centred_label, rounded_box
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Polygon, Polyline, Shape, Style, Text
from boardgen.engine.base import Piece
from boardgen.games.awele import geometry as geo

LABEL_SIZE = 0.3  # board units
LABEL_GAP = 0.85  # from a row's pit centres to the middle of its column letters
OUTLINE_MARGIN = 0.22  # the board's outline round pits and stores
NUMERAL_SIZE = 0.42  # a pit's count, in board units (font size)
STORE_NUMERAL_SIZE = 0.5
MAX_DOTS = 12  # seeds drawn as dots round the count, up to this many
DOT_RING = 0.36
DOT_RADIUS = 0.05
LAP_INSET = 0.24  # a second lap of a long sowing runs this much further inside the loop
CLAIM_OFFSET = 0.36  # a claim's cross sits this far right of and outward from a pit's centre
LANE = 0.62  # the first lap's lane: this far from a row's centres, between the rows
SOWING_LOOP = (0.7, 1.3)  # y of the printed sowing loop's two legs (between the lanes of diagrams)


def outline_box() -> tuple[float, float, float, float]:
    """The board's edge round pits and stores, in board units (x0, y0, x1, y1): what the outline draws."""
    (x0, _), (x1, _) = geo.store_centre(geo.NORTH), geo.store_centre(geo.SOUTH)
    half = geo.STORE_WIDTH / 2 + OUTLINE_MARGIN
    return (x0 - half, -geo.PIT_DIAMETER / 2 - OUTLINE_MARGIN, x1 + half, geo.ROW_GAP + geo.PIT_DIAMETER / 2 + OUTLINE_MARGIN)


class AweleBoard(BoardDrawing):
    """Two rows of six round pits between two long stores; places are the pits and the stores."""

    game_id = "awele"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    kind_words = {"seed": {"pt": ("semente", "sementes"), "en": ("seed", "seeds")}}

    claim_marks_beside_pieces = True  # claim_mark sets the marks off the counts
    unit_label = {"pt": "diâmetro das casas", "en": "pit diameter"}
    poster_cell_mm = 57.0  # the tiled poster: pits 57 mm across, the size of a carved board's, for a heap of beans or large seeds
    light_saves_ink = False  # outlines on paper already: its booklet in light ink prints as much (docs/build.md, The audit)
    notes = (
        (
            "Casas para feijões ou sementes de até 1 cm; cada jogador semeia no sentido anti-horário "
            "(as setas) e guarda as sementes colhidas no depósito à sua direita.",
            "Pits for beans or seeds up to 1 cm across; both players sow counter-clockwise (the arrows) "
            "and keep captured seeds in the store on their right.",
        ),
    )
    piece_diameter = geo.PIT_DIAMETER
    place_word = "pit"

    def locations(self) -> dict[str, tuple[float, float]]:
        return geo.locations()

    def start_placements(self) -> list[tuple[str, Piece]]:
        """Four seeds in every pit (``--setup`` draws them); the stores start empty."""
        return [(name, Piece(geo.owner(i), "seed", geo.SEEDS_PER_PIT)) for i, name in enumerate(geo.PIT_NAMES)]

    # -- the board ------------------------------------------------------------------
    def line_width(self, frame: Frame, options: BoardOptions) -> float:
        return min(0.6, max(0.25, frame.scale * 0.012)) * options.line_scale

    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        width = self.line_width(frame, options)
        board = Group("board")
        board.add(self.draw_outline(frame, width))
        board.add(self.draw_stores(frame, width))
        board.add(self.draw_pits(frame, width))
        if options.start_marks:
            board.add(self.draw_sowing_direction(frame, width))
        if options.coordinates:
            board.add(self.draw_coordinates(frame))
        return board

    def draw_outline(self, frame: Frame, width: float) -> Group:
        """A rounded rectangle round everything: the board's edge, to cut along or to glue on card."""
        x0, y0, x1, y1 = outline_box()
        style = Style(stroke=palette.current().ink, width=width * 1.4, join="round")
        return Group("outline").add(rounded_box(frame, (x0, y0), (x1, y1), geo.STORE_WIDTH / 2 + OUTLINE_MARGIN, style))

    def draw_pits(self, frame: Frame, width: float) -> Group:
        colours = palette.current()
        style = Style(stroke=colours.ink, width=width, fill=colours.paper)
        group = Group("pits")
        for index, name in enumerate(geo.PIT_NAMES):
            who = "South" if geo.owner(index) == geo.SOUTH else "North"
            pit = Group("pit", title=f"pit {name} ({who})")
            pit.add(Circle(frame.pt(*geo.pit_centre(index)), frame.length(geo.PIT_DIAMETER / 2), style))
            group.add(pit)
        return group

    def draw_stores(self, frame: Frame, width: float) -> Group:
        colours = palette.current()
        style = Style(stroke=colours.ink, width=width, fill=colours.paper)
        group = Group("stores")
        for player, name in enumerate(geo.STORES):
            x, y = geo.store_centre(player)
            half_w, half_h = geo.STORE_WIDTH / 2, geo.STORE_HEIGHT / 2
            store = Group("store", title=f"{name} store: seeds captured by {'South' if player == 0 else 'North'}")
            store.add(rounded_box(frame, (x - half_w, y - half_h), (x + half_w, y + half_h), half_w, style))
            group.add(store)
        return group

    def draw_sowing_direction(self, frame: Frame, width: float) -> Group:
        """A counter-clockwise loop between the rows with an arrowhead on each leg.

        Unlabelled: the sheet's note names it in both languages, and a word on the
        board would read as a tile's name on a poster's assembly page.
        """
        colour = palette.current().guide
        low, high = SOWING_LOOP
        left, right = 0.0, (geo.PITS_PER_ROW - 1) * geo.PITCH
        loop = [(left, low), (right, low), (right, high), (left, high), (left, low)]
        style = Style(stroke=colour, width=width * 1.2, cap="round", join="round")
        group = Group("sowing-direction", title="sowing direction: counter-clockwise")
        group.add(Polyline(frame.pts(loop), style))
        head = 0.16
        for (xa, ya), (xb, yb) in ((loop[0], loop[1]), (loop[2], loop[3])):
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            ux = 1.0 if xb > xa else -1.0
            tip = (mx + ux * head, my)
            group.add(Polygon(frame.pts([tip, (mx - ux * head, my + head * 0.7), (mx - ux * head, my - head * 0.7)]),
                              Style(stroke=None, fill=colour)))
        return group

    def draw_coordinates(self, frame: Frame) -> Group:
        """Each pit's name beside it: a1..f1 under South's row, a2..f2 over North's (no room for row numbers
        beyond the stores without shrinking the pits)."""
        group = Group("coordinate")
        for label in self.coordinate_labels():
            group.add(centred_label(frame, label.at, label.text, frame.length(label.size)))
        return group

    # -- extent -------------------------------------------------------------------------
    def coordinate_labels(self) -> tuple[Label, ...]:
        labels: list[Label] = []
        for k, letter in enumerate(geo.COLUMNS):
            x = k * geo.PITCH
            labels += [Label((x, -LABEL_GAP), f"{letter}1", LABEL_SIZE), Label((x, geo.ROW_GAP + LABEL_GAP), f"{letter}2", LABEL_SIZE)]
        return tuple(labels)

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """Everything lies inside the outline, drawn 1.4 lines wide."""
        return (Part(outline_box(), lambda scale: self.line_width(Frame(scale), options) * 1.4 / 2),)

    # -- counts -------------------------------------------------------------------------
    def draw_piece(
        self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)
    ) -> Group:
        """A pit's or store's seeds: the count as a number, and a dot per seed when there are few."""
        x, y = self.location(name)
        colours = palette.current()
        store = name in geo.STORES
        group = Group("seeds", title=f"{piece.count} seed{'s' if piece.count != 1 else ''} in {name}")
        if not store and piece.count <= MAX_DOTS:
            dot = Style(stroke=None, fill=colours.faint)
            for k in range(piece.count):
                angle = math.pi / 2 - 2 * math.pi * k / MAX_DOTS
                centre = frame.pt(x + DOT_RING * math.cos(angle), y + DOT_RING * math.sin(angle))
                group.add(Circle(centre, max(0.25, frame.length(DOT_RADIUS)), dot))
        size = max(frame.length(STORE_NUMERAL_SIZE if store else NUMERAL_SIZE), 1.8)
        px, py = frame.pt(x, y)
        group.add(Text((px, py + size * 0.36), str(piece.count), size, font="sans-bold", fill=colours.ink, anchor="middle"))
        return group

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        """A ring just outside a pit (a store: round its whole length)."""
        x, y = self.location(name)
        if name in geo.STORES:
            half_w, half_h = geo.STORE_WIDTH / 2 + 0.08, geo.STORE_HEIGHT / 2 + 0.08
            return rounded_box(frame, (x - half_w, y - half_h), (x + half_w, y + half_h), half_w, style)
        return Circle(frame.pt(x, y), frame.length(geo.PIT_DIAMETER / 2 + 0.08), style)

    def move_route(self, path: tuple[str, ...]) -> list[tuple[float, float]]:
        """Where a sowing's arrow runs: out of the pit emptied into the lane between the rows, along it
        past every pit sown, into the last one (slantwise out and in, so the head points into the pit).

        The lane lies between the rows, so the arrow covers no count; each further
        lap (11 pits sown, the emptied pit passed by) runs :data:`LAP_INSET` further
        inside the one before, turning where it passes the emptied pit.
        """
        pits = [geo.PIT_INDEX[p] for p in path if p in geo.PIT_INDEX]
        if len(pits) < 2:
            return []
        origin = pits[0]
        points = [geo.pit_centre(origin)]  # out of the emptied pit slantwise (one seed: straight to the next pit)
        for k, pit in enumerate(pits[1:-1]):
            lap = min(k // (geo.PIT_COUNT - 1), 1)
            if k and k % (geo.PIT_COUNT - 1) == 0:  # this lap passes the emptied pit: turn inwards there
                turn = _lane_point(origin, lap)
                points += [(turn[0], points[-1][1]), turn]
            points.append(_lane_point(pit, lap))
        # Into the last pit slantwise from the lane, so that the head, cut back to the pit's rim, points into it.
        points.append(geo.pit_centre(pits[-1]))
        return points

    def claim_mark(self, name: str) -> tuple[tuple[float, float], float]:
        """Where a diagram crosses a pit (a capture, a refused move): its outer corner, small, off the count."""
        x, y = self.location(name)
        if name in geo.STORES:
            return (x, y), 0.7
        outward = -1.0 if geo.owner(geo.PIT_INDEX[name]) == geo.SOUTH else 1.0
        return (x + CLAIM_OFFSET, y + outward * CLAIM_OFFSET), 0.55


def _lane_point(pit: int, lap: int) -> tuple[float, float]:
    """The point of the sowing lane beside ``pit`` on the given lap (0 or 1)."""
    x, y = geo.pit_centre(pit)
    inset = LANE + lap * LAP_INSET
    column = geo.column(pit)
    if column == 0:
        x += lap * LAP_INSET
    elif column == geo.PITS_PER_ROW - 1:
        x -= lap * LAP_INSET
    return (x, y + inset if geo.owner(pit) == geo.SOUTH else y - inset)


