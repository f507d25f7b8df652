"""The prologue every engine shares: move-text normalising, the finished game's answer, the position-text field readers.

A toy engine (a counter race on one row of three points) writes only its
rules and gets the rest from :class:`~boardgen.engine.base.GameState` and
:mod:`boardgen.engine.position_text`; the registered engines are held to the
same answers, so no engine keeps a copy of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.engine.position_text import counts_in_words, read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.errors import IllegalMoveError, NotationError
from boardgen.registry import all_games

POINTS = ("a1", "b1", "c1")


class ToyState(GameState):
    """``X2 w 0``: a stone of each side somewhere on a1..c1; a move puts the mover's stone on an empty point.

    The game is over when the counter (moves made) reaches 2: the side that made the last move wins.
    """

    game_id = "toy"

    def __init__(self, row: tuple[str | None, ...], side: int, moves: int) -> None:
        self.row, self.side, self.moves = row, side, moves

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "ToyState":
        return cls((None, None, None), 0, 0)

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "ToyState":
        board, side_text, moves_text = split_fields(text, 3, "'<row> <side> <moves>'")
        (row,) = parse_rows(split_rows(board, 1), ["row 1"], [3], {"X": "X", "O": "O"}, None, names=[POINTS])
        side = read_choice(side_text, (("w", "White"), ("b", "Black")), "side to move")
        return cls(tuple(row), side, read_counter(moves_text, "the move counter", high=2))

    def to_text(self) -> str:
        return f"{write_rows([self.row])} {'wb'[self.side]} {self.moves}"

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self.side

    def generate_moves(self) -> list[Move]:
        return [Move(name, (name,), kind="place") for name, stone in zip(POINTS, self.row) if stone is None]

    def compute_outcome(self) -> Outcome | None:
        return Outcome(1 - self.side, "two moves made") if self.moves >= 2 else None

    def apply(self, move: Move) -> "ToyState":
        row = tuple("XO"[self.side] if name == move.text else stone for name, stone in zip(POINTS, self.row))
        return ToyState(row, 1 - self.side, self.moves + 1)

    def placements(self) -> list[tuple[str, Piece]]:
        return [(name, Piece("XO".index(stone))) for name, stone in zip(POINTS, self.row) if stone]


class CaseFreeToy(ToyState):
    MOVE_TEXT_IGNORES_CASE = True


class SpaceFreeToy(CaseFreeToy):
    MOVE_TEXT_IGNORES_SPACES = True

    def canonical_move_text(self, text: str) -> str:
        return text.removeprefix("@")  # the game's own other spelling: "@b1" for "b1"

    def read_other_spelling(self, wanted: str, moves, text: str) -> Move | None:  # type: ignore[no-untyped-def]
        if wanted == "first":  # another spelling of the first empty point
            return moves[0] if moves else None
        return None

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        if text in POINTS:
            return (f"{text}: the point is taken", "occupied")
        return super().why_illegal_in_play(text)


# -- move text ------------------------------------------------------------------------------
def test_move_text_keeps_its_case_by_default_and_loses_its_outer_spaces() -> None:
    state = ToyState.initial()
    assert state.normalize_move_text("  B1 ") == "B1"
    assert state.parse_move(" b1 ").text == "b1"
    with pytest.raises(IllegalMoveError) as refused:
        state.parse_move("B1")
    assert (str(refused.value), refused.value.code) == ("B1: not a legal move in this position", "illegal")


def test_a_case_free_game_lowers_the_text_and_a_space_free_one_drops_inner_spaces_too() -> None:
    assert CaseFreeToy.initial().normalize_move_text(" B1 ") == "b1"
    assert CaseFreeToy.initial().normalize_move_text("b 1") == "b 1"
    assert SpaceFreeToy.initial().normalize_move_text(" @B 1 ") == "b1"
    assert SpaceFreeToy.initial().parse_move("@ C1").text == "c1"


def test_parse_move_tries_the_canonical_text_then_the_game_s_other_spellings_then_says_why_not() -> None:
    state = SpaceFreeToy.from_text("X2 b 1")
    assert state.parse_move(" FIRST ").text == "b1"
    with pytest.raises(IllegalMoveError) as refused:
        state.parse_move("A 1")
    assert (str(refused.value), refused.value.code) == ("a1: the point is taken", "occupied")
    with pytest.raises(IllegalMoveError, match=r"^first: the game is over \(two moves made\)$"):
        SpaceFreeToy.from_text("XO1 w 2").parse_move("first")


def test_a_finished_game_refuses_every_move_with_its_reason_before_the_game_s_own_hook() -> None:
    over = SpaceFreeToy.from_text("XO1 w 2")
    assert over.outcome() == Outcome(1, "two moves made")
    assert over.why_illegal("c1") == ("c1: the game is over (two moves made)", "game-over")
    assert over.why_illegal("a1") == ("a1: the game is over (two moves made)", "game-over")  # not "occupied"
    going = SpaceFreeToy.from_text("XO1 w 1")
    assert going.why_illegal("a1") == ("a1: the point is taken", "occupied")
    assert going.why_illegal("zz") == ("zz: not a legal move in this position", "illegal")


@pytest.mark.parametrize("game", [g for g in all_games() if g.engine is not None], ids=lambda g: g.id)
def test_no_engine_keeps_its_own_copy_of_the_shared_prologue(game) -> None:
    """Each engine's prologue is the base class's: only the hooks are overridden."""
    engine = game.load_engine()
    assert engine.why_illegal is GameState.why_illegal
    assert engine.normalize_move_text is GameState.normalize_move_text


# -- position text ------------------------------------------------------------------------
def test_the_toy_reads_and_writes_its_position() -> None:
    assert ToyState.from_text("1X1 b 1").to_text() == "1X1 b 1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 w", "position: expected 3 fields '<row> <side> <moves>', got 2 in '3 w'"),
        ("3 w 0 0", "position: expected 3 fields '<row> <side> <moves>', got 4 in '3 w 0 0'"),
        ("3/3 w 0", "position: expected 1 rows separated by '/', got 2"),
        ("2 w 0", "position: row 1 has 2 points, expected 3"),
        ("3 W 0", "position: side to move must be w (White) or b (Black), not 'W'"),
        ("3 w x", "position: the move counter must be a whole number from 0 to 2, not 'x'"),
        ("3 w 3", "position: the move counter must be a whole number from 0 to 2, not '3'"),
    ],
)
def test_the_shared_readers_word_every_fault_the_same_way(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=f"^{re.escape(message)}$"):
        ToyState.from_text(text)


def test_field_and_row_counts_in_words() -> None:
    assert [counts_in_words(c) for c in (3, (2, 3), (3, 2), (5, 7, 9), range(2, 27))] == [
        "3", "2 or 3", "2 or 3", "5, 7 or 9", "from 2 to 26",
    ]
    with pytest.raises(NotationError, match=r"^position: expected 4 or 5 fields 'A B C D \[E\]', got 1 in 'x'$"):
        split_fields("  x ", (4, 5), "'A B C D [E]'")
    assert split_fields(" a  b ", (2,), "'A B'") == ["a", "b"]


def test_a_long_text_is_quoted_short() -> None:
    with pytest.raises(NotationError) as info:
        split_fields("1" * 5000, 2, "'A B'")
    assert str(info.value).endswith("(5,000 characters)") and len(str(info.value)) < 200


def test_split_rows_names_the_unit_and_the_order() -> None:
    assert split_rows("9/9", 2, "ranks") == ["9", "9"]
    with pytest.raises(NotationError, match=re.escape("position: expected 7 parts separated by '/' (the citadel first), got 1")):
        split_rows("8", 7, "parts", "the citadel first")


def test_read_choice_gives_the_index_and_lists_the_choices() -> None:
    choices = (("-", "none"), ("!", "pending"))
    assert read_choice("!", choices, "call") == 1
    assert read_choice("S", (("s", None), ("n", None)), "side", ignore_case=True) == 0
    with pytest.raises(NotationError, match=re.escape("position: side must be s or n, not 'S'")):
        read_choice("S", (("s", None), ("n", None)), "side")
    with pytest.raises(NotationError, match=re.escape("position: call must be - (none) or ! (pending), not '?'")):
        read_choice("?", choices, "call")
    three = (("p", "pawns"), ("o", "officers"), ("s", "setup"))
    with pytest.raises(NotationError, match=re.escape("must be p (pawns), o (officers) or s (setup), not 'x'")):
        read_choice("x", three, "side to move")


def test_read_counter_reads_ascii_digits_only() -> None:
    assert read_counter("0", "c") == 0 and read_counter("17", "c") == 17
    for bad in ("-1", "٣", "1.5", ""):
        with pytest.raises(NotationError, match="^position: c must be a whole number from 0 up, not "):
            read_counter(bad, "c")


def test_the_module_examples_run() -> None:
    import doctest

    import boardgen.engine.position_text as position_text

    assert doctest.testmod(position_text).failed == 0
