"""The Trihex (Y) board as data: a triangle of hexagonal cells with side n.

Row ``r`` (numbers 1, 2, ... from the apex, 0-based here) holds ``r + 1`` cells,
named by position from the left (letters a, b, ...): ``a1`` is the apex.  The
three sides are: ``left`` (position a of every row), ``right`` (the last
position of every row) and ``bottom`` (the last row).  Corner cells lie on two
sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from boardgen.geometry.hexgrid import ROW_STEP, column_letters, split_cell_name

NEIGHBOUR_STEPS = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1))  # (d_row, d_position)

SIDES = ("left", "right", "bottom")


@dataclass(frozen=True)
class TrihexGeometry:
    """Cells, neighbours and sides of a Trihex board of side n (pure data, cached per size)."""

    size: int

    @property
    def cells(self) -> tuple[str, ...]:
        return _cells(self.size)

    def name(self, row: int, position: int) -> str:
        return f"{column_letters(position)}{row + 1}"

    def coords(self, name: str) -> tuple[int, int]:
        """(row, position), 0-based; KeyError for a name not on this board."""
        return _coords(self.size)[name]

    def contains(self, name: str) -> bool:
        parsed = split_cell_name(name)
        if parsed is None or name != name.strip().lower():
            return False
        position, row = parsed
        return 0 <= row < self.size and 0 <= position <= row

    def neighbours(self, name: str) -> tuple[str, ...]:
        return _neighbours(self.size)[name]

    def sides(self) -> dict[str, frozenset[str]]:
        n = self.size
        return {
            "left": frozenset(self.name(r, 0) for r in range(n)),
            "right": frozenset(self.name(r, r) for r in range(n)),
            "bottom": frozenset(self.name(n - 1, i) for i in range(n)),
        }

    def centre(self, name: str) -> tuple[float, float]:
        """Centre of a cell in board units (neighbour centres 1 apart), y up, apex at (0, 0)."""
        r, i = self.coords(name)
        return (i - r / 2.0, -ROW_STEP * r)


@cache
def _cells(n: int) -> tuple[str, ...]:
    return tuple(f"{column_letters(i)}{r + 1}" for r in range(n) for i in range(r + 1))


@cache
def _coords(n: int) -> dict[str, tuple[int, int]]:
    return {f"{column_letters(i)}{r + 1}": (r, i) for r in range(n) for i in range(r + 1)}


@cache
def _neighbours(n: int) -> dict[str, tuple[str, ...]]:
    result = {}
    for (r, i) in _coords(n).values():
        around = []
        for dr, di in NEIGHBOUR_STEPS:
            rr, ii = r + dr, i + di
            if 0 <= rr < n and 0 <= ii <= rr:
                around.append(f"{column_letters(ii)}{rr + 1}")
        result[f"{column_letters(i)}{r + 1}"] = tuple(around)
    return result
