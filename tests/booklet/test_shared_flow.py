"""A4 and Letter booklets share one page flow: the same words on the same pages, moved by the margins only.

Both are laid out for the page both sheets hold (``boardgen.booklet.papers.A4_LETTER``),
each paper adding its extra to the margins, so every word of the Letter
booklet is where the A4 booklet has it, moved by the difference of the two
pages' left and top margins (2.95 mm right, 8.8 mm up), on the same page.
The last page, the board at exact scale, is each paper's own sheet.  Read
from the PDFs (``pdftotext -bbox``), not from the layout.
"""

from __future__ import annotations

import re

import pytest

from boardgen.booklet.papers import PAPERS

from .booklets_kit import Booklet, booklet_file, pdf_text

MM_PER_PT = 25.4 / 72
TOLERANCE_MM = 0.05
PAGE = re.compile(r"<page width=\"([\d.]+)\" height=\"([\d.]+)\">(.*?)</page>", re.S)
WORD = re.compile(r"<word xMin=\"([\d.]+)\" yMin=\"([\d.]+)\" xMax=\"[\d.]+\" yMax=\"[\d.]+\">(.*?)</word>")


def pages_of_words(booklet: Booklet, factory: pytest.TempPathFactory) -> list[tuple[tuple[float, float], list[tuple[str, float, float]]]]:
    """Each page's size (mm) and its words with their top-left corners (mm from the page's top left), in reading order."""
    text = pdf_text(booklet_file(factory, booklet), "-bbox")
    return [
        ((float(width) * MM_PER_PT, float(height) * MM_PER_PT), [(word, float(x) * MM_PER_PT, float(y) * MM_PER_PT) for x, y, word in WORD.findall(body)])
        for width, height, body in PAGE.findall(text)
    ]


@pytest.mark.parametrize("game", ["hex"])
def test_a4_and_letter_booklets_set_the_same_words_on_the_same_pages(game, tmp_path_factory):
    a4, letter = PAPERS["a4"], PAPERS["letter"]
    assert (a4.text_width_mm, a4.text_height_mm) == pytest.approx((letter.text_width_mm, letter.text_height_mm))
    on_a4 = pages_of_words(Booklet(game, paper="a4"), tmp_path_factory)
    on_letter = pages_of_words(Booklet(game, paper="letter"), tmp_path_factory)
    assert len(on_a4) == len(on_letter) > 10
    assert on_a4[0][0] == pytest.approx((210.0, 297.0), abs=0.1) and on_letter[0][0] == pytest.approx((215.9, 279.4), abs=0.1)
    down = letter.top_mm - a4.top_mm
    for number, ((_, a4_words), (_, letter_words)) in enumerate(zip(on_a4[:-1], on_letter[:-1]), start=1):  # the last page: each paper's board sheet
        recto = number % 2 == 1
        across = (letter.inner_mm - a4.inner_mm) if recto else (letter.outer_mm - a4.outer_mm)
        assert [w for w, _, _ in letter_words] == [w for w, _, _ in a4_words], f"page {number}: other words"
        moved = [(w, round(xl - xa - across, 3), round(yl - ya - down, 3)) for (w, xa, ya), (_, xl, yl) in zip(a4_words, letter_words)]
        off = [m for m in moved if abs(m[1]) > TOLERANCE_MM or abs(m[2]) > TOLERANCE_MM]
        assert not off, f"page {number}: words placed otherwise than the margins move them: {off[:5]}"
