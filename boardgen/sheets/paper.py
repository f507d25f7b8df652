"""Paper sizes, the ``--paper`` option, and the paper a user gets when they name none.

ISO sizes from ISO 216, US Letter from ANSI/ASME Y14.1 (8.5 x 11 in).
A custom size is ``WIDTHxHEIGHT`` in millimetres.

The default follows what other printing tools (libpaper, and so CUPS, groff,
Ghostscript) do, so that a machine set up for Letter prints Letter everywhere:
``BOARDGEN_PAPER``, then ``PAPERSIZE``, then the locale's region (``LC_ALL``
over ``LC_PAPER`` over ``LANG``, as POSIX orders them), then the system's
``/etc/papersize``, then A4.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from boardgen.errors import OptionError, quoted
from boardgen.values import read_decimal

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

    @property
    def label(self) -> str:
        """How the paper is named on a printed page ("A4", "Letter", "300 × 200 mm"): the option's value is for commands, not readers."""
        if self.name == "letter":
            return "Letter"
        if self.name in PAPERS:
            return self.name.upper()
        return f"{self.width:g} × {self.height:g} mm"

    def oriented(self, landscape: bool) -> tuple[float, float]:
        short, long = sorted((self.width, self.height))
        return (long, short) if landscape else (short, long)


def larger_paper(paper: Paper) -> Paper | None:
    """The next paper up that boardgen names (A4 and Letter: A3; A3: A2...), to say what a poster would take on it.

    The smallest named paper that holds this one whole and is larger; None above A0.
    """
    short, long = sorted((paper.width, paper.height))
    bigger = [(w * h, name) for name, (w, h) in PAPERS.items() if w >= short and h >= long and w * h > short * long + 1e-6]
    return Paper(min(bigger)[1], *PAPERS[min(bigger)[1]]) if bigger else None


def parse_paper(text: str, option: str = "--paper") -> Paper:
    """A named paper (a4, letter, a3...) or ``WIDTHxHEIGHT`` in mm."""
    key = text.strip().lower()
    if key in PAPERS:
        return Paper(key, *PAPERS[key])
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)(?:\s*mm)?", key, flags=re.ASCII)
    allowed = f"{', '.join(PAPERS)} or WIDTHxHEIGHT in mm (e.g. 300x200)"
    if not match:
        raise OptionError(option, f"unknown paper {quoted(text)}; use {allowed}")
    sides = []
    for side_text in match.groups():
        try:
            side = read_decimal(side_text)  # a side of 400 digits is not 'inf'
        except ValueError:
            raise OptionError(option, f"paper sides must be from {MIN_SIDE_MM:g} to {MAX_SIDE_MM:g} mm, not {quoted(side_text)}") from None
        if not MIN_SIDE_MM <= side <= MAX_SIDE_MM:
            raise OptionError(option, f"paper sides must be from {MIN_SIDE_MM:g} to {MAX_SIDE_MM:g} mm, not {side:g}")
        sides.append(side)
    width, height = sides
    return Paper(f"{width:g}x{height:g}", width, height)


#: regions whose paper is Letter (the Americas that use it, and the Philippines); A4 elsewhere
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE"})
SYSTEM_PAPERSIZE = Path("/etc/papersize")

log = logging.getLogger("boardgen")


def _locale_paper(environ: dict[str, str] | os._Environ[str]) -> str | None:
    """a4 or letter from the first set locale variable (LC_ALL, LC_PAPER, LANG); None for C/POSIX."""
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        name = value.split(".")[0].split("@")[0]
        if name in ("C", "POSIX") or "_" not in name:
            return None
        return "letter" if name.rsplit("_", 1)[-1].upper() in LETTER_REGIONS else "a4"
    return None


def _papersize_file(path: Path) -> str | None:
    """The paper named in a libpaper papersize file: its first line that is not a comment."""
    try:
        if not path.is_file():
            return None
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:50]:
            word = line.split("#", 1)[0].strip()
            if word:
                return word
    except OSError:
        return None
    return None


def default_paper(environ: dict[str, str] | None = None, papersize_file: Path | None = None) -> str:
    """The paper to use when none is named (see the module docstring for the order).

    ``BOARDGEN_PAPER`` is ours, so a value we cannot print on is an error naming
    it; ``PAPERSIZE`` and ``/etc/papersize`` are shared with other tools and may
    name sizes boardgen does not have (legal, b5), so those are skipped with a
    warning.
    """
    env = os.environ if environ is None else environ
    chosen = env.get("BOARDGEN_PAPER", "").strip()
    if chosen:
        parse_paper(chosen, "BOARDGEN_PAPER")
        return chosen
    candidates = [("PAPERSIZE", env.get("PAPERSIZE", "").strip() or None), ("locale", _locale_paper(env))]
    system = SYSTEM_PAPERSIZE if papersize_file is None else papersize_file
    candidates.append((str(system), _papersize_file(system)))
    for source, value in candidates:
        if not value:
            continue
        if value.strip().lower() in PAPERS:
            return value.strip().lower()
        log.warning("%s names paper %r, which boardgen does not print on; ignored", source, value)
    return "a4"
