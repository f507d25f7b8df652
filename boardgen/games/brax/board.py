"""The printable Brax board: 9 x 9 points joined by 144 white and red lines, start diamonds.

Every segment takes its colour from the table in
:mod:`boardgen.games.brax.geometry`, which is checked first: a table that
breaks the published constraints is refused with a clear error, never drawn.

The traditional board has white and red lines on a dark ground.  On white
paper a white line is drawn as a light stroke over a wider dark one, i.e. a
white line with dark edges; the red lines are plain red and a little narrower.
In grey the two are then a hollow line and a solid mid-grey one.  All the
dark edges go down first and all the white cores over them, so a run of white
segments reads as one continuous white line.

The start points carry diamonds (white ones on b1..h1 for White, red ones on
b9..h9 for Black), as on the printed board; they stay under the pieces when
the start position is drawn.  The sheet states that the colour layout is a
reconstruction (the geometry's ``LAYOUT_NOTE``).
"""

from __future__ import annotations


from boardgen.boards.base import BoardOptions, Part, bounding
from boardgen.boards.grid import GridBoard
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Line, Polygon, Style
from boardgen.errors import BoardgenError
from boardgen.games.brax import geometry as geo

LABEL_SIZE = 0.32  # board units
LABEL_GAP = 0.62  # from the outer lines to the middle of a label
DIAMOND = 0.2  # half-diagonal of a start diamond, board units
PIECE_KIND = "man"  # what the rules engine calls a Brax piece
# Colours: palette roles line_white (an ivory core: reads as a light line, not as a
# gap between two dark ones), line_white_edge (its dark edges) and line_red.
# "Note:" heads the note; it also keeps the first glyph off the margin (an
# italic "A" at the pen would overhang the sheet margin by 0.16 mm).
NOTE_LABEL = {"pt": "Nota: ", "en": "Note: "}


class LayoutError(BoardgenError):
    """The Brax colour table breaks a published constraint: the board is not drawn."""


def line_widths(frame: Frame, options: BoardOptions) -> tuple[float, float, float]:
    """(red stroke, white line's dark edge stroke, white line's light core) in mm.

    Proportional to the spacing within clamps; the white line's light core
    is as wide as a red line, its dark edges come on top of that.
    """
    red = min(1.3, max(0.45, frame.scale * 0.045)) * options.line_scale
    if options.light:
        red *= 0.75
    edge = max(0.18, red * 0.25)
    return red, red + 2 * edge, red


def red_style(frame: Frame, options: BoardOptions) -> Style:
    """Black's lines: solid red; in one ink, where red is ink too, dashed, so they still differ from White's edged lines."""
    red = line_widths(frame, options)[0]
    if options.mono:
        return Style(stroke=palette.current().line_red, width=red, dash=(frame.length(0.08), frame.length(0.12)), cap="butt")
    return Style(stroke=palette.current().line_red, width=red)


def layout_note() -> tuple[tuple[str, str], ...]:
    """The geometry's reconstruction note as one (pt, en) pair; the sheet wraps it to fit."""
    return ((NOTE_LABEL["pt"] + geo.LAYOUT_NOTE["pt"], NOTE_LABEL["en"] + geo.LAYOUT_NOTE["en"]),)


def checked_lines() -> tuple[tuple[str, str, str], ...]:
    """The 144 segments as (a, b, colour), after the geometry's layout check; LayoutError if it fails."""
    problems = geo.check_layout()
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise LayoutError(
            f"brax: the line colour table in boardgen/games/brax/geometry.py breaks the published rules, "
            f"so the board is not drawn: {problems[0]}{more}"
        )
    return geo.LINES


class BraxBoard(GridBoard):
    """The 9 x 9 grid of points with Brax's coloured lines and start diamonds; places and coordinates shared."""

    game_id = "brax"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    plain_kinds = frozenset({"man"})
    kind_words = {"man": {"pt": ("peça", "peças"), "en": ("man", "men")}}

    unit_label = {"pt": "distância entre pontos", "en": "point spacing"}
    poster_cell_mm = 43.0  # the tiled poster: points 43 mm apart, for full-size draughts men (up to about 37 mm) on neighbouring points
    piece_diameter = 0.56
    distinct_roles = (("line-white", "line-red"),)
    # The start diamonds are printed on the traditional board, so they are part of
    # it: drawn on every drawing, diagrams included (under the pieces).
    kept_marks = ("start-marks",)
    places = "points"
    columns = geo.SIZE
    grid_shape = geo.GRID
    start = geo.START_POINTS
    piece_kind = PIECE_KIND
    label_size = LABEL_SIZE
    label_gap = LABEL_GAP

    def __init__(self, size: int | None = None) -> None:
        super().__init__(None)
        self.segments = checked_lines()  # refuse a broken table before anything is drawn

    @property
    def notes(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        return layout_note()

    def extent_parts(self, options: BoardOptions) -> tuple[Part, ...]:
        """The lines (a white line's dark edges the widest ink) and the start diamonds, kept on every drawing."""
        diamonds = [geo.POINTS[name] for owner in (0, 1) for name in geo.START_POINTS[owner]]
        return (
            Part(bounding(geo.POINTS.values()), lambda scale: line_widths(Frame(scale), options)[1] / 2),
            Part(bounding(diamonds, DIAMOND), lambda scale: max(0.25, line_widths(Frame(scale), options)[0] * 0.4) / 2),
        )

    # -- drawing ------------------------------------------------------------------
    def layers(self, frame: Frame, options: BoardOptions) -> list[Group]:
        """All the dark edges of White's lines, then the red lines, then the white cores over them."""
        colours = palette.current()
        red, outer, core = line_widths(frame, options)
        white = [s for s in self.segments if s[2] == geo.WHITE]
        reds = [s for s in self.segments if s[2] == geo.RED]
        return [
            self._lines(frame, "line-white-edge", white, Style(stroke=colours.line_white_edge, width=outer), "dark edges of White's lines"),
            self._lines(frame, "line-red", reds, red_style(frame, options), "Black's lines (red)"),
            self._lines(frame, "line-white", white, Style(stroke=colours.line_white, width=core), "White's lines (white)"),
        ]

    def draw_start_marks(self, frame: Frame, options: BoardOptions) -> Group:
        return self.diamonds(frame, options)

    def _lines(self, frame: Frame, role: str, segments, style: Style, title: str) -> Group:
        group = Group(role, title=title)
        for a, b, _ in segments:
            group.add(Line(frame.pt(*geo.POINTS[a]), frame.pt(*geo.POINTS[b]), style))
        return group

    def diamonds(self, frame: Frame, options: BoardOptions) -> Group:
        """The start diamonds: white for White on b1..h1, red for Black on b9..h9."""
        group = Group("start-marks", title="start diamonds: White on b1-h1, Black on b9-h9")
        half = frame.length(DIAMOND)
        width = max(0.25, line_widths(frame, options)[0] * 0.4)
        colours = palette.current()
        fills = {0: colours.paper, 1: colours.line_red}
        for owner in (0, 1):
            player = Group(f"start-player-{owner}")
            for name in geo.START_POINTS[owner]:
                x, y = frame.pt(*geo.POINTS[name])
                points = ((x, y - half), (x + half, y), (x, y + half), (x - half, y))
                player.add(Polygon(points, Style(stroke=colours.ink, width=width, fill=fills[owner], join="round")))
            group.add(player)
        return group
