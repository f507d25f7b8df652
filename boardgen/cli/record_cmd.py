"""``boardgen record``: a game's record sheet (score pad or notation sheet) as PDF or SVG.

The sheet is the RecordSheet the game declares (``GameInfo.record``) laid
out by :mod:`boardgen.sheets.records`; imports only the drawing stack.
"""

from __future__ import annotations

import logging

import click
from click.shell_completion import CompletionItem

from boardgen.cli.common import output_format, output_target, verbosity_options, write_output
from boardgen.cli.complete import complete_choices, complete_file, complete_game, complete_paper

FORMATS = ("pdf", "svg")
log = logging.getLogger("boardgen")


def complete_record_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Only the games (and aliases) that have a record sheet: the others would be refused."""
    from boardgen.registry import get_game
    from boardgen.sheets.records import games_with_records

    with_records = set(games_with_records())
    return [item for item in complete_game(ctx, param, incomplete) if get_game(item.value).id in with_records]


@click.command()
@click.argument("game", shell_complete=complete_record_game)
@verbosity_options
@click.option("--paper", "paper_text", metavar="NAME", shell_complete=complete_paper, help="a4, letter, a3, a2, a1, a0 or WIDTHxHEIGHT in mm (default from the locale; BOARDGEN_PAPER overrides).")
@click.option("--format", "fmt", type=str, metavar="pdf|svg", shell_complete=complete_choices(FORMATS), help="Output format (default: from the -o suffix, else pdf).")
@click.option("-o", "--output", "output", type=str, metavar="PATH", shell_complete=complete_file, help="Output file (replaced whole), - for standard output (default: GAME-record-PAPER.FORMAT here).")
def record(game: str, paper_text: str | None, fmt: str | None, output: str | None) -> int:
    """Draw GAME's record sheet: a score pad or a notation sheet, in Portuguese and English."""
    from boardgen.registry import get_game
    from boardgen.sheets.names import record_file_name
    from boardgen.sheets.paper import default_paper, parse_paper
    from boardgen.sheets.records import game_record, render_record

    info = get_game(game)
    declared = game_record(info.id)
    chosen = output_format(fmt, None if fmt else output, FORMATS, "pdf", "a record sheet")
    paper = parse_paper(paper_text if paper_text is not None else default_paper(), "--paper")
    output_format(chosen, output, FORMATS, "pdf", "a record sheet")
    path = output_target(output, record_file_name(info.id, paper.name, chosen))
    data, summary = render_record(declared, paper, chosen, {"paper": "--paper"})
    log.info("wrote %s (%s)", write_output(path, data), summary)
    return 0
