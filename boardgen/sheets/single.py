"""Laying a board out on a sheet of paper at an exact, stated scale.

A sheet carries, besides the board: the game's name and board size, the
board's physical dimensions, a 100 mm calibration bar with millimetre ticks,
and a one-line "print at 100%" note in Portuguese and English.  All ink stays
``MARGIN_MM`` inside the sheet edge.

Scale: with ``cell_mm`` the board is drawn at that many millimetres per board
unit (cell width, point spacing...); without it the board takes the largest
scale at which everything fits.  Both come from the extent the board states
(:meth:`~boardgen.boards.base.BoardDrawing.extent`: boxes in board units,
fixed outline widths, labels clamped to their smallest size), by arithmetic:
the board is drawn once, where it goes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, ink_bounds
from boardgen.drawing.fonts import text_width, wrap_text
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Line, Polygon, Sheet, Style, Text
from boardgen.errors import OptionError, option_name
from boardgen.registry import get_game
from boardgen.sheets.paper import MARGIN_MM, Paper
from boardgen.sheets.placing import moved

TITLE_SIZE = 6.0
INFO_SIZE = 3.0
NOTE_SIZE = 2.8
GAP = 4.0  # mm between the board and the header or footer
BAR_LENGTH = 100.0
FOOTER_HEIGHT = 11.0
PRINT_NOTE = (
    "Imprima em tamanho real (100%), sem “ajustar à página”.",
    "Print at actual size (100%), not “fit to page”.",
)


@dataclass(frozen=True)
class Placement:
    """Where and how big the board ends up on the sheet (its stated extent centred in the free area)."""

    frame: Frame
    sheet_width: float
    sheet_height: float
    landscape: bool
    area: Box = (0.0, 0.0, 0.0, 0.0)  # where the board's ink may go, centred in it


def decimal(value: float, lang: str) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "pt" else text


def board_title(board: BoardDrawing, lang: str) -> str:
    """The game's name as the registry gives it (drawings know their game's id, not its names)."""
    return get_game(board.game_id).title[lang]


def measure(board: BoardDrawing, scale: float, options: BoardOptions) -> Box:
    """Ink box of the board drawn at ``scale`` with its origin at the page corner, as its extent states it (no drawing)."""
    return board.extent(options).page_box(scale)


def board_box(drawing: Group) -> Box:
    """The ink of the board itself in a drawing, coordinates aside: the size a sheet states."""
    box = ink_bounds(drawing, skip_roles=frozenset({"coordinate"}))
    assert box is not None, "a board always has ink"
    return box


NOTE_FONT = "sans-italic"


def note_lines(board: BoardDrawing, sheet_width: float) -> list[str]:
    """The board's notes wrapped to the sheet: all Portuguese lines of a note, then all English ones."""
    lines: list[str] = []
    for pair in board.notes:
        for text in pair:
            lines += wrap_text(text, NOTE_SIZE, sheet_width - 2 * MARGIN_MM - 0.5, NOTE_FONT)
    return lines


def header_height(board: BoardDrawing, sheet_width: float) -> float:
    return TITLE_SIZE * 1.07 + 2 * (INFO_SIZE + 1.5) + len(note_lines(board, sheet_width)) * (NOTE_SIZE + 1.0) + 1.0


def available_area(board: BoardDrawing, width: float, height: float, reserve: float = 0.0) -> Box:
    """Where the board's ink may go; ``reserve`` keeps room around it (for crop marks).

    A sheet too narrow for the calibration bar has no room at all (see :func:`wide_enough`).
    """
    if not wide_enough(width):
        return (MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    top = MARGIN_MM + header_height(board, width) + GAP + reserve
    bottom = height - MARGIN_MM - footer_height(width) - GAP - reserve
    return (MARGIN_MM + reserve, top, width - MARGIN_MM - reserve, bottom)


def largest_scale(board: BoardDrawing, options: BoardOptions, area: Box) -> float:
    """The largest mm-per-unit scale at which the board's stated extent fits in ``area`` (0 when none does)."""
    return board.extent(options).scale_for(area[2] - area[0], area[3] - area[1])


def fits(board: BoardDrawing, options: BoardOptions, area: Box, scale: float) -> bool:
    return board.extent(options).fits(scale, area[2] - area[0], area[3] - area[1])


def place_board(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    cell_mm: float | None = None,
    orientation: str = "auto",
    reserve: float = 0.0,
    names: Mapping[str, str] | None = None,
) -> Placement:
    """Choose orientation and scale, and centre the board in the free area of the sheet.

    OptionError if it does not fit, naming ``paper``, ``cell_mm`` and ``tile``
    as ``names`` maps them (see :func:`option_name`).
    """
    candidates = {"portrait": [False], "landscape": [True], "auto": [True, False]}[orientation]
    wide = _is_wide(board, options)
    if orientation == "auto":
        candidates = [wide, not wide]  # the board's own shape first
    candidates = [landscape for landscape in candidates if wide_enough(paper.oriented(landscape)[0])]
    if not candidates:
        raise too_narrow(paper, orientation, names)
    best: tuple[float, bool] | None = None
    if cell_mm is None and board.default_cell_mm is not None:  # the board's own size, where it fits
        cell_mm = next((board.default_cell_mm for l in candidates if fits(board, options, available_area(board, *paper.oriented(l), reserve), board.default_cell_mm)), None)
    for landscape in candidates:
        width, height = paper.oriented(landscape)
        area = available_area(board, width, height, reserve)
        if cell_mm is not None:
            if fits(board, options, area, cell_mm):
                best = (cell_mm, landscape)
                break
            continue
        scale = largest_scale(board, options, area)
        if scale > 0 and (best is None or scale > best[0] * 1.0001):
            best = (scale, landscape)
    if best is None:
        raise _does_not_fit(board, paper, options, cell_mm, candidates, reserve, names)
    scale, landscape = best
    width, height = paper.oriented(landscape)
    area = available_area(board, width, height, reserve)
    box = measure(board, scale, options)
    dx = area[0] + ((area[2] - area[0]) - (box[2] - box[0])) / 2 - box[0]
    dy = area[1] + ((area[3] - area[1]) - (box[3] - box[1])) / 2 - box[1]
    return Placement(Frame(scale, (dx, dy)), width, height, landscape, area)


def centred(drawing: Group, area: Box) -> tuple[Group, Box]:
    """The drawing moved so its measured ink is centred in ``area``, and that ink's box.

    The frame centred the stated extent, which may be a few tenths of a
    millimetre larger than the ink on one side (a line thinner than its
    clamp's widest); the ink itself is what a reader sees centred, and where
    the board sat before it stated its extent.
    """
    ink = ink_bounds(drawing)
    assert ink is not None, "a board always has ink"
    dx = (area[0] + area[2]) / 2 - (ink[0] + ink[2]) / 2
    dy = (area[1] + area[3]) / 2 - (ink[1] + ink[3]) / 2
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return drawing, ink
    return moved(drawing, dx, dy), (ink[0] + dx, ink[1] + dy, ink[2] + dx, ink[3] + dy)


def fits_on_paper(board: BoardDrawing, paper: Paper, options: BoardOptions, scale: float, orientation: str = "auto", cut_marks: bool = False) -> bool:
    """Whether the board at ``scale`` fits on one sheet of ``paper`` in an allowed orientation."""
    reserve = CROP_RESERVE if cut_marks else 0.0
    choices = {"auto": (True, False), "portrait": (False,), "landscape": (True,)}[orientation]
    return any(wide_enough(paper.oriented(l)[0]) and fits(board, options, available_area(board, *paper.oriented(l), reserve), scale) for l in choices)


def _is_wide(board: BoardDrawing, options: BoardOptions) -> bool:
    box = measure(board, 10.0, options)
    return (box[2] - box[0]) > (box[3] - box[1])


def _does_not_fit(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    cell_mm: float | None,
    candidates: list[bool],
    reserve: float = 0.0,
    names: Mapping[str, str] | None = None,
) -> OptionError:
    paper_option, cell_option, tile_option = (option_name(names, key) for key in ("paper", "cell_mm", "tile"))
    if cell_mm is None:
        return OptionError(paper_option, f"{paper.name} is too small for the {board.game_id} board and its margins")
    best_scale = max(largest_scale(board, options, available_area(board, *paper.oriented(l), reserve)) for l in candidates)
    box = measure(board, cell_mm, options)
    need = f"{box[2] - box[0]:.0f} x {box[3] - box[1]:.0f} mm"
    return OptionError(
        cell_option,
        f"a {cell_mm:g} mm {board.unit_label['en']} makes the board {need}, too large for {paper.name}; "
        f"use at most {best_scale:.1f} mm, a larger {paper_option}, or {tile_option}",
    )


def dimensions_line(board: BoardDrawing, placement: Placement, box: Box, lang: str) -> str:
    """The scale and the board's size (``box``: its ink, coordinates aside, measured on the one drawing)."""
    x0, y0, x1, y1 = box
    unit = decimal(placement.frame.scale, lang)
    w, h = decimal(x1 - x0, lang), decimal(y1 - y0, lang)
    pieces = board.piece_words(placement.frame.scale, lang)
    tail = f" · {pieces}" if pieces else ""
    if lang == "pt":
        return f"{board.unit_label['pt'].capitalize()} {unit} mm · tabuleiro {w} × {h} mm{tail}"
    return f"{board.unit_label['en'].capitalize()} {unit} mm · board {w} × {h} mm{tail}"


def trim_words(bled: tuple[Box, float] | None, lang: str) -> str:
    """With a bleed (trim edge, bleed), the size to cut to and the bleed, for the print shop: " · corte W × H mm, sangria B mm"."""
    if bled is None:
        return ""
    (x0, y0, x1, y1), bleed = bled
    w, h, b = decimal(x1 - x0, lang), decimal(y1 - y0, lang), decimal(bleed, lang)
    return f" · corte {w} × {h} mm, sangria {b} mm" if lang == "pt" else f" · trim {w} × {h} mm, bleed {b} mm"


def sheet_title(board: BoardDrawing) -> str:
    title = board_title(board, "pt")
    return f"{title} {board.size_label()}".strip()


def header(board: BoardDrawing, placement: Placement, box: Box, bled: tuple[Box, float] | None = None) -> Group:
    info = [dimensions_line(board, placement, box, lang) + trim_words(bled, lang) for lang in ("pt", "en")]
    return header_block(board, sheet_title(board), info, placement.sheet_width)


def header_block(board: BoardDrawing, title: str, info: list[str], sheet_width: float) -> Group:
    """Title, English title on the right, two information lines, then the board's notes."""
    group = Group("title")
    x = MARGIN_MM
    y = MARGIN_MM + TITLE_SIZE * 1.07  # Noto's ascent: accents and brackets stay inside the margin
    group.add(Text((x, y), title, TITLE_SIZE, font="sans-bold", fill=palette.INK))
    english = board_title(board, "en")
    if english != board_title(board, "pt"):
        group.add(Text((sheet_width - MARGIN_MM, y), english, INFO_SIZE + 1, font="sans", fill=palette.INK, anchor="end"))
    for line in info:
        y += INFO_SIZE + 1.5
        group.add(Text((x, y + 0.5), line, INFO_SIZE, font="sans", fill=palette.INK))
    for line in note_lines(board, sheet_width):
        y += NOTE_SIZE + 1.0
        # Italic capitals lean left of their start: a quarter millimetre keeps them inside the margin.
        group.add(Text((x + 0.25, y + 0.5), line, NOTE_SIZE, font=NOTE_FONT, fill=palette.INK))
    return group


CROP_GAP = 2.0  # mm between the board's ink and a crop mark
CROP_LENGTH = 5.0
CROP_RESERVE = CROP_GAP + CROP_LENGTH


def crop_marks(box: Box, gap: float = CROP_GAP) -> Group:
    """L-shaped marks just outside the corners of ``box``, along its edges, ``gap`` mm from it, for cutting it out."""
    group = Group("cut-marks", title="crop marks")
    style = Style(stroke=palette.INK, width=0.2, cap="butt")
    x0, y0, x1, y1 = box
    for x, y, sx, sy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        group.add(Line((x + sx * gap, y), (x + sx * (gap + CROP_LENGTH), y), style))
        group.add(Line((x, y + sy * gap), (x, y + sy * (gap + CROP_LENGTH)), style))
    return group


TRIM_PAD = 3.0  # mm from the board's ink (coordinates included) to its trim edge, with a bleed


def bleed_reserve(bleed: float) -> float:
    """Room a bleed takes round the board's ink: to the trim edge, the bleed, then the crop marks beyond it."""
    return TRIM_PAD + bleed + CROP_GAP + CROP_LENGTH


def trim_box(drawing: Group) -> Box:
    """The edge a board printed with a bleed is cut along: its ink, coordinates included, and :data:`TRIM_PAD` round it."""
    box = ink_bounds(drawing)
    assert box is not None
    return (box[0] - TRIM_PAD, box[1] - TRIM_PAD, box[2] + TRIM_PAD, box[3] + TRIM_PAD)


def bleed_group(trim: Box, bleed: float, options: BoardOptions) -> Group:
    """The board's background, ``bleed`` mm beyond the trim edge on every side, and the crop marks outside it.

    Cut a little outside or inside the trim and the edge still shows
    background, never a white sliver: what a print shop or card mounting
    needs.  The board itself is drawn at its own scale over it; only the
    background grows.  Full ink only: a light-ink board has no solid areas,
    so its bleed is paper and only the crop marks show where to cut.
    """
    group = Group("bleed", title=f"background with a {bleed:g} mm bleed")
    x0, y0, x1, y1 = trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed
    if options.ink == "full":
        group.add(Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(stroke=None, fill=palette.current().board_background)))
    return group


def scale_for_board_width(board: BoardDrawing, options: BoardOptions, width_mm: float) -> float:
    """The scale at which the board itself (coordinates aside) is ``width_mm`` wide, by its stated extent."""
    return board.extent(replace(options, coordinates=False)).scale_for(width_mm, math.inf)


def calibration_bar(x: float, baseline: float) -> Group:
    """100 mm with a tick every millimetre; the bar's ink spans exactly 100.0 mm."""
    group = Group("calibration", title="100 mm calibration bar")
    ink = Style(stroke=None, fill=palette.INK)
    bar = 0.3
    group.add(Polygon(((x, baseline - bar), (x + BAR_LENGTH, baseline - bar), (x + BAR_LENGTH, baseline), (x, baseline)), ink))
    tick = 0.15
    for mm in range(0, 101):
        length = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        left = x + mm - tick / 2
        left = min(max(left, x), x + BAR_LENGTH - tick)  # end ticks stay inside the 100 mm
        group.add(Polygon(((left, baseline - bar - length), (left + tick, baseline - bar - length), (left + tick, baseline - bar), (left, baseline - bar)), ink))
    for mm in (0, 50, 100):
        group.add(Text((x + mm, baseline + 3.0), f"{mm}", 2.4, fill=palette.INK, anchor="middle"))
    group.add(Text((x + BAR_LENGTH + 2.0, baseline), "100 mm", 2.6, font="sans-bold", fill=palette.INK))
    return group


BAR_X = 1.2  # mm from the margin to the bar's start: room for the "0" centred under it
NOTE_LEADING = 1.2  # mm between the two lines of the printing note


@lru_cache(maxsize=1)
def _bar_width() -> float:
    """Width of the calibration bar's ink with its labels, from the bar's own drawing."""
    box = ink_bounds(calibration_bar(MARGIN_MM + BAR_X, 100.0))
    assert box is not None
    return box[2] - MARGIN_MM


@lru_cache(maxsize=1)
def _note_width() -> float:
    return max(text_width(line, NOTE_SIZE) for line in PRINT_NOTE)


MIN_FOOTER_GAP = 4.0  # mm between the bar and the note when they share a row


def wide_enough(width: float) -> bool:
    """Whether a sheet this wide holds the 100 mm calibration bar inside its margins."""
    return width - 2 * MARGIN_MM >= _bar_width() + 1e-9


def footer_stacked(width: float) -> bool:
    """Whether the note goes above the bar: side by side they would overlap (narrower than about 207 mm)."""
    return width - 2 * MARGIN_MM < _bar_width() + MIN_FOOTER_GAP + _note_width()


def footer_height(width: float) -> float:
    """The footer's height on a sheet this wide: taller when the note sits above the bar."""
    return FOOTER_HEIGHT + (2 * (NOTE_SIZE + NOTE_LEADING) if footer_stacked(width) else 0.0)


def too_narrow(paper: Paper, orientation: str, names: Mapping[str, str] | None = None) -> OptionError:
    """The error for a paper on which no allowed orientation holds the calibration bar."""
    need = math.ceil(2 * MARGIN_MM + _bar_width())
    how = "" if orientation == "auto" else f" in {orientation}"
    return OptionError(option_name(names, "paper"), f"{paper.name}{how} is too narrow for the 100 mm calibration bar and the margins; a sheet must be at least {need} mm wide")


def footer(placement: Placement) -> Group:
    return footer_block(placement.sheet_width, placement.sheet_height)


def footer_block(width: float, height: float) -> Group:
    """The calibration bar on the left and the print-at-100 % note on the right.

    On a sheet too narrow for both in one row (A5 portrait, say) the note
    goes above the bar, left-aligned: side by side they would print over
    each other (:func:`footer_height` gives the room it takes).
    """
    group = Group("footer")
    baseline = height - MARGIN_MM - 3.5
    group.add(calibration_bar(MARGIN_MM + BAR_X, baseline))
    note = Group("note")
    if footer_stacked(width):
        second = baseline - 3.3 - 2.0  # above the longest ticks (3.3 mm over the baseline)
        for k, line in enumerate(PRINT_NOTE):
            note.add(Text((MARGIN_MM, second - (1 - k) * (NOTE_SIZE + NOTE_LEADING)), line, NOTE_SIZE, fill=palette.INK))
    else:
        note_x = width - MARGIN_MM
        note.add(Text((note_x, baseline - 4.0), PRINT_NOTE[0], NOTE_SIZE, fill=palette.INK, anchor="end"))
        note.add(Text((note_x, baseline), PRINT_NOTE[1], NOTE_SIZE, fill=palette.INK, anchor="end"))
    group.add(note)
    return group


def board_sheet(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    cell_mm: float | None = None,
    orientation: str = "auto",
    cut_marks: bool = False,
    names: Mapping[str, str] | None = None,
    bleed: float | None = None,
) -> Sheet:
    """The complete printable sheet for one board (with crop marks at its corners if asked).

    ``bleed``: the board's background that many mm beyond its trim edge, crop
    marks outside it (they replace ``cut_marks``); a board of fixed size
    (``cell_mm``) keeps its size, and an OptionError naming ``bleed_mm`` says
    when the bleed leaves it no room.
    ``names``: what the caller calls the options a "does not fit" error names (see :func:`option_name`).
    """
    reserve = bleed_reserve(bleed) if bleed is not None else CROP_RESERVE if cut_marks else 0.0
    try:
        placement = place_board(board, paper, options, cell_mm, orientation, reserve, names)
    except OptionError:
        if bleed is None or cell_mm is None or not fits_on_paper(board, paper, options, cell_mm, orientation):
            raise
        raise OptionError(
            option_name(names, "bleed_mm"),
            f"a {bleed:g} mm bleed and its crop marks need {reserve:.0f} mm round the board, more than {paper.name} leaves it at this size; use less bleed, a smaller board or a larger paper",
        ) from None
    content = Group("sheet")
    drawing, ink = centred(board.draw(placement.frame, options), placement.area)  # the one drawing of this sheet
    itself = board_box(drawing)
    trim = (ink[0] - TRIM_PAD, ink[1] - TRIM_PAD, ink[2] + TRIM_PAD, ink[3] + TRIM_PAD) if bleed is not None else None
    content.add(header(board, placement, itself, (trim, bleed) if trim is not None and bleed is not None else None))
    if trim is not None and bleed is not None:
        content.add(bleed_group(trim, bleed, options), drawing, crop_marks(trim, bleed + CROP_GAP))
    else:
        content.add(drawing)
    if cut_marks and bleed is None:
        content.add(crop_marks(ink))
    content.add(footer(placement))
    title = f"{sheet_title(board)} — boardgen"
    x0, y0, x1, y1 = itself
    size = f" {board.size_label()}" if board.size_label() else ""
    subject = (
        f"Printable {board_title(board, 'en')} board{size}: {board.unit_label['en']} "
        f"{placement.frame.scale:.1f} mm, board {x1 - x0:.1f} x {y1 - y0:.1f} mm, "
        f"{paper.label} {'landscape' if placement.landscape else 'portrait'}"
    )
    return Sheet(
        width=placement.sheet_width,
        height=placement.sheet_height,
        content=content,
        title=title,
        subject=subject,
        description=subject + ". Print at actual size (100%).",
        language="pt-BR",
        keywords=(board.game_id, "board", "print and play"),
    )
