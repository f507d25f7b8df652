"""Colours named by the role they play, in one swappable palette.

Why roles: a board says "this is player 0's edge" or "this is Surakarta's inner
circuit", never "this is red".  Which colour plays each role is decided in one
place, a :class:`Palette`, so that a colour-blind-safe or single-ink palette can
be swapped in without touching a single board::

    from boardgen.drawing import palette
    with palette.using(palette.DEFAULT.replace(player_0="#e66100", player_1="#5d3a9b")):
        ...draw...

Drawing code reads the palette **at draw time** (``palette.current().ink``),
never at import time, so a swap reaches everything drawn afterwards.  No hex
colour literal belongs in a board drawing; ``tests/drawing/test_palette.py``
swaps in a palette of sentinel colours and fails if any board or diagram draws
a colour that did not come from it.

The default palette keeps greyscale prints in mind: every pair of roles that
tells two things apart (the two Hex players, Trihex's three sides, the two
Surakarta circuits, the two Brax line colours, Ringo's neutral-zone outline and
the cells it runs along) differs clearly in lightness as well as in hue, so a
greyscale print keeps the meaning.  "Clearly" is ΔL* >= 15 in both common
greyscale conversions, the CIE lightness and the lightness of the video luma
(which most printer drivers use, and which makes saturated reds and pinks
darker: the old deep-pink outline was ΔL* 11 from the dark cells by CIE but
only 3.6 by luma).  ``tests/sheet/test_greyscale.py`` measures it on the
rasterised sheets; light-ink drawings add a pattern difference (dash, hatch)
on top, and their hatchings differ in average tone too.

The players' colours are colour-blind safe: Okabe-Ito's vermillion and a dark
blue, apart for every common colour vision (orange against blue is the axis
that protanopia, deuteranopia and tritanopia all keep) and 25 apart in L*.
``tests/sheet/test_colour_blind.py`` simulates the three dichromacies (Machado
et al. 2009) and greyscale on every board and diagram and checks each pair of
roles that carries meaning.

One ink (``--ink mono``, :func:`one_ink`): every role is the ink or the paper,
and the drawings tell roles apart by pattern only.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from boardgen.errors import OptionError

_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")  # what lightness() and the renderers read

# The hues the default palette is made of.  Not for drawing code: name a role.
_HUES = {
    "INK": "#1a1a1a",
    "PAPER": "#ffffff",
    "FAINT": "#8c8c8c",
    "RED": "#d0312d",  # L* ~ 47 (luma ~ 41): circuits, Brax's red lines, the fortress
    "VERMILLION": "#d55e00",  # Okabe-Ito's vermillion, the lighter player colour: L* ~ 54 (luma ~ 50)
    "BLUE": "#1b3b8f",  # the darker player colour: L* ~ 28 (luma ~ 25); Okabe-Ito's blue (L* 46) is too close in grey
    "RED_TINT": "#f6c9c5",
    "BLUE_TINT": "#c5d0ee",
    "YELLOW": "#e0a800",  # gold: readable on white, light in grey (L* ~ 73)
    "GREEN": "#2e7d32",
    "MID_GREEN": "#338737",  # L* ~ 50 (luma ~ 43): midway between YELLOW and BLUE in grey, for Trihex's third side; 17 from YELLOW for a protanope
    "LIGHT_GREEN": "#9ccc65",
    "PINK": "#e58fb0",
    "PALE_PINK": "#f2bcd0",  # L* ~ 82: apart from LIGHT_CELL in grey
    "ROSE": "#d6407c",  # L* ~ 51 in both greys: apart from DARK_CELL (31) below and PINK (69) above
    "DARK_CELL": "#4a4a4a",
    "LIGHT_CELL": "#f2efe6",
    "IVORY": "#f4f0e3",
    "PALE_YELLOW": "#ffe58a",
    "WHITE_PIECE": "#fbfbf8",
    "BLACK_PIECE": "#222222",
    "CHART_GREY": "#eeeeee",
    "MARK_GREY": "#c4c4c4",  # L* ~ 79: a cell tint that reads as grey beside white cells, under black or white pieces
    "SAND": "#ead9b0",  # gamao16: Gamão's light points, L* ~ 87; with RED (L* ~ 48) the two tones part in grey
}


@dataclass(frozen=True)
class Palette:
    """What colour plays each role.  Every field is a role; a value is an SVG colour (``#rrggbb``).

    Make a variant with :meth:`replace`, install it with :func:`use` or :func:`using`.
    """

    # -- everywhere
    ink: str = _HUES["INK"]  # lines, text, outlines
    paper: str = _HUES["PAPER"]  # the sheet; white cells, casings round arrows
    faint: str = _HUES["FAINT"]  # secondary marks: captured pieces, guides, a view's frame
    # -- pieces of games played with white and black men (Surakarta, Brax, Assalto, Trihex's stones)
    light_piece: str = _HUES["WHITE_PIECE"]
    dark_piece: str = _HUES["BLACK_PIECE"]
    # -- games whose players are told apart by colour: Hex's edges and stones
    player_0: str = _HUES["VERMILLION"]
    player_1: str = _HUES["BLUE"]
    # -- Trihex's three sides
    side_left: str = _HUES["YELLOW"]
    side_right: str = _HUES["MID_GREEN"]
    side_bottom: str = _HUES["BLUE"]
    # -- Surakarta's circuits
    circuit_inner: str = _HUES["RED"]
    circuit_outer: str = _HUES["YELLOW"]
    # -- Brax's lines: White's (a light core with dark edges) and Black's (red)
    line_white: str = _HUES["IVORY"]
    line_white_edge: str = _HUES["INK"]
    line_red: str = _HUES["RED"]
    # -- Assalto's fortress: its wall and rim, and the tint inside
    fortress: str = _HUES["RED"]
    fortress_tint: str = _HUES["RED_TINT"]
    # -- Ringo: the two sides' pieces, the cells, the citadel and the neutral zone
    attacker: str = _HUES["VERMILLION"]
    defender: str = _HUES["LIGHT_GREEN"]
    cell_light: str = _HUES["LIGHT_CELL"]
    cell_dark: str = _HUES["DARK_CELL"]
    citadel: str = _HUES["PAPER"]
    neutral_dark: str = _HUES["PINK"]
    neutral_light: str = _HUES["PALE_PINK"]
    neutral_edge: str = _HUES["ROSE"]
    # -- marks a board keeps visible (Seega's centre, a grid board's marked cells)
    board_mark: str = _HUES["INK"]
    board_mark_tint: str = _HUES["MARK_GREY"]  # the inside of a marked cell (Seega's centre), full ink
    # -- diagrams: highlighted points, arrows, crosses
    mark_fill: str = _HUES["PALE_YELLOW"]
    mark_stroke: str = _HUES["YELLOW"]
    arrow: str = _HUES["GREEN"]
    cross: str = _HUES["INK"]
    # -- sheets: the tile chart of a poster (its tile outlines and names, the poster's shade)
    guide: str = _HUES["BLUE"]
    guide_fill: str = _HUES["CHART_GREY"]
    # -- sheets: the background behind a board printed with a bleed (tiles17), full ink only
    board_background: str = _HUES["IVORY"]
    # -- (added by ink17) the fill of pieces told apart by the players' colours (Hex's stones):
    # the players' colours themselves, except in one ink, where they are paper and ink
    stone_0: str = _HUES["VERMILLION"]
    stone_1: str = _HUES["BLUE"]
    # -- gamao16: Gamão's points in two alternating tones, apart in grey (ΔL* ~ 39) under white and black checkers
    point_dark: str = _HUES["RED"]
    point_light: str = _HUES["SAND"]
    # -- the horses of seats 2 and 3 (Nyout for three or four players; seats 0 and 1 are light_piece and
    # dark_piece): gold with the light seat and red with the dark one, so each partnership keeps a light and a
    # dark side in grey too (L* ~ 73 and ~ 48, between white and black and apart from each other)
    seat_2_piece: str = _HUES["YELLOW"]
    seat_3_piece: str = _HUES["RED"]

    def __post_init__(self) -> None:
        for role, value in dataclasses.asdict(self).items():
            if not (isinstance(value, str) and _HEX_COLOUR.fullmatch(value)):
                raise OptionError(f"palette role {role}", f"expected a colour written #rrggbb, not {value!r}")

    def replace(self, **roles: str) -> Palette:
        """This palette with some roles recoloured; an unknown role is a TypeError naming it."""
        return dataclasses.replace(self, **roles)

    @classmethod
    def roles(cls) -> tuple[str, ...]:
        """Every role's name, in declaration order."""
        return tuple(f.name for f in dataclasses.fields(cls))

    def colours(self) -> dict[str, str]:
        """Role -> colour."""
        return dataclasses.asdict(self)


DEFAULT = Palette()
"""The palette boardgen prints with: the colours of the traditional boards, apart in grey."""

_current: Palette = DEFAULT


def current() -> Palette:
    """The palette drawings use now; read it when drawing, not at import."""
    return _current


def use(new: Palette) -> Palette:
    """Install ``new`` for every drawing from now on; returns the palette it replaces."""
    global _current
    if not isinstance(new, Palette):
        raise TypeError(f"palette.use expects a Palette, not {type(new).__name__}")
    previous, _current = _current, new
    return previous


@contextmanager
def using(new: Palette) -> Iterator[Palette]:
    """Draw with ``new`` inside the ``with`` block, and restore the previous palette after it."""
    previous = use(new)
    try:
        yield new
    finally:
        use(previous)


def __getattr__(name: str) -> str:
    """The old colour constants (``palette.INK``, ``palette.RED``...), for code not yet on roles.

    ``INK``, ``PAPER`` and ``FAINT`` follow the current palette; the other names
    are the default palette's fixed hues.
    """
    follows = {"INK": "ink", "PAPER": "paper", "FAINT": "faint"}
    if name in follows:
        return getattr(_current, follows[name])
    if name in _HUES:
        return _HUES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: roles that one ink leaves as paper: the light fills (light pieces and cells, Brax's white
#: line core, the light neutral cells, tints, highlights' insides); every other role is ink
ONE_INK_PAPER_ROLES = (
    "paper", "light_piece", "line_white", "defender", "cell_light", "citadel", "neutral_light",
    "board_mark_tint", "fortress_tint", "mark_fill", "guide_fill", "stone_0", "point_light", "board_background",
)


def one_ink(base: Palette) -> Palette:
    """``base`` with every role its ink or its paper: what ``--ink mono`` draws with.

    No tints at all: a photocopier or a black-only printer turns a tint into a
    dither that hides thin lines.  What colour told apart, the drawings tell
    apart by pattern in this ink (hatchings of their own density, dashes, line
    widths, black and white pieces); ``tests/sheet/test_mono.py`` measures it.
    """
    return Palette(**{role: base.paper if role in ONE_INK_PAPER_ROLES else base.ink for role in Palette.roles()})


@contextmanager
def inked(ink: str) -> Iterator[Palette]:
    """Inside the block, the palette for drawing in ``ink``: the current one, or its one-ink version for ``mono``."""
    with using(one_ink(_current) if ink == "mono" else _current) as chosen:
        yield chosen


def lightness(colour: str) -> float:
    """CIE L* (0 black .. 100 white) of an sRGB ``#rrggbb`` colour."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i : i + 2], 16) / 255.0
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    y = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    return 116 * (y ** (1 / 3)) - 16 if y > 0.008856 else 903.3 * y
