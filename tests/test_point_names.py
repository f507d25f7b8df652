"""Board and engine agree on point names, for every registered game with both an engine and a board.

Every point a position can use is drawn, and every drawn point exists in the
engine; a mismatch fails with the names missing on either side (rather than a
bare KeyError deep inside a diagram).  Sized games are checked on their
smallest and largest sizes, the default and a couple in between.
"""

from __future__ import annotations

import random

import pytest

from boardgen.errors import OptionError
from boardgen.registry import GameInfo, all_games

GAMES = [g for g in all_games() if g.engine is not None and g.has_engine() and g.has_board()]


def _sizes(game: GameInfo) -> list[int | None]:
    if game.sizes is None:
        return [None]
    ordered = sorted(game.sizes)
    picked = {ordered[0], ordered[1] if len(ordered) > 1 else ordered[0], ordered[-1], game.default_size}
    picked.add(ordered[len(ordered) // 2])
    return sorted(s for s in picked if s is not None)


CASES = [(game, size) for game in GAMES for size in _sizes(game)]


def _board(game: GameInfo, size: int | None):
    cls = game.load_board()
    return cls() if size is None else cls(size)


def mismatch(engine_names: tuple[str, ...], drawn: set[str]) -> str:
    """The difference in words, or "" when the two agree."""
    named = set(engine_names)
    problems = []
    if len(named) != len(engine_names):
        problems.append(f"the engine lists some names twice: {sorted(n for n in named if engine_names.count(n) > 1)}")
    if named - drawn:
        problems.append(f"in the engine but not drawn: {sorted(named - drawn)}")
    if drawn - named:
        problems.append(f"drawn but unknown to the engine: {sorted(drawn - named)}")
    return "; ".join(problems)


def test_every_game_with_an_engine_and_a_board_is_checked() -> None:
    assert {"hex", "trihex", "surakarta", "ringo", "brax", "assalto", "seega", "awele", "damas", "gamao", "nyout"} <= {g.id for g in GAMES}


@pytest.mark.parametrize(("game", "size"), CASES, ids=[f"{g.id}-{s}" if s else g.id for g, s in CASES])
def test_engine_and_board_name_the_same_points(game: GameInfo, size: int | None) -> None:
    engine = game.load_engine()
    names = engine.point_names(size)
    problem = mismatch(names, set(_board(game, size).locations()))
    assert not problem, f"{game.id} size {size}: {problem}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_positions_only_use_listed_points(game: GameInfo) -> None:
    """Pieces and move paths of a seeded game stay on the listed points (so the drawing has them all)."""
    engine = game.load_engine()
    # A few sizes above the smallest, or the next size a game with gaps is played on (Seega: 5, 7, 9).
    size = min((s for s in game.sizes if s >= min(game.sizes) + 3), default=max(game.sizes)) if game.sizes else None
    names = set(engine.point_names(size))
    rng = random.Random(game.id)
    state = engine.initial(size, {})
    for _ in range(80):
        used = {where for where, _ in state.placements()}
        moves = state.legal_moves()
        used |= {p for m in moves for p in (*m.path, *m.captures)}
        assert used <= names, f"{game.id}: {state.to_text()!r} uses unlisted points {sorted(used - names)}"
        if state.is_chance:  # a game of chance: throw, then look at the moves
            state = state.apply_throw(rng.choice(list(state.throws())))
            continue
        if not moves:
            break
        state = state.apply(rng.choice(moves))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_point_names_refuse_a_size_the_game_is_not_played_on(game: GameInfo) -> None:
    with pytest.raises(OptionError, match="--size"):
        game.load_engine().point_names(max(game.sizes) + 1 if game.sizes else 1)


def test_the_message_lists_what_is_missing_on_either_side() -> None:
    assert mismatch(("a1", "b1"), {"a1", "b1"}) == ""
    message = mismatch(("a1", "b1", "z"), {"a1", "b1", "c1"})
    assert message == "in the engine but not drawn: ['z']; drawn but unknown to the engine: ['c1']"
    assert "twice: ['a1']" in mismatch(("a1", "a1"), {"a1"})
