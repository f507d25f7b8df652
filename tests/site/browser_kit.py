"""What the site's browser tests share: one headless Chromium, and a static server of a folder on 127.0.0.1.

Each test module opens its own (module fixtures), through these two context
managers, so that the launch flags and the server's manners are written once.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from ..conftest import CHROMIUM_FLAGS, require_tool


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """Debian's Chromium, headless, launched through Playwright with the suite's flags."""
    from playwright.sync_api import sync_playwright

    executable = require_tool("chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_FLAGS))
        yield launched
        launched.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A browser that drops a connection it no longer needs (a page closed mid-load, a lazy image) is not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A static web server of ``folder`` on 127.0.0.1 (any free port); its base URL."""
    httpd = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
