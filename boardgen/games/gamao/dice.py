"""The arithmetic of checkers and dice in Gamão: which checker moves one die allows, and how many dice a play can use.

Everything here works on a :class:`Layout` (where the checkers are) and the
dice left, never on a whole game state, so the move generator
(:mod:`.rules`), the refusal reasons (:mod:`.move_text`) and the position
reader (:mod:`.position_text`) share one set of rules.  Points are numbered
from White's side (``geometry``): White moves 24 -> 1, Black 1 -> 24.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from boardgen.engine.base import Throw
from boardgen.games.gamao import geometry as geo

WHITE, BLACK = geo.WHITE, geo.BLACK
BAR = 99  # a move's origin "the bar"
OFF = -1  # a move's destination "off the board"
OFF_WORD = "off"  # how the notation writes it (6/off, off:3)
SIDES = ("w", "b")
NAMES = ("White", "Black")
WORDS = ("white", "black")
# The phases of a turn (GamaoState.phase): what the next event is.
OPENING, THROW, CUBE, OFFERED, DROPPED, MOVE = "opening", "throw", "cube", "offered", "dropped", "move"

Board = tuple[int, ...]  # 24 signed counts, index p - 1: White's checkers positive, Black's negative


class Step(NamedTuple):
    """One checker moved by one die: from a point or the bar, to a point or off; hit: a blot sent to the bar."""

    origin: int  # 1..24, or BAR
    landing: int  # 1..24, or OFF
    die: int
    hit: bool


class Layout(NamedTuple):
    """Where every checker is: the points, the bars and the trays (what a move changes)."""

    board: Board
    bar: tuple[int, int]
    off: tuple[int, int]


# -- the throws ------------------------------------------------------------------------------
def throw_text(high: int, low: int) -> str:
    return f"{high}-{low}"


# The opening throw: White's die, then Black's; a tie is thrown again, so each of the 30 has 1/30.
OPENING_THROWS: tuple[Throw, ...] = tuple(
    Throw(throw_text(w, b), Fraction(1, 30), (w, b), key=(w, b)) for w in range(1, 7) for b in range(1, 7) if w != b
)
THROW_RE = re.compile(r"^\s*([1-6])\s*[-, ]?\s*([1-6])\s*$")


def dice_of(throw: tuple[int, int]) -> tuple[int, ...]:
    """The dice a throw gives to play: four of a double, else the two."""
    high, low = throw
    return (high,) * 4 if high == low else (high, low)


# -- the moves of one die ------------------------------------------------------------------
def owned(board: Board, player: int, point: int) -> int:
    """How many of ``player``'s checkers stand on ``point`` (1..24)."""
    n = board[point - 1]
    return n if player == WHITE and n > 0 else -n if player == BLACK and n < 0 else 0


def opposing(board: Board, player: int, point: int) -> int:
    return owned(board, 1 - player, point)


def all_home(layout: Layout, player: int) -> bool:
    """Every checker of ``player`` not borne off stands in his home quadrant (bearing off is allowed)."""
    if layout.bar[player]:
        return False
    home = geo.home(player)
    return not any(owned(layout.board, player, p) for p in range(1, 25) if p not in home)


def farthest(layout: Layout, player: int) -> int:
    """The distance to bearing off of ``player``'s farthest checker on the board (0: none left)."""
    points = range(24, 0, -1) if player == WHITE else range(1, 25)
    for p in points:
        if owned(layout.board, player, p):
            return geo.distance(player, p)
    return 0


def steps_for_die(layout: Layout, player: int, die: int) -> list[Step]:
    """Every way to move one checker by ``die``, checking only this die (not what the others allow)."""
    board = layout.board
    if layout.bar[player]:
        landing = geo.entry_point(player, die)
        blockers = opposing(board, player, landing)
        return [] if blockers >= 2 else [Step(BAR, landing, die, blockers == 1)]
    found: list[Step] = []
    bearing = all_home(layout, player)
    far = farthest(layout, player) if bearing else 0
    points = range(24, 0, -1) if player == WHITE else range(1, 25)
    for p in points:
        if not owned(board, player, p):
            continue
        dist = geo.distance(player, p)
        if die >= dist:
            if bearing and (die == dist or dist == far):
                found.append(Step(p, OFF, die, False))
            continue
        landing = geo.target(player, p, die)
        blockers = opposing(board, player, landing)
        if blockers < 2:
            found.append(Step(p, landing, die, blockers == 1))
    return found


def apply_step(layout: Layout, player: int, step: Step) -> Layout:
    board = list(layout.board)
    bar = list(layout.bar)
    off = list(layout.off)
    sign = 1 if player == WHITE else -1
    if step.origin == BAR:
        bar[player] -= 1
    else:
        board[step.origin - 1] -= sign
    if step.landing == OFF:
        off[player] += 1
    else:
        if step.hit:
            board[step.landing - 1] = 0
            bar[1 - player] += 1
        board[step.landing - 1] += sign
    return Layout(tuple(board), (bar[0], bar[1]), (off[0], off[1]))


def remove_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    k = dice.index(die)
    return dice[:k] + dice[k + 1 :]


@lru_cache(maxsize=200_000)
def most_dice(layout: Layout, player: int, dice: tuple[int, ...]) -> int:
    """How many of ``dice`` the best play from here uses (stops looking once one uses them all)."""
    if not dice or layout.off[player] == geo.CHECKERS:
        return 0
    best = 0
    for die in sorted(set(dice), reverse=True):
        rest = remove_die(dice, die)
        for step in steps_for_die(layout, player, die):
            used = 1 + most_dice(apply_step(layout, player, step), player, rest)
            if used > best:
                best = used
                if best == len(dice):
                    return best
    return best


def legal_steps(layout: Layout, player: int, dice: tuple[int, ...]) -> tuple[list[Step], int]:
    """(the die moves that begin a play using the most dice possible, that most); the larger-die rule applied."""
    scored: list[tuple[Step, int]] = []
    for die in sorted(set(dice), reverse=True):
        rest = remove_die(dice, die)
        for step in steps_for_die(layout, player, die):
            scored.append((step, 1 + most_dice(apply_step(layout, player, step), player, rest)))
    if not scored:
        return [], 0
    most = max(used for _, used in scored)
    steps = [step for step, used in scored if used == most]
    if most == 1 and len(dice) == 2 and dice[0] != dice[1]:
        larger = [step for step in steps if step.die == max(dice)]
        if larger:
            steps = larger
    return steps, most
