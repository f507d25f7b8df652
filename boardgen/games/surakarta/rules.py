"""Surakarta (Roundabouts) rules engine: steps in eight directions, captures round the loops.

Rules (games.md section 3.3; seed "Roundabouts ou Surakarta"):

* Players alternate; a turn is one simple step or one capture.  Player 0 is
  **white**: starts on rows 1-2 and moves first; player 1 is **black** on rows 5-6.
* Step: to any of the eight neighbouring points (diagonals too) that is empty.
  A step never captures.
* Capture: the piece travels along one circuit, either way, over empty points,
  through at least one loop, and stops on the first occupied point; if that
  point holds an enemy piece, the piece is removed and the mover takes its
  place.  It may go round several loops.  Loops are used only to capture.
  Captures are optional.  The point the piece starts from counts as empty on
  the way round (variant ``origin``).
* A player with no pieces loses.  A player who cannot move loses (games.md is
  silent; a stalemate can only arise with a side boxed into corners).
* End rule (variant ``end_rule``, default ``50``): after 50 consecutive turns
  without a capture the side with more pieces wins; equal numbers draw.  With
  ``end_rule=off`` nobody wins on count, and the game is drawn after 100
  consecutive turns without a capture (the 100-move no-capture limit after
  which Ludii lets players agree to end), so that every game is finite.

Move generation works on bitmasks, because perft 5 from the start must run in
a few seconds in plain Python: a board is two 36-bit masks (bit ``y * 6 + x``),
each circuit's occupancy is a 24-bit mask (bit = position in the circuit),
and a capture is found by looking up the next occupied position along the
circuit in each direction and a precomputed "did that stretch pass a loop"
table.  :meth:`SurakartaState.why_illegal` walks the circuits point by point
instead (the algorithm of games.md), which also tells *why* a capture fails.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

from boardgen.engine.base import UNKNOWN_OUTCOME, GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rank_masks, write_rank_masks
from boardgen.errors import OptionError, PositionError
from boardgen.games.surakarta import geometry as geo

COLOUR = ("white", "black")
PIECE_LETTER = ("W", "B")
SIDE_LETTER = ("w", "b")
PIECE_KIND = "stone"
END_RULE_TURNS = 50
OFF_DRAW_TURNS = 100

N_POINTS = geo.SIZE * geo.SIZE
NAMES = geo.POINT_NAMES
INDEX = {name: i for i, name in enumerate(NAMES)}
CYCLE = 24
FULL = (1 << CYCLE) - 1

# -- precomputed tables ---------------------------------------------------------

NEIGH_MASK: tuple[int, ...] = tuple(
    sum(1 << INDEX[q] for q in geo.NEIGHBOURS[p]) for p in NAMES
)


def _step_move(a: int, b: int) -> Move:
    return Move(f"{NAMES[a]}-{NAMES[b]}", (NAMES[a], NAMES[b]), (), "step", (a, b, False))


def _step_lists() -> tuple[dict[int, tuple[Move, ...]], ...]:
    """For each point: empty-neighbour mask -> the step moves to those neighbours.

    Every subset of a point's (at most 8) neighbours is tabulated, so steps
    cost one dictionary lookup per piece and share immutable Move objects.
    """
    tables = []
    for a in range(N_POINTS):
        targets = [b for b in range(N_POINTS) if NEIGH_MASK[a] >> b & 1]
        moves = [_step_move(a, b) for b in targets]
        table: dict[int, tuple[Move, ...]] = {}
        for subset in range(1 << len(targets)):
            mask = 0
            chosen = []
            for k, b in enumerate(targets):
                if subset >> k & 1:
                    mask |= 1 << b
                    chosen.append(moves[k])
            table[mask] = tuple(chosen)
        tables.append(table)
    return tuple(tables)


STEP_LISTS = _step_lists()


class _Track:
    """One circuit in the form move generation needs."""

    def __init__(self, circuit: geo.Circuit) -> None:
        self.circuit = circuit
        self.seq: tuple[int, ...] = tuple(INDEX[p] for p in circuit.points)
        # the other position of the same point (crossing points), or -1
        self.partner: tuple[int, ...] = tuple(
            next((j for j in range(CYCLE) if j != i and self.seq[j] == self.seq[i]), -1) for i in range(CYCLE)
        )
        # looped_fwd[a][d]: walking d positions forward from a crosses a loop
        self.looped_fwd = tuple(
            tuple(any((a + k) % CYCLE in circuit.loop_after for k in range(d)) for d in range(CYCLE + 1))
            for a in range(CYCLE)
        )
        self.looped_back = tuple(
            tuple(any((a - 1 - k) % CYCLE in circuit.loop_after for k in range(d)) for d in range(CYCLE + 1))
            for a in range(CYCLE)
        )
        # board mask -> circuit mask, six rows of six bits at a time
        self.row_tables = []
        for row in range(geo.SIZE):
            table = []
            for bits in range(1 << geo.SIZE):
                cmask = 0
                for i, point in enumerate(self.seq):
                    if point // geo.SIZE == row and bits >> (point % geo.SIZE) & 1:
                        cmask |= 1 << i
                table.append(cmask)
            self.row_tables.append(tuple(table))

    def project(self, board: int) -> int:
        """The circuit mask (bit i = position i occupied) of a board mask."""
        t = self.row_tables
        return (
            t[0][board & 63]
            | t[1][board >> 6 & 63]
            | t[2][board >> 12 & 63]
            | t[3][board >> 18 & 63]
            | t[4][board >> 24 & 63]
            | t[5][board >> 30 & 63]
        )

    def path(self, start: int, direction: int, dist: int) -> tuple[str, ...]:
        pts = self.circuit.points
        return tuple(pts[(start + direction * k) % CYCLE] for k in range(dist + 1))


TRACKS = tuple(_Track(c) for c in geo.CIRCUITS)

# (track number, start position, direction, distance) -> Move, filled on demand
_CAPTURE_MOVES: dict[tuple[int, int, int, int], Move] = {}


def _capture_move(track_no: int, start: int, direction: int, dist: int) -> Move:
    key = (track_no, start, direction, dist)
    move = _CAPTURE_MOVES.get(key)
    if move is None:
        track = TRACKS[track_no]
        path = track.path(start, direction, dist)
        a, b = track.seq[start], track.seq[(start + direction * dist) % CYCLE]
        move = Move(f"{NAMES[a]}x{NAMES[b]}", path, (NAMES[b],), "capture", (a, b, True))
        _CAPTURE_MOVES[key] = move
    return move


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _check_size(size: int | None) -> None:
    """Surakarta has one board; its size may be given as 6 (the points per side) or left out."""
    if size is not None and size != geo.SIZE:
        raise OptionError("--size", f"surakarta is played on the 6 x 6 board only, not size {size}")


MOVE_RE = re.compile(r"^([a-f][1-6])([-x])([a-f][1-6])$")

# -- the state ------------------------------------------------------------------


class SurakartaState(GameState):
    """A Surakarta position: both players' pieces, the side to move, turns since a capture.

    Position text: ``<rank 6>/<rank 5>/.../<rank 1> <side> <quiet>``, each rank
    from column a to f with ``W`` (white, player 0), ``B`` (black, player 1)
    and a number 1-6 for each run of empty points (:mod:`boardgen.engine.rows`); ``side`` is ``w`` or ``b``;
    ``quiet`` counts the consecutive turns without a capture.
    The start is ``BBBBBB/BBBBBB/6/6/WWWWWW/WWWWWW w 0``.
    """

    game_id = "surakarta"
    MOVE_TEXT_IGNORES_CASE = True
    # The base class's caches are slots here too (set in __init__): perft 5 makes 2.5 million states.
    __slots__ = ("_masks", "_side", "_quiet", "_origin_empty", "_end_rule", "_corner_capture", "_cached_moves", "_cached_outcome")

    def __init__(
        self,
        white: int,
        black: int,
        side: int,
        quiet: int,
        origin_empty: bool = True,
        end_rule: int | None = END_RULE_TURNS,
        corner_capture: bool = False,
    ) -> None:
        self._masks = (white, black)
        self._side = side
        self._quiet = quiet
        self._origin_empty = origin_empty
        self._end_rule = end_rule
        self._corner_capture = corner_capture
        self._cached_moves = None
        self._cached_outcome = UNKNOWN_OUTCOME

    # -- construction ------------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        _check_size(size)
        return NAMES

    @staticmethod
    def _options(variants: Mapping[str, str] | None) -> tuple[bool, int | None, bool]:
        """(origin counts as empty, end-rule turns or None, corner captures) from the variant options."""
        from boardgen.games.surakarta import GAME

        chosen = GAME.resolve_variants(variants)
        return chosen.origin == "empty", chosen.end_rule, chosen.corner_capture

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "SurakartaState":
        _check_size(size)
        origin_empty, end_rule, corner_capture = cls._options(variants)
        masks = [0, 0]
        for point, owner in geo.START_POSITION.items():
            masks[owner] |= 1 << INDEX[point]
        return cls(masks[0], masks[1], 0, 0, origin_empty, end_rule, corner_capture)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "SurakartaState":
        origin_empty, end_rule, corner_capture = cls._options(variants)
        board, side_text, quiet_text = split_fields(text, 3, "'<ranks> <side> <turns without capture>'")
        ranks = split_rows(board, geo.SIZE, "ranks", f"rank {geo.SIZE} first")
        masks = parse_rank_masks(ranks, geo.SIZE, PIECE_LETTER, NAMES, ignore_case=True)
        side = read_choice(side_text, [(letter, None) for letter in SIDE_LETTER], "side to move", ignore_case=True)
        quiet = read_counter(quiet_text, "turns without capture")
        cls._check_possible(masks, side, quiet, end_rule)
        return cls(masks[0], masks[1], side, quiet, origin_empty, end_rule, corner_capture)

    @staticmethod
    def _check_possible(masks: list[int], side: int, quiet: int, end_rule: int | None) -> None:
        counts = [m.bit_count() for m in masks]
        for owner in (0, 1):
            if counts[owner] > geo.PIECES_PER_PLAYER:
                raise PositionError(
                    f"position: {COLOUR[owner]} has {counts[owner]} pieces, at most {geo.PIECES_PER_PLAYER}"
                )
        if counts == [0, 0]:
            raise PositionError("position: both sides have no pieces")
        mover_before = 1 - side
        if counts[mover_before] == 0:
            raise PositionError(
                f"position: {COLOUR[mover_before]} has no pieces but made the last move"
            )
        if 0 in counts and quiet != 0:
            raise PositionError(
                f"position: the last piece was just captured, so turns without capture must be 0, not {quiet}"
            )
        limit = OFF_DRAW_TURNS if end_rule is None else end_rule
        if quiet > limit:
            raise PositionError(f"position: {quiet} turns without capture, but the game ends after {limit}")

    def to_text(self) -> str:
        rows = write_rank_masks(self._masks, geo.SIZE, PIECE_LETTER)
        return f"{rows} {SIDE_LETTER[self._side]} {self._quiet}"

    # -- queries -----------------------------------------------------------------
    @property
    def side(self) -> int:
        """The player whose turn it is (or would be, once the game is over)."""
        return self._side

    @property
    def quiet_turns(self) -> int:
        """Consecutive turns played without a capture."""
        return self._quiet

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self._side

    def placements(self) -> list[tuple[str, Piece]]:
        return [
            (NAMES[i], Piece(owner, PIECE_KIND)) for owner in (0, 1) for i in _bits(self._masks[owner])
        ]

    def owner_at(self, point: str) -> int | None:
        bit = 1 << INDEX[point]
        return 0 if self._masks[0] & bit else 1 if self._masks[1] & bit else None

    # -- move generation -------------------------------------------------------------
    def generate_moves(self) -> list[Move]:
        me = self._masks[self._side]
        them = self._masks[1 - self._side]
        empty = ~(me | them)
        moves: list[Move] = []
        for a in _bits(me):
            moves.extend(STEP_LISTS[a][NEIGH_MASK[a] & empty])
        moves.extend(self._captures(me, them))
        if self._corner_capture:
            moves.extend(self._corner_captures(me, them))
        return moves

    def _captures(self, me: int, them: int) -> list[Move]:
        """Every capture, one per (from, to) pair, by the shortest route (ties: inner
        circuit first, then circuit position, then forward before backward)."""
        best: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
        origin_empty = self._origin_empty
        for track_no, track in enumerate(TRACKS):
            mine = track.project(me)
            if not mine:
                continue
            enemy = track.project(them)
            if not enemy:
                continue
            occupied = mine | enemy
            seq, partner = track.seq, track.partner
            for a in _bits(mine):
                others = occupied & ~(1 << a)
                if origin_empty and partner[a] >= 0:
                    others &= ~(1 << partner[a])
                if not others:
                    continue
                # forward: the first occupied position after a
                high = others >> (a + 1)
                if high:
                    b = a + 1 + ((high & -high).bit_length() - 1)
                else:
                    b = (others & -others).bit_length() - 1
                dist = (b - a) % CYCLE
                if enemy >> b & 1 and track.looped_fwd[a][dist]:
                    key = (seq[a], seq[b])
                    if key not in best or dist < best[key][0]:
                        best[key] = (dist, track_no, a, 1, dist)
                # backward: the first occupied position before a
                low = others & ((1 << a) - 1)
                b = (low if low else others).bit_length() - 1
                dist = (a - b) % CYCLE
                if enemy >> b & 1 and track.looped_back[a][dist]:
                    key = (seq[a], seq[b])
                    if key not in best or dist < best[key][0]:
                        best[key] = (dist, track_no, a, -1, dist)
        return [_capture_move(t, a, d, n) for (_, t, a, d, n) in best.values()]

    def _corner_captures(self, me: int, them: int) -> list[Move]:
        """Variant corner_capture=on (a Ludii option): a step onto an enemy piece on a corner point takes it.

        Corner points lie on no circuit, so without this a piece there can never be captured.
        """
        moves = []
        for corner in geo.CORNERS:
            b = INDEX[corner]
            if not them >> b & 1:
                continue
            for a in _bits(me & NEIGH_MASK[b]):
                moves.append(Move(f"{NAMES[a]}x{corner}", (NAMES[a], corner), (corner,), "capture", (a, b, True)))
        return moves

    def apply(self, move: Move) -> "SurakartaState":
        key = move.key
        if not (isinstance(key, tuple) and len(key) == 3):
            move = self.parse_move(move.text)
            key = move.key
        a, b, capture = cast(tuple[int, int, bool], key)
        side = self._side
        masks = list(self._masks)
        masks[side] ^= (1 << a) | (1 << b)
        if capture:
            masks[1 - side] &= ~(1 << b)
            quiet = 0
        else:
            quiet = self._quiet + 1
        return SurakartaState(masks[0], masks[1], 1 - side, quiet, self._origin_empty, self._end_rule, self._corner_capture)

    def compute_outcome(self) -> Outcome | None:
        side, other = self._side, 1 - self._side
        counts = (self._masks[0].bit_count(), self._masks[1].bit_count())
        if counts[side] == 0:
            return Outcome(other, f"{COLOUR[other]} captured all {COLOUR[side]} pieces")
        if self._end_rule is not None and self._quiet >= self._end_rule:
            head = f"{self._end_rule} turns without a capture"
            if counts[0] == counts[1]:
                return Outcome(None, f"{head}: both sides have {counts[0]} pieces")
            lead = 0 if counts[0] > counts[1] else 1
            return Outcome(lead, f"{head}: {COLOUR[lead]} has more pieces ({counts[lead]} to {counts[1 - lead]})")
        if self._end_rule is None and self._quiet >= OFF_DRAW_TURNS:
            return Outcome(None, f"{OFF_DRAW_TURNS} turns without a capture: draw")
        if not self.generated_moves():
            return Outcome(other, f"{COLOUR[side]} cannot move")
        return None

    # -- notation ------------------------------------------------------------------
    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        text = self.normalize_move_text(text)
        match = MOVE_RE.match(text)
        if not match:
            return (f"{text!r}: not a move; write a step like a2-b3 or a capture like b2xe5", "notation")
        origin, sign, target = match.groups()
        me = COLOUR[self._side]
        if origin == target:
            return (f"{text}: a move must leave its point", "same-point")
        owner = self.owner_at(origin)
        if owner is None:
            return (f"{text}: there is no piece on {origin}", "no-piece")
        if owner != self._side:
            return (f"{text}: the piece on {origin} is {COLOUR[owner]}, and it is {me}'s turn", "not-yours")
        held = self.owner_at(target)
        if sign == "-":
            if target not in geo.NEIGHBOURS[origin]:
                return (f"{text}: a step goes to one of the 8 neighbouring points only", "not-adjacent")
            if held is not None:
                extra = " (a step never captures)" if held != self._side else ""
                return (f"{text}: {target} is occupied{extra}", "occupied")
            return (f"{text}: not a legal move in this position", "illegal")
        if held is None:
            return (f"{text}: a capture must end on an enemy piece; {target} is empty", "no-capture")
        if held == self._side:
            return (f"{text}: {target} holds a {me} piece", "own-piece")
        return self._why_capture_fails(text, origin, target)

    def _why_capture_fails(self, text: str, origin: str, target: str) -> tuple[str, str]:
        """Walk every circuit route from ``origin`` the slow way and name what stops it."""
        routes = [
            (c, i, d) for c in geo.CIRCUITS if target in c.points for i, p in enumerate(c.points)
            if p == origin for d in (1, -1)
        ]
        if not routes:
            return (f"{text}: {origin} and {target} are not on a common circuit", "off-circuit")
        blockers: list[tuple[int, str]] = []
        passes_no_loop = False
        origin_blocks_only = False
        for circuit, start, direction in routes:
            looped, stop, steps, blocker = self._walk(circuit, start, direction, origin, target, self._origin_empty)
            if stop == target and not looped:
                passes_no_loop = True
            elif blocker is not None:
                blockers.append((steps, blocker))
                if not self._origin_empty and blocker == origin:
                    looped2, stop2, _, _ = self._walk(circuit, start, direction, origin, target, True)
                    origin_blocks_only = origin_blocks_only or (stop2 == target and looped2)
        # the most specific reason first: a route that would work under origin=empty,
        # then a clear route without a loop, then pieces in the way
        if origin_blocks_only:
            return (f"{text}: the piece's own starting point {origin} blocks the way (origin=blocks)", "origin")
        if passes_no_loop:
            return (f"{text}: the way from {origin} to {target} passes no loop", "no-loop")
        if blockers:
            _, first = min(blockers)
            return (f"{text}: every way round to {target} is blocked (for example by the piece on {first})", "blocked")
        return (f"{text}: not a legal move in this position", "illegal")

    def _walk(
        self, circuit: geo.Circuit, start: int, direction: int, origin: str, target: str, origin_empty: bool
    ) -> tuple[bool, str | None, int, str | None]:
        """Follow ``circuit`` from position ``start``: (looped, point stopped on, steps, blocker).

        ``blocker`` is the piece met before ``target`` (None if the walk reached
        ``target`` or came full circle).
        """
        looped = False
        j = start
        for steps in range(1, len(circuit) + 1):
            edge = j if direction == 1 else (j - 1) % len(circuit)
            if edge in circuit.loop_after:
                looped = True
            j = (j + direction) % len(circuit)
            q = circuit.points[j]
            if q == origin and origin_empty:
                continue
            if q == target:
                return looped, q, steps, None
            if q == origin or self.owner_at(q) is not None:
                return looped, q, steps, q
        return looped, None, len(circuit), None

