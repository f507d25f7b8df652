"""Gamão's rules, each on a hand-checked position: the throws, one move per die, the bar, the dice rules,
bearing off, the results and the doubling cube; the notation both ways."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boardgen.cli import main
from boardgen.engine.chance import check_throw_distribution
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.gamao import CUBE_VALUES, GAME
from boardgen.games.gamao.rules import BLACK, WHITE, GamaoState

START = "white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5"
CUBE = {"cube": "on"}


def texts(state: GamaoState) -> list[str]:
    return [m.text for m in state.legal_moves()]


def refused(state: GamaoState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        state.parse_move(move)
    return caught.value.code


# -- throws -------------------------------------------------------------------------------------------
def test_the_opening_throw_is_one_die_each_and_never_a_tie() -> None:
    start = GamaoState.initial()
    assert start.to_text() == f"{START} opening"
    assert start.is_chance and start.to_move == WHITE and start.legal_moves() == [] and start.outcome() is None
    throws = check_throw_distribution(start)
    assert len(throws) == 30 and all(t.probability == Fraction(1, 30) for t in throws)
    assert all(t.faces[0] != t.faces[1] for t in throws)
    with pytest.raises(NotationError, match="tie is thrown again"):
        start.parse_throw("4-4")


def test_the_higher_opening_die_starts_and_plays_both_numbers() -> None:
    white_starts = GamaoState.initial().play("3-1")
    assert white_starts.to_move == WHITE and white_starts.dice == (3, 1)
    assert white_starts.to_text() == f"{START} w dice 3-1"
    black_starts = GamaoState.initial().play("1-3")  # White threw 1, Black 3
    assert black_starts.to_move == BLACK and black_starts.dice == (3, 1)
    assert black_starts.to_text() == f"{START} b dice 3-1"


def test_later_throws_are_the_21_of_two_dice() -> None:
    after = GamaoState.initial().play("3-1", "8/5", "6/5")
    assert after.is_chance and after.to_move == BLACK
    throws = check_throw_distribution(after)
    assert len(throws) == 21 and sum(t.probability for t in throws) == 1
    assert after.parse_throw("6-6").probability == Fraction(1, 36)
    assert after.parse_throw("1-6") == after.parse_throw("61") == after.parse_throw("6 1") == after.parse_throw("6-1")
    with pytest.raises(NotationError, match="two dice"):
        after.parse_throw("7-1")


# -- one move per die ----------------------------------------------------------------------------------
def test_each_die_is_a_move_and_the_same_player_moves_again() -> None:
    state = GamaoState.initial().play("3-1")
    assert texts(state) == ["24/21", "13/10", "8/5", "6/3", "24/23", "8/7", "6/5"]
    half = state.play("8/5")
    assert half.to_move == WHITE and half.dice_left == (1,)
    assert half.to_text() == "white 24:2 13:5 8:2 6:5 5:1 black 1:2 12:5 17:3 19:5 w dice 3-1 left 1"
    assert texts(half) == ["24/23", "8/7", "6/5", "5/4"]
    done = half.play("6/5")
    assert done.is_chance and done.to_move == BLACK


def test_one_checker_may_use_both_dice_through_an_open_point() -> None:
    state = GamaoState.initial().play("6-5")
    whole = state.play("24/18 18/13")
    assert state.play("24/13").to_text() == whole.to_text() == state.play("24/18/13").to_text()
    assert whole.to_text().startswith("white 24:1 13:6 8:3 6:5 black")


def test_a_double_is_four_moves() -> None:
    state = GamaoState.initial().play("3-1", "8/5", "6/5", "3-3")
    assert state.to_move == BLACK and state.dice_left == (3, 3, 3, 3)
    after = state.play("1/4", "1/4", "17/20")
    assert after.to_move == BLACK and after.dice_left == (3,)
    assert after.to_text().endswith("b dice 3-3 left 3")
    assert after.play("17/20").is_chance
    assert GamaoState.initial().play("3-1", "8/5", "6/5", "3-3", "17/20(2) 19/22(2)").to_move == WHITE


# -- blocked points, hits and the bar ---------------------------------------------------------------------
def test_a_point_held_by_two_opposing_checkers_is_blocked_but_may_be_passed() -> None:
    state = GamaoState.initial().play("5-2")  # White: 24/19 would land on Black's five checkers
    assert refused(state, "24/19") == "blocked"
    assert "24/22" in texts(state) and "24/17" not in texts(state)
    jumped = GamaoState.from_text("white 13:15 black 12:2 11:2 10:2 9:2 off:7 w dice 6-5")
    assert set(texts(jumped)) == {"13/7", "13/8"}  # over four blocked points


def test_a_blot_is_hit_and_must_enter_before_anything_else() -> None:
    state = GamaoState.from_text("white 13:14 6:1 black 1:2 8:1 off:12 w dice 5-2")
    move = state.parse_move("13/8")
    assert move.text == "13/8*" and move.captures == ("8",) and move.kind == "step"
    hit = state.play("13/8*")
    assert hit.layout.bar == (0, 1)
    assert hit.to_text() == "white 13:13 8:1 6:1 black bar:1 1:2 off:12 w dice 5-2 left 2"
    black = hit.play("6/4", "6-1")
    assert black.to_move == BLACK
    assert texts(black) == ["bar/6", "bar/1"]
    assert refused(black, "1/7") == "bar-first"
    entered = black.play("bar/6")
    assert texts(entered) == ["1/2", "6/7"]


def test_entering_onto_a_blot_hits_it() -> None:
    state = GamaoState.from_text("white bar:1 6:14 black 22:1 1:14 w dice 3-1")
    assert texts(state) == ["bar/22*", "bar/24"]
    assert state.parse_move("bar/22").text == "bar/22*"  # the star may be left out
    assert state.play("bar/22*").layout.bar == (0, 1)


def test_a_checker_on_the_bar_facing_a_closed_board_loses_the_turn() -> None:
    closed = "white bar:1 1:14 black 19:2 20:2 21:2 22:2 23:2 24:2 off:3 w dice 6-6"
    state = GamaoState.from_text(closed)
    assert texts(state) == ["pass"]
    assert refused(state, "bar/19") == "blocked"
    assert refused(state, "1/off") == "bar-first"
    after = state.play("pass")
    assert after.is_chance and after.to_move == BLACK and after.layout == state.layout


# -- using the dice ---------------------------------------------------------------------------------------
def test_when_only_one_die_can_be_used_it_must_be_the_larger() -> None:
    state = GamaoState.from_text("white 24:1 1:14 black 17:2 22:2 off:11 w dice 6-1")
    # 24/18 then 18/17 is blocked, 24/23 then 23/17 too: one die only, so the six.
    assert texts(state) == ["24/18"]
    assert refused(state, "24/23") == "larger-die"
    after = state.play("24/18")
    assert after.is_chance and after.to_move == BLACK  # the 1 cannot be played: the turn ends by itself


def test_the_smaller_die_when_the_larger_cannot_move() -> None:
    state = GamaoState.from_text("white 24:1 1:14 black 18:2 17:2 off:11 w dice 6-1")
    assert texts(state) == ["24/23"]
    assert refused(state, "24/18") == "blocked"


def test_both_dice_must_be_used_when_some_play_uses_both() -> None:
    state = GamaoState.from_text("white 13:1 8:1 1:13 black 6:2 2:2 off:11 w dice 6-1")
    # 13/12 leaves no six: 12/6 and 8/2 are blocked.  Every other first move can be completed.
    assert set(texts(state)) == {"13/7", "8/7"}
    assert refused(state, "13/12") == "both-dice"


def test_a_double_must_be_played_as_far_as_it_goes() -> None:
    state = GamaoState.from_text("white 20:1 1:14 black 12:2 off:13 w dice 4-4")
    # 20/16/12 is blocked: two fours at most, both with the same checker, 20/16 only after 20/16.
    assert texts(state) == ["20/16"]
    after = state.play("20/16")
    assert after.is_chance  # 16/12 blocked: the other three fours are lost


# -- bearing off ---------------------------------------------------------------------------------------------
def test_bearing_off_needs_every_checker_home() -> None:
    state = GamaoState.from_text("white 7:1 6:4 off:10 black 24:15 w dice 6-1")
    assert "6/off" not in texts(state)
    assert refused(state, "6/off") == "not-home"
    assert state.play("7/6", "6/off").layout.off == (11, 0)


def test_bearing_off_exactly_or_with_a_higher_die_from_the_farthest_point() -> None:
    state = GamaoState.from_text("white 5:1 3:2 off:12 black 24:15 w dice 6-2")
    assert set(texts(state)) == {"5/off", "5/3", "3/1"}
    assert refused(state, "3/off") == "farther-checker"
    assert refused(state, "5/off*") == "no-hit"


def test_the_same_checker_off_with_either_die_says_which() -> None:
    state = GamaoState.from_text("white 3:1 2:1 off:13 black 24:15 w dice 5-3")
    assert texts(state) == ["5:3/off", "3:3/off"]  # the 2 may not go off by a die above 2 while the 3 is there
    assert refused(state, "3/off") == "which-die"
    assert state.play("5:3/off").dice_left == (3,)


# -- the end -------------------------------------------------------------------------------------------------
def test_a_single_game_a_gammon_and_a_backgammon() -> None:
    single = GamaoState.from_text("white 1:1 off:14 black 13:14 off:1 w dice 2-1").play("1/off")
    outcome = single.outcome()
    assert outcome is not None and outcome.winner == WHITE and outcome.points == 1 and "single" in outcome.reason
    assert single.to_move is None and single.legal_moves() == []
    gammon = GamaoState.from_text("white 1:1 off:14 black 13:15 w dice 2-1").play("1/off").outcome()
    assert gammon is not None and gammon.points == 2 and "gammon" in gammon.reason
    for where in ("5:1 13:14", "bar:1 13:14"):
        late = GamaoState.from_text(f"white 1:1 off:14 black {where} w dice 2-1").play("1/off").outcome()
        assert late is not None and late.points == 3 and "backgammon" in late.reason


def test_the_backgammon_variant_reads_the_winners_half() -> None:
    text = "white 1:1 off:14 black 10:1 13:14 w dice 2-1"
    assert GamaoState.from_text(text).play("1/off").outcome().points == 2  # type: ignore[union-attr]
    half = GamaoState.from_text(text, {"backgammon": "half"}).play("1/off").outcome()
    assert half is not None and half.points == 3


def test_black_wins_by_bearing_off_past_24() -> None:
    state = GamaoState.from_text("white 23:1 13:14 black 24:1 off:14 b dice 3-1")
    assert texts(state) == ["24/off"]
    outcome = state.play("24/off").outcome()
    assert outcome is not None and outcome.winner == BLACK and outcome.points == 3  # White still on 24


# -- the doubling cube ------------------------------------------------------------------------------------------
def test_the_cube_values_are_data() -> None:
    assert CUBE_VALUES == (2, 4, 8, 16, 32, 64)
    assert GAME.variant("cube").default == "off"


def test_offer_take_and_only_the_holder_redoubles() -> None:
    state = GamaoState.initial(variants=CUBE).play("3-1", "8/5", "6/5")
    assert state.to_text() == f"white 24:2 13:5 8:2 6:4 5:2 black 1:2 12:5 17:3 19:5 b cube 1"
    assert not state.is_chance and texts(state) == ["double", "roll"]
    offered = state.play("double")
    assert offered.to_move == WHITE and texts(offered) == ["take", "drop"]
    assert offered.to_text().endswith("b cube 1 offered")
    taken = offered.play("take")
    assert taken.is_chance and taken.to_move == BLACK and taken.cube == (2, WHITE)
    white_turn = taken.play("2-1", "1/3", "1/2")
    assert texts(white_turn) == ["double", "roll"]  # White holds the cube: he may redouble
    rolled = white_turn.play("roll")
    assert rolled.is_chance and rolled.to_text().endswith("w cube 2w roll")
    black_turn = rolled.play("2-1", "13/11", "6/5")
    assert black_turn.is_chance  # Black may not double: White holds the cube
    assert refused(black_turn.play("1-2"), "double") == "not-your-cube"  # after the throw too: the cube's reason first
    assert refused(GamaoState.initial(variants=CUBE).play("3-1"), "double") == "not-now"  # the middle's cube, after the throw
    assert GamaoState.from_text(black_turn.to_text(), CUBE).to_text() == black_turn.to_text()


def test_a_dropped_double_loses_the_stake_before_doubling() -> None:
    state = GamaoState.from_text(f"{START} w cube 2b", CUBE)
    assert state.is_chance  # Black holds the cube: White cannot double
    held = GamaoState.from_text(f"{START} b cube 2b", CUBE)
    dropped = held.play("double", "drop")
    outcome = dropped.outcome()
    assert outcome is not None and outcome.winner == BLACK and outcome.points == 2 and "drops" in outcome.reason
    assert dropped.to_text() == f"{START} b cube 2b dropped"


def test_points_are_the_result_times_the_cube() -> None:
    state = GamaoState.from_text("white 1:1 off:14 black 13:15 w cube 4b dice 2-1", CUBE)
    outcome = state.play("1/off").outcome()
    assert outcome is not None and outcome.points == 8  # a gammon, cube 4
    # one reading, the product said once (not "a gammon, 8 points times the cube's 4", which suggests 32)
    assert outcome.reason == "White wins a gammon: 2 points × cube 4 = 8 points" and outcome.worth_suffix() == ""
    single = GamaoState.from_text("white 1:1 off:14 black 13:14 off:1 w cube 2w dice 2-1", CUBE).play("1/off").outcome()
    assert single is not None and single.reason == "White wins a single game: 1 point × cube 2 = 2 points"
    plain = GamaoState.from_text("white 1:1 off:14 black 13:15 w dice 2-1").play("1/off").outcome()
    assert plain is not None and plain.reason == "White wins a gammon: 2 points" and plain.points == 2


def test_the_game_over_line_says_the_points_once(capsys: pytest.CaptureFixture[str]) -> None:
    lines = {}
    for name, variants, position in (
        ("gammon", [], "white 1:1 off:14 black 13:15 w dice 2-1"),
        ("cube", ["--variant", "cube=on"], "white 1:1 off:14 black 13:15 w cube 4b dice 2-1"),
    ):
        with pytest.raises(SystemExit) as info:
            main(["play", "gamao", *variants, "--position", position, "1/off"])
        assert info.value.code in (0, None)
        lines[name] = capsys.readouterr().out.splitlines()[-1]
    assert lines["gammon"] == "game over: player 0 wins (White wins a gammon: 2 points)"
    assert lines["cube"] == "game over: player 0 wins (White wins a gammon: 2 points × cube 4 = 8 points)"


@pytest.mark.parametrize(
    ("position", "code", "words"),
    [
        (f"{START} w cube 2b", "not-your-cube", "Black holds the cube"),  # a chance point: White throws
        (f"{START} w cube 64w", "cube-max", "highest face"),
        (f"{START} w cube 2w roll", "not-now", "chose to roll"),
    ],
)
def test_double_where_a_throw_is_due_is_refused_for_the_cubes_reason(position: str, code: str, words: str) -> None:
    """Where the dice are due, ``double`` is no misspelt throw ("expected two dice written like 3-1")."""
    state = GamaoState.from_text(position, CUBE)
    assert state.is_chance
    with pytest.raises(IllegalMoveError, match=words) as caught:
        state.play("double")
    assert caught.value.code == code
    assert state.why_illegal("double")[1] == code
    with pytest.raises(IllegalMoveError) as thrown:
        state.parse_throw("DOUBLE")
    assert thrown.value.code == code


def test_double_on_the_command_line_gives_the_cubes_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "gamao", "--variant", "cube=on", "--position", f"{START} w cube 2b", "double"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1 and err.rstrip().endswith("[not-your-cube]")


def test_no_cube_words_without_the_cube() -> None:
    state = GamaoState.initial().play("3-1")
    assert refused(state, "double") == "no-cube"
    with pytest.raises(PositionError, match="cube=off"):
        GamaoState.from_text(f"{START} w cube 1")


# -- notation ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        f"{START} opening",
        f"{START} w",
        f"{START} b dice 6-6",
        "white 13:13 8:1 6:1 black bar:1 1:2 off:12 w dice 5-2 left 2",
        "white 5:1 3:2 off:12 black 24:15 w dice 6-2",
    ],
)
def test_position_texts_round_trip(text: str) -> None:
    assert GamaoState.from_text(text).to_text() == text


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("white 24:2 black 1:2 w", PositionError, "White has 2 checkers"),
        (f"{START} x", NotationError, "whose turn"),
        ("white 24:2 13:5 8:3 6:5 1:1 black 1:2 12:5 17:3 19:5 w", PositionError, "given twice"),
        ("white 25:15 black 1:15 w", NotationError, "1 to 24"),
        (f"{START} w dice 7-1", NotationError, "like 3-1"),
        (f"{START} w dice 3-1 left 2", PositionError, "not part of the throw"),
        (f"{START} opening dice 3-1", PositionError, "nobody has dice"),
        ("hello", NotationError, "expected 'white"),
        ("white bar:1 1:14 black 19:2 20:2 21:2 22:2 23:2 24:2 off:3 w dice 6-1 left 1", PositionError, "none of the dice left"),
    ],
)
def test_bad_position_texts_say_what_is_wrong(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        GamaoState.from_text(text)


@pytest.mark.parametrize(
    ("move", "code"),
    [("24/25", "off-board"), ("x", "syntax"), ("2/1", "empty"), ("6/8", "backwards"), ("13/9", "no-die"), ("pass", "must-move")],
)
def test_reason_codes(move: str, code: str) -> None:
    assert refused(GamaoState.initial().play("3-1"), move) == code


def test_a_throw_is_refused_when_a_move_is_due() -> None:
    state = GamaoState.initial().play("3-1")
    with pytest.raises(NotationError, match="nobody throws"):
        state.parse_throw("3-1")
    assert refused(GamaoState.initial(), "24/21") == "throw-first"
