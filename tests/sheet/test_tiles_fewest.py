"""Tiling takes the fewest sheets; ``--sheets N`` gives the largest board on N sheets; the log says what A3 would take.

The planner is checked on shapes whose tilings can be counted by hand (a
rectangle, an equilateral triangle), with the same ``ink`` callback the real
boards use; the command line on real boards.
"""

from __future__ import annotations

import math
import re
import subprocess

import pytest
from pypdf import PdfReader

from boardgen.boards.base import BoardOptions
from boardgen.registry import get_game
from boardgen.sheets import tile_plan
from boardgen.sheets.paper import larger_paper, parse_paper
from boardgen.sheets.tiles import SHEETS_STEP, largest_on_sheets, plan_tiles, sheets_needed

from ..conftest import run_boardgen

A4 = parse_paper("a4")
# A4 windows (inside the 6 mm margins, below the 10 mm label and above the 4 mm note):
# portrait 198 x 271 mm, landscape 285 x 184 mm; neighbours overlap by 10 mm.


def _clip(polygon: list[tuple[float, float]], box: tuple[float, float, float, float]):
    """The bounding box of ``polygon`` cut to ``box`` (Sutherland-Hodgman), None if nothing of it is inside."""
    x0, y0, x1, y1 = box
    points = list(polygon)
    edges = (
        (lambda p: p[0] >= x0, lambda a, b: (x0, a[1] + (b[1] - a[1]) * (x0 - a[0]) / (b[0] - a[0]))),
        (lambda p: p[0] <= x1, lambda a, b: (x1, a[1] + (b[1] - a[1]) * (x1 - a[0]) / (b[0] - a[0]))),
        (lambda p: p[1] >= y0, lambda a, b: (a[0] + (b[0] - a[0]) * (y0 - a[1]) / (b[1] - a[1]), y0)),
        (lambda p: p[1] <= y1, lambda a, b: (a[0] + (b[0] - a[0]) * (y1 - a[1]) / (b[1] - a[1]), y1)),
    )
    for inside, cross in edges:
        kept = []
        for k, p in enumerate(points):
            q = points[k - 1]
            if inside(p):
                if not inside(q):
                    kept.append(cross(q, p))
                kept.append(p)
            elif inside(q):
                kept.append(cross(q, p))
        points = kept
        if not points:
            return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if max(xs) - min(xs) < 1e-9 and max(ys) - min(ys) < 1e-9:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def _ink(polygon):
    """The planner's callback for a board whose ink fills ``polygon``: any ink and the board's own are the same."""

    def ink(window, enough):
        seen = _clip(polygon, window)
        return seen, seen

    return ink


def test_the_other_orientation_when_it_takes_fewer_sheets():
    """A 280 x 430 mm board: portrait takes 2 columns (280 > 198) by 2 rows (271 + 261 = 532 >= 430) = 4 sheets;
    landscape 1 column (280 <= 285) by 3 rows (184 + 174 = 358 < 430; + 174 = 532) = 3 sheets."""
    rectangle = [(0.0, 0.0), (280.0, 0.0), (280.0, 430.0), (0.0, 430.0)]
    layout = plan_tiles(280.0, 430.0, A4, 10.0, _ink(rectangle))
    assert (layout.sheet_width, layout.columns, layout.rows, len(layout.tiles)) == (297.0, 1, 3, 3)


def _per_row(layout) -> list[int]:
    return [sum(t.row == r for t in layout.tiles) for r in range(layout.rows)]


def test_a_grid_one_column_wider_when_it_leaves_more_of_its_places_blank(monkeypatch):
    """An equilateral triangle 760 mm wide (658 mm tall), apex up, on A4 portrait.  The fewest windows that
    cover it are 4 columns (198 + 3 x 188 = 762) by 3 rows (271 + 2 x 261 = 793): the middle seam splits the apex,
    so the rows print 2 + 4 + 4 = 10 sheets.  Five columns, centred, put the apex in the middle window alone:
    1 + 3 + 5 = 9 sheets."""
    width = 760.0
    height = width * math.sqrt(3) / 2
    triangle = [(width / 2, 0.0), (width, height), (0.0, height)]
    chosen = plan_tiles(width, height, A4, 10.0, _ink(triangle))
    assert (chosen.sheet_width, chosen.columns, chosen.rows) == (210.0, 5, 3)
    assert _per_row(chosen) == [1, 3, 5] and len(chosen.tiles) == 9
    monkeypatch.setattr(tile_plan, "EXTRA_GRIDS", ((0, 0),))  # only the fewest windows, as tiling did before
    naive = plan_tiles(width, height, A4, 10.0, _ink(triangle))
    assert (naive.columns, naive.rows, _per_row(naive)) == (4, 3, [2, 4, 4])


@pytest.mark.parametrize("game, paper, count", [("hex", "a4", 4), ("ringo", "letter", 6)])
def test_sheets_gives_the_largest_board_that_fits_that_many(game, paper, count):
    """At the scale chosen the board takes at most N sheets; one step (0.1 mm) bigger it takes more."""
    info = get_game(game)
    board, chosen_paper = info.make_board(info.default_size), parse_paper(paper)
    scale = largest_on_sheets(board, chosen_paper, BoardOptions(), count, 10.0)
    assert sheets_needed(board, chosen_paper, BoardOptions(), scale, 10.0) <= count
    bigger = sheets_needed(board, chosen_paper, BoardOptions(), round(scale + SHEETS_STEP, 6), 10.0)
    assert bigger is None or bigger > count
    assert sheets_needed(board, chosen_paper, BoardOptions(), scale, 10.0) > 1  # a poster, not one sheet


def test_sheets_from_the_command_line_says_the_size_and_makes_that_poster(tmp_path):
    pdf = tmp_path / "p.pdf"
    result = run_boardgen("board", "hex", "--tile", "--sheets", "4", "--paper", "a4", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    stated = re.search(r"the largest board on 4 sheets of A4: cell (\d+\.\d) mm", result.stdout)
    assert stated, result.stdout
    assert len(PdfReader(pdf).pages) - 1 <= 4
    text = " ".join(subprocess.run(["pdftotext", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    assert f"Cell {stated.group(1)} mm · board" in text


def test_the_log_and_the_assembly_page_say_what_the_next_paper_up_would_take(tmp_path):
    """"this poster uses 6 sheets of A4 ...; on A3 it would use M", M being what the A3 poster really takes."""
    a4, a3 = tmp_path / "a4.pdf", tmp_path / "a3.pdf"
    result = run_boardgen("board", "hex", "--cell-mm", "30", "--tile", "--paper", "a4", "-o", str(a4))
    assert result.returncode == 0, result.stderr
    match = re.search(r"this poster uses (\d+) sheets of A4 for its tiles, plus an assembly page; on A3 it would use (\d+)", result.stdout)
    assert match, result.stdout
    assert int(match.group(1)) == len(PdfReader(a4).pages) - 1
    assert run_boardgen("board", "hex", "--cell-mm", "30", "--tile", "--paper", "a3", "-o", str(a3)).returncode == 0
    assert int(match.group(2)) == len(PdfReader(a3).pages) - 1 >= 2
    first = " ".join(subprocess.run(["pdftotext", "-l", "1", str(a4), "-"], capture_output=True, text=True, check=True).stdout.split())
    assert f"on A3: {match.group(2)} sheets" in first and f"em A3: {match.group(2)} folhas" in first


def test_the_next_paper_up():
    assert [larger_paper(parse_paper(p)).name for p in ("a4", "letter", "a3", "a1")] == ["a3", "a3", "a2", "a0"]
    assert larger_paper(parse_paper("a0")) is None


BAD = [
    (["--sheets", "4"], "--sheets", "only applies with --tile"),
    (["--tile", "--sheets", "4", "--cell-mm", "20"], "--sheets", "without --cell-mm"),
    (["--tile", "--sheets", "0"], "--sheets", "from 1 to 100"),
    (["--tile", "--sheets", "many"], "--sheets", "whole number"),
]


@pytest.mark.parametrize("args, option, words", BAD, ids=[" ".join(a) for a, _, _ in BAD])
def test_bad_sheets_options(tmp_path, args, option, words):
    result = run_boardgen("board", "hex", *args, "--paper", "a4", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and option in result.stderr and words in result.stderr, result.stderr
    assert not (tmp_path / "x.pdf").exists()
