"""``boardgen build``: every board, booklet and diagram, and the download site, into ``output/``; only what changed."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import click

from boardgen.cli.common import echo_json, json_path, verbosity_options
from boardgen.cli.complete import complete_dir, complete_list, complete_only

log = logging.getLogger("boardgen")

KINDS = ("boards", "booklets", "diagrams", "site")
complete_kind = complete_list(lambda: [(kind, None) for kind in KINDS])


@click.command()
@verbosity_options
@click.option("-o", "--output", "output", default="output", show_default=True, metavar="DIR", shell_complete=complete_dir, help="Folder to write into.")
@click.option("--only", "only", multiple=True, metavar="GAME", shell_complete=complete_only, help="Build only these games' files (repeat it, or GAME,GAME); the site lists every file the folder holds.")
@click.option("--kind", "kinds", multiple=True, metavar="KIND", shell_complete=complete_kind, help=f"Build only these parts: {', '.join(KINDS)} (repeat it, or KIND,KIND).")
@click.option("-j", "--jobs", "jobs", default=None, metavar="N", help="Processes making files at once, 1 to 4 per core [default: BOARDGEN_JOBS, else one per core].")
@click.option("--json", "as_json", is_flag=True, help="Print what the build made and found (every file's record) as JSON; progress goes to stderr.")
def build(output: str, only: tuple[str, ...], kinds: tuple[str, ...], jobs: str | None, as_json: bool) -> int:
    """Write every default board (SVG and PDF, A4 and Letter), booklet and diagram, and the site's pages.

    Only what changed is made again: each file has a key (a hash of its
    sources, templates, fonts, code, options and boardgen's version) kept in
    DIR/.boardgen-build.json with the file's size and sha256; a file whose key
    and bytes are the recorded ones is left alone, one that no job makes any
    more is removed.  Files are made in parallel (--jobs) and written whole.

    On a terminal one progress line shows the files done, what is being made
    and the time left; elsewhere each file is announced as "wrote PATH" (-q:
    silent); the last line sums up.  Every rule text that changed is checked
    before anything is written: a problem is printed as file:line and the
    build stops (status 2) with the output folder as it was.  Ctrl-C stops
    the build (status 130) with every file whole; the next build goes on from
    there.  With --json, stdout is one object: {"output", "files": [{"path",
    "bytes"}], "artefacts": [records], "built", "up_to_date", "removed",
    "seconds"}.
    """
    from boardgen import logs
    from boardgen.make.plan import Selection
    from boardgen.make.run import run_build, summary
    from boardgen.errors import BoardgenError, OptionError

    if not output:  # -o "$UNSET" would otherwise build into the current folder
        raise OptionError("-o/--output", "the folder name is empty; give a folder (the default is output)")
    selection = Selection(_games(only), frozenset(_kinds(kinds)) if kinds else Selection().parts)
    processes = _processes(jobs)
    folder = output_folder(output)
    if as_json:
        logs.progress_to_stderr()
    try:
        outcome = run_build(folder, selection, processes, _reporter(as_json))
    except BoardgenError as exc:
        problems = getattr(exc, "problems", None)  # a ProblemsError: every problem, one per line
        if problems is None:
            raise
        for problem in problems:
            click.echo(str(problem), err=True)
        click.echo(f"boardgen: error: {len(problems)} problem{'s' if len(problems) != 1 else ''} in the rule texts; nothing written", err=True)
        sys.exit(2)
    log.info("%s", summary(outcome))
    if as_json:
        record = {
            "output": json_path(folder),
            "files": [{"path": json_path(folder.joinpath(*artefact.path.split("/"))), "bytes": artefact.bytes} for artefact in outcome.records],
            "artefacts": [artefact.to_json() for artefact in outcome.records],
            "built": outcome.built,
            "up_to_date": outcome.up_to_date,
            "removed": outcome.removed,
            "seconds": round(outcome.seconds, 3),
        }
        echo_json(record)
    return 0


def output_folder(output: str) -> Path:
    """The folder ``-o`` names, made if missing: OptionError when the name is empty, a file, or cannot be made.

    Shared by ``build`` and ``serve``, which write the same folder.
    """
    from boardgen.errors import OptionError

    if not output:  # -o "$UNSET" would otherwise build into the current folder
        raise OptionError("-o/--output", "the folder name is empty; give a folder (the default is output)")
    from boardgen.output import make_folder

    return make_folder(Path(output), "-o/--output")


def _split(values: tuple[str, ...]) -> list[str]:
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _games(only: tuple[str, ...]) -> frozenset[str] | None:
    """The game ids ``--only`` names (aliases allowed), None without it; OptionError for an unknown one."""
    from boardgen.errors import OptionError
    from boardgen.registry import get_game

    if not only:
        return None
    names = _split(only)
    if not names:
        raise OptionError("--only", "names no game; give a game id such as hex")
    return frozenset(get_game(name, "--only").id for name in names)


def _kinds(kinds: tuple[str, ...]) -> list[str]:
    from boardgen.errors import OptionError

    chosen = _split(kinds)
    for kind in chosen:
        if kind.lower() not in KINDS:
            raise OptionError("--kind", f"must be {', '.join(KINDS)}, not {kind!r}")
    if not chosen:
        raise OptionError("--kind", f"names no part; give one of {', '.join(KINDS)}")
    return [kind.lower() for kind in chosen]


def _processes(jobs: str | None) -> int:
    """``--jobs`` checked (1 to 4 per core), else BOARDGEN_JOBS checked the same way, else one per core."""
    from boardgen.make.run import checked_processes, default_processes
    from boardgen.values import read_whole_number

    if jobs is None:
        return default_processes()
    return checked_processes(read_whole_number(jobs), "--jobs", jobs)


def _reporter(as_json: bool):
    """A progress bar when stderr is a terminal and progress lines would reach one too; ``wrote`` lines otherwise."""
    from boardgen.make.progress import Bar, Lines

    quiet_or_verbose = log.getEffectiveLevel() != logging.INFO
    terminal = sys.stderr is not None and sys.stderr.isatty() and (as_json or (sys.stdout is not None and sys.stdout.isatty()))
    if terminal and not quiet_or_verbose:
        return Bar(sys.stderr)
    return Lines()
