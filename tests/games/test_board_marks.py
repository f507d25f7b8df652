"""Kept marks against start marks, and unknown place names, on every game's board.

A board's kept marks (Assalto's fortress, Ringo's neutral zone) are part of the
board: they show whatever the options, on covers and in diagrams; start marks
go away when a drawing asks (diagrams of later positions) and under the start
position.  An unknown place name is a one-line BoardgenError naming the board.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from boardgen.boards.base import BoardOptions, UnknownPlace
from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.painter import Painter
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.problems import Problems
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Style
from boardgen.engine.base import Piece
from boardgen.errors import BoardgenError
from boardgen.registry import all_games

BOARDS = [g for g in all_games() if g.has_board()]
FRAME = Frame(8.0, (100.0, 100.0))
ALL_OPTIONS = [
    BoardOptions(coordinates=c, setup=s, centre_mark=m, start_marks=t, ink=i)
    for c, s, m, t, i in itertools.product((True, False), (True, False), (True, False), (True, False), ("full", "light"))
]


def board_of(game):
    return game.make_board(game.default_size)


def diagram(game, body: str = "numbers: off"):
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 1, problems)
    checked = check_diagram(spec, Defaults(game.id, game.default_size, game.resolve_variants({}, "variant")), problems)
    assert checked is not None, [p.message for p in problems.items]
    return checked


def test_the_games_with_marks_that_belong_to_the_board_declare_them():
    declared = {g.id: board_of(g).kept_marks for g in BOARDS}
    assert declared["assalto"] == ("fortress-area", "fortress-wall")
    assert declared["ringo"] == ("neutral-zone",)
    assert declared["seega"] == ("board-mark",)  # the centre cell
    assert declared["brax"] == ("start-marks",)  # its start diamonds are printed on the board
    assert declared["hex"] == () and declared["surakarta"] == ()  # Hex's centre dot is optional


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_kept_marks_show_whatever_the_options_and_start_marks_obey_them(game):
    board = board_of(game)
    for options in ALL_OPTIONS:
        drawing = board.draw(FRAME, options)
        for role in board.kept_marks:
            assert drawing.find(role), f"{game.id}: {role} missing with {options}"
        if not options.marks_start_points and "start-marks" not in board.kept_marks:
            assert not drawing.find("start-marks"), f"{game.id}: start marks drawn with {options}"
    if board.start_marks():
        assert board.draw(FRAME, BoardOptions()).find("start-marks")


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_kept_marks_stay_in_diagrams_and_start_marks_do_not(game):
    sheet = diagram_sheet(diagram(game), {"en": "d"})
    board = board_of(game)
    for role in board.kept_marks:
        assert sheet.content.find(role), f"{game.id} diagram lost its {role}"
    if "start-marks" not in board.kept_marks:
        assert not sheet.content.find("start-marks")


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_an_unknown_place_names_the_board_and_the_place(game):
    board = board_of(game)
    with pytest.raises(UnknownPlace) as raised:
        board.location("z99")
    message = str(raised.value)
    assert message.startswith(f"{game.id} ") and message.endswith("board has no " + board.place_word + " 'z99'")
    assert isinstance(raised.value, BoardgenError) and "\n" not in message
    with pytest.raises(BoardgenError, match="'z99'"):
        board.draw_piece(FRAME, "z99", Piece(0, "stone"), BoardOptions())
    with pytest.raises(BoardgenError, match="'z99'"):
        board.highlight_shape(FRAME, "z99", Style())
    with pytest.raises(BoardgenError, match="'z99'"):
        Painter(diagram(game), FRAME).at("z99")


def test_the_hex_message_reads_as_a_sentence():
    hex_game = next(g for g in BOARDS if g.id == "hex")
    with pytest.raises(UnknownPlace, match=r"^hex 11 × 11 board has no cell 'z9'$"):
        hex_game.load_board()(11).location("z9")
