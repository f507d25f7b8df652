"""The Awelé board as data: two rows of six pits, a store at each end.

Pits are numbered 0..11 in the sowing order, counter-clockwise seen from
above (games.md section 9.1): South (player 0, who moves first) owns pits 0..5,
``a1`` to ``f1`` from his left to his right; North (player 1) owns pits 6..11,
``f2`` to ``a2`` from *his* left to his right.  Columns are lettered as South
sees the board, so ``a2`` faces ``a1`` and the next pit after ``i`` is always
``(i + 1) % 12``::

        north      a2 b2 c2 d2 e2 f2           (North sows right to left, as South sees it)
        store      a1 b1 c1 d1 e1 f1   south   (South sows left to right)
                                       store

Each player's store (his pile of captured seeds) lies at his right-hand end:
South's beside ``f1``, North's beside ``a2``.  Stores are places of the
geometry because a position gives their counts, but no seed is ever sown
into one.

Board units: one unit is the diameter of a pit, so the printed sheet states
the pit diameter; x runs right, y up, ``a1`` at (0, 0).
"""

from __future__ import annotations

PITS_PER_ROW = 6
PIT_COUNT = 2 * PITS_PER_ROW
SEEDS_PER_PIT = 4
SEED_COUNT = PIT_COUNT * SEEDS_PER_PIT  # 48
MAJORITY = SEED_COUNT // 2 + 1  # 25: a player with this many captured seeds has won

COLUMNS = "abcdef"
SOUTH, NORTH = 0, 1
STORES: tuple[str, str] = ("south", "north")  # the store of player 0 and of player 1

# Pit names in sowing order: a1..f1, then f2..a2.
PIT_NAMES: tuple[str, ...] = tuple(f"{c}1" for c in COLUMNS) + tuple(f"{c}2" for c in reversed(COLUMNS))
PIT_INDEX: dict[str, int] = {name: i for i, name in enumerate(PIT_NAMES)}
PLACE_NAMES: tuple[str, ...] = PIT_NAMES + STORES

PIT_DIAMETER = 1.0  # the board unit
PITCH = 1.18  # centre to centre along a row
ROW_GAP = 2.0  # South row's centres to North row's: room between the rows for the sowing arrows
STORE_GAP = 0.35  # between the end pits and a store
STORE_WIDTH = 1.0
STORE_HEIGHT = ROW_GAP + PIT_DIAMETER  # a store spans both rows


def owner(pit: int) -> int:
    """The player whose row holds pit ``pit`` (0: South, 1: North)."""
    return SOUTH if pit < PITS_PER_ROW else NORTH


def row(player: int) -> range:
    """The pits of a player's row, in sowing order."""
    return range(0, PITS_PER_ROW) if player == SOUTH else range(PITS_PER_ROW, PIT_COUNT)


def column(pit: int) -> int:
    """0..5: the pit's column as South sees the board (a..f)."""
    return pit if pit < PITS_PER_ROW else PIT_COUNT - 1 - pit


def opposite(pit: int) -> int:
    """The pit facing ``pit`` across the board (a1 faces a2)."""
    return PIT_COUNT - 1 - pit


def pit_centre(pit: int) -> tuple[float, float]:
    return (column(pit) * PITCH, 0.0 if pit < PITS_PER_ROW else ROW_GAP)


def store_centre(player: int) -> tuple[float, float]:
    """South's store right of f1, North's left of a2, half-way between the rows."""
    reach = PIT_DIAMETER / 2 + STORE_GAP + STORE_WIDTH / 2
    x = (PITS_PER_ROW - 1) * PITCH + reach if player == SOUTH else -reach
    return (x, ROW_GAP / 2)


def locations() -> dict[str, tuple[float, float]]:
    """Board-unit centre of every place: the twelve pits, then the two stores."""
    found = {name: pit_centre(i) for i, name in enumerate(PIT_NAMES)}
    for player, name in enumerate(STORES):
        found[name] = store_centre(player)
    return found


def sowing_order(origin: int, seeds: int) -> tuple[int, ...]:
    """The pits that receive the seeds taken from ``origin``, one each, in order.

    Counter-clockwise from the next pit; the origin is passed over on every lap,
    so it is left empty (seed: "saltar a casa de origem").
    """
    sown: list[int] = []
    pit = origin
    while len(sown) < seeds:
        pit = (pit + 1) % PIT_COUNT
        if pit != origin:
            sown.append(pit)
    return tuple(sown)
