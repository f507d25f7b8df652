"""The grid of a pen-and-paper sheet is found by arithmetic: the same grid as trying every one, and a fast refusal.

``boardgen board hex --size 26 --per-sheet 36`` used to draw the board for
every grid and orientation (about 50 s) before it said that the boards do not
fit.  :func:`boardgen.sheets.pen.best_grid` now works from the extent the
board states, by arithmetic; these tests hold it to the exhaustive search
(every grid tried, the same order and rule), check that it draws nothing,
and time the refusal.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.cli import main
from boardgen.registry import get_game
from boardgen.sheets import pen
from boardgen.sheets.paper import parse_paper
from boardgen.sheets.single import available_area, largest_scale


def exhaustive_grid(board, options, paper, count, choices):
    """The search pen.py did before: every grid tried, the same order and the same rule for a better one."""
    best = None
    for landscape in choices:
        area = available_area(board, *paper.oriented(landscape))
        for rows in range(1, count + 1):
            columns = math.ceil(count / rows)
            cell_w = (area[2] - area[0] - (columns - 1) * pen.GUTTER) / columns
            cell_h = (area[3] - area[1] - (rows - 1) * pen.GUTTER) / rows
            scale = 0.0 if cell_w <= 0 or cell_h <= 0 else largest_scale(board, options, (0.0, 0.0, cell_w, cell_h))
            if scale > 0 and (best is None or scale > best[0] * 1.0001):
                best = (scale, landscape, rows, columns)
    return best if best is not None and best[0] >= 2.0 else None


def pen_options() -> BoardOptions:
    return replace(BoardOptions(), line_scale=pen.PEN_LINE_SCALE, setup=False)


CASES = [
    ("hex", 11, "a4", count, (False, True)) for count in (1, 2, 3, 4, 5, 6, 7, 9, 12)
] + [
    ("hex", 5, "a4", 36, (False, True)),
    ("hex", 19, "a3", 6, (False, True)),
    ("hex", 11, "a4", 4, (False,)),
    ("hex", 11, "148x400", 3, (False, True)),
    ("trihex", None, "letter", 6, (False, True)),
    ("trihex", 26, "a3", 2, (False, True)),
    ("hex", 9, "letter", 36, (False, True)),  # just fits: 2.13 mm a cell
    ("hex", 11, "a4", 36, (False, True)),  # does not fit (boards under 2 mm a cell): both say None
]


@pytest.mark.parametrize("game,size,paper,count,choices", CASES, ids=[f"{g}-{s}-{p}-{n}-{len(c)}" for g, s, p, n, c in CASES])
def test_the_grid_is_the_one_the_exhaustive_search_chose(game, size, paper, count, choices) -> None:
    board = get_game(game).make_board(size)
    options, sheet = pen_options(), parse_paper(paper)
    found = pen.best_grid(board, options, sheet, count, choices)
    assert found == exhaustive_grid(board, options, sheet, count, choices)
    if found is not None:
        assert found[2] * found[3] >= count and found[0] >= pen.MIN_SCALE


def _count_drawings(board, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The scale of every full drawing of ``board``'s class from now on."""
    drawn: list[float] = []
    original = type(board).draw

    def counting_draw(self, frame, options):
        drawn.append(frame.scale)
        return original(self, frame, options)

    monkeypatch.setattr(type(board), "draw", counting_draw)
    return drawn


def test_boards_that_do_not_fit_are_refused_without_a_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    board = get_game("hex").make_board(26)
    drawn = _count_drawings(board, monkeypatch)
    assert pen.best_grid(board, pen_options(), parse_paper("a4"), 36, (False, True)) is None
    assert drawn == []  # the stated extent answers: no drawing at all


def test_choosing_the_grid_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    board = get_game("hex").make_board(11)
    drawn = _count_drawings(board, monkeypatch)
    assert pen.best_grid(board, pen_options(), parse_paper("a4"), 12, (False, True)) is not None
    assert drawn == []  # 24 grids tried by arithmetic; the sheet draws the board once (tests/sheet/test_draw_count.py)


@pytest.mark.parametrize("game", ["hex", "trihex"])
def test_the_refusal_on_the_command_line_is_fast(capsys: pytest.CaptureFixture[str], tmp_path, game: str) -> None:
    out = tmp_path / "pen.pdf"
    start = time.monotonic()
    with pytest.raises(SystemExit) as info:
        main(["board", game, "--size", "26", "--per-sheet", "36", "--paper", "a4", "-o", str(out)])
    elapsed = time.monotonic() - start
    assert info.value.code == 2
    assert capsys.readouterr().err == f"boardgen: error: --per-sheet: 36 {game} boards do not fit on a4; use fewer or a larger --paper\n"
    assert not out.exists() and list(tmp_path.iterdir()) == []
    assert elapsed < 5.0, elapsed  # was about 50 s
