"""Booklet build time and memory: our pipeline next to WeasyPrint alone on the same HTML.

Prints, for one game's bilingual A5 booklet (default: Hex):

* the whole build (check every diagram with the engine, draw the diagrams,
  Markdown and templates to HTML, WeasyPrint to PDF), cold in a fresh process
  and warm (median of several runs in one process);
* WeasyPrint alone on exactly the same HTML with the same options;
* our own share: (build - WeasyPrint) / WeasyPrint, target at most 25 %;
* the peak memory (max RSS) of a fresh process that builds the booklet once,
  target under 250 MB, and the page count (target: 12 pages under 3 s).

Usage: .venv/bin/python bench/bench_booklet.py [--game hex] [--repeat 5]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ONE_BUILD = """
import sys, time
from pathlib import Path
start = time.perf_counter()
from boardgen.booklet.build import BookletRequest, booklet_pdf, load_checked
data = booklet_pdf(load_checked(Path(sys.argv[1])), BookletRequest(("pt", "en"), "a5"))
print(time.perf_counter() - start, len(data))
"""


def fresh_process(folder: Path) -> tuple[float, float, float]:
    """(seconds inside the process, seconds wall incl. interpreter start, peak RSS in MB) of one cold build."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", ONE_BUILD, str(folder)], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    inside = float(out.split()[0])
    return inside, wall, max(peak, before) / 1024.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hex")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import weasyprint
    from pypdf import PdfReader
    import io

    from boardgen.booklet.build import BookletRequest, load_checked
    from boardgen.booklet.html import booklet_html
    from boardgen.booklet.papers import PAPERS
    from boardgen.booklet.paths import fonts_dir, rules_dir, templates_dir
    from boardgen.booklet.typeset import fixed_font_time, html_to_pdf, project_fetcher

    folder = rules_dir() / args.game
    inside, wall, peak = fresh_process(folder)

    request = BookletRequest(("pt", "en"), "a5")
    roots = (templates_dir(), fonts_dir(), folder.resolve())
    ours, alone, stages = [], [], {"check": [], "html": [], "pdf": []}
    pages = 0
    for _ in range(args.repeat + 1):  # the first run warms caches and is dropped
        t0 = time.perf_counter()
        game = load_checked(folder)
        t1 = time.perf_counter()
        html = booklet_html(game, list(request.langs), PAPERS[request.paper])
        t2 = time.perf_counter()
        data = html_to_pdf(html, roots=roots, base=folder)
        t3 = time.perf_counter()
        with fixed_font_time():
            document = weasyprint.HTML(string=html, base_url=folder.resolve().as_uri() + "/", url_fetcher=project_fetcher(roots))
            document.write_pdf(pdf_variant="pdf/ua-1", pdf_identifier=True)
        t4 = time.perf_counter()
        ours.append(t3 - t0)
        alone.append(t4 - t3)
        stages["check"].append(t1 - t0)
        stages["html"].append(t2 - t1)
        stages["pdf"].append(t3 - t2)
        pages = len(PdfReader(io.BytesIO(data)).pages)
    ours, alone = ours[1:], alone[1:]
    build, weasy = statistics.median(ours), statistics.median(alone)
    share = (build - weasy) / weasy

    print(f"booklet: {args.game}, bilingual pt+en, A5, {pages} pages")
    print(f"cold build in a fresh process: {inside:.2f} s inside, {wall:.2f} s with interpreter start; peak RSS {peak:.0f} MB")
    print(f"warm build (median of {args.repeat}):  {build:.3f} s")
    print(f"  check sources + diagrams:      {statistics.median(stages['check'][1:]):.3f} s")
    print(f"  HTML (Markdown, SVG, jinja2):  {statistics.median(stages['html'][1:]):.3f} s")
    print(f"  PDF (WeasyPrint via boardgen): {statistics.median(stages['pdf'][1:]):.3f} s")
    print(f"WeasyPrint alone, same HTML:     {weasy:.3f} s")
    print(f"our own work on top of WeasyPrint: {share * 100:+.1f} % (target at most +25 %)")
    verdicts = [
        ("own work <= 25 %", share <= 0.25),
        ("cold build < 3 s", inside < 3.0),
        ("peak RSS < 250 MB", peak < 250.0),
    ]
    print("targets: " + ", ".join(f"{name}: {'ok' if good else 'MISSED'}" for name, good in verdicts))


if __name__ == "__main__":
    main()
