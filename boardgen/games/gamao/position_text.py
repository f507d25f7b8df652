"""Gamão's position text: reading it into a state and writing a state back (``docs/notation/gamao.md``).

::

    white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5 opening
    white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5 w dice 3-1
    white bar:1 13:4 8:3 6:5 off:2 black ... b cube 2w dice 6-6 left 6,6

Unlike the other games' texts this one is a list of words, not fields in
fixed places (a player's checkers take as many words as points he holds),
so it has its own reader; the reader also refuses what no game reaches:
checker counts other than fifteen, a cube or dice that do not fit the turn.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgen.errors import NotationError, PositionError
from boardgen.games.gamao import geometry as geo
from boardgen.games.gamao.dice import (
    BLACK, CUBE, DROPPED, MOVE, NAMES, OFF_WORD, OFFERED, OPENING, SIDES, THROW, THROW_RE, WHITE, WORDS, Layout,
    dice_of, legal_steps, owned, throw_text,
)
from boardgen.values import digits_value, read_whole_number

if TYPE_CHECKING:  # the state module imports this one
    from boardgen.games.gamao.rules import GamaoState, Rules


def read_position(cls: type[GamaoState], text: str, rules: Rules) -> GamaoState:
    """The state of class ``cls`` a position text writes, under ``rules``.

    NotationError for a text that is not a Gamão position, PositionError for one
    no game reaches (fifteen checkers each, a cube and dice that fit the turn).
    """
    words = text.split()
    if not words or words[0] != "white" or "black" not in words:
        raise NotationError(
            f"position: expected 'white POINT:N ... black POINT:N ... w|b|opening [cube ...] [dice X-Y [left ...]]', got {text.strip()!r}"
        )
    k = words.index("black")
    board = [0] * 24
    bar = [0, 0]
    off = [0, 0]
    rest_start = None
    for player, items in ((WHITE, words[1:k]), (BLACK, words[k + 1 :])):
        sign = 1 if player == WHITE else -1
        for number, item in enumerate(items):
            if ":" not in item:
                if player == BLACK:
                    rest_start = k + 1 + number
                    break
                raise NotationError(f"position: White's checkers are written POINT:N (or bar:N, off:N), not {item!r}")
            where, _, count_text = item.partition(":")
            count = read_whole_number(count_text)
            if count is None or count == 0:
                raise NotationError(f"position: {WORDS[player]} {item!r}: the count must be a whole number from 1")
            if where == "bar":
                bar[player] += count
            elif where == OFF_WORD:
                off[player] += count
            else:
                point = read_whole_number(where)
                if point is None or not 1 <= point <= 24:
                    raise NotationError(f"position: {WORDS[player]} {item!r}: points are numbered 1 to 24 (or bar, off)")
                if board[point - 1]:
                    raise PositionError(f"position: point {point} is given twice (a point holds one player's checkers)")
                board[point - 1] = sign * count
    if rest_start is None:
        raise NotationError("position: after the checkers, say whose turn it is: w, b or opening")
    for player in (WHITE, BLACK):
        total = sum(owned(tuple(board), player, p) for p in range(1, 25)) + bar[player] + off[player]
        if total != geo.CHECKERS:
            raise PositionError(
                f"position: {NAMES[player]} has {total} checkers on the points, the bar and off, not {geo.CHECKERS}"
            )
    layout = Layout(tuple(board), (bar[0], bar[1]), (off[0], off[1]))
    rest = words[rest_start:]
    turn = rest.pop(0)
    if turn not in (OPENING, "w", "b"):
        raise NotationError(f"position: whose turn: w, b or opening, not {turn!r}")
    side = BLACK if turn == "b" else WHITE
    phase = OPENING if turn == OPENING else THROW
    cube, holder = 1, None
    chose = ""
    if rest and rest[0] == "cube":
        if not rules.cube:
            raise PositionError("position: a cube field, but the game is played without the cube (cube=off)")
        if len(rest) < 2:
            raise NotationError("position: cube needs its value, e.g. cube 1 or cube 4b")
        match = re.fullmatch(r"(\d{1,2})([wb]?)", rest[1])
        value = digits_value(match.group(1)) if match else 0
        if not match or value not in (1,) + geo.CUBE_VALUES:
            raise NotationError(f"position: the cube shows 1 (in the middle) or one of {', '.join(map(str, geo.CUBE_VALUES))}, with its holder: not {rest[1]!r}")
        cube = value
        holder = None if not match.group(2) else SIDES.index(match.group(2))
        if (cube == 1) != (holder is None):
            raise PositionError("position: the cube is in the middle at 1, and held by a player once doubled (e.g. cube 2b)")
        rest = rest[2:]
        if rest and rest[0] in ("roll", OFFERED, DROPPED):
            chose = rest.pop(0)
    elif rules.cube:
        raise NotationError("position: with cube=on the position says where the cube is (cube 1, cube 2w...)")
    throw: tuple[int, int] | None = None
    left: tuple[int, ...] = ()
    if rest and rest[0] == "dice":
        if phase == OPENING:
            raise PositionError("position: at the opening nobody has dice yet; write w or b for the player who won the opening throw")
        if chose in (OFFERED, DROPPED):
            raise PositionError(f"position: a double was {chose}: no dice are thrown before it is answered")
        if len(rest) < 2:
            raise NotationError("position: dice needs the throw, e.g. dice 3-1")
        match = THROW_RE.match(rest[1])
        if not match:
            raise NotationError(f"position: the dice are written like 3-1, not {rest[1]!r}")
        a, b = int(match.group(1)), int(match.group(2))
        throw = (max(a, b), min(a, b))
        left = dice_of(throw)
        rest = rest[2:]
        if rest and rest[0] == "left":
            if len(rest) < 2:
                raise NotationError("position: left needs the dice still to play, e.g. left 1 or left 3,3")
            values = [read_whole_number(v) for v in rest[1].split(",")]
            if any(v is None for v in values):
                raise NotationError(f"position: left: dice values 1 to 6 separated by commas, not {rest[1]!r}")
            wanted = tuple(sorted((v for v in values if v is not None), reverse=True))
            pool = list(dice_of(throw))
            for v in wanted:
                if v not in pool:
                    raise PositionError(f"position: left {rest[1]}: not part of the throw {throw_text(*throw)}")
                pool.remove(v)
            if not wanted or len(wanted) == len(dice_of(throw)):
                raise PositionError("position: left lists the dice still to play: some, not none or all")
            left = wanted
            rest = rest[2:]
        phase = MOVE
    if rest:
        raise NotationError(f"position: unexpected {' '.join(rest)!r} at the end")
    state = cls(layout, side, phase, throw, left, cube, holder, rules)
    if chose in (OFFERED, DROPPED):
        state = cls(layout, side, chose, throw, left, cube, holder, rules)
    elif phase == THROW and rules.cube and state.may_double() and chose != "roll":
        state = cls(layout, side, CUBE, throw, left, cube, holder, rules)
    if chose == "roll" and not (phase == THROW and state.may_double()):
        raise PositionError("position: roll says the player chose not to double, but he may not double here")
    if chose in (OFFERED, DROPPED) and not cls(layout, side, CUBE, None, (), cube, holder, rules).may_double():
        raise PositionError(f"position: a double {chose}, but {NAMES[side]} may not double here")
    for player in (WHITE, BLACK):
        if off[player] == geo.CHECKERS and (phase == MOVE or chose):
            raise PositionError(f"position: {NAMES[player]} has borne off every checker; the game is over, no dice or cube to play")
    if off[0] == geo.CHECKERS and off[1] == geo.CHECKERS:
        raise PositionError("position: both players have borne off every checker")
    if phase == MOVE and state.outcome() is None:
        steps, _ = legal_steps(layout, side, left)
        if not steps and left != dice_of(throw or (0, 0)):
            raise PositionError("position: none of the dice left can be played, so the turn would already be over")
    return state


def write_position(state: GamaoState) -> str:
    """The position text of ``state``, which :func:`read_position` reads back unchanged."""
    layout = state.layout
    parts = []
    for player in (WHITE, BLACK):
        parts.append(WORDS[player])
        if layout.bar[player]:
            parts.append(f"bar:{layout.bar[player]}")
        points = range(24, 0, -1) if player == WHITE else range(1, 25)
        parts += [f"{p}:{owned(layout.board, player, p)}" for p in points if owned(layout.board, player, p)]
        if layout.off[player]:
            parts.append(f"off:{layout.off[player]}")
    parts.append(OPENING if state.phase == OPENING else SIDES[state.side])
    if state.rules.cube:
        value, holder = state.cube
        parts += ["cube", f"{value}{'' if holder is None else SIDES[holder]}"]
        if state.phase == THROW and state.may_double() and state.outcome() is None:
            parts.append("roll")
        elif state.phase in (OFFERED, DROPPED):
            parts.append(state.phase)
    if state.phase == MOVE and state.dice is not None:
        parts += ["dice", throw_text(*state.dice)]
        if state.dice_left != dice_of(state.dice):
            parts += ["left", ",".join(str(d) for d in state.dice_left)]
    return " ".join(parts)
