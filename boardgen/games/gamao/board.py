"""The printable Gamão board: 24 points in two alternating tones, the bar, two bear-off trays.

Drawn from :mod:`boardgen.games.gamao.geometry`, one board unit being the width
of a point; a checker is :data:`~boardgen.games.gamao.geometry.CHECKER` of it
across, so the sheet's size line names the checkers the board suits.  On A4
or Letter the whole board fits at about 13 mm a point (12.7 mm on A4, 13.0 on
Letter: counters up to 11 mm, a travel set's size); the build's tiled poster
is :attr:`GamaoBoard.poster_cell_mm`, 30 mm a point for counters up to 27 mm; a club board,
42 mm a point for checkers of 38 mm, is ``--cell-mm 42 --tile`` (656 x 480 mm
on eight A4 sheets).

The points alternate a dark and a light tone that stay apart in a greyscale
print (palette roles ``point_dark`` and ``point_light``, ΔL* about 39); the
ink-saving edition hatches the dark points and leaves the light ones white,
so the alternation still shows.  Numbers 1..24 (White's count, the one the
notation uses) run along the outside of the frame.

Checkers are counts, not one piece each: a point's placement carries its
:class:`~boardgen.engine.base.Piece` ``count``; up to five stand in a row from
the frame towards the tip, more are drawn as five with the number on the
last.  Hit checkers wait on the bar, White's above the middle, Black's below;
borne-off checkers lie edgeways in the tray beside their owner's home, as
thin slices, with their number.
"""

from __future__ import annotations

from boardgen.boards.base import BoardDrawing, BoardOptions, Label, Part, centred_label
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Hatch, Polygon, Shape, Style, Text
from boardgen.boards.throws import GAP_FACTOR, PIPS, rounded_rectangle
from boardgen.engine.base import Piece, Throw
from boardgen.games.gamao import geometry as geo

LABEL_SIZE = 0.34  # point numbers, board units
LABEL_GAP = 0.36  # from the frame's outer edge to the middle of a number
STACK_SHOWN = 5  # checkers drawn on a point; more are five with the count on the last
BAR_SHOWN = 3
SLICE = 0.27  # a borne-off checker seen edgeways in the tray
NUMERAL = 0.46  # a stack's count on its last checker
START_DOT = 0.1  # radius of the start marks' dots


class GamaoBoard(BoardDrawing):
    """Points 1..24, the bar (``wbar``, ``bbar``) and the trays (``woff``, ``boff``) as named places."""

    game_id = "gamao"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    kind_words = {
        "checker": {"pt": ("peça", "peças"), "en": ("counter", "counters")},
        "cube": {"pt": ("dado de aposta", "dados de aposta"), "en": ("doubling cube", "doubling cubes")},
    }

    unit_label = {"pt": "largura das casas", "en": "point width"}
    poster_cell_mm = 30.0  # the tiled poster: points 30 mm wide, for counters up to 27 mm (coins); a club board's 42 mm is `--cell-mm 42 --tile`
    notes = (
        (
            "As brancas andam de 24 para 1 e retiram as peças pela direita, embaixo; as pretas andam de 1 para 24 e "
            "retiram pela direita, em cima. As peças acertadas esperam na barra do meio.",
            "White moves from 24 to 1 and bears off at the bottom right; Black moves from 1 to 24 and bears off at "
            "the top right. Hit counters wait on the bar in the middle.",
        ),
    )
    piece_diameter = 0.83  # a printed checker (boardgen pieces) and the diagrams' marks: 1 mm clear each side of a point; real counters up to CHECKER fit
    place_word = "point"
    distinct_roles = (("point-dark", "point-light"),)

    def locations(self) -> dict[str, tuple[float, float]]:
        return geo.locations()

    def start_placements(self) -> list[tuple[str, Piece]]:
        return [(str(point), Piece(owner, "checker", count)) for point, (owner, count) in sorted(geo.START.items())]

    def start_marks(self) -> dict[str, int]:
        return {str(point): owner for point, (owner, _) in geo.START.items()}

    def piece_words(self, scale_mm: float, lang: str) -> str:
        size = int(scale_mm * geo.CHECKER)
        return f"peças de até {size} mm" if lang == "pt" else f"counters up to {size} mm"

    # -- the board ------------------------------------------------------------------
    def line_width(self, frame: Frame, options: BoardOptions) -> float:
        return min(0.6, max(0.25, frame.scale * 0.015)) * options.line_scale

    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        width = self.line_width(frame, options)
        board = Group("board")
        board.add(self.draw_frame(frame, options, width))
        board.add(self.draw_points(frame, options, width))
        if options.marks_start_points:
            board.add(self.draw_start_marks(frame))
        if options.coordinates:
            board.add(self.draw_coordinates(frame))
        return board

    def draw_frame(self, frame: Frame, options: BoardOptions, width: float) -> Group:
        """The outer edge, the playing field, the bar between the halves and the two trays."""
        colours = palette.current()
        group = Group("frame")
        (x0, y0), (x1, y1) = geo.outer_box()
        group.add(Polygon(frame.pts(_rect((x0, y0), (x1, y1))), Style(stroke=colours.ink, width=width * 1.6)))
        field = Style(stroke=colours.ink, width=width)
        for left in (0.0, geo.HALF_WIDTH + geo.BAR_WIDTH):
            group.add(Polygon(frame.pts(_rect((left, 0.0), (left + geo.HALF_WIDTH, geo.FIELD_HEIGHT))), field))
        bar_fill = None if options.light else colours.guide_fill
        bar = Group("bar", title="bar: hit pieces wait here")
        bar.add(Polygon(frame.pts(_rect((geo.HALF_WIDTH, 0.0), (geo.HALF_WIDTH + geo.BAR_WIDTH, geo.FIELD_HEIGHT))),
                        Style(stroke=colours.ink, width=width, fill=bar_fill)))
        group.add(bar)
        for player, name in enumerate(geo.OFF_NAMES):
            low, high = geo.tray_box(player)
            who = "White" if player == geo.WHITE else "Black"
            tray = Group("tray", title=f"{name}: {who}'s pieces borne off")
            tray.add(Polygon(frame.pts(_rect(low, high)), Style(stroke=colours.ink, width=width, fill=bar_fill)))
            group.add(tray)
        return group

    def draw_points(self, frame: Frame, options: BoardOptions, width: float) -> Group:
        """The 24 triangles, odd points dark and even ones light, so neighbours always differ."""
        colours = palette.current()
        group = Group("points")
        for point in range(1, geo.POINTS + 1):
            dark = point % 2 == 1
            if options.light:
                hatch = Hatch(colours.faint, spacing=max(0.9, frame.scale * 0.08), angle=45.0, width=0.25) if dark else None
                style = Style(stroke=colours.ink, width=width * 0.8, fill=None, hatch=hatch)
            else:
                style = Style(stroke=colours.ink, width=width * 0.6, fill=colours.point_dark if dark else colours.point_light)
            tone = "point-dark" if dark else "point-light"
            shape = Group(tone, title=f"point {point}, {'dark' if dark else 'light'}")
            shape.add(Polygon(frame.pts(geo.point_triangle(point)), style))
            group.add(shape)
        return group

    def draw_start_marks(self, frame: Frame) -> Group:
        """On the empty board, one small dot per checker near each start point's tip, in its owner's tone."""
        group = Group("start-marks")
        for point, (owner, count) in sorted(geo.START.items()):
            fill, outline = self.piece_colours(owner)
            x, base = geo.point_base(point)
            inward = geo.point_inward(point)
            mark = Group(f"start-player-{owner}", title=f"start: {count} checkers of player {owner} on point {point}")
            for k in range(count):
                y = base + inward * (geo.POINT_LENGTH - 0.45 - k * 0.26)
                mark.add(Circle(frame.pt(x, y), max(0.3, frame.length(START_DOT)), Style(stroke=outline, width=0.2, fill=fill)))
            group.add(mark)
        return group

    def draw_coordinates(self, frame: Frame) -> Group:
        """The point numbers, above the top row and below the bottom row, outside the frame."""
        group = Group("coordinate")
        for label in self.coordinate_labels():
            group.add(centred_label(frame, label.at, label.text, frame.length(label.size)))
        return group

    # -- extent -------------------------------------------------------------------------
    def coordinate_labels(self) -> tuple[Label, ...]:
        (_, low), (_, high) = geo.outer_box()
        labels = []
        for point in range(1, geo.POINTS + 1):
            x, _ = geo.point_base(point)
            labels.append(Label((x, high + LABEL_GAP if geo.is_top(point) else low - LABEL_GAP), str(point), LABEL_SIZE))
        return tuple(labels)

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """Everything lies inside the outer edge, drawn 1.6 lines wide."""
        (x0, y0), (x1, y1) = geo.outer_box()
        return (Part((x0, y0, x1, y1), lambda scale: self.line_width(Frame(scale), options) * 1.6 / 2),)

    # -- checkers ---------------------------------------------------------------------
    def draw_pieces(self, frame: Frame, placements: list[tuple[str, Piece]], options: BoardOptions) -> Group:
        """Every stack; the counts are kept so that :meth:`move_route` can run arrows to the top checkers."""
        self._counts = {name: piece.count for name, piece in placements}
        group = Group("pieces")
        for name, piece in placements:
            group.add(self.draw_piece(frame, name, piece, options))
        return group

    def draw_piece(
        self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)
    ) -> Group:
        """A stack: checkers in a row from the frame (points) or from the middle (bar), slices in a tray."""
        self.location(name)  # an unknown place: UnknownPlace naming the board and the name
        if piece.kind == "cube":
            return self._cube(frame, name, piece)
        if name in geo.OFF_NAMES:
            return self._tray_stack(frame, name, piece)
        count = max(1, piece.count)
        title = f"stack of {count} of player {piece.owner} on {name}" if count > 1 else f"checker of player {piece.owner} on {name}"
        group = Group(f"piece-player-{piece.owner}", title=title)
        centres = self.stack_centres(name, count)
        fill, outline = self.piece_colours(piece.owner)
        radius = frame.length(geo.CHECKER / 2)
        for x, y in centres:
            centre = frame.pt(x, y)
            group.add(Circle(centre, radius, Style(stroke=outline, width=max(0.25, radius * 0.08), fill=fill)))
            group.add(Circle(centre, radius * 0.62, Style(stroke=outline, width=max(0.15, radius * 0.04))))
        if count > len(centres):
            size = max(frame.length(NUMERAL), 1.8)
            px, py = frame.pt(*centres[-1])
            ink = palette.current().paper if piece.owner == geo.BLACK else palette.current().ink
            group.add(Text((px, py + size * 0.36), str(count), size, font="sans-bold", fill=ink, anchor="middle"))
        return group

    def stack_centres(self, name: str, count: int) -> list[tuple[float, float]]:
        """Board-unit centres of the checkers drawn for a stack of ``count`` on ``name`` (at most five)."""
        if name in geo.BAR_NAMES:
            player = geo.BAR_NAMES.index(name)
            x, y = geo.bar_place(player)
            outward = 1.0 if player == geo.WHITE else -1.0
            return [(x, y + outward * k * geo.CHECKER * 1.02) for k in range(min(count, BAR_SHOWN))]
        point = int(name)
        return [geo.checker_centre(point, k) for k in range(min(count, STACK_SHOWN))]

    def _tray_stack(self, frame: Frame, name: str, piece: Piece) -> Group:
        """Borne-off checkers edgeways, from the tray's outer end, and their number beyond the last."""
        player = geo.OFF_NAMES.index(name)
        title = f"stack of {piece.count} of player {piece.owner} on {name}" if piece.count > 1 else f"checker of player {piece.owner} on {name}"
        group = Group(f"piece-player-{piece.owner}", title=title)
        (x0, y0), (x1, y1) = geo.tray_box(player)
        fill, outline = self.piece_colours(piece.owner)
        inward = 1.0 if player == geo.WHITE else -1.0
        start = y0 + 0.12 if player == geo.WHITE else y1 - 0.12
        inset = 0.12
        for k in range(piece.count):
            near = start + inward * k * SLICE
            far = near + inward * (SLICE - 0.03)
            group.add(Polygon(frame.pts(_rect((x0 + inset, min(near, far)), (x1 - inset, max(near, far)))),
                              Style(stroke=outline, width=0.2, fill=fill)))
        size = max(frame.length(NUMERAL), 1.8)
        y = start + inward * (piece.count * SLICE + 0.45)
        px, py = frame.pt((x0 + x1) / 2, y)
        group.add(Text((px, py + size * 0.36), str(piece.count), size, font="sans-bold", fill=palette.current().ink, anchor="middle"))
        return group

    def _cube(self, frame: Frame, name: str, piece: Piece) -> Group:
        """The doubling cube: a rounded square showing the stake (64 in the middle, as a real cube lies there)."""
        colours = palette.current()
        x, y = self.location(name)
        half = geo.CUBE_SIDE / 2
        shown = geo.CUBE_VALUES[-1] if piece.count == 1 else piece.count
        title = "doubling cube in the middle" if name == geo.CUBE_MIDDLE else f"doubling cube at {piece.count} of player {piece.owner}"
        group = Group("cube", title=title)
        corners = _rect((x - half, y - half), (x + half, y + half))
        group.add(Polygon(frame.pts(corners), Style(stroke=colours.ink, width=max(0.3, frame.length(0.04)), fill=colours.paper, join="round")))
        size = max(frame.length(0.42), 1.8)
        px, py = frame.pt(x, y)
        group.add(Text((px, py + size * 0.36), str(shown), size, font="sans-bold", fill=colours.ink, anchor="middle"))
        return group

    def draw_throw(self, frame: Frame, throw: Throw, options: BoardOptions) -> Group | None:
        """The dice being played: two dice, four for a double (one per move), the ones already used faded.

        No text under them (the shared drawing writes ``3-1``): the pips say it, the figure's description
        names the throw in words, and a notation under a Portuguese diagram reads as a foreign word to
        ``tests/booklet/test_diagram_drawing.py``.  ``throw.key`` holds the dice still to play (the
        engine's ``current_throw``)."""
        faces = tuple(throw.faces)
        if len(faces) != 2 or not all(1 <= f <= 6 for f in faces):
            return None
        dice = faces * 2 if faces[0] == faces[1] else faces
        left = list(throw.key) if isinstance(throw.key, tuple) else list(dice)
        x, y = frame.origin
        side = max(4.0, frame.length(geo.CHECKER) * 1.05)
        group = Group("throw", title=f"throw {throw.text}")
        for index, value in enumerate(dice):
            used = value not in left
            if not used:
                left.remove(value)
            group.add(_die(value, side, (x + index * side * (1 + GAP_FACTOR), y), used))
        return group

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        """A marked point is its whole triangle; the bar and the trays get a ring at their first place."""
        if name in geo.POINT_NAMES:
            return Polygon(frame.pts(geo.point_triangle(int(name))), style)
        x, y = self.location(name)
        return Circle(frame.pt(x, y), frame.length(geo.CHECKER * 0.62), style)

    def move_route(self, path: tuple[str, ...]) -> list[tuple[float, float]]:
        """Where a move's arrow runs: from its first place to its last, turning in the middle of the board's
        left or right end when the track turns from one row to the other (13 to 12, or 24 round to the tray)."""
        names = [name for name in path if name in geo.PLACE_NAMES]
        if len(names) < 2:
            return []
        points = [self._slot(names[0], leaving=True)]
        for before, after in zip(names, names[1:]):
            if before in geo.POINT_NAMES and after in geo.POINT_NAMES and geo.is_top(int(before)) != geo.is_top(int(after)):
                x, _ = geo.point_base(int(before))
                points.append((x, geo.FIELD_HEIGHT / 2))
        points.append(self._slot(names[-1], leaving=False))
        return points

    _counts: dict[str, int] = {}

    def _slot(self, name: str, leaving: bool) -> tuple[float, float]:
        """Where an arrow meets a stack: the slot just above the checkers drawn (the one a checker left),
        or the top checker where one landed; the first place when no pieces were drawn (a bare board)."""
        if name in geo.OFF_NAMES:  # the last slice in the tray, where the checker borne off lies
            player = geo.OFF_NAMES.index(name)
            x, first = geo.off_place(player)
            inward = 1.0 if player == geo.WHITE else -1.0
            return (x, first + inward * max(0, self._counts.get(name, 1) - 1) * SLICE)
        if name not in geo.POINT_NAMES and name not in geo.BAR_NAMES:
            return geo.locations()[name]
        count = self._counts.get(name, 0)
        index = count if leaving else max(0, count - 1)
        cap = BAR_SHOWN if name in geo.BAR_NAMES else STACK_SHOWN
        return self.stack_centres(name, cap)[min(index, cap - 1)] if count or leaving else geo.locations()[name]


def _die(value: int, side: float, origin: tuple[float, float], used: bool) -> Group:
    """One die showing ``value``; a die already played is drawn in the faint tone, dashed, so it reads as spent."""
    colours = palette.current()
    ink = colours.faint if used else colours.ink
    x, y = origin
    group = Group("die-used" if used else "die", title=f"die showing {value}{', used' if used else ''}")
    outline = Style(stroke=ink, width=max(0.25, side * 0.045), fill=colours.paper, dash=(0.8, 0.6) if used else ())
    group.add(rounded_rectangle(x, y, x + side, y + side, side * 0.18, outline))
    step, pip = side * 0.27, side * 0.095
    for column, row in PIPS[value]:
        group.add(Circle((x + side / 2 + (column - 1) * step, y + side / 2 + (row - 1) * step), pip, Style(stroke=None, fill=ink)))
    return group


def _rect(low: tuple[float, float], high: tuple[float, float]) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1) = low, high
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
