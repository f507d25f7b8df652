"""The tables every part of the Ringo engine reads: what a cell holds, the cells' indices, the step and leap
tables of the board, and the variant options, resolved once.

Cells are numbered ring by ring (ring 1 first, segment a first), the citadel
last (:data:`CIT`); the move generator (:mod:`.moves`), the refusals
(:mod:`.refusals`), the position text (:mod:`.position_text`) and the state
(:mod:`.rules`) all count them this way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from boardgen.engine.base import Move
from boardgen.engine.variants import VariantValues
from boardgen.games.ringo import GAME
from boardgen.games.ringo import geometry as geo

EMPTY, ATT, DEF = 0, 1, 2  # contents of a ring cell
OWNER_MARK = {ATT: 0, DEF: 1}
CELL_LETTER = {EMPTY: None, ATT: "A", DEF: "D"}  # a ring cell in the position text
CIT = geo.RINGS * geo.SEGMENTS  # index of the citadel; ring cells are 0..47
SIDE_LETTERS = ("a", "d")
MAX_CITADEL = 2
MAX_ATTACKERS = geo.PIECE_COUNTS[geo.ATTACKER]
MAX_DEFENDERS = geo.PIECE_COUNTS[geo.DEFENDER]
LOSSES_TO_WIN = 6  # defenders win when this many attackers are captured

START_TEXT = "-/1D1D1D1D/8/8/8/8/1AAAAAAA a"
NO_PROGRESS_REASON = "{limit} turns in a row without a capture or an attacker moving towards the citadel"
PASS = Move("pass", (), (), "pass")


# -- index tables ------------------------------------------------------------------

def cell_index(ring: int, segment: int) -> int:
    return (ring - 1) * geo.SEGMENTS + segment


def ring_of(index: int) -> int:
    """Ring number of a cell index, 0 for the citadel: an attacker moving forward lowers it."""
    return 0 if index == CIT else index // geo.SEGMENTS + 1


NAMES: tuple[str, ...] = tuple(geo.cell_name(k, s) for k in range(1, geo.RINGS + 1) for s in range(geo.SEGMENTS)) + (
    geo.CITADEL,
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def _indexed(table: Mapping[tuple[str, str], object]) -> dict[tuple[int, str], object]:
    result: dict[tuple[int, str], object] = {}
    for (name, direction), value in table.items():
        if isinstance(value, tuple):
            result[INDEX[name], direction] = tuple(INDEX[v] for v in value)
        else:
            result[INDEX[name], direction] = INDEX[value]  # type: ignore[index]
    return result


STEP: dict[tuple[int, str], int] = _indexed(geo.step_table())  # type: ignore[assignment]
LEAP: dict[tuple[int, str], tuple[int, int]] = _indexed(geo.leap_table())  # type: ignore[assignment]

ATTACKER_STEP_DIRS = (geo.INWARD, geo.CCW, geo.CW)
DEFENDER_STEP_DIRS = (geo.INWARD, geo.OUTWARD, geo.CCW, geo.CW)
DEFENDER_LEAP_DIRS = (geo.INWARD, geo.OUTWARD, geo.CCW, geo.CW, geo.ACROSS)


def direction_between(table: Mapping[tuple[int, str], object], start: int, end: int, pick) -> str | None:
    for direction in DEFENDER_LEAP_DIRS:
        value = table.get((start, direction))
        if value is not None and pick(value) == end:
            return direction
    return None


# -- options ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    """The variant values an engine needs, read once from the variant mapping."""

    multi_capture: bool = True
    attacker_side_capture: bool = False
    neutral: frozenset[int] = frozenset()
    quota_always: bool = False
    defender_blocked_loses: bool = False
    no_progress: int | None = 100  # the draw limit in turns; None = no draw

    @property
    def attacker_leap_dirs(self) -> tuple[str, ...]:
        return (geo.INWARD, geo.CCW, geo.CW) if self.attacker_side_capture else (geo.INWARD,)


@cache
def _options(values: VariantValues) -> Options:
    if values.neutral_zone == "pink":
        neutral = frozenset(cell_index(k, geo.NEUTRAL_SEGMENT) for k in (1, 3, 5))
    else:
        neutral = frozenset(cell_index(k, geo.NEUTRAL_SEGMENT) for k in range(1, geo.RINGS + 1))
    return Options(
        multi_capture=values.multi_capture,
        attacker_side_capture=values.attacker_side_capture,
        neutral=neutral,
        quota_always=values.quota == "always",
        defender_blocked_loses=values.defender_blocked == "lose",
        no_progress=values.no_progress,
    )


def options_for(variants: Mapping[str, str] | None) -> Options:
    """The engine's options for a variant set (a mapping of texts or the resolved values), cached."""
    return _options(GAME.resolve_variants(variants))


def move_piece(cells: list[int], citadel: int, start: int, end: int, taken: Iterable[int]) -> int:
    """Move the piece on the ring cell ``start`` to ``end`` in ``cells``, removing the pieces on ``taken``
    (the citadel among them takes one attacker out); the citadel's attacker count afterwards."""
    mark = cells[start]
    cells[start] = EMPTY
    for i in taken:
        if i == CIT:
            citadel -= 1
        else:
            cells[i] = EMPTY
    if end == CIT:
        citadel += 1
    else:
        cells[end] = mark
    return citadel
