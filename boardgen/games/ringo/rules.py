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

This module holds the state: the position, its outcome, and playing a move.
The engine's other jobs have modules of their own, which read the state's
cells directly (they are the state's own parts, split by job): the tables of
cells and options (:mod:`.tables`), the move generator (:mod:`.moves`), the
refusal reasons (:mod:`.refusals`) and the position text (:mod:`.position_text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, cast

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.errors import IllegalMoveError, PositionError
from boardgen.games.ringo import GAME
from boardgen.games.ringo import geometry as geo
from boardgen.games.ringo.moves import generate_moves_of
from boardgen.games.ringo.position_text import parse_position, write_position
from boardgen.games.ringo.refusals import explain_illegal
from boardgen.games.ringo.tables import (
    ATT, CIT, DEF, EMPTY, INDEX, LOSSES_TO_WIN, MAX_ATTACKERS, MAX_CITADEL, MAX_DEFENDERS, NAMES, NO_PROGRESS_REASON,
    OWNER_MARK, PASS, START_TEXT, Options, move_piece, options_for, ring_of,
)

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
        return write_position(self._cells, self._citadel, self._side, self._quiet)

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
        progress = bool(captured) or (self._side == 0 and ring_of(end) < ring_of(start))
        quiet = 0 if progress else self._quiet + 1
        cells = list(self._cells)
        citadel = move_piece(cells, self._citadel, start, end, captured)
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
        moves, self._by_text = generate_moves_of(self)
        if not moves:
            self._by_text = {PASS.text: PASS}
            return [PASS]
        return moves

    # -- explanations -----------------------------------------------------------------
    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        return explain_illegal(self, text)
