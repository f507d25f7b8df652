"""Every tile of a poster carries its own scale check, measured on the printed sheet.

A tile printed at the wrong scale must be caught before it is glued, so each
tile has a bar of stated length on its title line, clear of the strips a
neighbour covers or that are cut away; and its label says where it goes in
both languages, as the rest of the sheet does, on one line on A4 and Letter.
"""

from __future__ import annotations

import re
import subprocess

import pytest
from PIL import Image

from boardgen.boards.base import BoardOptions
from boardgen.drawing.pdf import render_pdf_pages
from boardgen.registry import get_game
from boardgen.sheets.paper import MARGIN_MM, parse_paper
from boardgen.sheets.tiles import LABEL_BAND, tile_layout, tiled_sheets

from ..conftest import require_tool
from ..raster_kit import pdf_page

DPI = 300
PX = DPI / 25.4
POSTERS = [("hex", "a4", 30.0, 10.0), ("trihex", "letter", 28.0, 10.0), ("brax", "148x210", 30.0, 20.0)]


def _bars(row: bytes) -> list[tuple[int, int]]:
    """(start, end) pixel of every run of dark pixels in one raster row."""
    return [(m.start(), m.end()) for m in re.finditer(rb"[\x00-\x7f]+", row)]


def _scale_bar(image: Image.Image) -> tuple[float, float, float, float, float]:
    """The longest horizontal dark run in a band, in mm of the band: (length, x0, x1, y0, y1), y the rows it spans."""
    best: tuple[int, int, int] | None = None
    rows: dict[tuple[int, int], list[int]] = {}
    for y in range(image.height):
        for run in _bars(image.crop((0, y, image.width, y + 1)).tobytes()):
            rows.setdefault(run, []).append(y)
            if best is None or run[1] - run[0] > best[1] - best[0]:
                best = (run[0], run[1], y)
    assert best is not None, "no ink in the label band"
    span = [y for (a, b), ys in rows.items() if abs(a - best[0]) <= 1 and abs(b - best[1]) <= 1 for y in ys]
    return ((best[1] - best[0]) / PX, best[0] / PX, best[1] / PX, min(span) / PX, (max(span) + 1) / PX)


@pytest.fixture(scope="module", params=POSTERS, ids=[f"{g}-{p}" for g, p, _, _ in POSTERS])
def poster(request, tmp_path_factory):
    """A tiled poster, its layout, and each tile's label band rasterised at 300 dpi (grey)."""
    require_tool("pdftoppm")
    game, paper, cell, overlap = request.param
    info = get_game(game)
    board = info.make_board(info.default_size)
    sheets = tiled_sheets(board, parse_paper(paper), BoardOptions(), cell, overlap)
    layout = tile_layout(board, parse_paper(paper), BoardOptions(), cell, overlap)[0]
    folder = tmp_path_factory.mktemp(f"scale-{game}")
    pdf = folder / "poster.pdf"
    pdf.write_bytes(render_pdf_pages(sheets))
    ox, oy = layout.window_origin
    top, height = round((MARGIN_MM - 1.0) * PX), round((oy - MARGIN_MM + 0.5) * PX)
    bands = []
    for page in range(2, len(sheets) + 1):
        bands.append(pdf_page(pdf, DPI, page, grey=True, crop=(0, top, round(layout.sheet_width * PX), height)))
    return sheets, layout, bands, pdf, top / PX


def test_every_tile_prints_a_scale_bar_of_its_stated_length(poster):
    """At 300 dpi, each tile's bar measures what its label says within 0.3 mm."""
    sheets, layout, bands, _, top = poster
    assert len(bands) == len(layout.tiles) >= 2
    for sheet, band in zip(sheets[1:], bands):
        stated = [s.text for s, _ in sheet.content.find("tile-scale")[0].walk() if hasattr(s, "text")]
        assert len(stated) == 1 and stated[0].endswith(" mm"), (sheet.title, stated)
        length = float(stated[0].removesuffix(" mm"))
        assert length >= 30.0
        measured, *_ = _scale_bar(band)
        assert abs(measured - length) <= 0.3, (sheet.title, measured, length)


def test_the_scale_bar_lies_where_no_neighbour_covers_it_and_nothing_is_cut_away(poster):
    """Above the window (so off the glue strips), and inside the window's width less half an overlap each side:
    the part a right neighbour is laid over and the part cut off a sheet with a left neighbour."""
    _, layout, bands, _, top = poster
    ox, oy = layout.window_origin
    for band in bands:
        _, x0, x1, y0, y1 = _scale_bar(band)
        assert x0 >= ox + layout.overlap / 2 and x1 <= ox + layout.window_width - layout.overlap / 2, (x0, x1)
        assert top + y0 >= MARGIN_MM and top + y1 <= oy, (top + y0, top + y1, oy)


def _texts(pdf) -> list[str]:
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [" ".join(page.split()) for page in text.split("\f")[:-1]]


def test_the_tile_label_says_where_it_goes_in_both_languages(poster):
    """The grid place and poster position in Portuguese (decimal comma) then English, as the sheet's other lines."""
    sheets, layout, _, pdf, _ = poster
    for tile, text in zip(layout.tiles, _texts(pdf)[1:]):
        r, c = tile.row + 1, tile.column + 1
        x_pt, y_pt = f"{tile.x:.1f}".replace(".", ","), f"{tile.y:.1f}".replace(".", ",")
        assert f"linha {r} de {layout.rows}, coluna {c} de {layout.columns}, no pôster x {x_pt} mm, y {y_pt} mm" in text, text
        assert f"row {r} of {layout.rows}, column {c} of {layout.columns}, poster x {tile.x:.1f} mm, y {tile.y:.1f} mm" in text, text
    assert "meça a barra" in _texts(pdf)[0] and "measure the bar" in _texts(pdf)[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_bilingual_label_does_not_wrap_on_a4_or_letter(paper):
    """The label stays one line even for the widest places a poster can have: the window starts 10 mm below the margin."""
    from boardgen.sheets.tiles import label_band

    assert label_band(parse_paper(paper).width) == LABEL_BAND
