"""The games and their engines, as the ``list``, ``moves``, ``play`` and ``perft`` commands use them.

:func:`get_game` (and ``all_games``, the registry's own) find a game's
:class:`~boardgen.registry.GameInfo`; :func:`game_state` is the position the
engine commands' options describe (``--size``, ``--position``, ``--variant``,
``--throw``), from which ``legal_moves()`` is ``moves`` and :func:`perft` is
``perft``; :func:`play` is ``play``, its throws drawn from a seed as ``--seed`` draws them.  Everything is typed with the shared
engine interface (:class:`~boardgen.engine.base.GameState`), so a type checker
holds a script to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from boardgen import registry
from boardgen.api import checks
from boardgen.engine import perft as counting
from boardgen.engine.base import GameState
from boardgen.engine.chance import sample_throw
from boardgen.errors import BoardgenError, IllegalMoveError, NotationError, OptionError, shown
from boardgen.registry import GameInfo


def get_game(name: str) -> GameInfo:
    """The game called ``name``: its id or an alias, in any letter case.

    >>> api.get_game("HEX").id, api.get_game("chess").id
    ('hex', 'xadrez')
    >>> api.get_game("go")
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: name: unknown game 'go' (known: assalto, awele, brax, damas, gamao, hex, nyout, ringo, seega, surakarta, trihex, xadrez)
    """
    return registry.get_game(checks.text(name, "name"), "name")


def game_state(
    game: str,
    *,
    size: int | None = None,
    position: str | None = None,
    variants: Mapping[str, str] | None = None,
    throw: str | None = None,
) -> GameState:
    """The position the engine commands (``moves``, ``play``, ``perft``) start from, with their options as keywords.

    The start position of ``game`` at ``size`` (default: the game's) under
    ``variants`` (``{"swap": "off"}``), or ``position`` in the game's notation
    (which carries its own size: a ``size`` that contradicts it is an error).
    ``throw``: in a game of chance, the throw made first (the position must be
    a chance point).  ``legal_moves()`` of the result is what ``boardgen moves``
    lists, ``play(*moves)`` what ``boardgen play`` prints, :func:`perft` what
    ``boardgen perft`` counts.

    >>> start = api.game_state("hex", size=3, variants={"swap": "off"})
    >>> start.to_text(), start.play("b2").to_text()
    ('3/3/3 r -', '3/1r1/3 b -')
    >>> api.game_state("hex", size=30)
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: size: hex size must be a whole number from 2 to 26, not 30
    """
    info = checks.game(game)
    chosen_variants = checks.variants(info, variants)
    wanted_size = info.check_size(checks.whole(size, "size"), "size") if size is not None else None
    if position is not None:
        checks.text(position, "position")
    if throw is not None:
        checks.text(throw, "throw")
    if not info.has_engine():
        raise OptionError("game", f"{info.id} has no rules engine yet")
    engine = info.load_engine()
    if position is None:
        state = engine.initial(info.check_size(wanted_size, "size"), chosen_variants)
    else:
        state = engine.from_text(position, chosen_variants)
        actual = getattr(state, "size", info.default_size)
        if wanted_size is not None and actual is not None and wanted_size != actual:
            raise OptionError("size", f"the position is on a size {actual} board but size says {wanted_size}")
    if throw is None:
        return state
    if not state.is_chance:
        why = "the game is over" if state.outcome() is not None else "the position is not a chance point"
        raise OptionError("throw", f"{throw!r}: no throw is due here ({why})")
    try:
        return state.apply_throw(state.parse_throw(throw))
    except BoardgenError as error:
        raise OptionError("throw", str(error)) from None


SEEDS = (0, 2**63)


def play(
    game: str,
    moves: Sequence[str] = (),
    *,
    size: int | None = None,
    position: str | None = None,
    variants: Mapping[str, str] | None = None,
    throw: str | None = None,
    seed: int | None = None,
) -> GameState:
    """The position after ``moves``, as ``boardgen play`` prints it.

    The start (``size``, ``position``, ``variants``, ``throw``) is
    :func:`game_state`'s.  In a game of chance a move given where a throw is
    due is read as the throw; with ``seed`` (0 to 2**63) every throw is drawn
    instead, before each move and after the last, the same ones for the same
    seed.  A move that is not legal is an IllegalMoveError (``.code``: the
    rule) saying which move it was.

    >>> api.play("hex", ["c3", "b2"], size=3, variants={"swap": "off"}).to_text()
    '3/1b1/2r r -'
    >>> api.play("hex", ["b2", "b2"], size=3)
    Traceback (most recent call last):
      ...
    boardgen.errors.IllegalMoveError: move 2: b2: the cell already holds a red stone [occupied]
    """
    texts = checks.texts(moves, "moves")
    rng = None
    if seed is not None:
        chosen = checks.whole(seed, "seed")
        if not SEEDS[0] <= chosen <= SEEDS[1]:
            raise OptionError("seed", f"must be a whole number from 0 to 2**63, not {chosen}")
        rng = random.Random(chosen)
    state = _drawn(game_state(game, size=size, position=position, variants=variants, throw=throw), rng)
    for number, text in enumerate(texts, start=1):
        try:
            state = state.apply_throw(state.parse_throw(text)) if state.is_chance else state.play(text)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {number}: {exc} [{exc.code}]", exc.code) from None
        except NotationError as exc:
            raise NotationError(f"move {number}: {exc}") from None
        state = _drawn(state, rng)
    return state


def _drawn(state: GameState, rng: random.Random | None) -> GameState:
    """With a generator, every throw due is drawn (several in a row where a game throws again)."""
    while rng is not None and state.is_chance:
        state = state.apply_throw(sample_throw(state, rng))
    return state


def perft(state: GameState, depth: int, *, force: bool = False) -> int:
    """The number of move sequences of exactly ``depth`` moves from ``state``, as published perft tables count.

    ``depth`` is 0 to 20.  The count is estimated first; above 10^9 sequences
    (a quarter of an hour and more) it is refused, as the ``perft`` command
    refuses, unless ``force=True``.

    >>> start = api.get_game("xadrez").load_engine().initial()
    >>> [api.perft(start, depth) for depth in range(4)]
    [1, 20, 400, 8902]
    >>> api.perft(start, -1)
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: depth: must be a whole number from 0 to 20, not -1
    """
    if not isinstance(state, GameState):
        raise OptionError("state", f"expected a GameState (a game's load_engine().initial() or from_text()), not {shown(state)}")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= counting.MAX_DEPTH:
        raise OptionError("depth", f"must be a whole number from 0 to {counting.MAX_DEPTH}, not {shown(depth)}")
    if not isinstance(force, bool):
        raise OptionError("force", f"must be True or False, not {shown(force)}")
    expected = counting.estimate(state, depth)
    if expected > counting.PERFT_LIMIT and not force:
        raise OptionError(
            "depth",
            f"{depth} means about {expected:.1e} move sequences to count, more than the {counting.PERFT_LIMIT:.0e} "
            "counted without force=True (hours or years)",
        )
    return counting.perft(state, depth)
