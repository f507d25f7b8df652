"""Packaging glue that pyproject.toml cannot say: ship the top-level data folders.

``templates/`` and ``rules_text/`` stay at the top of the repository (authors
edit them there, next to ``boardgen/``), but an installed wheel has no
repository around it.  The ``build_py`` step therefore copies both into the
built package as ``boardgen/_data/templates`` and ``boardgen/_data/rules_text``,
where :mod:`boardgen.booklet.paths` finds them.  An editable install copies
nothing: it uses the checkout itself.  MANIFEST.in puts both folders in the
sdist, so a wheel built from the sdist has them too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("templates", "rules_text")


class build_py_with_data(build_py):
    """build_py, plus the data folders copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA_FOLDERS:
            source = ROOT / name
            if not source.is_dir():
                raise SystemExit(f"setup.py: {source} is missing; the package cannot make booklets without it")
            target = Path(self.build_lib) / "boardgen" / "_data" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(source, target, ignore=shutil.ignore_patterns(".*", "__pycache__", "*.pyc"))


setup(cmdclass={"build_py": build_py_with_data})
