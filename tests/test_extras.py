"""A core install, and one without python-chess: what is missing is said in one line, never a traceback.

Each case runs boardgen in a subprocess whose import system refuses the
extra's libraries, as a fresh ``pip install boardgen-games`` would lack them
(this test's environment has every extra, so they cannot simply be absent).
One subprocess runs all the commands of a case through :func:`boardgen.cli.main`,
to keep the test quick.  ``.ci/packaging`` does the same with real installs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from boardgen import extras
from boardgen.errors import BoardgenError, MissingExtraError
from tests.conftest import ROOT

BOOKLET_STACK = extras.EXTRAS["booklets"]

#: runs each command of argv[2] (JSON) with the modules of argv[1] (comma-separated) refused;
#: prints one JSON list of {"status", "stderr", "stdout"}
SCRIPT = r"""
import contextlib, io, json, sys
BLOCKED = tuple(sys.argv[1].split(","))
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (refused by the test)", name=name)
sys.meta_path.insert(0, Blocker())
from boardgen.cli import main
results = []
for command in json.loads(sys.argv[2]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(command)
            status = 0
        except SystemExit as stop:
            status = stop.code
    results.append({"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()})
print(json.dumps(results))
"""


def _without(blocked: tuple[str, ...], commands: list[list[str]], cwd: Path) -> list[dict[str, object]]:
    env = {k: v for k, v in os.environ.items() if k not in ("BOARDGEN_HOME",)}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, ",".join(blocked), json.dumps(commands)],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    results: list[dict[str, object]] = json.loads(done.stdout)
    return results


def _one_line_naming(result: dict[str, object], extra: str) -> str:
    stderr = str(result["stderr"])
    assert result["status"] == 2, result
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    assert stderr.startswith("boardgen: error: ") and stderr.rstrip().endswith(f"pip install 'boardgen-games[{extra}]'"), stderr
    return stderr


def test_a_core_install_names_the_booklets_extra_and_exits_2(tmp_path: Path) -> None:
    commands = [
        ["check"],
        ["booklet", "hex", "-o", "b.pdf"],
        ["diagram", "hex", "c3", "-o", "d.svg"],
        ["build", "-o", "out"],
        ["serve", "-p", "0", "-o", "out"],
        ["board", "hex", "-o", "a.pdf"],  # the drawing stack alone still draws boards
    ]
    *refused, board = _without(BOOKLET_STACK + ("chess",), commands, tmp_path)
    for command, result in zip(commands, refused):
        line = _one_line_naming(result, "booklets")
        assert line.startswith(f"boardgen: error: boardgen {command[0]} needs the booklets extra (markdown_it"), line
    assert board["status"] == 0, board
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf"]  # nothing half-made by the refused commands


def test_without_python_chess_only_xadrez_s_engine_is_refused(tmp_path: Path) -> None:
    commands = [
        ["moves", "xadrez"], ["play", "chess", "e4"], ["diagram", "xadrez", "e4", "-o", "d.svg"],
        ["list"], ["board", "xadrez", "-o", "x.pdf"], ["moves", "hex", "--size", "3"],
    ]
    moves, play, diagram, listed, board, hex_moves = _without(("chess",), commands, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.pdf"]
    for result in (moves, play, diagram):
        assert "Xadrez's engine needs the chess extra (chess not installed)" in _one_line_naming(result, "chess")
    assert listed["status"] == 0 and board["status"] == 0 and hex_moves["status"] == 0, (listed, board, hex_moves)
    xadrez_lines = str(listed["stdout"]).split("\nxadrez", 1)[1].split("\n")
    assert any("needs the chess extra: pip install 'boardgen-games[chess]'" in line for line in xadrez_lines[:3]), xadrez_lines[:3]
    assert "chess extra" not in str(listed["stdout"]).split("\nxadrez", 1)[0]  # only the game that needs it says so


def test_with_every_extra_list_has_no_note() -> None:
    assert extras.missing("chess") == () and extras.missing("booklets") == ()
    assert extras.engine_note("chess") is None and extras.engine_note(None) is None


API_SCRIPT = r"""
import sys
BLOCKED = tuple(sys.argv[1].split(","))
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(name, name=name)
sys.meta_path.insert(0, Blocker())
from boardgen import api
from boardgen.errors import BoardgenError, MissingExtraError
calls = {
    "booklet": lambda: api.booklet("hex", langs=("en",)),
    "check": lambda: api.check(),
    "diagram": lambda: api.diagram("hex", ["c3"], size=5),
    "xadrez": lambda: api.get_game("xadrez").load_engine(),
}
for name, call in calls.items():
    try:
        call()
        print(name, "returned")
    except MissingExtraError as error:
        assert isinstance(error, BoardgenError)
        print(name, error.extra, ",".join(error.missing), error.install)
print("hex", api.get_game("hex").load_engine().initial(size=3).to_text())
"""


def test_the_api_raises_missing_extra_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", API_SCRIPT, ",".join(BOOKLET_STACK + ("chess",))],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    booklets = "booklets " + ",".join(BOOKLET_STACK) + " pip install 'boardgen-games[booklets]'"
    assert done.stdout.splitlines() == [
        f"booklet {booklets}", f"check {booklets}", f"diagram {booklets}",
        "xadrez chess chess pip install 'boardgen-games[chess]'",
        "hex 3/3/3 r swap",
    ]


def test_explain_turns_only_an_extra_s_module_into_missing_extra_error() -> None:
    error = extras.explain(ModuleNotFoundError("No module named 'weasyprint.text'", name="weasyprint.text"))
    assert isinstance(error, MissingExtraError) and error.extra == "booklets" and error.missing == ("weasyprint",)
    assert extras.explain(ModuleNotFoundError("No module named 'boardgen.nothing'", name="boardgen.nothing")) is None
    assert extras.explain(ModuleNotFoundError("no name")) is None


def test_the_extras_table_matches_pyproject() -> None:
    """Every module extras.py checks for is a library of that extra in pyproject.toml, and [all] has both."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["optional-dependencies"]
    distributions = {"markdown_it": "markdown-it-py"}
    for extra, modules in extras.EXTRAS.items():
        names = {line.split(">", 1)[0].split("[", 1)[0].split("<", 1)[0].strip().lower() for line in declared[extra]}
        for module in modules:
            assert distributions.get(module, module) in names, (extra, module, names)
    assert declared["all"] == ["boardgen-games[booklets,chess]"]
    assert not any(line.startswith("chess") for line in project["dependencies"]), "python-chess (GPL-3.0) must stay optional"
    assert set(extras.COMMAND_EXTRAS) <= set(__import__("boardgen.cli", fromlist=["COMMANDS"]).COMMANDS)


def test_verbose_names_the_installed_version(tmp_path: Path) -> None:
    from importlib.metadata import version

    done = subprocess.run([sys.executable, "-m", "boardgen", "list", "-v"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"boardgen: debug: boardgen {version('boardgen-games')}, Python" in done.stderr, done.stderr


def test_missing_extra_error_is_a_boardgen_error() -> None:
    error = MissingExtraError("chess", "Xadrez's engine", ("chess",), extras.install_command("chess"))
    assert isinstance(error, BoardgenError) and error.exit_code == 2
    assert str(error) == "Xadrez's engine needs the chess extra (chess not installed): pip install 'boardgen-games[chess]'"


def test_the_lowest_constraints_pin_every_dependency_at_a_version_that_works() -> None:
    """.ci/lowest_constraints.py reads every bound of pyproject.toml; none is below a version known to fail.

    CI installs these pins and runs every command (.ci/packaging); the known
    failures are why the bounds are where they are (issue #29): WeasyPrint 66
    and 67 fail every booklet, pypdf 4 the imposition, pypdfium2 4 the build's
    audit, and reportlab 4.0.0 needs the system's cairo to install.
    """
    script = ROOT / ".ci" / "lowest_constraints.py"
    pins: dict[str, dict[str, tuple[int, ...]]] = {}
    for extras_named in ("core", "booklets chess"):
        done = subprocess.run([sys.executable, str(script), *extras_named.split()], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        pins[extras_named] = {
            name: tuple(int(part) for part in version.split("."))
            for name, version in (line.split("==") for line in done.stdout.splitlines())
        }
    core, everything = pins["core"], pins["booklets chess"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert len(core) == len(project["dependencies"]) and set(core) <= set(everything)
    assert {"weasyprint", "pypdf", "chess", "markdown-it-py", "jinja2"} <= set(everything) - set(core)
    known_broken = {"weasyprint": (67,), "pypdf": (4, 99), "pypdfium2": (4, 99), "reportlab": (4, 0, 0)}
    for name, broken in known_broken.items():
        assert everything[name] > broken, (name, everything[name])
    assert everything["fonttools"] >= (4, 59, 2) > core["fonttools"]  # WeasyPrint 68's own minimum, with the booklets only
