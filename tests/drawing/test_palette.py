"""Every colour a board or a diagram draws comes from the current palette, by role.

A palette of distinct sentinel colours is swapped in; every board (all games,
full and light ink, with and without the start position) and diagrams of
several games must then use sentinel colours only, so no drawing code keeps a
colour of its own.  Mapping each sentinel back to its role's default colour
must give the default drawing byte for byte: the roles reproduce today's boards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.problems import Problems
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Sheet
from boardgen.drawing.svg import render_svg
from boardgen.registry import all_games

Palette = palette.Palette
BOARDS = [g for g in all_games() if g.has_board()]
OPTIONS = {
    "full": BoardOptions(),
    "light": BoardOptions(ink="light"),
    "setup": BoardOptions(setup=True),
}
COLOUR_ATTRIBUTE = re.compile(r'(?:fill|stroke|stop-color|color)="([^"]*)"')
DIAGRAMS = {
    "hex": ("hex", 5, {"swap": "on"}, "moves: c3 swap d4\nlegal: b2\nillegal: d4 occupied\narrows: a1-b2\nmarks: e5"),
    "assalto": ("assalto", None, {}, "moves: c4-c5\nillegal: e6-e7 must-capture\ncaptures: c6xc4 c5\nmarks: e6"),
    "surakarta": ("surakarta", None, {}, "position: BBBBBB/B1B1BB/1B4/4B1/WWWWWW/WWWWWW w 6\ncaptures: d1xe3 e3\nlegal: c2-c3"),
    "ringo": ("ringo", None, {}, "position: -/1D3D2/3D3D/8/4A3/2A3A1/1A1A1A1A a\nmarks: e3 d4 f4\nlegal: e4-e3 e4-d4\nview: e6 d5 f5 z"),
    "awele": ("awele", None, {}, "position: 2,0,3,1,0,3/1,2,1,4,1,1 15-14 n 0\nmoves: b2\ncaptures: f1 d2=2 e2=3 f2=2\nillegal: b1 empty\nmarks: c1 south"),
    "gamao": ("gamao", None, {"cube": "on"}, "position: white 24:2 13:5 8:3 6:5 black 1:1 7:1 12:5 17:3 19:5 w cube 2w dice 6-4\nmoves: 13/7*\nlegal: 24/20\nillegal: 6/1 no-die\nmarks: 12"),
    "nyout": ("nyout", None, {"players": "4"}, "position: o03=a o05=c o08=d o10=b o18=a off=b a throws kai kel\nmoves: kai:o03-o05\ncaptures: kel:o05-o08 o08\nillegal: kel:o10-o13 not-yours\nmarks: c start"),
    "damas": ("damas", None, {}, "position: 8/8/1b6/8/1b1B4/2w5/8/W7 w 0\ncaptures: c3xa5xc7 b4 b6\nillegal: c3xe5 majority\nmarks: d4"),
}


def sentinel_palette() -> Palette:
    """One colour per role, unlike any other role's or any default colour.

    Each is its role's default colour with the blue channel nudged by a step of
    its own, so the lightness stays almost the same and drawings that choose a
    contrasting colour by lightness (a move number on a stone) choose as they
    do with the default palette.
    """
    roles = palette.Palette.roles()
    colours = {}
    for i, role in enumerate(roles, start=1):
        value = getattr(palette.DEFAULT, role)
        r, g, b = (int(value[k : k + 2], 16) for k in (1, 3, 5))
        b = b + i if b + i <= 255 else b - i
        colours[role] = f"#{r:02x}{g:02x}{b:02x}"
    assert len(set(colours.values())) == len(roles)
    assert not set(colours.values()) & set(palette.DEFAULT.colours().values())
    return palette.Palette(**colours)


def colours_in(svg: str) -> set[str]:
    return {value for value in COLOUR_ATTRIBUTE.findall(svg) if not value.startswith("url(")} - {"none", "transparent"}


def back_to_default(svg: str, sentinel: Palette) -> str:
    for role, colour in sentinel.colours().items():
        svg = svg.replace(colour, getattr(palette.DEFAULT, role))
    return svg


def board_svg(game, options: BoardOptions) -> str:
    board = game.make_board(game.default_size)
    drawing = board.draw(Frame(8.0, (120.0, 120.0)), options)
    return render_svg(Sheet(240.0, 240.0, drawing)).decode()


def diagram_svg(key: str) -> str:
    game, size, variant, body = DIAGRAMS[key]
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 1, problems)
    registered = next(g for g in all_games() if g.id == game)
    checked = check_diagram(spec, Defaults(game, size or registered.default_size, registered.resolve_variants(variant, "variant")), problems)
    assert checked is not None, [p.message for p in problems.items]
    return render_svg(diagram_sheet(checked, {"en": "d"})).decode()


@pytest.mark.parametrize("option", list(OPTIONS))
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_every_board_colour_comes_from_the_palette(game, option):
    default = board_svg(game, OPTIONS[option])
    sentinel = sentinel_palette()
    with palette.using(sentinel):
        swapped = board_svg(game, OPTIONS[option])
    stray = colours_in(swapped) - set(sentinel.colours().values())
    assert not stray, f"{game.id} ({option}) draws colours that are not palette roles: {sorted(stray)}"
    assert back_to_default(swapped, sentinel) == default
    assert palette.current() is palette.DEFAULT  # the block restored the palette


@pytest.mark.parametrize("key", list(DIAGRAMS))
def test_every_diagram_colour_comes_from_the_palette(key):
    default = diagram_svg(key)
    sentinel = sentinel_palette()
    with palette.using(sentinel):
        swapped = diagram_svg(key)
    stray = colours_in(swapped) - set(sentinel.colours().values())
    assert not stray, f"the {key} diagram draws colours that are not palette roles: {sorted(stray)}"
    assert back_to_default(swapped, sentinel) == default


def test_the_default_palette_keeps_the_colours_of_the_boards():
    """The hues the boards print (the greyscale and colour-blind tests measure them); player 0 is colour-blind-safe vermillion since issue 17."""
    default = palette.DEFAULT
    assert (default.player_0, default.player_1) == ("#d55e00", "#1b3b8f")  # Okabe-Ito vermillion (ink17), dark blue
    assert (default.circuit_inner, default.circuit_outer) == ("#d0312d", "#e0a800")
    assert (default.ink, default.paper, default.line_white) == ("#1a1a1a", "#ffffff", "#f4f0e3")
    assert palette.INK == default.ink  # the old constant follows the current palette
    with palette.using(default.replace(ink="#000001")):
        assert palette.INK == "#000001"


def test_an_unknown_role_is_refused():
    with pytest.raises(TypeError, match="player_2"):
        palette.DEFAULT.replace(player_2="#123456")
    with pytest.raises(TypeError):
        palette.use("#ff0000")  # type: ignore[arg-type]


def test_a_colour_that_is_not_rrggbb_is_refused_naming_the_role():
    from boardgen.errors import BoardgenError

    with pytest.raises(BoardgenError, match="palette role arrow: expected a colour written #rrggbb, not 'green'"):
        palette.DEFAULT.replace(arrow="green")


def test_no_colour_literal_is_left_in_the_drawing_code():
    """Also the code paths the renders above do not reach: colours are named by role only."""
    root = Path(__file__).resolve().parents[2] / "boardgen"
    files = [*root.glob("boards/*.py"), *root.glob("games/*/board.py"), root / "booklet" / "diagrams" / "draw.py"]
    assert len(files) >= 9
    literal = re.compile(r"#[0-9a-fA-F]{6}\b|palette\.[A-Z][A-Z_]+\b")
    found = {f"{path.relative_to(root)}:{n}": line.strip() for path in files for n, line in enumerate(path.read_text().splitlines(), 1) if literal.search(line)}
    assert not found, found
