"""Hand-checked Trihex (Y) positions: placement, wins through corners and without, swap, notation, impossible positions.

The size-5 triangle, apex at the top::

            a1
          a2  b2
        a3  b3  c3
      a4  b4  c4  d4
    a5  b5  c5  d5  e5

Sides: left = position a of every row, right = the last cell of every row,
bottom = row 5.  a1, a5 and e5 are corners (two sides each).  Cell (row r,
position i) touches (r, i±1), (r-1, i-1), (r-1, i), (r+1, i), (r+1, i+1).
"""

from __future__ import annotations

import pytest

from boardgen.engine.base import Piece
from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.trihex.rules import TrihexState

OFF = {"swap": "off"}


def play(moves: str, size: int = 5, variants: dict[str, str] | None = None) -> TrihexState:
    return TrihexState.initial(size, variants).play(*moves.split())


def code_of(state: TrihexState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.parse_move(text)
    return info.value.code


def test_start_position_lists_every_cell_and_black_moves_first() -> None:
    state = TrihexState.initial(5)
    assert state.to_text() == "1/2/3/4/5 b swap"
    assert state.to_move == 0
    texts = [m.text for m in state.legal_moves()]
    assert texts == ["a1", "a2", "b2", "a3", "b3", "c3", "a4", "b4", "c4", "d4", "a5", "b5", "c5", "d5", "e5"]
    assert TrihexState.initial().size == 11
    assert len(TrihexState.initial().legal_moves()) == 66


def test_placement_and_occupied_and_off_board() -> None:
    state = play("b3")
    assert state.to_text() == "1/2/1b1/4/5 w swap"
    assert state.placements() == [("b3", Piece(0, "stone"))]
    assert len(state.legal_moves()) == 15  # 14 empty cells + swap
    assert code_of(state, "b3") == "occupied"
    assert "black stone" in state.why_illegal("b3")[0]
    assert code_of(state, "c2") == "off-board"  # row 2 has only a2 and b2
    assert code_of(state, "f5") == "off-board"
    assert code_of(state, "a6") == "off-board"
    assert code_of(state, "3b") == "notation"


def test_black_wins_down_the_left_side_from_corner_to_corner() -> None:
    # a1 (left + right) ... a5 (left + bottom): only corners reach the right and the bottom.
    state = play("a1 c3 a2 d4 a3 c5 a4 d5")
    assert state.outcome() is None  # a1..a4 touches left and right, not the bottom
    won = state.play("a5")
    assert won.outcome() is not None and won.outcome().winner == 0
    assert won.outcome().reason == "black joined all three sides"
    assert won.to_text() == "b/b1/b1w/b2w/b1ww1 w -"
    assert won.to_move is None and won.legal_moves() == []


def test_black_wins_with_a_y_shape_that_uses_no_corner() -> None:
    state = play("a3 d4 b3 d5 c3 e5 b4 a5")
    # White d4 d5 e5 touches right and bottom; white a5 is alone: no white win.
    assert state.outcome() is None
    won = state.play("b5")
    assert won.outcome() is not None and won.outcome().winner == 0


def test_cells_down_and_left_are_not_neighbours() -> None:
    # b2 (right side) and a3 are not adjacent: b2 a3 a4 a5 is two groups.
    state = play("b2 c3 a3 d4 a4 c5 a5 e5")
    assert state.outcome() is None
    won = state.play("a2")  # a2 touches b2 and a3: now one group on all three sides
    assert won.outcome() is not None and won.outcome().winner == 0


def test_white_wins_down_the_right_side() -> None:
    state = play("a2 a1 a3 b2 a4 c3 b5 d4 c5")
    assert state.outcome() is None  # black a2 a3 a4 b5 c5: left and bottom only
    won = state.play("e5")
    assert won.outcome() is not None and won.outcome().winner == 1
    assert won.outcome().reason == "white joined all three sides"


def test_the_smallest_board_is_won_by_any_two_stones() -> None:
    # Size 2: a1, a2, b2 all touch each other and any two of them cover the three sides.
    for first, second in (("a1", "a2"), ("a1", "b2"), ("a2", "b2")):
        third = ({"a1", "a2", "b2"} - {first, second}).pop()
        state = play(f"{first} {third} {second}", size=2, variants=OFF)
        assert state.outcome() is not None and state.outcome().winner == 0


def test_swap_turns_the_first_stone_white_where_it_stands() -> None:
    state = play("b3")
    swap = state.parse_move("SWAP")
    assert (swap.text, swap.kind, swap.path, swap.captures) == ("swap", "swap", ("b3",), ("b3",))
    after = state.apply(swap)
    assert after.to_text() == "1/2/1w1/4/5 b -"
    assert after.to_move == 0
    assert after.placements() == [("b3", Piece(1, "stone"))]
    assert code_of(after.play("a1"), "swap") == "no-swap"
    assert code_of(TrihexState.initial(5), "swap") == "no-swap"
    assert "after black's first stone" in TrihexState.initial(5).why_illegal("swap")[0]


def test_swap_off() -> None:
    state = play("b3", variants=OFF)
    assert state.to_text() == "1/2/1b1/4/5 w -"
    assert "swap" not in [m.text for m in state.legal_moves()]
    assert code_of(state, "swap") == "no-swap"


def test_perft_on_the_smallest_board_matches_a_hand_count() -> None:
    # Swap on: 3; 3 * (2 + swap) = 9; black's second stone always wins (6 sequences),
    # after a swap black has 2 cells (6); then only swapped lines go on, white's second stone wins (6).
    # A game that is over adds nothing deeper (perft counts sequences of exactly d moves): swap off,
    # every game ends at ply 3, so there is no sequence of 4.
    assert [perft(TrihexState.initial(2), d) for d in (1, 2, 3, 4, 5)] == [3, 9, 12, 6, 0]
    assert [perft(TrihexState.initial(2, OFF), d) for d in (1, 2, 3, 4)] == [3, 6, 6, 0]


def test_game_over_refuses_every_move() -> None:
    won = play("a1 c3 a2 d4 a3 c5 a4 d5 a5")
    assert code_of(won, "e5") == "game-over"
    assert "black joined all three sides" in won.why_illegal("e5")[0]


@pytest.mark.parametrize(
    "text",
    ["1/2/3/4/5 b swap", "1/2/1b1/4/5 w swap", "1/2/1w1/4/5 b -", "b/b1/b1w/b2w/b1ww1 w -", "w/2/3 b -", "w/b1/3 w -"],
)
def test_position_texts_round_trip(text: str) -> None:
    assert TrihexState.from_text(text).to_text() == text


def test_position_text_input_is_forgiving_but_output_is_canonical() -> None:
    assert TrihexState.from_text("1/2/1B1/4/5 W").to_text() == "1/2/1b1/4/5 w swap"
    assert TrihexState.from_text("1/2/1B1/4/5 W", OFF).to_text() == "1/2/1b1/4/5 w -"
    big = "/".join(str(k) for k in range(1, 27)) + " b swap"
    assert TrihexState.from_text(big).size == 26


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1/2/3/4/4 b -", "row 5 has 4 cells, expected 5"),
        ("1/3/3 b -", "row 2 has 3 cells, expected 2"),
        ("1/2/3 r -", "side to move must be b or w"),
        ("1/2/1x1 b -", "row 3: unexpected 'x'"),
        ("1 b -", "expected from 2 to 26 rows separated by '/', got 1"),
    ],
)
def test_malformed_position_texts_say_where(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        TrihexState.from_text(text)
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("text", "variants", "words"),
    [
        ("b/2/3/4/5 b -", None, "1 black stone and 0 white stones with black to move cannot arise"),
        ("w/2/3/4/5 b -", OFF, "the swap rule is off"),
        ("w/2/3/4/5 w -", None, "cannot arise"),
        ("b/1w/3/4/5 w swap", None, "swap can still come only before white's first move"),
        ("b/b1/b1w/b2w/b1www b -", None, "black has already won, so white must be written as the side to move"),
        ("b/bb/bbw/bbww/bbwww/bbwwww w -", None, "complete before its last stone"),
    ],
)
def test_impossible_positions_are_refused(text: str, variants: dict[str, str] | None, words: str) -> None:
    with pytest.raises(PositionError) as info:
        TrihexState.from_text(text, variants)
    assert words in str(info.value)
