"""Drawing a tiled poster's sheets from its plan: the tiles, their seam marks and scale checks, the assembly page.

Where the windows go, which are printed and where the board sits is decided
by :mod:`boardgen.sheets.tile_plan`.  Here each printed tile gets its label,
its window onto the poster (a copy of the poster's one drawing, moved so the
window falls on it, clipped to the window), its seam marks and the printing
note.  On the seam, in the middle of the overlap, the right/lower tile
carries a dashed cut line and both tiles carry the same half-crosses: cut the
upper tile along its line, lay it on its neighbour so the crosses close, and
glue.  A first page shows the assembly map (the same drawing in miniature),
the physical size and the printing note.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, ink_bounds
from boardgen.drawing.fonts import text_width, wrap_text
from boardgen.drawing.model import Group, Hatch, Line, Polygon, Sheet, Style, Text, anchor_hatches
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import MARGIN_MM, Paper
from boardgen.sheets.placing import miniature, moved
from boardgen.sheets.single import (
    CROP_RESERVE,
    GAP,
    INFO_SIZE,
    board_box,
    crop_marks,
    decimal,
    footer_block,
    footer_height,
    header_block,
    header_height,
    sheet_title,
)
from boardgen.sheets.tile_plan import (  # noqa: F401 - the planning names, also reachable from here as before the split
    COORDINATES,
    LABEL_BAND,
    LABEL_SIZE,
    LINE_GAP,
    MAX_TILES,
    MIN_WINDOW,
    NOTE_BAND,
    SHEETS_STEP,
    TILE_NOTE_SIZE,
    PosterInk,
    Tile,
    TileLayout,
    _label_lines,
    _note_lines,
    _where,
    label_band,
    largest_on_sheets,
    largest_poster,
    note_band,
    on_larger_paper,
    plan_tiles,
    poster_for,
    sheets_needed,
    tile_layout,
)

TITLE_SIZE = 4.2  # the label's first line: the board and the tile's name
MARK_SPACING = 40.0  # mm between alignment crosses along a seam
CROSS = 3.0  # half-length of a cross arm

def _seams(layout: TileLayout, tile: Tile) -> tuple[list[tuple[float, bool]], list[tuple[float, bool]]]:
    """Poster x of this tile's vertical seams and y of its horizontal ones, each with whether
    this tile is the upper (cut, laid on top) one.  Only seams with a printed neighbour."""
    half = layout.overlap / 2
    x1, y1 = tile.x + layout.window_width, tile.y + layout.window_height
    vertical = [(tile.x + half, True)] if layout.printed(tile.row, tile.column - 1) else []
    vertical += [(x1 - half, False)] if layout.printed(tile.row, tile.column + 1) else []
    horizontal = [(tile.y + half, True)] if layout.printed(tile.row - 1, tile.column) else []
    horizontal += [(y1 - half, False)] if layout.printed(tile.row + 1, tile.column) else []
    return vertical, horizontal


TILE_MARKS = ("corner", "trim", "none")  # what a tile draws on its seams; trim is what tiles always had
CORNER_MM = 5.0  # length of a corner mark, from the window's edge along the seam


def _seam_marks(layout: TileLayout, tile: Tile, to_sheet, marks: str = "trim") -> Group:
    """What this tile draws on the seams it shares with a printed neighbour.

    ``trim``: a dashed cut line the seam's whole length on this tile's own
    left/top seams, the same half-crosses every 40 mm on both tiles of a
    seam, and the hatched glue strip on the covered one.  ``corner``: only a
    short solid mark at each end of every seam, on both tiles (the covered
    one's show where the cut edge goes), and the glue strip; nothing else
    over the board.  ``none``: nothing at all, for tiles trimmed and joined
    by eye or by a print shop.
    """
    group = Group("tile-marks")
    if marks == "none":
        return group
    cut = Style(stroke=palette.INK, width=0.25, dash=(2.0, 1.5), cap="butt")
    solid = Style(stroke=palette.INK, width=0.25, cap="butt")
    glue = Style(stroke=None, hatch=Hatch(palette.FAINT, spacing=2.0, angle=45.0, width=0.15))
    x0, y0 = tile.x, tile.y
    x1, y1 = x0 + layout.window_width, y0 + layout.window_height
    vertical, horizontal = _seams(layout, tile)

    def seam(a: tuple[float, float], b: tuple[float, float], upper: bool, strip: tuple[tuple[float, float], ...], crosses: list[tuple[float, float]]) -> None:
        if not upper:  # the strip the upper tile will cover: where the glue goes
            group.add(Polygon(tuple(to_sheet(*p) for p in strip), glue))
        if marks == "corner":
            length = math.hypot(b[0] - a[0], b[1] - a[1])
            k = min(CORNER_MM, length / 2) / length
            near = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            far = (b[0] - (b[0] - a[0]) * k, b[1] - (b[1] - a[1]) * k)
            group.add(Line(to_sheet(*a), to_sheet(*near), solid), Line(to_sheet(*far), to_sheet(*b), solid))
            return
        if upper:
            group.add(Line(to_sheet(*a), to_sheet(*b), cut))
        for x, y in crosses:
            group.add(Line(to_sheet(x - CROSS, y), to_sheet(x + CROSS, y), solid), Line(to_sheet(x, y - CROSS), to_sheet(x, y + CROSS), solid))

    def along(start: float, end: float) -> list[float]:
        first = math.ceil((start + CROSS) / MARK_SPACING) * MARK_SPACING
        return [first + k * MARK_SPACING for k in range(max(0, math.floor((end - CROSS - first) / MARK_SPACING + 1e-9) + 1))]

    for x, upper in vertical:
        seam((x, y0), (x, y1), upper, ((x, y0), (x1, y0), (x1, y1), (x, y1)), [(x, y) for y in along(y0, y1)])
    for y, upper in horizontal:
        seam((x0, y), (x1, y), upper, ((x0, y), (x1, y), (x1, y1), (x0, y1)), [(x, y) for x in along(x0, x1)])
    return group


CHECK_LENGTHS = (50.0, 40.0, 30.0, 20.0)  # mm, the longest that fits is used
CHECK_BAR = 0.3  # mm, the bar's thickness
CHECK_CLEAR = 2.0  # mm kept from the title and from where a neighbour may lie over the sheet
CHECK_TEXT = 2.6


def check_room(layout: TileLayout, title_end: float) -> tuple[float, float]:
    """Where on the title line a tile's scale check may go: after the title, and clear of what is cut off or covered.

    A neighbour on the right is laid over this sheet from the middle of the
    overlap onwards, and a sheet with a neighbour on the left is cut there:
    so the check keeps to the window's width less half an overlap each side.
    It sits above the window, in the label band, so it never lies on the
    hatched glue strips either.
    """
    ox, _ = layout.window_origin
    left = max(title_end, ox + layout.overlap / 2) + CHECK_CLEAR
    right = ox + layout.window_width - layout.overlap / 2 - CHECK_CLEAR
    return left, right


def check_length(layout: TileLayout, title_end: float) -> float:
    """The longest bar of :data:`CHECK_LENGTHS` that fits with its label in :func:`check_room`."""
    left, right = check_room(layout, title_end)
    for length in CHECK_LENGTHS:
        if length + 1.0 + text_width(f"{length:g} mm", CHECK_TEXT, "sans-bold") <= right - left:
            return length
    return 0.0


def title_end(board: BoardDrawing, layout: TileLayout) -> float:
    """Where the widest tile title of this poster ends: every tile's check then has the same length and place."""
    return MARGIN_MM + max(text_width(f"{sheet_title(board)} — {t.name}", TITLE_SIZE, "sans-bold") for t in layout.tiles)


def tile_scale_check(layout: TileLayout, title_end: float) -> Group:
    """A bar of stated length (50 mm where it fits) at the right of the title line, with a tick every 10 mm.

    Every tile carries its own, so a sheet the printer scaled is found before
    it is glued: the assembly page's 100 mm bar only speaks for that page.
    The bar's ink spans exactly its length (the end ticks stand inside it).
    """
    group = Group("tile-scale", title="scale check")
    length = check_length(layout, title_end)
    if not length:  # too little room on this paper and overlap; the assembly page's bar remains
        return group
    _, right = check_room(layout, title_end)
    baseline = MARGIN_MM + 4.0
    x0, ink = right - length, Style(stroke=None, fill=palette.INK)
    group.add(Polygon(((x0, baseline - CHECK_BAR), (right, baseline - CHECK_BAR), (right, baseline), (x0, baseline)), ink))
    tick = 0.2
    for mm in range(0, int(length) + 1, 10):
        left = min(max(x0 + mm - tick / 2, x0), right - tick)
        tall = 2.6 if mm in (0, int(length)) else 1.4
        group.add(Polygon(((left, baseline - CHECK_BAR - tall), (left + tick, baseline - CHECK_BAR - tall), (left + tick, baseline - CHECK_BAR), (left, baseline - CHECK_BAR)), ink))
    group.add(Text((x0 - 1.0, baseline), f"{length:g} mm", CHECK_TEXT, font="sans-bold", fill=palette.INK, anchor="end"))
    return group


def tile_sheet(
    board: BoardDrawing, layout: TileLayout, tile: Tile, origin: tuple[float, float], poster: PosterInk, cut_marks: bool,
    marks: str = "trim",
) -> Sheet:
    """One tile: its label, its window onto the poster, its seam marks and the printing note.

    ``origin``: the poster position of the board's own (0, 0); ``poster``: the board's one drawing.
    """
    ox, oy = layout.window_origin

    def to_sheet(x: float, y: float) -> tuple[float, float]:
        return (ox + x - tile.x, oy + y - tile.y)

    window = (ox, oy, ox + layout.window_width, oy + layout.window_height)
    content = Group("tile")
    label = Group("tile-label")
    title = f"{sheet_title(board)} — {tile.name}"
    label.add(Text((MARGIN_MM, MARGIN_MM + 4.0), title, TITLE_SIZE, font="sans-bold", fill=palette.INK))
    where = _where(tile.row + 1, tile.rows, tile.column + 1, tile.columns, tile.x, tile.y)
    for k, line in enumerate(_label_lines(where, layout.sheet_width)):
        label.add(Text((MARGIN_MM, MARGIN_MM + 8.2 + k * (LABEL_SIZE + LINE_GAP)), line, LABEL_SIZE, fill=palette.INK))
    content.add(label)
    content.add(tile_scale_check(layout, title_end(board, layout)))
    placed = Group("tile-window", clip=window)
    # Hatching anchored to the poster's corner, wherever it lands on this sheet: its lines run on across the seams.
    placed.add(anchor_hatches(_shifted_board(poster, to_sheet(*origin), cut_marks), to_sheet(0.0, 0.0)))
    placed.add(_seam_marks(layout, tile, to_sheet, marks))
    content.add(placed)
    note = Group("note")
    lines = _note_lines(layout.sheet_width)
    for k, line in enumerate(lines):
        baseline = layout.sheet_height - MARGIN_MM - 0.8 - (len(lines) - 1 - k) * (TILE_NOTE_SIZE + LINE_GAP)
        note.add(Text((MARGIN_MM, baseline), line, TILE_NOTE_SIZE, fill=palette.INK))
    content.add(note)
    return Sheet(layout.sheet_width, layout.sheet_height, content, title=title, language="pt-BR")


def _shifted_board(poster: PosterInk, at: tuple[float, float], cut_marks: bool) -> Group:
    """The poster's drawing moved so the board's own (0, 0) lands on the sheet point ``at`` (no new drawing)."""
    dx, dy = at[0] - poster.origin[0], at[1] - poster.origin[1]
    drawing = Group("poster").add(moved(poster.drawing, dx, dy))
    if cut_marks:
        box = ink_bounds(poster.drawing)
        assert box is not None  # the poster is never empty
        drawing.add(crop_marks((box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)))
    return drawing


def check_steps(length: float) -> list[str]:
    """The step that asks for each tile's scale check to be measured, in both languages (none without a check)."""
    if not length:
        return []
    return [
        f"Antes de colar, meça a barra ao lado do nome de cada folha: se não tiver {length:g} mm, a impressora mudou a escala.",
        f"Before gluing, measure the bar beside each sheet's name: if it is not {length:g} mm, the printer changed the scale.",
    ]


STEPS = (
    "Corte cada folha na linha tracejada, sobreponha à vizinha até as cruzes se fecharem e cole na faixa hachurada.",
    "Cut each sheet along its dashed line, lay it on its neighbour until the crosses close, and glue on the hatched strip.",
)


def joining_steps(marks: str, overlap: float) -> tuple[str, ...]:
    """How to join the sheets, in both languages, for the marks the tiles carry."""
    if marks == "corner":
        return (
            "Corte cada folha na reta entre as marcas curtas das suas bordas, ponha a borda cortada sobre as marcas da vizinha e cole na faixa hachurada.",
            "Cut each sheet along the straight line between the short marks at its edges, lay the cut edge on its neighbour's marks, and glue on the hatched strip.",
        )
    if marks == "none":
        return (
            f"Cada folha se sobrepõe à vizinha em {decimal(overlap, 'pt')} mm: corte uma delas, sobreponha as duas até o desenho coincidir e cole.",
            f"Each sheet overlaps its neighbour by {overlap:.1f} mm: trim one of them, lay them together until the drawing matches, and glue.",
        )
    return STEPS


LEADING = 1.5  # mm between lines of a text block
ASCENT = 1.07  # Noto's ascent in ems: a line's ink starts this far above its baseline
MAP_LINE = 0.35  # mm, the dashed outline of each tile on the map
MAP_MIN_WIDTH = 0.1  # mm: the board's lines on the map, scaled down with it, are never thinner


def _text_block(role: str, lines: list[str], top: float, size: float) -> tuple[Group, float]:
    """Lines from ``top`` down, at the left margin; the group and the y where its ink ends."""
    group = Group(role)
    baseline = top + size * ASCENT
    for line in lines:
        group.add(Text((MARGIN_MM, baseline), line, size, fill=palette.INK))
        baseline += size + LEADING
    box = ink_bounds(group)
    return group, (box[3] if box is not None else top)


def _blank_note(layout: TileLayout, lang: str) -> str:
    """Which grid places are not printed, so that the gap in the map is not taken for a lost sheet."""
    if not layout.blank:
        return ""
    places = ", ".join(layout.blank)
    return f", exceto {places}, em branco" if lang == "pt" else f", except {places}, blank"


def _assembly_map(board: BoardDrawing, layout: TileLayout, poster: PosterInk, origin: tuple[float, float], area: Box) -> Group:
    """The grid scaled into ``area``: the board in miniature, each printed tile's window over it, and its name.

    Grid places that are not printed stay empty, so the map shows the gap
    the assembled poster has there.  Strokes stay inside the area: it is
    shrunk by half the outline width before the map is fitted into it.
    """
    inner = (area[0] + MAP_LINE / 2, area[1] + MAP_LINE / 2, area[2] - MAP_LINE / 2, area[3] - MAP_LINE / 2)
    k = min((inner[2] - inner[0]) / layout.poster_width, (inner[3] - inner[1]) / layout.poster_height)
    mx = inner[0] + ((inner[2] - inner[0]) - layout.poster_width * k) / 2
    my = inner[1] + ((inner[3] - inner[1]) - layout.poster_height * k) / 2
    colours = palette.current()
    chart = Group("assembly-map")
    windows = []
    for tile in layout.tiles:
        x0, y0 = mx + tile.x * k, my + tile.y * k
        windows.append((tile, (x0, y0, x0 + layout.window_width * k, y0 + layout.window_height * k)))
    backing = Group("map-windows")
    for _, (x0, y0, x1, y1) in windows:
        backing.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(stroke=None, fill=colours.guide_fill)))
    chart.add(backing)
    # The poster's drawing in miniature, coordinates left out, its board's (0, 0) where the map puts the poster's.
    at = (mx + (origin[0] - poster.origin[0]) * k, my + (origin[1] - poster.origin[1]) * k)
    chart.add(Group("map-board").add(miniature(poster.drawing, k, at, COORDINATES, MAP_MIN_WIDTH)))
    outlines = Group("map-tiles")
    names = Group("map-names")
    for tile, (x0, y0, x1, y1) in windows:
        outlines.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(stroke=colours.guide, width=MAP_LINE, dash=(1.5, 1.0))))
        # The name in the middle of the part of the window no neighbour covers, on a paper-white box.
        size = min(9.0, (y1 - y0) / 4, (x1 - x0) / 4)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half_w, half_h = text_width(tile.name, size, "sans-bold") / 2 + size * 0.25, size * 0.55
        names.add(Polygon(((cx - half_w, cy - half_h), (cx + half_w, cy - half_h), (cx + half_w, cy + half_h), (cx - half_w, cy + half_h)), Style(stroke=colours.guide, width=0.25, fill=colours.paper)))
        names.add(Text((cx, cy + size * 0.36), tile.name, size, font="sans-bold", fill=colours.guide, anchor="middle"))
    chart.add(outlines, names)
    return chart


def assembly_sheet(
    board: BoardDrawing, layout: TileLayout, poster: PosterInk, paper: Paper, origin: tuple[float, float],
    names: Mapping[str, str] | None = None,
    marks: str = "trim",
    alternative: tuple[Paper, int] | None = None,
) -> Sheet:
    """First page: what the poster is, how many sheets, how to join them, and the map of where each goes.

    The blocks stack: header, steps, map, footer, each starting below where the
    ink of the one before ends, whatever the length of the board's notes.
    OptionError naming ``paper`` (as ``names`` maps it) when no room is left for the map.
    """
    width, height, scale = layout.sheet_width, layout.sheet_height, poster.scale
    itself = board_box(poster.drawing)
    bw, bh = itself[2] - itself[0], itself[3] - itself[1]
    count = len(layout.tiles)
    columns, rows = layout.columns, layout.rows
    info = [
        f"{board.unit_label['pt'].capitalize()} {decimal(scale, 'pt')} mm · tabuleiro {decimal(bw, 'pt')} × {decimal(bh, 'pt')} mm · "
        f"{count} folhas {paper.label} ({columns} × {rows}{_blank_note(layout, 'pt')}), sobreposição {decimal(layout.overlap, 'pt')} mm",
        f"{board.unit_label['en'].capitalize()} {scale:.1f} mm · board {bw:.1f} × {bh:.1f} mm · "
        f"{count} sheets {paper.label} ({columns} × {rows}{_blank_note(layout, 'en')}), overlap {layout.overlap:.1f} mm",
    ]
    if alternative is not None:  # what the same poster takes on the next paper up
        other, many = alternative
        info[0] += f" · em {other.label}: {many} {'folha' if many == 1 else 'folhas'}"
        info[1] += f" · on {other.label}: {many} {'sheet' if many == 1 else 'sheets'}"
    content = Group("assembly")
    info = [part for line in info for part in wrap_text(line, INFO_SIZE, width - 2 * MARGIN_MM - 0.5)]
    header = header_block(board, f"{sheet_title(board)} — montagem", info, width)
    content.add(header)
    header_box = ink_bounds(header)
    header_end = max(MARGIN_MM + header_height(board, width), header_box[3] if header_box else 0.0)
    steps_text = [*check_steps(check_length(layout, title_end(board, layout))), *joining_steps(marks, layout.overlap)]
    lines = [part for step in steps_text for part in wrap_text(step, INFO_SIZE, width - 2 * MARGIN_MM)]
    steps, steps_end = _text_block("assembly-steps", lines, header_end + GAP, INFO_SIZE)
    content.add(steps)
    area = (MARGIN_MM, steps_end + GAP, width - MARGIN_MM, height - MARGIN_MM - footer_height(width) - GAP)
    if area[3] - area[1] < MIN_WINDOW:
        raise OptionError(option_name(names, "paper"), f"{paper.name} leaves no room for the assembly map below the notes and steps; use a larger paper")
    content.add(_assembly_map(board, layout, poster, origin, area))
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
    marks: str = "trim",
    poster: PosterInk | None = None,
) -> list[Sheet]:
    """Assembly page followed by one page per printed tile, row by row (``names``: as :func:`plan_tiles`;
    ``marks``: one of :data:`TILE_MARKS`).

    The board is drawn once (``poster``, when the caller drew it at this
    scale already): the plan reads its ink, every tile places a copy of it
    and the map a miniature.
    """
    poster = poster_for(board, options, scale, cut_marks, poster)
    layout, origin = tile_layout(board, paper, options, scale, overlap, cut_marks, names, poster)
    alternative = on_larger_paper(board, paper, options, scale, overlap, cut_marks, poster)
    sheets = [assembly_sheet(board, layout, poster, paper, origin, names, marks, alternative)]
    for tile in layout.tiles:
        sheets.append(tile_sheet(board, layout, tile, origin, poster, cut_marks, marks))
    return sheets
