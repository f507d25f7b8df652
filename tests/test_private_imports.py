"""No private name of a third-party package is used anywhere in ``boardgen/`` (issue 29).

A private name (``_name``, not a dunder such as ``__version__``) of another
package can change or vanish in any release, with no warning: an upgrade of
WeasyPrint once could have broken every booklet that way.  The source is read
(``ast``), nothing is imported from ``boardgen``; three forms are refused:

* importing one: ``from weasyprint.pdf.tags import _build_box_tree``,
  ``import pkg._private``;
* reading or replacing one as an attribute of a third-party module:
  ``weasyprint.pdf.tags._build_box_tree``, ``tags._x = ...`` where ``tags``
  names a module of another package;
* the same through ``getattr``, ``setattr``, ``hasattr`` or ``delattr`` with
  a constant ``"_name"``.

What WeasyPrint offers no public way to (attributes of its objects, such as
``Page._page_box``) is listed and checked in
``tests/booklet/test_weasyprint_internals.py`` instead.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import sys
from pathlib import Path

from .conftest import ROOT

PACKAGE = ROOT / "boardgen"
ATTRIBUTE_FUNCTIONS = {"getattr", "setattr", "hasattr", "delattr"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _third_party(module: str) -> bool:
    top = module.split(".")[0]
    return bool(top) and top != "boardgen" and top not in sys.stdlib_module_names


@functools.lru_cache(maxsize=None)
def _is_module(dotted: str) -> bool:
    """Whether ``dotted`` names an importable module (``from a import b``: is ``a.b`` a module?)."""
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


class _Finder(ast.NodeVisitor):
    """The uses of a private name of a third-party package in one module's source."""

    def __init__(self) -> None:
        self.modules: dict[str, str] = {}  # local name -> the third-party module it is bound to
        self.names: dict[str, str] = {}  # local name -> ``module.name`` imported from a third-party module (a module, or not)
        self.found: list[tuple[int, str]] = []

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if not _third_party(alias.name):
                continue
            if any(_private(part) for part in alias.name.split(".")):
                self.found.append((node.lineno, f"import {alias.name}"))
            if alias.asname:
                self.modules[alias.asname] = alias.name
            else:
                self.modules[alias.name.split(".")[0]] = alias.name.split(".")[0]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level or not _third_party(module):
            return
        if any(_private(part) for part in module.split(".")):
            self.found.append((node.lineno, f"from {module} import ..."))
        for alias in node.names:
            if _private(alias.name):
                self.found.append((node.lineno, f"from {module} import {alias.name}"))
            else:
                self.names[alias.asname or alias.name] = f"{module}.{alias.name}"

    def _module_of(self, node: ast.expr) -> str | None:
        """The third-party module an expression names (``weasyprint.pdf``, an alias of one), or None."""
        if isinstance(node, ast.Name):
            if node.id in self.modules:
                return self.modules[node.id]
            dotted = self.names.get(node.id)
            return dotted if dotted is not None and _is_module(dotted) else None  # asked only of a private attribute: few imports
        if isinstance(node, ast.Attribute):
            base = self._module_of(node.value)
            if base is not None and _is_module(f"{base}.{node.attr}"):
                return f"{base}.{node.attr}"
        return None

    def visit_Attribute(self, node: ast.Attribute) -> None:
        module = self._module_of(node.value) if _private(node.attr) else None
        if module is not None:
            self.found.append((node.lineno, f"{module}.{node.attr}"))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in ATTRIBUTE_FUNCTIONS and len(node.args) >= 2:
            name = node.args[1]
            private = isinstance(name, ast.Constant) and isinstance(name.value, str) and _private(name.value)
            module = self._module_of(node.args[0]) if private else None
            if module is not None and isinstance(name, ast.Constant):
                self.found.append((node.lineno, f"{node.func.id}({module}, {name.value!r})"))
        self.generic_visit(node)


def private_uses(source: str) -> list[tuple[int, str]]:
    """(line, what) for every use of a third-party package's private name in ``source``."""
    finder = _Finder()
    finder.visit(ast.parse(source))
    return sorted(finder.found)


def test_the_checker_finds_every_form_it_refuses():
    source = "\n".join(
        [
            "import weasyprint",
            "import weasyprint.pdf as weasy_pdf",
            "from weasyprint.pdf import tags",
            "from weasyprint.pdf.tags import _build_box_tree",
            "import pydyf._private",
            "x = weasyprint.pdf.tags._build_box_tree",
            "weasy_pdf._hook = None",
            "y = getattr(tags, '_build_box_tree', None)",
            "setattr(weasy_pdf, '_x', 1)",
            "ok = weasyprint.__version__, weasy_pdf.add_tags, getattr(tags, 'add_tags')",  # public and dunder names pass
            "import os; os._exit",  # the standard library is not a third-party package
            "def f(page): return page._page_box",  # an object's attribute: test_weasyprint_internals.py's
        ]
    )
    assert [line for line, _ in private_uses(source)] == [4, 5, 6, 7, 8, 9]


def test_no_module_of_boardgen_uses_a_private_name_of_another_package():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, what in private_uses(path.read_text(encoding="utf-8"))
    ]
    assert not found, "private names of third-party packages (they may change in any release):\n" + "\n".join(found)
