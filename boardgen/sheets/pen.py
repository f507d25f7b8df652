"""Pen-and-paper sheets: several small boards on one page, all at the same scale.

Hex and Trihex are also played with two pens on printed paper; a sheet of
four or six small boards with thin outlines and empty cells serves a whole
evening.  The grid of boards (rows x columns, and the page orientation) is the
one that gives the largest boards, found from the board's stated extent by
arithmetic; the board is drawn once and that drawing placed in every cell.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing.bounds import Box
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Sheet
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import Paper
from boardgen.sheets.placing import moved
from boardgen.sheets.single import available_area, board_box, board_title, decimal, footer_block, header_block, measure, sheet_title, too_narrow, wide_enough

GUTTER = 6.0  # mm between boards
PEN_LINE_SCALE = 0.6


MIN_SCALE = 2.0  # mm per board unit: smaller boards cannot be played with a pen
BETTER = 1.0001  # a grid replaces the best so far only if its scale is larger by more than this factor


def _cell(area: Box, rows: int, columns: int) -> tuple[float, float]:
    """Width and height (mm) of one board's room in a ``rows`` x ``columns`` grid of the area."""
    return (area[2] - area[0] - (columns - 1) * GUTTER) / columns, (area[3] - area[1] - (rows - 1) * GUTTER) / rows


def best_grid(board: BoardDrawing, options: BoardOptions, paper: Paper, count: int, choices: tuple[bool, ...]) -> tuple[float, bool, int, int] | None:
    """(scale, landscape, rows, columns) of the grid that gives the largest boards, or None when none reaches MIN_SCALE.

    Every orientation and number of rows is a candidate, taken in that order;
    one replaces the best so far only when its scale is larger by more than
    :data:`BETTER` (so of equal grids the first, with fewer rows, stays).
    Each candidate's scale is arithmetic on the board's stated extent
    (:meth:`~boardgen.boards.extent.Extent.scale_for`): no drawing, so even the
    36 grids of a 36-board sheet cost nothing.
    """
    extent = board.extent(options)
    best: tuple[float, bool, int, int] | None = None
    for landscape in choices:
        area = available_area(board, *paper.oriented(landscape))
        for rows in range(1, count + 1):
            columns = math.ceil(count / rows)
            cell_w, cell_h = _cell(area, rows, columns)
            if cell_w <= 0 or cell_h <= 0:
                continue
            scale = extent.scale_for(cell_w, cell_h)
            if scale > 0 and (best is None or scale > best[0] * BETTER):
                best = (scale, landscape, rows, columns)
    return best if best is not None and best[0] >= MIN_SCALE else None


def pen_sheet(
    board: BoardDrawing,
    paper: Paper,
    options: BoardOptions,
    count: int,
    orientation: str = "auto",
    names: Mapping[str, str] | None = None,
) -> Sheet:
    """``count`` copies of the board, thin lines, empty cells, at one common scale.

    OptionError when they do not fit, naming ``per_sheet`` and ``paper`` as
    ``names`` maps them (see :func:`boardgen.errors.option_name`).
    """
    options = replace(options, line_scale=PEN_LINE_SCALE, setup=False)
    choices = tuple(l for l in {"auto": (False, True), "portrait": (False,), "landscape": (True,)}[orientation] if wide_enough(paper.oriented(l)[0]))
    if not choices:
        raise too_narrow(paper, orientation, names)
    best = best_grid(board, options, paper, count, choices)
    if best is None:
        raise OptionError(option_name(names, "per_sheet"), f"{count} {board.game_id} boards do not fit on {paper.name}; use fewer or a larger {option_name(names, 'paper')}")
    scale, landscape, rows, columns = best
    width, height = paper.oriented(landscape)
    area = available_area(board, width, height)
    cell_w, cell_h = _cell(area, rows, columns)
    box = measure(board, scale, options)
    boards = Group("boards")
    drawing: Group | None = None
    first = (0.0, 0.0)
    for index in range(count):
        r, c = divmod(index, columns)
        x = area[0] + c * (cell_w + GUTTER) + (cell_w - (box[2] - box[0])) / 2 - box[0]
        y = area[1] + r * (cell_h + GUTTER) + (cell_h - (box[3] - box[1])) / 2 - box[1]
        if drawing is None:  # the one drawing of this sheet, in the first cell; the others are copies of it
            drawing, first = board.draw(Frame(scale, (x, y)), options), (x, y)
            boards.add(drawing)
        else:
            boards.add(moved(drawing, x - first[0], y - first[1]))
    assert drawing is not None
    itself = board_box(drawing)
    bw, bh = itself[2] - itself[0], itself[3] - itself[1]
    info = [
        f"{count} tabuleiros para jogar a lápis · {board.unit_label['pt']} {decimal(scale, 'pt')} mm · tabuleiro {decimal(bw, 'pt')} × {decimal(bh, 'pt')} mm",
        f"{count} boards for pen and paper · {board.unit_label['en']} {scale:.1f} mm · board {bw:.1f} × {bh:.1f} mm",
    ]
    content = Group("sheet")
    content.add(header_block(board, sheet_title(board), info, width))
    content.add(boards)
    content.add(footer_block(width, height))
    subject = f"{count} {board_title(board, 'en')} boards {board.size_label()} for pen and paper, {board.unit_label['en']} {scale:.1f} mm, {paper.label}"
    return Sheet(width, height, content, title=f"{sheet_title(board)} × {count} — boardgen", subject=subject, description=subject, language="pt-BR")
