"""Pen-and-paper sheets: several small boards on one page, all at the same scale.

Hex and Trihex are also played with two pens on printed paper; a sheet of
four or six small boards with thin outlines and empty cells serves a whole
evening.  The grid of boards (rows x columns, and the page orientation) is the
one that gives the largest boards.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from boardgen.boards.base import BoardDrawing, BoardOptions
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Sheet
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import Paper
from boardgen.sheets.single import available_area, board_title, decimal, footer_block, header_block, largest_scale, measure, sheet_title, too_narrow, wide_enough

GUTTER = 6.0  # mm between boards
PEN_LINE_SCALE = 0.6


def _grid_scale(board: BoardDrawing, options: BoardOptions, area, rows: int, columns: int) -> float:
    cell_w = (area[2] - area[0] - (columns - 1) * GUTTER) / columns
    cell_h = (area[3] - area[1] - (rows - 1) * GUTTER) / rows
    if cell_w <= 0 or cell_h <= 0:
        return 0.0
    return largest_scale(board, options, (0.0, 0.0, cell_w, cell_h))


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
    best = None
    for landscape in choices:
        width, height = paper.oriented(landscape)
        area = available_area(board, width, height)
        for rows in range(1, count + 1):
            columns = math.ceil(count / rows)
            scale = _grid_scale(board, options, area, rows, columns)
            if scale > 0 and (best is None or scale > best[0] * 1.0001):
                best = (scale, landscape, rows, columns)
    if best is None or best[0] < 2.0:
        raise OptionError(option_name(names, "per_sheet"), f"{count} {board.game_id} boards do not fit on {paper.name}; use fewer or a larger {option_name(names, 'paper')}")
    scale, landscape, rows, columns = best
    width, height = paper.oriented(landscape)
    area = available_area(board, width, height)
    cell_w = (area[2] - area[0] - (columns - 1) * GUTTER) / columns
    cell_h = (area[3] - area[1] - (rows - 1) * GUTTER) / rows
    box = measure(board, scale, options)
    boards = Group("boards")
    board_box = None
    for index in range(count):
        r, c = divmod(index, columns)
        x = area[0] + c * (cell_w + GUTTER) + (cell_w - (box[2] - box[0])) / 2 - box[0]
        y = area[1] + r * (cell_h + GUTTER) + (cell_h - (box[3] - box[1])) / 2 - box[1]
        drawing = board.draw(Frame(scale, (x, y)), options)
        boards.add(drawing)
        if board_box is None:
            board_box = ink_bounds(drawing, skip_roles=frozenset({"coordinate"}))
    assert board_box is not None
    bw, bh = board_box[2] - board_box[0], board_box[3] - board_box[1]
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
