"""``boardgen build``: write every board, booklet and diagram into ``output/``."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import click

from boardgen.cli.common import verbosity_options

log = logging.getLogger("boardgen")


@click.command()
@verbosity_options
@click.option("-o", "--output", "output", default="output", show_default=True, metavar="DIR", help="Folder to write into.")
@click.option("--json", "as_json", is_flag=True, help="Print the files written (path and bytes) as JSON; progress goes to stderr.")
def build(output: str, as_json: bool) -> int:
    """Write every default board (SVG and PDF, A4 and Letter), booklet and diagram.

    Each file is announced as it is written (-q: silent); the last line
    counts them.  Every rule text is checked before anything is written: a
    problem is printed as file:line and the build stops (status 2) with the
    output folder as it was.  Temporary files an interrupted build left
    behind (.NAME.XXXXXXXX.tmp) are removed.  With --json, stdout is one object
    {"output": DIR, "files": [{"path": ..., "bytes": ...}, ...]}.
    """
    from boardgen import logs
    from boardgen.build.steps import run_steps
    from boardgen.errors import BoardgenError, OptionError

    if not output:  # -o "$UNSET" would otherwise build into the current folder
        raise OptionError("-o/--output", "the folder name is empty; give a folder (the default is output)")
    folder = Path(output)
    if folder.exists() and not folder.is_dir():
        raise OptionError("-o/--output", f"{folder} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError("-o/--output", f"cannot create folder {folder}: {exc.strerror or exc}") from None
    if as_json:
        logs.progress_to_stderr()
    try:
        written = run_steps(folder)
    except BoardgenError as exc:
        problems = getattr(exc, "problems", None)  # a ProblemsError: every problem, one per line
        if problems is None:
            raise
        for problem in problems:
            click.echo(str(problem), err=True)
        click.echo(f"boardgen: error: {len(problems)} problem{'s' if len(problems) != 1 else ''} in the rule texts; nothing written", err=True)
        sys.exit(2)
    log.info("built %d files into %s/", len(written), folder)
    if as_json:
        files = [{"path": str(path), "bytes": path.stat().st_size} for path in written]
        click.echo(json.dumps({"output": str(folder), "files": files}, ensure_ascii=False, indent=2))
    return 0
