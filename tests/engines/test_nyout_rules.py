"""Nyout's rules, position by position (games.md section 8; seed 000, NYOUT): throws, routes, stacks,
captures, leaving the board, partners, and every variant; notation round trips."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from boardgen.cli import main
from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.nyout.rules import THROWS, NyoutState


def pos(text: str, **variants: str) -> NyoutState:
    return NyoutState.from_text(text, variants)


def texts(state: NyoutState) -> set[str]:
    return {m.text for m in state.legal_moves()}


def throw(state: NyoutState, *names: str) -> NyoutState:
    for name in names:
        state = state.apply_throw(state.parse_throw(name))
    return state


# -- throws ----------------------------------------------------------------------------------------
def test_the_sticks_give_five_throws_with_their_chances() -> None:
    state = NyoutState.initial()
    assert state.is_chance and state.to_move == 0 and state.legal_moves() == [] and state.outcome() is None
    throws = state.throws()
    assert [t.text for t in throws] == ["to", "kai", "kel", "nyout", "mo"]
    assert [t.probability for t in throws] == [Fraction(4, 16), Fraction(6, 16), Fraction(4, 16), Fraction(1, 16), Fraction(1, 16)]
    assert sum(t.probability for t in throws) == 1
    assert [sum(t.faces) for t in throws] == [1, 2, 3, 4, 0]  # marked sides up; a mo shows none
    assert all(len(t.faces) == 4 for t in throws)


def test_a_throw_reads_by_name_or_value() -> None:
    state = NyoutState.initial()
    assert state.parse_throw("KEL") == state.parse_throw("3") == THROWS[2]
    with pytest.raises(NotationError, match="to, kai, kel, nyout, mo"):
        state.parse_throw("yut")


@pytest.mark.parametrize("name", ["to", "kai", "kel"])
def test_a_small_throw_ends_the_throwing(name: str) -> None:
    state = throw(NyoutState.initial(), name)
    assert not state.is_chance and state.to_text() == f"a throws {name}"


@pytest.mark.parametrize("name", ["nyout", "mo"])
def test_nyout_and_mo_throw_again_before_moving(name: str) -> None:
    state = throw(NyoutState.initial(), name)
    assert state.is_chance and state.to_move == 0 and state.legal_moves() == []
    assert state.to_text() == f"a throws {name} +"
    state = throw(state, "mo", "kai")
    assert not state.is_chance and state.to_text() == " ".join(["a", "throws", "kai", *sorted([name, "mo"], key=["nyout", "mo"].index)])


def test_throws_are_used_one_by_one_and_may_go_to_different_horses() -> None:
    state = throw(NyoutState.initial(), "mo", "kel")
    assert texts(state) == {"kel:start-o03", "mo:start-o05"}
    state = state.play("mo:start-o05")
    assert state.to_move == 0 and state.to_text() == "o05=a a throws kel"
    # The kel: another horse in, or the same horse on, round the circle or into the cross from West.
    assert texts(state) == {"kel:start-o03", "kel:o05-o08", "kel:o05-c"}
    after = state.play("kel:start-o03")
    assert after.is_chance and after.to_move == 1 and after.to_text() == "o03=a o05=a b"


def test_the_seeds_example_mo_then_nyout_through_the_centre() -> None:
    """Seed rule 8: a mo brings a horse to West, the nyout takes it w1, w2, the centre, n2."""
    state = throw(NyoutState.initial(), "mo", "nyout", "to").play("mo:start-o05")
    move = state.parse_move("nyout:o05-n2")
    assert move.path == ("o05", "w1", "w2", "c", "n2")


def test_entering_counts_O01_as_the_first_station_and_paths_list_every_station() -> None:
    state = throw(NyoutState.initial(), "kel")
    (move,) = state.legal_moves()
    assert move.text == "kel:start-o03" and move.path == ("start", "o01", "o02", "o03") and move.kind == "enter"


# -- routes ------------------------------------------------------------------------------------------
def test_a_horse_passing_over_west_goes_on_round_the_circle() -> None:
    state = pos("o03=a a throws kel")
    assert texts(state) == {"kel:start-o03", "kel:o03-o06"}
    assert state.why_illegal("kel:o03-w1")[1] == "no-shortcut"


def test_south_shortcut_and_the_centre_lead_north() -> None:
    state = pos("o10=a a throws mo +")
    state = throw(state, "kai")
    assert {"kai:o10-o12", "kai:o10-s2", "mo:o10-o15", "mo:o10-n1"} <= texts(state)
    assert state.parse_move("mo:o10-n1").path == ("o10", "s1", "s2", "c", "n2", "n1")
    on_centre = pos("c=a a throws kel")
    assert texts(on_centre) == {"kel:start-o03", "kel:c-o20"}


def test_east_gives_no_shortcut() -> None:
    state = pos("o15=a a throws kai")
    assert texts(state) == {"kai:start-o02", "kai:o15-o17"}
    assert state.why_illegal("kai:o15-e2")[1] == "no-shortcut"


def test_culin_sends_the_west_arm_across_to_the_east() -> None:
    state = pos("w2=a a throws kel", shortcut="culin")
    assert state.parse_move("kel:w2-e1").path == ("w2", "c", "e2", "e1")
    seed = pos("w2=a a throws kel")
    assert seed.parse_move("kel:w2-n1").path == ("w2", "c", "n2", "n1")


def test_culin_a_horse_standing_on_the_centre_leaves_it_north_or_east() -> None:
    """Culin: stopping on the centre opens the way north; Ludii's two tracks through the centre let it
    also go on east (its HorizontalTrack ``13 5 1 0 3 7 23..28``), so both are offered."""
    stopped = pos("c=a a throws to", shortcut="culin")
    assert texts(stopped) == {"to:start-o01", "to:c-n2", "to:c-e2"}
    far = pos("c=a a throws mo", shortcut="culin")
    assert far.parse_move("mo:c-o17").path == ("c", "e2", "e1", "o15", "o16", "o17")
    assert far.parse_move("mo:c-off").path == ("c", "n2", "n1", "o20", "off")
    # the seed's reading: the centre leads north only, and the east move is refused for that rule
    seed = pos("c=a a throws to")
    assert texts(seed) == {"to:start-o01", "to:c-n2"}
    text, code = seed.why_illegal("to:c-e2")
    assert code == "no-shortcut" and "shortcut=north" in text and "North" in text


@pytest.mark.parametrize(
    ("position", "move", "shortcut", "words"),
    [
        ("o03=a a throws kel", "kel:o03-w1", "north", "stands on West or South"),  # West passed over
        ("o03=a a throws kel", "kel:o03-w1", "culin", "stands on West or South"),
        ("o15=a a throws kai", "kai:o15-e2", "north", "East's arm is no shortcut"),
        ("o15=a a throws kai", "kai:o15-e2", "culin", "East's arm is no shortcut"),
        ("w2=a a throws kai", "kai:w2-e2", "north", "shortcut=north"),  # through the centre: never east
        ("w2=a a throws kel", "kel:w2-n1", "culin", "stopped on the centre"),  # passing over: straight on
        ("s2=a a throws kai", "kai:s2-e2", "culin", "stopped on the centre"),
        ("o05=a a throws nyout", "nyout:o05-e2", "north", "shortcut=north"),
    ],
)
def test_a_refused_turn_names_the_shortcut_rule_in_every_shortcut_variant(position: str, move: str, shortcut: str, words: str) -> None:
    state = pos(position, shortcut=shortcut)
    text, code = state.why_illegal(move)
    assert code == "no-shortcut" and words in text, text
    assert move not in texts(state)


def test_culin_perft_counts_the_centres_second_way() -> None:
    """By hand: against the fixture's older 446 (tests/fixtures/perft/nyout.txt, shortcut=culin,bear_off=on-exit)
    the centre's east way adds 22 sequences.  White's kel stops a horse on the centre two ways (o05 across,
    o10 by the South arm); the mo then also goes c-o17, and Black answers each of those two positions with
    11 moves (to, kai, kel: a horse in, o18 on, w2 on; nyout, mo: a leaf each): 446 + 2 x 11 = 468."""
    start = pos("o05=a o10=aa o18=b w2=b a throws kel mo", shortcut="culin", bear_off="on-exit")
    for first in ("kel:o05-c", "kel:o10-c"):
        after = start.play(first, "mo:c-o17")
        assert after.is_chance and perft(after, 1) == 11
    assert perft(start, 3) == 468


# -- leaving -------------------------------------------------------------------------------------------
def test_a_horse_leaves_by_going_past_north_and_the_rest_is_lost() -> None:
    state = pos("o18=a o09=b a throws kai kel mo")
    assert "kai:o18-o20" in texts(state)  # exactly on North: stays
    assert state.parse_move("kel:o18-off").path == ("o18", "o19", "o20", "off")
    assert state.parse_move("mo:o18-off").path == ("o18", "o19", "o20", "off")  # two stations' worth lost
    assert state.why_illegal("kai:o18-off")[1] == "not-past"
    done = pos("o20=a a throws to").play("to:o20-off")
    assert done.to_text() == "off=a b"


def test_on_exit_reading_lets_a_horse_leave_on_north() -> None:
    state = pos("o18=a a throws kai", bear_off="on-exit")
    assert texts(state) == {"kai:start-o02", "kai:o18-off"}


# -- stacks and captures ---------------------------------------------------------------------------------
def test_landing_on_ones_own_horse_makes_a_stack_that_moves_as_one() -> None:
    state = pos("o02=a o04=a a throws kai to")
    move = state.parse_move("kai:o02-o04")
    assert move.kind == "stack"
    state = state.play("kai:o02-o04")
    assert state.to_text() == "o04=aa a throws to"
    state = state.play("to:o04-o05")
    assert state.to_text() == "o05=aa b"


def test_a_capture_sends_the_whole_stack_home_and_earns_a_throw() -> None:
    state = pos("o03=a o06=bb a throws kel kai")
    move = state.parse_move("kel:o03-o06")
    assert move.kind == "capture" and move.captures == ("o06",)
    after = state.apply(move)
    assert after.is_chance and after.to_move == 0 and after.to_text() == "o06=a a throws kai +"
    assert after.waiting(1) == 4
    after = throw(after, "to")
    assert after.to_text() == "o06=a a throws to kai"


def test_capture_throw_off_gives_no_throw() -> None:
    state = pos("o03=a o06=b a throws kel", capture_throw="off").play("kel:o03-o06")
    assert state.to_text() == "o06=a b"


def test_a_capture_with_the_last_throw_still_throws_again() -> None:
    state = pos("o03=a o06=b a throws kel").play("kel:o03-o06")
    assert state.is_chance and state.to_move == 0


# -- enemy_stack=blocks (Ludii: a lone enemy horse may be landed on, a stack may not) ----------------------
def test_a_stack_of_the_other_side_blocks_a_landing_and_a_lone_horse_is_still_captured() -> None:
    seed = pos("o03=a o06=bb a throws kel")
    assert seed.parse_move("kel:o03-o06").kind == "capture"  # the default: the whole stack goes home
    blocks = pos("o03=a o06=bb a throws kel", enemy_stack="blocks")
    assert texts(blocks) == {"kel:start-o03"}  # a new horse joins the one on o03; o03-o06 is refused
    text, code = blocks.why_illegal("kel:o03-o06")
    assert code == "blocked" and "o06" in text and "enemy_stack=blocks" in text
    lone = pos("o03=a o06=b a throws kel", enemy_stack="blocks")
    assert lone.parse_move("kel:o03-o06").kind == "capture"
    over = pos("o03=a o05=bb a throws kel", enemy_stack="blocks")  # passing over a stack is no landing
    assert "kel:o03-o06" in texts(over)
    entering = pos("o03=bb a throws kel", enemy_stack="blocks")
    assert entering.why_illegal("kel:start-o03")[1] == "blocked"


def test_a_throw_no_horse_can_use_is_let_go_when_stacks_block() -> None:
    """By hand: White's last horse on o03 holds a kel and Black's stack stands on o06.  The default
    captures (1 move, then White throws again: to, kai, kel take the horse on, nyout and mo a leaf: 5);
    with blocks the kel is let go (1 move, then Black throws: to, kai, kel each bring a horse in or move
    the stack, the kel's horse capturing White's lone one on o03, 2 each; nyout and mo a leaf: 8)."""
    capture = pos("o03=a o06=bb off=aaa a throws kel")
    assert texts(capture) == {"kel:o03-o06"} and perft(capture, 2) == 5
    blocks = pos("o03=a o06=bb off=aaa a throws kel", enemy_stack="blocks")
    assert texts(blocks) == {"kel:pass"} and perft(blocks, 2) == 8
    assert blocks.play("kel:pass").to_text() == "o03=a o06=bb off=aaa b"
    assert blocks.parse_move("3:PASS").text == "kel:pass"
    assert capture.why_illegal("kel:pass")[1] == "must-use"
    assert blocks.why_illegal("kai:pass")[1] == "no-such-throw"
    # a back-do is refused the same landing
    back = pos("o06=a o05=bb off=aaa a throws backdo", back_do="on", enemy_stack="blocks")
    assert texts(back) == {"backdo:pass"} and back.why_illegal("backdo:o06-o05")[1] == "blocked"


def test_an_unknown_enemy_stack_value_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["moves", "nyout", "--variant", "enemy_stack=wall"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1
    assert "--variant" in err and "enemy_stack" in err and "capture, blocks" in err and "'wall'" in err


def test_list_json_names_the_variants_with_their_values_default_and_sources(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["list", "--json"])
    assert info.value.code in (0, None)
    nyout = next(g for g in json.loads(capsys.readouterr().out)["games"] if g["id"] == "nyout")
    options = {v["name"]: v for v in nyout["variants"]}
    stack = options["enemy_stack"]
    assert (stack["values"], stack["default"], stack["type"]) == (["capture", "blocks"], "capture", "choice")
    assert set(stack["source"]) == {"capture", "blocks"} and "Ludii" in stack["source"]["blocks"]
    assert "Culin" in options["shortcut"]["source"]["culin"] and "towards North or East" in options["shortcut"]["doc"]
    assert all(set(v["source"]) == set(v["values"]) for v in nyout["variants"])  # every reading says who plays it


# -- several players -------------------------------------------------------------------------------------
def test_three_players_three_horses_each_in_turn() -> None:
    state = NyoutState.initial(variants={"players": "3"})
    assert state.players == 3 and [state.waiting(s) for s in range(3)] == [3, 3, 3]
    for seat, name, landing in ((0, "kel", "o03"), (1, "kai", "o02"), (2, "kel", "o03")):
        assert state.to_move == seat
        state = throw(state, name).play(f"{name}:start-{landing}")
    # c captured a's horse, which went home, and throws again
    assert state.to_move == 2 and state.is_chance and state.to_text() == "o02=b o03=c c"
    assert state.waiting(0) == 3
    state = throw(state, "to").play("to:o03-o04")
    assert state.to_move == 0
    with pytest.raises(PositionError, match="more than its 3"):
        pos("o01=aaaa a", players="3")


def test_four_players_partners_stack_and_move_each_others_horses() -> None:
    state = pos("o04=c o02=a a throws kai kel", players="4")
    assert state.players == 4
    assert "kai:o02-o04" in texts(state) and state.parse_move("kai:o02-o04").kind == "stack"
    state = state.play("kai:o02-o04")
    assert state.to_text() == "o04=ac a throws kel"
    state = state.play("kel:o04-o07")  # a moves the stack with his partner's horse in it
    assert state.to_text() == "o07=ac b"
    opp = throw(pos("o07=ac o05=d b", players="4"), "kai")
    assert "kai:o05-o07" in texts(opp)  # b moves his partner d's horse and captures both
    after = opp.play("kai:o05-o07")
    assert after.to_text() == "o07=d b" and after.is_chance and after.to_move == 1  # b's extra throw
    assert after.waiting(0) == 2 and after.waiting(2) == 2


def test_a_partner_enters_his_partners_horse_when_his_own_are_all_out() -> None:
    state = pos("o08=aa a throws to", players="4")
    move = state.parse_move("to:start-o01")
    assert state.apply(move).stacks[0] == "c"


def test_partners_win_together() -> None:
    state = pos("o19=c off=aabc a throws kai", players="4").play("kai:o19-off")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.partners == (2,) and outcome.winners == (0, 2)
    assert state.to_move is None and not state.is_chance
    assert outcome.reason == "a and c have borne off all their horses"


def test_two_players_winner_and_pending_throws_discarded() -> None:
    state = pos("o20=a off=aaa o04=b a throws to kel").play("to:o20-off")
    assert state.outcome() is not None and state.outcome().winner == 0  # type: ignore[union-attr]
    assert state.to_text() == "o04=b off=aaaa a" and state.legal_moves() == []


# -- refusals -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("kel", "syntax"),
        ("yut:o03-o06", "syntax"),
        ("kel:o03-Z9", "off-board"),
        ("mo:o03-o08", "no-such-throw"),
        ("kel:o09-o12", "no-horse"),
        ("kel:o06-o09", "not-yours"),
        ("kel:o03-o07", "wrong-distance"),
        ("kel:start-o04", "wrong-distance"),
        ("kel:off-o03", "backwards"),
    ],
)
def test_why_a_move_is_refused(text: str, code: str) -> None:
    state = pos("o03=a o06=b a throws kel")
    assert state.why_illegal(state.normalize_move_text(text))[1] == code
    with pytest.raises(IllegalMoveError):
        state.parse_move(text)


def test_throw_first_and_no_throw_due() -> None:
    state = NyoutState.initial()
    assert state.why_illegal("kel:start-o03")[1] == "must-throw"
    decided = throw(state, "kel")
    with pytest.raises(IllegalMoveError) as refused:
        decided.apply_throw(THROWS[0])
    assert refused.value.code == "no-throw"


# -- notation ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "players"),
    [
        ("a", "2"),
        ("a throws kel mo", "2"),
        ("o07=a a throws to +", "2"),
        ("o04=b off=aaaa a", "2"),
        ("o01=bd o05=bd c=ac off=a c throws to to kai", "4"),
        ("o09=c w1=b off=aab b throws nyout +", "3"),
    ],
)
def test_position_texts_round_trip(text: str, players: str) -> None:
    assert pos(text, players=players).to_text() == text


def test_moves_read_in_any_case_and_by_value() -> None:
    state = pos("o05=a a throws kel")
    assert state.normalize_move_text("3:o05-c") == "kel:o05-c"
    assert state.parse_move("KEL:o05-c").text == "kel:o05-c"


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("o05=ab a", PositionError, "opposing sides"),
        ("o05=aaa o06=aa a", PositionError, "more than its 4"),
        ("Q05=a a", NotationError, "not a station"),
        ("o05=e a", NotationError, "not a seat"),
        ("o05=a", NotationError, "seat to move"),
        ("o05=a a throws yut", NotationError, "not a throw"),
        ("o05=a a kel", NotationError, "expected 'throws'"),
        ("o05=a o05=a a", PositionError, "twice"),
        ("off=aaaa off=bbbb a", PositionError, "twice"),
    ],
)
def test_bad_positions_are_refused(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        pos(text)


@pytest.mark.parametrize(
    "variants",
    [{"players": "2"}, {"players": "3"}, {"players": "4"},
     {"players": "2", "shortcut": "culin", "bear_off": "on-exit", "capture_throw": "off", "back_do": "on"},
     {"players": "2", "enemy_stack": "blocks"}, {"players": "4", "enemy_stack": "blocks", "back_do": "on"},
     {"players": "4", "back_do": "on"}],
    ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()),
)
def test_random_games_end_and_every_text_reads_back(variants: dict[str, str]) -> None:
    rng = random.Random(str(variants))
    state = NyoutState.initial(variants=variants)
    for _ in range(3000):
        if state.outcome() is not None:
            break
        assert NyoutState.from_text(state.to_text(), variants).to_text() == state.to_text()
        if state.is_chance:
            state = state.apply_throw(rng.choice(list(state.throws())))
        else:
            moves = state.legal_moves()
            assert moves, state.to_text()
            assert all(state.parse_move(m.text) == m for m in moves)
            state = state.apply(rng.choice(moves))
    assert state.outcome() is not None


# -- back-do (modern yut, variant back_do) -------------------------------------------------------------------
def test_back_do_takes_one_chance_in_sixteen_from_the_to() -> None:
    throws = NyoutState.initial(variants={"back_do": "on"}).throws()
    chances = {t.text: t.probability for t in throws}
    assert chances == {"to": Fraction(3, 16), "kai": Fraction(6, 16), "kel": Fraction(4, 16), "nyout": Fraction(1, 16),
                       "mo": Fraction(1, 16), "backdo": Fraction(1, 16)}
    assert "backdo" not in {t.text for t in NyoutState.initial().throws()}
    with pytest.raises(NotationError, match="back_do=on"):
        pos("o05=a a throws backdo")


def test_back_do_moves_a_horse_one_station_back() -> None:
    state = pos("o05=a o09=b a throws backdo", back_do="on")
    assert texts(state) == {"backdo:o05-o04"}
    assert pos("c=a a throws backdo", back_do="on").legal_moves()[0].path == ("c", "w2")
    assert texts(pos("c=a a throws backdo", back_do="on")) == {"backdo:c-w2", "backdo:c-s2"}
    assert texts(pos("o20=a a throws backdo", back_do="on")) == {"backdo:o20-o19", "backdo:o20-n1"}
    home = pos("o01=aa a throws backdo", back_do="on").play("backdo:o01-start")
    assert home.to_text() == "b" and home.waiting(0) == 4
    capture = pos("o05=a o04=b a throws backdo", back_do="on").parse_move("backdo:o05-o04")
    assert capture.kind == "capture"


def test_a_back_do_no_horse_can_use_is_let_go() -> None:
    state = pos("a throws backdo kel", back_do="on")
    assert texts(state) == {"backdo:pass", "kel:start-o03"}
    after = state.play("kel:start-o03")
    assert texts(after) == {"backdo:o03-o02"}
    assert after.why_illegal("backdo:pass")[1] == "must-use"
    passed = state.play("backdo:pass")
    assert passed.to_text() == "a throws kel"


def test_the_back_do_pass_reads_in_any_case() -> None:
    state = pos("a throws backdo", back_do="on")
    assert state.parse_move("BACKDO:PASS").text == "backdo:pass"


def test_the_throws_in_hand_as_one_throw_for_diagrams() -> None:
    held = pos("o05=a a throws kel mo").current_throw
    assert held is not None and held.text == "kel mo"
    assert held.faces == (1, 1, 1, 0, 0, 0, 0, 0) and held.probability == Fraction(4, 16) * Fraction(1, 16)
    assert pos("o07=a a throws to +").current_throw.text == "to"  # type: ignore[union-attr]
    assert pos("a").current_throw is None and pos("o09=b off=aaaa a").current_throw is None
