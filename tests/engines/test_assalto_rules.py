"""Hand-checked Assalto positions: every rule of games.md 6.3, the variants, notation and impossible positions.

Positions are written as lists of pawn and officer points; each test draws its
part of the board in a comment (``P`` pawn, ``O`` officer, ``.`` empty point,
blank = off the board, rows 7 at the top).  A few filler pawns far from the
officers keep at least nine pawns on the board, so the officers have not
already won.  Diagonal lines run only through points with x + y even: a3-e7,
c1-g5, a5-e1, c7-g3, c3-e5 and e3-c5.
"""

from __future__ import annotations

import pytest

from boardgen.engine.base import Piece
from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, OptionError, PositionError
from boardgen.games.assalto import geometry as geo
from boardgen.games.assalto.rules import AssaltoState

FILLER = "c1 d1 e1 c2 d2 e2"  # the bottom arm, out of every officer's reach in these tests
START_TEXT = "3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p 0"


def text_of(pawns: str, officers: str, side: str = "o", counter: int = 0) -> str:
    """A position text built from point lists (a test helper, independent of the engine's writer)."""
    pawn_set, officer_set = set(pawns.split()), set(officers.split())
    assert not pawn_set & officer_set
    rows = []
    for row in geo.ROWS_TOP_DOWN:
        out, run = "", 0
        for name in row:
            symbol = "P" if name in pawn_set else "O" if name in officer_set else ""
            if not symbol:
                run += 1
                continue
            out += (str(run) if run else "") + symbol
            run = 0
        rows.append(out + (str(run) if run else ""))
    return f"{'/'.join(rows)} {side} {counter}"


def make(pawns: str, officers: str, side: str = "o", counter: int = 0, **variants: str) -> AssaltoState:
    return AssaltoState.from_text(text_of(pawns, officers, side, counter), variants)


def texts(state: AssaltoState) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def code_of(state: AssaltoState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.parse_move(text)
    return info.value.code


# --- start position ---------------------------------------------------------------


def test_start_position_and_the_five_pawn_moves() -> None:
    state = AssaltoState.initial()
    assert state.to_text() == START_TEXT
    assert state.to_move == 0 and state.outcome() is None
    # Only c5, d5, e5 are empty next to pawns: c4, d4, e4 step forward, b5 and f5 sideways.
    assert texts(state) == sorted(["c4-c5", "d4-d5", "e4-e5", "b5-c5", "f5-e5"])
    placed = state.placements()
    assert len(placed) == 26
    assert ("c6", Piece(1, "officer")) in placed and ("e6", Piece(1, "officer")) in placed
    assert sum(1 for _p, piece in placed if piece == Piece(0, "pawn")) == 24
    assert AssaltoState.from_text(START_TEXT) == state


def test_officer_replies_after_each_first_move() -> None:
    state = AssaltoState.initial()
    # c4-c5 leaves c4 empty behind c5: the officer on c6 must jump c5.
    after = state.play("c4-c5")
    assert after.to_move == 1
    assert texts(after) == ["c6xc4"]
    capture = after.parse_move("c6xc4")
    assert capture.captures == ("c5",) and capture.path == ("c6", "c4") and capture.kind == "capture"
    # d4-d5: nothing to capture (c6 and e6 have no diagonals); each officer has three steps.
    assert texts(state.play("d4-d5")) == sorted(["c6-c7", "c6-d6", "c6-c5", "e6-e7", "e6-e5", "e6-d6"])
    # b5-c5: c5 is now taken and c4 behind it is full, so no capture.
    assert texts(state.play("b5-c5")) == sorted(["c6-c7", "c6-d6", "e6-e7", "e6-e5", "e6-d6"])
    # 1 + 6 + 1 + 5 + 5 sequences of two moves
    assert perft(state, 1) == 5 and perft(state, 2) == 18


# --- captures ---------------------------------------------------------------------


def test_long_diagonal_capture_lands_on_any_empty_point_beyond() -> None:
    #  row 7      . O .        officer d7 (no diagonals through d7)
    #  row 6      . . .
    #  row 5  . . P . . . .    pawn c5 on the diagonal a3-b4-c5-d6-e7
    #  row 4  . . . . . P P
    #  row 3  O . . . . P P    officer a3, three points below c5
    state = make(f"c5 f4 g4 f3 g3 {FILLER}", "a3 d7")
    assert texts(state) == ["a3xd6", "a3xe7"]
    move = state.parse_move("A3xE7")  # any case
    assert move.path == ("a3", "e7") and move.captures == ("c5",)
    after = state.apply(move)
    assert after.piece_at("e7") == Piece(1, "officer")
    assert after.piece_at("c5") is None and after.piece_at("a3") is None
    assert after.to_move == 0 and after.quiet_turns == 0
    # landing on the pawn, or stepping while a capture exists, is refused
    assert code_of(state, "a3xc5") == "occupied"
    assert code_of(state, "a3-a4") == "must-capture"
    assert code_of(state, "d7-d6") == "must-capture"
    # without long captures the pawn is two points away: nothing to capture
    short = make(f"c5 f4 g4 f3 g3 {FILLER}", "a3 d7", long_capture="off")
    assert "a3-b4" in texts(short) and not any("x" in t for t in texts(short))
    assert code_of(short, "a3xd6") == "long-jump"


def test_diagonal_chain_is_written_with_every_landing_point() -> None:
    #  row 7      . . .        e7 empty
    #  row 6      . P .        pawn d6
    #  row 5  . . . . . . P    c5 empty
    #  row 4  . P . . . . O    pawn b4; officer g4 (no diagonals there)
    #  row 3  O . . . . . .    officer a3
    state = make(f"b4 d6 g5 {FILLER}", "a3 g4")
    assert texts(state) == ["a3xc5xe7"]
    chain = state.parse_move("a3xc5xe7")
    assert chain.captures == ("b4", "d6") and chain.path == ("a3", "c5", "e7")
    # one x is one jump over exactly one pawn: a3xe7 would jump two pawns at once
    assert code_of(state, "a3xe7") == "blocked"
    assert code_of(state, "a3xd6") == "occupied"
    assert code_of(state, "a3xc5") == "majority"
    after = state.apply(chain)
    assert after.outcome() is not None and after.outcome().winner == 1  # 7 pawns left


def test_long_capture_only_along_diagonals() -> None:
    #  row 4  O . P . . . .    officer a4, pawn c4 two points away on a row
    state = make(f"c4 f3 g3 {FILLER}", "a4 d7")
    assert not any(m.kind == "capture" for m in state.legal_moves())
    assert code_of(state, "a4xd4") == "long-jump"


def test_majority_rule_picks_the_longer_chain() -> None:
    #  row 7      . . O        officer e7: e7xe5 over e6, or e7xa3 over b4 (long diagonal)
    #  row 6      . . P
    #  row 5  . . . . . . .
    #  row 4  O P . P . . .    officer a4: a4xc4xe4 takes b4 and d4
    #  row 3  . . . . . P P
    state = make(f"b4 d4 e6 f3 g3 {FILLER}", "a4 e7")
    assert texts(state) == ["a4xc4xe4"]
    move = state.parse_move("a4xc4xe4")
    assert move.captures == ("b4", "d4") and move.path == ("a4", "c4", "e4")
    assert code_of(state, "a4xc4") == "majority"  # stops although the chain goes on
    assert code_of(state, "e7xe5") == "majority"  # one pawn where two can be taken
    assert code_of(state, "e7xa3") == "majority"
    assert code_of(state, "a4-a5") == "must-capture"
    assert code_of(state, "a4-b5") == "no-line"
    after = state.apply(move)
    assert after.piece_at("e4") == Piece(1, "officer")
    assert after.piece_at("b4") is None and after.piece_at("d4") is None


def test_chain_changing_direction_refused_by_default_allowed_by_variant() -> None:
    #  row 6      . . .
    #  row 5  . . . P . . .    c3 jumps c4 up to c5; a turn right would jump d5 to e5
    #  row 4  . . P . . . P
    #  row 3  . . O . . . P
    pawns = f"c4 d5 g3 g4 g5 {FILLER}"
    state = make(pawns, "c3 e7")
    assert texts(state) == ["c3xc5"]
    assert code_of(state, "c3xc5xe5") == "direction-change"
    turning = make(pawns, "c3 e7", direction_change="allowed")
    assert texts(turning) == ["c3xc5xe5"]
    assert turning.parse_move("c3xc5xe5").captures == ("c4", "d5")
    assert code_of(turning, "c3xc5") == "majority"


def test_a_loop_taken_either_way_round_is_one_move() -> None:
    #  row 3  . . . P O P .    officer e3; with turns allowed it can go round the
    #  row 2      P P .        loop c3-c1-e3 either way (over d3, c2, d2) and then jump f3
    #  row 1      . . .
    pawns = "d3 f3 c2 d2 a5 b5 c7 d7 e7"
    state = make(pawns, "e3 a4", direction_change="allowed")
    assert texts(state) == ["e3xc3xc1xe3xg3"]
    other_way = state.parse_move("e3xc1xc3xe3xg3")
    assert other_way.text == "e3xc3xc1xe3xg3"
    assert set(other_way.captures) == {"d3", "c2", "d2", "f3"}
    # shorter ways round are refused by the majority rule; by default no turn at all
    assert code_of(state, "e3xc3xc1xf4") == "majority"
    # straight lines only: each of the three first jumps ends the chain
    assert texts(make(pawns, "e3 a4")) == ["e3xc1", "e3xc3", "e3xg3"]


def test_straight_chain_along_a_row_and_a_pawn_cannot_be_jumped_twice() -> None:
    # With turns allowed, the officer at c4 after a4xc4 cannot jump b4 back.
    # (e7 may also take b4 from afar along the diagonal e7-a3.)
    state = make(f"b4 f3 g3 {FILLER}", "a4 e7", direction_change="allowed")
    assert texts(state) == ["a4xc4", "e7xa3"]
    assert code_of(state, "a4xc4xa4") == "twice"  # b4 was jumped already (it stays until the move ends)


def test_bad_jumps_are_named() -> None:
    #  row 5  . . P . . . .    pawn c5 on the diagonal a3-b4-c5-d6-e7
    #  row 4  O O . . . . .    officers a4 and b4
    state = make(f"c5 g3 f3 {FILLER}", "a4 b4")
    assert texts(state) == ["b4xd6", "b4xe7"]
    assert code_of(state, "a4xc4") == "jump-officer"
    assert code_of(state, "b4xc5") == "occupied"
    assert code_of(state, "a4xa6") == "off-board"
    assert code_of(state, "a4xb5") == "no-line"  # a4 has no diagonal
    assert code_of(state, "a4xa5") == "no-pawn"
    assert code_of(state, "b4xd4") == "no-pawn"
    assert code_of(state, "b4xe4xg4") == "no-pawn"
    assert code_of(state, "c5xc7") == "not-yours"
    assert code_of(state, "d4xd6") == "empty"


# --- pawns ------------------------------------------------------------------------


def test_pawns_step_forward_or_sideways_only() -> None:
    #  row 4  . . P . . . .    pawn c4 (diagonal line c3-d4-e5 through d4, not c4)
    #  row 3  . . P . . . .    pawn c3 sits on the diagonals c3-d4 and c3-b4
    #  row 2      . . .
    state = make("c3 c4 g3 g4 g5 f3 f4 f5 a5", "d6 e7", side="p")
    moves = texts(state)
    assert "c3-d3" in moves and "c3-b3" in moves and "c4-c5" in moves and "c4-d4" in moves
    assert "c3-c4" not in moves  # occupied
    assert code_of(state, "c3-c2") == "backwards"
    assert code_of(state, "c3-d4") == "diagonal"
    assert code_of(state, "c3-b2") == "off-board"
    assert code_of(state, "c4-d3") == "diagonal"
    assert code_of(state, "c3-c4") == "occupied"
    assert code_of(state, "c4-c6") == "not-adjacent"
    assert code_of(state, "c4xc6") == "pawn-capture"
    assert code_of(state, "d6-d5") == "not-yours"
    assert code_of(state, "d3-d4") == "empty"
    forward = state.apply(state.parse_move("c4-c5"))
    assert forward.quiet_turns == 0
    sideways = state.apply(state.parse_move("c4-d4"))
    assert sideways.quiet_turns == 1


def test_pawn_variants_towards_fortress_and_any_line() -> None:
    pawns = "a3 a4 g3 g4 g5 f3 f4 f5 c2"
    # towards the fortress along any line: a3 may go up the diagonal to b4, never back down
    towards = make(pawns, "d6 e7", side="p", pawn_moves="towards-fortress")
    assert "a3-b4" in texts(towards)
    assert code_of(towards, "a4-a3") == "occupied"
    assert code_of(towards, "c2-c1") == "away"
    assert "c2-d2" in texts(towards)  # same distance: sideways is fine
    anywhere = make(pawns, "d6 e7", side="p", pawn_moves="any-line")
    assert "c2-c1" in texts(anywhere) and "a3-b4" in texts(anywhere)


# --- wins -------------------------------------------------------------------------


def test_pawns_win_by_filling_the_fortress() -> None:
    #  row 7      P P P
    #  row 6      P P P
    #  row 5  . . P P . P .    f5 steps sideways into e5, the ninth fortress point
    #  row 3  O . . . . . O
    state = make("c5 d5 c6 d6 e6 c7 d7 e7 f5", "a3 g3", side="p")
    assert state.outcome() is None
    after = state.play("f5-e5")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 0 and "fortress" in outcome.reason
    assert after.to_move is None and after.legal_moves() == []
    assert code_of(after, "a3-a4") == "game-over"


def test_pawns_win_by_immobilising_both_officers() -> None:
    #  row 7      O P O        officers c7 and e7 hemmed in;
    #  row 6      P P P        e4-e5 closes the last landing point
    #  row 5  . . P P . . .
    #  row 4  . . . . P . .
    state = make(f"d7 c6 d6 e6 c5 d5 e4 {FILLER}", "c7 e7", side="p")
    assert state.outcome() is None
    after = state.play("e4-e5")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 0 and "blocked" in outcome.reason
    # had the pawn gone sideways, e5 stays open: e7 jumps e6, or c7 jumps d6 down the
    # diagonal c7-g3 and lands on e5, f4 or g3
    other = state.play("e4-d4")
    assert texts(other) == ["c7xe5", "c7xf4", "c7xg3", "e7xe5"]


def test_officers_win_at_the_sixteenth_capture() -> None:
    #  9 pawns left (15 captured); the capture of c5 leaves 8
    pawns = f"c5 g3 g4 {FILLER}"
    state = make(pawns, "a3 d7")
    assert state.outcome() is None
    after = state.play("a3xd6")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 1 and "16" in outcome.reason
    # with one more pawn on the board the same capture leaves 9: play goes on
    assert make(pawns + " f3", "a3 d7").play("a3xd6").outcome() is None


def test_officers_to_move_with_no_move_have_lost() -> None:
    # The officers' turn with both officers blocked ends the game at once.
    state = make(f"d7 c6 d6 e6 c5 e5 d5 {FILLER}", "c7 e7")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert state.to_move is None


def test_blocked_pawns_lose_or_draw_by_the_stalemate_option() -> None:
    #  row 7      P P P
    #  row 6      P O P
    #  row 5  P P P P P P P    no pawn can step: every forward and sideways point is taken
    #  row 4  . . . O . . .
    pawns = "c7 d7 e7 c6 e6 a5 b5 c5 d5 e5 f5 g5"
    lost = make(pawns, "d6 d4", side="p")
    assert lost.outcome() is not None and lost.outcome().winner == 1
    drawn = make(pawns, "d6 d4", side="p", stalemate="draw")
    assert drawn.outcome() is not None and drawn.outcome().winner is None


def test_no_progress_draw() -> None:
    pawns = f"a5 g5 {FILLER} f3"
    state = make(pawns, "d6 e7", side="p", counter=99)
    assert state.outcome() is None
    drawn = state.play("e2-e3")  # forward: resets the counter
    assert drawn.quiet_turns == 0 and drawn.outcome() is None
    sideways = state.play("f3-g3")
    assert sideways.quiet_turns == 100
    outcome = sideways.outcome()
    assert outcome is not None and outcome.winner is None and "100" in outcome.reason
    assert make(pawns, "d6 e7", side="p", counter=99, no_progress="off").play("f3-g3").outcome() is None


# --- huffing ----------------------------------------------------------------------


def test_huffing_removes_the_officer_that_failed_to_capture() -> None:
    pawns = f"b4 d4 e6 f3 g3 {FILLER}"
    state = make(pawns, "a4 e7", huffing="on")
    moves = {m.text: m for m in state.legal_moves()}
    # every complete chain may be chosen, and steps are allowed
    assert {"a4xc4xe4", "e7xe5", "e7xa3", "a4-a5", "e7-d7"} <= set(moves)
    assert moves["a4-a5"].kind == "huff" and moves["a4-a5"].captures == ("a5",)
    after = state.play("a4-a5")
    assert after.piece_at("a5") is None and after.piece_at("a4") is None
    assert after.piece_at("e7") == Piece(1, "officer")
    assert code_of(state, "a4xc4") == "incomplete"
    # only the officer on c3 can capture: the other one stepping gets c3 removed
    one = make(f"c4 g3 g4 g5 {FILLER}", "c3 e7", huffing="on")
    step = one.parse_move("e7-d7")
    assert step.kind == "huff" and step.captures == ("c3",)
    assert one.apply(step).piece_at("c3") is None
    # default rules: a single officer on the board is impossible
    with pytest.raises(PositionError):
        make(f"c4 g3 g4 g5 {FILLER}", "c3")


def test_huffing_the_last_officer_ends_the_game_at_once() -> None:
    state = make(f"c4 g3 g4 g5 {FILLER}", "c3", huffing="on")
    after = state.play("c3-d3")  # c3 could jump c4: it is huffed where it lands
    assert after.piece_at("d3") is None
    # The pawns would be to move, but with no officer left the game is over now,
    # not after one more pawn move.
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 0 and "no officer" in outcome.reason
    assert after.to_move is None and after.legal_moves() == []
    assert code_of(after, "g3-f3") == "game-over"
    # The same holds for a position text with the pawns to move and no officer.
    empty = make(f"c4 g3 g4 g5 {FILLER}", "", side="p", huffing="on")
    assert empty.outcome() is not None and empty.outcome().winner == 0


# --- other variants ---------------------------------------------------------------


def test_free_officer_placement() -> None:
    state = AssaltoState.initial(variants={"officer_start": "free"})
    assert state.to_text() == "3/3/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP s 0"
    assert state.to_move == 1 and len(state.legal_moves()) == 36
    move = state.parse_move("e7+c5")
    assert move.text == "c5+e7" and move.kind == "place"
    after = state.apply(move)
    assert after.to_move == 0
    assert after.to_text() == "2O/3/PPO2PP/PPPPPPP/PPPPPPP/PPP/PPP p 0"
    assert code_of(state, "c5+b5") == "not-fortress"
    assert code_of(state, "c4-c5") == "setup"
    assert code_of(after, "c6+e6") == "setup"


def test_diagonals_everywhere_variant() -> None:
    state = make(f"g3 g4 g5 {FILLER}", "c4 e7")
    assert code_of(state, "c4-d5") == "no-line"
    everywhere = make(f"g3 g4 g5 {FILLER}", "c4 e7", diagonals="all")
    assert "c4-d5" in texts(everywhere)


# --- notation ---------------------------------------------------------------------


def test_position_text_round_trips_and_counts_quiet_turns() -> None:
    text = "P2/O1O/PP3PP/PPPPPP1/1PPPPPP/PPP/P1P o 7"
    state = AssaltoState.from_text(text)
    assert state.to_text() == text and state.quiet_turns == 7
    assert state.piece_at("c7") == Piece(0, "pawn") and state.piece_at("g4") is None
    assert AssaltoState.from_text("p2/o1o/pp3pp/pppppp1/1pppppp/ppp/p1p o 7").to_text() == text
    step = state.apply(state.parse_move("c6-d6"))
    assert step.to_text() == "P2/1OO/PP3PP/PPPPPP1/1PPPPPP/PPP/P1P p 8"


@pytest.mark.parametrize(
    "text, where",
    [
        ("3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP p 0", "7 rows"),
        ("3/O1O/PP3PP/PPPPPP/PPPPPPP/PPP/PPP p 0", "row 4"),
        ("3/O1O/PP3PP/PPPPPPP/PPPXPPP/PPP/PPP p 0", "row 3"),
        ("3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP x 0", "side"),
        ("3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p -1", "counter"),
        ("3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p", "3 fields"),
    ],
)
def test_malformed_positions_say_what_and_where(text: str, where: str) -> None:
    with pytest.raises(NotationError) as info:
        AssaltoState.from_text(text)
    assert where in str(info.value)


@pytest.mark.parametrize(
    "text",
    [
        "P2/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p 0",  # 25 pawns
        "3/OOO/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p 0",  # 3 officers
        "3/O2/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p 0",  # an officer lost without huffing
        "3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP s 0",  # setup turn with officers already placed
    ],
)
def test_impossible_positions_are_refused(text: str) -> None:
    with pytest.raises(PositionError):
        AssaltoState.from_text(text)


def test_move_syntax_and_variants_checked() -> None:
    state = AssaltoState.initial()
    assert code_of(state, "c4c5") == "syntax"
    assert code_of(state, "c4-c9") == "off-board"
    assert code_of(state, "a1-a2") == "off-board"
    with pytest.raises(OptionError):
        AssaltoState.initial(variants={"huffing": "maybe"})
    with pytest.raises(OptionError):
        AssaltoState.initial(size=9)


def test_every_listed_move_round_trips_through_its_text() -> None:
    state = AssaltoState.initial()
    for text in ("d4-d5", "c6-c5", "e4-e5", "e6xe4"):
        for move in state.legal_moves():
            assert state.parse_move(move.text) == move
        state = state.play(text)
        assert AssaltoState.from_text(state.to_text()).to_text() == state.to_text()
    assert state.piece_at("e4") == Piece(1, "officer") and state.piece_at("e5") is None


# --- Murray's rules (Murray 1951, as Ludii plays them) --------------------------------

MURRAY_START = "3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP o 0"


def test_officers_move_first_by_the_first_option() -> None:
    state = AssaltoState.initial(variants={"first": "officers"})
    assert state.to_text() == MURRAY_START and state.to_move == 1
    # c6 and e6 have no diagonals and nothing to jump: three steps each
    assert texts(state) == sorted(["c6-c7", "c6-d6", "c6-c5", "e6-e7", "e6-e5", "e6-d6"])
    assert state.play("c6-c5").to_move == 0
    # with a free start the officers are placed, then they also make the first move
    free = AssaltoState.initial(variants={"first": "officers", "officer_start": "free"})
    assert free.play("c6+e6").to_text() == MURRAY_START
    # the default start text is unchanged
    assert AssaltoState.initial().to_text() == START_TEXT


def test_huffed_all_removes_every_officer_that_could_have_captured() -> None:
    #  row 5  . . . . . P P    c3 could jump c4 to c5, e3 could jump e4 to e5
    #  row 4  . . P . P . P
    #  row 3  . . O . O . P
    pawns = f"c4 e4 g3 g4 g5 {FILLER}"
    murray = make(pawns, "c3 e3", huffing="on", huffed="all")
    step = murray.parse_move("c3-d3")
    assert step.kind == "huff" and set(step.captures) == {"d3", "e3"}  # c3 where it landed, and e3
    after = murray.apply(step)
    assert after.piece_at("d3") is None and after.piece_at("e3") is None
    outcome = after.outcome()  # both officers gone on one move: the game is over at once
    assert outcome is not None and outcome.winner == 0 and "no officer" in outcome.reason
    # Bell's huffing removes only the officer that stepped
    bell = make(pawns, "c3 e3", huffing="on")
    assert bell.parse_move("c3-d3").captures == ("d3",)
    assert bell.play("c3-d3").piece_at("e3") == Piece(1, "officer")
    # when only the other officer could capture, both rules remove just that one
    for huffed in ("one", "all"):
        one = make(f"c4 g3 g4 g5 {FILLER}", "c3 e7", huffing="on", huffed=huffed)
        assert one.parse_move("e7-d7").captures == ("c3",)
    # without huffing the option changes nothing: capturing stays compulsory
    assert texts(make(pawns, "c3 e3", huffed="all")) == ["c3xc5", "e3xe5"]


def test_chains_off_makes_a_capture_one_jump() -> None:
    # the position of test_diagonal_chain_is_written_with_every_landing_point
    state = make(f"b4 d6 g5 {FILLER}", "a3 g4", chains="off")
    assert texts(state) == ["a3xc5"]
    assert state.play("a3xc5").piece_at("d6") == Piece(0, "pawn")  # the turn ended after one jump
    assert code_of(state, "a3xc5xe7") == "one-jump"
    # the position of test_majority_rule_picks_the_longer_chain: every single jump takes one pawn
    single = make(f"b4 d4 e6 f3 g3 {FILLER}", "a4 e7", chains="off")
    assert texts(single) == ["a4xc4", "e7xa3", "e7xe5"]
    assert code_of(single, "a4-a5") == "must-capture"


def test_officers_win_only_when_no_pawn_is_left_by_the_option() -> None:
    pawns = f"c5 g3 g4 {FILLER}"  # 9 pawns; a3xd6 leaves 8
    state = make(pawns, "a3 d7", officers_win="no-pawn-left")
    after = state.play("a3xd6")
    assert after.outcome() is None and after.to_move == 0
    # the last pawn captured ends it
    last = make("c5", "a3 d7", officers_win="no-pawn-left")
    assert last.outcome() is None
    outcome = last.play("a3xd6").outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "the officers captured every pawn"


def test_blocked_pawns_pass_by_the_stalemate_option() -> None:
    # the position of test_blocked_pawns_lose_or_draw_by_the_stalemate_option
    pawns = "c7 d7 e7 c6 e6 a5 b5 c5 d5 e5 f5 g5"
    state = make(pawns, "d6 d4", side="p", counter=4, stalemate="pass")
    assert state.outcome() is None and texts(state) == ["pass"]
    after = state.play("pass")
    assert after.to_text() == text_of(pawns, "d6 d4", side="o", counter=5)
    # pawns that can move may not pass, and nobody passes under the other stalemate rules
    free = make(f"a5 g5 {FILLER} f3", "d6 e7", side="p", stalemate="pass")
    assert code_of(free, "pass") == "pass"
    assert code_of(make(f"a5 g5 {FILLER} f3", "d6 e7", side="p"), "pass") == "pass"


def test_rules_murray_sets_every_murray_option() -> None:
    spelt = {"first": "officers", "huffing": "on", "huffed": "all", "chains": "off",
             "officers_win": "no-pawn-left", "stalemate": "pass", "long_capture": "off",
             "pawn_moves": "any-line"}
    short = AssaltoState.initial(variants={"rules": "murray"})
    assert short.rules == AssaltoState.initial(variants=spelt).rules
    assert short.to_text() == MURRAY_START
    # hand count: 6 officer steps; the pawns (any line) can then reach c5 from b5, c4, b4, d4,
    # d5 from d4 and e5 from f5, e4, d4, f4: 9 moves, 5 after c6-c5 or e6-e5 fills one of them
    assert perft(short, 1) == 6 and perft(short, 2) == 4 * 9 + 5 + 5
    # an option given a value other than its booklet default keeps it
    mixed = AssaltoState.initial(variants={"rules": "murray", "pawn_moves": "towards-fortress"})
    assert mixed.rules.pawn_moves == "towards-fortress" and mixed.rules.huff_all
    # ... and so does one given its booklet default, written out: Murray with the seed's chains
    chained = AssaltoState.initial(variants={"rules": "murray", "chains": "on"})
    assert chained.rules.chains and chained.rules.huff_all and chained.rules.first == short.rules.first
    # Murray's set allows a position with one officer left (huffing is on)
    assert make(f"c4 g3 g4 g5 {FILLER}", "c3", rules="murray").outcome() is None


def test_a_no_progress_counter_beyond_the_draw_is_refused() -> None:
    pawns = f"a5 g5 {FILLER} f3"
    # the game is drawn when the counter reaches no_progress: 100 can be written, 101 cannot
    assert make(pawns, "d6 e7", side="p", counter=100).outcome().winner is None
    with pytest.raises(PositionError, match=r"counter is 101, .* never more than 100"):
        make(pawns, "d6 e7", side="p", counter=101)
    with pytest.raises(PositionError, match=r"no_progress=50\), so it is never more than 50"):
        make(pawns, "d6 e7", side="p", counter=51, no_progress="50")
    assert make(pawns, "d6 e7", side="p", counter=101, no_progress="200").quiet_turns == 101
    # with no_progress=off nothing ends or bounds the counter
    assert make(pawns, "d6 e7", side="p", counter=10**6, no_progress="off").quiet_turns == 10**6
