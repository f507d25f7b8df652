"""Build time, the working tree against an earlier commit measured in the same run: cold, no-op, after one edit.

For the working tree and for ``--against REV`` (default ``HEAD~1``), three
builds each, interleaved (the tree's cold build, the commit's, the tree's
no-op...) so that a change in the machine's load falls on both:

* **cold**: ``boardgen build --only hex,seega`` into an empty folder (the
  games of ``--only``; ``--everything`` for the whole catalogue);
* **no-op**: the same build again, nothing changed (target: under 1 s);
* **one edit**: after changing one sentence of one game's English text
  (``--game``, default Hex): that game's booklets in English and both
  languages, its diagrams and the site's pages are made again.

Each line gives the CPU seconds of the build and its workers (user + system:
``resource.getrusage(RUSAGE_CHILDREN)`` of a wrapper process whose only
child is the build), for the tree, for the commit, and their ratio; then the
wall time, what the build said it made and, for the cold build, how many
seconds after its start the site's ``index.html`` was there.  CPU is the figure to compare on
a shared machine: the wall time moves with the other processes' load.

The commit is checked out with ``git worktree add --detach`` into a temporary
folder and run from there (``python -m boardgen`` with that folder as the
working directory and first on ``PYTHONPATH``), with this virtual
environment's Python and libraries; the worktree is removed at the end.
Each revision builds from copies of its own templates and rule texts
(``BOARDGEN_HOME``): the checkout is never edited.  Both trees' modules are
compiled to bytecode before the first build, so neither's cold build pays
for it.

Usage: .venv/bin/python bench/bench_build.py [--against REV] [--only hex,seega | --everything] [--jobs N] [--game hex] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ONLY = "hex,seega"

# Runs one build as its child and prints its figures: the wrapper's children are the build and its workers.
# It also notes when the site's home page first appears (the output folder is the argument after -o).
WRAPPER = """
import json, os, resource, subprocess, sys, tempfile, time
home = os.path.join(sys.argv[sys.argv.index("-o") + 1], "index.html")
there = os.path.exists(home)
start = time.perf_counter()
with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
    process = subprocess.Popen(sys.argv[1:], stdout=out, stderr=err)
    site = 0.0 if there else None
    while process.poll() is None:
        if site is None and os.path.exists(home):
            site = time.perf_counter() - start
        time.sleep(0.1)
    wall = time.perf_counter() - start
    out.seek(0), err.seek(0)
    stdout, stderr = out.read().decode(), err.read().decode()
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024, "site": site if site is not None else wall,
                  "status": process.returncode, "stdout": stdout, "stderr": stderr}))
"""

# The sentence the edit changes, and what it becomes each time (so every edit is a change).
EDITS = {"hex": ('"15 to 45 minutes"', '"15 to {n} minutes"')}


@dataclass
class Tree:
    """One revision to measure: its source folder, its copies of the texts, its output folder, its environment."""

    name: str
    root: Path
    home: Path
    output: Path
    env: dict[str, str]


def make_tree(name: str, root: Path, work: Path) -> Tree:
    home = work / f"home-{name}"
    if home.exists():
        shutil.rmtree(home)
    shutil.copytree(root / "templates", home / "templates")
    shutil.copytree(root / "rules_text", home / "rules_text")
    output = work / f"out-{name}"
    if output.exists():
        shutil.rmtree(output)
    env = dict(os.environ, BOARDGEN_HOME=str(home), PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])))
    env.pop("BOARDGEN_JOBS", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    found = subprocess.run([sys.executable, "-c", "import boardgen; print(boardgen.__file__)"], cwd=root, env=env, capture_output=True, text=True, check=True).stdout.strip()
    if Path(found).resolve().parent != (root / "boardgen").resolve():
        raise SystemExit(f"{name}: python imports boardgen from {found}, not from {root}")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "boardgen")], cwd=root, env=env, check=True, capture_output=True)
    return Tree(name, root, home, output, env)


def measure(tree: Tree, jobs: int, only: list[str]) -> dict:
    """One ``boardgen build -q --json`` of ``tree`` into its output folder: its figures and its JSON."""
    command = [sys.executable, "-m", "boardgen", "build", "-q", "--json", "-o", str(tree.output), "--jobs", str(jobs)]
    command += [part for game in only for part in ("--only", game)]
    figures = json.loads(subprocess.run([sys.executable, "-c", WRAPPER, *command], capture_output=True, text=True, check=True, cwd=tree.root, env=tree.env).stdout)
    if figures["status"] != 0:
        raise SystemExit(f"{tree.name}: the build failed ({figures['status']}):\n{figures['stderr']}")
    figures["result"] = json.loads(figures["stdout"])
    return figures


def edit_text(home: Path, game: str, number: int) -> None:
    """Change one sentence of ``game``'s English text in ``home``, differently for each ``number``."""
    path = home / "rules_text" / game / "en.md"
    original = path.read_text(encoding="utf-8")
    old, new = EDITS.get(game, ("", ""))
    if old and old in original:
        path.write_text(original.replace(old, new.format(n=46 + number), 1), encoding="utf-8")
    else:  # any game: a space at the end of the text changes the file and nothing on the page
        path.write_text(original.rstrip("\n") + " " * (number + 1) + "\n", encoding="utf-8")


def describe(figures: dict) -> str:
    result = figures["result"]
    by_part: dict[str, int] = {}
    for path in result["built"]:
        part = path.split("/", 1)[0] if "/" in path else "site"
        by_part[part] = by_part.get(part, 0) + 1
    parts = ", ".join(f"{count} {part}" for part, count in sorted(by_part.items())) or "nothing"
    return f"{len(result['built'])} built ({parts}), {len(result['up_to_date'])} up to date"


def revision(rev: str) -> str:
    return subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default="HEAD~1", help="the commit to compare with (default HEAD~1); '' for the working tree alone")
    parser.add_argument("--only", default=DEFAULT_ONLY, help=f"the games to build, as boardgen build --only (default {DEFAULT_ONLY})")
    parser.add_argument("--everything", action="store_true", help="build the whole catalogue instead")
    parser.add_argument("--jobs", type=int, help="processes (default: one per core)")
    parser.add_argument("--game", default="hex", help="the game whose English text the edit changes")
    parser.add_argument("--keep", type=Path, help="build into this folder (kept) instead of a temporary one")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    jobs = args.jobs or cores
    only = [] if args.everything else [game for game in args.only.split(",") if game]

    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-build-"))
    work.mkdir(parents=True, exist_ok=True)
    checkout = work / "against"
    trees = [make_tree("tree", ROOT, work)]
    against = revision(args.against) if args.against else ""
    try:
        if against:
            if checkout.exists():
                subprocess.run(["git", "worktree", "remove", "--force", str(checkout)], cwd=ROOT, capture_output=True)
            subprocess.run(["git", "worktree", "add", "--detach", str(checkout), against], cwd=ROOT, check=True, capture_output=True)
            trees.append(make_tree(against, checkout, work))
        part = f" --only {','.join(only)}" if only else ""
        print(f"boardgen build{part} --jobs {jobs} on {cores} core{'s' if cores != 1 else ''}, Python {sys.version.split()[0]}: "
              f"the working tree (at {revision('HEAD')}{' + changes' if _dirty() else ''}) against {against or 'nothing'}; load average {os.getloadavg()[0]:.1f} at the start")
        head = f"{'run':<8} {'tree CPU s':>10}"
        if against:
            head += f" {against + ' CPU s':>14} {'ratio':>6}"
        print(f"{head}  {'wall s':>15}  what the tree's build made")
        for number, name in enumerate(("cold", "no-op", "edit")):
            figures = []
            for tree in trees:
                if name == "edit":
                    edit_text(tree.home, args.game, number)
                figures.append(measure(tree, jobs, only))
            line = f"{name:<8} {figures[0]['cpu']:>10.2f}"
            if against:
                line += f" {figures[1]['cpu']:>14.2f} {figures[0]['cpu'] / figures[1]['cpu']:>6.2f}"
            walls = " / ".join(f"{f['wall']:.1f}" for f in figures)
            seconds = " / ".join(f"{f['site']:.1f}" for f in figures)
            site = f"; index.html there after {seconds} s" if name == "cold" else ""
            print(f"{line}  {walls:>15}  {describe(figures[0])}{site}", flush=True)
            if against and describe(figures[0]) != describe(figures[1]):
                print(f"{'':<8} {against} made: {describe(figures[1])}", flush=True)
    finally:
        if against:
            subprocess.run(["git", "worktree", "remove", "--force", str(checkout)], cwd=ROOT, capture_output=True)
            subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end (other processes on the machine inflate every figure, CPU too)")


def _dirty() -> bool:
    return bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
