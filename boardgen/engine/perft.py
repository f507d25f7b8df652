"""Perft: count the move sequences of a given length, the standard check of a move generator.

``perft(state, k)`` is the number of move sequences of exactly ``k`` moves
that can be played from ``state``: the meaning of every published perft table
(chess, draughts) and of Ludii's, OpenSpiel's and python-chess's counts, so
that a count can be compared with theirs.  A game that ends before the ``k``-th
move has no sequence of that length and contributes nothing: a finished
position counts 1 at depth 0 (the empty sequence) and 0 at any depth above.
A move that ends the game still counts at the last ply (it is a sequence of
length ``k``).  So from the chess start perft 5 is 4,865,609: the 8 games mated
at ply 4 are not counted again at ply 5.  (The count once kept a finished game
as one leaf at every deeper depth, 4,865,617 there; no table counts that way,
and the number mixes sequences of several lengths, so no option keeps it.)
Perft counts a game's own rules: where those end a game that a bare move
generator plays on (Xadrez's dead positions, its ``claim`` move), the count
parts from a table's, which the Xadrez fixtures avoid.

Passing: a player with no legal move either has a pass move or has lost (or
drawn), as each game's rules say, and the engine says which: a conforming
engine never leaves an unfinished decision state without a move (the
conformance harness checks it).  Where the rules pass (Gamão's ``pass`` when
the dice allow nothing, Nyout's back-do with no horse on the board, Assalto's
pawns with ``stalemate=pass``, Ringo's defenders with ``defender_blocked=pass``)
the pass is a move: it uses one depth and counts like any other.  Where they
do not (a blocked player loses in Damas or Surakarta, stalemate is a draw in
Xadrez) the position is finished and contributes nothing deeper.  A player
whom the rules skip without a move of his own (Seega's blocked player; a
Gamão turn that ends because the dice left cannot be played) makes no
decision, so the skip uses no depth: the opponent's next move is the next one
counted.

In a game of chance the depth counts decisions (moves) only: at a chance
point every throw is expanded without using depth, and the count is the plain
(unweighted) number of sequences, so ``perft`` of a start position that is a
chance point at depth 1 is the sum over the throws of the moves each allows.
A chance point reached when the depth has run out (just after a move) counts
once.  A throw that leads straight to another chance point (Nyout's nyout and
mo earn a throw more) uses one depth, like a move: otherwise the count of a
game whose throws may chain without end would never end.  A throw that ends
the game (no game does so today) would, like a finished position, contribute
nothing.

A perft count grows about as the branching factor to the power of the depth,
so a depth that is nothing to type (``--depth 20``) can be beyond any
computer.  :func:`estimate` gives the size of the count before starting, so
the command line can refuse what would not finish (see ``boardgen perft``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from boardgen.engine.base import GameState
from boardgen.engine.chance import has_chance

T = TypeVar("T")

#: the deepest count asked for by the command line and the library (a depth beyond is nothing a count reaches)
MAX_DEPTH = 20
#: the estimated count above which ``perft`` refuses without --force (``force=True``): at about a million a second, a quarter of an hour
PERFT_LIMIT = 10**9


def perft(state: GameState, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` moves from ``state`` (see the module docstring).

    A finished game contributes 0 at any depth above 0 (its move list is
    empty), 1 at depth 0.  Chance points are expanded throw by throw without
    using depth (games without chance take the plain loop, which never asks).
    """
    if depth > 0 and has_chance(type(state)):
        return _perft_chance(state, depth)
    return _perft_plain(state, depth)


def _perft_chance(state: GameState, depth: int) -> int:
    if depth == 0:
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
        return state.legal_move_count()  # 0 when the game is over
    return sum(_perft_chance(state.apply(move), depth - 1) for move in state.legal_moves())


def _perft_plain(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return state.legal_move_count()  # 0 when the game is over
    # legal_moves() is empty once the game is over: a finished game adds nothing deeper
    return sum(_perft_plain(state.apply(move), depth - 1) for move in state.legal_moves())


def estimate(state: GameState, depth: int) -> int:
    """About how many sequences ``perft(state, depth)`` counts, found without counting them.

    Knuth's estimator of a tree's size: walk one line of play down to
    ``depth`` and multiply the number of moves met at each step.  Unlike the
    root's branching factor to the power ``depth``, it sees the choice shrink
    in games that fill the board.  Two lines are walked, one always taking
    the first move and one always the last, and the larger product is kept:
    deterministic and cheap (about one move played per step).

    It follows perft's meaning: a game that ends before ``depth`` has no
    sequence of that length.  So where more than the last move remains, the
    walk steps over moves that end the game (to the next one, or the one
    before it for the last line); where every move ends it, the line
    estimates 0 (Hex on size 2 is over by the fourth stone: 0 at depth 20, as
    perft counts).  The product still counts every move, so a line near the
    end of games errs high, the safe side for a limit.  Depth 1 is exact.  A
    chance point multiplies by its number of throws and takes the first or
    last throw after which the game goes on, using a depth only where the
    throw leads to another chance point, as perft does.
    """
    return max(_walk(state, depth, pick) for pick in (0, -1))


def _walk(state: GameState, depth: int, pick: int) -> int:
    """The product along the line that always takes the first (``pick`` 0) or last (-1) way on."""
    product = 1
    while depth > 0:
        if state.is_chance:
            throws = state.throws()
            after = _going_on((state.apply_throw(throw) for throw in _in_order(throws, pick)))
            if after is None:
                return 0
            product *= len(throws)
            state = after
            if state.is_chance:
                depth -= 1
            continue
        if depth == 1:
            return product * state.legal_move_count()
        moves = state.legal_moves()
        after = _going_on(state.apply(move) for move in _in_order(moves, pick))
        if after is None:
            return 0  # every move ends the game (or it is over): nothing of this length passes here
        product *= len(moves)
        state = after
        depth -= 1
    return product


def _in_order(items: Sequence[T], pick: int) -> Iterable[T]:
    """``items`` from the first (``pick`` 0) or from the last (-1)."""
    return items if pick == 0 else reversed(items)


def _going_on(states: Iterable[GameState]) -> GameState | None:
    """The first of ``states`` in which the game is not over (made one by one: usually the first will do)."""
    return next((after for after in states if after.outcome() is None), None)
