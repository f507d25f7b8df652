"""The build makes the printer self-test sheet per paper and each game's record sheet, and the site offers them.

The job list is cut down to these sheets (``print_sheet_jobs``), so the build
makes 16 small files and the site; the boards and booklets are other tests'.
"""

from __future__ import annotations

import boardgen.make.steps as steps
from boardgen.make.steps import BUILD_FORMATS, BUILD_PAPERS
from boardgen.sheets.records import games_with_records
from tests.site.html_reader import read_page, target

from .kit import build_json

CALIBRATION = sorted(f"boards/calibrate-{paper}.{fmt}" for paper in BUILD_PAPERS for fmt in BUILD_FORMATS)


def records_of(game: str) -> list[str]:
    return sorted(f"boards/{game}-record-{paper}.{fmt}" for paper in BUILD_PAPERS for fmt in BUILD_FORMATS)


def links_on(output, page_path: str) -> dict[str, str]:
    """Path -> text of every link of a page to a file that is no page."""
    page = read_page(output / page_path)
    found = {}
    for link in page.links:
        if link.href.startswith(("#", "http")):
            continue
        path, _ = target(page.path, output, link.href)
        if not path.endswith(".html"):
            found[path] = link.text
    return found


def test_the_sheets_are_built_recorded_and_offered(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:print_sheet_jobs",))
    data = build_json(capsys, tmp_path, "--kind", "boards,site")
    games = games_with_records()
    assert {"surakarta", "xadrez", "damas"} <= set(games)
    wanted = CALIBRATION + [path for game in games for path in records_of(game)]
    assert sorted(path for path in data["built"] if path.startswith("boards/")) == sorted(wanted)
    records = {record["path"]: record for record in data["artefacts"]}
    for path in CALIBRATION:
        record = records[path]
        assert (record["game"], record["kind"], record["paper"], record["lang"]) == (None, "calibration", path.split("-")[1].split(".")[0], "pt+en")
        assert (tmp_path / path).read_bytes().startswith(b"%PDF-" if path.endswith(".pdf") else b"<?xml")
    for game in games:
        for path in records_of(game):
            assert (records[path]["game"], records[path]["kind"]) == (game, "record")
            assert records[path]["pages"] == (1 if path.endswith(".pdf") else None)

    # the home page's and every game page's "how to print" link every self-test sheet, in the page's language
    for page, lang in (("index.html", "pt"), ("en/index.html", "en"), ("xadrez.html", "pt"), ("en/damas.html", "en")):
        links = links_on(tmp_path, page)
        assert set(CALIBRATION) <= set(links), page
        assert links["boards/calibrate-a4.pdf"].startswith("Folha de teste da impressora, A4, PDF, 1" if lang == "pt" else "Printer self-test sheet, A4, PDF, 1")
    # each game's page offers its own record sheet under its heading
    for game in games:
        en = read_page(tmp_path / f"en/{game}.html")
        assert (3, "Keep score") in en.headings and (3, "Anotar a partida") in read_page(tmp_path / f"{game}.html").headings
        links = links_on(tmp_path, f"en/{game}.html")
        assert set(records_of(game)) <= set(links)
        assert links[f"boards/{game}-record-letter.pdf"].startswith("Record sheet, Letter, PDF, 1 page")
        others = [path for path in links if "-record-" in path and not path.startswith(f"boards/{game}-")]
        assert others == [], others


def test_only_some_games_leaves_the_self_test_sheet_out(capsys, tmp_path, monkeypatch):
    """The self-test sheet is no game's: ``--only`` builds the games' files, like the site's own it belongs to a whole build."""
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:print_sheet_jobs",))
    data = build_json(capsys, tmp_path, "--only", "xadrez", "--kind", "boards")
    assert sorted(data["built"]) == records_of("xadrez")
