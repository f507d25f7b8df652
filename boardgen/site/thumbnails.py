"""The small picture of each game's board that the site's pages show.

The board sheet's own SVG would do as a picture, but it is a whole page
(title, notes, calibration bar) of 90-330 KB in which the board is a third of
the area.  The thumbnail is the same board drawing, made by the same code
(:meth:`~boardgen.boards.base.BoardDrawing.draw`), without coordinates or
page: only the board's ink, a few KB lighter and filling its box.  Its text,
if a board has any, is drawn as outlines like every boardgen SVG, so it needs
no font.
"""

from __future__ import annotations

from boardgen.boards.base import BoardOptions
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Sheet
from boardgen.drawing.svg import render_svg
from boardgen.registry import GameInfo
from boardgen.sheets.single import measure

SCALE = 10.0  # mm per board unit: the picture scales in the page, this only sets the numbers' size
MARGIN_MM = 1.0  # room for the outermost strokes' antialiasing


PX_PER_MM = 96 / 25.4  # CSS pixels


def board_thumbnail(game: GameInfo, title: str) -> tuple[bytes, tuple[int, int]]:
    """The game's default board, empty, no coordinates, cropped to its ink: SVG bytes and size in CSS pixels.

    ``title`` becomes the SVG's ``<title>`` (what a viewer opening the file
    alone shows); the pages give every picture its own alternative text.  The
    size is the picture's natural one, for the ``<img>``'s width and height,
    which let a browser keep its room before it has loaded it.
    """
    board = game.make_board(game.default_size)
    options = BoardOptions(coordinates=False)
    box = measure(board, SCALE, options)
    frame = Frame(SCALE, (MARGIN_MM - box[0], MARGIN_MM - box[1]))
    content = Group("thumbnail", [board.draw(frame, options)])
    width = box[2] - box[0] + 2 * MARGIN_MM
    height = box[3] - box[1] + 2 * MARGIN_MM
    data = render_svg(Sheet(width, height, content, title=title, language="pt-BR"))
    return data, (round(width * PX_PER_MM), round(height * PX_PER_MM))
