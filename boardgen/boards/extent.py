"""The extent a board drawing states: where its ink reaches, without drawing it.

One job, apart from the drawing itself: a sheet, a poster or a pen sheet is laid
out from these numbers by arithmetic, so a board is drawn once per file
(tests/sheet/test_draw_count.py), and one measured check holds every board's
stated extent to its real ink (tests/sheet/test_extent.py).  A :class:`Part`
is a box in board units with a pad in mm that may follow the line width at
each scale; a :class:`Label` is a text whose size is fixed in mm (the 5 pt
floor), measured from the font's metrics; an :class:`Extent` is both, and
answers the largest scale at which the whole fits a given area.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

#: the smallest text any drawing prints: 5 pt (a coordinate, a cell name, a move number).
#: Below it a label stops being read in print, whatever the scale the board is drawn at.
MIN_TEXT_PT = 5.0
MIN_TEXT_MM = MIN_TEXT_PT * 25.4 / 72

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Part:
    """A box of a board's ink in board units (x0, y0, x1, y1, y up), with ``pad_mm`` more ink round it on paper.

    The pad is what does not grow with the scale as the box does: half an
    outline, a piece's rim, in mm or, for a line whose width is clamped,
    worked out at each scale by the board's own line-width rule.
    """

    box: Box
    pad_mm: float | Callable[[float], float] = 0.0  # mm, or mm at a scale (a line width's own clamp)

    def pad(self, scale: float) -> float:
        return self.pad_mm(scale) if callable(self.pad_mm) else self.pad_mm


@dataclass(frozen=True)
class Label:
    """A text set by :func:`centred_label` at board point ``at``, ``size`` board units (never below MIN_TEXT_MM on paper)."""

    at: tuple[float, float]
    text: str
    size: float
    font: str = "sans"

    def page_box(self, scale: float) -> Box:
        """The label's ink on paper, in mm from the board's origin (y down), from the font's metrics."""
        size = max(self.size * scale, MIN_TEXT_MM)
        x, y = self.at[0] * scale, -self.at[1] * scale
        glyphs = _em_box(self.font, self.text)
        if glyphs is None:
            return (x, y, x, y)
        width, left, top, right, bottom = glyphs
        x0, y0 = x - width * size / 2, y + size * 0.36  # as centred_label sets it
        return (x0 + left * size, y0 + top * size, x0 + right * size, y0 + bottom * size)


@lru_cache(maxsize=4096)
def _em_box(font: str, text: str) -> tuple[float, float, float, float, float] | None:
    """(advance width, ink left, top, right, bottom) of ``text`` set 1 mm high: a text's metrics grow with its size."""
    from boardgen.drawing.fonts import metrics, text_width  # font files only once a sheet asks

    glyphs = metrics(font).ink_box(text, 1.0)
    return None if glyphs is None else (text_width(text, 1.0, font), *glyphs)


@dataclass(frozen=True)
class Extent:
    """Where a board's ink lies at any scale: board-unit boxes with fixed pads, and labels.

    Stated by each board from its own numbers (:meth:`BoardDrawing.extent`),
    as python-chess states its SVG's size from constants, so a sheet is laid
    out by arithmetic and the board drawn once.  What does not grow with the
    scale is kept apart: outline widths (``Part.pad_mm``) and text clamped
    to :data:`MIN_TEXT_MM` (``Label``).  tests/sheet/test_extent.py checks
    that the ink of every game's drawing lies inside, and not far inside.
    """

    parts: tuple[Part, ...]
    labels: tuple[Label, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_sides", _outward_terms(self.parts, self.labels))

    def page_box(self, scale: float, origin: tuple[float, float] = (0.0, 0.0)) -> Box:
        """The ink's box on paper (mm, y down) for the board drawn through ``Frame(scale, origin)``."""
        left, top, right, bottom = (
            max(units * scale + (mm(scale) if callable(mm) else mm) + em * max(size * scale, MIN_TEXT_MM) for units, mm, em, size in terms)
            for terms in self._sides  # type: ignore[attr-defined]
        )
        return (origin[0] - left, origin[1] - top, origin[0] + right, origin[1] + bottom)

    def size(self, scale: float) -> tuple[float, float]:
        """Width and height (mm) of the ink at ``scale``."""
        box = self.page_box(scale)
        return (box[2] - box[0], box[3] - box[1])

    def fits(self, scale: float, width: float, height: float) -> bool:
        w, h = self.size(scale)
        return w <= width + 1e-9 and h <= height + 1e-9

    def scale_for(self, width: float, height: float) -> float:
        """The largest scale at which the ink fits ``width`` x ``height`` mm (0 when not even the smallest does).

        The size grows with the scale (boxes linearly, labels linearly past
        their clamp), so a bisection of this arithmetic finds it; no drawing.
        """
        if width <= 0 or height <= 0 or not self.fits(0.0, width, height):
            return 0.0
        low, high = 0.0, 1.0
        while self.fits(high, width, height):
            low, high = high, high * 2
            if high > 1e7:
                return low
        for _ in range(100):
            middle = (low + high) / 2
            if middle in (low, high):
                break
            low, high = (middle, high) if self.fits(middle, width, height) else (low, middle)
        return low

    def grown(self, *parts: Part) -> Extent:
        """This extent with more boxes (a board's pieces, a kept mark)."""
        return Extent(self.parts + parts, self.labels)


Term = tuple[float, "float | Callable[[float], float]", float, float]


def _outward_terms(parts: tuple[Part, ...], labels: tuple[Label, ...]) -> list[list[Term]]:
    """Per side (left, top, right, bottom), how far ink reaches outward from the origin, as terms
    ``units * scale + mm + em * max(size * scale, MIN_TEXT_MM)``; the reach is the largest term.

    A term no larger than another in every coefficient (of the same text size)
    can never be the largest and is left out: of a hundred labels round a
    board, a few decide each side, so a layout's many questions stay cheap.
    """
    sides: list[list[Term]] = [[], [], [], []]
    for part in parts:
        x0, y0, x1, y1 = part.box
        for side, units in zip(sides, (-x0, y1, x1, -y0)):
            side.append((units, part.pad_mm, 0.0, 0.0))
    for label in labels:
        glyphs = _em_box(label.font, label.text)
        x, y = label.at
        if glyphs is None:
            for side, units in zip(sides, (-x, y, x, -y)):
                side.append((units, 0.0, 0.0, 0.0))
            continue
        width, left, top, right, bottom = glyphs
        # set by centred_label: the text's start half its width left of the point, its baseline 0.36 sizes below it
        for side, units, em in zip(sides, (-x, y, x, -y), (width / 2 - left, -(0.36 + top), right - width / 2, 0.36 + bottom)):
            side.append((units, 0.0, em, label.size))
    return [_undominated(side) for side in sides]


def _undominated(terms: list[Term]) -> list[Term]:
    """The terms that may be the largest: a pad worked out per scale is always kept."""
    fixed = sorted({t for t in terms if not callable(t[1])}, reverse=True)
    kept: list[Term] = [t for t in terms if callable(t[1])]
    for term in fixed:
        units, mm, em, size = term
        if any(not callable(m) and u >= units and m >= mm and (e >= em if s == size else em <= 0 <= e) for u, m, e, s in kept):  # type: ignore[operator]
            continue
        kept.append(term)
    return kept


def bounding(points, grow: float = 0.0) -> Box:
    """The board-unit box of ``points`` grown by ``grow`` board units every way."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)
