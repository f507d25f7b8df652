"""The build, as ``boardgen build`` runs it: every board, booklet and diagram and the site, into a folder.

:func:`build` checks the command's options as keywords and calls the maker's
entry point (:func:`boardgen.make.run.run_build`); what it returns,
:class:`BuildSummary`, is what ``boardgen build --json`` prints, typed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from boardgen import extras
from boardgen.api import checks
from boardgen.api.checks import StrPath
from boardgen.errors import OptionError, shown
from boardgen.registry import get_game
from boardgen.site.catalogue import Artefact

#: what ``kinds`` may name (the command's ``--kind``)
BUILD_KINDS = ("boards", "booklets", "diagrams", "site")


@dataclass(frozen=True)
class BuildSummary:
    """What one build did, as ``boardgen build --json`` says it.

    ``artefacts``: the record of every file of the selection (and the site's):
    its ``path`` relative to ``output`` with ``/`` separators, ``kind``,
    ``format``, ``bytes``, ``sha256``, ``paper``, ``lang``... (see
    :class:`boardgen.site.catalogue.Artefact`).  ``built``, ``up_to_date`` and
    ``removed`` are such paths; ``seconds`` the time it took.
    """

    output: Path
    artefacts: tuple[Artefact, ...]
    built: tuple[str, ...]
    up_to_date: tuple[str, ...]
    removed: tuple[str, ...]
    seconds: float

    @property
    def files(self) -> tuple[Path, ...]:
        """Where every file of :attr:`artefacts` is, below :attr:`output`."""
        return tuple(self.output.joinpath(*artefact.path.split("/")) for artefact in self.artefacts)


def build(
    output: StrPath = "output",
    *,
    only: str | Iterable[str] | None = None,
    kinds: str | Iterable[str] | None = None,
    jobs: int | None = None,
) -> BuildSummary:
    """Make every file that is not up to date in ``output`` (made if missing), as ``boardgen build`` does.

    ``only``: these games' files (ids or aliases, a list or ``"hex,y"``; the
    site still lists every file the folder holds). ``kinds``: only these
    parts, of ``"boards"``, ``"booklets"``, ``"diagrams"``, ``"site"``.
    ``jobs``: processes making files at once, 1 to 4 per core (default:
    ``BOARDGEN_JOBS``, else one per core).  A broken rule text raises
    ProblemsError (``.problems``) with the folder as it was.  Progress goes to
    the ``boardgen`` logger ("wrote PATH").  (A build takes minutes, so the
    example shows only a refusal, which comes first.)

    >>> api.build("output", kinds=["posters"])
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: kinds: must be boards, booklets, diagrams, site, not 'posters'
    """
    extras.require("booklets", "api.build")  # MissingExtraError on a core install
    from boardgen.make.plan import Selection
    from boardgen.make.run import checked_processes, default_processes, run_build

    folder_name = checks.path_item(output, "output")
    games = None
    if only is not None:
        names = checks.names(only, "only")
        if not names:
            raise OptionError("only", "names no game; give a game id such as hex")
        games = frozenset(get_game(name, "only").id for name in names)
    parts = None
    if kinds is not None:
        chosen = checks.names(kinds, "kinds")
        if not chosen:
            raise OptionError("kinds", f"names no part; give one of {', '.join(BUILD_KINDS)}")
        for kind in chosen:
            if kind.lower() not in BUILD_KINDS:
                raise OptionError("kinds", f"must be {', '.join(BUILD_KINDS)}, not {kind!r}")
        parts = frozenset(kind.lower() for kind in chosen)
    if jobs is None:
        processes = default_processes()
    elif isinstance(jobs, bool) or not isinstance(jobs, int):
        raise OptionError("jobs", f"expected a whole number of processes, not {shown(jobs)}")
    else:
        processes = checked_processes(jobs, "jobs", str(jobs))
    from boardgen.output import make_folder

    folder = make_folder(Path(folder_name), "output")
    outcome = run_build(folder, Selection(games, parts) if parts is not None else Selection(games), processes)
    return BuildSummary(
        folder,
        tuple(outcome.records),
        tuple(outcome.built),
        tuple(outcome.up_to_date),
        tuple(outcome.removed),
        outcome.seconds,
    )

