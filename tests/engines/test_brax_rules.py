"""Hand-checked Brax positions (games.md 5.4/5.5; seed text "Brax").

Line colours used below, read off the LAYOUT picture in geometry.py
(W = white line = White's, R = red line = Black's):

    a1-b1 W   b1-c1 R   b1-b2 W   b2-b3 W   b2-c2 W   a2-b2 W   a1-a2 R
    c1-c2 W   c2-c3 R   d1-d2 R   b3-b4 R   b3-c3 W   c3-d3 W   a3-b3 R
    b4-b5 W   a4-b4 R   b4-c4 R   a4-a5 R   c4-c5 R   c3-c4 R   c4-d4 W
    h9-h8 R   h8-h7 R
"""

from __future__ import annotations

import pytest

from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.brax.rules import BraxState
from boardgen.registry import get_game

START = "1BBBBBBB1/9/9/9/9/9/9/9/1WWWWWWW1 w - 0"


def position(white, black, side="w", call="-", clock=0) -> str:
    """Position text written out by hand-rule (independent of the engine's writer)."""
    pieces = {p: "W" for p in white} | {p: "B" for p in black}
    ranks = []
    for row in range(9, 0, -1):
        text, empty = "", 0
        for column in "abcdefghi":
            letter = pieces.get(f"{column}{row}")
            if letter:
                text += (str(empty) if empty else "") + letter
                empty = 0
            else:
                empty += 1
        ranks.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(ranks)} {side} {call} {clock}"


def state(*args, variants=None, **kwargs) -> BraxState:
    return BraxState.from_text(position(*args, **kwargs), variants)


def texts(s: BraxState, origin: str | None = None) -> set[str]:
    return {m.text for m in s.legal_moves() if origin is None or m.text.startswith(origin)}


def refused(s: BraxState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        s.parse_move(text)
    return caught.value.code


def test_registered_with_alias_jinx():
    assert get_game("jinx").id == "brax"
    assert get_game("BRAX").load_engine() is BraxState


def test_start_position_and_first_moves():
    s = BraxState.initial()
    assert s.to_text() == START
    assert s.to_move == 0
    # b1: a1 (W line), b2 (W); c1 is White's own. Two steps along W: b1-b2-b3, b1-b2-c2, b1-b2-a2.
    assert texts(s, "b1") == {"b1-a1", "b1-b2", "b1-b3", "b1-c2", "b1-a2"}
    # d1-d2 is red: one step only, and e1's lines are d1 (own piece), f1 (own), e2 (R).
    assert texts(s, "d1") == {"d1-d2"}
    assert texts(s, "e1") == {"e1-e2"}
    # The half-turn makes the two sides' options mirror images: same count for Black.
    black_first = BraxState.from_text(START.replace(" w ", " b "))
    assert len(black_first.legal_moves()) == len(s.legal_moves()) == 17


def test_two_step_along_own_colour_straight():
    s = BraxState.initial()
    move = s.parse_move("b1-b3")
    assert move.path == ("b1", "b2", "b3") and move.captures == ()
    after = s.apply(move)
    assert after.to_text() == "1BBBBBBB1/9/9/9/9/9/1W7/9/2WWWWWW1 b - 1"
    # Black's mirror move along red lines h9-h8-h7.
    assert after.parse_move("h9-h7").path == ("h9", "h8", "h7")


def test_two_step_turning_a_corner():
    s = BraxState.initial()
    move = s.parse_move("b1-c2")
    assert move.path == ("b1", "b2", "c2")  # b1-c1 is red, so only the route by b2
    assert s.parse_move("B1-C2") == move  # input in any case
    assert s.parse_move("b1-b2-c2") == move  # the middle point may be written out


def test_two_step_along_an_enemy_coloured_line_is_refused():
    s = BraxState.initial()
    assert refused(s, "c1-c3") == "wrong-colour"  # c1-c2 white but c2-c3 red
    assert refused(s, "d1-d3") == "wrong-colour"  # d1-d2 red
    assert refused(s, "b1-c1-c2") == "wrong-colour"  # b1-c1 red
    assert "c1-c2" in texts(s)  # one step along any line is fine


def test_own_pieces_are_neither_landed_on_nor_passed_through():
    s = state(["b1", "b2", "h1"], ["e9", "f9", "g9"])
    assert refused(s, "b1-b3") == "own-piece"  # would pass through b2
    assert refused(s, "b1-c2") == "own-piece"  # the only white route goes by b2
    assert refused(s, "b1-b2") == "own-piece"
    assert "b2-b3" in texts(s)


def test_double_move_captures_two_pieces():
    s = state(["b1", "c1", "d1"], ["b2", "b3", "c2", "h9"])
    moves = {m.text: m for m in s.legal_moves()}
    assert moves["b1xb2xb3"].captures == ("b2", "b3")
    assert moves["b1xb2xc2"].captures == ("b2", "c2")  # and turning a corner
    assert moves["b1xb2-a2"].captures == ("b2",)  # through an enemy to an empty point
    after = s.apply(moves["b1xb2xb3"])
    assert after.pieces(1) == ("c2", "h9")
    assert after.pieces(0) == ("c1", "d1", "b3")
    assert after.clock == 0
    # Stopping after the first capture is allowed too (optional second step).
    assert "b1xb2" in moves
    # Captures must be marked: an x where a piece is taken, - elsewhere.
    assert refused(s, "b1-b2-b3") == "capture-mark"
    assert refused(s, "b1-b3") == "capture-mark"


def test_pass_through_blocked_variant():
    s = state(["b1", "c1", "d1"], ["b2", "b3", "c2", "h9"], variants={"pass_through": "blocked"})
    assert refused(s, "b1xb2xb3") == "blocked"
    assert texts(s, "b1") == {"b1xb2", "b1xb2!", "b1-a1", "b1-a1!"}


def test_captures_are_optional():
    s = state(["b1", "c1", "d1"], ["b2", "b3", "c2", "h9"])
    assert "b1-a1" in texts(s)  # a quiet move while captures are available


def test_brax_call_and_forced_answer():
    # White b1 and i1 (two pieces), Black b4, h9, i9 (three).
    s = state(["b1", "i1"], ["b4", "h9", "i9"])
    assert {"b1-b3", "b1-b3!"} <= texts(s)  # b1-b2-b3 along white lines brings b3 next to b4
    called = s.play("b1-b3!")
    assert called.brax_pending and called.to_text().split()[2] == "!"
    assert called.threatened() == {"b4": ("b3",)}
    # Black must move b4: anywhere White's pieces cannot reach next move, or capturing b3.
    # White's reach from b3: a3, c3, b2, b4 (one step) and d3, a2, c2, b1 (white two-steps).
    assert texts(called) == {"b4-b5", "b4-a4", "b4-c4", "b4xb3", "b4xb3-a3", "b4-c5", "b4-a5"}
    assert refused(called, "b4-c3") == "brax"  # c3 is next to b3: not safe
    assert refused(called, "h9-h8") == "brax"  # not the threatened piece
    answered = called.play("b4-c4")
    assert not answered.brax_pending
    # Without a call nothing is forced.
    quiet = s.play("b1-b3")
    assert "h9-h8" in texts(quiet)


def test_brax_answer_any_variant():
    s = state(["b1", "i1"], ["b4", "h9", "i9"], variants={"brax_answer": "any"})
    called = s.play("b1-b3!")
    assert "b4-c3" in texts(called)
    assert refused(called, "h9-h8") == "brax"


def test_brax_answer_without_a_safe_square_allows_any_move_of_the_piece():
    # White b2 attacks a1 (by b1, along the white lines b2-b1 and b1-a1) and a1's only moves a2, b1.
    s = state(["b2", "i1"], ["a1", "h9", "i9"], side="b", call="!")
    assert s.threatened() == {"a1": ("b2",)}
    assert texts(s) == {"a1-a2", "a1-b1"}


def test_threats_count_two_step_captures():
    # White c1 reaches c3? No: c2-c3 is red. White b1 reaches b3 by the white b1-b2-b3.
    s = state(["b1", "c1", "i1"], ["b3", "c3", "i9"], side="b")
    assert s.threatened() == {"b3": ("b1",)}


def test_no_brax_call_with_a_single_piece():
    s = state(["b1"], ["b4", "h9", "i9"])
    assert "b1-b3" in texts(s)
    assert refused(s, "b1-b3!") == "single-piece"


def test_no_brax_call_when_the_opponent_has_two_pieces():
    s = state(["b1", "i1"], ["b4", "i9"])
    assert refused(s, "b1-b3!") == "two-pieces"


def test_no_brax_call_without_a_threat():
    assert refused(BraxState.initial(), "b1-b3!") == "no-threat"


def test_win_by_capturing_the_last_piece():
    s = state(["b3", "i1"], ["b4"])
    end = s.play("b3xb4")
    assert end.outcome().winner == 0
    assert end.outcome().reason == "white captured all black pieces"
    assert end.to_move is None and end.legal_moves() == []
    assert refused(end, "i1-i2") == "game-over"
    # And for Black, with a double capture of the last two white pieces.
    s = state(["b4", "c4"], ["b3", "h9"], side="b")  # b3-b4 and b4-c4 are red lines
    end = s.play("b3xb4xc4")
    assert end.outcome().winner == 1 and end.outcome().reason == "black captured all white pieces"


def test_draw_with_one_piece_each_after_five_moves_each():
    s = state(["a1"], ["i9"], clock=9)
    assert s.outcome() is None
    after = s.play("a1-b1")
    assert after.clock == 10
    assert after.outcome().winner is None
    assert "one piece each" in after.outcome().reason
    off = state(["a1"], ["i9"], clock=9, variants={"bare_draw": "off"}).play("a1-b1")
    assert off.outcome() is None


def test_draw_after_100_moves_without_capture():
    s = state(["a1", "b1"], ["h9", "i9"], clock=99)
    assert s.play("a1-a2").outcome().reason == "100 moves in a row without a capture"
    assert state(["a1", "b1"], ["h9", "i9"], clock=99, variants={"no_capture_draw": "200"}).play(
        "a1-a2"
    ).outcome() is None
    # A capture resets the clock.
    s = state(["b3", "i1"], ["b4", "h9"], clock=99)
    assert s.play("b3xb4").clock == 0


def test_position_round_trip_and_errors():
    for text in (START, "7BB/9/9/9/9/1B7/1W7/9/8W b ! 1", "9/9/9/9/4W4/9/9/9/B8 w - 10"):
        assert BraxState.from_text(text).to_text() == text
    with pytest.raises(NotationError, match="rank 3 has 8 points, expected 9"):
        BraxState.from_text("1BBBBBBB1/9/9/9/9/9/8/9/1WWWWWWW1 w - 0")
    with pytest.raises(NotationError, match="expected 4 fields"):
        BraxState.from_text("1BBBBBBB1/9/9/9/9/9/9/9/1WWWWWWW1 w")
    with pytest.raises(NotationError, match="rank 1: unexpected 'x' at character 5, point e1"):
        BraxState.from_text(START.replace("1WWWWWWW1", "1WWWxWWW1"))
    with pytest.raises(NotationError, match="side to move"):
        BraxState.from_text(START.replace(" w ", " x "))
    # a split run is two runs, read as one and written merged
    assert BraxState.from_text(START.replace("/9/9/9/9/9/9/9/", "/45/9/9/9/9/9/9/")).to_text() == START


def test_impossible_positions_are_refused():
    with pytest.raises(PositionError, match="white has 8 pieces, at most 7"):
        BraxState.from_text("1BBBBBBB1/9/9/9/9/9/9/9/WWWWWWWW1 w - 0")
    with pytest.raises(NotationError, match=r"rank 1 has 10 points, expected 9 \(character 2 goes past the end\)"):
        BraxState.from_text("1BBBBBBB1/9/9/9/9/9/9/9/9W w - 0")
    with pytest.raises(PositionError, match="no pieces on the board"):
        BraxState.from_text("9/9/9/9/9/9/9/9/9 w - 0")
    with pytest.raises(PositionError, match="must be black's turn"):
        BraxState.from_text(position(["a1"], [], side="w"))
    # A pending Brax call needs a threat, a caller with two pieces and a victim with three.
    with pytest.raises(PositionError, match="no black piece is threatened"):
        BraxState.from_text(START.replace(" w - ", " b ! "))
    with pytest.raises(PositionError, match="white has a single piece"):
        BraxState.from_text(position(["b3"], ["b4", "h9", "i9"], side="b", call="!"))


def test_move_text_errors():
    s = BraxState.initial()
    assert refused(s, "j1-j2") == "notation"
    assert refused(s, "a1-a2") == "no-piece"
    assert refused(s, "b9-b8") == "not-yours"
    assert refused(s, "b1-b4") == "not-adjacent"
    assert refused(s, "b1-b2-b1") == "retrace"
    assert refused(s, "b1xb2") == "capture-mark"


def test_every_listed_move_parses_back_and_round_trips():
    s = state(["b1", "c1", "d1", "e5"], ["b2", "b3", "c2", "e6", "h9"])
    for move in s.legal_moves():
        assert s.parse_move(move.text) == move
        after = s.apply(move)
        assert BraxState.from_text(after.to_text()).to_text() == after.to_text()


def test_perft_from_the_start():
    s = BraxState.initial()
    # 17 first moves each (the board is the same for both sides after the half-turn).
    assert perft(s, 1) == 17
    assert perft(s, 2) == 17 * 17


def test_seeded_random_games_end_and_stay_consistent():
    import random

    rng = random.Random(11)
    for variants in (None, {"pass_through": "blocked", "brax_answer": "any"}):
        for _ in range(5):
            s = BraxState.initial(variants=variants)
            while s.outcome() is None:
                moves = s.legal_moves()
                assert moves and len({m.text for m in moves}) == len(moves)
                move = rng.choice(moves)
                if s.brax_pending:  # an answer moves a threatened piece
                    assert move.path[0] in s.threatened()
                s = s.apply(move)
                assert BraxState.from_text(s.to_text(), variants).to_text() == s.to_text()
            outcome = s.outcome()
            if outcome.winner is not None:
                assert s.pieces(1 - outcome.winner) == ()
            assert s.clock <= 100


def test_a_clock_beyond_the_draw_rules_is_refused():
    # The game is drawn when the clock reaches no_capture_draw: 100 can be written, 101 cannot.
    assert state(["a1", "b1"], ["h9", "i9"], clock=100).outcome().winner is None
    with pytest.raises(PositionError, match=r"move clock is 101, .* never more than 100"):
        state(["a1", "b1"], ["h9", "i9"], clock=101)
    with pytest.raises(PositionError, match="never more than 50"):
        state(["a1", "b1"], ["h9", "i9"], clock=51, variants={"no_capture_draw": "50"})
    assert state(["a1", "b1"], ["h9", "i9"], clock=101, variants={"no_capture_draw": "200"}).clock == 101
    # One piece each: the capture that left them reset the clock, and the bare draw ends it at 10.
    with pytest.raises(PositionError, match=r"move clock is 11 with one piece each, .* never more than 10"):
        state(["a1"], ["i9"], clock=11)
    assert state(["a1"], ["i9"], clock=11, variants={"bare_draw": "off"}).outcome() is None
    # With both draw rules off nothing ends the clock, so nothing bounds it.
    assert state(["a1"], ["i9"], clock=10**6, variants={"bare_draw": "off", "no_capture_draw": "off"}).clock == 10**6
