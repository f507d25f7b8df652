"""``boardgen serve``: the preview server, over a copied BOARDGEN_HOME and a small output folder.

The end-to-end test starts the command as a user would (a process of its
own, on a free port it picks, ``-p 0``), fetches a page, edits the copied
rule text and waits for the new text to be served (within the 2 s target of
issue 27), breaks a diagram and sees its ``file:line`` problem at the top of
the page, mends it, then stops the server with SIGINT, as Ctrl-C does: exit
130, no traceback, no process and no listening port left.  The edit of the
text changes no diagram (the front matter's ages), so it also holds the
build's site step to its key: the pages are remade when a text they quote
changes even if no record did.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from boardgen.make import preview_http, preview_watch
from tests.conftest import children_of, run_boardgen
from tests.make.kit import edit, make_home

TARGET_SECONDS = 2.0  # issue 27: a saved edit visible in the browser in at most 2 s
START_SECONDS = 60.0  # the first build (Hex's diagrams and the site) and the start of the server


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.read().decode("utf-8")


def _until(check, limit: float, step: float = 0.05):
    """Call ``check()`` until it returns something true or ``limit`` seconds passed; (its last value, seconds waited)."""
    start = time.monotonic()
    while True:
        value = check()
        waited = time.monotonic() - start
        if value or waited > limit:
            return value, waited
        time.sleep(step)


class Served:
    """A ``boardgen serve`` process and the lines it prints (read on threads, so that its pipes never fill)."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgen", "serve", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **env, "PYTHONUNBUFFERED": "1"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.out: list[str] = []
        self.err: list[str] = []
        self.readers = [threading.Thread(target=self._read, args=(stream, kept), daemon=True) for stream, kept in ((self.process.stdout, self.out), (self.process.stderr, self.err))]
        for reader in self.readers:
            reader.start()

    def _read(self, stream, kept: list[str]) -> None:
        for line in stream:
            kept.append(line)
            self.lines.put(line)

    def address(self) -> str:
        """The address the server prints once it serves."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
            if found:
                return found.group(1)
        self.stop()
        pytest.fail(f"boardgen serve did not start: {''.join(self.out + self.err)}")

    def children(self) -> list[int]:
        """The processes whose parent is the server (build workers would be)."""
        return children_of(self.process.pid)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        for reader in self.readers:
            reader.join(timeout=5)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        return code


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path / "home", ("hex",))


def _with_banner(page: str) -> str | None:
    return page if 'role="alert"' in page else None


def _line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_serve_shows_a_saved_edit_and_a_broken_diagram_then_stops_cleanly(home: Path, tmp_path: Path) -> None:
    output = tmp_path / "out"
    served = Served("-o", str(output), "-p", "0", env={"BOARDGEN_HOME": str(home)})
    try:
        address = served.address()
        page_url = address + "en/hex.html"
        page = _get(page_url)
        assert "Hex" in page and "8 and up" in page
        assert "/__boardgen/version" in page, "the served page has the reload script"
        assert "/__boardgen/version" not in (output / "en" / "hex.html").read_text(encoding="utf-8"), "the file on disk has no reload script"
        version = json.loads(_get(address + "__boardgen/version"))
        assert version["problems"] == []
        assert served.children() == [], "the build runs in the server's process: no worker"

        # a word of the front matter: no diagram changes, the page must
        text = home / "rules_text" / "hex" / "en.md"
        edit(text, 'ages = "8 and up"', 'ages = "8 and up, preview-marker"')
        saved = time.monotonic()
        # the browser reloads when the version moves on, which is at the end of the rebuild (the page's
        # file is written a little before): the edit is seen once both have happened
        def seen() -> bool:
            return json.loads(_get(address + "__boardgen/version"))["version"] > version["version"] and "preview-marker" in _get(page_url)

        shown, _ = _until(seen, limit=TARGET_SECONDS * 5)
        waited = time.monotonic() - saved
        assert shown, "the edit never reached the page, or the pages were never told to reload"
        assert waited <= TARGET_SECONDS, f"the edit took {waited:.2f} s to be served (target {TARGET_SECONDS} s)"
        assert "preview-marker" not in _get(address + "hex.html"), "the Portuguese page reads its own text"

        # a diagram that fails its check: the page keeps the last good build and shows file:line at its top
        diagrams = home / "rules_text" / "hex" / "diagrams.md"
        line = _line_of(diagrams, "moves: d4 e3 c5")
        edit(diagrams, "moves: d4 e3 c5", "moves: d4 d4 c5")
        broken, _ = _until(lambda: _with_banner(_get(page_url)), limit=TARGET_SECONDS * 5)
        assert broken, "the problem never reached the page"
        banner = broken.split('role="alert"', 1)[1].split("</div>", 1)[0]
        assert f"diagrams.md:{line}: diagram opening: moves: move 2 (d4) is illegal" in banner
        assert broken.index('role="alert"') < broken.index("<h1"), "the problem is shown above the page"
        assert "preview-marker" in broken, "the last good build is still served"
        problems = json.loads(_get(address + "__boardgen/version"))["problems"]
        assert any(f"diagrams.md:{line}:" in problem for problem in problems)
        assert any(f"diagrams.md:{line}: diagram opening" in err for err in served.err), "the log says it too"

        edit(diagrams, "moves: d4 d4 c5", "moves: d4 e3 c5")
        mended, _ = _until(lambda: 'role="alert"' not in _get(page_url), limit=TARGET_SECONDS * 5)
        assert mended, "the banner stayed after the diagram was mended"
        assert any("served en/hex.html" in out and "after the save" in out for out in served.out), "the log says how long the author waited"
    finally:
        code = served.stop()
    assert code == 130, "".join(served.err)
    assert "Traceback" not in "".join(served.err)
    assert served.err[-1].strip() == "boardgen: interrupted"
    port = int(address.rsplit(":", 1)[1].strip("/"))
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_a_port_in_use_is_refused_with_one_line(tmp_path: Path, home: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "boardgen", "serve", "-o", str(tmp_path / "out"), "-p", str(port), "--no-build"],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "BOARDGEN_HOME": str(home)},
        )
    assert run.returncode == 2
    assert run.stderr.splitlines() == [f"boardgen: error: --port: port {port} on 127.0.0.1 is in use; stop what uses it or choose another port"]
    assert not (tmp_path / "out" / "index.html").exists(), "nothing built for a server that cannot start"


@pytest.mark.parametrize("port", ["65536", "80a", "\u0668\u0660", "-1", ""])
def test_a_port_that_is_no_port_is_refused(tmp_path: Path, port: str) -> None:
    run = run_boardgen("serve", "-o", str(tmp_path / "out"), "-p", port, "--no-build", timeout=60)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.splitlines() == [f"boardgen: error: --port: must be a port number, 0 to 65535, not {port!r}"]
    assert not (tmp_path / "out").exists()


def test_the_server_leaves_no_thread_behind(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "page.html").write_text("<!DOCTYPE html><html><body><p>hello</p></body></html>", encoding="utf-8")
    (tmp_path / "style.css").write_text("p{}", encoding="utf-8")
    before = set(threading.enumerate())
    status = preview_http.Status()
    server = preview_http.Server(tmp_path, status, 0)
    server.start()
    try:
        address = server.address
        assert "hello" in _get(address + "en/page.html") and preview_http.VERSION_PATH in _get(address + "en/page.html")
        assert _get(address + "style.css") == "p{}", "other files are served as they are"
        head = urllib.request.urlopen(urllib.request.Request(address + "en/page.html", method="HEAD"), timeout=5)
        with head:
            assert int(head.headers["Content-Length"]) == len(_get(address + "en/page.html").encode()) and head.read() == b""
        with urllib.request.urlopen(address + "en", timeout=5) as folder:
            assert folder.url == address + "en/", "a folder's address is redirected to its /"
        status.publish(["rules_text/hex/en.md:3: <bad> & worse"], None)
        page = _get(address + "en/page.html")
        assert "rules_text/hex/en.md:3: &lt;bad&gt; &amp; worse" in page
        with pytest.raises(urllib.error.HTTPError) as missing:
            _get(address + "../../etc/passwd")
        assert missing.value.code == 404
        missing.value.close()
    finally:
        server.stop()
    left = [thread for thread in threading.enumerate() if thread not in before]
    assert left == []
    with pytest.raises(OSError):
        socket.create_connection(tuple(server.httpd.server_address[:2]), timeout=1).close()


def test_inject_adds_the_script_and_the_banner_only() -> None:
    page = b"<!DOCTYPE html><html lang=en><body class=x><h1>Hex</h1></body></html>"
    plain = preview_http.inject(page, 7, [])
    assert plain.startswith(b"<!DOCTYPE html><html lang=en><body class=x><h1>Hex</h1><script>")
    assert b"var version = 7;" in plain and plain.endswith(b"</script></body></html>")
    failed = preview_http.inject(page, 8, ["a.md:2: no"]).decode()
    assert failed.index("<body class=x>") < failed.index('role="alert"') < failed.index("<h1>")
    assert "a.md:2: no" in failed


def test_the_watcher_names_the_game_of_a_changed_text(tmp_path: Path) -> None:
    rules, templates = tmp_path / "rules_text", tmp_path / "templates"
    (rules / "hex").mkdir(parents=True)
    (templates / "site").mkdir(parents=True)
    text = rules / "hex" / "en.md"
    text.write_text("one", encoding="utf-8")
    (templates / "site" / "game.html.j2").write_text("x", encoding="utf-8")
    watcher = preview_watch.Watcher([rules], templates)
    assert watcher.changes() is None
    (rules / "hex" / ".en.md.swp").write_text("editor", encoding="utf-8")
    assert watcher.changes() is None, "an editor's swap file is no change"
    text.write_text("two!", encoding="utf-8")
    change = watcher.changes()
    assert change is not None and change.games == {"hex"} and not change.templates and change.files == (text,)
    assert abs(change.saved_at - text.stat().st_mtime) < 0.01
    (templates / "site" / "game.html.j2").write_text("y!", encoding="utf-8")
    (rules / "trihex").mkdir()
    (rules / "trihex" / "pt-BR.md").write_text("novo", encoding="utf-8")
    change = watcher.changes()
    assert change is not None and change.games == {"trihex"} and change.templates
    text.unlink()
    change = watcher.changes()
    assert change is not None and change.games == {"hex"}, "a removed text is a change of its game"


def test_the_facts_of_a_game_are_made_again_only_when_its_sources_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import boardgen.site.build as site_build
    from boardgen.booklet import paths
    from boardgen.make import site_memo

    home = make_home(tmp_path / "home", ("hex", "trihex"))
    monkeypatch.setenv("BOARDGEN_HOME", str(home))
    paths.project_root.cache_clear()
    before = site_build.use_facts_source(None)
    try:
        memo = site_memo.install()
        assert isinstance(memo, site_memo.FactsMemo) and site_build._facts_source is memo
        assert site_memo.install() is memo, "installed once"
        hex_facts, trihex_facts = memo("hex"), memo("trihex")
        assert memo.made == ["hex", "trihex"]
        memo.new_build()
        assert memo("hex") is hex_facts and memo("trihex") is trihex_facts and memo.made == []
        edit(home / "rules_text" / "hex" / "en.md", 'ages = "8 and up"', 'ages = "10 and up"')
        memo.new_build()
        again = memo("hex")
        assert memo.made == ["hex"] and again is not hex_facts
        assert again.texts["en"].meta.ages == "10 and up" and hex_facts.texts["en"].meta.ages == "8 and up"
        assert memo("trihex") is trihex_facts, "another game's facts are kept"
    finally:
        site_build.use_facts_source(before)  # the site as it was before the test
        paths.project_root.cache_clear()


def test_an_open_page_reloads_itself_in_chromium(home: Path, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_FLAGS, require_tool

    chromium = require_tool("chromium")
    served = Served("-q", "-o", str(tmp_path / "out"), "-p", "0", env={"BOARDGEN_HOME": str(home)})
    try:
        address = served.address()  # printed with -q too: it is what the command is for
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_FLAGS))
            try:
                page = browser.new_page()
                errors: list[str] = []
                page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.on("request", lambda request: None if request.url.startswith((address, "data:")) else errors.append(f"left the machine: {request.url}"))
                page.goto(address + "en/hex.html")
                assert "8 and up" in page.inner_text("body")
                page.wait_for_timeout(300)  # the script asked once: it runs

                # the edit must reach the open page by itself (the reload script); how fast is bench/bench_preview.py's
                # figure on a quiet machine (docs/site.md): under this parallel suite, whose other tests take both
                # cores, the page showed a save after 2.7 s in two runs in a row: a wall-clock target here measured the
                # load (the 2 s target on what the server serves is test_serve_shows_a_saved_edit_and_a_broken_diagram_then_stops_cleanly)
                edit(home / "rules_text" / "hex" / "en.md", 'ages = "8 and up"', 'ages = "8 and up, seen-in-chromium"')
                page.wait_for_function("document.body && document.body.innerText.includes('seen-in-chromium')", timeout=TARGET_SECONDS * 5 * 1000, polling=20)

                diagrams = home / "rules_text" / "hex" / "diagrams.md"
                line = _line_of(diagrams, "moves: d4 e3 c5")
                edit(diagrams, "moves: d4 e3 c5", "moves: d4 d4 c5")
                alert = page.get_by_role("alert")
                alert.wait_for(state="visible", timeout=TARGET_SECONDS * 5 * 1000)
                assert f"diagrams.md:{line}: diagram opening" in alert.inner_text()
                box = alert.bounding_box()
                assert box is not None and box["y"] <= 1, "the problem is at the top of the window"
                assert errors == []
            finally:
                browser.close()
    finally:
        code = served.stop()
    assert code == 130 and "Traceback" not in "".join(served.err)
    assert [line for line in served.out if "after the save" in line] == [], "-q: no progress lines"


def test_the_site_step_is_remade_when_a_text_it_quotes_changes(home: Path, tmp_path: Path) -> None:
    """The build's site key covers the games' rule texts (boardgen/make/run.py, ``site_inputs``): the preview relies on it."""
    output = tmp_path / "out"
    args = ("build", "--json", "-o", str(output), "--only", "hex", "--kind", "diagrams,site", "-j", "1")
    first = run_boardgen(*args, env={"BOARDGEN_HOME": str(home)}, timeout=120)
    assert first.returncode == 0, first.stderr
    edit(home / "rules_text" / "hex" / "en.md", 'ages = "8 and up"', 'ages = "8 and up, quoted-by-the-site"')
    second = run_boardgen(*args, env={"BOARDGEN_HOME": str(home)}, timeout=120)
    assert second.returncode == 0, second.stderr
    built = json.loads(second.stdout)["built"]
    assert "en/hex.html" in built
    assert "quoted-by-the-site" in (output / "en" / "hex.html").read_text(encoding="utf-8")
    assert "quoted-by-the-site" not in (output / "hex.html").read_text(encoding="utf-8")
    third = run_boardgen(*args, env={"BOARDGEN_HOME": str(home)}, timeout=120)
    assert json.loads(third.stdout)["built"] == [], "nothing changed: nothing made"
