"""The Nyout drawing: horses of four seats told apart in grey, stacks and trays drawn with their counts."""

from __future__ import annotations

from boardgen.boards.base import BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Text
from boardgen.engine.base import Piece
from boardgen.games.nyout.board import NyoutBoard, seat_fill
from boardgen.games.nyout.rules import NyoutState


def test_the_four_seats_differ_in_grey() -> None:
    """Each pair of seats at least 15 L* apart (the project's measure of "clearly" in grey)."""
    tones = [palette.lightness(seat_fill(seat)) for seat in range(4)]
    assert all(abs(a - b) >= 15 for i, a in enumerate(tones) for b in tones[i + 1 :]), tones
    # partners keep a light and a dark side: a and c lighter than b and d
    assert min(tones[0], tones[2]) > max(tones[1], tones[3])


def test_seat_colours_come_from_the_palette() -> None:
    with palette.using(palette.DEFAULT.replace(seat_2_piece="#123456", seat_3_piece="#654321")):
        assert (seat_fill(2), seat_fill(3)) == ("#123456", "#654321")


def test_a_stack_is_drawn_as_its_discs_with_the_count() -> None:
    board, frame = NyoutBoard(), Frame(10.0, (100.0, 100.0))
    drawn = board.draw_pieces(frame, [("o05", Piece(0, "horse", 2)), ("o05", Piece(2, "horse", 1))], BoardOptions())
    discs = [s for s, _ in drawn.walk() if isinstance(s, Circle)]
    numbers = [s.text for s, _ in drawn.walk() if isinstance(s, Text)]
    assert len(discs) == 3 and numbers == ["3"]
    assert {s.style.fill for s in discs} == {seat_fill(0), seat_fill(2)}


def test_trays_show_one_disc_a_seat_with_its_count() -> None:
    state = NyoutState.from_text("o07=a off=b a throws kel", {})
    drawn = NyoutBoard().draw_pieces(Frame(10.0, (100.0, 100.0)), state.placements(), BoardOptions())
    numbers = sorted(s.text for s, _ in drawn.walk() if isinstance(s, Text))
    assert numbers == ["3", "3"]  # a has 3 waiting, b has 3 waiting; the single horses carry no number
    discs = [s for s, _ in drawn.walk() if isinstance(s, Circle)]
    assert len(discs) == 4  # o07, the start tray's two seats, b's horse off


def test_the_direction_marks_are_start_marks_and_the_exit_is_kept() -> None:
    board, frame = NyoutBoard(), Frame(10.0, (100.0, 100.0))
    printed = board.draw_board(frame, BoardOptions())
    diagram = board.draw_board(frame, BoardOptions(start_marks=False))
    assert printed.find("direction") and not diagram.find("direction")
    assert printed.find("entry-exit") and diagram.find("entry-exit")
    assert "entry-exit" in board.kept_marks


def test_each_throw_in_hand_gets_four_sticks_and_its_name() -> None:
    state = NyoutState.from_text("o05=a a throws kel mo", {})
    throw = state.current_throw
    assert throw is not None
    drawn = NyoutBoard().draw_throw(Frame(6.0, (0.0, 0.0)), throw, BoardOptions())
    assert drawn is not None
    marked, plain = drawn.find("stick-marked"), drawn.find("stick-plain")
    assert len(marked) == 3 and len(plain) == 5  # kel: three marked sides up; mo: none
    assert [s.text for s, _ in drawn.walk() if isinstance(s, Text)] == ["kel", "mo"]


def test_a_refused_move_is_drawn_along_the_lines() -> None:
    board = NyoutBoard()
    assert board.refused_path("kel:o03-w1", ("o03", "w1"), frozenset()) == ("o03", "o04", "o05", "w1")
    assert board.refused_path("kai:o18-off", ("o18", "off"), frozenset()) == ("o18", "o19", "o20", "off")
