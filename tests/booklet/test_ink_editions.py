"""One layout for both inks: the ink-saving edition is the full-ink edition with its drawings repainted.

For every game that has an ink-saving booklet, its light edition, made as
``boardgen build`` makes it (from the full-ink file, boardgen/booklet/ink.py),
has the full-ink edition's pages: as many, each the same size, with the same
text (pdftotext, page by page: the same page breaks and line breaks), and
puts less ink on paper.  That it was painted, not laid out again, is checked
too (the fall-back would pass the rest, slower), and the painting gives the
same bytes twice.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.booklet.build import BookletRequest, game_folder, light_booklet_pdf, load_checked
from boardgen.booklet.ink import light_from_full
from boardgen.make.booklets import offers_ink_saving
from boardgen.make.reading import ink_share, open_pdf

from ..conftest import require_tool
from .booklets_kit import GAMES, Booklet, booklet_file

LIGHT_GAMES = [game for game in GAMES if offers_ink_saving(game)]
INK_DPI = 24  # coarse: the ink of a whole page, not its details


def page_texts(pdf: Path) -> list[str]:
    """The text of each page as pdftotext lays it out (its lines in reading order), pages cut at the form feed."""
    tool = require_tool("pdftotext")
    text = subprocess.run([tool, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1]


def ink(data: bytes) -> float:
    with open_pdf(data) as pdf:
        return sum(ink_share(pdf.raster(index, INK_DPI)) for index in range(pdf.pages))


def test_every_game_with_light_ink_saving_has_its_booklet_here():
    assert len(LIGHT_GAMES) >= 5 and "ringo" in LIGHT_GAMES and "hex" not in LIGHT_GAMES


@pytest.mark.parametrize("game", LIGHT_GAMES)
def test_the_ink_saving_edition_has_the_full_editions_pages_and_text_and_less_ink(game, tmp_path_factory, tmp_path):
    full_path = booklet_file(tmp_path_factory, Booklet(game))
    full = full_path.read_bytes()
    checked = load_checked(game_folder(game))
    request = BookletRequest(("pt", "en"), "a5", None, "light")
    painted = light_from_full(full, checked, request)
    assert painted is not None, f"{game}: the drawings were not found in the full-ink file (the edition would be laid out again)"
    light, pages = painted
    if game == LIGHT_GAMES[0]:  # one game suffices for the painting's bytes being the build's, and the same twice
        assert light_booklet_pdf(checked, request, full) == painted
    light_path = tmp_path / "light.pdf"
    light_path.write_bytes(light)
    full_pdf, light_pdf = PdfReader(full_path), PdfReader(light_path)
    assert pages == len(light_pdf.pages) == len(full_pdf.pages)
    assert [tuple(page.mediabox) for page in light_pdf.pages] == [tuple(page.mediabox) for page in full_pdf.pages]
    full_texts, light_texts = page_texts(full_path), page_texts(light_path)
    assert len(full_texts) == pages and sum(len(text.split()) for text in full_texts) > 500
    for number, (one, other) in enumerate(zip(full_texts, light_texts), start=1):
        assert one == other, f"{game}: page {number} differs"
    assert light_pdf.metadata == full_pdf.metadata and light_pdf.trailer["/Root"]["/Lang"] == full_pdf.trailer["/Root"]["/Lang"]
    # Less ink, as the audit holds it: about a tenth less for most games; Brax's light boards save
    # almost nothing over its booklet (1.21272 against 1.21279 pages' worth, laid out or painted alike).
    assert ink(light) < ink(full), game
