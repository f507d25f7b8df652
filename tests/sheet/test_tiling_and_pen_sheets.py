"""Printing at home: tiled posters, crop marks, pen-and-paper sheets, poster papers, bad input."""

from __future__ import annotations

import re
import subprocess

import pytest
from PIL import ImageChops, ImageStat
from pypdf import PdfReader

from boardgen.boards.base import BoardOptions
from boardgen.drawing.bounds import ink_bounds
from boardgen.games.hex.board import HexBoard
from boardgen.sheets.paper import MARGIN_MM, parse_paper
from boardgen.sheets.single import place_board
from boardgen.sheets.tiles import LABEL_BAND, NOTE_BAND

from ..conftest import run_boardgen
from ..raster_kit import pdf_pages
from .measure import ink_box_mm, rasterise_pdf

MM = 72 / 25.4
DPI = 150
PX = DPI / 25.4


def page_texts(pdf) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1]


@pytest.fixture(scope="module")
def tiled(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiles")
    pdf = folder / "tiles.pdf"
    result = run_boardgen("board", "hex", "--cell-mm", "30", "--paper", "a4", "--tile", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    return folder, pdf


def test_tiles_are_labelled_and_preceded_by_an_assembly_page(tiled):
    _, pdf = tiled
    reader = PdfReader(pdf)
    texts = page_texts(pdf)
    assert len(reader.pages) == len(texts) >= 3
    assert "montagem" in texts[0] and "Print at actual size" in texts[0] and "overlap 10.0 mm" in texts[0]
    for page in reader.pages:  # every page is plain A4 at 100 %
        assert {round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)} == {210, 297}
    names = set()
    for text in texts[1:]:
        match = re.search(r"row (\d+) of (\d+), column (\d+) of (\d+)", text)
        assert match, text
        names.add(match.groups())
        assert "Print at actual size" in text
    rows, columns = int(match.group(2)), int(match.group(4))
    assert len(names) == rows * columns == len(texts) - 1


def test_reassembled_tiles_match_the_board_drawn_whole(tiled):
    """Every tile, placed at its stated poster offset, lines up with the one-page drawing within a pixel at 150 dpi."""
    from boardgen.sheets.tiles import tile_layout

    folder, pdf = tiled
    # The same board at the same scale on one page large enough to hold it.
    whole_pdf = folder / "whole.pdf"
    assert run_boardgen("board", "hex", "--cell-mm", "30", "--paper", "800x600", "-o", str(whole_pdf)).returncode == 0
    board = HexBoard(11)
    placement = place_board(board, parse_paper("800x600"), BoardOptions(), 30.0)
    ink = ink_bounds(board.draw(placement.frame, BoardOptions()))
    whole = rasterise_pdf(whole_pdf, DPI).convert("L")
    # Poster (0, 0) is the top left of tile A1's window; the board's ink starts at content[:2] on the poster.
    content = tile_layout(board, parse_paper("a4"), BoardOptions(), 30.0, 10.0)[0].content
    poster_origin = (ink[0] - content[0], ink[1] - content[1])  # where poster (0, 0) falls on the whole page
    texts = page_texts(pdf)
    pages = pdf_pages(pdf, DPI, grey=True)
    assert len(pages) == len(texts)
    window_w = 210 - 2 * MARGIN_MM
    window_h = 297 - 2 * MARGIN_MM - LABEL_BAND - NOTE_BAND
    checked = 0
    for text, tile in zip(texts[1:], pages[1:]):
        stated = re.search(r"poster x (\d+\.\d) mm, y (\d+\.\d) mm", text)
        px, py = (float(v) for v in stated.groups())
        wx, wy = MARGIN_MM, MARGIN_MM + LABEL_BAND  # the window's corner on every tile's page
        # Compare the inner part of the window's board (seam marks live within 10 mm of its edges).
        inset = 12.0
        left, top = max(px, content[0]) + inset, max(py, content[1]) + inset
        width = min(px + window_w, content[2]) - inset - left
        height = min(py + window_h, content[3]) - inset - top
        if width < 20 or height < 20:
            continue
        box = [round(v * PX) for v in (wx + left - px, wy + top - py, wx + left - px + width, wy + top - py + height)]
        piece = tile.crop(box)
        errors = {}
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                ox = round((poster_origin[0] + left) * PX) + dx
                oy = round((poster_origin[1] + top) * PX) + dy
                reference = whole.crop((ox, oy, ox + piece.width, oy + piece.height))
                errors[(dx, dy)] = ImageStat.Stat(ImageChops.difference(piece, reference)).mean[0]
        best = min(errors, key=errors.get)
        assert abs(best[0]) <= 1 and abs(best[1]) <= 1, (png.name, best, errors[best])
        assert errors[best] < 4.0, (png.name, errors[best])
        assert errors[(2, 2)] > errors[best] + 1.0  # the comparison sees a 2-pixel misalignment
        checked += 1
    assert checked >= 2


def test_without_tile_a_large_board_is_an_error_that_suggests_tile(tmp_path):
    result = run_boardgen("board", "hex", "--cell-mm", "30", "--paper", "a4", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and "--tile" in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


def test_board_mm_sets_the_board_width(tmp_path):
    pdf = tmp_path / "b.pdf"
    assert run_boardgen("board", "hex", "--board-mm", "250", "--paper", "a3", "-o", str(pdf)).returncode == 0
    text = page_texts(pdf)[0]
    assert "board 250.0 ×" in text


def test_cut_marks_stay_inside_the_sheet(tmp_path):
    pdf = tmp_path / "c.pdf"
    assert run_boardgen("board", "surakarta", "--cut-marks", "--paper", "letter", "-o", str(pdf)).returncode == 0
    page = PdfReader(pdf).pages[0]
    assert {round(float(page.mediabox.width) / MM, 1), round(float(page.mediabox.height) / MM, 1)} == {215.9, 279.4}
    image = rasterise_pdf(pdf, 200)
    w, h = (v * 25.4 / 200 for v in image.size)
    box = ink_box_mm(image, 200, (0, 0, w, h))
    assert box[0] >= MARGIN_MM - 0.15 and box[1] >= MARGIN_MM - 0.15
    assert box[2] <= w - MARGIN_MM + 0.15 and box[3] <= h - MARGIN_MM + 0.15


def test_cut_marks_surround_the_board():
    from boardgen.sheets.single import CROP_GAP, board_sheet

    sheet = board_sheet(HexBoard(7), parse_paper("a4"), BoardOptions(), cut_marks=True)
    marks = sheet.content.find("cut-marks")[0].children
    board = ink_bounds(sheet.content.find("board-hex")[0])
    assert len(marks) == 8
    xs = {round(v, 6) for line in marks for v in (line.start[0], line.end[0])}
    assert round(board[0] - CROP_GAP, 6) in xs and round(board[2] + CROP_GAP, 6) in xs


def test_pen_and_paper_sheet_holds_four_boards_at_one_scale():
    from boardgen.sheets.pen import pen_sheet

    sheet = pen_sheet(HexBoard(11), parse_paper("a4"), BoardOptions(), 4)
    boards = sheet.content.find("board-hex")
    assert len(boards) == 4
    sizes = {tuple(round(v, 6) for v in (b[2] - b[0], b[3] - b[1])) for b in (ink_bounds(g) for g in boards)}
    assert len(sizes) == 1  # all at the same scale
    boxes = [ink_bounds(g) for g in boards]
    for i, a in enumerate(boxes):  # and none overlaps another
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    # thinner outlines than the single-board sheet at the same scale
    from boardgen.drawing.model import Polygon

    widths = {s.style.width for s, roles in boards[0].walk() if isinstance(s, Polygon) and "cells" in roles}
    assert max(widths) < 0.3


def test_pen_sheet_from_the_command_line(tmp_path):
    pdf = tmp_path / "pen.pdf"
    result = run_boardgen("board", "trihex", "--per-sheet", "6", "--paper", "letter", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    assert "6 Trihex boards" in result.stdout
    assert len(PdfReader(pdf).pages) == 1


@pytest.mark.parametrize("paper, size", [("a2", (420, 594)), ("a1", (594, 841)), ("a0", (841, 1189))])
def test_poster_papers_are_one_large_page(tmp_path, paper, size):
    pdf = tmp_path / "p.pdf"
    assert run_boardgen("board", "hex", "--paper", paper, "-o", str(pdf)).returncode == 0
    page = PdfReader(pdf).pages[0]
    assert sorted((round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM))) == list(size)


BAD = [
    (["--cell-mm", "30", "--tile", "--overlap-mm", "200"], "--overlap-mm", "half a tile"),
    (["--cell-mm", "-5"], "--cell-mm", "from 1"),
    (["--board-mm", "-100"], "--board-mm", "from 10"),
    (["--cell-mm", "30", "--tile", "--paper", "50x50"], "--paper", "no room"),
    (["--cell-mm", "30", "--tile", "--format", "svg"], "--tile", "PDF"),
    (["--per-sheet", "0"], "--per-sheet", "from 1"),
    (["--overlap-mm", "5"], "--overlap-mm", "--tile"),
    (["--cell-mm", "10", "--board-mm", "100"], "--board-mm", "not both"),
]


@pytest.mark.parametrize("args, option, words", BAD, ids=[" ".join(b[0]) for b in BAD])
def test_bad_printing_options(tmp_path, args, option, words):
    out = tmp_path / "x.pdf"
    result = run_boardgen("board", "hex", *args, "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and option in result.stderr and words in result.stderr, result.stderr
    assert list(tmp_path.iterdir()) == []


def test_pen_sheets_only_for_pen_games(tmp_path):
    result = run_boardgen("board", "surakarta", "--per-sheet", "2", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and "hex, trihex" in result.stderr



def test_the_assembly_line_names_the_paper_as_people_do(tiled):
    """The assembly page says "4 folhas A4" / "4 sheets A4", not the option value "a4"."""
    assembly = " ".join(page_texts(tiled[1])[0].split())
    assert re.search(r"\d+ folhas A4 \(", assembly) and re.search(r"\d+ sheets A4 \(", assembly), assembly
