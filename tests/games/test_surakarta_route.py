"""Surakarta move routes: diagram arrows run along the circuit and round the loops.

The expected shapes come from games.md section 3.1 (a loop is the 270-degree
arc outside the square, centred on its corner point), not from the code.
"""

from __future__ import annotations

import math
from pathlib import Path

from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.problems import Problems
from boardgen.drawing.model import Polyline
from boardgen.games.surakarta.board import SurakartaBoard, move_route
from boardgen.games.surakarta.rules import SurakartaState

# White on c2, black on a3: c2 goes down to c1, round the large loop around a1, and lands on a3.
ONE_LOOP = "6/6/6/B5/2W3/6 w 0"


def _on_circle(point, centre, radius, tol=1e-6) -> bool:
    return abs(math.hypot(point[0] - centre[0], point[1] - centre[1]) - radius) < tol


def _angle(point, centre) -> float:
    return math.degrees(math.atan2(point[1] - centre[1], point[0] - centre[0])) % 360


def test_one_loop_capture_runs_down_the_column_then_round_the_large_loop():
    move = SurakartaState.from_text(ONE_LOOP).parse_move("c2xa3")
    assert move.path == ("c2", "c1", "a3")
    route = SurakartaBoard().move_route(move.path)
    assert route[0] == (2.0, 1.0)  # c2
    assert route[1] == (2.0, 0.0)  # c1: the straight hop down column c
    assert route[-1] == (0.0, 2.0)  # a3
    loop = route[1:]
    assert len(loop) > 10  # a curve, not a chord
    assert all(_on_circle(p, (0, 0), 2) for p in loop)  # the circle of radius 2 round a1
    # Outside the square: the arc passes below and to the left of a1, through all of
    # 270 degrees (from c1 at 0 degrees, clockwise through 270 and 180, to a3 at 90).
    angles = [_angle(p, (0, 0)) for p in loop[1:-1]]
    assert all(90 < a < 360 for a in angles)
    assert min(angles) < 110 and max(angles) > 350  # the last 0.5 units are a chord for the arrowhead
    assert any(abs(a - 225) < 5 for a in angles)
    assert angles == sorted(angles, reverse=True)  # one way round, never back


def test_route_begins_and_ends_with_segments_long_enough_for_an_arrow():
    # Starting on a loop end (a3 round to c1, then up to c2) and ending on one (c2 to a3).
    for path in (("a3", "c1", "c2"), ("c2", "c1", "a3")):
        route = move_route(path)
        assert math.dist(route[0], route[1]) >= 0.4
        assert math.dist(route[-2], route[-1]) >= 0.4
    back = move_route(("a3", "c1", "c2"))
    assert back[0] == (0.0, 2.0) and back[-1] == (2.0, 1.0)


def test_small_loop_and_steps():
    # The small loop round f1 joins f2 and e1 with radius 1, outside the square.
    route = move_route(("f2", "e1"))
    assert route[0] == (5.0, 1.0) and route[-1] == (4.0, 0.0)
    assert all(_on_circle(p, (5, 0), 1) for p in route)
    assert any(p[0] > 5.5 and p[1] < -0.5 for p in route)  # below and right of f1
    # A step (diagonal too) is one straight hop.
    assert move_route(("c2", "b3")) == [(2.0, 1.0), (1.0, 2.0)]


def test_three_loop_capture_through_its_own_start_visits_every_path_point():
    # The seed's example (docs/notation/surakarta.md): white b2 takes black b1 round three loops.
    move = SurakartaState.from_text("6/6/6/6/WW4/1B4 w 0").parse_move("b2xb1")
    route = move_route(move.path)
    grid_points = [p for p in route if p == (round(p[0]), round(p[1]))]
    names = "abcdef"
    assert [f"{names[int(x)]}{int(y) + 1}" for x, y in grid_points] == list(move.path)
    for corner in ((5, 0), (5, 5), (0, 5)):  # f1, f6, a6
        assert sum(_on_circle(p, corner, 1) and p != (round(p[0]), round(p[1])) for p in route) > 5


def test_diagram_capture_arrow_follows_the_loop():
    problems = Problems()
    spec = parse_definition("one-loop", f"position: {ONE_LOOP}\ncaptures: c2xa3 a3", Path("diagrams.md"), 1, problems)
    checked = check_diagram(spec, Defaults("surakarta", None, {}), problems)
    assert checked is not None and not problems, [str(p) for p in problems.items]
    arrow = diagram_sheet(checked, {}).content.find("capture-arrow")[0]
    shaft = max((s for s, _ in arrow.walk() if isinstance(s, Polyline)), key=lambda s: len(s.points))
    assert len(shaft.points) > 10
    xs = [x for x, _ in shaft.points]
    ys = [y for _, y in shaft.points]
    # In page coordinates (y down) the arrow reaches well left of its start and below it.
    assert min(xs) < shaft.points[-1][0] - 5 and max(ys) > shaft.points[0][1] + 10
