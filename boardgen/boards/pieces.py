"""Pieces to cut out: the shared shapes of a pieces sheet, drawn in sheet millimetres.

A pieces sheet (:mod:`boardgen.sheets.pieces`) only packs *cutouts*: things
that know their footprint and draw themselves at a place, with their cut lines
(role ``cut``, solid) and fold lines (role ``fold``, dashed) kept apart from
the printed faces, so a test can find every line the scissors follow.  The
shapes are shared by every game; a game declares which it uses in its own
``boardgen/games/GAME/pieces.py`` (a :class:`PieceSet`), so a new game adds a
few lines and no drawing code.

Why faces are callables: the same face (a stone, a chess figure, a king)
goes on a flat disc, on both sides of a double-sided disc, or on the two
panels of a standing tent, so a face is drawn by a function of its centre
and size, and the shape around it decides where and how often.

Colours come from the palette at draw time.  The two players also differ by
*pattern*, so a grey or colour-blind reader still tells them apart: the first
player's pieces carry a rim line, the second player's a hatching.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from boardgen.drawing import palette
from boardgen.drawing.model import Arc, Circle, Group, Hatch, Line, Path, Point, Polygon, Polyline, Shape, Style, Text

#: what draws one face of a piece: (centre, size in mm, light ink?) -> shapes
Face = Callable[[Point, float, bool], list[Shape]]

CUT_WIDTH = 0.25  # mm: a cut line thin enough to cut on, thick enough to see
FOLD_DASH = (1.6, 1.0)
BLEED_MM = 0.8  # the back of a double-sided piece spills this far past the cut: duplex printers shift a little


def cut_style() -> Style:
    return Style(stroke=palette.current().ink, width=CUT_WIDTH, cap="butt")


def fold_style() -> Style:
    return Style(stroke=palette.current().ink, width=CUT_WIDTH, dash=FOLD_DASH, cap="butt")


# -- faces --------------------------------------------------------------------------------

Mark = Literal["", "ring", "crown", "attacker", "defender"]


def player_pattern(owner: int, centre: Point, radius: float, fill: str | None, light: bool, colour: str) -> list[Shape]:
    """The pattern that tells the players apart without colour: a rim line (first player) or a hatching (second).

    The hatching is in the paper's colour on a dark fill and in ink on a light
    one, so it shows on either; seats beyond two (Nyout's horses) get a crossed
    hatching and dots.
    """
    colours = palette.current()
    on_dark = fill is not None and palette.lightness(fill) < 50
    line = colours.paper if on_dark else (colour if light else colours.ink)
    width = max(0.2, radius * 0.06)
    if owner == 0:
        return [Circle(centre, radius * 0.78, Style(stroke=line, width=width, fill=None))]
    angles = {1: (45.0,), 2: (45.0, -45.0), 3: (0.0,)}.get(owner, (45.0,))
    spacing = max(0.9, radius * 0.28)
    # paper lines on a dark fill stay thin: wide ones would lighten the piece towards the other side's tone in grey
    hatch_width = width * (0.5 if on_dark else 0.9)
    shapes: list[Shape] = [Circle(centre, radius * 0.86, Style(stroke=None, hatch=Hatch(line, spacing, angle, hatch_width, centre))) for angle in angles]
    if owner == 3:
        shapes.append(Circle(centre, radius * 0.78, Style(stroke=line, width=width, dash=(width, width * 2.5), fill=None)))
    return shapes


def kind_mark(mark: Mark, centre: Point, radius: float, colour: str, width: float) -> list[Shape]:
    """The sign of a piece's kind, on top of its colour and pattern (an officer's ring, a king's crown...)."""
    cx, cy = centre
    if mark == "ring":
        return [Circle(centre, radius * 0.5, Style(stroke=colour, width=width * 1.4, fill=None))]
    if mark == "crown":  # three points over a band: the king of draughts, and the Assalto officer's cousin
        w, h = radius * 1.0, radius * 0.7
        x0, y0 = cx - w / 2, cy + h / 2
        points = ((x0, y0), (x0, y0 - h), (x0 + w * 0.25, y0 - h * 0.45), (cx, y0 - h), (x0 + w * 0.75, y0 - h * 0.45), (x0 + w, y0 - h), (x0 + w, y0))
        return [Polygon(points, Style(stroke=colour, width=width, fill=None, join="miter"))]
    if mark == "attacker":  # a spearhead
        r = radius * 0.5
        return [Polygon(((cx, cy - r), (cx + r * 0.8, cy + r * 0.6), (cx - r * 0.8, cy + r * 0.6)), Style(stroke=colour, width=width * 1.3, fill=None, join="miter"))]
    if mark == "defender":  # a shield
        r = radius * 0.48
        return [Path((("M", cx - r, cy - r * 0.8), ("L", cx + r, cy - r * 0.8), ("L", cx + r, cy), ("L", cx, cy + r), ("L", cx - r, cy), ("Z",)), Style(stroke=colour, width=width * 1.3, fill=None, join="miter"))]
    return []


def stone_face(fill_role: str, owner: int, mark: Mark = "", outline_role: str = "ink") -> Face:
    """A plain piece: the colour of a palette role, the owner's pattern and the kind's mark.

    Roles, not colours, are what a declaration names, so the colour is read
    when the sheet is drawn (a swapped palette reaches the pieces too).
    """

    def draw(centre: Point, size: float, light: bool) -> list[Shape]:
        colours = palette.current()
        colour = getattr(colours, fill_role)
        radius = size / 2
        width = max(0.25, radius * 0.07)
        fill = None if light else colour
        # light ink keeps a colour in the lines, unless it is too pale to see on paper (the white pieces' ivory)
        line = colour if palette.lightness(colour) < 85 else colours.ink
        outline = line if light else getattr(colours, outline_role)
        shapes: list[Shape] = [Circle(centre, radius - width / 2, Style(stroke=outline, width=width, fill=fill))]
        shapes += player_pattern(owner, centre, radius - width, fill, light, line)
        on_dark = fill is not None and palette.lightness(fill) < 50
        shapes += kind_mark(mark, centre, radius, colours.paper if on_dark else colours.ink, width)
        return [Group(f"piece-player-{owner}", shapes)]  # the role tests find each side's pieces by (colour-blind check)

    return draw


def numbered_face(fill_role: str, owner: int, number: str) -> Face:
    """A stone with a number on it (Nyout's horses: which of a seat's horses it is)."""
    plain = stone_face(fill_role, owner)

    def draw(centre: Point, size: float, light: bool) -> list[Shape]:
        colours = palette.current()
        fill = getattr(colours, fill_role)
        dark = not light and palette.lightness(fill) < 50
        text_size = size * 0.42
        backing = Circle(centre, size * 0.3, Style(stroke=None, fill=colours.paper))
        label = Text((centre[0], centre[1] + text_size * 0.36), number, text_size, font="sans-bold", fill=colours.ink, anchor="middle")
        return plain(centre, size, light) + ([backing] if dark or owner else []) + [label]

    return draw


# -- turning a drawing over -----------------------------------------------------------------


def turned(shapes: Sequence[Shape], centre: Point) -> list[Shape]:
    """The shapes turned half a turn about ``centre``: the upside-down face of a tent, which reads upright once folded."""
    cx, cy = centre

    def p(point: Point) -> Point:
        return (2 * cx - point[0], 2 * cy - point[1])

    out: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out.append(Group(shape.role, turned(shape.children, centre), shape.title))
        elif isinstance(shape, Line):
            out.append(replace(shape, start=p(shape.start), end=p(shape.end)))
        elif isinstance(shape, (Polygon, Polyline)):
            out.append(replace(shape, points=tuple(p(q) for q in shape.points)))
        elif isinstance(shape, Circle):
            out.append(replace(shape, centre=p(shape.centre)))
        elif isinstance(shape, Arc):
            out.append(replace(shape, centre=p(shape.centre), start=shape.start + 180, end=shape.end + 180))
        elif isinstance(shape, Path):
            commands: list[tuple[Any, ...]] = []
            for command in shape.commands:
                if command[0] in ("M", "L"):
                    commands.append((command[0], *p((command[1], command[2]))))
                elif command[0] == "A":
                    commands.append(("A", *p((command[1], command[2])), command[3], command[4] + 180, command[5] + 180))
                else:
                    commands.append(command)
            out.append(replace(shape, commands=tuple(commands)))
        else:
            raise TypeError(f"a turned face cannot hold {type(shape).__name__} (text has no rotation)")
    return out


# -- cutouts --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cutout:
    """One thing to cut out: its footprint on the sheet (mm) and how to draw it with its top left corner at (x, y).

    ``back``: what a duplex printer prints on the other side, drawn at the
    same (x, y) of the back page *before* it is mirrored; None for a piece
    printed on one side.  ``title`` says what it is, for people and tests.
    """

    width: float
    height: float
    front: Callable[[float, float, bool], list[Shape]]
    back: Callable[[float, float, bool], list[Shape]] | None = None
    title: str = ""
    #: what the piece must fit on the board, in mm (the piece's own diameter or base width), for tests
    footprint: float = 0.0

    def draw(self, x: float, y: float, light: bool) -> Group:
        return Group("cutout", list(self.front(x, y, light)), self.title)

    def draw_back(self, x: float, y: float, light: bool) -> Group | None:
        return None if self.back is None else Group("cutout-back", list(self.back(x, y, light)), self.title)


def disc(face: Face, diameter: float, title: str = "", back: Face | None = None) -> Cutout:
    """A round piece, cut along its edge; with ``back``, the other side is printed duplex (with a little bleed)."""
    r = diameter / 2

    def front(x: float, y: float, light: bool) -> list[Shape]:
        centre = (x + r, y + r)
        return [Group("face", face(centre, diameter, light)), Group("cut", [Circle(centre, r, cut_style())])]

    def reverse(x: float, y: float, light: bool) -> list[Shape]:
        assert back is not None
        centre = (x + r, y + r)
        return [Group("face", back(centre, diameter + 2 * BLEED_MM, light))]

    return Cutout(diameter, diameter, front, reverse if back else None, title, diameter)


def square_token(face: Face, side: float, title: str = "") -> Cutout:
    """A square piece (Seega's cells are squares): the face on a square, cut along its edge."""

    def front(x: float, y: float, light: bool) -> list[Shape]:
        centre = (x + side / 2, y + side / 2)
        square = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
        colours = palette.current()
        return [
            Group("face", [Polygon(square, Style(stroke=None, fill=None if light else colours.paper))] + face(centre, side * 0.92, light)),
            Group("cut", [Polygon(square, replace(cut_style(), join="miter"))]),
        ]

    return Cutout(side, side, front, None, title, side)


def fold_over_disc(front_face: Face, back_face: Face, diameter: float, title: str = "") -> Cutout:
    """Two discs joined at a fold: cut round both, fold along the dashed line, glue back to back.

    The single-sided way to a double-sided piece, for printers without
    duplex.  The discs touch at the fold line and a bridge a little under
    half a radius high holds them together while cutting.
    """
    r = diameter / 2
    half_bridge = r * 0.4
    reach = math.sqrt(r * r - half_bridge * half_bridge)  # the bridge's edge meets each circle here
    corner = math.degrees(math.atan2(half_bridge, reach))

    def front(x: float, y: float, light: bool) -> list[Shape]:
        fold_x, cy = x + diameter, y + r
        left, right = (fold_x - r, cy), (fold_x + r, cy)
        outline = Path(
            (
                ("M", fold_x - (r - reach), cy - half_bridge),
                ("L", fold_x + (r - reach), cy - half_bridge),
                ("A", right[0], right[1], r, 180 + corner, 540 - corner),
                ("L", fold_x - (r - reach), cy + half_bridge),
                ("A", left[0], left[1], r, corner, 360 - corner),
                ("Z",),
            ),
            replace(cut_style(), join="miter"),
        )
        return [
            Group("face", front_face(left, diameter, light) + back_face(right, diameter, light)),
            Group("cut", [outline]),
            Group("fold", [Line((fold_x, cy - half_bridge), (fold_x, cy + half_bridge), fold_style())]),
        ]

    return Cutout(2 * diameter, diameter, front, None, title, diameter)


def tent(face: Face, width: float, face_height: float, base: float, title: str = "") -> Cutout:
    """A standing piece: two faces, a base and a glue tab in one strip, folded into a triangle.

    From the top: the back face (upside down, so it reads upright once
    folded), the front face, the base that stands on the board, and a tab
    glued under the back face's lower edge.  Standing, it takes ``width`` by
    ``base`` of its square.
    """
    tab = min(6.0, face_height * 0.3)
    height = 2 * face_height + base + tab

    def front(x: float, y: float, light: bool) -> list[Shape]:
        folds = [y + face_height, y + 2 * face_height, y + 2 * face_height + base]
        size = min(width, face_height) * 0.9
        back_centre = (x + width / 2, y + face_height / 2)
        front_centre = (x + width / 2, y + face_height * 1.5)
        inset = min(2.0, tab * 0.4)
        bottom = y + height
        outline = Polygon(
            ((x, y), (x + width, y), (x + width, folds[2]), (x + width - inset, bottom), (x + inset, bottom), (x, folds[2])),
            replace(cut_style(), join="miter"),
        )
        glue = Polygon(((x, folds[2]), (x + width, folds[2]), (x + width - inset, bottom), (x + inset, bottom)), Style(stroke=None, hatch=Hatch(palette.current().faint, 1.2, 45.0, 0.2)))
        return [
            Group("face", turned(face(back_centre, size, light), back_centre) + face(front_centre, size, light)),
            Group("glue", [glue]),
            Group("cut", [outline]),
            Group("fold", [Line((x, f), (x + width, f), fold_style()) for f in folds]),
        ]

    return Cutout(width, height, front, None, title, width)


# -- accessories for the games on other branches (backgammon, Nyout) ------------------------


def checkers(diameter: float, per_side: int = 15) -> list[Cutout]:
    """Backgammon's checkers: ``per_side`` light and as many dark discs, patterned as every game's stones."""
    return [disc(stone_face(role, owner), diameter, f"checker of player {owner}") for owner, role in ((0, "light_piece"), (1, "dark_piece")) for _ in range(per_side)]


CUBE_FACES = ("2", "4", "64", "32", "8", "16")  # column top to bottom, then the left and right wings: opposite faces 2-64, 4-32, 8-16


def doubling_cube_net(side: float = 20.0) -> Cutout:
    """The doubling cube as a cross-shaped net: faces 2 to 64, opposite faces as on a real cube, seven glue tabs.

    Laid out in a 3 x 4 grid: the column (2, 4, 64, 32) in the middle, 8 and
    16 on either side of the 4.  Each of the seven pairs of edges that meet
    when folded gets one tab; the other edge of the pair is cut plain.
    """
    tab = side * 0.22
    cells = {"2": (1, 0), "4": (1, 1), "64": (1, 2), "32": (1, 3), "8": (0, 1), "16": (2, 1)}
    tabbed = {("2", "left"), ("2", "right"), ("64", "left"), ("64", "right"), ("32", "left"), ("32", "right"), ("32", "bottom")}

    def front(x: float, y: float, light: bool) -> list[Shape]:
        colours = palette.current()
        faces, cuts, folds, glue = Group("face"), Group("cut"), Group("fold"), Group("glue")
        occupied = set(cells.values())
        for label, (col, row) in cells.items():
            x0, y0 = x + col * side, y + row * side
            faces.add(Text((x0 + side / 2, y0 + side / 2 + side * 0.4 * 0.36), label, side * 0.4, font="sans-bold", fill=colours.ink, anchor="middle"))
            edges = {
                "top": ((x0, y0), (x0 + side, y0), (0, -1)),
                "bottom": ((x0, y0 + side), (x0 + side, y0 + side), (0, 1)),
                "left": ((x0, y0), (x0, y0 + side), (-1, 0)),
                "right": ((x0 + side, y0), (x0 + side, y0 + side), (1, 0)),
            }
            for name, (a, b, (dx, dy)) in edges.items():
                if (col + dx, row + dy) in occupied:
                    if (dx, dy) in ((1, 0), (0, 1)):  # each shared edge once
                        folds.add(Line(a, b, fold_style()))
                    continue
                if (label, name) in tabbed:
                    inset = tab * 0.9
                    along = ((b[0] - a[0]) / side, (b[1] - a[1]) / side)
                    p1 = (a[0] + dx * tab + along[0] * inset, a[1] + dy * tab + along[1] * inset)
                    p2 = (b[0] + dx * tab - along[0] * inset, b[1] + dy * tab - along[1] * inset)
                    folds.add(Line(a, b, fold_style()))
                    cuts.add(Polyline((a, p1, p2, b), replace(cut_style(), join="miter")))
                    glue.add(Polygon((a, p1, p2, b), Style(stroke=None, hatch=Hatch(colours.faint, 1.2, 45.0, 0.2))))
                else:
                    cuts.add(Line(a, b, cut_style()))
        return [faces, glue, cuts, folds]

    return Cutout(3 * side, 4 * side + tab, front, None, "doubling cube net", side)


def throw_stick(length: float = 90.0, width: float = 14.0, title: str = "throw stick") -> Cutout:
    """One of Nyout's four throw sticks: a strip folded lengthwise, a marked face beside a plain one.

    Folded along the dashed line and glued back to back (on thin card, it
    lands flat), it falls marked side up or plain side up.
    """

    def front(x: float, y: float, light: bool) -> list[Shape]:
        colours = palette.current()
        marks = Group("face")
        count = 3
        for k in range(count):
            cy = y + length * (k + 1) / (count + 1)
            cx, r = x + width / 2, width * 0.28
            style = Style(stroke=colours.ink, width=max(0.5, width * 0.06))
            marks.add(Line((cx - r, cy - r), (cx + r, cy + r), style), Line((cx - r, cy + r), (cx + r, cy - r), style))
        outline = Polygon(((x, y), (x + 2 * width, y), (x + 2 * width, y + length), (x, y + length)), replace(cut_style(), join="miter"))
        return [marks, Group("cut", [outline]), Group("fold", [Line((x + width, y), (x + width, y + length), fold_style())])]

    return Cutout(2 * width, length, front, None, title, width)


#: the palette roles of up to four seats' horses, with the pattern each seat carries besides its colour
SEAT_ROLES = ("player_0", "player_1", "side_left", "side_right")


def horses(diameter: float, seats: int = 4, per_seat: int = 4) -> list[Cutout]:
    """Nyout's horses: ``per_seat`` numbered tokens for each of up to four seats, in the seat's colour and pattern."""
    if not 2 <= seats <= len(SEAT_ROLES):
        raise ValueError(f"horses are for 2 to {len(SEAT_ROLES)} seats, not {seats}")
    return [disc(numbered_face(SEAT_ROLES[seat], seat, str(n)), diameter, f"horse {n} of seat {seat}") for seat in range(seats) for n in range(1, per_seat + 1)]


# -- a game's declaration ------------------------------------------------------------------

Style_ = Literal["discs", "squares", "draughts", "chess", "beans", "backgammon", "nyout"]


@dataclass(frozen=True)
class PieceSet:
    """What a game's pieces look like, declared in ``boardgen/games/GAME/pieces.py``: never how many.

    The sheet counts the pieces of the engine's start position; a game whose
    pieces are all placed during play (Hex, Seega) says how many a full game
    can need with ``placed`` (a function of the board, from its cells).
    """

    style: Style_
    #: the palette role of each owner's pieces (fill)
    roles: Mapping[int, str] = field(default_factory=lambda: {0: "light_piece", 1: "dark_piece"})
    #: the mark of each kind of piece (the engine's Piece.kind), e.g. {"officer": "ring"}
    marks: Mapping[str, Mark] = field(default_factory=dict)
    #: what a piece stands in, a phrase with {} for its width in mm (pt, en), and that width in board units
    room: tuple[str, str] = ("casas de {} mm", "{} mm cells")
    room_units: float = 1.0
    #: (owner, kind) -> count for pieces placed during play, from the board drawing (None: the start position)
    placed: Callable[[object], Mapping[tuple[int, str], int]] | None = None
    #: how the count is made, in both languages, when it is not the start position
    count_note: tuple[str, str] = ("", "")
    #: each owner's name and each kind's, for the sheet's headings: {(owner, kind): (pt, en)}
    names: Mapping[tuple[int, str], tuple[str, str]] = field(default_factory=dict)
    #: the kind a draughts man shows on its back once promoted
    promoted: str = "king"
    #: the order kinds are laid out in (the others after them, by name): the chess set's king first
    order: tuple[str, ...] = ()
    #: variant values whose start positions the set must cover (Nyout's 2, 3 or 4 seats): each
    #: (owner, kind) gets the most any of them starts with; empty: the default start position only
    variants: tuple[Mapping[str, str], ...] = ()


def half_the_cells(board: object) -> Mapping[tuple[int, str], int]:
    """A game that fills its board (Hex, Trihex): each colour may need half the cells, rounded up.

    The first player on a full board has placed the odd stone; with the swap
    rule either colour may be that player, so both get the larger half.
    """
    cells = len(getattr(board, "locations")())
    each = (cells + 1) // 2
    return {(0, "stone"): each, (1, "stone"): each}
