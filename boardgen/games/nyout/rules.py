"""Rules engine for Nyout (games.md section 8; seed 000, section NYOUT).

A turn begins at a chance point: the seat to move throws the four sticks
(to 1, kai 2, kel 3, nyout 4, mo 5).  A nyout or a mo earns another throw,
made at once, so a turn first collects its throws and then uses them one by
one: each :class:`~boardgen.engine.base.Move` spends one pending throw on one
horse (or the stack it belongs to), which runs exactly that many stations
along its route.  A horse coming in counts ``o01`` as its first station.
Landing on one's own horses (or, four playing, a partner's) makes a stack
that moves as one from then on; landing on an opponent's sends his whole
stack back to the start tray and earns one more throw (``capture_throw``),
made at once, its result joining the throws still to use (with
``enemy_stack=blocks`` two or more opposing horses on a station may not be
landed on at all; a lone one is still captured).  A horse standing on West
(``o05``) or South (``o10``) stopped there exactly, so it may turn into the
cross and run by the centre to North; a horse passing over them goes on
round the circle (``shortcut=culin``: the West arm runs on to the East, and a
horse standing on the centre may leave it north or east).  A horse leaves
the board when its move carries it beyond North (``bear_off=past``; the rest
of the throw is lost), and the first side with every horse off wins.

Seats are letters ``a`` to ``d`` in the order of play (``a`` first).  With
four players ``a`` and ``c`` are partners against ``b`` and ``d``: either
partner may move the side's horses, and the side wins together
(:attr:`Outcome.partners`).  With the default rules a forward throw can
always be used (a horse can always come in or run on: nothing blocks); a
throw that cannot (a back-do with no horse on the board, a landing refused by
``enemy_stack=blocks``) is let go with the move ``THROW:pass``, legal only
then.  A turn ends when its throws are spent.

``docs/notation/nyout.md`` documents the position and move notation, the
route rules and the illegal-move codes.

This module holds the state and its rules (throws, moves, captures, the
outcome and why a written move is refused); the ways a horse may travel the
board are in :mod:`.routes`, the tables of seats, throws and options in
:mod:`.tables`, the position text in :mod:`.position_text`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from boardgen.engine.base import UNKNOWN_OUTCOME, GameState, Move, Outcome, Piece, Throw
from boardgen.errors import NotationError, PositionError
from boardgen.games.nyout import GAME
from boardgen.games.nyout import geometry as geo
from boardgen.games.nyout.position_text import read_position, write_position
from boardgen.games.nyout.routes import behind, routes_from, turned_routes, walk
from boardgen.games.nyout.tables import (
    BACK_DO, INDEX, MOVE_RE, NAME, PASS, PASS_RE, RETHROW, SEAT_WORD, SEATS, STATIONS, THROWS, THROWS_BACK_DO, VALUE,
    Rules, allies, resolve_rules, team,
)
from boardgen.values import read_integer


class NyoutState(GameState):
    """A Nyout position: the stacks on the stations, horses off, the seat to move and its throws."""

    game_id = "nyout"
    MOVE_TEXT_IGNORES_CASE = True  # every place name is lower case (geometry.PLACE_NAMES)
    __slots__ = ("stacks", "off", "seat", "pending", "owed", "rules", "_cached_moves", "_cached_outcome")

    def __init__(
        self,
        stacks: tuple[str, ...],
        off: tuple[int, ...],
        seat: int,
        pending: tuple[int, ...],
        owed: int,
        rules: Rules,
    ) -> None:
        self.stacks = stacks  # per station (STATIONS order): the seat letters of its horses, sorted; "" empty
        self.off = off  # horses borne off, per seat
        self.seat = seat
        self.pending = pending  # throws made and not yet used, ascending
        self.owed = owed  # throws the seat must still make before moving (0 or 1)
        self.rules = rules
        self._cached_moves: Sequence[Move] | None = None
        self._cached_outcome: object = UNKNOWN_OUTCOME

    # -- construction -----------------------------------------------------------
    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "NyoutState":
        GAME.check_size(size)
        rules = resolve_rules(variants)
        return cls(("",) * len(STATIONS), (0,) * rules.players, 0, (), 1, rules)

    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return geo.PLACE_NAMES

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "NyoutState":
        state = read_position(cls, text, resolve_rules(variants))
        state._check_possible()
        return state

    def _check_possible(self) -> None:
        """Refuse positions no game reaches: too many horses of a seat, two sides finished."""
        rules = self.rules
        for s in range(rules.players):
            on_board = sum(stack.count(SEATS[s]) for stack in self.stacks)
            if on_board + self.off[s] > rules.horses:
                raise PositionError(
                    f"position: seat {SEATS[s]} has {on_board} horses on the board and {self.off[s]} off, "
                    f"more than its {rules.horses} ({rules.players} players)"
                )
        if len(self.finished_teams()) > 1:
            raise PositionError("position: two sides have every horse off; the game ends with the first")

    def to_text(self) -> str:
        return write_position(self)

    # -- who plays ----------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self.seat

    @property
    def is_chance(self) -> bool:
        return self.owed > 0 and self.outcome() is None

    def throws(self) -> Sequence[Throw]:
        if not self.is_chance:
            return ()
        return THROWS_BACK_DO if self.rules.back_do else THROWS

    @property
    def current_throw(self) -> Throw | None:
        """The throws in hand as one Throw, for a diagram: text ``kel mo``, four sticks' sides a throw.

        Also at a chance point that already holds throws (after a nyout, a mo or a capture),
        so that the diagram shows what the seat holds while it throws again.
        """
        if not self.pending or self.outcome() is not None:
            return None
        known = {int(t.key): t for t in (THROWS_BACK_DO if self.rules.back_do else THROWS)}  # type: ignore[call-overload]
        chance = Fraction(1)
        faces: tuple[int, ...] = ()
        for value in self.pending:
            chance *= known[value].probability
            faces += known[value].faces
        return Throw(" ".join(NAME[v] for v in self.pending), chance, faces, key=self.pending)

    def parse_throw(self, text: str) -> Throw:
        """A throw by name (``kel``) or by value (``3``), any case."""
        word = text.strip().lower()
        known = THROWS_BACK_DO if self.rules.back_do else THROWS
        for throw in known:
            if word in (throw.text, str(throw.key)):
                return throw
        raise NotationError(f"throw {text!r}: expected one of {', '.join(t.text for t in known)} (or 1 to 5)")

    def apply_throw(self, throw: Throw) -> "NyoutState":
        value = int(self.checked_throw(throw).key)  # type: ignore[call-overload]
        owed = self.owed - 1 + (1 if value in RETHROW else 0)
        pending = tuple(sorted(self.pending + (value,)))
        return type(self)(self.stacks, self.off, self.seat, pending, owed, self.rules)

    # -- moves ------------------------------------------------------------------------
    def waiting(self, seat: int) -> int:
        """Horses of ``seat`` in the start tray: neither on the board nor off."""
        letter = SEATS[seat]
        return self.rules.horses - self.off[seat] - sum(stack.count(letter) for stack in self.stacks)

    def entering_seat(self) -> int | None:
        """Whose horse comes in when the mover enters one: his own while he has one waiting, else his partner's."""
        for s in allies(self.seat, self.rules):
            if self.waiting(s) > 0:
                return s
        return None

    def generate_moves(self) -> Sequence[Move]:
        if self.owed or not self.pending:
            return []
        rules = self.rules
        mine = {SEATS[s] for s in allies(self.seat, rules)}
        moves: list[Move] = []
        seen: set[str] = set()
        for value in sorted(set(self.pending)):
            name = NAME[value]
            found: list[Move] = []
            if value == BACK_DO:
                found = self._back_moves(mine)
            else:
                if self.entering_seat() is not None:
                    path = (geo.START,) + geo.OUTER[:value]
                    found.append(self._move(name, path, "enter"))
                for index, stack in enumerate(self.stacks):
                    if not stack or stack[0] not in mine:
                        continue
                    station = STATIONS[index]
                    for route in routes_from(station, rules.culin):
                        path = (station,) + walk(route, value, rules.exit_on_north)
                        move = self._move(name, path, "move")
                        if move.text not in seen:
                            seen.add(move.text)
                            found.append(move)
            found = [move for move in found if not self.blocked(move.path[-1])]
            # a throw no horse can use is let go (a back-do with no horse on the board; enemy_stack=blocks)
            moves += found or [Move(f"{name}:{PASS}", (), (), "pass", key=value)]
        return moves

    def blocked(self, place: str) -> bool:
        """Whether a landing on ``place`` is refused: ``enemy_stack=blocks`` and two or more opposing horses there."""
        if not self.rules.stacks_block or place not in INDEX:
            return False
        stack = self.stacks[INDEX[place]]
        return len(stack) >= 2 and team(SEATS.index(stack[0]), self.rules) != team(self.seat, self.rules)

    def _move(self, name: str, path: tuple[str, ...], kind: str) -> Move:
        target = path[-1]
        captures: tuple[str, ...] = ()
        if target == geo.OFF:
            kind = "bear-off"
        elif target != geo.START:
            stack = self.stacks[INDEX[target]]
            if stack and team(SEATS.index(stack[0]), self.rules) != team(self.seat, self.rules):
                captures, kind = (target,), "capture"
            elif stack and kind == "move":
                kind = "stack"
        return Move(f"{name}:{path[0]}-{target}", path, captures, kind, key=VALUE[name])

    def _back_moves(self, mine: set[str]) -> list[Move]:
        """A back-do: each of the side's stacks one station back (where two ways meet, either); a horse
        on o01 goes back to the start tray.  With no horse of the side on the board none (it is let go: ``pass``)."""
        moves: list[Move] = []
        for index, stack in enumerate(self.stacks):
            if stack and stack[0] in mine:
                station = STATIONS[index]
                for before in behind(station, self.rules.culin):
                    move = self._move(NAME[BACK_DO], (station, before), "back")
                    kind = move.kind if move.kind in ("capture", "stack") else "back"
                    moves.append(Move(move.text, move.path, move.captures, kind, key=BACK_DO))
        return moves

    def apply(self, move: Move) -> "NyoutState":
        value = move.key if isinstance(move.key, int) else VALUE[move.text.partition(":")[0]]
        if move.kind == "pass":
            return self._after(self.stacks, self.off, value, 0)
        origin, target = move.path[0], move.path[-1]
        stacks = list(self.stacks)
        off = list(self.off)
        if origin == geo.START:
            entering = self.entering_seat()
            assert entering is not None, "no horse waiting to come in"
            riders = SEATS[entering]
        else:
            riders = stacks[INDEX[origin]]
            stacks[INDEX[origin]] = ""
        owed = 0
        if target == geo.START:  # a back-do from o01: the horses wait again
            pass
        elif target == geo.OFF:
            for letter in riders:
                off[SEATS.index(letter)] += 1
        else:
            there = stacks[INDEX[target]]
            if move.captures:
                there = ""  # the captured stack goes back to the start tray
                owed = 1 if self.rules.capture_throw else 0
            stacks[INDEX[target]] = "".join(sorted(there + riders))
        return self._after(tuple(stacks), tuple(off), value, owed)

    def _after(self, stacks: tuple[str, ...], off: tuple[int, ...], value: int, owed: int) -> "NyoutState":
        """The state once throw ``value`` is spent: the game over, the next seat to throw, or more to do."""
        pending = list(self.pending)
        pending.remove(value)
        state = type(self)(stacks, off, self.seat, tuple(pending), owed, self.rules)
        if state.finished_teams():
            return type(self)(state.stacks, state.off, self.seat, (), 0, self.rules)
        if not owed and not pending:  # the turn is over: the next seat throws
            return type(self)(state.stacks, state.off, (self.seat + 1) % self.rules.players, (), 1, self.rules)
        return state

    # -- the end ----------------------------------------------------------------------
    def finished_teams(self) -> list[int]:
        """Sides (see :func:`team`) with every horse off."""
        rules = self.rules
        done = []
        for side in sorted({team(s, rules) for s in range(rules.players)}):
            members = [s for s in range(rules.players) if team(s, rules) == side]
            if all(self.off[s] == rules.horses for s in members):
                done.append(side)
        return done

    def compute_outcome(self) -> Outcome | None:
        done = self.finished_teams()
        if not done:
            return None
        members = [s for s in range(self.rules.players) if team(s, self.rules) == done[0]]
        winner = self.seat if self.seat in members else members[0]
        partners = tuple(s for s in members if s != winner)
        if partners:
            reason = f"{SEATS[winner]} and {SEATS[partners[0]]} have borne off all their horses"
        else:
            reason = f"{SEATS[winner]} has borne off all {SEAT_WORD[self.rules.players]} horses"
        return Outcome(winner, reason, partners=partners)

    # -- diagrams -----------------------------------------------------------------------
    def placements(self) -> list[tuple[str, Piece]]:
        """Each station's horses by seat (a stack of partners gives two placements), then both trays by seat."""
        found: list[tuple[str, Piece]] = []
        for name, stack in zip(STATIONS, self.stacks):
            for letter in sorted(set(stack)):
                found.append((name, Piece(SEATS.index(letter), "horse", stack.count(letter))))
        for s in range(self.rules.players):
            if self.waiting(s):
                found.append((geo.START, Piece(s, "horse", self.waiting(s))))
        for s in range(self.rules.players):
            if self.off[s]:
                found.append((geo.OFF, Piece(s, "horse", self.off[s])))
        return found

    # -- notation ---------------------------------------------------------------------------
    def canonical_move_text(self, text: str) -> str:
        """``3:o05-c`` -> ``kel:o05-c``, ``3:pass`` -> ``kel:pass``: a throw by value or by name (the case is gone already)."""
        match = MOVE_RE.match(text)
        if not match:
            passing = PASS_RE.match(text)
            if passing:
                return f"{_throw_name(passing.group(1))}:{PASS}"
            return text  # a text why_illegal explains
        throw_text, origin, target = match.groups()
        return f"{_throw_name(throw_text)}:{origin}-{target}"

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        if self.is_chance:
            return (f"{text}: {SEATS[self.seat]} must throw the sticks first", "must-throw")
        passing = PASS_RE.match(text)
        if passing:
            throw = passing.group(1)
            if throw not in VALUE or (throw == NAME[BACK_DO] and not self.rules.back_do):
                return (f"{text}: {throw!r} is not a throw (to, kai, kel, nyout, mo)", "syntax")
            if VALUE[throw] in self.pending:
                return (f"{text}: a horse of {SEATS[self.seat]}'s side can use the {throw}, so it must be used", "must-use")
            return (f"{text}: there is no {throw} to let go", "no-such-throw")
        match = MOVE_RE.match(text)
        if not match:
            return (f"{text}: expected THROW:FROM-TO, e.g. kel:o05-c or mo:start-o05", "syntax")
        throw, origin, target = match.groups()
        if throw not in VALUE or (throw == NAME[BACK_DO] and not self.rules.back_do):
            return (f"{text}: {throw!r} is not a throw (to, kai, kel, nyout, mo)", "syntax")
        for place in (origin, target):
            if place not in geo.PLACE_NAMES:
                return (f"{text}: {place!r} is not a station of the board", "off-board")
        value = VALUE[throw]
        if value not in self.pending:
            held = " ".join(NAME[v] for v in self.pending)
            return (f"{text}: there is no {throw} to use (throws: {held})", "no-such-throw")
        if origin == geo.OFF or (target == geo.START and value != BACK_DO):
            return (f"{text}: horses run from the start tray towards the exit, never back", "backwards")
        if origin == geo.START:
            if value == BACK_DO:
                return (f"{text}: a back-do moves a horse on the board back; none comes in with it", "backwards")
            if self.entering_seat() is None:
                return (f"{text}: no horse of {SEATS[self.seat]}'s side waits to come in", "no-horse")
            if target == geo.OUTER[value - 1] and self.blocked(target):
                return self._why_blocked(text, target)
            return (f"{text}: a {throw} brings a horse in to {geo.OUTER[value - 1]}", "wrong-distance")
        stack = self.stacks[INDEX[origin]] if origin in INDEX else ""
        if not stack:
            return (f"{text}: no horse stands on {origin}", "no-horse")
        if stack[0] not in {SEATS[s] for s in allies(self.seat, self.rules)}:
            return (f"{text}: the horses on {origin} are not {SEATS[self.seat]}'s side's", "not-yours")
        if value == BACK_DO:
            if target in behind(origin, self.rules.culin) and self.blocked(target):
                return self._why_blocked(text, target)
            return (f"{text}: a back-do takes a horse on {origin} back to {' or '.join(behind(origin, self.rules.culin))}", "wrong-distance")
        return self._why_not_there(text, origin, target, value)

    def _why_blocked(self, text: str, target: str) -> tuple[str, str]:
        stack = self.stacks[INDEX[target]]
        return (
            f"{text}: {len(stack)} horses of the other side stand on {target}; with enemy_stack=blocks a stack "
            "of two or more may not be landed on (a lone horse would be captured)",
            "blocked",
        )

    def _why_not_there(self, text: str, origin: str, target: str, value: int) -> tuple[str, str]:
        """A horse of the mover's side on ``origin`` with a throw it holds: why not to ``target``."""
        rules = self.rules
        for route in routes_from(origin, rules.culin):
            if target in INDEX and walk(route, value, rules.exit_on_north)[-1] == target and self.blocked(target):
                return self._why_blocked(text, target)
        if target == geo.OFF and not rules.exit_on_north:
            for route in routes_from(origin, rules.culin):
                if len(route) - 1 == value:
                    return (f"{text}: the {NAME[value]} only reaches North; a horse leaves by going past it", "not-past")
        # Would some turn it may not take (at a cardinal passed over, into the East arm, at the centre) get it there?
        for turned, why in turned_routes(origin, rules.culin):
            if walk(turned, value, rules.exit_on_north)[-1] == target:
                return (f"{text}: {why}", "no-shortcut")
        return (f"{text}: a {NAME[value]} from {origin} does not lead to {target}", "wrong-distance")


def _throw_name(text: str) -> str:
    """A throw written by name or value, as its name (``3`` -> ``kel``); anything else lower-cased."""
    throw = text.lower()
    if (number := read_integer(throw)) is not None and number in NAME:  # ASCII digits, bounded (boardgen.values)
        return NAME[number]
    return throw
