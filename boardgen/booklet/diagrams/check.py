"""Checking a diagram definition with the game's rules engine.

A diagram is replayed, never trusted: the start position must parse and be
possible, every move must be legal, every point named by an arrow, mark or
view must exist on the board, and every claim must hold in the shown position
(the one after the moves):

* ``legal: MOVE`` -- the engine accepts MOVE;
* ``illegal: MOVE CODE`` -- the engine refuses MOVE and its reason code
  (``GameState.why_illegal``) is CODE;
* ``captures: MOVE P...`` -- MOVE is legal and removes exactly the pieces on P...;
  ``P=N`` also claims that it removes N of them there (a pit's seeds, a stack);
* ``wins: N`` -- the game is over and player N has won (alone or with partners).

In a game of chance the moves may hold throws (a word where a throw is due is
read as the throw), and ``throw: T`` makes a throw in the position the moves
reach: the shown position is then "this position, this throw", and the
throw it carries (:attr:`CheckedDiagram.throw`) is drawn beside the board.
The same seat may make several moves in a row; nothing here assumes turns
alternate.

Engines are reached only through :mod:`boardgen.engine.base` and boards only
through :mod:`boardgen.boards.base`, so a new game's diagrams work as soon as its
engine and board exist.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from boardgen.booklet.diagrams.syntax import DiagramSpec, Located
from boardgen.booklet.problems import Problems
from boardgen.boards.base import BoardDrawing
from boardgen.engine.base import GameState, Move, Throw
from boardgen.errors import BoardgenError, IllegalMoveError, NotationError, OptionError, PositionError
from boardgen.registry import GameInfo, get_game


@dataclass(frozen=True)
class Defaults:
    """What a diagram inherits from its booklet: the game, the board size and the variant the text describes."""

    game: str
    size: int | None = None
    variant: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Illegal:
    text: str
    code: str
    message: str


@dataclass
class CheckedDiagram:
    """A definition that passed every check, with what drawing it needs."""

    spec: DiagramSpec
    game: GameInfo
    variants: Mapping[str, str]  # resolved: a VariantValues, typed values as attributes
    board: BoardDrawing
    start: GameState
    final: GameState
    played: list[Move]  # the moves of ``moves:``, in order
    before: list[GameState]  # the position before each played move
    legal: list[Move]  # claimed legal
    captures: list[Move]
    illegal: list[Illegal]
    throw: Throw | None = None  # the throw the shown position carries (games of chance), drawn beside the board
    thrown: list[tuple[int, Throw]] = field(default_factory=list)  # throws among the moves: (moves before it, throw)

    @property
    def size(self) -> int | None:
        return self.board.size


def state_size(state: GameState, fallback: int | None) -> int | None:
    """The board size a state is played on (engines of sized games expose ``size``)."""
    size = getattr(state, "size", None)
    return size if isinstance(size, int) else fallback


#: how the checker reports one problem: (the value it concerns or None, the definition key
#: or None when the problem is the booklet's, the message without the key)
Report = Callable[["Located[object] | None", "str | None", str], None]


def check_diagram(spec: DiagramSpec, defaults: Defaults, problems: Problems, prefix: str | None = None) -> CheckedDiagram | None:
    """Replay and verify ``spec``; on any problem, record it and return None.

    Each problem is recorded at the line of the value it concerns as
    ``PREFIX KEY: message`` (``prefix`` defaults to ``diagram ID: ``).
    """
    prefix = f"diagram {spec.id}: " if prefix is None else prefix

    def report(located: Located[object] | None, key: str | None, detail: str) -> None:
        line = located.line if located is not None else spec.line
        problems.add(spec.path, line or None, prefix + (f"{key}: {detail}" if key else detail))

    return replay_diagram(spec, defaults, report)


def replay_diagram(spec: DiagramSpec, defaults: Defaults, report: Report) -> CheckedDiagram | None:
    """Replay and verify ``spec``, telling ``report`` every problem with the key it concerns; None if any.

    The key is kept apart from the message so that a caller which took the
    values as arguments (:func:`boardgen.booklet.diagrams.render.checked_from_options`)
    can name its own argument instead.
    """
    found = 0

    def problem(located: Located[object] | None, key: str | None, detail: str) -> None:
        nonlocal found
        found += 1
        report(located, key, detail)

    game_name = spec.game.value if spec.game else defaults.game
    try:
        info = get_game(game_name)
    except BoardgenError as exc:
        problem(spec.game, "game", _detail(exc))
        return None
    if not info.has_engine():
        problem(spec.game, "game", f"{info.id} has no rules engine yet, so its diagrams cannot be checked")
        return None
    if not info.has_board():
        problem(spec.game, "game", f"{info.id} has no board drawing yet")
        return None
    given: dict[str, str] = dict(defaults.variant) if info.id == defaults.game else {}
    if spec.variant:
        given.update(spec.variant.value)
    try:
        variants = info.resolve_variants(given)
    except BoardgenError as exc:
        problem(spec.variant, "variant", _detail(exc))
        return None
    engine = info.load_engine()

    wanted_size = spec.size.value if spec.size else None
    try:
        if spec.position:
            start = engine.from_text(spec.position.value, variants)
            actual = state_size(start, None)
            if wanted_size is not None and actual is not None and actual != wanted_size:
                problem(spec.size, "size", f"the position is on a size {actual} board, not {wanted_size}")
                return None
        else:
            size = wanted_size if wanted_size is not None else (defaults.size if info.id == defaults.game else None)
            start = engine.initial(info.check_size(size, "size"), variants)
    except (NotationError, PositionError) as exc:
        problem(spec.position, "position", str(exc).removeprefix("position: "))
        return None
    except BoardgenError as exc:
        # the size came from the booklet when the diagram gives none: then it is not the diagram's key
        problem(spec.size or spec.position, "size" if spec.size is not None else None, _detail(exc))
        return None

    state = start
    played: list[Move] = []
    before: list[GameState] = []
    thrown: Throw | None = start.current_throw  # the throw of the turn being played, if known
    events: list[tuple[int, Throw]] = []
    for number, text in enumerate(spec.move_texts, start=1):
        if state.is_chance:
            try:
                thrown = state.checked_throw(state.parse_throw(text))
            except (NotationError, IllegalMoveError) as exc:
                problem(spec.moves, "moves", f"move {number} ({text}) is where a throw is due, and not a throw: {exc}")
                return None
            events.append((len(played), thrown))
            state = state.apply_throw(thrown)
            continue
        try:
            move = state.parse_move(text)
        except IllegalMoveError as exc:
            problem(spec.moves, "moves", f"move {number} ({text}) is illegal: {exc}")
            return None
        played.append(move)
        before.append(state)
        state = state.apply(move)
        if state.is_chance or state.outcome() is not None:
            thrown = None  # the turn's throw is used up
    if spec.throw is not None:
        if not state.is_chance:
            why = "the game is over" if state.outcome() is not None else "the shown position is not a chance point (no throw is due)"
            problem(spec.throw, "throw", f"{spec.throw.value}: {why}")
            return None
        try:
            thrown = state.checked_throw(state.parse_throw(spec.throw.value))
        except (NotationError, IllegalMoveError) as exc:
            problem(spec.throw, "throw", str(exc))
            return None
        state = state.apply_throw(thrown)
    final = state
    if final.current_throw is not None:
        thrown = final.current_throw

    size = state_size(final, wanted_size if wanted_size is not None else info.default_size)
    board: BoardDrawing = info.make_board(size)
    names = board.locations()

    def unknown_points(located: Located[object], points: Iterable[str], key: str) -> bool:
        bad = [p for p in points if p not in names]
        if bad:
            problem(located, key, f"no point or cell {bad[0]!r} on this board")
        return bool(bad)

    for arrow in spec.arrows:
        unknown_points(arrow, arrow.value, "arrows")
    for mark in spec.marks:
        unknown_points(mark, [mark.value], "marks")
    if spec.view:
        unknown_points(spec.view, spec.view.value, "view")

    legal: list[Move] = []
    for legal_claim in spec.legal:
        try:
            legal.append(final.parse_move(legal_claim.value))
        except IllegalMoveError as exc:
            problem(legal_claim, "legal", f"{legal_claim.value} is claimed legal, but the engine refuses it: {exc}")
    illegal: list[Illegal] = []
    for illegal_claim in spec.illegal:
        text, code = illegal_claim.value
        try:
            final.parse_move(text)
        except IllegalMoveError as exc:
            if exc.code != code:
                problem(illegal_claim, "illegal", f"{text} is illegal, but for another reason: {exc} (code {exc.code}, not {code})")
            else:
                illegal.append(Illegal(text, code, str(exc)))
        else:
            problem(illegal_claim, "illegal", f"{text} is claimed illegal ({code}), but it is a legal move here")
    captures: list[Move] = []
    for capture_claim in spec.captures:
        text, points = capture_claim.value
        try:
            move = final.parse_move(text)
        except IllegalMoveError as exc:
            problem(capture_claim, "captures", f"{text} is not a legal move here: {exc}")
            continue
        named = [point.partition("=")[0] for point in points]
        if sorted(move.captures) != sorted(named):
            captured = " ".join(move.captures) or "nothing"
            problem(capture_claim, "captures", f"{text} captures {captured}, not {' '.join(named)}")
            continue
        wrong = _wrong_counts(move, points)
        if wrong:
            problem(capture_claim, "captures", f"{text} {wrong}")
            continue
        captures.append(move)
    if spec.wins is not None:
        outcome = final.outcome()
        if outcome is None:
            problem(spec.wins, "wins", f"player {spec.wins.value} is claimed to have won, but the game is not over")
        elif spec.wins.value not in outcome.winners:
            if outcome.winner is None:
                who = "nobody (a draw)"
            elif outcome.partners:
                who = "players " + " and ".join(str(seat) for seat in outcome.winners)
            else:
                who = f"player {outcome.winner}"
            problem(spec.wins, "wins", f"the game is won by {who} ({outcome.reason}), not player {spec.wins.value}")
    if found:
        return None
    return CheckedDiagram(spec, info, variants, board, start, final, played, before, legal, captures, illegal, thrown, events)


def _wrong_counts(move: Move, points: Iterable[str]) -> str | None:
    """What is wrong with the counts a capture claim gives (``b2=3``: three pieces taken from b2), if anything.

    Where places hold several pieces (Awelé's pits) a claim may say how many it
    takes from each; the engine's ``Move.taken`` (one piece each when empty)
    must agree.
    """
    taken = dict(zip(move.captures, move.taken or (1,) * len(move.captures)))
    for point in points:
        name, sep, claimed = point.partition("=")
        if sep and claimed != str(taken.get(name)):
            return f"takes {taken.get(name)} from {name}, not {claimed}"
    return None


def _detail(exc: BoardgenError) -> str:
    """The error's message without the option name an OptionError was raised for (the diagram names its key)."""
    text = str(exc)
    return text.removeprefix(f"{exc.option}: ") if isinstance(exc, OptionError) else text
