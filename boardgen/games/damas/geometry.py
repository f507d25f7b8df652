"""The Damas board as data: the 32 dark squares of the 8 x 8 chequerboard and their diagonals.

Squares are named algebraically (``a1`` .. ``h8``, x right, y up), as Brazilian
draughts writes them and as the shared chequerboard
(:mod:`boardgen.boards.chequerboard`) draws them: ``a1`` is dark, so each
player has a dark square in the left-hand corner (games.md 13.1).  Play uses
only the dark squares, those whose ``x + y`` is even.  White (player 0) starts
on the dark squares of rows 1-3 and moves up the board; Black on rows 6-8.

Everything here is plain data computed once at import (no drawing imports):
the engine walks :data:`RAYS`, the drawing reads the same :data:`GRID`.
"""

from __future__ import annotations

from boardgen.geometry.squaregrid import SquareGrid

SIZE = 8

GRID = SquareGrid(SIZE, SIZE, label="Damas board")
"""All 64 squares (the drawing's cells); play uses the dark ones."""

# The diagonal directions, in the fixed order the engine lists moves in:
# up-left, up-right, down-left, down-right (White's forward ones first).
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 1), (1, 1), (-1, -1), (1, -1))

#: the 32 dark squares, row by row from the bottom, left to right: the engine's index order
DARK: tuple[str, ...] = tuple(name for name in GRID.names if GRID.is_dark(name))
LIGHT: tuple[str, ...] = tuple(name for name in GRID.names if not GRID.is_dark(name))
INDEX: dict[str, int] = {name: i for i, name in enumerate(DARK)}
XY: tuple[tuple[int, int], ...] = tuple(GRID.coords(name) for name in DARK)

#: RAYS[i]: for each of DIRECTIONS, the dark squares beyond square i along it, nearest first
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(INDEX[n] for n in GRID.ray(name, d)) for d in DIRECTIONS) for name in DARK
)

START: dict[int, tuple[str, ...]] = {
    0: tuple(name for name in DARK if GRID.coords(name)[1] <= 2),
    1: tuple(name for name in DARK if GRID.coords(name)[1] >= 5),
}
"""Each side's 12 men: White on the dark squares of rows 1-3, Black on rows 6-8 (games.md 13.2)."""

#: the row a man of each player is crowned on (y): White on row 8, Black on row 1
CROWN_ROW: dict[int, int] = {0: SIZE - 1, 1: 0}

#: dark squares top row first, as the position text writes them (with the light squares between)
ROWS_TOP_DOWN: tuple[tuple[str, ...], ...] = GRID.all_rows(top_down=True)


#: the PDN square numbers draughts programs write (the FMJD convention, pydraughts' numbering too):
#: PDN_SQUARES[n - 1] is square n, counted row by row from White's far side (row 8), each row from
#: White's left: 1 = b8, 4 = h8, 5 = a7, ..., 29 = a1, 32 = g1.  White's men start on 21-32.
PDN_SQUARES: tuple[str, ...] = tuple(name for row in ROWS_TOP_DOWN for name in row if name in INDEX)
PDN_NUMBER: dict[str, int] = {name: n for n, name in enumerate(PDN_SQUARES, start=1)}


def diagonal_count() -> int:
    """The number of diagonal segments joining two neighbouring dark squares (49 on 8 x 8)."""
    return sum(1 for i in range(len(DARK)) for ray in RAYS[i][:2] if ray)
