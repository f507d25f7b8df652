"""Chance points shared by the games of chance: fixed throw distributions, seeded sampling, checks.

A chance point (:attr:`~boardgen.engine.base.GameState.is_chance`) lists its
throws with exact :class:`~fractions.Fraction` probabilities.  Sampling here
draws from those fractions with integers only (one ``randrange`` over their
common denominator), not with floats, so the same seed gives the same throws
on every machine and Python version: golden playthroughs and random playouts
of games of chance stay reproducible.

Two fixed distributions are ready for engines to reuse:

* :data:`TWO_DICE`: two six-sided dice where the order does not matter, 21
  throws ``1-1``, ``2-1``, ``2-2``, ``3-1`` ... ``6-6`` (higher die first);
  a double has probability 1/36, any other throw 2/36.  ``faces`` are the
  two dice, higher first; ``key`` is the same pair.
* :data:`STICKS_4`: four two-sided throw sticks (or coins).  The value is the
  number of marked sides up, 1 to 4, and 5 when no marked side is up; with
  fair sticks 1, 2, 3, 4, 5 come with 4, 6, 4, 1, 1 sixteenths.  ``text`` is
  the value (``"1"`` .. ``"5"``) and ``key`` the value as an int; ``faces``
  are the four sticks' sides up, 1 marked and 0 plain, with the marked ones
  first: 1 = ``(1, 0, 0, 0)``, 2 = ``(1, 1, 0, 0)``, 3 = ``(1, 1, 1, 0)``,
  4 = ``(1, 1, 1, 1)``, 5 = ``(0, 0, 0, 0)``.  A game with names for the
  values (Nyout: to, kai, kel, nyout, mo) renames them with
  ``dataclasses.replace(throw, text=name)``, which keeps probability, faces
  and key.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from boardgen.engine.base import GameState, Throw
from boardgen.errors import IllegalMoveError


def _two_dice() -> tuple[Throw, ...]:
    throws = []
    for high in range(1, 7):
        for low in range(1, high + 1):
            chance = Fraction(1, 36) if high == low else Fraction(2, 36)
            throws.append(Throw(f"{high}-{low}", chance, (high, low), key=(high, low)))
    return tuple(throws)


def _sticks_4() -> tuple[Throw, ...]:
    throws = []
    for value in range(1, 6):
        marked = value if value < 5 else 0
        ways = math.comb(4, marked)
        faces = tuple(1 if i < marked else 0 for i in range(4))
        throws.append(Throw(str(value), Fraction(ways, 16), faces, key=value))
    return tuple(throws)


TWO_DICE: tuple[Throw, ...] = _two_dice()
STICKS_4: tuple[Throw, ...] = _sticks_4()


def has_chance(engine: type[GameState]) -> bool:
    """Whether ``engine`` can ever be at a chance point (it overrides ``is_chance``).

    Lets the hot loops (perft) keep their old, faster path for the games
    without chance, which would only ever answer False.
    """
    return getattr(engine, "is_chance") is not getattr(GameState, "is_chance")


def sample_throw(state: GameState, rng: random.Random) -> Throw:
    """One of ``state.throws()``, drawn by its probability from ``rng`` (seeded: reproducible).

    IllegalMoveError when ``state`` is not a chance point, so a caller that
    meant to choose a move hears about it instead of getting a throw.
    """
    if not state.is_chance:
        raise IllegalMoveError(f"{state.to_text()}: no throw is due in this position", "no-throw")
    return draw(state.throws(), rng)


def draw(throws: Sequence[Throw], rng: random.Random) -> Throw:
    """One of ``throws`` by its exact probability, using one integer draw from ``rng``.

    The probabilities are put over their common denominator and a single
    ``rng.randrange`` picks a slot, so no float rounding can make the draw
    depend on the platform, and a distribution whose probabilities do not
    sum to 1 is refused rather than silently skewed.
    """
    if not throws:
        raise ValueError("no throws to draw from")
    denominator = math.lcm(*(t.probability.denominator for t in throws))
    slots = [t.probability.numerator * (denominator // t.probability.denominator) for t in throws]
    if sum(slots) != denominator:
        raise ValueError(f"throw probabilities sum to {sum(t.probability for t in throws)}, not 1")
    pick = rng.randrange(denominator)
    for throw, width in zip(throws, slots):
        if pick < width:
            return throw
        pick -= width
    raise AssertionError("unreachable: the slots cover the denominator")  # pragma: no cover


def check_throw_distribution(state: GameState) -> tuple[Throw, ...]:
    """The throws of chance point ``state``, after checking them; ValueError listing every problem.

    Checked: the state is a chance point with someone to throw and nothing to
    choose (no legal move, no outcome); there is at least one throw; every
    probability is a Fraction above 0 and they sum to exactly 1; the texts are
    distinct, non-empty and read back by ``parse_throw`` as the same throw.
    The conformance harness calls it at every chance point it meets.
    """
    problems: list[str] = []
    throws = tuple(state.throws())
    if not state.is_chance:
        problems.append("not a chance point")
    if state.to_move is None or not 0 <= state.to_move < state.players:
        problems.append(f"to_move is {state.to_move!r}, not a seat of {state.players}")
    if state.legal_moves():
        problems.append("a chance point has legal moves")
    if state.outcome() is not None:
        problems.append("a chance point has an outcome")
    if not throws:
        problems.append("no throws listed")
    for throw in throws:
        if not isinstance(throw.probability, Fraction):
            problems.append(f"throw {throw.text!r}: probability {throw.probability!r} is not a Fraction")
        elif throw.probability <= 0:
            problems.append(f"throw {throw.text!r}: probability {throw.probability} is not above 0")
    total = sum((t.probability for t in throws), Fraction(0))
    if throws and total != 1:
        problems.append(f"probabilities sum to {total}, not 1")
    texts = [t.text for t in throws]
    repeated = sorted({t for t in texts if texts.count(t) > 1})
    if repeated:
        problems.append(f"repeated throw texts {repeated}")
    for throw in throws:
        if not throw.text or throw.text != throw.text.strip():
            problems.append(f"bad throw text {throw.text!r}")
            continue
        try:
            parsed = state.parse_throw(throw.text)
        except Exception as error:  # noqa: BLE001 - any failure to read back is the finding
            problems.append(f"throw {throw.text!r} does not parse back: {error}")
            continue
        if parsed != throw:
            problems.append(f"throw {throw.text!r} parses back as {parsed!r}")
    if problems:
        raise ValueError(f"{state.to_text()!r}: " + "; ".join(problems))
    return throws
