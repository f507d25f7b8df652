"""Board figures: whole-process time of ``boardgen board`` and in-process drawing time.

Prints its figures; it is not a test.  Targets (issue 2, 2-core machine):
``boardgen board hex --size 26 --format pdf`` under 0.5 s as a whole process
(Python start-up shown beside it), and one 26 x 26 board drawn in process in
under 50 ms by each renderer.

    .venv/bin/python bench/bench_boards.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def best_of(runs: int, action) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def row(label: str, times: tuple[float, float], digits: int, target: str = "") -> None:
    """One aligned line: best and median in milliseconds, and the target if there is one."""
    best, median = (t * 1000 for t in times)
    print(f"  {label:<48}{best:7.{digits}f} ms / {median:5.{digits}f} ms   {target}".rstrip())


def process_times() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = str(Path(folder) / "hex26.pdf")
        python = best_of(5, lambda: subprocess.run([sys.executable, "-c", "pass"], check=True))
        bare = best_of(5, lambda: subprocess.run([sys.executable, "-c", "import boardgen.cli"], check=True))
        board = best_of(5, lambda: subprocess.run([sys.executable, "-m", "boardgen", "board", "hex", "--size", "26", "--format", "pdf", "-o", out], check=True, capture_output=True))
    print("whole process (best / median of 5):")
    row("python -c pass", python, 0)
    row("python -c 'import boardgen.cli'", bare, 0)
    row("boardgen board hex --size 26 --format pdf", board, 0, "(target < 500 ms)")


def in_process_times() -> None:
    from boardgen.boards.base import BoardOptions
    from boardgen.drawing.pdf import render_pdf
    from boardgen.drawing.svg import render_svg
    from boardgen.games.hex.board import HexBoard
    from boardgen.sheets.paper import parse_paper
    from boardgen.sheets.single import board_sheet

    paper = parse_paper("a3")
    sheet = board_sheet(HexBoard(26), paper, BoardOptions())
    render_pdf(sheet), render_svg(sheet)  # warm the font caches
    from boardgen.drawing.frame import Frame

    drawing = best_of(5, lambda: HexBoard(26).draw(Frame(8.0), BoardOptions()))
    layout = best_of(5, lambda: board_sheet(HexBoard(26), paper, BoardOptions()))
    svg = best_of(5, lambda: render_svg(sheet))
    pdf = best_of(5, lambda: render_pdf(sheet))
    print("in process, 26 x 26 Hex on A3 (best / median of 5):")
    row("board drawing model, once", drawing, 1)
    row("sheet layout (fit: several drawings)", layout, 1)
    row("SVG renderer", svg, 1, "(target < 50 ms)")
    row("PDF renderer", pdf, 1, "(target < 50 ms)")


if __name__ == "__main__":
    process_times()
    in_process_times()
