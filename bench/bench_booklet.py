"""Booklet CPU time: ``boardgen booklet GAME`` next to bare WeasyPrint on the booklet's final HTML.

Prints, for one game's bilingual A5 booklet (default: Hex), in CPU seconds
(user + system, ``resource.getrusage`` of the child processes: the machine
may be loaded, and wall time would measure the load):

* ``boardgen booklet GAME`` as a user runs it, in a fresh process (check
  every diagram with the engine, draw them, Markdown and templates to HTML,
  the layouts of the pagination repair, the PDF with its tags);
* bare WeasyPrint, in a fresh process, on the booklet's *final HTML* (the
  HTML of the layout kept, its pagination repaired:
  ``boardgen.booklet.typeset.final_html``), with the same options
  (``pdf/ua-1``, a file identifier): one parse, one layout, one write;
* the ratio of the two, target at most 1.25 (issue 28).

The two are run interleaved, ``--repeat`` times each, and compared by their
medians, so that a change in the machine's load hits both alike.  boardgen's
modules (and those of ``--against``) are compiled to bytecode first, as an
installed package's are: where ``PYTHONDONTWRITEBYTECODE`` is set (this
machine's shell sets it), a module edited since its last ``.pyc`` would
otherwise be compiled again by every process (2 ms of CPU a module, 0.35 s
for all of boardgen's), charged to boardgen and not to WeasyPrint (whose files
pip compiled when it installed them).  With
``--against REV`` the same booklet is also made by the boardgen of another
commit (``git archive REV``, run with this environment), interleaved with
the others: the figure before and after a change, in one run.  Then one
booklet in this process, per phase: how many layouts it took and what each
phase cost.

Usage: .venv/bin/python bench/bench_booklet.py [--game hex] [--repeat 3] [--against REV]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET = 1.25

BARE = """
import sys, weasyprint
weasyprint.HTML(filename=sys.argv[1], base_url=sys.argv[2]).write_pdf(sys.argv[3], pdf_variant="pdf/ua-1", pdf_identifier=True)
"""


def compiled(root: Path) -> None:
    """``root/boardgen`` compiled to bytecode (``compileall``: only what changed since its ``.pyc``), as pip compiles a package it installs."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "boardgen")], cwd=root, env=env, check=True, capture_output=True)


def child_cpu(command: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one child process running ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def final_html_file(game: str, folder: Path, out: Path) -> tuple[Path, str, str]:
    """The booklet's final HTML written to ``out`` (URLs of the game's folder made real), its base URL and its layouts (whole or in part, and the pages they made)."""
    from boardgen.booklet import typeset
    from boardgen.booklet.build import BookletRequest, booklet_document, game_folder, load_checked

    document = booklet_document(load_checked(game_folder(game)), BookletRequest(("pt", "en"), "a5"))
    paginated = typeset._PAGINATED[document]
    layouts = f"{paginated.layouts} (pages made {paginated.pages_made}, the booklet has {len(document.pages)})"
    html = typeset.final_html(document)
    path = out / f"{game}.html"
    path.write_text(html, encoding="utf-8")
    return path, folder.resolve().as_uri() + "/", layouts  # its relative URLs (under DOCUMENT_BASE) name the game's files


def phases(game: str) -> dict[str, float]:
    """CPU seconds of each phase of one booklet in this process (the layouts one by one)."""
    import weasyprint

    from boardgen.booklet.build import BookletRequest, booklet_pdf, game_folder, load_checked

    found: dict[str, float] = {}

    def timed(name: str, function):
        def wrapper(*args, **kwargs):
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                key = name
                number = 1
                while key in found:
                    number += 1
                    key = f"{name} {number}"
                found[key] = time.process_time() - start

        return wrapper

    from boardgen.booklet.pagination import relayout

    saved = weasyprint.HTML.__init__, weasyprint.HTML.render, weasyprint.Document.write_pdf
    in_part = relayout.Layout.again
    relayout.Layout.again = timed("layout again in part", in_part)
    weasyprint.HTML.__init__ = timed("parse", saved[0])
    weasyprint.HTML.render = timed("layout", saved[1])
    weasyprint.Document.write_pdf = timed("write the PDF (tags included)", saved[2])
    try:
        start = time.process_time()
        game_sources = load_checked(game_folder(game))
        found["check the sources and diagrams"] = time.process_time() - start
        start = time.process_time()
        booklet_pdf(game_sources, BookletRequest(("pt", "en"), "a5"))
        found["the booklet (everything below)"] = time.process_time() - start
    finally:
        weasyprint.HTML.__init__, weasyprint.HTML.render, weasyprint.Document.write_pdf = saved
        relayout.Layout.again = in_part
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hex")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", metavar="REV", help="also time the boardgen of this commit (e.g. HEAD~1), interleaved")
    args = parser.parse_args()

    from boardgen.booklet.build import game_folder

    folder = game_folder(args.game)
    compiled(ROOT)
    booklet = [sys.executable, "-m", "boardgen", "booklet", args.game]
    with tempfile.TemporaryDirectory(prefix="bench-booklet-") as tmp:
        out = Path(tmp)
        html, base, layouts = final_html_file(args.game, folder, out)
        env = None
        if args.against:
            (out / "before").mkdir()
            archive = subprocess.run(["git", "archive", args.against], cwd=ROOT, check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(out / "before")], input=archive, check=True)
            env = {**os.environ, "PYTHONPATH": str(out / "before")}
            compiled(out / "before")
        ours, bare, before = [], [], []
        for _ in range(args.repeat):
            ours.append(child_cpu([*booklet, "-o", str(out / "ours.pdf")]))
            bare.append(child_cpu([sys.executable, "-c", BARE, str(html), base, str(out / "bare.pdf")]))
            if env is not None:
                before.append(child_cpu([*booklet, "-o", str(out / "before.pdf")], env))
    mine, alone = statistics.median(ours), statistics.median(bare)
    ratio = mine / alone
    print(f"booklet: {args.game}, bilingual pt+en, A5; layouts of the pagination repair: {layouts}")
    print(f"boardgen booklet {args.game}:               {mine:.2f} s CPU (median of {args.repeat}: {', '.join(f'{v:.2f}' for v in ours)})")
    print(f"bare WeasyPrint on its final HTML:   {alone:.2f} s CPU (median of {args.repeat}: {', '.join(f'{v:.2f}' for v in bare)})")
    print(f"ratio: {ratio:.2f} (target at most {TARGET}): {'ok' if ratio <= TARGET else 'MISSED'}")
    if before:
        then = statistics.median(before)
        print(f"the same at {args.against}:  {then:.2f} s CPU (median of {args.repeat}: {', '.join(f'{v:.2f}' for v in before)}), ratio {then / alone:.2f}")
    print("one booklet in this process, CPU seconds per phase:")
    for name, seconds in phases(args.game).items():
        print(f"  {name:<34} {seconds:.2f}")


if __name__ == "__main__":
    main()
