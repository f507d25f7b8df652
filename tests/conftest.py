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


# -- what each test costs ------------------------------------------------------------------------
# BOARDGEN_TEST_TIMES=FILE appends one line a test to FILE: its node id, the wall seconds of its
# set-up + call + tear-down, and the CPU seconds of this process and its finished children over the
# same span (os.times()).  CPU time is what the suite's budget is made of on a machine shared with
# other work, whose load inflates wall time far more; docs/testing.md compares runs by it.


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    target = os.environ.get("BOARDGEN_TEST_TIMES")
    if not target:
        yield
        return
    import time

    start, wall = os.times(), time.perf_counter()
    yield
    end, wall = os.times(), time.perf_counter() - wall
    cpu = (end.user - start.user) + (end.system - start.system) + (end.children_user - start.children_user) + (end.children_system - start.children_system)
    with open(target, "a", encoding="utf-8") as out:  # one short write a line: O_APPEND keeps the workers' lines whole
        out.write(f"{item.nodeid}\t{wall:.3f}\t{cpu:.3f}\n")


# -- how the tests are spread over pytest-xdist's workers -------------------------------------------


@pytest.hookimpl(tryfirst=True, optionalhook=True)
@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown (and not an error) under -p no:xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` on a machine of one or two cores: one worker more than cores.

    Part of the suite waits rather than computes (Chromium's pages, the
    preview server's polls, the Ctrl-C and kill tests' sleeps, subprocesses
    starting): on the 2-core CI machine a third worker runs while another
    waits.  On more cores xdist's own count (one a core) is kept.
    """
    cores = os.cpu_count() or 1
    return cores + 1 if cores <= 2 else None


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown (and not an error) under -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``-n N`` without ``--dist``: work stealing, not xdist's default ``load``.

    ``load`` deals the tests out one by one in turn, so consecutive tests of a
    module land on different workers and every module fixture (a site, a
    browser, rasterised posters) is made once in *each* worker.  Work stealing
    gives each worker one contiguous share of the collection (modules stay
    whole) and, when a worker runs dry, moves half of the longest queue's tail
    to it, so the workers also finish together.  An explicit ``--dist`` is
    obeyed.
    """
    if config.getvalue("dist") != "load" or any(arg == "-d" or arg.startswith("--dist") for arg in config.invocation_params.args):
        return None
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


# The modules that take longest, with their CPU seconds in a whole run (docs/testing.md, issue 26):
# under xdist they are dealt out first, so that no worker is left with one long test at the end.
# Modules of one group typeset the same shared booklets (tests/booklet/booklets_kit.py), so they
# go to the same worker, where each booklet is made by the first test that asks and read by the
# rest, instead of two workers asking at once and one waiting for the other's lock.
SLOW_MODULES: dict[str, tuple[str, float]] = {
    # module: (group, CPU seconds)
    "tests/booklet/test_book_typography.py": ("booklets", 150.0),
    "tests/booklet/test_typesetting.py": ("booklets", 30.0),
    "tests/booklet/test_margins.py": ("booklets", 40.0),
    "tests/booklet/test_text_extraction.py": ("booklets", 10.0),
    "tests/booklet/test_cover.py": ("booklets", 10.0),
    "tests/booklet/test_editions.py": ("booklets", 20.0),
    "tests/booklet/test_embed_diagrams.py": ("booklets", 20.0),
    "tests/booklet/test_impose_forms.py": ("booklets", 5.0),
    "tests/booklet/test_pdf.py": ("booklets", 20.0),
    "tests/booklet/test_shared_flow.py": ("booklets", 5.0),
    "tests/booklet/test_tags.py": ("booklets", 5.0),
    "tests/make/test_incremental.py": ("incremental", 60.0),
    "tests/test_conformance.py": ("conformance", 70.0),
    "tests/site/test_browser.py": ("browser", 30.0),
    "tests/make/test_editions.py": ("make-editions", 20.0),
    "tests/make/test_parallel.py": ("make-parallel", 20.0),
    "tests/test_wheel.py": ("wheel", 20.0),
    "tests/sheet/test_tile_faults.py": ("tile-faults", 20.0),
    "tests/site/test_rules_pages.py": ("rules-pages", 15.0),
    "tests/cli/test_board_cmd.py": ("board-cmd", 15.0),
}


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist, order the collection into the workers' shares, each starting with its slow modules.

    The work-stealing scheduler (:func:`pytest_xdist_make_scheduler`) hands
    worker *i* the *i*-th contiguous share of the collection, sized as it
    sizes them, and a worker that runs dry takes the tail of another's queue.
    So the slow groups of :data:`SLOW_MODULES` are dealt out to the shares,
    longest first, each to the share with the least so far; each share then
    takes the other modules, in their usual order, up to its size.  What is
    left at the end of every queue, to be stolen or waited for, is short
    tests.  The order is computed the same in every worker (xdist checks that
    all collected the same list).  Without xdist the order is pytest's.
    """
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    if workers < 2 or not config.pluginmanager.hasplugin("xdist"):  # the count is inherited by a pytest run inside a test, -p no:xdist or not
        return
    if config.getoption("dist", default=None) not in ("load", "worksteal"):
        return
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    groups: dict[str, list[str]] = {}
    cost: dict[str, float] = {}
    for module, (group, seconds) in SLOW_MODULES.items():
        if module in modules:
            groups.setdefault(group, []).append(module)
            cost[group] = cost.get(group, 0.0) + seconds
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for group in sorted(groups, key=lambda g: -cost[g]):
        share = loads.index(min(loads))
        loads[share] += cost[group]
        for module in sorted(groups[group], key=lambda m: -SLOW_MODULES[m][1]):
            shares[share].extend(modules.pop(module))
    rest = [item for module in modules.values() for item in module]
    left = len(items)
    ordered: list[pytest.Item] = []
    for index, share in enumerate(shares):
        size = left // (workers - index)  # what the scheduler sends worker `index`
        take = max(0, size - len(share))
        ordered.extend(share + rest[:take])
        del rest[:take]
        left -= len(share) + take
    ordered.extend(rest)
    assert len(ordered) == len(items)
    items[:] = ordered
