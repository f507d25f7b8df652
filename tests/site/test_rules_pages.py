"""The rules on each game's page: the booklet's text, diagrams, captions, contents and sources (docs/site.md, "The rules").

Most tests build the site once from synthetic records (every game, a
made-up file per diagram of its text, as tests/site/conftest.py does) and
compare each page with the booklet's own document model
(:func:`boardgen.booklet.document.pair_sections`), never with a hand list.
One test makes a real small output folder with ``boardgen build --only hex
--kind diagrams,site`` and checks that the page shows the very files the
build wrote, at their size.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
import subprocess
import sys
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from boardgen.booklet.build import game_folder, load_checked
from boardgen.booklet.check import GameSources
from boardgen.registry import all_games
from boardgen.site.catalogue import Artefact, digest
from tests.site.html_reader import VOID
from tests.site.html_reader import plain as _plain

GAMES = sorted(game.id for game in all_games() if (game_folder(game.id) / "en.md").is_file())
LANGS = ("pt", "en")
PAGES = {"pt": "{game}.html", "en": "en/{game}.html"}


def plain(text: str) -> str:
    """Text as a reader sees it (tests.site.html_reader.plain), without the zero-width non-joiners that break a ligature."""
    return _plain(text.replace("\u200c", ""))


@dataclass
class Figure:
    id: str
    attrs: dict[str, str]
    img: dict[str, str] = field(default_factory=dict)
    caption: str = ""


@dataclass
class RulesPart:
    """What a reader of a page finds in its rules article (and the page's ids, links and alternates)."""

    headings: list[tuple[int, str]] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    toc: list[str] = field(default_factory=list)  # the contents' link targets
    ids: list[str] = field(default_factory=list)  # of the whole page
    fragments: list[str] = field(default_factory=list)  # every href="#..." of the whole page
    alternates: dict[str, str] = field(default_factory=dict)  # hreflang -> href of <link rel="alternate">
    switch: dict[str, str] = field(default_factory=dict)
    stylesheets: list[str] = field(default_factory=list)
    text: str = ""


class _RulesReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.part = RulesPart()
        self.depth = 0  # inside <article class="rules">: its nesting depth, 0 outside
        self.stack: list[str] = []
        self.heading: tuple[int, list[str]] | None = None
        self.caption: list[str] | None = None
        self.in_toc = False
        self.in_switch = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.part.ids.append(values["id"])
        href = values.get("href", "")
        if tag == "a" and href.startswith("#"):
            self.part.fragments.append(href[1:])
        if tag == "link" and values.get("rel") == "alternate":
            self.part.alternates[values["hreflang"]] = href
        if tag == "link" and values.get("rel") == "stylesheet":
            self.part.stylesheets.append(href)
        if tag == "article" and "rules" in values.get("class", "").split():
            self.depth = 1
            return
        if not self.depth or tag in VOID or tag == "col":
            if self.depth and tag == "img" and self.part.figures:
                self.part.figures[-1].img = values
            return
        self.depth += 1
        if tag == "nav":
            self.in_toc = True
        elif tag == "p" and "rules-switch" in values.get("class", ""):
            self.in_switch = True
        elif tag == "a" and self.in_toc:
            self.part.toc.append(href[1:])
        elif tag == "a" and self.in_switch:
            self.part.switch = values
        elif re.fullmatch(r"h[1-6]", tag):
            self.heading = (int(tag[1]), [])
        elif tag == "figure":
            self.part.figures.append(Figure(values.get("data-diagram", ""), values))
        elif tag == "figcaption":
            self.caption = []
        elif tag == "span" and "figure-label" in values.get("class", "") and self.caption is not None:
            self.caption.append("\0")  # the label's words are cut off below

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        self.depth -= 1
        if tag == "nav":
            self.in_toc = False
        elif tag == "p":
            self.in_switch = False
        elif re.fullmatch(r"h[1-6]", tag) and self.heading:
            self.part.headings.append((self.heading[0], plain("".join(self.heading[1]))))
            self.heading = None
        elif tag == "figcaption" and self.caption is not None:
            text = "".join(self.caption)
            self.part.figures[-1].caption = plain(re.sub(r"\0[^.]*\.", "", text))
            self.caption = None

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        self.text.append(data)
        if self.heading:
            self.heading[1].append(data)
        if self.caption is not None:
            self.caption.append(data)


def read_rules(path: Path) -> RulesPart:
    reader = _RulesReader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    reader.part.text = plain(" ".join(reader.text))
    return reader.part


@cache
def checked(game: str) -> GameSources:
    return load_checked(game_folder(game))


@cache
def booklet_figures(game: str, lang: str) -> list[tuple[str, str]]:
    """(id, caption as a reader sees it) of every diagram of the booklet in ``lang``, from its document model."""
    from boardgen.booklet.document import FigureRow, pair_sections

    source = checked(game).languages[lang]
    citations = {ref.key: (n, f"src-{lang}-{ref.key}") for n, ref in enumerate(source.meta.sources, start=1)}
    env = {"folder": checked(game).folder, "citations": citations, "lang": lang}
    sections = pair_sections(checked(game), [source], {lang: env})
    return [(row.id, plain(re.sub(r"<[^>]+>", "", str(row.captions[0].html)))) for section in sections for row in section.rows if isinstance(row, FigureRow)]


def _file(output: Path, path: str, **fields) -> Artefact:
    data = f"{path}\n".encode()
    (output / path).parent.mkdir(parents=True, exist_ok=True)
    (output / path).write_bytes(data)
    return Artefact(path=path, bytes=len(data), sha256=digest(data), **fields)


def every_game_records(output: Path) -> list[Artefact]:
    """A board for every game with rule texts, and a file for each of its diagrams but one (which the page must still show)."""
    records = []
    for game in GAMES:
        records.append(_file(output, f"boards/{game}-a4.pdf", game=game, kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full"))
        for ident in sorted(checked(game).diagrams)[1:]:
            records.append(_file(output, f"diagrams/{game}/file-{ident}.svg", game=game, kind="diagram", format="svg", lang="pt+en", id=ident))
    return records


@pytest.fixture(scope="module")
def every_game_site(tmp_path_factory) -> tuple[Path, list[Artefact]]:
    from boardgen.site import build_site

    output = tmp_path_factory.mktemp("rules-site")
    records = every_game_records(output)
    build_site(records, output)
    return output, records


GAME_LANGS = [(game, lang) for game in GAMES for lang in LANGS]


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_the_rules_carry_every_heading_of_the_text_in_order(every_game_site, game, lang):
    output, _ = every_game_site
    part = read_rules(output / PAGES[lang].format(game=game))
    source = checked(game).languages[lang]
    expected = [(section.level + 2, plain(section.plain_title)) for section in source.sections if section.level]
    rules_title, contents, *text_headings = part.headings
    assert rules_title[0] == 2 and contents[0] == 3
    assert text_headings[: len(expected)] == expected
    assert [level for level, _ in text_headings[len(expected) :]] == [3]  # the sources list closes it


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_the_rules_show_every_diagram_of_the_booklet_with_its_caption_and_size(every_game_site, game, lang):
    output, records = every_game_site
    page = output / PAGES[lang].format(game=game)
    part = read_rules(page)
    assert [(figure.id, figure.caption) for figure in part.figures] == booklet_figures(game, lang)
    files = {record.id: record.path for record in records if record.game == game and record.kind == "diagram"}
    for number, figure in enumerate(part.figures, start=1):
        img = figure.img
        assert int(img["width"]) > 50 and int(img["height"]) > 50, (game, figure.id)
        assert img["alt"].startswith(("Diagrama " if lang == "pt" else "Diagram ") + f"{number}: ") and len(img["alt"]) > 20
        if figure.id in files:  # the build's file, found by its record's id
            assert (page.parent / img["src"]).resolve() == (output / files[figure.id]).resolve()
        else:  # no file recorded: the same drawing, inside the page
            assert img["src"].startswith("data:image/svg+xml;base64,")


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_the_contents_and_every_anchor_of_the_page_lead_somewhere(every_game_site, game, lang):
    output, _ = every_game_site
    part = read_rules(output / PAGES[lang].format(game=game))
    assert len(part.ids) == len(set(part.ids)), sorted(i for i in part.ids if part.ids.count(i) > 1)
    missing = [fragment for fragment in part.fragments if fragment not in part.ids]
    assert not missing
    source = checked(game).languages[lang]
    toc_titles = [plain(s.plain_title) for s in source.sections if s.level in (1, 2)]
    assert len(part.toc) == len(toc_titles) + (1 if source.meta.sources else 0)
    headings_by_anchor = dict(zip(part.toc, toc_titles))
    assert all(anchor in part.ids for anchor in headings_by_anchor)


@pytest.mark.parametrize("game", GAMES)
def test_the_two_languages_pages_point_at_each_other(every_game_site, game):
    output, _ = every_game_site
    pt, en = (output / PAGES[lang].format(game=game) for lang in LANGS)
    pt_part, en_part = read_rules(pt), read_rules(en)
    assert (pt.parent / pt_part.alternates["en"]).resolve() == en.resolve()
    assert (en.parent / en_part.alternates["pt-BR"]).resolve() == pt.resolve()
    assert (pt.parent / pt_part.switch["href"]).resolve() == en.resolve() and pt_part.switch["hreflang"] == "en"
    assert (en.parent / en_part.switch["href"]).resolve() == pt.resolve() and en_part.switch["hreflang"] == "pt-BR"
    for page, part in ((pt, pt_part), (en, en_part)):
        assert any((page.parent / sheet).resolve() == (output / "assets/rules.css").resolve() for sheet in part.stylesheets)


def test_the_rules_say_what_the_text_says_with_its_sources(every_game_site):
    """Hex's rules in English: the swap rule's words, a citation number linked to its entry, the sources list."""
    output, _ = every_game_site
    html = (output / "en/hex.html").read_text(encoding="utf-8")
    part = read_rules(output / "en/hex.html")
    assert "swap" in part.text.lower() and "**" not in part.text
    source = checked("hex").languages["en"]
    assert re.search(r'<a href="#rules-src-[a-z]+">\d+</a>', html)
    for number, ref in enumerate(source.meta.sources, start=1):
        assert f'<li id="rules-src-{ref.key}">' in html
        if ref.url:
            assert ref.url in html


def test_the_print_stylesheet_keeps_the_rules_only(every_game_site):
    """assets/rules.css is the template's file; its print part hides the page's frame and keeps diagrams whole."""
    output, _ = every_game_site
    css = (output / "assets/rules.css").read_text(encoding="utf-8")
    printing = css[css.index("@media print") :]
    for hidden in (".site-header", ".site-footer", "nav"):
        assert hidden in printing.split("display: none")[0]
    assert ".rules-diagram { break-inside: avoid" in printing
    assert '.rules a[href^="#"]::after { content: none; }' in printing or 'a[href^="#"]::after { content: none; }' in printing


def test_a_rule_text_that_fails_the_check_fails_the_page_too(tmp_path, monkeypatch):
    """An illegal move in a copied Hex text: no page, and the check's own file:line in the error."""
    import boardgen.booklet.build
    from boardgen.booklet.problems import ProblemsError
    from boardgen.site import build_site

    folder = tmp_path / "texts" / "hex"
    shutil.copytree(game_folder("hex"), folder)
    diagrams = (folder / "diagrams.md").read_text(encoding="utf-8")
    broken = re.sub(r"(?m)^moves: .*$", "moves: a1 a1", diagrams, count=1)
    assert broken != diagrams
    (folder / "diagrams.md").write_text(broken, encoding="utf-8")
    monkeypatch.setattr(boardgen.booklet.build, "game_folder", lambda game: tmp_path / "texts" / game)
    output = tmp_path / "out"
    records = [_file(output, "boards/hex-a4.pdf", game="hex", kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full")]
    with pytest.raises(ProblemsError) as raised:
        build_site(records, output)
    assert "diagrams.md:" in str(raised.value)
    assert not (output / "en/hex.html").exists()


@pytest.fixture(scope="module")
def hex_build(tmp_path_factory) -> Path:
    """A real output folder: ``boardgen build --only hex --kind diagrams,site``."""
    output = tmp_path_factory.mktemp("hex-build") / "out"
    done = subprocess.run([sys.executable, "-m", "boardgen", "build", "--only", "hex", "--kind", "diagrams,site", "-o", str(output)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return output


def test_a_real_build_shows_the_files_it_wrote_at_their_size(hex_build):
    """Every diagram of the page is its file, byte for byte the booklet's drawing, at its size."""
    from boardgen.booklet.build import diagram_svg

    for lang in LANGS:
        page = hex_build / PAGES[lang].format(game="hex")
        part = read_rules(page)
        assert [figure.id for figure in part.figures] == [ident for ident, _ in booklet_figures("hex", lang)]
        for figure in part.figures:
            file = (page.parent / figure.img["src"]).resolve()
            data = file.read_bytes()
            assert file.parent == (hex_build / "diagrams/hex").resolve() and data == diagram_svg(checked("hex"), figure.id)
            width, height = _svg_size(data)
            assert (int(figure.img["width"]), int(figure.img["height"])) == (round(width * 96 / 25.4), round(height * 96 / 25.4))


def test_a_diagram_of_moves_has_a_picture_of_each_position(hex_build):
    """Hex's "opening" plays d4 e3 c5: the positions after 0, 1 and 2 moves, drawn by the engine, then the diagram itself."""
    from boardgen.booklet.diagrams.check import Defaults, replay_diagram
    from boardgen.booklet.diagrams.render import diagram_drawing
    from boardgen.booklet.diagrams.syntax import Located
    from boardgen.drawing.svg import render_svg

    html = (hex_build / "en/hex.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure class="rules-diagram" id="diagram-opening".*?</figure>', html, re.DOTALL)
    assert figure and 'data-moves="3"' in figure.group(0)
    steps = re.findall(r'<img class="step" src="([^"]+)" alt="([^"]+)"[^>]*data-step="(\d)"( hidden)?>', figure.group(0))
    assert [(number, hidden) for _, _, number, hidden in steps] == [("0", " hidden"), ("1", " hidden"), ("2", " hidden"), ("3", "")]
    assert steps[1][1].startswith("Diagram 2, after 1 of 3 moves: ") and steps[-1][1].startswith("Diagram 2: ")
    game = checked("hex")
    spec = game.diagrams["opening"].spec
    terms = {lang: (source.meta.colours, source.meta.pieces) for lang, source in game.languages.items()}
    for count, (src, _, _, _) in enumerate(steps[:-1]):
        shorter = replay_diagram(replace(spec, moves=Located(spec.move_texts[:count], 0)), Defaults("hex", game.defaults.size, game.defaults.variant), lambda *problem: None)
        assert shorter is not None and len(shorter.played) == count
        assert (hex_build / "en" / src).resolve().read_bytes() == render_svg(diagram_drawing(shorter, terms))
    assert '<script src="../assets/rules.js" defer></script>' in html


def test_the_reader_steps_through_the_moves_by_click_and_by_keyboard(hex_build):
    """In Chromium: the last position first (the booklet's), then previous/next by button and arrow keys, one picture shown at a time."""
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_FLAGS, require_tool

    chromium = require_tool("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_FLAGS))
        try:
            page = browser.new_context(viewport={"width": 390, "height": 800}).new_page()
            errors: list[str] = []
            page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto((hex_build / "en/hex.html").resolve().as_uri())
            figure = page.locator("figure[data-diagram=opening]")

            def shown() -> list[bool]:
                return figure.evaluate("f => [...f.querySelectorAll('img.step')].map(i => i.getBoundingClientRect().height > 0)")

            assert shown() == [False, False, False, True] and figure.locator(".steps span").text_content() == "Move 3 of 3"
            figure.get_by_role("button", name="Previous move").click()
            assert shown() == [False, False, True, False] and figure.locator(".steps span").text_content() == "Move 2 of 3"
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowLeft")
            assert shown() == [True, False, False, False] and figure.get_by_role("button", name="Previous move").is_disabled()
            page.keyboard.press("ArrowRight")  # the focus moved to "next" when "previous" was disabled
            assert shown() == [False, True, False, False]
            figure.get_by_role("button", name="Next move").click()
            figure.get_by_role("button", name="Next move").click()
            assert shown() == [False, False, False, True] and figure.get_by_role("button", name="Next move").is_disabled()
            assert page.evaluate("document.documentElement.scrollWidth") <= 390 and not errors
        finally:
            browser.close()


def _svg_size(data: bytes) -> tuple[float, float]:
    """An SVG file's width and height in mm, from its root element."""
    root = re.search(rb"<svg[^>]*>", data)
    assert root
    width = re.search(rb'\swidth="([\d.]+)mm"', root.group(0))
    height = re.search(rb'\sheight="([\d.]+)mm"', root.group(0))
    assert width and height
    return float(width.group(1)), float(height.group(1))


def test_a_headings_anchor_is_its_words_and_never_taken_twice():
    from boardgen.site.rules_page import OWN_IDS, _unique, slug

    assert slug("A regra da troca") == "a-regra-da-troca" and slug("Peças para recortar") == "pecas-para-recortar"
    assert slug("Beginners’ mistakes") == "beginners-mistakes" and slug("“!”") == "section"
    taken = set(OWN_IDS)
    assert [_unique(slug(title), taken) for title in ("Rules", "Variants", "Variants", "Variants")] == ["rules-2", "variants", "variants-2", "variants-3"]
