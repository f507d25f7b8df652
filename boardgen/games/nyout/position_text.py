"""Nyout's position text: where each horse stands, whose turn, the throws still to use
(``docs/notation/nyout.md``), read into a state and written back.

The text is a list of words (``PLACE=SEATS`` for every occupied station, the
seat to move, then ``throws ...``), not fields in fixed places, so it has a
reader of its own; whether the position can arise is the state's matter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgen.engine.position_text import read_choice
from boardgen.errors import NotationError, PositionError
from boardgen.games.nyout import geometry as geo
from boardgen.games.nyout.tables import BACK_DO, INDEX, LOWER, NAME, SEATS, STATIONS, VALUE, Rules, team

if TYPE_CHECKING:  # the state module imports this one
    from boardgen.games.nyout.rules import NyoutState


def read_position(cls: type[NyoutState], text: str, rules: Rules) -> NyoutState:
    """The state of class ``cls`` a position text writes (``o05=ab c=d a throws kel mo +``), not yet
    checked for reachability (the state's ``_check_possible`` does that)."""
    fields = text.split()
    stacks = [""] * len(STATIONS)
    off = [0] * rules.players
    k = 0
    seen: set[str] = set()
    while k < len(fields) and "=" in fields[k]:
        place_text, _, letters = fields[k].partition("=")
        place = LOWER.get(place_text.lower())
        if place is None or place == geo.START:
            raise NotationError(f"position: {place_text!r} is not a station or 'off' (stations o01..o20, w1, w2, s1, s2, e1, e2, n1, n2, c)")
        if place in seen:
            raise PositionError(f"position: {place} is given twice")
        seen.add(place)
        seats = read_seats(letters, place, rules)
        if place == geo.OFF:
            for s in seats:
                off[s] += 1
        else:
            if len({team(s, rules) for s in seats}) > 1:
                raise PositionError(f"position: {place} holds horses of opposing sides ({letters}); a landing captures or is refused")
            stacks[INDEX[place]] = "".join(SEATS[s] for s in sorted(seats))
        k += 1
    rest = fields[k:]
    if not rest:
        raise NotationError(f"position: the seat to move (a..{SEATS[rules.players - 1]}) is missing in {text.strip()!r}")
    seat = read_choice(rest[0], [(letter, None) for letter in SEATS[: rules.players]], "seat to move", ignore_case=True)
    pending, owed = read_throws(rest[1:])
    if BACK_DO in pending and not rules.back_do:
        raise NotationError("position: a backdo is only thrown with back_do=on")
    return cls(tuple(stacks), tuple(off), seat, pending, owed, rules)


def write_position(state: NyoutState) -> str:
    """The position text :func:`read_position` reads back to the same state."""
    parts = [f"{name}={stack}" for name, stack in zip(STATIONS, state.stacks) if stack]
    gone = "".join(SEATS[s] * n for s, n in enumerate(state.off))
    if gone:
        parts.append(f"{geo.OFF}={gone}")
    parts.append(SEATS[state.seat])
    if state.pending and state.outcome() is None:
        parts.append("throws")
        parts += [NAME[v] for v in state.pending]
        if state.owed:
            parts.append("+")
    return " ".join(parts)


def read_seats(letters: str, place: str, rules: Rules) -> list[int]:
    allowed = SEATS[: rules.players]
    if not letters:
        raise NotationError(f"position: {place}= names no horse (seat letters {', '.join(allowed)})")
    seats = []
    for letter in letters.lower():
        if letter not in allowed:
            raise NotationError(f"position: {place}={letters}: {letter!r} is not a seat of {rules.players} players ({', '.join(allowed)})")
        seats.append(SEATS.index(letter))
    return seats


def read_throws(words: list[str]) -> tuple[tuple[int, ...], int]:
    """``throws kel mo [+]`` -> (pending values ascending, throws still owed); nothing: a turn to throw."""
    if not words:
        return ((), 1)
    if words[0].lower() != "throws":
        raise NotationError(f"position: expected 'throws' and throw names after the seat, not {words[0]!r}")
    names = words[1:]
    owed = 0
    if names and names[-1] == "+":
        owed, names = 1, names[:-1]
    if not names:
        raise NotationError("position: 'throws' names no throw (to, kai, kel, nyout, mo)")
    values = []
    for word in names:
        if word.lower() not in VALUE:
            raise NotationError(f"position: {word!r} is not a throw (to, kai, kel, nyout, mo; backdo with back_do=on)")
        values.append(VALUE[word.lower()])
    return (tuple(sorted(values)), owed)
