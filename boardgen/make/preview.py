"""``boardgen serve``: the site on 127.0.0.1, rebuilt through the build as an author saves, the browser reloaded.

Three parts, one module each:

* :class:`~boardgen.make.preview_watch.Watcher` polls the rule texts (every
  folder of :func:`boardgen.booklet.paths.text_roots`) and the templates
  five times a second and says which games changed;
* :class:`Preview` (here) rebuilds through the incremental build
  (:func:`boardgen.make.run.run_build`) in this process: the changed games'
  diagrams and the site step (``--only GAME --kind diagrams,site``), so
  whatever the site step writes for a game (its page, its rules) comes along.
  In this process, not a subprocess, because a warm process saves the
  imports (about half a second of the two the author may wait) and keeps
  each game's site facts between builds (:mod:`boardgen.make.site_memo`);
  every build still starts from a fresh plan, fresh digests and the cache
  file.  The booklets are not typeset: a game's thirty booklets take minutes
  of both cores, which would slow the next page; ``boardgen build --only GAME
  --kind booklets`` makes them on request (docs/site.md, "Preview");
* :class:`~boardgen.make.preview_http.Server` serves the output folder on its
  own thread, each HTML page with a reload script and, when the last build
  failed, a banner with its ``file:line`` problems (never in the files on disk).

The main thread runs the watch loop, so Ctrl-C (``Interrupted`` from the
command line's signal handler) stops a build where a build stops, with every
file whole; the server is shut down and its thread joined on the way out.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from boardgen.errors import BoardgenError
from boardgen.make.plan import Selection
from boardgen.make.preview_http import Server, Status
from boardgen.make.preview_watch import Change, Watcher
from boardgen.make.progress import Reporter

if TYPE_CHECKING:
    from boardgen.make.site_memo import FactsMemo

logger = logging.getLogger("boardgen")

DEFAULT_PORT = 8000
POLL_SECONDS = 0.2  # how often the watcher looks at the files
WEB_PARTS = frozenset({"diagrams", "site"})  # what a saved rule text remakes: the game's diagrams and the site step
# What a rebuild runs through that an up-to-date first build never imports: imported before serving, so the first save does not wait for them.
WARM_MODULES = ("boardgen.site.build", "boardgen.booklet.build", "boardgen.booklet.check", "boardgen.booklet.diagrams.render")


class Preview:
    """The watch loop: build, serve, and rebuild what a saved file changes, until interrupted."""

    def __init__(self, output: Path, port: int = DEFAULT_PORT, games: frozenset[str] | None = None) -> None:
        from boardgen.booklet.paths import templates_dir, text_roots

        self.output = output
        self.games = games
        self.status = Status()
        self.watcher = Watcher(text_roots(), templates_dir())
        self.server = Server(output, self.status, port)
        self.memo: FactsMemo | None = None

    def warm_up(self) -> None:
        """Import :data:`WARM_MODULES` (about half a second the first rebuild would otherwise add) and keep the games' facts between builds."""
        import importlib

        from boardgen.registry import module_exists

        for name in WARM_MODULES:
            if module_exists(name):
                importlib.import_module(name)
        if module_exists("boardgen.site.build"):
            from boardgen.make import site_memo

            self.memo = site_memo.install()

    def build(self, selection: Selection, saved_at: float | None = None, why: str = "", processes: int = 1) -> None:
        """One build of ``selection``; its problems, if any, go to the log and the pages' banner.

        One process by default: a save remakes a game's few diagrams, which
        take less time than starting worker processes would.
        """
        from boardgen.make.run import run_build

        clock = time.perf_counter()
        problems: list[str] = []
        if self.memo is not None:
            self.memo.new_build()
        try:
            outcome = run_build(self.output, selection, processes, Reporter())
        except (BoardgenError, OSError) as exc:  # a text that fails its check, a file gone while the build read it
            found = getattr(exc, "problems", None)
            problems = [str(problem) for problem in found] if found is not None else [_one_line(exc)]
            for line in problems:
                logger.warning("%s", line)
            logger.warning("the build stopped%s; the pages show the last good build with the problem", f" ({why})" if why else "")
        else:
            seconds = time.perf_counter() - clock
            made = len(outcome.built)
            after = f", {time.time() - saved_at:.2f} s after the save" if saved_at is not None else ""
            logger.info("%sbuilt %d file%s in %.2f s%s", f"{why}: " if why else "", made, "" if made == 1 else "s", seconds, after)
            if self.memo is not None:
                logger.debug("serve: the site step read the texts of %s", ", ".join(self.memo.made) or "no game")
        self.status.publish(problems, saved_at)

    def rebuild(self, change: Change) -> None:
        """Rebuild what ``change`` touched: the changed games' diagrams and the site, or the site alone for a template."""
        games = change.games if self.games is None else change.games & self.games
        if not games and not change.templates:
            return
        names = ", ".join(_shown(path) for path in change.files[:3]) + (f" and {len(change.files) - 3} more" if len(change.files) > 3 else "")
        self.build(Selection(frozenset(games), WEB_PARTS if games else frozenset({"site"})), change.saved_at, f"{names} changed")

    def run(self, first_build: bool = True, announce: Callable[[str], None] | None = None) -> None:
        """Build what the pages need, serve, and rebuild on every save until Ctrl-C (``Interrupted`` goes up, the server stopped).

        ``announce`` is given the line that says where the site is served
        (the command prints it whatever ``-q`` says: it is what the command
        is for); without it, the line is logged.
        """
        from boardgen.make.run import default_processes

        try:
            self.warm_up()
            if first_build:
                self.build(Selection(self.games, WEB_PARTS), why="first build", processes=default_processes())
            if self.memo is not None:
                self.memo.fill(self.output)  # the games the first build's site step did not need (it was up to date)
            self.server.start()
            (announce or logger.info)(f"serving {_shown(self.output)} at {self.server.address} (Ctrl-C stops it)")
            while True:
                time.sleep(POLL_SECONDS)
                change = self.watcher.changes()
                if change is not None:
                    self.rebuild(change)
        finally:
            self.server.stop()


def _one_line(error: BaseException) -> str:
    """An error as the build's one line: an OSError with its file, anything else its message on one line."""
    if isinstance(error, OSError) and error.filename:
        return f"{error.filename}: {error.strerror or error}"
    return " ".join(str(error).split())


def _shown(path: Path) -> str:
    """A path as the author knows it: relative to the working folder when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
