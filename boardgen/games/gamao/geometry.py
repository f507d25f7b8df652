"""The Gamão (backgammon) board as data: 24 points in four quadrants, the bar, two bear-off trays.

Points are numbered 1..24 from White's side (games.md 11.1): White (player 0)
moves 24 -> 1 and bears off past point 1, Black (player 1) moves 1 -> 24 and
bears off past 24.  White's home quadrant is 1..6, Black's 19..24.  One
numbering for both players, not each player's own count, because a diagram
or a position names a point once and the printed board carries one set of
numbers (docs/notation/gamao.md says how to convert the other way: 25 - n).

Drawn as White sees it, home boards on the right::

        13 14 15 16 17 18 | bar | 19 20 21 22 23 24   [Black's tray: boff]
        12 11 10  9  8  7 | bar |  6  5  4  3  2  1   [White's tray: woff]

So White runs along the top from the right, down the left and home along
the bottom; Black the other way round.  Each player bears off into the tray
beside his home quadrant.

Board units: one unit is the width of a point, which is also about the
diameter of a checker (:data:`CHECKER`), so a sheet's size line gives the
checker size it suits.  x runs right, y up, the bottom-left corner of the
playing field at (0, 0).
"""

from __future__ import annotations

POINTS = 24
CHECKERS = 15  # each player's
QUADRANT = 6
WHITE, BLACK = 0, 1

CHECKER = 0.92  # a checker's diameter, board units (a point is 1 wide)
POINT_LENGTH = 4.7  # a point's height: five checkers stand on it without overlapping
MIDDLE_GAP = 1.3  # between the tips of the top and bottom points
FIELD_HEIGHT = 2 * POINT_LENGTH + MIDDLE_GAP
HALF_WIDTH = 6.0  # six points
BAR_WIDTH = 1.3
FIELD_WIDTH = 2 * HALF_WIDTH + BAR_WIDTH
RIM = 0.35  # the frame round the field and the trays
TRAY_WIDTH = 1.25
TRAY_LEFT = FIELD_WIDTH + RIM  # the trays sit right of the field, across the rim
TRAY_GAP = 0.5  # between the two trays, level with the middle gap

BAR_NAMES: tuple[str, str] = ("wbar", "bbar")  # where White's and Black's hit checkers wait
OFF_NAMES: tuple[str, str] = ("woff", "boff")  # the trays of checkers borne off
CUBE_MIDDLE = "cube"  # the doubling cube before anyone has doubled: on the bar, in the middle
CUBE_NAMES: tuple[str, str] = ("wcube", "bcube")  # held by White (bottom end of the bar) or Black (top end)
POINT_NAMES: tuple[str, ...] = tuple(str(n) for n in range(1, POINTS + 1))
PLACE_NAMES: tuple[str, ...] = POINT_NAMES + BAR_NAMES + OFF_NAMES + (CUBE_MIDDLE,) + CUBE_NAMES

START: dict[int, tuple[int, int]] = {  # point -> (owner, checkers), games.md 11.2
    24: (WHITE, 2), 13: (WHITE, 5), 8: (WHITE, 3), 6: (WHITE, 5),
    1: (BLACK, 2), 12: (BLACK, 5), 17: (BLACK, 3), 19: (BLACK, 5),
}

# The doubling cube's faces, lowest first (seed v2: "2, 4, 8, 16, 32 e 64"); a game starts at stake 1.
from boardgen.games.gamao import CUBE_VALUES  # noqa: E402  (one list, in the import-light package)


def home(player: int) -> range:
    """The points of a player's home quadrant (where he bears off from)."""
    return range(1, 7) if player == WHITE else range(19, 25)


def quadrant(point: int) -> int:
    """0: White's home (1-6), 1: White's outer board (7-12), 2: Black's outer board (13-18), 3: Black's home (19-24)."""
    return (point - 1) // QUADRANT


def distance(player: int, point: int) -> int:
    """Pips from ``point`` to bearing off for ``player`` (White's 6 point is 6 away, Black's 19 point 6 too)."""
    return point if player == WHITE else POINTS + 1 - point


def target(player: int, point: int, pips: int) -> int:
    """The point ``pips`` ahead of ``point`` for ``player``; 0 or 25 (off the board) when it runs past."""
    landing = point - pips if player == WHITE else point + pips
    return max(0, min(POINTS + 1, landing))


def entry_point(player: int, pips: int) -> int:
    """Where a checker on the bar enters with a die of ``pips``: in the opponent's home, counted from its edge."""
    return POINTS + 1 - pips if player == WHITE else pips


def is_top(point: int) -> bool:
    """Points 13..24 hang from the top edge, 1..12 stand on the bottom edge."""
    return point > 12


def column_left(point: int) -> float:
    """x of the left edge of ``point``'s column."""
    if is_top(point):
        k = point - 13  # 13 at the far left
    else:
        k = 12 - point  # 12 at the far left, 1 at the far right
    return k + (BAR_WIDTH if k >= QUADRANT else 0.0)


def point_base(point: int) -> tuple[float, float]:
    """The middle of the point's wide end, on the frame's edge: where its first checker stands (its centre is
    half a checker inward)."""
    x = column_left(point) + 0.5
    return (x, FIELD_HEIGHT if is_top(point) else 0.0)


def point_inward(point: int) -> float:
    """+1 for bottom points (checkers stack upwards), -1 for top ones."""
    return -1.0 if is_top(point) else 1.0


def point_triangle(point: int) -> tuple[tuple[float, float], ...]:
    """The point's three corners: its wide end on the frame, its tip towards the middle."""
    left = column_left(point)
    base_y = FIELD_HEIGHT if is_top(point) else 0.0
    tip_y = base_y + point_inward(point) * POINT_LENGTH
    return ((left, base_y), (left + 1.0, base_y), (left + 0.5, tip_y))


def checker_centre(point: int, index: int, spacing: float = 1.0) -> tuple[float, float]:
    """Centre of the ``index``-th checker (0: the one on the frame) of a stack on ``point``."""
    x, y = point_base(point)
    return (x, y + point_inward(point) * (CHECKER / 2 + 0.02 + index * spacing * CHECKER))


def bar_centre() -> float:
    return HALF_WIDTH + BAR_WIDTH / 2


def bar_place(player: int) -> tuple[float, float]:
    """White's hit checkers wait on the upper half of the bar (they re-enter at the top right, in Black's
    home), Black's on the lower half: the first checker beside the middle."""
    middle = FIELD_HEIGHT / 2
    offset = MIDDLE_GAP / 2 + CHECKER / 2 + 0.3
    return (bar_centre(), middle + offset if player == WHITE else middle - offset)


def tray_box(player: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """(low corner, high corner) of a player's tray: White's beside his home (bottom right), Black's top right."""
    half = (FIELD_HEIGHT - TRAY_GAP) / 2
    x0, x1 = TRAY_LEFT, TRAY_LEFT + TRAY_WIDTH
    if player == WHITE:
        return ((x0, 0.0), (x1, half))
    return ((x0, FIELD_HEIGHT - half), (x1, FIELD_HEIGHT))


def off_place(player: int) -> tuple[float, float]:
    """Where the tray's first borne-off checker lies (against the board's outer edge)."""
    (x0, y0), (x1, y1) = tray_box(player)
    return ((x0 + x1) / 2, y0 + 0.35 if player == WHITE else y1 - 0.35)


CUBE_SIDE = 0.9  # the doubling cube's face, board units


def cube_place(holder: int | None) -> tuple[float, float]:
    """The cube's centre: the middle of the bar, or the end of the bar on its holder's side (White's at the
    bottom, Black's at the top), clear of the hit checkers waiting nearer the middle."""
    if holder is None:
        return (bar_centre(), FIELD_HEIGHT / 2)
    reach = CUBE_SIDE / 2 + 0.15
    return (bar_centre(), reach if holder == WHITE else FIELD_HEIGHT - reach)


def locations() -> dict[str, tuple[float, float]]:
    """Board-unit place of every name: a point's first checker, the bar halves, the trays' first slots, the cube's places."""
    found = {str(p): checker_centre(p, 0) for p in range(1, POINTS + 1)}
    for player in (WHITE, BLACK):
        found[BAR_NAMES[player]] = bar_place(player)
        found[OFF_NAMES[player]] = off_place(player)
    found[CUBE_MIDDLE] = cube_place(None)
    for player in (WHITE, BLACK):
        found[CUBE_NAMES[player]] = cube_place(player)
    return found


def outer_box() -> tuple[tuple[float, float], tuple[float, float]]:
    """The board's outer edge: the field, the trays and the rim round them."""
    return ((-RIM, -RIM), (TRAY_LEFT + TRAY_WIDTH + RIM, FIELD_HEIGHT + RIM))
