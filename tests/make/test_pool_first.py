"""The pool's first jobs (the quick ones, before the early site): handed out first, written first, the others held until ``after_first`` ran.

With jobs that only sleep: the quick ones take longer than the long ones
here, so a "booklet" comes back while the last "board" is still being made,
and must wait for the site.
"""

from __future__ import annotations

import time

import pytest

from boardgen.make.plan import Job
from boardgen.make.pool import make_all

TASK = f"{__name__}:sleep_then"


def sleep_then(name: str, seconds: float, *needed: bytes) -> bytes:
    """A task: its name's bytes (and those of the files it needs), after ``seconds``."""
    time.sleep(seconds)
    return name.encode() + b"".join(needed)


def _job(path: str, seconds: float, cost: float, needs: tuple[str, ...] = ()) -> Job:
    kind = "booklet" if path.startswith("booklets/") else "board"
    return Job(path=path, game="hex", kind=kind, format="pdf", task=TASK, args=(path, seconds), needs=needs, cost=cost)


@pytest.mark.parametrize("processes", [1, 2])
def test_the_quick_jobs_are_written_then_the_site_then_the_booklets(processes):
    jobs = [
        _job("booklets/long.pdf", 0.02, 10.0),
        _job("booklets/long-imposed.pdf", 0.01, 5.0, needs=("booklets/long.pdf",)),
        _job("boards/a.pdf", 0.3, 0.1),
        _job("boards/b.pdf", 0.3, 0.1),
        _job("boards/c.pdf", 0.3, 0.1),
    ]
    events: list[tuple[str, str]] = []
    make_all(
        jobs,
        processes,
        lambda job: job.cost,
        lambda job: tuple(f"{need} bytes".encode() for need in job.needs),
        lambda job: events.append(("started", job.path)),
        lambda job, made: events.append(("wrote", job.path)),
        lambda job: job.kind != "booklet",
        lambda: events.append(("site", "")),
    )
    written = [path for event, path in events if event == "wrote"]
    site = events.index(("site", ""))
    assert sorted(written[:3]) == ["boards/a.pdf", "boards/b.pdf", "boards/c.pdf"]
    assert all(events.index(("wrote", path)) < site for path in written[:3])
    assert written[3:] == ["booklets/long.pdf", "booklets/long-imposed.pdf"]
    assert all(events.index(("wrote", path)) > site for path in written[3:])
    assert [path for event, path in events if event == "started"][:3] == ["boards/a.pdf", "boards/b.pdf", "boards/c.pdf"]  # quick first, whatever their cost
    if processes > 1:  # the long one starts while the last board is drawn, not after the site
        assert events.index(("started", "booklets/long.pdf")) < events.index(("wrote", written[2]))


def test_without_first_jobs_after_first_runs_before_anything_is_written():
    events: list[str] = []
    jobs = [_job("booklets/long.pdf", 0.0, 1.0)]
    make_all(jobs, 1, lambda job: job.cost, lambda job: (), lambda job: None, lambda job, made: events.append(job.path), lambda job: False, lambda: events.append("site"))
    assert events == ["site", "booklets/long.pdf"]
