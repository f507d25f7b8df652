"""Drawing a checked diagram: the game's own board drawing, smaller, with annotations.

The board and pieces come from the game's :class:`~boardgen.boards.BoardDrawing`
(the same code as the printable board), so a diagram looks like the board a
player has on the table.  On top of it this module adds what only diagrams
have, in this order (later layers on top):

1. highlighted points or cells (``marks``), under the pieces;
2. the pieces of the shown position;
3. markers where pieces were captured by the diagram's moves;
4. arrows for the moves' paths; a turn that places several pieces (a move of
   kind ``place`` whose ``path`` lists several points: Assalto's free officer
   setup ``c6+e6``, Seega's two stones a turn) is drawn as placements, never
   as an arrow between them;
5. the author's arrows;
6. the claims: a ghost piece (or an arrow) for a legal move, an arrow and
   crosses on the victims for a capture, a barred circle (:func:`forbidden`)
   where an illegal move would end, with the refused moves' arrows under the
   legal ones and every mark on a point over both.  One mark, one meaning: the
   X only ever says "captured";
7. the move numbers, each in a badge beside the piece the move placed or
   moved (:func:`badge`), never on it: on a piece a number reads as a stack's
   count (Nyout) or cannot be read (over a chess glyph).  Every piece a turn
   placed carries the turn's number (both read 3 for the third turn), since
   they were placed together and no order between them exists;
8. in a game of chance, the throw the shown position carries (dice, sticks),
   beside the board: to its right, or below a board much wider than tall
   (which has no width to spare on the page but height), drawn by the
   board's ``draw_throw`` or else from the throw's faces
   (:func:`boardgen.boards.throws.throw_drawing`).

Two rules keep each arrow from hiding what it shows.  On a board whose moves
follow its lines (``BoardDrawing.moves_follow_lines``) an arrow runs beside the
line, not on it, so the line's colour or loop stays in sight; and each arrow
takes the first *lane* (an offset to one side) where it runs alongside no
arrow drawn before it, so two arrows along one stretch lie side by side.  A
refused move is drawn along the way it would go (``BoardDrawing.refused_path``
and ``move_route``), though the engine has no path for it.  The words drawn
(the swap label) are the booklet's languages', and no text is under 5 pt.

The result is a :class:`~boardgen.drawing.model.Sheet` in millimetres whose
title and description say in words what the diagram shows (the alternative
text of the figure in a tagged PDF, and the ``<title>`` of the SVG).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from boardgen.booklet.diagrams.check import CheckedDiagram
from boardgen.booklet.diagrams.words import Terms, hover_title, label_words
from boardgen.boards.base import MIN_TEXT_MM, BoardDrawing, BoardOptions, InkMode
from boardgen.boards.throws import throw_drawing
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, ink_bounds, shape_box
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Arc, Circle, Group, Line, Path, Polygon, Polyline, Sheet, Style, Text
from boardgen.engine.base import Move

UNIT_MM = 6.0  # preferred millimetres per board unit: Hex stones about 5 mm across
MAX_WIDTH_MM = 112.0  # fits the text width of an A5 page
MAX_HEIGHT_MM = 95.0
PAD_MM = 0.8  # white space around the ink
VIEW_MARGIN = 0.65  # board units shown around the points of a partial view

# Colours are palette roles, read when drawing: arrow, cross, mark_fill and
# mark_stroke (highlighted points), faint (captured pieces, illegal moves), paper
# (the casing round arrows and crosses), ink (labels).

# The ink the boards of diagrams are drawn in.  Like the palette, it is a choice about a whole
# edition (the ink-saving booklet draws every board in light ink), made once around the
# typesetting, not a property of one diagram's definition: see :func:`diagram_ink`.
_INK: ContextVar[InkMode] = ContextVar("diagram_ink", default="full")


@contextmanager
def diagram_ink(ink: InkMode) -> Iterator[None]:
    """Draw every diagram made inside the block with its board in ``ink`` (``"full"``, ``"light"`` or ``"mono"``, in its one-ink palette)."""
    token = _INK.set(ink)
    try:
        with palette.inked(ink):
            yield
    finally:
        _INK.reset(token)


def _board_options(checked: CheckedDiagram) -> BoardOptions:
    """How a diagram's board is drawn: no centre dot, no start marks, the edition's ink."""
    return BoardOptions(coordinates=checked.spec.coordinates, ink=_INK.get(), centre_mark=False, start_marks=False)


# -- geometry helpers ------------------------------------------------------------------


def _trim(points: list[tuple[float, float]], start: float, end: float) -> list[tuple[float, float]]:
    """The polyline with ``start`` mm of its length cut from its beginning and ``end`` mm from its end.

    Measured along the line, so a curved route (many short segments) is cut
    as exactly as a straight one.
    """
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(pts) < 2:
        return pts
    return list(reversed(_cut_front(list(reversed(_cut_front(pts, start))), end)))


def _cut_front(pts: list[tuple[float, float]], length: float) -> list[tuple[float, float]]:
    while len(pts) >= 2 and length > 0:
        (x0, y0), (x1, y1) = pts[0], pts[1]
        d = math.hypot(x1 - x0, y1 - y0)
        if d > length:
            t = length / d
            return [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), *pts[1:]]
        length -= d
        pts = pts[1:]
    return pts


def _length(points: list[tuple[float, float]]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:]))


MITRE_LIMIT = 2.5  # a corner of an offset route moves out at most this many times the offset


def _offset(points: list[tuple[float, float]], distance: float) -> list[tuple[float, float]]:
    """The polyline moved ``distance`` mm sideways, to the left of its direction of travel as seen on the page.

    Each point moves along the mean of the normals of its two segments, by
    enough that both segments stay ``distance`` away (a mitred corner), so a
    route turning a corner, or sampled round a loop, stays parallel to it.
    """
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if distance == 0 or len(pts) < 2:
        return list(pts)
    normals = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        d = math.hypot(x1 - x0, y1 - y0)
        normals.append(((y1 - y0) / d, -(x1 - x0) / d))  # left of travel on a page whose y runs down
    moved = []
    for i, (x, y) in enumerate(pts):
        before, after = normals[max(0, i - 1)], normals[min(len(normals) - 1, i)]
        nx, ny = before[0] + after[0], before[1] + after[1]
        size = math.hypot(nx, ny)
        if size < 1e-9:  # the route turns right back: keep to the side of the way in
            nx, ny, size = before[0], before[1], 1.0
        nx, ny = nx / size, ny / size
        stretch = min(MITRE_LIMIT, 1.0 / max(1e-9, nx * after[0] + ny * after[1]))
        moved.append((x + nx * distance * stretch, y + ny * distance * stretch))
    return moved


CASING_MM = 0.7  # the white border around arrows and crosses, both sides together
RIM_GAP_MM = 0.2  # between a piece's outline and an arrow that starts or ends at it


def arrow(
    points: list[tuple[float, float]],
    radius: float,
    colour: str | None = None,
    dashed: bool = False,
    role: str = "arrow",
    start_at_rim: bool = False,
    end_at_rim: bool = False,
    offset: float = 0.0,
) -> Group:
    """An arrow through sheet points with a white casing, ``offset`` mm to the left of the points (0: on them).

    An end where a piece stands (``start_at_rim``, ``end_at_rim``) is cut back
    to just outside the piece, casing included, so the arrow never covers the
    piece nor cuts its outline, and several arrows from one piece leave it
    whole; an end on an empty point stops a little short of its centre.  On a
    short step the gaps give way first, then the head gets smaller.
    """
    colours = palette.current()
    colour = colour or colours.arrow
    width = arrow_width(radius)
    head = width * 3.6
    points = _offset(points, offset)
    casing = (width + CASING_MM) / 2  # how far the casing's round cap reaches past the line's end
    start = radius + casing + RIM_GAP_MM if start_at_rim else radius * 0.45
    end = radius + CASING_MM / 2 + RIM_GAP_MM if end_at_rim else radius * 0.35
    total = _length(points)
    group = Group(role)
    if total <= 0:
        return group
    room = total - head - width  # what the two gaps may take: a stub of shaft stays behind the head
    if start + end > room:
        if room > 0:
            start, end = start * room / (start + end), end * room / (start + end)
        else:
            start, end, head = total * 0.25, total * 0.2, min(head, total * 0.4)
    pts = _trim(points, start, end)
    # The shaft runs to the head's base, found along the line (on a curve too); the head
    # points from there to the tip.
    shaft = _trim(pts, 0.0, head)
    base, (xb, yb) = shaft[-1], pts[-1]
    d = math.hypot(xb - base[0], yb - base[1]) or 1.0
    ux, uy = (xb - base[0]) / d, (yb - base[1]) / d
    tip = [(xb, yb), (base[0] - uy * head * 0.5, base[1] + ux * head * 0.5), (base[0] + uy * head * 0.5, base[1] - ux * head * 0.5)]
    dash = (width * 2.2, width * 1.6) if dashed else ()
    group.add(Polyline(tuple(shaft), Style(stroke=colours.paper, width=width + CASING_MM, cap="round")))
    group.add(Polygon(tuple(tip), Style(stroke=colours.paper, width=CASING_MM, fill=colours.paper)))
    group.add(Polyline(tuple(shaft), Style(stroke=colour, width=width, cap="butt", dash=dash)))
    group.add(Polygon(tuple(tip), Style(stroke=None, fill=colour)))
    return group


def arrow_width(radius: float) -> float:
    """The width of an arrow's coloured shaft, for pieces of ``radius`` mm (without its casing)."""
    return max(0.45, radius * 0.2)


def cross(centre: tuple[float, float], radius: float, role: str = "cross", colour: str | None = None) -> Group:
    """A bold X with a white casing: a piece that is captured, and nothing else (palette role ``cross`` unless ``colour``).

    The X has one meaning in the whole series, "captured"; a square a forbidden
    move would land on gets :func:`forbidden`, a ring with a slash.
    """
    colour = colour or palette.current().cross
    x, y = centre
    r = radius * 0.55
    width = max(0.5, radius * 0.22)
    group = Group(role)
    for casing, w in ((palette.current().paper, width + 0.8), (colour, width)):
        group.add(Line((x - r, y - r), (x + r, y + r), Style(stroke=casing, width=w, cap="round")))
        group.add(Line((x - r, y + r), (x + r, y - r), Style(stroke=casing, width=w, cap="round")))
    return group


def forbidden(centre: tuple[float, float], radius: float, role: str = "forbidden", title: str | None = None, on: str | None = None) -> Group:
    """A ring struck through by a slash, with a white casing: "a forbidden move would land here".

    The road sign's "no entry" shape, so it reads as a refusal, never as the
    X of a captured piece; drawn in the palette's ``cross`` colour, so it is as
    dark as the X in every ink.  The ring is smaller than a piece and the
    slash stays inside it, so a piece standing there stays in sight.  On a
    dark piece (``on``: its fill) it is drawn in the paper's colour with no
    casing, as a move number is: a dark mark cased in white made the piece
    read as a target.
    """
    colour = palette.current().cross
    if on is not None and palette.lightness(on) < 60:
        x, y = centre
        r, width = radius * 0.64, max(0.4, radius * 0.15)
        k = r / math.sqrt(2)
        style = Style(stroke=palette.current().paper, width=width)
        return Group(role, title=title).add(Circle((x, y), r, style), Line((x - k, y - k), (x + k, y + k), Style(stroke=style.stroke, width=width, cap="butt")))
    x, y = centre
    r = radius * 0.64  # a ring reads smaller than an X of the same reach: a little larger than the cross
    width = max(0.4, radius * 0.15)
    k = r / math.sqrt(2)
    group = Group(role, title=title)
    # A thinner casing than the X's: enough to part the mark from a dark piece, not so much that it hides it.
    for stroke, w in ((palette.current().paper, width + 0.5), (colour, width)):
        group.add(Circle((x, y), r, Style(stroke=stroke, width=w)))
        group.add(Line((x - k, y - k), (x + k, y + k), Style(stroke=stroke, width=w, cap="butt")))
    return group


BADGE_DIRECTIONS = (45, 135, -45, -135, 30, 150, -30, -150, 60, 120, -60, -120, 0, 180, 90, -90)  # degrees, y up: upper right first


def badge(centre: tuple[float, float], text: str, size: float) -> Group:
    """A move number in a small white disc with a dark ring: the badge set beside a piece, never on it."""
    colours = palette.current()
    group = Group("move-number", title=f"move {text}")
    group.add(Circle(centre, badge_radius(text, size), Style(stroke=colours.ink, width=max(0.2, size * 0.12), fill=colours.paper)))
    group.add(Text((centre[0], centre[1] + size * 0.36), text, size, font="sans-bold", fill=colours.ink, anchor="middle"))
    return group


def badge_radius(text: str, size: float) -> float:
    """The radius of a move number's badge: room for one, two or three digits of ``size`` mm."""
    return size * (0.72 if len(text) == 1 else 0.92 if len(text) == 2 else 1.15)


def _distance_to_line(p: tuple[float, float], line: list[tuple[float, float]]) -> float:
    return _nearest(line, p)[0] if len(line) >= 2 else math.inf


def _text_colour(fill: str) -> str:
    return palette.current().paper if palette.lightness(fill) < 60 else palette.current().ink


# -- the drawing -----------------------------------------------------------------------


# Between the points of a move text: anything but letters and digits, and a capture
# mark x or a leap mark ^ between a point's digits and the next point's letter (b3xh3, d2xz).
SWAP = "swap"  # the pie rule's move text in every game's notation
PLACE = "place"  # the kind of a move that puts pieces on empty points (one or several a turn)
PLACEMENT_JOIN = "+"  # joins the points of a turn that places several pieces (c6+e6)

POINT_SEPARATORS = re.compile(r"[^a-z0-9]+|(?<=[0-9])x(?=[a-z])")


class _Painter:
    """Draws one checked diagram through one frame."""

    def __init__(self, checked: CheckedDiagram, frame: Frame, langs: tuple[str, ...] = ("en",)) -> None:
        self.checked = checked
        self.board: BoardDrawing = checked.board
        self.frame = frame
        self.langs = langs  # the booklet's languages: the words drawn (the swap label) are theirs
        self.names = self.board.locations()
        self.radius = frame.length(self.board.piece_diameter / 2)
        self.occupied = {name for name, _ in checked.final.placements()}
        self.replaced: set[str] = set()  # outlines of swapped-away stones (filled in by _history)
        self.options = _board_options(checked)
        self.band = arrow_width(self.radius) + CASING_MM  # what one arrow covers across, casing included
        self.drawn_lines: list[list[tuple[float, float]]] = []  # every arrow drawn so far, tail to tip
        self._lanes: list[float] | None = None
        self.throw_box: Box | None = None  # where the throw was drawn (filled in by draw)
        self.numbers: list[tuple[str, int]] = []  # (point, move number) to set in badges (filled in by _history)
        self.claimed_points: set[str] = set()  # points the claims mark (ghosts, crosses, refusals): kept clear of badges

    def lanes(self) -> list[float]:
        """The offsets (mm, + to the left of travel) an arrow may take, in the order they are tried.

        On a board whose moves follow its lines an arrow never lies on the
        line: it runs just beside it (the line's half width, a gap, the
        arrow's half band), first on its left, then on its right, then
        further out.  On other boards the first lane is the points' own line.
        Lanes are a band and a gap apart, so two arrows in neighbouring lanes
        never cover each other.
        """
        if self._lanes is None:
            step = self.band + LANE_GAP_MM
            if self.board.moves_follow_lines:
                beside = self._widest_line() / 2 + LANE_GAP_MM + self.band / 2
                self._lanes = [sign * (beside + k * step) for k in range(3) for sign in (1, -1)]
            else:
                self._lanes = [0.0] + [sign * k * step for k in range(1, 3) for sign in (1, -1)]
        return self._lanes

    def _widest_line(self) -> float:
        """The widest stroke of the board's lines (mm), coordinates left out: what an arrow keeps clear of."""
        widest = 0.0
        for shape, roles in self.board.draw_board(self.frame, self.options).walk():
            if "coordinate" in roles or not isinstance(shape, (Line, Polyline, Arc, Path)):
                continue
            if shape.style.stroke is not None and shape.style.fill is None and shape.style.hatch is None:
                widest = max(widest, shape.style.width)
        return widest

    def placed_arrow(self, points: list[tuple[float, float]], **style) -> Group:
        """An arrow in the first lane where it runs alongside no arrow drawn before it (else in the first lane).

        Two arrows along the same stretch (a legal capture and the refused one
        that stops halfway) are so drawn side by side, each in sight.
        """
        first: tuple[Group, list[tuple[float, float]]] | None = None
        for lane in self.lanes():
            group = arrow(points, self.radius, offset=lane, **style)
            line = _drawn_line(group)
            if first is None:
                first = (group, line)
            if not any(_alongside(line, other, self.band) for other in self.drawn_lines):
                break
        else:
            assert first is not None
            group, line = first
        self.drawn_lines.append(line)
        return group

    def at(self, name: str) -> tuple[float, float]:
        """Sheet position of a named place (UnknownPlace, naming board and place, for a name it lacks)."""
        return self.frame.pt(*self.board.location(name))

    def draw(self) -> Group:
        checked, spec = self.checked, self.checked.spec
        root = Group(f"diagram-{checked.game.id}", title=None)
        # The pieces and the layers over them first (a board may place arrows by the stacks it drew),
        # then the board under them, drawn knowing where their marks go.
        pieces = self.board.draw_pieces(self.frame, checked.final.placements(), self.options)
        history = self._history()
        arrows = Group("arrows")
        for item in spec.arrows or ():
            arrows.add(self.arrow_through(list(item.value)))
        claims = self._claims()
        discs = [(self.at(name), self.radius) for name in self.occupied if name in self.names]
        marked = [(self.at(name), self.radius) for name in self.claimed_points if name in self.names]
        root.add(_without_covered_labels(self.board.draw_board(self.frame, self.options), discs, discs + marked))
        if spec.marks:
            marks = Group("mark")
            colours = palette.current()
            style = Style(stroke=colours.mark_stroke, width=max(0.35, self.radius * 0.12), fill=colours.mark_fill)
            for mark in spec.marks:
                marks.add(self.board.highlight_shape(self.frame, str(mark.value), style))
            root.add(marks)
        root.add(pieces)
        root.add(history)
        if spec.arrows:
            root.add(arrows)
        root.add(claims)
        if self.numbers:
            root.add(self._badges(pieces))
        if checked.throw is not None:
            beside = _view_box(checked, self.frame) if spec.view is not None else ink_bounds(root)
            if beside is not None:
                root.add(self._throw(beside))
        return root

    def _throw(self, beside: Box) -> Group:
        """The shown position's throw, next to ``beside`` (the board's ink): right of it, or below a wide board."""
        throw = self.checked.throw
        assert throw is not None
        gap = max(2.5, self.radius * 1.2)
        trial = self._throw_at((0.0, 0.0))
        size = ink_bounds(trial) or (0.0, 0.0, 0.0, 0.0)
        width, height = beside[2] - beside[0], beside[3] - beside[1]
        if width > height * MAX_WIDTH_MM / MAX_HEIGHT_MM:  # wide: the page has height to spare, not width
            origin = (beside[0] + (width - (size[2] - size[0])) / 2 - size[0], beside[3] + gap - size[1])
        else:
            origin = (beside[2] + gap - size[0], beside[1] + (height - (size[3] - size[1])) / 2 - size[1])
        drawn = self._throw_at(origin)
        self.throw_box = ink_bounds(drawn)
        return drawn

    def _throw_at(self, origin: tuple[float, float]) -> Group:
        throw = self.checked.throw
        assert throw is not None
        own = self.board.draw_throw(Frame(self.frame.scale, origin), throw, self.options)
        if own is not None:
            return own
        return throw_drawing(throw, 2 * self.radius, origin)

    def _move_arrow(self, move: Move, dashed: bool = False, role: str = "arrow") -> Group | None:
        """The arrow of a move: along its path, or from the replaced stone to the new one for a swap.

        A placement has none: its path lists the points it fills, not a way travelled.
        """
        if move.kind == PLACE:
            return None
        path = [p for p in move.path if p in self.names]
        if move.kind == "swap":
            # From the stone taken away to its replacement, unless they are (nearly) the same cell:
            # the dashed outline left behind says enough there.
            if not (move.captures and path and move.captures[0] in self.names):
                return None
            (x0, y0), (x1, y1) = self.names[move.captures[0]], self.names[path[-1]]
            if math.hypot(x1 - x0, y1 - y0) < 1.5 * self.board.piece_diameter:
                return None
            path = [move.captures[0], path[-1]]
        if len(path) < 2:
            return None
        # A swap's arrow starts at the outline left where the first stone was.
        return self.arrow_through(path, route=True, dashed=dashed, role=role, start_at_rim=move.kind == "swap" or None)

    def arrow_through(self, path: list[str], route: bool = False, start_at_rim: bool | None = None, **style) -> Group:
        """An arrow along named points that starts and ends at the rim of the pieces standing there."""
        points = self.route(path) if route else [self.at(p) for p in path]
        if start_at_rim is None:
            start_at_rim = path[0] in self.occupied
        return self.placed_arrow(points, start_at_rim=start_at_rim, end_at_rim=path[-1] in self.occupied, **style)

    def claim_cross(self, name: str, role: str) -> Group:
        """A claim's cross on a captured piece: on it, unless the board keeps marks off what the place shows.

        A board whose places show counts (Awelé's pits) says where a mark goes
        and how large, ``claim_mark(name)`` -> ((x, y) in board units, size factor),
        so the cross leaves the count readable.
        """
        self.claimed_points.add(name)
        centre, radius = self._claim_place(name)
        return cross(centre, radius, role=role)

    def claim_forbidden(self, name: str) -> Group:
        """The refusal mark (a slashed ring) where a forbidden move would land, placed like a claim's cross."""
        self.claimed_points.add(name)
        centre, radius = self._claim_place(name)
        under = None  # the fill of the piece the mark is drawn on (a board with claim_mark puts it beside)
        piece = dict(self.checked.final.placements()).get(name)
        if piece is not None and not callable(getattr(self.board, "claim_mark", None)):
            under = self.board.piece_colours(piece.owner)[0]
        return forbidden(centre, radius, title=f"a forbidden move would end on {name}", on=under)

    def _claim_place(self, name: str) -> tuple[tuple[float, float], float]:
        board_mark = getattr(self.board, "claim_mark", None)
        if callable(board_mark):
            (x, y), factor = board_mark(name)
            return self.frame.pt(x, y), self.radius * factor
        return self.at(name), self.radius

    def route(self, path: list[str]) -> list[tuple[float, float]]:
        """Sheet points of the line a move travels: straight between its points, unless the board
        knows better (``move_route(path)`` in board units, e.g. along Surakarta's loops)."""
        board_route = getattr(self.board, "move_route", None)
        if callable(board_route):
            points = board_route(tuple(path))
            if points and len(points) >= 2:
                return [self.frame.pt(x, y) for x, y in points]
        return [self.at(p) for p in path]

    def _history(self) -> Group:
        """Arrows of the played moves, numbers on the pieces they left, markers where pieces went."""
        group = Group("history")
        first = self.checked.spec.first_number()
        occupied = {name: piece for name, piece in self.checked.final.placements()}
        numbered: dict[str, int] = {}  # point -> index of the move whose piece stands there
        captured: set[str] = set()
        replaced: dict[str, tuple[int | None, int]] = {}  # swapped-away stone: point -> (move index, owner)
        for index, move in enumerate(self.checked.played):
            drawn = self._move_arrow(move, role="move-arrow")
            if drawn is not None:
                group.add(drawn)
            if move.kind == "swap":
                owners = {name: piece.owner for name, piece in self.checked.before[index].placements()}
                for name in move.captures:
                    if name in owners:
                        replaced[name] = (numbered.pop(name, None), owners[name])
            else:
                captured.update(move.captures)
                for name in move.captures:
                    numbered.pop(name, None)
            if move.kind == PLACE:
                for name in move.path:  # every piece the turn placed, all with its number
                    numbered[name] = index
                    captured.discard(name)
                    replaced.pop(name, None)
            elif move.path:
                landing = move.path[-1]
                if len(move.path) > 1:
                    numbered.pop(move.path[0], None)
                numbered[landing] = index
                if landing not in move.captures:  # a pit harvested where the last seed fell (Awelé) stays marked
                    captured.discard(landing)
                replaced.pop(landing, None)
        for name in sorted(captured):
            if name not in occupied and name in self.names:
                group.add(self._captured_marker(name))
        self.replaced = {name for name in replaced if name not in occupied}
        for name, (swapped, owner) in sorted(replaced.items()):
            if name not in occupied and name in self.names:
                group.add(self._ghost(name, owner, role="replaced"))
                if first is not None and swapped is not None:
                    self.numbers.append((name, first + swapped))
        if first is not None:
            for name, index in numbered.items():
                piece = occupied.get(name)
                if piece is not None and name in self.names:
                    self.numbers.append((name, first + index))
        return group

    def _captured_marker(self, name: str) -> Group:
        marker = Group("captured", title=f"captured on {name}")
        marker.add(Circle(self.at(name), self.radius * 0.92, Style(stroke=palette.current().faint, width=0.35, dash=(0.8, 0.6))))
        marker.add(cross(self.at(name), self.radius * 0.8, role="captured-cross", colour=palette.current().faint))
        return marker

    def badge_size(self) -> float:
        """The height (mm) of a move number in its badge: legible in print, small beside the piece."""
        return max(MIN_TEXT_MM * 1.05, self.radius * 0.62)

    def _badges(self, pieces: Group) -> Group:
        """Each move number in a badge beside its piece, never on it: the piece stays whole and the number reads.

        A badge goes to the first side of its piece (upper right first) where
        it covers the least of the other pieces, the claims' marks, the arrows
        and the badges set before it; its centre is always outside every piece.
        """
        size = self.badge_size()
        group = Group("move-numbers")
        # What a badge keeps off: every piece as drawn (a board may draw several on one place, Ringo's
        # citadel), the outlines of swapped stones and the points the claims mark.
        discs = [(shape.centre, shape.radius) for shape, _ in pieces.walk() if isinstance(shape, Circle) and shape.radius >= 0.6 * self.radius]
        discs += [(self.at(n), self.radius) for n in (self.occupied | self.replaced | self.claimed_points) if n in self.names]
        placed: list[tuple[tuple[float, float], float]] = []
        for name, number in sorted(self.numbers, key=lambda item: item[1]):
            text = str(number)
            br = badge_radius(text, size)
            x, y = self.at(name)
            reach = self.radius + br * 0.45
            best: tuple[float, tuple[float, float]] | None = None
            for degrees in BADGE_DIRECTIONS:
                angle = math.radians(degrees)
                p = (x + reach * math.cos(angle), y - reach * math.sin(angle))
                score = 0.0
                for c, r in discs:
                    d = math.hypot(p[0] - c[0], p[1] - c[1])
                    score += max(0.0, r + br - d) + (100.0 if d < r + size * 0.2 else 0.0)
                for c, r in placed:
                    score += 5.0 * max(0.0, r + br + 0.2 - math.hypot(p[0] - c[0], p[1] - c[1]))
                for line in self.drawn_lines:
                    score += 0.5 * max(0.0, br + self.band / 2 - _distance_to_line(p, line))
                if best is None or score < best[0] - 1e-6:
                    best = (score, p)
            assert best is not None
            placed.append((best[1], br))
            group.add(badge(best[1], text, size))
        return group

    def _claims(self) -> Group:
        """The claims, in three layers: refused moves' arrows, then legal moves' arrows, then the marks on points.

        A legal move's arrow is drawn over a refused one's, so where they meet
        the move a reader may play stays whole; crosses, outlines and labels
        sit on points, over every arrow, and cover a millimetre or two of one
        at most (the arrows run beside the points' lines, not through them).
        """
        checked = self.checked
        owner = checked.final.to_move
        refused, arrows, marks = Group("refused"), Group("moves"), Group("marks")
        for move in checked.legal:
            if move.kind == "swap" and move.captures and move.captures[0] in self.names and owner is not None:
                marks.add(self._swap_mark(move.captures[0], owner))
                if move.path and move.path[-1] == move.captures[0]:
                    continue  # the stone stays where it is: the ring and the label say it all
            drawn = self._move_arrow(move, role="legal-arrow")
            if drawn is not None:
                arrows.add(drawn)
            elif move.kind == PLACE and owner is not None:
                for name in move.path:  # a ghost on every point the placement fills
                    marks.add(self._ghost(name, owner))
                    self.claimed_points.add(name)
            elif move.path and owner is not None:
                marks.add(self._ghost(move.path[-1], owner))
                self.claimed_points.add(move.path[-1])
        for move in checked.captures:
            drawn = self._move_arrow(move, role="capture-arrow")
            if drawn is not None:
                arrows.add(drawn)
            for name in move.captures:
                if name in self.names:
                    marks.add(self.claim_cross(name, role="capture-cross"))
        for claim in checked.illegal:
            if claim.text.strip().lower() == SWAP:
                target = self._swap_target()
                if target is not None:
                    # The word struck out, beside the stone (a cross on the stone would hide its number).
                    marks.add(self._label(target, label_words(SWAP, self.langs), role="illegal-swap", struck=True))
                continue
            points = [p for p in POINT_SEPARATORS.split(claim.text.lower()) if p in self.names]
            if PLACEMENT_JOIN in claim.text:
                # A refused placement, no arrow: the refusal on each of its points that no legal
                # placement fills (Seega's a1+c3 is refused for c3, the centre; a1 is a fine place).
                open_points = self._placeable()
                for name in [p for p in points if p not in open_points] or points:
                    marks.add(self.claim_forbidden(name))
                continue
            if len(points) >= 2:
                # Along the way the piece would go (round a loop, along a ring), though the engine refuses it.
                path = list(self.board.refused_path(claim.text.lower(), tuple(points), frozenset(self.occupied)))
                refused.add(self.arrow_through(path, route=True, colour=palette.current().faint, dashed=True, role="illegal-arrow"))
            if points:
                marks.add(self.claim_forbidden(points[-1]))
        return Group("claims").add(*(layer for layer in (refused, arrows, marks) if layer.children))

    def _placeable(self) -> set[str]:
        """The points some legal placement of the shown position fills."""
        return {name for move in self.checked.final.legal_moves() if move.kind == PLACE for name in move.path}

    def _swap_mark(self, name: str, owner: int) -> Group:
        """A claimed swap: a dashed ring in the colour of the player who would take the stone, and "swap"."""
        fill, _ = self.board.piece_colours(owner)
        stroke = fill if palette.lightness(fill) < 85 else palette.current().ink
        mark = Group("swap", title=f"the swap would take the stone on {name}")
        mark.add(Circle(self.at(name), self.radius * 1.3, Style(stroke=stroke, width=max(0.4, self.radius * 0.14), dash=(1.0, 0.7))))
        mark.add(self._label(name, label_words(SWAP, self.langs)))
        return mark

    def _swap_target(self) -> str | None:
        """The stone a swap is about: the only one on the board, else the one the last move placed."""
        pieces = [name for name, _ in self.checked.final.placements() if name in self.names]
        if len(pieces) == 1:
            return pieces[0]
        if self.checked.played and self.checked.played[-1].path:
            landing = self.checked.played[-1].path[-1]
            return landing if landing in self.occupied and landing in self.names else None
        return None

    def _label(self, name: str, words: list[str], role: str = "swap-label", struck: bool = False) -> Group:
        """Short words beside a point, one line each (the booklet's languages), on white.

        Placed at the first free corner (upper right, lower right, upper left,
        lower left) that covers no piece nor the outline of a swapped stone;
        ``struck`` draws a bold line through each word (a forbidden move).
        """
        x, y = self.at(name)
        size = max(MIN_TEXT_MM, self.radius * 0.95)
        lead = size * 1.15  # baseline to baseline
        pad = size * 0.18
        near = [self.at(n) for n in self.occupied | self.replaced if n != name and n in self.names]
        lines: list[Text] = []
        box: Box | None = None
        for sx, sy in ((1, -1), (1, 1), (-1, -1), (-1, 1)):
            bx = x + sx * self.radius * 1.05
            first = y - self.radius * 1.05 - lead * (len(words) - 1) if sy < 0 else y + self.radius * 1.05 + size * 0.75
            ink = palette.current().ink
            lines = [Text((bx, first + k * lead), word, size, font="sans-bold", fill=ink, anchor="start" if sx > 0 else "end") for k, word in enumerate(words)]
            box = _union([shape_box(line) for line in lines])
            if box is None or not any(_box_meets_circle(box, pad, centre, self.radius) for centre in near):
                break
        group = Group(role)
        if box is not None:
            x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
            group.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(stroke=palette.current().faint, width=0.25, fill=palette.current().paper)))
        group.add(*lines)
        if struck:
            width = max(0.3, size * 0.11)
            for line in lines:
                word = shape_box(line)
                if word is not None:
                    middle = (word[1] + word[3]) / 2
                    group.add(Line((word[0] - pad * 0.5, middle), (word[2] + pad * 0.5, middle), Style(stroke=palette.current().cross, width=width, cap="round")))
        return group

    def _ghost(self, name: str, owner: int, role: str = "ghost") -> Group:
        """A dashed outline of a piece: where a piece may go (claims) or stood (a swapped stone)."""
        fill, _ = self.board.piece_colours(owner)
        stroke = fill if palette.lightness(fill) < 85 else palette.current().ink
        ghost = Group(role, title=f"{'possible move' if role == 'ghost' else 'former stone'} on {name}")
        ghost.add(Circle(self.at(name), self.radius * 0.92, Style(stroke=stroke, width=max(0.4, self.radius * 0.14), dash=(1.0, 0.7))))
        return ghost


def _box_meets_circle(box: Box, pad: float, centre: tuple[float, float], radius: float) -> bool:
    """Whether a label's box (grown by ``pad``) overlaps a circle."""
    nearest_x = min(max(centre[0], box[0] - pad), box[2] + pad)
    nearest_y = min(max(centre[1], box[1] - pad), box[3] + pad)
    return math.hypot(nearest_x - centre[0], nearest_y - centre[1]) < radius


def _without_covered_labels(
    board: Group, discs: list[tuple[tuple[float, float], float]], marked: list[tuple[tuple[float, float], float]] | None = None
) -> Group:
    """The board with the coordinate labels (and their backings) that a piece stands on left out,
    and the strokes of a printed board mark (Seega's centre X) under a piece or a diagram's mark.

    A piece hides the name of the cell it stands on (Ringo names every cell);
    a name it half covers is no longer read either, and the edge of its
    backing would peek out from under the piece as a stray white sliver.  The
    corners of Seega's printed X peeked out round a piece on the centre and
    read as the X of a captured piece: there the cell keeps its tint only.
    """
    marked = discs if marked is None else marked
    kept = Group(board.role, title=board.title, clip=board.clip)
    for child in board.children:
        if isinstance(child, Group):
            if child.role == "coordinate":
                inner = Group(child.role, title=child.title, clip=child.clip)
                for shape in child.children:
                    box = shape_box(shape)
                    if box is None or not any(_box_meets_circle(box, 0.0, centre, r) for centre, r in discs):
                        inner.add(shape)
                kept.add(inner)
            elif child.role == "board-mark":
                inner = Group(child.role, title=child.title, clip=child.clip)
                for shape in child.children:
                    box = shape_box(shape) if isinstance(shape, Line) else None
                    if box is None or not any(_box_meets_circle(box, 0.0, centre, r) for centre, r in marked):
                        inner.add(shape)
                kept.add(inner)
            else:
                kept.add(_without_covered_labels(child, discs, marked))
        else:
            kept.add(child)
    return kept


def _union(boxes: list[Box | None]) -> Box | None:
    """The box round all the given boxes (None when none has ink)."""
    found = [b for b in boxes if b is not None]
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found), max(b[3] for b in found))


LANE_GAP_MM = 0.15  # between two arrows side by side, and between an arrow and the line it runs beside
SAMPLE_MM = 0.2  # the step at which one arrow is compared with another


def _drawn_line(group: Group) -> list[tuple[float, float]]:
    """An arrow's drawn line, from its tail along the shaft to the tip of its head."""
    shafts = [shape for shape in group.children if isinstance(shape, Polyline)]
    heads = [shape for shape in group.children if isinstance(shape, Polygon)]
    if not shafts:
        return []
    line = list(shafts[-1].points)
    if heads:
        line.append(heads[-1].points[0])
    return line


def _samples(points: list[tuple[float, float]], step: float = SAMPLE_MM):
    """(point, unit direction, length it stands for) every ``step`` mm along a polyline."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        d = math.hypot(x1 - x0, y1 - y0)
        if d == 0:
            continue
        count = max(1, math.ceil(d / step))
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        for k in range(count):
            t = (k + 0.5) / count
            yield (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), (ux, uy), d / count


def _nearest(points: list[tuple[float, float]], p: tuple[float, float]) -> tuple[float, tuple[float, float]]:
    """(distance from ``p`` to the polyline, unit direction of its nearest segment)."""
    best, direction = math.inf, (1.0, 0.0)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        dx, dy = x1 - x0, y1 - y0
        d2 = dx * dx + dy * dy
        if d2 == 0:
            continue
        t = min(1.0, max(0.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / d2))
        dist = math.hypot(p[0] - x0 - dx * t, p[1] - y0 - dy * t)
        if dist < best:
            best, direction = dist, (dx / math.sqrt(d2), dy / math.sqrt(d2))
    return best, direction


def _alongside(line: list[tuple[float, float]], other: list[tuple[float, float]], band: float) -> bool:
    """Whether two arrows' bands (``band`` mm wide each) cover each other along more than a band's length.

    Only where they run the same way (within 30 degrees): two arrows that
    cross cover each other for a moment, which hides neither.
    """
    run = 0.0
    for point, (ux, uy), length in _samples(line):
        dist, (vx, vy) = _nearest(other, point)
        if dist < band and abs(ux * vy - uy * vx) < 0.5:
            run += length
            if run > band:
                return True
    return False


def _clip(group: Group, box: Box) -> Group:
    """The group without the shapes that lie wholly outside ``box`` (a partial view)."""
    kept = Group(group.role, title=group.title)
    for child in group.children:
        if isinstance(child, Group):
            inner = _clip(child, box)
            if inner.children:
                kept.add(inner)
            continue
        b = shape_box(child)
        if isinstance(child, Text):  # half a letter reads as a mark: keep whole labels only
            if b is not None and box[0] <= b[0] and b[2] <= box[2] and box[1] <= b[1] and b[3] <= box[3]:
                kept.add(child)
        elif b is None or (b[2] >= box[0] and b[0] <= box[2] and b[3] >= box[1] and b[1] <= box[3]):
            kept.add(child)
    return kept


def _name_parts(name: str) -> tuple[str, ...]:
    """The column letters and row number of an algebraic name ("c7" -> ("c", "7")), else the name."""
    match = re.fullmatch(r"([a-z]+)(\d+)", name)
    return match.groups() if match else (name,)


def _view_box(checked: CheckedDiagram, frame: Frame) -> Box:
    """The part of the sheet a partial view shows: around its points, plus the coordinates that belong to it.

    A coordinate label belongs to the view when it names a row or column with
    a cell in the shown area and is the label of that row or column nearest to
    it (boards label both ends); a label that names no row or column is kept
    when the location nearest to it is shown.
    """
    locations = checked.board.locations()
    points = [checked.board.location(p) for p in checked.spec.view.value]  # type: ignore[union-attr]
    xs, ys = [frame.pt(*p)[0] for p in points], [frame.pt(*p)[1] for p in points]
    margin = frame.length(VIEW_MARGIN)
    box = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
    on_sheet = {name: frame.pt(*p) for name, p in locations.items()}
    shown = {name for name, (x, y) in on_sheet.items() if box[0] <= x <= box[2] and box[1] <= y <= box[3]}
    result = box
    board = checked.board.draw_board(frame, _board_options(checked))
    for group in board.find("coordinate"):
        for shape, _ in group.walk():
            if not isinstance(shape, Text):
                continue
            label = shape_box(shape)
            if label is None:
                continue
            cx, cy = (label[0] + label[2]) / 2, (label[1] + label[3]) / 2
            named = [n for n in on_sheet if shape.text.strip().lower() in _name_parts(n)] or list(on_sheet)
            nearest = min(named, key=lambda n: (on_sheet[n][0] - cx) ** 2 + (on_sheet[n][1] - cy) ** 2)
            if nearest in shown:
                result = (min(result[0], label[0]), min(result[1], label[1]), max(result[2], label[2]), max(result[3], label[3]))
    return result


def diagram_sheet(
    checked: CheckedDiagram,
    descriptions: dict[str, str],
    language: str = "en",
    *,
    max_width: float = MAX_WIDTH_MM,
    max_height: float = MAX_HEIGHT_MM,
    unit_mm: float = UNIT_MM,
    terms: Mapping[str, Terms] | None = None,
) -> Sheet:
    """The diagram on a sheet just big enough for it, at a legible, fixed scale.

    The scale is ``unit_mm`` per board unit unless the drawing would then be
    wider than ``max_width`` (or the ``width`` the definition asks for) or
    taller than ``max_height``: with the defaults the same picture fits the
    text width of every paper size, so the booklet and the standalone SVG agree.
    The words drawn are in the languages of ``descriptions`` (its keys, "pt"
    and/or "en"), else in the language of ``language``; so are the hover
    texts of its parts (the ``<title>`` of a piece, a cell, a line), with the
    players and pieces named as ``terms`` (language -> front matter
    ``colours`` and ``pieces``) names them.
    """
    spec = checked.spec
    langs = tuple(descriptions) or (language.split("-")[0],)
    if spec.width:
        max_width = min(max_width, spec.width.value)
    view = spec.view is not None
    if view:
        unit_box = _view_box(checked, Frame(1.0))
        scale = min(unit_mm, (max_width - 2 * PAD_MM) / (unit_box[2] - unit_box[0]), (max_height - 2 * PAD_MM) / (unit_box[3] - unit_box[1]))
    else:
        # Line widths do not grow with the scale, so shrink, measure again, until it fits.
        scale = unit_mm
        for _ in range(4):
            box = ink_bounds(_Painter(checked, Frame(scale), langs).draw())
            assert box is not None
            factor = min(max_width / (box[2] - box[0] + 2 * PAD_MM), max_height / (box[3] - box[1] + 2 * PAD_MM))
            if factor >= 1:
                break
            scale *= factor * 0.995
    frame = Frame(scale)
    measured = _Painter(checked, frame, langs)
    drawn = measured.draw()
    box = _union([_view_box(checked, frame), measured.throw_box]) if view else ink_bounds(drawn)
    assert box is not None
    shifted = frame.moved(PAD_MM - box[0], PAD_MM - box[1])
    content = _titled(_Painter(checked, shifted, langs).draw(), {lang: (terms or {}).get(lang, (None, {})) for lang in langs})
    width, height = box[2] - box[0] + 2 * PAD_MM, box[3] - box[1] + 2 * PAD_MM
    if view and measured.throw_box is not None:
        # The throw lies outside the view, where more of the board would show: the view is cut to its own box.
        seen = _view_box(checked, frame)
        content = _view_beside_throw(content, (seen[0] - box[0], seen[1] - box[1], seen[2] - box[0] + 2 * PAD_MM, seen[3] - box[1] + 2 * PAD_MM))
    elif view:
        content = _clip(content, (0.0, 0.0, width, height))
        inset = 0.15
        frame_line = Polygon(((inset, inset), (width - inset, inset), (width - inset, height - inset), (inset, height - inset)), Style(stroke=palette.current().faint, width=0.3))
        content.add(Group("view-frame").add(frame_line))
    title = " / ".join(descriptions[lang] for lang in descriptions)
    return Sheet(
        width=round(width, 3),
        height=round(height, 3),
        content=content,
        title=title,
        subject=f"{checked.game.title.get('en', checked.game.id)} diagram {spec.id}",
        description=f"{checked.game.id} position: {checked.final.to_text()}",
        language=language,
    )


def _view_beside_throw(content: Group, seen: Box) -> Group:
    """A partial view cut exactly to ``seen`` (sheet mm) and framed, with the throw left whole beside it."""
    throws = [child for child in content.children if isinstance(child, Group) and child.role == "throw"]
    rest = Group(content.role, title=content.title)
    rest.add(*(child for child in content.children if not any(child is t for t in throws)))
    shown = _clip(rest, seen)
    result = Group(content.role, title=content.title)
    result.add(Group("view", clip=seen).add(*shown.children), *throws)
    x0, y0, x1, y1 = seen
    inset = 0.15
    frame_line = Polygon(((x0 + inset, y0 + inset), (x1 - inset, y0 + inset), (x1 - inset, y1 - inset), (x0 + inset, y1 - inset)), Style(stroke=palette.current().faint, width=0.3))
    result.add(Group("view-frame").add(frame_line))
    return result


def _titled(group: Group, terms: Mapping[str, Terms]) -> Group:
    """``group`` with the board code's English hover texts said in the languages of ``terms`` (a copy: board drawings may be shared)."""
    title = group.title and (hover_title(group.title, group.role, terms) or group.title)
    copy = Group(group.role, title=title, clip=group.clip)
    for child in group.children:
        copy.add(_titled(child, terms) if isinstance(child, Group) else child)
    return copy


# -- words -------------------------------------------------------------------------------


def unique_ids(svg: str, prefix: str) -> str:
    """Make the ids inside one SVG unique in a page holding several (hatch patterns)."""
    return re.sub(r'(id="|url\(#)(hatch\d+)', lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", svg)
