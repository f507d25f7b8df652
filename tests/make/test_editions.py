"""The booklet editions of ``boardgen build``: bilingual and each language alone, on every paper, imposed, in both inks.

The whole set is tested by planning it (the job lists, no typesetting: the
rule texts are not even checked, since ``--kind boards`` is the selection);
one of each kind of edition is built, for Hex's English booklet on A5 and
imposed on A4, in full ink and ink-saving, and its site page read back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.make.cache import Cache
from boardgen.make.inputs import Inputs
from boardgen.make.plan import Job, PlanContext, Selection
from boardgen.make.booklets import offers_ink_saving, source_games
from boardgen.make.run import plan
from boardgen.site.catalogue import digest
from tests.site.html_reader import read_page, target

from .kit import build_json

# Every game with rule texts has booklets; the ten of issues 12-15 and Gamão (issue 16) at least.
GAMES = tuple(source_games())
assert {"assalto", "brax", "hex", "ringo", "surakarta", "trihex", "seega", "awele", "damas", "xadrez", "gamao", "nyout"} <= set(GAMES)
LANGS = {"pt-en": ("pt", "en"), "pt": ("pt",), "en": ("en",)}
INKS = {"": "full", "-light": "light"}


def expected_booklets(game: str) -> dict[str, tuple[str, str, str, str, str | None]]:
    """File name -> (kind, paper as recorded, lang, ink, the A5 file it imposes) of every booklet of ``game`` the build must plan."""
    found = {}
    for suffix, ink in INKS.items():
        if ink == "light" and not offers_ink_saving(game):
            continue  # its board saves no ink in light ink: no ink-saving edition (tests/make/test_ink_saving.py)
        for part, langs in LANGS.items():
            lang = "+".join(langs)
            for paper in ("a5", "a4", "letter"):
                found[f"{game}-{part}-{paper}{suffix}.pdf"] = ("booklet", paper, lang, ink, None)
            for sheet in ("a4", "letter"):
                found[f"{game}-{part}-a5-imposed-{sheet}{suffix}.pdf"] = ("booklet-imposed", sheet, lang, ink, f"booklets/{game}-{part}-a5{suffix}.pdf")
    return found


@pytest.fixture(scope="module")
def planned(tmp_path_factory) -> list[Job]:
    """The whole default plan, as ``boardgen build`` makes it before it makes anything."""
    from boardgen import __version__

    output = tmp_path_factory.mktemp("plan")
    return plan(PlanContext(Inputs(), Selection(parts=frozenset({"boards"})), Cache.load(output), __version__))


def test_the_plan_has_every_edition_of_every_games_booklet(planned):
    booklets = {job.path.removeprefix("booklets/"): job for job in planned if job.kind in ("booklet", "booklet-imposed")}
    wanted = {name: fields for game in GAMES for name, fields in expected_booklets(game).items()}
    assert sorted(booklets) == sorted(wanted)
    assert len(booklets) == sum(30 if offers_ink_saving(game) else 15 for game in GAMES)
    for name, (kind, paper, lang, ink, imposes) in wanted.items():
        job = booklets[name]
        assert (job.kind, job.paper, job.lang, job.ink, job.format) == (kind, paper, lang, ink, "pdf"), name
        if imposes is None:  # typeset from the texts, in its languages, on its paper, in its ink
            assert job.args == (job.game, tuple(lang.split("+")), paper, ink), name
            # the ink-saving edition repaints the full-ink one's drawings (one layout for both, boardgen/booklet/ink.py)
            assert job.needs == ((f"booklets/{name.removesuffix('-light.pdf')}.pdf",) if ink == "light" else ()), name
            assert f"rules:{job.game}:{lang}" in job.inputs and "templates" in job.inputs  # its own languages' texts
        else:  # the same edition's A5 pages, two-up on the sheet
            assert job.args == (paper,) and job.needs == (imposes,), name
            assert not any(source.startswith("rules:") for source in job.inputs)
    # a booklet in one language is expected to take less time than the bilingual one (the longest go first)
    assert booklets["hex-en-a5.pdf"].cost < booklets["hex-pt-en-a5.pdf"].cost


def test_every_planned_booklet_is_made_by_its_own_key(planned):
    """Full ink and ink-saving, one language or two: no two booklets share what their key is made of."""
    booklets = [job for job in planned if job.kind in ("booklet", "booklet-imposed")]
    made_of = {(job.task, repr(job.args), job.inputs, job.needs) for job in booklets}
    assert len(made_of) == len(booklets)


def test_diagram_records_carry_their_id(planned):
    diagrams = [job for job in planned if job.kind == "diagram"]
    assert all(job.id is not None and job.path == f"diagrams/{job.game}/{job.id}.svg" for job in diagrams)
    assert all(job.id is None for job in planned if job.kind != "diagram")


# -- one of each kind built ------------------------------------------------------------------------

ENGLISH_A5 = ["booklets/ringo-en-a5.pdf", "booklets/ringo-en-a5-light.pdf", "booklets/ringo-en-a5-imposed-a4.pdf", "booklets/ringo-en-a5-imposed-a4-light.pdf"]
LIGHT_COLOPHON = "Ink-saving edition"  # what the light edition's colophon says of itself (tests/booklet/test_editions.py)


def pdf_text(path: Path) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages)


def test_one_edition_of_each_kind_is_built_recorded_and_offered(capsys, tmp_path, monkeypatch):
    """Ringo's English booklet on A5 and imposed on A4, in full ink and ink-saving, and the site's page of them.

    One test, one build (four booklets, about 15 s of one core): under
    pytest-xdist a module fixture would be built once in each worker.
    """
    import boardgen.booklet.build as booklet_build
    import boardgen.make.booklets as build_booklets

    monkeypatch.setattr(booklet_build, "BOOKLET_PAPERS", ("a5",))
    monkeypatch.setattr(booklet_build, "IMPOSE_SHEETS", ("a4",))
    monkeypatch.setattr(build_booklets, "EDITION_LANGS", (("en",),))
    data = build_json(capsys, tmp_path, "--only", "ringo", "--kind", "booklets,site", "--jobs", "2")
    assert sorted(path for path in data["built"] if path.startswith("booklets/")) == sorted(ENGLISH_A5)

    # the records: what each file is, and its bytes
    records = {record["path"]: record for record in data["artefacts"]}
    expected = {
        "booklets/ringo-en-a5.pdf": ("booklet", "a5", "en", "full"),
        "booklets/ringo-en-a5-light.pdf": ("booklet", "a5", "en", "light"),
        "booklets/ringo-en-a5-imposed-a4.pdf": ("booklet-imposed", "a4", "en", "full"),
        "booklets/ringo-en-a5-imposed-a4-light.pdf": ("booklet-imposed", "a4", "en", "light"),
    }
    for path, fields in expected.items():
        record = records[path]
        assert (record["kind"], record["paper"], record["lang"], record["ink"]) == fields
        body = (tmp_path / path).read_bytes()
        assert (record["bytes"], record["sha256"], record["pages"]) == (len(body), digest(body), len(PdfReader(tmp_path / path).pages))

    # the files: in English only; the light ones (the imposed one too: its own ink's A5 pages) are the ink-saving edition
    texts = {path: pdf_text(tmp_path / path) for path in ENGLISH_A5}
    for path, text in texts.items():
        assert "Setup" in text and "Equipment" in text, path
        assert "Preparação" not in text and "O material" not in text, path
        assert LIGHT_COLOPHON not in text, path  # one layout for both inks: the light edition's text is the full one's
    assert texts["booklets/ringo-en-a5-light.pdf"] == texts["booklets/ringo-en-a5.pdf"]
    a5_light = len(PdfReader(tmp_path / "booklets/ringo-en-a5-light.pdf").pages)
    assert records["booklets/ringo-en-a5-imposed-a4-light.pdf"]["pages"] == 2 * -(-a5_light // 4)  # four A5 pages a sheet, two sides

    # the game's page: each file in the cell of its paper, ink and language, in both languages of the site
    for page, rows, column, inks in (
        ("ringo.html", ["A5", "A5 para dobrar, em folhas A4"], "Inglês", ["Normal", "Econômica"]),
        ("en/ringo.html", ["A5", "A5 to fold, on A4 sheets"], "English", ["Full ink", "Ink-saving"]),
    ):
        read = read_page(tmp_path / page)
        head, *body = read.tables[0]
        assert [cell.text for cell in head][2:] == [column]
        assert [(row[0].text, row[1].text) for row in body] == [(paper, ink) for paper in rows for ink in inks]
        assert [target(read.path, tmp_path, row[2].links[0].href)[0] for row in body] == ENGLISH_A5
        assert all(row[2].links[0].attrs.get("hreflang") == "en" for row in body)
    manifest = {item["path"]: item for item in json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))["artefacts"]}
    assert {path: manifest[path]["ink"] for path in ENGLISH_A5} == {path: fields[3] for path, fields in expected.items()}
