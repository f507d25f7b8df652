"""Rules engine for Awelé, Pingaud's version (games.md section 9; seed 002, "Como jogar: Mancala").

South (player 0) moves first.  A turn takes every seed of one of the
mover's non-empty pits and sows them one by one counter-clockwise, passing
over the emptied pit on laps of 12 or more.  If the last seed lands in an
opponent's pit that now holds 2 or 3 seeds they are captured, and so are
those of the pits before it (going backwards, clockwise) while they are the
opponent's and hold 2 or 3.

The game ends by famine (the player to move has no seed), at 25 captured
seeds (``early_win``), by impasse (a position seen since the last capture
comes back, ``repetition``; or ``no_capture`` turns without a capture), or
with ``must_feed=on`` when the opponent is starving and no move can reach
him.  Each ambiguity of games.md 9.4 is a variant option (the grand slam
three ways: it captures, it captures nothing, or it may not be played while
another move exists); ``rules=abapa``
spells out the competition rules that OpenSpiel's ``oware`` plays (the
oracle test compares the two).  ``docs/notation/awele.md`` documents the
notation and the illegal-move codes.

A position is pit counts, not pieces: :meth:`AweleState.placements` gives one
:class:`~boardgen.engine.base.Piece` per non-empty pit or store with its
``count``, and a capture's :class:`~boardgen.engine.base.Move` lists the
seeds taken from each pit in ``taken``.

Why the position text may carry a history: the repetition rule needs the
positions since the last capture, and a text must carry every counter a
rule needs (the conformance harness reads positions back).  It holds at most
``quiet`` boards, the number of turns since the last capture.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.variants import VariantValues
from boardgen.errors import NotationError, PositionError
from boardgen.games.awele import GAME
from boardgen.games.awele import geometry as geo
from boardgen.values import read_whole_number

PITS = geo.PIT_COUNT
ROW = geo.PITS_PER_ROW
NAMES = geo.PIT_NAMES
INDEX = geo.PIT_INDEX
SIDE_LETTERS = ("s", "n")
START_PITS = (geo.SEEDS_PER_PIT,) * PITS
# One character per pit count in the history field: counts 0..61 (48 is the most a pit can hold).
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
PLACE_RE = re.compile(r"^[a-z][0-9]+$")


@dataclass(frozen=True)
class Rules:
    """The variant options of one game, typed (built once per combination)."""

    must_feed: bool
    famine_to_starving: bool  # famine=starving: the player who cannot play collects the seeds left
    grand_slam_captures: bool  # grand_slam=allowed or illegal: a grand slam that is played captures
    grand_slam_illegal: bool  # grand_slam=illegal: it may not be played while another move exists
    leftovers_to_owner: bool  # impasse_seeds=own-row
    early_win: bool
    repetition: bool
    no_capture: int


@cache
def rules_for(chosen: VariantValues) -> Rules:
    return Rules(
        must_feed=chosen.must_feed,
        famine_to_starving=chosen.famine == "starving",
        grand_slam_captures=chosen.grand_slam != "no-capture",
        grand_slam_illegal=chosen.grand_slam == "illegal",
        leftovers_to_owner=chosen.impasse_seeds == "own-row",
        early_win=chosen.early_win,
        repetition=chosen.repetition,
        no_capture=chosen.no_capture,
    )


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))


class Sowing(NamedTuple):
    """What sowing one pit does: the pits sown, the board after it and what is captured.

    A named tuple, not a dataclass: every node of a perft makes six of them.
    """

    origin: int
    sown: tuple[int, ...]
    pits: tuple[int, ...]  # after the capture
    captured: tuple[int, ...]  # pits emptied by the capture, from the last pit sown backwards
    taken: tuple[int, ...]  # seeds taken from each of them
    grand_slam: bool  # the capture takes, or would take, every seed of the opponent's row


# ORDER[origin][n]: the pits n seeds from ``origin`` are sown into; PATHS: the same as a move's path of names.
ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(geo.sowing_order(origin, n) for n in range(geo.SEED_COUNT + 1)) for origin in range(PITS)
)
PATHS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple((NAMES[origin],) + tuple(NAMES[p] for p in order) for order in ORDER[origin]) for origin in range(PITS)
)


def sow(pits: tuple[int, ...], origin: int, side: int, rules: Rules) -> Sowing:
    """Sow pit ``origin`` for player ``side`` and capture (games.md 9.3 rules 1 and 2)."""
    board = list(pits)
    sown = ORDER[origin][board[origin]]
    board[origin] = 0
    for pit in sown:
        board[pit] += 1
    last = sown[-1]
    captured: list[int] = []
    low = ROW if side == 0 else 0
    if low <= last < low + ROW:
        pit = last
        while pit >= low and board[pit] in (2, 3):
            captured.append(pit)
            pit -= 1
    slam = False
    if captured:
        slam = sum(board[low : low + ROW]) == sum(board[p] for p in captured)
        if slam and not rules.grand_slam_captures:
            captured = []
    taken = tuple(board[p] for p in captured)
    for pit in captured:
        board[pit] = 0
    return Sowing(origin, sown, tuple(board), tuple(captured), taken, slam)


def _board_key(pits: tuple[int, ...], side: int) -> str:
    """A board and the player to move, as the history field writes it (and compares it)."""
    return "".join([DIGITS[n] for n in pits]) + SIDE_LETTERS[side]


class AweleState(GameState):
    """An Awelé position: the seeds in each pit and store, whose turn, turns since a capture, history.

    Position text: ``<south row>/<north row> <south store>-<north store> <side> <quiet> [history]``,
    e.g. the start ``4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0``.  Each row is written in
    sowing order, from its owner's left: South ``a1..f1``, North ``f2..a2``.
    ``side`` is ``s`` (South, player 0) or ``n``; ``quiet`` counts turns since the
    last capture.  ``history`` (with ``repetition=on``) lists the earlier
    positions since the last capture, oldest first, joined by ``.``: each is
    the twelve pit counts in sowing order, one character each (``0-9``, then
    ``a-z`` for 10..35, ``A-Z`` for 36..61), and the side to move then.
    """

    game_id = "awele"
    MOVE_TEXT_IGNORES_CASE = True

    def __init__(
        self,
        pits: tuple[int, ...],
        scores: tuple[int, int],
        side: int,
        quiet: int,
        history: tuple[str, ...],
        rules: Rules,
    ) -> None:
        self._pits = pits
        self._scores = scores
        self._side = side
        self._quiet = quiet
        self._history = history
        self._rules = rules

    # -- construction -------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return geo.PLACE_NAMES

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "AweleState":
        GAME.check_size(size)
        return cls(START_PITS, (0, 0), 0, 0, (), resolve_rules(variants))

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "AweleState":
        rules = resolve_rules(variants)
        fields = split_fields(
            text, (4, 5), "'<south row>/<north row> <south store>-<north store> <side> <quiet> [history]'"
        )
        rows_text, stores_text, side_text, quiet_text = fields[:4]
        pits = _read_rows(rows_text)
        scores = _read_stores(stores_text)
        side = read_choice(side_text, tuple(zip(SIDE_LETTERS, ("South", "North"))), "side to move")
        quiet = read_counter(quiet_text, "the turns-since-capture counter")
        history = tuple(fields[4].split(".")) if len(fields) == 5 else ()
        cls._check_possible(pits, scores, side, quiet, history, rules)
        return cls(pits, scores, side, quiet, history, rules)

    @staticmethod
    def _check_possible(
        pits: tuple[int, ...], scores: tuple[int, int], side: int, quiet: int, history: tuple[str, ...], rules: Rules
    ) -> None:
        """Refuse positions no game reaches: the 48 seeds must all be somewhere, counters within their rules."""
        total = sum(pits) + sum(scores)
        if total != geo.SEED_COUNT:
            raise PositionError(
                f"position: {sum(pits)} seeds in the pits and {sum(scores)} in the stores make {total}, "
                f"not the game's {geo.SEED_COUNT}"
            )
        if 1 in scores:
            raise PositionError("position: a store holds 1 seed, but every capture takes 2 or 3 seeds from each pit")
        if quiet > rules.no_capture:
            raise PositionError(
                f"position: {quiet} turns since the last capture, but the game ends by impasse at "
                f"{rules.no_capture} (no_capture={rules.no_capture})"
            )
        if history and not rules.repetition:
            raise PositionError("position: a history field is only kept with repetition=on")
        if len(history) > quiet:
            raise PositionError(
                f"position: {len(history)} earlier positions in the history, but only {quiet} turns since the last capture"
            )
        seeds = sum(pits)
        for number, key in enumerate(history, start=1):
            expected = SIDE_LETTERS[(side + len(history) - number + 1) % 2]
            if len(key) != PITS + 1 or any(c not in DIGITS for c in key[:PITS]) or key[PITS] != expected:
                raise NotationError(
                    f"position: history entry {number} ({key!r}) must be 12 pit counts (0-9, a-z, A-Z) and the "
                    f"side to move then, {expected!r} (sides alternate back from the current one)"
                )
            if sum(DIGITS.index(c) for c in key[:PITS]) != seeds:
                raise PositionError(
                    f"position: history entry {number} ({key!r}) holds a different number of seeds than the pits "
                    "now, but no capture happened since"
                )

    def to_text(self) -> str:
        south = ",".join(str(n) for n in self._pits[:ROW])
        north = ",".join(str(n) for n in self._pits[ROW:])
        text = f"{south}/{north} {self._scores[0]}-{self._scores[1]} {SIDE_LETTERS[self._side]} {self._quiet}"
        return f"{text} {'.'.join(self._history)}" if self._history else text

    # -- queries --------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def pits(self) -> tuple[int, ...]:
        """Seeds in each pit, in sowing order (a1..f1, f2..a2)."""
        return self._pits

    @property
    def scores(self) -> tuple[int, int]:
        """Seeds captured so far by South and by North (what the stores hold)."""
        return self._scores

    @property
    def quiet_turns(self) -> int:
        return self._quiet

    def count(self, name: str) -> int:
        """Seeds in a pit or store, by name."""
        name = name.strip().lower()
        if name in geo.STORES:
            return self._scores[geo.STORES.index(name)]
        return self._pits[INDEX[name]]

    def placements(self) -> list[tuple[str, Piece]]:
        """One entry per non-empty pit or store, with its seed count (the owner is the row's or store's player)."""
        found = [(NAMES[i], Piece(geo.owner(i), "seed", n)) for i, n in enumerate(self._pits) if n]
        found += [(geo.STORES[p], Piece(p, "seed", n)) for p, n in enumerate(self._scores) if n]
        return found

    @property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        return self._side

    def final_scores(self) -> tuple[int, int]:
        """The seeds each player ends with: captured, plus the seeds left as the end rule gives them.

        While the game goes on, the seeds captured so far.
        """
        ended = self._end()
        return self._scores if ended is None else ended[0]

    # -- move generation --------------------------------------------------------
    def generate_moves(self) -> list[Move]:
        pits, side, rules = self._pits, self._side, self._rules
        starving = sum(pits[p] for p in geo.row(1 - side)) == 0
        moves: list[Move] = []
        slams: list[Move] = []  # grand slams, kept apart with grand_slam=illegal
        for origin in geo.row(side):
            seeds = pits[origin]
            if not seeds:
                continue
            if rules.must_feed and starving and seeds <= (ROW - 1) - (origin % ROW):
                continue  # every seed stays in the mover's own row
            result = sow(pits, origin, side, rules)
            captured = result.captured
            (slams if rules.grand_slam_illegal and result.grand_slam else moves).append(
                Move(
                    NAMES[origin],
                    PATHS[origin][seeds],
                    tuple([NAMES[p] for p in captured]) if captured else (),
                    "capture" if captured else "sow",
                    result,
                    result.taken,
                )
            )
        # grand_slam=illegal: a grand slam is refused while any other move exists; when every move is one,
        # the player plays one of them and it captures (the Awari rules of Allis, van der Meulen and van den
        # Herik, 1991, which lift the ban when all moves would leave the opponent no seed).
        return moves if moves or not slams else slams

    # -- play --------------------------------------------------------------------
    def apply(self, move: Move) -> "AweleState":
        result: Any = move.key
        if not isinstance(result, Sowing):
            result = self.parse_move(move.text).key
        side = self._side
        scores = list(self._scores)
        scores[side] += sum(result.taken)
        history: tuple[str, ...] = ()
        if result.captured:
            quiet = 0
        else:
            quiet = self._quiet + 1
            history = self._history + (_board_key(self._pits, side),) if self._rules.repetition else ()
        return AweleState(result.pits, (scores[0], scores[1]), 1 - side, quiet, history, self._rules)

    def compute_outcome(self) -> Outcome | None:
        ended = self._end()
        if ended is None:
            return None
        (south, north), why = ended
        winner = 0 if south > north else 1 if north > south else None
        return Outcome(winner, f"{why}: {south}-{north}")

    def _end(self) -> tuple[tuple[int, int], str] | None:
        """(final seeds of South and North, why) when the game is over here, else None."""
        pits, side, rules = self._pits, self._side, self._rules
        south, north = self._scores
        own = [sum(pits[p] for p in geo.row(player)) for player in (0, 1)]
        left = own[0] + own[1]

        def leftovers() -> tuple[int, int]:
            if rules.leftovers_to_owner:
                return (south + own[0], north + own[1])
            return (south, north)

        if rules.early_win and max(south, north) >= geo.MAJORITY:
            who = "South" if south > north else "North"
            return leftovers(), f"{who} has captured {max(south, north)} seeds, a majority"
        if own[side] == 0:
            name = "South" if side == 0 else "North"
            if rules.famine_to_starving:
                gained = (south + left, north) if side == 0 else (south, north + left)
                return gained, f"famine: {name} has no seed to sow and collects the {left} left"
            return (south + own[0], north + own[1]), f"famine: {name} has no seed to sow; the seeds stay with their owner"
        if rules.must_feed and own[1 - side] == 0 and not self.generated_moves():
            name = "South" if side == 0 else "North"
            seeds = "the seed" if left == 1 else f"the {left} seeds"
            return (south + own[0], north + own[1]), f"{name} cannot feed the starving opponent and takes {seeds} left"
        if rules.repetition and _board_key(pits, side) in self._history:
            return leftovers(), "impasse: the position has come back since the last capture"
        if self._quiet >= rules.no_capture:
            return leftovers(), f"impasse: {rules.no_capture} turns without a capture"
        return None

    # -- notation ----------------------------------------------------------------
    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """Name the rule a move text breaks; codes are listed in docs/notation/awele.md."""
        move = self.normalize_move_text(text)
        if move in geo.STORES:
            return (f"{text}: sowing starts from a pit of your row, never from a store", "store")
        if not PLACE_RE.match(move):
            return (f"{text}: not a move; a move names the pit to sow, e.g. c1", "syntax")
        if move not in INDEX:
            return (f"{text}: {move} is not a pit (pits are a1-f1 and a2-f2)", "off-board")
        origin = INDEX[move]
        whose = "South" if self._side == 0 else "North"
        if geo.owner(origin) != self._side:
            return (f"{text}: {move} is in the opponent's row; {whose} sows from row {self._side + 1}", "not-yours")
        if self._pits[origin] == 0:
            return (f"{text}: {move} is empty", "empty")
        if self._rules.grand_slam_illegal and sow(self._pits, origin, self._side, self._rules).grand_slam:
            return (f"{text}: this sowing would capture every seed of the opponent's row, and another move exists "
                    "(grand_slam=illegal)", "grand-slam")
        if self._rules.must_feed:
            return (f"{text}: the opponent has no seed and this sowing gives him none (must_feed=on)", "must-feed")
        return (f"{text}: not a legal move in this position", "illegal")


def _read_rows(text: str) -> tuple[int, ...]:
    rows = split_rows(text, 2, order="South's, then North's")
    pits: list[int] = []
    for who, row in zip(("South", "North"), rows):
        counts = row.split(",")
        if len(counts) != ROW:
            raise NotationError(f"position: {who}'s row needs {ROW} pit counts separated by ',', got {len(counts)}")
        for k, count in enumerate(counts):
            number = read_whole_number(count)
            if number is None:
                pit = NAMES[len(pits)]
                raise NotationError(f"position: {who}'s row, pit {pit}: the count must be a whole number, not {count!r}")
            pits.append(number)
    return tuple(pits)


def _read_stores(text: str) -> tuple[int, int]:
    south, sep, north = text.partition("-")
    if not sep:
        raise NotationError(f"position: the stores are written SOUTH-NORTH, e.g. 0-0, not {text!r}")
    a = read_counter(south, "South's store")
    b = read_counter(north, "North's store")
    return (a, b)
