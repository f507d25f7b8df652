"""Imposition time and size: each game's bilingual A5 booklet imposed on A4 and on Letter.

Prints, per game and sheet, the CPU seconds of one imposition (the least of
``--repeat`` runs, in this process) and the imposed file's size next to the
A5 booklet's.  With ``--baseline`` it prints the same for the imposition
boardgen used before (pypdf's page merging, reproduced here as it was), for a
before/after on the same booklets.

The booklets are typeset first (not timed), or read from ``--from DIR``
(files named as ``boardgen build`` writes them, ``GAME-pt-en-a5.pdf``).

Usage: .venv/bin/python bench/bench_impose.py [--game hex ...] [--repeat 3] [--baseline] [--from output/booklets]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boardgen.booklet.impose import PT_PER_MM, SHEETS, impose, saddle_order  # noqa: E402


def page_merging(pdf: bytes, sheet: str) -> bytes:
    """The imposition before form XObjects: every page's operators merged into its sheet (pypdf), links dropped."""
    from pypdf import PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    pages = reader.pages
    sheet_w, sheet_h = (v * PT_PER_MM for v in SHEETS[sheet])
    page_w, page_h = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    scale = min(1.0, (sheet_w / 2) / page_w, sheet_h / page_h)
    y = (sheet_h - page_h * scale) / 2
    writer = PdfWriter()
    for left, right in saddle_order(len(pages)):
        side = writer.add_blank_page(sheet_w, sheet_h)
        for index, x in ((left, sheet_w / 2 - page_w * scale), (right, sheet_w / 2)):
            if index is not None:
                side.merge_transformed_page(pages[index], Transformation().scale(scale, scale).translate(x, y))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def a5_booklet(game: str, folder: Path | None) -> bytes:
    """The game's bilingual A5 booklet: read from ``folder``, or typeset now."""
    if folder is not None:
        return (folder / f"{game}-pt-en-a5.pdf").read_bytes()
    from boardgen.booklet.build import BookletRequest, booklet_pdf, game_folder, load_checked

    return booklet_pdf(load_checked(game_folder(game)), BookletRequest(("pt", "en"), "a5"))


def measure(method: Callable[[bytes, str], bytes], pdf: bytes, sheet: str, repeat: int) -> tuple[float, int]:
    """(least CPU seconds of ``repeat`` runs, size of the output in bytes)."""
    best, size = float("inf"), 0
    for _ in range(repeat):
        start = time.process_time()
        out = method(pdf, sheet)
        best = min(best, time.process_time() - start)
        size = len(out)
    return best, size


def main() -> None:
    from boardgen.booklet.build import games_with_sources

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game with sources)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", action="store_true", help="also time pypdf's page merging, the imposition before")
    parser.add_argument("--from", dest="folder", type=Path, help="read the A5 booklets from this folder instead of typesetting them")
    args = parser.parse_args()
    games = args.game or [folder.name for folder in games_with_sources()]
    methods: list[tuple[str, Callable[[bytes, str], bytes]]] = [("forms", impose)]
    if args.baseline:
        methods.append(("merging", page_merging))
    print(f"{'game':<10} {'sheet':<7} {'method':<8} {'CPU s':>6} {'A5 kB':>7} {'imposed kB':>10} {'ratio':>6}")
    totals = {name: 0.0 for name, _ in methods}
    for game in games:
        pdf = a5_booklet(game, args.folder)
        for sheet in SHEETS:
            for name, method in methods:
                seconds, size = measure(method, pdf, sheet, args.repeat)
                totals[name] += seconds
                print(f"{game:<10} {sheet:<7} {name:<8} {seconds:6.2f} {len(pdf) / 1000:7.0f} {size / 1000:10.0f} {size / len(pdf):6.2f}")
    for name, seconds in totals.items():
        print(f"total CPU, {name}: {seconds:.2f} s for {len(games) * len(SHEETS)} impositions")


if __name__ == "__main__":
    main()
