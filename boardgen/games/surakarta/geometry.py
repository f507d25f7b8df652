"""The Surakarta (Roundabouts) board as data: 6 x 6 points, two circuits, eight corner loops.

Everything the drawing and the rules need lives here as plain data, in board
units (grid spacing 1, x right, y up, ``a1`` = (0, 0), ``f6`` = (5, 5)).

The two circuits ("pistas de corrida" of the seed) are closed tracks made of
four grid lines and four three-quarter-circle loops around the corners:

* the **inner** circuit (role ``circuit-inner``, red) uses rows 2 and 5,
  columns b and e, and the four small loops of radius 1;
* the **outer** circuit (role ``circuit-outer``, gold) uses rows 3 and 4,
  columns c and d, and the four large loops of radius 2.

The edge lines (rows 1 and 6, columns a and f) belong to no circuit and are
drawn plain; the corner points a1, f1, a6 and f6 are on no circuit.  Each loop
is the 270-degree arc of the circle centred on its corner point that lies
outside the square, so it meets both grid lines tangentially.

Each circuit is also an ordered cyclic sequence of 24 positions (games.md
section 3.1): consecutive positions are joined by a straight unit segment,
except the four pairs that are joined by a loop.  The points where a circuit
crosses itself appear twice in its sequence; a capture walks this sequence.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgen.geometry.squaregrid import SquareGrid

SIZE = 6
GRID = SquareGrid(SIZE, SIZE, label="Surakarta board")
"""The 36 points: names, coordinates and steps come from the shared square grid."""
FILES = GRID.letters
point_name = GRID.name

# -- points ------------------------------------------------------------------

POINT_NAMES: tuple[str, ...] = GRID.names
"""Every point, row by row from a1 to f6 (index = y * 6 + x)."""

POINTS: dict[str, tuple[int, int]] = GRID.points
"""Point name -> (x, y) in board units."""

CORNERS: tuple[str, ...] = ("a1", "f1", "a6", "f6")

# -- lines -------------------------------------------------------------------

PLAIN = "plain"
INNER = "circuit-inner"
OUTER = "circuit-outer"

CIRCUIT_COLOURS = {INNER: "red", OUTER: "gold"}
"""Colour names of the circuits, as the board and booklet print and name them.

The seed says "a interna (vermelha) e a exterior (amarela)": the outer one is
yellow there.  It is printed gold (palette role ``circuit_outer``, a deep yellow) because a
pale yellow line would hardly read on white paper, so it is called gold
everywhere.
"""


def _line_role(index: int) -> str:
    """Role of grid line number ``index`` (0..5, a row's y or a column's x)."""
    if index in (0, SIZE - 1):
        return PLAIN
    if index in (1, SIZE - 2):
        return INNER
    return OUTER


@dataclass(frozen=True)
class Segment:
    """A straight unit segment between two neighbouring points of one row or column."""

    a: str
    b: str
    role: str


def _segments() -> tuple[Segment, ...]:
    """Each row's unit segments (rows bottom to top), then each column's (left to right)."""
    found: list[Segment] = []
    for index, line in enumerate(GRID.all_rows() + GRID.all_columns()):
        role = _line_role(index % SIZE)
        found.extend(Segment(a, b, role) for a, b in zip(line, line[1:]))
    return tuple(found)


LINES: tuple[Segment, ...] = _segments()
"""The 60 drawn straight segments (20 plain, 20 inner, 20 outer)."""

# -- loops -------------------------------------------------------------------


@dataclass(frozen=True)
class Arc:
    """A corner loop: the 270-degree arc outside the square centred on a corner point.

    Angles are degrees counter-clockwise from +x (y up); the arc runs
    counter-clockwise from ``start_deg`` to ``end_deg`` (= start + 270, so it
    may exceed 360).  ``ends`` are the two points it joins, ``ends[0]`` at
    ``start_deg`` and ``ends[1]`` at ``end_deg``.
    """

    corner: str
    centre: tuple[int, int]
    radius: int
    start_deg: int
    end_deg: int
    role: str
    ends: tuple[str, str]


# For each corner: the angle (ccw from +x) where the outside arc starts.  The
# quarter inside the square is skipped, so the arc starts where that quarter ends.
_ARC_START = {"a1": 90, "f1": 180, "a6": 0, "f6": 270}


def _arc(corner: str, radius: int) -> Arc:
    cx, cy = POINTS[corner]
    start = _ARC_START[corner]
    end = start + 270
    ends = []
    for angle in (start, end):
        a = angle % 360
        dx = {0: radius, 90: 0, 180: -radius, 270: 0}[a]
        dy = {0: 0, 90: radius, 180: 0, 270: -radius}[a]
        ends.append(GRID.name(cx + dx, cy + dy))
    role = INNER if radius == 1 else OUTER
    return Arc(corner, (cx, cy), radius, start, end, role, (ends[0], ends[1]))


ARCS: tuple[Arc, ...] = tuple(_arc(corner, radius) for radius in (1, 2) for corner in CORNERS)
"""The eight loops: four of radius 1 (inner circuit), four of radius 2 (outer circuit)."""

_ARC_BY_ENDS: dict[frozenset[str], Arc] = {frozenset(arc.ends): arc for arc in ARCS}


def loop_between(a: str, b: str) -> Arc | None:
    """The loop joining points ``a`` and ``b``, or None if they are not a loop's two ends."""
    return _ARC_BY_ENDS.get(frozenset((a, b)))


# -- circuits ----------------------------------------------------------------


@dataclass(frozen=True)
class Circuit:
    """A closed track as a cyclic sequence of positions.

    ``points[i]`` and ``points[(i + 1) % 24]`` are joined by a straight unit
    segment, except when ``i`` is in ``loop_after``: then they are joined by a
    loop.  Crossing points appear twice in ``points``.
    """

    name: str
    role: str
    radius: int
    points: tuple[str, ...]
    loop_after: frozenset[int]

    def __len__(self) -> int:
        return len(self.points)

    @property
    def loop_pairs(self) -> tuple[tuple[str, str], ...]:
        n = len(self.points)
        return tuple((self.points[i], self.points[(i + 1) % n]) for i in sorted(self.loop_after))

    @property
    def doubled(self) -> frozenset[str]:
        """Points that appear twice (where the circuit crosses itself)."""
        return frozenset(p for p in self.points if self.points.count(p) == 2)


def _circuit(name: str, role: str, level: int) -> Circuit:
    """games.md's formula: row y=L left to right; loop; column x=N-1-L upwards;
    loop; row y=N-1-L right to left; loop; column x=L downwards; loop."""
    low, high = level, SIZE - 1 - level
    legs = (GRID.row(low), GRID.column(high), GRID.row(high)[::-1], GRID.column(low)[::-1])
    points: list[str] = []
    loops = set()
    for leg in legs:
        points.extend(leg)
        loops.add(len(points) - 1)
    return Circuit(name, role, level, tuple(points), frozenset(loops))


INNER_CIRCUIT = _circuit("inner", INNER, 1)
OUTER_CIRCUIT = _circuit("outer", OUTER, 2)
CIRCUITS: tuple[Circuit, ...] = (INNER_CIRCUIT, OUTER_CIRCUIT)


def route_pieces(path: tuple[str, ...] | list[str]) -> list[tuple[str, object]]:
    """What to draw for a capture route: ``("line", (a, b))`` or ``("loop", Arc)`` per hop.

    A capture's ``Move.path`` lists every point it passes; consecutive points
    are either grid neighbours on a row or column (a straight hop) or the two
    ends of a loop (no loop joins two points of one row or column, so the
    reading is never ambiguous).
    """
    pieces: list[tuple[str, object]] = []
    for a, b in zip(path, path[1:]):
        arc = loop_between(a, b)
        pieces.append(("loop", arc) if arc is not None else ("line", (a, b)))
    return pieces


# -- adjacency and start -----------------------------------------------------

DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight step directions (orthogonal and diagonal); diagonals have no drawn line."""


NEIGHBOURS: dict[str, tuple[str, ...]] = GRID.neighbour_table(DIRECTIONS)
"""Point -> the points one simple step away (up to 8)."""

PIECES_PER_PLAYER = 12

START_POINTS: dict[int, tuple[str, ...]] = {
    0: GRID.row(0) + GRID.row(1),
    1: GRID.row(4) + GRID.row(5),
}
"""Player 0 (white, moves first) on rows 1-2; player 1 (black) on rows 5-6."""

START_POSITION: dict[str, int] = {p: owner for owner, pts in START_POINTS.items() for p in pts}
"""Point -> owner at the start; rows 3 and 4 are empty."""
