"""``--ink mono``: one ink, no tints, and the meaning kept by pattern alone.

* Every board (empty and with its start position) and a diagram of every game,
  drawn in one ink and rasterised as the PNG a user gets, has one colour
  besides the paper: every pixel lies on the line from paper to ink (the greys
  of anti-aliasing), none has a hue and none is a tint darker than the paper
  that is not a mix of the two.
* Each pair of roles that carries meaning differs by pattern: the local ink
  coverage of one (its share of ink over its footprint, see
  test_colour_blind) is at least ``COVERAGE_RATIO`` times the other's, with no
  help from colour, since there is none.
* Pieces carry a paper halo, so a piece on a hatched dark square stands on white.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from boardgen.boards.base import BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.model import Circle
from boardgen.drawing.png import render_png
from boardgen.registry import all_games
from boardgen.sheets.request import board_request, board_sheets

from ..conftest import require_tool
from .test_colour_blind import COVERAGE_RATIO, DELTA_E, KINDS, measure

BOARDS = [g for g in all_games() if g.has_board()]
DPI = 60
OFF_LINE = 3  # levels 0..255: how far a pixel may stray from the paper-ink line (rounding in the rasteriser)


def _sheet(game, ink: str, setup: bool = False):
    request = board_request(game, paper="a4", ink=ink, setup=setup)
    with palette.inked(ink):
        return board_sheets(request)[0]


def stray_pixels(png: bytes, ink: str, paper: str) -> int:
    """Pixels that are not a mix of ``ink`` and ``paper``."""
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(float)
    a = np.array([int(ink[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)
    b = np.array([int(paper[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)
    t = np.clip(((rgb - a) @ (b - a)) / ((b - a) @ (b - a)), 0.0, 1.0)
    nearest = a + t[..., None] * (b - a)
    return int((np.abs(rgb - nearest).max(axis=-1) > OFF_LINE).sum())


@pytest.mark.parametrize("setup", [False, True], ids=["empty", "setup"])
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_a_mono_board_has_one_ink(game, setup):
    png = render_png(_sheet(game, "mono", setup), DPI)
    assert stray_pixels(png, palette.DEFAULT.ink, palette.DEFAULT.paper) == 0


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_a_mono_diagram_has_one_ink(game):
    sheet, _ = KINDS["diagram"](game, "mono")
    assert stray_pixels(render_png(sheet, 150), palette.DEFAULT.ink, palette.DEFAULT.paper) == 0


def test_the_one_ink_check_can_fail():
    """A full-ink board has colours off the paper-ink line; a light-ink one keeps its coloured lines."""
    hex_game = next(g for g in BOARDS if g.id == "hex")
    assert stray_pixels(render_png(_sheet(hex_game, "full"), DPI), palette.DEFAULT.ink, palette.DEFAULT.paper) > 1000
    assert stray_pixels(render_png(_sheet(hex_game, "light"), DPI), palette.DEFAULT.ink, palette.DEFAULT.paper) > 100


def test_the_one_ink_palette_is_ink_and_paper_only():
    mono = palette.one_ink(palette.DEFAULT)
    assert set(mono.colours().values()) == {palette.DEFAULT.ink, palette.DEFAULT.paper}
    assert (mono.light_piece, mono.dark_piece, mono.stone_0, mono.stone_1) == (mono.paper, mono.ink, mono.paper, mono.ink)


def by_pattern(measured, first, second) -> tuple[bool, str]:
    """Told apart with one ink: the ink coverage of their footprints, or the tone of what shows of each.

    With ink and paper only, a difference in tone can only come from structure: a
    hatching's density, paper stripes over a band, a line's paper core (Brax's
    White lines) against a solid one.  Thresholds as in test_colour_blind.
    """
    a, b = measured.coverage(first, "normal"), measured.coverage(second, "normal")
    tone = float(np.linalg.norm(measured.colour(measured.mask(first), "normal") - measured.colour(measured.mask(second), "normal")))
    return max(a, b) >= COVERAGE_RATIO * min(a, b) or tone >= DELTA_E, f"coverage {a:.2f} / {b:.2f}, ΔE {tone:.1f}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("mono")


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_meaningful_roles_differ_by_pattern_in_one_ink(folder, kind, game):
    require_tool("rsvg-convert")
    made = measure(kind, game, "mono", folder)
    if made is None:
        pytest.skip(f"{game.id} has no {kind} sheet")
    measured, pairs = made
    close = []
    for first, second, beside in pairs:
        if beside:
            continue  # an outline against the cells beside it: the halo's business, measured below
        ok, figures = by_pattern(measured, first, second)
        if not ok:
            close.append(f"{first} vs {second}: {figures}")
    assert not close, f"{kind} of {game.id}, one ink: the same pattern:\n" + "\n".join(close)


@pytest.mark.parametrize("game_id", ["damas", "ringo"])
def test_pieces_on_dark_cells_stand_on_a_paper_halo(game_id):
    """Just outside each piece's outline, a ring of paper: no hatching line touches the piece."""
    game = next(g for g in BOARDS if g.id == game_id)
    dpi = 300
    sheet = _sheet(game, "mono", setup=True)
    grey = np.asarray(Image.open(io.BytesIO(render_png(sheet, dpi))).convert("L"))
    k = dpi / 25.4
    pieces = [(shape, roles) for shape, roles in sheet.content.walk() if isinstance(shape, Circle) and any(r.startswith("piece-player-") for r in roles) and shape.style.stroke != palette.DEFAULT.paper]
    assert len(pieces) >= 8
    for circle, _ in pieces:
        ring = circle.radius + circle.style.width / 2 + 0.25  # mm: in the middle of the 0.5 mm halo
        angles = np.linspace(0, 2 * np.pi, 90, endpoint=False)
        xs = np.rint((circle.centre[0] + ring * np.cos(angles)) * k).astype(int)
        ys = np.rint((circle.centre[1] + ring * np.sin(angles)) * k).astype(int)
        assert grey[ys, xs].min() > 200, (game_id, circle.centre)


# Not the pieces sheets: with every colour made ink, both sides' discs are solid ink with a thin paper rim
# (first player) or a thin paper hatching (second), apart by shape but not by how much ink they hold, which is
# all this measure sees.  Their one-ink drawing (outlines, rim or hatching on paper) is measured above, and
# their colours for every colour vision in test_colour_blind.
@pytest.mark.parametrize("ink", ["full", "light"])
@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "pieces"])
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_meaningful_roles_differ_by_pattern_in_every_ink(folder, kind, game, ink):
    """Full and light ink drawn with every colour made ink (or paper, for the light fills): the meaning stays.

    What colour tells apart on these sheets is also told apart by a pattern, a
    line style or a symbol, for a reader who does not see the colour at all.
    """
    require_tool("rsvg-convert")
    with palette.using(palette.one_ink(palette.DEFAULT)):
        made = measure(kind, game, ink, folder)
    if made is None:
        pytest.skip(f"{game.id} has no {kind} sheet")
    measured, pairs = made
    close = []
    for first, second, beside in pairs:
        if beside:
            continue
        ok, figures = by_pattern(measured, first, second)
        if not ok:
            close.append(f"{first} vs {second}: {figures}")
    assert not close, f"{kind} of {game.id}, {ink} ink without its colours: the same pattern:\n" + "\n".join(close)
