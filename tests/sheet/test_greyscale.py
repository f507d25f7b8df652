"""Colours that carry meaning stay apart when a board is printed in greyscale.

Each group of roles a board declares (``distinct_roles``) is rendered alone,
in full and in light ink, rasterised in grey, and measured: two roles are told
apart when their ink differs clearly in lightness (mean grey level) or in
pattern (how much of their area is inked: solid, hatched, cross-hatched, dashed).
"""

from __future__ import annotations

import itertools
import subprocess

import pytest
from PIL import Image

from boardgen.boards.base import BoardOptions
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Sheet
from boardgen.drawing.svg import render_svg
from boardgen.registry import all_games

from ..conftest import require_tool

DPI = 150
BOARDS = [g for g in all_games() if g.has_board()]


def grey_signature(groups: list[Group], tmp_path, name: str) -> tuple[float, float]:
    """(core grey 0..255, fraction of the role's box that is inked).

    The core grey is the 25th percentile of the inked pixels: thin lines have
    many anti-aliased edge pixels, and the colour of the ink itself is what a
    reader's eye compares.
    """
    content = Group("only", list(groups))
    box = ink_bounds(content)
    sheet = Sheet(box[2] + 2, box[3] + 2, content)
    svg = tmp_path / f"{name}.svg"
    png = tmp_path / f"{name}.png"
    svg.write_bytes(render_svg(sheet))
    subprocess.run(["rsvg-convert", "--dpi-x", str(DPI), "--dpi-y", str(DPI), "-b", "white", "-o", str(png), str(svg)], check=True)
    image = Image.open(png).convert("L")
    k = DPI / 25.4
    region = image.crop(tuple(round(v * k) for v in box))
    pixels = list(region.tobytes())
    inked = [p for p in pixels if p < 245]
    assert inked, f"{name} has no visible ink"
    inked.sort()
    return inked[len(inked) // 4], len(inked) / len(pixels)


def distinct(a: tuple[float, float], b: tuple[float, float]) -> bool:
    lightness_apart = abs(a[0] - b[0]) >= 25
    pattern_apart = max(a[1], b[1]) / min(a[1], b[1]) >= 1.35
    return lightness_apart or pattern_apart


@pytest.mark.parametrize("ink", ["full", "light"])
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_meaningful_colours_differ_in_grey(tmp_path, game, ink):
    require_tool("rsvg-convert")
    board = game.make_board(game.default_size)
    if not board.distinct_roles:
        pytest.skip(f"{game.id} declares no roles to keep apart yet")
    options = BoardOptions(ink=ink, coordinates=False)
    whole = ink_bounds(board.draw(Frame(10.0), options))
    drawing = board.draw(Frame(10.0, (2.0 - whole[0], 2.0 - whole[1])), options)
    for roles in board.distinct_roles:
        signatures = {}
        for role in roles:
            groups = drawing.find(role)
            assert groups, f"{game.id} draws no {role}"
            signatures[role] = grey_signature(groups, tmp_path, f"{role}-{ink}")
        for first, second in itertools.combinations(roles, 2):
            assert distinct(signatures[first], signatures[second]), (first, signatures[first], second, signatures[second])


def test_the_measure_can_tell_two_reds_apart_from_red_and_blue(tmp_path):
    """Sanity check of the test itself: two equal solid fills are not distinct; red and dark blue are."""
    from boardgen.drawing.model import Polygon, Style
    from boardgen.drawing import palette

    square = ((0, 0), (20, 0), (20, 20), (0, 20))
    red = grey_signature([Group("a", [Polygon(square, Style(stroke=None, fill=palette.DEFAULT.player_0))])], tmp_path, "red")
    red_again = grey_signature([Group("b", [Polygon(square, Style(stroke=None, fill="#d0342a"))])], tmp_path, "red2")
    blue = grey_signature([Group("c", [Polygon(square, Style(stroke=None, fill=palette.DEFAULT.player_1))])], tmp_path, "blue")
    assert not distinct(red, red_again)
    assert distinct(red, blue)
