"""Perft: count the move sequences of a given length, the standard check of a move generator."""

from __future__ import annotations

from boardgen.engine.base import GameState


def perft(state: GameState, depth: int) -> int:
    """Number of move sequences of length ``depth`` from ``state``.

    A finished game is a leaf: it counts once and is not expanded, whatever
    depth remains (so a win on move 2 of a depth-4 count contributes 1).
    """
    if depth == 0 or state.outcome() is not None:
        return 1
    if depth == 1:
        return state.legal_move_count() or 1
    return sum(perft(state.apply(move), depth - 1) for move in state.legal_moves())
