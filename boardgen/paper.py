"""Paper sizes and the ``--paper`` option.

ISO sizes from ISO 216, US Letter from ANSI/ASME Y14.1 (8.5 x 11 in).
A custom size is ``WIDTHxHEIGHT`` in millimetres.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from boardgen.errors import OptionError

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "a2": (420.0, 594.0),
    "a1": (594.0, 841.0),
    "a0": (841.0, 1189.0),
}

MARGIN_MM = 6.0  # most home printers cannot print the outer 3-6 mm
MIN_SIDE_MM = 50.0
MAX_SIDE_MM = 5000.0


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # portrait: width <= height for the named sizes
    height: float

    def oriented(self, landscape: bool) -> tuple[float, float]:
        short, long = sorted((self.width, self.height))
        return (long, short) if landscape else (short, long)


def parse_paper(text: str, option: str = "--paper") -> Paper:
    """A named paper (a4, letter, a3...) or ``WIDTHxHEIGHT`` in mm."""
    key = text.strip().lower()
    if key in PAPERS:
        return Paper(key, *PAPERS[key])
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)(?:\s*mm)?", key)
    allowed = f"{', '.join(PAPERS)} or WIDTHxHEIGHT in mm (e.g. 300x200)"
    if not match:
        raise OptionError(option, f"unknown paper {text!r}; use {allowed}")
    width, height = float(match.group(1)), float(match.group(2))
    for side in (width, height):
        if not MIN_SIDE_MM <= side <= MAX_SIDE_MM:
            raise OptionError(option, f"paper sides must be from {MIN_SIDE_MM:g} to {MAX_SIDE_MM:g} mm, not {side:g}")
    return Paper(f"{width:g}x{height:g}", width, height)
