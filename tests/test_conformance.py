"""The conformance harness: every registered game with an engine passes these checks, with no edits here.

Games are found through :func:`boardgen.registry.all_games`; a new game is
tested as soon as its ``GAME.engine`` is set.  A game without an engine shows
up as a skip with its reason (``pytest -ra`` lists it); a game whose engine is
declared but cannot be loaded fails.

For each game, ``PLAYOUTS`` seeded random games (``GAME.extra["conformance_playouts"]``
for a game whose engine is a tested library and whose random games are long:
Xadrez) are played from the start
position, half under the default variants and half under a random mix of
variant values, on small boards mostly and on the default size every tenth
game.  Every game must end (a win or a draw rule) within ``max_plies`` moves
(``GAME.extra["max_plies"]`` if set, else ``DEFAULT_MAX_PLIES``): a game that can
run on forever is a failure, not a truncated playout.  Along the way:

* ``to_move is None`` exactly when ``outcome()`` is not None, and the legal
  move list is empty exactly then; legal moves come in a stable order with
  distinct texts;
* the position text round-trips (``from_text(s.to_text()).to_text()``) and the
  parsed state has the same legal moves, the same player to move and the same
  outcome (the text carries every counter a rule needs);
* each move's text parses back to that move (in any letter case, unless the
  upper case of another legal move's text is the same), and on
  sampled positions every listed move is applied;
* ``apply`` never changes the state it is called on;
* at the end, the outcome (winner 0, 1 or None, and a reason) is what the final
  position text says when read back, and every move is refused;
* board and engine agree on point names: every point a position places a piece
  on, and every point in a legal move's ``path`` or ``captures``, is a key of
  the board drawing's ``locations()`` (the board built for the same size), so a
  diagram can draw it; a stray name fails naming the game, the position text
  and the names, instead of a bare ``KeyError`` in the diagram renderer; and,
  the other way round, every point the board draws is named by the engine
  somewhere in the playouts on that size (each position's legal moves are all
  looked at, so the first game already names every point of today's boards).

Games of chance and of more than two players go through the same playouts:

* at a chance point (``is_chance``) the throws pass
  :func:`~boardgen.engine.chance.check_throw_distribution` (exact
  probabilities above 0 summing to 1, distinct texts that parse back, a seat
  to throw, no legal move, no outcome), the text round-trips to a chance
  point with the same throws, ``apply_throw`` leaves the state unchanged, a
  throw that is not listed is refused, and on sampled chance points every
  throw is applied; the playout then draws a throw with
  :func:`~boardgen.engine.chance.sample_throw` from its seeded generator;
* away from chance points there are no throws and ``apply_throw`` refuses one;
* ``to_move`` and every piece's owner are seats below ``players``; the same
  seat may move several times in a row (nothing here assumes alternation);
* an outcome's winners are distinct seats and its points at least 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping
from fractions import Fraction
from typing import Any

import pytest

from boardgen.engine.base import GameState, Move, Outcome, Piece, Throw
from boardgen.engine.chance import check_throw_distribution, sample_throw
from boardgen.errors import BoardgenError, IllegalMoveError
from boardgen.registry import GameInfo, all_games

PLAYOUTS = 200
DEFAULT_MAX_PLIES = 1500
FULLY_CHECKED_PLAYOUTS = 4  # every listed move applied at every ply of the first few games
DEEP_CHECK_EVERY = 25  # otherwise: every listed move applied at ply 0 and every 25th ply
SMALL_SIZE_SPAN = 4  # sized games mostly play on the smallest few sizes


def _games() -> list[GameInfo]:
    return list(all_games())


def test_some_games_have_engines() -> None:
    with_engines = [g.id for g in _games() if g.engine is not None]
    assert "hex" in with_engines and "trihex" in with_engines


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_random_playouts_conform(game: GameInfo) -> None:
    if game.engine is None:
        pytest.skip(f"{game.id} has no rules engine yet")
    assert game.has_engine(), f"{game.id}: engine {game.engine} is declared but its module does not exist"
    engine = game.load_engine()
    assert issubclass(engine, GameState)
    max_plies = int(game.extra.get("max_plies", DEFAULT_MAX_PLIES))
    boards: dict[int | None, frozenset[str]] = {}
    named: dict[int | None, set[str]] = {}
    lengths = []
    for index in range(int(game.extra.get("conformance_playouts", PLAYOUTS))):
        rng = random.Random(f"{game.id}:{index}")
        variants = _choose_variants(game, index, rng)
        size = _choose_size(game, index, rng)
        if size not in boards:
            boards[size] = _drawn_points(game, size)
        full = index < FULLY_CHECKED_PLAYOUTS
        used = named.setdefault(size, set())
        lengths.append(_playout(engine, game, size, variants, rng, max_plies, full=full, points=boards[size], used=used))
    assert max(lengths) > 0, f"{game.id}: every playout ended before the first move"
    _check_every_drawn_point_is_named(game.id, boards, named)


def _check_every_drawn_point_is_named(
    game_id: str, boards: Mapping[int | None, frozenset[str]], named: Mapping[int | None, set[str]]
) -> None:
    for size, drawn in sorted(boards.items(), key=lambda item: item[0] or 0):
        never = sorted(drawn - named[size])
        assert not never, (
            f"{game_id} size={size}: the board draws points no position or legal move of the engine ever named "
            f"in these playouts: {never}"
        )


def _drawn_points(game: GameInfo, size: int | None) -> frozenset[str]:
    """The point names the game's board drawing can place a piece on, for this size."""
    board = game.make_board(size if game.sizes is not None else None)
    points = frozenset(board.locations())
    assert points, f"{game.id} size={size}: the board drawing has no locations()"
    return points


def _choose_variants(game: GameInfo, index: int, rng: random.Random) -> dict[str, str]:
    if index % 2 == 0:
        return game.resolve_variants({})
    return game.resolve_variants({v.name: rng.choice(v.values) for v in game.variants})


def _choose_size(game: GameInfo, index: int, rng: random.Random) -> int | None:
    if game.sizes is None:
        return game.default_size
    if index % 10 == 0:
        return game.default_size
    # min/max and check_size, not ``low, high = game.sizes``: works for a range and for a set of sizes
    low, high = min(game.sizes), max(game.sizes)
    small = [n for n in range(low, min(high, low + SMALL_SIZE_SPAN) + 1) if _playable_size(game, n)]
    return rng.choice(small)


def _playable_size(game: GameInfo, size: int) -> bool:
    try:
        return game.check_size(size) == size
    except BoardgenError:
        return False


def _playout(
    engine: Any,
    game: GameInfo,
    size: int | None,
    variants: Mapping[str, str],
    rng: random.Random,
    max_plies: int,
    full: bool,
    points: Collection[str],
    used: set[str] | None = None,
) -> int:
    """Play one random game with every check; return its length in moves.

    ``points`` are the names the board drawing knows (its ``locations()``);
    every name the engine uses is added to ``used``.
    """
    state = engine.initial(size, variants)
    where = f"{game.id} size={size} variants={dict(variants)}"
    thrown = 0  # throws drawn so far; plies count moves only
    last_throw: Throw | None = None  # a throw to offer where none is due
    ply = 0
    while ply <= max_plies and thrown <= 2 * max_plies + 10:
        text = state.to_text()
        context = f"{where} ply {ply}: {text!r}"
        deep = full or ply % DEEP_CHECK_EVERY == 0
        moves = _check_state(engine, state, variants, context, deep or ply % 5 == 0, text)
        _check_point_names(state, moves, points, context, used if used is not None else set())
        if state.is_chance:
            last_throw = state.throws()[0] if state.throws() else last_throw
            state = _throw(engine, state, rng, context, deep)
            thrown += 1
            continue
        if last_throw is not None:
            _check_no_throw_due(state, last_throw, context)
        if not moves:
            _check_final(engine, state, variants, context)
            return ply
        move = rng.choice(moves)
        extra = rng.choice(moves)
        shouted = Counter(m.text.upper() for m in moves)  # once a ply: a text is checked in upper case where that names one move
        for other in moves if deep else ([move] if extra is move else [move, extra]):
            _check_move_text(state, other, context, shouted if deep or other is move else None)
            if deep:
                child = state.apply(other)
                assert isinstance(child, engine), f"{context}: {other.text} gave a {type(child).__name__}"
        following = state.apply(move)
        assert state.to_text() == text, f"{context}: applying {move.text} changed the original state"
        if deep:
            assert [m.text for m in state.legal_moves()] == [m.text for m in moves], f"{context}: apply changed moves"
        state = following
        ply += 1
    spent = f"{max_plies} moves" if ply > max_plies else f"{ply} moves and {thrown} throws"
    pytest.fail(f"{where}: no outcome after {spent}: {state.to_text()!r} (a game must end or have a draw rule)")


def _throw(engine: Any, state: GameState, rng: random.Random, context: str, deep: bool) -> GameState:
    """The checks of a chance point, then the state after a seeded random throw."""
    throws = check_throw_distribution(state)
    text = state.to_text()
    for throw in throws if deep else throws[:1]:
        child = state.apply_throw(throw)
        assert isinstance(child, engine), f"{context}: throw {throw.text} gave a {type(child).__name__}"
        assert child.to_move is not None or child.outcome() is not None, f"{context}: throw {throw.text}: nobody to move"
        shouted = throw.text.upper()
        if [t.text.upper() for t in throws].count(shouted) == 1:
            assert state.parse_throw(shouted) == throw, f"{context}: throw {shouted!r} (upper case) is refused"
    stranger = Throw("no-such-throw", throws[0].probability, throws[0].faces)
    with pytest.raises(IllegalMoveError):
        state.apply_throw(stranger)
    with pytest.raises(BoardgenError):
        state.parse_throw("no-such-throw")
    chosen = sample_throw(state, rng)
    following = state.apply_throw(chosen)
    assert state.to_text() == text, f"{context}: throw {chosen.text} changed the original state"
    return following


def _check_no_throw_due(state: GameState, throw: Throw, context: str) -> None:
    assert not state.throws(), f"{context}: throws listed where no throw is due"
    with pytest.raises(IllegalMoveError):
        state.apply_throw(throw)


def _check_state(
    engine: Any, state: GameState, variants: Mapping[str, str], context: str, thorough: bool, text: str
) -> list[Move]:
    """Invariants of one position; ``thorough`` adds the costlier re-generations of the move list.

    ``text``: the state's ``to_text()``, which the playout writes once a ply for its messages.
    """
    moves = state.legal_moves()
    outcome = state.outcome()
    over = outcome is not None
    seats = state.players
    assert isinstance(seats, int) and 2 <= seats <= 4, f"{context}: players={seats!r}"
    assert (state.to_move is None) == over, f"{context}: to_move={state.to_move} but outcome={outcome}"
    assert state.to_move is None or 0 <= state.to_move < seats, f"{context}: to_move={state.to_move} of {seats} seats"
    if state.is_chance:
        assert not moves and not over, f"{context}: a chance point with {len(moves)} legal moves and outcome={outcome}"
    else:
        assert (not moves) == over, f"{context}: {len(moves)} legal moves but outcome={outcome}"
    texts = [m.text for m in moves]
    assert len(set(texts)) == len(texts), f"{context}: repeated move texts {sorted(t for t in texts if texts.count(t) > 1)}"
    if thorough:
        assert texts == [m.text for m in state.legal_moves()], f"{context}: legal move order is not stable"
    for where, piece in state.placements():
        assert isinstance(where, str) and where, context
        assert 0 <= piece.owner < seats, f"{context}: piece on {where} has owner {piece.owner}"

    assert "\n" not in text, f"{context}: position text spans several lines"
    again = engine.from_text(text, variants)
    assert again.to_text() == text, f"{context}: position text reads back as {again.to_text()!r}"
    assert again.to_move == state.to_move, f"{context}: to_move differs after reading the text back"
    assert again.outcome() == outcome, f"{context}: outcome differs after reading the text back"
    assert again.players == seats, f"{context}: players differs after reading the text back"
    assert again.is_chance == state.is_chance, f"{context}: is_chance differs after reading the text back"
    if state.is_chance:
        assert list(again.throws()) == list(state.throws()), f"{context}: throws differ after reading the text back"
    if thorough:
        again_texts = [m.text for m in again.legal_moves()]
        assert again_texts == texts, f"{context}: legal moves differ after reading the text back"
    return moves


def _check_point_names(
    state: GameState, moves: list[Move], points: Collection[str], context: str, used: set[str]
) -> None:
    """Every point named by the position or a legal move is one the board drawing can draw."""
    placed = {where for where, _ in state.placements()}
    unknown = sorted(placed - set(points))
    assert not unknown, f"{context}: pieces on points the board drawing does not have: {unknown}"
    used |= placed
    for move in moves:
        named = set(move.path) | set(move.captures)
        unknown = sorted(named - set(points))
        assert not unknown, f"{context}: move {move.text} names points the board drawing does not have: {unknown}"
        used |= named


def _check_move_text(state: GameState, move: Move, context: str, upper: Counter[str] | None) -> None:
    """``move``'s text parses back to it; with ``upper`` (how many legal moves each upper-cased text names), so does its upper case."""
    assert move.text and move.text == move.text.strip(), f"{context}: bad move text {move.text!r}"
    assert state.parse_move(move.text) == move, f"{context}: {move.text!r} does not parse back to the same move"
    shouted = move.text.upper()
    # a text that only its letter case tells from another move's (chess: Bxc4 the bishop, bxc4 the b-pawn) is exempt
    if upper is not None and upper[shouted] == 1:
        assert state.parse_move(shouted) == move, f"{context}: {shouted!r} (upper case) is refused"
    assert move.path or move.kind == "pass", f"{context}: {move.text} has an empty path"


def _check_final(engine: Any, state: GameState, variants: Mapping[str, str], context: str) -> None:
    outcome = state.outcome()
    assert isinstance(outcome, Outcome), f"{context}: no legal moves and no outcome"
    seats = range(state.players)
    assert outcome.winner is None or outcome.winner in seats, f"{context}: winner {outcome.winner!r}"
    winners = outcome.winners
    assert len(set(winners)) == len(winners) and all(w in seats for w in winners), f"{context}: winners {winners}"
    assert outcome.winner is not None or not outcome.partners, f"{context}: a draw with partners {outcome.partners}"
    assert isinstance(outcome.points, int) and outcome.points >= 1, f"{context}: points {outcome.points!r}"
    assert isinstance(outcome.reason, str) and outcome.reason.strip(), f"{context}: outcome has no reason"
    assert not state.is_chance and not state.throws(), f"{context}: a finished game is a chance point"
    assert engine.from_text(state.to_text(), variants).outcome() == outcome, f"{context}: final outcome not in the text"
    with pytest.raises(IllegalMoveError):
        state.parse_move("a1")
    try:
        code = state.why_illegal("a1")[1]
    except BoardgenError:  # an engine may refuse to explain malformed text; the point is it is refused
        return
    assert code, f"{context}: why_illegal gave no code for a finished game"


# -- the harness catches broken engines (a toy game and three ways to break it) ----------


class _Countdown(GameState):
    """Test double: take 1 or 2 from a pile of 7 in turn; whoever takes the last one wins."""

    game_id = "countdown"
    endless = False  # broken: the only move takes nothing, so the game never ends
    forgets_side = False  # broken: the position text leaves out whose turn it is

    def __init__(self, pile: int, side: int) -> None:
        self.pile = pile
        self.side = side

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "_Countdown":
        return cls(7, 0)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "_Countdown":
        pile, side = text.split()
        return cls(int(pile), int(side))

    def to_text(self) -> str:
        return f"{self.pile} {0 if self.forgets_side else self.side}"

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() else self.side

    def legal_moves(self) -> list[Move]:
        if self.outcome():
            return []
        takes = [0] if self.endless else [t for t in (1, 2) if t <= self.pile]
        return [Move(f"take{t}", path=("pile",), kind="take", key=t) for t in takes]

    def apply(self, move: Move) -> "_Countdown":
        return type(self)(self.pile - _taken(move), 1 - self.side)

    def outcome(self) -> Outcome | None:
        return Outcome(1 - self.side, "took the last one") if self.pile == 0 else None

    def placements(self) -> list[tuple[str, Any]]:
        return []

    def normalize_move_text(self, text: str) -> str:
        return text.strip().lower()


def _taken(move: Move) -> int:
    assert isinstance(move.key, int)
    return move.key


class _Endless(_Countdown):
    endless = True


class _Forgetful(_Countdown):
    forgets_side = True


class _Mutating(_Countdown):
    def apply(self, move: Move) -> "_Countdown":
        self.pile -= _taken(move)
        return type(self)(self.pile, 1 - self.side)


class _StrayPiece(_Countdown):
    """Broken: once the pile is low, a piece sits on a point the board does not draw."""

    def placements(self) -> list[tuple[str, Any]]:
        return [("heap", Piece(0))] if self.pile < 5 else []


class _StrayCapture(_Countdown):
    """Broken: taking two claims to capture on a point the board does not draw."""

    def legal_moves(self) -> list[Move]:
        return [Move(m.text, m.path, ("tray",) if m.key == 2 else (), m.kind, m.key) for m in super().legal_moves()]


_TOY = GameInfo(id="countdown", title={}, summary={}, board="none:none")


def _toy_playout(engine: type[_Countdown], used: set[str] | None = None) -> int:
    return _playout(engine, _TOY, None, {}, random.Random(0), max_plies=50, full=False, points={"pile"}, used=used)


def test_the_toy_game_passes() -> None:
    used: set[str] = set()
    assert 4 <= _toy_playout(_Countdown, used) <= 7
    assert used == {"pile"}  # what the engine names, which test_random_playouts_conform compares with the drawing


def test_a_drawn_point_the_engine_never_names_is_reported() -> None:
    with pytest.raises(AssertionError, match=r"countdown size=None: the board draws points .*: \['heap'\]"):
        _check_every_drawn_point_is_named("countdown", {None: frozenset({"pile", "heap"})}, {None: {"pile"}})
    _check_every_drawn_point_is_named("countdown", {None: frozenset({"pile"})}, {None: {"pile"}})


@pytest.mark.parametrize(
    ("engine", "words"),
    [
        (_Endless, "no outcome after 50 moves"),
        (_Forgetful, "to_move differs after reading the text back"),
        (_Mutating, "changed the original state"),
        (_StrayPiece, "countdown size=None variants={} ply 2: '4 0': pieces on points the board drawing does not have: ['heap']"),
        (_StrayCapture, "countdown size=None variants={} ply 0: '7 0': move take2 names points the board drawing does not have: ['tray']"),
    ],
)
def test_the_harness_catches_broken_engines(engine: type[_Countdown], words: str) -> None:
    with pytest.raises((AssertionError, pytest.fail.Exception)) as info:
        _toy_playout(engine)
    assert words in str(info.value)


# -- chance points and several seats: the toy race, and ways to break it ----------------------

from tests.engines.toy_race import TOY_RACE, ToyRaceState  # noqa: E402


def _race_playout(engine: type[ToyRaceState], index: int, used: set[str] | None = None) -> int:
    rng = random.Random(f"toyrace:{index}")
    variants = _choose_variants(TOY_RACE, index, rng)
    points = set(engine.point_names())
    return _playout(engine, TOY_RACE, None, variants, rng, max_plies=300, full=index < 2, points=points, used=used)


def test_the_toy_race_passes_with_two_to_four_seats_and_partners() -> None:
    used: set[str] = set()
    seen: set[tuple[str, str]] = set()
    for index in range(24):
        rng = random.Random(f"toyrace:{index}")
        chosen = _choose_variants(TOY_RACE, index, rng)
        seen.add((chosen["players"], chosen["partners"]))
        assert _race_playout(ToyRaceState, index, used) > 0
    assert {("2", "off"), ("3", "off"), ("4", "on"), ("4", "off")} <= seen  # every kind of table was played
    assert used == set(ToyRaceState.point_names())


class _RaceLoadedDie(ToyRaceState):
    """Broken: the die's six counts twice, so the probabilities sum to 7/6."""

    def throws(self):
        return [*super().throws(), Throw("six", Fraction(1, 6), (6,), key=6)] if self.is_chance else []


class _RaceForgetsThrow(ToyRaceState):
    """Broken: the position text leaves out the throw already made."""

    def to_text(self) -> str:
        return super().to_text().split(" throw ")[0]


class _RaceMovesAtChance(ToyRaceState):
    """Broken: at a chance point the runners may still move, as if a 1 had been thrown."""

    def generate_moves(self):
        if self.roll is None:
            return ToyRaceState(self.runners, self.side, 1, self.partners).generate_moves()
        return super().generate_moves()


class _RaceThrowsAnytime(ToyRaceState):
    """Broken: a throw is accepted after it was made, replacing it."""

    def apply_throw(self, throw: Throw) -> ToyRaceState:
        if self.roll is not None:
            return type(self)(self.runners, self.side, int(throw.text), self.partners)
        return super().apply_throw(throw)


class _RaceFifthSeat(ToyRaceState):
    """Broken: a captured runner is shown as owned by a seat that does not exist."""

    def placements(self) -> list[tuple[str, Piece]]:
        return [(where, Piece(piece.owner + 1, piece.kind, piece.count)) for where, piece in super().placements()]


@pytest.mark.parametrize(
    ("engine", "words"),
    [
        (_RaceLoadedDie, "probabilities sum to 7/6, not 1"),
        (_RaceForgetsThrow, "is_chance differs after reading the text back"),
        (_RaceMovesAtChance, "a chance point with 2 legal moves"),
        (_RaceThrowsAnytime, "DID NOT RAISE"),
        (_RaceFifthSeat, "has owner 2"),
    ],
)
def test_the_harness_catches_broken_chance_engines(engine: type[ToyRaceState], words: str) -> None:
    with pytest.raises((AssertionError, ValueError, pytest.fail.Exception)) as info:
        _race_playout(engine, 0)
    assert words in str(info.value)
