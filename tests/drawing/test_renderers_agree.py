"""Both renderers draw the same thing: same shapes at the same places, within 0.01 mm."""

import math

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.drawing.pdf import render_pdf
from boardgen.drawing.svg import render_svg
from boardgen.sheets.paper import parse_paper
from boardgen.registry import all_games
from boardgen.sheets.single import board_sheet

from .shapes_from_files import collapse_arcs, pdf_shapes, svg_shapes

TOLERANCE = 0.01  # mm


def _match(svg: list[tuple], pdf: list[tuple]) -> list[str]:
    """Pair every SVG shape with a PDF shape of the same kind and coordinates; list the misfits."""
    unmatched_pdf = list(dict.fromkeys(pdf))  # a filled-and-stroked shape is painted twice in PDF
    problems = []
    for shape in dict.fromkeys(svg):
        for index, candidate in enumerate(unmatched_pdf):
            if candidate[0] == shape[0] and len(candidate) == len(shape) and all(
                abs(a - b) <= TOLERANCE for a, b in zip(candidate[1:], shape[1:])
            ):
                del unmatched_pdf[index]
                break
        else:
            problems.append(f"only in SVG: {shape[:7]}")
    problems += [f"only in PDF: {shape[:7]}" for shape in unmatched_pdf]
    return problems


BOARDS = [g for g in all_games() if g.has_board()]


def _without_hatches(group):
    """The drawing with its hatchings left out: SVG draws one as a pattern, PDF as clipped lines.

    Where both put the lines is measured by test_svg_and_pdf_anchor_hatching_alike;
    here only the shapes themselves are compared (Hex's full-ink band has stripes).
    """
    from dataclasses import replace

    from boardgen.drawing.model import Group, Text

    out = Group(group.role, title=group.title, clip=group.clip)
    for child in group.children:
        if isinstance(child, Group):
            out.add(_without_hatches(child))
        elif isinstance(child, Text) or child.style.hatch is None:
            out.add(child)
        elif child.style.fill is not None or child.style.stroke is not None:
            out.add(replace(child, style=replace(child.style, hatch=None)))
    return out


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_svg_and_pdf_draw_the_same_sheet(game):
    from dataclasses import replace

    board = game.make_board(game.default_size)
    sheet = board_sheet(board, parse_paper("a4"), BoardOptions(setup=True))
    sheet = replace(sheet, content=_without_hatches(sheet.content))
    svg = collapse_arcs(svg_shapes(render_svg(sheet)))
    pdf = collapse_arcs(pdf_shapes(render_pdf(sheet)))
    assert len(set(svg)) > 50  # a whole board, not an empty page
    assert _match(svg, pdf) == []


def test_a_moved_shape_is_noticed():
    """The comparison itself can fail: shift one PDF coordinate by 0.02 mm."""
    svg = [("circle", 10.0, 10.0, 2.0), ("path", 0.0, 0.0, 5.0, 5.0)]
    assert _match(svg, [("circle", 10.0, 10.0, 2.0), ("path", 0.0, 0.0, 5.0, 5.02)]) != []
    assert _match(svg, [("circle", 10.0, 10.005, 2.0), ("path", 0.0, 0.0, 5.0, 5.0)]) == []


HATCH_DPI = 1200


def _dark_centres(image, row_mm: float) -> list[float]:
    """x (mm) of the centre of each dark run along the pixel row at ``row_mm``."""
    k = HATCH_DPI / 25.4
    grey = image.convert("L")
    row = list(grey.crop((0, round(row_mm * k), grey.width, round(row_mm * k) + 1)).tobytes())
    centres, run = [], []
    for index, value in enumerate(row + [255]):
        if 255 - value > 60:
            run.append((index, 255 - value))
        elif run:
            centres.append((sum(i * d for i, d in run) / sum(d for _, d in run) + 0.5) / k)
            run = []
    return centres


@pytest.mark.parametrize("angle, anchor", [(45.0, (0.0, 0.0)), (30.0, (1.37, 0.52)), (-45.0, (104.3, -7.9))])
def test_svg_and_pdf_anchor_hatching_alike(tmp_path, angle, anchor):
    """Both renderers put an anchored hatch's lines where Hatch says: (p - anchor) · (cos a, sin a) = (k + 1/2) spacing.

    A tiled poster anchors its hatching to the poster (so the lines run on across
    the seams); the SVG pattern and the PDF's drawn lines must follow the same rule.
    """
    from boardgen.drawing.model import Group, Hatch, Polygon, Sheet, Style

    from ..conftest import require_tool
    from ..sheet.measure import rasterise_pdf, rasterise_svg

    require_tool("pdftoppm")
    require_tool("rsvg-convert")
    hatch = Hatch("#000000", spacing=2.0, angle=angle, width=0.3, anchor=anchor)
    square = Polygon(((2.0, 2.0), (18.0, 2.0), (18.0, 8.0), (2.0, 8.0)), Style(stroke=None, hatch=hatch))
    sheet = Sheet(20.0, 10.0, Group("only", [square]))
    (tmp_path / "h.svg").write_bytes(render_svg(sheet))
    (tmp_path / "h.pdf").write_bytes(render_pdf(sheet))
    from_svg = _dark_centres(rasterise_svg(tmp_path / "h.svg", HATCH_DPI, tmp_path / "s.png"), 5.0)
    from_pdf = _dark_centres(rasterise_pdf(tmp_path / "h.pdf", HATCH_DPI), 5.0)
    a = math.radians(angle)
    # Where the row y = 5 crosses the lines of the rule, inside the square (whole lines only).
    expected = []
    for k in range(-200, 200):
        x = anchor[0] + ((k + 0.5) * 2.0 - (5.0 - anchor[1]) * math.sin(a)) / math.cos(a)
        if 2.5 < x < 17.5:
            expected.append(x)
    inner = lambda xs: [x for x in xs if 2.5 < x < 17.5]  # noqa: E731
    assert len(expected) >= 5
    for measured in (inner(from_svg), inner(from_pdf)):
        assert len(measured) == len(expected), (measured, expected)
        assert max(abs(m - e) for m, e in zip(measured, expected)) < 0.03, (measured, expected)
