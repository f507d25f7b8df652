"""What a click user expects of every command: -q/-v, -o -, Ctrl-C, plain ``boardgen``, --json, completion."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.cli import COMMANDS, cli, main

from ..conftest import ROOT, children_of, run_boardgen

HEX_SOURCES = ROOT / "rules_text" / "hex"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


# -- -q and -v ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_takes_quiet_and_verbose_and_refuses_both(capsys, name):
    command = cli.get_command(None, name)
    flags = {opt for param in command.params for opt in param.opts}
    assert {"-q", "--quiet", "-v", "--verbose"} <= flags
    args = {"perft": ["hex", "--depth", "1"]}.get(name, ["hex"] if name in ("board", "moves", "play", "booklet", "diagram", "record", "pieces") else [])
    status, out, err = run(capsys, name, "-v", "-q", *args)
    assert (status, out) == (2, "")
    assert err.splitlines() == ["boardgen: error: -q/--quiet: cannot be combined with -v/--verbose; choose one"]


def test_progress_is_info_quiet_hides_it_verbose_adds_debug(tmp_path):
    out = tmp_path / "b.svg"
    normal = run_boardgen("board", "hex", "-o", str(out))
    assert normal.returncode == 0 and normal.stdout.startswith(f"wrote {out} (") and normal.stderr == ""
    quiet = run_boardgen("board", "hex", "-q", "-o", str(out))
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    verbose = run_boardgen("board", "hex", "--verbose", "-o", str(out))
    assert verbose.stdout == normal.stdout
    debug = verbose.stderr.splitlines()
    assert debug and all(line.startswith("boardgen: debug: ") for line in debug)
    assert any("command board" in line for line in debug)


def test_results_are_printed_whatever_the_level(capsys):
    assert run(capsys, "perft", "hex", "--depth", "2", "--size", "2", "-q") == (0, "16\n", "")
    assert run(capsys, "moves", "hex", "--size", "2", "-q")[1].split() == ["a1", "b1", "a2", "b2"]
    assert "--variant swap=on|off" in run(capsys, "list", "-q")[1]
    status, out, err = run(capsys, "play", "hex", "a1", "--size", "2", "-v")
    assert (status, out) == (0, "r1/2 b swap\n") and err.startswith("boardgen: debug: ")


@pytest.mark.expect_warnings
def test_skipped_input_is_one_warning_line_even_when_quiet(tmp_path):
    out = tmp_path / "b.pdf"
    env = {"PAPERSIZE": "legal", "BOARDGEN_PAPER": "", "LC_ALL": "", "LC_PAPER": "", "LANG": "C"}
    for flags in ((), ("-q",)):
        result = run_boardgen("board", "hex", *flags, "-o", str(out), env=env)
        assert result.returncode == 0, result.stderr
        lines = result.stderr.splitlines()
        assert lines[0] == "boardgen: warning: PAPERSIZE names paper 'legal', which boardgen does not print on; ignored"
        assert all(line.startswith("boardgen: warning: ") for line in lines)  # /etc/papersize may add its own


def test_an_unexpected_warning_fails_the_test(pytester):
    """The suite's guard itself: a test that lets boardgen warn fails, unless marked."""
    pytester.makeconftest((ROOT / "tests" / "conftest.py").read_text())
    pytester.makeini("[pytest]\nmarkers =\n    expect_warnings: ok\n")
    pytester.makepyfile(
        """
        import logging
        import pytest

        def test_warns():
            logging.getLogger("boardgen").warning("PAPERSIZE names paper 'b5'; ignored")

        @pytest.mark.expect_warnings
        def test_warns_on_purpose():
            logging.getLogger("boardgen").warning("expected")

        def test_quiet():
            logging.getLogger("boardgen").info("wrote x")
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(["*unexpected warnings*", "*PAPERSIZE names paper 'b5'*"])


# -- -o and formats -----------------------------------------------------------------------


def test_board_to_stdout_is_the_exact_bytes_of_the_file(tmp_path):
    out = tmp_path / "hex.pdf"
    assert run_boardgen("board", "hex", "--size", "7", "--paper", "a4", "-o", str(out)).returncode == 0
    piped = subprocess.run([sys.executable, "-m", "boardgen", "board", "hex", "--size", "7", "--paper", "a4", "-o", "-"], capture_output=True, cwd=tmp_path, check=True)
    assert piped.stdout == out.read_bytes()
    assert piped.stderr.decode().startswith("wrote standard output (")  # progress moved off stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hex.pdf"]


def test_svg_board_and_diagram_to_stdout(tmp_path):
    svg = subprocess.run([sys.executable, "-m", "boardgen", "board", "ringo", "--format", "svg", "-q", "-o", "-"], capture_output=True, cwd=tmp_path, check=True)
    assert svg.stdout.startswith(b"<?xml") and svg.stderr == b""
    diagram = subprocess.run([sys.executable, "-m", "boardgen", "diagram", "hex", "--size", "5", "c3", "--format", "pdf", "-o", "-"], capture_output=True, cwd=tmp_path, check=True)
    assert diagram.stdout.startswith(b"%PDF-") and diagram.stdout.rstrip().endswith(b"%%EOF")
    assert list(tmp_path.iterdir()) == []


def test_booklet_to_stdout(tmp_path):
    result = subprocess.run([sys.executable, "-m", "boardgen", "booklet", "hex", "--lang", "en", "-q", "-o", "-"], capture_output=True, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr
    (tmp_path / "read.pdf").write_bytes(result.stdout)
    assert len(PdfReader(tmp_path / "read.pdf").pages) >= 1
    assert result.stderr == b""


@pytest.mark.parametrize(
    "args, words",
    [
        (["board", "hex", "-o", "board.gif"], "board.gif ends in .gif, but a board is written as pdf or svg or png"),
        (["board", "hex", "--format", "svg", "-o", "x.pdf"], "x.pdf ends in .pdf, but --format is svg"),
        (["diagram", "hex", "--format", "pdf", "-o", "x.svg"], "x.svg ends in .svg, but --format is pdf"),
        (["booklet", "hex", "-o", "rules.svg"], "rules.svg ends in .svg, but a booklet is written as pdf"),
    ],
)
def test_an_output_suffix_that_contradicts_the_format_is_an_error(capsys, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"boardgen: error: -o/--output: {words}"), err
    assert list(tmp_path.iterdir()) == []


def test_no_suffix_takes_the_format_from_the_option(capsys, tmp_path):
    status, _, _ = run(capsys, "board", "hex", "--format", "svg", "-o", str(tmp_path / "plain"))
    assert status == 0 and (tmp_path / "plain").read_bytes().startswith(b"<?xml")
    status, _, _ = run(capsys, "board", "hex", "-o", str(tmp_path / "plain2"))
    assert status == 0 and (tmp_path / "plain2").read_bytes().startswith(b"%PDF-")


# -- plain boardgen -----------------------------------------------------------------------


def test_plain_boardgen_prints_usage_and_commands():
    result = run_boardgen()
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("Usage: boardgen [OPTIONS] COMMAND") or result.stderr.startswith("Usage: boardgen [OPTIONS] [COMMAND]")
    listed = [line.split()[0] for line in result.stderr.split("Commands:", 1)[1].strip().splitlines()]
    assert listed == sorted(COMMANDS)
    assert "error" not in result.stderr


# -- --json ---------------------------------------------------------------------------------


def test_check_json(tmp_path):
    clean = run_boardgen("check", "--json")
    assert clean.returncode == 0 and clean.stderr == ""
    data = json.loads(clean.stdout)
    assert set(data) == {"games_checked", "diagrams_checked", "problems"}
    summary = run_boardgen("check").stdout.strip()
    assert summary == f"checked {data['games_checked']} games, {data['diagrams_checked']} diagrams: no problems"
    assert data["problems"] == []
    folder = tmp_path / "hex"
    folder.mkdir()
    for source in HEX_SOURCES.iterdir():
        if source.is_file():
            (folder / source.name).write_bytes(source.read_bytes())
    broken_file = next(p for p in sorted(folder.glob("*.md")) if "\nmoves:" in p.read_text())
    text = broken_file.read_text()
    line = text[: text.index("\nmoves:")].count("\n") + 2
    broken_file.write_text(text.replace("\nmoves:", "\nmoves: zz99", 1))
    broken = run_boardgen("check", str(folder), "--json")
    assert broken.returncode == 2
    problems = json.loads(broken.stdout)["problems"]
    assert problems and all(set(p) == {"file", "line", "message"} for p in problems)
    assert any(p["file"].endswith(broken_file.name) and p["line"] == line and "zz99" in p["message"] for p in problems)


def test_build_json_lists_the_files_it_wrote(capsys, tmp_path, monkeypatch):
    import boardgen.make.steps as steps

    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs",))
    status, out, err = run(capsys, "build", "-o", str(tmp_path), "--json")
    assert status == 0
    data = json.loads(out)
    on_disk = {str(p): p.stat().st_size for p in tmp_path.rglob("*") if p.is_file() and p.name != ".boardgen-build.json"}
    assert data["output"] == str(tmp_path)
    assert {f["path"]: f["bytes"] for f in data["files"]} == on_disk and len(on_disk) > 4
    assert f"wrote {data['files'][0]['path']}" in err  # progress went to stderr
    status, out, err = run(capsys, "build", "-o", str(tmp_path), "--json", "-q")
    assert status == 0 and err == "" and json.loads(out)["files"] == data["files"]


# -- Ctrl-C ---------------------------------------------------------------------------------


def _processes_with(token: str) -> list[int]:
    """Processes whose environment carries ``token``: the command and anything it started."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if token.encode() in (entry / "environ").read_bytes():
                stat = (entry / "stat").read_text()
                if stat.rsplit(")", 1)[1].split()[0] != "Z":
                    found.append(int(entry.name))
        except OSError:
            continue
    return found


# ``python -m boardgen`` with the build cut down to its booklet step, to reach the worker processes at once
BOOKLETS_ONLY = [
    "-c",
    "import sys, boardgen.make.steps as steps; from boardgen.cli import main;"
    " steps.STEPS = ('boardgen.make.booklets:booklet_jobs',); main(sys.argv[1:])",
]


def _interrupt(
    args: list[str], cwd: Path, ready: str | None, delay: float, sig: int = signal.SIGINT, launcher: list[str] | None = None
) -> tuple[int, str, float, list[int]]:
    """Start boardgen, wait for the stderr line containing ``ready`` (if any) and ``delay`` s, send ``sig``.

    Returns (exit status, stderr, seconds from the signal to exit, child pids seen before the signal).
    """
    token = f"boardgen-test-{uuid.uuid4()}"
    env = dict(os.environ, BOARDGEN_TEST_TOKEN=token, BOARDGEN_JOBS="2")
    command = [sys.executable, *(launcher or ["-m", "boardgen"]), *args]
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = []
    if ready is not None:
        for line in process.stderr:
            lines.append(line)
            if ready in line:
                break
        else:
            pytest.fail(f"never printed {ready!r}: {''.join(lines)}")
    time.sleep(delay)
    assert process.poll() is None, f"boardgen finished before the interrupt: {''.join(lines)}"
    children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    sent = time.monotonic()
    process.send_signal(sig)
    try:
        status = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"boardgen did not stop within 10 s of {signal.Signals(sig).name}")
    elapsed = time.monotonic() - sent
    stderr = "".join(lines) + process.stderr.read()
    process.stderr.close()
    time.sleep(0.2)
    leftover = _processes_with(token)
    assert leftover == [], f"processes left behind: {leftover}"
    return status, stderr, elapsed, [int(pid) for pid in children]


def _no_partial_files(folder: Path) -> None:
    for path in folder.rglob("*"):
        assert not path.name.endswith(".tmp"), path
        if path.suffix == ".pdf":
            assert path.read_bytes().rstrip().endswith(b"%%EOF"), f"truncated {path}"
            PdfReader(path)


@pytest.mark.parametrize("moment", ["after 3 s", "while booklets are typeset"])
def test_ctrl_c_stops_the_build_at_once_with_nothing_half_written(tmp_path, moment):
    out = tmp_path / "out"
    if moment == "after 3 s":
        status, stderr, elapsed, _ = _interrupt(["build", "-o", str(out)], tmp_path, None, 3.0)
    else:
        status, stderr, elapsed, children = _interrupt(["build", "-v", "-o", str(out)], tmp_path, "typesetting", 1.0)
        assert children, "the booklets are typeset in worker processes"
    assert status == 130
    assert elapsed < 2.0
    assert stderr.splitlines()[-1] == "boardgen: interrupted"
    assert "Traceback" not in stderr and stderr.count("interrupted") == 1
    _no_partial_files(out)


@pytest.mark.parametrize(
    "args",
    [
        ["perft", "hex", "--depth", "8", "--force"],
        ["board", "hex", "--size", "26", "--cell-mm", "60", "--tile", "--paper", "a4", "-o", "poster.pdf"],
        ["booklet", "hex", "-o", "hex.pdf"],
        ["check", "COPIES"],
    ],
    ids=["perft", "board", "booklet", "check"],
)
def test_ctrl_c_stops_long_commands(tmp_path, args):
    work = tmp_path / "work"
    work.mkdir()
    if args[-1] == "COPIES":  # one check is quick: give it a hundred copies of Hex's texts
        copies = []
        for number in range(100):
            folder = tmp_path / "copies" / str(number) / "hex"
            folder.mkdir(parents=True)
            for source in HEX_SOURCES.iterdir():
                if source.is_file():
                    (folder / source.name).write_bytes(source.read_bytes())
            copies.append(str(folder))
        args = ["check", *copies]
    status, stderr, elapsed, _ = _interrupt([*args, "-v"], work, "boardgen: debug: boardgen", 0.3)
    assert (status, stderr.splitlines()[-1]) == (130, "boardgen: interrupted"), stderr
    assert elapsed < 2.0 and "Traceback" not in stderr
    assert list(work.iterdir()) == []


# -- SIGTERM and kill -9 -------------------------------------------------------------------------


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_sigterm_stops_perft_with_143(tmp_path):
    status, stderr, elapsed, _ = _interrupt(["perft", "hex", "--depth", "8", "--force", "-v"], tmp_path, "boardgen: debug: boardgen", 0.5, signal.SIGTERM)
    assert (status, stderr.splitlines()[-1]) == (143, "boardgen: terminated"), stderr
    assert elapsed < 2.0 and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_sigterm_stops_a_booklet_with_143_and_no_file(tmp_path):
    status, stderr, elapsed, _ = _interrupt(["booklet", "hex", "-o", "hex.pdf", "-v"], tmp_path, "boardgen: debug: typesetting", 0.5, signal.SIGTERM)
    assert (status, stderr.splitlines()[-1]) == (143, "boardgen: terminated"), stderr
    assert elapsed < 2.0 and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_sigterm_stops_the_build_and_its_workers_with_143(tmp_path):
    out = tmp_path / "out"
    status, stderr, elapsed, children = _interrupt(["build", "-v", "-o", str(out)], tmp_path, "typesetting", 1.0, signal.SIGTERM, BOOKLETS_ONLY)
    assert children, "the booklets are typeset in worker processes"
    assert (status, stderr.splitlines()[-1]) == (143, "boardgen: terminated"), stderr
    assert elapsed < 2.0 and "Traceback" not in stderr and stderr.count("terminated") == 1
    assert not any(_alive(pid) for pid in children)
    _no_partial_files(out)


def test_kill_9_of_the_build_takes_its_workers_with_it(tmp_path):
    env = dict(os.environ, BOARDGEN_JOBS="2")
    command = [sys.executable, *BOOKLETS_ONLY, "build", "-v", "-o", str(tmp_path / "out")]
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in process.stderr:
            lines.append(line)
            if "typesetting" in line:
                break
        else:
            pytest.fail(f"never started typesetting: {''.join(lines)}")
        deadline = time.monotonic() + 10
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = children_of(process.pid)
            time.sleep(0.05)
        assert len(workers) == 2, f"expected 2 workers, saw {workers}"
        time.sleep(0.5)  # into the typesetting
        process.kill()
        process.wait(timeout=10)
        deadline = time.monotonic() + 3
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [pid for pid in workers if _alive(pid)]
        for pid in left:  # do not leave them running after a failure
            os.kill(pid, signal.SIGKILL)
        assert left == [], "workers outlived their killed parent by 3 s"
    finally:
        if process.poll() is None:
            process.kill()
        process.stderr.close()


def test_a_worker_whose_parent_is_already_gone_exits(tmp_path):
    # the race die_with_parent closes: the parent died between the fork and the initializer
    code = "import os, sys; from boardgen.booklet.workers import die_with_parent; die_with_parent(int(sys.argv[1])); print('alive')"
    result = subprocess.run([sys.executable, "-c", code, "1"], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (1, "")
    result = subprocess.run([sys.executable, "-c", code.replace("int(sys.argv[1])", "os.getppid()")], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "alive\n")


def test_without_prctl_the_watchdog_ends_an_orphaned_worker(tmp_path):
    worker = (
        "import os, time, boardgen.booklet.workers as w; w._set_pdeathsig = lambda signum: False;"
        " print(w.die_with_parent(os.getppid()), flush=True); time.sleep(60)"
    )
    middle = (
        "import os, subprocess, sys; p = subprocess.Popen([sys.executable, '-c', sys.argv[1]], stdout=subprocess.PIPE, text=True);"
        " print(p.stdout.readline().strip(), p.pid, flush=True); os._exit(0)"
    )
    result = subprocess.run([sys.executable, "-c", middle, worker], capture_output=True, text=True, timeout=60, cwd=ROOT)
    how, pid = result.stdout.split()
    assert how == "watchdog"
    deadline = time.monotonic() + 3
    while _alive(int(pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    if _alive(int(pid)):
        os.kill(int(pid), signal.SIGKILL)
        pytest.fail("the watchdog did not end the worker within 3 s of its parent's death")


# -- shell completion -------------------------------------------------------------------------


def complete(words: str, cword: int | None = None, **extra: str) -> list[tuple[str, str]]:
    parts = words.split(" ")
    env = dict(os.environ, _BOARDGEN_COMPLETE="bash_complete", COMP_WORDS=words, COMP_CWORD=str(len(parts) - 1 if cword is None else cword), **extra)
    result = subprocess.run([sys.executable, "-m", "boardgen"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return [tuple(line.split(",", 1)) for line in result.stdout.splitlines()]


def test_completes_game_names_and_aliases():
    from boardgen.registry import all_games

    assert complete("boardgen board h", 2) == [("plain", "hex")]
    names = {value for _, value in complete("boardgen moves ", 2)}
    assert names == {n for g in all_games() for n in (g.id, *g.aliases)}
    assert "y" in names


def test_completes_variant_names_then_values():
    from boardgen.registry import get_game

    hex_variants = [v.name for v in get_game("hex").variants]
    assert [value for _, value in complete("boardgen moves hex --variant ")] == [f"{name}=" for name in hex_variants]
    swap_values = complete("boardgen play hex --variant swap=")
    assert [value for _, value in swap_values] == ["swap=on", "swap=off"]
    assert complete("boardgen perft hex --variant swap=of") == [("plain", "swap=off")]


def test_bash_gets_the_part_after_the_equals_sign():
    """Bash splits words at '=': our script sends the line, and gets back what bash replaces."""
    line = "boardgen play hex --variant swap=o"
    got = complete("boardgen play hex --variant swap = o", 6, BOARDGEN_COMP_LINE=line, BOARDGEN_COMP_BREAKS=" \t\n\"'><=;|&(:")
    assert got == [("plain", "on"), ("plain", "off")]
    source = subprocess.run([sys.executable, "-m", "boardgen"], env=dict(os.environ, _BOARDGEN_COMPLETE="bash_source"), capture_output=True, text=True, check=True).stdout
    assert "BOARDGEN_COMP_LINE" in source and "complete -o nosort -F" in source


def test_completes_papers_languages_and_formats():
    from boardgen.sheets.paper import PAPERS

    assert {value for _, value in complete("boardgen board hex --paper ")} == set(PAPERS)
    assert [value for _, value in complete("boardgen board hex --paper le")] == ["letter"]
    assert [value for _, value in complete("boardgen booklet hex --lang p")] == ["pt+en", "pt"]
    assert [value for _, value in complete("boardgen board hex --format s")] == ["svg"]
    assert [value for _, value in complete("boardgen diagram hex --format ")] == ["svg", "pdf", "png"]


@pytest.mark.parametrize("value", ["legal", "a9", "\u0665"])
def test_a_bad_boardgen_paper_is_blamed_on_the_variable_not_on_paper(tmp_path, value):
    """The environment chose the paper, so the message names the environment, not an option never given."""
    out = tmp_path / "b.pdf"
    result = run_boardgen("board", "hex", "-o", str(out), env={"BOARDGEN_PAPER": value})
    assert result.returncode == 2
    assert result.stderr.startswith(f"boardgen: error: BOARDGEN_PAPER: unknown paper {value!r}")
    assert "--paper" not in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()
