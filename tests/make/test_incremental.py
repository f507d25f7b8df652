"""An incremental build: only what changed is made, deleted and changed files are made again, unplanned ones removed.

Most tests start from Hex's boards and diagrams (``--only hex --kind
boards,diagrams``, a few seconds), built once a session and copied
(:func:`kit.shared_build`, :func:`kit.copy_build`); the Markdown edit builds
two games' default boards and English booklets on A5 only.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

import boardgen.make.steps as steps
from boardgen.make.cache import CACHE_NAME
from boardgen.site.catalogue import Artefact, digest

from .kit import HEX_BOARDS, HEX_BOOKLETS_A5, build_json, cache_of, copy_build, edit, files_of, run, shared_build

HEX_SMALL = ("--only", "hex", "--kind", "boards,diagrams")
HEX_BOARDS_ONLY = ("--only", "hex", "--kind", "boards")  # with STEPS cut down to the default boards: four files


def hex_small(factory, capsys) -> tuple[Path, dict]:
    """Hex's boards and diagrams, built once a session: (its folder, to read only; the build's JSON)."""
    return shared_build(factory, capsys, "hex-boards-diagrams", *HEX_SMALL)


def test_nothing_changed_makes_nothing_and_writes_nothing(capsys, tmp_path, tmp_path_factory):
    folder, first = hex_small(tmp_path_factory, capsys)
    tmp_path = copy_build(folder, tmp_path / "out")
    made = sorted(first["built"])
    assert made[: len(HEX_BOARDS)] == HEX_BOARDS and len(made) > len(HEX_BOARDS)  # and Hex's diagrams
    assert all(path.startswith("diagrams/hex/") for path in made[len(HEX_BOARDS) :])
    before = files_of(tmp_path)
    # a copy's files have new inodes, so its first build hashes each one, finds it as recorded and
    # writes only the cache with the new fingerprints (docs/build.md); from then on nothing is written
    status, out, err = run(capsys, "build", "-o", str(tmp_path), *HEX_SMALL)
    assert status == 0 and err == "" and files_of(tmp_path) == before, out
    cache_time = (tmp_path / CACHE_NAME).stat().st_mtime_ns
    time.sleep(0.01)
    status, out, err = run(capsys, "build", "-o", str(tmp_path), *HEX_SMALL)
    assert status == 0 and err == ""
    assert re.fullmatch(rf"{re.escape(str(tmp_path))}/: built 0 files, {len(made)} up to date, 0 removed, in \d+\.\d s\n", out), out
    assert files_of(tmp_path) == before and (tmp_path / CACHE_NAME).stat().st_mtime_ns == cache_time


def test_records_are_the_files(capsys, tmp_path_factory):
    tmp_path, data = hex_small(tmp_path_factory, capsys)
    assert [record["path"] for record in data["artefacts"]] == [Path(f["path"]).relative_to(tmp_path).as_posix() for f in data["files"]]
    for record in data["artefacts"]:
        path = tmp_path / record["path"]
        body = path.read_bytes()
        assert (record["bytes"], record["sha256"]) == (len(body), digest(body)), record["path"]
        assert record["pages"] == (len(PdfReader(path).pages) if path.suffix == ".pdf" else None), record["path"]
        assert record["game"] == "hex" and record["lang"] == "pt+en"
    kinds = {record["path"]: (record["kind"], record["format"], record["paper"], record["ink"]) for record in data["artefacts"]}
    assert kinds["boards/hex-11-a4.svg"] == ("board", "svg", "a4", "full")
    assert kinds["boards/hex-11-poster-tiled-letter.pdf"] == ("poster", "pdf", "letter", "full")
    assert kinds["boards/hex-11-pen-x4-a4.pdf"] == ("pen", "pdf", "a4", "full")
    assert kinds["diagrams/hex/swap.svg"] == ("diagram", "svg", None, None)
    ids = {record["path"]: record["id"] for record in data["artefacts"]}
    assert ids["diagrams/hex/swap.svg"] == "swap" and ids["boards/hex-11-a4.svg"] is None  # a diagram's id in the text, for the site
    poster = next(r for r in data["artefacts"] if r["path"] == "boards/hex-11-poster-tiled-a4.pdf")
    assert poster["pages"] > 1  # counted, not assumed


def test_a_deleted_or_changed_file_is_made_again_and_a_touched_one_is_not(capsys, tmp_path, tmp_path_factory):
    tmp_path = copy_build(hex_small(tmp_path_factory, capsys)[0], tmp_path / "out")
    deleted, changed, touched = tmp_path / "boards/hex-11-a4.pdf", tmp_path / "boards/hex-11-letter.svg", tmp_path / "diagrams/hex/swap.svg"
    original = {path: path.read_bytes() for path in (deleted, changed, touched)}
    deleted.unlink()
    body = bytearray(original[changed])
    body[-20] ^= 1  # same size, other bytes
    changed.write_bytes(bytes(body))
    later = time.time() + 5
    os.utime(touched, (later, later))  # other time, same bytes
    data = build_json(capsys, tmp_path, *HEX_SMALL)
    assert sorted(data["built"]) == ["boards/hex-11-a4.pdf", "boards/hex-11-letter.svg"]
    assert all(path.read_bytes() == body for path, body in original.items())
    again = build_json(capsys, tmp_path, *HEX_SMALL)  # the touched file's new time was recorded: one stat from now on
    assert again["built"] == [] and cache_of(tmp_path)["artefacts"]["diagrams/hex/swap.svg"]["mtime_ns"] == touched.stat().st_mtime_ns


def _hex_boards_but(name: str):
    def jobs(context):
        return (job for job in steps.board_jobs(context) if job.path != f"boards/{name}")

    return jobs


def test_a_file_no_job_makes_any_more_is_removed_and_nothing_else(capsys, tmp_path, monkeypatch):
    import tests.make.test_incremental as this

    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs",))
    build_json(capsys, tmp_path, "--only", "hex,trihex", "--kind", "boards")
    mine = tmp_path / "boards" / "my-notes.pdf"  # the user's, never recorded
    mine.write_bytes(b"mine")
    monkeypatch.setattr(this, "fewer_jobs", _hex_boards_but("hex-11-a4.svg"), raising=False)
    monkeypatch.setattr(steps, "STEPS", ("tests.make.test_incremental:fewer_jobs",))
    # a build of another game leaves Hex's file alone
    assert build_json(capsys, tmp_path, "--only", "trihex", "--kind", "boards")["removed"] == []
    assert (tmp_path / "boards/hex-11-a4.svg").is_file()
    status, out, err = run(capsys, "build", "-o", str(tmp_path), "--only", "hex", "--kind", "boards")
    assert status == 0, err
    assert f"removed {tmp_path / 'boards/hex-11-a4.svg'}\n" in out
    assert not (tmp_path / "boards/hex-11-a4.svg").exists() and mine.read_bytes() == b"mine"
    assert "boards/hex-11-a4.svg" not in cache_of(tmp_path)["artefacts"]
    assert "boards/trihex-11-a4.svg" in cache_of(tmp_path)["artefacts"]


def test_a_stray_diagram_is_removed_from_the_games_diagram_folder(capsys, tmp_path):
    """A renamed diagram leaves its old file in ``diagrams/GAME/``: that folder is the build's own, recorded or not."""
    stray = tmp_path / "diagrams" / "hex" / "renamed.svg"
    stray.parent.mkdir(parents=True)
    stray.write_text("<svg/>")
    other = tmp_path / "diagrams" / "hex" / "notes.txt"
    other.write_text("mine")
    data = build_json(capsys, tmp_path, "--only", "hex", "--kind", "diagrams")
    assert data["removed"] == ["diagrams/hex/renamed.svg"] and not stray.exists() and other.exists()


# -- the cache is never trusted ------------------------------------------------------------------


def _forge(folder: Path, change) -> None:
    path = folder / CACHE_NAME
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


CORRUPTIONS = {
    "not JSON": lambda folder: (folder / CACHE_NAME).write_bytes(b'{"tool": "boardgen build", "sch'),
    "not UTF-8": lambda folder: (folder / CACHE_NAME).write_bytes(b"\xff\xfe\x00"),
    "another schema": lambda folder: _forge(folder, lambda data: data.update(schema=99)),
    "another folder": lambda folder: _forge(folder, lambda data: data.update(output="/somewhere/else")),
    "a path outside": lambda folder: _forge(folder, lambda data: data["artefacts"].update({"../x": data["artefacts"]["boards/hex-11-a4.pdf"]})),
    "a wrong type": lambda folder: _forge(folder, lambda data: data["artefacts"]["boards/hex-11-a4.pdf"]["artefact"].update(bytes="24700")),
    "a bad sha256": lambda folder: _forge(folder, lambda data: data["artefacts"]["boards/hex-11-a4.pdf"]["artefact"].update(sha256="0" * 63)),
}


@pytest.mark.expect_warnings
@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_corrupt_or_foreign_cache_is_ignored_and_everything_made_again(capsys, tmp_path, monkeypatch, corruption):
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs",))
    first = build_json(capsys, tmp_path, *HEX_BOARDS_ONLY)
    assert len(first["built"]) == 4
    CORRUPTIONS[corruption](tmp_path)
    status, out, err = run(capsys, "build", "-q", "--json", "-o", str(tmp_path), *HEX_BOARDS_ONLY)
    assert status == 0, err
    assert err.startswith(f"boardgen: warning: ignoring the build cache {tmp_path / CACHE_NAME} (") and err.count("\n") == 1, err
    assert sorted(json.loads(out)["built"]) == sorted(first["built"])
    assert build_json(capsys, tmp_path, *HEX_BOARDS_ONLY)["built"] == []  # and the cache is good again


def test_a_cache_that_is_not_a_file_stops_the_build_before_any_work(capsys, tmp_path):
    (tmp_path / CACHE_NAME).mkdir()
    status, out, err = run(capsys, "build", "-o", str(tmp_path), "--only", "hex")
    assert (status, out) == (2, "")
    assert err == f"boardgen: error: {tmp_path / CACHE_NAME} is not a file; it is where the build keeps its records: move it away\n"
    assert files_of(tmp_path) == {}


def test_a_forged_record_cannot_remove_a_file_outside_the_folder(capsys, tmp_path, monkeypatch):
    """A well-formed cache naming a path through a symlink out of the folder: the build leaves the target alone."""
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs",))
    out = tmp_path / "out"
    build_json(capsys, out, *HEX_BOARDS_ONLY)
    victim = tmp_path / "elsewhere" / "precious.pdf"
    victim.parent.mkdir()
    victim.write_bytes(b"precious")
    (out / "boards" / "link").symlink_to(victim.parent)
    record = cache_of(out)["artefacts"]["boards/hex-11-a4.pdf"]
    record["artefact"].update(path="boards/link/precious.pdf", bytes=len(b"precious"), sha256=digest(b"precious"))
    _forge(out, lambda data: data["artefacts"].update({"boards/link/precious.pdf": record}))
    data = build_json(capsys, out, *HEX_BOARDS_ONLY)
    assert data["removed"] == [] and victim.read_bytes() == b"precious"


# -- one game's Markdown -------------------------------------------------------------------------

TWO_GAMES = ("--only", "hex,trihex")  # boards, booklets, diagrams and the site of two games
HEX_ENGLISH_A5 = ["booklets/hex-en-a5-imposed-a4.pdf", "booklets/hex-en-a5.pdf"]


def test_editing_one_games_markdown_makes_only_its_booklets_and_diagrams_again(capsys, tmp_path, home, a5_only, monkeypatch):
    """An edit of Hex's ``en.md`` remakes Hex's booklets and diagrams and the site; nothing of Trihex's, no board.

    Built: the default boards of both games (the other sizes, posters and
    pen sheets are more boards made by the same steps), their English
    booklets on A5 and imposed on A4 (English alone typesets in half the
    time of the bilingual booklet, and prints the edited text), their
    diagrams and the site.
    """
    import boardgen.make.booklets as build_booklets
    import boardgen.site as site

    monkeypatch.setattr(build_booklets, "EDITION_LANGS", (("en",),))
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs", "boardgen.make.booklets:booklet_jobs", "boardgen.make.booklets:diagram_jobs"))
    calls = []

    def build_site(records, output):
        calls.append(records)
        (output / "index.html").write_text("".join(f"{r.path} {r.bytes}\n" for r in records))
        return [Artefact(path="index.html", game=None, kind="page", format="html", bytes=0, sha256="")]

    monkeypatch.setattr(site, "build_site", build_site, raising=False)
    out = tmp_path / "out"
    first = build_json(capsys, out, *TWO_GAMES)
    hex_diagrams = sorted(p for p in first["built"] if p.startswith("diagrams/hex/"))
    assert len(calls) == 1 and hex_diagrams and set(HEX_ENGLISH_A5) <= set(first["built"])
    assert {"boards/hex-11-a4.pdf", "boards/trihex-11-a4.pdf", "booklets/trihex-en-a5.pdf"} <= set(first["built"])
    assert any(p.startswith("diagrams/trihex/") for p in first["built"])
    edit(home / "rules_text" / "hex" / "en.md", '"15 to 45 minutes"', '"15 to 50 minutes"')
    before = files_of(out)
    second = build_json(capsys, out, *TWO_GAMES)
    assert sorted(second["built"]) == sorted(HEX_ENGLISH_A5 + hex_diagrams + ["index.html"])
    changed = {path for path, mtime in files_of(out).items() if before.get(path) != mtime}
    assert changed == set(second["built"])
    assert "15 to 50 minutes" in PdfReader(out / "booklets/hex-en-a5.pdf").pages[0].extract_text()
    # the site was given every file's record, with the new booklet's
    assert len(calls) == 2 and {r.path: r.sha256 for r in calls[1]}["booklets/hex-en-a5.pdf"] == digest((out / "booklets/hex-en-a5.pdf").read_bytes())
    third = build_json(capsys, out, *TWO_GAMES)
    assert third["built"] == [] and len(calls) == 2


def test_editing_one_language_remakes_only_the_booklets_that_print_it(capsys, tmp_path, home, a5_only, monkeypatch):
    """An edit of ``pt-BR.md`` remakes the bilingual and Portuguese booklets; the English one is not touched.

    That is sound only if an English booklet never reads the Portuguese text:
    the English booklet typeset again after the edit has the same bytes.
    """
    import boardgen.make.booklets as build_booklets

    monkeypatch.setattr(build_booklets, "EDITION_LANGS", (("pt", "en"), ("pt",), ("en",)))
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.booklets:booklet_jobs",))
    out = tmp_path / "out"
    only_hex = ("--only", "hex", "--kind", "booklets")
    first = build_json(capsys, out, *only_hex)
    english = ["booklets/hex-en-a5.pdf", "booklets/hex-en-a5-imposed-a4.pdf"]
    portuguese = ["booklets/hex-pt-a5.pdf", "booklets/hex-pt-a5-imposed-a4.pdf"]
    assert set(english + portuguese + HEX_BOOKLETS_A5) == set(first["built"])
    english_bytes = (out / english[0]).read_bytes()
    edit(home / "rules_text" / "hex" / "pt-BR.md", "15 a 45 minutos", "15 a 50 minutos")
    second = build_json(capsys, out, *only_hex)
    assert sorted(second["built"]) == sorted(portuguese + HEX_BOOKLETS_A5)
    assert "15 a 50 minutos" in PdfReader(out / "booklets/hex-pt-a5.pdf").pages[0].extract_text()
    (out / english[0]).unlink()
    third = build_json(capsys, out, *only_hex)
    assert third["built"] == [english[0]]
    assert (out / english[0]).read_bytes() == english_bytes
