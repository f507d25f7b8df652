"""A game's keys cover the libraries its code imports: an upgrade of python-chess remakes Xadrez's files, and no other game's.

Before (issue #29) the build's ``libraries`` input listed the libraries that
write bytes (WeasyPrint, reportlab...) but not python-chess, which Xadrez's
rules engine is: after an upgrade its booklets, diagrams and boards kept
the old keys and were not made again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.make import inputs
from boardgen.make.cache import Cache
from boardgen.make.inputs import PACKAGE_DIR, Inputs, imported_libraries
from boardgen.make.plan import PlanContext, Selection, job_key
from boardgen.make.run import plan


def test_xadrez_imports_python_chess_and_hex_imports_no_library():
    assert imported_libraries(PACKAGE_DIR / "games" / "xadrez") == ["chess"]
    assert imported_libraries(PACKAGE_DIR / "games" / "hex") == []


def test_only_import_lines_count(tmp_path: Path):
    (tmp_path / "a.py").write_text(
        '"""Moves.\n\nfrom a point of view, import the rest\n"""\n'
        "from __future__ import annotations\n"
        "import json\n"
        "import chess.pgn as pgn  # the notation\n"
        "from PIL import Image\n"
        "from . import board\n"
        "    import yaml\n",
        encoding="utf-8",
    )
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("from boardgen.games import base\nfrom numpy.linalg import (\n    norm,\n)\n", encoding="utf-8")
    assert imported_libraries(tmp_path) == ["PIL", "chess", "numpy", "yaml"]


def _keys(version: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str]:
    """Every board job's key (the plan of ``--kind boards``: no text is read) with python-chess at ``version``."""
    real = inputs.library_version
    monkeypatch.setattr(inputs, "library_version", lambda name: version if name == "chess" else real(name))
    context = PlanContext(Inputs(), Selection(parts=frozenset({"boards"})), Cache.load(tmp_path), "test")
    keys: dict[str, str] = {}
    for job in plan(context):
        keys[job.path] = job_key(job, context.inputs, keys, context.version)
    return keys


def test_an_upgrade_of_python_chess_changes_the_keys_of_xadrez_files_only(monkeypatch, tmp_path):
    before, after = _keys("1.11.2", monkeypatch, tmp_path), _keys("1.12.0", monkeypatch, tmp_path)
    assert before.keys() == after.keys()
    changed = {path for path in before if before[path] != after[path]}
    xadrez = {path for path in before if path.startswith(("boards/xadrez-", "booklets/xadrez-", "diagrams/xadrez/"))}
    assert xadrez and changed == xadrez
    assert _keys("1.11.2", monkeypatch, tmp_path) == before  # the same version, the same keys
