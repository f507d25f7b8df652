"""The Assalto board as games.md 6.1 describes it: counts, lines, fortress and start position."""

from __future__ import annotations

from boardgen.games.assalto import geometry as geo


def test_thirty_three_points_in_a_cross():
    assert len(geo.POINTS) == 33
    # the 7 x 7 square minus its four 2 x 2 corners
    corners = [(x, y) for x in range(7) for y in range(7) if (x < 2 or x > 4) and (y < 2 or y > 4)]
    assert len(corners) == 16
    assert set(geo.POINTS.values()) == {(x, y) for x in range(7) for y in range(7)} - set(corners)
    assert geo.POINTS["a3"] == (0, 2) and geo.POINTS["d4"] == (3, 3) and geo.POINTS["e7"] == (4, 6)
    assert "a1" not in geo.POINTS and "b6" not in geo.POINTS and "g7" not in geo.POINTS


def test_fifty_two_orthogonal_segments_all_unit_and_distinct():
    segments = geo.ORTHOGONAL_SEGMENTS
    assert len(segments) == 52
    assert len({frozenset(s) for s in segments}) == 52
    for a, b in segments:
        (x0, y0), (x1, y1) = geo.POINTS[a], geo.POINTS[b]
        assert abs(x1 - x0) + abs(y1 - y0) == 1


def test_twenty_diagonal_segments_of_the_alternating_pattern():
    segments = geo.DIAGONAL_SEGMENTS
    assert len(segments) == 20
    assert len({frozenset(s) for s in segments}) == 20
    for a, b in segments:
        (x0, y0), (x1, y1) = geo.POINTS[a], geo.POINTS[b]
        assert abs(x1 - x0) == abs(y1 - y0) == 1
        assert (x0 + y0) % 2 == 0 and (x1 + y1) % 2 == 0
    with_diagonals = {p for s in segments for p in s}
    assert with_diagonals == set("c1 e1 d2 a3 c3 e3 g3 b4 d4 f4 a5 c5 e5 g5 d6 c7 e7".split())


def test_the_six_diagonal_lines_cover_exactly_the_diagonal_segments():
    assert [len(line) for line in geo.DIAGONAL_LINES] == [5, 5, 5, 5, 3, 3]
    from_lines = {frozenset(pair) for line in geo.DIAGONAL_LINES for pair in zip(line, line[1:])}
    assert from_lines == {frozenset(s) for s in geo.DIAGONAL_SEGMENTS}


def test_lines_carry_roles_for_the_drawing():
    roles = [role for _a, _b, role in geo.LINES]
    assert roles.count("orthogonal") == 52 and roles.count("diagonal") == 20
    assert all(a in geo.POINTS and b in geo.POINTS for a, b, _role in geo.LINES)


def test_fortress_is_the_top_nine_points():
    assert sorted(geo.FORTRESS) == sorted("c5 d5 e5 c6 d6 e6 c7 d7 e7".split())
    assert set(geo.fortress_outline()) == {(2, 4), (4, 4), (4, 6), (2, 6)}
    assert geo.fortress_outline(0.5)[0] == (1.5, 3.5)
    # the wall is the eight unit segments around the 3 x 3 block
    assert len(geo.FORTRESS_WALL) == 8
    assert all(a in geo.FORTRESS and b in geo.FORTRESS for a, b in geo.FORTRESS_WALL)
    assert ("d5", "d6") not in geo.FORTRESS_WALL


def test_start_position_24_pawns_outside_and_2_officers_inside():
    assert len(geo.PAWN_START) == 24 and len(set(geo.PAWN_START)) == 24
    assert not set(geo.PAWN_START) & set(geo.FORTRESS)
    assert set(geo.PAWN_START) | set(geo.FORTRESS) == set(geo.POINTS)
    assert geo.OFFICER_START == ("c6", "e6")
    assert all(p in geo.FORTRESS for p in geo.OFFICER_START)


def test_adjacency_is_symmetric_and_counts_segments():
    for pattern, diagonals in (("alternating", 20), ("all", 44)):
        near = geo.neighbours(pattern)
        for a, others in near.items():
            for b in others:
                assert a in near[b]
        assert sum(len(v) for v in near.values()) == 2 * (52 + diagonals)
    near = geo.neighbours()
    assert set(near["d4"]) == set("d5 e4 d3 c4 e5 e3 c3 c5".split())
    assert set(near["d3"]) == set("d4 e3 d2 c3".split())  # odd point: orthogonal only
    assert set(near["c1"]) == {"d1", "c2", "d2"}


def test_rays_follow_drawn_lines_to_their_ends():
    rays = dict(geo.rays()["a3"])
    assert rays[(1, 1)] == ("b4", "c5", "d6", "e7")
    assert rays[(1, 0)] == ("b3", "c3", "d3", "e3", "f3", "g3")
    assert (1, -1) not in rays and (0, -1) not in rays
    assert dict(geo.rays()["d4"])[(1, 1)] == ("e5",)  # the short c3-d4-e5 line stops at e5
    assert (1, 1) not in dict(geo.rays()["c4"])  # no diagonal through an odd point
    # with diagonals everywhere, the ray from c4 runs up-right through d5 and e6
    assert dict(geo.rays("all")["c4"])[(1, 1)] == ("d5", "e6")


def test_distance_to_fortress():
    assert geo.distance2_to_fortress("d6") == 0
    assert geo.distance2_to_fortress("a5") == 4
    assert geo.distance2_to_fortress("c1") == 16
    assert geo.distance2_to_fortress("a3") == 8
