"""Both renderers draw the same thing: same shapes at the same places, within 0.01 mm."""

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


@pytest.mark.parametrize("game", BOARDS, ids=[g.id for g in BOARDS])
def test_svg_and_pdf_draw_the_same_sheet(game):
    board = game.make_board(game.default_size)
    sheet = board_sheet(board, parse_paper("a4"), BoardOptions(setup=True))
    svg = collapse_arcs(svg_shapes(render_svg(sheet)))
    pdf = collapse_arcs(pdf_shapes(render_pdf(sheet)))
    assert len(set(svg)) > 50  # a whole board, not an empty page
    assert _match(svg, pdf) == []


def test_a_moved_shape_is_noticed():
    """The comparison itself can fail: shift one PDF coordinate by 0.02 mm."""
    svg = [("circle", 10.0, 10.0, 2.0), ("path", 0.0, 0.0, 5.0, 5.0)]
    assert _match(svg, [("circle", 10.0, 10.0, 2.0), ("path", 0.0, 0.0, 5.0, 5.02)]) != []
    assert _match(svg, [("circle", 10.0, 10.005, 2.0), ("path", 0.0, 0.0, 5.0, 5.0)]) == []
