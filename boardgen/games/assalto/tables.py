"""The tables every part of the Assalto engine reads: what a point holds, whose turn, the points' indices, and
the variant options with the move tables they imply (built once per combination).

Points are numbered in the order of ``geometry.POINT_NAMES``; the captures
(:mod:`.captures`) and the state (:mod:`.rules`) count them this way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from boardgen.engine.variants import VariantValues
from boardgen.games.assalto import GAME
from boardgen.games.assalto import geometry as geo

EMPTY, PAWN, OFFICER = 0, 1, 2
POINT_LETTER = {EMPTY: None, PAWN: "P", OFFICER: "O"}  # a point in the position text
PAWNS, OFFICERS, SETUP = 0, 1, 2  # whose turn: the pawns, the officers, or the officers' setup turn
SIDE_LETTERS = {PAWNS: "p", OFFICERS: "o", SETUP: "s"}
SIDE_CHOICES = tuple(  # in the order of the sides' numbers, for read_choice
    (SIDE_LETTERS[side], word) for side, word in ((PAWNS, "pawns"), (OFFICERS, "officers"), (SETUP, "officers' setup"))
)

PAWNS_ONLY = frozenset({PAWN})  # what an officer may jump
PAWN_COUNT = 24
OFFICER_COUNT = 2
FORTRESS_SIZE = 9  # fewer pawns than this can no longer fill the fortress: the officers win

NAMES: tuple[str, ...] = geo.POINT_NAMES
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
XY: tuple[tuple[int, int], ...] = tuple(geo.POINTS[name] for name in NAMES)
FORTRESS: tuple[int, ...] = tuple(INDEX[name] for name in geo.FORTRESS)
ROWS: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[name] for name in row) for row in geo.ROWS_TOP_DOWN)

_POINT = r"[a-z][0-9]{1,2}"  # loose on purpose: names off the board get the code off-board
STEP_RE = re.compile(rf"^({_POINT})-({_POINT})$")
CAPTURE_RE = re.compile(rf"^{_POINT}(?:x{_POINT})+$")
PLACE_RE = re.compile(rf"^({_POINT})\+({_POINT})$")
PASS = "pass"  # the pawns' move when they have none and stalemate=pass

@dataclass(frozen=True)
class Rules:
    """The variant options of one game, with the move tables they imply (built once per combination)."""

    pawn_moves: str
    long_capture: bool
    same_direction: bool
    huffing: bool
    diagonals: str
    stalemate: str  # "loses", "draw" or "pass"
    limit: int | None
    officer_start: str
    first: int  # PAWNS or OFFICERS: who makes the first move of play
    huff_all: bool  # huffing removes every officer that could have captured, not one
    chains: bool  # a capture goes on jumping while it can (off: one jump per turn)
    win_at: int  # the officers win when fewer pawns than this remain (9, or 1 for no-pawn-left)
    # rays[i]: (direction, is_diagonal, points along the line) for every line leaving point i
    rays: tuple[tuple[tuple[tuple[int, int], bool, tuple[int, ...]], ...], ...]
    # officer_steps[i]: points one segment away
    officer_steps: tuple[tuple[int, ...], ...]
    # pawn_steps[i]: (destination, is an advance) for every step a pawn on i may make
    pawn_steps: tuple[tuple[tuple[int, bool], ...], ...]


@cache
def rules_for(chosen: VariantValues) -> Rules:
    """Build the move tables for a resolved set of variant options (cached per set).

    ``rules=murray`` arrives already spelt out: resolving the options applied its preset.
    """
    ray_names = geo.rays(chosen.diagonals)
    rays = tuple(
        tuple((d, d[0] != 0 and d[1] != 0, tuple(INDEX[n] for n in line)) for d, line in ray_names[name])
        for name in NAMES
    )
    officer_steps = tuple(tuple(line[0] for _d, _diag, line in rays[i]) for i in range(len(NAMES)))
    distance = tuple(geo.distance2_to_fortress(name) for name in NAMES)
    pawn_steps = []
    for i, (x, y) in enumerate(XY):
        steps = []
        for (dx, dy), diagonal, line in rays[i]:
            to = line[0]
            if chosen.pawn_moves == "forward-sideways":
                if diagonal or dy < 0:
                    continue
                steps.append((to, dy > 0))
            elif chosen.pawn_moves == "towards-fortress":
                if distance[to] > distance[i]:
                    continue
                steps.append((to, distance[to] < distance[i]))
            else:  # any-line: pawns may go back, so only captures count as progress
                steps.append((to, False))
        pawn_steps.append(tuple(steps))
    return Rules(
        pawn_moves=chosen.pawn_moves,
        long_capture=chosen.long_capture,
        same_direction=chosen.direction_change == "forbidden",
        huffing=chosen.huffing,
        diagonals=chosen.diagonals,
        stalemate=chosen.stalemate,
        limit=chosen.no_progress,
        officer_start=chosen.officer_start,
        first=OFFICERS if chosen.first == "officers" else PAWNS,
        huff_all=chosen.huffed == "all",
        chains=chosen.chains,
        win_at=1 if chosen.officers_win == "no-pawn-left" else FORTRESS_SIZE,
        rays=rays,
        officer_steps=officer_steps,
        pawn_steps=tuple(pawn_steps),
    )


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))
