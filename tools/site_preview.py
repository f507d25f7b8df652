"""Build the download site into an existing ``boardgen build`` folder and, optionally, photograph it.

    .venv/bin/python tools/site_preview.py output/                      # pages into output/, listed
    .venv/bin/python tools/site_preview.py output/ --game hex --game brax
    .venv/bin/python tools/site_preview.py output/ --screenshots shots/  # PNGs at 375 and 1280 px

For looking at the pages while the build does not yet make the site itself:
the records come from the folder's file names (``tests/site/records.py``,
the only code that reads them).  Screenshots use the system's Chromium
through Playwright (the ``test`` extra), never a browser of Playwright's own.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDTHS = (375, 1280)


def screenshots(output: Path, pages: list[str], folder: Path) -> None:
    """A full-page PNG of every page at each width in ``WIDTHS``, images loaded."""
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width in WIDTHS:
            context = browser.new_context(viewport={"width": width, "height": 800})
            for name in pages:
                page = context.new_page()
                page.goto((output / name).resolve().as_uri())
                page.evaluate("() => Promise.all([...document.images].map(i => { i.loading = 'eager'; return i.decode().catch(() => null); }))")
                shot = folder / f"{name.replace('/', '-').removesuffix('.html')}-{width}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot {shot}")
                page.close()
            context.close()
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", type=Path, help="a folder written by boardgen build")
    parser.add_argument("--game", action="append", help="only this game (repeat for several)")
    parser.add_argument("--screenshots", type=Path, help="save screenshots of every page into this folder")
    options = parser.parse_args()
    if not options.output.is_dir():
        print(f"site_preview.py: {options.output} is not a folder", file=sys.stderr)
        return 2

    from boardgen.site import build_site
    from tests.site.records import records_from_output

    records = records_from_output(options.output, set(options.game) if options.game else None)
    written = build_site(records, options.output)
    pages = [record.path for record in written if record.kind == "page"]
    for record in written:
        print(f"wrote {options.output / record.path} ({record.bytes} bytes)")
    if options.screenshots:
        screenshots(options.output, pages, options.screenshots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
