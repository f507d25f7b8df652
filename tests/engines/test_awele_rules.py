"""Awelé's rules on hand-checked positions: sowing, laps, captures, famine, the ends and every variant.

Position texts (docs/notation/awele.md): South's row a1..f1, then North's
f2..a2 (each from its owner's left, in sowing order), the stores
South-North, the side to move, the turns since the last capture.
"""

from __future__ import annotations

import pytest

from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.awele import ABAPA, GAME
from boardgen.games.awele.rules import AweleState

from tests.conftest import run_boardgen


def state(text: str, **variants: str) -> AweleState:
    return AweleState.from_text(text, {k.replace("-", "_"): v for k, v in variants.items()})


def pits(s: AweleState) -> str:
    return s.to_text().split()[0]


# -- setup and sowing ---------------------------------------------------------------


def test_start_position_and_first_moves() -> None:
    start = AweleState.initial()
    assert start.to_text() == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0"
    assert start.to_move == 0
    assert [m.text for m in start.legal_moves()] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    assert all(p.count == 4 and p.kind == "seed" for _, p in start.placements())
    assert len(start.placements()) == 12  # empty stores are not listed


def test_sowing_drops_one_seed_in_each_following_pit_into_the_opponents_row() -> None:
    after = AweleState.initial().play("d1")
    assert pits(after) == "4,4,4,0,5,5/5,5,4,4,4,4"
    move = AweleState.initial().parse_move("d1")
    assert move.path == ("d1", "e1", "f1", "f2", "e2") and move.kind == "sow" and not move.captures
    assert after.to_move == 1
    assert [m.text for m in after.legal_moves()] == ["f2", "e2", "d2", "c2", "b2", "a2"]


def test_north_sows_from_his_left_across_to_souths_row() -> None:
    after = AweleState.initial().play("d1", "b2")  # b2's four seeds: a2, then a1, b1, c1
    assert pits(after) == "5,5,5,0,5,5/5,5,4,4,0,5"
    assert AweleState.initial().play("d1").parse_move("b2").path == ("b2", "a2", "a1", "b1", "c1")


def test_a_lap_of_twelve_seeds_passes_the_emptied_pit_by() -> None:
    s = state("12,0,0,0,0,0/0,0,0,0,0,4 16-16 s 0")
    move = s.parse_move("a1")
    assert move.path[1:] == ("b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2", "b1")
    after = s.apply(move)
    assert pits(after) == "0,2,1,1,1,1/1,1,1,1,1,5"  # a1 stays empty, b1 gets the twelfth seed


# -- captures -------------------------------------------------------------------------


def test_a_last_seed_making_two_captures_them() -> None:
    s = state("0,0,0,0,2,0/1,0,0,0,0,5 20-20 s 0")
    move = s.parse_move("e1")
    assert move.kind == "capture" and move.captures == ("f2",) and move.taken == (2,)
    after = s.apply(move)
    assert after.scores == (22, 20) and pits(after) == "0,0,0,0,0,1/0,0,0,0,0,5"
    assert after.quiet_turns == 0


def test_captures_go_backwards_while_the_pits_hold_two_or_three() -> None:
    s = state("0,0,0,4,0,0/1,2,0,0,0,3 19-19 s 0")
    move = s.parse_move("d1")  # e1, f1, f2 (2), e2 (3)
    assert move.captures == ("e2", "f2") and move.taken == (3, 2)
    assert s.apply(move).scores == (24, 19)


def test_the_chain_stops_at_a_pit_without_two_or_three() -> None:
    s = state("0,0,0,4,0,0/3,2,0,0,0,3 19-17 s 0")
    move = s.parse_move("d1")  # f2 gets a fourth seed: e2 only
    assert move.captures == ("e2",) and move.taken == (3,)


def test_the_chain_never_crosses_into_the_movers_own_row() -> None:
    """South's last seed makes 2 in f2; going back, f1 holds 2 as well but is South's own: only f2 is taken."""
    s = state("0,0,0,0,2,1/1,0,0,0,0,5 20-19 s 0")
    move = s.parse_move("e1")  # f1 (2), f2 (2)
    assert move.captures == ("f2",) and move.taken == (2,)
    s = state("1,0,0,0,0,0/0,0,0,0,3,1 20-23 n 0")
    move = s.parse_move("a2")  # North's one seed into a1 (2): the chain ends at a1, the start of South's row
    assert move.captures == ("a1",) and move.taken == (2,)


def test_no_capture_when_the_last_seed_stays_in_the_movers_row() -> None:
    s = state("0,0,0,1,1,0/0,0,0,0,0,4 21-21 s 0")
    assert s.parse_move("d1").captures == ()  # e1 now holds 2, but it is South's own pit


def test_a_grand_slam_captures_everything_by_default_and_nothing_under_abapa() -> None:
    text = "9,0,0,4,0,0/1,2,0,0,0,0 16-16 s 0"
    assert state(text).parse_move("d1").captures == ("e2", "f2")
    slam = state(text, grand_slam="no-capture").parse_move("d1")
    assert slam.captures == () and slam.kind == "sow"
    assert state(text, rules="abapa").parse_move("d1").captures == ()


def test_grand_slam_illegal_refuses_the_move_while_another_exists() -> None:
    # South a1..f1 = 9,0,0,4,0,0; North f2 = 1, e2 = 2, the rest empty.  d1's four seeds end in
    # e2 (now 3), with f2 (now 2) behind it: every seed North has, a grand slam.  a1's nine seeds
    # end in c2, which then holds 1: no capture.  With grand_slam=illegal (Ludii's Awari.lud)
    # d1 may not be played, so a1 is South's only move.
    text = "9,0,0,4,0,0/1,2,0,0,0,0 16-16 s 0"
    assert [m.text for m in state(text).legal_moves()] == ["a1", "d1"]
    illegal = state(text, grand_slam="illegal")
    assert [m.text for m in illegal.legal_moves()] == ["a1"]
    with pytest.raises(IllegalMoveError):
        illegal.parse_move("d1")
    message, code = illegal.why_illegal("d1")
    assert code == "grand-slam" and "every seed" in message
    assert pits(illegal.play("a1")) == "0,1,1,5,1,1/2,3,1,1,0,0"


def test_grand_slam_illegal_when_every_move_is_one_they_are_all_played_and_capture() -> None:
    # South e1 = 2, f1 = 1; North has one seed, on f2.  e1 sows f1 and f2 (now 2: captured, South's
    # own f1 is not); f1 sows f2 (now 2: captured).  Both take every seed North has.  A ban on every
    # move would leave South no move at all, so (the Awari rules of Allis, van der Meulen and van den
    # Herik, 1991) both stay legal and capture as usual; North is then starving.
    text = "0,0,0,0,2,1/1,0,0,0,0,0 22-22 s 0"
    illegal = state(text, grand_slam="illegal")
    moves = illegal.legal_moves()
    assert [(m.text, m.captures) for m in moves] == [("e1", ("f2",)), ("f1", ("f2",))]
    after = illegal.play("f1")
    assert after.scores == (24, 22) and pits(after) == "0,0,0,0,2,0/0,0,0,0,0,0"
    outcome = after.outcome()  # North cannot sow: famine, and by the seed's rule he collects the 2 left
    assert outcome is not None and outcome.winner is None and after.final_scores() == (24, 24)
    # the same position under Abapa's rule: both moves are played and capture nothing
    assert [m.captures for m in state(text, grand_slam="no-capture").legal_moves()] == [(), ()]


@pytest.mark.parametrize("pair", ["grand_slam=forbidden", "grand_slam=ILLEGAL"])
def test_an_unknown_grand_slam_value_is_one_line_and_exit_2(pair: str) -> None:
    result = run_boardgen("moves", "awele", "--variant", pair)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "variant grand_slam takes allowed, no-capture, illegal" in result.stderr
    assert repr(pair.split("=")[1]) in result.stderr


# -- the end of the game ----------------------------------------------------------------


def test_famine_the_starving_player_collects_the_seeds_left() -> None:
    """The seed's example in small: South plays his last seed, North cannot give one back."""
    s = state("0,0,0,0,0,1/3,0,0,0,0,0 22-22 s 0").play("f1", "f2")
    assert pits(s) == "0,0,0,0,0,0/0,1,1,1,1,0"
    outcome = s.outcome()
    assert outcome is not None and outcome.winner == 0 and "famine" in outcome.reason
    assert s.final_scores() == (26, 22)
    assert s.legal_moves() == [] and s.to_move is None


def test_famine_with_the_seeds_left_to_their_owner() -> None:
    s = state("0,0,0,0,0,1/3,0,0,0,0,0 22-22 s 0", famine="owner").play("f1", "f2")
    assert s.outcome() is not None and s.outcome().winner == 1  # type: ignore[union-attr]
    assert s.final_scores() == (22, 26)


def test_a_grand_slam_then_famine_decides_by_who_takes_the_seeds_left() -> None:
    text = "9,0,0,4,0,0/1,2,0,0,0,0 16-16 s 0"
    starving = state(text).play("d1")
    assert starving.final_scores() == (21, 27) and starving.outcome().winner == 1  # type: ignore[union-attr]
    owner = state(text, famine="owner").play("d1")
    assert owner.final_scores() == (32, 16) and owner.outcome().winner == 0  # type: ignore[union-attr]


def test_must_feed_keeps_only_the_moves_that_reach_the_starving_opponent() -> None:
    text = "0,0,1,0,0,2/0,0,0,0,0,0 22-23 s 0"
    assert [m.text for m in state(text).legal_moves()] == ["c1", "f1"]
    fed = state(text, must_feed="on")
    assert [m.text for m in fed.legal_moves()] == ["f1"]
    with pytest.raises(IllegalMoveError) as refused:
        fed.parse_move("c1")
    assert refused.value.code == "must-feed"


def test_must_feed_ends_the_game_when_no_move_can_feed() -> None:
    s = state("0,0,1,1,0,0/0,0,0,0,0,0 22-24 s 0", must_feed="on")
    outcome = s.outcome()
    assert outcome is not None and outcome.winner is None and "cannot feed" in outcome.reason
    assert s.final_scores() == (24, 24)
    assert state("0,0,1,1,0,0/0,0,0,0,0,0 22-24 s 0").outcome() is None  # without the duty, South just plays


def test_the_early_win_at_25_and_playing_on_without_it() -> None:
    text = "0,0,0,0,2,0/1,0,0,0,0,5 23-17 s 0"
    won = state(text).play("e1")
    assert won.scores == (25, 17)
    assert won.outcome() is not None and won.outcome().winner == 0  # type: ignore[union-attr]
    assert won.final_scores() == (26, 22)  # each adds his own row (impasse_seeds=own-row)
    assert state(text, impasse_seeds="nobody").play("e1").final_scores() == (25, 17)
    assert state(text, early_win="off").play("e1").outcome() is None


CYCLE = ("c1", "d2", "d1", "c2", "e1", "b2", "f1", "a2", "a1", "f2", "b1", "e2")


def test_an_impasse_when_a_position_comes_back() -> None:
    """Two lone seeds chase each other round the board: after twelve turns the position is back."""
    s = state("0,0,1,0,0,0/0,0,1,0,0,0 23-23 s 0").play(*CYCLE[:-1])
    assert s.outcome() is None
    s = s.play(CYCLE[-1])
    assert pits(s) == "0,0,1,0,0,0/0,0,1,0,0,0"
    outcome = s.outcome()
    assert outcome is not None and outcome.winner is None and "come back" in outcome.reason
    assert s.final_scores() == (24, 24)
    again = AweleState.from_text(s.to_text())
    assert again.outcome() == outcome  # the history in the text carries the repetition


def test_without_the_repetition_rule_the_turn_count_ends_it() -> None:
    s = state("0,0,1,0,0,0/0,0,1,0,0,0 23-23 s 0", repetition="off", no_capture="50")
    for turn in range(50):
        assert s.outcome() is None, turn
        s = s.play(CYCLE[turn % 12])
    assert s.outcome() is not None and "50 turns" in s.outcome().reason  # type: ignore[union-attr]
    assert " " not in s.to_text().split(" 50")[-1]  # no history is kept without the repetition rule


def test_impasse_seeds_nobody_leaves_them_uncounted() -> None:
    s = state("0,0,1,0,0,0/0,0,1,0,0,0 22-24 s 0", impasse_seeds="nobody").play(*CYCLE)
    assert s.final_scores() == (22, 24) and s.outcome().winner == 1  # type: ignore[union-attr]
    s = state("0,0,1,0,0,0/0,0,1,0,0,0 22-24 s 0").play(*CYCLE)
    assert s.final_scores() == (23, 25)


# -- variants ----------------------------------------------------------------------------


def test_the_defaults_are_the_seeds_and_games_md_recommendations() -> None:
    values = GAME.resolve_variants({})
    assert values.must_feed is False and values.famine == "starving" and values.grand_slam == "allowed"
    assert values.impasse_seeds == "own-row" and values.early_win is True and values.rules == "pingaud"


def test_rules_abapa_spells_out_the_competition_rules() -> None:
    short = GAME.resolve_variants({"rules": "abapa"})
    assert all(short[name] == value for name, value in ABAPA.items())
    assert AweleState.initial(variants={"rules": "abapa"}).rules == AweleState.initial(variants=ABAPA).rules
    assert GAME.resolve_variants({"rules": "abapa", "must_feed": "off"}).must_feed is False  # given wins


# -- notation ----------------------------------------------------------------------------


def test_texts_round_trip_along_a_game() -> None:
    s = AweleState.initial()
    for text in ("d1", "b2", "a1", "e2", "f1"):
        s = s.play(text)
        assert AweleState.from_text(s.to_text()).to_text() == s.to_text()
    assert s.to_text().count(".") == s.quiet_turns - 1  # one history board per quiet turn


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("4,4,4,4,4,4 0-0 s 0", NotationError, "expected 2 rows separated by '/' (South's, then North's), got 1"),
        ("4,4,4,4,4/4,4,4,4,4,4 0-0 s 0", NotationError, "6 pit counts"),
        ("4,4,x,4,4,4/4,4,4,4,4,4 0-0 s 0", NotationError, "pit c1"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 w 0", NotationError, "side to move"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0:0 s 0", NotationError, "SOUTH-NORTH"),
        ("4,4,4,4,4,4/4,4,4,4,4,5 0-0 s 0", PositionError, "49"),
        ("4,4,4,4,4,3/4,4,4,4,4,4 1-0 s 0", PositionError, "1 seed"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 101", PositionError, "impasse at 100"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0 444444444444n", PositionError, "only 0 turns"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 1 444444444444s", NotationError, "'n'"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 1 444444444440n", PositionError, "different number"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, error: type, words: str) -> None:
    with pytest.raises(error) as raised:
        AweleState.from_text(text)
    assert words in str(raised.value)


@pytest.mark.parametrize(
    ("text", "move", "code"),
    [
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0", "f2", "not-yours"),
        ("4,4,4,0,5,5/5,5,4,4,4,4 0-0 s 0", "d1", "empty"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0", "g1", "off-board"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0", "south", "store"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s 0", "d1-e1", "syntax"),
        ("0,0,0,0,0,0/0,1,1,1,1,0 22-22 s 0", "a1", "game-over"),
    ],
)
def test_refused_moves_name_the_rule(text: str, move: str, code: str) -> None:
    with pytest.raises(IllegalMoveError) as refused:
        AweleState.from_text(text).parse_move(move)
    assert refused.value.code == code


def test_moves_are_read_in_any_letter_case() -> None:
    assert AweleState.initial().parse_move(" D1 ").text == "d1"


# -- diagrams: counts in the checker, the drawing and the words ------------------------------

from pathlib import Path  # noqa: E402

from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram  # noqa: E402
from boardgen.booklet.diagrams.draw import diagram_sheet  # noqa: E402
from boardgen.booklet.diagrams.syntax import parse_definition  # noqa: E402
from boardgen.booklet.diagrams.words import describe  # noqa: E402
from boardgen.booklet.problems import Problems  # noqa: E402
from boardgen.drawing.model import Group, Line, Text  # noqa: E402
from boardgen.games.awele import geometry as geo  # noqa: E402

AWELE = Defaults("awele", None, {})
CHAIN = "position: 2,0,3,1,0,3/1,2,1,4,0,2 15-14 s 0\n"


def _check(body: str) -> tuple[CheckedDiagram | None, list[str]]:
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 1, problems)
    result = check_diagram(spec, AWELE, problems)
    return result, [str(p) for p in problems.items]


def test_a_capture_claim_may_name_the_seeds_taken_from_each_pit() -> None:
    result, problems = _check(CHAIN + "captures: f1 d2=2 e2=3 f2=2\n")
    assert result is not None and not problems
    assert result.captures[0].taken == (2, 3, 2)


def test_a_capture_claim_with_a_wrong_count_is_refused() -> None:
    result, problems = _check(CHAIN + "captures: f1 d2=2 e2=2 f2=2\n")
    assert result is None
    assert any("f1 takes 3 from e2, not 2" in p for p in problems), problems


def test_pits_without_counts_in_the_claim_are_still_compared() -> None:
    assert _check(CHAIN + "captures: f1 d2 e2 f2\n")[1] == []
    assert any("captures d2 e2 f2, not d2 e2" in p for p in _check(CHAIN + "captures: f1 d2=2 e2=3\n")[1])


def _texts(group: Group) -> list[Text]:
    return [shape for shape, _ in group.walk() if isinstance(shape, Text)]


def test_a_diagram_writes_each_pits_count_in_it_and_crosses_a_capture_beside_it() -> None:
    result, _ = _check(CHAIN + "captures: f1 d2=2 e2=3 f2=2\n")
    assert result is not None
    sheet = diagram_sheet(result, {"en": "chain"})
    counts = [t for t in _texts(sheet.content) if t.text.isdigit() and t.size > 2.0]
    # 9 non-empty pits and 2 stores, each with its number, in the booklet's bold
    assert sorted(int(t.text) for t in counts) == sorted([2, 3, 1, 3, 1, 2, 1, 4, 2, 15, 14])
    assert all(t.font == "sans-bold" for t in counts)
    crosses = sheet.content.find("capture-cross")
    assert len(crosses) == 3
    numerals = {(round(t.position[0], 1)) for t in counts}
    for cross in crosses:
        lines = [shape for shape, _ in cross.walk() if isinstance(shape, Line)]
        centre_x = sum(line.start[0] + line.end[0] for line in lines) / (2 * len(lines))
        assert round(centre_x, 1) not in numerals  # off the count, at the pit's corner


def test_the_words_of_a_diagram_give_every_count() -> None:
    result, _ = _check(CHAIN)
    assert result is not None
    words = describe(result, "en", ("South", "North"), {"seed": "seeds"})
    assert "South: seeds a1 (2), c1 (3), d1 (1), f1 (3), south (15)." in words
    assert "North: seeds f2 (1), e2 (2), d2 (1), c2 (4), a2 (2), north (14)." in words


def test_a_sowing_arrow_runs_between_the_rows_and_a_second_lap_inside_the_first() -> None:
    from boardgen.games.awele.board import AweleBoard

    board = AweleBoard()
    path = AweleState.from_text("2,1,0,3,1,14/2,1,3,0,2,1 10-8 s 0").parse_move("f1").path
    route = board.move_route(path)
    assert route[0] == geo.pit_centre(geo.PIT_INDEX["f1"]) and route[-1] == geo.pit_centre(geo.PIT_INDEX["d2"])
    inner = route[1:-1]
    low, high = geo.PIT_DIAMETER / 2, geo.ROW_GAP - geo.PIT_DIAMETER / 2
    assert all(low < y < high for _, y in inner)  # never over a pit, so never over a count
    south_lanes = sorted({round(y, 3) for _, y in inner if y < geo.ROW_GAP / 2})
    assert len(south_lanes) == 2  # the first lap's lane and, inside it, the second's


NEW_VARIANTS = [  # (name, values, default, values whose source must be named)
    ("grand_slam", ["allowed", "no-capture", "illegal"], "allowed", ["allowed", "no-capture", "illegal"]),
]


def test_list_json_names_the_new_variants_with_values_default_and_source():
    import json

    result = run_boardgen("list", "--json")
    assert result.returncode == 0
    game = next(g for g in json.loads(result.stdout)["games"] if g["id"] == "awele")
    variants = {v["name"]: v for v in game["variants"]}
    for name, values, default, sourced in NEW_VARIANTS:
        shown = variants[name]
        assert shown["values"] == values and shown["default"] == default, shown
        assert set(sourced) <= set(shown["source"]) and all(shown["source"][v].strip() for v in sourced)
