"""``boardgen pieces``: the pieces of a game, to print and cut out, as PDF (every page) or SVG (one page).

Imports only the drawing stack, as ``boardgen board`` does.
"""

from __future__ import annotations

import logging

import click
from click.shell_completion import CompletionItem

from boardgen.cli.common import output_format, output_target, verbosity_options, write_output
from boardgen.cli.complete import complete_choices, complete_file, complete_game, complete_paper

FORMATS = ("pdf", "svg", "png")
INKS = ("full", "light", "mono")
#: the flag each keyword of the pieces sheet is on this command, for its messages
OPTION_NAMES = {"paper": "--paper", "page": "--page", "format": "--format", "ink": "--ink", "dpi": "--dpi"}
log = logging.getLogger("boardgen")


def complete_pieces_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Only the games (and aliases) that declare a pieces sheet (``GameInfo.pieces``): the others would be refused."""
    from boardgen.registry import get_game

    return [item for item in complete_game(ctx, param, incomplete) if get_game(item.value).pieces is not None]


@click.command()
@click.argument("game", shell_complete=complete_pieces_game)
@verbosity_options
@click.option("--paper", "paper_text", metavar="NAME", shell_complete=complete_paper, help="a4, letter, a3, a2, a1, a0 or WIDTHxHEIGHT in mm (default from the locale; BOARDGEN_PAPER overrides); the pieces fit the board drawn on it.")
@click.option("--format", "fmt", type=str, metavar="pdf|svg|png", shell_complete=complete_choices(FORMATS), help="Output format (default: from the -o suffix, else pdf).")
@click.option("--dpi", "dpi_text", metavar="N", help="Resolution of a png, in dots per inch (default 300).")
@click.option("-o", "--output", "output", type=str, metavar="PATH", shell_complete=complete_file, help="Output file (replaced whole), - for standard output (default: GAME-SIZE-pieces-PAPER[-INK].FORMAT here, as the build names it).")
@click.option("--ink", "ink", default="full", metavar="full|light|mono", shell_complete=complete_choices(INKS), help="light: outlines and hatching instead of solid fills; mono: one ink, no tints.")
@click.option("--page", "page_text", metavar="N", help="With --format svg or png: which page to write (default 1); a PDF holds every page.")
def pieces(game, paper_text, fmt, dpi_text, output, ink, page_text) -> int:
    """Draw GAME's pieces to cut out, at the size of its printed board."""
    from boardgen.cli.options import parse_count
    from boardgen.errors import OptionError
    from boardgen.registry import get_game
    from boardgen.sheets.names import pieces_file_name
    from boardgen.sheets.paper import default_paper, parse_paper
    from boardgen.sheets.pieces import render_pieces
    from boardgen.sheets.request import ink_mode, png_resolution

    info = get_game(game)
    fmt = output_format(fmt, None if fmt else output, FORMATS, "pdf", "a pieces sheet")
    chosen_ink = ink.strip().lower() if isinstance(ink, str) else ink
    if chosen_ink not in INKS:
        raise OptionError("--ink", f"must be full, light or mono, not {ink!r}")
    paper = parse_paper(paper_text if paper_text is not None else default_paper(), "--paper")
    page = parse_count(page_text, "--page", 1, 999) if page_text is not None else None
    dpi = png_resolution(dpi_text, fmt, paper, "--dpi", "--format")
    output_format(fmt, output, FORMATS, "pdf", "a pieces sheet")
    path = output_target(output, pieces_file_name(info.id, info.default_size, paper.name, fmt, ink=chosen_ink, page=page, dpi=dpi))
    data, summary = render_pieces(info, paper, ink_mode(chosen_ink), fmt, page, OPTION_NAMES, dpi)
    log.info("wrote %s (%s)", write_output(path, data), summary)
    return 0
