"""The distribution as a user gets it: the sdist and wheel hold what boardgen needs, and an
installed wheel (not the editable checkout) runs every command from an empty folder.

The sdist is built from the checkout and the wheel from the unpacked sdist, as
``pip install`` from the package index would; neither needs the network
(setuptools comes from the test extra, the dependencies from this test's own
environment through a ``.pth`` file, so only boardgen itself is the wheel's).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT

DISTRIBUTION = "boardgen_games"  # the file-name form of the distribution name boardgen-games
DATA_FILES = sorted(
    p.relative_to(ROOT).as_posix() for folder in ("templates", "rules_text") for p in (ROOT / folder).rglob("*") if p.is_file()
)
#: libraries only booklets use: the board commands must run without them
BOOKLET_STACK = ("jinja2", "markupsafe", "weasyprint", "markdown_it", "pypdf", "pyphen")


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without anything that would let the checkout leak into a subprocess."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BOARDGEN_HOME", "PYTHONHOME")}
    env.update(extra)
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, env=env or _clean_env(), capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(map(str, args))} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


def _build_backend(call: str, source: Path, out: Path) -> Path:
    """Run one setuptools PEP 517 hook in ``source`` (no build isolation: no network)."""
    import setuptools

    major = int(setuptools.__version__.split(".")[0])
    if major < 77:
        pytest.fail(f"setuptools {setuptools.__version__} cannot build boardgen (needs >= 77; the test extra installs it)")
    code = f"import sys; from setuptools import build_meta; print(build_meta.{call}(sys.argv[1]))"
    result = _run([sys.executable, "-c", code, str(out)], cwd=source)
    return out / result.stdout.strip().splitlines()[-1]


@dataclass
class Dists:
    sdist: Path
    wheel: Path


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    out = tmp_path_factory.mktemp("dist")
    sdist = _build_backend("build_sdist", _source_copy(out / "source"), out)
    with tarfile.open(sdist) as archive:
        archive.extractall(out / "unpacked", filter="data")
    (unpacked,) = (out / "unpacked").iterdir()
    wheel = _build_backend("build_wheel", unpacked, out)
    return Dists(sdist, wheel)


def _source_copy(target: Path) -> Path:
    """The checkout's files (tracked or new, not ignored) copied to ``target``.

    Building there leaves no ``*.egg-info`` in the checkout, and no stale one can
    add files to the sdist.
    """
    import shutil

    for name in _source_files():
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def _source_files() -> list[str]:
    """The project's files, relative to ROOT: git's list in a checkout, else (an unpacked sdist) the tree.

    In an unpacked sdist there is no git: its own files are the source, less
    what building or testing it leaves (``*.egg-info``, ``build/``, caches).
    """
    if (ROOT / ".git").exists():
        listed = _run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT).stdout
        return [name for name in listed.split("\0") if name]
    left = {"build", "dist", "output", "__pycache__", "PKG-INFO"}
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in ROOT.rglob("*")
        if p.is_file() and not any(part in left or part.startswith(".") or part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)
    )


def test_sdist_holds_the_templates_and_rule_texts(dists: Dists) -> None:
    with tarfile.open(dists.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert DATA_FILES and set(DATA_FILES) <= names, sorted(set(DATA_FILES) - names)
    assert {"setup.py", "pyproject.toml", "boardgen/py.typed", "boardgen/fonts/OFL.txt"} <= names


#: what a distribution packager builds, tests and documents boardgen with: all of it is in the sdist
PACKAGER_FOLDERS = ("tests", "docs", "bench", "tools")


def test_sdist_holds_the_tests_docs_benchmarks_and_tools(dists: Dists) -> None:
    with tarfile.open(dists.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted = {name for name in _source_files() if name.split("/", 1)[0] in PACKAGER_FOLDERS and not name.endswith((".pyc", ".pyo"))}
    assert {folder for folder in PACKAGER_FOLDERS if any(n.startswith(f"{folder}/") for n in wanted)} == set(PACKAGER_FOLDERS)
    assert wanted <= names, sorted(wanted - names)[:20]
    assert {"LICENSE", "README.md", "boardgen/fonts/OFL.txt", "tests/conftest.py", "docs/api.md"} <= names
    assert not any(part == "__pycache__" or part.endswith(".egg-info") and "/" in part for name in names for part in name.split("/")[:-1])


def test_the_tests_collect_from_the_unpacked_sdist(dists: Dists, tmp_path: Path) -> None:
    """Every test file of the sdist collects, importing boardgen from the sdist itself, not this checkout."""
    with tarfile.open(dists.sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.iterdir()
    probe = _run([sys.executable, "-c", "import boardgen; print(boardgen.__file__)"], cwd=unpacked)
    assert Path(probe.stdout.strip()).is_relative_to(unpacked), probe.stdout
    collected = _run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", f"--basetemp={tmp_path / 'pt'}"],
        cwd=unpacked, env=_clean_env(), timeout=600,
    )
    files = {line.split("::", 1)[0] for line in collected.stdout.splitlines() if "::" in line}
    test_files = {p.relative_to(unpacked).as_posix() for p in (unpacked / "tests").rglob("test_*.py")}
    assert len(test_files) > 100 and files == test_files, sorted(test_files ^ files)[:20]
    assert "error" not in collected.stdout.splitlines()[-1], collected.stdout.splitlines()[-1]


def test_wheel_bundles_the_data_fonts_and_type_marker(dists: Dists) -> None:
    assert dists.wheel.name.startswith(f"{DISTRIBUTION}-")
    with zipfile.ZipFile(dists.wheel) as archive:
        names = set(archive.namelist())
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        requires = [line for line in archive.read(metadata).decode().splitlines() if line.startswith("Requires-Dist:")]
    bundled = {f"boardgen/_data/{name}" for name in DATA_FILES}
    assert bundled <= names, sorted(bundled - names)
    assert "boardgen/py.typed" in names
    assert any(n.startswith("boardgen/fonts/") and n.endswith(".ttf") for n in names)
    # The booklet stack is an extra: a plain install gets only the drawing stack.
    plain = [r for r in requires if "extra ==" not in r]
    names_only = {re.split(r"[<>=!~\[;( ]", r.removeprefix("Requires-Dist:").strip(), maxsplit=1)[0].lower() for r in plain}  # pypdfium2 is not pypdf
    assert plain and not names_only & {lib.replace("_", "-") for lib in BOOKLET_STACK + ("markdown-it-py", "chess")}, sorted(names_only)
    assert any("weasyprint" in r.lower() and "extra == \"booklets\"" in r for r in requires)
    assert any(r.lower().startswith("requires-dist: chess") and "extra == \"chess\"" in r for r in requires), requires  # GPL-3.0: optional
    with zipfile.ZipFile(dists.wheel) as archive:
        entry_points = archive.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    assert "boardgen = boardgen.cli:main" in entry_points and "boardgen-games = boardgen.cli:main" in entry_points, entry_points


@pytest.fixture(scope="module")
def venv(dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed and this environment's libraries visible."""
    root = tmp_path_factory.mktemp("venv")
    _run([sys.executable, "-m", "venv", "--without-pip", str(root)], cwd=root)
    python = root / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(dists.wheel)], cwd=root)
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=root).stdout.strip())
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    # A plain path line: the folder joins sys.path after the venv's own site-packages, and
    # its .pth files (the checkout's editable install) are not run.
    (site / "zz_test_dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
    return root


def test_installed_wheel_runs_every_command_from_an_empty_folder(venv: Path, tmp_path: Path) -> None:
    work = tmp_path / "empty"
    work.mkdir()
    python, boardgen = venv / "bin" / "python", venv / "bin" / "boardgen"

    code = (
        "import boardgen, boardgen.booklet.paths as p, importlib.metadata as m; "
        "print(boardgen.__file__); print(p.project_root()); print(m.distribution('boardgen-games').locate_file('')); print(boardgen.__version__)"
    )
    module_file, data_root, installed_at, version = _run([str(python), "-c", code], cwd=work).stdout.split()
    assert Path(module_file).is_relative_to(venv), module_file
    assert Path(installed_at).is_relative_to(venv) and version == "0.1.0"
    assert Path(data_root) == (Path(module_file).parent / "_data").resolve()

    listed = _run([str(boardgen), "list"], cwd=work)
    assert "hex" in listed.stdout and "assalto" in listed.stdout
    assert _run([str(venv / "bin" / "boardgen-games"), "list"], cwd=work).stdout == listed.stdout  # the second name, the same command
    assert _run([str(boardgen), "--version"], cwd=work).stdout == "boardgen, version 0.1.0\n"

    _run([str(boardgen), "board", "hex", "-o", "x.pdf"], cwd=work)
    assert (work / "x.pdf").read_bytes().startswith(b"%PDF-")

    checked = _run([str(boardgen), "check"], cwd=work)
    shipped = sum(1 for folder in (ROOT / "rules_text").iterdir() if (folder / "en.md").is_file())
    assert f"checked {shipped} games" in checked.stdout and "no problems" in checked.stdout

    _run([str(boardgen), "booklet", "hex", "--lang", "en", "-o", "b.pdf"], cwd=work)
    booklet = PdfReader(work / "b.pdf")
    assert len(booklet.pages) >= 4
    assert "Hex" in booklet.pages[0].extract_text()

    _run([str(boardgen), "diagram", "hex", "c3", "-o", "d.svg"], cwd=work)
    svg = (work / "d.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "c3" in svg

    # The whole build typesets 30 booklets a game; here it runs on one game's texts (copied from
    # the installed data, through BOARDGEN_HOME) and leaves the booklets out (the booklet command
    # above typeset one from the wheel; tests/make builds them): boards, diagrams and the site
    # still run every step of the build from the installed package.  Two games: Hex, with its
    # texts, and Surakarta, whose texts are not in that home (its boards are made all the same);
    # the other games' boards are more files from the same steps (tests/make builds them).
    home = tmp_path / "home"
    bundled = Path(data_root)
    (home / "rules_text").mkdir(parents=True)
    _copy_tree(bundled / "templates", home / "templates")
    _copy_tree(bundled / "rules_text" / "hex", home / "rules_text" / "hex")
    _run([str(boardgen), "build", "-q", "-o", "out", "--only", "hex,surakarta", "--kind", "boards,diagrams,site"], cwd=work, env=_clean_env(BOARDGEN_HOME=str(home)))
    out = work / "out"
    assert (out / "boards" / "hex-11-a4.pdf").read_bytes().startswith(b"%PDF-")
    assert (out / "boards" / "surakarta-letter.svg").is_file()
    assert (out / "index.html").is_file() and (out / "manifest.json").is_file()
    assert not (out / "booklets").exists()
    assert any((out / "diagrams" / "hex").glob("*.svg"))
    assert sorted(p.name for p in work.iterdir()) == ["b.pdf", "d.svg", "out", "x.pdf"]


def _copy_tree(source: Path, target: Path) -> None:
    import shutil

    shutil.copytree(source, target)


def test_board_commands_run_without_the_booklet_stack(tmp_path: Path) -> None:
    """``list``, ``board`` and the engine commands import none of the booklet-only libraries."""
    script = (
        "import sys\n"
        f"BLOCKED = {BOOKLET_STACK!r}\n"
        "class Blocker:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.partition('.')[0] in BLOCKED:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r} (blocked by the test)')\n"
        "sys.meta_path.insert(0, Blocker())\n"
        "from boardgen.cli import main\n"
        "main(sys.argv[1:])\n"
    )
    env = _clean_env(PYTHONPATH=str(ROOT))
    commands = [
        ["list"],
        ["board", "hex", "-o", "a.pdf"],
        ["board", "trihex", "-o", "b.svg"],
        ["board", "brax", "--tile", "--cell-mm", "40", "-o", "c.pdf"],
        ["board", "hex", "--per-sheet", "4", "-o", "d.pdf"],
        ["moves", "hex", "--size", "5"],
        ["play", "hex", "--size", "5", "c3"],
        ["perft", "surakarta", "--depth", "1"],
    ]
    for command in commands:
        _run([sys.executable, "-c", script, *command], cwd=tmp_path, env=env)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.svg", "c.pdf", "d.pdf"]
