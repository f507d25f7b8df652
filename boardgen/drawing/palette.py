"""Colours named by what they mean, with their greyscale lightness in mind.

Every pair of colours that tells two things apart (the two Hex players, the two
Surakarta circuits, the two Brax line colours) differs clearly in lightness as
well as in hue, so a greyscale print keeps the meaning; light-ink drawings add a
pattern difference (dash, hatch) on top.
"""

from __future__ import annotations

INK = "#1a1a1a"  # lines and text
PAPER = "#ffffff"
FAINT = "#8c8c8c"  # secondary marks (ticks, guides)

RED = "#d0312d"  # lighter of the pair in grey (L* ~ 48)
BLUE = "#1b3b8f"  # darker of the pair in grey (L* ~ 27)
RED_TINT = "#f6c9c5"
BLUE_TINT = "#c5d0ee"

YELLOW = "#e0a800"  # gold: readable on white, light in grey (L* ~ 73)
GREEN = "#2e7d32"

PINK = "#e58fb0"
PALE_PINK = "#f2bcd0"  # L* ~ 82: apart from LIGHT_CELL in grey
DARK_CELL = "#4a4a4a"
LIGHT_CELL = "#f2efe6"

WHITE_PIECE = "#fbfbf8"
BLACK_PIECE = "#222222"


def lightness(colour: str) -> float:
    """CIE L* (0 black .. 100 white) of an sRGB ``#rrggbb`` colour."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i : i + 2], 16) / 255.0
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    y = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    return 116 * (y ** (1 / 3)) - 16 if y > 0.008856 else 903.3 * y
