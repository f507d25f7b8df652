"""``boardgen build``: write every board, booklet and diagram into ``output/``."""

from __future__ import annotations

import json
import logging
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
    counts them.  With --json, stdout is one object
    {"output": DIR, "files": [{"path": ..., "bytes": ...}, ...]}.
    """
    from boardgen import logs
    from boardgen.build.steps import run_steps
    from boardgen.errors import OptionError

    folder = Path(output)
    if folder.exists() and not folder.is_dir():
        raise OptionError("-o/--output", f"{folder} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    if as_json:
        logs.progress_to_stderr()
    written = run_steps(folder)
    log.info("built %d files into %s/", len(written), folder)
    if as_json:
        files = [{"path": str(path), "bytes": path.stat().st_size} for path in written]
        click.echo(json.dumps({"output": str(folder), "files": files}, ensure_ascii=False, indent=2))
    return 0
