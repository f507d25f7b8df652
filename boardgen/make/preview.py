"""``boardgen serve``: the site on 127.0.0.1, rebuilt through the build as an author saves, the browser reloaded.

Three parts, each small:

* :class:`Watcher` polls the modification times of the rule texts (every
  folder of :func:`boardgen.booklet.paths.text_roots`) and of the templates,
  five times a second: no dependency, and a scan of a few dozen files costs
  well under a millisecond.  A changed file under ``ROOT/GAME/`` names its
  game; a changed template names no game (the site step reads the site's
  templates, whatever game).
* :class:`Preview` rebuilds through the incremental build
  (:func:`boardgen.make.run.run_build`) in this process: the changed games'
  diagrams and the site step (``--only GAME --kind diagrams,site``), so
  whatever the site step writes for a game (its page, its rules) comes along.
  In this process, not a subprocess, because a warm process saves the
  imports (about half a second of the two the author waits); every build
  still starts from a fresh plan, fresh digests and the cache file.  The
  booklets are not typeset: a booklet takes ten seconds or more of a core,
  which would slow the next page; ``boardgen build --only GAME --kind
  booklets`` makes them on request (docs/site.md, "Preview").
* :class:`Server`, a ``ThreadingHTTPServer`` on its own thread, serves the
  output folder.  Into every HTML page it serves (never into the files on
  disk) it adds a few lines of JavaScript that ask :data:`VERSION_PATH` four
  times a second and reload the page when the build's version changed, and,
  when the last build failed, a banner with the build's one-line messages
  (``file:line: what``) at the top of the page.

The main thread runs the watch loop, so Ctrl-C (``Interrupted`` from the
command line's signal handler) stops a build where a build stops, with every
file whole; the server is shut down and its thread joined on the way out.
"""

from __future__ import annotations

import errno
import html
import http.server
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardgen.errors import BoardgenError, OptionError
from boardgen.make.plan import Selection
from boardgen.make.progress import Reporter

if TYPE_CHECKING:
    from boardgen.make.site_memo import FactsMemo

logger = logging.getLogger("boardgen")

HOST = "127.0.0.1"
DEFAULT_PORT = 8000
POLL_SECONDS = 0.2  # how often the watcher looks at the files
BROWSER_POLL_MS = 250  # how often a served page asks whether to reload
VERSION_PATH = "/__boardgen/version"
WEB_PARTS = frozenset({"diagrams", "site"})  # what a saved rule text remakes: the game's diagrams and the site step
# What a rebuild runs through that an up-to-date first build never imports: imported before serving, so the first save does not wait for them.
WARM_MODULES = ("boardgen.site.build", "boardgen.booklet.build", "boardgen.booklet.check", "boardgen.booklet.diagrams.render")


@dataclass
class Status:
    """What the pages are told: the build's version (one more after every rebuild) and the last build's problems.

    ``saved_at`` is when the edit that started the last rebuild was saved
    (the file's modification time), for the log line that says how long the
    author waited; ``shown`` is set once a page of the new version was served.
    """

    version: int = 0
    problems: list[str] = field(default_factory=list)
    saved_at: float | None = None
    shown: bool = True
    lock: threading.Lock = field(default_factory=threading.Lock)

    def publish(self, problems: list[str], saved_at: float | None) -> None:
        with self.lock:
            self.version += 1
            self.problems = list(problems)
            self.saved_at = saved_at
            self.shown = saved_at is None

    def snapshot(self) -> tuple[int, list[str]]:
        with self.lock:
            return self.version, list(self.problems)

    def page_served(self) -> float | None:
        """Seconds from the save to the first page of its version served (None after the first, or with no save)."""
        with self.lock:
            if self.shown or self.saved_at is None:
                return None
            self.shown = True
            return time.time() - self.saved_at


# -- watching ----------------------------------------------------------------------------


Stamp = tuple[int, int]  # (st_mtime_ns, st_size)


def _hidden(name: str) -> bool:
    """An editor's swap or backup file, a temporary of write_atomic, a cache folder: nothing the build reads."""
    return name.startswith(".") or name.endswith("~") or name == "__pycache__"


def scan(root: Path) -> dict[Path, Stamp]:
    """Every visible file below ``root`` with its modification time and size (nothing for a missing folder)."""
    found: dict[Path, Stamp] = {}
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not _hidden(name)]
        for name in files:
            if _hidden(name):
                continue
            path = Path(folder, name)
            try:
                status = path.stat()
            except OSError:  # removed between the listing and the stat
                continue
            found[path] = (status.st_mtime_ns, status.st_size)
    return found


@dataclass(frozen=True)
class Change:
    """What one look found changed: the games whose texts changed, whether a template did, and when the last was saved."""

    games: frozenset[str]
    templates: bool
    files: tuple[Path, ...]
    saved_at: float


class Watcher:
    """The rule texts' folders (each holding ``GAME/``) and the templates' folder, polled for changes."""

    def __init__(self, text_roots: Iterable[Path], templates: Path) -> None:
        self.text_roots = tuple(text_roots)
        self.templates = templates
        self.stamps = self._scan()

    def _scan(self) -> dict[Path, Stamp]:
        stamps: dict[Path, Stamp] = {}
        for root in (*self.text_roots, self.templates):
            stamps.update(scan(root))
        return stamps

    def changes(self) -> Change | None:
        """What changed since the last call (a file edited, added or removed); None when nothing did."""
        now = self._scan()
        changed = sorted(path for path in now.keys() | self.stamps.keys() if now.get(path) != self.stamps.get(path))
        self.stamps = now
        if not changed:
            return None
        games: set[str] = set()
        templates = False
        for path in changed:
            game = self.game_of(path)
            if game is not None:
                games.add(game)
            else:
                templates = True
        saved = [now[path][0] / 1e9 for path in changed if path in now]
        return Change(frozenset(games), templates, tuple(changed), max(saved) if saved else time.time())

    def game_of(self, path: Path) -> str | None:
        """The game whose texts hold ``path`` (its folder's name below a text root); None for a template."""
        for root in self.text_roots:
            try:
                parts = path.relative_to(root).parts
            except ValueError:
                continue
            if len(parts) > 1:
                return parts[0]
        return None


# -- serving -----------------------------------------------------------------------------


RELOAD_SCRIPT = """<script>/* boardgen serve: reload when the build changes (added by the server, not in the file) */
(function () {{
  var version = {version};
  function ask() {{
    fetch("{endpoint}", {{cache: "no-store"}}).then(function (answer) {{ return answer.json(); }}).then(function (now) {{
      if (now.version !== version) {{ location.reload(); }} else {{ setTimeout(ask, {interval}); }}
    }}).catch(function () {{ setTimeout(ask, {interval} * 4); }});
  }}
  setTimeout(ask, {interval});
}})();
</script>"""

BANNER = (
    '<div role="alert" id="boardgen-preview-error" style="position:sticky;top:0;z-index:9999;margin:0;padding:0.75rem 1rem;'
    'background:#fff3f0;color:#5c0a00;border-bottom:3px solid #b3261e;font:0.95rem/1.4 ui-monospace,monospace;white-space:pre-wrap">'
    "<strong>boardgen build failed; the page shows the last good build.</strong>\n{lines}</div>"
)


def inject(page: bytes, version: int, problems: list[str]) -> bytes:
    """``page`` with the reload script before ``</body>`` and, when the build failed, the banner after ``<body ...>``."""
    text = page.decode("utf-8", errors="replace")
    script = RELOAD_SCRIPT.format(version=version, endpoint=VERSION_PATH, interval=BROWSER_POLL_MS)
    closing = text.lower().rfind("</body>")
    text = text[:closing] + script + text[closing:] if closing >= 0 else text + script
    if problems:
        banner = BANNER.format(lines=html.escape("\n".join(problems)))
        opening = text.lower().find("<body")
        end = text.find(">", opening) if opening >= 0 else -1
        text = text[: end + 1] + banner + text[end + 1 :] if end >= 0 else banner + text
    return text.encode("utf-8")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the output folder, HTML pages with the script (and banner) added, and the version endpoint."""

    status: Status  # set on the subclass made by :func:`handler_for`
    timeout = 10  # a client that sends nothing does not hold a thread (and the shutdown) for long

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer(with_body=True)

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
        self._answer(with_body=False)

    def _answer(self, with_body: bool) -> None:
        """The version endpoint, an HTML page with the script added, or (by http.server) any other file."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == VERSION_PATH:
            version, problems = self.status.snapshot()
            self._send(json.dumps({"version": version, "problems": problems}).encode("utf-8"), "application/json", with_body)
            return
        target = Path(self.translate_path(self.path))
        if target.is_dir() and path.endswith("/"):
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file():
            version, problems = self.status.snapshot()
            try:
                page = target.read_bytes()
            except OSError:
                self.send_error(404)
                return
            self._send(inject(page, version, problems), "text/html; charset=utf-8", with_body)
            waited = self.status.page_served() if with_body else None
            if waited is not None:
                logger.info("served %s %.2f s after the save", path.lstrip("/") or "index.html", waited)
            return
        if with_body:
            super().do_GET()  # a folder's address without its "/" is redirected there
        else:
            super().do_HEAD()

    def _send(self, body: bytes, content_type: str, with_body: bool = True) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if with_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's name
        logger.debug("serve: %s %s", self.address_string(), format % args)


def handler_for(folder: Path, status: Status) -> Callable[..., Handler]:
    """A handler class serving ``folder`` and telling pages ``status``."""

    class Bound(Handler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

    Bound.status = status
    return Bound


class _HTTPServer(http.server.ThreadingHTTPServer):
    """Request threads that ``server_close`` joins (none is left behind); a port that another server listens on is refused."""

    daemon_threads = False
    block_on_close = True


class Server:
    """The HTTP server on its own thread; :meth:`stop` shuts it down and joins every thread it started."""

    def __init__(self, folder: Path, status: Status, port: int, host: str = HOST) -> None:
        try:
            self.httpd = _HTTPServer((host, port), handler_for(folder, status))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise OptionError("--port", f"port {port} on {host} is in use; stop what uses it or choose another port") from None
            raise OptionError("--port", f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, name="boardgen-serve", daemon=True)

    @property
    def address(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host if isinstance(host, str) else host.decode()}:{port}/"

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        if self.thread.is_alive():
            self.httpd.shutdown()
            self.thread.join()
        self.httpd.server_close()


# -- rebuilding --------------------------------------------------------------------------


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
