"""Every test file under ``tests/`` is collected by the suite's own command.

pytest skips folders by name (its default ``norecursedirs`` holds ``build``,
``dist``, ``venv``...), and a file whose tests are misnamed collects nothing
without a word: 62 tests of ``tests/build/`` once never ran while docs/testing.md
described them. This test runs the README's collection (``python -m pytest``
from the repository root with no arguments, so ``testpaths`` and the ini options
apply) and fails for any folder or ``test_*.py`` file that holds tests on disk but
contributes none.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _test_files_on_disk() -> set[str]:
    found = set()
    for path in TESTS.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        if path.name.startswith("test_") or path.name.endswith("_test.py"):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def _collected_files() -> set[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"collection failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return {line.split("::", 1)[0] for line in result.stdout.splitlines() if "::" in line}


def test_every_test_file_and_folder_contributes_tests():
    on_disk = _test_files_on_disk()
    collected = _collected_files()
    assert len(on_disk) > 100  # the walk itself found the suite
    folders = {str(Path(name).parent) for name in on_disk}
    silent_folders = sorted(folder for folder in folders if not any(Path(name).parent.as_posix() == folder for name in collected))
    assert not silent_folders, f"test folders that contribute no collected test: {silent_folders}"
    silent_files = sorted(on_disk - collected)
    assert not silent_files, f"test files that contribute no collected test: {silent_files}"
