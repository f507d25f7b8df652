"""Boards larger than the paper: split over several sheets at exact scale.

The board is first laid out as one large *poster* (poster coordinates in mm,
origin at the top left of its ink).  Each tile shows a window of the poster;
neighbouring windows overlap by a glue margin.  On the seam, in the middle of
the overlap, the right/lower tile carries a dashed cut line and both tiles carry
the same half-crosses: cut the upper tile along its line, lay it on its
neighbour so the crosses close, and glue.  A first page shows the assembly
map, the physical size and the printing note.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Hatch, Line, Polygon, Sheet, Style, Text
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import MARGIN_MM, Paper
from boardgen.sheets.single import (
    CROP_RESERVE,
    INFO_SIZE,
    PRINT_NOTE,
    crop_marks,
    decimal,
    footer_block,
    header_block,
    sheet_title,
)

LABEL_BAND = 10.0  # mm at the top of each tile for its label
NOTE_BAND = 4.0  # mm at the bottom of each tile for the printing note
MARK_SPACING = 40.0  # mm between alignment crosses along a seam
CROSS = 3.0  # half-length of a cross arm
MIN_WINDOW = 30.0  # mm: a tile must show at least this much board each way
MAX_TILES = 100


@dataclass(frozen=True)
class Tile:
    row: int
    column: int
    rows: int
    columns: int
    x: float  # poster position of the window's top left corner, mm
    y: float

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.column)}{self.row + 1}"


@dataclass(frozen=True)
class TileLayout:
    poster_width: float
    poster_height: float
    sheet_width: float
    sheet_height: float
    window_width: float
    window_height: float
    overlap: float
    tiles: tuple[Tile, ...]

    @property
    def window_origin(self) -> tuple[float, float]:
        """Where a window's top left corner sits on its sheet."""
        return (MARGIN_MM, MARGIN_MM + LABEL_BAND)


def plan_tiles(poster_w: float, poster_h: float, paper: Paper, overlap: float, names: Mapping[str, str] | None = None) -> TileLayout:
    """The orientation and tile grid that need the fewest sheets (portrait on a tie).

    OptionError when no grid will do, naming ``paper``, ``overlap_mm`` or
    ``tile`` as ``names`` maps them (see :func:`boardgen.errors.option_name`).
    """
    paper_option, overlap_option, tile_option = (option_name(names, key) for key in ("paper", "overlap_mm", "tile"))
    best: TileLayout | None = None
    for landscape in (False, True):
        sheet_w, sheet_h = paper.oriented(landscape)
        window_w = sheet_w - 2 * MARGIN_MM
        window_h = sheet_h - 2 * MARGIN_MM - LABEL_BAND - NOTE_BAND
        if window_w < MIN_WINDOW or window_h < MIN_WINDOW:
            raise OptionError(paper_option, f"{paper.name} leaves no room for tiles inside the {MARGIN_MM:g} mm margins and labels")
        if overlap > min(window_w, window_h) / 2:
            raise OptionError(
                overlap_option,
                f"{overlap:g} mm is more than half a tile ({min(window_w, window_h) / 2:.0f} mm on {paper.name}); use less",
            )
        columns = 1 if poster_w <= window_w else math.ceil((poster_w - overlap) / (window_w - overlap))
        rows = 1 if poster_h <= window_h else math.ceil((poster_h - overlap) / (window_h - overlap))
        tiles = tuple(
            Tile(r, c, rows, columns, c * (window_w - overlap), r * (window_h - overlap))
            for r in range(rows)
            for c in range(columns)
        )
        layout = TileLayout(poster_w, poster_h, sheet_w, sheet_h, window_w, window_h, overlap, tiles)
        if len(tiles) > MAX_TILES and (best is None or len(best.tiles) > MAX_TILES):
            best = layout
            continue
        if best is None or len(tiles) < len(best.tiles):
            best = layout
    assert best is not None
    if len(best.tiles) > MAX_TILES:
        raise OptionError(tile_option, f"the board would need {len(best.tiles)} sheets of {paper.name} (at most {MAX_TILES}); use a larger {paper_option} or a smaller board")
    return best


def _seam_marks(layout: TileLayout, tile: Tile, to_sheet) -> Group:
    """Cut lines on this tile's own left/top seams; half-crosses on every seam it shares."""
    group = Group("tile-marks")
    cut = Style(stroke=palette.INK, width=0.25, dash=(2.0, 1.5), cap="butt")
    cross = Style(stroke=palette.INK, width=0.25, cap="butt")
    glue = Style(stroke=None, hatch=Hatch(palette.FAINT, spacing=2.0, angle=45.0, width=0.15))
    half = layout.overlap / 2
    x0, y0 = tile.x, tile.y
    x1 = min(x0 + layout.window_width, layout.poster_width)
    y1 = min(y0 + layout.window_height, layout.poster_height)
    seams_x = []  # poster x of vertical seams on this tile, with whether this tile is the upper one
    if tile.column > 0:
        seams_x.append((x0 + half, True))
    if tile.column < tile.columns - 1:
        seams_x.append((x1 - half, False))
    seams_y = []
    if tile.row > 0:
        seams_y.append((y0 + half, True))
    if tile.row < tile.rows - 1:
        seams_y.append((y1 - half, False))
    for x, upper in seams_x:
        if upper:
            group.add(Line(to_sheet(x, y0), to_sheet(x, y1), cut))
        else:  # the strip the upper tile will cover: where the glue goes
            group.add(Polygon((to_sheet(x, y0), to_sheet(x1, y0), to_sheet(x1, y1), to_sheet(x, y1)), glue))
        y = math.ceil((y0 + CROSS) / MARK_SPACING) * MARK_SPACING
        while y <= y1 - CROSS:
            group.add(Line(to_sheet(x - CROSS, y), to_sheet(x + CROSS, y), cross), Line(to_sheet(x, y - CROSS), to_sheet(x, y + CROSS), cross))
            y += MARK_SPACING
    for y, upper in seams_y:
        if upper:
            group.add(Line(to_sheet(x0, y), to_sheet(x1, y), cut))
        else:
            group.add(Polygon((to_sheet(x0, y), to_sheet(x1, y), to_sheet(x1, y1), to_sheet(x0, y1)), glue))
        x = math.ceil((x0 + CROSS) / MARK_SPACING) * MARK_SPACING
        while x <= x1 - CROSS:
            group.add(Line(to_sheet(x - CROSS, y), to_sheet(x + CROSS, y), cross), Line(to_sheet(x, y - CROSS), to_sheet(x, y + CROSS), cross))
            x += MARK_SPACING
    return group


def tile_sheet(board: BoardDrawing, layout: TileLayout, tile: Tile, origin: tuple[float, float], options: BoardOptions, scale: float, cut_marks: bool) -> Sheet:
    """One tile: its label, its window onto the poster, its seam marks and the printing note."""
    ox, oy = layout.window_origin

    def to_sheet(x: float, y: float) -> tuple[float, float]:
        return (ox + x - tile.x, oy + y - tile.y)

    # The window, cut down to the poster on the last row and column.
    window = (
        ox,
        oy,
        ox + min(layout.window_width, layout.poster_width - tile.x),
        oy + min(layout.window_height, layout.poster_height - tile.y),
    )
    content = Group("tile")
    label = Group("tile-label")
    title = f"{sheet_title(board)} — {tile.name}"
    label.add(Text((MARGIN_MM, MARGIN_MM + 4.0), title, 4.2, font="sans-bold", fill=palette.INK))
    where = (
        f"linha {tile.row + 1} de {tile.rows}, coluna {tile.column + 1} de {tile.columns} · "
        f"row {tile.row + 1} of {tile.rows}, column {tile.column + 1} of {tile.columns} · "
        f"poster x {tile.x:.1f} mm, y {tile.y:.1f} mm at page x {ox:.1f} mm, y {oy:.1f} mm"
    )
    label.add(Text((MARGIN_MM, MARGIN_MM + 8.2), where, 2.6, fill=palette.INK))
    content.add(label)
    placed = Group("tile-window", clip=window)
    placed.add(_shifted_board(board, origin, options, scale, to_sheet, cut_marks))
    placed.add(_seam_marks(layout, tile, to_sheet))
    content.add(placed)
    note = f"{PRINT_NOTE[0]}  {PRINT_NOTE[1]}"
    content.add(Group("note").add(Text((MARGIN_MM, layout.sheet_height - MARGIN_MM - 0.8), note, 2.4, fill=palette.INK)))
    return Sheet(layout.sheet_width, layout.sheet_height, content, title=title, language="pt-BR")


def _shifted_board(board, origin, options, scale, to_sheet, cut_marks) -> Group:
    """The poster drawn again through a frame that puts this tile's window in place."""
    sx, sy = to_sheet(*origin)
    drawing = Group("poster").add(board.draw(Frame(scale, (sx, sy)), options))
    if cut_marks:
        box = ink_bounds(drawing)
        assert box is not None  # the poster is never empty
        drawing.add(crop_marks(box))
    return drawing


def assembly_sheet(board: BoardDrawing, layout: TileLayout, scale: float, board_box, paper: Paper) -> Sheet:
    """First page: what the poster is, how many sheets, and the map of where each goes."""
    width, height = layout.sheet_width, layout.sheet_height
    bw, bh = board_box[2] - board_box[0], board_box[3] - board_box[1]
    count = len(layout.tiles)
    columns, rows = layout.tiles[-1].columns, layout.tiles[-1].rows
    info = [
        f"{board.unit_label['pt'].capitalize()} {decimal(scale, 'pt')} mm · tabuleiro {decimal(bw, 'pt')} × {decimal(bh, 'pt')} mm · "
        f"{count} folhas {paper.name} ({columns} × {rows}), sobreposição {decimal(layout.overlap, 'pt')} mm",
        f"{board.unit_label['en'].capitalize()} {scale:.1f} mm · board {bw:.1f} × {bh:.1f} mm · "
        f"{count} sheets {paper.name} ({columns} × {rows}), overlap {layout.overlap:.1f} mm",
    ]
    content = Group("assembly")
    content.add(header_block(board, f"{sheet_title(board)} — montagem", info, width))
    steps = [
        "Corte cada folha na linha tracejada, sobreponha à vizinha até as cruzes se fecharem e cole na faixa hachurada.",
        "Cut each sheet along its dashed line, lay it on its neighbour until the crosses close, and glue on the hatched strip.",
    ]
    top = MARGIN_MM + 32.0
    for index, line in enumerate(steps):
        content.add(Text((MARGIN_MM, top + index * (INFO_SIZE + 1.5)), line, INFO_SIZE, fill=palette.INK))
    # The map: the poster outline with each tile's window, scaled into the free area.
    area = (MARGIN_MM, top + 12.0, width - MARGIN_MM, height - MARGIN_MM - 20.0)
    k = min((area[2] - area[0]) / layout.poster_width, (area[3] - area[1]) / layout.poster_height)
    ox = area[0] + ((area[2] - area[0]) - layout.poster_width * k) / 2
    oy = area[1] + ((area[3] - area[1]) - layout.poster_height * k) / 2
    colours = palette.current()
    chart = Group("assembly-map")
    chart.add(Polygon(((ox, oy), (ox + layout.poster_width * k, oy), (ox + layout.poster_width * k, oy + layout.poster_height * k), (ox, oy + layout.poster_height * k)), Style(stroke=colours.ink, width=0.5, fill=colours.guide_fill)))
    for tile in layout.tiles:
        x0, y0 = ox + tile.x * k, oy + tile.y * k
        x1 = ox + min(tile.x + layout.window_width, layout.poster_width) * k
        y1 = oy + min(tile.y + layout.window_height, layout.poster_height) * k
        chart.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(stroke=colours.guide, width=0.35, dash=(1.5, 1.0))))
        chart.add(Text(((x0 + x1) / 2, (y0 + y1) / 2 + 2.5), tile.name, min(9.0, (y1 - y0) / 3), font="sans-bold", fill=colours.guide, anchor="middle"))
    content.add(chart)
    content.add(footer_block(width, height))
    return Sheet(width, height, content, title=f"{sheet_title(board)} — boardgen", language="pt-BR")


def tiled_sheets(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    scale: float,
    overlap: float,
    cut_marks: bool = False,
    names: Mapping[str, str] | None = None,
) -> list[Sheet]:
    """Assembly page followed by one page per tile, row by row (``names``: as :func:`plan_tiles`)."""
    pad = CROP_RESERVE if cut_marks else 0.0
    box = ink_bounds(board.draw(Frame(scale), options))
    assert box is not None
    poster_w = (box[2] - box[0]) + 2 * pad
    poster_h = (box[3] - box[1]) + 2 * pad
    layout = plan_tiles(poster_w, poster_h, paper, overlap, names)
    # Board-unit origin in poster coordinates: the ink's top left lands at (pad, pad).
    origin = (pad - box[0], pad - box[1])
    board_box = ink_bounds(board.draw(Frame(scale, origin), options), skip_roles=frozenset({"coordinate"}))
    sheets = [assembly_sheet(board, layout, scale, board_box, paper)]
    for tile in layout.tiles:
        sheets.append(tile_sheet(board, layout, tile, origin, options, scale, cut_marks))
    return sheets
