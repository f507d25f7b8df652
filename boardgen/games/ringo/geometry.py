"""The Ringo board as data: a citadel, six rings of eight cells, one neutral segment.

Topology (games.md §4.1).  Ring cells are ``(k, s)`` with ring ``k = 1..6``
counted from the citadel outwards and segment ``s = 0..7`` counted
counter-clockwise; segment 0 is the neutral zone.  The citadel is one more cell,
touching all eight ring-1 cells.  Rings are closed, so sideways neighbours wrap.

Names.  A ring cell is its segment letter (``a``..``h``, counter-clockwise,
``a`` = the neutral segment) followed by its ring number (``1``..``6``, from the
citadel outwards): ``a1`` is the neutral cell touching the citadel, ``e6`` the
outermost cell straight opposite the neutral zone.  The citadel is ``z`` ("ring
zero"): a single letter outside ``a``..``h``, never followed by a digit, and not
the capture mark ``x``, so it can clash with no cell name or move separator.
Both are printed on the board when coordinates are switched on.

Drawing (board units: one ring width = 1, x right, y up, centre at (0, 0)).
The citadel is a circle of radius ``R0 = 1.5``; ring ``k`` lies between radii
``R0 + k - 1`` and ``R0 + k``; segment ``s`` spans ``θ0 + 45°·s ± 22.5°`` with
``θ0 = 90°``, so the neutral segment points straight up.  Seven circles (radii
``R0 .. R0 + 6``) and eight spokes from ``R0`` to ``R0 + 6`` (they stop at the
citadel) make the whole line work.  Cell ``(k, s)`` is light iff ``k + s`` is
even, so the defenders' start cells b1, d1, f1, h1 are light; the citadel is light.

Nothing here draws: :mod:`boardgen.games.ringo.board` turns these shapes into
ink, and :mod:`boardgen.games.ringo.rules` uses the adjacency and leap tables.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

RINGS = 6
SEGMENTS = 8
NEUTRAL_SEGMENT = 0
CITADEL = "z"
SEGMENT_LETTERS = "abcdefgh"

# Drawing constants (games.md §4.1 REC, unsourced): citadel radius and neutral-zone direction.
RING_WIDTH = 1.0
CITADEL_RADIUS = 1.5 * RING_WIDTH
OUTER_RADIUS = CITADEL_RADIUS + RINGS * RING_WIDTH
THETA0_DEG = 90.0
SEGMENT_DEG = 360.0 / SEGMENTS

Point = tuple[float, float]


# -- names ------------------------------------------------------------------------

def cell_name(ring: int, segment: int) -> str:
    """Name of ring cell (ring 1..6, segment 0..7), or of the citadel for ring 0."""
    if ring == 0:
        return CITADEL
    if not (1 <= ring <= RINGS and 0 <= segment < SEGMENTS):
        raise ValueError(f"no Ringo cell at ring {ring}, segment {segment}")
    return f"{SEGMENT_LETTERS[segment]}{ring}"


@cache
def _coords_table() -> dict[str, tuple[int, int | None]]:
    table: dict[str, tuple[int, int | None]] = {CITADEL: (0, None)}
    for k in range(1, RINGS + 1):
        for s in range(SEGMENTS):
            table[cell_name(k, s)] = (k, s)
    return table


def cell_coords(name: str) -> tuple[int, int | None]:
    """(ring, segment) of a cell name; the citadel is (0, None).  KeyError for unknown names."""
    return _coords_table()[name]


def is_cell(name: str) -> bool:
    """True for an exact (lower-case) cell name of this board."""
    return name in _coords_table()


# Board order: the citadel first, then ring 1 segments a..h, ring 2, ... ring 6.
CELLS: tuple[str, ...] = (CITADEL,) + tuple(
    cell_name(k, s) for k in range(1, RINGS + 1) for s in range(SEGMENTS)
)
RING_CELLS: tuple[str, ...] = CELLS[1:]
NEUTRAL_CELLS: tuple[str, ...] = tuple(cell_name(k, NEUTRAL_SEGMENT) for k in range(1, RINGS + 1))


def is_light(ring: int, segment: int | None) -> bool:
    """Checker colour: the citadel is light; ring cell (k, s) is light iff k + s is even."""
    return segment is None or (ring + segment) % 2 == 0


# -- adjacency and leaps (used by the rules) -------------------------------------

@cache
def adjacency() -> dict[str, tuple[str, ...]]:
    """Orthogonal neighbours of every cell: along the closed ring, radially, and the citadel."""
    result: dict[str, list[str]] = {name: [] for name in CELLS}
    for k in range(1, RINGS + 1):
        for s in range(SEGMENTS):
            here = cell_name(k, s)
            result[here].append(cell_name(k, (s + 1) % SEGMENTS))
            result[here].append(cell_name(k, (s - 1) % SEGMENTS))
            if k > 1:
                result[here].append(cell_name(k - 1, s))
            else:
                result[here].append(CITADEL)
                result[CITADEL].append(here)
            if k < RINGS:
                result[here].append(cell_name(k + 1, s))
    return {name: tuple(around) for name, around in result.items()}


# Direction names as a piece on a ring cell sees them.
INWARD = "in"  # forward: towards the citadel
OUTWARD = "out"  # backward: away from the citadel
CCW = "ccw"  # sideways, counter-clockwise (segment + 1)
CW = "cw"  # sideways, clockwise (segment - 1)
ACROSS = "across"  # from ring 1 over the citadel to the opposite ring-1 cell
DIRECTIONS = (INWARD, OUTWARD, CCW, CW)


@cache
def step_table() -> dict[tuple[str, str], str]:
    """(cell, direction) -> the adjacent cell that way; missing when there is none.

    ``(k, s)`` inward is ``(k-1, s)``, and ring 1 inward is the citadel.  The
    citadel has no entries: nothing ever steps out of it.
    """
    table: dict[tuple[str, str], str] = {}
    for k in range(1, RINGS + 1):
        for s in range(SEGMENTS):
            here = cell_name(k, s)
            table[here, INWARD] = cell_name(k - 1, s)  # ring 0 -> citadel
            if k < RINGS:
                table[here, OUTWARD] = cell_name(k + 1, s)
            table[here, CCW] = cell_name(k, (s + 1) % SEGMENTS)
            table[here, CW] = cell_name(k, (s - 1) % SEGMENTS)
    return table


@cache
def leap_table() -> dict[tuple[str, str], tuple[str, str]]:
    """(cell, direction) -> (jumped cell, landing cell) of the short leap that way.

    Geometry of games.md §4.1: sideways two along the ring (wrapping); inward
    ``(k, s)`` over ``(k-1, s)`` to ``(k-2, s)``, and ``(2, s)`` over ``(1, s)``
    into the citadel; outward ``(k, s)`` over ``(k+1, s)`` to ``(k+2, s)``;
    across: ``(1, s)`` over the citadel to ``(1, s+4)``.
    """
    table: dict[tuple[str, str], tuple[str, str]] = {}
    for k in range(1, RINGS + 1):
        for s in range(SEGMENTS):
            here = cell_name(k, s)
            if k >= 2:
                table[here, INWARD] = (cell_name(k - 1, s), cell_name(k - 2, s))
            if k + 2 <= RINGS:
                table[here, OUTWARD] = (cell_name(k + 1, s), cell_name(k + 2, s))
            table[here, CCW] = (cell_name(k, (s + 1) % SEGMENTS), cell_name(k, (s + 2) % SEGMENTS))
            table[here, CW] = (cell_name(k, (s - 1) % SEGMENTS), cell_name(k, (s - 2) % SEGMENTS))
            if k == 1:
                table[here, ACROSS] = (CITADEL, cell_name(1, (s + SEGMENTS // 2) % SEGMENTS))
    return table


# -- shapes for the drawing ---------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """One cell as the drawing sees it.

    A ring cell is the annular sector between ``r_inner`` and ``r_outer`` swept
    counter-clockwise from ``start_deg`` to ``end_deg`` (degrees from +x, y up;
    ``start_deg`` is in [0, 360) and ``end_deg = start_deg + 45`` may pass 360).
    The citadel is the full disc: ``r_inner = 0``, 0..360.  ``label`` is where
    the cell's name is printed (the sector's middle radius and angle).
    """

    name: str
    ring: int
    segment: int | None
    r_inner: float
    r_outer: float
    start_deg: float
    end_deg: float
    light: bool
    neutral: bool
    label: Point

    @property
    def sector(self) -> tuple[float, float, float, float]:
        """(r_inner, r_outer, start_deg, end_deg)."""
        return (self.r_inner, self.r_outer, self.start_deg, self.end_deg)

    @property
    def shade(self) -> str:
        """Fill role: ``citadel``, ``light``, ``dark``, ``neutral-light`` or ``neutral-dark``.

        The drawing maps these to colours; the traditional board prints the
        neutral dark cells pink and, here, the neutral light cells a paler pink.
        """
        if self.ring == 0:
            return "citadel"
        tone = "light" if self.light else "dark"
        return f"neutral-{tone}" if self.neutral else tone


@dataclass(frozen=True)
class Arc:
    """A circular arc (or a whole circle, 0..360) with the role it plays on the board."""

    centre: Point
    radius: float
    start_deg: float
    end_deg: float
    role: str


@dataclass(frozen=True)
class Line:
    """A straight segment between two points in board units, with its role."""

    a: Point
    b: Point
    role: str


def polar(radius: float, degrees: float) -> Point:
    """Board-unit point at ``radius`` and ``degrees`` (counter-clockwise from +x)."""
    angle = math.radians(degrees)
    return (radius * math.cos(angle), radius * math.sin(angle))


def segment_centre_deg(segment: int) -> float:
    """Direction of the middle of a segment, in [0, 360)."""
    return (THETA0_DEG + SEGMENT_DEG * segment) % 360.0


@cache
def cells() -> dict[str, Cell]:
    """Every cell's shape, colour, neutrality and label point, in board order."""
    result = {CITADEL: Cell(CITADEL, 0, None, 0.0, CITADEL_RADIUS, 0.0, 360.0, True, False, (0.0, 0.0))}
    for k in range(1, RINGS + 1):
        r_inner = CITADEL_RADIUS + (k - 1) * RING_WIDTH
        r_outer = r_inner + RING_WIDTH
        for s in range(SEGMENTS):
            centre = segment_centre_deg(s)
            start = (centre - SEGMENT_DEG / 2) % 360.0
            name = cell_name(k, s)
            result[name] = Cell(
                name=name,
                ring=k,
                segment=s,
                r_inner=r_inner,
                r_outer=r_outer,
                start_deg=start,
                end_deg=start + SEGMENT_DEG,
                light=is_light(k, s),
                neutral=s == NEUTRAL_SEGMENT,
                label=polar((r_inner + r_outer) / 2, centre),
            )
    return result


def circles() -> tuple[Arc, ...]:
    """The seven circles: the citadel's (role ``citadel``), five between rings (``ring``), the rim (``rim``)."""
    result = []
    for k in range(RINGS + 1):
        role = "citadel" if k == 0 else ("rim" if k == RINGS else "ring")
        result.append(Arc((0.0, 0.0), CITADEL_RADIUS + k * RING_WIDTH, 0.0, 360.0, role))
    return tuple(result)


def spoke_angles() -> tuple[float, ...]:
    """Directions of the eight spokes: the borders between segments, θ0 + 22.5° + 45°·j."""
    return tuple((THETA0_DEG + SEGMENT_DEG / 2 + SEGMENT_DEG * j) % 360.0 for j in range(SEGMENTS))


def spokes() -> tuple[Line, ...]:
    """The eight spokes (role ``spoke``), from the citadel circle to the rim: they never cross the citadel."""
    return tuple(Line(polar(CITADEL_RADIUS, a), polar(OUTER_RADIUS, a), "spoke") for a in spoke_angles())


@dataclass(frozen=True)
class Region:
    """A named area: the cells it covers and its outline as one annular sector."""

    name: str
    cells: tuple[str, ...]
    r_inner: float
    r_outer: float
    start_deg: float
    end_deg: float


def neutral_region() -> Region:
    """The neutral zone: the whole segment ``a``, six cells (games.md REC)."""
    start = (segment_centre_deg(NEUTRAL_SEGMENT) - SEGMENT_DEG / 2) % 360.0
    return Region("neutral", NEUTRAL_CELLS, CITADEL_RADIUS, OUTER_RADIUS, start, start + SEGMENT_DEG)


# -- start position -------------------------------------------------------------------

ATTACKER, DEFENDER = 0, 1  # player numbers: the attackers move first
PIECE_COUNTS = {ATTACKER: 7, DEFENDER: 4}

# Attackers on ring 6 outside the neutral zone; defenders on the light ring-1 cells outside it.
START: dict[int, tuple[str, ...]] = {
    ATTACKER: tuple(cell_name(RINGS, s) for s in range(1, SEGMENTS)),
    DEFENDER: tuple(cell_name(1, s) for s in (1, 3, 5, 7)),
}


def bounds() -> tuple[float, float, float, float]:
    """(x_min, y_min, x_max, y_max) of everything drawn: the rim circle."""
    return (-OUTER_RADIUS, -OUTER_RADIUS, OUTER_RADIUS, OUTER_RADIUS)


@dataclass(frozen=True)
class RingoGeometry:
    """All of the above in one object, for code that prefers an instance (as Hex and Trihex offer)."""

    @property
    def cells(self) -> dict[str, Cell]:
        return cells()

    @property
    def names(self) -> tuple[str, ...]:
        return CELLS

    @property
    def circles(self) -> tuple[Arc, ...]:
        return circles()

    @property
    def arcs(self) -> tuple[Arc, ...]:
        return circles()

    @property
    def lines(self) -> tuple[Line, ...]:
        return spokes()

    @property
    def neutral(self) -> Region:
        return neutral_region()

    @property
    def start(self) -> dict[int, tuple[str, ...]]:
        return START

    def neighbours(self, name: str) -> tuple[str, ...]:
        return adjacency()[name]

    def contains(self, name: str) -> bool:
        return is_cell(name)

    def bounds(self) -> tuple[float, float, float, float]:
        return bounds()


GEOMETRY = RingoGeometry()
