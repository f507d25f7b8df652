"""The Xadrez board: the shared chequerboard with figures of our own, told apart by shape and by tone.

Measured on the drawing model (the figures' polygons, where they lie, their
fills).  That the two sides' figures differ in grey on the printed sheet, in
full and light ink, is tests/sheet/test_greyscale.py's (its xadrez tone pair);
the squares, sizes and coordinates are the chequerboard's own tests
(tests/games/test_chequerboard.py).
"""

from __future__ import annotations

from boardgen.boards.base import BoardOptions
from boardgen.boards.chequerboard import ChequerBoard
from boardgen.drawing import palette
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Polygon
from boardgen.engine.base import Piece
from boardgen.games.xadrez.board import FIGURES, START_PIECES, XadrezBoard
from boardgen.games.xadrez.rules import XadrezState

KINDS = ("king", "queen", "rook", "bishop", "knight", "pawn")
FRAME = Frame(10.0, (0.0, 80.0))  # 10 mm a square, a1 at the bottom left


def piece_group(kind: str, owner: int = 0, square: str = "d4") -> Group:
    return XadrezBoard().draw_piece(FRAME, square, Piece(owner, kind), BoardOptions())


def outline(group: Group) -> list[tuple[float, float]]:
    """The figure's polygon corners and its circles' extremes (the ink a reader sees as its shape), sheet mm."""
    points: list[tuple[float, float]] = []
    for shape, roles in group.walk():
        if "figure" not in roles:
            continue
        if isinstance(shape, Polygon):
            points.extend(shape.points)
        elif isinstance(shape, Circle):
            (x, y), r = shape.centre, shape.radius
            points.extend([(x - r, y), (x + r, y), (x, y - r), (x, y + r)])
    return points


def test_the_board_is_the_shared_chequerboard_and_its_start_is_the_engines():
    board = XadrezBoard()
    assert isinstance(board, ChequerBoard) and board.is_dark("a1") and not board.is_dark("h1")
    assert dict(board.start_placements()) == dict(XadrezState.initial().placements())
    assert len(START_PIECES) == 32 and START_PIECES["e1"] == Piece(0, "king") and START_PIECES["d8"] == Piece(1, "queen")


def test_every_kind_has_a_figure_of_its_own_inside_its_square():
    shapes = {}
    for kind in KINDS:
        points = outline(piece_group(kind))
        xs, ys = [x for x, _ in points], [y for _, y in points]
        # d4 is board point (3, 3): its square runs from x 25 to 35 mm and y 45 to 55 mm on this frame (y down)
        assert 25.0 < min(xs) and max(xs) < 35.0 and 45.0 < min(ys) and max(ys) < 55.0, kind
        assert max(ys) - min(ys) > 6.5, f"{kind}: a figure fills most of the square's height"
        shapes[kind] = tuple(sorted((round(x, 2), round(y, 2)) for x, y in points))
    assert len(set(shapes.values())) == len(KINDS)
    assert set(FIGURES) == set(KINDS)


def test_the_sides_differ_in_fill_and_a_dark_figure_has_a_light_halo():
    colours = palette.current()
    white, black = piece_group("queen", 0), piece_group("queen", 1)
    fills = lambda g: {s.style.fill for s, roles in g.walk() if isinstance(s, (Polygon, Circle)) and "figure" in roles}
    assert colours.light_piece in fills(white) and colours.dark_piece not in fills(white)
    assert colours.dark_piece in fills(black)
    assert colours.paper in fills(black)  # the halo, drawn under the figure
    assert colours.paper not in fills(white)


def test_setup_draws_the_thirty_two_figures_and_an_empty_board_marks_the_start():
    drawn = XadrezBoard().draw(FRAME, BoardOptions(setup=True))
    pieces = drawn.find("pieces")[0]
    assert len(pieces.children) == 32
    titles = sorted(child.title or "" for child in pieces.children)
    assert "king of player 0 on e1" in titles and "knight of player 1 on g8" in titles
    empty = XadrezBoard().draw(FRAME, BoardOptions())
    marks = empty.find("start-marks")[0]
    assert [len(player.find("figure")) for player in marks.children] == [16, 16]
