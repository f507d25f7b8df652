"""Every game's rules page, in both languages, in headless Chromium: what a visitor on a phone or a desktop gets.

The site is built once for the module from the build's own plan (every file
``boardgen build`` would write, :func:`boardgen.make.run.plan`): each diagram
is its real drawing (the booklet's SVG), every other file a few placeholder
bytes with the record the build would give it, so no board is drawn and no
booklet typeset; the pages, thumbnails and frames of the diagrams that play
are :func:`boardgen.site.build_site`'s own.  Each page is opened once, at
390 and then 1280 px: from disk (``file://``) or from a static web server on
127.0.0.1, the two ways in turn (every game both ways, one language each:
:func:`_visits`), and must: log no console error; ask for nothing beyond the machine (any
other request is refused and noted); show every diagram loaded, inside the
window, not hidden; scroll only up and down; step through every diagram that
plays by click and by keyboard (the picture shown, its words and the counter
change, to a picture of other bytes); offer first the board, the booklet in
the page's language and the pieces for the browser's paper (A4 for pt-BR,
Letter for en-US), the other paper one click away.  axe-core (the
``axe-playwright-python`` package, a test dependency) finds no violation on
each rules page opened over HTTP (every game in one of its languages, at one
width: 390 px for pt, 1280 px for en), nor on the home pages and a download
page.
"""

from __future__ import annotations

import fcntl
import os
import pickle
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from boardgen.site.catalogue import Artefact, digest
from boardgen.site.words import TAGS

from .browser_kit import chromium, serving

LANGS = ("pt", "en")
PAGES = {"pt": "{game}.html", "en": "en/{game}.html"}
WIDTHS = (390, 1280)
HEIGHT = 800
# The browser's language for each way of opening the pages: the paper offered first (downloads.html.j2's script).
LOCALES = {"file": ("pt-BR", "a4"), "http": ("en-US", "letter")}
HOWS = tuple(LOCALES)
AXE_WIDTH = {"pt": 390, "en": 1280}  # axe once per page, over HTTP: the layouts differ, the words do not
PLACEHOLDER_PAGES = {"booklet": 16, "booklet-imposed": 4}  # a booklet's pages as its record claims (boards: 1)


def _games() -> list[str]:
    from boardgen.booklet.build import game_folder
    from boardgen.registry import all_games

    return sorted(game.id for game in all_games() if (game_folder(game.id) / "en.md").is_file())


GAMES = _games()


# -- the site, once -------------------------------------------------------------------------------


def planned_jobs(cache_folder: Path) -> list:
    """Every file the build would make (its own plan, nothing drawn): the names, kinds, papers and languages the site lists."""
    from boardgen import __version__
    from boardgen.make.cache import Cache
    from boardgen.make.inputs import Inputs
    from boardgen.make.plan import PlanContext, Selection
    from boardgen.make.run import plan

    return plan(PlanContext(Inputs(), Selection(), Cache(cache_folder), __version__))


def site_records(output: Path, jobs: list) -> list[Artefact]:
    """Write each planned file (a diagram as its real drawing, the rest as placeholder bytes) and return its record."""
    from boardgen.booklet.build import diagram_svg, game_folder
    from boardgen.site.rules_page import checked_sources

    records = []
    for job in jobs:
        if job.kind == "diagram":
            data = diagram_svg(checked_sources(game_folder(job.game)), job.id)
        elif job.format == "svg":
            data = f'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><!-- {job.path} --></svg>\n'.encode()
        else:
            data = f"%PDF-1.7\n% a placeholder for {job.path}\n".encode()
        target = output / job.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        pages = PLACEHOLDER_PAGES.get(job.kind, 1) if job.format == "pdf" else None
        records.append(
            Artefact(
                path=job.path, game=job.game, kind=job.kind, format=job.format, bytes=len(data), sha256=digest(data),
                paper=job.paper, lang=job.lang, pages=pages, ink=job.ink, variant=job.variant, id=job.id, size=job.size,
            )
        )
    return records


def _built_site(folder: Path) -> list:
    """Build the site into ``folder/out`` (once per session: every xdist worker sees the same folder); the planned jobs."""
    from boardgen.site import build_site

    ready = folder / "jobs.pickle"
    with open(folder / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds, the other waits for it
        if not ready.exists():
            jobs = planned_jobs(folder / "cache")
            build_site(site_records(folder / "out", jobs), folder / "out")
            part = ready.with_name("jobs.part")
            part.write_bytes(pickle.dumps(jobs))
            part.replace(ready)
    return pickle.loads(ready.read_bytes())


@pytest.fixture(scope="module")
def rules_site(tmp_path_factory) -> tuple[Path, list]:
    """(output folder with the site built, the build's planned jobs), shared by the session's workers."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "shared-rules-site"
    folder.mkdir(exist_ok=True)
    jobs = _built_site(folder)
    return folder / "out", jobs


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched



@pytest.fixture(scope="module")
def server(rules_site) -> Iterator[str]:
    """A static web server of the output folder on 127.0.0.1 (a free port); its base URL."""
    with serving(rules_site[0]) as base:
        yield base


# -- one visit ------------------------------------------------------------------------------------


# Any address but the page's folder on disk, the local server and data: URLs: a request leaving the machine.
OFF_THE_MACHINE = re.compile(r"^(?!file:|data:|http://127\.0\.0\.1[:/])")


class Visit:
    """A new browser context and page at one width and locale that notes console errors and refuses requests off the machine."""

    def __init__(self, browser, width: int, locale: str) -> None:
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.context = browser.new_context(viewport={"width": width, "height": HEIGHT}, locale=locale)
        self.context.route(OFF_THE_MACHINE, self._refuse)  # matched in the browser's driver: the site's own requests go straight through
        self.page = self.context.new_page()
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("requestfailed", lambda request: self.failed.append(request.url))

    def _refuse(self, route) -> None:
        self.outside.append(route.request.url)
        route.abort()

    def close(self) -> None:
        self.context.close()


def file_of(url: str, output: Path, server: str) -> Path:
    """The file of the output folder that a page's URL (from disk or from the server) names."""
    if url.startswith(server):
        return output / unquote(url[len(server):].split("#")[0])
    return Path(unquote(urlsplit(url).path))


# Every diagram of the rules: the picture shown (the others of a diagram that plays are hidden
# positions), loaded in full, with its size, inside the window's width, not hidden by any style.
DIAGRAMS = """async () => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const figure of document.querySelectorAll('article.rules figure.rules-diagram')) {
    const shown = [...figure.querySelectorAll('img')].filter(img => !img.hidden);
    const img = shown[0];
    if (!img) { found.push({id: figure.dataset.diagram, shown: 0}); continue; }
    img.loading = 'eager';
    let decoded = true;
    try { await img.decode(); } catch (e) { decoded = false; }
    img.scrollIntoView({block: 'center'});
    const box = img.getBoundingClientRect();
    const style = getComputedStyle(img);
    let hidden = false;
    for (let node = img; node && node !== document; node = node.parentNode) {
      const s = getComputedStyle(node);
      if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) === 0) { hidden = true; }
    }
    found.push({id: figure.dataset.diagram, shown: shown.length, decoded, natural: [img.naturalWidth, img.naturalHeight],
                box: [box.left, box.right, box.width, box.height], width, hidden, src: img.currentSrc,
                attrs: [+img.getAttribute('width'), +img.getAttribute('height')]});
  }
  window.scrollTo(0, 0);
  return found;
}"""
WIDTH = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth, document.body.scrollWidth]"
SHOWN = """f => { const img = [...f.querySelectorAll('img.step')].find(i => !i.hidden && i.getBoundingClientRect().height > 0);
  return img ? img.decode().then(() => [img.dataset.step, img.currentSrc, img.alt, img.naturalWidth], () => [img.dataset.step, img.currentSrc, img.alt, 0]) : null; }"""


def check_diagrams(visit: Visit, where: str) -> int:
    found = visit.page.evaluate(DIAGRAMS)
    assert found, f"{where}: no diagram"
    for seen in found:
        name = f"{where}: diagram {seen['id']}"
        assert seen["shown"] == 1, f"{name}: {seen['shown']} pictures shown"
        assert seen["decoded"] and min(seen["natural"]) > 0, f"{name}: {seen['src'][:80]} did not load"
        left, right, width, height = seen["box"]
        assert width > 50 and height > 50 and not seen["hidden"], f"{name}: not visible ({seen['box']})"
        assert left >= 0 and right <= seen["width"] + 0.5, f"{name}: {left:.0f}..{right:.0f} px, the window is {seen['width']} px"
        assert abs(width / height - seen["attrs"][0] / seen["attrs"][1]) < 0.02, f"{name}: drawn out of its proportions"
    return len(found)


def check_steps(visit: Visit, output: Path, server: str, where: str, first_only: bool = False) -> int:
    """Each diagram that plays (``first_only``: the first): previous by click, previous by key, next by key and click, back to the booklet's picture."""
    page = visit.page
    figures = page.locator("article.rules figure[data-moves]")
    for index in range(min(figures.count(), 1) if first_only else figures.count()):
        figure = figures.nth(index)
        moves = int(figure.get_attribute("data-moves") or 0)
        name = f"{where}: diagram {figure.get_attribute('data-diagram')}"
        previous, next_ = figure.locator(".steps button").first, figure.locator(".steps button").last
        counter = figure.locator(".steps span")
        seen = [(figure.evaluate(SHOWN), counter.text_content())]
        assert seen[0][0] and seen[0][0][0] == str(moves) and next_.is_disabled(), f"{name}: not at its last move first"
        previous.click()
        seen.append((figure.evaluate(SHOWN), counter.text_content()))
        page.keyboard.press("ArrowLeft")  # the focus is on "previous": the keys step too
        seen.append((figure.evaluate(SHOWN), counter.text_content()))
        expected = [str(moves), str(moves - 1), str(moves - 2)]
        assert [shown[0] if shown else None for shown, _ in seen] == expected, f"{name}: {seen}"
        for (before, said_before), (after, said_after) in zip(seen, seen[1:]):
            assert after[3] > 0, f"{name}: {after[1]} did not load"
            assert after[2] != before[2] and said_after != said_before, f"{name}: the words did not change"
            assert file_of(after[1], output, server).read_bytes() != file_of(before[1], output, server).read_bytes(), f"{name}: the same picture"
        page.keyboard.press("ArrowRight")  # wherever the focus went when "previous" was disabled, inside the figure
        assert figure.evaluate(SHOWN)[0] == str(moves - 1), f"{name}: ArrowRight did not step"
        next_.focus()
        page.keyboard.press("Enter")  # the button itself, by keyboard
        assert figure.evaluate(SHOWN)[0] == str(moves) and counter.text_content() == seen[0][1], f"{name}: not back at the end"
        assert next_.is_disabled() and not previous.is_disabled()
    return figures.count()


def expected_picks(jobs: list, game: str, lang: str, paper: str) -> list[str]:
    """What the build's plan says a visitor of ``lang`` on ``paper`` wants first: the default board, the booklet in ``lang``, the pieces."""
    from boardgen.registry import get_game

    info = get_game(game)
    full = [job for job in jobs if job.game == game and job.paper == paper and job.format == "pdf" and job.ink == "full" and job.variant is None]
    boards = [job.path for job in full if job.kind == "board" and job.size in (None, info.default_size)]
    booklets = [job.path for job in full if job.kind == "booklet" and job.lang == lang]
    pieces = [job.path for job in full if job.kind == "pieces"]
    assert len(boards) == 1 and len(booklets) == 1 and len(pieces) <= 1, (game, lang, paper, boards, booklets, pieces)
    return boards + booklets + pieces


def check_picks(visit: Visit, jobs: list, game: str, lang: str, paper: str, where: str, switch: bool) -> None:
    """The downloads for ``paper`` shown first, on the first screen; with ``switch``, one click shows the other paper's."""
    page, other = visit.page, "letter" if paper == "a4" else "a4"
    for shown, hidden in ((paper, other), (other, paper)) if switch else ((paper, other),):
        assert page.locator(f"#paper-{shown}").is_visible() and not page.locator(f"#paper-{hidden}").is_visible(), f"{where}: {shown} not shown"
        links = page.locator(f"#paper-{shown} a.pick")
        hrefs = [href.removeprefix("../") for href in links.evaluate_all("links => links.map(a => a.getAttribute('href'))")]
        assert hrefs == expected_picks(jobs, game, lang, shown), where
        assert links.nth(1).get_attribute("hreflang") == TAGS[lang], f"{where}: the booklet is not in the page's language"
        box = links.first.bounding_box()
        assert box is not None and box["y"] < HEIGHT, f"{where}: the first download is below the first screen"
        if shown == paper and switch:
            page.locator(f"#paper-{shown} a.paper-other").click()


def axe_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(node["html"][:160] for node in v["nodes"][:3]) for v in results.response["violations"]]


def check_width(visit: Visit, width: int, where: str) -> None:
    scroll, client, body = visit.page.evaluate(WIDTH)
    assert client == width and scroll <= client and body <= client, f"{where}: {max(scroll, body)} px wide"


def _visits() -> list[tuple[str, str, str]]:
    """(game, language, how) of each page visited: every page once, opened from disk or over HTTP in turn.

    The two ways alternate along the games and between a game's two pages, so
    each game is opened both ways (one language each) and each language from
    disk on half the games and over HTTP on the other half: the template, the
    script and the stylesheets are one for all pages, and what differs
    between the two ways (the addresses, the browser's language and so its
    paper, axe) is tried on every game and in both languages.
    """
    return [(game, lang, HOWS[(number + LANGS.index(lang)) % 2]) for number, game in enumerate(GAMES) for lang in LANGS]


@pytest.mark.parametrize(("game", "lang", "how"), _visits())
def test_a_rules_page_on_a_phone_and_a_desktop(rules_site, browser, server, game, lang, how):
    """One visit, the window a phone's then a desktop's: every check at both widths, axe at one (over HTTP)."""
    output, jobs = rules_site
    base = output.as_uri() + "/" if how == "file" else server
    name = PAGES[lang].format(game=game)
    locale, paper = LOCALES[how]
    visit = Visit(browser, WIDTHS[0], locale)
    try:
        response = visit.page.goto(base + name, wait_until="load")
        assert response is None or response.status == 200, name
        for width in WIDTHS:
            where = f"{name} ({how}, {width} px, {locale})"
            visit.page.set_viewport_size({"width": width, "height": HEIGHT})
            check_width(visit, width, where)
            check_diagrams(visit, where)
            # Every diagram steps at the phone's width; at the desktop's (the same script and frames), the first one.
            check_steps(visit, output, server, where, first_only=width != WIDTHS[0])
            check_picks(visit, jobs, game, lang, paper, where, switch=width == WIDTHS[-1])
            check_width(visit, width, f"{where}, the other paper shown")
            if how == "http" and width == AXE_WIDTH[lang]:  # over HTTP: from disk, axe could not read the stylesheets (CORS)
                assert axe_violations(visit.page) == [], where
        assert visit.errors == [] and visit.failed == [], f"{name} ({how}): {visit.errors} {visit.failed}"
        assert visit.outside == [], f"{name} ({how}): asked for {visit.outside}"
    finally:
        visit.close()


@pytest.mark.parametrize(("name", "width"), [("index.html", 390), ("en/index.html", 1280), ("hex.html", 390), ("en/hex.html", 1280)])
def test_axe_finds_nothing_on_the_home_pages_and_a_download_page(browser, server, name, width):
    """The home pages, and a game's downloads with "More formats" unfolded (the booklets' table, the groups of links)."""
    visit = Visit(browser, width, "pt-BR")
    try:
        visit.page.goto(server + name, wait_until="load")
        more = visit.page.locator("#more-formats > summary")
        if more.count():
            more.click()
            assert visit.page.locator("table.editions").is_visible()
        assert axe_violations(visit.page) == [], (name, width)
        assert visit.errors == [] and visit.outside == [], (name, width)
    finally:
        visit.close()


def test_axe_does_find_what_it_is_asked_to_find(browser):
    """The check above is not empty: a picture without words and a page without a language are violations."""
    visit = Visit(browser, WIDTHS[0], "pt-BR")
    try:
        visit.page.set_content('<!DOCTYPE html><html><head><title>t</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></main></body></html>')
        found = {violation.split(" ", 1)[0] for violation in axe_violations(visit.page)}
        assert {"image-alt", "html-has-lang"} <= found, found
    finally:
        visit.close()


def test_every_diagram_that_plays_is_on_its_page(rules_site):
    """The step-through above is tried on every diagram the build drew positions for (and there are some in most games)."""
    from boardgen.booklet.build import game_folder
    from boardgen.booklet.markdown_source import DiagramRef
    from boardgen.site.rules_page import checked_sources, game_frames

    output, _ = rules_site
    assert len(GAMES) >= 12
    playing = 0
    for game in GAMES:
        sources = checked_sources(game_folder(game))
        frames = game_frames(game_folder(game), sources)
        for lang in LANGS:
            html = (output / PAGES[lang].format(game=game)).read_text(encoding="utf-8")
            shown = [item.id for section in sources.languages[lang].sections for item in section.items if isinstance(item, DiagramRef)]
            assert html.count(" data-moves=") == sum(ident in frames for ident in shown), (game, lang)
            playing += html.count(" data-moves=")
    assert playing >= 20


# -- the views kept between builds (boardgen serve builds every page again on each save) ------------


def test_a_rules_view_is_kept_until_its_text_changes(tmp_path, monkeypatch):
    """The same view for an unchanged text (no Markdown rendered again); a new one, with the new words, once the text is saved."""
    import shutil

    import boardgen.booklet.build
    from boardgen.booklet.build import game_folder
    from boardgen.site.rules_page import rules_part

    folder = tmp_path / "texts" / "hex"
    shutil.copytree(game_folder("hex"), folder)
    monkeypatch.setattr(boardgen.booklet.build, "game_folder", lambda game: tmp_path / "texts" / game)
    pages = {lang: PAGES[lang].format(game="hex") for lang in LANGS}
    first = rules_part("hex", "en", [], pages["en"], pages)
    assert first is not None and rules_part("hex", "en", [], pages["en"], pages) is first
    assert rules_part("hex", "pt", [], pages["pt"], pages) is not first  # each page its own view
    text = folder / "en.md"
    words = text.read_text(encoding="utf-8")
    marker = "A sentence the saved text has now."
    first_paragraph = words.index("\n\n", words.index("\n+++\n# ")) + 2
    text.write_text(words[:first_paragraph] + marker + " " + words[first_paragraph:], encoding="utf-8")
    second = rules_part("hex", "en", [], pages["en"], pages)
    assert second is not None and second is not first
    def words_of(view) -> str:  # the text's paragraphs, without the soft hyphens the renderer puts in
        return "".join(str(block.html) for section in view.sections for block in section.blocks if block.kind == "text").replace("\u00ad", "")

    assert marker in words_of(second) and marker not in words_of(first)
    assert [figure.src[:22] for figure in second.figures] == ["data:image/svg+xml;bas"] * len(second.figures)  # no file recorded: the drawing inside the page
