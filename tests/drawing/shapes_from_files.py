"""Read the geometry back out of our SVG and PDF files, in sheet millimetres.

Used to prove that both renderers draw the same shapes at the same places:
each painted shape becomes a signature ``(kind, numbers...)`` with every
coordinate in millimetres, y down.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 72.0 / 25.4
SVG = "{http://www.w3.org/2000/svg}"


def _floats(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def svg_shapes(data: bytes) -> list[tuple]:
    """Signatures of every drawn element of one of our SVG files."""
    root = ET.fromstring(data)
    shapes: list[tuple] = []

    def visit(element):
        for child in element:
            tag = child.tag.replace(SVG, "")
            if tag in ("defs", "title", "desc"):
                continue
            if tag == "g" and child.get("class") == "text":
                glyphs = [g for g in child if g.tag == SVG + "path"]
                if glyphs:
                    matrix = _floats(glyphs[0].get("transform"))
                    shapes.append(("text", matrix[4], matrix[5]))
                continue
            if tag == "g":
                visit(child)
            elif tag == "line":
                shapes.append(("path",) + tuple(float(child.get(k)) for k in ("x1", "y1", "x2", "y2")))
            elif tag in ("polygon", "polyline"):
                points = _floats(child.get("points"))
                if tag == "polygon":
                    points += points[:2]
                shapes.append(("path",) + tuple(points))
            elif tag == "circle":
                shapes.append(("circle", float(child.get("cx")), float(child.get("cy")), float(child.get("r"))))
            elif tag == "path":
                shapes.append(("arcpath",) + _svg_path_ends(child.get("d")))

    visit(root)
    return shapes


def _svg_path_ends(d: str) -> tuple[float, ...]:
    """First point and every segment end point of an M/L/A/Z path."""
    points: list[float] = []
    start = None
    for op, args in re.findall(r"([MLAZ])([^MLAZ]*)", d):
        values = _floats(args)
        if op in "ML":
            points += values[:2]
            if op == "M":
                start = values[:2]
        elif op == "A":
            points += values[5:7]
        elif op == "Z" and start is not None:
            points += start
    return tuple(points)


def pdf_shapes(data: bytes, page_index: int = 0) -> list[tuple]:
    """Signatures of every painted path and text run of one PDF page."""
    reader = PdfReader(io.BytesIO(data))
    page = reader.pages[page_index]
    height = float(page.mediabox.height)
    content = ContentStream(page.get_contents(), reader)
    shapes: list[tuple] = []
    current: list[list[tuple[float, float, str]]] = []
    text_matrix = None

    def mm(x: float, y: float) -> tuple[float, float]:
        return (x / PT, (height - y) / PT)

    for operands, operator in content.operations:
        op = operator.decode()
        if op == "m":
            current.append([(*mm(*map(float, operands)), "m")])
        elif op == "l":
            current[-1].append((*mm(*map(float, operands)), "l"))
        elif op == "c":
            values = list(map(float, operands))
            for k in range(0, 6, 2):
                current[-1].append((*mm(values[k], values[k + 1]), "c" if k < 4 else "e"))
        elif op == "h":
            first = current[-1][0]
            current[-1].append((first[0], first[1], "l"))
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*"):
            for subpath in current:
                shapes.append(_pdf_signature(subpath))
            current = []
        elif op == "n":
            current = []  # a clipping path, not ink
        elif op == "Tm":
            text_matrix = list(map(float, operands))
        elif op == "Td":
            # ReportLab places text with "BT 1 0 0 1 x y Tm" and sometimes a Td offset.
            values = list(map(float, operands))
            text_matrix = [1, 0, 0, 1, values[0] + (text_matrix[4] if text_matrix else 0), values[1] + (text_matrix[5] if text_matrix else 0)]
        elif op == "Tj" and text_matrix is not None:
            shapes.append(("text", *mm(text_matrix[4], text_matrix[5])))
    return shapes


def _pdf_signature(subpath: list[tuple[float, float, str]]) -> tuple:
    kinds = "".join(k for _, _, k in subpath)
    if kinds.count("c") == 8 and kinds.count("e") == 4 and "l" not in kinds:
        ends = [(x, y) for x, y, k in subpath if k in "me"]
        cx = sum(p[0] for p in ends[:4]) / 4
        cy = sum(p[1] for p in ends[:4]) / 4
        r = math.hypot(ends[0][0] - cx, ends[0][1] - cy)
        return ("circle", cx, cy, r)
    if "c" in kinds:
        points = [v for x, y, k in subpath if k in "mle" for v in (x, y)]
        return ("arcpath",) + tuple(points)
    return ("path",) + tuple(v for x, y, _ in subpath for v in (x, y))


def collapse_arcs(shapes: list[tuple]) -> list[tuple]:
    """Arcs become Bezier pieces in PDF and arc commands in SVG: keep only their first and last points."""
    result = []
    for shape in shapes:
        if shape[0] == "arcpath":
            result.append(("arcpath",) + shape[1:3] + shape[-2:])
        else:
            result.append(shape)
    return result
