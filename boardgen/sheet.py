"""Laying a board out on a sheet of paper at an exact, stated scale.

A sheet carries, besides the board: the game's name and board size, the
board's physical dimensions, a 100 mm calibration bar with millimetre ticks,
and a one-line "print at 100 %" note in Portuguese and English.  All ink stays
``MARGIN_MM`` inside the sheet edge.

Scale: with ``cell_mm`` the board is drawn at that many millimetres per board
unit (cell width, point spacing...); without it the board takes the largest
scale at which everything fits.  Because line widths do not grow with the
scale, the fit is found by measuring the drawing's ink at two scales (ink size
is linear in the scale between clamps) and then checked exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from boardgen.boards import BoardDrawing, BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import Box, ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Line, Polygon, Sheet, Style, Text
from boardgen.errors import OptionError
from boardgen.paper import MARGIN_MM, Paper

TITLE_SIZE = 6.0
INFO_SIZE = 3.0
NOTE_SIZE = 2.8
GAP = 4.0  # mm between the board and the header or footer
BAR_LENGTH = 100.0
FOOTER_HEIGHT = 11.0
PRINT_NOTE = (
    "Imprima em tamanho real (100 %), sem «ajustar à página».",
    "Print at actual size (100%), not “fit to page”.",
)


@dataclass(frozen=True)
class Placement:
    """Where and how big the board ends up on the sheet."""

    frame: Frame
    board_box: Box  # ink of the board without coordinates, sheet mm
    sheet_width: float
    sheet_height: float
    landscape: bool


def decimal(value: float, lang: str) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "pt" else text


@lru_cache(maxsize=32)
def measure(board: BoardDrawing, scale: float, options: BoardOptions) -> Box:
    """Ink box of the board drawn at ``scale`` (cached: fitting asks for the same scales again)."""
    box = ink_bounds(board.draw(Frame(scale, (0.0, 0.0)), options))
    assert box is not None, "a board always has ink"
    return box


def header_height(board: BoardDrawing) -> float:
    return TITLE_SIZE * 1.07 + 2 * (INFO_SIZE + 1.5) + len(board.notes) * 2 * (NOTE_SIZE + 1.0) + 1.0


def available_area(board: BoardDrawing, width: float, height: float) -> Box:
    top = MARGIN_MM + header_height(board) + GAP
    bottom = height - MARGIN_MM - FOOTER_HEIGHT - GAP
    return (MARGIN_MM, top, width - MARGIN_MM, bottom)


def largest_scale(board: BoardDrawing, options: BoardOptions, area: Box) -> float:
    """The largest mm-per-unit scale at which the board's ink fits in ``area``."""
    area_w, area_h = area[2] - area[0], area[3] - area[1]
    if area_w <= 0 or area_h <= 0:
        return 0.0
    s1, s2 = 10.0, 20.0
    b1, b2 = measure(board, s1, options), measure(board, s2, options)
    per_w = ((b2[2] - b2[0]) - (b1[2] - b1[0])) / (s2 - s1)
    per_h = ((b2[3] - b2[1]) - (b1[3] - b1[1])) / (s2 - s1)
    fixed_w = (b1[2] - b1[0]) - per_w * s1
    fixed_h = (b1[3] - b1[1]) - per_h * s1
    scale = min((area_w - fixed_w) / per_w, (area_h - fixed_h) / per_h)
    for _ in range(40):  # line-width clamps bend the line a little: step down until it fits
        if scale <= 0:
            return 0.0
        box = measure(board, scale, options)
        if box[2] - box[0] <= area_w + 1e-9 and box[3] - box[1] <= area_h + 1e-9:
            return scale
        scale *= 0.995
    return 0.0


def fits(board: BoardDrawing, options: BoardOptions, area: Box, scale: float) -> bool:
    box = measure(board, scale, options)
    return box[2] - box[0] <= area[2] - area[0] + 1e-9 and box[3] - box[1] <= area[3] - area[1] + 1e-9


def place_board(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    cell_mm: float | None = None,
    orientation: str = "auto",
) -> Placement:
    """Choose orientation and scale, and centre the board in the free area of the sheet."""
    candidates = {"portrait": [False], "landscape": [True], "auto": [True, False]}[orientation]
    wide = _is_wide(board, options)
    if orientation == "auto":
        candidates = [wide, not wide]  # the board's own shape first
    best: tuple[float, bool] | None = None
    for landscape in candidates:
        width, height = paper.oriented(landscape)
        area = available_area(board, width, height)
        if cell_mm is not None:
            if fits(board, options, area, cell_mm):
                best = (cell_mm, landscape)
                break
            continue
        scale = largest_scale(board, options, area)
        if scale > 0 and (best is None or scale > best[0] * 1.0001):
            best = (scale, landscape)
    if best is None:
        raise _does_not_fit(board, paper, options, cell_mm, candidates)
    scale, landscape = best
    width, height = paper.oriented(landscape)
    area = available_area(board, width, height)
    box = measure(board, scale, options)
    dx = area[0] + ((area[2] - area[0]) - (box[2] - box[0])) / 2 - box[0]
    dy = area[1] + ((area[3] - area[1]) - (box[3] - box[1])) / 2 - box[1]
    frame = Frame(scale, (dx, dy))
    board_box = ink_bounds(board.draw(frame, options), skip_roles=frozenset({"coordinate"}))
    assert board_box is not None
    return Placement(frame, board_box, width, height, landscape)


def _is_wide(board: BoardDrawing, options: BoardOptions) -> bool:
    box = measure(board, 10.0, options)
    return (box[2] - box[0]) > (box[3] - box[1])


def _does_not_fit(board, paper, options, cell_mm, candidates) -> OptionError:
    if cell_mm is None:
        return OptionError("--paper", f"{paper.name} is too small for the {board.game_id} board and its margins")
    best_scale = max(largest_scale(board, options, available_area(board, *paper.oriented(l))) for l in candidates)
    box = measure(board, cell_mm, options)
    need = f"{box[2] - box[0]:.0f} x {box[3] - box[1]:.0f} mm"
    return OptionError(
        "--cell-mm",
        f"a {cell_mm:g} mm {board.unit_label['en']} makes the board {need}, too large for {paper.name}; "
        f"use at most {best_scale:.1f} mm, a larger --paper, or --tile",
    )


def dimensions_line(board: BoardDrawing, placement: Placement, lang: str) -> str:
    x0, y0, x1, y1 = placement.board_box
    unit = decimal(placement.frame.scale, lang)
    w, h = decimal(x1 - x0, lang), decimal(y1 - y0, lang)
    if lang == "pt":
        return f"{board.unit_label['pt'].capitalize()} {unit} mm · tabuleiro {w} × {h} mm"
    return f"{board.unit_label['en'].capitalize()} {unit} mm · board {w} × {h} mm"


def sheet_title(board: BoardDrawing) -> str:
    title = board.title("pt")
    return f"{title} {board.size_label()}".strip()


def header(board: BoardDrawing, placement: Placement) -> Group:
    group = Group("title")
    x = MARGIN_MM
    y = MARGIN_MM + TITLE_SIZE * 1.07  # Noto's ascent: accents and brackets stay inside the margin
    group.add(Text((x, y), sheet_title(board), TITLE_SIZE, font="sans-bold", fill=palette.INK))
    english = board.title("en")
    if english != board.title("pt"):
        group.add(Text((placement.sheet_width - MARGIN_MM, y), english, INFO_SIZE + 1, font="sans", fill=palette.INK, anchor="end"))
    for lang in ("pt", "en"):
        y += INFO_SIZE + 1.5
        group.add(Text((x, y + 0.5), dimensions_line(board, placement, lang), INFO_SIZE, font="sans", fill=palette.INK))
    for pt_note, en_note in board.notes:
        for text in (pt_note, en_note):
            y += NOTE_SIZE + 1.0
            group.add(Text((x, y + 0.5), text, NOTE_SIZE, font="sans-italic", fill=palette.INK))
    return group


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


def footer(placement: Placement) -> Group:
    group = Group("footer")
    width, height = placement.sheet_width, placement.sheet_height
    baseline = height - MARGIN_MM - 3.5
    x = MARGIN_MM + 1.2  # room for the "0" label centred on the bar's start
    group.add(calibration_bar(x, baseline))
    note = Group("note")
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
) -> Sheet:
    """The complete printable sheet for one board."""
    placement = place_board(board, paper, options, cell_mm, orientation)
    content = Group("sheet")
    content.add(header(board, placement))
    content.add(board.draw(placement.frame, options))
    content.add(footer(placement))
    title = f"{sheet_title(board)} — boardgen"
    x0, y0, x1, y1 = placement.board_box
    subject = (
        f"Printable {board.title('en')} board {board.size_label()}: {board.unit_label['en']} "
        f"{placement.frame.scale:.1f} mm, board {x1 - x0:.1f} x {y1 - y0:.1f} mm, "
        f"{paper.name} {'landscape' if placement.landscape else 'portrait'}"
    ).replace("  ", " ")
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
