"""``boardgen calibrate``: the printer self-test sheet (two 100 mm bars, 3 mm and 6 mm edge frames).

Imports only the drawing stack, like ``boardgen board``.
"""

from __future__ import annotations

import logging

import click

from boardgen.cli.common import output_format, output_target, verbosity_options, write_output
from boardgen.cli.complete import complete_choices, complete_file, complete_paper

FORMATS = ("pdf", "svg")
log = logging.getLogger("boardgen")


@click.command()
@verbosity_options
@click.option("--paper", "paper_text", metavar="NAME", shell_complete=complete_paper, help="a4, letter, a3, a2, a1, a0 or WIDTHxHEIGHT in mm (default from the locale; BOARDGEN_PAPER overrides).")
@click.option("--format", "fmt", type=str, metavar="pdf|svg", shell_complete=complete_choices(FORMATS), help="Output format (default: from the -o suffix, else pdf).")
@click.option("-o", "--output", "output", type=str, metavar="PATH", shell_complete=complete_file, help="Output file (replaced whole), - for standard output (default: calibrate-PAPER.FORMAT here).")
def calibrate(paper_text: str | None, fmt: str | None, output: str | None) -> int:
    """Draw the printer self-test sheet: measure its two 100 mm bars, see which edge frames print."""
    from boardgen.sheets.calibrate import render_calibration
    from boardgen.sheets.names import calibration_file_name
    from boardgen.sheets.paper import default_paper, parse_paper

    chosen = output_format(fmt, None if fmt else output, FORMATS, "pdf", "a self-test sheet")
    paper = parse_paper(paper_text if paper_text is not None else default_paper(), "--paper")
    output_format(chosen, output, FORMATS, "pdf", "a self-test sheet")
    path = output_target(output, calibration_file_name(paper.name, chosen))
    data, summary = render_calibration(paper, chosen, {"paper": "--paper"})
    log.info("wrote %s (%s)", write_output(path, data), summary)
    return 0
