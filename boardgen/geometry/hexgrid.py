"""Pointy-top hexagon arithmetic shared by the games played on hexagonal cells.

Board units: the distance between the centres of two neighbouring cells is 1
(so a cell is 1 unit across its flats and ``2/sqrt(3)`` across its corners).
Positions use the board-unit convention of every game: x to the right, y up.
"""

from __future__ import annotations

import math

from boardgen.values import read_digits

SQRT3 = math.sqrt(3.0)
CIRCUMRADIUS = 1.0 / SQRT3  # centre to corner when centres are 1 apart
ROW_STEP = 1.5 * CIRCUMRADIUS  # vertical distance between the centres of two rows


def hexagon_corners(cx: float, cy: float, radius: float = CIRCUMRADIUS) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon, starting at the top and going clockwise."""
    corners = []
    for k in range(6):
        angle = math.radians(90 - 60 * k)
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners


def column_letters(index: int) -> str:
    """Column name for a 0-based index: a, b, ... z (boards go up to 26)."""
    if not 0 <= index < 26:
        raise ValueError(f"column index {index} outside a..z")
    return chr(ord("a") + index)


def split_cell_name(name: str) -> tuple[int, int] | None:
    """('c7' -> (2, 6)): 0-based letter index and 0-based number, or None if malformed."""
    name = name.strip().lower()
    number = read_digits(name[1:])  # ASCII digits, at most values.MAX_DIGITS of them
    if not name or not ("a" <= name[0] <= "z") or number is None or name[1] == "0":
        return None
    return ord(name[0]) - ord("a"), number - 1
