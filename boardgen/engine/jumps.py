"""A capturing jump along one line of points: the step that Damas's and Assalto's capture chains share.

Both games capture by jumping: a piece goes along a line, over one enemy
piece, onto an empty point beyond.  A short jump takes the piece next to the
jumper and lands just beyond it; a flying jump (a draughts king, an Assalto
officer on a diagonal with ``long_capture=on``) may first cross empty points
and land on any empty point beyond.  What differs between the games (which
pieces may be taken, which lines a piece may use, how a chain goes on) stays
in each game; this module walks one line:

>>> EMPTY, MAN, FOE = 0, 1, 2
>>> board = [MAN, EMPTY, FOE, EMPTY, EMPTY, FOE]
>>> line = (1, 2, 3, 4, 5)  # the points from point 0 outwards
>>> jumps_along(board, line, flying=True, foes={FOE}, taken=(), empty=EMPTY)
[(2, 3), (2, 4)]
>>> jumps_along(board, line, flying=True, foes={FOE}, taken=(2,), empty=EMPTY)  # taken already: it only blocks
()
>>> jumps_along(board, line, flying=False, foes={FOE}, taken=(), empty=EMPTY)  # the foe is not next to the man
()
"""

from __future__ import annotations

from collections.abc import Container, Sequence


NO_JUMP: tuple[tuple[int, int], ...] = ()


def jumps_along(
    board: Sequence[int], line: Sequence[int], flying: bool, foes: Container[int], taken: Container[int], empty: int = 0
) -> Sequence[tuple[int, int]]:
    """Every jump along ``line`` (the points outwards from the jumper, nearest first): (point jumped, landing point).

    A piece may be jumped when its value on ``board`` is one of ``foes`` and
    its point is not in ``taken`` (the pieces this chain has jumped already,
    which still stand on the board and block the line like any other).
    Landings are listed nearest first.  (A sequence, not a generator, and a
    short path for a short jump: move generation asks every line of every
    piece, and most lines have no jump.)
    """
    if not flying:
        if len(line) < 2:
            return NO_JUMP
        victim, land = line[0], line[1]
        if board[victim] in foes and victim not in taken and board[land] == empty:
            return ((victim, land),)
        return NO_JUMP
    k = 0
    while k < len(line) and board[line[k]] == empty:
        k += 1
    if k + 1 >= len(line):
        return NO_JUMP
    victim = line[k]
    if board[victim] not in foes or victim in taken:
        return NO_JUMP
    found = []
    for land in line[k + 1 :]:
        if board[land] != empty:
            break
        found.append((victim, land))
    return found
