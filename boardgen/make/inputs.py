"""What an artefact is made from, as digests: the half of its key that comes from files.

A job names the inputs it reads (``"code"``, ``"rules:hex"``...) and the build
turns each name into one sha256 over the files behind it, computed once per
build however many jobs name it.  The names:

``code``            the shared code every job runs through: every file of the
                    ``boardgen`` package but the games' own packages, the fonts,
                    a wheel's bundled ``_data``, and the layers no board goes
                    through (below).  One digest for all of it: an edit to the
                    drawing code also remakes the diagrams, which is wasted work
                    but never a stale file;
``booklet-code``    ``boardgen/booklet/``: booklets, diagrams and imposition go
                    through it, boards cannot (a sheet never imports a booklet:
                    ``tests/test_layers.py``);
``site-code``       ``boardgen/site/``: only the site's pages;
``game:ID``         ``boardgen/games/ID/``, that game's facts, rules and drawing,
                    and the versions of the libraries outside the standard
                    library its modules import (Xadrez's rules engine is
                    python-chess: an upgrade of it remakes Xadrez's files, and
                    only those);
``fonts``           ``boardgen/fonts/``;
``templates``       the booklet templates (``templates/`` without ``site/``);
``site-templates``  ``templates/site/``, the download site's;
``rules:ID``        ``rules_text/ID/``, that game's texts and images;
``rules:ID:LANGS``  the same folder without the texts of the languages not in ``LANGS``
                    (``pt+en``, ``pt``, ``en``): what a booklet in those languages
                    reads.  A booklet in English never reads the Portuguese text
                    (its bytes are the same whatever ``pt-BR.md`` says), so an edit
                    of one language remakes only the booklets that print it.  The
                    check that compares the languages keys on the whole folder
                    (``rules:ID``) and runs before any booklet is planned, so a
                    booklet is never made from a text that fails it;
``libraries``       the versions of the libraries that write the bytes (WeasyPrint,
                    pypdf, reportlab...): an upgrade may change every file.

The command line (``boardgen/cli/``, ``__main__``) and the library
(``api/``) are in no digest: they call the build, no file's bytes come out
of them.  Templates and rule texts are the ones the booklet stack reads
(:mod:`boardgen.booklet.paths`: ``BOARDGEN_HOME``, else the checkout, else
the wheel's copy).  Hidden files (an editor's ``.x.swp``, write_atomic's
temporaries) and ``__pycache__`` are left out: nothing reads them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
SITE_TEMPLATES = "site"
# Left out of ``code``: the parts with digests of their own, data, and what makes no file's bytes.
NOT_SHARED = ("fonts", "_data", "booklet", "site", "cli", "api", "__main__.py")

# The distributions whose versions are part of every key (the ones that write or read the bytes).
LIBRARIES = ("weasyprint", "pydyf", "pypdf", "reportlab", "svgwrite", "fonttools", "markdown-it-py", "jinja2", "pyphen", "pillow")


def tree_digest(root: Path, skip: Callable[[Path], bool] = lambda path: False) -> str:
    """sha256 over the names and contents of the files below ``root``, in sorted order.

    ``skip(path)`` leaves a file or folder (and all below it) out.  A missing
    ``root`` has a digest of its own, so a folder that appears or goes is a change.
    """
    digest = hashlib.sha256()
    if not root.is_dir():
        digest.update(b"missing folder")
        return digest.hexdigest()
    for folder, folders, files in os.walk(root):
        here = Path(folder)
        folders[:] = sorted(name for name in folders if not _hidden(name) and not skip(here / name))
        for name in sorted(files):
            path = here / name
            if _hidden(name) or name.endswith((".pyc", ".pyo")) or skip(path):
                continue
            digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _hidden(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__"


class Inputs:
    """The digest of each input name, computed on first use and kept for the build.

    ``package`` is the ``boardgen`` folder whose code is digested (this one;
    a test gives a copy to edit).
    """

    def __init__(self, package: Path = PACKAGE_DIR) -> None:
        self.package = package
        self._digests: dict[str, str] = {}

    def digest(self, name: str) -> str:
        if name not in self._digests:
            self._digests[name] = self._compute(name)
        return self._digests[name]

    def digests(self, names: tuple[str, ...]) -> dict[str, str]:
        return {name: self.digest(name) for name in names}

    def _not_shared(self, path: Path) -> bool:
        """Whether ``path`` is left out of ``code``: a game's package, or one of :data:`NOT_SHARED`."""
        if path.parent == self.package / "games":
            return path.is_dir()
        return path.parent == self.package and path.name in NOT_SHARED

    def _compute(self, name: str) -> str:
        kind, _, argument = name.partition(":")
        if kind == "code":
            return tree_digest(self.package, self._not_shared)
        if kind == "booklet-code":
            return tree_digest(self.package / "booklet")
        if kind == "site-code":
            return tree_digest(self.package / "site")
        if kind == "game" and argument:
            folder = _game_dir(self.package, argument)
            versions = {name: library_version(name) for name in imported_libraries(folder)}
            return hashlib.sha256(json.dumps([tree_digest(folder), versions], sort_keys=True).encode()).hexdigest()
        if kind == "fonts":
            return tree_digest(self.package / "fonts")
        if kind == "templates":
            root = _templates_dir()
            return tree_digest(root, lambda path: path == root / SITE_TEMPLATES)
        if kind == "site-templates":
            return tree_digest(_templates_dir() / SITE_TEMPLATES)
        if kind == "rules" and argument:
            game, _, langs = argument.partition(":")
            folder = (_declared_texts_root(game) or _rules_dir()) / game
            if not langs:
                return tree_digest(folder)
            others = _other_language_texts(folder, langs.split("+"))
            return tree_digest(folder, lambda path: path in others)
        if kind == "libraries":
            return hashlib.sha256(json.dumps(library_versions(), sort_keys=True).encode()).hexdigest()
        raise ValueError(f"unknown build input {name!r}")


def _other_language_texts(folder: Path, langs: list[str]) -> frozenset[Path]:
    """The text files of ``folder`` in languages other than ``langs`` (ValueError on a language boardgen lacks)."""
    from boardgen.booklet.sources import LANGUAGES, source_file

    unknown = [lang for lang in langs if lang not in LANGUAGES]
    if unknown or not langs:
        raise ValueError(f"unknown booklet language in build input: {'+'.join(langs)!r}")
    return frozenset(source_file(folder, lang) for lang in LANGUAGES if lang not in langs)


# ``import X[.Y] [as Z][, ...]`` and ``from X[.Y] import ...`` as whole lines: a docstring's "from a point of view" is neither.
IMPORT = re.compile(rb"^[ \t]*(?:import[ \t]+([A-Za-z_]\w*)(?:\.\w+)*(?:[ \t]+as[ \t]+\w+)?[ \t]*(?:[,#\r\n]|$)|from[ \t]+([A-Za-z_]\w*)(?:\.\w+)*[ \t]+import[ \t(])", re.MULTILINE)


def imported_libraries(folder: Path) -> list[str]:
    """The top-level modules outside the standard library and boardgen that the modules below ``folder`` import (``["chess"]`` for Xadrez).

    Read from the source (every ``import X`` and ``from X import``, a
    relative ``from . import`` aside), not by importing it: planning a build
    imports no engine.
    """
    found: set[str] = set()
    for path in sorted(folder.rglob("*.py")) if folder.is_dir() else ():
        if not any(_hidden(part) for part in path.relative_to(folder).parts):
            found.update((plain or dotted).decode() for plain, dotted in IMPORT.findall(path.read_bytes()))
    return sorted(name for name in found if name not in sys.stdlib_module_names and name not in ("boardgen", "__future__"))


def library_version(module: str) -> str | None:
    """The version of the distribution that provides top-level module ``module`` (None when none is installed)."""
    from importlib.metadata import PackageNotFoundError, packages_distributions, version

    try:
        return version(module)  # the usual case, and cheap: the distribution has the module's name (chess)
    except PackageNotFoundError:
        pass
    for name in packages_distributions().get(module, []):  # reads every installed distribution's file list: only when the name differs
        try:
            return f"{name} {version(name)}"
        except PackageNotFoundError:
            continue
    return None


def library_versions() -> dict[str, str | None]:
    from importlib.metadata import PackageNotFoundError, version

    found: dict[str, str | None] = {}
    for name in LIBRARIES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = None
    return found


def _templates_dir() -> Path:
    from boardgen.booklet.paths import templates_dir

    return templates_dir()


def _game_dir(package: Path, game: str) -> Path:
    """``boardgen/games/ID/``, or the package folder of a game kept outside boardgen (a plugin)."""
    folder = package / "games" / game
    if folder.is_dir():
        return folder
    from boardgen.registry import all_games

    found = next((info.package_folder() for info in all_games() if info.id == game), None)
    return found or folder


def _rules_dir() -> Path:
    from boardgen.booklet.paths import rules_dir

    return rules_dir()


def _declared_texts_root(game: str) -> Path | None:
    """Where a game kept outside boardgen has its rule texts (None: in ``rules_text/``)."""
    from boardgen.booklet.paths import declared_texts_root

    return declared_texts_root(game)
