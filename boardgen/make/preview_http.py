"""What ``boardgen serve`` serves: the output folder, each HTML page with a reload script (and a banner when the build failed).

The script and the banner are added to the pages as they are sent, never to
the files on disk (which stay script-free, docs/site.md).  The script asks
:data:`VERSION_PATH` four times a second and reloads the page when the
build's version changed; the banner lists the last build's ``file:line``
problems at the top of the page.  The server runs on a thread of its own;
:meth:`Server.stop` shuts it down and joins every thread it started.
"""

from __future__ import annotations

import errno
import html
import http.server
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardgen.errors import OptionError

logger = logging.getLogger("boardgen")

HOST = "127.0.0.1"
BROWSER_POLL_MS = 250  # how often a served page asks whether to reload
VERSION_PATH = "/__boardgen/version"


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
