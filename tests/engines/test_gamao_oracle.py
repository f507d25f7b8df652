"""Gamão's legal plays agree with OpenSpiel's ``backgammon``, compared as sets of resulting positions.

OpenSpiel (C++, the test-only dependency ``open-spiel``) is an independent
implementation of the standard rules.  Its action is a *half* turn of two
checker moves, where ours is one die; so both sides are compared on what a
whole turn can lead to: the set of positions (points, bars, trays) reachable
by a legal complete play of the throw.

Mapping (read in OpenSpiel's ``backgammon.cc``): its player 0 (``x``) is our
White and player 1 (``o``) our Black; its point index ``i`` (0..23) is our
point ``24 - i`` for both players (``x`` starts with 2 on index 0, our 24; ``o``
with 5 on index 5, our 19); the bar is ``board(player, 100)``.  Its opening
chance node has 30 outcomes (the two dice, never a double, and who starts);
later ones 36 ordered pairs.

One documented difference, filtered out: OpenSpiel plays a double as two
half turns and requires only each half to use as many dice as it can, so
after a first half that blocks the second it may end having used fewer
dice than another line would; the standard rule (ours, and both seeds')
asks for the most dice over the whole turn.  Their plays of a double are
therefore compared at the largest number of dice any of them uses.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from boardgen.games.gamao.rules import BLACK, WHITE, GamaoState, Layout

pyspiel = pytest.importorskip("pyspiel")

GAME_NAME = "backgammon(scoring_type=full_scoring)"
RANDOM_GAMES = 8  # about 90 decisions each: over 500 mid-game positions compared


def their_layout(state: object) -> Layout:
    board = [0] * 24
    bar = [0, 0]
    off = [0, 0]
    for player in (WHITE, BLACK):
        on = 0
        for index in range(24):
            n = state.board(player, index)
            on += n
            if n:
                board[23 - index] = n if player == WHITE else -n
        bar[player] = state.board(player, 100)
        off[player] = 15 - on - bar[player]
    return Layout(tuple(board), (bar[0], bar[1]), (off[0], off[1]))


def their_plays(state: object) -> dict[Layout, tuple[list[int], int]]:
    """Every position a whole turn can reach -> (the actions, dice used), from a decision node."""
    found: dict[Layout, tuple[list[int], int]] = {}
    player = state.current_player()

    def walk(node: object, actions: list[int], used: int) -> None:
        for action in node.legal_actions():
            moved = sum(1 for cm in node.spiel_move_to_checker_moves(player, action) if cm.pos >= 0)
            child = node.child(action)
            if not child.is_terminal() and not child.is_chance_node() and child.current_player() == player:
                walk(child, actions + [action], used + moved)
            else:
                layout = their_layout(child)
                if layout not in found or found[layout][1] < used + moved:
                    found[layout] = (actions + [action], used + moved)

    walk(state, [], 0)
    most = max(used for _, used in found.values())
    return {layout: path for layout, path in found.items() if path[1] == most}


def our_plays(state: GamaoState) -> dict[Layout, GamaoState]:
    """Every position a whole turn can reach -> the state after it, by playing our die moves one by one."""
    found: dict[Layout, GamaoState] = {}
    side = state.side

    def walk(node: GamaoState) -> None:
        for move in node.legal_moves():
            child = node.apply(move)
            if child.phase == "move" and child.side == side and child.outcome() is None:
                walk(child)
            else:
                found[child.layout] = child

    walk(state)
    return found


def chance_action(theirs: object, faces: tuple[int, int], opening_starter: int | None = None) -> int:
    """OpenSpiel's chance action for a throw of ``faces`` (at the opening, the one giving ``opening_starter`` the move)."""
    for action, _ in theirs.chance_outcomes():
        child = theirs.child(action)
        dice = sorted(int(d) for d in _their_dice(child))
        if dice == sorted(faces) and (opening_starter is None or child.current_player() == opening_starter):
            return action
    raise AssertionError(f"no chance outcome for {faces}")


def _their_dice(state: object) -> list[str]:
    line = next(line for line in str(state).split("\n") if line.startswith("Dice:"))
    return list(line.split(":")[1].strip())


def compare(ours: GamaoState, theirs: object) -> tuple[dict[Layout, GamaoState], dict[Layout, tuple[list[int], int]]]:
    assert their_layout(theirs) == ours.layout, ours.to_text()
    assert theirs.current_player() == ours.to_move, ours.to_text()
    mine, other = our_plays(ours), their_plays(theirs)
    assert set(mine) == set(other), (
        f"{ours.to_text()}: only ours {sorted(set(mine) - set(other))[:3]}, only theirs {sorted(set(other) - set(mine))[:3]}"
    )
    return mine, other


def opening_cases() -> Iterator[tuple[int, int]]:
    for white in range(1, 7):
        for black in range(1, 7):
            if white != black:
                yield (white, black)


@pytest.mark.parametrize(("white", "black"), list(opening_cases()))
def test_every_opening_throw_gives_the_same_plays(white: int, black: int) -> None:
    """The thirty opening throws: the higher die starts and both engines allow the same plays of it."""
    game = pyspiel.load_game(GAME_NAME)
    theirs = game.new_initial_state()
    start = GamaoState.initial()
    throw = start.parse_throw(f"{white}-{black}")
    ours = start.apply_throw(throw)
    starter = WHITE if white > black else BLACK
    assert ours.to_move == starter and ours.dice == (max(white, black), min(white, black))
    theirs.apply_action(chance_action(theirs, (white, black), starter))
    compare(ours, theirs)


@pytest.mark.parametrize("throw", ["1-1", "2-2", "3-3", "4-4", "5-5", "6-6"])
def test_doubles_from_the_start_arrangement(throw: str) -> None:
    """OpenSpiel never opens with a double, so the doubles are compared on Black's first turn after White's
    opening 2-1 played 13/11 6/5: Black's checkers still stand as they started, and nothing of White's is in
    reach of them but the blot on 5, 11 and 24."""
    game = pyspiel.load_game(GAME_NAME)
    theirs = game.new_initial_state()
    theirs.apply_action(chance_action(theirs, (2, 1), WHITE))
    ours = GamaoState.initial().play("2-1", "13/11", "6/5")
    target = ours.layout
    plays = their_plays(theirs)
    for action in plays[target][0]:
        theirs.apply_action(action)
    faces = tuple(int(x) for x in throw.split("-"))
    theirs.apply_action(chance_action(theirs, faces))  # type: ignore[arg-type]
    compare(ours.play(throw), theirs)


def test_random_mid_game_positions() -> None:
    """Random games played in both engines at once: at every decision the same set of reachable positions,
    and at the end the same winner and the same points (single, gammon, backgammon)."""
    rng = random.Random(16)
    game = pyspiel.load_game(GAME_NAME)
    compared = 0
    for _ in range(RANDOM_GAMES):
        ours = GamaoState.initial()
        theirs = game.new_initial_state()
        opening = rng.choice(list(opening_cases()))
        ours = ours.apply_throw(ours.parse_throw(f"{opening[0]}-{opening[1]}"))
        theirs.apply_action(chance_action(theirs, opening, ours.to_move))
        while True:
            mine, other = compare(ours, theirs)
            compared += 1
            layout = rng.choice(sorted(mine))
            ours = mine[layout]
            for action in other[layout][0]:
                theirs.apply_action(action)
            assert theirs.is_terminal() == (ours.outcome() is not None), ours.to_text()
            if ours.outcome() is not None:
                break
            faces = (rng.randint(1, 6), rng.randint(1, 6))
            ours = ours.apply_throw(ours.parse_throw(f"{faces[0]}-{faces[1]}"))
            theirs.apply_action(chance_action(theirs, faces))
        outcome = ours.outcome()
        assert outcome is not None
        returns = theirs.returns()
        assert returns[outcome.winner] == outcome.points, ours.to_text()
    assert compared >= 500
