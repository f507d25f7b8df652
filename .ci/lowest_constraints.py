"""Print a pip constraints file pinning every dependency of boardgen to its lowest allowed version.

Read from pyproject.toml: the core dependencies and the extras named on the
command line (default: booklets and chess; ``core`` for none), each
``name>=X`` becoming ``name==X`` (a name declared twice, in the core and an
extra, takes the higher bound).  A dependency declared without a lower bound is an error: CI
could not test what it promises.  ``.ci/packaging`` installs the wheel under
these constraints and smoke-tests every command, so a minimum that does not
work fails CI instead of a user's install.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;]*)(;.*)?$")


def lowest(requirements: list[str], project: str) -> dict[str, str]:
    """``{name: lowest version}`` of ``requirements``, leaving out the project itself (an extra naming another)."""
    pins: dict[str, str] = {}
    for line in requirements:
        match = REQUIREMENT.match(line)
        if match is None:
            raise SystemExit(f"lowest_constraints: cannot read the requirement {line!r}")
        name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
        if name == project:
            continue
        bounds = re.findall(r">=\s*([0-9][^,\s]*)", match.group(3))
        if not bounds:
            raise SystemExit(f"lowest_constraints: {line!r} has no '>=' lower bound; declare the lowest version that works")
        version = bounds[0]
        if name not in pins or _key(version) > _key(pins[name]):
            pins[name] = version  # declared in the core and an extra: the extra's higher bound holds with it
    return pins


def _key(version: str) -> tuple[int, ...]:
    """A release number as numbers, to compare (the bounds pyproject declares are plain releases)."""
    return tuple(int(part) for part in re.findall(r"[0-9]+", version))


def main(argv: list[str]) -> int:
    extras = [name for name in argv or ["booklets", "chess"] if name != "core"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in extras:
        requirements += project["optional-dependencies"][extra]
    for name, version in sorted(lowest(requirements, project["name"]).items()):
        print(f"{name}=={version}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
