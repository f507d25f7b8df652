"""Boards larger than the paper: split over several sheets at exact scale.

The board is laid out as one large *poster*: a grid of windows, one per
sheet, neighbouring windows overlapping by a glue margin; poster coordinates
are millimetres from the top left corner of the first window.  The board (its
ink, coordinates included) lies inside the grid where no tile shows only a
sliver of it, and a grid place whose window would hold no board at all is not
printed.  On the seam, in the middle of the overlap, the right/lower tile
carries a dashed cut line and both tiles carry the same half-crosses: cut the
upper tile along its line, lay it on its neighbour so the crosses close, and
glue.  A first page shows the assembly map, the physical size and the
printing note.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import product

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, InkIndex, ink_bounds
from boardgen.drawing.fonts import text_width, wrap_text
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Hatch, Line, Polygon, Sheet, Style, Text, anchor_hatches
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import MARGIN_MM, Paper, larger_paper
from boardgen.sheets.single import (
    CROP_RESERVE,
    GAP,
    INFO_SIZE,
    PRINT_NOTE,
    crop_marks,
    decimal,
    footer_block,
    footer_height,
    header_block,
    header_height,
    sheet_title,
    too_narrow,
    wide_enough,
)

LABEL_BAND = 10.0  # mm at the top of each tile for its label, when the label's second line fits on one line
NOTE_BAND = 4.0  # mm at the bottom of each tile for the printing note, on one line
TITLE_SIZE = 4.2  # the label's first line: the board and the tile's name
LABEL_SIZE = 2.6  # the label's second line: where the tile goes
TILE_NOTE_SIZE = 2.4
LINE_GAP = 1.0  # mm between wrapped lines of a tile's label or note
MARK_SPACING = 40.0  # mm between alignment crosses along a seam
CROSS = 3.0  # half-length of a cross arm
MIN_WINDOW = 30.0  # mm: a sheet must leave a window at least this large each way
MIN_TILE_INK = 50.0  # mm: a printed tile shows at least this much of the board itself each way
MAX_TILES = 100
COORDINATES = frozenset({"coordinate"})  # not "the board itself": a tile of coordinates alone is no use

# Where the board may sit in its grid along one axis, as fractions of the room
# left over.  Every combination is tried; centred (each end tile then shows at
# least half a window of it) comes first and so wins a tie.
OFFSET_FRACTIONS = (0.5, 0.25, 0.75, 0.0, 1.0)

# (any ink, the board's own ink) inside a window, all in content mm: a place with
# no ink at all is left out, one with too little board is a sliver.
# The answer for the board may stop growing once it reaches the (width, height) asked.
InkInWindow = Callable[[Box, tuple[float, float]], "tuple[Box | None, Box | None]"]


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
    poster_width: float  # the grid of windows, mm
    poster_height: float
    sheet_width: float
    sheet_height: float
    window_width: float
    window_height: float
    overlap: float
    tiles: tuple[Tile, ...]  # the printed ones, row by row
    content: Box  # where the board, coordinates (and crop marks) included, lies on the poster
    blank: tuple[str, ...] = ()  # grid places left out: their window holds no board

    @property
    def window_origin(self) -> tuple[float, float]:
        """Where a window's top left corner sits on its sheet."""
        return (MARGIN_MM, MARGIN_MM + label_band(self.sheet_width))

    @property
    def rows(self) -> int:
        return self.tiles[0].rows

    @property
    def columns(self) -> int:
        return self.tiles[0].columns

    def printed(self, row: int, column: int) -> bool:
        """Whether the grid place (row, column) is one of the printed tiles."""
        return any(t.row == row and t.column == column for t in self.tiles)


def _count(length: float, window: float, overlap: float) -> int:
    """Windows needed along one axis: the fewest whose overlapping run covers ``length``."""
    return 1 if length <= window else math.ceil((length - overlap) / (window - overlap))


def _offsets(slack: float, fractions: tuple[float, ...] = OFFSET_FRACTIONS) -> list[float]:
    return list(dict.fromkeys(round(slack * f, 6) for f in fractions))


@dataclass(frozen=True)
class _Candidate:
    layout: TileLayout
    slivers: int


def _candidate(
    content_w: float, content_h: float, sheet: tuple[float, float], window: tuple[float, float], overlap: float,
    offset: tuple[float, float], ink: InkInWindow, least: tuple[float, float], grid: tuple[int, int],
) -> _Candidate:
    """The grid of ``grid`` (columns, rows) at one board offset: which places hold board, and how many only a sliver."""
    (window_w, window_h), (sx, sy), (columns, rows) = window, offset, grid
    printed, blank, slivers = [], [], 0
    for r, c in product(range(rows), range(columns)):
        tile = Tile(r, c, rows, columns, c * (window_w - overlap), r * (window_h - overlap))
        anything, seen = ink((tile.x - sx, tile.y - sy, tile.x - sx + window_w, tile.y - sy + window_h), least)
        if anything is None:
            blank.append(tile.name)
            continue
        printed.append(tile)
        slivers += seen is None or seen[2] - seen[0] < least[0] - 1e-6 or seen[3] - seen[1] < least[1] - 1e-6
    layout = TileLayout(
        columns * (window_w - overlap) + overlap, rows * (window_h - overlap) + overlap, sheet[0], sheet[1],
        window_w, window_h, overlap, tuple(printed), (sx, sy, sx + content_w, sy + content_h), tuple(blank),
    )
    return _Candidate(layout, slivers)


# Grids tried besides the fewest windows that cover the board: one more column, one more row, or both.
# A larger grid can leave more of its places blank (a triangle's or a disc's empty corners) and so print fewer sheets.
EXTRA_GRIDS = ((0, 0), (1, 0), (0, 1), (1, 1))
EXTRA_OFFSETS = (0.5, 0.0, 1.0)  # where the board may sit in a larger grid: centred, or against either edge


def plan_tiles(
    content_w: float,
    content_h: float,
    paper: Paper,
    overlap: float,
    ink: InkInWindow,
    names: Mapping[str, str] | None = None,
) -> TileLayout:
    """The orientation, grid and board placement for a poster of ``content_w`` x ``content_h`` mm.

    ``ink`` says where any ink, and where the board itself (coordinates
    aside), lies inside a window given in content coordinates (origin at the
    content's top left).  Grid places with no ink at all are left out; a
    printed tile with less than ``MIN_TILE_INK`` mm of the board itself either
    way (or the whole board's extent, if that is less) is a sliver.  Tried:
    both orientations; for each, the fewest columns and rows that cover the
    board with the overlap, and one more of either or both (see
    :data:`EXTRA_GRIDS`); every board position of :data:`OFFSET_FRACTIONS`.
    Chosen, in this order: the fewest printed sheets; the fewest slivers;
    the smaller grid; the board centred in its grid; portrait.  OptionError
    when no grid will do, naming ``paper``, ``overlap_mm`` or ``tile`` as
    ``names`` maps them (see :func:`boardgen.errors.option_name`).
    """
    paper_option, overlap_option, tile_option = (option_name(names, key) for key in ("paper", "overlap_mm", "tile"))
    whole = ink((0.0, 0.0, content_w, content_h), (math.inf, math.inf))[1]
    assert whole is not None, "a board always has ink"
    least = (min(MIN_TILE_INK, whole[2] - whole[0]), min(MIN_TILE_INK, whole[3] - whole[1]))
    best: tuple[tuple[int, int, int, int, int], TileLayout] | None = None
    fewest: float = math.inf  # sheets of the smallest grid, to say how many a refused board needs
    for orientation, landscape in enumerate((False, True)):
        sheet = paper.oriented(landscape)
        window_w = sheet[0] - 2 * MARGIN_MM
        window_h = sheet[1] - 2 * MARGIN_MM - label_band(sheet[0]) - note_band(sheet[0])
        if window_w < MIN_WINDOW or window_h < MIN_WINDOW:
            raise OptionError(paper_option, f"{paper.name} leaves no room for tiles inside the {MARGIN_MM:g} mm margins and labels")
        if overlap > min(window_w, window_h) / 2:
            raise OptionError(
                overlap_option,
                f"{overlap:g} mm is more than half a tile ({min(window_w, window_h) / 2:.0f} mm on {paper.name}); use less",
            )
        if not wide_enough(sheet[0]):  # the assembly page, on the same sheet, carries the calibration bar
            continue
        least_columns, least_rows = _count(content_w, window_w, overlap), _count(content_h, window_h, overlap)
        fewest = min(fewest, least_columns * least_rows)  # stays infinite only when no orientation is wide enough
        if least_columns * least_rows > MAX_TILES:  # refused below unless the other orientation does
            continue
        for more, (dc, dr) in enumerate(EXTRA_GRIDS):
            columns, rows = least_columns + dc, least_rows + dr
            if columns * rows > MAX_TILES:
                continue
            slack_x = columns * (window_w - overlap) + overlap - content_w
            slack_y = rows * (window_h - overlap) + overlap - content_h
            fractions = OFFSET_FRACTIONS if more == 0 else EXTRA_OFFSETS
            for rank, offset in enumerate(product(_offsets(slack_x, fractions), _offsets(slack_y, fractions))):
                found = _candidate(content_w, content_h, sheet, (window_w, window_h), overlap, offset, ink, least, (columns, rows))
                key = (len(found.layout.tiles), found.slivers, more, rank, orientation)
                if best is None or key < best[0]:
                    best = (key, found.layout)
    if best is None and fewest == math.inf:
        raise too_narrow(paper, "auto", names)
    if best is None:
        raise OptionError(tile_option, f"the board would need {fewest} sheets of {paper.name} (at most {MAX_TILES}); use a larger {paper_option} or a smaller board")
    return best[1]


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


def _where(row: int, rows: int, column: int, columns: int, x: float, y: float) -> list[str]:
    """The parts of a tile's second label line: its grid place and poster position, Portuguese then English.

    As the rest of the sheet: both languages, Portuguese first with its decimal
    comma.  Short enough that even the widest (three-digit places, six-digit
    positions) stays on one line on A4 and Letter.
    """
    return [
        f"linha {row} de {rows}, coluna {column} de {columns}, no pôster x {decimal(x, 'pt')} mm, y {decimal(y, 'pt')} mm",
        f"row {row} of {rows}, column {column} of {columns}, poster x {x:.1f} mm, y {y:.1f} mm",
    ]


def _label_lines(parts: list[str], sheet_width: float) -> list[str]:
    """The parts joined by " · " into as few lines as fit between the margins (a part too long alone is wrapped)."""
    room = sheet_width - 2 * MARGIN_MM
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text_width(joined, LABEL_SIZE) <= room:
            lines[-1] = joined
        else:
            lines += wrap_text(part, LABEL_SIZE, room)
    return lines


def label_band(sheet_width: float) -> float:
    """The band a tile's label takes on a sheet this wide: taller when its second line must wrap.

    Measured on the widest label a poster can have (three-digit grid places,
    six-digit positions; Noto's digits are all one width), so no tile's label
    needs more lines than the band holds.
    """
    widest = _where(100, 100, 100, 100, 999999.9, 999999.9)
    return LABEL_BAND + (len(_label_lines(widest, sheet_width)) - 1) * (LABEL_SIZE + LINE_GAP)


def _note_lines(sheet_width: float) -> list[str]:
    """The printing note on one line, or one line per language when that is too wide."""
    one = f"{PRINT_NOTE[0]}  {PRINT_NOTE[1]}"
    if text_width(one, TILE_NOTE_SIZE) <= sheet_width - 2 * MARGIN_MM:
        return [one]
    return [part for line in PRINT_NOTE for part in wrap_text(line, TILE_NOTE_SIZE, sheet_width - 2 * MARGIN_MM)]


def note_band(sheet_width: float) -> float:
    """The band the printing note takes at the foot of a tile on a sheet this wide."""
    return NOTE_BAND + (len(_note_lines(sheet_width)) - 1) * (TILE_NOTE_SIZE + LINE_GAP)


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
    board: BoardDrawing, layout: TileLayout, tile: Tile, origin: tuple[float, float], options: BoardOptions, scale: float, cut_marks: bool,
    marks: str = "trim",
) -> Sheet:
    """One tile: its label, its window onto the poster, its seam marks and the printing note.

    ``origin``: the poster position of the board's own (0, 0).
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
    placed.add(anchor_hatches(_shifted_board(board, origin, options, scale, to_sheet, cut_marks), to_sheet(0.0, 0.0)))
    placed.add(_seam_marks(layout, tile, to_sheet, marks))
    content.add(placed)
    note = Group("note")
    lines = _note_lines(layout.sheet_width)
    for k, line in enumerate(lines):
        baseline = layout.sheet_height - MARGIN_MM - 0.8 - (len(lines) - 1 - k) * (TILE_NOTE_SIZE + LINE_GAP)
        note.add(Text((MARGIN_MM, baseline), line, TILE_NOTE_SIZE, fill=palette.INK))
    content.add(note)
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


def _assembly_map(board: BoardDrawing, layout: TileLayout, scale: float, origin: tuple[float, float], options: BoardOptions, area: Box) -> Group:
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
    miniature = Frame(scale * k, (mx + origin[0] * k, my + origin[1] * k))
    chart.add(Group("map-board").add(board.draw(miniature, replace(options, coordinates=False, line_scale=0.6))))
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
    board: BoardDrawing, layout: TileLayout, scale: float, board_box: Box, paper: Paper, origin: tuple[float, float], options: BoardOptions,
    names: Mapping[str, str] | None = None,
    marks: str = "trim",
    alternative: tuple[Paper, int] | None = None,
) -> Sheet:
    """First page: what the poster is, how many sheets, how to join them, and the map of where each goes.

    The blocks stack: header, steps, map, footer, each starting below where the
    ink of the one before ends, whatever the length of the board's notes.
    OptionError naming ``paper`` (as ``names`` maps it) when no room is left for the map.
    """
    width, height = layout.sheet_width, layout.sheet_height
    bw, bh = board_box[2] - board_box[0], board_box[3] - board_box[1]
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
    content.add(_assembly_map(board, layout, scale, origin, options, area))
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
) -> list[Sheet]:
    """Assembly page followed by one page per printed tile, row by row (``names``: as :func:`plan_tiles`;
    ``marks``: one of :data:`TILE_MARKS`)."""
    layout, origin = tile_layout(board, paper, options, scale, overlap, cut_marks, names)
    board_box = ink_bounds(board.draw(Frame(scale, origin), options), skip_roles=COORDINATES)
    assert board_box is not None
    alternative = on_larger_paper(board, paper, options, scale, overlap, cut_marks)
    sheets = [assembly_sheet(board, layout, scale, board_box, paper, origin, options, names, marks, alternative)]
    for tile in layout.tiles:
        sheets.append(tile_sheet(board, layout, tile, origin, options, scale, cut_marks, marks))
    return sheets


def tile_layout(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    scale: float,
    overlap: float,
    cut_marks: bool = False,
    names: Mapping[str, str] | None = None,
) -> tuple[TileLayout, tuple[float, float]]:
    """The tiles of the board at ``scale``, and the poster position of the board's own (0, 0)."""
    pad = CROP_RESERVE if cut_marks else 0.0
    drawing = board.draw(Frame(scale), options)
    box = ink_bounds(drawing)
    assert box is not None
    # Content coordinates: the ink's top left (coordinates included) at (pad, pad).
    anything = InkIndex(drawing, paper=palette.current().paper)
    itself = InkIndex(drawing, COORDINATES, palette.current().paper)
    dx, dy = pad - box[0], pad - box[1]

    def moved(seen: Box | None, by: float) -> Box | None:
        return None if seen is None else (seen[0] + by * dx, seen[1] + by * dy, seen[2] + by * dx, seen[3] + by * dy)

    def ink(window: Box, enough: tuple[float, float]) -> tuple[Box | None, Box | None]:
        drawn = moved(window, -1)
        assert drawn is not None
        return moved(anything.within(drawn, (0.0, 0.0)), 1), moved(itself.within(drawn, enough), 1)

    layout = plan_tiles((box[2] - box[0]) + 2 * pad, (box[3] - box[1]) + 2 * pad, paper, overlap, ink, names)
    return layout, (layout.content[0] + dx, layout.content[1] + dy)


@lru_cache(maxsize=256)
def sheets_needed(board: BoardDrawing, paper: Paper, options: BoardOptions, scale: float, overlap: float, cut_marks: bool = False, orientation: str = "auto") -> int | None:
    """How many sheets of ``paper`` the board at ``scale`` takes: 1 if it fits on one, else its printed tiles.

    None when no tiling will do (more than :data:`MAX_TILES` sheets, or a paper too small for tiles).
    Cached: the summary, the assembly page and the search of :func:`largest_on_sheets` ask again.
    """
    from boardgen.sheets.single import fits_on_paper

    if fits_on_paper(board, paper, options, scale, orientation, cut_marks):
        return 1
    try:
        return len(tile_layout(board, paper, options, scale, overlap, cut_marks)[0].tiles)
    except OptionError:
        return None


def on_larger_paper(board: BoardDrawing, paper: Paper, options: BoardOptions, scale: float, overlap: float, cut_marks: bool = False) -> tuple[Paper, int] | None:
    """The next paper up and how many of its sheets the same poster would take (None above A0 or past the limit)."""
    bigger = larger_paper(paper)
    count = sheets_needed(board, bigger, options, scale, overlap, cut_marks) if bigger is not None else None
    return (bigger, count) if bigger is not None and count is not None else None


SHEETS_STEP = 0.1  # mm of cell: the sheets state the scale to a tenth of a millimetre


def largest_on_sheets(
    board: BoardDrawing, paper: Paper, options: BoardOptions, count: int, overlap: float, cut_marks: bool = False,
    orientation: str = "auto", names: Mapping[str, str] | None = None,
) -> float:
    """The largest scale, in steps of :data:`SHEETS_STEP`, at which the board takes at most ``count`` sheets of ``paper``.

    A bisection between a scale that fits one sheet and one that needs more
    than ``count``: it ends on a scale that fits with the next step up not
    fitting, so one step bigger always needs more sheets.
    """
    from boardgen.sheets.single import place_board

    def fits(step: int) -> bool:
        needed = sheets_needed(board, paper, options, step * SHEETS_STEP, overlap, cut_marks, orientation)
        return needed is not None and needed <= count

    single = place_board(board, paper, options, None, orientation, CROP_RESERVE if cut_marks else 0.0, names).frame.scale
    low = max(1, math.floor(single / SHEETS_STEP + 1e-6))
    while low > 1 and not fits(low):  # the largest fit is not a multiple of the step; a step down fits
        low -= 1
    high = 2 * low
    while fits(high):
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return round(low * SHEETS_STEP, 6)
