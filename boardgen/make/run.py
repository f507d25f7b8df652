"""One build: plan every file, make the ones that are not up to date, remove the ones no job makes, then the site.

In order:

1. **Plan** (:func:`plan`): every job list of ``steps.STEPS`` lists its files.
   The rule texts are checked here, so a broken one stops the build before
   anything is written (not even the cache).
2. Remove the temporary files an interrupted or killed build left behind.
3. **Keys**: each job's key (:func:`boardgen.make.plan.job_key`), a job that
   reads another's file after it.
4. **Make** what the selection (``--only``, ``--kind``) wants and is not up to
   date by the cache (:mod:`boardgen.make.cache`), in worker processes
   (:mod:`boardgen.make.pool`); each file is written whole as it comes back
   and recorded.  When booklets are to be made and the site is not there yet
   (no site recorded, or a booklet to make missing: a cold build), the
   boards, diagrams and other quick files go first, and once they are
   written **an early site** is: those files audited, then the pages with
   every booklet still to make named as being made, without a link
   (:meth:`_Build.early_site`), before the first booklet is written.  The
   booklets start in the workers meanwhile.  The early site is not recorded:
   step 7 writes the final one over it.
5. **Remove** the files the cache says an earlier build made and no job makes
   now (only those the selection covers), and in a game's ``diagrams/GAME/``
   any ``.svg`` no job makes (diagram ids change as texts are edited, and the
   old build removed them too).  Files the cache never recorded are left
   alone anywhere else: the output folder may hold the user's own.  A file
   removed that is a symlink is removed as a link, never its target.
6. **The audit** (:mod:`boardgen.make.audit`): every file the site will list
   (the selection's alone when the site is not being made) is read back and
   held to its record's promises: paper, pages, kind, language, ink, size
   and sha256, and no two files of different promises byte for byte the
   same.  A broken promise stops the build here, with one line naming the
   file and the promise: no site is written.  A file that passed under the
   same record and key before is not read again.
7. **The site**: ``boardgen.site.build_site(records, output)``, when the site
   package has it, with the record of every planned file that is there (the
   selected ones just made or found up to date, the others as they were
   left).  Its key is a digest of those records, its templates, the code and
   the rule texts and packages of the games they list (:func:`site_inputs`);
   the files it returns are recorded like the others.

The cache is written after the last step, every second or so while files are
being made (so that a ``kill -9`` loses little), and when the build stops on
an error or an interrupt: the next build starts where this one stopped.

Every file is written with :func:`boardgen.output.write_inside`: never
through a symlink below the output folder (one found where the build writes
is replaced, with a warning), never outside it.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from boardgen.make import tasks
from boardgen.make.cache import Cache, Record, safe_path
from boardgen.make.inputs import Inputs
from boardgen.make.plan import SITE, Job, PlanContext, Selection, job_key, order_by_needs, part_of
from boardgen.make.progress import Lines, Reporter
from boardgen.errors import BoardgenError, OptionError
from boardgen.output import reached_without_symlinks, read_inside, remove_inside, remove_stale_temporaries, stat_inside, write_inside
from boardgen.registry import module_exists
from boardgen.site.catalogue import Artefact, digest
from boardgen.values import read_whole_number

logger = logging.getLogger("boardgen")

SAVE_SECONDS = 1.0  # the cache is written at least this often while files are being made
SITE_INPUTS = ("code", "booklet-code", "site-code", "fonts", "site-templates", "libraries")


def site_inputs(records: Iterable[Artefact]) -> tuple[str, ...]:
    """What the site's pages read besides the records: :data:`SITE_INPUTS`, and each listed game's rule texts and package.

    The pages quote the rule texts (``boardgen.site.build.source_files``) and
    draw the board thumbnails with the games' code, so an edit of a text
    that changes no diagram's bytes (a word of the introduction, the front
    matter's ages) must still remake the pages: ``boardgen serve`` shows it.
    """
    games = sorted({record.game for record in records if record.game is not None})
    return (*SITE_INPUTS, *(f"rules:{game}" for game in games), *(f"game:{game}" for game in games))
SITE_FUNCTION = "build_site"
# Kinds whose folders are the build's alone: a file there matching the pattern that no job makes is removed.
SWEPT = {"diagram": "*.svg"}
# The folders a build writes into, below the output folder (the temporaries of a killed build are looked for there).
OUTPUT_FOLDERS: tuple[str, ...] = (".", "boards", "booklets", "diagrams", "diagrams/*")


@dataclass
class Outcome:
    """What a build did: the records of the files of its selection (and the site's), and what happened to each."""

    output: Path
    records: list[Artefact] = field(default_factory=list)
    built: list[str] = field(default_factory=list)
    up_to_date: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    seconds: float = 0.0


JOBS_PER_CORE = 4  # the most processes --jobs / BOARDGEN_JOBS may ask for, per core: more only take memory (a worker peaks near 200 MB)


def cores() -> int:
    """The cores this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def most_processes() -> int:
    """The largest number of processes a build accepts: :data:`JOBS_PER_CORE` per core, and at least that many."""
    return JOBS_PER_CORE * cores()


def checked_processes(number: int | None, option: str, given: str) -> int:
    """``number`` (read from ``given``) when it is 1 to :func:`most_processes`; OptionError naming ``option`` otherwise."""
    if number is None or number < 1:
        raise OptionError(option, f"must be a whole number of processes, 1 or more, not {given!r}")
    if number > most_processes():
        raise OptionError(option, f"at most {most_processes()} processes on this machine ({JOBS_PER_CORE} per core: more only take memory), not {number}")
    return number


def default_processes() -> int:
    """How many processes make files at once: BOARDGEN_JOBS (checked as ``--jobs`` is), else one per core this process may run on."""
    given = os.environ.get("BOARDGEN_JOBS", "").strip()
    if given:
        return checked_processes(read_whole_number(given), "BOARDGEN_JOBS", given)
    return cores()


def plan(context: PlanContext) -> list[Job]:
    """Every job of every job list in ``steps.STEPS``, each after the jobs whose files it reads."""
    from boardgen.make import steps

    jobs: list[Job] = []
    for step in steps.STEPS:
        module_name, _, function = step.partition(":")
        if not module_exists(module_name):
            logger.debug("job list %s skipped: %s is not installed", step, module_name)
            continue
        jobs += list(getattr(importlib.import_module(module_name), function)(context))
    seen: set[str] = set()
    for job in jobs:
        if job.path in seen:
            raise ValueError(f"two jobs make {job.path}")
        seen.add(job.path)
    return order_by_needs(jobs)


def site_builder() -> Callable[[list[Artefact], Path], list[Artefact]] | None:
    """``boardgen.site.build_site`` when the site package has it (the site is written by its own layer)."""
    if not module_exists("boardgen.site"):
        return None
    builder = getattr(importlib.import_module("boardgen.site"), SITE_FUNCTION, None)
    return builder if callable(builder) else None


def output_folders(output: Path, recorded: Iterable[str] = ()) -> list[Path]:
    """The folders under ``output`` that builds write into and that exist now, with those of the ``recorded`` files.

    ``recorded``: the files the cache knows and the ones planned now; the
    site's folders come from the site itself (``boardgen.site.site_folders``),
    so a build killed while it wrote the site for the first time, before any
    site file was recorded, is cleaned up too.
    """
    folders: list[Path] = []
    site = getattr(importlib.import_module("boardgen.site"), "site_folders", None) if module_exists("boardgen.site") else None
    for pattern in (*OUTPUT_FOLDERS, *(folder for folder in (site() if site else ()) if folder)):
        if pattern == ".":
            folders.append(output)
        else:
            folders += [folder for folder in sorted(output.glob(pattern)) if folder.is_dir() and not folder.is_symlink() and folder not in folders]
    for path in sorted(recorded):
        target = safe_path(output, path)
        if target is not None and target.parent not in folders and target.parent.is_dir() and not target.parent.is_symlink():
            folders.append(target.parent)
    return folders


def run_build(output: Path, selection: Selection | None = None, processes: int | None = None, reporter: Reporter | None = None) -> Outcome:
    """Build the selection (everything by default) into ``output``, a folder that exists; see the module's docstring."""
    from boardgen import __version__

    clock = time.perf_counter()
    started_at = time.time()
    tasks.reset()
    cache = Cache.load(output)
    context = PlanContext(Inputs(), selection or Selection(), cache, __version__)
    jobs = plan(context)
    folders = output_folders(output, [*cache.records, *(job.path for job in jobs)])
    for stale in remove_stale_temporaries(folders, started_at, root=output):
        logger.info("removed %s (left by an interrupted run)", stale)
    build = _Build(output, context, jobs, reporter or Lines())
    build.run(default_processes() if processes is None else checked_processes(processes, "processes", str(processes)))
    build.outcome.seconds = time.perf_counter() - clock
    return build.outcome


class _Build:
    """The state of one build between planning and the end (the steps 3 to 7 of the module's docstring)."""

    def __init__(self, output: Path, context: PlanContext, jobs: list[Job], reporter: Reporter) -> None:
        self.output = output
        self.context = context
        self.cache = context.cache
        self.selection = context.selection
        self.jobs = jobs
        self.reporter = reporter
        self.keys: dict[str, str] = {}
        for job in jobs:
            self.keys[job.path] = job_key(job, context.inputs, self.keys, context.version)
        self.outcome = Outcome(output)
        self.last_save = time.monotonic()

    def shown(self, path: str) -> Path:
        """How a file is named in messages: under the output folder as the user gave it."""
        return self.output.joinpath(*path.split("/"))

    def cost(self, job: Job) -> float:
        record = self.cache.records.get(job.path)
        return record.seconds if record is not None and record.seconds > 0 else job.cost

    # -- the steps ---------------------------------------------------------------------------

    def run(self, processes: int) -> None:
        from boardgen.make.pool import make_all

        selected = [job for job in self.jobs if self.selection.wants(job.game, job.kind)]
        to_make = [job for job in selected if self.cache.intact(job.path, self.keys[job.path]) is None]
        self.outcome.up_to_date = [job.path for job in selected if job not in to_make]
        site = site_builder() if SITE in self.selection.parts else None
        early = site is not None and self._early_site_wanted(site, to_make)
        workers = max(1, min(processes, len(to_make)))
        total = len(to_make) + (1 if site is not None else 0) + (1 if early else 0)
        restore = _remember_facts() if early else None
        try:
            if total:
                costs = {job.path: self.cost(job) for job in to_make}
                self.reporter.begin(total, workers, sum(costs.values()), costs)
            if early and site is not None:
                make_all(to_make, workers, self.cost, self.needed, self.started, self.finished, _quick, lambda: self.early_site(site, to_make))
            else:
                make_all(to_make, workers, self.cost, self.needed, self.started, self.finished)
            self.remove_unplanned()
            self.audit(site is not None)
            if site is not None:
                self.make_site(site)
        except BaseException:
            self.reporter.end()
            self._save_quietly()
            raise
        finally:
            if restore is not None:
                restore()
        self.reporter.end()
        self.cache.save()
        wanted = {job.path for job in selected}
        self.outcome.records = [self.cache.records[job.path].artefact for job in self.jobs if job.path in wanted and job.path in self.cache.records]
        self.outcome.records += [record.artefact for record in self._site_records().values()] if site is not None else []

    def needed(self, job: Job) -> tuple[bytes, ...]:
        data = []
        for need in job.needs:
            found = read_inside(self.output, need)
            if found is None:
                raise BoardgenError(f"{job.path} needs {self.shown(need)}, which is not a file inside {self.output}")
            data.append(found)
        return tuple(data)

    def started(self, job: Job) -> None:
        self.reporter.started(job.path, self.cost(job))

    def finished(self, job: Job, made: tasks.Made) -> None:
        """Write a made file whole, record it, report it; the cache goes to disk every second or so."""
        target = self.shown(job.path)
        write_inside(self.output, job.path, made.data)
        status = self._status(job.path)
        self.cache.record(Record.of_file(job.artefact(len(made.data), made.sha256, made.pages), self.keys[job.path], status, made.seconds))
        self.outcome.built.append(job.path)
        self.reporter.finished(job.path, [target])
        if time.monotonic() - self.last_save >= SAVE_SECONDS:
            self.cache.save()
            self.last_save = time.monotonic()

    def remove_unplanned(self) -> None:
        """Remove what earlier builds made and no job makes now (within the selection), and strays in swept folders."""
        planned = {job.path for job in self.jobs}
        doomed = [
            path
            for path, record in self.cache.records.items()
            if path not in planned and part_of(record.artefact.kind) != SITE and self.selection.wants(record.artefact.game, record.artefact.kind)
        ]
        for kind, pattern in SWEPT.items():
            folders = {job.path.rpartition("/")[0] for job in self.jobs if job.kind == kind and self.selection.wants(job.game, job.kind)}
            for folder in sorted(folders):
                if not reached_without_symlinks(self.output, self.output / folder):
                    continue  # a symlink where the build's folder goes: nothing in it is the build's
                for stray in sorted((self.output / folder).glob(pattern)):
                    path = f"{folder}/{stray.name}"
                    if path not in planned and path not in doomed and stray.is_file() and not stray.is_symlink():
                        doomed.append(path)
        for path in sorted(doomed):
            self._remove(path)

    def _remove(self, path: str) -> None:
        """Remove a file no job makes any more: a regular file or a symlink (the link, never its target), reached without a link.

        The folder it leaves empty goes too (a game's diagrams folder, emptied by the removal of the game).
        """
        self.cache.forget(path)
        if remove_inside(self.output, path):
            self.outcome.removed.append(path)
            self.reporter.removed(self.shown(path))

    def _status(self, path: str) -> os.stat_result:
        """The ``lstat`` of a file the build has just written."""
        status = stat_inside(self.output, path)
        if status is None:
            raise BoardgenError(f"{self.shown(path)} is gone right after it was written")
        return status

    def _early_site_wanted(self, site: Callable[..., list[Artefact]], to_make: list[Job]) -> bool:
        """Whether to write the site before the booklets: booklets to make, a site that can mark them, and no site or a booklet missing.

        After an edit (the old booklets and the site are there) the old site
        stays usable until the new one is written: no early site, no second
        rendering of the pages.
        """
        booklets = [job for job in to_make if job.part == "booklets"]
        if not booklets or "pending" not in inspect.signature(site).parameters:
            return False
        return not self._site_records() or any(stat_inside(self.output, job.path) is None for job in booklets)

    def early_site(self, site: Callable[..., list[Artefact]], to_make: list[Job]) -> None:
        """The site's pages from the files written so far, the booklets still to make named as being made (step 4 of the module's docstring).

        The files it lists are audited first, as for the final site; a broken
        promise leaves the early site out (the final audit reports it).
        """
        from boardgen.make.audit import AuditError, audit
        from boardgen.site.build import LANGS, page_path

        waiting = [job for job in to_make if job.part == "booklets"]
        making = {job.path for job in waiting}
        listed = [job for job in self.jobs if job.part != SITE and job.path not in making]
        try:
            audit(listed, self.cache, self.context, self.shown)
        except AuditError as exc:
            logger.debug("no early site: %s", exc)
            self.reporter.finished(SITE, [])
            return
        records = [record.artefact for job in listed if (record := self.cache.intact(job.path)) is not None]
        self.reporter.started(SITE, 1.0)
        made = site(records, self.output, pending=[job.artefact(0, "", None) for job in waiting])
        self.reporter.finished(SITE, [self.shown(artefact.path) for artefact in made])
        self.reporter.site_ready(self.shown(page_path(LANGS[0])), len(waiting))

    def audit(self, with_site: bool) -> None:
        """Hold every file the site will list (with the site) or the selection's (without) to its record's promises; AuditError otherwise."""
        from boardgen.make.audit import audit

        jobs = [job for job in self.jobs if job.part != SITE and (with_site or self.selection.wants(job.game, job.kind))]
        audit(jobs, self.cache, self.context, self.shown)

    def _site_records(self) -> dict[str, Record]:
        return {path: record for path, record in self.cache.records.items() if part_of(record.artefact.kind) == SITE}

    def make_site(self, builder: Callable[[list[Artefact], Path], list[Artefact]]) -> None:
        """The site's pages, from the record of every planned file that is there, unless they are up to date."""
        records = [record.artefact for job in self.jobs if job.part != SITE and (record := self.cache.intact(job.path)) is not None]
        site_url = os.environ.get("BOARDGEN_SITE_URL", "")  # the sitemap's addresses (boardgen.site.build.site_url, docs/site.md)
        key = self.context.key_of("site", [record.to_json() for record in records], site_url, inputs=site_inputs(records))
        before = self._site_records()
        if before and all(self.cache.intact(path, key) is not None for path in before):
            self.outcome.up_to_date += sorted(before)
            self.reporter.finished(SITE, [])
            return
        self.reporter.started(SITE, 1.0)
        made = builder(list(records), self.output)
        written = [self._record_site_file(artefact, key) for artefact in made]
        for path in sorted(set(before) - {artefact.path for artefact in made}):
            self._remove(path)
        self.outcome.built += [artefact.path for artefact in made]
        self.reporter.finished(SITE, [self.shown(path) for path in written])

    def _record_site_file(self, artefact: Artefact, key: str) -> str:
        """Record one file the site step says it wrote, with its size and sha256 as they are on disk."""
        status = stat_inside(self.output, artefact.path) if safe_path(self.output, artefact.path) is not None else None
        data = read_inside(self.output, artefact.path) if status is not None else None
        if status is None or data is None:
            raise BoardgenError(f"the site step reported {artefact.path}, which is not a file inside {self.output}")
        fixed = Artefact(**{**artefact.to_json(), "bytes": len(data), "sha256": digest(data), "pages": tasks.count_pages(data)})
        self.cache.record(Record.of_file(fixed, key, status))
        return artefact.path

    def _save_quietly(self) -> None:
        """Save the cache on the way out of a failed or interrupted build; a failure to do so must not hide why it stopped."""
        try:
            self.cache.save()
        except BoardgenError as exc:
            logger.debug("the build cache was not saved: %s", exc)


def _quick(job: Job) -> bool:
    """The jobs made before the early site: all but the booklets (the long ones)."""
    return job.part != "booklets"


def _remember_facts() -> Callable[[], None]:
    """Have the site take each game's facts once for this build (the early site and the final one read the same); returns the undo.

    The facts come from the games' code and texts, which a build does not change.
    """
    from boardgen.site import build as site_build

    before = site_build.use_facts_source(None)
    site_build.use_facts_source(before)
    known: dict[str, site_build.GameFacts] = {}

    def facts(game: str) -> site_build.GameFacts:
        if game not in known:
            known[game] = before(game)
        return known[game]

    def undo() -> None:
        site_build.use_facts_source(before)

    site_build.use_facts_source(facts)
    return undo


def summary(outcome: Outcome) -> str:
    """The last line of a build: what it made, what was up to date, what it removed, how long it took."""
    built, fresh, removed = len(outcome.built), len(outcome.up_to_date), len(outcome.removed)
    return f"{outcome.output}/: built {built} file{'s' if built != 1 else ''}, {fresh} up to date, {removed} removed, in {outcome.seconds:.1f} s"
