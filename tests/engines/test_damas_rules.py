"""Damas (Brazilian draughts) rules, position by position, each checked by hand on a board.

Every rule of games.md 13.3 has its own position here: the men's step, the
compulsory capture, a man capturing backwards, chains (an empty square crossed
twice, a piece never jumped twice), the flying king and the obstructed
diagonal, the majority law (men and kings counting alike), crowning only at
the end of a move, the win by capture and by blockade, the 20 king-move draw,
and each variant option (the threefold repetition and the draughts-64 endgame
draws among them); then the notation's round trips and its errors, and the PDN
square numbers and FEN positions read beside the algebraic names.
"""

from __future__ import annotations

import re

import pytest

from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.damas.rules import DamasState

from tests.conftest import run_boardgen

START = "1b1b1b1b/b1b1b1b1/1b1b1b1b/8/8/w1w1w1w1/1w1w1w1w/w1w1w1w1 w 0"


def pos(text: str, **variants: str) -> DamasState:
    return DamasState.from_text(text, variants)


def texts(state: DamasState) -> list[str]:
    return [m.text for m in state.legal_moves()]


def code(state: DamasState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        state.parse_move(move)
    return caught.value.code


# -- the start and the men's move -------------------------------------------------


def test_start_position_and_its_seven_moves():
    state = DamasState.initial()
    assert state.to_text() == START
    assert texts(state) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    assert state.to_move == 0
    assert len(state.placements()) == 24


def test_men_step_one_square_diagonally_forward_only():
    white = pos("8/8/8/8/3w4/8/8/8 w 0")
    assert texts(white) == ["d4-c5", "d4-e5"]
    assert code(white, "d4-c3") == "backwards"
    assert code(white, "d4-b6") == "too-far"
    assert code(white, "d4-d5") == "light-square"
    assert code(white, "d4-f4") == "not-diagonal"
    black = pos("8/8/8/8/3b4/8/8/8 b 0")
    assert texts(black) == ["d4-c3", "d4-e3"]


def test_a_man_on_the_edge_has_one_step():
    assert texts(pos("8/8/8/8/8/w7/8/8 w 0")) == ["a3-b4"]


# -- captures ---------------------------------------------------------------------


def test_capture_is_compulsory():
    state = pos("8/8/8/4b3/3w4/8/8/w7 w 0")
    assert texts(state) == ["d4xf6"]
    assert code(state, "a1-b2") == "must-capture"
    assert code(state, "d4-c5") == "must-capture"


def test_a_man_captures_backwards():
    state = pos("8/8/8/4w3/3b4/8/8/8 w 0")
    assert texts(state) == ["e5xc3"]
    assert code(state, "e5-f6") == "must-capture"


def test_men_capture_forwards_only_with_the_option_off():
    state = pos("8/8/8/4w3/3b4/8/8/8 w 0", men_capture_backwards="off")
    assert texts(state) == ["e5-d6", "e5-f6"]
    assert code(state, "e5xc3") == "backwards"


def test_a_chain_crosses_an_empty_square_twice_but_jumps_each_piece_once():
    # The man leaves a5, jumps b4 backwards to c3, goes round the square d4, f4, f2, d2
    # and ends on c3 again: c3 is crossed twice, every piece is jumped once (5 in all).
    state = pos("8/8/8/w7/1b1b1b2/8/3b1b2/8 w 0")
    assert texts(state) == ["a5xc3xe5xg3xe1xc3", "a5xc3xe1xg3xe5xc3"]
    after = state.play("a5xc3xe5xg3xe1xc3")
    assert after.to_text() == "8/8/8/8/8/2w5/8/8 b 0"
    assert after.outcome() is not None and after.outcome().winner == 0
    # The chain may not stop early, nor jump b4 a second time on its way back.
    assert code(state, "a5xc3xe5") == "majority"
    assert code(state, "a5xc3xe5xg3xe1xc3xa5") == "twice"


def test_captured_pieces_stay_until_the_move_ends_and_block_a_king():
    # White's king on a1 takes c3 and lands anywhere beyond it; it may not fly back over c3,
    # which stays on the board, already jumped, until the move ends.
    state = pos("8/8/8/8/8/2b5/8/W7 w 0")
    assert texts(state) == ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    assert code(state, "a1xd4xa1") == "twice"


def test_a_flying_king_captures_at_a_distance_and_lands_anywhere_beyond():
    state = pos("8/8/8/8/3b4/8/8/W7 w 0")
    assert texts(state) == ["a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    assert state.parse_move("a1xe5").captures == ("d4",)


def test_a_king_must_land_where_the_chain_goes_on():
    # After c3 the king may land on d4 (then on over b6 to a7, or over f6 to g7 or h8) or on e5
    # (then over f6): only the landings from which the chain goes on are legal.
    state = pos("8/8/1b3b2/8/8/2b5/8/W7 w 0")
    assert texts(state) == ["a1xd4xa7", "a1xd4xg7", "a1xd4xh8", "a1xe5xg7", "a1xe5xh8"]
    assert code(state, "a1xf6") == "occupied"


def test_the_diagonal_is_obstructed_by_two_adjacent_enemies_or_an_own_piece():
    two = pos("8/8/8/4b3/3b4/8/8/W7 w 0")
    assert texts(two) == ["a1-b2", "a1-c3"]
    assert code(two, "a1xe5") in {"blocked", "occupied"}
    assert code(two, "a1-f6") in {"blocked", "occupied"}
    own = pos("8/8/8/8/3b4/2w5/8/W7 w 0")
    assert "a1xe5" not in texts(own)
    assert code(own, "a1xe5") == "blocked"


def test_a_king_steps_any_distance_along_an_open_diagonal():
    state = pos("8/8/8/8/8/8/8/W7 w 0")
    assert texts(state) == ["a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7", "a1-h8"]


# -- the majority law --------------------------------------------------------------


def test_the_majority_law_takes_the_most_pieces():
    # c3 can take d4 alone (to e5) or b4 then b6 (to a5, then c7): the two-piece capture wins.
    state = pos("8/8/1b6/8/1b1b4/2w5/8/8 w 0")
    assert texts(state) == ["c3xa5xc7"]
    assert code(state, "c3xe5") == "majority"


def test_men_and_kings_count_alike_in_the_majority_law():
    # Taking the king on d4 is one piece; taking the two men b4 and b6 is two: the men it is.
    state = pos("8/8/1b6/8/1b1B4/2w5/8/8 w 0")
    assert texts(state) == ["c3xa5xc7"]
    assert code(state, "c3xe5") == "majority"


def test_equal_captures_leave_the_choice():
    state = pos("8/8/8/8/1b1b4/2w5/8/8 w 0")
    assert texts(state) == ["c3xa5", "c3xe5"]


# -- crowning ----------------------------------------------------------------------


def test_a_man_ending_on_the_last_row_is_crowned():
    after = pos("8/2b5/1w6/8/8/8/8/8 w 0").play("b6xd8")
    assert after.piece_at("d8").kind == "king"
    step = pos("8/w7/7b/8/8/8/8/8 w 0").play("a7-b8")
    assert step.piece_at("b8").kind == "king"


def test_a_man_passing_the_last_row_in_a_chain_is_not_crowned():
    state = pos("8/2b1b3/1w6/8/8/8/8/8 w 0")
    assert texts(state) == ["b6xd8xf6"]
    after = state.play("b6xd8xf6")
    assert after.piece_at("f6").kind == "man"
    assert code(state, "b6xd8") == "majority"


def test_a_black_man_is_crowned_on_row_one():
    after = pos("8/8/8/8/8/w7/7b/8 b 0").play("h2-g1")
    assert after.piece_at("g1").kind == "king" and after.piece_at("g1").owner == 1


# -- the end of the game -------------------------------------------------------------


def test_capturing_every_piece_wins():
    after = pos("8/8/8/8/3b4/2w5/8/8 w 0").play("c3xe5")
    assert after.outcome().winner == 0 and "every" in after.outcome().reason
    assert after.to_move is None and after.legal_moves() == []


def test_a_blocked_player_loses():
    # Black's man on a7 is stuck behind White's men on b6 and c5 (c5 guards the jump).
    state = pos("8/b7/1w6/2w5/8/8/8/8 b 0")
    assert state.outcome().winner == 0 and "blocked" in state.outcome().reason
    assert code(state, "a7-b6") == "game-over"


def test_twenty_successive_king_moves_draw():
    state = pos("8/8/7B/8/8/8/8/W7 w 18")
    state = state.play("a1-b2")
    assert state.king_moves == 19 and state.outcome() is None
    state = state.play("h6-g5")
    assert state.outcome().winner is None and "20 successive" in state.outcome().reason


def test_a_man_move_or_a_capture_resets_the_king_count():
    state = pos("8/8/7B/8/8/4w3/8/W7 w 12")
    assert state.play("e3-d4").king_moves == 0
    capture = pos("8/8/7B/8/3b4/8/8/W7 w 12").play("a1xe5")
    assert capture.king_moves == 0
    assert state.play("a1-b2").king_moves == 13


def test_king_draw_variants():
    forty = pos("8/8/7B/8/8/8/8/W7 w 19", king_moves_draw="40").play("a1-b2")
    assert forty.outcome() is None and forty.king_moves == 20
    never = pos("8/8/7B/8/8/8/8/W7 w 150", king_moves_draw="off").play("a1-b2")
    assert never.outcome() is None
    with pytest.raises(PositionError, match="never more than 20"):
        pos("8/8/7B/8/8/8/8/W7 w 21")


def test_first_black_variant():
    state = DamasState.initial(variants={"first": "black"})
    assert state.to_move == 1 and state.to_text().endswith(" b 0")
    assert texts(state)[0] == "b6-a5"


# -- notation ------------------------------------------------------------------------


def test_round_trips_of_positions_and_moves():
    state = DamasState.initial()
    for _ in range(30):
        assert DamasState.from_text(state.to_text()).to_text() == state.to_text()
        moves = state.legal_moves()
        if not moves:
            break
        for move in moves:
            assert state.parse_move(move.text) == move
        state = state.apply(moves[len(moves) // 2])


def test_a_capture_may_be_written_with_its_two_ends():
    state = pos("8/8/1b6/8/1b1b4/2w5/8/8 w 0")
    assert state.parse_move("c3xc7").text == "c3xa5xc7"
    assert state.parse_move("C3:A5:C7").text == "c3xa5xc7"
    two_ways = pos("8/8/8/w7/1b1b1b2/8/3b1b2/8 w 0")
    assert code(two_ways, "a5xc3") == "ambiguous"


def test_moves_that_are_not_moves():
    state = DamasState.initial()
    assert code(state, "c3") == "syntax"
    assert code(state, "c3-i4") == "off-board"
    assert code(state, "d4-e5") == "empty"
    assert code(state, "b6-a5") == "not-yours"
    assert code(state, "b2-c3") == "occupied"
    assert code(state, "c3xe5") == "no-capture"


@pytest.mark.parametrize(
    "text, message",
    [
        ("8/8/8/8/8/8/8/8 w", "expected 3 fields"),
        ("8/8/8/8/8/8/8 w 0", "expected 8 rows"),
        ("8/8/8/8/8/8/8/1w6 w 0", "b1, a light square"),
        ("1w6/8/8/8/8/8/8/8 w 0", "a White man on b8"),
        ("8/8/8/8/8/8/8/8 x 0", "side to move"),
        ("8/8/8/8/8/8/8/7x w 0", "unexpected 'x'"),
        ("8/8/8/8/8/8/8/9 w 0", "row 1"),
    ],
)
def test_bad_positions_say_what_and_where(text, message):
    with pytest.raises((NotationError, PositionError), match=message):
        DamasState.from_text(text)


def test_too_many_pieces_is_refused():
    with pytest.raises(PositionError, match="13 White pieces"):
        DamasState.from_text("8/8/8/8/1w6/w1w1w1w1/1w1w1w1w/w1w1w1w1 w 0")


# -- PDN square numbers ------------------------------------------------------------------
# Square 1 is the dark square at White's far left (b8); each row runs from White's left and the
# rows come towards White: 1-4 = b8 d8 f8 h8, 5-8 = a7 c7 e7 g7, ..., 21-24 = a3 c3 e3 g3,
# 25-28 = b2 d2 f2 h2, 29-32 = a1 c1 e1 g1.


def test_pdn_numbers_name_the_dark_squares_row_by_row_from_whites_far_left():
    from boardgen.games.damas.pdn import square_name

    hand = {1: "b8", 4: "h8", 5: "a7", 8: "g7", 9: "b6", 13: "a5", 17: "b4", 18: "d4", 21: "a3", 22: "c3",
            24: "g3", 25: "b2", 28: "h2", 29: "a1", 32: "g1"}
    for number, name in hand.items():
        assert square_name(number) == name
    assert square_name(0) is None and square_name(33) is None
    assert sorted(square_name(n) or "" for n in range(1, 33)) == sorted(DamasState.point_names())


def test_moves_may_be_written_with_pdn_numbers():
    start = DamasState.initial()
    assert start.parse_move("22-18").text == "c3-d4"  # 22 = c3, 18 = d4
    assert start.parse_move("21-17").text == "a3-b4"
    after = start.play("22-18", "11-15")  # 11 = f6, 15 = e5: Black's f6-e5
    assert after.to_text() == "1b1b1b1b/b1b1b1b1/1b1b3b/4b3/3w4/w3w1w1/1w1w1w1w/w1w1w1w1 w 0"
    # a capture in numbers, with its two ends or every landing square, and ':' for 'x'
    chain = pos("8/8/8/8/8/2b5/1w6/8 w 0")  # White b2 (25) takes c3 (22) landing on d4 (18)
    assert chain.parse_move("25x18").text == "b2xd4" and chain.parse_move("25:18").text == "b2xd4"
    # the error names the text as written, and a number off the board is off-board
    assert code(start, "22-26") == "occupied"  # c3-d2: White's own man stands on d2
    with pytest.raises(IllegalMoveError, match="^22-26: d2 is occupied"):
        start.parse_move("22-26")
    with pytest.raises(IllegalMoveError, match="^33-29: 33 is not a square number") as caught:
        start.parse_move("33-29")
    assert caught.value.code == "off-board"
    assert code(start, "0-5") == "off-board"


def test_positions_may_be_a_pdn_fen():
    assert DamasState.from_text("W:W21-32:B1-12").to_text() == START
    assert DamasState.from_text("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12.") == \
        DamasState.initial()
    # kings, algebraic names mixed with numbers, Black to move, any order of the fields
    mixed = DamasState.from_text("B:BK1,e5:WK29,c3")
    assert mixed.to_text() == "1B6/8/8/4b3/8/2w5/8/W7 b 0"
    assert DamasState.from_text("B:WK29,22:BK1,e5") == mixed  # 22 = c3 written as a number
    # our own text of the same position reads back to it
    assert DamasState.from_text(mixed.to_text()) == mixed


@pytest.mark.parametrize(
    "text, message",
    [
        ("W:W21-33:B1-12", "range '21-33'"),
        ("W:W21-32", "a PDN FEN is"),
        ("X:W21:B1", "a PDN FEN is"),
        ("W:W21:W22", "one field for each colour"),
        ("W:W21,21:B1", "names square a3 twice"),
        ("W:W21,a3:B1", "names square a3 twice"),
        ("W:W0:B1", "0 is not a square number"),
        ("W:Wb1:B1", "b1, a light square"),
        ("W:Wz9:B1", "z9 is not a square of the 8 x 8 board"),
        ("W:Wq:B1", "'q' in the W field is not a square"),
        ("W:W1:B5", "a White man on b8, its crowning row"),
    ],
)
def test_bad_pdn_fens_say_what(text, message):
    with pytest.raises((NotationError, PositionError), match=message.replace("(", r"\(")):
        DamasState.from_text(text)


def test_output_stays_algebraic_after_pdn_input():
    state = DamasState.from_text("W:W21-32:B1-12")
    assert all(m.text[0].isalpha() for m in state.legal_moves())
    assert state.play("22-18").to_text().split()[0].count("w") == 12


def test_every_move_of_random_games_round_trips_through_pdn_numbers():
    import random
    import re

    from boardgen.games.damas.geometry import PDN_NUMBER

    rng = random.Random(11)
    for _game in range(4):
        state = DamasState.initial()
        for _ply in range(80):
            moves = state.legal_moves()
            if not moves:
                break
            for move in moves:
                numbered = re.sub(r"[a-h][1-8]", lambda m: str(PDN_NUMBER[m.group(0)]), move.text)
                assert numbered[0].isdigit() and state.parse_move(numbered) == move
            state = state.apply(rng.choice(moves))


# -- threefold repetition (repetition=on) ---------------------------------------------------------
# White's king a1, Black's king h2: no diagonal joins them, nor b2 and g1, so the kings can shuffle
# a1-b2, h2-g1, b2-a1, g1-h2 without a capture.  The start position then comes back after 4 plies
# (its second time) and after 8 (its third): with repetition=on the game is drawn there.

SHUFFLE = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"]


def test_the_third_time_a_position_comes_back_is_a_draw():
    start = pos("8/8/8/8/8/8/7B/W7 w 0", repetition="on")
    twice = start.play(*SHUFFLE)
    assert twice.outcome() is None and twice.to_move == 0
    assert twice.to_text() == "8/8/8/8/8/8/7B/W7 w 4 a1-b2,h2-g1,b2-a1,g1-h2"
    thrice = twice.play(*SHUFFLE)
    outcome = thrice.outcome()
    assert outcome is not None and outcome.winner is None and "third time" in outcome.reason
    assert thrice.legal_moves() == []
    # one ply before, the position after h2-g1 has been seen only twice: play goes on
    assert twice.play(*SHUFFLE[:3]).outcome() is None
    # without the option (the seed) the same moves draw nothing, and the text has no history
    plain = pos("8/8/8/8/8/8/7B/W7 w 0").play(*SHUFFLE, *SHUFFLE)
    assert plain.outcome() is None and plain.to_text() == "8/8/8/8/8/8/7B/W7 w 8"


def test_the_history_is_read_back_and_replayed():
    twice = pos("8/8/8/8/8/8/7B/W7 w 0", repetition="on").play(*SHUFFLE)
    again = DamasState.from_text(twice.to_text(), {"repetition": "on"})
    assert again == twice and again.to_text() == twice.to_text()
    assert again.play(*SHUFFLE).outcome() is not None
    # PDN numbers in the history are read too (29 = a1, 25 = b2, 28 = h2, 32 = g1)
    numbered = DamasState.from_text("8/8/8/8/8/8/7B/W7 w 4 29-25,28-32,25-29,32-28", {"repetition": "on"})
    assert numbered.to_text() == twice.to_text()


def test_a_man_move_or_a_capture_clears_the_history():
    # White king a1 and man c3, Black king h2: the man's step c3-d4 cannot be taken back, so the
    # positions before it can never come back and the history starts again.
    state = pos("8/8/8/8/8/2w5/7B/W7 w 0", repetition="on").play("a1-b2", "h2-g1", "c3-d4")
    assert state.to_text() == "8/8/8/8/3w4/8/1W6/6B1 b 0"


@pytest.mark.parametrize(
    "text, message",
    [
        ("8/8/8/8/8/8/7B/W7 w 1 a1-b2,h2-g1", "2 king moves in the history, but the counter says 1"),
        ("8/8/8/8/8/8/7B/W7 w 4 a1-b2,h2-g1,b2-a1,g1-h3", "history move 4 ('g1-h3') is not a step of a Black king"),
        ("8/8/8/8/8/8/7B/W7 w 2 c3-b2,g1-h2", "history move 1 ('c3-b2') is not a step of a White king"),
        # taken back, e5-a1 starts from e5 with Black's man on d4 in the way (and to be captured)
        ("8/8/8/8/3b4/8/7B/W7 w 2 e5-a1,g1-h2", "history move 1 ('e5-a1') is not legal there"),
    ],
)
def test_an_impossible_history_is_refused(text, message):
    with pytest.raises(PositionError, match=re.escape(message)):
        DamasState.from_text(text, {"repetition": "on"})


def test_a_history_field_needs_the_option():
    with pytest.raises(NotationError, match="expected 3 fields"):
        pos("8/8/8/8/8/8/7B/W7 w 4 a1-b2,h2-g1,b2-a1,g1-h2")


# -- the draughts-64 endgame draws (endgame_draws=on) -----------------------------------------------
# The position text gains a 4th field: the plies since the last capture.


def test_two_pieces_against_a_lone_king_draw_after_5_moves_each():
    # White kings a1 and c1, Black king h6: c1's diagonal runs to h6, but nothing lies beyond it, so
    # no capture; 9 plies have gone by without one, and the 10th ends the game.
    state = pos("8/8/7B/8/8/8/8/W1W5 w 9 9", endgame_draws="on")
    assert state.outcome() is None
    end = state.play("a1-b2")
    outcome = end.outcome()
    assert outcome is not None and outcome.winner is None and "two pieces against a lone king" in outcome.reason
    assert end.to_text() == "8/8/7B/8/8/8/1W6/2W5 b 10 10"
    # the seed's rules only have the 20 king moves: the same move leaves the game going
    assert pos("8/8/7B/8/8/8/8/W1W5 w 9").play("a1-b2").outcome() is None
    # a king and a man are two pieces too; the count runs since the last capture, whoever moves what
    man = pos("8/8/7B/8/8/8/8/W1w5 w 0 9", endgame_draws="on")
    after = man.play("c1-d2")  # the man's step resets the king-move count, not the capture count
    assert after.outcome() is not None and after.to_text().split()[2:] == ["0", "10"]


def test_three_pieces_against_a_lone_king_on_the_long_diagonal():
    # White kings c1, e1 and man g3 (none on a1-h8); Black's lone king d4 holds the long diagonal.
    text = "8/8/8/8/3B4/6w1/8/2W1W3 w 0 9"
    end = pos(text, endgame_draws="on").play("g3-h4")
    assert end.outcome() is not None and "long diagonal" in end.outcome().reason  # type: ignore[union-attr]
    # with a white piece on the long diagonal (the man on e5 instead of g3) the 5-move limit does not apply
    held = pos("8/8/8/4w3/8/8/8/2W1W1B1 w 0 9", endgame_draws="on")
    assert held.play("e5-f6").outcome() is None


def test_three_kings_against_a_lone_king_draw_after_15_moves_each():
    # White kings a1, c1, e1 and Black's king h8 (a1-h8 has b2 ... g7 between: no capture).  Off the
    # long diagonal rule (White holds it), the limit is 30 plies; king_moves_draw=off so that the
    # seed's 20-move rule does not end it first.
    text = "7B/8/8/8/8/8/8/W1W1W3 w 29 29"
    end = pos(text, endgame_draws="on", king_moves_draw="off").play("c1-d2")
    assert end.outcome() is not None and "three kings" in end.outcome().reason  # type: ignore[union-attr]
    assert pos("7B/8/8/8/8/8/8/W1W1W3 w 28 28", endgame_draws="on", king_moves_draw="off").play("c1-d2").outcome() is None


def test_equal_forces_with_kings_draw_after_30_moves_each():
    # Four pieces a side, one king each (White: king a1, men b2 d2 f2; Black: king b8, men a7 c7 e7),
    # far apart: 60 plies without a capture end the game.
    state = pos("1B6/b1b1b3/8/8/8/8/1w1w1w2/W7 w 0 59", endgame_draws="on")
    assert state.outcome() is None
    end = state.play("b2-a3")
    assert end.outcome() is not None and "equal forces of 4 pieces" in end.outcome().reason  # type: ignore[union-attr]
    assert pos("1B6/b1b1b3/8/8/8/8/1w1w1w2/W7 w 0 58", endgame_draws="on").play("b2-a3").outcome() is None
    # a king each is needed: with a man on a1 instead of White's king, nothing ends
    assert pos("1B6/b1b1b3/8/8/8/8/1w1w1w2/w7 w 0 59", endgame_draws="on").play("b2-a3").outcome() is None


def test_the_capture_counter_is_checked():
    with pytest.raises(PositionError, match="5 plies since the last capture, but 7 king moves"):
        pos("8/8/7B/8/8/8/8/W1W5 w 7 5", endgame_draws="on")
    # without the field it is taken to be the king count
    assert pos("8/8/7B/8/8/8/8/W1W5 w 7", endgame_draws="on").to_text().endswith(" w 7 7")


@pytest.mark.parametrize("pair", ["repetition=yes", "endgame_draws=cbd"])
def test_an_unknown_value_of_a_new_damas_variant_is_one_line_and_exit_2(pair):
    result = run_boardgen("moves", "damas", "--variant", pair)
    assert result.returncode == 2 and result.stdout == ""
    name, value = pair.split("=")
    assert result.stderr.count("\n") == 1 and f"variant {name} takes on, off, not {value!r}" in result.stderr


def test_positions_with_the_draw_options_round_trip_through_their_texts():
    import random

    variants = {"repetition": "on", "endgame_draws": "on", "king_moves_draw": "off"}
    rng = random.Random(3)
    histories = 0
    for _game in range(12):
        state = DamasState.initial(variants=variants)
        for _ply in range(120):
            again = DamasState.from_text(state.to_text(), variants)
            assert again.to_text() == state.to_text() and again.outcome() == state.outcome()
            assert [m.text for m in again.legal_moves()] == [m.text for m in state.legal_moves()]
            histories += len(state.to_text().split()) == 5
            if state.outcome() is not None:
                break
            state = state.apply(rng.choice(state.legal_moves()))
    assert histories > 20  # king moves were carried in the texts, not only the counters


NEW_VARIANTS = [  # (name, values, default, values whose source must be named)
    ("repetition", ["on", "off"], "off", ["on", "off"]),
    ("endgame_draws", ["on", "off"], "off", ["on", "off"]),
    ("king_moves_draw", ["20", "40", "off"], "20", ["20"]),
]


def test_list_json_names_the_new_variants_with_values_default_and_source():
    import json

    result = run_boardgen("list", "--json")
    assert result.returncode == 0
    game = next(g for g in json.loads(result.stdout)["games"] if g["id"] == "damas")
    variants = {v["name"]: v for v in game["variants"]}
    for name, values, default, sourced in NEW_VARIANTS:
        shown = variants[name]
        assert shown["values"] == values and shown["default"] == default, shown
        assert set(sourced) <= set(shown["source"]) and all(shown["source"][v].strip() for v in sourced)
