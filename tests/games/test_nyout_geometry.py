"""The Nyout board as data: 29 stations after Culin (games.md 8.1), the routes, the trays, the drawing's sizes."""

from __future__ import annotations

import math

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle
from boardgen.games.nyout import geometry as geo
from boardgen.games.nyout.board import NyoutBoard


def test_twenty_nine_stations_and_two_trays() -> None:
    assert len(geo.OUTER) == 20 and len(geo.ARMS) == 8
    assert len(geo.STATIONS) == 29 and len(set(geo.STATIONS)) == 29
    assert geo.PLACE_NAMES == geo.STATIONS + ("start", "off")
    assert set(NyoutBoard().locations()) == set(geo.PLACE_NAMES)


def test_outer_stations_run_counter_clockwise_from_just_left_of_the_top() -> None:
    """o01 just left of the top; o05 West, o10 South, o15 East, o20 North (games.md 8.1)."""
    x, y = geo.station_centre("o01")
    assert x < 0 and y > 0 and abs(x) < y
    compass = {"o05": (-1, 0), "o10": (0, -1), "o15": (1, 0), "o20": (0, 1)}
    for name, (ux, uy) in compass.items():
        px, py = geo.station_centre(name)
        assert px == pytest.approx(ux * geo.RADIUS, abs=1e-9) and py == pytest.approx(uy * geo.RADIUS, abs=1e-9)
    loop = [geo.station_centre(name) for name in geo.OUTER]
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]))
    assert area > 0  # the shoelace formula: counter-clockwise


def test_the_cross_lies_on_the_two_diameters_with_index_1_next_to_the_rim() -> None:
    for arm, rim in (("w", "o05"), ("s", "o10"), ("e", "o15"), ("n", "o20")):
        rx, ry = geo.station_centre(rim)
        one, two = geo.station_centre(f"{arm}1"), geo.station_centre(f"{arm}2")
        assert one == pytest.approx((rx * 2 / 3, ry * 2 / 3)) and two == pytest.approx((rx / 3, ry / 3))
    assert geo.station_centre("c") == (0.0, 0.0)


def test_lines_join_each_station_to_its_neighbours() -> None:
    near = geo.neighbours()
    assert near["o01"] == {"o20", "o02"}
    assert near["o05"] == {"o04", "o06", "w1"}
    assert near["c"] == {"w2", "s2", "e2", "n2"}
    assert near["n1"] == {"n2", "o20"}
    assert sum(len(v) for v in near.values()) == 2 * (20 + 12)  # 20 circle steps + 3 per arm


def test_routes_end_at_north_and_shortcuts_cross_the_centre() -> None:
    assert geo.WEST_SHORTCUT == ("o05", "w1", "w2", "c", "n2", "n1", "o20")
    assert geo.SOUTH_SHORTCUT == ("o10", "s1", "s2", "c", "n2", "n1", "o20")
    for route in (geo.MAIN, geo.WEST_SHORTCUT, geo.SOUTH_SHORTCUT, geo.WEST_ACROSS, geo.CENTRE_NORTH):
        assert route[-1] == "o20"
        near = geo.neighbours()
        assert all(b in near[a] for a, b in zip(route, route[1:]))  # every step follows a drawn line
    assert len(geo.WEST_ACROSS) > len(geo.WEST_SHORTCUT)  # Culin's way from West is longer


def test_stations_do_not_touch_and_large_ones_are_larger() -> None:
    where = geo.locations()
    for a in geo.STATIONS:
        for b in geo.STATIONS:
            if a < b:
                gap = math.dist(where[a], where[b]) - geo.diameter(a) / 2 - geo.diameter(b) / 2
                assert gap > 0.1, (a, b, gap)
    assert {n for n in geo.STATIONS if geo.diameter(n) > 1} == {"o05", "o10", "o15", "o20", "c"}


def test_trays_stand_clear_of_the_stations() -> None:
    w, h = geo.TRAY_SIZE
    for tray in geo.TRAYS:
        tx, ty = geo.tray_centre(tray)
        for name in geo.STATIONS:
            x, y = geo.station_centre(name)
            dx, dy = max(abs(x - tx) - w / 2, 0.0), max(abs(y - ty) - h / 2, 0.0)
            assert math.hypot(dx, dy) > geo.diameter(name) / 2 + 0.1, (tray, name)
    assert geo.tray_centre("start")[0] < geo.station_centre("o01")[0] < 0 < geo.tray_centre("off")[0]


def test_drawing_has_29_stations_five_of_them_large() -> None:
    frame = Frame(10.0, (100.0, 100.0))
    drawn = NyoutBoard().draw_board(frame, BoardOptions())
    plain, large = drawn.find("station"), drawn.find("station-large")
    assert len(plain) == 24 and len(large) == 5
    outer = {round(max(s.radius for s in g.children if isinstance(s, Circle)), 3) for g in plain + large}
    assert outer == {5.0, 6.5}  # plain 1.0 unit, large 1.3 units across, at 10 mm a unit
    assert all(len(g.children) == 2 for g in large)  # a second ring inside the large ones


def test_the_sheet_says_which_coins_fit() -> None:
    assert NyoutBoard().piece_words(17.0, "en") == "coins or buttons up to 16 mm"
    assert NyoutBoard().piece_words(17.0, "pt") == "moedas ou botões de até 16 mm"
