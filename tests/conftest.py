"""Shared test helpers: running the CLI as a user would, and reading its outputs.

Every test also fails when boardgen warned without the test expecting it
(:func:`no_unexpected_warnings`): a record of level WARNING or above on logger
``boardgen`` in this process, or a ``boardgen: warning:`` line on the stderr
of a command run with :func:`run_boardgen`.  A test that means to provoke a
warning says so with ``@pytest.mark.expect_warnings`` (or by using
``caplog``, to look at the records).  Python warnings are errors for the
whole suite (``filterwarnings`` in pyproject.toml).
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest_plugins = ("pytester",)  # tests/cli checks the warning guard below on a test file of its own


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


def run_boardgen(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 300) -> Run:
    """Run ``python -m boardgen ARGS`` in a fresh process, exactly as a user would.

    ``timeout`` (seconds) bounds the run: a test of hostile input passes a few
    seconds, so that a hang is a failure rather than a stuck suite.
    """
    environment = dict(os.environ)
    environment.update(env or {})
    result = subprocess.run(
        [sys.executable, "-m", "boardgen", *args],
        cwd=cwd or ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    _warning_lines.extend(line for line in result.stderr.splitlines() if line.startswith("boardgen: warning:"))
    return Run(result.returncode, result.stdout, result.stderr)


# Headless Chromium, quiet and offline: no sandbox (the tests may run as root), no
# GPU, no background requests of its own (updates, sync, QUIC probes), which this
# machine's closed network would refuse.  One list for every test that starts it.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


# ``boardgen: warning:`` lines seen by run_boardgen during the running test
_warning_lines: list[str] = []


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_unexpected_warnings(request: pytest.FixtureRequest):
    """Fail the test if boardgen warned and the test did not declare it expected that."""
    from boardgen import logs

    logger = logging.getLogger("boardgen")
    handler = _Records()
    logger.addHandler(handler)
    _warning_lines.clear()
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logs.reset()  # in-process CLI runs leave their handler and level behind
    expected = request.node.get_closest_marker("expect_warnings") is not None or "caplog" in request.fixturenames
    seen = [f"{r.name}: {r.levelname}: {r.getMessage()}" for r in handler.records] + list(_warning_lines)
    _warning_lines.clear()
    if seen and not expected:
        pytest.fail("unexpected warnings (mark the test @pytest.mark.expect_warnings if they are the point):\n" + "\n".join(seen), pytrace=False)


def children_of(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``, from /proc/*/stat (a zombie, already ended, is not counted)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def require_tool(name: str) -> str:
    """Path of a system tool the test needs; CI installs them, so absence is a failure."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed (setup.sh installs it)")
    return path


@pytest.fixture
def boardgen():
    return run_boardgen
