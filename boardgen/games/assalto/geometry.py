"""The Assalto board as data: the 33-point cross with the alternating diagonals.

Points are ``(x, y)`` with ``x, y`` in ``0..6`` (x right, y up, one grid unit
apart); a point is on the board when ``2 <= x <= 4`` or ``2 <= y <= 4``.  Names
are the usual algebraic ones: columns ``a``..``g`` for ``x = 0..6`` and rows
``1``..``7`` for ``y = 0..6``, so ``a3`` is the lowest point of the left arm and
``d4`` the centre.  The fortress is the top arm plus the top row of the centre
square (``c5``..``e7``); the pawns (player 0) start on the 24 points outside it
and face up the board, towards the fortress.

Everything here is plain data computed once at import (no drawing imports): the
drawing module draws ``LINES`` and ``FORTRESS_OUTLINE``, the rules engine walks
``rays()``.  games.md section 6.1 is the source; the tests check its counts.

Map (``*`` = a point with diagonals, ``+`` = orthogonal lines only; the
fortress is the 3 x 3 block at the top)::

    7        *-+-*            c7 d7 e7
    6        +-*-+            c6 d6 e6
    5    *-+-*-+-*-+-*        a5 .. g5
    4    +-*-+-*-+-*-+        a4 .. g4
    3    *-+-*-+-*-+-*        a3 .. g3
    2        +-*-+            c2 d2 e2
    1        *-+-*            c1 d1 e1
         a b c d e f g
"""

from __future__ import annotations

from boardgen.geometry.squaregrid import DIAGONAL, ORTHOGONAL, SquareGrid

SIZE = 7

# The eight step directions, in a fixed order the engine relies on for stable move lists.
ORTHOGONAL_DIRECTIONS: tuple[tuple[int, int], ...] = ORTHOGONAL
DIAGONAL_DIRECTIONS: tuple[tuple[int, int], ...] = DIAGONAL
DIRECTIONS: tuple[tuple[int, int], ...] = ORTHOGONAL_DIRECTIONS + DIAGONAL_DIRECTIONS

# Diagonal patterns the rules accept: the drawn ("alternating", Alquerque-style)
# lines, or diagonals through every point (a variant some implementations use).
DIAGONAL_PATTERNS = ("alternating", "all")


def _in_cross(x: int, y: int) -> bool:
    return 2 <= x <= 4 or 2 <= y <= 4


GRID = SquareGrid(SIZE, SIZE, keep=_in_cross, label="Assalto board")
"""The 33 points of the cross: the 7 x 7 square grid without its four 2 x 2 corners."""
COLUMNS = GRID.letters
point_name = GRID.name


def on_board(x: int, y: int) -> bool:
    """True for the 33 points of the cross."""
    return GRID.contains(x, y)


# Points ordered row by row from the bottom (y), then left to right (x): this is
# the engine's index order and the order of every generated move list.
POINTS: dict[str, tuple[int, int]] = GRID.points
POINT_NAMES: tuple[str, ...] = GRID.names
COORDS_TO_NAME: dict[tuple[int, int], str] = GRID.at

# Rows as the position notation writes them (top row first), each left to right.
ROWS_TOP_DOWN: tuple[tuple[str, ...], ...] = GRID.all_rows(top_down=True)

# Only "forward" directions (up, right, up-right, down-right) so that each segment appears once.
ORTHOGONAL_SEGMENTS: tuple[tuple[str, str], ...] = GRID.segments(((1, 0), (0, 1)))
# The alternating pattern: diagonals only through points whose x + y is even.
DIAGONAL_SEGMENTS: tuple[tuple[str, str], ...] = GRID.segments(((1, 1), (1, -1)), lambda x, y: (x + y) % 2 == 0)
# Diagonals through every point: not drawn on the board; the rules variant ``diagonals=all``.
ALL_DIAGONAL_SEGMENTS: tuple[tuple[str, str], ...] = GRID.segments(((1, 1), (1, -1)))

# Every drawn segment with its role, for the drawing: ``orthogonal`` or ``diagonal``.
LINES: tuple[tuple[str, str, str], ...] = tuple(
    [(a, b, "orthogonal") for a, b in ORTHOGONAL_SEGMENTS] + [(a, b, "diagonal") for a, b in DIAGONAL_SEGMENTS]
)

# The six drawn diagonal lines, each as its points in order (games.md 6.1).
DIAGONAL_LINES: tuple[tuple[str, ...], ...] = (
    ("a3", "b4", "c5", "d6", "e7"),
    ("c1", "d2", "e3", "f4", "g5"),
    ("a5", "b4", "c3", "d2", "e1"),
    ("c7", "d6", "e5", "f4", "g3"),
    ("c3", "d4", "e5"),
    ("e3", "d4", "c5"),
)

# --- regions -----------------------------------------------------------------

# The fortress: x in {2, 3, 4}, y in {4, 5, 6} (c5 d5 e5 / c6 d6 e6 / c7 d7 e7).
FORTRESS: tuple[str, ...] = tuple(point_name(x, y) for y in (4, 5, 6) for x in (2, 3, 4))
# Its outline through the four corner points (counter-clockwise from c5): these
# four sides are drawn board lines, which a drawing may double or colour.
FORTRESS_OUTLINE: tuple[tuple[float, float], ...] = ((2.0, 4.0), (4.0, 4.0), (4.0, 6.0), (2.0, 6.0))
# The segments lying on that outline (the fortress wall), for a double or red border.
FORTRESS_WALL: tuple[tuple[str, str], ...] = tuple(
    (a, b)
    for a, b in ORTHOGONAL_SEGMENTS
    if a in FORTRESS and b in FORTRESS and (POINTS[a][0] == POINTS[b][0] in (2, 4) or POINTS[a][1] == POINTS[b][1] in (4, 6))
)


def fortress_outline(margin: float = 0.0) -> tuple[tuple[float, float], ...]:
    """The fortress outline grown by ``margin`` board units on every side (for a shaded area)."""
    (x0, y0), _, (x1, y1), _ = FORTRESS_OUTLINE
    return ((x0 - margin, y0 - margin), (x1 + margin, y0 - margin), (x1 + margin, y1 + margin), (x0 - margin, y1 + margin))


# --- start position ------------------------------------------------------------

# 24 pawns (player 0, moves first) on every point outside the fortress.
PAWN_START: tuple[str, ...] = tuple(name for name in POINT_NAMES if name not in FORTRESS)
# 2 officers (player 1) on the outer points of the fortress' middle row (Bell; games.md REC).
OFFICER_START: tuple[str, ...] = ("c6", "e6")
# Where officers may be put under the "free placement" start (anywhere in the fortress).
OFFICER_START_FREE: tuple[str, ...] = FORTRESS
START: dict[str, tuple[str, ...]] = {"pawn": PAWN_START, "officer": OFFICER_START}

# --- adjacency for the rules ---------------------------------------------------


def diagonal_segments(pattern: str = "alternating") -> tuple[tuple[str, str], ...]:
    """The diagonal segments the rules use: the drawn ones, or every diagonal (``all``)."""
    if pattern == "alternating":
        return DIAGONAL_SEGMENTS
    if pattern == "all":
        return ALL_DIAGONAL_SEGMENTS
    raise ValueError(f"unknown diagonal pattern {pattern!r} (known: {', '.join(DIAGONAL_PATTERNS)})")


def neighbours(pattern: str = "alternating") -> dict[str, tuple[str, ...]]:
    """Points joined to each point by one segment (orthogonal or diagonal), symmetric."""
    result: dict[str, list[str]] = {name: [] for name in POINT_NAMES}
    for a, b in ORTHOGONAL_SEGMENTS + diagonal_segments(pattern):
        result[a].append(b)
        result[b].append(a)
    return {name: tuple(sorted(found, key=POINT_NAMES.index)) for name, found in result.items()}


def rays(pattern: str = "alternating") -> dict[str, tuple[tuple[tuple[int, int], tuple[str, ...]], ...]]:
    """For each point, every direction with a line leaving it and the points along that line.

    A ray follows drawn segments in one direction until the line ends, so
    ``rays()["a3"]`` holds ``((1, 1), ("b4", "c5", "d6", "e7"))`` among others.
    Moves, jumps and the long diagonal captures all walk these rays.
    """
    joined = {frozenset(s) for s in ORTHOGONAL_SEGMENTS + diagonal_segments(pattern)}
    result = {}
    for name, (x, y) in POINTS.items():
        found = []
        for dx, dy in DIRECTIONS:
            line: list[str] = []
            here, (cx, cy) = name, (x + dx, y + dy)
            while on_board(cx, cy) and frozenset((here, COORDS_TO_NAME[(cx, cy)])) in joined:
                here = COORDS_TO_NAME[(cx, cy)]
                line.append(here)
                cx, cy = cx + dx, cy + dy
            if line:
                found.append(((dx, dy), tuple(line)))
        result[name] = tuple(found)
    return result


def distance2_to_fortress(name: str) -> int:
    """Squared straight-line distance from a point to the nearest fortress point (0 inside)."""
    x, y = POINTS[name]
    return min((x - fx) ** 2 + (y - fy) ** 2 for fx, fy in (POINTS[f] for f in FORTRESS))
