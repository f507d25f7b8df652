"""The engine shared by the connection games (Hex, Trihex): place a stone, join your sides.

Both games are the same machine on a different board: players alternate placing
one stone on an empty cell, stones never move, and a player wins as soon as one
6-connected group of their stones touches every side in their goal.  Only the
board (cells, neighbours, which sides each cell touches), the players' goals,
the colour names and the mirror used by the swap rule differ; a game module
describes those in a :class:`Layout` and subclasses :class:`ConnectionState`,
handing over its description (sizes, variants: a :class:`GameSpec`) and how its
cells are named as class attributes, so that this module needs neither the
registry nor a particular board's geometry.

Position notation (documented for users in ``docs/notation/hex.md`` and
``docs/notation/trihex.md``)::

    ROWS SIDE SWAP        e.g.  "5/1b3/2r2/5/5 r -"

``ROWS`` lists the rows in their reading order (row 1 first), separated by
``/``; within a row the cells go from position a onwards, a stone is its
colour letter and a number stands for that many empty cells (read and
written by :mod:`boardgen.engine.rows`).  The number of
rows is the board size.  ``SIDE`` is the colour letter of the player to move
(for a finished game: the loser, who would move next).  ``SWAP`` is ``swap``
while the swap (pie) rule is still to be used or declined, else ``-``.

The swap keeps player 0 as the first colour: the second player's stone
replaces the first stone on the cell that plays the same part for them (the
mirror image in Hex, the same cell in Trihex), and the first player moves
next.  This is the same game as exchanging colours, but keeps "player 0" and
"red" meaning the same person for the whole game.

Wins are found by a flood fill from the stone just placed (only that group can
have changed), which keeps ``apply`` cheap without a per-state union-find copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.engine.spec import GameSpec
from boardgen.errors import IllegalMoveError, PositionError
from boardgen.values import digits_problem

EMPTY = 0  # board values: 0 empty, 1 a stone of player 0, 2 a stone of player 1
SWAP = "swap"  # the move text of the pie rule and the SWAP field's "still to come" value
NO_SWAP = "-"


@dataclass(frozen=True)
class Layout:
    """One board size of one connection game, precomputed once and shared by every state.

    Cells are numbered in reading order (row 1 first, position a first), which
    is also the order of the position text; ``rows`` are the index ranges of
    the rows.  ``side_bits[i]`` has one bit per
    side that cell ``i`` touches; ``goals[p]`` is the set of bits player ``p``
    must join with one group.  ``mirror[i]`` is where the second player's
    stone goes when they swap a first stone standing on cell ``i``.
    """

    size: int
    names: tuple[str, ...]
    index: Mapping[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    side_bits: tuple[int, ...]
    goals: tuple[int, int]
    mirror: tuple[int, ...]
    rows: tuple[range, ...]
    place_moves: tuple[Move, ...]
    swap_moves: tuple[Move, ...]

    @classmethod
    def build(
        cls,
        size: int,
        rows: Sequence[Sequence[str]],
        neighbours: Callable[[str], Sequence[str]],
        sides: Sequence[frozenset[str]],
        goals: tuple[int, int],
        mirror: Callable[[str], str],
    ) -> "Layout":
        """Turn a geometry's named cells, row by row in reading order, into the integer tables the engine runs on."""
        names = tuple(name for row in rows for name in row)
        index = {name: i for i, name in enumerate(names)}
        side_bits = tuple(
            sum(1 << k for k, side in enumerate(sides) if name in side) for name in names
        )
        ranges: list[range] = []
        start = 0
        for row in rows:
            ranges.append(range(start, start + len(row)))
            start += len(row)
        place_moves = tuple(Move(text=name, path=(name,), kind="place", key=i) for i, name in enumerate(names))
        mirror_index = tuple(index[mirror(name)] for name in names)
        swap_moves = tuple(
            Move(text=SWAP, path=(names[mirror_index[i]],), captures=(name,), kind="swap", key=i)
            for i, name in enumerate(names)
        )
        return cls(
            size=size,
            names=names,
            index=index,
            neighbours=tuple(tuple(index[other] for other in neighbours(name)) for name in names),
            side_bits=side_bits,
            goals=goals,
            mirror=mirror_index,
            rows=tuple(ranges),
            place_moves=place_moves,
            swap_moves=swap_moves,
        )


class ConnectionState(GameState):
    """A position of a connection game: the stones, who moves, and whether the swap is pending.

    Subclasses set the class attributes below and implement :meth:`layout_for`
    and :meth:`win_reason`; everything else (notation, move generation, win
    detection, impossible-position checks, illegal-move reasons) lives here.
    """

    GAME: ClassVar[GameSpec]  # the game's sizes and variant options (its GameInfo)
    STONES: ClassVar[tuple[str, str]]  # letters of player 0's and player 1's stones in the position text
    COLOURS: ClassVar[tuple[str, str]]  # English colour names, used in reasons and error messages

    MOVE_TEXT_IGNORES_CASE = True

    __slots__ = ("layout", "board", "side", "swap_pending", "swap_rule", "_outcome", "_cached_moves", "_cached_outcome")

    layout: Layout
    board: bytes
    side: int
    swap_pending: bool
    swap_rule: bool
    _outcome: Outcome | None

    # -- what a game module supplies ------------------------------------------
    @classmethod
    def layout_for(cls, size: int) -> Layout:  # pragma: no cover - abstract
        """The (cached) layout of a board of this size."""
        raise NotImplementedError

    @classmethod
    def is_cell_name(cls, text: str) -> bool:
        """Whether ``text`` (lower case) is written as a cell name, whether or not this board has that cell.

        Read by the game's :meth:`split_cell_name` (None for a text that is no cell name).
        """
        # ASCII first: a splitter that lower-cases would read the Kelvin sign '\u212a' as 'k'
        return text.isascii() and cls.split_cell_name(text) is not None

    @staticmethod
    def split_cell_name(name: str) -> object:  # pragma: no cover - abstract
        """The parts of the cell name ``name`` (a game sets its geometry's splitter, e.g. hexgrid's), None for no cell name."""
        raise NotImplementedError

    def win_reason(self, player: int) -> str:  # pragma: no cover - abstract
        """Short English reason for ``player``'s win, e.g. "red joined rows 1 and 11"."""
        raise NotImplementedError

    def board_description(self) -> str:
        """How an error message names this board ("a 5 x 5 board")."""
        return f"a size {self.size} board"

    # -- construction -----------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        chosen = cls.GAME.check_size(size)
        assert chosen is not None
        return cls.layout_for(chosen).names

    @classmethod
    def _make(
        cls,
        layout: Layout,
        board: bytes,
        side: int,
        swap_pending: bool,
        swap_rule: bool,
        outcome: Outcome | None,
    ) -> "ConnectionState":
        state = object.__new__(cls)
        state.layout = layout
        state.board = board
        state.side = side
        state.swap_pending = swap_pending
        state.swap_rule = swap_rule
        state._outcome = outcome
        state._cached_outcome = outcome  # known already: the base class need not ask compute_outcome
        state._cached_moves = None
        return state

    @classmethod
    def _swap_rule(cls, variants: Mapping[str, str] | None) -> bool:
        return bool(cls.GAME.resolve_variants(variants).swap)

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "ConnectionState":
        size = cls.GAME.check_size(size)
        assert size is not None
        layout = cls.layout_for(size)
        swap_rule = cls._swap_rule(variants)
        return cls._make(layout, bytes(len(layout.names)), 0, swap_rule, swap_rule, None)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "ConnectionState":
        swap_rule = cls._swap_rule(variants)
        fields = split_fields(text, (2, 3), "'ROWS SIDE [SWAP]'")
        sizes = cls.GAME.sizes
        assert sizes is not None, "a connection game is played on several sizes"
        row_texts = split_rows(fields[0], sizes)
        layout = cls.layout_for(len(row_texts))
        rows = parse_rows(
            row_texts,
            labels=[f"row {number}" for number in range(1, len(row_texts) + 1)],
            lengths=[len(cells) for cells in layout.rows],
            pieces={cls.STONES[0]: 1, cls.STONES[1]: 2},
            empty=EMPTY,
            unit="cells",
            ignore_case=True,
            names=[layout.names[cells.start : cells.stop] for cells in layout.rows],
        )
        board = bytearray(value for row in rows for value in row)

        side = read_choice(fields[1], [(letter, None) for letter in cls.STONES], "side to move", ignore_case=True)
        if len(fields) == 3:
            swap_pending = read_choice(
                fields[2], ((NO_SWAP, "used or declined"), (SWAP, "still to come")), "swap field", ignore_case=True
            ) == 1
        else:
            swap_pending = swap_rule and board.count(1) + board.count(2) <= 1
        state = cls._make(layout, bytes(board), side, swap_pending, swap_rule, None)
        state._check_possible()
        return state

    def _check_possible(self) -> None:
        """Raise PositionError for a position no game under these rules can reach."""
        first, second = self.COLOURS
        counts = (self.board.count(1), self.board.count(2))
        side = self.side
        difference = counts[0] - counts[1]
        if side == 0:
            possible = difference == 0 or (self.swap_rule and difference == -1)
        else:
            possible = difference == 1 or (self.swap_rule and difference == 0 and counts[1] >= 1)
        if not possible:
            after_swap = ", or one fewer after a swap" if self.swap_rule else " (the swap rule is off)"
            raise PositionError(
                f"position: {_stones(counts[0], first)} and {_stones(counts[1], second)} with {self.COLOURS[side]}"
                f" to move cannot arise: {first} moves first, so it has as many stones as {second} or one more{after_swap}"
            )
        if self.swap_pending:
            if not self.swap_rule:
                raise PositionError("position: the swap field says the swap is still to come, but variant swap is off")
            if (counts, side) not in (((0, 0), 0), ((1, 0), 1)):
                raise PositionError(
                    f"position: the swap can still come only before {second}'s first move"
                    f" (empty board, or one {first} stone with {second} to move)"
                )
        winners = [p for p in (0, 1) if self._has_connection(self.board, p)]
        if len(winners) == 2:  # cannot happen on a real board; guards a broken layout
            raise PositionError("position: both players have a winning connection")
        if winners:
            winner = winners[0]
            if side == winner:
                raise PositionError(
                    f"position: {self.COLOURS[winner]} has already won, so {self.COLOURS[1 - winner]}"
                    " must be written as the side to move"
                )
            if not self._last_stone_possible(winner):
                raise PositionError(
                    f"position: {self.COLOURS[winner]}'s connection was complete before its last stone"
                    " (every stone could be removed and it would still connect)"
                )
            self._outcome = self._cached_outcome = Outcome(winner, self.win_reason(winner))

    def _last_stone_possible(self, winner: int) -> bool:
        """Some stone of the winner is the one that completed the connection (else play went on after a win)."""
        colour = winner + 1
        board = bytearray(self.board)
        for i, value in enumerate(self.board):
            if value == colour:
                board[i] = EMPTY
                if not self._has_connection(bytes(board), winner):
                    return True
                board[i] = colour
        return False

    def _has_connection(self, board: bytes, player: int) -> bool:
        """Does any group of ``player``'s stones touch every side of their goal?"""
        colour = player + 1
        seen: set[int] = set()
        for i, value in enumerate(board):
            if value == colour and i not in seen and self._group_connects(board, i, player, seen):
                return True
        return False

    def _group_connects(self, board: bytes, start: int, player: int, seen: set[int] | None = None) -> bool:
        """Flood fill the group holding ``start``; True once it touches every goal side."""
        layout = self.layout
        goal = layout.goals[player]
        colour = player + 1
        neighbours = layout.neighbours
        side_bits = layout.side_bits
        visited = {start} if seen is None else seen
        visited.add(start)
        stack = [start]
        bits = 0
        while stack:
            cell = stack.pop()
            bits |= side_bits[cell]
            if bits & goal == goal:
                return True
            for other in neighbours[cell]:
                if board[other] == colour and other not in visited:
                    visited.add(other)
                    stack.append(other)
        return False

    # -- notation ---------------------------------------------------------------
    def to_text(self) -> str:
        letters = ("", *self.STONES)
        board = self.board
        rows = write_rows([letters[value] for value in board[cells.start : cells.stop]] for cells in self.layout.rows)
        swap = SWAP if self.swap_pending else NO_SWAP
        return f"{rows} {self.STONES[self.side]} {swap}"

    # -- play -------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self.side

    def compute_outcome(self) -> Outcome | None:
        # Found when the state was made: apply tests the group of the stone it placed.
        return self._outcome

    def _swap_available(self) -> bool:
        return self.swap_pending and self.side == 1 and self._outcome is None

    def generate_moves(self) -> list[Move]:
        place = self.layout.place_moves
        moves = [place[i] for i, value in enumerate(self.board) if value == EMPTY]
        if self._swap_available():
            moves.append(self.layout.swap_moves[self.board.index(1)])
        return moves

    def parse_move(self, text: str) -> Move:
        """Direct lookup instead of a scan of every legal move (same result as the base class)."""
        wanted = self.normalize_move_text(text)
        if self._outcome is None:
            if wanted == SWAP:
                if self._swap_available():
                    return self.layout.swap_moves[self.board.index(1)]
            else:
                i = self.layout.index.get(wanted)
                if i is not None and self.board[i] == EMPTY:
                    return self.layout.place_moves[i]
        raise IllegalMoveError(*self.why_illegal(wanted))

    def apply(self, move: Move) -> "ConnectionState":
        layout = self.layout
        if self._outcome is not None:
            raise IllegalMoveError(*self.why_illegal(move.text))
        player = self.side
        board = bytearray(self.board)
        if move.kind == "swap":
            if not self._swap_available():
                raise IllegalMoveError(*self.why_illegal(move.text))
            source = self.board.index(1)
            board[source] = EMPTY
            board[layout.mirror[source]] = 2
            return self._make(layout, bytes(board), 0, False, self.swap_rule, None)
        i = move.key
        if not (isinstance(i, int) and 0 <= i < len(layout.names) and layout.names[i] == move.text):
            i = layout.index.get(move.text)  # a Move built by hand, or from another board
        if i is None or self.board[i] != EMPTY:
            raise IllegalMoveError(*self.why_illegal(move.text))
        board[i] = player + 1
        new_board = bytes(board)
        outcome = None
        if self._group_connects(new_board, i, player):
            outcome = Outcome(player, self.win_reason(player))
        # Once the second player has moved, the swap can no longer come.
        swap_pending = self.swap_pending and player == 0
        return self._make(layout, new_board, 1 - player, swap_pending, self.swap_rule, outcome)

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        text = self.normalize_move_text(text)
        if text == SWAP:
            if not self.swap_rule:
                return ("swap: the swap rule is off in this game (variant swap=off)", "no-swap")
            if self.swap_pending and self.side == 0:
                return (f"swap: the swap comes after {self.COLOURS[0]}'s first stone, not before", "no-swap")
            return (f"swap: only {self.COLOURS[1]}'s first move may be the swap", "no-swap")
        if not self.is_cell_name(text):
            digits = text[1:]
            too_long = digits_problem(digits) if digits.isascii() and digits.isdigit() else None  # c followed by 100,000 digits
            return (f"{text}: not a move; {too_long or 'write a cell such as c3, or swap'}", "notation")
        i = self.layout.index.get(text)
        if i is None:
            return (f"{text}: no such cell on {self.board_description()}", "off-board")
        if self.board[i] != EMPTY:
            return (f"{text}: the cell already holds a {self.COLOURS[self.board[i] - 1]} stone", "occupied")
        return (f"{text}: not a legal move in this position", "illegal")

    def placements(self) -> list[tuple[str, Piece]]:
        names = self.layout.names
        return [(names[i], _STONES[value - 1]) for i, value in enumerate(self.board) if value != EMPTY]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_text()!r})"


_STONES = (Piece(0, "stone"), Piece(1, "stone"))


def _stones(count: int, colour: str) -> str:
    return f"{count} {colour} stone" + ("" if count == 1 else "s")

