"""Perft: count the move sequences of a given length, the standard check of a move generator.

A perft count grows about as the branching factor to the power of the depth,
so a depth that is nothing to type (``--depth 20``) can be beyond any
computer.  :func:`estimate` gives the size of the count before starting, so
the command line can refuse what would not finish (see ``boardgen perft``).

In a game of chance the depth counts decisions (moves) only: at a chance
point every throw is expanded without using depth, and the count is the plain
(unweighted) number of leaves, so ``perft`` of a start position that is a
chance point at depth 1 is the sum over the throws of the moves each allows.
A leaf that is a chance point (the depth ran out just after a move) counts once.
A throw that leads to another chance point (Nyout's nyout and mo earn a throw
more) uses one depth, like a move: otherwise the count of a game whose throws
may chain without end would never end.
"""

from __future__ import annotations

from boardgen.engine.base import GameState
from boardgen.engine.chance import has_chance

MAX_CHAINED_THROWS = 8  # throws in a row that the estimate follows before giving up on a decision


def perft(state: GameState, depth: int) -> int:
    """Number of move sequences of length ``depth`` from ``state``.

    A finished game is a leaf: it counts once and is not expanded, whatever
    depth remains (so a win on move 2 of a depth-4 count contributes 1).
    Chance points are expanded throw by throw without using depth (games
    without chance take the plain loop, which never asks).
    """
    if depth > 0 and has_chance(type(state)):
        return _perft_chance(state, depth)
    return _perft_plain(state, depth)


def _perft_chance(state: GameState, depth: int) -> int:
    if depth == 0 or state.outcome() is not None:
        return 1
    if state.is_chance:
        total = 0
        for throw in state.throws():
            after = state.apply_throw(throw)
            # A throw that earns another throw (Nyout's nyout and mo) leads to a chance point again: that
            # one uses a depth, or the count would never end (the sticks may show mo for ever).
            total += _perft_chance(after, depth - 1 if after.is_chance else depth)
        return total
    if depth == 1:
        return state.legal_move_count() or 1
    return sum(_perft_chance(state.apply(move), depth - 1) for move in state.legal_moves())


def _perft_plain(state: GameState, depth: int) -> int:
    if depth == 0 or state.outcome() is not None:
        return 1
    if depth == 1:
        return state.legal_move_count() or 1
    return sum(_perft_plain(state.apply(move), depth - 1) for move in state.legal_moves())


def estimate(state: GameState, depth: int) -> int:
    """About how many sequences ``perft(state, depth)`` counts, found without counting them.

    Knuth's estimator of a tree's size: walk one line of play to ``depth`` and
    multiply the number of moves met at each step (a finished game multiplies
    by 1).  Unlike the root's branching factor to the power ``depth``, it sees
    the choice shrink in games that fill the board (Hex on size 2 has 4 moves
    but only 24 to 36 sequences however deep).  Two lines are walked, always
    taking the first and always the last legal move, and the larger product
    is kept: deterministic, and cheap (``2 * depth`` move generations).
    A chance point on the way multiplies by its number of throws (perft
    counts every throw's leaves alike) and takes the first or last throw,
    without using depth.
    """
    products = []
    for pick in (0, -1):
        product, current = 1, state
        for _ in range(depth):
            if current.outcome() is not None:
                break
            current, product = _through_chance(current, product, pick)
            moves = current.legal_moves()
            if not moves:
                break
            product *= len(moves)
            current = current.apply(moves[pick])
        products.append(product)
    return max(products)


def _through_chance(state: GameState, product: int, pick: int) -> tuple[GameState, int]:
    """Follow throws (the first or the last each time) until a decision; multiply by each throw count.

    At most :data:`MAX_CHAINED_THROWS` in a row: where a throw earns another (Nyout's mo, the last
    throw listed) always taking the last would never reach a decision; the walk then stops there.
    """
    for _ in range(MAX_CHAINED_THROWS):
        if not state.is_chance:
            break
        throws = state.throws()
        product *= len(throws)
        state = state.apply_throw(throws[pick])
    return state, product
