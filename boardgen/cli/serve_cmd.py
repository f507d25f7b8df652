"""``boardgen serve`` (alias ``preview``): the site on 127.0.0.1, rebuilt as rule texts and templates are saved."""

from __future__ import annotations

import click

from boardgen.cli.common import verbosity_options
from boardgen.cli.complete import complete_dir, complete_only


@click.command()
@verbosity_options
@click.option("-o", "--output", "output", default="output", show_default=True, metavar="DIR", shell_complete=complete_dir, help="The build's folder to serve (and rebuild into).")
@click.option("-p", "--port", "port", default="8000", show_default=True, metavar="N", help="Port on 127.0.0.1, 0 to 65535 (0: any free port, printed).")
@click.option("--only", "only", multiple=True, metavar="GAME", shell_complete=complete_only, help="Build and rebuild only these games (repeat it, or GAME,GAME).")
@click.option("--no-build", "no_build", is_flag=True, help="Serve the folder as it is; rebuild only on a save.")
def serve(output: str, port: str, only: tuple[str, ...], no_build: bool) -> int:
    """Serve the download site on 127.0.0.1 and rebuild a game's page and diagrams when its rule text is saved.

    First the diagrams and the site are brought up to date (as "boardgen
    build --kind diagrams,site" would), then the folder is served.  The rule
    texts and the templates are watched: a saved rule text remakes that
    game's diagrams and the site's pages through the build, a saved template
    the site's pages, and every open page reloads itself.  A text that fails
    its check leaves the files as they were and every page shows the
    file:line problem at its top until it is fixed.  Booklets are not
    typeset here: "boardgen build --only GAME --kind booklets" makes them.
    Pages get their reload script from the server; the files on disk have
    none.  Ctrl-C stops it.
    """
    from boardgen.cli.build_cmd import _games, output_folder
    from boardgen.make.preview import Preview

    number, games = _port(port), _games(only)
    folder = output_folder(output)
    Preview(folder, number, games).run(first_build=not no_build, announce=lambda line: click.echo(line))
    return 0


def _port(given: str) -> int:
    """``--port`` checked: ASCII digits, 0 to 65535 (0 lets the system choose a free port)."""
    from boardgen.errors import OptionError
    from boardgen.values import read_whole_number

    number = read_whole_number(given)
    if number is None or number > 65535:
        raise OptionError("--port", f"must be a port number, 0 to 65535, not {given!r}")
    return number
