"""The tables every part of the Nyout engine reads: seats, throws and their chances, stations, and the
variant options (typed once per combination), with who plays for whom.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from boardgen.engine.base import Throw
from boardgen.engine.chance import STICKS_4
from boardgen.engine.variants import VariantValues
from boardgen.games.nyout import GAME
from boardgen.games.nyout import geometry as geo

SEATS = "abcd"
THROW_NAMES = ("to", "kai", "kel", "nyout", "mo")  # values 1..5
BACK_DO = -1  # modern yut's backward throw (variant back_do): one station back
NAME: dict[int, str] = {**{v: name for v, name in enumerate(THROW_NAMES, 1)}, BACK_DO: "backdo"}
VALUE: dict[str, int] = {name: v for v, name in NAME.items()}
PASS = "pass"  # the target of a throw that no horse can use (let go)
RETHROW = frozenset({4, 5})  # nyout and mo give another throw
HORSES = {2: 4, 3: 3, 4: 2}  # horses per seat by the number of players (games.md 8.3)
STATIONS = geo.STATIONS
INDEX = {name: i for i, name in enumerate(STATIONS)}
LOWER = {name.lower(): name for name in geo.PLACE_NAMES}
MOVE_RE = re.compile(r"^(-?[a-z0-9]+):([a-z0-9]+)-([a-z0-9]+)$", re.IGNORECASE)
PASS_RE = re.compile(r"^(-?[a-z0-9]+):pass$", re.IGNORECASE)
SEAT_WORD = {2: "four", 3: "three", 4: "two"}


# Four fair two-sided sticks (games.md 8.2): the shared distribution, values 1..5 with 4, 6, 4, 1 and 1
# chances in 16, faces the sticks' sides up (a mo shows no marked side), renamed to
# the throws' names; key stays the value.
THROWS: tuple[Throw, ...] = tuple(replace(t, text=THROW_NAMES[int(t.key) - 1]) for t in STICKS_4)  # type: ignore[call-overload]
# With back_do=on one of the sticks is marked on its marked side (drawn as the fourth stick): when it
# alone shows its marked side, the throw is a back-do instead of a to (1 chance in 16 of the to's 4).
THROWS_BACK_DO: tuple[Throw, ...] = (
    replace(THROWS[0], probability=THROWS[0].probability - Fraction(1, 16)),
    *THROWS[1:],
    Throw(NAME[BACK_DO], Fraction(1, 16), (0, 0, 0, 1), key=BACK_DO),
)


@dataclass(frozen=True)
class Rules:
    """The variant options of one game, typed (built once per combination)."""

    players: int
    horses: int
    culin: bool  # shortcut=culin: the West arm crosses to the East arm
    exit_on_north: bool  # bear_off=on-exit
    capture_throw: bool
    back_do: bool
    stacks_block: bool  # enemy_stack=blocks: two or more opposing horses on a station may not be landed on


@cache
def rules_for(chosen: VariantValues) -> Rules:
    return Rules(
        players=chosen.players,
        horses=HORSES[chosen.players],
        culin=chosen.shortcut == "culin",
        exit_on_north=chosen.bear_off == "on-exit",
        capture_throw=chosen.capture_throw,
        back_do=chosen.back_do,
        stacks_block=chosen.enemy_stack == "blocks",
    )


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))


def team(seat: int, rules: Rules) -> int:
    """The side a seat plays for: its partnership with four players, itself otherwise."""
    return seat % 2 if rules.players == 4 else seat


def allies(seat: int, rules: Rules) -> tuple[int, ...]:
    """The seats whose horses ``seat`` may move: his own, then his partner's (four players)."""
    return (seat, (seat + 2) % 4) if rules.players == 4 else (seat,)
