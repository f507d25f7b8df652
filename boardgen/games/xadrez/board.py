"""The Xadrez board: the shared 8 x 8 chequerboard, with chess pieces drawn as figures of our own.

Why our own figures and not font glyphs: the bundled Noto Sans and Noto Serif
have no chess symbols (U+2654-U+265F), and a font of the machine would make
the output depend on where it was built.  Each figure is a few polygons and
circles in square units (a silhouette a player recognises: the king's cross,
the queen's crown of points, the rook's battlements, the bishop's mitre with
its slit, the knight's head, the pawn's ball), so it scales from a booklet
diagram to a printed pieces sheet and stays a vector.  White's figures are
light with an ink outline and Black's dark with light details, which keeps the
two sides apart in greyscale as well as in colour.

Everything else (squares, colours, coordinates, sizes) is
:class:`~boardgen.boards.chequerboard.ChequerBoard`'s, shared with Damas.
"""

from __future__ import annotations

from boardgen.boards.base import BoardOptions, Part, bounding
from boardgen.boards.chequerboard import ChequerBoard
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Line, Polygon, Style
from boardgen.engine.base import Piece

Vec = tuple[float, float]

#: the back rank from a to h, as games.md 12 and the seed give it
BACK_RANK = ("rook", "knight", "bishop", "queen", "king", "bishop", "knight", "rook")
FILES = "abcdefgh"
START_PIECES: dict[str, Piece] = {
    **{f"{f}1": Piece(0, kind) for f, kind in zip(FILES, BACK_RANK)},
    **{f"{f}2": Piece(0, "pawn") for f in FILES},
    **{f"{f}7": Piece(1, "pawn") for f in FILES},
    **{f"{f}8": Piece(1, kind) for f, kind in zip(FILES, BACK_RANK)},
}

_BASE: list[Vec] = [(-0.30, -0.42), (0.30, -0.42), (0.30, -0.33), (-0.30, -0.33)]

#: each figure: polygons and circles (centre, radius) in square units, y up, centred on the square
FIGURES: dict[str, tuple[list[list[Vec]], list[tuple[Vec, float]]]] = {
    "pawn": (
        [_BASE, [(-0.19, -0.33), (0.19, -0.33), (0.08, 0.04), (-0.08, 0.04)], [(-0.14, 0.0), (0.14, 0.0), (0.14, 0.07), (-0.14, 0.07)]],
        [((0.0, 0.19), 0.13)],
    ),
    "rook": (
        [_BASE, [(-0.21, -0.33), (0.21, -0.33), (0.18, 0.15), (-0.18, 0.15)],
         [(-0.26, 0.15), (0.26, 0.15), (0.26, 0.40), (0.15, 0.40), (0.15, 0.30), (0.055, 0.30), (0.055, 0.40),
          (-0.055, 0.40), (-0.055, 0.30), (-0.15, 0.30), (-0.15, 0.40), (-0.26, 0.40)]],
        [],
    ),
    "knight": (
        [_BASE, [(-0.22, -0.33), (0.28, -0.33), (0.29, 0.02), (0.24, 0.24), (0.12, 0.37), (0.05, 0.46), (-0.01, 0.38),
                 (-0.13, 0.33), (-0.33, 0.10), (-0.32, 0.00), (-0.22, -0.03), (-0.08, 0.06), (-0.22, -0.16)]],
        [],
    ),
    "bishop": (
        [_BASE, [(-0.19, -0.33), (0.19, -0.33), (0.09, -0.05), (-0.09, -0.05)], [(-0.16, -0.08), (0.16, -0.08), (0.16, -0.02), (-0.16, -0.02)],
         [(-0.15, -0.02), (0.15, -0.02), (0.17, 0.10), (0.12, 0.22), (0.0, 0.34), (-0.12, 0.22), (-0.17, 0.10)]],
        [((0.0, 0.39), 0.055)],
    ),
    "queen": (
        [_BASE, [(-0.20, -0.33), (0.20, -0.33), (0.33, 0.24), (0.17, 0.07), (0.10, 0.32), (0.0, 0.10), (-0.10, 0.32),
                 (-0.17, 0.07), (-0.33, 0.24)]],
        [((0.33, 0.27), 0.05), ((0.10, 0.36), 0.05), ((-0.10, 0.36), 0.05), ((-0.33, 0.27), 0.05)],
    ),
    "king": (
        [_BASE, [(-0.21, -0.33), (0.21, -0.33), (0.27, 0.14), (-0.27, 0.14)], [(-0.27, 0.14), (0.27, 0.14), (0.17, 0.27), (-0.17, 0.27)],
         [(-0.04, 0.27), (0.04, 0.27), (0.04, 0.34), (0.11, 0.34), (0.11, 0.41), (0.04, 0.41), (0.04, 0.48), (-0.04, 0.48),
          (-0.04, 0.41), (-0.11, 0.41), (-0.11, 0.34), (-0.04, 0.34)]],
        [],
    ),
}

#: inner details drawn in the contrasting colour (the knight's eye, the bishop's slit), square units
DETAILS: dict[str, tuple[list[tuple[Vec, Vec]], list[tuple[Vec, float]]]] = {
    "knight": ([((-0.24, 0.04), (-0.15, 0.02))], [((-0.07, 0.27), 0.035)]),
    "bishop": ([((0.03, 0.08), (0.10, 0.20))], []),
    "pawn": ([], []),
    "rook": ([((-0.18, 0.08), (0.18, 0.08))], []),
    "queen": ([((-0.22, -0.12), (0.22, -0.12))], []),
    "king": ([((-0.23, 0.0), (0.23, 0.0))], []),
}


class XadrezBoard(ChequerBoard):
    """8 x 8 squares, a1 dark (each player's right-hand corner square light); the 32 pieces of the start."""

    game_id = "xadrez"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    kind_words = {
        "king": {"pt": ("rei", "reis"), "en": ("king", "kings")},
        "queen": {"pt": ("dama", "damas"), "en": ("queen", "queens")},
        "rook": {"pt": ("torre", "torres"), "en": ("rook", "rooks")},
        "bishop": {"pt": ("bispo", "bispos"), "en": ("bishop", "bishops")},
        "knight": {"pt": ("cavalo", "cavalos"), "en": ("knight", "knights")},
        "pawn": {"pt": ("peão", "peões"), "en": ("pawn", "pawns")},
    }

    start = {0: tuple(n for n, p in START_PIECES.items() if p.owner == 0), 1: tuple(n for n, p in START_PIECES.items() if p.owner == 1)}
    piece_kind = "pawn"
    start_marks_title = "start squares"
    #: a figure's height in squares (FIDE's king is about as tall as the square is wide; a diagram wants a margin)
    figure_scale = 0.9

    def __init__(self, size: int | None = None) -> None:
        super().__init__(None)

    def start_placements(self) -> list[tuple[str, Piece]]:
        return list(START_PIECES.items())

    def pieces_extent(self, placements: list[tuple[str, Piece]]) -> tuple[Part, ...]:
        """The figures' outlines round each square's centre, with a dark figure's light halo (3.2 outlines wide)."""
        parts = []
        k = self.figure_scale
        for name, piece in placements:
            x, y = self.location(name)
            polygons, circles = FIGURES.get(piece.kind, FIGURES["pawn"])
            points = [(x + px * k, y + py * k) for shape in polygons for px, py in shape]
            points += [(x + (cx + dx * r) * k, y + (cy + dy * r) * k) for (cx, cy), r in circles for dx, dy in ((-1, -1), (1, 1))]
            parts.append(Part(bounding(points), lambda scale: max(0.2, scale * k * 0.025) * 3.2 / 2))
        return tuple(parts)

    def draw_piece(self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)) -> Group:
        x, y = self.location(name)
        group = Group(f"piece-player-{piece.owner}", title=f"{piece.kind} of player {piece.owner} on {name}")
        group.add(*self.figure(frame, (x + offset[0], y + offset[1]), piece, self.figure_scale))
        return group

    def figure(self, frame: Frame, centre: Vec, piece: Piece, scale: float, stroke: float | None = None) -> list[Group]:
        """The figure of ``piece`` centred on a board point, ``scale`` squares tall (its outline and its details)."""
        colours = palette.current()
        fill, outline = self.piece_colours(piece.owner)
        detail = colours.paper if fill == colours.dark_piece else colours.ink
        width = stroke if stroke is not None else max(0.2, frame.length(scale) * 0.025)
        polygons, circles = FIGURES.get(piece.kind, FIGURES["pawn"])
        lines, dots = DETAILS.get(piece.kind, ([], []))
        cx, cy = centre

        def at(point: Vec) -> Vec:
            return (cx + point[0] * scale, cy + point[1] * scale)

        body = Group("figure")
        style = Style(stroke=outline, width=width, fill=fill, join="round")
        if fill == colours.dark_piece:  # a light halo keeps a dark figure clear of a dark square
            halo = Style(stroke=colours.paper, width=width * 3.2, fill=colours.paper, join="round")
            for shape in polygons:
                body.add(Polygon(frame.pts([at(p) for p in shape]), halo))
            for point, radius in circles:
                body.add(Circle(frame.pt(*at(point)), frame.length(radius * scale), halo))
        for shape in polygons:
            body.add(Polygon(frame.pts([at(p) for p in shape]), style))
        for point, radius in circles:
            body.add(Circle(frame.pt(*at(point)), frame.length(radius * scale), style))
        marks = Group("figure-detail")
        for a, b in lines:
            marks.add(Line(frame.pt(*at(a)), frame.pt(*at(b)), Style(stroke=detail, width=width, cap="round")))
        for point, radius in dots:
            marks.add(Circle(frame.pt(*at(point)), frame.length(radius * scale), Style(stroke=None, fill=detail)))
        return [body, marks] if marks.children else [body]

    def draw_start_marks(self, frame: Frame, options: BoardOptions) -> Group:
        """An empty board shows where each piece starts with a small figure of it."""
        group = Group("start-marks", title=self.start_marks_title)
        stroke = max(0.2, self.line_width(frame, options) * self.start_mark_stroke)
        for owner in (0, 1):
            player = Group(f"start-player-{owner}", title=self.start_group_title(owner))
            for name, piece in START_PIECES.items():
                if piece.owner == owner:
                    player.add(*self.figure(frame, self.location(name), piece, 0.42, stroke))
            group.add(player)
        return group
