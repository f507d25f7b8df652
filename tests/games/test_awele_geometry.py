"""The Awelé board as data: twelve pits in sowing order, two stores, the laps that skip the origin."""

from __future__ import annotations

import pytest

from boardgen.games.awele import geometry as geo
from boardgen.games.awele.board import AweleBoard
from boardgen.games.awele.rules import AweleState


def test_twelve_pits_and_two_stores() -> None:
    assert len(geo.PIT_NAMES) == 12 and len(set(geo.PIT_NAMES)) == 12
    assert geo.PLACE_NAMES == geo.PIT_NAMES + ("south", "north")
    assert geo.SEED_COUNT == 48 and geo.MAJORITY == 25
    assert AweleState.point_names() == geo.PLACE_NAMES
    assert set(AweleBoard().locations()) == set(geo.PLACE_NAMES)


def test_the_sowing_order_runs_counter_clockwise() -> None:
    """South's row left to right, then North's right to left as South sees it (games.md 9.1)."""
    assert geo.PIT_NAMES == ("a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2")
    where = geo.locations()
    loop = [where[name] for name in geo.PIT_NAMES]
    # the shoelace formula: a positive area is a counter-clockwise loop (x right, y up)
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]))
    assert area > 0


def test_rows_owners_and_opposite_pits() -> None:
    assert [geo.PIT_NAMES[i] for i in geo.row(0)] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    assert [geo.PIT_NAMES[i] for i in geo.row(1)] == ["f2", "e2", "d2", "c2", "b2", "a2"]
    assert [geo.owner(i) for i in range(12)] == [0] * 6 + [1] * 6
    for i, name in enumerate(geo.PIT_NAMES):
        facing = geo.PIT_NAMES[geo.opposite(i)]
        assert facing[0] == name[0] and facing[1] != name[1]  # same column, other row
        assert geo.pit_centre(i)[0] == geo.pit_centre(geo.opposite(i))[0]


def test_each_store_lies_at_its_owners_right() -> None:
    where = geo.locations()
    assert where["south"][0] > where["f1"][0]  # South faces up the page: his right is the page's right
    assert where["north"][0] < where["a2"][0]  # North faces down: his right is the page's left


@pytest.mark.parametrize(
    ("origin", "seeds", "expected"),
    [
        ("e1", 3, ("f1", "f2", "e2")),
        ("a2", 2, ("a1", "b1")),  # from North's last pit round to South's first
        ("a1", 11, geo.PIT_NAMES[1:]),  # one whole lap without coming back
        ("a1", 12, geo.PIT_NAMES[1:] + ("b1",)),  # the 12th seed passes a1 by
        ("c1", 23, geo.PIT_NAMES[3:] + geo.PIT_NAMES[:2] + geo.PIT_NAMES[3:] + geo.PIT_NAMES[:2] + ("d1",)),
    ],
)
def test_sowing_skips_the_origin_on_every_lap(origin: str, seeds: int, expected: tuple[str, ...]) -> None:
    order = geo.sowing_order(geo.PIT_INDEX[origin], seeds)
    assert tuple(geo.PIT_NAMES[p] for p in order) == expected
    assert geo.PIT_INDEX[origin] not in order
