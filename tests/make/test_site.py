"""The site step: ``boardgen.site.build_site(records, output)`` called after every file, when the site package has it.

The site itself is another layer's; here it is a stub that writes a page per
call and says which records it was given.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

import boardgen.site as site
from boardgen.make.cache import CACHE_NAME
from boardgen.site.catalogue import Artefact, digest

from .kit import HEX_BOARDS, TRIHEX_BOARDS, build_json, cache_of, run

HEX_BOARDS_AND_SITE = ("--only", "hex", "--kind", "boards,site")


class StubSite:
    """A ``build_site`` that writes ``index.html`` (and ``games/hex.html`` unless told not to) and keeps every call's records."""

    def __init__(self) -> None:
        self.calls: list[list[Artefact]] = []
        self.pages = ["index.html", "games/hex.html"]

    def __call__(self, records: list[Artefact], output: Path) -> list[Artefact]:
        self.calls.append(records)
        made = []
        for page in self.pages:
            path = output / page
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(f"{record.path} {record.sha256}\n" for record in records))
            made.append(Artefact(path=page, game=None, kind="page", format="html", bytes=0, sha256="", lang="pt+en"))
        return made


@pytest.fixture
def stub(monkeypatch):
    builder = StubSite()
    monkeypatch.setattr(site, "build_site", builder, raising=False)
    return builder


def test_the_site_is_given_every_files_record_and_its_pages_are_recorded(capsys, tmp_path, stub):
    data = build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    assert len(stub.calls) == 1
    given = stub.calls[0]
    assert [record.path for record in given] == [record["path"] for record in data["artefacts"][: len(HEX_BOARDS)]]
    assert sorted(record.path for record in given) == HEX_BOARDS
    for record in given:
        body = (tmp_path / record.path).read_bytes()
        assert (record.bytes, record.sha256) == (len(body), digest(body))
        assert record.pages == (len(PdfReader(tmp_path / record.path).pages) if record.format == "pdf" else None)
    # the pages are recorded as they are on disk, not as the site said
    pages = {record["path"]: record for record in data["artefacts"][len(HEX_BOARDS) :]}
    assert sorted(pages) == ["games/hex.html", "index.html"]
    for path, record in pages.items():
        body = (tmp_path / path).read_bytes()
        assert (record["bytes"], record["sha256"], record["kind"]) == (len(body), digest(body), "page")
    assert set(cache_of(tmp_path)["artefacts"]) == set(HEX_BOARDS) | set(pages)
    assert sorted(data["built"]) == sorted(HEX_BOARDS + list(pages))


def test_the_site_is_made_again_only_when_a_record_or_a_page_changed(capsys, tmp_path, stub):
    build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    again = build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    assert again["built"] == [] and len(stub.calls) == 1 and "index.html" in again["up_to_date"]
    # a board deleted and made again has the same bytes: the same records, the same site
    (tmp_path / "boards/hex-11-a4.pdf").unlink()
    assert build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)["built"] == ["boards/hex-11-a4.pdf"] and len(stub.calls) == 1
    # a page deleted: the site is made again
    (tmp_path / "games/hex.html").unlink()
    assert sorted(build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)["built"]) == ["games/hex.html", "index.html"] and len(stub.calls) == 2
    # a page the site no longer makes is removed
    stub.pages = ["index.html"]
    (tmp_path / "index.html").unlink()
    data = build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    assert data["built"] == ["index.html"] and data["removed"] == ["games/hex.html"]
    assert not (tmp_path / "games").exists() and "games/hex.html" not in cache_of(tmp_path)["artefacts"]


def test_the_site_is_made_again_when_its_address_changes(capsys, tmp_path, stub, monkeypatch):
    """``BOARDGEN_SITE_URL`` (the sitemap's addresses, docs/site.md) is part of the site step's key."""
    monkeypatch.delenv("BOARDGEN_SITE_URL", raising=False)
    build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    monkeypatch.setenv("BOARDGEN_SITE_URL", "https://example.org/jogos/")
    assert sorted(build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)["built"]) == ["games/hex.html", "index.html"] and len(stub.calls) == 2
    assert build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)["built"] == [] and len(stub.calls) == 2


def test_the_site_lists_what_the_folder_holds_whatever_only_says(capsys, tmp_path, stub):
    build_json(capsys, tmp_path, "--only", "hex", "--kind", "boards")
    assert stub.calls == []  # --kind without site: no site
    build_json(capsys, tmp_path, "--only", "trihex", "--kind", "boards,site")
    assert sorted(record.path for record in stub.calls[0]) == sorted(HEX_BOARDS + TRIHEX_BOARDS)


def test_without_build_site_the_build_makes_no_site(capsys, tmp_path, monkeypatch):
    monkeypatch.delattr(site, "build_site", raising=False)
    data = build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    assert sorted(data["built"]) == HEX_BOARDS
    assert sorted(p.name for p in tmp_path.iterdir()) == [CACHE_NAME, "boards"]


def test_a_page_the_site_reports_but_did_not_write_is_an_error(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(site, "build_site", lambda records, output: [Artefact("index.html", None, "page", "html", 0, "")], raising=False)
    status, out, err = run(capsys, "build", "-q", "-o", str(tmp_path), *HEX_BOARDS_AND_SITE)
    assert (status, out) == (2, "")
    assert err == f"boardgen: error: the site step reported index.html, which is not a file inside {tmp_path}\n"
    assert set(cache_of(tmp_path)["artefacts"]) == set(HEX_BOARDS)  # what was made is kept for the next build


def test_temporaries_a_killed_build_left_among_the_pages_are_removed(capsys, tmp_path, stub):
    build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    stale = tmp_path / "games" / ".hex.html.abcdefgh.tmp"  # write_atomic's name, left by a kill -9
    stale.write_bytes(b"half a page")
    moment = time.time() - 60
    os.utime(stale, (moment, moment))
    build_json(capsys, tmp_path, *HEX_BOARDS_AND_SITE)
    assert not stale.exists() and (tmp_path / "games" / "hex.html").is_file()
