"""Colours that carry meaning stay apart when a board is printed in greyscale.

Each group of roles a board declares (``distinct_roles``) is rendered alone,
in full and in light ink, rasterised in grey, and measured: two roles are told
apart when their ink differs clearly in lightness (mean grey level) or in
pattern (how much of their area is inked: solid, hatched, cross-hatched, dashed).

Then the things a player must tell apart (each game's ``tone_pairs``: the players' edges
and sides, zone outlines against the cells beside them, start marks) must also
differ in tone on the real A4 sheet, in both greyscale conversions: a pattern
that differs only in angle, or an outline as dark as its background, is not
enough.
"""

from __future__ import annotations

import dataclasses
import itertools
import subprocess

import numpy as np
import pytest
from PIL import Image

from boardgen.boards.base import BoardOptions
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Line, Sheet, Style, Text
from boardgen.drawing.svg import render_svg
from boardgen.registry import all_games
from boardgen.sheets.paper import parse_paper
from boardgen.sheets.single import board_sheet

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


# -- Tone on the printed sheet ---------------------------------------------------------
#
# Told apart by pattern is not enough when the patterns differ only in angle (Trihex's
# light-ink sides were three hatchings of one tone), and a thick outline must not melt
# into the cells it runs along (Ringo's neutral zone against its dark neighbours).  So
# the pairs below, the things a player must tell apart, must also differ in TONE on the
# real printed sheet: the mean lightness of what shows of each (a hatching counts with
# the paper between its lines, as the eye averages it), under both common ways of
# turning colour into grey, by at least TONE_APART.

TONE_APART = 15.0  # ΔL*: the step between clearly different greys (L* runs 0 black .. 100 white)
TONE_DPI = 200
# The CIE lightness of the colour (what a colour-managed greyscale print keeps), and the
# lightness of its video luma (0.299 R' + 0.587 G' + 0.114 B' of the gamma-encoded values,
# what PIL, Ghostscript and most printer drivers print in "greyscale"): the two disagree
# most for saturated reds and pinks.
GREYS = ("cie", "luma")

# What a player must tell apart on each game's sheet, as (first, second) pairs, declared by the
# game itself (``GAME.extra["tone_pairs"]`` in ``boardgen/games/GAME/__init__.py``, so that a new
# game adds no line here).  A role alone means everything the role inks (fill, hatching and
# outline); ``(role, "fill")`` only its inside (a start mark's colour without its rim),
# ``(role, "stroke")`` only its outlines.  A third item BESIDE compares only the part of the first
# that lies beside the second (within BESIDE_PX): an outline or a mark's rim against the cells it
# borders.  A game that declares nothing gets every pair of each group of roles its board
# declares distinct (``distinct_roles``).
BESIDE = "beside"
BESIDE_PX = 4


def tone_pairs(game) -> list[tuple]:
    """The pairs the game declares (``extra["tone_pairs"]``), else the pairs of its board's ``distinct_roles``."""
    declared = game.extra.get("tone_pairs")
    if declared is not None:
        return [tuple(pair) for pair in declared]
    board = game.make_board(game.default_size)
    return [pair for group in board.distinct_roles for pair in itertools.combinations(group, 2)]


_LEVELS = np.arange(256) / 255
_LINEAR = np.where(_LEVELS <= 0.04045, _LEVELS / 12.92, ((_LEVELS + 0.055) / 1.055) ** 2.4)
_BLACK = "#000000"


def _rasterise(data: bytes, path, dpi: int = TONE_DPI) -> Image.Image:
    svg = path.with_suffix(".svg")
    png = path.with_suffix(".png")
    svg.write_bytes(data)
    subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), "-b", "white", "-o", str(png), str(svg)], check=True)
    return Image.open(png)


def printed_board(game, ink: str, paper: str = "a4") -> Sheet:
    """The game's default sheet without coordinates, drawn as ``boardgen board --ink INK`` draws it (one ink: its palette, halos)."""
    from boardgen.drawing import palette
    from boardgen.sheets.request import board_request, board_sheets

    request = board_request(game, paper=paper, ink=ink, coordinates=False)
    with palette.inked(ink):
        return board_sheets(request)[0]


def linear_grey(image: Image.Image, grey: str) -> np.ndarray:
    """Each pixel's luminance (0 black .. 1 white, linear light) once printed in grey."""
    rgb = np.asarray(image.convert("RGB"))
    if grey == "cie":
        return _LINEAR[rgb[..., 0]] * 0.2126 + _LINEAR[rgb[..., 1]] * 0.7152 + _LINEAR[rgb[..., 2]] * 0.0722
    luma = np.rint(rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114).astype(int)
    return _LINEAR[luma]


def l_star(luminance: float) -> float:
    """CIE L* of a linear luminance."""
    return 116 * luminance ** (1 / 3) - 16 if luminance > 0.008856 else 903.3 * luminance


def _labelled(shape, codes: dict[tuple[str, str], str], role: str | None):
    """``shape`` painted in code colours: its inside in ``codes[(role, "fill")]``, its outline in ``codes[(role, "stroke")]``.

    ``role`` is the innermost measured role the shape belongs to (None: none, painted
    in the "other" codes).  A shape drawn with neither fill nor stroke (a light cell
    in light ink) still has an inside: it is where that cell is.
    """
    if isinstance(shape, Group):
        inner = shape.role if (shape.role, "fill") in codes else role
        return Group(shape.role, [_labelled(child, codes, inner) for child in shape.children], clip=shape.clip)
    fill, stroke = codes[(role, "fill")], codes[(role, "stroke")]
    if isinstance(shape, Text):
        return dataclasses.replace(shape, fill=fill)
    style = shape.style
    inside = (style.fill is not None or style.hatch is not None or style.stroke is None) and not isinstance(shape, Line)
    return dataclasses.replace(
        shape,
        style=Style(stroke=stroke if style.stroke else None, width=style.width, fill=fill if inside else None, dash=style.dash, cap=style.cap, join=style.join),
    )


class PrintedSheet:
    """A game's default A4 board sheet, rasterised, and where each measured role shows on it.

    Where a role shows comes from a second raster of the same sheet without
    anti-aliasing, every shape painted in a code colour naming its role and part
    (inside or outline): a pixel shows what is drawn last over its centre.
    """

    def __init__(self, game, ink: str, roles: set[str], folder, sheet: Sheet | None = None, dpi: int = TONE_DPI, name: str = "") -> None:
        self.sheet = sheet if sheet is not None else printed_board(game, ink)
        self.name = name or f"{game.id}-{ink}"
        self.dpi = dpi
        image = _rasterise(render_svg(self.sheet), folder / self.name, dpi)
        self.image = image.convert("RGB")
        self.grey = {grey: linear_grey(image, grey) for grey in GREYS}
        keys = [(role, part) for role in [None, *sorted(roles)] for part in ("fill", "stroke")]
        codes = {key: f"#{index + 1:02x}{0:02x}{(index * 37) % 256:02x}" for index, key in enumerate(keys)}
        self.codes = {key: int(code[1:], 16) for key, code in codes.items()}
        labelled = Sheet(self.sheet.width, self.sheet.height, _labelled(self.sheet.content, codes, None))
        svg = render_svg(labelled).replace(b"<svg ", b'<svg shape-rendering="crispEdges" ', 1)
        rgb = np.asarray(_rasterise(svg, folder / f"{self.name}-roles", dpi).convert("RGB")).astype(np.int32)
        self.labels = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]

    def shows(self, role: str, part: str = "all") -> np.ndarray:
        """Pixels where ``role`` (its ``part``: "fill", "stroke" or "all") is on top, with three of their four neighbours.

        With the neighbours: the outer pixels of a shape are anti-aliased into what
        lies next to it, so they are left out; three, not four, so that a line two
        pixels wide (0.25 mm) still has pixels left to measure.
        """
        parts = ("fill", "stroke") if part == "all" else (part,)
        mask = np.isin(self.labels, [self.codes[(role, p)] for p in parts])
        neighbours = np.zeros(mask.shape, dtype=np.int8)
        neighbours[1:, :] += mask[:-1, :]
        neighbours[:-1, :] += mask[1:, :]
        neighbours[:, 1:] += mask[:, :-1]
        neighbours[:, :-1] += mask[:, 1:]
        return mask & (neighbours >= 3)

    def tone(self, item: tuple[str, str], grey: str, beside: tuple[str, str] | None = None) -> float:
        """L* of the mean luminance of what shows of ``item`` (role, part): a hatching averaged with its paper.

        ``beside``: only the part of ``item`` within BESIDE_PX pixels of what shows of that other item.
        """
        mask = self.shows(*item)
        if beside is not None:
            mask &= _grown(self.shows(*beside), BESIDE_PX)
        where = f"{item}" + (f" beside {beside}" if beside else "")
        assert mask.sum() >= 100, f"too little of {where} shows on {self.name} to measure: {mask.sum()} pixels"
        return l_star(float(self.grey[grey][mask].mean()))


def _grown(mask: np.ndarray, steps: int) -> np.ndarray:
    """The mask ``steps`` pixels wider (a step reaches the four neighbours)."""
    grown = mask.copy()
    for _ in range(steps):
        step = grown.copy()
        step[1:, :] |= grown[:-1, :]
        step[:-1, :] |= grown[1:, :]
        step[:, 1:] |= grown[:, :-1]
        step[:, :-1] |= grown[:, 1:]
        grown = step
    return grown


def _part(item) -> tuple[str, str]:
    return (item, "all") if isinstance(item, str) else item


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_what_must_differ_in_tone_is_well_formed(game):
    """Each declared pair is two roles (or (role, part)) and at most the word BESIDE: a typo in a game's package fails here, by name."""
    pairs = tone_pairs(game)
    for first, second, *rest in pairs:
        assert rest in ([], [BESIDE]), (game.id, first, second, rest)
        for item in (first, second):
            assert isinstance(item, str) or (len(item) == 2 and item[1] in ("fill", "stroke")), (game.id, item)


@pytest.mark.parametrize("ink", ["full", "light"])  # one ink differs by pattern, not tone: tests/sheet/test_mono.py
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_what_a_player_tells_apart_differs_in_tone(tmp_path, game, ink):
    require_tool("rsvg-convert")
    pairs = [(_part(first), _part(second), BESIDE in rest) for first, second, *rest in tone_pairs(game)]
    printed = PrintedSheet(game, ink, {role for first, second, _ in pairs for role, _ in (first, second)}, tmp_path)
    close = []
    for first, second, beside in pairs:
        for grey in GREYS:
            tones = printed.tone(first, grey, second if beside else None), printed.tone(second, grey)
            if abs(tones[0] - tones[1]) < TONE_APART:
                close.append(
                    f"{first}{' beside it' if beside else ''} L* {tones[0]:.1f} vs {second} L* {tones[1]:.1f} "
                    f"({grey} grey): ΔL* {abs(tones[0] - tones[1]):.1f}"
                )
    assert not close, f"{game.id}, {ink} ink: too close in tone (ΔL* < {TONE_APART}):\n" + "\n".join(close)


def test_the_two_greys_differ_where_the_old_outline_failed():
    """Sanity check of the tone measure: Ringo's old deep-pink outline against the dark cells.

    By CIE lightness the pair looks 11 apart, by a printer's luma less than 4:
    which is why the tone test measures both.
    """
    pink, dark = Image.new("RGB", (4, 4), "#c2185b"), Image.new("RGB", (4, 4), "#4a4a4a")
    cie = [l_star(float(linear_grey(image, "cie").mean())) for image in (pink, dark)]
    luma = [l_star(float(linear_grey(image, "luma").mean())) for image in (pink, dark)]
    assert cie[0] - cie[1] == pytest.approx(11.1, abs=0.3)
    assert luma[0] - luma[1] == pytest.approx(3.4, abs=0.3)
