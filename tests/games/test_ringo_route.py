"""Ringo move routes: diagram arrows follow the rings sideways and run straight inwards.

The expected shapes come from the board's documented geometry
(docs/notation/ringo.md, games.md section 4.1), not from the code: ring k runs
from radius 0.5 + k to 1.5 + k, so a piece stands at radius 1 + k; segment s is
centred at 90 + 45*s degrees (a up, counter-clockwise); the citadel is the centre.
The positions are those of the booklet diagrams (rules_text/ringo/diagrams.md).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.problems import Problems
from boardgen.drawing.model import Polyline
from boardgen.games.ringo.board import RingoBoard, move_route
from boardgen.games.ringo.rules import RingoState

NEUTRAL = "-/3D3D/5D2/AD6/4A3/2AA1A2/1A4A1 d"  # defender b3 may leap over the attacker on a3
CHAIN = "-/1D4D1/7D/5A2/2A1A3/1A2D1A1/7A d"  # defender e5 takes e4, then f3
CITADEL_CAPTURE = "A/1D6/4D1D1/2A5/4A1A1/3A3A/8 d"  # defender b1 leaps across the citadel onto f1
LETTERS = "abcdefgh"


def expected(name: str) -> tuple[float, float]:
    """Where the documented geometry puts a piece on ``name``."""
    if name == "z":
        return (0.0, 0.0)
    ring, segment = int(name[1]), LETTERS.index(name[0])
    angle = math.radians(90 + 45 * segment)
    return ((1 + ring) * math.cos(angle), (1 + ring) * math.sin(angle))


def same(p, q, tol=1e-6) -> bool:
    return math.dist(p, q) < tol


def radius(p) -> float:
    return math.hypot(*p)


def angle(p) -> float:
    return math.degrees(math.atan2(p[1], p[0])) % 360


def unwrap(angles: list[float]) -> list[float]:
    """Angles made continuous (no jump at 0/360), to check a route turns one way."""
    out = [angles[0]]
    for a in angles[1:]:
        out.append(a + 360 * round((out[-1] - a) / 360))
    return out


def on_segment(p, a, b, tol=1e-6) -> bool:
    """Whether p lies on the straight segment from a to b."""
    ab, ap = (b[0] - a[0], b[1] - a[1]), (p[0] - a[0], p[1] - a[1])
    cross = ab[0] * ap[1] - ab[1] * ap[0]
    t = (ab[0] * ap[0] + ab[1] * ap[1]) / (ab[0] ** 2 + ab[1] ** 2)
    return abs(cross) < tol and -tol <= t <= 1 + tol


def test_sideways_leap_runs_along_its_ring_through_the_jumped_cell():
    move = RingoState.from_text(NEUTRAL).parse_move("b3^h3")
    assert move.path == ("b3", "h3")
    route = RingoBoard().move_route(move.path)
    assert same(route[0], expected("b3")) and same(route[-1], expected("h3"))
    assert len(route) > 10  # a curve, not a chord
    # Every point on the middle circle of ring 3 (the short chords between them stray inside by < 0.03).
    assert all(abs(radius(p) - 4.0) < 1e-5 for p in route)
    # The short way round: from b (135 degrees) clockwise over a3 (90) to h (45), never the long way.
    angles = unwrap([angle(p) for p in route])
    assert angles[0] == pytest.approx(135) and angles[-1] == pytest.approx(45)
    assert angles == sorted(angles, reverse=True)
    assert any(same(p, expected("a3"), 1e-5) for p in route)  # over the jumped cell's middle
    # A straight chord from b3 to h3 would cut into ring 2 (radius 4*cos 45 = 2.8 at its middle).
    assert min(radius(p) for p in route) > 3.95


def test_sideways_step_wraps_the_short_way_and_leaves_room_for_the_arrowhead():
    route = move_route(("h1", "a1"))  # across the wrap from segment h (45 degrees) to a (90)
    assert same(route[0], expected("h1")) and same(route[-1], expected("a1"))
    angles = unwrap([angle(p) for p in route])
    assert angles == sorted(angles) and angles[-1] - angles[0] == pytest.approx(45)
    # Ring 1 is the tightest circle; its end chords must still be long enough for an arrow's trim and head.
    assert math.dist(route[0], route[1]) >= 0.4 and math.dist(route[-2], route[-1]) >= 0.4
    assert all(abs(radius(p) - 2.0) < 0.02 for p in route)


def test_radial_moves_are_straight():
    step = move_route(("e4", "e3"))
    assert len(step) == 2 and same(step[0], expected("e4")) and same(step[1], expected("e3"))
    state = RingoState.from_text("-/1D4D1/2D1D3/2A5/4A3/1A3A2/3A2AA a")  # the booklet's capture c3xc1
    route = move_route(state.parse_move("c3xc1").path)
    assert len(route) == 2 and same(route[0], expected("c3")) and same(route[1], expected("c1"))


def test_chain_goes_in_along_its_segment_then_round_its_ring():
    move = RingoState.from_text(CHAIN).parse_move("e5xe3xg3")
    assert move.path == ("e5", "e3", "g3") and move.captures == ("e4", "f3")
    route = move_route(move.path)
    # Radial first: e5 straight to e3, no point in between.
    assert same(route[0], expected("e5")) and same(route[1], expected("e3"))
    # Then along ring 3 counter-clockwise from e (270 degrees) over f3 (315) to g (360).
    arc = route[1:]
    assert same(arc[-1], expected("g3"))
    assert len(arc) > 10 and all(abs(radius(p) - 4.0) < 1e-5 for p in arc)
    angles = unwrap([angle(p) for p in arc])
    assert angles == sorted(angles) and angles[0] == pytest.approx(270) and angles[-1] == pytest.approx(360)
    assert any(same(p, expected("f3"), 1e-5) for p in arc)


def test_citadel_moves_go_through_the_centre():
    # Into the citadel: straight in along the segment (the leap a2^z passes over a1).
    assert len(move_route(("c1", "z"))) == 2 and same(move_route(("c1", "z"))[-1], (0.0, 0.0))
    leap = move_route(("a2", "z"))
    assert all(on_segment(p, expected("a2"), (0.0, 0.0)) for p in leap)
    # Across it: b1 over the citadel to the opposite f1, through the centre, not round ring 1.
    move = RingoState.from_text(CITADEL_CAPTURE).parse_move("b1xf1")
    route = move_route(move.path)
    assert same(route[0], expected("b1")) and same(route[-1], expected("f1"))
    assert any(same(p, (0.0, 0.0)) for p in route)
    assert all(on_segment(p, expected("b1"), expected("f1")) for p in route)


def test_empty_and_single_paths():
    assert move_route(()) == []
    assert len(move_route(("d3",))) == 1


def test_diagram_arrow_of_a_sideways_leap_follows_the_ring():
    problems = Problems()
    spec = parse_definition("leap", f"position: {NEUTRAL}\nmoves: b3^h3", Path("diagrams.md"), 1, problems)
    checked = check_diagram(spec, Defaults("ringo", None, {}), problems)
    assert checked is not None and not problems, [str(p) for p in problems.items]
    arrow = diagram_sheet(checked, {}).content.find("move-arrow")[0]
    shaft = max((s for s, _ in arrow.walk() if isinstance(s, Polyline)), key=lambda s: len(s.points))
    assert len(shaft.points) > 10
    # On the page (y down) the arc bulges upwards, above both of its ends.
    ys = [y for _, y in shaft.points]
    assert min(ys) < min(shaft.points[0][1], shaft.points[-1][1]) - 3
