"""The Brax board as data: 9 x 9 points joined by 144 unit segments, each white or red.

Points are ``(x, y)`` with ``x, y`` in ``0..8`` (x right, y up, one grid unit
apart) and are named ``a1`` (x = 0, y = 0) to ``i9``.  A segment's colour says
whose line it is: white lines belong to White (player 0, the white pieces,
starting on b1..h1 and moving first), red lines to Black (player 1, the black
pieces, starting on b9..h9).  A piece may take two steps in one move only along
lines of its own colour, so the colour table *is* the game.

The colour of every segment lives in ``LAYOUT`` below, a picture of the board
that people can read and edit.  Nobody we could find publishes the original
layout (Denham's 1889 patent and Sackson's board are known only through their
descriptions), so the table is a **reconstruction** that satisfies every
published constraint; ``check_layout()`` tests those constraints and the drawing
and the tests call it, so an edit that breaks one is reported in plain words.

How the reconstruction was chosen (so that someone can judge or replace it):

* "three sides of one colour and one of the other" means every cell has an odd
  number of red sides, so the valid tables are closed under *toggling every
  line at one point together with every line at the opposite point* (each cell
  then changes an even number of sides, and the half-turn rule is kept);
* among the layouts where the sixteen 2 x 2 blocks of cells alternate between
  white-dominated and red-dominated (chequered, with the two middle block rows
  shifted, which the half-turn rule forces), this is the one with the most
  "pinwheel" blocks (each cell's odd side on the block's rim, one per side)
  and with each player's two-step lines spread evenly: White's two-step routes
  split 82 / 80 between the lower and upper halves and 81 / 82 between left and
  right, and Black's mirror them by the half-turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from boardgen.geometry.squaregrid import SquareGrid, place_name

SIZE = 9
GRID = SquareGrid(SIZE, SIZE, label="Brax board")
"""The 81 points: names, coordinates and the half turn come from the shared square grid."""
COLUMNS = GRID.letters

WHITE = "white"  # line colour of player 0 (White, moves first)
RED = "red"  # line colour of player 1 (Black pieces)
COLOUR_OWNER: Mapping[str, int] = {WHITE: 0, RED: 1}
OWNER_COLOUR: tuple[str, str] = (WHITE, RED)

# The board as it is printed, row 9 at the top.  ``o`` is a point; the letter
# between two points of a row is the colour of that horizontal segment, the
# letter under a point is the colour of the vertical segment down to the row
# below.  W = white line (White's), R = red line (Black's).  Edit the letters,
# keep the shape; check_layout() tells what a change breaks.
LAYOUT = """
    a   b   c   d   e   f   g   h   i
9   o-R-o-W-o-W-o-R-o-R-o-W-o-W-o-R-o
    W   W   R   R   W   W   R   R   W
8   o-W-o-W-o-R-o-R-o-W-o-W-o-R-o-R-o
    R   W   W   R   R   W   W   R   R
7   o-W-o-R-o-R-o-W-o-W-o-R-o-R-o-W-o
    R   R   W   W   R   R   W   W   R
6   o-R-o-R-o-W-o-W-o-R-o-R-o-W-o-W-o
    W   R   W   R   W   R   W   R   W
5   o-R-o-R-o-W-o-W-o-R-o-R-o-W-o-W-o
    R   W   R   W   R   W   R   W   R
4   o-R-o-R-o-W-o-W-o-R-o-R-o-W-o-W-o
    W   R   R   W   W   R   R   W   W
3   o-R-o-W-o-W-o-R-o-R-o-W-o-W-o-R-o
    W   W   R   R   W   W   R   R   W
2   o-W-o-W-o-R-o-R-o-W-o-W-o-R-o-R-o
    R   W   W   R   R   W   W   R   R
1   o-W-o-R-o-R-o-W-o-W-o-R-o-R-o-W-o
"""

LAYOUT_NOTE: Mapping[str, str] = {
    "pt": (
        "As cores das linhas são uma reconstrução: o desenho original não é conhecido. "
        "Ela cumpre as regras publicadas (72 linhas de cada cor, cada casa com três lados "
        "de uma cor e um da outra, e o tabuleiro igual a si mesmo com as cores trocadas "
        "quando girado meia volta)."
    ),
    "en": (
        "The line colours are a reconstruction: the original layout is not known. "
        "It meets the published rules (72 lines of each colour, every cell with three "
        "sides of one colour and one of the other, and the board equal to itself with the "
        "colours swapped when turned half a turn)."
    ),
}

_LETTER_COLOUR = {"W": WHITE, "R": RED}


# Any (x, y) of the 9 x 9 square, also while a layout picture is being read.
point_name = place_name

# Points row by row from the bottom, left to right: the engine's index order.
POINTS: dict[str, tuple[int, int]] = GRID.points
POINT_NAMES: tuple[str, ...] = GRID.names
COORDS_TO_NAME: dict[tuple[int, int], str] = GRID.at


def parse_layout(text: str) -> tuple[list[list[str | None]], list[list[str | None]], list[str]]:
    """Read a layout picture into ``h[x][y]``, ``v[x][y]`` and a list of problems.

    ``h[x][y]`` is the segment (x, y)-(x+1, y), ``v[x][y]`` the segment
    (x, y)-(x, y+1).  Unreadable entries stay ``None`` and are reported with
    the line of the picture they are on, so a typo never hides behind a
    traceback.
    """
    h: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE - 1)]
    v: list[list[str | None]] = [[None] * (SIZE - 1) for _ in range(SIZE)]
    problems: list[str] = []
    rows = [line.rstrip() for line in text.splitlines() if line.strip()]
    if rows and rows[0].split() == list(COLUMNS):
        rows = rows[1:]  # the column header is optional
    expected = 2 * SIZE - 1
    if len(rows) != expected:
        problems.append(f"layout: {len(rows)} lines of points and segments, expected {expected}")
        return h, v, problems
    for index, line in enumerate(rows):
        y = SIZE - 1 - index // 2
        if index % 2 == 0:
            label, _, body = line.strip().partition(" ")
            where = f"layout row {y + 1}"
            if label != str(y + 1):
                problems.append(f"{where}: starts with {label!r}, expected the row number {y + 1}")
                continue
            cells = body.strip().split("-")
            if len(cells) != 2 * SIZE - 1:
                problems.append(f"{where}: {len(cells)} items between dashes, expected 17 (o-X-o-...-o)")
                continue
            for k, item in enumerate(cells):
                if k % 2 == 0:
                    if item != "o":
                        problems.append(f"{where}: expected point 'o' at {point_name(k // 2, y)}, found {item!r}")
                else:
                    x = k // 2
                    colour = _LETTER_COLOUR.get(item.upper())
                    if colour is None:
                        problems.append(
                            f"{where}: segment {point_name(x, y)}-{point_name(x + 1, y)} has {item!r}, "
                            "expected W (white) or R (red)"
                        )
                    h[x][y] = colour
        else:
            y_low = y - 1  # the segments from row y_low + 1 up to row y_low + 2
            where = f"layout between rows {y_low + 1} and {y_low + 2}"
            letters = line.split()
            if len(letters) != SIZE:
                problems.append(f"{where}: {len(letters)} vertical segments, expected {SIZE}")
                continue
            for x, item in enumerate(letters):
                colour = _LETTER_COLOUR.get(item.upper())
                if colour is None:
                    problems.append(
                        f"{where}: segment {point_name(x, y_low)}-{point_name(x, y_low + 1)} has {item!r}, "
                        "expected W (white) or R (red)"
                    )
                v[x][y_low] = colour
    return h, v, problems


_h, _v, LAYOUT_PARSE_PROBLEMS = parse_layout(LAYOUT)

# h_colour[x][y]: colour of segment (x, y)-(x+1, y); v_colour[x][y]: of (x, y)-(x, y+1).
h_colour: tuple[tuple[str | None, ...], ...] = tuple(tuple(column) for column in _h)
v_colour: tuple[tuple[str | None, ...], ...] = tuple(tuple(column) for column in _v)


def segment_name(a: tuple[int, int], b: tuple[int, int]) -> str:
    return f"{point_name(*a)}-{point_name(*b)}"


def check_layout(
    h: tuple[tuple[str | None, ...], ...] | list | None = None,
    v: tuple[tuple[str | None, ...], ...] | list | None = None,
) -> list[str]:
    """Every way the colour table breaks the published constraints (empty when it is valid).

    The constraints: 72 white and 72 red segments; every one of the 64 cells
    has three sides of one colour and one of the other; turning the board half
    a turn maps every white segment onto a red one and vice versa.  Called by
    the board drawing and by the tests; with no arguments it checks ``LAYOUT``.
    """
    problems: list[str] = []
    if h is None and v is None:
        problems.extend(LAYOUT_PARSE_PROBLEMS)
        h, v = h_colour, v_colour
    assert h is not None and v is not None
    counts = {WHITE: 0, RED: 0}
    for column in list(h) + list(v):
        for colour in column:
            if colour in counts:
                counts[colour] += 1
    if counts[WHITE] != 72 or counts[RED] != 72:
        problems.append(f"{counts[WHITE]} white and {counts[RED]} red segments, expected 72 of each")
    for y in range(SIZE - 1):
        for x in range(SIZE - 1):
            sides = (h[x][y], h[x][y + 1], v[x][y], v[x + 1][y])
            if None in sides:
                continue
            whites = sum(1 for colour in sides if colour == WHITE)
            if whites not in (1, 3):
                problems.append(
                    f"cell {point_name(x, y)}-{point_name(x + 1, y + 1)} has {whites} white and "
                    f"{4 - whites} red sides, expected three of one colour and one of the other"
                )
    top = SIZE - 1
    for y in range(SIZE):
        for x in range(SIZE - 1):
            mine, image = h[x][y], h[top - 1 - x][top - y]
            if mine is not None and mine == image and (x, y) < (top - 1 - x, top - y):
                problems.append(
                    f"segment {segment_name((x, y), (x + 1, y))} and its half-turn image "
                    f"{segment_name((top - 1 - x, top - y), (top - x, top - y))} are both {mine}, "
                    "expected opposite colours"
                )
    for y in range(SIZE - 1):
        for x in range(SIZE):
            mine, image = v[x][y], v[top - x][top - 1 - y]
            if mine is not None and mine == image and (x, y) < (top - x, top - 1 - y):
                problems.append(
                    f"segment {segment_name((x, y), (x, y + 1))} and its half-turn image "
                    f"{segment_name((top - x, top - 1 - y), (top - x, top - y))} are both {mine}, "
                    "expected opposite colours"
                )
    return problems


def _lines() -> tuple[tuple[str, str, str], ...]:
    found = []
    for y in range(SIZE):
        for x in range(SIZE - 1):
            found.append((point_name(x, y), point_name(x + 1, y), h_colour[x][y] or "unknown"))
    for y in range(SIZE - 1):
        for x in range(SIZE):
            found.append((point_name(x, y), point_name(x, y + 1), v_colour[x][y] or "unknown"))
    return tuple(found)


# Every unit segment as (a, b, role) with role "white" or "red": what the drawing strokes.
LINES: tuple[tuple[str, str, str], ...] = _lines()
HORIZONTAL_LINES = LINES[: SIZE * (SIZE - 1)]
VERTICAL_LINES = LINES[SIZE * (SIZE - 1) :]


def _neighbours() -> dict[str, tuple[tuple[str, int], ...]]:
    """point -> ((neighbour, owner of the line between), ...) in the order up, right, down, left."""
    table: dict[str, list[tuple[str, int]]] = {name: [] for name in POINTS}
    order = {(0, 1): 0, (1, 0): 1, (0, -1): 2, (-1, 0): 3}
    entries: dict[str, list[tuple[int, str, int]]] = {name: [] for name in POINTS}
    for a, b, role in LINES:
        owner = COLOUR_OWNER.get(role, -1)
        (ax, ay), (bx, by) = POINTS[a], POINTS[b]
        entries[a].append((order[(bx - ax, by - ay)], b, owner))
        entries[b].append((order[(ax - bx, ay - by)], a, owner))
    for name, found in entries.items():
        table[name] = [(other, owner) for _, other, owner in sorted(found)]
    return {name: tuple(found) for name, found in table.items()}


# Adjacency along the lines, with the owner (0 White, 1 Black) of each line.
NEIGHBOURS: dict[str, tuple[tuple[str, int], ...]] = _neighbours()

START_POINTS: dict[int, tuple[str, ...]] = {
    0: GRID.row(0)[1:-1],  # b1..h1, white diamonds
    1: GRID.row(SIZE - 1)[1:-1],  # b9..h9, red diamonds
}
START_POSITION: dict[str, int] = {name: owner for owner, names in START_POINTS.items() for name in names}


def line_owner(a: str, b: str) -> int:
    """0 or 1, the player whose colour the segment a-b has; KeyError when a and b are not joined."""
    for other, owner in NEIGHBOURS[a]:
        if other == b:
            return owner
    raise KeyError(f"{a} and {b} are not joined by a line")


def half_turn(name: str) -> str:
    """The point that ``name`` lands on when the board is turned half a turn."""
    return GRID.half_turn(name)
