"""The one measured check of the extents boards state: the ink lies inside, and not far inside.

Sheets are laid out from :meth:`boardgen.boards.base.BoardDrawing.extent`
without drawing (tests/sheet/test_draw_count.py), so the stated extent must
contain every mark the drawing makes, or ink would fall in the margins or off
a tile, and must not be much larger, or boards would print smaller than the
paper allows.  Here every game is drawn in its popular sizes, with and
without coordinates and the start position, in each ink and at the line
widths of a pen-and-paper sheet, at scales from where text and lines stop
shrinking (2 mm a unit) to a poster's, and its ink measured.

Tolerance: :data:`SLACK_MM` per side, a tenth of a millimetre, the precision
to which a sheet states a board's size.  An extent states each outline's
width by the board's own line-width rule at that scale (its clamps
included), the labels by the font's metrics and the pieces by their
figures, so what slack is left is geometry stated as a box round a curve;
measured, none is (under 1e-9 mm for every game).  A stated extent only a
tenth of a millimetre larger than the ink costs a sheet nothing it prints.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.registry import all_games

SLACK_MM = 0.1
SCALES = (2.0, 5.0, 13.0, 57.0)  # a crowded pen sheet, a four-up one, a one-sheet board, a poster
GAMES = [info for info in all_games() if info.has_board()]


def _sizes(info) -> tuple[int | None, ...]:
    return info.popular_sizes or (info.default_size,)


def _variants():
    """Every combination a sheet draws: coordinates, start position, ink; and a pen sheet's thin lines (no pieces there)."""
    for coordinates in (True, False):
        for setup in (False, True):
            for ink in ("full", "light", "mono"):
                yield BoardOptions(coordinates=coordinates, setup=setup, ink=ink)
        for ink in ("full", "light"):
            yield BoardOptions(coordinates=coordinates, ink=ink, line_scale=0.6)


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_the_stated_extent_holds_the_ink_tightly(info) -> None:
    checked = 0
    for size in _sizes(info):
        board = info.make_board(size)
        for options in _variants():
            extent = board.extent(options)
            with palette.inked(options.ink):
                for scale in SCALES:
                    ink = ink_bounds(board.draw(Frame(scale, (3.0, 7.0)), options))
                    assert ink is not None
                    stated = extent.page_box(scale, (3.0, 7.0))
                    room = (ink[0] - stated[0], ink[1] - stated[1], stated[2] - ink[2], stated[3] - ink[3])
                    where = f"{info.id} {size} at {scale} mm, {options}: ink {ink}, stated {stated}"
                    assert min(room) >= -1e-6, f"ink outside the stated extent: {where}"
                    assert max(room) <= SLACK_MM, f"stated extent {max(room):.2f} mm larger than the ink: {where}"
                    checked += 1
    assert checked == len(_sizes(info)) * 16 * len(SCALES)


def test_a_stated_scale_fits_exactly() -> None:
    """:meth:`Extent.scale_for` is the largest scale that fits: a hair more does not (hex 11 on an A4 area)."""
    board = next(info for info in GAMES if info.id == "hex").make_board(11)
    extent = board.extent(BoardOptions())
    scale = extent.scale_for(285.0, 150.0)
    width, height = extent.size(scale)
    assert (width <= 285.0 + 1e-9 and height <= 150.0 + 1e-9) and (abs(width - 285.0) < 1e-6 or abs(height - 150.0) < 1e-6)
    assert not extent.fits(scale * 1.0001, 285.0, 150.0)
    assert extent.scale_for(0.5, 0.5) == 0.0  # not even the clamped labels fit


def test_the_extent_knows_the_options() -> None:
    """Coordinates and start pieces change the extent where they reach beyond the board (Assalto's pieces, its labels)."""
    board = next(info for info in GAMES if info.id == "assalto").make_board(None)
    plain = board.extent(BoardOptions(coordinates=False)).size(20.0)
    labelled = board.extent(BoardOptions()).size(20.0)
    pieces = board.extent(replace(BoardOptions(coordinates=False), setup=True)).size(20.0)
    assert labelled[0] > plain[0] + 10 and labelled[1] > plain[1] + 10
    assert pieces[0] > plain[0]  # pieces of 0.6 units on the corner points reach past the start marks
