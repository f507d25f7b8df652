"""``boardgen board``: one printable board as PDF or SVG.

Imports only the drawing stack (ReportLab, svgwrite, fontTools): never the
booklet stack, so the command starts fast.
"""

from __future__ import annotations

import logging

import click

from boardgen.cli.common import output_format, output_target, verbosity_options, write_output
from boardgen.cli.complete import complete_choices, complete_game, complete_paper
from boardgen.errors import OptionError

FORMATS = ("pdf", "svg")
log = logging.getLogger("boardgen")


@click.command()
@click.argument("game", shell_complete=complete_game)
@verbosity_options
@click.option("--size", "size_text", metavar="N", help="Board size for games played on several sizes (Hex, Trihex: 2-26).")
@click.option("--paper", "paper_text", metavar="NAME", shell_complete=complete_paper, help="a4, letter, a3, a2, a1, a0 or WIDTHxHEIGHT in mm (default from the locale; BOARDGEN_PAPER overrides).")
@click.option("--format", "fmt", type=str, metavar="pdf|svg", shell_complete=complete_choices(FORMATS), help="Output format (default: from the -o suffix, else pdf).")
@click.option("-o", "--output", "output", type=str, metavar="PATH", help="Output file, - for standard output (default: GAME-SIZE-PAPER.FORMAT here).")
@click.option("--cell-mm", "cell_text", metavar="MM", help="Size of one cell or point spacing in mm (default: as large as fits).")
@click.option("--ink", "ink", default="full", metavar="full|light", shell_complete=complete_choices(("full", "light")), help="light: outlines and hatching instead of solid fills.")
@click.option("--orientation", default="auto", metavar="auto|portrait|landscape", shell_complete=complete_choices(("auto", "portrait", "landscape")), help="Sheet orientation (auto follows the board's shape).")
@click.option("--coordinates/--no-coordinates", default=True, help="Print coordinates around the board.")
@click.option("--setup/--no-setup", default=False, help="Draw the start position with pieces (default: start points marked only).")
@click.option("--centre-mark/--no-centre-mark", default=True, help="Mark the centre cell (Hex, Trihex).")
@click.option("--board-mm", "board_text", metavar="MM", help="Width of the board itself in mm (instead of --cell-mm).")
@click.option("--tile", is_flag=True, help="Split a board larger than the paper over several sheets (PDF).")
@click.option("--overlap-mm", "overlap_text", metavar="MM", help="Glue margin between tiles (default 10).")
@click.option("--cut-marks", is_flag=True, help="Crop marks at the board's corners, inside the sheet.")
@click.option("--per-sheet", "per_sheet_text", metavar="N", help="Pen-and-paper sheet: N small boards on one page (Hex, Trihex).")
def board(game, size_text, paper_text, fmt, output, cell_text, ink, orientation, coordinates, setup, centre_mark, board_text, tile, overlap_text, cut_marks, per_sheet_text) -> int:
    """Draw a printable, exact-scale board of GAME."""
    from boardgen.boards.base import BoardOptions
    from boardgen.sheets.request import SheetRequest, render_board_file
    from boardgen.sheets.paper import default_paper
    from boardgen.cli.options import parse_count, parse_mm, parse_size
    from boardgen.sheets.paper import parse_paper
    from boardgen.registry import all_games, get_game

    info = get_game(game)
    size = parse_size(info, size_text)
    paper = parse_paper(paper_text or default_paper())
    # --format first (the checks below depend on it); a -o suffix contradicting it is reported after them
    fmt = output_format(fmt, None if fmt else output, FORMATS, "pdf", "a board")
    if ink not in ("full", "light"):
        raise OptionError("--ink", f"must be full or light, not {ink!r}")
    if orientation not in ("auto", "portrait", "landscape"):
        raise OptionError("--orientation", f"must be auto, portrait or landscape, not {orientation!r}")
    cell_mm = parse_mm(cell_text, "--cell-mm", 1.0, 1000.0)
    board_mm = parse_mm(board_text, "--board-mm", 10.0, 10000.0)
    if cell_mm is not None and board_mm is not None:
        raise OptionError("--board-mm", "give either --cell-mm or --board-mm, not both")
    overlap = parse_mm(overlap_text, "--overlap-mm", 0.0, 200.0)
    per_sheet = parse_count(per_sheet_text, "--per-sheet", 1, 36)
    if overlap is not None and not tile:
        raise OptionError("--overlap-mm", "only applies with --tile")
    if per_sheet is not None and not info.extra.get("pen_and_paper"):
        pen_games = ", ".join(g.id for g in all_games() if g.extra.get("pen_and_paper"))
        raise OptionError("--per-sheet", f"pen-and-paper sheets are for {pen_games}, not {info.id}")
    if per_sheet is not None and (tile or cell_mm or board_mm):
        raise OptionError("--per-sheet", "picks its own scale; it does not combine with --tile, --cell-mm or --board-mm")
    if tile and fmt != "pdf":
        raise OptionError("--tile", "tiled boards are one multi-page PDF; use --format pdf")
    if tile and cell_mm is None and board_mm is None:
        raise OptionError("--tile", "say how large the board should be with --cell-mm or --board-mm")
    output_format(fmt, output, FORMATS, "pdf", "a board")
    stem = f"{info.id}{'-' + str(size) if size else ''}-{paper.name}"
    path = output_target(output, f"{stem}.{fmt}")
    options = BoardOptions(coordinates=coordinates, ink=ink, setup=setup, centre_mark=centre_mark)
    request = SheetRequest(info, size, paper, options, fmt, cell_mm, orientation, board_mm, tile, overlap if overlap is not None else 10.0, cut_marks, per_sheet)
    log.debug("drawing %s size %s on %s (%.1f x %.1f mm) as %s", info.id, size, paper.name, paper.width, paper.height, fmt)
    data, summary = render_board_file(request)
    log.info("wrote %s (%s)", write_output(path, data), summary)
    return 0

