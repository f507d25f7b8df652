"""The painter: one checked diagram drawn through one frame, the board with its annotations in layers.

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
6. the claims: a ghost piece (or an arrow) for a legal move, an arrow (a
   ghost where the piece lands, for a placement) and crosses on the victims
   for a capture, a barred circle (:func:`forbidden`) where an illegal move
   would end, or on the piece a refused removal would take (``d1xd7``: place
   on d1, take d7, drawn with no arrow), with the refused moves' arrows under
   the legal ones and every mark on a point over both.  One mark, one
   meaning: the X only ever says "captured";
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

The painter draws in sheet millimetres through the frame it is given;
:mod:`~boardgen.booklet.diagrams.draw` chooses that frame (the scale, the
shift) and fits the drawing on its sheet.
"""

from __future__ import annotations

import math
import re

from boardgen.booklet.diagrams.board_layer import board_options, without_covered_labels
from boardgen.booklet.diagrams.check import CheckedDiagram
from boardgen.booklet.diagrams.badges import placed_badges
from boardgen.booklet.diagrams.geometry import alongside, box_meets_circle, union
from boardgen.booklet.diagrams.marks import CASING_MM, arrow, arrow_width, cross, drawn_line, forbidden
from boardgen.booklet.diagrams.view import view_box
from boardgen.booklet.diagrams.words import label_words
from boardgen.boards.base import MIN_TEXT_MM, BoardDrawing
from boardgen.boards.throws import throw_drawing
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, ink_bounds, shape_box
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Arc, Circle, Group, Line, Path, Polygon, Polyline, Style, Text
from boardgen.engine.base import Move

MAX_WIDTH_MM = 112.0  # fits the text width of an A5 page
MAX_HEIGHT_MM = 95.0
LANE_GAP_MM = 0.15  # between two arrows side by side, and between an arrow and the line it runs beside

SWAP = "swap"  # the pie rule's move text in every game's notation
PLACE = "place"  # the kind of a move that puts pieces on empty points (one or several a turn)
PLACEMENT_JOIN = "+"  # joins the points of a turn that places several pieces (c6+e6)

# Between the points of a move text: anything but letters and digits, and a capture
# mark x or a leap mark ^ between a point's digits and the next point's letter (b3xh3, d2xz).
POINT_SEPARATORS = re.compile(r"[^a-z0-9]+|(?<=[0-9])x(?=[a-z])")


class Painter:
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
        self.options = board_options(checked)
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
            line = drawn_line(group)
            if first is None:
                first = (group, line)
            if not any(alongside(line, other, self.band) for other in self.drawn_lines):
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
        root.add(without_covered_labels(self.board.draw_board(self.frame, self.options), discs, discs + marked))
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
            beside = view_box(checked, self.frame) if spec.view is not None else ink_bounds(root)
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

        The board's ``claim_mark(name)`` -> ((x, y) in board units, size factor)
        says where a mark goes and how large: on the place by default, beside
        it on a board whose places show counts (Awelé's pits), so the cross
        leaves the count readable.
        """
        self.claimed_points.add(name)
        centre, radius = self._claim_place(name)
        return cross(centre, radius, role=role)

    def claim_forbidden(self, name: str, title: str | None = None) -> Group:
        """The refusal mark (a slashed ring) where a forbidden move would land, placed like a claim's cross
        (``title``: its hover text, when it says something else, e.g. a piece that may not be removed)."""
        self.claimed_points.add(name)
        centre, radius = self._claim_place(name)
        under = None  # the fill of the piece the mark is drawn on (unless the board sets marks beside pieces)
        piece = dict(self.checked.final.placements()).get(name)
        if piece is not None and not self.board.claim_marks_beside_pieces:
            under = self.board.piece_colours(piece.owner)[0]
        return forbidden(centre, radius, title=title or f"a forbidden move would end on {name}", on=under)

    def _claim_place(self, name: str) -> tuple[tuple[float, float], float]:
        """(sheet centre, radius) of a claim's mark on ``name``, where the board's ``claim_mark`` sets it."""
        (x, y), factor = self.board.claim_mark(name)
        return self.frame.pt(x, y), self.radius * factor

    def route(self, path: list[str]) -> list[tuple[float, float]]:
        """Sheet points of the line a move travels: the board's ``move_route(path)`` (straight between
        the points unless the board knows better, e.g. along Surakarta's loops), else straight."""
        points = self.board.move_route(tuple(path))
        if len(points) >= 2:
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

    def _badges(self, pieces: Group) -> Group:
        """Each move number in a badge beside its piece (:func:`~boardgen.booklet.diagrams.badges.placed_badges`),
        kept off every piece as drawn (a board may draw several on one place, Ringo's citadel), the
        outlines of swapped stones, the points the claims mark, the arrows and each other."""
        discs = [(shape.centre, shape.radius) for shape, _ in pieces.walk() if isinstance(shape, Circle) and shape.radius >= 0.6 * self.radius]
        discs += [(self.at(n), self.radius) for n in (self.occupied | self.replaced | self.claimed_points) if n in self.names]
        numbers = [(self.at(name), number) for name, number in sorted(self.numbers, key=lambda item: item[1])]
        return placed_badges(numbers, self.radius, self.band, discs, self.drawn_lines)

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
                marks.add(*self._placement_ghosts(move, owner))
            elif move.path and owner is not None:
                marks.add(self._ghost(move.path[-1], owner))
                self.claimed_points.add(move.path[-1])
        for move in checked.captures:
            drawn = self._move_arrow(move, role="capture-arrow")
            if drawn is not None:
                arrows.add(drawn)
            elif move.kind == PLACE and owner is not None:
                # A placement that captures has no arrow: a ghost where the piece lands, as a legal placement.
                marks.add(*self._placement_ghosts(move, owner))
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
            removed = self._refused_removal(claim.text.lower(), points)
            if removed:
                # A placement whose removal is refused (d1xd7: place on d1, take d7): no arrow, since no
                # piece travels; the refusal on each piece that may not be taken.
                for name in removed:
                    marks.add(self.claim_forbidden(name, title=f"the piece on {name} may not be removed"))
                continue
            if len(points) >= 2:
                # Along the way the piece would go (round a loop, along a ring), though the engine refuses it.
                path = list(self.board.refused_path(claim.text.lower(), tuple(points), frozenset(self.occupied)))
                refused.add(self.arrow_through(path, route=True, colour=palette.current().faint, dashed=True, role="illegal-arrow"))
            if points:
                marks.add(self.claim_forbidden(points[-1]))
        return Group("claims").add(*(layer for layer in (refused, arrows, marks) if layer.children))

    def _placement_ghosts(self, move: Move, owner: int) -> list[Group]:
        """A ghost on every point a placement fills (one or several a turn), each kept clear of badges."""
        self.claimed_points.update(move.path)
        return [self._ghost(name, owner) for name in move.path]

    def _refused_removal(self, text: str, points: list[str]) -> list[str]:
        """The pieces a refused placement would remove, when ``text`` is one (else an empty list).

        Where a placement removes pieces (a mill in nine men's morris) the
        notation writes the removal after an ``x``: ``d1xd7`` places on d1
        and takes d7.  Read so when no piece stands on the first point, a
        legal placement fills it, and every point after it holds a piece: a
        move from an empty point is no move, so the text cannot mean one.
        """
        if len(points) < 2 or points[0] in self.occupied or not text.startswith(points[0] + "x"):
            return []
        if not all(name in self.occupied for name in points[1:]) or points[0] not in self._placeable():
            return []
        return points[1:]

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
            box = union([shape_box(line) for line in lines])
            if box is None or not any(box_meets_circle(box, pad, centre, self.radius) for centre in near):
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
