"""Rules engine for Seega (games.md section 7; the seed text's rules by default).

Two phases.  **Placement**: the board starts empty; player 0 (White) and player 1
(Black) take turns, each turn placing two pieces from hand on empty cells other
than the centre, until every cell but the centre is filled (12, 24 or 40 pieces
each on 5 x 5, 7 x 7, 9 x 9).  Nothing is captured while placing.  **Movement**:
the player who placed last (Black) moves first; a move steps one piece to an
orthogonally adjacent empty cell (the centre included).  Every enemy piece next
to the cell the piece arrives on, with a piece of the mover's directly beyond it
on the same line, is captured, several at once if so; an enemy on the centre
cell is never captured (a piece of the mover's on the centre still helps to
capture; ``safe_centre=off`` drops that exception).  A piece that steps between two enemies is safe: only the side that
moves captures.  A player who cannot move is skipped and his opponent moves
again.  Capturing every enemy piece wins; otherwise the game stops after
``quiet_moves`` moves without a capture and the player with more pieces wins
(equal: a draw); ``quiet_moves=off`` leaves capturing every piece as the only end.

Why a whole chain of captures is one :class:`~boardgen.engine.base.Move`: with
``continue_capture`` on, the piece that captured may step again while each step
captures, and the turn is what a player (and a diagram) calls one move.  Its
text writes every step with the cells it captured (``b3-c3xd3-c4xc5``), so a
reader sees which step took which piece; ``docs/notation/seega.md`` documents the
notation and the reason codes of :meth:`SeegaState.why_illegal`.

One job, the engine: this module is the state and its rules (the two phases,
captures, the outcome, why a move is refused); its position text is read by the
shared readers (:mod:`boardgen.engine.position_text`), so only the
reachability checks are Seega's own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from boardgen.engine.base import UNKNOWN_OUTCOME, GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.engine.variants import VariantValues
from boardgen.errors import PositionError
from boardgen.games.seega import GAME
from boardgen.games.seega.geometry import Geometry, geometry, pieces_each

EMPTY = 0
STONE = (1, 2)  # the board value of player 0's and player 1's pieces
LETTER = {1: "W", 2: "B"}
SIDE_LETTERS = ("w", "b")
COLOUR = ("White", "Black")
PLACEMENT, MOVEMENT = "p", "m"

_CELL = r"[a-z][0-9]{1,2}"  # loose on purpose: names off the board get the code off-board
PLACE_RE = re.compile(rf"^({_CELL})\+({_CELL})$")
MOVE_RE = re.compile(rf"^{_CELL}(?:-{_CELL}(?:x{_CELL})*)+$")


@dataclass(frozen=True)
class Rules:
    """The variant options of one game, resolved to what the engine tests."""

    chain: str  # "never", "may" or "must"
    quiet_limit: int | None  # turns without a capture after which the pieces are counted (None: never)
    quiet_moves: int | None
    safe_centre: bool  # a piece on the centre is never captured
    quiet_count: str
    first_mover: int  # the side that moves first once every piece is placed
    edge_middles: bool


@cache
def rules_for(chosen: VariantValues) -> Rules:
    quiet: int | None = chosen.quiet_moves
    limit = None if quiet is None else quiet * 2 if chosen.quiet_count == "each" else quiet
    return Rules(
        chain=chosen.continue_capture,
        quiet_limit=limit,
        quiet_moves=quiet,
        safe_centre=chosen.safe_centre,
        quiet_count=chosen.quiet_count,
        first_mover=1 if chosen.first_move == "last-placer" else 0,
        edge_middles=chosen.first_placements == "edge-middles",
    )


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))


def captures_at(board: list[int], geo: Geometry, to: int, me: int, enemy: int, safe: int) -> list[int]:
    """The enemies a piece of value ``me`` just arrived on ``to`` captures, in board order.

    A neighbour is taken when the cell beyond it in the same direction holds
    one of the mover's pieces; the occupant of cell ``safe`` never is (the
    centre with ``safe_centre=on``, -1 for no safe cell: see :func:`safe_cell`).
    """
    taken = [
        near
        for near, beyond in geo.steps[to]
        if beyond >= 0 and board[near] == enemy and near != safe and board[beyond] == me
    ]
    taken.sort()
    return taken


def safe_cell(rules: Rules, geo: Geometry) -> int:
    """The cell whose piece is never captured: the centre with ``safe_centre=on``, else -1 (none)."""
    return geo.centre if rules.safe_centre else -1


def can_step(board: tuple[int, ...] | list[int], geo: Geometry, value: int) -> bool:
    """Whether some piece of value ``value`` has an empty neighbour (has a legal move)."""
    steps = geo.steps
    return any(
        v == value and any(board[n] == EMPTY for n, _b in steps[i]) for i, v in enumerate(board)
    )


class SeegaState(GameState):
    """A Seega position: the cells, whose turn, the phase and the quiet-move counter.

    Position text: ``<rows> <side> <phase> <quiet>``, e.g. the start of the 5 x 5
    game ``5/5/5/5/5 w p 0``.  Rows run from the top row down, each left to right;
    ``W`` a piece of player 0 (White, who places first), ``B`` one of player 1, a
    digit a run of empty cells; the number of rows is the board size.  ``side`` is
    ``w`` or ``b``; ``phase`` ``p`` (placement) or ``m`` (movement); ``quiet``
    counts the moves since the last capture (or since the movement began).
    """

    game_id = "seega"
    MOVE_TEXT_IGNORES_CASE = True
    MOVE_TEXT_IGNORES_SPACES = True
    __slots__ = ("_board", "_side", "_phase", "_quiet", "_rules", "_geo", "_cached_moves", "_cached_outcome", "_by_text", "_text")

    def __init__(self, board: tuple[int, ...], side: int, phase: str, quiet: int, rules: Rules, geo: Geometry) -> None:
        self._board = board
        self._side = side
        self._phase = phase
        self._quiet = quiet
        self._rules = rules
        self._geo = geo
        self._cached_moves: Any = None
        self._cached_outcome: Any = UNKNOWN_OUTCOME
        self._by_text: dict[str, Move] | None = None
        self._text: str | None = None  # the position text, written once (the harness and __eq__ ask often)

    # -- construction -------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        return geometry(cls._size(size)).names

    @staticmethod
    def _size(size: int | None) -> int:
        chosen = GAME.check_size(size)
        assert chosen is not None
        return chosen

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "SeegaState":
        geo = geometry(cls._size(size))
        return cls((EMPTY,) * len(geo.names), 0, PLACEMENT, 0, resolve_rules(variants), geo)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "SeegaState":
        rules = resolve_rules(variants)
        rows_text, side_text, phase_text, quiet_text = split_fields(text, 4, "'<rows> <side> <phase> <quiet>'")
        sizes = GAME.sizes
        assert sizes is not None, "Seega is played on several sizes"
        rows = split_rows(rows_text, sizes, order="the top row first")
        geo = geometry(len(rows))
        values = parse_rows(
            rows,
            labels=[f"row {geo.size - k}" for k in range(geo.size)],
            lengths=[geo.size] * geo.size,
            pieces={"W": STONE[0], "B": STONE[1]},
            empty=EMPTY,
            unit="cells",
            ignore_case=True,
            names=[[geo.names[i] for i in row] for row in geo.rows_top_down],
        )
        board = [EMPTY] * len(geo.names)
        for cells, row in zip(geo.rows_top_down, values):
            for index, value in zip(cells, row):
                board[index] = value
        side = read_choice(side_text, tuple(zip(SIDE_LETTERS, COLOUR)), "side to move", ignore_case=True)
        phases = ((PLACEMENT, "placement"), (MOVEMENT, "movement"))
        phase = phases[read_choice(phase_text, phases, "phase", ignore_case=True)][0]
        quiet = read_counter(quiet_text, "the quiet-move counter")
        cls._check_possible(board, side, phase, quiet, rules, geo)
        return cls(tuple(board), side, phase, quiet, rules, geo)

    @staticmethod
    def _check_possible(board: list[int], side: int, phase: str, quiet: int, rules: Rules, geo: Geometry) -> None:
        """Refuse positions no game reaches: too many pieces, a filled centre while placing, a bad turn."""
        each = pieces_each(geo.size)
        counts = (board.count(STONE[0]), board.count(STONE[1]))
        for who in (0, 1):
            if counts[who] > each:
                raise PositionError(
                    f"position: {counts[who]} {COLOUR[who]} pieces on the board; each player has {each} on {geo.size} x {geo.size}"
                )
        if phase == PLACEMENT:
            if board[geo.centre] != EMPTY:
                raise PositionError(f"position: {geo.names[geo.centre]} is the centre, which stays empty while pieces are placed")
            if quiet:
                raise PositionError("position: the quiet-move counter only runs in the movement phase (p ... 0)")
            want = (counts[1], counts[1]) if side == 0 else (counts[1] + 2, counts[1])
            if counts != want or counts[1] % 2:
                raise PositionError(
                    f"position: {counts[0]} White and {counts[1]} Black pieces placed, but pieces go down two a turn, "
                    f"White first, so with {COLOUR[side]} to place White has "
                    f"{'as many as Black' if side == 0 else 'two more than Black'}, an even number"
                )
            if sum(counts) >= 2 * each:
                raise PositionError("position: every piece is placed, so the phase is m (movement)")
            return
        if rules.quiet_limit is not None and quiet > rules.quiet_limit:
            raise PositionError(
                f"position: the quiet-move counter is {quiet}, but the pieces are counted when it reaches "
                f"{rules.quiet_limit}, so it is never more"
            )
        if counts[1 - side] == 0:
            raise PositionError(
                f"position: {COLOUR[1 - side]} has no piece left, so the game ended with {COLOUR[1 - side]} to move"
            )
        if counts[side] and not can_step(board, geo, STONE[side]) and (rules.quiet_limit is None or quiet < rules.quiet_limit):
            raise PositionError(
                f"position: {COLOUR[side]} cannot move, so {COLOUR[1 - side]} moves again: write side "
                f"{SIDE_LETTERS[1 - side]}"
            )

    def to_text(self) -> str:
        if self._text is None:
            board = self._board
            rows = write_rows([LETTER.get(board[i]) for i in row] for row in self._geo.rows_top_down)
            self._text = f"{rows} {SIDE_LETTERS[self._side]} {self._phase} {self._quiet}"
        return self._text

    # -- queries --------------------------------------------------------------
    @property
    def size(self) -> int:
        return self._geo.size

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def phase(self) -> str:
        """``"p"`` while pieces are placed, ``"m"`` once they move."""
        return self._phase

    @property
    def quiet_turns(self) -> int:
        return self._quiet

    def in_hand(self, player: int) -> int:
        """Pieces ``player`` has still to place (0 in the movement phase)."""
        if self._phase == MOVEMENT:
            return 0
        return pieces_each(self._geo.size) - self._board.count(STONE[player])

    def piece_at(self, name: str) -> Piece | None:
        value = self._board[self._geo.index[name.strip().lower()]]
        return None if value == EMPTY else Piece(value - 1, "man")

    def placements(self) -> list[tuple[str, Piece]]:
        names = self._geo.names
        pieces = (Piece(0, "man"), Piece(1, "man"))
        return [(names[i], pieces[v - 1]) for i, v in enumerate(self._board) if v != EMPTY]

    @property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        return self._side

    # -- move generation --------------------------------------------------------
    def generate_moves(self) -> list[Move]:
        if self._phase == PLACEMENT:
            return self._placements()
        return self._steps()

    def _placements(self) -> list[Move]:
        geo, board = self._geo, self._board
        names = geo.names
        if self._rules.edge_middles and board.count(STONE[self._side]) == 0:
            a, b = geo.edge_middles[self._side]
            if board[a] == EMPTY and board[b] == EMPTY:
                return [Move(f"{names[a]}+{names[b]}", (names[a], names[b]), (), "place", key=("place", a, b))]
        free = [i for i, v in enumerate(board) if v == EMPTY and i != geo.centre]
        moves = []
        for n, a in enumerate(free):
            for b in free[n + 1 :]:
                moves.append(Move(f"{names[a]}+{names[b]}", (names[a], names[b]), (), "place", key=("place", a, b)))
        return moves

    def _steps(self) -> list[Move]:
        geo, rules = self._geo, self._rules
        names = geo.names
        me, enemy = STONE[self._side], STONE[1 - self._side]
        safe = safe_cell(rules, geo)
        moves: list[Move] = []
        board = list(self._board)
        for origin, value in enumerate(self._board):
            if value != me:
                continue
            for to, _beyond in geo.steps[origin]:
                if board[to] != EMPTY:
                    continue
                board[origin], board[to] = EMPTY, me
                taken = captures_at(board, geo, to, me, enemy, safe)
                if not taken:
                    text = f"{names[origin]}-{names[to]}"
                    moves.append(Move(text, (names[origin], names[to]), (), "step", key=((origin, to), ())))
                elif rules.chain == "never":
                    text = f"{names[origin]}-{names[to]}" + "".join(f"x{names[c]}" for c in taken)
                    moves.append(Move(text, (names[origin], names[to]), tuple(names[c] for c in taken), "capture",
                                      key=((origin, to), tuple(taken))))
                else:
                    self._chains(board, (origin, to), [taken], moves)
                board[origin], board[to] = me, EMPTY
        return moves

    def _chains(self, board: list[int], path: tuple[int, ...], taken: list[list[int]], moves: list[Move]) -> None:
        """Moves that go on stepping with the piece that captured, each step capturing again.

        ``board`` has the piece on ``path[-1]`` and the last step's captures not
        yet removed; it is restored before returning.
        """
        geo = self._geo
        me, enemy = STONE[self._side], STONE[1 - self._side]
        last = taken[-1]
        for cell in last:
            board[cell] = EMPTY
        here = path[-1]
        more = False
        for to, _beyond in geo.steps[here]:
            if board[to] != EMPTY:
                continue
            board[here], board[to] = EMPTY, me
            again = captures_at(board, geo, to, me, enemy, safe_cell(self._rules, geo))
            if again:
                more = True
                self._chains(board, path + (to,), taken + [again], moves)
            board[here], board[to] = me, EMPTY
        for cell in last:
            board[cell] = enemy
        if self._rules.chain == "may" or not more:
            moves.append(self._chain_move(path, taken))

    def _chain_move(self, path: tuple[int, ...], taken: list[list[int]]) -> Move:
        names = self._geo.names
        text = names[path[0]] + "".join(
            f"-{names[to]}" + "".join(f"x{names[c]}" for c in caps) for to, caps in zip(path[1:], taken)
        )
        every = tuple(c for caps in taken for c in caps)
        return Move(text, tuple(names[p] for p in path), tuple(names[c] for c in every), "capture",
                    key=(path, every))

    # -- play --------------------------------------------------------------------
    def apply(self, move: Move) -> "SeegaState":
        key: Any = move.key  # this engine's own tuples (see generate_moves)
        if key is None:
            key = self.parse_move(move.text).key
        geo, rules = self._geo, self._rules
        board = list(self._board)
        me = STONE[self._side]
        if key[0] == "place":
            board[key[1]] = board[key[2]] = me
            if board.count(EMPTY) > 1:
                return SeegaState(tuple(board), 1 - self._side, PLACEMENT, 0, rules, geo)
            first = rules.first_mover
            if not can_step(board, geo, STONE[first]):
                first = 1 - first  # the chosen first mover is blocked: the other moves (again)
            return SeegaState(tuple(board), first, MOVEMENT, 0, rules, geo)
        path, taken = key
        board[path[0]] = EMPTY
        board[path[-1]] = me
        for cell in taken:
            board[cell] = EMPTY
        quiet = 0 if taken else self._quiet + 1
        other = 1 - self._side
        enemy = STONE[other]
        side = other
        if enemy in board and not can_step(board, geo, enemy):
            side = self._side  # the opponent is blocked: the same player moves again
        return SeegaState(tuple(board), side, MOVEMENT, quiet, rules, geo)

    def compute_outcome(self) -> Outcome | None:
        if self._phase == PLACEMENT:
            return None
        board = self._board
        counts = (board.count(STONE[0]), board.count(STONE[1]))
        if counts[self._side] == 0:
            winner = 1 - self._side
            return Outcome(winner, f"{COLOUR[winner]} captured every {COLOUR[1 - winner]} piece")
        rules = self._rules
        if rules.quiet_limit is not None and self._quiet >= rules.quiet_limit:
            each = " by each side" if rules.quiet_count == "each" else ""
            tally = f"White has {counts[0]} pieces, Black {counts[1]}"
            why = f"{rules.quiet_moves} moves{each} without a capture: {tally}"
            if counts[0] == counts[1]:
                return Outcome(None, why)
            return Outcome(0 if counts[0] > counts[1] else 1, why)
        return None

    # -- notation ----------------------------------------------------------------
    def canonical_move_text(self, wanted: str) -> str:
        """A placement's two cells, and the captures of each step, in board order (``b2+a1`` as ``a1+b2``)."""
        placed = PLACE_RE.match(wanted)
        index = self._geo.index
        if placed and placed.group(1) in index and placed.group(2) in index:
            a, b = sorted((placed.group(1), placed.group(2)), key=index.__getitem__)
            return f"{a}+{b}"
        if MOVE_RE.match(wanted):
            parts = []
            for segment in wanted.split("-"):
                cell, *caps = segment.split("x")
                if all(c in index for c in caps):
                    caps.sort(key=index.__getitem__)
                parts.append("x".join([cell, *caps]))
            return "-".join(parts)
        return wanted

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; the captures may be left out (``c2-c3`` for ``c2-c3xc4``)."""
        by_text = self._by_text
        if by_text is None:
            by_text = {}
            for move in self.legal_moves():
                by_text[move.text] = move
                if move.kind == "capture":
                    by_text.setdefault("-".join(s.split("x")[0] for s in move.text.split("-")), move)
            self._by_text = by_text
        wanted = self.normalize_move_text(text)
        found = by_text.get(wanted)
        if found is not None and (found.text == wanted or "x" not in wanted):
            return found
        return super().parse_move(text)

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """Name the rule a move text breaks; the codes are listed in docs/notation/seega.md."""
        move = self.normalize_move_text(text)
        place, step = PLACE_RE.match(move), MOVE_RE.match(move)
        if not (place or step):
            return (f"{text}: not a move; write a placement as a1+b2, a step as c2-c3, a capture as c2-c3xc4",
                    "syntax")
        geo = self._geo
        cells = re.split(r"[-x+]", move)
        for cell in cells:
            if cell not in geo.index:
                return (f"{text}: {cell} is not a cell of the {geo.size} x {geo.size} board", "off-board")
        if self._phase == PLACEMENT:
            if step:
                left = self.in_hand(self._side)
                return (f"{text}: pieces are still being placed ({COLOUR[self._side]} has {left} in hand); "
                        "write two cells, e.g. a1+b2", "placement-phase")
            return self._why_place(text, [geo.index[c] for c in cells])
        if place:
            return (f"{text}: every piece is on the board; now a piece steps, e.g. c2-c3", "movement-phase")
        return self._why_step(text, move)

    def _why_place(self, text: str, cells: list[int]) -> tuple[str, str]:
        geo, names = self._geo, self._geo.names
        if cells[0] == cells[1]:
            return (f"{text}: the two pieces of a turn go on two different cells", "same-cell")
        for cell in cells:
            if cell == geo.centre:
                return (f"{text}: {names[cell]} is the centre, which stays empty until the pieces move", "centre")
            if self._board[cell] != EMPTY:
                return (f"{text}: {names[cell]} is occupied", "occupied")
        if self._rules.edge_middles and self._board.count(STONE[self._side]) == 0:
            a, b = geo.edge_middles[self._side]
            return (f"{text}: with first_placements=edge-middles {COLOUR[self._side]}'s first two pieces go on "
                    f"{names[a]} and {names[b]}", "first-placement")
        return (f"{text}: not a legal placement", "illegal")

    def _why_step(self, text: str, move: str) -> tuple[str, str]:
        geo, names, rules = self._geo, self._geo.names, self._rules
        segments = [segment.split("x") for segment in move.split("-")]
        origin = geo.index[segments[0][0]]
        if len(segments[0]) > 1:
            return (f"{text}: captures are written after the cell a step ends on, e.g. c2-c3xc4", "syntax")
        me, enemy = STONE[self._side], STONE[1 - self._side]
        value = self._board[origin]
        if value == EMPTY:
            return (f"{text}: there is no piece on {names[origin]}", "empty")
        if value != me:
            return (f"{text}: the piece on {names[origin]} is not yours; {COLOUR[self._side]} is to move", "not-yours")
        if len(segments) > 2 and rules.chain == "never":
            return (f"{text}: one step a turn; going on after a capture needs continue_capture=may or must",
                    "continue-off")
        board = list(self._board)
        here = origin
        taken: list[int] = []
        for number, (cell, *claimed) in enumerate(segments[1:]):
            to = geo.index[cell]
            (x0, y0), (x1, y1) = geo.grid.coords(names[here]), geo.grid.coords(names[to])
            if abs(x1 - x0) + abs(y1 - y0) != 1:
                word = "diagonally" if abs(x1 - x0) == abs(y1 - y0) == 1 else "that far"
                return (f"{text}: a piece steps to a cell next to it along a row or a column, never {word} "
                        f"({names[here]} to {names[to]})", "diagonal" if word == "diagonally" else "not-adjacent")
            if board[to] != EMPTY:
                return (f"{text}: {names[to]} is occupied", "occupied")
            board[here], board[to] = EMPTY, me
            taken = captures_at(board, geo, to, me, enemy, safe_cell(self._rules, geo))
            if number and not taken:
                return (f"{text}: the step to {names[to]} captures nothing; after the first step each step "
                        "must capture", "continue-without-capture")
            wanted = sorted(geo.index[c] for c in claimed)
            if claimed and wanted != taken:
                real = " ".join(names[c] for c in taken) or "nothing"
                return (f"{text}: the step to {names[to]} captures {real}", "captures")
            if number + 2 < len(segments) and not taken:
                return (f"{text}: the step to {names[to]} captures nothing, so the piece cannot go on",
                        "continue-without-capture")
            for c in taken:
                board[c] = EMPTY
            here = to
        if rules.chain == "must":
            for to, _b in geo.steps[here]:
                if board[to] == EMPTY:
                    board[here], board[to] = EMPTY, me
                    if taken and captures_at(board, geo, to, me, enemy, safe_cell(self._rules, geo)):
                        return (f"{text}: the piece can capture again from {names[here]} and with "
                                "continue_capture=must it has to", "continue-must")
                    board[here], board[to] = me, EMPTY
        return (f"{text}: not a legal move", "illegal")
