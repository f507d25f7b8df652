"""Why a Ringo move text is refused: the first rule it breaks in a game still going on, with its code.

The codes are listed in ``docs/notation/ringo.md``; the booklet checker
compares them with what a diagram claims.  (A finished game's refusal is
the shared one of :meth:`boardgen.engine.base.GameState.why_illegal`.)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgen.games.ringo import geometry as geo
from boardgen.games.ringo.moves import quota_ok
from boardgen.games.ringo.tables import (
    ATT, CIT, DEF, EMPTY, INDEX, LEAP, LOSSES_TO_WIN, MAX_ATTACKERS, MAX_CITADEL, NAMES, STEP, direction_between,
    move_piece,
)

if TYPE_CHECKING:  # the state module imports this one
    from boardgen.games.ringo.rules import RingoState


_MOVE_RE = re.compile(r"^[a-z0-9]+(?:[-x^][a-z0-9]+)+$")


def _fail(message: str, code: str) -> tuple[str, str]:
    return (message, code)


def explain_illegal(state: RingoState, text: str) -> tuple[str, str]:
    """(message, code) naming the first rule a move text breaks in a game still going on."""
    if text == "pass":
        return _fail("pass: a player may pass only when the defenders have no legal move", "no-pass")
    if not _MOVE_RE.match(text):
        return _fail(
            f"{text}: not a Ringo move (write steps e6-e5, captures e3xe1 or e3xe1xg1, leaps over the neutral zone b3^h3)",
            "syntax",
        )
    names = re.split(r"[-x^]", text)
    separators = re.findall(r"[-x^]", text)
    for name in names:
        if name not in INDEX:
            return _fail(f"{text}: {name!r} is no cell (cells a1 to h6, the citadel z)", "no-such-cell")
    attacking = state._side == 0
    who = "attackers" if attacking else "defenders"
    own, enemy = (ATT, DEF) if attacking else (DEF, ATT)
    first = INDEX[names[0]]
    if first == CIT:
        if attacking and state._citadel:
            return _fail(f"{text}: an attacker in the citadel can never leave it", "citadel-exit")
        return _fail(f"{text}: no piece of the {who} on z", "no-piece")
    if state._cells[first] == EMPTY:
        return _fail(f"{text}: {names[0]} is empty", "no-piece")
    if state._cells[first] != own:
        return _fail(f"{text}: the piece on {names[0]} belongs to the other side; the {who} are to move", "not-your-piece")
    if "-" in separators:
        if len(names) != 2:
            return _fail(f"{text}: a step goes one cell only; a chain is written with x", "syntax")
        return _explain_step(state, text, first, INDEX[names[1]])
    if "^" in separators and len(names) != 2:
        return _fail(f"{text}: a leap over the neutral zone (^) is a whole move and cannot be chained", "chain")
    return _explain_leaps(state, text, [INDEX[n] for n in names], separators)


def _explain_step(state: RingoState, text: str, start: int, end: int) -> tuple[str, str]:
    opts = state._opts
    attacking = state._side == 0
    direction = direction_between(STEP, start, end, lambda v: v)
    if direction is None:
        hint = ""
        if direction_between(LEAP, start, end, lambda v: v[1]) is not None:
            hint = f"; a leap is written {NAMES[start]}x{NAMES[end]} (capture) or {NAMES[start]}^{NAMES[end]}"
        return _fail(f"{text}: {NAMES[end]} is not next to {NAMES[start]}{hint}", "not-adjacent")
    if attacking and direction == geo.OUTWARD:
        return _fail(f"{text}: attackers never move backwards (away from the citadel)", "backwards")
    if end == CIT:
        if not attacking:
            return _fail(f"{text}: defenders may never enter the citadel", "citadel")
        if state._citadel >= MAX_CITADEL:
            return _fail(f"{text}: the citadel already holds two attackers", "occupied")
    elif state._cells[end] != EMPTY:
        return _fail(f"{text}: {NAMES[end]} is occupied", "occupied")
    if attacking:
        after = list(state._cells)
        after[start] = EMPTY
        if end != CIT:
            after[end] = ATT
        if not quota_ok(opts, after, start, end):
            return _quota_message(text, after)
    return _fail(f"{text}: not a legal move in this position", "illegal")


def _quota_message(text: str, after: list[int]) -> tuple[str, str]:
    defenders = after.count(DEF)
    return _fail(
        f"{text}: the attackers in the neutral zone may not outnumber the defenders on the board ({defenders})",
        "quota",
    )


def _explain_leaps(state: RingoState, text: str, path: list[int], separators: list[str]) -> tuple[str, str]:
    opts = state._opts
    attacking = state._side == 0
    own, enemy = (ATT, DEF) if attacking else (DEF, ATT)
    board = list(state._cells)
    citadel = state._citadel
    for number, (here, land, separator) in enumerate(zip(path, path[1:], separators)):
        leg = f"{NAMES[here]}{separator}{NAMES[land]}"
        if number >= 1 and here == CIT:
            return _fail(f"{text}: an attacker in the citadel can never leave it", "citadel-exit")
        if number >= 1 and board.count(ATT) + citadel <= MAX_ATTACKERS - LOSSES_TO_WIN:
            return _fail(f"{text}: the sixth capture already ended the game", "game-over")
        if number >= 1 and not opts.multi_capture:
            return _fail(f"{text}: only one capture per turn (variant multi_capture=off)", "multi-capture")
        direction = direction_between(LEAP, here, land, lambda v: v[1])
        if direction is None:
            return _fail(
                f"{text}: {leg} is not a short leap (over the next cell onto the cell straight beyond)", "not-a-leap"
            )
        over = LEAP[here, direction][0]
        if attacking and direction == geo.OUTWARD:
            return _fail(f"{text}: attackers never move backwards (away from the citadel)", "backwards")
        if attacking and direction in (geo.CCW, geo.CW) and not opts.attacker_side_capture:
            return _fail(
                f"{text}: attackers leap forward only, towards the citadel (variant attacker_side_capture=off)",
                "capture-direction",
            )
        if land == CIT:
            if not attacking:
                return _fail(f"{text}: defenders may never enter the citadel", "citadel")
            if citadel >= MAX_CITADEL:
                return _fail(f"{text}: the citadel already holds two attackers", "occupied")
        elif board[land] != EMPTY:
            return _fail(f"{text}: {NAMES[land]} is occupied", "occupied")
        if over == CIT:
            if citadel == 0:
                return _fail(f"{text}: {leg} jumps the empty citadel", "nothing-to-jump")
            if attacking:
                return _fail(f"{text}: {leg} jumps the attackers' own piece", "own-piece")
        elif board[over] == EMPTY:
            return _fail(f"{text}: {leg} jumps the empty cell {NAMES[over]}", "nothing-to-jump")
        elif board[over] == own:
            return _fail(f"{text}: {leg} jumps the {'attackers' if attacking else 'defenders'}' own piece", "own-piece")
        neutral_over = over != CIT and over in opts.neutral
        if separator == "x" and neutral_over:
            return _fail(
                f"{text}: the piece on {NAMES[over]} stands in the neutral zone and cannot be captured"
                f" (a leap over it is written {NAMES[here]}^{NAMES[land]} and captures nothing)",
                "neutral",
            )
        if separator == "^" and not neutral_over:
            return _fail(
                f"{text}: the piece on {NAMES[over]} is not in the neutral zone, so this leap captures it:"
                f" write {NAMES[here]}x{NAMES[land]}",
                "not-neutral",
            )
        citadel = move_piece(board, citadel, here, land, (over,) if separator == "x" else ())
        if attacking and not quota_ok(opts, board, here, land):
            return _quota_message(text, board)
    return _fail(f"{text}: not a legal move in this position", "illegal")
