"""``boardgen board``: one printable board as PDF, SVG or PNG.

Imports only the drawing stack (ReportLab, svgwrite, fontTools): never the
booklet stack, so the command starts fast.
"""

from __future__ import annotations

import logging

import click

from boardgen.cli.common import output_format, output_target, verbosity_options, write_output
from boardgen.cli.complete import complete_choices, complete_file, complete_game, complete_paper, complete_size

FORMATS = ("pdf", "svg", "png")
#: the flag each keyword of ``board_request`` is on this command, for its messages
OPTION_NAMES = {
    "game": "GAME",
    "size": "--size",
    "paper": "--paper",
    "format": "--format",
    "ink": "--ink",
    "cell_mm": "--cell-mm",
    "board_mm": "--board-mm",
    "orientation": "--orientation",
    "coordinates": "--coordinates",
    "setup": "--setup",
    "centre_mark": "--centre-mark",
    "tile": "--tile",
    "overlap_mm": "--overlap-mm",
    "cut_marks": "--cut-marks",
    "per_sheet": "--per-sheet",
    "marks": "--marks",
    "sheets": "--sheets",
    "bleed_mm": "--bleed",
    "dpi": "--dpi",
}
log = logging.getLogger("boardgen")


@click.command()
@click.argument("game", shell_complete=complete_game)
@verbosity_options
@click.option("--size", "size_text", metavar="N", shell_complete=complete_size, help="Board size for games played on several sizes (Hex, Trihex: 2-26).")
@click.option("--paper", "paper_text", metavar="NAME", shell_complete=complete_paper, help="a4, letter, a3, a2, a1, a0 or WIDTHxHEIGHT in mm (default from the locale; BOARDGEN_PAPER overrides).")
@click.option("--format", "fmt", type=str, metavar="pdf|svg|png", shell_complete=complete_choices(FORMATS), help="Output format (default: from the -o suffix, else pdf).")
@click.option("--dpi", "dpi_text", metavar="N", help="Resolution of a png, in dots per inch (default 300).")
@click.option("-o", "--output", "output", type=str, metavar="PATH", shell_complete=complete_file, help="Output file (replaced whole; a device or FIFO is refused), - for standard output (default: the name the build gives the same file, saying what it is: hex-11-a4.pdf, hex-11-poster-tiled-a4.pdf, hex-11-a4-light.pdf; docs/cli.md).")
@click.option("--cell-mm", "cell_text", metavar="MM", help="Size of one cell or point spacing in mm (default: as large as fits).")
@click.option("--ink", "ink", default="full", metavar="full|light|mono", shell_complete=complete_choices(("full", "light", "mono")), help="light: outlines and hatching instead of solid fills; mono: one ink only, patterns instead of colours.")
@click.option("--orientation", default="auto", metavar="auto|portrait|landscape", shell_complete=complete_choices(("auto", "portrait", "landscape")), help="Sheet orientation (auto follows the board's shape).")
@click.option("--coordinates/--no-coordinates", default=True, help="Print coordinates around the board.")
@click.option("--setup/--no-setup", default=False, help="Draw the start position with pieces (default: start points marked only).")
@click.option("--centre-mark/--no-centre-mark", default=True, help="Mark the centre cell (Hex, Trihex).")
@click.option("--board-mm", "board_text", metavar="MM", help="Width of the board itself in mm (instead of --cell-mm).")
@click.option("--tile", is_flag=True, help="Split a board larger than the paper over several sheets (PDF); alone, the game's poster size (the site's poster file).")
@click.option("--overlap-mm", "overlap_text", metavar="MM", help="Glue margin between tiles (default 10).")
@click.option("--cut-marks", is_flag=True, help="Crop marks at the board's corners, inside the sheet (not the tiles' seam marks: see --marks).")
@click.option("--per-sheet", "per_sheet_text", metavar="N", help="Pen-and-paper sheet: N small boards on one page (Hex, Trihex).")
@click.option("--marks", "marks", metavar="trim|corner|none", shell_complete=complete_choices(("trim", "corner", "none")), help="With --tile, the seam marks: trim (default: dashed cut lines, crosses, glue strips), corner (short marks at the seams' ends) or none.")
@click.option("--sheets", "sheets_text", metavar="N", help="With --tile, instead of --cell-mm: the largest board that fits N sheets of the paper.")
@click.option("--bleed", "bleed_text", metavar="MM", help="One sheet: a background MM (0-5) beyond the board's trim edge, crop marks outside it.")
def board(game, size_text, paper_text, fmt, dpi_text, output, cell_text, ink, orientation, coordinates, setup, centre_mark, board_text, tile, overlap_text, cut_marks, per_sheet_text, marks, sheets_text, bleed_text) -> int:
    """Draw a printable, exact-scale board of GAME."""
    from boardgen.cli.options import parse_count, parse_size
    from boardgen.registry import get_game
    from boardgen.sheets.names import request_file_name
    from boardgen.sheets.request import PER_SHEET, SHEETS, board_request, render_board_file

    info = get_game(game)
    # --format first (the checks depend on it); a -o suffix contradicting it is reported after them
    fmt = output_format(fmt, None if fmt else output, FORMATS, "pdf", "a board")
    request = board_request(
        info,
        size=parse_size(info, size_text),
        paper=paper_text,
        format=fmt,
        ink=ink,
        cell_mm=cell_text,
        board_mm=board_text,
        orientation=orientation,
        coordinates=coordinates,
        setup=setup,
        centre_mark=centre_mark,
        tile=tile,
        overlap_mm=overlap_text,
        cut_marks=cut_marks,
        per_sheet=parse_count(per_sheet_text, "--per-sheet", PER_SHEET[0], PER_SHEET[1]),
        names=OPTION_NAMES,
        marks=marks,
        sheets=parse_count(sheets_text, "--sheets", SHEETS[0], SHEETS[1]),
        bleed_mm=bleed_text,
        dpi=dpi_text,
    )
    output_format(fmt, output, FORMATS, "pdf", "a board")
    poster = tile and cell_text is None and board_text is None and sheets_text is None
    path = output_target(output, request_file_name(request, poster=poster))
    paper = request.paper
    log.debug("drawing %s size %s on %s (%.1f x %.1f mm) as %s", info.id, request.size, paper.name, paper.width, paper.height, fmt)
    data, summary = render_board_file(request)
    log.info("wrote %s (%s)", write_output(path, data), summary)
    return 0
