"""A parallel build writes the same bytes and records as a serial one; a worker's error stops the build as one line."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

import boardgen.make.steps as steps
from boardgen.make.plan import Job
from boardgen.errors import OptionError

from .kit import HEX_BOARDS, build_json, run

WITHOUT_SITE = ("--kind", "boards,booklets,diagrams")
HEX_ENGLISH_A5 = ["booklets/hex-en-a5-imposed-a4.pdf", "booklets/hex-en-a5.pdf"]


def test_serial_and_parallel_builds_write_the_same_bytes(capsys, tmp_path, a5_only, monkeypatch):
    """Hex's boards, diagrams and English booklet on A5 and imposed on A4, built in two processes and in one.

    The English booklet takes the typesetter through the same code as the
    bilingual one (tests/make/conftest.py: a5_only) in half the time.
    """
    import boardgen.make.booklets as build_booklets

    monkeypatch.setattr(build_booklets, "EDITION_LANGS", (("en",),))
    status, out, err = run(capsys, "build", "-v", "-o", str(tmp_path / "parallel"), "--only", "hex", *WITHOUT_SITE, "--jobs", "2")
    assert status == 0, err
    assert f"boardgen: debug: typesetting 2 booklets, drawing {len(HEX_BOARDS)} boards and 8 diagrams in 2 processes\n" in err
    parallel = build_json(capsys, tmp_path / "parallel", "--only", "hex", *WITHOUT_SITE)  # its records
    serial = build_json(capsys, tmp_path / "serial", "--only", "hex", *WITHOUT_SITE, "--jobs", "1")
    paths = sorted(record["path"] for record in serial["artefacts"])
    assert paths == sorted(HEX_BOARDS + HEX_ENGLISH_A5 + [p for p in paths if p.startswith("diagrams/hex/")]) and len(paths) == len(HEX_BOARDS) + 2 + 8
    for path in paths:
        assert (tmp_path / "parallel" / path).read_bytes() == (tmp_path / "serial" / path).read_bytes(), path
    assert parallel["artefacts"] == serial["artefacts"]
    for record in serial["artefacts"]:  # a booklet's pages come from its layout, the others' from the file: both are the file's
        if record["format"] == "pdf":
            assert record["pages"] == len(PdfReader(tmp_path / "serial" / record["path"]).pages), record["path"]


def failing_task(size: int) -> bytes:
    raise OptionError("--size", f"no board of {size} cells")  # OptionError does not survive pickling as itself


def _jobs_with_a_failure(context):
    yield from steps.board_jobs(context)
    yield Job(path="boards/broken.pdf", game="hex", kind="board", format="pdf", task="tests.make.test_parallel:failing_task", args=(99,), cost=0.0)


def test_an_error_in_a_worker_stops_the_build_as_one_line(capsys, tmp_path, monkeypatch):
    import tests.make.test_parallel as this

    monkeypatch.setattr(this, "jobs_with_a_failure", _jobs_with_a_failure, raising=False)
    monkeypatch.setattr(steps, "STEPS", ("tests.make.test_parallel:jobs_with_a_failure",))
    status, out, err = run(capsys, "build", "-q", "-o", str(tmp_path), "--only", "hex", "--kind", "boards", "--jobs", "2")
    assert (status, out, err) == (2, "", "boardgen: error: --size: no board of 99 cells\n")
    assert not (tmp_path / "boards" / "broken.pdf").exists()
    assert not any(path.name.endswith(".tmp") for path in tmp_path.rglob("*"))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bug_in_a_task_is_not_hidden_as_a_users_error(capsys, tmp_path, monkeypatch, jobs):
    import tests.make.test_parallel as this

    def jobs_with_a_bug(context):
        yield from steps.board_jobs(context)
        yield Job(path="boards/bug.pdf", game="hex", kind="board", format="pdf", task="tests.make.test_parallel:failing_task", args=("x",), cost=0.0)

    monkeypatch.setattr(this, "failing_task", lambda size: 1 / 0, raising=True)
    monkeypatch.setattr(this, "jobs_with_a_bug", jobs_with_a_bug, raising=False)
    monkeypatch.setattr(steps, "STEPS", ("tests.make.test_parallel:jobs_with_a_bug",))
    expected = ZeroDivisionError if jobs == "1" else RuntimeError  # from a worker: with the worker's traceback
    with pytest.raises(expected) as info:
        run(capsys, "build", "-q", "-o", str(tmp_path), "--only", "hex", "--kind", "boards", "--jobs", jobs)
    if jobs == "2":
        assert str(info.value).startswith("making boards/bug.pdf failed in a worker process:\nTraceback")
        assert str(info.value).rstrip().endswith("ZeroDivisionError: division by zero")
