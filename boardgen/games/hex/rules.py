"""Hex rules: Red (player 0) joins row 1 to the last row, Blue (player 1) column a to the last column.

The whole engine is :class:`boardgen.engine.connection.ConnectionState`; this
module only says what is particular to Hex: the rhombus board from
:mod:`boardgen.games.hex.geometry`, the goals, the colour names, and the swap
mirror.  The swap reflects the first stone in the long diagonal (cell ``(c, r)``
becomes ``(r, c)``), which turns Red's rows into Blue's columns: the swapper's
stone then does for Blue exactly what the first stone did for Red, so it is
the same game as exchanging colours.  Notation: ``docs/notation/hex.md``.
"""

from __future__ import annotations

from functools import cache

from boardgen.engine.connection import ConnectionState, Layout
from boardgen.games.hex import GAME
from boardgen.games.hex.geometry import HexGeometry
from boardgen.geometry.hexgrid import column_letters, split_cell_name

# Side bits: Red must join the two rows, Blue the two columns.
_SIDE_ORDER = ("row-first", "row-last", "col-first", "col-last")
_GOALS = (0b0011, 0b1100)


class HexState(ConnectionState):
    """A Hex position (see ``docs/notation/hex.md``), e.g. ``5/1b3/2r2/5/5 r -``."""

    game_id = "hex"
    GAME = GAME
    STONES = ("r", "b")
    COLOURS = ("red", "blue")
    split_cell_name = staticmethod(split_cell_name)

    @classmethod
    def layout_for(cls, size: int) -> Layout:
        return _layout(size)

    def win_reason(self, player: int) -> str:
        n = self.size
        if player == 0:
            return f"red joined rows 1 and {n}"
        return f"blue joined columns a and {column_letters(n - 1)}"

    def board_description(self) -> str:
        return f"a {self.size} x {self.size} board"


@cache
def _layout(size: int) -> Layout:
    geometry = HexGeometry(size)
    edges = geometry.edges()

    def mirror(name: str) -> str:
        column, row = geometry.coords(name)
        return geometry.name(row, column)

    return Layout.build(
        size=size,
        rows=[[geometry.name(column, row) for column in range(size)] for row in range(size)],
        neighbours=geometry.neighbours,
        sides=[edges[name] for name in _SIDE_ORDER],
        goals=_GOALS,
        mirror=mirror,
    )
