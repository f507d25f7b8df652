"""The package's layers, checked by reading the source (``ast``), never by importing it.

Why by reading: an import-time check would only see the imports that happen
to run, and importing every module would load WeasyPrint and friends.  Reading
the source sees every ``import`` statement, wherever it is.

Three kinds of import are told apart, because they run at different times:

* **import-time**: at module level (also inside ``try``/``if`` at module level);
  these run when the module is imported, so only these can form an import
  cycle;
* **type-only**: under ``if TYPE_CHECKING:``; never run, so left out of the
  cycle check, but still a dependency for the layer rules (a lower layer that
  names a higher one's types depends on it);
* **lazy**: inside a function or method; run on first call, so left out of the
  cycle check, but a dependency all the same for the layer rules and for "no
  one imports the CLI".

The layer order was decided from the code, not from the issue's sentence
alone.  The issue's pipeline reads "games -> board drawings -> drawing
model/renderers -> sheets | booklets"; the code says otherwise in one place:
the board drawings (``boardgen/boards/`` and each game's ``board.py``) import
the drawing model (``boardgen/drawing/``), so the drawing model sits *below*
the board drawings.  Each game package holds two layers: its ``GAME`` entry,
geometry and rules belong with the registry (``games``), while its
``board.py`` is a board drawing (``boards``) and its ``records.py``, the
declaration of its record sheet, is made of the sheets' types (``sheets``).  A booklet uses paper sizes
(``boardgen.sheets.paper``) and a sheet never needs a booklet, so ``sheets``
sits below ``booklet``.  Bottom to top::

    foundation (errors, values, output, boardgen/__init__: anyone may import them)
    geometry            boardgen.geometry.*          point and cell grids
    engine              boardgen.engine.*            the GameState interface, shared engines, perft
    registry | games    boardgen.registry, boardgen.games.* (not board.py)
    drawing             boardgen.drawing.*           shapes, SVG/PDF renderers, fonts
    boards              boardgen.boards.*, boardgen.games.*.board
    sheets              boardgen.sheets.*
    booklet             boardgen.booklet.*
    site                boardgen.site.* (the download site's pages and manifest)
    make                boardgen.make.* (the incremental maker behind `boardgen build`)
    api                 boardgen.api
    cli                 boardgen.cli.*, boardgen.__main__

A module may import its own tier and any lower tier, except for the pairs in
``FORBIDDEN``, which the order alone would allow but the design does not: the
shared engine code is neutral about game families (no grid geometry, no
registry, no particular game), the drawing model knows shapes and not games,
and a board drawing is handed its size and options instead of looking the game
up in the registry.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "boardgen"

# Tiers from the bottom up; layers in one tier may import each other.
TIERS: tuple[tuple[str, ...], ...] = (
    ("foundation",),
    ("geometry",),
    ("engine",),
    ("registry", "games"),
    ("drawing",),
    ("boards",),
    ("sheets",),
    ("booklet",),
    ("site",),
    ("make",),
    ("api",),
    ("cli",),
)

# Which layer a module is in: the first matching pattern wins (fnmatch on the
# dotted name; ``X`` alone matches the module X, ``X.*`` everything below it).
LAYER_OF: tuple[tuple[str, str], ...] = (
    ("boardgen", "foundation"),
    ("boardgen.errors", "foundation"),
    ("boardgen.values", "foundation"),
    ("boardgen.output", "foundation"),
    ("boardgen.logs", "foundation"),
    ("boardgen.extras", "foundation"),
    ("boardgen.__main__", "cli"),
    ("boardgen.cli", "cli"),
    ("boardgen.cli.*", "cli"),
    ("boardgen.geometry", "geometry"),
    ("boardgen.geometry.*", "geometry"),
    ("boardgen.engine", "engine"),
    ("boardgen.engine.*", "engine"),
    ("boardgen.registry", "registry"),
    ("boardgen.games.*.board", "boards"),
    ("boardgen.games.*.board.*", "boards"),
    # a game's record sheet declaration (score pad, scoresheet) is made of the sheets' types
    ("boardgen.games.*.records", "sheets"),
    ("boardgen.games.*.pieces", "boards"),  # a game's piece-set declaration: shapes from boardgen.boards.pieces
    ("boardgen.games", "games"),
    ("boardgen.games.*", "games"),
    ("boardgen.drawing", "drawing"),
    ("boardgen.drawing.*", "drawing"),
    ("boardgen.boards", "boards"),
    ("boardgen.boards.*", "boards"),
    ("boardgen.sheets", "sheets"),
    ("boardgen.sheets.*", "sheets"),
    ("boardgen.booklet", "booklet"),
    ("boardgen.booklet.*", "booklet"),
    ("boardgen.site", "site"),
    ("boardgen.site.*", "site"),
    ("boardgen.make", "make"),
    ("boardgen.make.*", "make"),
    ("boardgen.api", "api"),
    ("boardgen.api.*", "api"),
)

# Imports the tier order would allow but the design forbids: layer -> layers it must not import.
FORBIDDEN: Mapping[str, frozenset[str]] = {
    "engine": frozenset({"geometry", "registry", "games"}),
    "drawing": frozenset({"geometry", "engine", "registry", "games"}),
    "boards": frozenset({"registry"}),
}

# The one module outside boardgen/cli/ allowed to import the CLI: ``python -m boardgen``.
CLI_ENTRY_POINTS = frozenset({"boardgen.__main__"})


@dataclass(frozen=True)
class Import:
    """One import found in the source: who imports what, where, and when it runs."""

    importer: str
    target: str
    line: int
    when: str  # "import-time", "type-only" or "lazy"
    file: str  # relative to the folder holding the package, for the messages

    def where(self) -> str:
        return f"{self.file}:{self.line}"


# -- reading the source --------------------------------------------------------------------


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (a folder under ``root``) by dotted name."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module name an ``ast.ImportFrom`` names (relative imports included)."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, node.module] if node.module else base)


_DYNAMIC_IMPORTS = frozenset({"import_module", "__import__", "find_spec"})


def imports_of(module: str, path: Path, known: Iterable[str], package: str, root: Path) -> list[Import]:
    """Every import of a module of ``package`` in one file, with when it runs.

    ``importlib.import_module("pkg.x")`` (and ``__import__``, ``find_spec``) with a
    constant name counts as an import too: a string is how the registry names
    a game's board and engine modules.
    """
    known = set(known)
    file = path.relative_to(root).as_posix()
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def add(target: str, node: ast.AST, when: str) -> None:
        if target == package or target.startswith(package + "."):
            found.append(Import(module, target, getattr(node, "lineno", 0), when, file))

    def visit(node: ast.AST, when: str) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node, when)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                add(submodule if submodule in known else base, node, when)
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            first = node.args[0] if node.args else None
            if name in _DYNAMIC_IMPORTS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                add(first.value.partition(":")[0], node, when)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                visit(statement, "type-only")
            for statement in node.orelse:
                visit(statement, when)
            return
        function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        inner = "lazy" if function and when == "import-time" else when
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), "import-time")
    return found


def all_imports(root: Path, package: str) -> list[Import]:
    files = module_files(root, package)
    return [found for module, path in files.items() for found in imports_of(module, path, files, package, root)]


# -- the three checks ----------------------------------------------------------------------


def layer_of(module: str, table: Sequence[tuple[str, str]] = LAYER_OF) -> str | None:
    for pattern, layer in table:
        if fnmatch.fnmatchcase(module, pattern):
            return layer
    return None


def tier_of(layer: str, tiers: Sequence[Sequence[str]] = TIERS) -> int:
    for index, tier in enumerate(tiers):
        if layer in tier:
            return index
    raise AssertionError(f"layer {layer!r} is in no tier of TIERS")


def cli_imports(imports: Iterable[Import], package: str = PACKAGE) -> list[str]:
    """Imports of ``package.cli`` from outside ``package/cli/`` (entry points excepted)."""
    cli = f"{package}.cli"
    entry_points = {name.replace(PACKAGE, package, 1) for name in CLI_ENTRY_POINTS}
    return [
        f"{i.where()}: {i.importer} imports {i.target} ({i.when})"
        for i in imports
        if (i.target == cli or i.target.startswith(cli + "."))
        and not (i.importer == cli or i.importer.startswith(cli + "."))
        and i.importer not in entry_points
    ]


def import_cycles(imports: Iterable[Import]) -> list[str]:
    """Each cycle among import-time imports, as a chain ``a -> b -> a`` (one per tangle)."""
    graph: dict[str, set[str]] = {}
    for i in imports:
        if i.when == "import-time" and i.target != i.importer:
            graph.setdefault(i.importer, set()).add(i.target)
            graph.setdefault(i.target, set())
    cycles = []
    for component in _strongly_connected(graph):
        if len(component) > 1:
            start = min(component)
            cycles.append(" -> ".join(_shortest_cycle(graph, start, component)))
    return sorted(cycles)


def _strongly_connected(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iteratively (a deep package must not hit the recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def _shortest_cycle(graph: Mapping[str, set[str]], start: str, within: set[str]) -> list[str]:
    """A shortest path from ``start`` back to itself inside one strongly connected component."""
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & within):
                if child == start:
                    chain = [start]
                    while node != start:
                        chain.append(node)
                        node = previous[node]
                    return [start, *reversed(chain[1:]), start]
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{start} is in a component but on no cycle")


def layer_violations(
    imports: Iterable[Import],
    table: Sequence[tuple[str, str]] = LAYER_OF,
    tiers: Sequence[Sequence[str]] = TIERS,
    forbidden: Mapping[str, frozenset[str]] = FORBIDDEN,
) -> list[str]:
    """Imports that go up the tiers or cross a forbidden pair, one line each."""
    problems = []
    for i in imports:
        mine, theirs = layer_of(i.importer, table), layer_of(i.target, table)
        if mine is None or theirs is None:
            continue  # reported by test_every_module_has_a_layer
        said = f"{i.where()}: {i.importer} ({mine}) imports {i.target} ({theirs})"
        if theirs in forbidden.get(mine, ()):
            problems.append(f"{said}, which {mine} must never import")
        elif tier_of(theirs, tiers) > tier_of(mine, tiers):
            problems.append(f"{said}, a higher layer")
    return problems


# -- the tests on boardgen -----------------------------------------------------------------


@pytest.fixture(scope="module")
def imports() -> list[Import]:
    found = all_imports(ROOT, PACKAGE)
    assert len(found) > 100, "the source reader found almost no imports: is the package where it should be?"
    return found


def _report(problems: list[str], what: str) -> str:
    return f"{len(problems)} {what}:\n  " + "\n  ".join(problems)


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(m for m in module_files(ROOT, PACKAGE) if layer_of(m) is None)
    assert not unplaced, f"modules in no layer (add them to LAYER_OF in {Path(__file__).name}): {unplaced}"


def test_nothing_outside_the_cli_imports_the_cli(imports: list[Import]) -> None:
    problems = cli_imports(imports)
    assert not problems, _report(problems, "imports of boardgen.cli from outside boardgen/cli/")


def test_no_import_cycle_among_import_time_imports(imports: list[Import]) -> None:
    cycles = import_cycles(imports)
    assert not cycles, _report(cycles, "import cycles")


def test_layers_are_imported_downwards_only(imports: list[Import]) -> None:
    problems = layer_violations(imports)
    assert not problems, _report(problems, "imports against the layer order")


def _imports_between(imports: Iterable[Import], importer: str, targets: Sequence[str]) -> list[str]:
    def inside(module: str, prefix: str) -> bool:
        return module == prefix or module.startswith(prefix + ".")

    return [
        f"{i.where()}: {i.importer} imports {i.target} ({i.when})"
        for i in imports
        if inside(i.importer, importer) and any(inside(i.target, t) for t in targets)
    ]


def test_board_drawings_never_look_up_the_registry(imports: list[Import]) -> None:
    problems = _imports_between(imports, "boardgen.boards", ["boardgen.registry"])
    assert not problems, _report(problems, "imports of the registry by boardgen.boards")


def test_shared_engine_code_imports_no_registry_geometry_or_game(imports: list[Import]) -> None:
    banned = ["boardgen.registry", "boardgen.geometry", "boardgen.games"]
    problems = _imports_between(imports, "boardgen.engine", banned)
    assert not problems, _report(problems, "imports of the registry, a grid geometry or a game by boardgen.engine")


def test_the_reader_sees_every_kind_of_import(imports: list[Import]) -> None:
    """Guards the checker itself on the real code: lazy imports are found, and told apart."""
    kinds = {(i.importer, i.target): i.when for i in imports}
    assert kinds[("boardgen.__main__", "boardgen.cli")] == "import-time"
    assert "lazy" in {i.when for i in imports if i.importer.startswith("boardgen.cli")}


# -- the checker catches what it should (a fake package in tmp_path) ----------------------


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


FAKE_TABLE = (
    ("fake", "foundation"),
    ("fake.low", "geometry"),
    ("fake.low.*", "geometry"),
    ("fake.mid", "engine"),
    ("fake.mid.*", "engine"),
    ("fake.cli", "cli"),
    ("fake.cli.*", "cli"),
)


def test_the_checker_reports_a_cycle_a_wrong_way_import_and_a_cli_import(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "fake/__init__.py": "",
            "fake/low/__init__.py": "",
            # a -> b -> a at import time; the wrong-way import low -> mid is part of it
            "fake/low/a.py": "from fake.mid import b\n",
            "fake/mid/__init__.py": "",
            "fake/mid/b.py": "from ..low import a\nimport fake.mid.c\n",
            # lazy and type-only imports make no cycle, but the lazy CLI import is still reported
            "fake/mid/c.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from fake.mid import b\n"
                "def later():\n    from fake.cli import main\n    return main\n"
            ),
            "fake/cli/__init__.py": "from fake.mid import c\ndef main():\n    pass\n",
        },
    )
    found = all_imports(tmp_path, "fake")
    assert import_cycles(found) == ["fake.low.a -> fake.mid.b -> fake.low.a"]
    violations = layer_violations(found, FAKE_TABLE, forbidden={})
    assert len(violations) == 2, violations
    assert violations[0].startswith("fake/low/a.py:1: fake.low.a (geometry) imports fake.mid.b (engine), a higher layer")
    assert "fake/mid/c.py:5: fake.mid.c (engine) imports fake.cli (cli), a higher layer" in violations
    assert cli_imports(found, "fake") == ["fake/mid/c.py:5: fake.mid.c imports fake.cli (lazy)"]
    forbidden = layer_violations(found, FAKE_TABLE, forbidden={"engine": frozenset({"geometry"})})
    assert any("fake.mid.b (engine) imports fake.low.a (geometry), which engine must never import" in p for p in forbidden)


def test_the_checker_is_quiet_on_a_clean_package(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "fake/__init__.py": "",
            "fake/low/__init__.py": "",
            "fake/low/a.py": "import os\n",
            "fake/mid/__init__.py": "from fake.low import a\n",
            "fake/mid/b.py": "from . import c\nfrom fake import low\n",
            "fake/mid/c.py": "def later():\n    from fake.mid import b\n    return b\n",
            "fake/cli/__init__.py": "import importlib\ndef load():\n    return importlib.import_module('fake.mid.b')\n",
        },
    )
    found = all_imports(tmp_path, "fake")
    assert {(i.importer, i.target, i.when) for i in found} >= {
        ("fake.mid.b", "fake.mid.c", "import-time"),
        ("fake.mid.c", "fake.mid.b", "lazy"),
        ("fake.cli", "fake.mid.b", "lazy"),
    }
    assert import_cycles(found) == []
    assert layer_violations(found, FAKE_TABLE, forbidden={}) == []
    assert cli_imports(found, "fake") == []
