"""The booklet's pages: size, margins and body type size of each paper a booklet is typeset on.

One job: the numbers of a page, which the stylesheet (through the HTML),
the table widths and the tests of the margins read.  Apart from the
document so that they can be read without rendering anything.

A4 and Letter share one page flow.  Their text is laid out for the page
both sheets hold, 210 × 279.4 mm (A4's width, Letter's height:
:data:`A4_LETTER`), with one set of margins; each paper adds what it has
beyond that page to its margins, half on either side (A4 8.8 mm at the top
and at the bottom, Letter 2.95 mm at the inner and at the outer edge).  The
text block is then 170 × 239.4 mm on both, so the two booklets break their
lines and pages at the same places and carry the same page numbers: a page
reference means the same page on either paper, and one layout can serve
both (docs/booklets.md, "A4 and Letter: one page flow").
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
    flow_height_mm: float = 0.0  # the height of the page the text is laid out for (0: this page's own)

    @property
    def text_width_mm(self) -> float:
        return self.width_mm - self.inner_mm - self.outer_mm

    @property
    def text_height_mm(self) -> float:
        return self.height_mm - self.top_mm - self.bottom_mm

    @property
    def layout_height_mm(self) -> float:
        """The height the page's shares are taken of (the cover picture's): the shared page's for A4 and Letter."""
        return self.flow_height_mm or self.height_mm


def on_paper(flow: PageStyle, name: str, css_size: str, width_mm: float, height_mm: float) -> PageStyle:
    """``flow``'s text block on a sheet of ``width_mm`` × ``height_mm``: the extra paper goes to the margins, half each side."""
    across, down = (width_mm - flow.width_mm) / 2, (height_mm - flow.height_mm) / 2
    return PageStyle(
        name, css_size, width_mm, height_mm,
        round(flow.inner_mm + across, 3), round(flow.outer_mm + across, 3), round(flow.top_mm + down, 3), round(flow.bottom_mm + down, 3),
        flow.font_pt, flow.bilingual_font_pt, flow.height_mm,
    )


# The page A4 and Letter both hold, with the margins of the booklet laid out on it.
A4_LETTER = PageStyle("a4-letter", "210mm 279.4mm", 210.0, 279.4, 22.0, 18.0, 19.0, 21.0, 11.0, 10.0)


PAPERS = {
    "a5": PageStyle("a5", "148mm 210mm", 148.0, 210.0, 15.0, 12.0, 15.0, 16.0, 9.5, 8.6),
    "a4": on_paper(A4_LETTER, "a4", "210mm 297mm", 210.0, 297.0),
    "letter": on_paper(A4_LETTER, "letter", "215.9mm 279.4mm", 215.9, 279.4),
}
