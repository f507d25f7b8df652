"""The base class computes moves and outcome once per state, for every registered engine."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgen.engine.base import GameState
from boardgen.registry import all_games

ENGINES = [g for g in all_games() if g.engine is not None]


def _decided(state: GameState) -> GameState:
    """The first state from ``state`` where a move is chosen: a game of chance starts with a throw."""
    while state.is_chance:
        state = state.apply_throw(state.throws()[0])
    return state


def _counting(engine: type[GameState], calls: Counter[str]) -> type[GameState]:
    """A subclass of ``engine`` that counts how often the two expensive methods run."""

    def generate_moves(self):  # type: ignore[no-untyped-def]
        calls["generate"] += 1
        return engine.generate_moves(self)

    def compute_outcome(self):  # type: ignore[no-untyped-def]
        calls["outcome"] += 1
        return engine.compute_outcome(self)

    return type(f"Counting{engine.__name__}", (engine,), {"generate_moves": generate_moves, "compute_outcome": compute_outcome})


@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.id)
def test_moves_and_outcome_are_computed_once_per_state(game) -> None:
    calls: Counter[str] = Counter()
    engine = _counting(game.load_engine(), calls)
    state = _decided(engine.initial(game.default_size, {}))
    calls.clear()  # the states a throw passed through are not this one
    assert type(state) is engine
    first = state.legal_moves()
    for _ in range(3):
        assert state.legal_moves() == first
        assert state.outcome() is None and 0 <= state.to_move < state.players  # type: ignore[operator]
        state.why_illegal("zz99")
        state.parse_move(first[0].text)
    # (connection games know their outcome when a state is made, so they may never be asked)
    assert calls["generate"] == 1 and calls["outcome"] <= 1, calls


@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.id)
def test_legal_moves_is_a_fresh_list_each_time(game) -> None:
    state = _decided(game.load_engine().initial(game.default_size, {}))
    moves = state.legal_moves()
    count = len(moves)
    moves.clear()
    assert len(state.legal_moves()) == count > 0


def test_a_finished_game_has_no_legal_moves_even_if_its_side_could_move() -> None:
    # Hex: red has joined rows 1 and 2 of a 2 x 2 board; blue, to move, still has an empty cell.
    from boardgen.games.hex.rules import HexState

    state = HexState.from_text("r1/rb b -", {"swap": "off"})
    assert state.outcome() is not None and state.outcome().winner == 0
    assert [m.text for m in state.generated_moves()] == ["b1"]
    assert state.legal_moves() == [] and state.to_move is None


@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.id)
def test_legal_move_count_agrees_with_the_list_along_a_game(game) -> None:
    import random

    rng = random.Random(game.id)
    state = game.load_engine().initial(game.default_size, {})
    for _ in range(60):
        moves = state.legal_moves()
        assert state.legal_move_count() == len(moves)
        if state.is_chance:
            state = state.apply_throw(rng.choice(list(state.throws())))
            continue
        if not moves:
            break
        state = state.apply(rng.choice(moves))
