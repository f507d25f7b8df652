"""The printable Seega board: 5 x 5, 7 x 7 or 9 x 9 cells with the centre cell marked.

Built on :class:`~boardgen.boards.grid.GridBoard` (cells outlined in ink, the
border twice as wide, coordinates round the board).  The centre cell is what the
rules talk about (left empty while placing, safe from capture afterwards), so it
is a kept mark, drawn on every sheet, cover and diagram: GridBoard's cross from
corner to corner.
"""

from __future__ import annotations

from boardgen.boards.grid import GridBoard
from boardgen.games.seega.geometry import SIZES


class SeegaBoard(GridBoard):
    """An empty Seega board of ``size`` cells a side (5, 7 or 9)."""

    game_id = "seega"
    places = "cells"
    sizes = SIZES
    marked = ("centre",)
    unit_label = {"pt": "casa", "en": "cell"}
    piece_diameter = 0.8
