"""Render a :class:`~boardgen.drawing.model.Sheet` to PDF with ReportLab.

The page is exactly the sheet's size; every coordinate is converted from
millimetres (y down) to PDF points (y up) here and nowhere else.  Fonts are the
bundled TrueType files, embedded and subset by ReportLab.  The viewer
preference ``PrintScaling /None`` asks viewers to print at actual size, and the
``invariant`` mode keeps the bytes identical from run to run.
"""

from __future__ import annotations

import io
import math
from functools import cache

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from boardgen import __version__
from boardgen.drawing.fonts import FONT_FILES, anchored_start, font_path
from boardgen.drawing.model import Arc, Circle, Group, Line, Path, Polygon, Polyline, Sheet, Style, Text

PT_PER_MM = 72.0 / 25.4

# Compressed streams stay binary (no ASCII85 layer): smaller files, faster writing.
rl_config.useA85 = 0


@cache
def reportlab_font(name: str) -> str:
    """Register a bundled font with ReportLab once; return its ReportLab name."""
    if name not in FONT_FILES:
        raise ValueError(f"unknown font {name!r}")
    registered = "Boardgen-" + "".join(part.capitalize() for part in name.split("-"))
    pdfmetrics.registerFont(TTFont(registered, str(font_path(name))))
    return registered


def _colour(value: str) -> tuple[float, float, float]:
    value = value.lstrip("#")
    return tuple(int(value[i : i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


class _PdfPainter:
    def __init__(self, canvas: Canvas, sheet: Sheet) -> None:
        self.canvas = canvas
        self.height = sheet.height

    def x(self, value: float) -> float:
        return value * PT_PER_MM

    def y(self, value: float) -> float:
        return (self.height - value) * PT_PER_MM

    def draw(self, shape) -> None:
        if isinstance(shape, Group):
            if shape.clip is not None:
                self.canvas.saveState()
                x0, y0, x1, y1 = shape.clip
                area = self.canvas.beginPath()
                area.rect(self.x(x0), self.y(y1), (x1 - x0) * PT_PER_MM, (y1 - y0) * PT_PER_MM)
                self.canvas.clipPath(area, stroke=0, fill=0)
            for child in shape.children:
                self.draw(child)
            if shape.clip is not None:
                self.canvas.restoreState()
        elif isinstance(shape, Text):
            self._text(shape)
        else:
            self._path_shape(shape)

    # -- paths ------------------------------------------------------------------
    def _build(self, shape):
        path = self.canvas.beginPath()
        if isinstance(shape, Line):
            path.moveTo(self.x(shape.start[0]), self.y(shape.start[1]))
            path.lineTo(self.x(shape.end[0]), self.y(shape.end[1]))
            return path, False
        if isinstance(shape, (Polyline, Polygon)):
            first, *rest = shape.points
            path.moveTo(self.x(first[0]), self.y(first[1]))
            for px, py in rest:
                path.lineTo(self.x(px), self.y(py))
            if isinstance(shape, Polygon):
                path.close()
            return path, isinstance(shape, Polygon)
        if isinstance(shape, Circle):
            cx, cy, r = shape.centre[0], shape.centre[1], shape.radius
            path.circle(self.x(cx), self.y(cy), r * PT_PER_MM)
            return path, True
        if isinstance(shape, Arc):
            self._arc(path, *shape.centre, shape.radius, shape.start, shape.end, move=True)
            return path, False
        if isinstance(shape, Path):
            closed = False
            for command in shape.commands:
                op = command[0]
                if op == "M":
                    path.moveTo(self.x(command[1]), self.y(command[2]))
                elif op == "L":
                    path.lineTo(self.x(command[1]), self.y(command[2]))
                elif op == "A":
                    self._arc(path, *command[1:6], move=False)
                elif op == "Z":
                    path.close()
                    closed = True
            return path, closed
        raise TypeError(f"cannot draw {type(shape).__name__}")

    def _arc(self, path, cx: float, cy: float, r: float, start: float, end: float, move: bool) -> None:
        x0, y0, x1, y1 = self.x(cx - r), self.y(cy + r), self.x(cx + r), self.y(cy - r)
        if move:
            sx = cx + r * math.cos(math.radians(start))
            sy = cy + r * math.sin(math.radians(start))
            path.moveTo(self.x(sx), self.y(sy))
        # Page angles run clockwise (y down); PDF angles run anticlockwise (y up).
        path.arcTo(x0, y0, x1, y1, startAng=-start, extent=-(end - start))

    def _apply_stroke(self, style: Style) -> None:
        c = self.canvas
        c.setStrokeColorRGB(*_colour(style.stroke or "#000000"))
        c.setLineWidth(style.width * PT_PER_MM)
        c.setLineCap({"butt": 0, "round": 1, "square": 2}[style.cap])
        c.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[style.join])
        c.setDash([v * PT_PER_MM for v in style.dash] if style.dash else [])

    def _path_shape(self, shape) -> None:
        style: Style = shape.style
        c = self.canvas
        if style.hatch is None and style.fill is not None and style.stroke is not None:
            path, _ = self._build(shape)  # one path, filled then stroked
            c.setFillColorRGB(*_colour(style.fill))
            self._apply_stroke(style)
            c.drawPath(path, stroke=1, fill=1)
            return
        if style.fill is not None:
            path, _ = self._build(shape)
            c.setFillColorRGB(*_colour(style.fill))
            c.drawPath(path, stroke=0, fill=1)
        if style.hatch is not None:
            self._hatch(shape)
        if style.stroke is not None:
            path, _ = self._build(shape)
            self._apply_stroke(style)
            c.drawPath(path, stroke=1, fill=0)

    def _hatch(self, shape) -> None:
        hatch = shape.style.hatch
        c = self.canvas
        clip, _ = self._build(shape)
        c.saveState()
        c.clipPath(clip, stroke=0, fill=0)
        c.setStrokeColorRGB(*_colour(hatch.colour))
        c.setLineWidth(hatch.width * PT_PER_MM)
        c.setLineCap(0)
        c.setDash([])
        x0, y0, x1, y1 = _bounds(shape)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        reach = math.hypot(x1 - x0, y1 - y0) / 2 + hatch.spacing
        # Lines in the pattern direction (the SVG pattern draws vertical lines
        # rotated by ``angle``), spaced ``spacing`` apart, in the family fixed
        # by the hatch's anchor (see Hatch): never by the shape's own place.
        angle = math.radians(hatch.angle)
        dx, dy = -math.sin(angle), math.cos(angle)  # along the lines
        nx, ny = math.cos(angle), math.sin(angle)  # across the lines
        ax, ay = hatch.anchor
        offset_centre = (cx - ax) * nx + (cy - ay) * ny
        k_first = math.floor((offset_centre - reach) / hatch.spacing)
        k_last = math.ceil((offset_centre + reach) / hatch.spacing)
        for k in range(k_first, k_last + 1):
            offset = (k + 0.5) * hatch.spacing
            shift = offset - offset_centre
            px, py = cx + nx * shift, cy + ny * shift
            c.line(self.x(px - dx * reach), self.y(py - dy * reach), self.x(px + dx * reach), self.y(py + dy * reach))
        c.restoreState()

    # -- text -----------------------------------------------------------------------
    def _text(self, text: Text) -> None:
        c = self.canvas
        x = anchored_start(text.position[0], text.text, text.size, text.font, text.anchor)
        c.setFillColorRGB(*_colour(text.fill))
        c.setFont(reportlab_font(text.font), text.size * PT_PER_MM)
        c.drawString(self.x(x), self.y(text.position[1]), text.text)


def _bounds(shape) -> tuple[float, float, float, float]:
    if isinstance(shape, Circle):
        (cx, cy), r = shape.centre, shape.radius
        return cx - r, cy - r, cx + r, cy + r
    if isinstance(shape, (Polygon, Polyline)):
        xs = [p[0] for p in shape.points]
        ys = [p[1] for p in shape.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(shape, Path):
        xs, ys = [], []
        for command in shape.commands:
            if command[0] in ("M", "L"):
                xs.append(command[1])
                ys.append(command[2])
            elif command[0] == "A":
                xs += [command[1] - command[3], command[1] + command[3]]
                ys += [command[2] - command[3], command[2] + command[3]]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(shape, Arc):
        (cx, cy), r = shape.centre, shape.radius
        return cx - r, cy - r, cx + r, cy + r
    raise TypeError(f"cannot hatch {type(shape).__name__}")


def render_pdf_pages(sheets: list[Sheet], *, title: str = "", subject: str = "", language: str = "pt-BR") -> bytes:
    """Several sheets as one PDF, one page each (pages may differ in size)."""
    buffer = io.BytesIO()
    first = sheets[0]
    canvas = Canvas(
        buffer,
        pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM),
        invariant=1,
        pageCompression=1,
        lang=language,
        initialFontName=reportlab_font("sans"),  # else ReportLab lists Helvetica, a font we do not embed
    )
    canvas.setTitle(title or first.title)
    canvas.setSubject(subject or first.subject)
    canvas.setCreator(f"boardgen {__version__}")
    canvas.setAuthor("boardgen")
    canvas.setProducer(f"boardgen {__version__} (ReportLab)")
    if first.keywords:
        canvas.setKeywords(", ".join(first.keywords))
    canvas.setViewerPreference("PrintScaling", "None")
    for sheet in sheets:
        canvas.setPageSize((sheet.width * PT_PER_MM, sheet.height * PT_PER_MM))
        _PdfPainter(canvas, sheet).draw(sheet.content)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_pdf(sheet: Sheet) -> bytes:
    """One sheet as a one-page PDF."""
    return render_pdf_pages([sheet], title=sheet.title, subject=sheet.subject, language=sheet.language)
