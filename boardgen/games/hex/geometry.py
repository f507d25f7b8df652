"""The Hex board as data: an n x n rhombus of hexagonal cells.

Cell ``(c, r)`` is column ``c`` (letters a, b, ...) and row ``r`` (numbers 1, 2, ...),
both 0-based here.  ``a1`` is the corner where column a meets row 1; rows go
down the page and each row is shifted half a cell right of the one above, so
the rhombus leans right.  The first player (0) owns rows 1 and n, the second
(1) owns columns a and the last letter; the four corner cells touch both.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from boardgen.geometry.hexgrid import ROW_STEP, column_letters, split_cell_name

NEIGHBOUR_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

# The four edges, named by role; player 0 joins the two rows, player 1 the two columns.
EDGE_OWNERS = {"row-first": 0, "row-last": 0, "col-first": 1, "col-last": 1}


@dataclass(frozen=True)
class HexGeometry:
    """Cells, neighbours and edges of an n x n Hex board (pure data, cached per size)."""

    size: int

    @property
    def cells(self) -> tuple[str, ...]:
        return _cells(self.size)

    def name(self, column: int, row: int) -> str:
        return f"{column_letters(column)}{row + 1}"

    def coords(self, name: str) -> tuple[int, int]:
        """(column, row), 0-based; KeyError for a name not on this board."""
        return _coords(self.size)[name]

    def contains(self, name: str) -> bool:
        parsed = split_cell_name(name)
        return parsed is not None and all(0 <= v < self.size for v in parsed) and name == name.strip().lower()

    def neighbours(self, name: str) -> tuple[str, ...]:
        return _neighbours(self.size)[name]

    def edges(self) -> dict[str, frozenset[str]]:
        """Cells on each edge: row-first (row 1), row-last, col-first (a), col-last."""
        n = self.size
        return {
            "row-first": frozenset(self.name(c, 0) for c in range(n)),
            "row-last": frozenset(self.name(c, n - 1) for c in range(n)),
            "col-first": frozenset(self.name(0, r) for r in range(n)),
            "col-last": frozenset(self.name(n - 1, r) for r in range(n)),
        }

    def centre(self, name: str) -> tuple[float, float]:
        """Centre of a cell in board units (neighbour centres 1 apart), y up, a1 at (0, 0)."""
        c, r = self.coords(name)
        return (c + r / 2.0, -ROW_STEP * r)


@cache
def _cells(n: int) -> tuple[str, ...]:
    return tuple(f"{column_letters(c)}{r + 1}" for r in range(n) for c in range(n))


@cache
def _coords(n: int) -> dict[str, tuple[int, int]]:
    return {f"{column_letters(c)}{r + 1}": (c, r) for r in range(n) for c in range(n)}


@cache
def _neighbours(n: int) -> dict[str, tuple[str, ...]]:
    result = {}
    for (c, r) in _coords(n).values():
        around = []
        for dc, dr in NEIGHBOUR_STEPS:
            if 0 <= c + dc < n and 0 <= r + dr < n:
                around.append(f"{column_letters(c + dc)}{r + dr + 1}")
        result[f"{column_letters(c)}{r + 1}"] = tuple(around)
    return result
