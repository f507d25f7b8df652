"""Surakarta board data: the counts of issue 3 and games.md section 3.1, checked from geometry alone."""

from __future__ import annotations

import math
from collections import Counter

from boardgen.games.surakarta import geometry as geo


def test_points_are_the_6x6_grid_named_from_a1():
    assert len(geo.POINTS) == 36
    assert geo.POINTS["a1"] == (0, 0)
    assert geo.POINTS["f1"] == (5, 0)
    assert geo.POINTS["a6"] == (0, 5)
    assert geo.POINTS["f6"] == (5, 5)
    assert geo.POINTS["c4"] == (2, 3)
    assert set(geo.POINT_NAMES) == set(geo.POINTS)


def test_sixty_straight_segments_twenty_per_role():
    assert len(geo.LINES) == 60
    assert len({frozenset((s.a, s.b)) for s in geo.LINES}) == 60
    assert Counter(s.role for s in geo.LINES) == {geo.PLAIN: 20, geo.INNER: 20, geo.OUTER: 20}
    for s in geo.LINES:
        (ax, ay), (bx, by) = geo.POINTS[s.a], geo.POINTS[s.b]
        assert abs(ax - bx) + abs(ay - by) == 1  # unit, never diagonal


def test_edge_lines_are_plain_and_circuit_lines_sit_where_games_md_says():
    def role_of(a: str, b: str) -> str:
        return next(s.role for s in geo.LINES if {s.a, s.b} == {a, b})

    assert role_of("a1", "b1") == geo.PLAIN  # row 1
    assert role_of("f3", "f4") == geo.PLAIN  # column f
    assert role_of("c2", "d2") == geo.INNER  # row 2
    assert role_of("e3", "e4") == geo.INNER  # column e
    assert role_of("a3", "b3") == geo.OUTER  # row 3
    assert role_of("d5", "d6") == geo.OUTER  # column d


def test_eight_loops_four_small_four_large_joining_the_right_points():
    assert len(geo.ARCS) == 8
    ends = {(a.corner, a.radius): frozenset(a.ends) for a in geo.ARCS}
    assert ends[("a1", 1)] == {"a2", "b1"}
    assert ends[("a1", 2)] == {"a3", "c1"}
    assert ends[("f1", 1)] == {"e1", "f2"}
    assert ends[("f1", 2)] == {"d1", "f3"}
    assert ends[("a6", 1)] == {"a5", "b6"}
    assert ends[("a6", 2)] == {"a4", "c6"}
    assert ends[("f6", 1)] == {"f5", "e6"}
    assert ends[("f6", 2)] == {"f4", "d6"}
    for arc in geo.ARCS:
        assert arc.role == (geo.INNER if arc.radius == 1 else geo.OUTER)


def test_each_loop_is_270_degrees_outside_the_square_and_ends_on_its_points():
    for arc in geo.ARCS:
        assert arc.end_deg - arc.start_deg == 270
        cx, cy = arc.centre
        assert (cx, cy) == geo.POINTS[arc.corner]
        for angle, end in zip((arc.start_deg, arc.end_deg), arc.ends):
            x = cx + arc.radius * math.cos(math.radians(angle))
            y = cy + arc.radius * math.sin(math.radians(angle))
            assert (round(x, 9), round(y, 9)) == geo.POINTS[end]
        # the middle of the arc points diagonally away from the board centre
        mid = math.radians((arc.start_deg + arc.end_deg) / 2)
        mx, my = cx + arc.radius * math.cos(mid), cy + arc.radius * math.sin(mid)
        assert not (0 <= mx <= 5 and 0 <= my <= 5)
        assert abs(abs(mx - cx) - abs(my - cy)) < 1e-9
        # tangential meeting: at each end the arc's tangent runs along the grid line there
        for angle in (arc.start_deg, arc.end_deg):
            assert angle % 90 == 0


def test_circuits_have_24_positions_four_doubled_points_and_no_corner():
    for circuit in geo.CIRCUITS:
        assert len(circuit.points) == 24
        counts = Counter(circuit.points)
        assert sorted(counts.values()) == [1] * 16 + [2] * 4
        assert len(circuit.loop_after) == 4
        assert not set(geo.CORNERS) & set(circuit.points)
    assert geo.INNER_CIRCUIT.doubled == {"b2", "e2", "b5", "e5"}
    assert geo.OUTER_CIRCUIT.doubled == {"c3", "d3", "c4", "d4"}


def test_circuit_sequences_match_games_md():
    assert " ".join(geo.INNER_CIRCUIT.points) == (
        "a2 b2 c2 d2 e2 f2 e1 e2 e3 e4 e5 e6 f5 e5 d5 c5 b5 a5 b6 b5 b4 b3 b2 b1"
    )
    assert " ".join(geo.OUTER_CIRCUIT.points) == (
        "a3 b3 c3 d3 e3 f3 d1 d2 d3 d4 d5 d6 f4 e4 d4 c4 b4 a4 c6 c5 c4 c3 c2 c1"
    )
    assert set(map(frozenset, geo.INNER_CIRCUIT.loop_pairs)) == {
        frozenset(p) for p in (("f2", "e1"), ("e6", "f5"), ("a5", "b6"), ("b1", "a2"))
    }
    assert set(map(frozenset, geo.OUTER_CIRCUIT.loop_pairs)) == {
        frozenset(p) for p in (("f3", "d1"), ("d6", "f4"), ("a4", "c6"), ("c1", "a3"))
    }


def test_every_circuit_hop_is_a_drawn_segment_or_loop_of_that_circuit():
    for circuit in geo.CIRCUITS:
        lines = {frozenset((s.a, s.b)) for s in geo.LINES if s.role == circuit.role}
        loops = {frozenset(a.ends) for a in geo.ARCS if a.role == circuit.role}
        pts = circuit.points
        hops = [frozenset((pts[i], pts[(i + 1) % 24])) for i in range(24)]
        for i, hop in enumerate(hops):
            assert hop in (loops if i in circuit.loop_after else lines)
        # every drawn piece of the circuit is travelled exactly once
        assert Counter(hops) == Counter(list(lines) + list(loops))


def test_every_non_corner_point_is_on_a_circuit_and_eight_are_on_both():
    inner, outer = set(geo.INNER_CIRCUIT.points), set(geo.OUTER_CIRCUIT.points)
    assert inner | outer == set(geo.POINTS) - set(geo.CORNERS)
    assert inner & outer == {"c2", "d2", "c5", "d5", "b3", "b4", "e3", "e4"}


def test_route_pieces_tell_loops_from_lines():
    pieces = geo.route_pieces(("c2", "c1", "a3", "b3"))
    assert pieces[0] == ("line", ("c2", "c1"))
    assert pieces[1][0] == "loop" and pieces[1][1].corner == "a1" and pieces[1][1].radius == 2
    assert pieces[2] == ("line", ("a3", "b3"))


def test_adjacency_is_eight_directions_and_symmetric():
    assert set(geo.NEIGHBOURS["c3"]) == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    assert set(geo.NEIGHBOURS["a1"]) == {"a2", "b1", "b2"}
    assert len(geo.NEIGHBOURS["a3"]) == 5
    for p, around in geo.NEIGHBOURS.items():
        for q in around:
            assert p in geo.NEIGHBOURS[q]
    assert sum(len(v) for v in geo.NEIGHBOURS.values()) == 2 * (60 + 50)  # 60 orthogonal + 50 diagonal pairs


def test_start_position_twelve_each_on_the_outer_two_rows():
    assert len(geo.START_POINTS[0]) == len(geo.START_POINTS[1]) == 12
    assert {geo.POINTS[p][1] for p in geo.START_POINTS[0]} == {0, 1}
    assert {geo.POINTS[p][1] for p in geo.START_POINTS[1]} == {4, 5}
    assert len(geo.START_POSITION) == 24
    assert not any(geo.POINTS[p][1] in (2, 3) for p in geo.START_POSITION)
