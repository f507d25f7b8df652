"""Engine tools on the command line: ``moves``, ``play`` and ``perft``, for every game with an engine.

They only talk to engines through :mod:`boardgen.engine.base`, so a new game
works here as soon as its ``GAME.engine`` is set.  Every user mistake (unknown
game, bad size or depth, malformed or impossible position, illegal move,
unknown variant) is raised as a BoardgenError and ends as one stderr line with
exit status 2 (see :func:`boardgen.cli.main`).

Games of chance: a position may be a chance point, where a throw is due
before anyone moves.  ``--throw T`` makes that throw first (all three
commands); ``play`` also reads a MOVE given at a chance point as the throw,
or with ``--seed N`` draws every throw itself from a seeded generator, so the
same command line always plays the same game.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import click

from boardgen.cli.common import echo_json, verbosity_options
from boardgen.cli.options import parse_size
from boardgen.cli.complete import complete_game, complete_size, complete_variant
from boardgen.engine.base import GameState, Move, Throw
from boardgen.engine.chance import sample_throw
from boardgen.engine.perft import MAX_DEPTH, PERFT_LIMIT
from boardgen.engine.perft import estimate as estimate_perft
from boardgen.engine.perft import perft as count_perft
from boardgen.errors import BoardgenError, IllegalMoveError, NotationError, OptionError
from boardgen.registry import GameInfo, get_game, parse_variant_options
from boardgen.values import whole_number

log = logging.getLogger("boardgen")


def _whole_number(text: str | None, option: str, what: str, low: int, high: int) -> int | None:
    """``text`` as an int in [low, high] (ASCII digits only); OptionError in the registry's wording otherwise."""
    if text is None:
        return None
    return whole_number(text, option, low, high, what)


def load_state(game: str, size: str | None, position: str | None, variant_pairs: tuple[str, ...]) -> GameState:
    """The state the options describe: the start position, or a position text (which carries its size)."""
    info = get_game(game)
    variants = info.resolve_variants(parse_variant_options(variant_pairs))
    wanted_size = parse_size(info, size) if size is not None else None
    if not info.has_engine():
        raise OptionError("GAME", f"{info.id} has no rules engine yet")
    engine = info.load_engine()
    if position is None:
        return engine.initial(info.check_size(wanted_size), variants)
    state = engine.from_text(position, variants)
    actual = getattr(state, "size", info.default_size)
    if wanted_size is not None and actual is not None and wanted_size != actual:
        raise OptionError("--size", f"the position is on a size {actual} board but --size says {wanted_size}")
    return state


def after_throw(state: GameState, throw: str | None, option: str = "--throw") -> GameState:
    """``state`` after the throw written ``throw`` (unchanged when None); OptionError naming the option."""
    if throw is None:
        return state
    if not state.is_chance:
        why = "the game is over" if state.outcome() is not None else "the position is not a chance point"
        raise OptionError(option, f"{throw!r}: no throw is due here ({why})")
    try:
        return state.apply_throw(state.parse_throw(throw))
    except BoardgenError as error:
        raise OptionError(option, str(error)) from None


def _throw_json(throw: Throw) -> dict[str, Any]:
    return {"text": throw.text, "probability": str(throw.probability), "faces": list(throw.faces)}


def _move_json(move: Move) -> dict[str, Any]:
    return {"text": move.text, "kind": move.kind, "path": list(move.path), "captures": list(move.captures)}


def _state_json(state: GameState) -> dict[str, Any]:
    """The JSON shape of a position, the same for ``moves`` and ``play``.

    ``legal_moves`` is a list of move objects (text, kind, path, captures)
    under that one name in every command, so a script reads it one way.
    A game of more than two seats adds ``players``; at a chance point
    ``throws`` lists the possible throws (text, exact probability as text,
    faces) and ``to_move`` is the seat that throws.  A game without chance
    or extra seats gets exactly the four keys it always had.
    """
    outcome = state.outcome()
    data: dict[str, Any] = {
        "position": state.to_text(),
        "to_move": state.to_move,
        "outcome": outcome.to_json() if outcome is not None else None,
        "legal_moves": [_move_json(move) for move in state.legal_moves()],
    }
    if state.players != 2:
        data["players"] = state.players
    if state.is_chance:
        data["throws"] = [_throw_json(throw) for throw in state.throws()]
    return data


def _outcome_line(state: GameState) -> str | None:
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        who = "draw"
    elif outcome.partners:
        seats = [str(seat) for seat in outcome.winners]
        who = f"players {', '.join(seats[:-1])} and {seats[-1]} win"
    else:
        who = f"player {outcome.winner} wins"
    return f"game over: {who} ({outcome.reason}{outcome.worth_suffix()})"


def _throw_due_line(state: GameState) -> str | None:
    """``player 1 throws: 1 2 3 4 5 6`` at a chance point (what ``play`` or ``--throw`` may give next)."""
    if not state.is_chance:
        return None
    return f"player {state.to_move} throws: " + " ".join(throw.text for throw in state.throws())


def _common_options(command: Any) -> Any:
    """--size, --position, --variant and --throw, shared by the three commands."""
    command = click.option(
        "--throw",
        "throw",
        metavar="T",
        help="Games of chance: make this throw first (the position must be a chance point), e.g. 3-1 or kel.",
    )(command)
    command = click.option(
        "--variant",
        "variants",
        multiple=True,
        metavar="NAME=VALUE",
        shell_complete=complete_variant,
        help="A rule option (repeatable); `boardgen list` shows each game's variants.",
    )(command)
    command = click.option(
        "--position", metavar="TEXT", help="Start from this position text (it carries its own board size)."
    )(command)
    command = click.option("--size", metavar="N", shell_complete=complete_size, help="Board size, for games played on several sizes.")(command)
    return verbosity_options(command)


@click.command()
@click.argument("game", shell_complete=complete_game)
@_common_options
@click.option("--json", "as_json", is_flag=True, help="Print position, to_move, outcome and legal_moves (each move with its kind, path and captures).")
def moves(
    game: str, size: str | None, position: str | None, variants: tuple[str, ...], throw: str | None, as_json: bool
) -> None:
    """List the legal moves of GAME's start position (or of --position), one per line.

    Nothing is printed when the game is over; --json prints the position, the
    player to move, the outcome and legal_moves, each move with its kind, path
    and captures (the same object as ``play --json``).  At a chance point
    (a throw is due) there are no moves: give the throw with --throw; the
    possible throws are said on stderr (and in --json, as ``throws``).
    """
    state = after_throw(load_state(game, size, position, variants), throw)
    if as_json:
        echo_json(_state_json(state))
        return
    due = _throw_due_line(state)
    if due:
        click.echo(f"boardgen: no moves before a throw; {due} (give one with --throw)", err=True)
    for move in state.legal_moves():
        click.echo(move.text)


@click.command()
@click.argument("game", shell_complete=complete_game)
@click.argument("move_texts", nargs=-1, metavar="[MOVE]...")
@_common_options
@click.option("--json", "as_json", is_flag=True, help="Print position, to_move, outcome and legal_moves as JSON (as moves --json).")
@click.option("--seed", metavar="N", help="Games of chance: draw every throw from a generator seeded with N (MOVEs are then moves only).")
def play(
    game: str,
    move_texts: tuple[str, ...],
    size: str | None,
    position: str | None,
    variants: tuple[str, ...],
    throw: str | None,
    as_json: bool,
    seed: str | None,
) -> None:
    """Apply the MOVEs in order to GAME's start position (or --position) and print the resulting position.

    A second line says who won once the game is over.  In a game of chance a
    MOVE given where a throw is due is read as the throw (``play gamao 3-1
    "8/5 6/5"``: the opening throw 3-1, then Gamão's whole play), and the
    second line says who throws next and what may come; with
    --seed N the throws are drawn instead, before each MOVE and after the
    last, the same ones for the same N.
    """
    rng = None if seed is None else random.Random(_whole_number(seed, "--seed", "seed", 0, 2**63))
    state = after_throw(load_state(game, size, position, variants), throw)
    for number, text in enumerate(move_texts, start=1):
        state = _drawn(state, rng)
        state = _play_one(state, number, text)
    state = _drawn(state, rng)
    if as_json:
        echo_json(_state_json(state))
        return
    click.echo(state.to_text())
    line = _outcome_line(state) or _throw_due_line(state)
    if line:
        click.echo(line)


def _drawn(state: GameState, rng: random.Random | None) -> GameState:
    """With a generator, every throw due is drawn (several in a row where a game throws again)."""
    while rng is not None and state.is_chance:
        state = state.apply_throw(sample_throw(state, rng))
    return state


def _play_one(state: GameState, number: int, text: str) -> GameState:
    """The state after the ``number``-th MOVE: a move, or a throw where one is due."""
    try:
        if state.is_chance:
            return state.apply_throw(state.parse_throw(text))
        return state.play(text)  # one move, or what the game reads as several (Gamão's whole play "24/18 13/11")
    except IllegalMoveError as exc:
        raise IllegalMoveError(f"move {number}: {exc} [{exc.code}]", exc.code) from None
    except NotationError as exc:
        raise NotationError(f"move {number}: {exc}") from None


@click.command()
@click.argument("game", shell_complete=complete_game)
@click.option("--depth", required=True, metavar="N", help=f"Number of moves in each sequence, 0 to {MAX_DEPTH}.")
@_common_options
@click.option("--force", is_flag=True, help=f"Count even when the estimate is above {PERFT_LIMIT:.0e} sequences.")
@click.option("--json", "as_json", is_flag=True, help="Print game, size, variants, position, depth and count as JSON.")
def perft(
    game: str,
    depth: str,
    size: str | None,
    position: str | None,
    variants: tuple[str, ...],
    throw: str | None,
    force: bool,
    as_json: bool,
) -> None:
    """Count the move sequences of exactly --depth moves from GAME's start position (or --position).

    As every published perft table counts (`perft xadrez --depth 5` is
    4865609): a game that ends before the last move has no sequence of that
    length and adds nothing (a finished position counts 1 at depth 0, 0
    deeper); a pass is a move where the game has one.
    In a game of chance the depth counts moves only: every throw of a chance
    point is expanded and the sequences are summed, not weighted (a throw
    that earns another throw uses one depth); --throw T starts the count
    after throw T.

    \b
    The count is estimated first (the moves met along a line of play that
    does not end, multiplied: Knuth's estimator).  Above 1e9 sequences, about ten
    minutes or more on a fast machine, perft refuses with the estimate
    unless --force is given; with --force it says the estimate and counts.
    Ctrl-C (status 130) or SIGTERM (143) stops a count at once.
    """
    levels = _whole_number(depth, "--depth", "depth", 0, MAX_DEPTH)
    state = after_throw(load_state(game, size, position, variants), throw)
    assert levels is not None
    expected = estimate_perft(state, levels)
    if expected > PERFT_LIMIT:
        words = f"{levels} means about {expected:.1e} move sequences to count"
        if not force:
            raise OptionError("--depth", f"{words}, more than the {PERFT_LIMIT:.0e} counted without --force (hours or years); choose a smaller depth or add --force")
        from boardgen import logs

        logs.progress_to_stderr()  # stdout carries the count alone
        log.info("%s; counting anyway (Ctrl-C stops it)", words)
    else:
        log.debug("perft: about %.1e move sequences to count", expected)
    count = count_perft(state, levels)
    if not as_json:
        click.echo(str(count))
        return
    info = get_game(game)
    data = {
        "game": info.id,
        "size": getattr(state, "size", info.default_size),
        "variants": _variants_json(info.resolve_variants(parse_variant_options(variants))),
        "position": state.to_text(),
        "depth": levels,
        "count": count,
    }
    echo_json(data)


def _variants_json(chosen: Any) -> dict[str, Any]:
    """The chosen variant values by name, as JSON values (typed values stay typed; anything else as text)."""
    result = {}
    for name, value in dict(chosen).items():
        result[str(name)] = value if isinstance(value, (bool, int, float, str)) or value is None else str(value)
    return result
