"""``boardgen build``: write every board, booklet and diagram into ``output/``."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.option("-o", "--output", "output", default="output", show_default=True, metavar="DIR", help="Folder to write into.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the summary line.")
def build(output: str, quiet: bool) -> int:
    """Write every default board (SVG and PDF, A4 and Letter), booklet and diagram."""
    from boardgen.build.steps import run_steps
    from boardgen.errors import OptionError

    folder = Path(output)
    if folder.exists() and not folder.is_dir():
        raise OptionError("--output", f"{folder} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    written = run_steps(folder, (lambda _: None) if quiet else click.echo)
    click.echo(f"built {len(written)} files into {folder}/")
    return 0
