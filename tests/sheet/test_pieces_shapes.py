"""The shared piece shapes, tested on their own: what the games being added (backgammon, Nyout)
will declare, and the pieces every game uses (discs, squares, tents, fold-over pairs)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from boardgen.boards.pieces import CUBE_FACES, SEAT_ROLES, checkers, disc, doubling_cube_net, horses, stone_face, tent, throw_stick, turned
from boardgen.drawing import palette
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.model import Circle, Group, Line, Polygon, Polyline, Sheet, Text
from boardgen.drawing.pdf import render_pdf
from boardgen.sheets.paper import MARGIN_MM

from .measure import ink_box_mm, rasterise_pdf


def _texts(group: Group) -> list[str]:
    return [s.text for s, _ in group.walk() if isinstance(s, Text)]


def test_backgammon_has_fifteen_checkers_a_side_in_two_colours_and_patterns() -> None:
    pieces = checkers(24.0)
    owners = [c.title.rsplit(" ", 1)[-1] for c in pieces]
    assert owners.count("0") == 15 and owners.count("1") == 15
    colours = palette.current()
    light, dark = pieces[0].draw(0, 0, False), pieces[-1].draw(0, 0, False)
    fills = lambda g: {s.style.fill for s, _ in g.walk() if hasattr(s, "style") and s.style.fill}  # noqa: E731
    hatched = lambda g: any(getattr(s, "style", None) is not None and s.style.hatch for s, _ in g.walk())  # noqa: E731
    assert colours.light_piece in fills(light) and colours.dark_piece in fills(dark)
    assert hatched(dark) and not hatched(light)  # the second player's pattern, so grey prints tell them apart


def _cube_parts(side: float = 20.0) -> tuple[Group, list[str], Group, Group, Group]:
    net = doubling_cube_net(side).draw(0.0, 0.0, False)
    return net, _texts(net.find("face")[0]), net.find("cut")[0], net.find("fold")[0], net.find("glue")[0]


def test_the_doubling_cube_net_has_six_faces_seven_glue_tabs_and_folds_into_a_cube() -> None:
    side = 20.0
    net, faces, cuts, folds, glue = _cube_parts(side)
    assert sorted(faces, key=int) == ["2", "4", "8", "16", "32", "64"]
    assert len(glue.children) == 7  # a cross-shaped net has 14 free edges: 7 pairs, one tab each
    assert len(folds.children) == 5 + 7  # five face-to-face edges, and each tab's hinge
    # every free edge is cut once: 7 plain cut edges, 7 tabs cut along three sides
    assert sum(isinstance(c, Line) for c in cuts.children) == 7 and sum(isinstance(c, Polyline) for c in cuts.children) == 7
    # opposite faces as on a real cube: 2-64, 4-32, 8-16 (the column's faces 1 and 3, 2 and 4; the two wings)
    column = CUBE_FACES[:4]
    assert {column[0], column[2]} == {"2", "64"} and {column[1], column[3]} == {"4", "32"} and set(CUBE_FACES[4:]) == {"8", "16"}
    box = ink_bounds(net)
    assert box is not None and box[2] - box[0] <= 3 * side + 0.3 and box[3] - box[1] <= 4 * side + 0.22 * side + 0.3


def test_nyout_throw_sticks_fold_into_a_marked_face_and_a_plain_one() -> None:
    sticks = [throw_stick() for _ in range(4)]
    assert len(sticks) == 4
    drawn = sticks[0].draw(10.0, 10.0, False)
    fold = drawn.find("fold")[0].children[0]
    assert isinstance(fold, Line) and fold.start[0] == fold.end[0]
    middle = fold.start[0]
    cut = ink_bounds(drawn.find("cut")[0])
    assert cut is not None and middle - cut[0] == pytest.approx(cut[2] - middle, abs=0.01)  # two equal faces
    marks = ink_bounds(drawn.find("face")[0])
    assert marks is not None and marks[2] < middle  # the marks on one face only: the other is plain


def test_nyout_horses_are_numbered_in_up_to_four_seat_colours_and_patterns() -> None:
    tokens = horses(16.0, seats=4, per_seat=4)
    assert len(tokens) == 16
    colours = palette.current()
    seats = {}
    for token in tokens:
        drawn = token.draw(0.0, 0.0, False)
        numbers = _texts(drawn)
        seat = int(token.title.rsplit(" ", 1)[-1])
        fills = [s.style.fill for s, _ in drawn.walk() if isinstance(s, Circle) and s.style.fill]
        patterns = tuple(sorted((round(s.style.hatch.angle), s.style.dash != ()) for s, _ in drawn.walk() if isinstance(s, Circle) and s.style.hatch))
        dashes = tuple(s.style.dash for s, _ in drawn.walk() if isinstance(s, Circle) and s.style.dash)
        seats.setdefault(seat, set()).add((fills[0], patterns, dashes))
        assert numbers and numbers[0] in {"1", "2", "3", "4"}
    assert [getattr(colours, SEAT_ROLES[s]) for s in range(4)] == [next(iter(seats[s]))[0] for s in range(4)]
    assert len({next(iter(seats[s]))[1:] for s in range(4)}) == 4  # each seat its own pattern too
    with pytest.raises(ValueError):
        horses(16.0, seats=5)


def test_a_tents_back_face_is_its_front_turned_half_a_turn() -> None:
    face = stone_face("dark_piece", 1, "crown")
    drawn = tent(face, 18.0, 22.0, 8.0).draw(0.0, 0.0, False)
    shapes = [s for s, _ in drawn.find("face")[0].walk()]
    half = len(shapes) // 2
    back, front = shapes[:half], shapes[half:]
    crown_back = next(s for s in back if isinstance(s, Polygon))
    crown_front = next(s for s in front if isinstance(s, Polygon))
    # the back's crown is the front's turned half a turn about the middle between the faces' centres... less the shift
    expected = turned([crown_front], (9.0, 22.0))[0]  # about the fold between the two faces
    assert isinstance(expected, Polygon)
    assert all(math.isclose(a[0], b[0], abs_tol=1e-9) and math.isclose(a[1], b[1], abs_tol=1e-9) for a, b in zip(crown_back.points, expected.points))
    ys_back = [p[1] for p in crown_back.points]
    ys_front = [p[1] for p in crown_front.points]
    # the front crown's tips are at its top (small y); the back's at its bottom
    assert min(ys_front) == ys_front[1] and max(ys_back) == ys_back[1]


def test_the_shared_shapes_print_inside_the_margins_and_at_their_size(tmp_path: Path) -> None:
    """A sheet of every accessory for the games to come, rasterised: the cube measures 3 faces across."""
    side = 20.0
    content = Group("sheet")
    x = MARGIN_MM + 2
    net = doubling_cube_net(side)
    content.add(net.draw(x, MARGIN_MM + 2, False))
    for k, stick in enumerate(throw_stick() for _ in range(4)):
        content.add(stick.draw(x + 3 * side + 5 + k * 31, MARGIN_MM + 2, False))
    for k, horse in enumerate(horses(14.0)):
        content.add(horse.draw(x + (k % 8) * 17, 110 + (k // 8) * 17, False))
    for k, checker in enumerate(checkers(24.0)[:7] + checkers(24.0)[15:22]):
        content.add(checker.draw(x + (k % 7) * 26, 150 + (k // 7) * 27, False))
    pdf = tmp_path / "shapes.pdf"
    pdf.write_bytes(render_pdf(Sheet(210.0, 297.0, content)))
    image = rasterise_pdf(pdf, 200)
    box = ink_box_mm(image, 200, (0, 0, 210, 297))
    assert box is not None and box[0] >= MARGIN_MM and box[2] <= 210 - MARGIN_MM and box[3] <= 297 - MARGIN_MM
    cube = ink_box_mm(image, 200, (x - 1, MARGIN_MM + 1, x + 3 * side + 1, MARGIN_MM + 2 + 4 * side + 6))
    assert cube is not None and cube[2] - cube[0] == pytest.approx(3 * side, abs=0.4)


def _plan(counts: dict[tuple[int, str], int]):
    from boardgen.registry import get_game
    from boardgen.sheets.pieces import PiecePlan

    return PiecePlan(get_game("hex"), 14.0, 12.0, 14.0, ("{}", "{}"), counts, True)


def test_the_backgammon_style_gives_the_engines_checkers_and_a_cube_net() -> None:
    """What gamao's declaration (PieceSet(style="backgammon")) will get once the lead wires it."""
    from boardgen.boards.pieces import PieceSet
    from boardgen.sheets.pieces import CUBE_SIDE_MM, _sections

    sections = _sections(None, PieceSet(style="backgammon"), _plan({(0, "checker"): 15, (1, "checker"): 15}), False)  # type: ignore[arg-type]
    checkers_, cube = sections
    assert [c.title for c in checkers_.cutouts].count("checker of player 0") == 15 and len(checkers_.cutouts) == 30
    assert all(c.width == 12.0 for c in checkers_.cutouts)
    assert len(cube.cutouts) == 1 and cube.cutouts[0].title == "doubling cube net" and cube.cutouts[0].footprint == CUBE_SIDE_MM


def test_the_nyout_style_numbers_each_seats_horses_and_adds_four_sticks() -> None:
    from boardgen.boards.pieces import PieceSet
    from boardgen.sheets.pieces import _sections

    counts = {(0, "horse"): 4, (1, "horse"): 4, (2, "horse"): 3, (3, "horse"): 2}
    horses_, sticks = _sections(None, PieceSet(style="nyout"), _plan(counts), False)  # type: ignore[arg-type]
    numbers = [(c.title, _texts(c.draw(0.0, 0.0, False))[-1]) for c in horses_.cutouts]
    assert numbers[:4] == [("horse of player 0", str(n)) for n in (1, 2, 3, 4)]
    assert [n for t, n in numbers if t == "horse of player 3"] == ["1", "2"]
    assert len(sticks.cutouts) == 4 and all(c.draw(0.0, 0.0, False).find("fold") for c in sticks.cutouts)
