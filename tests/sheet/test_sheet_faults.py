"""Single-board and pen-and-paper sheets: nothing inside the 6 mm margin, no text over text.

The same checks as the tiled posters' (tests/sheet/test_tile_faults.py), on
the other two kinds of sheet, for every game on A4, Letter and A5-sized paper
(148 x 210 mm, where the calibration bar and the printing note no longer fit
side by side), with and without crop marks.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.drawing.bounds import Box, visible_boxes
from boardgen.drawing.model import Group, Sheet, Text
from boardgen.drawing.pdf import render_pdf_pages
from boardgen.registry import all_games
from boardgen.sheets.paper import MARGIN_MM, parse_paper
from boardgen.sheets.pen import pen_sheet
from boardgen.sheets.single import board_sheet

from ..conftest import require_tool, run_boardgen
from ..raster_kit import pdf_pages
from .measure import ink_box_mm

BOARDS = [g for g in all_games() if g.has_board()]
PAPERS = ("a4", "letter", "148x210")


def _intersect(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _faults(sheet: Sheet) -> list[str]:
    """Ink inside the margin, and pairs of text lines that overlap, from the drawing model."""
    problems = []
    texts = []
    for shape, box, roles in visible_boxes(sheet.content):
        if box[0] < MARGIN_MM - 1e-6 or box[1] < MARGIN_MM - 1e-6 or box[2] > sheet.width - MARGIN_MM + 1e-6 or box[3] > sheet.height - MARGIN_MM + 1e-6:
            problems.append(f"in the margin: {'/'.join(roles)} {type(shape).__name__} {tuple(round(v, 2) for v in box)}")
        if isinstance(shape, Text):
            texts.append((shape.text, box))
    problems += [f"text over text: {a[0]!r} / {b[0]!r}" for a, b in combinations(texts, 2) if _intersect(a[1], b[1])]
    return problems


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_board_sheets_keep_their_margins_and_their_text_apart(game, paper):
    board = game.make_board(game.default_size)
    problems = []
    for options, cut_marks in ((BoardOptions(), False), (BoardOptions(ink="light"), True), (BoardOptions(setup=True), True)):
        for orientation in ("portrait", "landscape"):
            sheet = board_sheet(board, parse_paper(paper), options, orientation=orientation, cut_marks=cut_marks)
            problems += [f"{orientation} {options.ink} cut_marks={cut_marks}: {p}" for p in _faults(sheet)]
    assert problems == []


PEN_GAMES = [g for g in BOARDS if g.extra.get("pen_and_paper")]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", PEN_GAMES, ids=[g.id for g in PEN_GAMES])
def test_pen_sheets_keep_their_margins_and_their_text_apart(game, paper):
    board = game.make_board(game.default_size)
    problems = []
    for count in (1, 2, 4, 6):
        problems += [f"{count} boards: {p}" for p in _faults(pen_sheet(board, parse_paper(paper), BoardOptions(), count))]
    assert problems == []


def test_on_a5_the_printing_note_stands_clear_of_the_calibration_bar(tmp_path):
    """Raster: the footer's note and its bar printed alone, at 150 dpi, do not overlap, and neither reaches the margin."""
    require_tool("pdftoppm")
    sheet = board_sheet(BOARDS[0].make_board(BOARDS[0].default_size), parse_paper("148x210"), BoardOptions(), orientation="portrait")
    footer = sheet.content.find("footer")[0]
    parts = [footer.find("note")[0], footer.find("calibration")[0]]
    pdf = tmp_path / "footer.pdf"
    pdf.write_bytes(render_pdf_pages([Sheet(sheet.width, sheet.height, Group("only", [part])) for part in parts]))
    note, bar = (ink_box_mm(image, 150, (0, 0, sheet.width, sheet.height)) for image in pdf_pages(pdf, 150))
    assert not _intersect(note, bar), (note, bar)
    pixel = 25.4 / 150
    for box in (note, bar):
        assert box[0] >= MARGIN_MM - pixel and box[2] <= sheet.width - MARGIN_MM + pixel, box


@pytest.mark.parametrize("args", [["hex", "--paper", "100x120"], ["hex", "--paper", "120x180", "--orientation", "portrait"], ["trihex", "--per-sheet", "2", "--paper", "110x110"], ["brax", "--cell-mm", "30", "--tile", "--paper", "120x120"]])
def test_a_sheet_too_narrow_for_the_calibration_bar_is_refused(tmp_path, args):
    out = tmp_path / "x.pdf"
    result = run_boardgen("board", *args, "-o", str(out))
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "--paper" in result.stderr and "calibration bar" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_the_sheet_subject_reads_as_a_sentence(game):
    """The PDF's subject (what a file manager shows): no stray space before a colon on fixed boards, sizes named on sized ones."""
    board = game.make_board(game.default_size)
    subject = board_sheet(board, parse_paper("a4"), BoardOptions()).subject
    assert " :" not in subject and "  " not in subject, subject
    assert subject.startswith("Printable "), subject
    if board.size_label():
        assert f"board {board.size_label()}:" in subject, subject
