"""The plan of a build: every file it will produce, known before any is made, each with its key.

A :class:`Job` is one file of the output folder: where it goes and what it is
(the fields of its :class:`~boardgen.site.catalogue.Artefact` record, all but
the ones only the bytes can tell), the function that makes its bytes, and
what those bytes depend on.  The job lists (``boardgen.make.steps.STEPS``)
make the jobs; nothing here knows a game or a paper.

The key of a job is a sha256 over everything its bytes depend on: boardgen's
version, the function and its arguments (the options), the digests of the
inputs it names (:mod:`boardgen.make.inputs`) and the keys of the files it
reads from the output folder (``needs``: an imposed booklet reads its A5
booklet).  Same key, same bytes: that is what lets the build skip a file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boardgen.make.inputs import Inputs
from boardgen.site.catalogue import Artefact, Format, Kind

if TYPE_CHECKING:
    from boardgen.make.cache import Cache

# The parts of the output a build can be limited to (--kind), and the kinds of artefact in each.
PARTS: dict[str, frozenset[str]] = {
    "boards": frozenset({"board", "poster", "pen", "pieces", "record", "calibration"}),
    "booklets": frozenset({"booklet", "booklet-imposed"}),
    "diagrams": frozenset({"diagram"}),
    "site": frozenset({"thumbnail", "page", "style"}),
}
SITE = "site"
KEY_SCHEMA = 1  # bump when what goes into a key changes: every key changes with it


def part_of(kind: str) -> str:
    """The part (``--kind``) an artefact kind belongs to; anything the site step writes is the site's."""
    for part, kinds in PARTS.items():
        if kind in kinds:
            return part
    return SITE


@dataclass(frozen=True)
class Job:
    """One file the build produces, and how.

    ``task`` is a ``module:function`` called (in a worker process, or in this
    one with ``--jobs 1``) as ``function(*args, *needed)``, where ``needed``
    are the bytes of the files named by ``needs``; it returns the file's bytes
    (or the bytes and the number of pages, which are otherwise counted with pypdf).
    ``args`` must pickle and have a stable ``repr``: it is the options half of
    the key.  ``cost`` is the expected seconds of work, used to start the long
    jobs first and to guess the time left before a first build has measured it.
    """

    path: str  # relative to the output folder, "/" separators
    game: str | None
    kind: Kind
    format: Format
    task: str
    args: tuple[Any, ...] = ()
    inputs: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    cost: float = 1.0
    paper: str | None = None
    lang: str | None = None
    ink: str | None = None
    variant: str | None = None
    id: str | None = None  # noqa: A003 - the record's field (a diagram's id in its rule text)
    size: int | None = None  # the board's size, for a game played on several

    @property
    def part(self) -> str:
        return part_of(self.kind)

    def artefact(self, size: int, sha256: str, pages: int | None) -> Artefact:
        """The record of this job's file, once its bytes are known."""
        return Artefact(
            path=self.path,
            game=self.game,
            kind=self.kind,
            format=self.format,
            bytes=size,
            sha256=sha256,
            paper=self.paper,
            lang=self.lang,
            pages=pages,
            ink=self.ink,
            variant=self.variant,
            id=self.id,
            size=self.size,
        )


def job_key(job: Job, inputs: Inputs, needed_keys: dict[str, str], version: str) -> str:
    """The sha256 of everything the job's bytes depend on (see the module's docstring)."""
    return digest_of(
        {
            "schema": KEY_SCHEMA,
            "version": version,
            "task": job.task,
            "options": repr(job.args),
            "inputs": inputs.digests(job.inputs),
            "needs": {path: needed_keys[path] for path in job.needs},
        }
    )


def digest_of(value: Any) -> str:
    """sha256 of a JSON value written canonically (sorted keys, no spaces)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Selection:
    """The part of the plan a build makes: ``--only`` games (None: all) and ``--kind`` parts.

    The site is no game's: it is in the selection whenever its part is,
    whatever ``--only`` says, since its pages list what the folder holds.
    """

    games: frozenset[str] | None = None
    parts: frozenset[str] = frozenset(PARTS)

    @property
    def everything(self) -> bool:
        return self.games is None and self.parts == frozenset(PARTS)

    def wants(self, game: str | None, kind: str) -> bool:
        part = part_of(kind)
        if part not in self.parts:
            return False
        return part == SITE or self.games is None or game in self.games

    def wants_game(self, game: str, parts: Iterable[str]) -> bool:
        """Whether any of ``parts`` of ``game`` is to be made."""
        return (self.games is None or game in self.games) and any(part in self.parts for part in parts)


def order_by_needs(jobs: list[Job]) -> list[Job]:
    """``jobs`` with each job after the jobs it needs (stable otherwise); ValueError on a need that is not planned."""
    by_path = {job.path: job for job in jobs}
    placed: set[str] = set()
    ordered: list[Job] = []

    def place(job: Job, seen: tuple[str, ...]) -> None:
        if job.path in placed:
            return
        for need in job.needs:
            if need not in by_path:
                raise ValueError(f"{job.path} needs {need}, which no job makes")
            if need in seen:
                raise ValueError(f"{job.path} needs itself through {need}")
            place(by_path[need], (*seen, job.path))
        placed.add(job.path)
        ordered.append(job)

    for job in jobs:
        place(job, ())
    return ordered


class PlanContext:
    """What a job list may ask while it plans: the input digests, the selection, the last build's records.

    ``facts`` keeps what one job list found out for the others (the
    diagrams a game's texts hold, checked once for both booklets and diagrams).
    """

    def __init__(self, inputs: Inputs, selection: Selection, cache: "Cache", version: str) -> None:
        self.inputs = inputs
        self.selection = selection
        self.cache = cache
        self.version = version
        self.facts: dict[str, Any] = {}

    def key_of(self, *parts: Any, inputs: tuple[str, ...] = ()) -> str:
        """A key over ``parts`` and the digests of ``inputs``, with boardgen's version."""
        return digest_of({"schema": KEY_SCHEMA, "version": self.version, "parts": list(parts), "inputs": self.inputs.digests(inputs)})
