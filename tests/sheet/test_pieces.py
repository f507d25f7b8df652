"""Pieces sheets measured as printed: sizes on rasters, cut lines inside the printable area,
duplex backs under their fronts, and counts that are the engine's start position."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageOps

from boardgen.boards.pieces import CUT_WIDTH
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.model import Circle, Group, Sheet
from boardgen.drawing.pdf import render_pdf_pages
from boardgen.registry import all_games, get_game
from boardgen.sheets.paper import MARGIN_MM, parse_paper
from boardgen.sheets.pieces import plan_pieces, pieces_sheets
from boardgen.sheets.request import board_request, render_board_file

from ..raster_kit import pdf_pages
from .measure import MM_PER_INCH, ink_box_mm

GAMES = [g.id for g in all_games() if g.pieces is not None]  # the games that declare a pieces sheet (GameInfo.pieces): all of boardgen's
A4 = parse_paper("a4")
CUT_GAMES = [g for g in GAMES if g != "awele"]
MIN_CLEAR_MM = 1.0  # the least room a piece leaves on each side of its cell or between two points


def cutouts(sheet: Sheet) -> list[Group]:
    return sheet.content.find("cutout")


def rasterise_pages(sheets: list[Sheet], dpi: int, tmp_path: Path, name: str) -> list[Image.Image]:
    import subprocess

    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render_pdf_pages(sheets))
    return pdf_pages(pdf, dpi)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_pieces_sheet_with_ink_inside_the_margins(game: str) -> None:
    sheets = pieces_sheets(get_game(game), A4)
    assert sheets, game
    for sheet in sheets:
        box = ink_bounds(sheet.content)
        assert box is not None
        assert box[0] >= MARGIN_MM - 1e-6 and box[1] >= MARGIN_MM - 1e-6, (game, box)
        assert box[2] <= sheet.width - MARGIN_MM + 1e-6 and box[3] <= sheet.height - MARGIN_MM + 1e-6, (game, box)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", CUT_GAMES)
def test_cut_lines_are_at_least_6_mm_from_every_edge(game: str, paper: str) -> None:
    for sheet in pieces_sheets(get_game(game), parse_paper(paper)):
        for cut in sheet.content.find("cut"):
            x0, y0, x1, y1 = ink_bounds(cut) or (99.0, 99.0, 0.0, 0.0)
            assert min(x0, y0, sheet.width - x1, sheet.height - y1) >= MARGIN_MM - 1e-6, (game, paper, (x0, y0, x1, y1))


def _start_counts(game: str) -> Counter[tuple[int, str]]:
    """Counted here again, from the engine, so the sheet's own counting is checked, not repeated."""
    info = get_game(game)
    found: Counter[tuple[int, str]] = Counter()
    for _, piece in info.load_engine().initial(info.default_size).placements():
        found[(piece.owner, piece.kind)] += piece.count
    return found


def _counted(sheet_group: list[Group]) -> Counter[tuple[int, str]]:
    found: Counter[tuple[int, str]] = Counter()
    for cutout in sheet_group:
        kind, _, rest = (cutout.title or "").partition(" of player ")
        found[(int(rest.split(",")[0].split(" ")[0]), kind)] += 1
    return found


@pytest.mark.parametrize("game", ["surakarta", "brax", "assalto", "ringo", "damas", "xadrez"])
def test_the_pieces_are_the_engines_start_position(game: str) -> None:
    sheets = pieces_sheets(get_game(game), A4)
    first_section = [c for s in sheets for c in cutouts(s)]
    expected = _start_counts(game)
    assert expected, game
    per_section = len(sheets) if game != "damas" else 1
    if game == "xadrez":  # tents, then the same 32 as flat tokens
        assert _counted(first_section) == expected + expected
    elif game == "damas":  # 24 double-sided men on page 1 (and their backs), 24 fold-over pairs on page 3
        assert _counted(cutouts(sheets[0])) == expected
        assert len(cutouts(sheets[1])) == 0 and len(sheets[1].content.find("cutout-back")) == 24
        assert _counted(cutouts(sheets[2])) == expected
    else:
        assert _counted(first_section) == expected, per_section


@pytest.mark.parametrize("game, each", [("hex", 61), ("trihex", 33), ("seega", 12)])
def test_games_placed_during_play_get_what_a_full_board_needs(game: str, each: int) -> None:
    assert not _start_counts(game)  # they start empty
    info = get_game(game)
    cells = len(info.make_board(info.default_size).locations())
    sheet_counts = _counted([c for s in pieces_sheets(info, A4) for c in cutouts(s)])
    assert sorted(sheet_counts.values()) == [each, each]
    assert each == ((cells + 1) // 2 if game != "seega" else (cells - 1) // 2)


def test_awele_offers_a_score_pad_and_counts_its_seeds_from_the_engine() -> None:
    sheets = pieces_sheets(get_game("awele"), A4)
    assert len(sheets) == 1 and not cutouts(sheets[0])
    assert sheets[0].content.find("score-pad")
    texts = " ".join(s.text for s, _ in sheets[0].content.walk() if hasattr(s, "text"))
    seeds = sum(_start_counts("awele").values())
    info = get_game("awele")
    pits = len({name for name, _ in info.load_engine().initial().placements()})
    assert (seeds, pits) == (48, 12)
    assert f"Play with {seeds} seeds ({seeds // pits} in each pit)" in texts and "beans" in texts
    assert f"Jogue com {seeds} sementes ({seeds // pits} em cada cova)" in texts


@pytest.mark.parametrize("game", ["hex", "surakarta", "assalto", "ringo", "damas", "seega"])
def test_a_piece_measured_on_the_raster_fits_its_cell_or_point_with_the_stated_clearance(game: str, tmp_path: Path) -> None:
    dpi = 300
    info = get_game(game)
    sheets = pieces_sheets(info, A4)
    plan = plan_pieces(info, A4)
    # the scale `boardgen board GAME --paper a4` prints at, as its sheet states it (tests/sheet/test_physical_size.py
    # holds that statement to the raster): the pieces are for that board
    summary = render_board_file(board_request(game, paper="a4"))[1]
    stated = re.search(r" (\d+\.\d) mm, board ", summary)
    assert stated is not None, summary
    assert plan.scale_mm == pytest.approx(float(stated.group(1)), abs=0.05)
    image = rasterise_pages(sheets[:1], dpi, tmp_path, game)[0]
    cut = cutouts(sheets[0])[0].find("cut")[0]
    box = ink_bounds(cut)
    assert box is not None
    measured = ink_box_mm(image, dpi, (box[0] - 1.0, box[1] - 1.0, box[2] + 1.0, box[3] + 1.0))
    assert measured is not None
    width = measured[2] - measured[0]
    # the piece is cut along the middle of its cut line: the ink's outer edge lies half a line width further out
    assert width - CUT_WIDTH == pytest.approx(plan.piece_mm, abs=0.2), (game, width, plan.piece_mm)
    assert width + 2 * MIN_CLEAR_MM <= plan.room_mm, (game, width, plan.room_mm)
    words = " ".join(s.text for s, _ in sheets[0].content.walk() if hasattr(s, "text"))
    clear = (plan.room_mm - plan.piece_mm) / 2
    assert f"({clear:.1f} mm clear on each side)" in words


def _disc_centres(sheet: Sheet) -> list[tuple[float, float, float]]:
    found = []
    for cutout in cutouts(sheet):
        circle = cutout.find("cut")[0].children[0]
        assert isinstance(circle, Circle)
        found.append((circle.centre[0], circle.centre[1], circle.radius))
    return found


def test_duplex_backs_lie_under_their_fronts_when_flipped_on_the_long_edge(tmp_path: Path) -> None:
    """Page 2, mirrored left to right (a portrait sheet turned over on its long edge), against page 1."""
    dpi = 150
    sheets = pieces_sheets(get_game("damas"), A4)
    front, back = rasterise_pages(sheets[:2], dpi, tmp_path, "damas")
    flipped = ImageOps.mirror(back)
    px = dpi / MM_PER_INCH
    centres = _disc_centres(sheets[0])
    assert len(centres) == 24
    for cx, cy, r in centres:
        window = (cx - r - 1.4, cy - r - 1.4, cx + r + 1.4, cy + r + 1.4)
        a, b = ink_box_mm(front, dpi, window), ink_box_mm(flipped, dpi, window)
        assert a is not None and b is not None, (cx, cy)
        for k in (0, 1):
            centre_a, centre_b = (a[k] + a[k + 2]) / 2, (b[k] + b[k + 2]) / 2
            assert abs(centre_a - centre_b) <= 0.5, ((cx, cy), a, b)
        # the back of a dark man is a dark king: the mirrored back's tone matches the front's
        sample = (int((cx - r * 0.3) * px), int((cy + r * 0.6) * px))
        tone_a = sum(front.getpixel(sample)) / 3
        tone_b = sum(flipped.getpixel(sample)) / 3
        assert (tone_a < 128) == (tone_b < 128), ((cx, cy), tone_a, tone_b)


def test_the_fold_over_alternative_folds_each_disc_onto_its_back() -> None:
    sheets = pieces_sheets(get_game("damas"), A4)
    for cutout in cutouts(sheets[2]):
        fold = ink_bounds(cutout.find("fold")[0])
        cut = ink_bounds(cutout.find("cut")[0])
        assert fold is not None and cut is not None
        middle = (fold[0] + fold[2]) / 2
        assert middle - cut[0] == pytest.approx(cut[2] - middle, abs=0.01)  # the two discs mirror across the fold


def test_chess_tents_stand_inside_their_square() -> None:
    plan = plan_pieces(get_game("xadrez"), A4)
    sheets = pieces_sheets(get_game("xadrez"), A4)
    tents = [c for s in sheets for c in cutouts(s) if c.find("fold") and len(c.find("fold")[0].children) == 3]
    assert len(tents) == 32
    for tent in tents:
        cut = ink_bounds(tent.find("cut")[0])
        folds = sorted(line.start[1] for line in tent.find("fold")[0].children)  # type: ignore[union-attr]
        assert cut is not None
        base = folds[2] - folds[1]
        assert (cut[2] - cut[0]) + 2 * MIN_CLEAR_MM <= plan.room_mm + CUT_SLACK and base <= plan.room_mm - 2 * MIN_CLEAR_MM
        assert folds[0] - cut[1] - CUT_WIDTH / 2 == pytest.approx(folds[1] - folds[0], abs=0.01)  # two faces of one height


CUT_SLACK = 0.25  # the cut line's own width


@pytest.mark.parametrize("ink", ["full", "light"])
def test_light_ink_pieces_have_no_solid_player_fills(ink: str) -> None:
    from boardgen.drawing import palette

    sheets = pieces_sheets(get_game("hex"), A4, ink)  # type: ignore[arg-type]
    colours = palette.current()
    fills = {getattr(s, "style").fill for s, _ in sheets[0].content.walk() if hasattr(s, "style")}
    assert (colours.player_0 in fills) == (ink == "full")


def test_each_game_page_offers_its_pieces_and_the_build_plans_them() -> None:
    """The build plans a pieces sheet per game and paper; the game's page lists it in its own group."""
    from boardgen.make.steps import pieces_jobs
    from boardgen.site.build import game_facts, game_page
    from boardgen.site.catalogue import Artefact

    jobs = list(pieces_jobs())
    assert sorted(job.game for job in jobs if job.paper == "a4") == sorted(GAMES)
    assert {job.kind for job in jobs} == {"pieces"} and {job.paper for job in jobs} == {"a4", "letter"}
    job = next(j for j in jobs if j.game == "hex" and j.paper == "a4")
    record = Artefact(path=job.path, game="hex", kind="pieces", format="pdf", bytes=54_321, sha256="0" * 64, paper="a4", lang="pt+en", pages=1, ink="full")
    for lang, heading in (("en", "Pieces to cut out"), ("pt", "Peças para recortar")):
        html = game_page(lang, game_facts("hex"), [record]).decode("utf-8")
        assert "pieces-files" in html and heading in html and "hex-11-pieces-a4.pdf" in html, lang
