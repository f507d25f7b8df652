"""Nyout's rules, position by position (games.md section 8; seed 000, NYOUT): throws, routes, stacks,
captures, leaving the board, partners, and every variant; notation round trips."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

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
    assert texts(state) == {"kel:start-O03", "mo:start-O05"}
    state = state.play("mo:start-O05")
    assert state.to_move == 0 and state.to_text() == "O05=a a throws kel"
    # The kel: another horse in, or the same horse on, round the circle or into the cross from West.
    assert texts(state) == {"kel:start-O03", "kel:O05-O08", "kel:O05-C"}
    after = state.play("kel:start-O03")
    assert after.is_chance and after.to_move == 1 and after.to_text() == "O03=a O05=a b"


def test_the_seeds_example_mo_then_nyout_through_the_centre() -> None:
    """Seed rule 8: a mo brings a horse to West, the nyout takes it W1, W2, the centre, N2."""
    state = throw(NyoutState.initial(), "mo", "nyout", "to").play("mo:start-O05")
    move = state.parse_move("nyout:O05-N2")
    assert move.path == ("O05", "W1", "W2", "C", "N2")


def test_entering_counts_O01_as_the_first_station_and_paths_list_every_station() -> None:
    state = throw(NyoutState.initial(), "kel")
    (move,) = state.legal_moves()
    assert move.text == "kel:start-O03" and move.path == ("start", "O01", "O02", "O03") and move.kind == "enter"


# -- routes ------------------------------------------------------------------------------------------
def test_a_horse_passing_over_west_goes_on_round_the_circle() -> None:
    state = pos("O03=a a throws kel")
    assert texts(state) == {"kel:start-O03", "kel:O03-O06"}
    assert state.why_illegal("kel:O03-W1")[1] == "no-shortcut"


def test_south_shortcut_and_the_centre_lead_north() -> None:
    state = pos("O10=a a throws mo +")
    state = throw(state, "kai")
    assert {"kai:O10-O12", "kai:O10-S2", "mo:O10-O15", "mo:O10-N1"} <= texts(state)
    assert state.parse_move("mo:O10-N1").path == ("O10", "S1", "S2", "C", "N2", "N1")
    on_centre = pos("C=a a throws kel")
    assert texts(on_centre) == {"kel:start-O03", "kel:C-O20"}


def test_east_gives_no_shortcut() -> None:
    state = pos("O15=a a throws kai")
    assert texts(state) == {"kai:start-O02", "kai:O15-O17"}
    assert state.why_illegal("kai:O15-E2")[1] == "no-shortcut"


def test_culin_sends_the_west_arm_across_to_the_east() -> None:
    state = pos("W2=a a throws kel", shortcut="culin")
    assert state.parse_move("kel:W2-E1").path == ("W2", "C", "E2", "E1")
    seed = pos("W2=a a throws kel")
    assert seed.parse_move("kel:W2-N1").path == ("W2", "C", "N2", "N1")
    stopped = pos("C=a a throws to", shortcut="culin")
    assert "to:C-N2" in texts(stopped)


# -- leaving -------------------------------------------------------------------------------------------
def test_a_horse_leaves_by_going_past_north_and_the_rest_is_lost() -> None:
    state = pos("O18=a O09=b a throws kai kel mo")
    assert "kai:O18-O20" in texts(state)  # exactly on North: stays
    assert state.parse_move("kel:O18-off").path == ("O18", "O19", "O20", "off")
    assert state.parse_move("mo:O18-off").path == ("O18", "O19", "O20", "off")  # two stations' worth lost
    assert state.why_illegal("kai:O18-off")[1] == "not-past"
    done = pos("O20=a a throws to").play("to:O20-off")
    assert done.to_text() == "off=a b"


def test_on_exit_reading_lets_a_horse_leave_on_north() -> None:
    state = pos("O18=a a throws kai", bear_off="on-exit")
    assert texts(state) == {"kai:start-O02", "kai:O18-off"}


# -- stacks and captures ---------------------------------------------------------------------------------
def test_landing_on_ones_own_horse_makes_a_stack_that_moves_as_one() -> None:
    state = pos("O02=a O04=a a throws kai to")
    move = state.parse_move("kai:O02-O04")
    assert move.kind == "stack"
    state = state.play("kai:O02-O04")
    assert state.to_text() == "O04=aa a throws to"
    state = state.play("to:O04-O05")
    assert state.to_text() == "O05=aa b"


def test_a_capture_sends_the_whole_stack_home_and_earns_a_throw() -> None:
    state = pos("O03=a O06=bb a throws kel kai")
    move = state.parse_move("kel:O03-O06")
    assert move.kind == "capture" and move.captures == ("O06",)
    after = state.apply(move)
    assert after.is_chance and after.to_move == 0 and after.to_text() == "O06=a a throws kai +"
    assert after.waiting(1) == 4
    after = throw(after, "to")
    assert after.to_text() == "O06=a a throws to kai"


def test_capture_throw_off_gives_no_throw() -> None:
    state = pos("O03=a O06=b a throws kel", capture_throw="off").play("kel:O03-O06")
    assert state.to_text() == "O06=a b"


def test_a_capture_with_the_last_throw_still_throws_again() -> None:
    state = pos("O03=a O06=b a throws kel").play("kel:O03-O06")
    assert state.is_chance and state.to_move == 0


# -- several players -------------------------------------------------------------------------------------
def test_three_players_three_horses_each_in_turn() -> None:
    state = NyoutState.initial(variants={"players": "3"})
    assert state.players == 3 and [state.waiting(s) for s in range(3)] == [3, 3, 3]
    for seat, name, landing in ((0, "kel", "O03"), (1, "kai", "O02"), (2, "kel", "O03")):
        assert state.to_move == seat
        state = throw(state, name).play(f"{name}:start-{landing}")
    # c captured a's horse, which went home, and throws again
    assert state.to_move == 2 and state.is_chance and state.to_text() == "O02=b O03=c c"
    assert state.waiting(0) == 3
    state = throw(state, "to").play("to:O03-O04")
    assert state.to_move == 0
    with pytest.raises(PositionError, match="more than its 3"):
        pos("O01=aaaa a", players="3")


def test_four_players_partners_stack_and_move_each_others_horses() -> None:
    state = pos("O04=c O02=a a throws kai kel", players="4")
    assert state.players == 4
    assert "kai:O02-O04" in texts(state) and state.parse_move("kai:O02-O04").kind == "stack"
    state = state.play("kai:O02-O04")
    assert state.to_text() == "O04=ac a throws kel"
    state = state.play("kel:O04-O07")  # a moves the stack with his partner's horse in it
    assert state.to_text() == "O07=ac b"
    opp = throw(pos("O07=ac O05=d b", players="4"), "kai")
    assert "kai:O05-O07" in texts(opp)  # b moves his partner d's horse and captures both
    after = opp.play("kai:O05-O07")
    assert after.to_text() == "O07=d b" and after.is_chance and after.to_move == 1  # b's extra throw
    assert after.waiting(0) == 2 and after.waiting(2) == 2


def test_a_partner_enters_his_partners_horse_when_his_own_are_all_out() -> None:
    state = pos("O08=aa a throws to", players="4")
    move = state.parse_move("to:start-O01")
    assert state.apply(move).stacks[0] == "c"


def test_partners_win_together() -> None:
    state = pos("O19=c off=aabc a throws kai", players="4").play("kai:O19-off")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.partners == (2,) and outcome.winners == (0, 2)
    assert state.to_move is None and not state.is_chance
    assert outcome.reason == "a and c have borne off all their horses"


def test_two_players_winner_and_pending_throws_discarded() -> None:
    state = pos("O20=a off=aaa O04=b a throws to kel").play("to:O20-off")
    assert state.outcome() is not None and state.outcome().winner == 0  # type: ignore[union-attr]
    assert state.to_text() == "O04=b off=aaaa a" and state.legal_moves() == []


# -- refusals -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("kel", "syntax"),
        ("yut:O03-O06", "syntax"),
        ("kel:O03-Z9", "off-board"),
        ("mo:O03-O08", "no-such-throw"),
        ("kel:O09-O12", "no-horse"),
        ("kel:O06-O09", "not-yours"),
        ("kel:O03-O07", "wrong-distance"),
        ("kel:start-O04", "wrong-distance"),
        ("kel:off-O03", "backwards"),
    ],
)
def test_why_a_move_is_refused(text: str, code: str) -> None:
    state = pos("O03=a O06=b a throws kel")
    assert state.why_illegal(state.normalize_move_text(text))[1] == code
    with pytest.raises(IllegalMoveError):
        state.parse_move(text)


def test_throw_first_and_no_throw_due() -> None:
    state = NyoutState.initial()
    assert state.why_illegal("kel:start-O03")[1] == "must-throw"
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
        ("O07=a a throws to +", "2"),
        ("O04=b off=aaaa a", "2"),
        ("O01=bd O05=bd C=ac off=a c throws to to kai", "4"),
        ("O09=c W1=b off=aab b throws nyout +", "3"),
    ],
)
def test_position_texts_round_trip(text: str, players: str) -> None:
    assert pos(text, players=players).to_text() == text


def test_moves_read_in_any_case_and_by_value() -> None:
    state = pos("O05=a a throws kel")
    assert state.normalize_move_text("3:o05-c") == "kel:O05-C"
    assert state.parse_move("KEL:o05-c").text == "kel:O05-C"


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("O05=ab a", PositionError, "opposing sides"),
        ("O05=aaa O06=aa a", PositionError, "more than its 4"),
        ("Q05=a a", NotationError, "not a station"),
        ("O05=e a", NotationError, "not a seat"),
        ("O05=a", NotationError, "seat to move"),
        ("O05=a a throws yut", NotationError, "not a throw"),
        ("O05=a a kel", NotationError, "expected 'throws'"),
        ("O05=a O05=a a", PositionError, "twice"),
        ("off=aaaa off=bbbb a", PositionError, "twice"),
    ],
)
def test_bad_positions_are_refused(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        pos(text)


def test_random_games_end_and_every_text_reads_back() -> None:
    for players in ("2", "3", "4"):
        rng = random.Random(players)
        state = NyoutState.initial(variants={"players": players})
        for _ in range(3000):
            if state.outcome() is not None:
                break
            assert NyoutState.from_text(state.to_text(), {"players": players}).to_text() == state.to_text()
            if state.is_chance:
                state = state.apply_throw(rng.choice(list(state.throws())))
            else:
                moves = state.legal_moves()
                assert moves, state.to_text()
                assert all(state.parse_move(m.text) == m for m in moves)
                state = state.apply(rng.choice(moves))
        assert state.outcome() is not None
