"""The downloads a game page offers first, its footer, its 404 page and its sitemap (synthetic records, tests/site/conftest.py).

A visitor sees first the board for their paper, the booklet in the page's
language for that paper and the pieces, each saying its size and pages; the
other paper is one click away; every file is still under "More formats".
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest

from boardgen.errors import BoardgenError
from boardgen.registry import all_games
from boardgen.site.words import LETTER_REGIONS
from tests.site.html_reader import is_external, read_page, target
from tests.site.test_pages import front_matter, pages_of, picks

# What each page offers first, for each paper: (path, link text).
EXPECTED = {
    ("en/hex.html", "a4"): [
        ("boards/hex-11-a4.pdf", "Board, A4, PDF, 1 page, 48 KB"),
        ("booklets/hex-en-a4.pdf", "Booklet, in English, A4, PDF, 8 pages, 111 KB"),
        ("boards/hex-11-pieces-a4.pdf", "Pieces to cut out, A4, PDF, 2 pages, 52 KB"),
    ],
    ("en/hex.html", "letter"): [
        ("boards/hex-11-letter.pdf", "Board, Letter, PDF, 1 page, 26 KB"),
        ("booklets/hex-en-letter.pdf", "Booklet, in English, Letter, PDF, 8 pages, 112 KB"),
        ("boards/hex-11-pieces-letter.pdf", "Pieces to cut out, Letter, PDF, 2 pages, 53 KB"),
    ],
    ("hex.html", "a4"): [
        ("boards/hex-11-a4.pdf", "Tabuleiro, A4, PDF, 1 página, 48 KB"),
        ("booklets/hex-pt-a4.pdf", "Livreto, em português, A4, PDF, 8 páginas, 106 KB"),
        ("boards/hex-11-pieces-a4.pdf", "Peças para recortar, A4, PDF, 2 páginas, 52 KB"),
    ],
    ("hex.html", "letter"): [
        ("boards/hex-11-letter.pdf", "Tabuleiro, Carta, PDF, 1 página, 26 KB"),
        ("booklets/hex-pt-letter.pdf", "Livreto, em português, Carta, PDF, 8 páginas, 107 KB"),
        ("boards/hex-11-pieces-letter.pdf", "Peças para recortar, Carta, PDF, 2 páginas, 53 KB"),
    ],
    # Brax has a board on A4 only and one booklet, bilingual, on Letter: each paper offers what it has
    ("en/brax.html", "a4"): [("boards/brax-a4.pdf", "Board, A4, PDF, 1 page, 40 KB")],
    ("en/brax.html", "letter"): [("booklets/brax-pt-en-letter.pdf", "Booklet, bilingual, Letter, PDF, 12 pages, 300 KB")],
}


@pytest.mark.parametrize(("page", "paper"), sorted(EXPECTED))
def test_the_first_downloads_are_the_pages_language_on_each_paper(synthetic_site, page, paper):
    output, records, _ = synthetic_site
    by_path = {record.path: record for record in records}
    found = picks(output / page, paper)
    offered = [(target(found.path, output, link.href)[0], link.text) for link in found.links if "paper-other" not in link.attrs.get("class", "")]
    assert offered == EXPECTED[page, paper]
    for path, _ in offered:  # the page's language, the paper, full ink, the booklet's own rules
        record = by_path[path]
        assert (record.paper, record.ink, record.variant, record.format) == (paper, "full", None, "pdf")
    other = [link for link in found.links if "paper-other" in link.attrs.get("class", "")]
    assert len(other) == 1 and other[0].href == f"#paper-{'letter' if paper == 'a4' else 'a4'}"  # the other paper, one click away
    assert target(found.path, output, other[0].href)[1] in read_page(output / page).ids


def test_the_first_downloads_come_first_and_a4_first_without_a_script(synthetic_site):
    """Right under the game's name and facts; the A4 block is the first in the markup, the one shown without a script."""
    output, _, _ = synthetic_site
    html = (output / "en/hex.html").read_text(encoding="utf-8")
    assert html.index('id="paper-a4"') < html.index('id="paper-letter"') < html.index('<details class="more"') < html.index('id="rules"')
    assert html.index("</h1>") < html.index('id="boards"') < html.index('class="board-picture"')
    css = (output / "assets/site.css").read_text(encoding="utf-8")
    assert ".get:not(.scripted) .paper-choice + .paper-choice { display: none; }" in css
    assert ".get:not(.scripted) .paper-choice:target { display: block; }" in css  # the other paper's link works without a script


def test_a_page_with_one_paper_has_no_switch_and_no_script(synthetic_site, tmp_path):
    from boardgen.site import build_site
    from tests.site.conftest import _file

    records = [_file(tmp_path, "boards/brax-a4.pdf", game="brax", kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full", bytes=40_000)]
    build_site(records, tmp_path)
    html = (tmp_path / "en/brax.html").read_text(encoding="utf-8")
    assert "<script" not in html and "paper-other" not in html
    assert [link.text for link in picks(tmp_path / "en/brax.html", "a4").links] == ["Board, A4, PDF, 1 page, 40 KB"]


def _script(html: str) -> str:
    return html[html.index("<script>") + len("<script>") : html.index("</script>")]


def test_the_script_knows_the_letter_regions(synthetic_site):
    output, _, _ = synthetic_site
    script = _script((output / "hex.html").read_text(encoding="utf-8"))
    assert f"var letter = {json.dumps(list(LETTER_REGIONS))};" in script
    assert {"US", "CA", "MX", "PH", "CL", "CO"} <= set(LETTER_REGIONS) and "BR" not in LETTER_REGIONS and "GB" not in LETTER_REGIONS


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's script")
def test_the_script_picks_letter_for_letter_countries_and_a4_elsewhere(synthetic_site):
    """The script's own function, run on browsers' language lists: the first tag naming a region decides."""
    output, _, _ = synthetic_site
    cases = {
        ("en-US",): "letter",
        ("en-CA", "fr-CA"): "letter",
        ("fr-CA",): "letter",
        ("es-MX",): "letter",
        ("es-CO",): "letter",
        ("es-cl",): "letter",
        ("en-PH",): "letter",
        ("pt-BR", "en-US"): "a4",
        ("pt-PT",): "a4",
        ("en-GB",): "a4",
        ("de-DE",): "a4",
        ("pt", "en-US"): "letter",  # "pt" names no country: the next tag does
        ("en",): "a4",
        ("zh-Hant-TW",): "a4",
        ("sr-Latn-US",): "letter",
        ("es-419",): "a4",
        (): "a4",
    }
    script = _script((output / "hex.html").read_text(encoding="utf-8"))
    program = script + f"\nconsole.log(JSON.stringify({json.dumps([list(tags) for tags in cases])}.map(boardgenPaperFor)));"
    result = subprocess.run(["node", "-e", program], capture_output=True, text=True, check=True, timeout=30)
    assert json.loads(result.stdout) == list(cases.values())


def test_every_record_is_still_linked_on_its_game_page_and_every_link_resolves(synthetic_site):
    output, records, _ = synthetic_site
    for game in ("hex", "brax"):
        for page in (f"{game}.html", f"en/{game}.html"):
            found = read_page(output / page)
            linked = {target(found.path, output, link.href)[0] for link in found.links if not is_external(link.href)}
            assert {r.path for r in records if r.game == game} <= linked, page
            assert all((output / path).is_file() for path in linked), page


# -- footer ----------------------------------------------------------------------------------------

DEVELOPER_WORDS = ("boardgen", "manifest", "json", "feito com", "made with", "estática", "static", "servidor", "server", "github")


def test_the_footer_speaks_to_players(synthetic_site):
    output, _, _ = synthetic_site
    for path in pages_of(output):
        footer = read_page(path, '<footer class="site-footer">', "</footer>")
        lowered = footer.text.lower()
        assert not [word for word in DEVELOPER_WORDS if word in lowered], (path, footer.text)
        lang = "en" if "/en/" in f"/{path.relative_to(output).as_posix()}" else "pt"
        assert ("100%" in footer.text) and (("MIT licence" if lang == "en" else "licença MIT") in footer.text), path
        targets = [target(path, output, link.href)[0] for link in footer.links if not link.href.startswith("http")]
        if path.name != "404.html":
            assert targets == ["boards/calibrate-a4.pdf", "boards/calibrate-letter.pdf", "manifest.json"], path
            sheet = "Printer self-test sheet" if lang == "en" else "Folha de teste da impressora"
            papers = ["A4", "Letter"] if lang == "en" else ["A4", "Carta"]
            assert [link.text.split(", PDF")[0] for link in footer.links] == [f"{sheet}, {paper}" for paper in papers] + [("For other websites" if lang == "en" else "Para outros sites")]


# -- 404 and sitemap ---------------------------------------------------------------------------------


def test_the_404_page_speaks_both_languages_and_links_both_homes(synthetic_site):
    output, _, written = synthetic_site
    page = read_page(output / "404.html")
    assert "Página não encontrada" in page.text and "Page not found" in page.text
    homes = {link.attrs.get("hreflang"): link.href for link in page.links if link.text in ("Todos os jogos", "All games")}
    assert homes == {"pt-BR": "index.html", "en": "en/index.html"}
    assert all((output / href).is_file() for href in homes.values())
    assert "404.html" in {record.path for record in written}
    assert not (output / "sitemap.xml").exists()  # no site address, no sitemap


def test_with_the_sites_address_the_404_links_are_absolute_and_a_sitemap_lists_every_page(tmp_path, monkeypatch):
    from boardgen.site import build_site
    from tests.site.conftest import synthetic_records

    monkeypatch.setenv("BOARDGEN_SITE_URL", "https://example.org/jogos")
    written = build_site(synthetic_records(tmp_path), tmp_path)
    assert "sitemap.xml" in {record.path for record in written}
    page = read_page(tmp_path / "404.html")
    assert {link.href for link in page.links if link.text in ("Todos os jogos", "All games")} == {"https://example.org/jogos/index.html", "https://example.org/jogos/en/index.html"}
    assert 'href="https://example.org/jogos/assets/site.css"' in (tmp_path / "404.html").read_text(encoding="utf-8")
    root = ElementTree.parse(tmp_path / "sitemap.xml").getroot()
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    assert root.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"
    locs = [url.find("s:loc", ns).text for url in root.findall("s:url", ns)]
    pages = sorted(path.relative_to(tmp_path).as_posix() for path in pages_of(tmp_path) if path.name != "404.html")
    assert sorted(locs) == sorted(f"https://example.org/jogos/{path}" for path in pages)
    for url in root.findall("s:url", ns):
        alternates = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
        assert set(alternates) == {"pt-BR", "en"} and url.find("s:loc", ns).text in alternates.values()


def test_a_bad_site_address_is_refused_naming_the_variable(tmp_path, monkeypatch):
    from boardgen.site import build_site
    from tests.site.conftest import synthetic_records

    monkeypatch.setenv("BOARDGEN_SITE_URL", "example.org")
    with pytest.raises(BoardgenError, match="BOARDGEN_SITE_URL"):
        build_site(synthetic_records(tmp_path), tmp_path)
    assert not (tmp_path / "index.html").exists()  # refused before any page is written


# -- words for the web and the facts of the home page ------------------------------------------------


def test_the_texts_words_for_itself_read_right_on_the_web(synthetic_site):
    """The page quotes the text as written: the texts say "este texto" (tests/booklet/test_language.py holds them to it)."""
    output, _, _ = synthetic_site
    for path in ("hex.html", "en/hex.html", "brax.html", "en/brax.html"):
        lowered = read_page(output / path).text.lower()
        assert "este livreto" not in lowered and "deste livreto" not in lowered and "this booklet" not in lowered, path
    assert "este texto" in read_page(output / "hex.html").text.lower()  # Hex's introduction speaks of it


def test_every_game_declares_its_players_and_playing_time_and_the_home_page_shows_them(synthetic_site):
    """The time is the rule text's front matter's (``time``), in each language: every game has one."""
    for game in all_games():
        for lang in ("pt", "en"):
            meta = front_matter(game.id, lang)
            assert meta.get("time", "").strip() and meta.get("players", "").strip(), (game.id, lang)
    output, _, _ = synthetic_site
    for lang, home in (("pt", "index.html"), ("en", "en/index.html")):
        text = read_page(output / home).text
        for game in ("hex", "brax"):
            assert front_matter(game, lang)["time"] in text and front_matter(game, lang)["players"] in text
