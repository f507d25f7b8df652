"""The audit: before the site is written, every file it will list is read back and held to its promises.

The download site and ``manifest.json`` say what each file is (a poster, on
A4, in English, ink-saving, 7 pages, 310 KB) from its record, never from the
file.  A record can be wrong about its file: a job that draws the wrong
thing, a cache edited by hand, two jobs whose files came out the same.  So
the build (:mod:`boardgen.make.run`) calls :func:`audit` after every file is
made and before the site's pages: each file is read
(:func:`boardgen.make.promises.broken_promises`, with the full edition of an
ink-saving file beside it), and no two files of different promises may be
byte for byte the same.  A broken promise stops the build with one line
naming the file and the promise (``BoardgenError``: status 2) and no site
is written.

A file's audit is kept in the cache (``Record.audit``) under a key of
everything it was judged on: the record (its sha256 and size among it), the
job's task and arguments (a poster's promised scale comes from them), the
sha256 of the full edition it was compared with, and the digest of the build's
code.  A file whose record and key are unchanged since it passed is not read
again, so a build that changes nothing audits nothing.  A key is only ever
recorded for a file that passed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path

from boardgen.errors import BoardgenError
from boardgen.make.cache import Cache, Record, safe_path
from boardgen.make.plan import Job, PlanContext
from boardgen.site.catalogue import Artefact

logger = logging.getLogger("boardgen")

AUDIT_SCHEMA = 1  # bump when what a file is checked for changes without the code digest changing
AUDIT_INPUTS = ("code", "libraries")  # the audit's own code is in "code"; PDFium's version in "libraries"
# The fields of a record that are what it promises: two files that differ in any of them are two different things.
# ``id`` is a name, like ``path``: two diagrams of one position under two ids (Brax's cover and
# its setup) are one picture offered twice, which is allowed; what they show is in the other fields.
PROMISE_FIELDS = tuple(f.name for f in fields(Artefact) if f.name not in ("path", "id", "bytes", "sha256", "pages"))
RECORD_FIELDS = tuple(f.name for f in fields(Artefact))


class AuditError(BoardgenError):
    """A file breaks a promise of its record: the message names the file and the promise."""


@dataclass(frozen=True)
class Failure:
    """One broken promise: the file (its path in the output folder) and what is wrong, as a phrase."""

    path: str
    problem: str


def promise_of(record: Artefact) -> tuple[object, ...]:
    """What a record promises about its file, every field but where it is and what its bytes happen to be."""
    return tuple(getattr(record, name) for name in PROMISE_FIELDS)


def full_edition(job: Job, jobs_by_promise: dict[tuple[object, ...], Job]) -> Job | None:
    """The full-ink job of the same file as an ink-saving job (same game, kind, paper, language...), None if there is none."""
    if job.ink != "light":
        return None
    return jobs_by_promise.get(promise_of(replace(job.artefact(0, "", None), ink="full")))


def audit_key(context: PlanContext, job: Job, record: Artefact, full: Record | None) -> str:
    """The key a file's audit is kept under: its record, its job, the full edition it was compared with, the code."""
    return context.key_of(
        "audit",
        AUDIT_SCHEMA,
        [getattr(record, name) for name in RECORD_FIELDS],
        job.task,
        repr(job.args),
        full.artefact.sha256 if full is not None else None,
        inputs=AUDIT_INPUTS,
    )


def audit(
    jobs: Sequence[Job],
    cache: Cache,
    context: PlanContext,
    shown: Callable[[str], Path],
) -> int:
    """Audit the files of ``jobs`` that are in the output folder as the cache records them; AuditError naming the first broken promise.

    Returns how many files were read (the others passed before with the same
    key).  ``shown`` names a file as messages should (under the output folder
    as the user gave it).
    """
    started = time.perf_counter()
    present = [(job, record) for job in jobs if (record := cache.intact(job.path)) is not None]
    records = {job.path: record for job, record in present}
    by_promise = {promise_of(job.artefact(0, "", None)): job for job, _ in present}
    failures: list[Failure] = []
    read = 0
    for job, record in present:
        partner_job = full_edition(job, by_promise)
        partner = records.get(partner_job.path) if partner_job is not None else None
        key = audit_key(context, job, record.artefact, partner)
        if record.audit == key:
            continue
        read += 1
        problems = _audit_one(job, record, partner, cache.output)
        if problems:
            failures += [Failure(job.path, problem) for problem in problems]
        else:
            cache.passed(job.path, key)
    failures += identical_files([record.artefact for _, record in present], shown)
    logger.debug("audit: %d files read, %d passed before, in %.2f s", read, len(present) - read, time.perf_counter() - started)
    if failures:
        for failure in failures:
            logger.debug("audit: %s: %s", shown(failure.path), failure.problem)
        first = failures[0]
        more = f" (and {len(failures) - 1} more broken promise{'s' if len(failures) > 2 else ''}: -v lists them)" if len(failures) > 1 else ""
        raise AuditError(f"{shown(first.path)}: {first.problem}{more}")
    return read


def _audit_one(job: Job, record: Record, partner: Record | None, output: Path) -> list[str]:
    """Every promise one file breaks, read from the folder (its full edition's bytes too, for an ink-saving one)."""
    from boardgen.make.promises import Subject, broken_promises

    data = _read(output, record.artefact.path)
    if data is None:
        return ["the file cannot be read"]
    full = _read(output, partner.artefact.path) if partner is not None else None
    return broken_promises(Subject(record.artefact, job, data, full, partner.artefact.path if partner is not None else None))


def _read(output: Path, path: str) -> bytes | None:
    target = safe_path(output, path)
    if target is None:
        return None
    try:
        return target.read_bytes()
    except OSError:
        return None


def identical_files(records: Sequence[Artefact], shown: Callable[[str], object] = str) -> list[Failure]:
    """Files of different promises with the same bytes (by their sha256): one failure for each file after the first of its bytes.

    Two names for one thing are allowed (the same promise, another path);
    one file offered as two things is not: a poster that is its one-sheet
    board, a Letter sheet that is the A4 one.
    """
    first: dict[str, Artefact] = {}
    failures = []
    for record in records:
        earlier = first.setdefault(record.sha256, record)
        if earlier is record or promise_of(earlier) == promise_of(record):
            continue
        differences = ", ".join(
            f"{name} {getattr(record, name)}, not {getattr(earlier, name)}" for name in PROMISE_FIELDS if getattr(record, name) != getattr(earlier, name)
        )
        failures.append(Failure(record.path, f"is byte for byte the same file as {shown(earlier.path)}, which promises another ({differences})"))
    return failures
