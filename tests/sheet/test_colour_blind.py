"""What a player tells apart by colour stays apart for colour-blind readers and in grey.

Every board (the default size on A4, no coordinates) and a diagram of every
game, in full, light and one ink, is rasterised at a low resolution, then seen
as a reader with protanopia, deuteranopia or tritanopia would see it (Machado,
Oliveira and Fernandes 2009, severity 1: one 3 x 3 matrix each, applied to
linear RGB) and as a greyscale print would show it (CIE lightness and the video
luma printers use).  For each pair of roles that carries meaning (the
``tone_pairs`` of each game, as test_greyscale reads them, and on diagrams the two players' pieces),
the two must stay distinguishable in every view:

* by colour: ΔE*ab >= ``DELTA_E`` (CIE 1976) between the mean colours of what
  shows of each (a hatching averaged with the paper between its lines), or
* by pattern: one role's local ink coverage (the share of ink over its
  footprint, grown ``FOOTPRINT_PX`` pixels so that a hatching's or a dash's
  gaps and a line's width count) at least ``COVERAGE_RATIO`` times the other's.

The thresholds: ΔE 10 is about four times a just-noticeable difference (2.3),
so two roles apart by it are told apart at a glance, not by comparing; a
coverage ratio of 1.3 is what separates a single hatching from a crossed one
or a dashed line from a solid one with room to spare.

A new kind of sheet (pieces, say) is one entry of ``KINDS``: a function
(game, ink) -> (Sheet, pairs) or None when the game has no such sheet.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from boardgen.drawing.model import Sheet
from boardgen.registry import all_games

from ..conftest import require_tool
from .test_greyscale import BESIDE, PrintedSheet, _grown, _LINEAR, _part, printed_board, tone_pairs

DPI = 100  # a board sheet: enough for a hatching of 1.1 mm (4 pixels a period), fast on two cores
SMALL_DPI = 200  # a diagram (a few cm wide): its thinner lines need it, and it stays small
DELTA_E = 10.0
COVERAGE_RATIO = 1.3
FOOTPRINT_PX = 3
MIN_PIXELS = 15  # what a role must show to be measured at DPI
INKS = ("full", "light", "mono")
BOARDS = [g for g in all_games() if g.has_board()]

# Machado et al. 2009, severity 1.0, for linear RGB.
MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
}
VIEWS = ("normal", *MACHADO, "grey-cie", "grey-luma")

Pairs = list[tuple]


def seen(rgb: np.ndarray, view: str) -> np.ndarray:
    """Linear RGB (0..1) of each pixel as ``view`` sees it."""
    linear = _LINEAR[rgb]
    if view in MACHADO:
        return np.clip(linear @ MACHADO[view].T, 0.0, 1.0)
    if view == "grey-cie":
        y = linear @ np.array([0.2126, 0.7152, 0.0722])
        return np.repeat(y[..., None], 3, axis=-1)
    if view == "grey-luma":
        luma = np.rint(rgb @ np.array([0.299, 0.587, 0.114])).astype(int)
        return np.repeat(_LINEAR[luma][..., None], 3, axis=-1)
    return linear


def lab(linear_rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of linear sRGB colours (..., 3)."""
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = linear_rgb @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


class Measured:
    """A printed sheet, and the mean colour and local ink coverage of each role in each view."""

    def __init__(self, printed: PrintedSheet) -> None:
        self.printed = printed
        self.rgb = np.asarray(printed.image)
        self._shows: dict[tuple[str, str], np.ndarray] = {}
        self._footprints: dict[tuple[str, str], np.ndarray] = {}

    def shows(self, item: tuple[str, str]) -> np.ndarray:
        """Where the role shows: its inner pixels, or at this low resolution all of a line too thin to have any."""
        if item not in self._shows:
            self._shows[item] = self._find(item)
        return self._shows[item]

    def _find(self, item: tuple[str, str]) -> np.ndarray:
        inner = self.printed.shows(*item)
        if inner.sum() >= MIN_PIXELS:
            return inner
        parts = ("fill", "stroke") if item[1] == "all" else (item[1],)
        return np.isin(self.printed.labels, [self.printed.codes[(item[0], p)] for p in parts])

    def mask(self, item: tuple[str, str], beside: tuple[str, str] | None = None) -> np.ndarray:
        mask = self.shows(item)
        if beside is not None:
            mask = mask & _grown(self.shows(beside), 4)
        assert mask.sum() >= MIN_PIXELS, f"too little of {item} shows on {self.printed.name}: {mask.sum()} pixels"
        return mask

    def colour(self, mask: np.ndarray, view: str) -> np.ndarray:
        return lab(seen(self.rgb[mask], view).mean(axis=0))

    def coverage(self, item: tuple[str, str], view: str) -> float:
        """Mean darkness (1 - luminance) over the role's footprint: its pixels grown FOOTPRINT_PX."""
        if item not in self._footprints:
            self._footprints[item] = _grown(self.shows(item), FOOTPRINT_PX)
        footprint = self._footprints[item]
        luminance = seen(self.rgb[footprint], view) @ np.array([0.2126, 0.7152, 0.0722])
        return float(1.0 - luminance.mean())


def apart(measured: Measured, first, second, beside: bool, view: str) -> tuple[bool, str]:
    """Whether the pair is told apart in ``view``, and the figures that say so."""
    a = measured.mask(first, second if beside else None)
    b = measured.mask(second)
    delta_e = float(np.linalg.norm(measured.colour(a, view) - measured.colour(b, view)))
    ca, cb = measured.coverage(first, view), measured.coverage(second, view)
    ratio = max(ca, cb) / max(min(ca, cb), 1e-6)
    return delta_e >= DELTA_E or (not beside and ratio >= COVERAGE_RATIO), f"ΔE {delta_e:.1f}, coverage {ca:.2f} / {cb:.2f}"


# -- the kinds of sheet ------------------------------------------------------------------

# Moves that put both players' pieces on a diagram of a game that starts on an empty board.
DIAGRAM_MOVES = {"hex": ("c3", "d4"), "trihex": ("b3", "c4"), "seega": ("b2+d4", "c4+d2")}
PIECES = ((("piece-player-0", "fill"), ("piece-player-1", "fill")),)


def board_kind(game, ink: str) -> tuple[Sheet, Pairs] | None:
    return printed_board(game, ink), tone_pairs(game)


def diagram_kind(game, ink: str) -> tuple[Sheet, Pairs] | None:
    from boardgen.booklet.diagrams.render import checked_from_options, diagram_drawing

    checked = checked_from_options(game.id, size=None, variants=game.resolve_variants({}), moves=DIAGRAM_MOVES.get(game.id, ()), coordinates=False)
    sheet = diagram_drawing(checked, {"en": (None, {})}, ink)
    owners = {role for _, roles in sheet.content.walk() for role in roles if role.startswith("piece-player-")}
    pieces = list(PIECES) if len(owners) == 2 else []
    # The board's own pairs that a small diagram shows (no start marks on a diagram).
    board = [pair for pair in tone_pairs(game) if not any("start-player" in str(item) for item in pair[:2])]
    return sheet, pieces + board


def pieces_kind(game, ink: str) -> tuple[Sheet, Pairs] | None:
    """The first page of the game's pieces sheet (``boardgen pieces``): the two sides' pieces apart.

    None where the first page draws no plain pieces of both sides: Awelé (beans
    and a score pad) and Xadrez (its tents carry the board's own white and black
    figures, checked with the board's diagrams).
    """
    from boardgen.drawing import palette
    from boardgen.registry import module_exists
    from boardgen.sheets.paper import parse_paper
    from boardgen.sheets.pieces import pieces_sheets

    if not module_exists(f"boardgen.games.{game.id}.pieces"):
        return None
    with palette.inked(ink):
        sheet = pieces_sheets(game, parse_paper("a4"), ink)[0]
    owners = {role for _, roles in sheet.content.walk() for role in roles if role.startswith("piece-player-")}
    if len(owners) < 2:
        return None  # no pieces drawn on the first page (Awelé: a score pad)
    return sheet, [(("piece-player-0", "all"), ("piece-player-1", "all"))]


KINDS: dict[str, Callable[..., tuple[Sheet, Pairs] | None]] = {
    "board": board_kind,
    "diagram": diagram_kind,
    "pieces": pieces_kind,
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("colour-blind")


def measure(kind: str, game, ink: str, folder) -> tuple[Measured, list[tuple]] | None:
    made = KINDS[kind](game, ink)
    if made is None:
        return None
    sheet, pairs = made
    checked = [(_part(first), _part(second), BESIDE in rest) for first, second, *rest in pairs]
    roles = {role for first, second, _ in checked for role, _ in (first, second)}
    dpi = DPI if max(sheet.width, sheet.height) > 150 else SMALL_DPI
    printed = PrintedSheet(game, ink, roles, folder, sheet=sheet, dpi=dpi, name=f"{kind}-{game.id}-{ink}")
    return Measured(printed), checked


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_meaningful_roles_stay_apart_for_every_colour_vision(folder, kind, game, ink):
    require_tool("rsvg-convert")
    made = measure(kind, game, ink, folder)
    if made is None:
        pytest.skip(f"{game.id} has no {kind} sheet")
    measured, pairs = made
    close = []
    for first, second, beside in pairs:
        for view in VIEWS:
            ok, figures = apart(measured, first, second, beside, view)
            if not ok:
                close.append(f"{first}{' beside' if beside else ''} vs {second}, {view}: {figures}")
    assert not close, f"{kind} of {game.id}, {ink} ink:\n" + "\n".join(close)


def test_the_simulation_merges_red_and_green_for_a_deuteranope():
    """Sanity check of the measure: a red and a green of equal lightness are apart normally, not for a deuteranope.

    And Okabe-Ito's vermillion against the dark blue stays apart for all three dichromacies.
    """
    def delta(one: str, two: str, view: str) -> float:
        rgb = np.array([[[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in (one, two)]])
        colours = lab(seen(rgb, view))[0]
        return float(np.linalg.norm(colours[0] - colours[1]))

    assert delta("#b35a00", "#5a7a00", "normal") > 30
    assert delta("#b35a00", "#5a7a00", "deuteranopia") < DELTA_E
    for view in VIEWS:
        assert delta("#d55e00", "#1b3b8f", view) >= 2 * DELTA_E, view


# The players' colours, and the other pairs a player tells apart by colour, differ in lightness for
# each dichromacy as they must in grey (ΔL* >= 15): a dichromat keeps one hue axis of two, so
# lightness is what never fails.  Red against dark blue (the old player 0) was 6.8 apart for a
# protanope, whose red darkens; Okabe-Ito's vermillion is 16.7 apart.
COLOUR_PAIRS = [
    ("player_0", "player_1"),
    ("stone_0", "stone_1"),
    ("attacker", "defender"),
    ("circuit_inner", "circuit_outer"),
    ("side_left", "side_right"),
    ("side_right", "side_bottom"),
    ("line_red", "line_white"),
]
LIGHTNESS_APART = 15.0


@pytest.mark.parametrize("view", list(MACHADO))
@pytest.mark.parametrize("pair", COLOUR_PAIRS, ids=["-".join(p) for p in COLOUR_PAIRS])
def test_the_default_colours_differ_in_lightness_for_every_dichromacy(pair, view):
    from boardgen.drawing import palette

    colours = [getattr(palette.DEFAULT, role) for role in pair]
    rgb = np.array([[[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in colours]])
    lightness = lab(seen(rgb, view))[0][:, 0]
    assert abs(lightness[0] - lightness[1]) >= LIGHTNESS_APART, (pair, view, lightness.round(1).tolist())
