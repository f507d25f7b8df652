"""The Ringo board as data: counts, names, shapes, colours, adjacency and leaps (games.md §4.1)."""

from __future__ import annotations

import math

import pytest

from boardgen.games.ringo import geometry as geo


def test_forty_nine_cells_citadel_and_six_rings_of_eight():
    assert len(geo.CELLS) == 49
    assert len(set(geo.CELLS)) == 49
    assert geo.CELLS[0] == "z"
    assert len(geo.RING_CELLS) == 48
    rings = {geo.cell_coords(n)[0] for n in geo.RING_CELLS}
    assert rings == {1, 2, 3, 4, 5, 6}


def test_names_are_segment_letter_then_ring_number():
    assert geo.cell_name(1, 0) == "a1"
    assert geo.cell_name(6, 4) == "e6"
    assert geo.cell_name(3, 7) == "h3"
    assert geo.cell_name(0, 0) == "z"
    assert geo.cell_coords("e6") == (6, 4)
    assert geo.cell_coords("z") == (0, None)
    for name in geo.CELLS:
        ring, segment = geo.cell_coords(name)
        assert geo.cell_name(ring, segment or 0) == name
    # The citadel's name can clash with no cell name or move separator.
    assert "z" not in geo.SEGMENT_LETTERS and geo.CITADEL not in "-x^"
    assert not geo.is_cell("i1") and not geo.is_cell("a7") and not geo.is_cell("a0") and not geo.is_cell("A1")
    with pytest.raises(ValueError):
        geo.cell_name(7, 0)


def test_citadel_touches_the_eight_ring_one_cells():
    adjacency = geo.adjacency()
    assert sorted(adjacency["z"]) == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]


def test_adjacency_is_symmetric_and_orthogonal():
    adjacency = geo.adjacency()
    for name, around in adjacency.items():
        assert len(set(around)) == len(around)
        for other in around:
            assert name in adjacency[other]
    # Inner and outer ring cells have four neighbours; ring 6 has three (no ring 7).
    assert sorted(adjacency["c3"]) == ["b3", "c2", "c4", "d3"]
    assert sorted(adjacency["a1"]) == ["a2", "b1", "h1", "z"]
    assert sorted(adjacency["e6"]) == ["d6", "e5", "f6"]
    # Rings are closed: h and a are neighbours.
    assert "a4" in adjacency["h4"]
    # 8 citadel edges + 48 along the rings + 40 radial ring-to-ring.
    edges = {frozenset((a, b)) for a, around in adjacency.items() for b in around}
    assert len(edges) == 8 + 48 + 40


def test_leap_geometry():
    leaps = geo.leap_table()
    assert leaps["e3", geo.INWARD] == ("e2", "e1")
    assert leaps["e2", geo.INWARD] == ("e1", "z")
    assert ("e1", geo.INWARD) not in leaps
    assert leaps["e1", geo.OUTWARD] == ("e2", "e3")
    assert ("e5", geo.OUTWARD) not in leaps
    assert leaps["b3", geo.CW] == ("a3", "h3")  # wraps round through the neutral segment
    assert leaps["h3", geo.CCW] == ("a3", "b3")
    assert leaps["b1", geo.ACROSS] == ("z", "f1")
    assert leaps["a1", geo.ACROSS] == ("z", "e1")
    assert sum(1 for (_, d) in leaps if d == geo.ACROSS) == 8
    # Every leap goes over a neighbour onto a neighbour of that neighbour, in a straight line.
    adjacency = geo.adjacency()
    for (start, _), (over, land) in leaps.items():
        assert over in adjacency[start] and land in adjacency[over] and land != start


def test_start_position_seven_and_four():
    assert geo.START[geo.ATTACKER] == ("b6", "c6", "d6", "e6", "f6", "g6", "h6")
    assert geo.START[geo.DEFENDER] == ("b1", "d1", "f1", "h1")
    cells = geo.cells()
    assert all(cells[n].light and not cells[n].neutral for n in geo.START[geo.DEFENDER])
    assert "a6" not in geo.START[geo.ATTACKER]


def test_checker_colours_and_neutral_segment():
    cells = geo.cells()
    assert cells["z"].light and cells["z"].shade == "citadel"
    assert [cells[f"a{k}"].light for k in range(1, 7)] == [False, True, False, True, False, True]
    assert cells["a1"].shade == "neutral-dark" and cells["a2"].shade == "neutral-light"
    assert cells["b1"].shade == "light" and cells["c1"].shade == "dark"
    assert [n for n, c in cells.items() if c.neutral] == ["a1", "a2", "a3", "a4", "a5", "a6"]
    assert sum(1 for c in cells.values() if c.ring and c.light) == 24
    # Neighbouring ring cells always differ in colour (closed rings of even length keep the checker).
    for name, around in geo.adjacency().items():
        for other in around:
            if "z" not in (name, other):
                assert cells[name].light != cells[other].light
    region = geo.neutral_region()
    assert region.cells == geo.NEUTRAL_CELLS
    assert (region.r_inner, region.r_outer) == (1.5, 7.5)
    assert (region.start_deg, region.end_deg) == (67.5, 112.5)


def test_sectors_citadel_radius_and_neutral_at_the_top():
    cells = geo.cells()
    assert cells["z"].sector == (0.0, 1.5, 0.0, 360.0)
    assert cells["a1"].sector == (1.5, 2.5, 67.5, 112.5)
    assert cells["a6"].sector == (6.5, 7.5, 67.5, 112.5)
    assert cells["c4"].sector == (4.5, 5.5, 157.5, 202.5)  # segment c points left (180°)
    assert cells["e2"].sector == (2.5, 3.5, 247.5, 292.5)  # segment e points down
    assert cells["g1"].sector == (1.5, 2.5, 337.5, 382.5)  # segment g points right, across 0°
    for cell in cells.values():
        assert cell.end_deg - cell.start_deg == pytest.approx(45.0 if cell.ring else 360.0)
        assert 0.0 <= cell.start_deg < 360.0
    # Label points sit inside their cells.
    for cell in cells.values():
        x, y = cell.label
        r = math.hypot(x, y)
        assert cell.r_inner <= r <= cell.r_outer
        if cell.ring:
            angle = math.degrees(math.atan2(y, x)) % 360.0
            offset = (angle - cell.start_deg) % 360.0
            assert 0 < offset < 45
    x, y = cells["a3"].label
    assert x == pytest.approx(0.0, abs=1e-12) and y == pytest.approx(4.0)


def test_seven_circles_and_eight_spokes_that_stop_at_the_citadel():
    circles = geo.circles()
    assert [c.radius for c in circles] == [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]
    assert [c.role for c in circles] == ["citadel"] + ["ring"] * 5 + ["rim"]
    spokes = geo.spokes()
    assert len(spokes) == 8 and all(s.role == "spoke" for s in spokes)
    for spoke in spokes:
        assert math.hypot(*spoke.a) == pytest.approx(1.5)
        assert math.hypot(*spoke.b) == pytest.approx(7.5)
    # The spokes border the neutral segment at 67.5° and 112.5°.
    angles = sorted(geo.spoke_angles())
    assert angles == [22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5]
    assert geo.bounds() == (-7.5, -7.5, 7.5, 7.5)


def test_geometry_object_mirrors_the_module():
    g = geo.GEOMETRY
    assert g.names == geo.CELLS
    assert len(g.arcs) == 7 and len(g.lines) == 8
    assert g.neighbours("z") == geo.adjacency()["z"]
    assert g.contains("h6") and not g.contains("z1")
    assert g.neutral.name == "neutral"
