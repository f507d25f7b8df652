"""Rules engine for Damas, Brazilian draughts (games.md section 13, the seed's rules by default).

White (player 0) has 12 men on rows 1-3 and moves first; Black (player 1) 12
men on rows 6-8.  Play is on the 32 dark squares only.  A man steps one square
diagonally forward; a king (a man crowned on the far row) flies: any number of
empty squares along a diagonal.  Capturing is compulsory.  A man captures by
jumping an enemy piece next to it, forwards or backwards, onto the empty square
just beyond; a king captures at a distance, crossing empty squares up to the
enemy piece and landing on any empty square beyond it.  A capture goes on while
the capturing piece can jump again (a chain); among all the captures of a
position only those taking the most pieces are legal (the majority law: men
and kings count the same).

Why the jumped pieces stay on the board until the move ends: the rule is that
no piece may be jumped twice, and a piece already jumped also blocks the way
(a king cannot fly over it), while an empty square may be crossed as often as
the chain likes, the square the piece started from included.  A man that
reaches the far row in the middle of a chain is not crowned and goes on
capturing as a man; only a move that ends there crowns it.

The game is won by capturing every enemy piece or leaving the opponent no
legal move (blockade).  It is drawn after ``king_moves_draw`` (20) successive
moves, both players' counted, made with kings only, without any capture or man
move.  The ambiguities of games.md 13.4 are variant options (``GAME.variants``);
so are the federation rules' further draws, off by default: ``repetition`` (a
position on the board for the third time) and ``endgame_draws`` (the
draughts-64 limits of :func:`small_ending`).  Each adds to the position text
what its rule needs: the king moves since the last man move or capture (the
only positions that can come back), the plies since the last capture.
``docs/notation/damas.md`` documents the notation and the illegal-move codes;
PDN square numbers and PDN FEN positions are read too (:mod:`.pdn`).

Move text: ``c3-d4`` for a step (a king's too: ``a1-h8``), ``c3xe5`` for a
capture, ``c3xe5xc7`` for a chain, with every landing square.  A capture
written with only its two ends (``c3xc7``) is accepted when one legal capture
fits it.  Each legal move's text names a different capture sequence: on this
board the landing squares decide the pieces jumped, so perft counts capture
sequences (Halbersma's convention, see tests/engines/test_damas_oracle.py).

This module holds the state: the moves and captures, the draws, playing a
move and why one is refused.  The tables of pieces, squares and options are
in :mod:`.tables`, the position texts (boardgen's and PDN's FEN) in
:mod:`.position_text`, PDN's square numbers in :mod:`.pdn`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from boardgen.engine.base import UNKNOWN_OUTCOME, GameState, Move, Outcome, Piece
from boardgen.engine.jumps import jumps_along
from boardgen.errors import IllegalMoveError
from boardgen.games.damas import GAME
from boardgen.games.damas import geometry as geo
from boardgen.games.damas import pdn
from boardgen.games.damas.position_text import read_position, write_position
from boardgen.games.damas.tables import (
    ALL_DIRECTIONS, ALL_SQUARES, BLACK, BLACK_MAN, CAPTURE_RE, EMPTY, FORWARD, INDEX, IS_KING, MEN, NAMES, OWNER,
    PIECES_OF, RAYS, Rules, SIDE_WORDS, STEP_RE, WHITE, WHITE_MAN, XY, resolve_rules,
)


#: the long diagonal a1-h8 (the "main road" of the draughts-64 endgame rule)
LONG_DIAGONAL: frozenset[int] = frozenset(i for i, (x, y) in enumerate(XY) if x == y)


def small_ending(board: tuple[int, ...]) -> tuple[int, str] | None:
    """(plies without a capture that draw, why) for the endings the draughts-64 rules limit, else None.

    The figures are those of pydraughts 0.6.7's ``brazilian`` variant (the FMJD rules of 64-square
    draughts, Brazilian and Russian alike), each a number of moves by each player, so twice as many
    plies, counted since the last capture: two pieces (one a king at least) against a lone king, 5
    moves each; three pieces (one a king at least) against a lone king that holds the long diagonal
    while they do not, 5 moves each; three kings or more against a lone king, 15 moves each; equal
    forces with a king each, 4 or 5 pieces a side 30 moves each, 6 or 7 a side 60 moves each.
    """
    pieces = [0, 0]
    kings = [0, 0]
    on_long = [False, False]
    for i, value in enumerate(board):
        if value == EMPTY:
            continue
        side = OWNER[value]
        pieces[side] += 1
        kings[side] += IS_KING[value]
        on_long[side] = on_long[side] or i in LONG_DIAGONAL
    found: list[tuple[int, str]] = []
    for strong, weak in ((WHITE, BLACK), (BLACK, WHITE)):
        if pieces[weak] != 1 or kings[weak] != 1 or kings[strong] < 1:
            continue
        if pieces[strong] == 2:
            found.append((10, "two pieces against a lone king: 5 moves each without a capture"))
        if pieces[strong] == 3 and on_long[weak] and not on_long[strong]:
            found.append((10, "three pieces against a lone king on the long diagonal: 5 moves each without a capture"))
        if pieces[strong] >= 3 and kings[strong] == pieces[strong]:
            found.append((30, "three kings against a lone king: 15 moves each without a capture"))
    if kings[WHITE] == kings[BLACK] >= 1 and pieces[WHITE] == pieces[BLACK] in (4, 5, 6, 7):
        moves = 30 if pieces[WHITE] <= 5 else 60
        found.append((2 * moves, f"equal forces of {pieces[WHITE]} pieces with as many kings: {moves} moves each "
                                 "without a capture"))
    return min(found) if found else None


# --- captures -------------------------------------------------------------------


def capture_sequences(board: tuple[int, ...], origin: int, men_backwards: bool) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every complete capture sequence of the piece on ``origin``: (landing path, pieces jumped in order).

    A sequence is complete when no further jump is possible from its last
    square.  Jumped pieces stay on the working board until the end (they block
    and cannot be jumped again); the start square is empty while the piece moves.
    """
    piece = board[origin]
    side, king = OWNER[piece], IS_KING[piece]
    directions = ALL_DIRECTIONS if king or men_backwards else FORWARD[side]
    foes = PIECES_OF[1 - side]
    work = list(board)
    work[origin] = EMPTY
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def extend(here: int, path: tuple[int, ...], taken: tuple[int, ...]) -> None:
        more = False
        for d in directions:
            for victim, land in jumps_along(work, RAYS[here][d], king, foes, taken, EMPTY):
                more = True
                extend(land, path + (land,), taken + (victim,))
        if not more and taken:
            found.append((path, taken))

    extend(origin, (origin,), ())
    return found


# --- the state ------------------------------------------------------------------


class DamasState(GameState):
    """A Damas position: the 32 dark squares, whose turn, and the king-move counter.

    Position text: ``<rows> <side> <counter>``, e.g. the start
    ``1b1b1b1b/b1b1b1b1/1b1b1b1b/8/8/w1w1w1w1/1w1w1w1w/w1w1w1w1 w 0``.  Rows
    run from row 8 (Black's side, top) down to row 1, each over all 8 squares
    from a to h, as chess's FEN does: ``w`` a white man, ``W`` a white king,
    ``b`` a black man, ``B`` a black king, a digit a run of empty squares
    (pieces stand on dark squares only).  ``side`` is ``w`` or ``b``;
    ``counter`` counts the successive king moves without capture (the draw rule).
    """

    game_id = "damas"
    MOVE_TEXT_IGNORES_CASE = True
    __slots__ = ("_board", "_side", "_count", "_rules", "_cached_moves", "_cached_outcome", "_since", "_history", "_seen")

    def __init__(
        self,
        board: tuple[int, ...],
        side: int,
        count: int,
        rules: Rules,
        since: int = 0,
        history: tuple[str, ...] = (),
        seen: tuple[tuple[tuple[int, ...], int], ...] = (),
    ) -> None:
        self._board = board
        self._side = side
        self._count = count
        self._rules = rules
        self._since = since  # plies since the last capture (kept for endgame_draws=on)
        self._history = history  # repetition=on: the king moves since the last man move or capture, oldest first
        self._seen = seen  # ... and the (board, side) before each of them
        self._cached_moves = None
        self._cached_outcome = UNKNOWN_OUTCOME

    # -- construction -------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        """The 32 dark squares: the only places a piece ever stands or moves through."""
        GAME.check_size(size)
        return NAMES

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "DamasState":
        GAME.check_size(size)
        rules = resolve_rules(variants)
        board = [EMPTY] * len(NAMES)
        for name in geo.START[WHITE]:
            board[INDEX[name]] = WHITE_MAN
        for name in geo.START[BLACK]:
            board[INDEX[name]] = BLACK_MAN
        return cls(tuple(board), rules.first, 0, rules)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "DamasState":
        """A position from boardgen's text or from a PDN FEN (``W:W21-32:B1-12``): :mod:`.position_text`."""
        return read_position(cls, text, resolve_rules(variants))

    def to_text(self) -> str:
        return write_position(self._board, self._side, self._count, self._rules, self._since, self._history)

    # -- queries --------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def king_moves(self) -> int:
        """Successive moves made only with kings, without capture (the draw counter)."""
        return self._count

    @property
    def side(self) -> int:
        """Whose turn it is, even when the game is over (0 White, 1 Black)."""
        return self._side

    def piece_at(self, name: str) -> Piece | None:
        index = INDEX.get(name.strip().lower())
        value = EMPTY if index is None else self._board[index]
        return None if value == EMPTY else _piece(value)

    def placements(self) -> list[tuple[str, Piece]]:
        return [(NAMES[i], _piece(v)) for i, v in enumerate(self._board) if v != EMPTY]

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self._side

    # -- move generation --------------------------------------------------------
    def generate_moves(self) -> list[Move]:
        captures = self._captures()
        return captures if captures else self._steps()

    def _captures(self) -> list[Move]:
        board, side, backwards = self._board, self._side, self._rules.men_backwards
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for origin, value in enumerate(board):
            if value != EMPTY and OWNER[value] == side:
                found.extend(capture_sequences(board, origin, backwards))
        if not found:
            return []
        best = max(len(taken) for _path, taken in found)
        return [
            Move("x".join(NAMES[p] for p in path), tuple(NAMES[p] for p in path), tuple(NAMES[t] for t in taken),
                 "capture", key=("capture", path, taken))
            for path, taken in found
            if len(taken) == best
        ]

    def _steps(self) -> list[Move]:
        board, side, moves = self._board, self._side, []
        for origin, value in enumerate(board):
            if value == EMPTY or OWNER[value] != side:
                continue
            king = IS_KING[value]
            for d in ALL_DIRECTIONS if king else FORWARD[side]:
                for to in RAYS[origin][d]:
                    if board[to] != EMPTY:
                        break
                    moves.append(Move(f"{NAMES[origin]}-{NAMES[to]}", (NAMES[origin], NAMES[to]), (), "step",
                                      key=("step", (origin, to), ())))
                    if not king:
                        break
        return moves

    # -- play --------------------------------------------------------------------
    def apply(self, move: Move) -> "DamasState":
        key: Any = move.key  # this engine's own tuples (see generate_moves)
        if key is None:
            key = self.parse_move(move.text).key
        _kind, path, taken = key
        board = list(self._board)
        origin, to = path[0], path[-1]
        value = board[origin]
        board[origin] = EMPTY
        for victim in taken:
            board[victim] = EMPTY
        if value in MEN and XY[to][1] == geo.CROWN_ROW[OWNER[value]]:
            value += 1  # crowned: only where the move ends
        board[to] = value
        king_step = IS_KING[self._board[origin]] and not taken
        count = self._count + 1 if king_step else 0
        rules = self._rules
        if rules.repetition and king_step:
            history = self._history + (f"{NAMES[origin]}-{NAMES[to]}",)
            seen = self._seen + ((self._board, self._side),)
        else:
            history, seen = (), ()
        since = 0 if taken else self._since + 1
        return DamasState(tuple(board), 1 - self._side, count, rules, since, history, seen)

    def compute_outcome(self) -> Outcome | None:
        board, side = self._board, self._side
        if not any(v != EMPTY and OWNER[v] == side for v in board):
            return Outcome(1 - side, f"{SIDE_WORDS[1 - side]} captured every {SIDE_WORDS[side]} piece")
        if not self.generated_moves():
            return Outcome(1 - side, f"{SIDE_WORDS[side]} is blocked: no legal move")
        limit = self._rules.limit
        if limit is not None and self._count >= limit:
            return Outcome(None, f"{limit} successive moves made only with kings, without a capture")
        rules = self._rules
        if rules.repetition and self._seen.count((board, side)) >= 2:
            return Outcome(None, "the same position for the third time, the same player to move")
        if rules.endgame:
            ending = small_ending(board)
            if ending is not None and self._since >= ending[0]:
                return Outcome(None, ending[1])
        return None

    # -- notation ----------------------------------------------------------------
    def canonical_move_text(self, text: str) -> str:
        """``:`` read as ``x``, and PDN square numbers (``22-18``) read as names (``b4-c5``)."""
        return pdn.numbers_to_names(text.replace(":", "x"))

    def read_other_spelling(self, wanted: str, moves: Sequence[Move], text: str) -> Move | None:
        """A capture written with only its two ends; refused as written (``22-17``, not ``b4-a5``)."""
        ends = wanted.split("x")
        if CAPTURE_RE.match(wanted) and len(ends) == 2:
            fits = [m for m in moves if m.kind == "capture" and (m.path[0], m.path[-1]) == (ends[0], ends[1])]
            if len(fits) == 1:
                return fits[0]
            if len(fits) > 1:
                raise IllegalMoveError(
                    f"{text}: {len(fits)} captures go from {ends[0]} to {ends[1]} ({', '.join(m.text for m in fits)}); "
                    "write every landing square", "ambiguous")
        raise IllegalMoveError(*self.why_illegal(text.strip()))  # the text as written: 22-17, not b4-a5

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """Name the rule a move text breaks; codes are listed in docs/notation/damas.md."""
        move = self.normalize_move_text(text)
        number = pdn.bad_number(move)
        if number is not None:
            return (f"{text}: {number} is not a square number; the dark squares are numbered 1 to {pdn.SQUARE_COUNT}",
                    "off-board")
        step, capture = STEP_RE.match(move), CAPTURE_RE.match(move)
        if not (step or capture):
            return (f"{text}: not a move; write a step as c3-d4, a capture as c3xe5 or c3xe5xc7", "syntax")
        squares = re.split(r"[-x]", move)
        for square in squares:
            if square not in ALL_SQUARES:
                return (f"{text}: {square} is not a square of the 8 x 8 board", "off-board")
            if square not in INDEX:
                return (f"{text}: {square} is a light square; pieces move on the dark squares only", "light-square")
        origin = INDEX[squares[0]]
        value = self._board[origin]
        if value == EMPTY:
            return (f"{text}: there is no piece on {squares[0]}", "empty")
        if OWNER[value] != self._side:
            return (f"{text}: the piece on {squares[0]} is not yours; {SIDE_WORDS[self._side]} is to move", "not-yours")
        if step:
            return self._why_step(text, origin, INDEX[squares[1]])
        return self._why_capture(text, [INDEX[s] for s in squares])

    def _why_step(self, text: str, origin: int, to: int) -> tuple[str, str]:
        board = self._board
        if board[to] != EMPTY:
            return (f"{text}: {NAMES[to]} is occupied", "occupied")
        direction = _direction(origin, to)
        if direction is None:
            return (f"{text}: {NAMES[origin]} and {NAMES[to]} are not on one diagonal", "not-diagonal")
        d, distance = direction
        king = IS_KING[board[origin]]
        if not king and d not in FORWARD[self._side]:
            return (f"{text}: a man steps forwards only", "backwards")
        if not king and distance > 1:
            return (f"{text}: a man steps one square (only kings fly)", "too-far")
        between = RAYS[origin][d][: distance - 1]
        blocker = next((b for b in between if board[b] != EMPTY), None)
        if blocker is not None:
            return (f"{text}: the diagonal is obstructed on {NAMES[blocker]}; a step is written with - and "
                    "never passes a piece", "blocked")
        if any(m.kind == "capture" for m in self.generated_moves()):
            return (f"{text}: a capture is possible and capturing is compulsory", "must-capture")
        return (f"{text}: not a legal step", "illegal")

    def _why_capture(self, text: str, squares: list[int]) -> tuple[str, str]:
        board = self._board
        origin = squares[0]
        value = board[origin]
        side, king = OWNER[value], IS_KING[value]
        work = list(board)
        work[origin] = EMPTY
        taken: list[int] = []
        here = origin
        for to in squares[1:]:
            direction = _direction(here, to)
            if direction is None:
                return (f"{text}: {NAMES[here]} and {NAMES[to]} are not on one diagonal", "not-diagonal")
            d, distance = direction
            if work[to] != EMPTY:
                return (f"{text}: {NAMES[to]} is occupied", "occupied")
            between = RAYS[here][d][: distance - 1]
            pieces = [b for b in between if work[b] != EMPTY]
            if not pieces:
                return (f"{text}: there is no piece between {NAMES[here]} and {NAMES[to]} to capture", "no-capture")
            if len(pieces) > 1:
                return (f"{text}: {len(pieces)} pieces stand between {NAMES[here]} and {NAMES[to]}; a jump "
                        "takes one piece and the diagonal is obstructed", "blocked")
            victim = pieces[0]
            if victim in taken:
                return (f"{text}: the piece on {NAMES[victim]} was already captured in this move; no piece is "
                        "jumped twice", "twice")
            if OWNER[work[victim]] == side:
                return (f"{text}: the piece on {NAMES[victim]} is your own", "own-piece")
            if not king:
                if d not in FORWARD[side] and not self._rules.men_backwards:
                    return (f"{text}: with men_capture_backwards=off a man captures forwards only", "backwards")
                if between.index(victim) != 0 or distance != 2:
                    return (f"{text}: a man jumps the piece next to it and lands just beyond (only kings capture "
                            "at a distance)", "too-far")
            taken.append(victim)
            here = to
        best = max((len(m.captures) for m in self.generated_moves() if m.kind == "capture"), default=0)
        more = any(len(t) > len(taken) and p[: len(squares)] == tuple(squares)
                   for p, t in capture_sequences(board, origin, self._rules.men_backwards))
        if more:
            return (f"{text}: the capture can go on; a chain is played to its end and takes the most pieces", "majority")
        if len(taken) < best:
            return (f"{text}: takes {len(taken)} piece(s) but {best} can be taken; the majority law says the "
                    "capture taking the most pieces must be played", "majority")
        return (f"{text}: not a legal capture", "illegal")


def _direction(origin: int, to: int) -> tuple[int, int] | None:
    """(index into geo.DIRECTIONS, distance) from one dark square to another on its diagonal, or None."""
    (x0, y0), (x1, y1) = XY[origin], XY[to]
    dx, dy = x1 - x0, y1 - y0
    if dx == 0 or abs(dx) != abs(dy):
        return None
    return geo.DIRECTIONS.index((1 if dx > 0 else -1, 1 if dy > 0 else -1)), abs(dx)


@cache
def _piece(value: int) -> Piece:
    return Piece(OWNER[value], "king" if IS_KING[value] else "man")
