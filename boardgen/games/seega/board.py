"""The printable Seega board: 5 x 5, 7 x 7 or 9 x 9 cells with the centre cell marked.

Built on :class:`~boardgen.boards.grid.GridBoard` (cells outlined in ink, the
border twice as wide, coordinates round the board).  The centre cell is what the
rules talk about (left empty while placing, safe from capture afterwards), so it
is a kept mark, drawn on every sheet, cover and diagram.  Traditional boards
scratch an X into it; ours draws GridBoard's cross from corner to corner over a
grey tint of the whole cell (a cross-hatching in light ink), so the cell reads as
a grey square at a glance and in a greyscale print, while a piece standing on it
stays in plain sight.

Cells are meant for the counters people have at home: the sheet's size line
says, from the cell size actually printed, the widest counter that leaves a
margin in its cell and a common kind that fits (draughts pieces, Go stones,
coins).  Coordinates are set smaller than GridBoard's default, which gives the
cells a few millimetres more on A4 and Letter: 5 x 5 cells of about 36 mm take
draughts pieces of 30-32 mm.
"""

from __future__ import annotations

from boardgen.boards.base import BoardOptions
from boardgen.boards.grid import GridBoard, square
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Hatch, Polygon, Style
from boardgen.games.seega.geometry import SIZES

FIT = 0.9  # a counter this wide (a fraction of the cell) keeps a margin from its neighbours
# Common counters, widest first: (the size they need in mm, Portuguese, English).  Short words:
# the size line must fit an A5 sheet in both languages.
COUNTERS = (
    (30.0, "damas", "draughts"),  # draughts men are 30 mm and more
    (22.0, "pedras de Go", "Go stones"),  # 22 mm
    (18.0, "moedas pequenas", "small coins"),  # 16-18 mm: a euro cent, a US dime, 1 centavo de real
    (12.0, "botões", "buttons"),
)


def counter_for(fit_mm: float) -> tuple[str, str] | None:
    """The widest common counter whose largest size is ``fit_mm`` or less (None: nothing common is that small)."""
    for size, pt, en in COUNTERS:
        if size <= fit_mm + 1e-9:
            return pt, en
    return None


class SeegaBoard(GridBoard):
    """An empty Seega board of ``size`` cells a side (5, 7 or 9)."""

    game_id = "seega"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    plain_kinds = frozenset({"man"})
    kind_words = {"man": {"pt": ("peça", "peças"), "en": ("man", "men")}}

    places = "cells"
    sizes = SIZES
    marked = ("centre",)
    unit_label = {"pt": "casa", "en": "cell"}
    poster_cell_mm = 50.0  # the tiled poster: cells 50 mm wide at every size, for pebbles, shells or large counters up to about 45 mm
    light_saves_ink = False  # outlines on paper already: its booklet in light ink prints as much (docs/build.md, The audit)
    piece_diameter = 0.8
    label_size = 0.24
    label_gap = 0.78
    distinct_roles = (("board-mark", "cell-light"),)

    def piece_words(self, scale_mm: float, lang: str) -> str:
        fit = int(scale_mm * FIT)
        kind = counter_for(fit)
        if lang == "pt":
            return f"peças de até {fit} mm" + (f" ({kind[0]})" if kind else "")
        return f"counters up to {fit} mm" + (f" ({kind[1]})" if kind else "")

    def draw_marked(self, frame: Frame, options: BoardOptions) -> Group:
        """The centre cell tinted grey (light ink: cross-hatched), then GridBoard's cross over it."""
        colours = palette.current()
        crossed = super().draw_marked(frame, options)
        inside = Group("board-mark-tint", title="the centre cell, shaded")
        for name in self.marked_places():
            outline = frame.pts(square(self.location(name), 0.5))
            if options.light:
                # one ink: the faint colour is ink too, so a denser hatching keeps the cell apart from its plain neighbours
                spacing = max(0.7, frame.scale * 0.03) if options.mono else max(1.0, frame.scale * 0.05)
                for angle in (45.0, -45.0):
                    hatch = Hatch(colours.faint, spacing=spacing, angle=angle, width=0.3)
                    inside.add(Polygon(outline, Style(stroke=None, hatch=hatch)))
            else:
                inside.add(Polygon(outline, Style(stroke=None, fill=colours.board_mark_tint)))
        return Group(crossed.role, [inside, *crossed.children], title=crossed.title)
