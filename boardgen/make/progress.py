"""What a build says while it runs: ``wrote PATH`` lines, or one progress bar on a terminal.

The build reports events (:class:`Reporter`); how they look is chosen by the
command line:

* :class:`Lines` logs ``wrote PATH`` and ``removed PATH`` at INFO on logger
  ``boardgen``, as every command reports its files (``-q`` hides them);
* :class:`Bar` redraws one line on a terminal's stderr: files done out of the
  files to make, what is being made now, and the time left.  It is redrawn
  twice a second by a thread of its own, so the clock moves while a long
  booklet is typeset; a warning logged meanwhile clears the bar first, so the
  two never share a line.

The time left is an estimate of the work not yet done over the worker
processes, worked out again at every redraw from what this run has measured:

* each file's expected cost is its seconds from the last build that made it,
  else a guess by kind, times how long the files of its folder (``boards/``,
  ``booklets/``...) finished so far took against their own expected cost
  (the files of every folder when none of its own has finished): a loaded
  machine makes every job slower, and the estimate follows it whatever the
  factor, where it once stopped at four times and undershot;
* a file being made counts for its expected cost less the time it has run,
  and never for less than a quarter of the time it has run: it is not done,
  so its share never drops to nothing (the estimate once froze there while
  a long booklet was typeset), and grows while it runs past its cost;
* the time left is that work over the processes, and never less than the
  longest share of a file being made (one process cannot share a file).

The estimate reads the clock it is given (``clock``): a test moves a fake one.
"""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TextIO

logger = logging.getLogger("boardgen")

REDRAW_SECONDS = 0.5
BAR_WIDTH = 20
OVERRUN_SHARE = 0.25  # a file being made is taken to need at least this share of its time so far again


class Reporter:
    """The events of a build; this base class reports nothing (``-q`` alone needs no more)."""

    def begin(self, total: int, processes: int, expected: float = 0.0, costs: Mapping[str, float] | None = None) -> None:
        """``total`` files (the site counting as one) are to be made by ``processes`` processes, ``expected`` seconds of work in all.

        ``costs``: each file's expected seconds, when known (the estimate then follows each folder's pace).
        """

    def started(self, name: str, cost: float) -> None:
        """Making ``name`` has begun; it should take about ``cost`` seconds of one core."""

    def finished(self, name: str, written: Iterable[Path]) -> None:
        """``name`` is made: the files it wrote."""

    def removed(self, path: Path) -> None:
        """``path`` was removed: no job of the plan makes it any more."""

    def site_ready(self, home: Path, waiting: int) -> None:
        """The site's pages are written (``home`` is its home page) while ``waiting`` booklets are still being made."""

    def end(self) -> None:
        """The build is over (or stopped): nothing more will be reported."""


class Lines(Reporter):
    """``wrote PATH`` and ``removed PATH`` lines at INFO on logger ``boardgen``."""

    def finished(self, name: str, written: Iterable[Path]) -> None:
        for path in written:
            logger.info("wrote %s", path)

    def removed(self, path: Path) -> None:
        logger.info("removed %s", path)

    def site_ready(self, home: Path, waiting: int) -> None:
        logger.info("%s", site_ready_words(home, waiting))


def site_ready_words(home: Path, waiting: int) -> str:
    """What the build says once its early site is written: where to open it, and that the booklets are still coming."""
    return f"site ready: {home} — {waiting} booklet{'s' if waiting != 1 else ''} still being made"


def group_of(name: str) -> str:
    """The group a file's pace is measured in: its first folder (``booklets``), or the name itself (``site``)."""
    return name.split("/", 1)[0]


class Bar(Reporter):
    """One line on ``stream`` (a terminal), redrawn in place; see the module's docstring."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.clock = clock
        self.lock = threading.RLock()
        self.total = 0
        self.done = 0
        self.processes = 1
        self.running: dict[str, tuple[float, float]] = {}  # name -> (started, cost)
        self.expected_left: dict[str, float] = {}  # group -> expected seconds of its files not started yet
        self.costs: dict[str, float] = {}  # name -> expected seconds, of the files not started yet
        self.guessed_done: dict[str, float] = {}  # group -> what its finished files were expected to take
        self.took_done: dict[str, float] = {}  # group -> what they took
        self.note = ""  # said before the files being made (the early site's "site ready: ...")
        self.started_at = clock()
        self.shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._filter = _ClearBar(self)

    # -- events ------------------------------------------------------------------------------

    def begin(self, total: int, processes: int, expected: float = 0.0, costs: Mapping[str, float] | None = None) -> None:
        with self.lock:
            self.total, self.processes = total, max(1, processes)
            self.costs = dict(costs or {})
            self.expected_left = {}
            for name, cost in self.costs.items():
                self.expected_left[group_of(name)] = self.expected_left.get(group_of(name), 0.0) + cost
            unnamed = expected - sum(self.costs.values())
            if unnamed > 0:
                self.expected_left[""] = unnamed  # work whose files were not named: paced by every folder's
            self.started_at = self.clock()
        for handler in logger.handlers:
            handler.addFilter(self._filter)
        self._thread = threading.Thread(target=self._tick, name="boardgen-progress", daemon=True)
        self._thread.start()
        self.draw()

    def started(self, name: str, cost: float) -> None:
        with self.lock:
            self.running[name] = (self.clock(), cost)
            group = group_of(name) if name in self.costs else ""
            if group in self.expected_left:
                self.expected_left[group] = max(0.0, self.expected_left[group] - self.costs.pop(name, cost))
        self.draw()

    def finished(self, name: str, written: Iterable[Path]) -> None:
        with self.lock:
            now = self.clock()
            began, cost = self.running.pop(name, (now, 0.0))
            self.done += 1
            group = group_of(name)
            self.guessed_done[group] = self.guessed_done.get(group, 0.0) + cost
            self.took_done[group] = self.took_done.get(group, 0.0) + (now - began)
        self.draw()

    def site_ready(self, home: Path, waiting: int) -> None:
        with self.lock:
            self.note = site_ready_words(home, waiting)
        self.draw()

    def end(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2 * REDRAW_SECONDS)
        for handler in logger.handlers:
            handler.removeFilter(self._filter)
        self.clear()

    # -- drawing -----------------------------------------------------------------------------

    def _tick(self) -> None:
        while not self._stop.wait(REDRAW_SECONDS):
            self.draw()

    def pace(self, group: str) -> float:
        """How long this run's finished files of ``group`` took against their expected cost (every group's without one; 1 before any)."""
        guessed, took = self.guessed_done.get(group, 0.0), self.took_done.get(group, 0.0)
        if guessed <= 0 or took <= 0:
            guessed, took = sum(self.guessed_done.values()), sum(self.took_done.values())
        return took / guessed if guessed > 0 and took > 0 else 1.0

    def seconds_left(self) -> float | None:
        """The estimate of the time left (see the module's docstring), None until there is anything to go by."""
        with self.lock:
            now = self.clock()
            shares = []
            for name, (began, cost) in self.running.items():
                expected, ran = cost * self.pace(group_of(name)), now - began
                shares.append(max(expected - ran, OVERRUN_SHARE * ran))
            work = sum(left * self.pace(group) for group, left in self.expected_left.items()) + sum(shares)
            if work <= 0 and self.done < self.total:
                return None
            return max(work / self.processes, max(shares, default=0.0))

    def line(self, width: int) -> str:
        """The bar's text, at most ``width`` characters."""
        with self.lock:
            fraction = self.done / self.total if self.total else 1.0
            filled = int(round(fraction * BAR_WIDTH))
            head = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {self.done}/{self.total}"
            running = ", ".join(([self.note] if self.note else []) + sorted(self.running))
        left = self.seconds_left()
        tail = f"  {_clock(left)} left" if left is not None else ""
        room = width - len(head) - len(tail) - 2
        if running and room > 4:
            if len(running) > room:
                running = running[: room - 1] + "…"
            head = f"{head}  {running}"
        return (head + tail)[:width]

    def draw(self) -> None:
        with self.lock:
            if self._stop.is_set():
                return
            width = max(20, shutil.get_terminal_size((80, 24)).columns - 1)
            self._write("\r" + self.line(width) + "\x1b[K")
            self.shown = True

    def clear(self) -> None:
        with self.lock:
            if self.shown:
                self._write("\r\x1b[K")
                self.shown = False

    def _write(self, text: str) -> None:
        try:
            try:
                self.stream.write(text)
            except UnicodeEncodeError:  # an ASCII-only terminal: "…" and a folder named "saída" escaped, not the bar lost
                encoding = getattr(self.stream, "encoding", None) or "ascii"
                self.stream.write(text.replace("…", "...").encode(encoding, "backslashreplace").decode(encoding, "replace"))
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the build goes on without a bar
            pass


class _ClearBar(logging.Filter):
    """Clears the bar before any other line reaches the terminal; the next redraw puts it back."""

    def __init__(self, bar: Bar) -> None:
        super().__init__()
        self.bar = bar

    def filter(self, record: logging.LogRecord) -> bool:
        self.bar.clear()
        return True


def _clock(seconds: float) -> str:
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"
