"""Gamão's move notation: how a die move is written and drawn, and how a written move or whole play is read.

A move is one checker moved by one die (``24/18``, ``bar/22*``, ``6/off``,
``2:6/off`` where either die bears the same checker off).  This module writes
those texts and the arrow paths of the diagrams, explains why a die move
written by hand is refused (the reason codes of ``docs/notation/gamao.md``),
and reads a whole play given at once (``24/18 13/11``, ``13/7(2)``,
``24/18/13``, ``24/13``), which ``GamaoState.play`` splits into die moves.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgen.errors import IllegalMoveError
from boardgen.games.gamao import geometry as geo
from boardgen.games.gamao.dice import (
    BAR, MOVE, NAMES, OFF, OFF_WORD, WHITE, Layout, Step, all_home, farthest, legal_steps, opposing, owned, steps_for_die,
)
from boardgen.values import digits_value

if TYPE_CHECKING:  # the state module imports this one
    from boardgen.games.gamao.rules import GamaoState

DIE_MOVE_RE = re.compile(r"(?:([1-6]):)?(bar|\d{1,2})/(off|\d{1,2})(\*?)")


# -- writing a die move -----------------------------------------------------------------
def place_of(player: int, spot: int, is_origin: bool) -> str:
    """The board's place name for a move end: a point, the mover's bar or his tray."""
    if is_origin and spot == BAR:
        return geo.BAR_NAMES[player]
    if not is_origin and spot == OFF:
        return geo.OFF_NAMES[player]
    return str(spot)


def step_text(step: Step) -> str:
    origin = "bar" if step.origin == BAR else str(step.origin)
    landing = OFF_WORD if step.landing == OFF else str(step.landing)
    return f"{origin}/{landing}{'*' if step.hit else ''}"


def step_path(player: int, step: Step) -> tuple[str, ...]:
    """Every place the checker passes, for the arrow: its origin, each point on the way, where it lands."""
    start = place_of(player, step.origin, True)
    if step.origin == BAR:
        return (start, str(step.landing))
    points = []
    p = step.origin
    for _ in range(step.die):
        p = p - 1 if player == WHITE else p + 1
        if p < 1 or p > 24:
            break
        points.append(str(p))
    if step.landing == OFF:
        return (start, *points, geo.OFF_NAMES[player])
    return (start, *points)


# -- why a die move is refused --------------------------------------------------------------
def why_die_move_refused(layout: Layout, player: int, left: tuple[int, ...], text: str, move: str) -> tuple[str, str]:
    """(message, code) for a die move ``move`` (normalised; ``text`` as written) that ``player`` may not make
    with the dice ``left``: the first rule of Gamão it breaks, ``illegal`` if none is named."""
    match = DIE_MOVE_RE.fullmatch(move)
    if not match:
        return (f"{text}: not a move; write FROM/TO for one die, e.g. 24/18, bar/22*, 6/off", "syntax")
    start = BAR if match.group(2) == "bar" else digits_value(match.group(2))
    goal = OFF if match.group(3) == OFF_WORD else digits_value(match.group(3))
    for spot in (start, goal):
        if spot not in (BAR, OFF) and not 1 <= spot <= 24:
            return (f"{text}: the points are numbered 1 to 24", "off-board")
    if start == BAR and not layout.bar[player]:
        return (f"{text}: {NAMES[player]} has no checker on the bar", "empty")
    if start != BAR and not owned(layout.board, player, start):
        return (f"{text}: {NAMES[player]} has no checker on point {start}", "empty")
    if start != BAR and layout.bar[player]:
        return (f"{text}: a checker on the bar must enter before any other checker moves", "bar-first")
    if start == BAR:
        pips = 25 - geo.distance(player, goal) if goal != OFF else 0  # White enters on 25 - die, Black on die
    else:
        pips = geo.distance(player, start) - (geo.distance(player, goal) if goal != OFF else 0)
    if goal != OFF and pips <= 0:
        return (f"{text}: {NAMES[player]}'s checkers never move backwards ({'24 towards 1' if player == WHITE else '1 towards 24'})", "backwards")
    if start == BAR and goal != OFF and goal not in (range(19, 25) if player == WHITE else range(1, 7)):
        return (f"{text}: a checker enters in the opponent's home quadrant", "no-die")
    if goal == OFF and not all_home(layout, player):
        return (f"{text}: bearing off begins only when all fifteen checkers are in the home quadrant", "not-home")
    dice = set(left)
    if goal == OFF:
        exact = geo.distance(player, start)
        usable = {d for d in dice if d == exact or (d > exact and farthest(layout, player) == exact)}
        if not usable:
            if any(d > exact for d in dice):
                return (f"{text}: a higher die bears off only the farthest checker; one stands farther back", "farther-checker")
            return (f"{text}: no die left shows {exact}", "no-die")
    else:
        if pips not in dice:
            return (f"{text}: no die left shows {pips} (left: {', '.join(str(d) for d in left)})", "no-die")
        if opposing(layout.board, player, goal) >= 2:
            return (f"{text}: point {goal} is blocked by two or more opposing checkers", "blocked")
    _, most = legal_steps(layout, player, left)
    one_die = [s for d in sorted(dice) for s in steps_for_die(layout, player, d)]
    if any(step_text(s).rstrip("*") == move.split(":")[-1].rstrip("*") for s in one_die):
        if most == 1 and len(left) == 2 and left[0] != left[1]:
            return (f"{text}: only one die can be played, and then it must be the larger, {max(left)}", "larger-die")
        if len(left) == 2 and left[0] != left[1]:
            return (f"{text}: both dice can be played, and after this move the other could not be", "both-dice")
        return (f"{text}: after this move fewer dice could be played than the throw allows ({most})", "most-dice")
    return (f"{text}: not a legal move in this position", "illegal")



# -- reading a whole play -------------------------------------------------------------------
def play_token(state: "GamaoState", token: str) -> "GamaoState":
    """The state after one token of a whole play: a throw, ``13/7(2)``, ``24/18/13``, a die move, or one checker on several dice."""
    if state.is_chance:
        return state.apply_throw(state.parse_throw(token))
    repeat = re.fullmatch(r"(.+)\((\d)\)", token)
    if repeat:
        for _ in range(digits_value(repeat.group(2))):
            state = play_token(state, repeat.group(1))
        return state
    parts = token.split("/")
    if len(parts) > 2 and ":" not in token:
        for a, b in zip(parts, parts[1:]):
            state = play_token(state, f"{a}/{b}")
        return state
    try:
        return state.apply(state.parse_move(token))
    except IllegalMoveError as refused:
        joined = one_checker_two_dice(state, token)
        if joined is None:
            raise refused
        return joined

def one_checker_two_dice(start_state: "GamaoState", token: str) -> "GamaoState | None":
    """``24/13`` for one checker moved by several dice in a row: the one legal way, if exactly one."""
    match = re.fullmatch(r"(bar|\d{1,2})/(off|\d{1,2})(\*?)", token.strip().lower())
    if not match or start_state.phase != MOVE:
        return None
    start = BAR if match.group(1) == "bar" else digits_value(match.group(1))
    goal = OFF if match.group(2) == OFF_WORD else digits_value(match.group(2))
    ends: dict[str, GamaoState] = {}

    def walk(state: GamaoState, at: int, depth: int) -> None:
        if depth > 4 or state.phase != MOVE or state.side != start_state.side:
            return
        for move in state.legal_moves():
            step = move.key
            if not isinstance(step, Step) or step.origin != at:
                continue
            after = state.apply(move)
            if step.landing == goal:
                if depth >= 1:
                    ends[after.to_text()] = after
            elif step.landing != OFF:
                walk(after, step.landing, depth + 1)

    walk(start_state, start, 0)
    if len(ends) == 1:
        return next(iter(ends.values()))
    if len(ends) > 1:
        raise IllegalMoveError(f"{token}: more than one way to play it (say each die's move, e.g. 24/18 18/13)", "ambiguous")
    return None
