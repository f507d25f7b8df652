"""How long an author waits: from saving a rule text to its new words on the screen of `boardgen serve`.

Starts ``boardgen serve -p 0`` over a copy of the templates and rule texts
(``BOARDGEN_HOME`` in a temporary folder) and a fresh output folder, opens
Hex's English rules page in headless Chromium (Debian's ``/usr/bin/chromium``
through Playwright), then edits the copied ``rules_text/hex/en.md`` ``--rounds``
times (its front matter's ages, so no diagram changes) and waits each time
for the new words on the open page.  Prints each save's time on the screen,
the server's own log lines for it (the rebuild's seconds, when the page was
served), the median and the load average, which matters: the figures of
docs/site.md ("How long an author waits") were taken this way.

The first build (every game's diagrams and the site) is not timed.

Usage: .venv/bin/python bench/bench_preview.py [--rounds 5] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AGES = 'ages = "8 and up"'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="saves to time (default 5)")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep it (default: a temporary folder, removed)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-preview-"))
    if work.exists():
        shutil.rmtree(work)
    home = work / "home"
    shutil.copytree(ROOT / "templates", home / "templates")
    shutil.copytree(ROOT / "rules_text", home / "rules_text")
    server = subprocess.Popen(
        [sys.executable, "-m", "boardgen", "serve", "-o", str(work / "out"), "-p", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "BOARDGEN_HOME": str(home), "PYTHONUNBUFFERED": "1"},
    )
    lines: list[str] = []
    assert server.stdout is not None
    stdout = server.stdout
    threading.Thread(target=lambda: lines.extend(line.rstrip() for line in stdout), daemon=True).start()
    try:
        address = _address(lines, time.monotonic())
        text = home / "rules_text" / "hex" / "en.md"
        original = text.read_text(encoding="utf-8")
        if AGES not in original:
            raise SystemExit(f"bench_preview: {text} no longer says {AGES}; change the edit this script makes")
        times: list[float] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto(address + "en/hex.html")
            time.sleep(2)
            for round_ in range(args.rounds):
                marker = f"marker{round_}x"
                text.write_text(original.replace(AGES, f'ages = "8 and up, {marker}"', 1), encoding="utf-8")
                saved = time.monotonic()
                page.wait_for_function(f"() => document.body && document.body.innerText.includes('{marker}')", timeout=60000, polling=20)
                times.append(time.monotonic() - saved)
                print(f"save {round_ + 1}: {times[-1]:.2f} s from the save to the words on the screen", flush=True)
                time.sleep(1.5)
            browser.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("\n".join(line for line in lines if "changed:" in line or "served en/hex.html" in line))
    print(f"median {statistics.median(times):.2f} s, least {min(times):.2f} s, most {max(times):.2f} s; load average {open('/proc/loadavg').read().split()[:3]}")
    return 0


def _address(lines: list[str], start: float) -> str:
    """The server's address, from its log line ``... at http://127.0.0.1:PORT/``, once the first build is done."""
    while time.monotonic() - start < 900:
        for line in list(lines):
            if match := re.search(r"at (http://127\.0\.0\.1:\d+/)", line):
                print(f"first build and start: {time.monotonic() - start:.1f} s", flush=True)
                return match.group(1)
        time.sleep(0.2)
    raise SystemExit("bench_preview: the server did not say its address within 900 s:\n" + "\n".join(lines[-20:]))


if __name__ == "__main__":
    raise SystemExit(main())
