"""Rules engine for Assalto (games.md section 6; the seed text's rules by default).

Player 0 has the 24 pawns and moves first; player 1 has the 2 officers.  Pawns
step forward (up the board) or sideways and never capture; officers step along
any drawn line and capture by jumping a pawn.  Along a diagonal an officer may
also capture "long", from several empty points away, landing on any empty point
beyond the pawn.  A chain of jumps captures several pawns, all in one direction;
capturing is compulsory and the most pawns must be taken.  Pawns win by filling
the fortress or by leaving the officers no move; officers win once fewer than 9
pawns remain.  Every ambiguity of games.md 6.4 is a variant option (see
``GAME.variants``); ``docs/notation/assalto.md`` documents the notation and the
illegal-move codes.

Murray's rule book (Murray 1951, as Ludii plays it) is the ``rules=murray``
shorthand: the officers move first, huffing removes every officer that could
have captured, a capture is one jump, the officers win only when no pawn is
left and pawns with no move pass.  Each of those is an option of its own too.

Why a chain of jumps is written with every landing point: a long diagonal capture
(``a3xd6``) and a chain in one direction (``a3xc5xe7``) would otherwise look
alike.  Each ``x`` is one jump over exactly one pawn: the pawn captured is the
only piece strictly between the two points.  Pawns jumped during a chain stay
on the board until the move ends (as in draughts): they cannot be jumped twice
and block the officer's way.

This module holds the state: the position and its text, the moves, the
outcome and why a move is refused.  The tables of points and options are in
:mod:`.tables`, the officers' captures (and the trace of a written capture)
in :mod:`.captures`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.errors import PositionError
from boardgen.games.assalto import GAME
from boardgen.games.assalto import geometry as geo
from boardgen.games.assalto.captures import capture_chains, trace_capture
from boardgen.games.assalto.tables import (
    CAPTURE_RE, EMPTY, FORTRESS, INDEX, NAMES, OFFICER, OFFICER_COUNT, OFFICERS, PASS, PAWN,
    PAWN_COUNT, PAWNS, PLACE_RE, POINT_LETTER, ROWS, SETUP, SIDE_CHOICES, SIDE_LETTERS, STEP_RE, XY, Rules,
    resolve_rules,
)

# --- the state ------------------------------------------------------------------


class AssaltoState(GameState):
    """An Assalto position: the 33 points, whose turn, and the no-progress counter.

    Position text: ``<rows> <side> <counter>``, e.g. the start
    ``3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p 0``.  Rows run from row 7 (top,
    the fortress end) down to row 1, each left to right over its on-board
    points only (3 points in rows 1, 2, 6, 7; 7 in rows 3-5); ``P`` a pawn,
    ``O`` an officer, a digit a run of empty points.  ``side`` is ``p``
    (pawns to move), ``o`` (officers) or ``s`` (the officers' setup turn of the
    ``officer_start=free`` variant); ``counter`` counts turns since the last
    capture or pawn advance (for the no-progress draw).
    """

    game_id = "assalto"
    MOVE_TEXT_IGNORES_CASE = True

    def __init__(self, board: tuple[int, ...], side: int, quiet: int, rules: Rules) -> None:
        self._board = board
        self._side = side
        self._quiet = quiet
        self._rules = rules

    # -- construction -------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return NAMES

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "AssaltoState":
        GAME.check_size(size)
        rules = resolve_rules(variants)
        board = [EMPTY] * len(NAMES)
        for name in geo.PAWN_START:
            board[INDEX[name]] = PAWN
        if rules.officer_start == "free":
            return cls(tuple(board), SETUP, 0, rules)
        for name in geo.OFFICER_START:
            board[INDEX[name]] = OFFICER
        return cls(tuple(board), rules.first, 0, rules)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "AssaltoState":
        rules = resolve_rules(variants)
        rows_text, side_text, counter_text = split_fields(text, 3, "'<rows> <side> <counter>'")
        rows = split_rows(rows_text, len(ROWS), order=f"row {len(ROWS)} first")
        board = [EMPTY] * len(NAMES)
        values = parse_rows(
            rows,
            labels=[f"row {XY[points[0]][1] + 1}" for points in ROWS],
            lengths=[len(points) for points in ROWS],
            pieces={"P": PAWN, "O": OFFICER},
            empty=EMPTY,
            ignore_case=True,
            names=[[NAMES[index] for index in points] for points in ROWS],
        )
        for points, row in zip(ROWS, values):
            for index, value in zip(points, row):
                board[index] = value
        side = read_choice(side_text, SIDE_CHOICES, "side to move")
        counter = read_counter(counter_text, "the no-progress counter")
        cls._check_possible(board, side, counter, rules)
        return cls(tuple(board), side, counter, rules)

    @staticmethod
    def _check_possible(board: list[int], side: int, counter: int, rules: Rules) -> None:
        """Refuse positions no game can reach (every point is reachable by some pawn, so counts decide)."""
        pawns, officers = board.count(PAWN), board.count(OFFICER)
        if pawns > PAWN_COUNT:
            raise PositionError(f"position: {pawns} pawns on the board, the pawns' player has only {PAWN_COUNT}")
        if officers > OFFICER_COUNT:
            raise PositionError(f"position: {officers} officers on the board, the officers' player has only 2")
        if rules.limit is not None and counter > rules.limit:
            raise PositionError(
                f"position: the no-progress counter is {counter}, but the game is drawn when it reaches "
                f"{rules.limit} (no_progress={rules.limit}), so it is never more than {rules.limit}"
            )
        if side == SETUP:
            if officers:
                raise PositionError("position: side 's' is the setup turn that places both officers, "
                                    f"but {officers} already stand on the board")
        elif officers < OFFICER_COUNT and not rules.huffing:
            raise PositionError(
                f"position: {officers} officer(s) on the board; officers are only ever removed with huffing=on"
            )

    def to_text(self) -> str:
        board = self._board
        rows = write_rows([POINT_LETTER[board[index]] for index in points] for points in ROWS)
        return f"{rows} {SIDE_LETTERS[self._side]} {self._quiet}"

    # -- queries --------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def quiet_turns(self) -> int:
        """Turns since the last capture or pawn advance (the no-progress counter)."""
        return self._quiet

    def piece_at(self, name: str) -> Piece | None:
        value = self._board[INDEX[name.strip().lower()]]
        return None if value == EMPTY else Piece(0, "pawn") if value == PAWN else Piece(1, "officer")

    def placements(self) -> list[tuple[str, Piece]]:
        pawn, officer = Piece(0, "pawn"), Piece(1, "officer")
        return [(NAMES[i], pawn if v == PAWN else officer) for i, v in enumerate(self._board) if v != EMPTY]

    @property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        return OFFICERS if self._side == SETUP else self._side

    # -- move generation --------------------------------------------------------
    def generate_moves(self) -> list[Move]:
        if self._side == SETUP:
            return self._placements()
        if self._side == PAWNS:
            return self._pawn_moves()
        return self._officer_moves()

    def _placements(self) -> list[Move]:
        moves = []
        for n, a in enumerate(FORTRESS):
            for b in FORTRESS[n + 1 :]:
                first, second = sorted((a, b))
                moves.append(
                    Move(f"{NAMES[first]}+{NAMES[second]}", (NAMES[first], NAMES[second]), (), "place",
                         key=("place", first, second))
                )
        return moves  # FORTRESS is in board order, so the pairs already are

    def _pawn_moves(self) -> list[Move]:
        board, moves = self._board, []
        for i, value in enumerate(board):
            if value != PAWN:
                continue
            for to, advance in self._rules.pawn_steps[i]:
                if board[to] == EMPTY:
                    moves.append(Move(f"{NAMES[i]}-{NAMES[to]}", (NAMES[i], NAMES[to]), (), "step",
                                      key=("step", i, to, advance, ())))
        if not moves and self._rules.stalemate == "pass" and PAWN in board:
            moves.append(Move(PASS, (), (), "pass", key=("pass",)))
        return moves

    def _officer_moves(self) -> list[Move]:
        board, rules = self._board, self._rules
        officers = [i for i, value in enumerate(board) if value == OFFICER]
        captures: list[Move] = []
        can_capture = set()
        for origin in officers:
            for path, taken in capture_chains(board, rules, origin):
                can_capture.add(origin)
                captures.append(
                    Move("x".join(NAMES[p] for p in path), tuple(NAMES[p] for p in path),
                         tuple(NAMES[p] for p in taken), "capture", key=("capture", path, taken))
                )
        if captures and not rules.huffing:
            best = max(len(m.captures) for m in captures)
            return [m for m in captures if len(m.captures) == best]
        steps = []
        for origin in officers:
            for to in rules.officer_steps[origin]:
                if board[to] != EMPTY:
                    continue
                # An officer that moved and could have captured is removed where it lands.
                where = {o: (to if o == origin else o) for o in officers if o in can_capture}
                if rules.huff_all:
                    huffed = tuple(sorted(where.values()))
                elif origin in where:
                    huffed = (to,)
                else:
                    huffed = tuple(where.values())[:1]
                text = f"{NAMES[origin]}-{NAMES[to]}"
                if not huffed:
                    steps.append(Move(text, (NAMES[origin], NAMES[to]), (), "step", key=("step", origin, to, False, ())))
                else:
                    steps.append(Move(text, (NAMES[origin], NAMES[to]), tuple(NAMES[h] for h in huffed), "huff",
                                      key=("step", origin, to, False, huffed)))
        return captures + steps

    # -- play --------------------------------------------------------------------
    def apply(self, move: Move) -> "AssaltoState":
        key: Any = move.key  # this engine's own tuples (see generate_moves)
        if key is None:
            key = self.parse_move(move.text).key
        board = list(self._board)
        kind = key[0]
        if kind == "place":
            board[key[1]] = board[key[2]] = OFFICER
            return AssaltoState(tuple(board), self._rules.first, 0, self._rules)
        if kind == "pass":
            quiet = self._quiet + 1
        elif kind == "step":
            _kind, origin, to, advance, huffed = key
            board[to], board[origin] = board[origin], EMPTY
            for point in huffed:
                board[point] = EMPTY
            quiet = 0 if advance or huffed else self._quiet + 1
        else:
            _kind, path, taken = key
            board[path[0]] = EMPTY
            board[path[-1]] = OFFICER
            for pawn in taken:
                board[pawn] = EMPTY
            quiet = 0
        return AssaltoState(tuple(board), OFFICERS if self._side == PAWNS else PAWNS, quiet, self._rules)

    def compute_outcome(self) -> Outcome | None:
        board = self._board
        if self._side == SETUP:
            return None
        if OFFICER not in board:
            # Checked before anyone moves: a huff that removes the last officer ends the
            # game on that move, not after the pawns' next one.
            return Outcome(0, "no officer is left (both were huffed)")
        pawns = board.count(PAWN)
        if pawns < self._rules.win_at:
            if self._rules.win_at == 1:
                return Outcome(1, "the officers captured every pawn")
            return Outcome(1, f"the officers captured {PAWN_COUNT - pawns} pawns: fewer than 9 are left to fill the fortress")
        if all(board[i] == PAWN for i in FORTRESS):
            return Outcome(0, "the pawns occupy all nine points of the fortress")
        if not self.generated_moves():
            if self._side == OFFICERS:
                return Outcome(0, "the officers are blocked: they have no legal move")
            if self._rules.stalemate == "loses":
                return Outcome(1, "the pawns are blocked: they have no legal move")
            return Outcome(None, "the pawns are blocked: they have no legal move (drawn by the stalemate option)")
        limit = self._rules.limit
        if limit is not None and self._quiet >= limit:
            return Outcome(None, f"{limit} turns in a row without a capture or a pawn advance")
        return None

    # -- notation ----------------------------------------------------------------
    def canonical_move_text(self, wanted: str) -> str:
        """The officers' setup ``e7+c7`` as ``c7+e7`` (points in board order)."""
        placed = PLACE_RE.match(wanted)
        if placed and placed.group(1) in INDEX and placed.group(2) in INDEX:
            a, b = sorted((placed.group(1), placed.group(2)), key=INDEX.__getitem__)
            return f"{a}+{b}"
        return wanted

    def read_other_spelling(self, wanted: str, moves: Sequence[Move], text: str) -> Move | None:
        """A capture written by another path to the same result (the same landing, the same pawns taken)."""
        if CAPTURE_RE.match(wanted) and all(p in INDEX for p in wanted.split("x")):
            trace = trace_capture(self._board, self._rules, [INDEX[p] for p in wanted.split("x")])
            if trace.error is None:
                result = (trace.path[0], trace.path[-1], frozenset(trace.captured))
                for move in moves:
                    if move.kind == "capture":
                        key: Any = move.key
                        path, taken = key[1], key[2]
                        if (path[0], path[-1], frozenset(taken)) == result:
                            return move
        return None

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """Name the rule a move text breaks; codes are listed in docs/notation/assalto.md."""
        move = self.normalize_move_text(text)
        if move == PASS:
            if self._rules.stalemate != "pass":
                return (f"{text}: nobody passes in Assalto unless stalemate=pass", "pass")
            return (f"{text}: only the pawns pass, and only when they have no legal move (stalemate=pass)", "pass")
        step, capture, place = STEP_RE.match(move), CAPTURE_RE.match(move), PLACE_RE.match(move)
        if not (step or capture or place):
            return (f"{text}: not a move; write a step as c3-c4, a capture as d4xd6 or a3xc5xe7", "syntax")
        points = re.split(r"[-x+]", move)
        for point in points:
            if point not in INDEX:
                return (f"{text}: {point} is not a point of the cross-shaped board", "off-board")
        if self._side == SETUP:
            if not place:
                return (f"{text}: the officers' player first places both officers in the fortress, e.g. c6+e6", "setup")
            outside = [p for p in points if INDEX[p] not in FORTRESS]
            if outside:
                return (f"{text}: {outside[0]} is outside the fortress; officers start inside it", "not-fortress")
            if points[0] == points[1]:
                return (f"{text}: the two officers need two different points", "occupied")
            return (f"{text}: not a legal placement", "illegal")
        if place:
            return (f"{text}: placing officers only happens in the setup turn of officer_start=free", "setup")
        origin = INDEX[points[0]]
        piece = self._board[origin]
        mover = PAWN if self._side == PAWNS else OFFICER
        if piece == EMPTY:
            return (f"{text}: there is no piece on {points[0]}", "empty")
        if piece != mover:
            whose = "pawns" if mover == PAWN else "officers"
            return (f"{text}: the piece on {points[0]} is not yours; the {whose} are to move", "not-yours")
        if step:
            return self._why_step(text, origin, INDEX[points[1]])
        if piece == PAWN:
            return (f"{text}: pawns never capture", "pawn-capture")
        return self._why_capture(text, [INDEX[p] for p in points])

    def _why_step(self, text: str, origin: int, to: int) -> tuple[str, str]:
        rules = self._rules
        if self._board[to] != EMPTY:
            return (f"{text}: {NAMES[to]} is occupied", "occupied")
        (x0, y0), (x1, y1) = XY[origin], XY[to]
        dx, dy = x1 - x0, y1 - y0
        adjacent = max(abs(dx), abs(dy)) == 1
        on_line = to in rules.officer_steps[origin]
        if self._board[origin] == PAWN:
            if rules.pawn_moves == "forward-sideways":
                if dx == 0 and dy < 0:
                    return (f"{text}: pawns never move backwards", "backwards")
                if dx != 0 and abs(dx) == abs(dy):
                    return (f"{text}: pawns never move diagonally", "diagonal")
            if not adjacent:
                return (f"{text}: a step goes to a neighbouring point", "not-adjacent")
            if not on_line:
                return (f"{text}: no line joins {NAMES[origin]} and {NAMES[to]}", "no-line")
            if rules.pawn_moves == "towards-fortress":
                return (f"{text}: pawns never step away from the fortress", "away")
            return (f"{text}: not a legal pawn step", "illegal")
        if not adjacent:
            return (f"{text}: officers step to a neighbouring point (captures are written with x)", "not-adjacent")
        if not on_line:
            return (f"{text}: no line joins {NAMES[origin]} and {NAMES[to]}", "no-line")
        if any(m.kind == "capture" for m in self.generated_moves()) and not rules.huffing:
            return (f"{text}: a capture is possible and capturing is compulsory", "must-capture")
        return (f"{text}: not a legal officer step", "illegal")

    def _why_capture(self, text: str, points: list[int]) -> tuple[str, str]:
        if not self._rules.chains and len(points) > 2:
            return (f"{text}: with chains=off a capture is one jump per turn", "one-jump")
        trace = trace_capture(self._board, self._rules, points)
        if trace.error is not None:
            message, code = trace.error
            return (f"{text}: {message}", code)
        if trace.can_continue and self._rules.chains:
            if not self._rules.huffing:
                return (f"{text}: the chain can go on and the most pawns must be captured", "majority")
            return (f"{text}: the chain of captures can go on and must be completed", "incomplete")
        best = max((len(m.captures) for m in self.generated_moves() if m.kind == "capture"), default=0)
        if not self._rules.huffing and len(trace.captured) < best:
            return (f"{text}: captures {len(trace.captured)} pawn(s) but {best} can be captured; "
                    "the most pawns must be captured", "majority")
        return (f"{text}: not a legal capture", "illegal")
