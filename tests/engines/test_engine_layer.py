"""The shared engine code sits below the games: it imports none of the layers above it.

Every import in every module under ``boardgen/engine/`` counts, including the
ones inside functions (a late import is still a dependency).
"""

from __future__ import annotations

import ast
from pathlib import Path

import boardgen.engine

ENGINE_DIR = Path(boardgen.engine.__file__).parent
FORBIDDEN = ("registry", "geometry", "games", "boards", "drawing", "sheets", "booklet", "build", "cli")


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against boardgen.engine
                base = ["boardgen", "engine"][: 2 - (node.level - 1)] if node.level <= 2 else []
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
    return found


def test_engine_modules_import_no_higher_layer() -> None:
    offenders = []
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        for line, module in _imports(path):
            parts = module.split(".")
            if len(parts) >= 2 and parts[0] == "boardgen" and parts[1] in FORBIDDEN:
                offenders.append(f"{path.name}:{line}: imports {module}")
    assert not offenders, "\n".join(offenders)


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from boardgen.registry import GameInfo\n    import boardgen.geometry.hexgrid\n")
    assert (2, "boardgen.registry") in _imports(module) and (3, "boardgen.geometry.hexgrid") in _imports(module)
