"""Planning a tiled poster: the grid of windows, which are printed, where the board sits, how many sheets.

The board is laid out as one large *poster*: a grid of windows, one per
sheet, neighbouring windows overlapping by a glue margin; poster coordinates
are millimetres from the top left corner of the first window.  The board (its
ink, coordinates included) lies inside the grid where no tile shows only a
sliver of it, and a grid place whose window would hold no board at all is not
printed.  This module only decides; :mod:`boardgen.sheets.tiles` draws the
sheets of a plan.

Where the ink lies in each window is asked of the one drawing of the board
that the poster's sheets then place (:class:`PosterInk`): a poster draws its
board once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, InkIndex
from boardgen.drawing.fonts import text_width, wrap_text
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import MARGIN_MM, Paper, larger_paper
from boardgen.sheets.single import CROP_RESERVE, PRINT_NOTE, decimal, measure, too_narrow, wide_enough

LABEL_SIZE = 2.6  # the label's second line: where the tile goes
LABEL_BAND = 10.0  # mm at the top of each tile for its label, when the label's second line fits on one line
NOTE_BAND = 4.0  # mm at the bottom of each tile for the printing note, on one line
TILE_NOTE_SIZE = 2.4
LINE_GAP = 1.0  # mm between wrapped lines of a tile's label or note
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




class PosterInk:
    """The one drawing of a poster's board, and where its ink lies, ready for any paper's plan.

    Drawn at the poster's scale with the ink's top left (coordinates
    included) ``pad`` mm from the content's corner, where the stated extent
    puts it; the plan asks :meth:`within` about windows in content
    coordinates, and the tiles place moved copies of :attr:`drawing`.
    """

    def __init__(self, board: BoardDrawing, options: BoardOptions, scale: float, pad: float) -> None:
        extent = measure(board, scale, options)
        self.scale, self.pad = scale, pad
        self.origin = (pad - extent[0], pad - extent[1])  # content position of the board's own (0, 0)
        self.drawing = board.draw(Frame(scale, self.origin), options)
        self.size = (extent[2] - extent[0] + 2 * pad, extent[3] - extent[1] + 2 * pad)
        self._anything = InkIndex(self.drawing, paper=palette.current().paper)
        self._itself = InkIndex(self.drawing, COORDINATES, palette.current().paper)

    def within(self, window: Box, enough: tuple[float, float]) -> tuple[Box | None, Box | None]:
        """(any ink, the board's own ink) inside a content window: an :data:`InkInWindow`."""
        return self._anything.within(window, (0.0, 0.0)), self._itself.within(window, enough)


def poster_for(board: BoardDrawing, options: BoardOptions, scale: float, cut_marks: bool, poster: PosterInk | None = None) -> PosterInk:
    """``poster`` when it was drawn at this scale with this room for crop marks, else the board drawn for it."""
    pad = CROP_RESERVE if cut_marks else 0.0
    if poster is not None and poster.scale == scale and poster.pad == pad:
        return poster
    return PosterInk(board, options, scale, pad)


def tile_layout(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    scale: float,
    overlap: float,
    cut_marks: bool = False,
    names: Mapping[str, str] | None = None,
    poster: PosterInk | None = None,
) -> tuple[TileLayout, tuple[float, float]]:
    """The tiles of the board at ``scale``, and the poster position of the board's own (0, 0).

    ``poster``: the board already drawn at this scale (drawn here when None).
    """
    poster = poster_for(board, options, scale, cut_marks, poster)
    layout = plan_tiles(poster.size[0], poster.size[1], paper, overlap, poster.within, names)
    return layout, (layout.content[0] + poster.origin[0], layout.content[1] + poster.origin[1])


class ExtentInk:
    """A poster whose ink fills its stated extent: the most sheets it could take, by arithmetic (no drawing).

    Every window of the extent holds ink, so no grid place is left blank: a
    count from it is never below the drawing's, which is what a search for
    the largest board on N sheets needs to start from (:func:`largest_poster`).
    """

    def __init__(self, board: BoardDrawing, options: BoardOptions, scale: float, pad: float) -> None:
        extent = measure(board, scale, options)
        self.scale, self.pad = scale, pad
        self.size = (extent[2] - extent[0] + 2 * pad, extent[3] - extent[1] + 2 * pad)

    def within(self, window: Box, enough: tuple[float, float]) -> tuple[Box | None, Box | None]:
        box = (max(window[0], self.pad), max(window[1], self.pad), min(window[2], self.size[0] - self.pad), min(window[3], self.size[1] - self.pad))
        inside = box if box[0] < box[2] and box[1] < box[3] else None
        return inside, inside


class ScaledInk:
    """Where the board at ``scale`` has ink, read off a :class:`PosterInk` drawn at another scale.

    Ink grows with the scale except outline widths and clamped text (a
    fraction of a millimetre), so this answers a search's "how many sheets
    at this scale?" without drawing; the plan that is printed is always made
    from a drawing at its own scale.
    """

    def __init__(self, reference: PosterInk, board: BoardDrawing, options: BoardOptions, scale: float, pad: float) -> None:
        extent = measure(board, scale, options)
        self.scale, self.pad, self.reference = scale, pad, reference
        self.origin = (pad - extent[0], pad - extent[1])
        self.size = (extent[2] - extent[0] + 2 * pad, extent[3] - extent[1] + 2 * pad)
        self.k = reference.scale / scale

    def _there(self, box: Box) -> Box:
        (ox, oy), (rx, ry), k = self.origin, self.reference.origin, self.k
        return (rx + (box[0] - ox) * k, ry + (box[1] - oy) * k, rx + (box[2] - ox) * k, ry + (box[3] - oy) * k)

    def _back(self, box: Box | None) -> Box | None:
        if box is None:
            return None
        (ox, oy), (rx, ry), k = self.origin, self.reference.origin, self.k
        return (ox + (box[0] - rx) / k, oy + (box[1] - ry) / k, ox + (box[2] - rx) / k, oy + (box[3] - ry) / k)

    def within(self, window: Box, enough: tuple[float, float]) -> tuple[Box | None, Box | None]:
        anything, itself = self.reference.within(self._there(window), (enough[0] * self.k, enough[1] * self.k))
        return self._back(anything), self._back(itself)


PosterView = PosterInk | ExtentInk | ScaledInk


@lru_cache(maxsize=256)
def sheets_needed(
    board: BoardDrawing, paper: Paper, options: BoardOptions, scale: float, overlap: float, cut_marks: bool = False, orientation: str = "auto",
    poster: PosterView | None = None,
) -> int | None:
    """How many sheets of ``paper`` the board at ``scale`` takes: 1 if it fits on one, else its printed tiles.

    None when no tiling will do (more than :data:`MAX_TILES` sheets, or a paper too small for tiles).
    ``poster``: where the ink lies at this scale (the board is drawn when None and it takes tiles).
    Cached: the summary, the assembly page and the search of :func:`largest_on_sheets` ask again.
    """
    from boardgen.sheets.single import fits_on_paper

    if fits_on_paper(board, paper, options, scale, orientation, cut_marks):
        return 1
    pad = CROP_RESERVE if cut_marks else 0.0
    view = poster if poster is not None and poster.scale == scale and poster.pad == pad else PosterInk(board, options, scale, pad)
    try:
        return len(plan_tiles(view.size[0], view.size[1], paper, overlap, view.within).tiles)
    except OptionError:
        return None


def on_larger_paper(
    board: BoardDrawing, paper: Paper, options: BoardOptions, scale: float, overlap: float, cut_marks: bool = False, poster: PosterInk | None = None,
) -> tuple[Paper, int] | None:
    """The next paper up and how many of its sheets the same poster would take (None above A0 or past the limit)."""
    bigger = larger_paper(paper)
    count = sheets_needed(board, bigger, options, scale, overlap, cut_marks, "auto", poster) if bigger is not None else None
    return (bigger, count) if bigger is not None and count is not None else None


SHEETS_STEP = 0.1  # mm of cell: the sheets state the scale to a tenth of a millimetre


def largest_on_sheets(
    board: BoardDrawing, paper: Paper, options: BoardOptions, count: int, overlap: float, cut_marks: bool = False,
    orientation: str = "auto", names: Mapping[str, str] | None = None,
) -> float:
    """The largest scale, in steps of :data:`SHEETS_STEP`, at which the board takes at most ``count`` sheets of ``paper``."""
    return largest_poster(board, paper, options, count, overlap, cut_marks, orientation, names)[0]


def largest_poster(
    board: BoardDrawing, paper: Paper, options: BoardOptions, count: int, overlap: float, cut_marks: bool = False,
    orientation: str = "auto", names: Mapping[str, str] | None = None,
) -> tuple[float, PosterInk | None]:
    """:func:`largest_on_sheets`, with the poster drawn at that scale when it takes tiles (None when one sheet holds it).

    Each search is a bisection between a scale that fits one sheet and one
    that needs more than ``count``: it ends on a scale that fits with the
    next step up not fitting.  First by the stated extent alone (no blank
    places: a scale that fits so surely fits); then, from one drawing at
    that scale, counting the blank places a triangle or a disc leaves
    (:class:`ScaledInk`), which can only allow a larger board.  The scale it
    ends on is checked on a drawing at that scale, stepping down while the
    drawn poster takes too many: usually the first drawing, so the poster is
    drawn once, and the sheets reuse it.
    """
    from boardgen.sheets.single import fits_on_paper, place_board

    pad = CROP_RESERVE if cut_marks else 0.0

    def search(start: int, view) -> int:
        def fits(step: int) -> bool:
            scale = step * SHEETS_STEP
            needed = sheets_needed(board, paper, options, scale, overlap, cut_marks, orientation, view(scale))
            return needed is not None and needed <= count

        low = start
        while low > 1 and not fits(low):  # the largest fit is not a multiple of the step; a step down fits
            low -= 1
        high = 2 * low
        while fits(high):
            low, high = high, 2 * high
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if fits(middle) else (low, middle)
        return low

    single = place_board(board, paper, options, None, orientation, pad, names).frame.scale
    surely = search(max(1, math.floor(single / SHEETS_STEP + 1e-6)), lambda scale: ExtentInk(board, options, scale, pad))
    scale = round(surely * SHEETS_STEP, 6)
    if fits_on_paper(board, paper, options, scale, orientation, cut_marks) and count == 1:
        return scale, None
    drawn = PosterInk(board, options, scale, pad)
    step = search(surely, lambda scale: drawn if scale == drawn.scale else ScaledInk(drawn, board, options, scale, pad))
    while True:
        scale = round(step * SHEETS_STEP, 6)
        if fits_on_paper(board, paper, options, scale, orientation, cut_marks):
            return scale, None
        if scale != drawn.scale:
            drawn = PosterInk(board, options, scale, pad)
        needed = sheets_needed(board, paper, options, scale, overlap, cut_marks, orientation, drawn)
        if step <= 1 or (needed is not None and needed <= count):
            return scale, drawn
        step -= 1
