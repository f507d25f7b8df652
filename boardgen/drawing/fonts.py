"""The fonts boardgen draws with, shipped inside the package (Noto, SIL OFL 1.1).

No output may depend on the machine's fonts: PDFs embed these files, and SVGs
carry text as glyph outlines taken from them, so a drawing looks the same in
every viewer.  Widths come from the same files for both renderers, so anchored
text lands on the same spot in SVG and PDF.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

FONT_FILES = {
    "sans": "NotoSans-Regular.ttf",
    "sans-bold": "NotoSans-Bold.ttf",
    "sans-italic": "NotoSans-Italic.ttf",
    "sans-bold-italic": "NotoSans-BoldItalic.ttf",
    "serif": "NotoSerif-Regular.ttf",
    "serif-bold": "NotoSerif-Bold.ttf",
    "serif-italic": "NotoSerif-Italic.ttf",
    "serif-bold-italic": "NotoSerif-BoldItalic.ttf",
}


def font_path(name: str) -> Path:
    """The TrueType file behind a font name ("sans", "serif-bold"...)."""
    try:
        return FONT_DIR / FONT_FILES[name]
    except KeyError:
        raise ValueError(f"unknown font {name!r}; known: {', '.join(FONT_FILES)}") from None


class FontMetrics:
    """Advance widths and glyph outlines of one bundled font, read once with fontTools."""

    def __init__(self, name: str) -> None:
        from fontTools.ttLib import TTFont  # imported here: only drawing code needs it

        self.name = name
        self._font = TTFont(str(font_path(name)), lazy=True)
        self.units_per_em = self._font["head"].unitsPerEm
        self._cmap = self._font.getBestCmap()
        self._hmtx = self._font["hmtx"]
        self._glyph_set = self._font.getGlyphSet()
        self._outline_cache: dict[str, str] = {}

    def glyph_name(self, char: str) -> str:
        return self._cmap.get(ord(char), ".notdef")

    def advance(self, char: str) -> int:
        return self._hmtx[self.glyph_name(char)][0]

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at font size ``size`` (same unit out as in)."""
        return sum(self.advance(c) for c in text) * size / self.units_per_em

    @property
    def ascent(self) -> float:
        """Typographic ascent as a fraction of the em (the top of accented capitals)."""
        return self._font["hhea"].ascent / self.units_per_em

    def ink_box(self, text: str, size: float) -> tuple[float, float, float, float] | None:
        """(left, top, right, bottom) of the glyphs' ink relative to the pen start on the baseline, y down."""
        glyf = self._font["glyf"]
        box = None
        x = 0.0
        scale = size / self.units_per_em
        for char in text:
            glyph = glyf[self.glyph_name(char)]
            if getattr(glyph, "numberOfContours", 0):
                if not hasattr(glyph, "xMin"):
                    glyph.recalcBounds(glyf)
                part = (x + glyph.xMin * scale, -glyph.yMax * scale, x + glyph.xMax * scale, -glyph.yMin * scale)
                box = part if box is None else (min(box[0], part[0]), min(box[1], part[1]), max(box[2], part[2]), max(box[3], part[3]))
            x += self.advance(char) * scale
        return box

    def outline(self, char: str) -> str:
        """SVG path data of a glyph in font units, y up (empty for a space)."""
        glyph = self.glyph_name(char)
        if glyph not in self._outline_cache:
            from fontTools.pens.svgPathPen import SVGPathPen

            pen = SVGPathPen(self._glyph_set, ntos=lambda v: f"{v:g}")
            self._glyph_set[glyph].draw(pen)
            self._outline_cache[glyph] = pen.getCommands()
        return self._outline_cache[glyph]


@cache
def metrics(name: str) -> FontMetrics:
    return FontMetrics(name)


def text_width(text: str, size: float, font: str = "sans") -> float:
    """Width in mm of ``text`` set at ``size`` mm in a bundled font."""
    return metrics(font).width(text, size)


def anchored_start(x: float, text: str, size: float, font: str, anchor: str) -> float:
    """The x where the text starts, given where its anchor should be."""
    if anchor == "start":
        return x
    width = text_width(text, size, font)
    return x - width / 2 if anchor == "middle" else x - width


def wrap_text(text: str, size: float, width: float, font: str = "sans") -> list[str]:
    """Words of ``text`` in lines no wider than ``width`` (mm) at ``size`` (a long word stands alone)."""
    measure = metrics(font)
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and measure.width(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines
