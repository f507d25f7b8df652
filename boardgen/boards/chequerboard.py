"""The 8 x 8 chequerboard Damas and Xadrez share: 64 squares, a1 dark, coordinates a-h and 1-8.

Why one class: draughts and chess are played on the same board (games.md 12
and 13; the seed asks for the dark corner square on each player's left in
both), and a set bought in a shop serves both.  A game subclasses
:class:`ChequerBoard` and sets only what is its own (``game_id``, the start
position, the pieces' drawing); the squares, their colours, the coordinates
and the sizes stay here, so the two boards cannot drift apart.

Sizes (what one square measures, ``--cell-mm``):

* :data:`DEFAULT_SQUARE_MM` (22 mm, a 176 mm board) is what a sheet uses when
  no size is asked for: it fits A4 and Letter alike (portrait, with the
  coordinates and the sheet's header and calibration bar), so the same board
  prints the same size on either paper.  It suits pieces up to about 18 mm
  across (:data:`DEFAULT_PIECE_MM`, draughts men of a travel set, or a chess
  king's base of a small set).
* :data:`TOURNAMENT_SQUARE_MM` (FIDE's Standards of Chess Equipment: squares
  of 50 to 65 mm; 57 mm is a usual club board) prints with ``--cell-mm 57``
  on A1 paper, or over several A4 or Letter sheets with ``--tile``.
"""

from __future__ import annotations

from functools import cached_property

from boardgen.boards.base import BoardOptions
from boardgen.boards.grid import GridBoard
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Style
from boardgen.engine.base import Piece

SIZE = 8
DEFAULT_SQUARE_MM = 22.0
DEFAULT_PIECE_MM = 18.0
TOURNAMENT_SQUARE_MM = 57.0
TOURNAMENT_RANGE_MM = (50.0, 65.0)  # FIDE's range for a square's side


class ChequerBoard(GridBoard):
    """Eight by eight squares, a1 dark, with coordinates round the board (a subclass names its game)."""

    unit_label = {"pt": "casa", "en": "square"}
    columns = SIZE
    places = "cells"
    chequer = True
    default_cell_mm: float | None = DEFAULT_SQUARE_MM
    #: the tiled poster: a club board's squares, within FIDE's range and the club draughts board's
    poster_cell_mm: float | None = TOURNAMENT_SQUARE_MM
    label_gap = 0.8
    label_size = 0.3
    #: a piece a little smaller than its square, as on a real board
    piece_diameter = 0.8
    #: dark and light squares must stay apart when printed in grey (tests/sheet/test_greyscale.py)
    distinct_roles = (("cell-dark", "cell-light"),)
    #: pieces stand on the dark squares only (draughts); False: on every square (chess)
    dark_squares_only: bool = False

    def locations(self) -> dict[str, tuple[float, float]]:
        """Where a piece may stand: every square, or only the dark ones (all 64 are drawn either way)."""
        if not self.dark_squares_only:
            return self._locations
        return self._dark_locations

    @cached_property
    def _dark_locations(self) -> dict[str, tuple[float, float]]:
        return {name: xy for name, xy in self._locations.items() if self.grid.is_dark(name)}

    def size_label(self) -> str:
        return f"{SIZE} × {SIZE}"

    def draw_piece(self, frame: Frame, name: str, piece: Piece, options: BoardOptions, offset: tuple[float, float] = (0.0, 0.0)) -> Group:
        """A disc; a dark one has a light rim inside its outline, so it stands out on a dark square."""
        group = super().draw_piece(frame, name, piece, options, offset)
        colours = palette.current()
        fill, _outline = self.piece_colours(piece.owner)
        if fill == colours.dark_piece:
            x, y = self.location(name)
            radius = frame.length(self.piece_diameter / 2)
            width = max(0.25, radius * 0.08)
            group.children.insert(1, Circle(frame.pt(x + offset[0], y + offset[1]), radius - width * 1.6, Style(stroke=colours.paper, width=width)))
        return group
