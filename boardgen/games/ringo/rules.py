"""Ringo rules engine (games.md §4.3, seed 000 section RINGO).

Player 0 = the seven attackers (they move first), player 1 = the four defenders.

Movement.  Attackers step one cell forward (inwards, ring 1 into the citadel) or
sideways along their ring, never backwards, and never leave the citadel.
Defenders step in any of the four directions but never into the citadel.  A
ring cell holds one piece; the citadel holds up to two attackers.

Leaps.  A short leap goes over the adjacent cell onto the cell straight beyond
(geometry in :func:`boardgen.games.ringo.geometry.leap_table`), which must be
empty (or be the citadel with room, for an attacker).  Leaps follow the
capture directions: defenders every way, including from ring 1 across the
citadel to the opposite ring-1 cell; attackers forward only (sideways too with
``attacker_side_capture=on``).  A leap over an enemy piece outside the neutral
zone captures it (``e3xe1``); a leap over an enemy piece that stands in the
neutral zone is allowed and captures nothing (``b3^h3``).  Captures are never
compulsory.  With ``multi_capture=on`` the capturing piece may go on capturing
(each leap legal by itself, direction free to change, a captured piece leaves
the board at once) and may stop after any capture; a non-capturing leap is a
whole move on its own and never part of a chain.  A chain stops when the sixth
attacker falls or when an attacker lands in the citadel.

Quota.  With ``quota=entry`` (REC) an attacker may not enter the neutral zone
(by a step or a leap landing there from outside it) if afterwards more attackers
would stand there than defenders remain; attackers left in excess by a capture
may stay.  With ``quota=always`` no attacker step or leap may leave more
attackers in the zone than defenders on the board.

End.  Attackers win with two attackers in the citadel; defenders win when only
one attacker is left (six captured) or when the attackers, to move, have no
legal move.  Defenders with no legal move pass (``defender_blocked=pass``, REC)
or lose (``defender_blocked=lose``).  No source has a draw, yet both sides could
shuffle sideways for ever, so our own ``no_progress`` rule (default 100) draws
the game after that many turns in a row, both sides counted, without a capture
and without an attacker moving towards the citadel; the position text carries
the count.

Notation: see ``docs/notation/ringo.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, cast

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.engine.variants import VariantValues
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.ringo import GAME
from boardgen.games.ringo import geometry as geo

EMPTY, ATT, DEF = 0, 1, 2  # contents of a ring cell
OWNER_MARK = {ATT: 0, DEF: 1}
CELL_LETTER = {EMPTY: None, ATT: "A", DEF: "D"}  # a ring cell in the position text
CIT = geo.RINGS * geo.SEGMENTS  # index of the citadel; ring cells are 0..47
SIDE_LETTERS = ("a", "d")
MAX_CITADEL = 2
MAX_ATTACKERS = geo.PIECE_COUNTS[geo.ATTACKER]
MAX_DEFENDERS = geo.PIECE_COUNTS[geo.DEFENDER]
LOSSES_TO_WIN = 6  # defenders win when this many attackers are captured

START_TEXT = "-/1D1D1D1D/8/8/8/8/1AAAAAAA a"
NO_PROGRESS_REASON = "{limit} turns in a row without a capture or an attacker moving towards the citadel"
PASS = Move("pass", (), (), "pass")


# -- index tables ------------------------------------------------------------------

def _index(ring: int, segment: int) -> int:
    return (ring - 1) * geo.SEGMENTS + segment


def _ring_of(index: int) -> int:
    """Ring number of a cell index, 0 for the citadel: an attacker moving forward lowers it."""
    return 0 if index == CIT else index // geo.SEGMENTS + 1


NAMES: tuple[str, ...] = tuple(geo.cell_name(k, s) for k in range(1, geo.RINGS + 1) for s in range(geo.SEGMENTS)) + (
    geo.CITADEL,
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def _indexed(table: Mapping[tuple[str, str], object]) -> dict[tuple[int, str], object]:
    result: dict[tuple[int, str], object] = {}
    for (name, direction), value in table.items():
        if isinstance(value, tuple):
            result[INDEX[name], direction] = tuple(INDEX[v] for v in value)
        else:
            result[INDEX[name], direction] = INDEX[value]  # type: ignore[index]
    return result


STEP: dict[tuple[int, str], int] = _indexed(geo.step_table())  # type: ignore[assignment]
LEAP: dict[tuple[int, str], tuple[int, int]] = _indexed(geo.leap_table())  # type: ignore[assignment]

ATTACKER_STEP_DIRS = (geo.INWARD, geo.CCW, geo.CW)
DEFENDER_STEP_DIRS = (geo.INWARD, geo.OUTWARD, geo.CCW, geo.CW)
DEFENDER_LEAP_DIRS = (geo.INWARD, geo.OUTWARD, geo.CCW, geo.CW, geo.ACROSS)


def _direction_between(table: Mapping[tuple[int, str], object], start: int, end: int, pick) -> str | None:
    for direction in DEFENDER_LEAP_DIRS:
        value = table.get((start, direction))
        if value is not None and pick(value) == end:
            return direction
    return None


# -- options ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    """The variant values an engine needs, read once from the variant mapping."""

    multi_capture: bool = True
    attacker_side_capture: bool = False
    neutral: frozenset[int] = frozenset()
    quota_always: bool = False
    defender_blocked_loses: bool = False
    no_progress: int | None = 100  # the draw limit in turns; None = no draw

    @property
    def attacker_leap_dirs(self) -> tuple[str, ...]:
        return (geo.INWARD, geo.CCW, geo.CW) if self.attacker_side_capture else (geo.INWARD,)


@cache
def _options(values: VariantValues) -> Options:
    if values.neutral_zone == "pink":
        neutral = frozenset(_index(k, geo.NEUTRAL_SEGMENT) for k in (1, 3, 5))
    else:
        neutral = frozenset(_index(k, geo.NEUTRAL_SEGMENT) for k in range(1, geo.RINGS + 1))
    return Options(
        multi_capture=values.multi_capture,
        attacker_side_capture=values.attacker_side_capture,
        neutral=neutral,
        quota_always=values.quota == "always",
        defender_blocked_loses=values.defender_blocked == "lose",
        no_progress=values.no_progress,
    )


def options_for(variants: Mapping[str, str] | None) -> Options:
    """The engine's options for a variant set (a mapping of texts or the resolved values), cached."""
    return _options(GAME.resolve_variants(variants))


# -- the state ---------------------------------------------------------------------------

class RingoState(GameState):
    """An immutable Ringo position: 48 ring cells, the citadel's attacker count, the side to move
    and the no-progress counter (turns since the last capture or forward attacker move)."""

    game_id: ClassVar[str] = "ringo"
    MOVE_TEXT_IGNORES_CASE = True
    MOVE_TEXT_IGNORES_SPACES = True

    def __init__(
        self,
        cells: tuple[int, ...],
        citadel: int,
        side: int,
        variants: Mapping[str, str] | Options | None = None,
        quiet: int = 0,
    ) -> None:
        self._cells = cells
        self._citadel = citadel
        self._side = side
        self._quiet = quiet
        self._opts = variants if isinstance(variants, Options) else options_for(variants)
        self._by_text: dict[str, Move] = {}  # every accepted text, aliases of chains included (set by generate_moves)

    # -- construction ------------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return NAMES  # the 48 ring cells, then the citadel

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "RingoState":
        GAME.check_size(size)
        return cls.from_text(START_TEXT, variants)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "RingoState":
        cells, citadel, side, quiet = parse_position(text)
        state = cls(cells, citadel, side, variants, quiet)
        state._check_possible()
        return state

    def to_text(self) -> str:
        rings = write_rows(
            [CELL_LETTER[value] for value in self._cells[ring * geo.SEGMENTS : (ring + 1) * geo.SEGMENTS]]
            for ring in range(geo.RINGS)
        )
        text = f"{'A' * self._citadel or '-'}/{rings} {SIDE_LETTERS[self._side]}"
        # The counter is written only when it is not 0, so texts from before the draw rule stay canonical.
        return f"{text} {self._quiet}" if self._quiet else text

    def _check_possible(self) -> None:
        """Refuse positions that no game can reach (PositionError says why)."""
        attackers = self.attackers_on_board
        defenders = self.defenders_on_board
        if attackers > MAX_ATTACKERS:
            raise PositionError(f"position: {attackers} attackers, but the attackers own only {MAX_ATTACKERS}")
        if defenders > MAX_DEFENDERS:
            raise PositionError(f"position: {defenders} defenders, but the defenders own only {MAX_DEFENDERS}")
        in_zone = self.attackers_in_zone
        if in_zone > MAX_DEFENDERS:
            raise PositionError(
                f"position: {in_zone} attackers in the neutral zone; the quota never lets more than"
                f" {MAX_DEFENDERS} in"
            )
        if self._citadel == MAX_CITADEL and self._side == 0:
            raise PositionError(
                "position: two attackers in the citadel end the game at once, so the defenders must be the side to move"
            )
        if attackers <= MAX_ATTACKERS - LOSSES_TO_WIN and self._side == 1:
            raise PositionError(
                "position: the sixth capture ends the game on the defenders' move, so the attackers must be the side to move"
            )
        if self._quiet:
            if self._citadel == MAX_CITADEL or attackers <= MAX_ATTACKERS - LOSSES_TO_WIN:
                raise PositionError(
                    f"position: no-progress counter {self._quiet}, but the game was just won by a capture or an"
                    " entry into the citadel, which set the counter to 0"
                )
            limit = self._opts.no_progress
            if limit is not None and self._quiet > limit:
                raise PositionError(
                    f"position: no-progress counter {self._quiet}, but the game is drawn when it reaches {limit}"
                    f" (variant no_progress={limit})"
                )

    # -- facts about the position -----------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self._side

    @property
    def side(self) -> int:
        """The side whose turn it is, even when the game is over."""
        return self._side

    @property
    def citadel(self) -> int:
        """How many attackers stand in the citadel (0, 1 or 2)."""
        return self._citadel

    @property
    def quiet_turns(self) -> int:
        """Turns (both sides counted) since the last capture or attacker move towards the citadel."""
        return self._quiet

    @property
    def attackers_on_board(self) -> int:
        return self._cells.count(ATT) + self._citadel

    @property
    def defenders_on_board(self) -> int:
        return self._cells.count(DEF)

    @property
    def attackers_in_zone(self) -> int:
        return sum(1 for i in self._opts.neutral if self._cells[i] == ATT)

    def piece_at(self, name: str) -> int | None:
        """Owner (0 attackers, 1 defenders) of the piece on a cell, None when empty.

        For the citadel the answer is 0 when at least one attacker stands there.
        """
        i = INDEX[name]
        if i == CIT:
            return 0 if self._citadel else None
        value = self._cells[i]
        return None if value == EMPTY else OWNER_MARK[value]

    def placements(self) -> list[tuple[str, Piece]]:
        result = [(geo.CITADEL, Piece(0, "attacker"))] * self._citadel
        for i, value in enumerate(self._cells):
            if value == ATT:
                result.append((NAMES[i], Piece(0, "attacker")))
            elif value == DEF:
                result.append((NAMES[i], Piece(1, "defender")))
        return result

    # -- outcome ----------------------------------------------------------------------
    def compute_outcome(self) -> Outcome | None:
        if self._citadel >= MAX_CITADEL:
            return Outcome(0, "the attackers have two pieces in the citadel")
        if self.attackers_on_board <= MAX_ATTACKERS - LOSSES_TO_WIN:
            return Outcome(1, "the defenders have captured six attackers")
        # The draw comes before the blocked-attackers check: the game ended on the turn that
        # reached the limit, before anyone had to find a move.
        limit = self._opts.no_progress
        if limit is not None and self._quiet >= limit:
            return Outcome(None, NO_PROGRESS_REASON.format(limit=limit))
        if self._blocked():
            if self._side == 0:
                return Outcome(1, "the attackers have no legal move")
            if self._opts.defender_blocked_loses:
                return Outcome(0, "the defenders have no legal move")
        return None

    # -- moves ------------------------------------------------------------------------
    def _blocked(self) -> bool:
        """The side to move has no step, leap or capture (only a pass, which is legal for the defenders)."""
        moves = self.generated_moves()
        return len(moves) == 1 and moves[0] is PASS

    def apply(self, move: Move) -> "RingoState":
        chosen = self._lookup(move.text)
        if chosen is None:
            raise IllegalMoveError(*self.why_illegal(move.text))
        if chosen.kind == "pass":
            return RingoState(self._cells, self._citadel, 1 - self._side, self._opts, self._quiet + 1)
        start, end, captured = cast(tuple[int, int, tuple[int, ...]], chosen.key)
        progress = bool(captured) or (self._side == 0 and _ring_of(end) < _ring_of(start))
        quiet = 0 if progress else self._quiet + 1
        cells = list(self._cells)
        citadel = self._citadel
        mark = cells[start]
        cells[start] = EMPTY
        for i in captured:
            if i == CIT:
                citadel -= 1
            else:
                cells[i] = EMPTY
        if end == CIT:
            citadel += 1
        else:
            cells[end] = mark
        return RingoState(tuple(cells), citadel, 1 - self._side, self._opts, quiet)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; a chain written by another path to the same result is accepted too."""
        wanted = self.normalize_move_text(text)
        move = self._lookup(wanted)
        if move is None:
            raise IllegalMoveError(*self.why_illegal(wanted))
        return move

    def _lookup(self, text: str) -> Move | None:
        if self.outcome() is not None:
            return None
        self.generated_moves()  # fills the text index
        return self._by_text.get(text)

    def generate_moves(self) -> list[Move]:
        """Every step, leap and capture; a lone pass when there is none (legal only for the defenders).

        Also fills the text index, where chains written by another path are aliases.
        """
        moves, self._by_text = _generate_moves(self)
        if not moves:
            self._by_text = {PASS.text: PASS}
            return [PASS]
        return moves

    # -- explanations -----------------------------------------------------------------
    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        return explain_illegal(self, text)


# -- position text --------------------------------------------------------------------

def parse_position(text: str) -> tuple[tuple[int, ...], int, int, int]:
    """(ring cells, citadel count, side, no-progress counter) from a position text.

    The counter is an optional third field (0 when absent), so texts written before
    the draw rule existed still parse.  NotationError/PositionError on faults.
    """
    fields = split_fields(text, (2, 3), "'<board> <side> [<no-progress counter>]'")
    board, side_text = fields[:2]
    quiet = 0
    if len(fields) == 3:
        quiet = read_counter(fields[2], "the no-progress counter")
    side = read_choice(side_text, tuple(zip(SIDE_LETTERS, ("attackers", "defenders"))), "side to move", ignore_case=True)
    parts = split_rows(board, geo.RINGS + 1, "parts", f"the citadel, then rings 1 to {geo.RINGS}")
    citadel_text = parts[0].upper()
    if citadel_text != "-" and set(citadel_text) - {"A"}:
        if "D" in citadel_text and not set(citadel_text) - {"A", "D"}:
            raise PositionError("position: citadel: a defender can never stand in the citadel")
        raise NotationError(f"position: citadel must be '-', 'A' or 'AA', not {parts[0]!r}")
    citadel = 0 if citadel_text == "-" else len(citadel_text)
    if citadel > MAX_CITADEL:
        raise PositionError(f"position: citadel: {citadel} attackers, but it holds at most {MAX_CITADEL}")
    rings = parse_rows(
        parts[1:],
        labels=[f"ring {ring}" for ring in range(1, geo.RINGS + 1)],
        lengths=[geo.SEGMENTS] * geo.RINGS,
        pieces={"A": ATT, "D": DEF},
        empty=EMPTY,
        unit="cells",
        ignore_case=True,
        names=[NAMES[ring * geo.SEGMENTS : (ring + 1) * geo.SEGMENTS] for ring in range(geo.RINGS)],
    )
    cells = tuple(value for ring in rings for value in ring)
    return cells, citadel, side, quiet


# -- move generation --------------------------------------------------------------------

def _quota_ok(opts: Options, cells: list[int] | tuple[int, ...], start: int, end: int) -> bool:
    """Whether the attackers' quota allows a board after an attacker went from start to end."""
    if not opts.quota_always and not (end in opts.neutral and start not in opts.neutral):
        return True
    in_zone = sum(1 for i in opts.neutral if cells[i] == ATT)
    return in_zone <= cells.count(DEF)


def _make_move(path: list[int], captured: list[int], separator: str, kind: str) -> Move:
    names = tuple(NAMES[i] for i in path)
    return Move(
        text=separator.join(names),
        path=names,
        captures=tuple(NAMES[i] for i in captured),
        kind=kind,
        key=(path[0], path[-1], tuple(captured)),
    )


def _generate_moves(state: RingoState) -> tuple[list[Move], dict[str, Move]]:
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
                if not _quota_ok(opts, after, start, end):
                    continue
            moves.append(_make_move([start, end], [], "-", "step"))
        # Leaps: a non-capturing leap over a neutral-zone piece is a move by itself;
        # captures grow into chains below.
        board = list(cells)
        for direction in leap_dirs:
            found = _leap(opts, board, state._citadel, start, direction, attacking, enemy)
            if found is None:
                continue
            over, land, capturing = found
            if not capturing:
                moves.append(_make_move([start, land], [], "^", "leap"))
        _chains(opts, board, state._citadel, attacking, own, enemy, leap_dirs, [start], [], chains)
    by_text = {move.text: move for move in moves}
    for paths in sorted(chains.values(), key=lambda ms: min(m.text for m in ms)):
        canonical = min(paths, key=lambda m: m.text)
        moves.append(canonical)
        for move in paths:
            by_text[move.text] = canonical
    return moves, by_text


def _leap(
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
        if not _quota_ok(opts, after, start, land):
            return None
    return over, land, capturing


def _chains(
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
        leap = _leap(opts, board, citadel, here, direction, attacking, enemy)
        if leap is None or not leap[2]:
            continue
        over, land, _ = leap
        # Make the leap on the scratch board.
        saved = (board[here], board[over] if over != CIT else None, board[land] if land != CIT else None)
        board[here] = EMPTY
        new_citadel = citadel
        if over == CIT:
            new_citadel -= 1
        else:
            board[over] = EMPTY
        if land == CIT:
            new_citadel += 1
        else:
            board[land] = own
        path.append(land)
        captured.append(over)
        move = _make_move(path, captured, "x", "capture")
        start, end = path[0], path[-1]
        key = ("loop", frozenset(captured)) if start == end else (start, end, frozenset(captured))
        found.setdefault(key, []).append(move)
        attackers_left = board.count(ATT) + new_citadel
        finished = land == CIT or (not attacking and attackers_left <= MAX_ATTACKERS - LOSSES_TO_WIN)
        if opts.multi_capture and not finished:
            _chains(opts, board, new_citadel, attacking, own, enemy, leap_dirs, path, captured, found)
        path.pop()
        captured.pop()
        board[here] = saved[0]
        if over != CIT:
            board[over] = saved[1]  # type: ignore[assignment]
        if land != CIT:
            board[land] = saved[2]  # type: ignore[assignment]


# -- why a move is illegal -----------------------------------------------------------------

_MOVE_RE = re.compile(r"^[a-z0-9]+(?:[-x^][a-z0-9]+)+$")


def _fail(message: str, code: str) -> tuple[str, str]:
    return (message, code)


def explain_illegal(state: RingoState, text: str) -> tuple[str, str]:
    """(message, code) naming the first rule a move text breaks in a game still going on."""
    if text == "pass":
        return _fail("pass: a player may pass only when the defenders have no legal move", "no-pass")
    if not _MOVE_RE.match(text):
        return _fail(
            f"{text}: not a Ringo move (write steps e6-e5, captures e3xe1 or e3xe1xg1, leaps over the neutral zone b3^h3)",
            "syntax",
        )
    names = re.split(r"[-x^]", text)
    separators = re.findall(r"[-x^]", text)
    for name in names:
        if name not in INDEX:
            return _fail(f"{text}: {name!r} is no cell (cells a1 to h6, the citadel z)", "no-such-cell")
    attacking = state._side == 0
    who = "attackers" if attacking else "defenders"
    own, enemy = (ATT, DEF) if attacking else (DEF, ATT)
    first = INDEX[names[0]]
    if first == CIT:
        if attacking and state._citadel:
            return _fail(f"{text}: an attacker in the citadel can never leave it", "citadel-exit")
        return _fail(f"{text}: no piece of the {who} on z", "no-piece")
    if state._cells[first] == EMPTY:
        return _fail(f"{text}: {names[0]} is empty", "no-piece")
    if state._cells[first] != own:
        return _fail(f"{text}: the piece on {names[0]} belongs to the other side; the {who} are to move", "not-your-piece")
    if "-" in separators:
        if len(names) != 2:
            return _fail(f"{text}: a step goes one cell only; a chain is written with x", "syntax")
        return _explain_step(state, text, first, INDEX[names[1]])
    if "^" in separators and len(names) != 2:
        return _fail(f"{text}: a leap over the neutral zone (^) is a whole move and cannot be chained", "chain")
    return _explain_leaps(state, text, [INDEX[n] for n in names], separators)


def _explain_step(state: RingoState, text: str, start: int, end: int) -> tuple[str, str]:
    opts = state._opts
    attacking = state._side == 0
    direction = _direction_between(STEP, start, end, lambda v: v)
    if direction is None:
        hint = ""
        if _direction_between(LEAP, start, end, lambda v: v[1]) is not None:
            hint = f"; a leap is written {NAMES[start]}x{NAMES[end]} (capture) or {NAMES[start]}^{NAMES[end]}"
        return _fail(f"{text}: {NAMES[end]} is not next to {NAMES[start]}{hint}", "not-adjacent")
    if attacking and direction == geo.OUTWARD:
        return _fail(f"{text}: attackers never move backwards (away from the citadel)", "backwards")
    if end == CIT:
        if not attacking:
            return _fail(f"{text}: defenders may never enter the citadel", "citadel")
        if state._citadel >= MAX_CITADEL:
            return _fail(f"{text}: the citadel already holds two attackers", "occupied")
    elif state._cells[end] != EMPTY:
        return _fail(f"{text}: {NAMES[end]} is occupied", "occupied")
    if attacking:
        after = list(state._cells)
        after[start] = EMPTY
        if end != CIT:
            after[end] = ATT
        if not _quota_ok(opts, after, start, end):
            return _quota_message(text, after)
    return _fail(f"{text}: not a legal move in this position", "illegal")


def _quota_message(text: str, after: list[int]) -> tuple[str, str]:
    defenders = after.count(DEF)
    return _fail(
        f"{text}: the attackers in the neutral zone may not outnumber the defenders on the board ({defenders})",
        "quota",
    )


def _explain_leaps(state: RingoState, text: str, path: list[int], separators: list[str]) -> tuple[str, str]:
    opts = state._opts
    attacking = state._side == 0
    own, enemy = (ATT, DEF) if attacking else (DEF, ATT)
    board = list(state._cells)
    citadel = state._citadel
    for number, (here, land, separator) in enumerate(zip(path, path[1:], separators)):
        leg = f"{NAMES[here]}{separator}{NAMES[land]}"
        if number >= 1 and here == CIT:
            return _fail(f"{text}: an attacker in the citadel can never leave it", "citadel-exit")
        if number >= 1 and board.count(ATT) + citadel <= MAX_ATTACKERS - LOSSES_TO_WIN:
            return _fail(f"{text}: the sixth capture already ended the game", "game-over")
        if number >= 1 and not opts.multi_capture:
            return _fail(f"{text}: only one capture per turn (variant multi_capture=off)", "multi-capture")
        direction = _direction_between(LEAP, here, land, lambda v: v[1])
        if direction is None:
            return _fail(
                f"{text}: {leg} is not a short leap (over the next cell onto the cell straight beyond)", "not-a-leap"
            )
        over = LEAP[here, direction][0]
        if attacking and direction == geo.OUTWARD:
            return _fail(f"{text}: attackers never move backwards (away from the citadel)", "backwards")
        if attacking and direction in (geo.CCW, geo.CW) and not opts.attacker_side_capture:
            return _fail(
                f"{text}: attackers leap forward only, towards the citadel (variant attacker_side_capture=off)",
                "capture-direction",
            )
        if land == CIT:
            if not attacking:
                return _fail(f"{text}: defenders may never enter the citadel", "citadel")
            if citadel >= MAX_CITADEL:
                return _fail(f"{text}: the citadel already holds two attackers", "occupied")
        elif board[land] != EMPTY:
            return _fail(f"{text}: {NAMES[land]} is occupied", "occupied")
        if over == CIT:
            if citadel == 0:
                return _fail(f"{text}: {leg} jumps the empty citadel", "nothing-to-jump")
            if attacking:
                return _fail(f"{text}: {leg} jumps the attackers' own piece", "own-piece")
        elif board[over] == EMPTY:
            return _fail(f"{text}: {leg} jumps the empty cell {NAMES[over]}", "nothing-to-jump")
        elif board[over] == own:
            return _fail(f"{text}: {leg} jumps the {'attackers' if attacking else 'defenders'}' own piece", "own-piece")
        neutral_over = over != CIT and over in opts.neutral
        if separator == "x" and neutral_over:
            return _fail(
                f"{text}: the piece on {NAMES[over]} stands in the neutral zone and cannot be captured"
                f" (a leap over it is written {NAMES[here]}^{NAMES[land]} and captures nothing)",
                "neutral",
            )
        if separator == "^" and not neutral_over:
            return _fail(
                f"{text}: the piece on {NAMES[over]} is not in the neutral zone, so this leap captures it:"
                f" write {NAMES[here]}x{NAMES[land]}",
                "not-neutral",
            )
        board[here] = EMPTY
        if separator == "x":
            if over == CIT:
                citadel -= 1
            else:
                board[over] = EMPTY
        if land == CIT:
            citadel += 1
        else:
            board[land] = own
        if attacking and not _quota_ok(opts, board, here, land):
            return _quota_message(text, board)
    return _fail(f"{text}: not a legal move in this position", "illegal")
