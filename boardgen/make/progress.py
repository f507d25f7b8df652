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

The time left is the expected work not yet done (each file's seconds from the
last build that made it, else a guess by kind) over the worker processes,
scaled by how the work done so far compared with its own guess.
"""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

logger = logging.getLogger("boardgen")

REDRAW_SECONDS = 0.5
BAR_WIDTH = 20


class Reporter:
    """The events of a build; this base class reports nothing (``-q`` alone needs no more)."""

    def begin(self, total: int, processes: int, expected: float = 0.0) -> None:
        """``total`` files (the site counting as one) are to be made by ``processes`` processes, ``expected`` seconds of work in all."""

    def started(self, name: str, cost: float) -> None:
        """Making ``name`` has begun; it should take about ``cost`` seconds of one core."""

    def finished(self, name: str, written: Iterable[Path]) -> None:
        """``name`` is made: the files it wrote."""

    def removed(self, path: Path) -> None:
        """``path`` was removed: no job of the plan makes it any more."""

    def end(self) -> None:
        """The build is over (or stopped): nothing more will be reported."""


class Lines(Reporter):
    """``wrote PATH`` and ``removed PATH`` lines at INFO on logger ``boardgen``."""

    def finished(self, name: str, written: Iterable[Path]) -> None:
        for path in written:
            logger.info("wrote %s", path)

    def removed(self, path: Path) -> None:
        logger.info("removed %s", path)


class Bar(Reporter):
    """One line on ``stream`` (a terminal), redrawn in place; see the module's docstring."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lock = threading.RLock()
        self.total = 0
        self.done = 0
        self.processes = 1
        self.running: dict[str, tuple[float, float]] = {}  # name -> (started, cost)
        self.expected_left = 0.0  # guessed seconds of work not started yet
        self.guessed_done = 0.0  # what the finished work was guessed to take
        self.took_done = 0.0  # what it took
        self.started_at = time.monotonic()
        self.shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._filter = _ClearBar(self)

    # -- events ------------------------------------------------------------------------------

    def begin(self, total: int, processes: int, expected: float = 0.0) -> None:
        with self.lock:
            self.total, self.processes, self.expected_left = total, max(1, processes), expected
            self.started_at = time.monotonic()
        for handler in logger.handlers:
            handler.addFilter(self._filter)
        self._thread = threading.Thread(target=self._tick, name="boardgen-progress", daemon=True)
        self._thread.start()
        self.draw()

    def started(self, name: str, cost: float) -> None:
        with self.lock:
            self.running[name] = (time.monotonic(), cost)
            self.expected_left = max(0.0, self.expected_left - cost)
        self.draw()

    def finished(self, name: str, written: Iterable[Path]) -> None:
        with self.lock:
            began, cost = self.running.pop(name, (time.monotonic(), 0.0))
            self.done += 1
            self.guessed_done += cost
            self.took_done += time.monotonic() - began
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

    def seconds_left(self) -> float | None:
        """The guess of the time left, None until there is anything to go by."""
        with self.lock:
            now = time.monotonic()
            running = sum(max(0.0, cost - (now - began)) for began, cost in self.running.values())
            work = self.expected_left + running
            if self.guessed_done > 0 and self.took_done > 0:
                work *= min(4.0, max(0.25, self.took_done / self.guessed_done))
            if work <= 0 and self.done < self.total:
                return None
            return work / self.processes

    def line(self, width: int) -> str:
        """The bar's text, at most ``width`` characters."""
        with self.lock:
            fraction = self.done / self.total if self.total else 1.0
            filled = int(round(fraction * BAR_WIDTH))
            head = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {self.done}/{self.total}"
            running = ", ".join(sorted(self.running))
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
