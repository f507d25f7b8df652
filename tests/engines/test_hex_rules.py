"""Hand-checked Hex positions: placement, wins (including through corner cells), swap, notation, impossible positions.

Board pictures in the comments show row 1 at the top, each row shifted half a
cell right of the one above (as on the printed board); ``R`` red, ``B`` blue.
Cell (c, r) touches (c±1, r), (c, r±1), (c+1, r-1) and (c-1, r+1).
"""

from __future__ import annotations

import pytest

from boardgen.engine.base import Move, Piece
from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, OptionError, PositionError
from boardgen.games.hex.rules import HexState

OFF = {"swap": "off"}


def play(moves: str, size: int = 5, variants: dict[str, str] | None = None) -> HexState:
    return HexState.initial(size, variants).play(*moves.split())


def code_of(state: HexState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.parse_move(text)
    return info.value.code


def test_start_position_lists_every_cell_and_red_moves_first() -> None:
    state = HexState.initial(5)
    assert state.to_text() == "5/5/5/5/5 r swap"
    assert state.to_move == 0 and state.outcome() is None
    texts = [m.text for m in state.legal_moves()]
    assert len(texts) == 25 and texts[0] == "a1" and texts[-1] == "e5"
    assert "swap" not in texts  # the swap comes after the first stone
    assert HexState.initial().size == 11
    assert HexState.initial(5, OFF).to_text() == "5/5/5/5/5 r -"


def test_placement_puts_a_stone_and_passes_the_turn() -> None:
    start = HexState.initial(5)
    after = start.apply(start.parse_move("C3"))  # any case is accepted
    assert after.to_text() == "5/5/2r2/5/5 b swap"
    assert start.to_text() == "5/5/5/5/5 r swap"  # apply does not change the original
    assert after.to_move == 1
    assert after.placements() == [("c3", Piece(0, "stone"))]
    move = after.parse_move("b2")
    assert (move.text, move.path, move.captures, move.kind) == ("b2", ("b2",), (), "place")
    texts = [m.text for m in after.legal_moves()]
    assert "c3" not in texts and len(texts) == 25  # 24 empty cells + swap
    # A move written by hand (no engine key) or taken from another board size applies too.
    assert start.apply(Move("c3")).to_text() == after.to_text()
    assert start.apply(HexState.initial(11).parse_move("c3")).to_text() == after.to_text()
    with pytest.raises(IllegalMoveError):
        start.apply(HexState.initial(11).parse_move("k11"))


def test_occupied_and_off_board_cells_are_refused_with_their_codes() -> None:
    state = play("c3 b2")
    assert code_of(state, "c3") == "occupied"
    assert code_of(state, "b2") == "occupied"
    assert "blue stone" in state.why_illegal("b2")[0]
    assert code_of(state, "f1") == "off-board"
    assert code_of(state, "a6") == "off-board"
    assert code_of(state, "hello") == "notation"
    assert code_of(state, "a0") == "notation"


def test_red_wins_down_the_short_diagonal_through_two_corners() -> None:
    # Red e1 d2 c3 b4 a5: each stone touches the next at (c-1, r+1); e1 and a5 are corners.
    state = play("e1 a1 d2 a2 c3 a3 b4 a4")
    assert state.outcome() is None
    won = state.play("a5")
    assert won.outcome() is not None
    assert won.outcome().winner == 0
    assert won.outcome().reason == "red joined rows 1 and 5"
    assert won.to_move is None and won.legal_moves() == []
    # Blue's column a1..a4 touches column a only: no win for blue.


def test_the_long_diagonal_is_not_a_chain() -> None:
    # (c, r) and (c+1, r+1) are not neighbours: a1 b2 c3 d4 e5 joins nothing.
    state = play("a1 a2 b2 a3 c3 a4 d4 b5 e5")
    assert state.outcome() is None
    assert state.to_move == 1


def test_blue_wins_along_a_row_and_through_corner_cells() -> None:
    # Blue fills row 5 from the corner a5 to the corner e5.
    state = play("a1 a5 b1 b5 c1 c5 d1 d5 a3")
    assert state.outcome() is None
    won = state.play("e5")
    assert won.outcome() is not None and won.outcome().winner == 1
    assert won.outcome().reason == "blue joined columns a and e"
    assert won.to_text() == "rrrr1/5/r4/5/bbbbb r -"


def test_a_corner_cell_belongs_to_both_edges_on_the_smallest_board() -> None:
    # 2 x 2: a1 is on row 1 and column a, a2 on row 2 and column a; a1-a2 joins red's rows.
    red = play("a1 b1 a2", size=2, variants=OFF)
    assert red.outcome() is not None and red.outcome().winner == 0
    assert red.outcome().reason == "red joined rows 1 and 2"
    # b1 (row 1, column b) next to a2 (row 2, column a): joins both pairs of edges,
    # so whoever owns that pair wins; here blue does, with columns a and b.
    blue = play("a1 b1 b2 a2", size=2, variants=OFF)
    assert blue.outcome() is not None and blue.outcome().winner == 1
    assert blue.outcome().reason == "blue joined columns a and b"


def test_swap_replaces_the_first_stone_by_its_mirror_image_for_blue() -> None:
    state = play("b1")
    assert [m.text for m in state.legal_moves()][-1] == "swap"
    swap = state.parse_move("swap")
    assert (swap.kind, swap.path, swap.captures) == ("swap", ("a2",), ("b1",))
    after = state.apply(swap)
    # b1 = (column b, row 1) mirrors to (column a, row 2): a blue stone on a2, red to move.
    assert after.to_text() == "5/b4/5/5/5 r -"
    assert after.to_move == 0
    assert after.placements() == [("a2", Piece(1, "stone"))]
    # The swap is gone for good once used (or declined).
    assert code_of(after.play("c3"), "swap") == "no-swap"
    assert code_of(play("b1 c3 d4"), "swap") == "no-swap"
    assert code_of(HexState.initial(5), "swap") == "no-swap"


def test_swapped_stone_counts_for_blue_and_blue_can_still_win() -> None:
    # Red a1, blue swaps (blue now on a1, which is in column a); blue then fills row 1.
    state = play("a1 swap c3 b1 c4 c1 c5 d1 d3")
    assert state.outcome() is None
    won = state.play("e1")
    assert won.outcome() is not None and won.outcome().winner == 1


def test_swap_off_never_offers_the_swap() -> None:
    state = play("c3", variants=OFF)
    assert state.to_text() == "5/5/2r2/5/5 b -"
    assert "swap" not in [m.text for m in state.legal_moves()]
    assert code_of(state, "swap") == "no-swap"
    assert "off" in state.why_illegal("swap")[0]


def test_perft_on_the_smallest_board_matches_a_hand_count() -> None:
    # 2 x 2, swap on: 4 first stones; 3 replies + swap = 16; the third stone never wins
    # (red would need two stones), and after a swap red has 3 cells left: 12*2 + 4*3 = 36.
    start = HexState.initial(2)
    assert [perft(start, d) for d in (1, 2, 3)] == [4, 16, 36]
    assert [perft(HexState.initial(2, OFF), d) for d in (1, 2, 3)] == [4, 12, 24]
    # 11 x 11 at depth 2: 121 * 120 placements + 121 swaps.
    assert perft(HexState.initial(11), 2) == 121 * 120 + 121


def test_game_over_refuses_every_move() -> None:
    won = play("e1 a1 d2 a2 c3 a3 b4 a4 a5")
    assert won.legal_moves() == []
    assert code_of(won, "e5") == "game-over"
    assert code_of(won, "swap") == "game-over"
    with pytest.raises(IllegalMoveError):
        won.apply(HexState.initial(5).parse_move("e5"))


@pytest.mark.parametrize(
    "text",
    [
        "5/5/5/5/5 r swap",
        "5/5/2r2/5/5 b swap",
        "5/1b3/2r2/5/5 r -",
        "5/b4/5/5/5 r -",
        "4r/bb3/5/2r2/5 b -",
        "rrrr1/5/r4/5/bbbbb r -",
        "26/" * 25 + "26 r swap",
    ],
)
def test_position_texts_round_trip(text: str) -> None:
    assert HexState.from_text(text).to_text() == text


def test_position_text_input_is_forgiving_but_output_is_canonical() -> None:
    assert HexState.from_text("  5/1B3/2R2/5/5   R  - ").to_text() == "5/1b3/2r2/5/5 r -"
    assert HexState.from_text("5/5/5/5/5 r").to_text() == "5/5/5/5/5 r swap"
    assert HexState.from_text("5/5/5/5/5 r", OFF).to_text() == "5/5/5/5/5 r -"
    assert HexState.from_text("r4/5/5/5/5 b").to_text() == "r4/5/5/5/5 b swap"
    assert HexState.from_text("r4/5/5/5/1b3 r").to_text() == "r4/5/5/5/1b3 r -"
    # A finished game reads back as finished.
    finished = HexState.from_text("rrrr1/5/r4/5/bbbbb r -")
    assert finished.outcome() is not None and finished.outcome().winner == 1
    assert finished.to_move is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("5/5/5/5 r", "row 1 has 5 cells, expected 4"),
        ("5/5/5/6/5 r -", "row 4 has 6 cells, expected 5"),
        ("5/5/5/4/5 r -", "row 4 has 4 cells, expected 5"),
        ("5/5/5/5/5 x -", "side to move"),
        ("5/5/5/5/5 r maybe", "swap field"),
        ("5/5/2q2/5/5 r -", "row 3: unexpected 'q'"),
        ("5/5/05/5/5 r -", "row 3"),
        ("5", "expected 2 or 3 fields 'ROWS SIDE [SWAP]', got 1 in '5'"),
        ("5 r - extra", "expected 2 or 3 fields 'ROWS SIDE [SWAP]', got 4"),
        ("1 r -", "expected from 2 to 26 rows separated by '/', got 1"),
        ("/".join(["27"] * 27) + " r -", "expected from 2 to 26 rows separated by '/', got 27"),
        ("5/5/5/5/5 r maybe", "swap field must be - (used or declined) or swap (still to come), not 'maybe'"),
    ],
)
def test_malformed_position_texts_say_where(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        HexState.from_text(text)
    assert str(info.value).startswith("position:")
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("text", "variants", "words"),
    [
        ("rr3/5/5/5/5 b -", None, "2 red stones and 0 blue stones with blue to move cannot arise"),
        ("r4/5/5/5/5 r -", None, "with red to move cannot arise"),
        ("5/5/5/5/5 b -", None, "0 red stones and 0 blue stones"),
        ("5/b4/5/5/5 r -", OFF, "the swap rule is off"),  # only a swap leaves blue ahead
        ("r4/5/5/5/5 b swap", OFF, "variant swap is off"),
        ("r4/1b3/5/5/5 r swap", None, "swap can still come only before blue's first move"),
        ("r4/r4/r4/r4/rbbbb r -", None, "cannot arise"),  # red has won: blue must be the side to move
        ("r4/r4/r4/rb3/rbbbb r -", None, "red has already won, so blue must be written as the side to move"),
        ("r1b1r/r1b1r/rbb1r/r1bbr/rbbbr b -", None, "complete before its last stone"),
    ],
)
def test_impossible_positions_are_refused(text: str, variants: dict[str, str] | None, words: str) -> None:
    with pytest.raises(PositionError) as info:
        HexState.from_text(text, variants)
    assert words in str(info.value)


def test_sizes_and_variants_are_checked() -> None:
    with pytest.raises(OptionError):
        HexState.initial(1)
    with pytest.raises(OptionError):
        HexState.initial(27)
    with pytest.raises(OptionError):
        HexState.initial(5, {"swap": "sometimes"})
