"""The progress bar's time left, on a fake clock: it follows this run's pace, and never freezes while a long file is made.

Before (issue #29) the estimate scaled the expected work by at most four
times its guess (a loaded machine undershot), and a file that ran past its
expected cost counted for nothing, so the clock stood still until it ended.
"""

from __future__ import annotations

import io

import pytest

from boardgen.make.progress import Bar


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def bars():
    """A factory of bars on a fake clock, each ended (its redraw thread stopped) after the test."""
    made: list[Bar] = []

    def bar(costs: dict[str, float], processes: int = 2) -> tuple[Bar, Clock]:
        clock = Clock()
        made.append(Bar(io.StringIO(), clock=clock))
        made[-1].begin(len(costs), processes, sum(costs.values()), costs)
        return made[-1], clock

    yield bar
    for one in made:
        one.end()


def _run(bar: Bar, clock: Clock, names: list[str], seconds: float) -> None:
    """Start ``names`` together and finish them ``seconds`` later."""
    for name in names:
        bar.started(name, bar.costs.get(name, 0.0))
    clock.now += seconds
    for name in names:
        bar.finished(name, [])


def test_the_estimate_follows_a_machine_six_times_slower_than_the_guess(bars):
    names = [f"booklets/b{i}.pdf" for i in range(10)]
    bar, clock = bars({name: 10.0 for name in names})
    assert bar.seconds_left() == pytest.approx(50.0)  # 100 s of work on two processes, as guessed
    _run(bar, clock, names[:2], 60.0)  # each took 60 s: six times the guess
    assert bar.seconds_left() == pytest.approx(8 * 60.0 / 2)  # the 240 s it will take (the old estimate: 160 s, capped at 4x)
    _run(bar, clock, names[2:4], 60.0)
    assert bar.seconds_left() == pytest.approx(180.0)


def test_a_file_past_its_expected_cost_keeps_the_clock_moving(bars):
    names = ["booklets/a.pdf", "booklets/b.pdf"]
    bar, clock = bars({name: 10.0 for name in names}, processes=1)
    bar.started(names[0], 10.0)
    clock.now += 4.0
    assert bar.seconds_left() == pytest.approx(6.0 + 10.0)  # 6 s of it left, and the other file
    shown = []
    for _ in range(6):  # past its 10 s, second after second
        clock.now += 5.0
        shown.append(bar.seconds_left())
    assert all(value is not None and value > 10.0 for value in shown)  # never less than the file not started
    assert shown == sorted(shown) and len(set(shown)) == len(shown)  # it grows at every tick: never frozen


def test_each_folder_goes_at_its_own_pace(bars):
    costs = {f"boards/s{i}.pdf": 0.1 for i in range(4)} | {f"booklets/b{i}.pdf": 10.0 for i in range(4)}
    bar, clock = bars(costs)
    _run(bar, clock, ["boards/s0.pdf", "boards/s1.pdf"], 1.0)  # the boards at ten times their guess
    # booklets not started: nothing measured of their own, so every folder's pace (10x) for now
    assert bar.seconds_left() == pytest.approx((2 * 0.1 * 10 + 4 * 10.0 * 10) / 2)
    _run(bar, clock, ["booklets/b0.pdf", "booklets/b1.pdf"], 15.0)  # the booklets at 1.5 times theirs
    _run(bar, clock, ["boards/s2.pdf", "boards/s3.pdf"], 1.0)
    assert bar.seconds_left() == pytest.approx(2 * 10.0 * 1.5 / 2)  # the booklets' own pace, not the boards'


def test_the_longest_file_being_made_bounds_the_time_left(bars):
    bar, clock = bars({"booklets/long.pdf": 100.0, "boards/a.pdf": 1.0, "boards/b.pdf": 1.0}, processes=2)
    bar.started("booklets/long.pdf", 100.0)
    _run(bar, clock, ["boards/a.pdf", "boards/b.pdf"], 1.0)
    assert bar.seconds_left() == pytest.approx(99.0)  # one process cannot share a file: not 99 / 2
