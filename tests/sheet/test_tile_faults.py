"""Tiled posters as a print shop checks them: margins, text over text, empty tiles, seams.

Every poster the build makes (``boardgen build``: each game at its board's poster size, on
A4 and on Letter sheets) is laid out once per test module and checked twice:
on the drawing model (the boxes of what each sheet draws, cut to its clips)
and on the rasterised PDF, the way a reader sees it.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image

from boardgen.make.steps import large_board_jobs
from boardgen.make.tasks import sheet_request
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, InkIndex, outlines, shape_box, visible_boxes
from boardgen.drawing.model import Group, Polygon, Sheet, Text
from boardgen.drawing.pdf import render_pdf_pages
from boardgen.sheets.paper import MARGIN_MM, parse_paper
from boardgen.sheets.tiles import tiled_sheets

from ..conftest import require_tool
from ..raster_kit import pdf_page, pdf_pages
from .measure import ink_box_mm

POSTERS = {Path(job.path).name: request for job in large_board_jobs() if (request := sheet_request(*job.args)).tile}
MEANINGFUL_MM = 50.0  # a printed tile shows at least this much of the board itself, each way (docs/printing.md)
SKIP_FOR_BOARD = frozenset({"coordinate", "cut-marks"})  # not the board itself


def _intersect(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _rasterise(pdf: Path, dpi: int, first: int | None = None, last: int | None = None) -> list[Image.Image]:
    """Pages of ``pdf`` (``first`` to ``last``, default all) in grey, in page order."""
    return pdf_pages(pdf, dpi, grey=True, first=first, last=last)


@pytest.fixture(scope="module")
def posters(tmp_path_factory) -> dict[str, tuple[list[Sheet], Path]]:
    """Each build poster's sheets and its PDF (about 0.2 s each)."""
    folder = tmp_path_factory.mktemp("posters")
    made = {}
    for name, request in POSTERS.items():
        board = request.info.make_board(request.size)
        sheets = tiled_sheets(board, request.paper, request.options, request.cell_mm, request.overlap, request.cut_marks)
        pdf = folder / name
        pdf.write_bytes(render_pdf_pages(sheets))
        made[name] = (sheets, pdf)
    return made


RASTER_DPI = 150  # the assembly page: 0.17 mm a pixel, to see a line 0.25 mm into the margin
BLOCK_DPI = 100  # each text block alone: blocks stand at least 4 mm apart


@pytest.fixture(scope="module")
def assembly_rasters(posters, tmp_path_factory) -> dict[str, list[Image.Image]]:
    """For each poster: its assembly page at 150 dpi, then the text of each of that page's blocks alone at 100 dpi."""
    folder = tmp_path_factory.mktemp("assembly")
    rasters = {}
    for name, (sheets, _) in posters.items():
        page = sheets[0]
        alone = [Sheet(page.width, page.height, Group(role, [t for t, _ in texts])) for role, texts in _text_blocks(page).items()]
        pdf = folder / name
        pdf.write_bytes(render_pdf_pages([page] + alone))
        first = _rasterise(pdf, RASTER_DPI, 1, 1)
        rasters[name] = [image.convert("RGB") for image in first + _rasterise(pdf, BLOCK_DPI, 2, len(alone) + 1)]
    return rasters


def test_every_game_has_a4_and_letter_posters():
    """The checks below cover what the build makes: a poster per game, on both papers."""
    assert len(POSTERS) >= 12 and {r.paper.name for r in POSTERS.values()} == {"a4", "letter"}


# -- 1. nothing inside the 6 mm margin ------------------------------------------------


@pytest.mark.parametrize("name", POSTERS)
def test_no_sheet_draws_inside_the_margin(posters, name):
    """Model: the ink box of every shape that survives its clips, on every page, keeps 6 mm from the edge."""
    sheets, _ = posters[name]
    problems = []
    for page, sheet in enumerate(sheets, 1):
        for shape, box, roles in visible_boxes(sheet.content):
            if box[0] < MARGIN_MM - 1e-6 or box[1] < MARGIN_MM - 1e-6 or box[2] > sheet.width - MARGIN_MM + 1e-6 or box[3] > sheet.height - MARGIN_MM + 1e-6:
                problems.append(f"page {page} {'/'.join(roles)} {type(shape).__name__} at {tuple(round(v, 2) for v in box)}")
    assert problems == []


@pytest.mark.parametrize("name", POSTERS)
def test_the_assembly_page_prints_nothing_inside_the_margin(assembly_rasters, posters, name):
    """Raster: at 150 dpi (0.17 mm a pixel) the assembly page's ink starts 6 mm from each edge."""
    page = posters[name][0][0]
    box = ink_box_mm(assembly_rasters[name][0], RASTER_DPI, (0, 0, page.width, page.height))
    pixel = 25.4 / RASTER_DPI
    assert box[0] >= MARGIN_MM - pixel and box[1] >= MARGIN_MM - pixel, box
    assert box[2] <= page.width - MARGIN_MM + pixel and box[3] <= page.height - MARGIN_MM + pixel, box


# -- 2. the assembly page's text blocks stack -------------------------------------------


def _text_blocks(sheet: Sheet) -> dict[str, list[tuple[Text, Box]]]:
    """The visible text of each top-level block of a page (header, steps, map, footer), by role."""
    blocks: dict[str, list[tuple[Text, Box]]] = {}
    for child in sheet.content.children:  # text straight on the page, in no group, is one block
        role, group = (child.role, child) if isinstance(child, Group) else ("(no group)", Group("page", [child]))
        blocks.setdefault(role, []).extend((s, b) for s, b, _ in visible_boxes(group) if isinstance(s, Text))
    return {role: texts for role, texts in blocks.items() if texts}


@pytest.mark.parametrize("name", POSTERS)
def test_no_two_lines_of_text_overlap_on_the_assembly_page(posters, name):
    sheets, _ = posters[name]
    blocks = _text_blocks(sheets[0])
    assert {"title", "footer"} <= set(blocks) and len(blocks) >= 4
    lines = [(role, text, box) for role, texts in blocks.items() for text, box in texts]
    overlapping = [(a[1].text, b[1].text) for a, b in combinations(lines, 2) if _intersect(a[2], b[2])]
    assert overlapping == []


@pytest.mark.parametrize("name", POSTERS)
def test_the_text_blocks_of_the_assembly_page_do_not_overlap_when_printed(assembly_rasters, posters, name):
    """Raster: each block's text alone on a page; the ink boxes of any two blocks are apart."""
    page = posters[name][0][0]
    blocks = _text_blocks(page)
    boxes = {role: ink_box_mm(image, BLOCK_DPI, (0, 0, page.width, page.height)) for role, image in zip(blocks, assembly_rasters[name][1:])}
    assert len(boxes) == len(blocks) and all(box is not None for box in boxes.values()), boxes
    assert [(a, b) for a, b in combinations(boxes, 2) if _intersect(boxes[a], boxes[b])] == []


def test_the_block_check_sees_an_overlap(tmp_path):
    """The raster comparison itself can fail: two blocks printed on top of each other."""
    from boardgen.sheets.single import PRINT_NOTE

    both = [Sheet(100, 60, Group(f"b{k}", [Text((10.0, 20.0 + 2 * k), PRINT_NOTE[k], 3.0)])) for k in (0, 1)]
    pdf = tmp_path / "two.pdf"
    pdf.write_bytes(render_pdf_pages(both))
    a, b = (ink_box_mm(i.convert("RGB"), 150, (0, 0, 100, 60)) for i in _rasterise(pdf, 150))
    assert _intersect(a, b)


# -- 3. every printed tile shows a meaningful part of the board ----------------------


def _tile_name(sheet: Sheet) -> str:
    return sheet.title.rsplit("— ", 1)[1]


def _board_only(group: Group) -> Group:
    """The group without its coordinates and crop marks (the clips kept)."""
    kept = Group(group.role, clip=group.clip)
    for child in group.children:
        if isinstance(child, Group):
            if child.role not in SKIP_FOR_BOARD:
                kept.add(_board_only(child))
        else:
            kept.add(child)
    return kept


def _tile_board(sheet: Sheet) -> tuple[Group, Box]:
    """A tile's board as printed (inside its window, coordinates aside), and the window."""
    window = sheet.content.find("tile-window")[0]
    assert window.clip is not None
    return Group("window", [_board_only(window.find("poster")[0])], clip=window.clip), window.clip


@pytest.mark.parametrize("name", POSTERS)
def test_every_printed_tile_holds_a_meaningful_part_of_the_board(posters, name):
    """Model: the board's own ink inside each tile's window spans at least 5 cm each way."""
    sheets, _ = posters[name]
    thin = []
    for sheet in sheets[1:]:
        board, window = _tile_board(sheet)
        box = InkIndex(board).within(window)
        if box is None or box[2] - box[0] < MEANINGFUL_MM or box[3] - box[1] < MEANINGFUL_MM:
            thin.append((_tile_name(sheet), box and (round(box[2] - box[0]), round(box[3] - box[1]))))
    assert thin == []


@pytest.mark.parametrize("name", POSTERS)
def test_every_printed_tile_prints_a_meaningful_part_of_the_board(posters, name, tmp_path):
    """Raster: each tile's board alone, printed at 50 dpi, covers at least 5 cm each way of its window."""
    sheets, _ = posters[name]
    pages = [Sheet(s.width, s.height, _tile_board(s)[0]) for s in sheets[1:]]
    pdf = tmp_path / "boards.pdf"
    pdf.write_bytes(render_pdf_pages(pages))
    thin = []
    for sheet, image in zip(sheets[1:], _rasterise(pdf, 50)):
        box = ink_box_mm(image.convert("RGB"), 50, (0, 0, sheet.width, sheet.height))
        if box is None or box[2] - box[0] < MEANINGFUL_MM or box[3] - box[1] < MEANINGFUL_MM:
            thin.append((_tile_name(sheet), box and (round(box[2] - box[0]), round(box[3] - box[1]))))
    assert thin == []


WHERE = re.compile(r"row (\d+) of (\d+), column (\d+) of (\d+)")


def _grid_place(sheet: Sheet) -> tuple[int, int, int, int]:
    """(row, rows, column, columns) as the tile's label states them, counted from 1."""
    label = " ".join(s.text for s, _ in sheet.content.find("tile-label")[0].walk() if isinstance(s, Text))
    match = WHERE.search(label)
    assert match, label
    return tuple(int(v) for v in match.groups())  # type: ignore[return-value]


@pytest.mark.parametrize("name", POSTERS)
def test_tile_names_follow_the_grid_and_the_map_shows_only_printed_tiles(posters, name):
    """A1, B1... by column letter and row number of the grid; a place that is not printed is a gap in the map."""
    sheets, _ = posters[name]
    printed = {}
    for sheet in sheets[1:]:
        row, rows, column, columns = _grid_place(sheet)
        assert _tile_name(sheet) == f"{chr(ord('A') + column - 1)}{row}"
        printed[_tile_name(sheet)] = (row, column)
    assert len(printed) == len(sheets) - 1  # no name twice
    chart = sheets[0].content.find("assembly-map")[0]
    labels = {s.text: s.position for s, _ in chart.walk() if isinstance(s, Text)}
    assert set(labels) == set(printed)
    outlines = [s for s, roles in chart.walk() if isinstance(s, Polygon) and s.style.dash]
    assert len(outlines) == len(printed)  # one dashed window per printed tile, none for the gaps
    for a, b in combinations(printed, 2):  # the map puts each name where its row and column say
        (ra, ca), (rb, cb) = printed[a], printed[b]
        if ra == rb:
            assert (labels[a][0] < labels[b][0]) == (ca < cb)
        if ca == cb:
            assert (labels[a][1] < labels[b][1]) == (ra < rb)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_trihex_leaves_out_the_empty_corners(posters, paper):
    """The triangle leaves the top corners of its grid empty: those tiles are not printed, and the page says so."""
    sheets, _ = posters[f"trihex-11-poster-tiled-{paper}.pdf"]
    row, rows, column, columns = _grid_place(sheets[1])
    assert len(sheets) - 1 < rows * columns
    names = {_tile_name(s) for s in sheets[1:]}
    info = " ".join(t.text for t, _ in _text_blocks(sheets[0])["title"])
    missing = sorted({f"{chr(ord('A') + c)}{r + 1}" for r in range(rows) for c in range(columns)} - names)
    assert f"{len(names)} sheets {parse_paper(paper).label} ({columns} × {rows}, except {', '.join(missing)}, blank)" in info


# -- 4. light-ink hatching runs on across the seams ------------------------------------

PLACE = re.compile(r"poster x (-?\d+\.\d) mm, y (-?\d+\.\d) mm")
HATCH_DPI = 1200


def _placement(sheet: Sheet) -> tuple[float, float, float, float]:
    """(poster x, poster y, page x, page y) of the tile's window: the poster place as its label states, the page place its clip."""
    window = sheet.content.find("tile-window")[0].clip
    assert window is not None
    for shape, _ in sheet.content.find("tile-label")[0].walk():
        match = PLACE.search(getattr(shape, "text", ""))
        if match:
            return (float(match.group(1)), float(match.group(2)), window[0], window[1])
    raise AssertionError("no placement in the label")


def _inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _distance_to_outline(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> float:
    px, py = point
    best = math.inf
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(px - x0 - t * dx, py - y0 - t * dy))
    return best


def _hatched_row(sheet: Sheet, x0: float, x1: float, poster_shift: float, overlap: float) -> float:
    """A page y where the row from x0 to x1 lies inside one singly hatched area, clear of its outline, of
    text and paper-white boxes, of the alignment crosses (every 40 mm of poster y; poster y = page y -
    ``poster_shift``) and of the glue strips along the window's top and bottom."""
    window = sheet.content.find("tile-window")[0].clip
    assert window is not None
    poster = sheet.content.find("poster")[0]
    areas = [tuple(points) for s, _ in poster.walk() if not isinstance(s, (Text, Group)) and s.style.hatch is not None for points, closed in outlines(s) if closed]
    single = [a for a in areas if areas.count(a) == 1]
    blockers = [shape_box(s) for s, _ in poster.walk() if isinstance(s, Text) or getattr(s.style, "fill", None) == palette.current().paper]
    xs = [x0 + (x1 - x0) * k / 20 for k in range(21)]
    for area in single:
        ys = [p[1] for p in area]
        y = max(min(ys), window[1] + overlap + 1.0)
        while y < min(max(ys), window[3] - overlap - 1.0):
            if (
                abs((y - poster_shift) % 40.0 - 20.0) < 16.0
                and not any(b[1] - 0.5 < y < b[3] + 0.5 and b[0] < x1 and x0 < b[2] for b in blockers)
                and all(_inside((x, y), area) and _distance_to_outline((x, y), area) > 0.8 for x in xs)
            ):
                return y
            y += 0.25
    raise AssertionError("no singly hatched area crosses the seam strip")


def _line_centres(pdf: Path, page: int, x0: float, x1: float, y: float, tmp_path: Path) -> list[float]:
    """Page x (mm) of the centre of each hatch line crossing the row at page y between x0 and x1 (1200 dpi crop)."""
    k = HATCH_DPI / 25.4
    left, top = round(x0 * k), round((y - 0.2) * k)
    width, height = round((x1 - x0) * k), round(0.4 * k)
    image = pdf_page(pdf, HATCH_DPI, page, grey=True, crop=(left, top, width, height))
    row = list(image.crop((0, height // 2, width, height // 2 + 1)).tobytes())
    centres, run = [], []
    for index, value in enumerate(row + [255]):
        dark = 255 - value
        if dark > 60:
            run.append((index, dark))
        elif run:
            if run[0][0] > 0 and run[-1][0] < width - 1:  # whole lines only
                centre = sum(i * d for i, d in run) / sum(d for _, d in run)
                centres.append((left + centre + 0.5) / k)
            run = []
    return centres


@pytest.mark.parametrize("game", ["hex-11", "trihex-11", "ringo"])
def test_light_ink_hatching_runs_on_across_a_seam(game, tmp_path):
    """Where two tiles print the same strip of poster (the overlap left of the cut line), the hatch lines of
    both, rasterised at 1200 dpi and put in poster coordinates, are the same lines within 0.05 mm."""
    require_tool("pdftoppm")
    request = POSTERS[f"{game}-poster-tiled-a4.pdf"]
    options = replace(request.options, ink="light")
    sheets = tiled_sheets(request.info.make_board(request.size), request.paper, options, request.cell_mm, request.overlap)
    pdf = tmp_path / "light.pdf"
    pdf.write_bytes(render_pdf_pages(sheets))
    by_place = {}
    for page, sheet in enumerate(sheets[1:], 2):
        row, _, column, _ = _grid_place(sheet)
        by_place[(row, column)] = (page, sheet, _placement(sheet))
    pairs = [(by_place[(r, c)], by_place[(r, c + 1)]) for r, c in by_place if (r, c + 1) in by_place]
    assert pairs
    checked = 0
    for (left_page, left, (lx, ly, lpx, lpy)), (right_page, right, (rx, ry, rpx, rpy)) in pairs:
        # The strip from the right tile's window edge to its cut line: printed alike on both tiles.
        strip = (rx + 0.5, rx + request.overlap / 2 - 0.5)
        on_left = (lpx + strip[0] - lx, lpx + strip[1] - lx)
        try:
            y_left = _hatched_row(left, *on_left, lpy - ly, request.overlap)
        except AssertionError:
            continue  # no hatched band crosses this seam
        poster_y = y_left - lpy + ly
        y_right = rpy + poster_y - ry
        from_left = [x - lpx + lx for x in _line_centres(pdf, left_page, *on_left, y_left, tmp_path)]
        from_right = [x - rpx + rx for x in _line_centres(pdf, right_page, rpx + strip[0] - rx, rpx + strip[1] - rx, y_right, tmp_path)]
        assert from_left and len(from_left) == len(from_right), (left.title, right.title, from_left, from_right)
        for x in from_left:
            assert min(abs(x - other) for other in from_right) <= 0.05, (left.title, right.title, from_left, from_right)
        for x in from_right:
            assert min(abs(x - other) for other in from_left) <= 0.05, (left.title, right.title, from_left, from_right)
        checked += len(from_left)
    assert checked >= 2


# -- small paper: labels and notes wrap instead of running off the sheet ---------------

NARROW = [("brax", "148x210", 30.0), ("trihex", "130x180", 25.0), ("ringo", "126x300", 20.0)]


@pytest.mark.parametrize("game, paper, cell_mm", NARROW, ids=[f"{g}-{p}" for g, p, _ in NARROW])
def test_on_narrow_paper_no_page_runs_into_the_margin_or_over_its_own_text(game, paper, cell_mm):
    """A5-sized and narrower sheets: the tile labels, the notes and the assembly page's lines wrap."""
    from boardgen.registry import get_game
    from boardgen.boards.base import BoardOptions

    info = get_game(game)
    sheets = tiled_sheets(info.make_board(info.default_size), parse_paper(paper), BoardOptions(), cell_mm, 10.0)
    assert len(sheets) > 2
    problems = []
    for page, sheet in enumerate(sheets, 1):
        texts = []
        for shape, box, roles in visible_boxes(sheet.content):
            if box[0] < MARGIN_MM - 1e-6 or box[1] < MARGIN_MM - 1e-6 or box[2] > sheet.width - MARGIN_MM + 1e-6 or box[3] > sheet.height - MARGIN_MM + 1e-6:
                problems.append(f"page {page}: {'/'.join(roles)} in the margin")
            if isinstance(shape, Text):
                texts.append((shape.text, box))
        problems += [f"page {page}: {a[0]!r} over {b[0]!r}" for a, b in combinations(texts, 2) if _intersect(a[1], b[1])]
    assert problems == []
