"""The site's pages and manifest, made from a small synthetic list of records (tests/site/conftest.py).

What a reader and another website depend on: every file is offered on its
game's page in both languages, each link saying what it downloads; every
relative link leads to a file that is there; the pages are accessible in the
ways a program can check (lang, alt text, headings in order); the manifest
lists everything and is the same bytes every time.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from boardgen.booklet.build import game_folder
from boardgen.site.catalogue import Artefact, digest
from tests.site.html_reader import Page, is_external, plain, read_page, target

GAME_PAGES = {("pt", "hex"): "hex.html", ("en", "hex"): "en/hex.html", ("pt", "brax"): "brax.html", ("en", "brax"): "en/brax.html"}
HOMES = {"pt": "index.html", "en": "en/index.html"}
TAGS = {"pt": "pt-BR", "en": "en"}


def pages_of(output: Path) -> list[Path]:
    return sorted(output.rglob("*.html"))


def downloads(page: Page, output: Path) -> dict[str, str]:
    """Path (relative to the output folder) -> text of each link on the page to a file that is not a page."""
    found = {}
    for link in page.links:
        if is_external(link.href) or link.href.startswith("#"):
            continue
        path, _ = target(page.path, output, link.href)
        if not path.endswith(".html"):
            found[path] = link.text
    return found


def more_formats(path: Path) -> Page:
    """The "More formats" block of a game page: every file of the game, folded."""
    return read_page(path, '<details class="more"', "</details>")


def picks(path: Path, paper: str) -> Page:
    """The downloads a game page offers first for ``paper`` ("a4", "letter")."""
    return read_page(path, f'<div class="paper-choice" id="paper-{paper}"', "</div>")


def front_matter(game: str, lang: str) -> dict:
    text = (game_folder(game) / {"pt": "pt-BR.md", "en": "en.md"}[lang]).read_text(encoding="utf-8")
    return tomllib.loads(text.split("+++")[1])


# -- every record on its pages -----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_record_is_offered_on_its_games_page_with_its_size_and_pages(synthetic_site, lang):
    output, records, _ = synthetic_site
    for game in ("hex", "brax"):
        page = read_page(output / GAME_PAGES[lang, game])
        offered = downloads(page, output)
        mine = [r for r in records if r.game == game]
        assert set(offered) >= {r.path for r in mine}, f"{page.path}: missing {sorted({r.path for r in mine} - set(offered))}"
        more = more_formats(page.path)
        hrefs = [target(page.path, output, link.href)[0] for link in more.links if not link.href.startswith("#")]
        # under "More formats", every file but the diagrams (shown as pictures below) once
        assert sorted(hrefs) == sorted(r.path for r in mine if r.kind != "diagram"), f"{page.path}: a file missing or offered twice under More formats"
        for record in mine:
            words = offered[record.path]
            assert record.format.upper() in words, words
            if record.pages is not None:
                assert f"{record.pages} {'page' if lang == 'en' else 'página'}" in words, words
            if record.kind != "diagram":  # a diagram is shown as a picture
                assert record.path.rsplit("/", 1)[1] in page.text  # the file's name, as the booklets cite it


def test_a_links_text_says_what_it_downloads_in_the_pages_language(synthetic_site):
    output, _, _ = synthetic_site
    pt = downloads(read_page(output / "hex.html"), output)
    en = downloads(read_page(output / "en/hex.html"), output)
    assert en["boards/hex-11-a4.pdf"] == "Board, A4, PDF, 1 page, 48 KB"
    assert pt["boards/hex-11-a4.pdf"] == "Tabuleiro, A4, PDF, 1 página, 48 KB"
    assert en["boards/hex-11-letter.svg"] == "Board, Letter, SVG, 116 KB"
    assert pt["boards/hex-11-letter.svg"] == "Tabuleiro, Carta, SVG, 116 KB"
    assert en["boards/hex-11-a4-light.pdf"] == "Board, A4, ink-saving, PDF, 1 page, 21 KB"
    assert en["boards/hex-11-poster-tiled-a4.pdf"] == "Tiled poster, A4, PDF, 7 pages, 64 KB"
    assert en["booklets/hex-pt-en-a5.pdf"] == "Booklet, bilingual, A5, PDF, 24 pages, 1.2 MB"
    assert pt["booklets/hex-pt-en-a5.pdf"] == "Livreto, bilíngue, A5, PDF, 24 páginas, 1,2 MB"
    assert en["booklets/hex-pt-en-a5-imposed-a4.pdf"] == "Booklet to fold, bilingual, A5 on A4 sheets, PDF, 8 pages, 1.0 MB"
    assert en["booklets/hex-en-a5.pdf"] == "Booklet, in English, A5, PDF, 16 pages, 150 KB"
    assert pt["booklets/hex-pt-a5.pdf"] == "Livreto, em português, A5, PDF, 17 páginas, 151 KB"
    # a link in the booklets' table says it all too, though its cell shows only the part its headers do not
    assert en["booklets/hex-en-a5-imposed-letter-light.pdf"] == "Booklet to fold, in English, A5 on Letter sheets, ink-saving, PDF, 4 pages, 610 KB"
    assert pt["booklets/hex-en-a5-imposed-letter-light.pdf"] == "Livreto para dobrar, em inglês, A5 em folhas Carta, edição econômica, PDF, 4 páginas, 610 KB"
    assert en["booklets/hex-pt-en-a5-noswap.pdf"] == "Booklet, bilingual, A5, without the swap, PDF, 22 pages, 1.1 MB"
    assert en["diagrams/hex/not-in-the-text.svg"] == "Diagram 3, SVG, 900 bytes"


def test_a_single_language_booklet_link_names_its_language(synthetic_site):
    output, _, _ = synthetic_site
    page = read_page(output / "hex.html")
    by_path = {target(page.path, output, link.href)[0]: link for link in page.links if not is_external(link.href)}
    assert by_path["booklets/hex-en-a5.pdf"].attrs.get("hreflang") == "en"
    assert by_path["booklets/hex-pt-a5.pdf"].attrs.get("hreflang") == "pt-BR"
    assert "hreflang" not in by_path["booklets/hex-pt-en-a5.pdf"].attrs


def test_downloads_are_grouped_under_the_headings_the_booklets_name(synthetic_site):
    """A booklet's "Making your own" sends the reader to "Boards" / "Tabuleiros" on the game's page (docs/series.md)."""
    output, _, _ = synthetic_site
    assert read_page(output / "hex.html").headings[1] == (2, "Tabuleiros")  # the first thing under the game's name
    assert read_page(output / "en/hex.html").headings[1] == (2, "Boards")
    more = [text for _, text in more_formats(output / "en/hex.html").headings]
    assert more == ["Print on one sheet", "Cut out the pieces", "Print big", "Save ink", "Make a booklet", "Play with pen and paper"]
    assert [text for _, text in more_formats(output / "hex.html").headings] == ["Imprimir numa folha", "Recortar as peças", "Imprimir grande", "Gastar menos tinta", "Fazer um livreto", "Jogar com caneta e papel"]
    assert "How to print" in [text for _, text in read_page(output / "en/hex.html").headings]
    brax = [text for _, text in more_formats(output / "en/brax.html").headings]
    assert "Play with pen and paper" not in brax and "Keep score" in brax  # Brax has no pen-and-paper sheet, a record sheet
    groups = {heading: [] for heading in more}
    html = (output / "en/hex.html").read_text(encoding="utf-8")
    for heading in more:  # which files each group holds: the ink-saving board under "Save ink", the poster under "Print big"...
        part = html[html.index(f">{heading}</h3>") :]
        part = part[: part.index("<h3", 1)] if "<h3" in part[1:] else part[: part.index("</details>")]
        groups[heading] = sorted(href.removeprefix("../") for href in re.findall(r'href="([^"#]+)"', part))
    assert groups["Save ink"] == ["boards/hex-11-a4-light.pdf", "boards/hex-11-pieces-a4-light.pdf"]
    assert groups["Print big"] == ["boards/hex-11-poster-tiled-a4.pdf"]
    assert groups["Play with pen and paper"] == ["boards/hex-11-pen-x4-letter.pdf"]
    assert groups["Print on one sheet"] == ["boards/hex-11-a4.pdf", "boards/hex-11-a4.svg", "boards/hex-11-letter.pdf", "boards/hex-11-letter.svg"]
    assert groups["Cut out the pieces"] == ["boards/hex-11-pieces-a4.pdf", "boards/hex-11-pieces-letter.pdf"]
    assert "booklets/hex-pt-en-a5-noswap.pdf" in groups["Make a booklet"] and "booklets/hex-pt-a5.pdf" in groups["Make a booklet"]  # the table is there


# What the booklets' table's headers say of a record, in each language.
COLUMN = {"pt": {"pt+en": "Bilíngue", "pt": "Português", "en": "Inglês"}, "en": {"pt+en": "Bilingual", "pt": "Portuguese", "en": "English"}}
INK = {"pt": {"full": "Normal", "light": "Econômica"}, "en": {"full": "Full ink", "light": "Ink-saving"}}
ROWS = {
    "pt": ["A5", "A4", "Carta", "A5 para dobrar, em folhas A4", "A5 para dobrar, em folhas Carta"],
    "en": ["A5", "A4", "Letter", "A5 to fold, on A4 sheets", "A5 to fold, on Letter sheets"],
}
NONE = {"pt": "não há", "en": "none"}


def _row_of(record: Artefact, lang: str) -> str:
    place = (record.kind, record.paper)
    return ROWS[lang][[("booklet", "a5"), ("booklet", "a4"), ("booklet", "letter"), ("booklet-imposed", "a4"), ("booklet-imposed", "letter")].index(place)]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_booklets_table_puts_every_edition_under_its_paper_ink_and_language(synthetic_site, lang):
    """Rows: A5, A4, Letter, A5 folded on A4 and on Letter, each in full ink then ink-saving; columns: bilingual, Portuguese, English."""
    from tests.site.conftest import MISSING_EDITION, hex_editions

    output, records, _ = synthetic_site
    page = read_page(output / GAME_PAGES[lang, "hex"])
    assert len(page.tables) == 1
    head, *rows = page.tables[0]
    assert [cell.text for cell in head] == [{"pt": "Papel", "en": "Paper"}[lang], {"pt": "Tinta", "en": "Ink"}[lang], *COLUMN[lang].values()]
    assert all(cell.tag == "th" and cell.attrs["scope"] == "col" for cell in head)
    by_path = {record.path: record for record in records}
    placed = {}
    for row in rows:
        paper, ink, *cells = row
        assert (paper.tag, paper.attrs["scope"], ink.tag, ink.attrs["scope"]) == ("th", "row", "th", "row")
        for column, cell in zip(head[2:], cells):
            assert cell.tag == "td" and cell.attrs["data-label"] == column.text  # the label a narrow screen shows
            if not cell.links:
                assert cell.text == NONE[lang]
                placed[(paper.text, ink.text, column.text)] = None
                continue
            (link,) = cell.links
            record = by_path[target(page.path, output, link.href)[0]]
            assert (paper.text, ink.text, column.text) == (_row_of(record, lang), INK[lang][record.ink], COLUMN[lang][record.lang]), record.path
            assert cell.text == f"{link.text} {record.path.rsplit('/', 1)[1]}"  # the link, then the file's name
            placed[(paper.text, ink.text, column.text)] = record.path
    # every paper in full ink then ink-saving, every cell once, in the readers' order
    assert [(row[0].text, row[1].text) for row in rows] == [(paper, ink) for paper in ROWS[lang] for ink in INK[lang].values()]
    assert len(placed) == len(rows) * 3 and set(filter(None, placed.values())) == set(hex_editions())
    assert [key for key, path in placed.items() if path is None] == [(ROWS[lang][4], INK[lang]["light"], COLUMN[lang]["pt"])]
    assert MISSING_EDITION not in by_path
    # a booklet of a variant has no cell: it is listed under "Other editions"
    assert "booklets/hex-pt-en-a5-noswap.pdf" not in placed.values() and "booklets/hex-pt-en-a5-noswap.pdf" in downloads(page, output)


def test_a_game_with_one_booklet_gets_a_table_of_one_cell(synthetic_site):
    """Brax has one booklet (Letter, bilingual, full ink): the table shows only what there is, nothing empty."""
    output, _, _ = synthetic_site
    head, *rows = read_page(output / "en/brax.html").tables[0]
    assert [cell.text for cell in head] == ["Paper", "Ink", "Bilingual"]
    assert [[cell.text for cell in row] for row in rows] == [["Letter", "Full ink", "Booklet, bilingual, Letter, PDF, 12 pages, 300 KB brax-pt-en-letter.pdf"]]
    # no ink-saving edition, so no word on what one is; Hex's page, which has them, explains it
    assert "<dt>Ink-saving</dt>" not in (output / "en/brax.html").read_text(encoding="utf-8")
    assert "<dt>Ink-saving</dt>" in (output / "en/hex.html").read_text(encoding="utf-8")
    assert "<dt>Edição econômica</dt>" in (output / "hex.html").read_text(encoding="utf-8")


def test_diagrams_come_in_the_booklets_order_with_their_captions(synthetic_site):
    """The booklet shows "board" before "swap": so does the page, each with its caption from the rule text."""
    output, _, _ = synthetic_site
    captions = example_captions(output / "en/hex.html")
    assert len(captions) == 3
    assert captions[0].startswith("A 7 × 7 board.") and captions[0].endswith("Diagram 1, SVG, 27 KB")
    assert "Diagram 2, SVG, 29 KB" in captions[1] and "swap" in captions[1].lower()
    assert captions[2] == "Diagram 3, SVG, 900 bytes"  # a diagram the text does not show: listed, no caption


def test_a_diagram_is_captioned_by_its_records_id_not_by_its_file_name(tmp_path):
    """The record's ``id`` is the diagram's id in the text; the file may be called anything."""
    from dataclasses import replace

    from boardgen.site import build_site
    from tests.site.conftest import synthetic_records

    records = synthetic_records(tmp_path)
    renamed = [replace(r, id="board") if r.path == "diagrams/hex/swap.svg" else replace(r, id=None) if r.path == "diagrams/hex/board.svg" else r for r in records]
    build_site(renamed, tmp_path)
    captions = example_captions(tmp_path / "en/hex.html")
    assert captions[0].startswith("A 7 × 7 board.") and captions[0].endswith("Diagram 1, SVG, 29 KB")  # swap.svg, id "board"
    assert "Diagram 2, SVG, 27 KB" in captions and "Diagram 3, SVG, 900 bytes" in captions  # board.svg without an id: no caption
    manifest = {item["path"]: item for item in json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["artefacts"]}
    assert (manifest["diagrams/hex/swap.svg"]["id"], manifest["diagrams/hex/board.svg"]["id"], manifest["boards/hex-11-a4.pdf"]["id"]) == ("board", None, None)


def test_the_cover_diagram_is_captioned_as_the_cover(synthetic_site):
    """Brax's cover diagram appears in no section of the text, so it has no caption there: the page says what it is."""
    output, _, _ = synthetic_site
    assert example_captions(output / "en/brax.html") == ["The picture on the booklet’s cover. Diagram 1, SVG, 31 KB"]
    assert example_captions(output / "brax.html") == ["A imagem da capa do livreto. Diagrama 1, SVG, 31 KB"]


def test_the_page_says_what_the_booklet_says(synthetic_site):
    """Players, time, ages and the rules described come from the booklet's front matter, rendered as Markdown."""
    output, _, _ = synthetic_site
    for lang in ("pt", "en"):
        meta = front_matter("hex", lang)
        html = (output / GAME_PAGES[lang, "hex"]).read_text(encoding="utf-8")
        page = read_page(output / GAME_PAGES[lang, "hex"])
        for key in ("players", "time", "ages"):
            assert meta[key] in page.text
        note = plain(meta["variant_note"].replace("**", ""))
        assert note in page.text
        assert "<strong>" in html and "**" not in html  # the Markdown was rendered
        sources = list(dict.fromkeys(link.href for link in page.links if is_external(link.href)))  # the rules' sources (some listed twice in them)
        assert [s["url"] for s in meta["sources"] if "url" in s] == sources


def test_the_home_page_lists_every_game_with_its_picture_name_players_and_summary(synthetic_site):
    from boardgen.registry import get_game

    output, _, _ = synthetic_site
    for lang, path in HOMES.items():
        page = read_page(output / path)
        for game in ("brax", "hex"):
            info = get_game(game)
            assert info.title[lang] in [text for _, text in page.headings]
            assert info.summary[lang] in page.text
            assert any(target(page.path, output, img["src"])[0] == f"assets/thumbnails/{game}.svg" for img in page.images)
            assert any(target(page.path, output, link.href)[0] == GAME_PAGES[lang, game] for link in page.links)
        assert ("Jogadores: 2" if lang == "pt" else "Players: 2") not in page.text  # a label and its value are separate cells
        assert ("Jogadores" if lang == "pt" else "Players") in page.text


# -- links, images, accessibility --------------------------------------------------------------------


def test_every_relative_link_and_image_leads_to_a_file_that_exists(synthetic_site):
    output, _, _ = synthetic_site
    checked = 0
    for path in pages_of(output):
        page = read_page(path)
        for href in [link.href for link in page.links] + [img["src"] for img in page.images] + page.stylesheets:
            if is_external(href):
                continue
            assert not href.startswith("/"), f"{path}: {href} is not relative"
            resolved, fragment = target(path, output, href)
            assert (output / resolved).is_file(), f"{path}: {href} leads to {resolved}, which does not exist"
            if fragment:
                assert fragment in read_page(output / resolved).ids, f"{path}: {href}: no id {fragment!r} there"
            checked += 1
    assert checked > 100


def test_every_image_has_alternative_text(synthetic_site):
    output, _, _ = synthetic_site
    for path in pages_of(output):
        for img in read_page(path).images:
            assert img.get("alt", "").strip(), f"{path}: {img}"
    page = read_page(output / "hex.html")
    assert page.images[0]["alt"] == "Tabuleiro de Hex 11 × 11"
    assert read_page(output / "en/hex.html").images[0]["alt"] == "Hex 11 × 11 board"
    assert read_page(output / "en/brax.html").images[0]["alt"] == "Brax board"


def test_every_page_says_its_language_and_links_to_the_other(synthetic_site):
    output, _, _ = synthetic_site
    for path in pages_of(output):
        if path.name == "404.html":
            continue  # in both languages: tested below
        page = read_page(path)
        lang = "en" if path.relative_to(output).parts[0] == "en" else "pt"
        assert page.lang == TAGS[lang], path
        other = "pt" if lang == "en" else "en"
        switch = [link for link in page.links if link.attrs.get("hreflang") == TAGS[other] and link.attrs.get("lang") == TAGS[other]]
        assert len(switch) == 1, path
        counterpart, _ = target(path, output, switch[0].href)
        name = path.relative_to(output).as_posix().removeprefix("en/")
        assert counterpart == (name if other == "pt" else f"en/{name}")


def test_headings_go_down_one_level_at_a_time(synthetic_site):
    output, _, _ = synthetic_site
    for path in pages_of(output):
        levels = [level for level, _ in read_page(path).headings]
        assert levels[0] == 1 and levels.count(1) == 1, (path, levels)
        for before, after in zip(levels, levels[1:]):
            assert after <= before + 1, (path, levels)


def test_one_small_script_and_nothing_from_the_network(synthetic_site):
    """The paper chooser is the only script: inline, on game pages offering two papers, and the page works without it."""
    output, _, _ = synthetic_site
    for path in [*pages_of(output), output / "assets/site.css"]:
        text = path.read_text(encoding="utf-8")
        scripts = re.findall(r"<script[^>]*>", re.sub(r'<script src="(\.\./)?assets/rules\.js" defer></script>', "", text))
        assert scripts == (["<script>"] if path.name in ("hex.html", "brax.html") else []), path  # Brax: an A4 board, a Letter booklet; besides the rules' own file
        assert "javascript:" not in text
        assert "@import" not in text and "url(http" not in text and "@font-face" not in text
        if path.suffix == ".html":
            page = read_page(path)
            for href in [img["src"] for img in page.images] + page.stylesheets:
                assert not is_external(href) or href == "data:," or href.startswith("data:image/svg+xml;base64,"), (path, href)  # a data: URL is no request


def example_captions(path: Path) -> list[str]:
    """The captions of the "The diagrams as files" section: the page's figures but the rules' (tests/site/test_rules_pages.py)."""
    import re

    html = re.sub(r'<article class="rules".*?</article>', "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    cut = path.parent / f".{path.name}.examples.html"
    cut.write_text(html, encoding="utf-8")
    try:
        return read_page(cut).figcaptions
    finally:
        cut.unlink()


# -- records and manifest -----------------------------------------------------------------------------


def test_the_site_returns_a_record_of_every_file_it_wrote(synthetic_site):
    output, records, written = synthetic_site
    site_files = {p.relative_to(output).as_posix() for p in output.rglob("*") if p.is_file()} - {r.path for r in records}
    assert {r.path for r in written} == site_files
    for record in written:
        data = (output / record.path).read_bytes()
        assert (record.bytes, record.sha256) == (len(data), digest(data))
    kinds = {r.path: r.kind for r in written}
    assert kinds["manifest.json"] == "manifest" and kinds["assets/site.css"] == "style"
    assert kinds["assets/thumbnails/hex.svg"] == "thumbnail" and kinds["en/hex.html"] == "page"
    langs = {r.path: r.lang for r in written}
    assert (langs["index.html"], langs["en/index.html"], langs["hex.html"]) == ("pt", "en", "pt")


def test_the_manifest_lists_every_record_but_itself(synthetic_site):
    output, records, written = synthetic_site
    manifest = json.loads((output / "manifest.json").read_text(encoding="utf-8"))
    listed = [Artefact.from_json(item) for item in manifest["artefacts"]]
    assert listed == sorted(listed, key=lambda r: r.path)
    assert set(listed) == set(records) | {r for r in written if r.kind != "manifest"}
    assert [game["id"] for game in manifest["games"]] == ["brax", "hex"]
    assert manifest["games"][1]["pages"] == {"pt": "hex.html", "en": "en/hex.html"}


def test_same_records_same_bytes_whatever_their_order(synthetic_site, tmp_path):
    from boardgen.site import build_site

    output, records, written = synthetic_site
    shuffled = list(records)
    random.Random(7).shuffle(shuffled)
    other = tmp_path / "again"
    other.mkdir()
    again = build_site(shuffled, other)
    assert again == written
    for record in written:
        assert (other / record.path).read_bytes() == (output / record.path).read_bytes(), record.path


def test_a_rebuild_with_nothing_changed_rewrites_nothing(tmp_path):
    from boardgen.site import build_site
    from tests.site.conftest import synthetic_records

    records = synthetic_records(tmp_path)
    first = build_site(records, tmp_path)
    before = {r.path: os.stat(tmp_path / r.path).st_ino for r in first}
    second = build_site(records, tmp_path)
    assert second == first
    assert {r.path: os.stat(tmp_path / r.path).st_ino for r in second} == before  # write_atomic would make new inodes


def test_the_sites_own_records_given_back_are_not_listed_twice(synthetic_site, tmp_path):
    """The build may hand the site last run's records of pages and manifest: they are replaced, not repeated."""
    from boardgen.site import build_site

    _, records, written = synthetic_site
    from tests.site.conftest import synthetic_records

    fresh = synthetic_records(tmp_path)
    again = build_site([*fresh, *written], tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    paths = [item["path"] for item in manifest["artefacts"]]
    assert len(paths) == len(set(paths))
    assert again == written


def test_importing_boardgen_site_stays_light():
    """The build's planning imports boardgen.site: it must not pull in the templates, Markdown or drawing stacks."""
    code = "import sys, boardgen.site; print(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'markdown_it', 'svgwrite') or m.startswith('boardgen.site.build')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_game_without_a_rule_text_still_gets_its_pages(tmp_path, monkeypatch):
    """Players from the registry; no introduction, rules note, examples' captions or sources to show."""
    import boardgen.booklet.build
    from boardgen.site import build_site
    from tests.site.conftest import synthetic_records

    monkeypatch.setattr(boardgen.booklet.build, "game_folder", lambda game: tmp_path / "no-rules" / game)
    build_site(synthetic_records(tmp_path), tmp_path)
    page = read_page(tmp_path / "en/hex.html")
    headings = [text for _, text in page.headings]
    assert "Boards" in headings and "The game" not in headings and "Sources" not in headings
    assert "Players 2" in page.text and "Playing time" not in page.text
    assert len(page.figcaptions) == 3


def test_the_site_names_the_files_it_reads():
    """What a build must watch to know when the pages are out of date (besides the records)."""
    from boardgen.booklet.build import game_folder
    from boardgen.site.build import source_files

    records = synthetic_records_list()
    files = source_files(records)
    assert {path.name for path in files} >= {"base.html.j2", "home.html.j2", "game.html.j2", "site.css"}
    assert game_folder("hex") / "en.md" in files and game_folder("brax") / "pt-BR.md" in files
    assert not any("ringo" in path.parts for path in files)
    assert all(path.is_file() for path in files)


def synthetic_records_list() -> list[Artefact]:
    import tempfile

    from tests.site.conftest import synthetic_records

    with tempfile.TemporaryDirectory() as folder:
        return synthetic_records(Path(folder))


def test_boards_of_several_sizes_each_say_their_size(tmp_path):
    """Hex on 11 x 11 and 13 x 13: every board link names its size, smallest first; the manifest has it as a number."""
    from boardgen.site import build_site
    from tests.site.conftest import _file

    board = dict(game="hex", lang="pt+en", ink="full")
    records = [
        _file(tmp_path, "boards/hex-13-a4.pdf", kind="board", format="pdf", paper="a4", pages=1, bytes=26_000, size=13, **board),
        _file(tmp_path, "boards/hex-11-a4.pdf", kind="board", format="pdf", paper="a4", pages=1, bytes=25_000, size=11, **board),
        _file(tmp_path, "boards/hex-13-poster-tiled-a4.pdf", kind="poster", format="pdf", paper="a4", pages=9, bytes=70_000, size=13, **board),
        _file(tmp_path, "boards/hex-11-pen-x4-a4.pdf", kind="pen", format="pdf", paper="a4", pages=1, bytes=30_000, size=11, **board),
    ]
    build_site(records, tmp_path)
    en_page = read_page(tmp_path / "en/hex.html")
    en, pt = downloads(en_page, tmp_path), downloads(read_page(tmp_path / "hex.html"), tmp_path)
    assert en["boards/hex-11-a4.pdf"] == "Board, 11 × 11, A4, PDF, 1 page, 25 KB"
    assert pt["boards/hex-13-a4.pdf"] == "Tabuleiro, 13 × 13, A4, PDF, 1 página, 26 KB"
    assert en["boards/hex-13-poster-tiled-a4.pdf"] == "Tiled poster, 13 × 13, A4, PDF, 9 pages, 70 KB"
    order = [target(en_page.path, tmp_path, link.href)[0] for link in en_page.links if link.href.endswith("a4.pdf") and "/boards/" in "/" + link.href]
    assert order.index("boards/hex-11-a4.pdf") < order.index("boards/hex-13-a4.pdf")
    # the board offered first is the default size's (the booklet's), saying its size too
    assert [link.text for link in picks(en_page.path, "a4").links] == ["Board, 11 × 11, A4, PDF, 1 page, 25 KB"]
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert {record["path"]: record["size"] for record in manifest["artefacts"] if record["kind"] == "board"} == {"boards/hex-11-a4.pdf": 11, "boards/hex-13-a4.pdf": 13}
