"""Drawing shared by the boards laid out on a square grid, of points or of cells.

Why: Surakarta, Assalto and Brax are grids of points; Seega (5, 7 or 9 cells),
Damas and Xadrez (8 x 8 squares) are grids of cells.  What they share (where a
piece stands, the grid lines or the cells, the chequer, coordinates round the
board, start marks, a kept mark such as Seega's centre square, the highlight of
a place) is written once here, in the style of :class:`~boardgen.boards.hexcells.HexCellBoard`,
so that a new grid game's board is a few class attributes::

    class SeegaBoard(GridBoard):
        game_id = "seega"
        places = "cells"
        sizes = (5, 7, 9)          # the board size is the number of cells a side
        marked = ("centre",)       # the centre cell, marked on every drawing

    class DamasBoard(GridBoard):
        game_id = "damas"
        columns = 8
        places = "cells"
        chequer = True             # a1 dark: a dark square at each player's left-hand corner

Places are named and placed by :class:`~boardgen.geometry.squaregrid.SquareGrid`
(``a1`` at board point (0, 0), one unit per step), the same object the rules
read.  A board with lines of its own (Surakarta's circuits, Assalto's
diagonals and fortress) overrides :meth:`GridBoard.layers` and keeps the rest.

Colours are palette roles (``cell_dark``, ``cell_light``, ``ink``, ``board_mark``
by default; a board may name other roles in ``dark_role`` and ``light_role``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Literal

from boardgen.boards.base import BoardDrawing, BoardOptions, Label, Part, bounding, centred_label
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Hatch, Line, Polygon, Shape, Style
from boardgen.engine.base import Piece
from boardgen.geometry.squaregrid import SquareGrid

Vec = tuple[float, float]

def square(centre: Vec, half: float) -> list[Vec]:
    """The corners of an axis-aligned square, counter-clockwise from the lower left (board units)."""
    x, y = centre
    return [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]


def rectangle_labels(grid: SquareGrid, label_size: float, gap: float) -> tuple[Label, ...]:
    """Letters under and over the columns, numbers left and right of the rows.

    ``gap`` is the board-unit distance from the outermost places' centres to the
    middle of a label; labels go round the grid's bounding rectangle, so a
    board cut out of it (Assalto's cross) is labelled like the full grid.
    The same list draws the labels and states their extent.
    """
    labels: list[Label] = []
    low, right, top = -gap, grid.columns - 1 + gap, grid.rows - 1 + gap
    for i in range(max(grid.columns, grid.rows)):
        if i < grid.columns:
            letter = grid.letters[i]
            labels += [Label((i, low), letter, label_size), Label((i, top), letter, label_size)]
        if i < grid.rows:
            number = str(i + 1)
            labels += [Label((low, i), number, label_size), Label((right, i), number, label_size)]
    return tuple(labels)


def draw_labels(frame: Frame, labels: tuple[Label, ...]) -> Group:
    """The coordinate group of ``labels``, each set by :func:`centred_label`."""
    return Group("coordinate").add(*(centred_label(frame, label.at, label.text, frame.length(label.size)) for label in labels))


class GridBoard(BoardDrawing):
    """A board of points or cells on a square grid, declared by class attributes.

    Subclasses set what their board is; every attribute has a default that
    draws a plain board.  ``sizes`` (with ``columns = 0``) makes a board whose
    size is chosen when it is made (Seega), else ``columns`` x ``rows`` is fixed.
    """

    #: points (pieces stand where lines cross) or cells (pieces stand in squares)
    places: Literal["points", "cells"] = "cells"
    #: fixed board width in places; 0 when the size is chosen (``sizes``)
    columns: int = 0
    #: fixed board height; None for as many rows as columns
    rows: int | None = None
    #: the sizes a board with ``columns = 0`` may be made in (the number of places a side)
    sizes: tuple[int, ...] = ()
    #: a grid of its own (a subset of the rectangle, e.g. Assalto's cross); None: the full rectangle
    grid_shape: SquareGrid | None = None
    #: dark and light cells alternate, a1 dark (a dark square at each player's left-hand corner)
    chequer: bool = False
    #: places that carry a kept mark, shown on every drawing; "centre" names the middle place
    marked: tuple[str, ...] = ()
    #: start points per owner, marked on an empty board (and the start position with ``piece_kind``)
    start: Mapping[int, tuple[str, ...]] = {}
    #: what the rules engine calls the pieces of the start position: every game with ``start`` names its own
    piece_kind: str = ""
    #: a dot on every point (points boards)
    point_dots: bool = False
    #: lines through every point diagonally too (points boards)
    diagonals: bool = False
    #: palette roles of dark and light cells
    dark_role: str = "cell_dark"
    light_role: str = "cell_light"
    #: coordinate labels: text size and distance from the outermost places' centres (None: by ``places``)
    label_size: float = 0.34
    label_gap: float | None = None
    #: start marks: radius in board units, outline as a multiple of the line width
    start_mark_radius: float = 0.15
    start_mark_stroke: float = 1.0
    start_marks_title: str = "start points"
    #: line width: ``line_factor`` x the spacing in mm, clamped to [line_min, line_max] mm
    line_factor: float = 0.02
    line_min: float = 0.15
    line_max: float = 0.5

    def __init__(self, size: int | None = None) -> None:
        if self.columns:
            super().__init__(None)
            self.grid = self.grid_shape or SquareGrid(self.columns, self.rows or self.columns, label=f"{self.game_id} board")
        else:
            size = size or (self.sizes[0] if self.sizes else None)
            if size is None or (self.sizes and size not in self.sizes):
                raise ValueError(f"{type(self).__name__}: size {size} is not one of {self.sizes}")
            super().__init__(size)
            self.grid = SquareGrid(size, size, label=f"{self.game_id} {size} × {size} board")
        if self.marked:
            self.kept_marks = ("board-mark", *type(self).kept_marks)
        self.place_word = "point" if self.places == "points" else "cell"
        self.moves_follow_lines = self.places == "points"  # pieces on the crossings move along the lines

    # -- what the board is -------------------------------------------------------
    def size_label(self) -> str:
        return f"{self.size} × {self.size}" if self.size else ""

    @cached_property
    def _locations(self) -> dict[str, tuple[float, float]]:
        return {name: (float(x), float(y)) for name, (x, y) in self.grid.points.items()}

    def locations(self) -> dict[str, tuple[float, float]]:
        return self._locations

    def marked_places(self) -> tuple[str, ...]:
        """The names of the places with a kept mark ("centre" resolved to the middle place)."""
        middle = self.grid.name((self.grid.columns - 1) // 2, (self.grid.rows - 1) // 2) if "centre" in self.marked else ""
        names = tuple(middle if name == "centre" else name for name in self.marked)
        for name in names:
            self.location(name)  # a misspelt mark is an UnknownPlace, not a silent gap
        return names

    def start_marks(self) -> dict[str, int]:
        return {name: owner for owner in sorted(self.start) for name in self.start[owner]}

    def start_placements(self) -> list[tuple[str, Piece]]:
        if self.start and not self.piece_kind:
            raise TypeError(f"{type(self).__name__} has start points but declares no piece_kind (its engine's Piece.kind)")
        return [(name, Piece(owner, self.piece_kind)) for owner in sorted(self.start) for name in self.start[owner]]

    def is_dark(self, name: str) -> bool:
        """Whether a cell is dark (only chequered boards have dark cells)."""
        return self.chequer and self.grid.is_dark(name)

    def line_width(self, frame: Frame, options: BoardOptions) -> float:
        """Grid lines: proportional to the spacing, within what prints cleanly."""
        return min(self.line_max, max(self.line_min, frame.scale * self.line_factor)) * options.line_scale

    # -- drawing -------------------------------------------------------------------
    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        board = Group("board")
        board.add(*self.layers(frame, options))
        # Start marks printed on the board itself (Brax's diamonds) are kept marks: always drawn.
        if self.start_marks() and (options.marks_start_points or "start-marks" in self.kept_marks):
            board.add(self.draw_start_marks(frame, options))
        if options.coordinates:
            board.add(self.draw_coordinates(frame))
        return board

    def layers(self, frame: Frame, options: BoardOptions) -> list[Group]:
        """The board's own ink, bottom first: cells or lines (and dots), then the kept marks."""
        found = [self.draw_cells(frame, options)] if self.places == "cells" else [self.draw_lines(frame, options)]
        if self.places == "points" and self.point_dots:
            found.append(self.draw_points(frame, options))
        if self.marked:
            found.append(self.draw_marked(frame, options))
        return found

    def draw_cells(self, frame: Frame, options: BoardOptions) -> Group:
        """Every cell a square outlined in ink (dark ones filled, hatched in light ink), then the border."""
        colours = palette.current()
        width = self.line_width(frame, options)
        dark_colour, light_colour = getattr(colours, self.dark_role), getattr(colours, self.light_role)
        dark, light = Group("cell-dark", title="dark cells"), Group("cell-light", title="light cells")
        for name in self.grid.names:
            outline = frame.pts(square(self._locations[name], 0.5))
            if not self.is_dark(name):
                light.add(Polygon(outline, Style(stroke=colours.ink, width=width, fill=light_colour if self.chequer and not options.light else None)))
            elif options.light:
                dark.add(Polygon(outline, Style(stroke=colours.ink, width=width, hatch=Hatch(dark_colour, spacing=1.4, angle=45.0, width=0.25))))
            else:
                dark.add(Polygon(outline, Style(stroke=colours.ink, width=width, fill=dark_colour)))
        cells = Group("cells").add(*(g for g in (light, dark) if g.children))
        if self.grid_shape is None:  # a full rectangle gets a border twice as wide
            corners = [(-0.5, -0.5), (self.grid.columns - 0.5, -0.5), (self.grid.columns - 0.5, self.grid.rows - 0.5), (-0.5, self.grid.rows - 0.5)]
            cells.add(Group("border").add(Polygon(frame.pts(corners), Style(stroke=colours.ink, width=width * 2, join="miter"))))
        return cells

    def draw_lines(self, frame: Frame, options: BoardOptions) -> Group:
        """Unit segments between neighbouring points: orthogonal, and diagonal with ``diagonals``."""
        style = Style(stroke=palette.current().ink, width=self.line_width(frame, options))
        directions = ((1, 0), (0, 1), (1, 1), (1, -1)) if self.diagonals else ((1, 0), (0, 1))
        group = Group("lines")
        for a, b in self.grid.segments(directions):
            group.add(Line(frame.pt(*self._locations[a]), frame.pt(*self._locations[b]), style))
        return group

    def draw_points(self, frame: Frame, options: BoardOptions) -> Group:
        """A dot on every point, a little wider than the lines."""
        group = Group("points")
        style = Style(stroke=None, fill=palette.current().ink)
        radius = max(self.line_width(frame, options) * 1.4, frame.length(0.06))
        for name in self.grid.names:
            group.add(Circle(frame.pt(*self._locations[name]), radius, style))
        return group

    def draw_marked(self, frame: Frame, options: BoardOptions) -> Group:
        """The kept marks: a cross from corner to corner of a marked cell, a ring round a marked point."""
        colour = palette.current().board_mark
        width = self.line_width(frame, options) * 1.6
        names = self.marked_places()
        group = Group("board-mark", title=f"marked {self.place_word}{'s' if len(names) > 1 else ''}: {', '.join(names)}")
        for name in names:
            centre = self._locations[name]
            if self.places == "cells":
                a, b, c, d = frame.pts(square(centre, 0.36))
                style = Style(stroke=colour, width=width, cap="round")
                group.add(Line(a, c, style), Line(b, d, style))
            else:
                group.add(Circle(frame.pt(*centre), frame.length(0.3), Style(stroke=colour, width=width)))
        return group

    def start_group_title(self, owner: int) -> str | None:
        """The title of one player's start marks (None: untitled)."""
        return None

    def draw_start_marks(self, frame: Frame, options: BoardOptions) -> Group:
        """Start points: a small copy of the piece that starts there (the :attr:`ringed_kinds` with an inner ring)."""
        group = Group("start-marks", title=self.start_marks_title)
        radius = frame.length(self.start_mark_radius)
        stroke = max(0.25, self.line_width(frame, options) * self.start_mark_stroke)
        kinds = dict((name, piece.kind) for name, piece in self.start_placements())
        marks = self.start_marks()
        colours = palette.current()
        for owner in sorted(set(marks.values())):
            fill, outline = self.piece_colours(owner)
            player = Group(f"start-player-{owner}", title=self.start_group_title(owner))
            for name, whose in marks.items():
                if whose != owner:
                    continue
                centre = frame.pt(*self.location(name))
                if kinds.get(name) in self.ringed_kinds:
                    ring = colours.paper if fill == colours.dark_piece else colours.ink
                    player.add(Circle(centre, radius * 1.35, Style(stroke=outline, width=stroke, fill=fill)))
                    player.add(Circle(centre, radius * 0.7, Style(stroke=ring, width=stroke)))
                else:
                    player.add(Circle(centre, radius, Style(stroke=outline, width=stroke, fill=fill)))
            group.add(player)
        return group

    def coordinate_gap(self) -> float:
        """Board units from the outermost places' centres to the middle of a coordinate label."""
        if self.label_gap is not None:
            return self.label_gap
        return 0.9 if self.places == "cells" else 0.62

    def draw_coordinates(self, frame: Frame) -> Group:
        return draw_labels(frame, self.coordinate_labels())

    # -- extent -------------------------------------------------------------------
    def coordinate_labels(self) -> tuple[Label, ...]:
        return rectangle_labels(self.grid, self.label_size, self.coordinate_gap())

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """Cells (the full rectangle's border twice the line width) or lines, dots, start marks and kept marks.

        Pads follow :meth:`line_width` at each scale; a subclass adds the
        boxes of its own layers (:meth:`layer_extent`).
        """
        places = bounding(self._locations.values())
        line = self.line_at(options)
        if self.places == "cells":
            border = 1.0 if self.grid_shape is None else 0.5  # a full rectangle's border is two lines wide
            parts = [Part(bounding(self._locations.values(), 0.5), lambda scale: line(scale) * border)]
        else:
            parts = [Part(places, lambda scale: line(scale) / 2)]
            if self.point_dots:
                parts.append(Part(places, lambda scale: max(line(scale) * 1.4, scale * 0.06)))
        marks = self.start_marks()
        if marks and (options.marks_start_points or "start-marks" in self.kept_marks):
            kinds = dict((name, piece.kind) for name, piece in self.start_placements())
            factor = self.start_mark_stroke
            for ringed, grow in ((False, 1.0), (True, 1.35)):  # an officer's or king's mark is the wider
                names = [name for name in marks if (kinds.get(name) in self.ringed_kinds) == ringed]
                if names:
                    parts.append(Part(bounding([self.location(name) for name in names], self.start_mark_radius * grow), lambda scale: max(0.25, line(scale) * factor) / 2))
        if self.marked and self.places == "points":
            parts.append(Part(bounding([self._locations[name] for name in self.marked_places()], 0.3), lambda scale: line(scale) * 0.8))
        return tuple(parts) + self.layer_extent(options)

    def line_at(self, options: BoardOptions) -> Callable[[float], float]:
        """:meth:`line_width` as a function of the scale, for the pads of an extent."""
        return lambda scale: self.line_width(Frame(scale), options)

    def layer_extent(self, options: BoardOptions) -> tuple[Part, ...]:
        """The boxes of what :meth:`layers` draws beyond the grid's own (none here)."""
        return ()

    def highlight_shape(self, frame: Frame, name: str, style: Style) -> Shape:
        """A cell's highlight is the cell, slightly inset; a point's is the ring of the base class."""
        if self.places == "cells":
            return Polygon(frame.pts(square(self.location(name), 0.44)), style)
        return super().highlight_shape(frame, name, style)
