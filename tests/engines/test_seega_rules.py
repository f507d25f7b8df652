"""Hand-checked Seega positions: every rule of games.md 7.3, each variant, the notation, impossible positions.

Positions are written as lists of White and Black cells and turned into a
position text by :func:`text_of`, a writer of its own (not the engine's).  Each
test draws its part of the 5 x 5 board in a comment: ``W`` and ``B`` pieces, ``.``
an empty cell, ``+`` the empty centre c3, row 5 at the top.  White (player 0)
places first; Black places last and so, by default, moves first.
"""

from __future__ import annotations

import re

import pytest

from boardgen.engine.base import Piece
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.seega.geometry import geometry
from boardgen.games.seega.rules import SeegaState

from tests.conftest import run_boardgen

LETTERS = "abcdefghi"


def text_of(white: str, black: str, side: str = "w", phase: str = "m", quiet: int = 0, size: int = 5) -> str:
    """A position text from cell lists (a test helper, independent of the engine's writer)."""
    w, b = set(white.split()), set(black.split())
    assert not w & b
    rows = []
    for y in range(size, 0, -1):
        out, run = "", 0
        for x in range(size):
            name = f"{LETTERS[x]}{y}"
            symbol = "W" if name in w else "B" if name in b else ""
            if not symbol:
                run += 1
                continue
            out += (str(run) if run else "") + symbol
            run = 0
        rows.append(out + (str(run) if run else ""))
    return f"{'/'.join(rows)} {side} {phase} {quiet}"


def make(white: str, black: str, side: str = "w", phase: str = "m", quiet: int = 0, size: int = 5, **variants: str) -> SeegaState:
    return SeegaState.from_text(text_of(white, black, side, phase, quiet, size), variants)


def texts(state: SeegaState) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def code_of(state: SeegaState, move: str) -> str:
    with pytest.raises(IllegalMoveError):
        state.parse_move(move)
    return state.why_illegal(move)[1]


def cells(state: SeegaState, owner: int) -> list[str]:
    return sorted(name for name, piece in state.placements() if piece.owner == owner)


# -- placement -------------------------------------------------------------------------


def test_start_is_an_empty_board_and_a_turn_places_two_pieces_anywhere_but_the_centre() -> None:
    for size, each, centre in ((5, 12, "c3"), (7, 24, "d4"), (9, 40, "e5")):
        start = SeegaState.initial(size)
        assert start.placements() == [] and start.to_move == 0 and start.phase == "p"
        assert start.in_hand(0) == start.in_hand(1) == each
        moves = start.legal_moves()
        free = size * size - 1
        assert len(moves) == free * (free - 1) // 2  # unordered pairs of the non-centre cells
        assert all(m.kind == "place" and len(m.path) == 2 and centre not in m.path for m in moves)
    assert SeegaState.initial(5).to_text() == "5/5/5/5/5 w p 0"
    after = SeegaState.initial(5).play("b2+a1")  # either order; written in board order
    assert after.to_text() == "5/5/5/1W3/W4 b p 0"
    assert after.in_hand(0) == 10 and after.to_move == 1


def test_nothing_is_captured_while_placing() -> None:
    # 2 . . . .      White places c1 and c2: b1 and b2 are then each between two white pieces,
    # 1 W B . .      and stay, since nothing is captured in the placement phase.
    #   a b c
    state = make("a1 a2", "b1 b2", side="w", phase="p").play("c1+c2")
    assert cells(state, 1) == ["b1", "b2"] and cells(state, 0) == ["a1", "a2", "c1", "c2"]
    assert state.to_move == 1 and state.phase == "p"


def test_placements_refused_with_their_reason() -> None:
    state = make("a1 a2", "b1 b2", side="w", phase="p")
    assert code_of(state, "c3+d4") == "centre"
    assert code_of(state, "a1+d4") == "occupied"
    assert code_of(state, "d4+d4") == "same-cell"
    assert code_of(state, "a2-a3") == "placement-phase"
    assert code_of(state, "f1+a3") == "off-board"
    assert code_of(state, "a3") == "syntax"
    moving = make("a1", "e5")
    assert code_of(moving, "a2+a3") == "movement-phase"


def test_movement_starts_with_the_last_placer_and_only_pieces_next_to_the_centre_move() -> None:
    # Black places a1 and b1, the last two cells.  Then:
    # 5 W W W W W
    # 4 B B B B B      Black (the last to place) moves first: only c4, d3 and c2 touch the centre
    # 3 W W + B B      (b3 is White's); none of the three steps captures (b3 has White's a3 behind it).
    # 2 W W B B B
    # 1 B B W W W
    white = "a5 b5 c5 d5 e5 a3 b3 a2 b2 c1 d1 e1"
    black = "a4 b4 c4 d4 e4 d3 e3 c2 d2 e2"
    last = make(white, black, side="b", phase="p")
    assert last.in_hand(1) == 2 and last.in_hand(0) == 0
    moving = last.play("a1+b1")
    assert moving.phase == "m" and moving.to_move == 1 and moving.quiet_turns == 0
    assert moving.to_text() == "WWWWW/BBBBB/WW1BB/WWBBB/BBWWW b m 0"
    assert texts(moving) == ["c2-c3", "c4-c3", "d3-c3"]
    # Ludii's reading: the first to place moves first.  White's only move, b3-c3, takes c4
    # (c5 beyond) and c2 (c1 beyond), not d3 (e3 beyond is Black's).
    first = make(white, black, side="b", phase="p", first_move="first-placer").play("a1+b1")
    assert first.to_move == 0 and texts(first) == ["b3-c3xc2xc4"]


def test_a_blocked_first_mover_lets_the_other_side_start() -> None:
    # All four neighbours of the centre are White's: Black cannot move, so White starts.
    white = "a5 b5 c5 d5 e5 b3 c4 d3 c2 a1 b1 c1"
    black = "a4 b4 d4 e4 a3 e3 a2 b2 d2 e2"
    state = make(white, black, side="b", phase="p").play("d1+e1")
    assert state.phase == "m" and state.to_move == 0
    assert texts(state) == ["b3-c3", "c2-c3", "c4-c3", "d3-c3"]


def test_first_placements_edge_middles() -> None:
    start = SeegaState.initial(5, {"first_placements": "edge-middles"})
    assert texts(start) == ["c1+c5"]
    assert code_of(start, "a1+b1") == "first-placement"
    black = start.play("c1+c5")
    assert texts(black) == ["a3+e3"]
    free = black.play("a3+e3")
    assert len(free.legal_moves()) == 20 * 19 // 2
    # 7 x 7: the middles are d1, d7 (White) and a4, g4 (Black).
    assert texts(SeegaState.initial(7, {"first_placements": "edge-middles"})) == ["d1+d7"]


# -- movement and capture ----------------------------------------------------------------


def test_steps_are_orthogonal_to_an_empty_neighbour() -> None:
    # 3 . . + . .
    # 2 . W . . .      White b2 steps to a2, b3, c2 or b1 (never diagonally); Black far away.
    # 1 . . . . .
    state = make("b2", "e5")
    assert texts(state) == ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]
    assert code_of(state, "b2-c3") == "diagonal"
    assert code_of(state, "b2-b4") == "not-adjacent"
    assert code_of(state, "a1-a2") == "empty"
    assert code_of(state, "e5-e4") == "not-yours"
    blocked = make("b2 b3", "e5")
    assert code_of(blocked, "b2-b3") == "occupied"


def test_a_single_custodial_capture() -> None:
    # 2 . . W . .      White c2-c1: Black b1 is then between c1 and White's a1, and is captured.
    # 1 W B . . .
    state = make("a1 c2", "b1 e5")
    move = state.parse_move("c2-c1xb1")
    assert move.kind == "capture" and move.captures == ("b1",) and move.path == ("c2", "c1")
    assert state.parse_move("c2-c1") == move  # the captures may be left out
    after = state.apply(move)
    assert cells(after, 1) == ["e5"] and after.quiet_turns == 0
    assert code_of(state, "c2-c1xa1") == "captures"
    assert code_of(state, "c2-d2xd1") == "captures"  # a plain step claimed as a capture


def test_three_pieces_captured_at_once_stepping_into_the_centre() -> None:
    # 5 . . W . .
    # 4 . . B . .      White c2-c3 (into the centre): b3, d3 and c4 each have a White piece
    # 3 W B + B W      beyond them (a3, e3, c5) and all three are captured at once.
    # 2 . . W . .
    state = make("c5 a3 e3 c2", "c4 b3 d3 a1")
    move = state.parse_move("c2-c3")
    assert move.text == "c2-c3xb3xd3xc4"  # captures in board order, row by row from a1
    assert move.captures == ("b3", "d3", "c4")
    after = state.apply(move)
    assert cells(after, 1) == ["a1"] and cells(after, 0) == ["a3", "c3", "c5", "e3"]


def test_the_piece_on_the_centre_is_never_captured_but_helps_to_capture() -> None:
    # 5 . W . . .
    # 4 . . . W .      White d4-c4 puts Black's piece on the centre c3 between c4 and White's
    # 3 . . B . .      c2, but a piece on the centre is never captured.
    # 2 . . W . .
    safe = make("d4 c2 b5", "c3 e1")
    assert [m.text for m in safe.legal_moves() if m.path == ("d4", "c4")] == ["d4-c4"]
    assert safe.play("d4-c4").piece_at("c3") == Piece(1, "man")
    # White on the centre takes part: Black c4 between c3 and White's arrival on c5 is captured.
    helps = make("c3 b5", "c4 e1")
    assert helps.parse_move("b5-c5").captures == ("c4",)


def test_safe_centre_off_lets_the_piece_on_the_centre_be_captured() -> None:
    # 5 . W . . .
    # 4 . . . W .      The position of the test above: with safe_centre=off (Ludii's Seega.lud)
    # 3 . . B . .      White d4-c4 sandwiches Black's c3 between c4 and c2 and takes it.
    # 2 . . W . .
    # 1 . . . . B
    open_centre = make("d4 c2 b5", "c3 e1", safe_centre="off")
    assert [m.text for m in open_centre.legal_moves() if m.path == ("d4", "c4")] == ["d4-c4xc3"]
    after = open_centre.play("d4-c4")
    assert after.piece_at("c3") is None and after.quiet_turns == 0
    # The centre still helps to capture, and the rest of the moves are the same as with the default.
    helps = make("c3 b5", "c4 e1", safe_centre="off")
    assert helps.parse_move("b5-c5").captures == ("c4",)
    kept = make("d4 c2 b5", "c3 e1")
    assert [m.path for m in kept.legal_moves()] == [m.path for m in open_centre.legal_moves()]
    # A capture of the centre piece is refused with its code when the centre is safe.
    assert code_of(kept, "d4-c4xc3") == "captures"


def test_moving_into_a_sandwich_is_safe() -> None:
    # 4 . . . . B
    # 2 . B . . .      Black b2-b1 lands between White a1 and c1: only the side that moves
    # 1 W . W . .      captures, so b1 stays.  White takes it by moving c1 away and back.
    state = make("a1 c1 a5", "b2 e4", side="b")
    after = state.play("b2-b1")
    assert after.piece_at("b1") == Piece(1, "man") and after.to_move == 0
    back = after.play("c1-c2", "e4-e3").parse_move("c2-c1")
    assert back.captures == ("b1",)


def test_a_blocked_player_is_skipped_and_the_opponent_moves_again() -> None:
    # 2 W . . . .      Black's only piece a1 has both neighbours filled: Black cannot move,
    # 1 B W . . .      so White moves, and moves again, until b1 or a2 is vacated.
    state = make("a2 b1 e5", "a1")
    assert state.to_move == 0
    again = state.play("e5-e4")
    assert again.to_move == 0 and again.to_text() == text_of("a2 b1 e4", "a1", side="w", quiet=1)
    opened = again.play("b1-c1")
    assert opened.to_move == 1 and texts(opened) == ["a1-b1"]
    with pytest.raises(PositionError, match="cannot move, so White moves again"):
        SeegaState.from_text(text_of("a2 b1 e5", "a1", side="b"))


def test_capturing_every_enemy_piece_wins() -> None:
    state = make("a1 c2", "b1")
    end = state.play("c2-c1")
    assert end.outcome() is not None and end.outcome().winner == 0  # type: ignore[union-attr]
    assert end.to_move is None and end.legal_moves() == []
    assert end.to_text().split()[1:] == ["b", "m", "0"]
    assert code_of(end, "a1-a2") == "game-over"


def test_quiet_moves_end_the_game_by_count() -> None:
    # 39 moves without a capture; the 40th (20 by each side, the default) stops the game:
    # White has 2 pieces, Black 1, so White wins; equal numbers draw.
    state = make("a1 a3", "e5", quiet=39)
    assert state.outcome() is None
    end = state.play("a3-a4")
    outcome = end.outcome()
    assert outcome is not None and outcome.winner == 0 and "20 moves by each side" in outcome.reason
    draw = make("a1", "e5", quiet=39).play("a1-a2").outcome()
    assert draw is not None and draw.winner is None
    # quiet_count=both: 20 moves in all; quiet_moves=10 with it: 10 in all.
    assert make("a1", "e5", quiet=19, quiet_count="both").play("a1-a2").outcome() is not None
    assert make("a1", "e5", quiet=9, quiet_count="both", quiet_moves="10").play("a1-a2").outcome() is not None
    assert make("a1", "e5", quiet=9, quiet_moves="10").play("a1-a2").outcome() is None  # 10 each = 20
    # a capture resets the counter
    assert make("a1 c2", "b1 e5", quiet=30).play("c2-c1").quiet_turns == 0
    with pytest.raises(PositionError, match="never more"):
        make("a1", "e5", quiet=41)


def test_quiet_moves_off_never_counts_the_pieces() -> None:
    # Ludii's Seega.lud: the only end is capturing every piece, so the 40th quiet move ends
    # nothing, and the counter may go past 40 (it still counts moves since the last capture).
    state = make("a1 a3", "e5", quiet=39, quiet_moves="off")
    after = state.play("a3-a4")
    assert after.outcome() is None and after.to_move == 1 and after.quiet_turns == 40
    far = make("a1 a3", "e5", quiet=500, quiet_moves="off")
    assert far.outcome() is None and far.play("a3-a4").quiet_turns == 501
    # capturing every piece still wins
    end = make("a1 c2", "b1", quiet=77, quiet_moves="off").play("c2-c1")
    assert end.outcome() is not None and end.outcome().winner == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("pair", ["safe_centre=maybe", "quiet_moves=30"])
def test_an_unknown_value_of_a_new_variant_is_one_line_and_exit_2(pair: str) -> None:
    result = run_boardgen("moves", "seega", "--variant", pair)
    assert result.returncode == 2 and result.stdout == ""
    name, value = pair.split("=")
    assert result.stderr.count("\n") == 1 and f"variant {name} takes" in result.stderr and repr(value) in result.stderr


# -- continuing to capture ------------------------------------------------------------------


def test_two_captures_at_once_and_no_chain_when_nothing_more_is_taken() -> None:
    # 3 . W + . .      White a1-b1 takes c1 (White d1 beyond it) and b2 (White b3 beyond it)
    # 2 . B . . .      at once.  From b1 no further step captures, so every variant lists the
    # 1 W . B W .      same single move.
    white, black = "a1 d1 b3 c5", "c1 b2 c4 e5"
    for chain in ("never", "may", "must"):
        state = make(white, black, continue_capture=chain)
        assert [m.text for m in state.legal_moves() if m.path[0] == "a1"] == ["a1-a2", "a1-b1xc1xb2"]


def test_continuing_to_capture_with_the_same_piece_by_the_variants() -> None:
    # 5 . . W . B
    # 4 . . B . .      White d3-c3 (into the centre) takes c4 (White c5 beyond).  With
    # 3 . B + W .      continue_capture=may the same piece may step on to c2, which takes b2
    # 2 W B . . .      (White a2 beyond); b3 is never taken (a3 behind it is empty).  From c2
    # 1 . . . . .      no step takes anything more.  With must the chain has to be finished.
    white, black = "c5 d3 a2", "c4 b3 b2 e5"
    off = make(white, black)
    assert sorted(m.text for m in off.legal_moves() if m.path[0] == "d3") == ["d3-c3xc4", "d3-d2", "d3-d4", "d3-e3"]
    may = make(white, black, continue_capture="may")
    chained = sorted(m.text for m in may.legal_moves() if m.path[0] == "d3")
    assert chained == ["d3-c3xc4", "d3-c3xc4-c2xb2", "d3-d2", "d3-d4", "d3-e3"]
    move = may.parse_move("d3-c3xc4-c2xb2")
    assert move.path == ("d3", "c3", "c2") and move.captures == ("c4", "b2")
    assert may.parse_move("d3-c3-c2") == move  # captures left out
    assert cells(may.apply(move), 1) == ["b3", "e5"]
    must = make(white, black, continue_capture="must")
    assert sorted(m.text for m in must.legal_moves() if m.path[0] == "d3") == ["d3-c3xc4-c2xb2", "d3-d2", "d3-d4", "d3-e3"]
    assert code_of(must, "d3-c3xc4") == "continue-must"
    assert code_of(off, "d3-c3xc4-c2xb2") == "continue-off"
    assert code_of(may, "d3-d4-c4") == "continue-without-capture"
    assert code_of(may, "d3-c3xc4-d3") == "continue-without-capture"


# -- notation ------------------------------------------------------------------------------


def test_position_text_round_trips_and_reads_any_case() -> None:
    text = "WWWWW/BBBBB/WW1BB/WWBBB/BBWWW b m 0"
    state = SeegaState.from_text(text)
    assert state.to_text() == text
    assert SeegaState.from_text(text.lower()).to_text() == text
    assert SeegaState.from_text("w4/5/5/5/4b w m 7").to_text() == "W4/5/5/5/4B w m 7"
    big = SeegaState.initial(9).play("a1+i9")
    assert big.to_text() == "8W/9/9/9/9/9/9/9/W8 b p 0" and big.size == 9


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5/5/5/5 w p 0", re.escape("expected 5, 7 or 9 rows separated by '/' (the top row first), got 4")),
        ("5/5/5/5/5 w p", "expected 4 fields"),
        ("5/5/5/5/4X w m 0", "row 1: unexpected 'X' at character 2, point e1"),
        ("5/5/5/5/6 w m 0", "row 1 has 6 cells"),
        ("5/5/5/5/5 x m 0", "side to move must be w"),
        ("5/5/5/5/5 w q 0", "phase must be p"),
        ("5/5/5/5/5 w m -1", "quiet-move counter"),
    ],
)
def test_malformed_positions_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        SeegaState.from_text(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5/5/2W2/5/5 b p 0", "centre"),  # the centre filled while placing
        ("5/5/5/5/WWB2 w p 0", "pieces go down two a turn"),
        ("5/5/5/5/W4 w m 0", "Black has no piece left"),  # the side that just moved cannot be empty
        ("WWWWW/WWWWW/WW1WW/WWWWW/WWWWW w m 0", "each player has 12"),
        ("5/5/5/5/W4 b p 3", "quiet-move counter only runs"),
    ],
)
def test_impossible_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        SeegaState.from_text(text)


def test_every_listed_move_round_trips_through_its_text() -> None:
    state = SeegaState.from_text("2B1B/B1WWB/W1W2/WWWBB/WBWBB b m 4", {"continue_capture": "may"})
    for move in state.legal_moves():
        assert state.parse_move(move.text) == move
        assert state.parse_move(move.text.upper()) == move
        assert state.parse_move(" ".join(move.text)) == move  # spaces do not matter
    placing = SeegaState.initial(5)
    assert placing.parse_move("E5+A1").text == "a1+e5"


def test_geometry_tables_agree_with_the_engine() -> None:
    for size in (5, 7, 9):
        geo = geometry(size)
        assert SeegaState.point_names(size) == geo.names and len(geo.names) == size * size


NEW_VARIANTS = [  # (name, values, default, values whose source must be named)
    ("safe_centre", ["on", "off"], "on", ["on", "off"]),
    ("quiet_moves", ["20", "10", "40", "off"], "20", ["20", "off"]),
]


def test_list_json_names_the_new_variants_with_values_default_and_source():
    import json

    result = run_boardgen("list", "--json")
    assert result.returncode == 0
    game = next(g for g in json.loads(result.stdout)["games"] if g["id"] == "seega")
    variants = {v["name"]: v for v in game["variants"]}
    for name, values, default, sourced in NEW_VARIANTS:
        shown = variants[name]
        assert shown["values"] == values and shown["default"] == default, shown
        assert set(sourced) <= set(shown["source"]) and all(shown["source"][v].strip() for v in sourced)
