"""Ringo's move generator: every step, leap and capture chain the side to move may make.

It reads the position through the state's cells and options and lists each
move once, with the other spellings of a capture chain (another path to the
same landing and captures) as aliases, so that ``parse_move`` can look any
of them up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgen.engine.base import Move
from boardgen.games.ringo.tables import (
    ATT, ATTACKER_STEP_DIRS, CIT, DEF, DEFENDER_LEAP_DIRS, DEFENDER_STEP_DIRS, EMPTY, LEAP, LOSSES_TO_WIN,
    MAX_ATTACKERS, MAX_CITADEL, NAMES, STEP, Options, move_piece,
)

if TYPE_CHECKING:  # the state module imports this one
    from boardgen.games.ringo.rules import RingoState


def quota_ok(opts: Options, cells: list[int] | tuple[int, ...], start: int, end: int) -> bool:
    """Whether the attackers' quota allows a board after an attacker went from start to end."""
    if not opts.quota_always and not (end in opts.neutral and start not in opts.neutral):
        return True
    in_zone = sum(1 for i in opts.neutral if cells[i] == ATT)
    return in_zone <= cells.count(DEF)


def make_move(path: list[int], captured: list[int], separator: str, kind: str) -> Move:
    names = tuple(NAMES[i] for i in path)
    return Move(
        text=separator.join(names),
        path=names,
        captures=tuple(NAMES[i] for i in captured),
        kind=kind,
        key=(path[0], path[-1], tuple(captured)),
    )


def generate_moves_of(state: RingoState) -> tuple[list[Move], dict[str, Move]]:
    """Steps, non-capturing leaps and capture chains of the side to move, one move per result.

    Chains that capture the same pieces and end on the same cell give the same
    position: they are one move, written by the alphabetically first path; the
    other paths are returned in the text index as aliases of it.
    """
    opts = state._opts
    cells = state._cells
    attacking = state._side == 0
    own, enemy = (ATT, DEF) if attacking else (DEF, ATT)
    step_dirs = ATTACKER_STEP_DIRS if attacking else DEFENDER_STEP_DIRS
    leap_dirs = opts.attacker_leap_dirs if attacking else DEFENDER_LEAP_DIRS
    moves: list[Move] = []
    chains: dict[tuple, list[Move]] = {}
    for start, value in enumerate(cells):
        if value != own:
            continue
        for direction in step_dirs:
            end = STEP.get((start, direction))
            if end is None:
                continue
            if end == CIT:
                if not attacking or state._citadel >= MAX_CITADEL:
                    continue
            elif cells[end] != EMPTY:
                continue
            if attacking and (opts.quota_always or end in opts.neutral):
                after = list(cells)
                after[start] = EMPTY
                if end != CIT:
                    after[end] = ATT
                if not quota_ok(opts, after, start, end):
                    continue
            moves.append(make_move([start, end], [], "-", "step"))
        # Leaps: a non-capturing leap over a neutral-zone piece is a move by itself;
        # captures grow into chains below.
        board = list(cells)
        for direction in leap_dirs:
            found = leap_moves(opts, board, state._citadel, start, direction, attacking, enemy)
            if found is None:
                continue
            over, land, capturing = found
            if not capturing:
                moves.append(make_move([start, land], [], "^", "leap"))
        capture_chains(opts, board, state._citadel, attacking, own, enemy, leap_dirs, [start], [], chains)
    by_text = {move.text: move for move in moves}
    for paths in sorted(chains.values(), key=lambda ms: min(m.text for m in ms)):
        canonical = min(paths, key=lambda m: m.text)
        moves.append(canonical)
        for move in paths:
            by_text[move.text] = canonical
    return moves, by_text


def leap_moves(
    opts: Options, board: list[int], citadel: int, start: int, direction: str, attacking: bool, enemy: int
) -> tuple[int, int, bool] | None:
    """(jumped, landing, captures?) for a geometrically and materially possible leap, else None."""
    pair = LEAP.get((start, direction))
    if pair is None:
        return None
    over, land = pair
    if land == CIT:
        if not attacking or citadel >= MAX_CITADEL:
            return None
    elif board[land] != EMPTY:
        return None
    if over == CIT:
        if attacking or citadel == 0:
            return None
        capturing = True
    else:
        if board[over] != enemy:
            return None
        capturing = over not in opts.neutral
    if attacking:
        after = list(board)
        after[start] = EMPTY
        if capturing:
            after[over] = EMPTY
        if land != CIT:
            after[land] = ATT
        if not quota_ok(opts, after, start, land):
            return None
    return over, land, capturing


def capture_chains(
    opts: Options,
    board: list[int],
    citadel: int,
    attacking: bool,
    own: int,
    enemy: int,
    leap_dirs: tuple[str, ...],
    path: list[int],
    captured: list[int],
    found: dict[tuple, list[Move]],
) -> None:
    """Depth-first search of capture chains from path[-1]; every non-empty prefix is a move."""
    here = path[-1]
    for direction in leap_dirs:
        leap = leap_moves(opts, board, citadel, here, direction, attacking, enemy)
        if leap is None or not leap[2]:
            continue
        over, land, _ = leap
        # Make the leap on the scratch board.
        saved = (board[here], board[over] if over != CIT else None, board[land] if land != CIT else None)
        new_citadel = move_piece(board, citadel, here, land, (over,))
        path.append(land)
        captured.append(over)
        move = make_move(path, captured, "x", "capture")
        start, end = path[0], path[-1]
        key = ("loop", frozenset(captured)) if start == end else (start, end, frozenset(captured))
        found.setdefault(key, []).append(move)
        attackers_left = board.count(ATT) + new_citadel
        finished = land == CIT or (not attacking and attackers_left <= MAX_ATTACKERS - LOSSES_TO_WIN)
        if opts.multi_capture and not finished:
            capture_chains(opts, board, new_citadel, attacking, own, enemy, leap_dirs, path, captured, found)
        path.pop()
        captured.pop()
        board[here] = saved[0]
        if over != CIT:
            board[over] = saved[1]  # type: ignore[assignment]
        if land != CIT:
            board[land] = saved[2]  # type: ignore[assignment]
