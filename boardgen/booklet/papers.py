"""The booklet's pages: size, margins and body type size of each paper a booklet is typeset on.

One job: the numbers of a page, which the stylesheet (through the HTML),
the table widths and the tests of the margins read.  Apart from the
document so that they can be read without rendering anything.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageStyle:
    """A booklet page: its CSS size, margins and body font size."""

    name: str
    css_size: str
    width_mm: float
    height_mm: float
    inner_mm: float
    outer_mm: float
    top_mm: float
    bottom_mm: float
    font_pt: float
    bilingual_font_pt: float

    @property
    def text_width_mm(self) -> float:
        return self.width_mm - self.inner_mm - self.outer_mm


PAPERS = {
    "a5": PageStyle("a5", "148mm 210mm", 148.0, 210.0, 15.0, 12.0, 15.0, 16.0, 9.5, 8.6),
    "a4": PageStyle("a4", "210mm 297mm", 210.0, 297.0, 22.0, 18.0, 20.0, 22.0, 11.0, 10.0),
    "letter": PageStyle("letter", "215.9mm 279.4mm", 215.9, 279.4, 22.0, 19.0, 19.0, 21.0, 11.0, 10.0),
}
