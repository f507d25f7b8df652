"""``boardgen board``: one printable board as PDF or SVG.

Imports only the drawing stack (ReportLab, svgwrite, fontTools): never the
booklet stack, so the command starts fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from boardgen.errors import OptionError

FORMATS = ("pdf", "svg")


@click.command()
@click.argument("game")
@click.option("--size", "size_text", metavar="N", help="Board size for games played on several sizes (Hex, Trihex: 2-26).")
@click.option("--paper", "paper_text", metavar="NAME", help="a4, letter, a3, a2, a1, a0 or WIDTHxHEIGHT in mm (default from the locale; BOARDGEN_PAPER overrides).")
@click.option("--format", "fmt", type=str, metavar="pdf|svg", help="Output format (default: from the -o suffix, else pdf).")
@click.option("-o", "--output", "output", type=str, metavar="PATH", help="Output file (default: GAME-SIZE-PAPER.FORMAT here).")
@click.option("--cell-mm", "cell_text", metavar="MM", help="Size of one cell or point spacing in mm (default: as large as fits).")
@click.option("--ink", "ink", default="full", metavar="full|light", help="light: outlines and hatching instead of solid fills.")
@click.option("--orientation", default="auto", metavar="auto|portrait|landscape", help="Sheet orientation (auto follows the board's shape).")
@click.option("--coordinates/--no-coordinates", default=True, help="Print coordinates around the board.")
@click.option("--setup/--no-setup", default=False, help="Draw the start position with pieces (default: start points marked only).")
@click.option("--centre-mark/--no-centre-mark", default=True, help="Mark the centre cell (Hex, Trihex).")
def board(game, size_text, paper_text, fmt, output, cell_text, ink, orientation, coordinates, setup, centre_mark) -> int:
    """Draw a printable, exact-scale board of GAME."""
    from boardgen.boards import BoardOptions
    from boardgen.cli.options import default_paper, parse_mm, parse_size
    from boardgen.output import check_writable, write_atomic
    from boardgen.paper import parse_paper
    from boardgen.registry import get_game

    info = get_game(game)
    size = parse_size(info, size_text)
    paper = parse_paper(paper_text or default_paper())
    fmt = _format(fmt, output)
    if ink not in ("full", "light"):
        raise OptionError("--ink", f"must be full or light, not {ink!r}")
    if orientation not in ("auto", "portrait", "landscape"):
        raise OptionError("--orientation", f"must be auto, portrait or landscape, not {orientation!r}")
    cell_mm = parse_mm(cell_text, "--cell-mm", 1.0, 1000.0)
    path = Path(output) if output else Path(f"{info.id}{'-' + str(size) if size else ''}-{paper.name}.{fmt}")
    check_writable(path)
    options = BoardOptions(coordinates=coordinates, ink=ink, setup=setup, centre_mark=centre_mark)
    data, summary = render_board_file(info, size, paper, options, fmt, cell_mm, orientation)
    write_atomic(path, data)
    click.echo(f"wrote {path} ({summary})")
    return 0


def _format(fmt: str | None, output: str | None) -> str:
    if fmt is None:
        suffix = Path(output).suffix.lower().lstrip(".") if output else ""
        return suffix if suffix in FORMATS else "pdf"
    fmt = fmt.strip().lower()
    if fmt not in FORMATS:
        raise OptionError("--format", f"must be pdf or svg, not {fmt!r}")
    return fmt


def render_board_file(info, size, paper, options, fmt, cell_mm=None, orientation="auto") -> tuple[bytes, str]:
    """(file bytes, one-line summary) of a board sheet; shared with ``boardgen build``."""
    from boardgen.sheet import board_sheet

    board_class = info.load_board()
    drawing = board_class(size) if size is not None else board_class()
    sheet = board_sheet(drawing, paper, options, cell_mm, orientation)
    if fmt == "svg":
        from boardgen.drawing.svg import render_svg

        data = render_svg(sheet)
    else:
        from boardgen.drawing.pdf import render_pdf

        data = render_pdf(sheet)
    return data, sheet.subject
