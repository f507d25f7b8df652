"""Build time and memory: the whole catalogue cold, again with nothing changed, and after one game's Markdown changed.

Prints, for each number of processes (default: one per core, then 1):

* **cold**: ``boardgen build`` into an empty folder (every board, booklet and
  diagram, and the site when the site package has it);
* **no-op**: the same build again, nothing changed (target: under 1 s);
* **one edit**: after changing one sentence of one game's English text
  (``--game``, default Hex): only that game's booklets and diagrams (and the
  site's pages) are made again.

Each line gives the wall time, the CPU time of the build and its workers
(user + system), the peak memory of its largest process (``ru_maxrss`` of the
children, so with several workers it is one worker's, not their sum) and what
the build said it made.  Every build runs in a fresh ``python -m boardgen``
inside a wrapper process of its own, so the figures of one run are not mixed
with another's.  The rule texts are copies (``BOARDGEN_HOME`` in a temporary
folder): the checkout is never edited.

``--only GAME`` (repeat it) limits every build to those games' files, as
``boardgen build --only`` does (the site still lists what the folder holds):
a figure for a part of the catalogue, minutes sooner on a busy machine.

Usage: .venv/bin/python bench/bench_build.py [--jobs 2 --jobs 1] [--game hex] [--only hex] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs one build as its child and prints its figures: the wrapper's children are the build and its workers.
WRAPPER = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024,
                  "status": result.returncode, "stdout": result.stdout, "stderr": result.stderr}))
"""

# The sentence the edit changes, and what it becomes each time (so every edit is a change).
EDITS = {"hex": ('"15 to 45 minutes"', '"15 to {n} minutes"')}


def measure(output: Path, jobs: int, env: dict[str, str], only: list[str] | None = None) -> dict:
    """One ``boardgen build -q --json`` into ``output`` with ``jobs`` processes (of the ``only`` games): its figures and its JSON."""
    command = [sys.executable, "-m", "boardgen", "build", "-q", "--json", "-o", str(output), "--jobs", str(jobs)]
    command += [part for game in only or [] for part in ("--only", game)]
    figures = json.loads(subprocess.run([sys.executable, "-c", WRAPPER, *command], capture_output=True, text=True, check=True, cwd=ROOT, env=env).stdout)
    if figures["status"] != 0:
        raise SystemExit(f"the build failed ({figures['status']}):\n{figures['stderr']}")
    figures["result"] = json.loads(figures["stdout"])
    return figures


def edit_text(home: Path, game: str, number: int, original: str) -> None:
    """Change one sentence of ``game``'s English text (``original``), differently for each ``number``."""
    path = home / "rules_text" / game / "en.md"
    if game in EDITS:
        old, new = EDITS[game]
        assert old in original, f"{old} is no longer in {path}: update EDITS in {__file__}"
        path.write_text(original.replace(old, new.format(n=46 + number), 1), encoding="utf-8")
    else:  # any game: spaces at the end of the text change the file and nothing on the page
        path.write_text(original.rstrip("\n") + " " * (number + 1) + "\n", encoding="utf-8")


def describe(figures: dict) -> str:
    result = figures["result"]
    built = result["built"]
    by_part: dict[str, int] = {}
    for path in built:
        part = path.split("/", 1)[0] if "/" in path else "site"
        by_part[part] = by_part.get(part, 0) + 1
    parts = ", ".join(f"{count} {part}" for part, count in sorted(by_part.items())) or "nothing"
    return f"built {len(built)} ({parts}), {len(result['up_to_date'])} up to date"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, action="append", help="processes (repeat it); default: one per core, then 1")
    parser.add_argument("--game", default="hex", help="the game whose text the edit changes")
    parser.add_argument("--keep", type=Path, help="build into this folder (kept) instead of a temporary one")
    parser.add_argument("--only", action="append", help="build only this game's files (repeat it); default: every game")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    jobs_list = args.jobs or sorted({cores, 1}, reverse=True)

    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-build-"))
    home = work / "home"
    if home.exists():
        shutil.rmtree(home)
    shutil.copytree(ROOT / "templates", home / "templates")
    shutil.copytree(ROOT / "rules_text", home / "rules_text")
    env = dict(os.environ, BOARDGEN_HOME=str(home), PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("BOARDGEN_JOBS", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed boardgen has its bytecode compiled: so does this one after the first run
    original = (home / "rules_text" / args.game / "en.md").read_text(encoding="utf-8")

    part = f" --only {','.join(args.only)}" if args.only else ""
    print(f"boardgen build{part} on {cores} core{'s' if cores != 1 else ''}, Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f} at the start")
    print(f"{'run':<10} {'jobs':>4} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}  what it did")
    try:
        for number, jobs in enumerate(jobs_list):
            output = work / f"out-{jobs}"
            if output.exists():
                shutil.rmtree(output)
            for name in ("cold", "no-op", f"edit {args.game}"):
                if name.startswith("edit"):
                    edit_text(home, args.game, number, original)
                figures = measure(output, jobs, env, args.only)
                print(f"{name:<10} {jobs:>4} {figures['wall']:>8.2f} {figures['cpu']:>8.2f} {figures['peak_mb']:>8.0f}  {describe(figures)}", flush=True)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end (other processes on the machine slow every figure)")


if __name__ == "__main__":
    main()
