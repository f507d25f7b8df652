"""The chance-point interface: Throw, Outcome's points and partners, the shared distributions and sampling."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from boardgen.engine.base import GameState, Outcome, Throw
from boardgen.engine.chance import STICKS_4, TWO_DICE, check_throw_distribution, draw, sample_throw
from boardgen.errors import IllegalMoveError, NotationError
from boardgen.games.hex.rules import HexState
from tests.engines.toy_race import ToyRaceState


def test_two_dice_are_21_throws_doubles_one_in_36() -> None:
    assert len(TWO_DICE) == 21
    assert sum(t.probability for t in TWO_DICE) == 1
    by_text = {t.text: t for t in TWO_DICE}
    assert by_text["6-6"].probability == Fraction(1, 36) and by_text["6-6"].faces == (6, 6)
    assert by_text["3-1"].probability == Fraction(1, 18) and by_text["3-1"].faces == (3, 1)
    assert "1-3" not in by_text  # the higher die is written first
    assert [t.text for t in TWO_DICE][:4] == ["1-1", "2-1", "2-2", "3-1"]


def test_four_sticks_count_marked_sides_and_none_marked_is_five() -> None:
    assert [(t.text, t.probability * 16, t.faces) for t in STICKS_4] == [
        ("1", 4, (1, 0, 0, 0)),
        ("2", 6, (1, 1, 0, 0)),
        ("3", 4, (1, 1, 1, 0)),
        ("4", 1, (1, 1, 1, 1)),
        ("5", 1, (0, 0, 0, 0)),
    ]
    assert [t.key for t in STICKS_4] == [1, 2, 3, 4, 5]
    named = replace(STICKS_4[2], text="kel")
    assert named.key == 3 and named.faces == (1, 1, 1, 0) and named.probability == Fraction(1, 4)


def test_throw_equality_ignores_the_key() -> None:
    assert Throw("3", Fraction(1, 6), (3,), key=3) == Throw("3", Fraction(1, 6), (3,))
    assert Throw("3", Fraction(1, 6)) != Throw("3", Fraction(1, 3))


def test_outcome_json_is_unchanged_at_the_defaults() -> None:
    assert Outcome(1, "connected").to_json() == {"winner": 1, "reason": "connected"}
    assert Outcome(None, "draw").to_json() == {"winner": None, "reason": "draw"}
    assert Outcome(None, "draw").winners == ()
    assert Outcome(2, "x").winners == (2,)
    team = Outcome(0, "home", points=2, partners=(2,))
    assert team.winners == (0, 2)
    assert team.to_json() == {"winner": 0, "reason": "home", "points": 2, "winners": [0, 2]}
    assert Outcome(1, "gammon", points=2).to_json() == {"winner": 1, "reason": "gammon", "points": 2}


def test_a_game_without_chance_keeps_the_defaults() -> None:
    state = HexState.initial(3, {})
    assert state.players == 2 and state.is_chance is False and tuple(state.throws()) == ()
    with pytest.raises(NotationError, match="no throw is due"):
        state.parse_throw("3")
    with pytest.raises(IllegalMoveError, match="no throw is due") as info:
        state.apply_throw(TWO_DICE[0])
    assert info.value.code == "no-throw"
    with pytest.raises(IllegalMoveError):
        sample_throw(state, random.Random(0))


def test_a_chance_point_throws_then_chooses() -> None:
    start = ToyRaceState.initial(None, {"players": "3"})
    assert start.is_chance and start.to_move == 0 and start.players == 3
    assert start.legal_moves() == [] and start.outcome() is None
    assert check_throw_distribution(start) == tuple(start.throws())
    four = start.apply_throw(start.parse_throw(" 4 "))
    assert start.to_text() == "0.0 0.0 0.0 a"  # unchanged
    assert four.to_text() == "0.0 0.0 0.0 a throw 4" and not four.is_chance
    assert [m.text for m in four.legal_moves()] == ["a1", "a2"]
    assert four.legal_moves()[0].path == ("s1", "s2", "s3", "s4")
    assert four.play("a1").to_text() == "4.0 0.0 0.0 b"
    # a six gives the same seat another throw: two moves in a row by seat 0
    assert start.play("6", "a1", "2", "a2").to_text() == "6.2 0.0 0.0 b"
    assert start.play("6", "a1").to_move == 0


def test_a_bad_throw_is_refused_naming_what_is_allowed() -> None:
    start = ToyRaceState.initial(None, {})
    with pytest.raises(NotationError, match=r"throw '7': not a throw here \(allowed: 1, 2, 3, 4, 5, 6\)"):
        start.parse_throw("7")
    with pytest.raises(IllegalMoveError, match="not a possible throw") as info:
        start.apply_throw(Throw("7", Fraction(1, 6), (7,)))
    assert info.value.code == "bad-throw"
    assert start.why_illegal("a1") == ("a1: a throw is due first (allowed: 1, 2, 3, 4, 5, 6)", "throw-due")
    with pytest.raises(IllegalMoveError, match="a throw is due first"):
        start.parse_move("a1")


def test_partners_move_each_other_and_win_together() -> None:
    four = {"players": "4", "partners": "on"}
    state = ToyRaceState.from_text("9.10 0.0 10.8 0.0 a throw 3", four)
    assert [m.text for m in state.legal_moves()] == ["a1", "c2"]  # seat a may move its partner c's runner
    assert state.play("c2").to_text() == "9.10 0.0 10.10 0.0 b"
    assert ToyRaceState.from_text("9.10 0.0 10.8 0.0 a throw 3", {"players": "4"}).legal_moves()[-1].text == "a1"
    done = ToyRaceState.from_text("9.10 0.4 10.10 0.0 a throw 3", four).play("a1")
    assert done.outcome() == Outcome(0, "all runners home", points=1, partners=(2,))
    assert done.to_move is None and not done.is_chance and tuple(done.throws()) == ()
    whitewash = ToyRaceState.from_text("10.10 0.0 10.10 0.0 b", {"players": "4", "partners": "on"})
    assert whitewash.outcome() == Outcome(0, "all runners home", points=2, partners=(2,))
    assert whitewash.outcome().winners == (0, 2)  # type: ignore[union-attr]


def test_sampling_is_reproducible_and_follows_the_probabilities() -> None:
    start = ToyRaceState.initial(None, {})
    first = [sample_throw(start, random.Random(7)).text for _ in range(3)]
    assert len(set(first)) == 1  # the same seed, the same throw
    rng = random.Random(1)
    counts = Counter(draw(STICKS_4, rng).text for _ in range(16000))
    for throw in STICKS_4:
        expected = 16000 * throw.probability
        assert abs(counts[throw.text] - expected) < 5 * float(expected) ** 0.5, (throw.text, counts)
    one, two = random.Random("seed"), random.Random("seed")
    assert [draw(TWO_DICE, one).text for _ in range(50)] == [draw(TWO_DICE, two).text for _ in range(50)]


def test_draw_refuses_probabilities_that_do_not_sum_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 5/6"):
        draw([Throw("x", Fraction(1, 2)), Throw("y", Fraction(1, 3))], random.Random(0))


class _Skewed(ToyRaceState):
    """Broken: the die's six is listed twice over and a throw text does not read back."""

    def throws(self):
        die = list(super().throws())
        return [*die[:5], Throw("6", Fraction(1, 3), (6,), key=6), Throw(" 7", Fraction(0), (7,))] if die else []


def test_check_throw_distribution_lists_every_problem() -> None:
    broken = _Skewed.initial(None, {})
    with pytest.raises(ValueError) as info:
        check_throw_distribution(broken)
    message = str(info.value)
    assert "throw ' 7': probability 0 is not above 0" in message
    assert "probabilities sum to 7/6, not 1" in message
    assert "bad throw text ' 7'" in message
    with pytest.raises(ValueError, match="not a chance point"):
        check_throw_distribution(ToyRaceState.initial(None, {}).play("3"))


def test_is_a_game_state() -> None:
    assert issubclass(ToyRaceState, GameState)


def test_perft_expands_every_throw_without_using_depth() -> None:
    from boardgen.engine.perft import estimate, perft

    start = ToyRaceState.initial(None, {})
    assert perft(start, 0) == 1
    assert perft(start, 1) == 6 * 2  # six throws, then a choice of two runners
    # after any first move the next chance point again has six throws of two choices each
    # (a six gives seat a another throw, with runners on 6 and 0: still two choices)
    assert perft(start, 2) == 12 * 12
    after_four = start.play("4")
    assert perft(after_four, 1) == 2 and perft(after_four, 2) == 2 * 12
    # a chance point at the end of the depth counts once (a finished game adds nothing: tests/engines/test_perft.py)
    assert perft(after_four.play("a1"), 0) == 1
    assert estimate(start, 2) == 144 and estimate(after_four, 1) == 2


def test_has_chance_tells_the_chance_games() -> None:
    from boardgen.engine.chance import has_chance

    assert has_chance(ToyRaceState) and not has_chance(HexState)


class _ThrowsAgain(ToyRaceState):
    """A die whose six is thrown again at once, before anyone moves (as Nyout's nyout and mo are)."""

    def apply_throw(self, throw: Throw) -> ToyRaceState:
        if self.checked_throw(throw).key == 6:
            return type(self)(self.runners, self.side, None, self.partners)  # a chance point again
        return super().apply_throw(throw)


def test_perft_ends_where_throws_may_chain_for_ever() -> None:
    from boardgen.engine.perft import estimate, perft

    start = _ThrowsAgain.initial(None, {})
    # throws 1 to 5: two runners each; a six leads to a chance point again, which uses one depth
    assert perft(start, 1) == 5 * 2 + 1
    assert perft(start, 2) == 5 * 2 * perft(_ThrowsAgain.from_text("1.0 0.0 b", {}), 1) + perft(start, 1)
    assert estimate(start, 3) > 0  # always taking the last throw (a six) stops after a few, not never
