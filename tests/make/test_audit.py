"""The audit: every file the site lists is read back and held to its record's promises before the site is written.

Two halves.  Real builds of a small part (Hex's boards, diagrams and site,
a few seconds) pass their audit, keep it in the cache and do not read a file
again; a build whose poster job draws the one-sheet board instead, or whose
cache lies about a file, stops with one line naming the file and the promise,
status 2, and no site.  Then each promise on its own
(:func:`boardgen.make.promises.broken_promises`), with a file made to break
it beside one that keeps it: a one-page poster, a poster at the wrong scale,
a pen-and-paper sheet short of a board, the wrong paper, a booklet in the
wrong language (one shared booklet, ``tests/booklet/booklets_kit.py``), a
one-ink file in colour, an ink-saving edition that saves nothing, a PNG whose
resolution disagrees with its pixels, a forged size or sha256, two files of
different promises with the same bytes.
"""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

import boardgen.make.tasks as tasks
from boardgen.make import steps
from boardgen.make.audit import audit_key, identical_files, promise_of
from boardgen.make.cache import CACHE_NAME, Cache, _record, seal_of
from boardgen.make.languages import language_problem
from boardgen.make.plan import Job
from boardgen.make.promises import Subject, board_cell, broken_promises
from boardgen.make.reading import open_pdf, read_png, read_svg, sniff_format
from boardgen.sheets.request import board_request, render_board_file
from boardgen.site.catalogue import Artefact, digest

from ..booklet.booklets_kit import Booklet, booklet_file
from .kit import HEX_BOARDS, build_json, cache_of, files_of, run

HEX_PART = ("--only", "hex", "--kind", "boards,diagrams,site")
HEX_BOARDS_ONLY = ("--only", "hex", "--kind", "boards")  # with the ``default_boards`` fixture: Hex 11 on A4 and Letter, four files
POSTER = "boards/hex-11-poster-tiled-a4.pdf"


@pytest.fixture
def default_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The boards' job lists cut down to every game's default board on A4 and Letter (the cache tests need no more)."""
    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs",))


def _forge(folder: Path, path: str, **fields: object) -> None:
    """Change fields of one record of the build cache and seal it again, as a forger running boardgen's code would.

    A record edited without its seal is not trusted at all (its file is made
    again: tests/make/test_cache_trust.py); a resealed one reaches the audit.
    """
    cache = folder / CACHE_NAME
    data = json.loads(cache.read_text())
    entry = data["artefacts"][path]
    entry["artefact"].update(fields)
    record = _record(path, entry)
    entry["seal"] = seal_of(record)
    cache.write_text(json.dumps(data))


# -- real builds ------------------------------------------------------------------------------


def _verbose_build(capsys: pytest.CaptureFixture[str], output: Path, *argv: str) -> tuple[dict, list[str]]:
    """``boardgen build -v --json``: its JSON and the audit's debug lines on stderr (the build must succeed)."""
    status, out, err = run(capsys, "build", "-v", "--json", "-o", str(output), *argv)
    assert status == 0, err
    return json.loads(out), [line.removeprefix("boardgen: debug: ") for line in err.splitlines() if line.startswith("boardgen: debug: audit: ")]


def test_a_real_build_passes_its_audit_and_keeps_it(capsys, tmp_path):
    """Hex's boards, diagrams and site: every file is audited once, its key kept, and the next build reads none."""
    data, said = _verbose_build(capsys, tmp_path, *HEX_PART)
    assert (tmp_path / "index.html").is_file() and (tmp_path / "manifest.json").is_file()
    from boardgen.site.build import SITE_KINDS  # the site's own files (pages, styles, scripts, frames...): not audited

    files = [record["path"] for record in data["artefacts"] if record["kind"] not in SITE_KINDS]
    assert sorted(path for path in files if path.startswith("boards/")) == HEX_BOARDS
    assert any(path.startswith("diagrams/hex/") for path in files)
    assert len(said) == 1 and said[0].startswith(f"audit: {len(files)} files read, 0 passed before, in "), said
    records = cache_of(tmp_path)["artefacts"]
    assert all(records[path].get("audit") for path in files)  # every file passed, and its key is kept
    assert not any(records[path].get("audit") for path in records if path not in files)  # the site's own files are not audited
    before = files_of(tmp_path)
    again, said = _verbose_build(capsys, tmp_path, *HEX_PART)
    assert again["built"] == [] and files_of(tmp_path) == before
    assert len(said) == 1 and said[0].startswith(f"audit: 0 files read, {len(files)} passed before, in "), said


def _one_sheet_poster(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hex 11's A4 poster job draws the one-sheet A4 board instead (what Damas's poster did): the build runs in this process."""
    board_sheet = tasks.board_sheet

    def swapped(game_id, size, paper, fmt, poster_of=None, per_sheet=None):
        if (game_id, size, paper, poster_of) == ("hex", 11, "a4", True):
            poster_of = None
        return board_sheet(game_id, size, paper, fmt, poster_of, per_sheet)

    monkeypatch.setattr(tasks, "board_sheet", swapped)


def test_a_poster_that_is_its_one_sheet_board_stops_the_build_before_the_site(capsys, tmp_path, monkeypatch):
    _one_sheet_poster(monkeypatch)
    status, out, err = run(capsys, "build", "-q", "--jobs", "1", "-o", str(tmp_path), *HEX_PART)
    assert (status, out) == (2, "")
    assert err == (
        f"boardgen: error: {tmp_path / POSTER}: a poster must have at least two sheets plus its guide, has 1"
        " (and 1 more broken promise: -v lists them)\n"
    )
    assert not (tmp_path / "index.html").exists() and not (tmp_path / "manifest.json").exists() and not (tmp_path / "en").exists()
    records = cache_of(tmp_path)["artefacts"]
    assert not records[POSTER].get("audit") and records["boards/hex-11-a4.pdf"].get("audit")  # only passed files keep a key
    # the next build fails the same way, though the file is up to date (a failed audit is never kept); -v lists both promises
    status, _, err = run(capsys, "build", "-v", "--jobs", "1", "-o", str(tmp_path), *HEX_PART)
    assert status == 2
    assert f"boardgen: debug: audit: {tmp_path / POSTER}: a poster must have at least two sheets plus its guide, has 1\n" in err
    assert (
        f"boardgen: debug: audit: {tmp_path / POSTER}: is byte for byte the same file as {tmp_path / 'boards/hex-11-a4.pdf'},"
        " which promises another (kind poster, not board)\n"
    ) in err
    assert err.endswith("(and 1 more broken promise: -v lists them)\n") and not (tmp_path / "index.html").exists()
    monkeypatch.undo()  # the poster job draws a poster again; its key is the same, so the bad file goes first
    (tmp_path / POSTER).unlink()
    fixed = build_json(capsys, tmp_path, *HEX_PART)
    assert POSTER in fixed["built"] and (tmp_path / "index.html").is_file()


def test_a_forged_sha256_in_the_cache_is_caught_from_the_file(capsys, tmp_path, default_boards):
    """Same size and time: the build takes the file as up to date; the audit hashes it and refuses the record."""
    build_json(capsys, tmp_path, *HEX_BOARDS_ONLY)
    _forge(tmp_path, "boards/hex-11-a4.pdf", sha256="0" * 64)
    status, _, err = run(capsys, "build", "-q", "-o", str(tmp_path), *HEX_BOARDS_ONLY)
    actual = digest((tmp_path / "boards/hex-11-a4.pdf").read_bytes())
    assert status == 2
    assert err == f"boardgen: error: {tmp_path / 'boards/hex-11-a4.pdf'}: its record's sha256 is 000000000000…, the file's is {actual[:12]}…\n"


def test_a_forged_paper_in_the_cache_is_caught_and_a_forged_size_remakes_the_file(capsys, tmp_path, default_boards):
    build_json(capsys, tmp_path, *HEX_BOARDS_ONLY)
    _forge(tmp_path, "boards/hex-11-a4.pdf", paper="letter")
    status, _, err = run(capsys, "build", "-q", "-o", str(tmp_path), *HEX_BOARDS_ONLY)
    assert status == 2
    assert err == f"boardgen: error: {tmp_path / 'boards/hex-11-a4.pdf'}: page 1 must be letter (215.9 × 279.4 mm), is 297.0 × 210.0 mm\n"
    _forge(tmp_path, "boards/hex-11-a4.pdf", paper="a4", bytes=12)  # a size that is not the file's: the file is made again
    data = build_json(capsys, tmp_path, *HEX_BOARDS_ONLY)
    assert data["built"] == ["boards/hex-11-a4.pdf"]
    assert cache_of(tmp_path)["artefacts"]["boards/hex-11-a4.pdf"]["audit"]


@pytest.mark.expect_warnings
def test_an_audit_key_that_is_not_text_makes_the_cache_untrusted(capsys, tmp_path, default_boards):
    build_json(capsys, tmp_path, *HEX_BOARDS_ONLY)
    cache = tmp_path / CACHE_NAME
    data = json.loads(cache.read_text())
    data["artefacts"]["boards/hex-11-a4.pdf"]["audit"] = 7
    cache.write_text(json.dumps(data))
    status, _, err = run(capsys, "build", "-q", "-o", str(tmp_path), *HEX_BOARDS_ONLY)
    assert status == 0 and err.startswith(f"boardgen: warning: ignoring the build cache {cache} (the record of 'boards/hex-11-a4.pdf' is not well formed)")


# -- the promises, one at a time ---------------------------------------------------------------


def _job(path: str) -> Job:
    """The build's own job for ``path`` (the boards' job lists, as the build plans them)."""
    for job_list in (steps.board_jobs, steps.large_board_jobs, steps.print_sheet_jobs, steps.pieces_jobs, steps.other_size_jobs):
        for job in job_list():
            if job.path == path:
                return job
    raise AssertionError(f"no job makes {path}")


def _subject(job: Job, data: bytes, full: bytes | None = None, **changes: object) -> Subject:
    """A Subject as the audit makes one: the job's record for ``data`` (size, sha256 and pages from the bytes), changed by ``changes``."""
    record = job.artefact(len(data), digest(data), tasks.count_pages(data))
    return Subject(replace(record, **changes), job, data, full, "boards/full.pdf" if full is not None else None)


@pytest.fixture(scope="module")
def made() -> dict[str, bytes]:
    """The files of a few board jobs, made by the build's own tasks."""
    paths = ("boards/hex-11-a4.pdf", "boards/hex-11-a4.svg", POSTER, "boards/hex-11-pen-x4-a4.pdf")
    return {path: tasks.make(path, (job := _job(path)).task, job.args).data for path in paths}


def test_the_build_files_keep_their_promises(made):
    for path, data in made.items():
        assert broken_promises(_subject(_job(path), data)) == [], path


def test_a_one_page_poster_breaks_the_poster_promise(made):
    assert broken_promises(_subject(_job(POSTER), made["boards/hex-11-a4.pdf"])) == ["a poster must have at least two sheets plus its guide, has 1"]


def test_a_poster_drawn_at_another_scale_breaks_the_cell_promise(made):
    """The job promises Hex's poster size (30 mm cells, the board's poster_cell_mm): a tiled poster at 25 mm is measured as such on its sheets."""
    job = _job(POSTER)
    scale = tasks.sheet_request(*job.args).cell_mm
    assert scale == pytest.approx(30.0)
    smaller = render_board_file(board_request("hex", size=11, paper="a4", tile=True, cell_mm=25.0))[0]
    with open_pdf(smaller) as pdf:
        assert pdf.pages >= 3  # a real poster: only its cells are wrong
    assert broken_promises(_subject(job, smaller)) == ["a poster's cell must be 30.0 mm on paper (shapes of 30.0 × 34.6 mm), is 25.0 mm"]


def test_the_cell_of_a_board_is_its_commonest_shape():
    """Hex 11: 121 hexagons, 1 mm across the flats at scale 1 (their points: no stroke), 2/sqrt(3) mm corner to corner."""
    cell, count, unit = board_cell(_job(POSTER).args, 10.0)
    assert (cell, count, unit) == ((10.0, 11.5), 121, "cell")


def test_a_pen_sheet_short_of_a_board_breaks_its_promise(made):
    three = render_board_file(board_request("hex", size=11, paper="a4", per_sheet=3))[0]
    job = _job("boards/hex-11-pen-x4-a4.pdf")
    assert broken_promises(_subject(job, three)) == ["a pen-and-paper sheet must hold 4 boards, holds 3 (363 cells, 121 to a board)"]


def test_the_wrong_paper_breaks_the_paper_promise(made):
    assert broken_promises(_subject(_job("boards/hex-11-a4.pdf"), made["boards/hex-11-a4.pdf"], paper="letter")) == [
        "page 1 must be letter (215.9 × 279.4 mm), is 297.0 × 210.0 mm"
    ]
    assert broken_promises(_subject(_job("boards/hex-11-a4.svg"), made["boards/hex-11-a4.svg"], paper="letter")) == [
        "its sheet must be letter (215.9 × 279.4 mm), is 297.0 × 210.0 mm"
    ]


def test_a_record_that_says_another_format_or_page_count_is_caught(made):
    job = _job("boards/hex-11-a4.svg")
    assert broken_promises(_subject(job, made["boards/hex-11-a4.pdf"])) == ["its record says svg, but the file is pdf"]
    assert broken_promises(_subject(_job(POSTER), made[POSTER], pages=2))[0].startswith("its record says 2 pages, the file has ")


def test_a_forged_size_or_sha256_is_caught_from_the_bytes(made):
    data = made["boards/hex-11-a4.pdf"]
    job = _job("boards/hex-11-a4.pdf")
    assert broken_promises(_subject(job, data, bytes=len(data) + 1)) == [f"its record says {len(data) + 1} bytes, the file has {len(data)}"]
    assert broken_promises(_subject(job, data, sha256="ab" * 32)) == [f"its record's sha256 is abababababab…, the file's is {digest(data)[:12]}…"]


def test_a_booklet_in_another_language_breaks_the_language_promise(tmp_path_factory):
    """Assalto's English booklet (shared with the typesetting tests): it reads as English, not as Portuguese or both."""
    data = booklet_file(tmp_path_factory, Booklet("assalto", ("en",))).read_bytes()
    job = Job(path="booklets/assalto-en-a5.pdf", game="assalto", kind="booklet", format="pdf", task="", paper="a5", lang="en", ink="full")
    assert broken_promises(_subject(job, data)) == []
    [wrong] = broken_promises(_subject(job, data, lang="pt"))
    assert wrong.startswith("its text must read as pt, but has too few pt words (")
    [half] = broken_promises(_subject(job, data, lang="pt+en"))
    assert half.startswith("its text must read as pt+en, but has too few pt words (")


def test_the_language_test_on_hand_written_sentences():
    portuguese = "Cada jogador coloca uma pedra numa casa vazia. Quando não há mais casas, o jogo termina e ganha quem tem mais pedras na sua cor. " * 2
    english = "Each player places a stone on an empty cell. When there are no cells left, the game ends and the player with more stones of their colour wins. " * 2
    assert language_problem(portuguese, "pt") is None and language_problem(english, "en") is None
    assert language_problem(portuguese + english, "pt+en") is None
    assert language_problem(portuguese + english, "en") == "its text must read as en only, but reads as pt too (22 pt, 22 en function words)"  # counted by hand: 11 of each a copy
    assert language_problem(english, "pt").startswith("its text must read as pt, but has too few pt words (0 pt, ")
    assert language_problem("Imprima em tamanho real (100%), sem “ajustar à página”. Print at actual size (100%), not “fit to page”.", "pt+en", 2) is None
    assert language_problem(english, "de") == "its language de is none the audit knows (pt, en)"


def test_a_one_ink_file_in_colour_breaks_the_ink_promise(made):
    job = _job("boards/hex-11-a4.pdf")
    mono = render_board_file(board_request("hex", size=11, paper="a4", ink="mono"))[0]
    assert broken_promises(_subject(job, mono, ink="mono")) == []
    [problem] = broken_promises(_subject(job, made["boards/hex-11-a4.pdf"], ink="mono"))
    assert problem.startswith("a one-ink file must have no colour, page 1 has ") and problem.endswith(" coloured pixels at 50 dpi")
    svg_job = _job("boards/hex-11-a4.svg")
    mono_svg = render_board_file(board_request("hex", size=11, paper="a4", format="svg", ink="mono"))[0]
    assert broken_promises(_subject(svg_job, mono_svg, ink="mono")) == []
    assert broken_promises(_subject(svg_job, made["boards/hex-11-a4.svg"], ink="mono")) == ["a one-ink file must have no colour, paints with #1b3b8f, #d55e00"]
    png_job = Job(path="boards/hex-11-a4.png", game="hex", kind="board", format="png", task="", paper="a4", lang="pt+en", ink="mono")
    for ink, coloured in (("mono", False), ("full", True)):
        png = render_board_file(board_request("hex", size=11, paper="a4", format="png", dpi=50, ink=ink))[0]
        [*found] = broken_promises(_subject(png_job, png))
        assert bool(found) == coloured and all(p.startswith("a one-ink file must have no colour, has ") for p in found), found


def test_an_ink_saving_edition_must_use_less_ink_than_its_full_edition():
    """Damas's board, whose dark squares light ink hatches: the light sheet passes, the full one offered as light does not."""
    job = _job("boards/damas-a4.pdf")
    full = render_board_file(board_request("damas", paper="a4"))[0]
    light = render_board_file(board_request("damas", paper="a4", ink="light"))[0]
    assert broken_promises(_subject(job, light, full, ink="light")) == []
    [problem] = broken_promises(_subject(job, full, light, ink="light"))  # the full file offered as the ink-saving one
    assert problem.startswith("an ink-saving edition must use less ink than its full edition boards/full.pdf: its 1 pages carry ")
    [same] = broken_promises(_subject(job, full, full, ink="light"))
    assert "pages' worth of ink at 36 dpi" in same


def _with_dpi(png: bytes, dpi: int) -> bytes:
    """The PNG with its pHYs chunk saying ``dpi`` (pixels per metre, its CRC made again)."""
    start = png.index(b"pHYs") - 4
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    return png[:start] + struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body)) + png[start + 21 :]


def test_a_png_whose_resolution_disagrees_with_its_pixels_breaks_the_paper_promise():
    png = render_board_file(board_request("hex", size=11, paper="a4", format="png", dpi=60))[0]
    job = Job(path="boards/hex-11-a4.png", game="hex", kind="board", format="png", task="", paper="a4", lang="pt+en", ink="full")
    assert read_png(png).pixels == (702, 496) and broken_promises(_subject(job, png)) == []
    relabelled = _with_dpi(png, 300)
    assert read_png(relabelled).dpi == pytest.approx((300.0, 300.0), abs=0.01)
    assert broken_promises(_subject(job, relabelled)) == ["a PNG of a4 at 300 dpi (its pHYs) must be 2480 × 3508 pixels either way up, is 702 × 496"]
    start = png.index(b"pHYs") - 4
    assert broken_promises(_subject(job, png[:start] + png[start + 21 :])) == ["a PNG must say its resolution (a pHYs chunk in pixels per metre), says none"]


def test_two_files_of_different_promises_must_not_be_the_same_bytes():
    board = Artefact(path="boards/x-a4.pdf", game="x", kind="board", format="pdf", bytes=3, sha256="a" * 64, paper="a4", lang="pt+en", ink="full")
    poster = replace(board, path="boards/x-poster-tiled-a4.pdf", kind="poster")
    letter = replace(board, path="boards/x-letter.pdf", paper="letter", sha256="b" * 64)
    twin = replace(board, path="boards/x-copy-a4.pdf")  # another name for the same promise: allowed
    [failure] = identical_files([board, letter, twin, poster])
    assert failure.path == "boards/x-poster-tiled-a4.pdf"
    assert failure.problem == "is byte for byte the same file as boards/x-a4.pdf, which promises another (kind poster, not board)"
    assert promise_of(board) == promise_of(twin) != promise_of(poster)


def test_an_audit_key_covers_the_record_the_job_and_the_full_edition(tmp_path):
    from boardgen.make.inputs import Inputs
    from boardgen.make.plan import PlanContext, Selection
    from boardgen.make.cache import Record

    context = PlanContext(Inputs(), Selection(), Cache(tmp_path), "0")
    job = _job("boards/hex-11-a4.pdf")
    record = job.artefact(10, "c" * 64, 1)
    full = Record(replace(record, sha256="d" * 64), "k", 0)
    key = audit_key(context, job, record, None)
    assert key == audit_key(context, job, record, None)
    assert len({key, audit_key(context, job, replace(record, sha256="e" * 64), None), audit_key(context, job, record, full), audit_key(context, replace(job, args=("x",)), record, None)}) == 4


def test_the_readers_on_files_of_each_format(made):
    assert [sniff_format(made[path]) for path in ("boards/hex-11-a4.pdf", "boards/hex-11-a4.svg")] == ["pdf", "svg"]
    assert sniff_format(b"\x89PNG\r\n\x1a\n....") == "png" and sniff_format(b"<!DOCTYPE html><html>") == "html" and sniff_format(b"hello") is None
    svg = read_svg(made["boards/hex-11-a4.svg"])
    assert svg.size == (297.0, 210.0) and "Print at actual size" in svg.text and "Imprima em tamanho real" in svg.text
    with open_pdf(made[POSTER]) as pdf:
        assert pdf.page_size(0) == pytest.approx((210.0, 297.0), abs=0.01)
        assert "Casa 30,0 mm" in pdf.text(0)
    with pytest.raises(ValueError, match="not a readable PDF"):
        with open_pdf(b"%PDF-1.4 broken"):
            pass
