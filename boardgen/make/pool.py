"""Running the jobs to be made: in worker processes, or one after another in this process.

Workers only compute bytes (:func:`boardgen.make.tasks.run`); the build
process writes every file as its bytes come back, so Ctrl-C can never catch a
worker half-way through a file, and every file made before the interrupt is
kept (and recorded) for the next build.

At most one job per process is handed to the pool at a time, so the jobs
handed out are exactly the ones running (what the progress bar shows); the
longest jobs go first (their cost: last build's time, else a guess), which
keeps both cores busy to the end instead of leaving one booklet typesetting
alone.  A job that needs another's file (an imposed booklet needs its A5
booklet) is handed out once that file is written.

A build may name its **first** jobs (``first``: the quick ones, boards and
diagrams) and what to do once they are all written (``after_first``: the
build writes the site's pages there, so that they can be opened while the
booklets are typeset).  The first jobs are handed out before any other; an
other job is handed out as soon as a process is free and no first job is
waiting, so the booklets start while the last boards are drawn, but no other
job's file is written before ``after_first`` has run: a result that comes
back sooner is held until then.

The workers are a ``multiprocessing`` pool rather than a
``ProcessPoolExecutor`` because an interrupted build must stop at once:
leaving the ``with`` block for any reason (Ctrl-C in the parent among them)
terminates the workers, where the executor would wait for the running jobs
to finish.  Workers ignore SIGINT: a terminal's Ctrl-C reaches every process
of the foreground group, and a worker that took it would print its own
traceback; the parent stops them instead.  A parent killed outright
(``kill -9``) cannot stop them: each worker dies with its parent by itself
(:func:`boardgen.booklet.workers.init_worker`).
"""

from __future__ import annotations

import logging
import os
import queue
from collections.abc import Callable
from typing import Any

from boardgen.make import tasks
from boardgen.make.plan import Job

logger = logging.getLogger("boardgen")

WAIT_SECONDS = 0.2  # how long the build waits for a result before looking again (signals arrive meanwhile anyway)


class Jobs:
    """The jobs to make, and which can start: those whose needed files are all written; the first jobs, then the longest."""

    def __init__(self, jobs: list[Job], cost: Callable[[Job], float], first: Callable[[Job], bool] = lambda job: False) -> None:
        self.cost = cost
        self.first = first
        self.waiting = list(jobs)
        self.making = {job.path for job in jobs}  # not written yet
        self.first_left = sum(1 for job in jobs if first(job))  # first jobs not written yet
        self.ready: list[Job] = []
        self._release()

    def _release(self) -> None:
        free = [job for job in self.waiting if not any(need in self.making for need in job.needs)]
        self.waiting = [job for job in self.waiting if job not in free]
        self.ready = sorted(self.ready + free, key=lambda job: (not self.first(job), -self.cost(job)))

    def take(self) -> Job:
        return self.ready.pop(0)

    def written(self, job: Job) -> None:
        if job.path in self.making and self.first(job):
            self.first_left -= 1
        self.making.discard(job.path)
        self._release()

    def __bool__(self) -> bool:
        return bool(self.ready or self.waiting)


Started = Callable[[Job], None]
Finished = Callable[[Job, tasks.Made], None]
Needed = Callable[[Job], tuple[bytes, ...]]
First = Callable[[Job], bool]


class _Writer:
    """Writes what comes back (``finished``), holding the other jobs' results until the first jobs are written and ``after_first`` has run.

    A first job must not need an other job's file (it would wait for a file held back until it is written).
    """

    def __init__(self, pending: Jobs, finished: Finished, after_first: Callable[[], None] | None) -> None:
        self.pending = pending
        self.finished = finished
        self.after_first = after_first
        self.held: list[tuple[Job, tasks.Made]] = []
        self.settle()

    def due(self) -> bool:
        """Whether every first job is written and ``after_first`` has not run yet."""
        return self.after_first is not None and self.pending.first_left == 0

    def settle(self) -> None:
        """Run ``after_first`` if it is due, then write what was held for it."""
        if self.due():
            assert self.after_first is not None
            after_first, self.after_first = self.after_first, None
            after_first()
            held, self.held = self.held, []
            for job, made in held:
                self.write(job, made)

    def write(self, job: Job, made: tasks.Made) -> None:
        if self.after_first is not None and not self.pending.first(job):
            self.held.append((job, made))
            return
        self.finished(job, made)
        self.pending.written(job)


def make_all(
    jobs: list[Job],
    processes: int,
    cost: Callable[[Job], float],
    needed: Needed,
    started: Started,
    finished: Finished,
    first: First | None = None,
    after_first: Callable[[], None] | None = None,
) -> None:
    """Make every job (``jobs`` in an order where needs come first), calling ``finished`` as each one's bytes are ready.

    ``finished`` (which writes the file) runs in this process, in this
    thread, one job at a time.  The first failure stops the build: the
    workers are terminated and the job's exception is raised.  ``first`` and
    ``after_first``: see the module's docstring (``after_first`` runs at once
    when no job is a first one).
    """
    pending = Jobs(jobs, cost, first or (lambda job: False))
    writer = _Writer(pending, finished, after_first)
    if processes <= 1 or len(jobs) <= 1:
        while pending:
            job = pending.take()
            started(job)
            made = tasks.make(job.path, job.task, job.args, needed(job))
            writer.write(job, made)
            writer.settle()
        return
    _in_pool(pending, min(processes, len(jobs)), needed, started, writer)


def _in_pool(pending: Jobs, processes: int, needed: Needed, started: Started, writer: _Writer) -> None:
    import multiprocessing

    from boardgen.booklet.workers import init_worker

    results: queue.SimpleQueue[tuple[Job, Any]] = queue.SimpleQueue()
    running: dict[str, Job] = {}
    with multiprocessing.Pool(processes, initializer=init_worker, initargs=(os.getpid(),)) as pool:
        logger.debug("%s in %d processes", describe(pending.waiting + pending.ready), processes)

        def hand_out(limit: int) -> None:
            while pending.ready and len(running) < limit:
                job = pending.take()
                running[job.path] = job
                started(job)
                deliver = _deliver(results, job)
                pool.apply_async(tasks.run, (job.path, job.task, job.args, needed(job)), callback=deliver, error_callback=deliver)

        while pending or running:
            hand_out(processes)
            try:
                job, result = results.get(timeout=WAIT_SECONDS)
            except queue.Empty:
                continue
            del running[job.path]
            if isinstance(result, tasks.Failed):
                raise result.exception()
            if isinstance(result, BaseException):  # the pool itself failed (a result that did not pickle)
                raise result
            writer.write(job, result)
            if writer.due():
                # This process is about to write the early site, seconds of work: queue a second
                # job for each worker first, so that none of them waits for it.
                hand_out(2 * processes)
                writer.settle()


def _deliver(results: "queue.SimpleQueue[tuple[Job, Any]]", job: Job) -> Callable[[Any], None]:
    """The pool's callback for ``job``: its result (or the pool's own error) into ``results``, for the build's thread."""

    def deliver(result: Any) -> None:
        results.put((job, result))

    return deliver


def describe(jobs: list[Job]) -> str:
    """What ``jobs`` are, in words: "typesetting 18 booklets, drawing 40 boards and 65 diagrams"."""
    count = {part: sum(1 for job in jobs if job.part == part) for part in ("booklets", "boards", "diagrams")}
    drawn = [f"{count[part]} {part}" for part in ("boards", "diagrams") if count[part]]
    words = [f"typesetting {count['booklets']} booklets"] if count["booklets"] else []
    if drawn:
        words.append("drawing " + " and ".join(drawn))
    return ", ".join(words) or f"making {len(jobs)} files"
