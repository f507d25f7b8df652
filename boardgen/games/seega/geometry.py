"""The Seega board as data: an n x n grid of cells (n = 5, 7 or 9) with a centre cell.

Cells are named as on every square grid of boardgen (:mod:`boardgen.geometry.squaregrid`):
columns ``a``.. from the left, rows ``1``.. from the bottom, ``a1`` the lower left
corner; the centre of the 5 x 5 board is ``c3``, of 7 x 7 ``d4``, of 9 x 9 ``e5``.
Pieces step to one of the (up to four) orthogonal neighbours; a capture looks one
cell beyond the neighbour in the same direction, so the tables here list, per cell
and direction, the neighbour and the cell beyond it.

Plain data, built once per size (games.md section 7.1 is the source; the tests
check the counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from boardgen.geometry.squaregrid import ORTHOGONAL, SquareGrid

SIZES = (5, 7, 9)


def pieces_each(size: int) -> int:
    """Every cell but the centre is filled at the end of placement: (n² - 1) / 2 pieces a side (12, 24, 40)."""
    return (size * size - 1) // 2


@dataclass(frozen=True)
class Geometry:
    """One board size: its grid, the centre and the step tables the engine walks."""

    size: int
    grid: SquareGrid
    names: tuple[str, ...]  # index order: row by row from a1
    index: dict[str, int]
    centre: int
    # steps[i]: (neighbour, cell beyond the neighbour or -1) for each orthogonal direction that stays on the board
    steps: tuple[tuple[tuple[int, int], ...], ...]
    rows_top_down: tuple[tuple[int, ...], ...]
    edge_middles: tuple[tuple[int, int], tuple[int, int]]  # (bottom, top) and (left, right) middle cells

    def neighbours(self, cell: int) -> tuple[int, ...]:
        return tuple(n for n, _beyond in self.steps[cell])


@cache
def geometry(size: int) -> Geometry:
    """The board of ``size`` cells a side (ValueError for a size Seega is not played on)."""
    if size not in SIZES:
        raise ValueError(f"Seega is played on 5 x 5, 7 x 7 or 9 x 9 cells, not {size} x {size}")
    grid = SquareGrid(size, size, label=f"Seega {size} × {size} board")
    names = grid.names
    index = {name: i for i, name in enumerate(names)}
    steps = []
    for name in names:
        found = []
        for direction in ORTHOGONAL:
            near = grid.step(name, direction)
            if near is None:
                continue
            far = grid.step(name, direction, 2)
            found.append((index[near], -1 if far is None else index[far]))
        steps.append(tuple(found))
    middle = (size - 1) // 2
    rows = tuple(tuple(index[n] for n in row) for row in grid.all_rows(top_down=True))
    edges = (
        (index[grid.name(middle, 0)], index[grid.name(middle, size - 1)]),
        (index[grid.name(0, middle)], index[grid.name(size - 1, middle)]),
    )
    return Geometry(size, grid, names, index, index[grid.name(middle, middle)], tuple(steps), rows, edges)


def centre_name(size: int) -> str:
    g = geometry(size)
    return g.names[g.centre]
