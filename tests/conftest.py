"""Shared test helpers: running the CLI as a user would, and reading its outputs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


def run_boardgen(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> Run:
    """Run ``python -m boardgen ARGS`` in a fresh process, exactly as a user would."""
    environment = dict(os.environ)
    environment.update(env or {})
    result = subprocess.run(
        [sys.executable, "-m", "boardgen", *args],
        cwd=cwd or ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Run(result.returncode, result.stdout, result.stderr)


def require_tool(name: str) -> str:
    """Path of a system tool the test needs; CI installs them, so absence is a failure."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed (setup.sh installs it)")
    return path


@pytest.fixture
def boardgen():
    return run_boardgen
