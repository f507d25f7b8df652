"""What every game's board drawing provides, whatever the game.

A board is drawn in board units through a :class:`~boardgen.drawing.frame.Frame`,
so the same code makes the printable sheet, the tiles of a poster and the
small diagrams of a booklet.  The sheet layout (``boardgen.sheets.single``) and the
diagram renderer only use this interface.

Two kinds of marks, kept apart on purpose:

* **start marks** (:meth:`BoardDrawing.start_marks`) say where the pieces
  start, so they help on an empty board and only confuse a diagram of a later
  position: ``BoardOptions.start_marks`` turns them off;
* **kept marks** (:attr:`BoardDrawing.kept_marks`) are part of what the board
  *is* (Seega's centre square, Assalto's fortress, Ringo's neutral zone): the
  rules refer to them, so they show on every drawing, covers and diagrams
  included, and no option turns them off.  (Hex's centre dot is neither: a
  printing choice, ``BoardOptions.centre_mark``.)

A piece, a highlight or an arrow is placed by name through
:meth:`BoardDrawing.location`, which answers an unknown name with a
:class:`~boardgen.errors.BoardgenError` naming the board and the name, never a
bare ``KeyError``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

# the extent a board states, and the smallest text, re-exported for the boards that declare them
from boardgen.boards.extent import MIN_TEXT_MM, MIN_TEXT_PT, Box, Extent, Label, Part, bounding
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Path, Polygon, Shape, Style, Text
from boardgen.drawing import palette
from boardgen.engine.base import Piece, Throw
from boardgen.errors import BoardgenError

InkMode = Literal["full", "light", "mono"]  # mono: one ink, patterns only (drawn as light, in the one-ink palette)

#: light regular-weight text on a dark ground only from this size up: smaller, its thin
#: strokes fill in with ink in print, so a small label (a cell name) on a dark ground is
#: set dark on a light backing.  Bold move numbers on dark pieces hold up from 5 pt.
REVERSED_TEXT_MIN_MM = 8.0 * 25.4 / 72


@dataclass(frozen=True)
class BoardOptions:
    """Choices that change how a board looks, never what it is."""

    coordinates: bool = True
    ink: InkMode = "full"
    setup: bool = False  # draw the start position with pieces
    centre_mark: bool = True
    line_scale: float = 1.0  # multiplies line widths (pen-and-paper sheets use thinner lines)
    start_marks: bool = True  # mark start points on an empty board (diagrams of later positions turn it off)

    @property
    def marks_start_points(self) -> bool:
        return self.start_marks and not self.setup

    @property
    def light(self) -> bool:
        """No solid areas: light ink, and one ink, which draws as light ink does with ink and paper only."""
        return self.ink in ("light", "mono")

    @property
    def mono(self) -> bool:
        return self.ink == "mono"


class UnknownPlace(BoardgenError, KeyError):
    """A point or cell name the board does not have ("hex 11 × 11 board has no cell 'z9'").

    Also a KeyError, for code that looked names up in :meth:`BoardDrawing.locations`
    directly; its message reads as a sentence, not as a quoted key.
    """

    def __init__(self, board: str, word: str, name: str) -> None:
        self.board, self.word, self.name = board, word, name
        super().__init__(f"{board} has no {word} {name!r}")

    def __str__(self) -> str:
        return str(self.args[0])


def _stack_counts(placements: list[tuple[str, Piece]]) -> list[int]:
    counts: dict[str, int] = {}
    for name, _ in placements:
        counts[name] = counts.get(name, 0) + 1
    return list(counts.values())


def _spread_box(box: Box, spread: float) -> Box:
    """Pieces side by side on one point reach ``spread`` board units further left and right."""
    return (box[0] - spread, box[1], box[2] + spread, box[3])


class BoardDrawing(ABC):
    """A game's board: geometry in board units and the drawing of it.

    Subclasses are constructed with the board size (None for fixed boards) and
    implement :meth:`draw_board` and :meth:`locations`.
    """

    game_id: str = ""
    #: what one board unit measures on paper, for the size line of a sheet
    unit_label: dict[str, str] = {"pt": "espaçamento", "en": "spacing"}
    #: lines printed under the sheet header, as (pt, en) pairs (e.g. Brax's layout note)
    notes: tuple[tuple[str, str], ...] = ()
    #: diameter of a piece in board units
    piece_diameter: float = 0.8
    #: what one board unit measures on a sheet when no size is asked for and it fits (None: the largest
    #: size that fits); a board sold in one size (the 8 x 8 chequerboard) prints the same on A4 and Letter
    default_cell_mm: float | None = None
    #: what one board unit measures on the tiled poster (``--tile`` with no size asked, and the
    #: build's ``GAME-poster-tiled-PAPER.pdf``): the size a player with full-size pieces expects,
    #: and the size the booklet's "Making your own" states (tests/make/test_posters.py reads both).
    #: None: the board has no poster size, and ``--tile`` needs ``--cell-mm``, ``--board-mm`` or ``--sheets``
    poster_cell_mm: float | None = None
    #: whether the light-ink drawing (``--ink light``) puts less ink on paper than the full one: False
    #: for boards whose full drawing has no solid area to spare (outlines on paper, one tinted cell),
    #: where hatching costs as much ink as the tint it replaces.  The build offers an ink-saving
    #: booklet only for a game whose board saves ink (boardgen/make/booklets.py), and the audit
    #: holds every ink-saving file to that promise (tests/make/test_ink_saving.py checks a False)
    light_saves_ink: bool = True
    #: groups of drawing roles whose ink carries different meanings (players' edges,
    #: circuits, line colours, zones) and so must stay apart in a greyscale print
    distinct_roles: tuple[tuple[str, ...], ...] = ()
    #: roles of the groups that mark what the board *is* (a fortress, a centre square):
    #: drawn whatever the options, so they stay on covers and diagrams (see the module docstring)
    kept_marks: tuple[str, ...] = ()
    #: what a named place is called in messages ("point", "cell")
    place_word: str = "point"
    #: whether pieces stand on the crossings of drawn lines and move along them (Brax,
    #: Surakarta, Assalto): a diagram then draws its arrows beside the lines, never on
    #: them, so the line a move follows (its colour, its loop) stays in sight
    moves_follow_lines: bool = False

    def __init__(self, size: int | None = None) -> None:
        self.size = size

    # -- what subclasses provide ----------------------------------------------
    @abstractmethod
    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        """The board itself (without pieces); coordinates in a child group with role ``coordinate``."""

    @abstractmethod
    def locations(self) -> dict[str, tuple[float, float]]:
        """Board-unit position of every named point or cell (where a piece stands)."""

    def start_placements(self) -> list[tuple[str, Piece]]:
        """The pieces of the start position (empty for games that start on an empty board)."""
        return []

    def start_marks(self) -> dict[str, int]:
        """Points marked as start points on an empty board: name -> owner."""
        return {}

    def refused_path(self, text: str, points: tuple[str, ...], occupied: frozenset[str]) -> tuple[str, ...]:
        """The places a refused move would pass, for drawing it (a ``Move.path``-like tuple).

        The engine refuses the move (``text``, naming ``points``), so there is
        no ``Move`` to ask; the diagram still draws the way the piece would
        take, through :meth:`move_route`.  By default
        that way is the places the text names (Ringo's ``b3xh3`` goes round
        its ring from them); a board whose moves name only their two ends
        (Surakarta's captures) works out the path itself.  ``occupied`` is
        every place holding a piece in the shown position.
        """
        return points

    # -- what a game declares about its pieces, for drawings and diagrams ------
    # Read by the shared layers (this class, boards/grid.py, booklet/diagrams/), so that a new
    # game declares its kinds of piece and its diagram hooks here and edits no shared module.

    #: kinds of piece drawn with an inner ring (Assalto's officers, a draughts king), by
    #: :meth:`draw_piece` and by a grid board's start marks
    ringed_kinds: frozenset[str] = frozenset()
    #: kinds not worth naming in a diagram's description when they are all a player has
    #: (Hex's stones: "White: c3, d4", not "White: stones c3, d4")
    plain_kinds: frozenset[str] = frozenset()
    #: the words for each kind of piece: kind -> language -> (one, several), e.g.
    #: ``{"officer": {"pt": ("oficial", "oficiais"), "en": ("officer", "officers")}}``; a booklet's
    #: front matter ``pieces`` says them its own way, and a kind with no words is called by its name
    kind_words: dict[str, dict[str, tuple[str, str]]] = {}
    #: whether :meth:`claim_mark` sets a diagram's marks beside the piece, not on it (Awelé's
    #: counts): a mark on a piece is drawn in the paper's colour on a dark piece, one beside it
    #: keeps its casing
    claim_marks_beside_pieces: bool = False

    def move_route(self, path: tuple[str, ...]) -> list[tuple[float, float]]:
        """The line a diagram's arrow for a move along ``path`` runs, in board units.

        By default straight from place to place; a board whose pieces follow
        curves or lanes says so (Surakarta's loops, Ringo's rings, Awelé's
        sowing lane).  Fewer than two points: the diagram runs straight.
        """
        return [self.location(name) for name in path]

    def claim_mark(self, name: str) -> tuple[tuple[float, float], float]:
        """Where a diagram sets a claim's mark (a capture's X, a refusal) on a place: ((x, y) in board
        units, size as a factor of a piece's radius).  By default on the place, piece-sized; a board
        whose places show counts (Awelé's pits) puts it beside them (see :attr:`claim_marks_beside_pieces`)."""
        return self.location(name), 1.0

    def location(self, name: str) -> tuple[float, float]:
        """Board-unit position of one named place; :class:`UnknownPlace` names the board and the name."""
        try:
            return self.locations()[name]
        except KeyError:
            raise UnknownPlace(self.board_label(), self.place_word, name) from None

    def board_label(self) -> str:
        """How messages name this board: "hex 11 × 11 board", "assalto board"."""
        size = self.size_label()
        return f"{self.game_id} {size} board" if size else f"{self.game_id} board"

    def size_label(self) -> str:
        """How the board size reads in a title ("11 × 11"), empty for fixed boards."""
        return ""

    def piece_words(self, scale_mm: float, lang: str) -> str:
        """What pieces suit the board drawn at ``scale_mm`` per unit, for the sheet's size line ("" for none).

        Boards whose pieces players find at home (Seega's counters, coins) say so
        from the printed size, so the line stays true at any ``--cell-mm``.
        """
        return ""

    def size_words(self, lang: str) -> str:
        """The board size in a sentence ("tabuleiro 11 × 11" / "11 × 11 board" fill in this part)."""
        return self.size_label()

    # -- pieces and highlights, shared ------------------------------------------
    def piece_colours(self, owner: int) -> tuple[str, str]:
        """(fill, outline) of a player's pieces; games override to use their colours."""
        colours = palette.current()
        return (colours.light_piece, colours.ink) if owner == 0 else (colours.dark_piece, colours.ink)

    def draw_piece(self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)) -> Group:
        """One piece on a named point; the kinds of :attr:`ringed_kinds` (officers, kings) carry an inner ring."""
        x, y = self.location(name)
        centre = frame.pt(x + offset[0], y + offset[1])
        radius = frame.length(self.piece_diameter / 2)
        fill, outline = self.piece_colours(piece.owner)
        width = max(0.25, radius * 0.08)
        group = Group(f"piece-player-{piece.owner}", title=f"{piece.kind} of player {piece.owner} on {name}")
        group.add(Circle(centre, radius, Style(stroke=outline, width=width, fill=fill)))
        if piece.kind in self.ringed_kinds:
            colours = palette.current()
            ring = colours.paper if fill == colours.dark_piece else colours.ink
            group.add(Circle(centre, radius * 0.55, Style(stroke=ring, width=width * 1.2)))
        return group

    def draw_pieces(self, frame: Frame, placements: list[tuple[str, Piece]], options: BoardOptions) -> Group:
        """Pieces in placement order; two pieces on one point are drawn side by side."""
        group = Group("pieces")
        seen: dict[str, int] = {}
        counts: dict[str, int] = {}
        for name, _ in placements:
            counts[name] = counts.get(name, 0) + 1
        for name, piece in placements:
            index = seen.get(name, 0)
            seen[name] = index + 1
            offset = (0.0, 0.0)
            if counts[name] > 1:
                spread = self.piece_diameter * 0.3
                offset = ((index - (counts[name] - 1) / 2) * spread * 2, 0.0)
            group.add(self.draw_piece(frame, name, piece, options, offset))
        return group

    def draw_throw(self, frame: Frame, throw: Throw, options: BoardOptions) -> Group | None:
        """The throw of a diagram (dice, sticks) drawn the game's way, or None for the shared drawing.

        The diagram renderer calls it when the shown position carries a throw,
        with ``frame.origin`` at the sheet point (mm) where the throw's top-left
        corner goes and ``frame.scale`` the board's, so faces can be sized to
        the pieces.  None (the default) lets the renderer draw ``throw.faces``
        with :func:`boardgen.boards.throws.throw_drawing`: dice for values 1 to
        6, sticks for sides of 0 and 1 four at a time.
        """
        return None

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        """The mark that highlights a point or cell (a ring by default; cell boards override)."""
        x, y = self.location(name)
        return Circle(frame.pt(x, y), frame.length(self.piece_diameter * 0.62), style)

    def draw(self, frame: Frame, options: BoardOptions) -> Group:
        """Board plus, when asked, the start position."""
        group = Group(f"board-{self.game_id}")
        group.add(self.draw_board(frame, options))
        if options.setup and self.start_placements():
            group.add(self.draw_pieces(frame, self.start_placements(), options))
        return group

    # -- extent (see :class:`Extent`) ------------------------------------------
    def extent(self, options: BoardOptions) -> Extent:
        """Where :meth:`draw` puts ink at any scale: the board's :meth:`extent_parts`, its pieces with ``setup``, its labels with ``coordinates``.

        Worked out once per options (a layout asks many times; a board's geometry does not change).
        """
        known: dict[BoardOptions, Extent] = self.__dict__.setdefault("_extents", {})
        if options not in known:
            parts = self.extent_parts(options)
            if options.setup and self.start_placements():
                parts += self.pieces_extent(self.start_placements())
            known[options] = Extent(parts, self.coordinate_labels() if options.coordinates else ())
        return known[options]

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """The board's own ink, coordinates and pieces aside, as board-unit boxes with fixed pads."""
        raise NotImplementedError(f"{type(self).__name__} states no extent: give it extent_parts()")

    def coordinate_labels(self) -> tuple[Label, ...]:
        """The coordinate labels :meth:`draw_board` sets round the board (what reaches beyond its parts)."""
        return ()

    def pieces_extent(self, placements: list[tuple[str, Piece]]) -> tuple[Part, ...]:
        """Pieces drawn by :meth:`draw_pieces`: discs of ``piece_diameter`` with a rim of 0.25 mm or 8 % of the radius."""
        radius = self.piece_diameter / 2
        spread = max((self.piece_diameter * 0.3 * (n - 1) for n in _stack_counts(placements)), default=0.0)
        box = _spread_box(bounding([self.location(name) for name, _ in placements], radius), spread)
        return (Part(box, lambda scale: max(0.25, radius * scale * 0.08) / 2),)  # the rim straddles the disc's edge



def polygon(frame: Frame, points, style: Style) -> Polygon:
    return Polygon(frame.pts(points), style)


def centred_label(frame: Frame, centre: tuple[float, float], text: str, size: float, colour: str | None = None) -> Text:
    """Text centred on a board point (baseline lowered by about a third of the size to centre digits); ink unless ``colour``.

    Never smaller than :data:`MIN_TEXT_MM`: a board drawn small (a booklet's
    diagram, a cover) keeps labels a reader can read in print.
    """
    size = max(size, MIN_TEXT_MM)
    x, y = frame.pt(*centre)
    colour = colour or palette.current().ink
    return Text((x, y + size * 0.36), text, size, font="sans", fill=colour, anchor="middle")


def rounded_rectangle(x0: float, y0: float, x1: float, y1: float, radius: float, style: Style) -> Path:
    """A rectangle with round corners (page coordinates, y down), as one closed path."""
    r = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    return Path(
        (
            ("M", x0 + r, y0),
            ("L", x1 - r, y0),
            ("A", x1 - r, y0 + r, r, 270.0, 360.0),
            ("L", x1, y1 - r),
            ("A", x1 - r, y1 - r, r, 0.0, 90.0),
            ("L", x0 + r, y1),
            ("A", x0 + r, y1 - r, r, 90.0, 180.0),
            ("L", x0, y0 + r),
            ("A", x0 + r, y0 + r, r, 180.0, 270.0),
            ("Z",),
        ),
        style,
    )


def rounded_box(frame: Frame, low: tuple[float, float], high: tuple[float, float], radius: float, style: Style) -> Path:
    """A rectangle in board units (corners ``low`` and ``high``, y up) with corners rounded to ``radius`` board units."""
    x0, y0 = frame.pt(low[0], high[1])  # top left on the page
    x1, y1 = frame.pt(high[0], low[1])  # bottom right
    return rounded_rectangle(x0, y0, x1, y1, frame.length(radius), style)
