"""Board figures: whole-process time of ``boardgen board``, CPU seconds of three board files, drawings per file.

Prints its figures; it is not a test.  Targets (issue 2, 2-core machine):
``boardgen board hex --size 26 --format pdf`` under 0.5 s as a whole process
(Python start-up shown beside it), and one 26 x 26 board drawn in process in
under 50 ms by each renderer.  Issue 26: the CPU seconds of a board sheet, a
tiled poster and a pen-and-paper sheet (user + system time of the process,
best of 3), and how many times each draws its board (one, since the sheets
are laid out from the extent the board states).

    .venv/bin/python bench/bench_boards.py
    PYTHONPATH=/some/older/checkout .venv/bin/python bench/bench_boards.py   # the same figures for another tree
"""

from __future__ import annotations

import os
import resource
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


#: the board files whose CPU time issue 26 asked for: a sheet, a poster, a pen-and-paper sheet
FILES = (
    ("board hex (A4)", ["board", "hex", "--paper", "a4"]),
    ("board hex --cell-mm 30 --tile (A4 poster)", ["board", "hex", "--cell-mm", "30", "--paper", "a4", "--tile"]),
    ("board hex --per-sheet 4 (A4 pen sheet)", ["board", "hex", "--per-sheet", "4", "--paper", "a4"]),
)


def cpu_seconds(args: list[str]) -> float:
    """User + system CPU seconds of one ``boardgen`` process (its children's rusage, before and after)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "boardgen", *args], check=True, capture_output=True, env=os.environ.copy())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def file_figures() -> None:
    """CPU seconds (best of 3) and board drawings of each file of :data:`FILES`."""
    from boardgen.boards.base import BoardDrawing
    from boardgen.cli import main

    print("board files (CPU seconds, best of 3; board drawings per file):")
    with tempfile.TemporaryDirectory() as folder:
        for label, args in FILES:
            out = ["-o", str(Path(folder) / "out.pdf")]
            cpu = min(cpu_seconds([*args, *out, "-q"]) for _ in range(3))
            count = [0]
            original = BoardDrawing.draw

            def counting(self, frame, options, original=original):
                count[0] += 1
                return original(self, frame, options)

            BoardDrawing.draw = counting  # type: ignore[method-assign]
            try:
                try:
                    main([*args, *out, "-q"])
                except SystemExit:
                    pass
            finally:
                BoardDrawing.draw = original  # type: ignore[method-assign]
            made = min(_sheets_cpu(args) for _ in range(5))
            print(f"  {label:<48}{cpu:6.2f} s CPU   {count[0]:3d} drawings   sheets made in {made * 1000:5.1f} ms CPU")


def _sheets_cpu(args: list[str]) -> float:
    """CPU seconds to lay out and draw the file's sheets in process (what the extent changes; no rendering, no start-up)."""
    from boardgen.drawing import palette
    from boardgen.sheets.request import board_request, board_sheets

    options = {"cell-mm": "cell_mm", "per-sheet": "per_sheet", "paper": "paper", "size": "size"}
    keywords: dict[str, object] = {"tile": "--tile" in args}
    for flag, keyword in options.items():
        if f"--{flag}" in args:
            keywords[keyword] = args[args.index(f"--{flag}") + 1]
    request = board_request(args[1], **keywords)  # type: ignore[arg-type]
    start = time.process_time()
    with palette.inked("full"):
        board_sheets(request)
    return time.process_time() - start


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
    row("sheet layout (from the extent, one drawing)", layout, 1)
    row("SVG renderer", svg, 1, "(target < 50 ms)")
    row("PDF renderer", pdf, 1, "(target < 50 ms)")


if __name__ == "__main__":
    process_times()
    file_figures()
    in_process_times()
