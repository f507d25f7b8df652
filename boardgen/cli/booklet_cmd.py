"""``boardgen check``, ``boardgen booklet`` and ``boardgen diagram``: the rule-booklet commands.

Problems in rule texts are printed one per line as ``file:line: message``.
A problem in a text is bad input, so every command that meets one exits 2,
as for any other bad input: ``check`` prints the lines on stdout (they are
its report) and ``boardgen: error: N problems found in the rule texts`` on
stderr; ``booklet`` prints the same lines on stderr and writes nothing.
``check`` exits 0 when the texts are clean.  ``diagram`` takes a
diagram's definition from the options and checks it exactly like a booklet
diagram (an illegal move is refused with the engine's reason).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from boardgen.cli.common import echo_json, json_path, output_format, output_target, verbosity_options, write_output
from boardgen.cli.complete import complete_choices, complete_file, complete_game, complete_lang, complete_size, complete_variant
from boardgen.errors import BoardgenError, OptionError

if TYPE_CHECKING:
    from boardgen.boards.base import InkMode

log = logging.getLogger("boardgen")


def _print_problems(problems, err: bool) -> None:
    for problem in problems:
        click.echo(str(problem), err=err)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _problem_json(problem) -> dict[str, object]:
    return {"file": json_path(problem.path), "line": problem.line, "message": problem.message}


@click.command()
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path())
@verbosity_options
@click.option("--json", "as_json", is_flag=True, help="Print games_checked, diagrams_checked and problems [{file, line, message}] as JSON.")
def check(paths: tuple[str, ...], as_json: bool) -> int:
    """Check the rule texts under PATH (a game folder, a file in one, or rules_text/; default: all of rules_text/).

    Every diagram is replayed by its game's engine and its claims verified;
    both languages must have the same sections and diagrams.  Prints each
    problem as file:line: message; exit status 2 when there is any (bad
    input, as for every command), 0 when the texts are clean.
    """
    from boardgen.booklet.check import game_folders, load_game

    folders = game_folders([Path(p) for p in paths] or None)
    problems = []
    diagrams = 0
    for folder in folders:
        log.debug("checking %s", folder)
        game = load_game(folder)
        problems.extend(game.problems)
        diagrams += len(game.diagrams)
    if as_json:
        data = {"games_checked": len(folders), "diagrams_checked": diagrams, "problems": [_problem_json(p) for p in problems]}
        echo_json(data)
    else:
        _print_problems(problems, err=False)
    if problems:
        click.echo(f"boardgen: error: {_plural(len(problems), 'problem')} found in the rule texts", err=True)
        sys.exit(2)
    if not as_json:
        log.info("checked %s, %s: no problems", _plural(len(folders), "game"), _plural(diagrams, "diagram"))
    return 0


@click.command()
@click.argument("game", shell_complete=complete_game)
@verbosity_options
@click.option("--lang", "lang", default="pt+en", show_default=True, metavar="pt|en|pt+en", shell_complete=complete_lang, help="Language(s); pt+en sets them side by side.")
@click.option("--paper", "paper", metavar="a5|a4|letter", shell_complete=complete_choices(("a5", "a4", "letter")), help="Page size (default a5); with --impose, the sheet: a4 or letter (default from the locale).")
@click.option("--impose", is_flag=True, help="Lay the A5 pages two-up on A4 or Letter in saddle-stitch order.")
@click.option("--ink", "ink", default="full", show_default=True, metavar="full|light", shell_complete=complete_choices(("full", "light")), help="light: the ink-saving edition (no tinted boxes, boards in light ink).")
@click.option("--sources", "sources", metavar="DIR", type=click.Path(), help="Read the rule texts from DIR instead of rules_text/GAME.")
@click.option("--format", "fmt", default="pdf", show_default=True, metavar="pdf|html", shell_complete=complete_choices(("pdf", "html")), help="html: the HTML and CSS WeasyPrint typesets, as a folder a browser opens (index.html, booklet.css, fonts/, images/).")
@click.option("-o", "--output", "output", metavar="PATH", shell_complete=complete_file, help="Output PDF (replaced whole; a device or FIFO is refused), - for standard output (default: GAME-LANG-PAPER[-imposed-SHEET][-light].pdf here); with --format html, the folder (default: the same name without .pdf).")
def booklet(game: str, lang: str, paper: str | None, impose: bool, ink: str, sources: str | None, fmt: str, output: str | None) -> int:
    """Typeset the rule booklet of GAME to PDF (after checking it as `boardgen check` does)."""
    from boardgen.booklet.build import booklet_pdf, game_folder, load_checked, parse_request
    from boardgen.booklet.problems import ProblemsError
    from boardgen.registry import get_game

    info = get_game(game)
    request = parse_request(lang, paper, impose, ink=ink, names={"langs": "--lang", "paper": "--paper", "impose": "--impose", "ink": "--ink"})
    folder = Path(sources) if sources else game_folder(info.id)
    if not folder.is_dir():
        where = "--sources" if sources else "GAME"
        raise OptionError(where, f"no rule texts for {info.id}: {folder} is not a folder")
    chosen = fmt.strip().lower()
    if chosen not in ("pdf", "html"):
        raise OptionError("--format", f"must be pdf or html, not {fmt!r}")
    if chosen == "html":
        return _booklet_folder(info.id, folder, request, output)
    output_format(None, output, ("pdf",), "pdf", "a booklet")
    path = output_target(output, request.file_name(info.id))
    log.debug("typesetting %s from %s: %s on %s%s, %s ink", info.id, folder, "+".join(request.langs), request.paper, f", imposed on {request.impose_on}" if request.impose_on else "", request.ink)
    try:
        checked = load_checked(folder, info.id)
        data = booklet_pdf(checked, request)
    except ProblemsError as exc:
        _print_problems(exc.problems, err=True)
        click.echo(f"boardgen: error: {len(exc.problems)} problem{'s' if len(exc.problems) != 1 else ''} in the rule texts; no PDF written", err=True)
        sys.exit(2)
    log.info("wrote %s", write_output(path, data))
    return 0


def _booklet_folder(game_id: str, folder: Path, request, output: str | None) -> int:
    """``--format html``: the booklet's HTML folder (boardgen/booklet/html_folder.py), checked and written as the PDF is."""
    from boardgen.booklet.build import load_checked
    from boardgen.booklet.html_folder import check_folder_target, write_html_folder
    from boardgen.booklet.problems import ProblemsError

    if request.impose_on:
        raise OptionError("--format", "html is the booklet's own pages; --impose lays the PDF's pages out on sheets, so it needs --format pdf")
    if output in ("-", ""):
        raise OptionError("-o", "--format html writes a folder, not a stream; give a folder name")
    target = Path(output.rstrip("/") or "/") if output else Path(request.file_name(game_id).removesuffix(".pdf"))
    check_folder_target(target, "-o")
    try:
        checked = load_checked(folder, game_id)
        write_html_folder(checked, request, target, "-o")
    except ProblemsError as exc:
        _print_problems(exc.problems, err=True)
        click.echo(f"boardgen: error: {len(exc.problems)} problem{'s' if len(exc.problems) != 1 else ''} in the rule texts; no folder written", err=True)
        sys.exit(2)
    log.info("wrote %s/%s", target, "index.html")
    return 0


def _ink_and_dpi(ink: str, dpi_text: str | None, fmt: str) -> tuple[InkMode, int | None]:
    """The diagram's ink and a png's resolution, checked as ``boardgen board`` checks them."""
    from boardgen.sheets.request import INKS, _choice, ink_mode, png_resolution

    return ink_mode(_choice(ink, INKS, "--ink")), png_resolution(dpi_text, fmt, None, "--dpi", "--format")


def _split_claim(text: str, option: str) -> tuple[str, str]:
    words = text.split()
    if len(words) != 2:
        raise OptionError(option, f"expected 'MOVE CODE', e.g. 'e5 occupied', not {text!r}")
    return words[0], words[1]


def _split_captures(text: str, option: str) -> tuple[str, tuple[str, ...]]:
    """``MOVE POINT...`` read as the diagram block's ``captures`` key reads it."""
    from boardgen.booklet.diagrams.syntax import read_captures

    claim = read_captures(text)
    if claim is None:
        raise OptionError(option, f"expected 'MOVE POINT...', the move and then every point it captures, e.g. 'b2xd4 d4', not {text!r}")
    return claim


@click.command()
@click.argument("game", shell_complete=complete_game)
@click.argument("moves", nargs=-1, metavar="[MOVE]...")
@verbosity_options
@click.option("--size", "size_text", metavar="N", shell_complete=complete_size, help="Board size (when no --position is given).")
@click.option("--position", metavar="TEXT", help="Start from this position (the engine's notation).")
@click.option("--variant", "variants", multiple=True, metavar="NAME=VALUE", shell_complete=complete_variant, help="A rule option (repeatable).")
@click.option("--arrow", "arrows", multiple=True, metavar="FROM-TO", help="An arrow, also a-b-c through several points (repeatable).")
@click.option("--mark", "marks", multiple=True, metavar="POINT", help="Highlight a point or cell (repeatable).")
@click.option("--view", "view", multiple=True, metavar="POINT", help="Show only the part of the board around these points (repeatable).")
@click.option("--legal", "legal", multiple=True, metavar="MOVE", help="Claim (and show) that MOVE is legal in the shown position.")
@click.option("--illegal", "illegal", multiple=True, metavar="'MOVE CODE'", help="Claim (and show) that MOVE is illegal for reason CODE.")
@click.option("--captures", "captures", multiple=True, metavar="'MOVE POINT...'", help="Claim (and show) that MOVE is legal and captures exactly the pieces on these points (repeatable; POINT=N where places hold counts).")
@click.option("--wins", "wins", type=click.Choice(["0", "1"]), help="Claim that the shown position is won by player 0 or 1.")
@click.option("--throw", "throw", metavar="TEXT", help="A game of chance: the throw made in the shown position (3-1, kel), drawn beside the board.")
@click.option("--numbers/--no-numbers", default=True, help="Number the moves on the pieces.")
@click.option("--coordinates/--no-coordinates", default=True, help="Draw the coordinates.")
@click.option("--lang", "lang", default="pt+en", show_default=True, metavar="pt|en|pt+en", shell_complete=complete_lang, help="Language(s) of the text description (SVG title).")
@click.option("--format", "fmt", metavar="svg|pdf|png", shell_complete=complete_choices(("svg", "pdf", "png")), help="Output format (default: from the -o suffix, else svg).")
@click.option("--dpi", "dpi_text", metavar="N", help="Resolution of a png, in dots per inch (default 300).")
@click.option("--ink", "ink", default="full", show_default=True, metavar="full|light|mono", shell_complete=complete_choices(("full", "light", "mono")), help="How the board is inked (as for boardgen board).")
@click.option("-o", "--output", "output", metavar="PATH", shell_complete=complete_file, help="Output file (replaced whole; a device or FIFO is refused), - for standard output (default: GAME-diagram[-KEY][-INK].FORMAT here, KEY a digest of the options: see docs/cli.md).")
def diagram(game, moves, size_text, position, variants, arrows, marks, view, legal, illegal, captures, wins, throw, numbers, coordinates, lang, fmt, dpi_text, ink, output) -> int:
    """Draw one engine-checked example position of GAME, like a booklet diagram.

    MOVEs are played from the start position (or --position); the picture
    shows the position after them, numbered.  Every move and claim is checked
    by the game's engine; an illegal move is refused with the reason.  Each
    option is a key of a diagram block (docs/booklets.md) with the same
    values and checks, and the same options draw the same picture.
    """
    from boardgen.booklet.build import parse_langs
    from boardgen.booklet.diagrams.render import checked_from_options, diagram_file, terms_from_rules
    from boardgen.booklet.paths import game_texts_dir
    from boardgen.cli.options import parse_size
    from boardgen.registry import get_game, parse_variant_options
    from boardgen.sheets.names import diagram_file_name

    info = get_game(game)
    size = parse_size(info, size_text) if size_text is not None else None
    asked = parse_variant_options(variants)
    chosen = info.resolve_variants(asked)
    langs = parse_langs(lang, "--lang")
    fmt = output_format(fmt, output, ("svg", "pdf", "png"), "svg", "a diagram")
    chosen_ink, dpi = _ink_and_dpi(ink, dpi_text, fmt)
    choices = {
        "size": size, "variants": dict(asked), "position": position, "moves": moves, "arrows": arrows, "marks": marks,
        "view": view, "legal": legal, "illegal": illegal, "captures": captures, "wins": wins, "throw": throw,
        "numbers": numbers, "coordinates": coordinates, "lang": "+".join(langs),
    }
    path = output_target(output, diagram_file_name(info.id, fmt, choices, ink=chosen_ink, dpi=dpi))
    checked = checked_from_options(
        info.id,
        size=size,
        variants=chosen,
        position=position,
        moves=moves,
        arrows=arrows,
        marks=marks,
        view=view,
        numbers=numbers,
        coordinates=coordinates,
        legal=legal,
        illegal=[_split_claim(text, "--illegal") for text in illegal],
        captures=[_split_captures(text, "--captures") for text in captures],
        wins=int(wins) if wins is not None else None,
        throw=throw,
        names={"arrows": "--arrow", "captures": "--captures", "throw": "--throw"},
    )
    try:
        texts = game_texts_dir(info.id)
    except BoardgenError:  # no checkout around: describe the players generically
        texts = None
    data, (width, height) = diagram_file(checked, terms_from_rules(texts, langs), fmt, ink=chosen_ink, dpi=dpi)
    log.info("wrote %s (%.0f x %.0f mm)", write_output(path, data), width, height)
    return 0

