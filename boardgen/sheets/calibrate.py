"""The printer self-test sheet: two 100 mm bars and two edge frames, to trust a printout before using it.

Why a sheet of its own: a board carries one horizontal bar, but printers may
scale the two directions of a page differently (a roller feeding the paper a
little faster than the head moves across it), and no bar says how much of the
sheet's edge a printer cuts off.  This sheet has

* a horizontal and a vertical bar, 100 mm each with a tick every millimetre,
  to be measured separately;
* two frames whose outer edges lie exactly 3 mm and 6 mm from the paper's
  edge: a frame that is missing on one side was cut off there (boardgen keeps
  all the ink of its boards 6 mm inside, the inner frame's line);
* what to do about a wrong measure, in Portuguese and English.

Everything is drawn in sheet millimetres on the paper in portrait, with the
palette's ink, like every other sheet, so the SVG and the PDF are one drawing.
"""

from __future__ import annotations

from collections.abc import Mapping

from boardgen.drawing import palette
from boardgen.drawing.fonts import wrap_text
from boardgen.drawing.model import Group, Line, Polygon, Sheet, Style, Text
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import MARGIN_MM, Paper

BAR_MM = 100.0
BAR_THICKNESS = 0.3  # mm: the bar that is measured, ticks aside
TICK_WIDTH = 0.15
FRAMES_MM = (3.0, MARGIN_MM)  # distance of each frame's outer edge from the paper's edge
FRAME_WIDTH = 0.25
INSET = 14.0  # mm from the paper's edge to the text and bars: clear of both frames
TITLE_SIZE = 6.0
TEXT_SIZE = 3.2
CHECK_SIZE = 3.6
LEADING = 1.45  # line height as a multiple of the text size

TITLE = ("Teste da impressora", "Printer self-test")
CHECK = (
    "Não deu 100 mm? A impressora mudou a escala da página: escolha “Tamanho real” (100%).",
    "Not 100 mm? Your printer scaled the page: choose “Actual size” (100%).",
)
HOW = (
    "Imprima esta folha como imprimiria um tabuleiro e meça cada barra com uma régua: "
    "uma impressora pode mudar a escala num sentido e não no outro.",
    "Print this sheet as you would print a board and measure each bar with a ruler: "
    "a printer may scale one direction of the page and not the other.",
)
FRAMES = (
    "A moldura de fora fica a 3 mm da borda do papel, a de dentro a 6 mm. Uma moldura que "
    "falta num lado foi cortada ali pela impressora. Os tabuleiros deixam 6 mm livres em toda a volta.",
    "The outer frame is 3 mm from the paper’s edge, the inner one 6 mm. A frame that is "
    "missing on one side was cut off there by the printer. Boards keep 6 mm clear all round.",
)
WRONG = (
    "Se uma barra não mede 100 mm, escolha no diálogo de impressão “Tamanho real” ou a escala 100%, "
    "desmarque “Ajustar à página” e imprima de novo. Se só uma das barras erra, a impressora estica o papel "
    "num sentido: anote quanto antes de confiar num tabuleiro.",
    "If a bar does not measure 100 mm, choose “Actual size” or a 100% scale in the print dialog, untick "
    "“Fit to page” and print again. If only one bar is wrong, the printer stretches the paper one way: "
    "note by how much before you trust a board.",
)
HORIZONTAL = "Horizontal · 100 mm"
VERTICAL = "Vertical · 100 mm"
MEASURED = "Medida / measured: ________ mm"

MIN_WIDTH = 2 * INSET + BAR_MM + 20.0  # the bars, their labels and the room for the notes beside the vertical one


def _ink() -> str:
    return palette.current().ink


def _text(x: float, y: float, words: str, size: float = TEXT_SIZE, font: str = "sans", anchor: str = "start") -> Text:
    return Text((x, y), words, size, font=font, fill=_ink(), anchor=anchor)  # type: ignore[arg-type]


def _rect(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(stroke=None, fill=_ink()))


def tick_length(mm: int) -> float:
    """Long ticks every 10 mm, middle ones every 5, short ones between: read like a ruler."""
    return 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2


def _tick_offset(mm: int) -> float:
    """Where a tick's ink starts along the bar: centred on its millimetre, the end ticks kept inside the 100 mm."""
    return min(max(mm - TICK_WIDTH / 2, 0.0), BAR_MM - TICK_WIDTH)


def horizontal_bar(x: float, y: float) -> Group:
    """A bar from ``x`` to ``x + 100`` mm whose top edge is at ``y``; ticks above it, numbers below."""
    group = Group("calibration-horizontal", title="horizontal 100 mm bar")
    group.add(_rect(x, y, x + BAR_MM, y + BAR_THICKNESS))
    for mm in range(0, 101):
        left = x + _tick_offset(mm)
        group.add(_rect(left, y - tick_length(mm), left + TICK_WIDTH, y))
    for mm in range(0, 101, 10):
        group.add(_text(x + mm, y + BAR_THICKNESS + 3.4, str(mm), 2.4, anchor="middle"))
    return group


def vertical_bar(x: float, y: float) -> Group:
    """A bar from ``y`` to ``y + 100`` mm whose right edge is at ``x``; ticks to its right, numbers beyond."""
    group = Group("calibration-vertical", title="vertical 100 mm bar")
    group.add(_rect(x - BAR_THICKNESS, y, x, y + BAR_MM))
    for mm in range(0, 101):
        top = y + _tick_offset(mm)
        group.add(_rect(x, top, x + tick_length(mm), top + TICK_WIDTH))
    for mm in range(0, 101, 10):
        group.add(_text(x + 4.0, y + mm + 0.85, str(mm), 2.4))
    return group


def frame(width: float, height: float, distance: float) -> Group:
    """A rectangle whose outer edge is ``distance`` mm from every edge of the paper."""
    half = FRAME_WIDTH / 2
    d = distance + half  # the stroke's centre line
    style = Style(stroke=_ink(), width=FRAME_WIDTH, cap="butt", join="miter")
    group = Group(f"frame-{distance:g}mm", title=f"frame {distance:g} mm from the paper's edge")
    group.add(Polygon(((d, d), (width - d, d), (width - d, height - d), (d, height - d)), style))
    return group


def _too_small(paper: Paper, names: Mapping[str, str] | None) -> OptionError:
    return OptionError(
        option_name(names, "paper"),
        f"{paper.label} is too small for the printer self-test sheet (two 100 mm bars and their notes inside 14 mm margins); use A4, Letter or a larger paper",
    )


def frame_labels(width: float, height: float) -> Group:
    """Each frame's distance, at the middle of the top and bottom edges: between the frames, and just inside the inner one."""
    group = Group("frame-labels")
    outer, inner = FRAMES_MM
    size = 1.8
    for words, top, bottom in (
        ("3 mm", inner - 0.55, height - outer - FRAME_WIDTH - 0.7),
        ("6 mm", inner + FRAME_WIDTH + 0.6 + size * 0.72, height - inner - FRAME_WIDTH - 0.7),
    ):
        group.add(_text(width / 2, top, words, size, anchor="middle"))
        group.add(_text(width / 2, bottom, words, size, anchor="middle"))
    return group


def _paragraph(group: Group, x: float, y: float, width: float, words: str, size: float = TEXT_SIZE, font: str = "sans") -> float:
    """Wrapped lines from baseline ``y`` down; the baseline after the last one."""
    for line in wrap_text(words, size, width, font):
        group.add(_text(x, y, line, size, font))
        y += size * LEADING
    return y


def calibration_sheet(paper: Paper, names: Mapping[str, str] | None = None) -> Sheet:
    """The self-test sheet on ``paper`` in portrait (see the module docstring)."""
    width, height = paper.oriented(False)
    if width < MIN_WIDTH:
        raise _too_small(paper, names)
    content = Group("sheet")
    for distance in FRAMES_MM:
        content.add(frame(width, height, distance))
    content.add(frame_labels(width, height))
    text = Group("text")
    x, right = INSET, width - INSET
    y = INSET + TITLE_SIZE * 1.07
    text.add(_text(x, y, TITLE[0], TITLE_SIZE, "sans-bold"))
    text.add(_text(right, y, TITLE[1], TEXT_SIZE + 1, anchor="end"))
    y += TEXT_SIZE * 2.2
    size = f"{paper.width:g} × {paper.height:g} mm".replace(".", ",")
    text.add(_text(x, y, f"Folha {paper.label}, {size} · {paper.label} sheet, {paper.width:g} × {paper.height:g} mm"))
    y += CHECK_SIZE * 2.2
    for line in CHECK:
        y = _paragraph(text, x, y, right - x, line, CHECK_SIZE, "sans-bold")
    y += 1.5
    for words in HOW:
        y = _paragraph(text, x, y, right - x, words)
    content.add(text)

    bar_x = (width - BAR_MM) / 2
    bar_y = y + 10.0  # the top of the horizontal bar, below its ticks and label
    content.add(_text(bar_x, bar_y - 5.0, HORIZONTAL, TEXT_SIZE, "sans-bold"))
    content.add(horizontal_bar(bar_x, bar_y))
    content.add(_text(bar_x + BAR_MM, bar_y - 5.0, MEASURED, TEXT_SIZE, anchor="end"))

    top = bar_y + 22.0  # below the horizontal bar's numbers and the vertical bar's label
    if top + BAR_MM + 2.0 > height - INSET:
        raise _too_small(paper, names)
    column = INSET + 8.0  # the vertical bar's right edge
    content.add(_text(INSET, top - 5.0, VERTICAL, TEXT_SIZE, "sans-bold"))
    content.add(vertical_bar(column, top))
    side = column + 16.0
    notes = Group("frames-note")
    y = _paragraph(notes, side, top + 3.0, right - side, MEASURED)
    y += 4.0
    for words in FRAMES:
        y = _paragraph(notes, side, y, right - side, words) + 1.5
    y += 4.0
    for words in WRONG:
        y = _paragraph(notes, side, y, right - side, words) + 1.5
    if y > height - INSET:
        raise _too_small(paper, names)
    content.add(notes)
    subject = f"Printer self-test: horizontal and vertical 100 mm bars, frames 3 mm and 6 mm from the edges, {paper.label} portrait"
    return Sheet(
        width=width,
        height=height,
        content=content,
        title=f"{TITLE[0]} · {TITLE[1]} ({paper.label}) — boardgen",
        subject=subject,
        description=subject + ". Print at actual size (100%).",
        language="pt-BR",
        keywords=("calibration", "printer test", "print and play"),
    )


def render_calibration(paper: Paper, fmt: str = "pdf", names: Mapping[str, str] | None = None) -> tuple[bytes, str]:
    """(file bytes, one-line summary) of the self-test sheet as PDF or SVG."""
    sheet = calibration_sheet(paper, names)
    if fmt == "svg":
        from boardgen.drawing.svg import render_svg

        return render_svg(sheet, page=True), sheet.subject
    from boardgen.drawing.pdf import render_pdf

    return render_pdf(sheet), sheet.subject
