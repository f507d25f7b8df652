"""The site in a real browser: headless Chromium (the system's, installed by setup.sh) driven by Playwright.

The site is built from a real, small output folder (every board, poster,
pen-and-paper sheet and diagram of Hex and Brax, and Hex's A5 booklet:
tests/site/records.py) and opened twice, from disk (``file://``)
and from a static web server on 127.0.0.1.  Each page, on a phone-sized and
a desktop-sized window, must: load every image, log no console error, ask
for nothing beyond the machine, scroll only up and down, and link only to
files that are there.  A screenshot of each layout is saved in the test's
folder (printed with ``-s``) to be looked at.

Everything expensive (typesetting, the browser) happens once, in
module-scoped fixtures; the booklet is the session's shared one
(tests/booklet/booklets_kit.py), typeset once for every test that reads it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from boardgen.site.catalogue import digest

from .browser_kit import chromium, serving
from .records import build_small_output, records_from_output

GAMES = ("brax", "hex")
WIDTHS = {"narrow": 375, "wide": 1280}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A real output folder for Hex and Brax with the site built into it."""
    from boardgen.site import build_site

    from boardgen.booklet.build import BUILD_LANGS, BookletRequest

    from ..booklet.booklets_kit import Booklet, booklet_file

    output = tmp_path_factory.mktemp("site-output")
    build_small_output(output, GAMES, booklet_games=())
    # Hex's bilingual A5 booklet as build_small_output would typeset it (booklet_pdf, the build's
    # languages): the session's copy (tests/booklet/booklets_kit.py), typeset once for every test that reads it.
    shared = booklet_file(tmp_path_factory, Booklet("hex", BUILD_LANGS, "a5"))
    (output / "booklets").mkdir()
    (output / "booklets" / BookletRequest(BUILD_LANGS, "a5").file_name("hex")).write_bytes(shared.read_bytes())
    build_site(records_from_output(output), output)
    return output


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched



@pytest.fixture(scope="module")
def server(site) -> Iterator[str]:
    """A static web server of the output folder on 127.0.0.1 (any free port); its base URL."""
    with serving(site) as base:
        yield base


def site_pages(site: Path) -> list[str]:
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))


class Watch:
    """What one browser context asks for and complains about; its methods are Playwright's handlers.

    Requests to the site (its folder, or the local server) go through; any
    other request is refused and noted: that is a request leaving the machine.
    """

    def __init__(self, base: str) -> None:
        self.base = base
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.failed: list[str] = []

    def route(self, route) -> None:
        url = route.request.url
        if url.startswith(self.base) or url.startswith("data:"):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def console(self, message) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def page_error(self, error) -> None:
        self.errors.append(str(error))

    def request_failed(self, request) -> None:
        self.failed.append(request.url)

    def taken(self) -> dict[str, list[str]]:
        """What was noted since the last call, and forget it."""
        noted = {"outside": self.outside, "errors": self.errors, "failed": self.failed}
        self.outside, self.errors, self.failed = [], [], []
        return noted


IMAGES = """() => Promise.all([...document.images].map(img => {
    img.loading = 'eager';
    return img.decode().then(() => [img.currentSrc, img.naturalWidth, img.alt], () => [img.currentSrc, 0, img.alt]);
}))"""
LINKS = "() => [...document.querySelectorAll('a[href]')].map(a => a.href)"
WIDTH = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth, document.body.scrollWidth]"
SCREENSHOTS = ("index.html", "hex.html", "en/brax.html")


@pytest.fixture(scope="module")
def visits(site, browser, server, tmp_path_factory) -> dict[tuple[str, str, str], dict]:
    """(how, layout, page) -> what the browser saw; how is "file" or "http" (wide only: the layout is the same)."""
    shots = tmp_path_factory.mktemp("screenshots")
    seen: dict[tuple[str, str, str], dict] = {}
    for how, base, layouts in (("file", site.as_uri() + "/", tuple(WIDTHS)), ("http", server, ("wide",))):
        for layout in layouts:
            context = browser.new_context(viewport={"width": WIDTHS[layout], "height": 800})
            watch = Watch(base)
            context.route("**/*", watch.route)
            for name in site_pages(site):
                page = context.new_page()
                page.on("console", watch.console)
                page.on("pageerror", watch.page_error)
                page.on("requestfailed", watch.request_failed)
                response = page.goto(base + name, wait_until="load")
                result = {"status": response.status if response else None, "images": page.evaluate(IMAGES), "links": page.evaluate(LINKS), "widths": page.evaluate(WIDTH)}
                if how == "file" and name in SCREENSHOTS:
                    shot = shots / f"{name.replace('/', '-').removesuffix('.html')}-{layout}.png"
                    page.screenshot(path=str(shot), full_page=True)
                    print(f"screenshot: {shot}")
                page.close()
                seen[how, layout, name] = {**result, **watch.taken()}
            context.close()
    seen[("", "", "shots")] = {"folder": shots}
    return seen


def _visits(visits):
    return {key: value for key, value in visits.items() if key[2] != "shots"}


def test_every_page_loads_without_console_errors(visits):
    for (how, layout, name), seen in _visits(visits).items():
        assert seen["status"] in (None, 200), (how, layout, name, seen["status"])  # file:// has no status
        assert seen["errors"] == [], (how, layout, name)
        assert seen["failed"] == [], (how, layout, name)


def test_every_image_loads_and_has_alternative_text(visits):
    counted = 0
    for key, seen in _visits(visits).items():
        for src, width, alt in seen["images"]:
            assert width > 0, f"{key}: {src} did not load"
            assert alt.strip(), f"{key}: {src} has no alt"
            counted += 1
    assert counted > 20


def test_no_request_leaves_the_machine(visits):
    for key, seen in _visits(visits).items():
        assert seen["outside"] == [], key


def test_no_horizontal_scrolling_on_a_phone_or_a_desktop(visits):
    for (how, layout, name), seen in _visits(visits).items():
        scroll, client, body = seen["widths"]
        assert client == WIDTHS[layout], (layout, name, client)
        assert scroll <= client and body <= client, f"{name} at {WIDTHS[layout]} px is {max(scroll, body)} px wide"


def test_every_link_leads_to_a_file_that_is_there(visits, site, server):
    """Links as the browser resolved them: from disk each names a file of the folder; over HTTP each answers 200."""
    import urllib.request

    checked: set[str] = set()
    for (how, _, name), seen in _visits(visits).items():
        for href in seen["links"]:
            parts = urlsplit(href)
            if parts.scheme in ("https", "mailto") or (parts.scheme == "http" and not href.startswith(server)):
                continue  # the sources' web addresses: links for the reader, never loaded
            address = href.split("#", 1)[0]
            if address in checked:
                continue
            checked.add(address)
            if how == "file":
                path = Path(unquote(parts.path))
                assert path.is_file() and path.is_relative_to(site), f"{name}: {href}"
            else:
                with urllib.request.urlopen(address) as answer:  # a static server answers 200 for a file
                    assert answer.status == 200, f"{name}: {href}"
    assert len(checked) > 60


def test_screenshots_of_both_layouts_are_saved(visits):
    from PIL import Image

    folder = visits[("", "", "shots")]["folder"]
    for layout, width in WIDTHS.items():
        for name in ("index", "hex", "en-brax"):
            with Image.open(folder / f"{name}-{layout}.png") as image:
                assert image.size[0] == width and image.size[1] > 600


def test_the_manifest_matches_the_files(site):
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    listed = {item["path"]: item for item in manifest["artefacts"]}
    on_disk = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()} - {"manifest.json"}
    assert set(listed) == on_disk
    for path, item in listed.items():
        data = (site / path).read_bytes()
        assert (item["bytes"], item["sha256"]) == (len(data), digest(data)), path


# -- the booklets' table, with every edition (the synthetic records: the site reads only records) ----

TABLE_CELLS = """() => [...document.querySelectorAll('table.editions tbody tr')].map(tr => [...tr.querySelectorAll('td')].map(td => {
    const box = td.getBoundingClientRect();
    const hidden = td.querySelector('.visually-hidden');
    return [box.left, box.top, hidden ? hidden.getBoundingClientRect().width : null];
}))"""


@pytest.fixture(scope="module")
def editions_site(tmp_path_factory) -> tuple[Path, list]:
    """The site of the synthetic records of tests/site/conftest.py: every edition of Hex's booklet but one."""
    from boardgen.site import build_site

    from .conftest import synthetic_records

    output = tmp_path_factory.mktemp("editions-site")
    records = synthetic_records(output)
    build_site(records, output)
    return output, records


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_booklets_table_reads_as_a_grid_on_a_desktop_and_as_blocks_on_a_phone(editions_site, browser, tmp_path_factory, lang):
    """Wide: a row's cells side by side; narrow: one under the other; never wider than the window.

    Every link's accessible name (what a screen reader says, as Chromium
    computes it) is the whole of what it downloads, though the cell shows only
    the file's details: the rest is there, one pixel wide.
    """
    from boardgen.site.words import link_text

    output, records = editions_site
    page_name = "hex.html" if lang == "pt" else "en/hex.html"
    shots = tmp_path_factory.mktemp("editions-shots")
    booklets = [r for r in records if r.game == "hex" and r.kind in ("booklet", "booklet-imposed") and r.variant is None]
    for layout, width in WIDTHS.items():
        context = browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        page.goto((output / page_name).as_uri(), wait_until="load")
        page.locator("#more-formats > summary").click()  # the table is under "More formats", folded
        rows = page.evaluate(TABLE_CELLS)
        assert len(rows) == 10 and all(len(cells) == 3 for cells in rows)
        for cells in rows:
            lefts, tops = [cell[0] for cell in cells], [cell[1] for cell in cells]
            if layout == "wide":
                assert len(set(tops)) == 1 and lefts == sorted(lefts) and len(set(lefts)) == 3, cells
            else:
                assert len(set(lefts)) == 1 and tops == sorted(tops) and len(set(tops)) == 3, cells
            assert all(cell[2] is None or cell[2] <= 1 for cell in cells), cells  # the headers' words: not on screen
        scroll, client, body = page.evaluate(WIDTH)
        assert scroll <= client and body <= client, f"{page_name} at {width} px is {max(scroll, body)} px wide"
        for record in booklets:
            name = link_text(record, lang)
            assert page.locator("table.editions").get_by_role("link", name=name, exact=True).count() == 1, name
        shot = shots / f"hex-{lang}-booklets-{layout}.png"
        page.locator("#more-formats").screenshot(path=str(shot))
        print(f"screenshot: {shot}")
        context.close()


# -- the downloads offered first, for the visitor's paper ------------------------------------------------

FIRST = {"a4": ["boards/hex-11-a4.pdf", "booklets/hex-en-a4.pdf", "boards/hex-11-pieces-a4.pdf"], "letter": ["boards/hex-11-letter.pdf", "booklets/hex-en-letter.pdf", "boards/hex-11-pieces-letter.pdf"]}


@pytest.mark.parametrize(("locale", "script", "shown"), [("en-US", True, "letter"), ("es-MX", True, "letter"), ("pt-BR", True, "a4"), ("en-GB", True, "a4"), ("en-US", False, "a4")])
def test_the_first_downloads_are_for_the_visitors_paper_and_the_other_is_one_click_away(editions_site, browser, locale, script, shown):
    """The browser's language picks the paper (Letter for the US, Mexico...; A4 elsewhere and without a script); one click shows the other."""
    output, _ = editions_site
    other = "a4" if shown == "letter" else "letter"
    for width in WIDTHS.values():
        context = browser.new_context(locale=locale, java_script_enabled=script, viewport={"width": width, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((output / "en/hex.html").as_uri(), wait_until="load")
        assert page.locator(f"#paper-{shown}").is_visible() and not page.locator(f"#paper-{other}").is_visible(), (locale, script, width)
        hrefs = page.locator(f"#paper-{shown} a.pick").evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert [href.removeprefix("../") for href in hrefs] == FIRST[shown]
        box = page.locator(f"#paper-{shown} a.pick").first.bounding_box()
        assert box is not None and box["y"] < 800  # on the first screen, phone or desktop
        page.locator(f"#paper-{shown} a.paper-other").click()
        assert page.locator(f"#paper-{other}").is_visible() and not page.locator(f"#paper-{shown}").is_visible(), (locale, script, width)
        scroll, client, body = page.evaluate(WIDTH)
        assert scroll <= client and body <= client
        assert errors == []
        context.close()
