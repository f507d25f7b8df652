"""Render a :class:`~boardgen.drawing.model.Sheet` to SVG with svgwrite.

The root element states its size in millimetres with a matching ``viewBox``,
so one user unit is one millimetre in every viewer.  Text is written as glyph
outlines from the bundled fonts (with the string kept in ``aria-label``), so
the drawing never depends on the reader's fonts.

A printable sheet (``render_svg(sheet, page=True)``, what ``boardgen board``
writes) also carries a style sheet for web browsers, which print an SVG file
on their default paper with their default margins and shrink it to fit
(boards came out at 67-94 %, some over two pages): an ``@page`` rule asks for
a page of the sheet's size with no margins, and the root element gets no
margin of its own, so the browser prints the sheet at 100 % on one page.
Diagrams leave it out: they are not pages, and one inlined in a booklet's
HTML would impose its page size on the whole booklet.
"""

from __future__ import annotations

import math

import svgwrite

from boardgen.drawing.fonts import anchored_start, metrics
from boardgen.drawing.model import Arc, Circle, Group, Hatch, Line, Path, Polygon, Polyline, Sheet, Style, Text


def num(value: float) -> str:
    """A coordinate with 4 decimals, trailing zeros dropped: stable bytes, 0.1 µm precision."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def page_style(width: float, height: float) -> str:
    """CSS that makes a browser print the drawing as one page of ``width`` x ``height`` mm at 100 %.

    ``@page`` sets the paper and removes the printer margins the browser would
    otherwise shrink the drawing into; ``:root`` clears any margin or padding a
    browser's own style gives the root element (as it does to an HTML body), and
    hides what might spill past the page by a rounding error, which would
    otherwise print as a second, empty page.
    """
    return (
        f"@page {{ size: {num(width)}mm {num(height)}mm; margin: 0 }} "
        ":root { margin: 0; padding: 0; overflow: hidden }"
    )


class _SvgWriter:
    def __init__(self, sheet: Sheet, page: bool = False) -> None:
        self.sheet = sheet
        self.drawing = svgwrite.Drawing(
            size=(f"{num(sheet.width)}mm", f"{num(sheet.height)}mm"),
            viewBox=f"0 0 {num(sheet.width)} {num(sheet.height)}",
            profile="full",
            debug=False,
        )
        self.drawing.attribs["xml:lang"] = sheet.language
        if page:
            self.drawing.defs.add(self.drawing.style(page_style(sheet.width, sheet.height)))
        self._hatches: dict[Hatch, str] = {}
        self._clips: list[str] = []

    def render(self) -> str:
        if self.sheet.title or self.sheet.description:
            self.drawing.set_desc(title=self.sheet.title or None, desc=self.sheet.description or None)
        self.drawing.add(self._group(self.sheet.content))
        return self.drawing.tostring()

    # -- shapes ---------------------------------------------------------------
    def _group(self, group: Group):
        element = self.drawing.g(class_=group.role)
        if group.clip is not None:
            element["clip-path"] = f"url(#{self._clip_id(group.clip)})"
        if group.title:
            element.set_desc(title=group.title)
        for child in group.children:
            for item in self._shape(child):
                element.add(item)
        return element

    def _shape(self, shape) -> list:
        d = self.drawing
        if isinstance(shape, Group):
            return [self._group(shape)]
        if isinstance(shape, Text):
            return [self._text(shape)]
        if isinstance(shape, Line):
            return self._styled(d.line, shape.style, start=tuple(map(num, shape.start)), end=tuple(map(num, shape.end)))
        if isinstance(shape, Polyline):
            return self._styled(d.polyline, shape.style, points=_points(shape.points))
        if isinstance(shape, Polygon):
            return self._styled(d.polygon, shape.style, points=_points(shape.points))
        if isinstance(shape, Circle):
            return self._styled(d.circle, shape.style, center=tuple(map(num, shape.centre)), r=num(shape.radius))
        if isinstance(shape, Arc):
            return self._styled(d.path, shape.style, d=arc_path_data(shape))
        if isinstance(shape, Path):
            return self._styled(d.path, shape.style, d=path_data(shape))
        raise TypeError(f"cannot draw {type(shape).__name__}")

    def _styled(self, factory, style: Style, **geometry) -> list:
        """One element, or two when a shape is both filled and hatched."""
        elements = []
        if style.hatch is not None and style.fill is not None:
            elements.append(factory(**geometry, fill=style.fill, stroke="none"))
        element = factory(**geometry)
        if style.hatch is not None:
            element["fill"] = f"url(#{self._hatch_id(style.hatch)})"
        else:
            element["fill"] = style.fill or "none"
        if style.stroke is None:
            element["stroke"] = "none"
        else:
            element["stroke"] = style.stroke
            element["stroke-width"] = num(style.width)
            element["stroke-linecap"] = style.cap
            element["stroke-linejoin"] = style.join
            if style.dash:
                element["stroke-dasharray"] = " ".join(num(v) for v in style.dash)
        elements.append(element)
        return elements

    def _clip_id(self, box: tuple[float, float, float, float]) -> str:
        ident = f"clip{len(self._clips) + 1}"
        self._clips.append(ident)
        clip = self.drawing.clipPath(id=ident)
        clip.add(self.drawing.rect(insert=(num(box[0]), num(box[1])), size=(num(box[2] - box[0]), num(box[3] - box[1]))))
        self.drawing.defs.add(clip)
        return ident

    def _hatch_id(self, hatch: Hatch) -> str:
        if hatch not in self._hatches:
            ident = f"hatch{len(self._hatches) + 1}"
            self._hatches[hatch] = ident
            # The pattern's line sits at x = spacing/2 of its tile; translated to the
            # anchor and then rotated, its lines are those the PDF draws (see Hatch).
            transform = f"rotate({num(hatch.angle)})"
            if hatch.anchor != (0.0, 0.0):
                transform = f"translate({num(hatch.anchor[0])} {num(hatch.anchor[1])}) " + transform
            pattern = self.drawing.pattern(
                id=ident,
                patternUnits="userSpaceOnUse",
                size=(num(hatch.spacing), num(hatch.spacing)),
                patternTransform=transform,
            )
            half = hatch.spacing / 2
            pattern.add(
                self.drawing.line(
                    start=(num(half), "0"),
                    end=(num(half), num(hatch.spacing)),
                    stroke=hatch.colour,
                    stroke_width=num(hatch.width),
                )
            )
            self.drawing.defs.add(pattern)
        return self._hatches[hatch]

    def _text(self, text: Text):
        font = metrics(text.font)
        x = anchored_start(text.position[0], text.text, text.size, text.font, text.anchor)
        y = text.position[1]
        scale = text.size / font.units_per_em
        parts = []
        for char in text.text:
            outline = font.outline(char)
            if outline:
                parts.append(
                    self.drawing.path(
                        d=outline,
                        transform=f"matrix({num(scale)} 0 0 {num(-scale)} {num(x)} {num(y)})",
                    )
                )
            x += font.advance(char) * scale
        group = self.drawing.g(class_="text", fill=text.fill)
        group["aria-label"] = text.text
        group["data-x"] = num(text.position[0])
        group["data-y"] = num(text.position[1])
        group["data-size"] = num(text.size)
        for part in parts:
            group.add(part)
        return group


def _points(points) -> list[tuple[str, str]]:
    return [(num(x), num(y)) for x, y in points]


def _on_circle(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    radians = math.radians(angle)
    return cx + r * math.cos(radians), cy + r * math.sin(radians)


def _arc_segments(cx: float, cy: float, r: float, start: float, end: float) -> str:
    """SVG arc commands from the point at ``start`` to the point at ``end`` (split below 180°)."""
    sweep = end - start
    pieces = max(1, math.ceil(abs(sweep) / 179.0))
    commands = []
    for k in range(1, pieces + 1):
        x, y = _on_circle(cx, cy, r, start + sweep * k / pieces)
        commands.append(f"A {num(r)} {num(r)} 0 0 {1 if sweep > 0 else 0} {num(x)} {num(y)}")
    return " ".join(commands)


def arc_path_data(arc: Arc) -> str:
    x, y = _on_circle(*arc.centre, arc.radius, arc.start)
    return f"M {num(x)} {num(y)} " + _arc_segments(*arc.centre, arc.radius, arc.start, arc.end)


def path_data(path: Path) -> str:
    commands = []
    for command in path.commands:
        op = command[0]
        if op in ("M", "L"):
            commands.append(f"{op} {num(command[1])} {num(command[2])}")
        elif op == "A":
            commands.append(_arc_segments(*command[1:6]))
        elif op == "Z":
            commands.append("Z")
        else:
            raise ValueError(f"unknown path command {op!r}")
    return " ".join(commands)


def render_svg(sheet: Sheet, page: bool = False) -> bytes:
    """The sheet as SVG bytes (UTF-8, with an XML declaration).

    ``page``: the sheet is a page to print (a board sheet), so the file also
    tells web browsers its page size (:func:`page_style`).
    """
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + _SvgWriter(sheet, page).render() + "\n").encode("utf-8")
