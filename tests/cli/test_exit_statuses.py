"""How a command ends on bad input (issue 29): one error line and status 2; a command line click
could not read also gets click's ``Try 'boardgen COMMAND -h' for help.`` line; the same broken
rule text is status 2 for ``check`` and for ``booklet`` alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from boardgen.cli import main

from ..conftest import ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


@pytest.mark.parametrize(
    "argv, error, command",
    [
        (["board", "hex", "--bogus"], "No such option '--bogus'", "boardgen board"),
        (["board"], "Missing argument 'GAME'", "boardgen board"),
        (["perft", "hex"], "Missing option '--depth'", "boardgen perft"),
        (["board", "hex", "extra"], "Got unexpected extra argument (extra)", "boardgen board"),
        (["board", "hex", "-o"], "Option '-o' requires an argument", "boardgen board"),  # click's parser gives no context here
        (["nosuch"], "No such command 'nosuch'", "boardgen"),
        (["--bogus"], "No such option '--bogus'", "boardgen"),
    ],
)
def test_a_usage_error_keeps_click_s_hint_line(capsys, argv, error, command):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith("boardgen: error: ") and error in lines[0]
    assert lines[1] == f"Try '{command} -h' for help."


@pytest.mark.parametrize(
    "argv, words",
    [
        (["board", "hex", "--size", "x"], "--size: hex size must be"),
        (["board", "hex", "--ink", "grey"], "--ink: must be full, light or mono"),
        (["diagram", "hex", "--wins", "3"], "Invalid value for '--wins'"),  # click's own BadParameter (a Choice)
        (["moves", "nosuchgame"], "nosuchgame"),
    ],
)
def test_a_bad_value_is_still_one_line(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("boardgen: error: ") and words in err, err


def _broken_hex_texts(folder: Path) -> tuple[Path, int]:
    """A copy of Hex's rule texts with one diagram's first move made illegal; the file and line."""
    shutil.copytree(ROOT / "rules_text" / "hex", folder)
    broken = next(p for p in sorted(folder.glob("*.md")) if "\nmoves:" in p.read_text(encoding="utf-8"))
    text = broken.read_text(encoding="utf-8")
    line = text[: text.index("\nmoves:")].count("\n") + 2
    broken.write_text(text.replace("\nmoves:", "\nmoves: zz99", 1), encoding="utf-8")
    return broken, line


def test_check_and_booklet_agree_on_a_broken_diagram(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    broken, line = _broken_hex_texts(tmp_path / "hex")
    status, out, err = run(capsys, "check", "hex")
    assert status == 2
    problems = out.splitlines()
    assert any(problem.startswith(f"hex/{broken.name}:{line}: ") and "zz99" in problem for problem in problems), out
    assert err.splitlines() == [f"boardgen: error: {len(problems)} problem{'s' if len(problems) != 1 else ''} found in the rule texts"]

    status, out, err = run(capsys, "booklet", "hex", "--sources", "hex", "-o", "hex.pdf")
    assert (status, out) == (2, "")
    assert err.splitlines()[:-1] == problems  # the same lines, on stderr
    assert err.splitlines()[-1].startswith("boardgen: error: ") and "no PDF written" in err
    assert not (tmp_path / "hex.pdf").exists()


def test_check_of_clean_texts_is_status_0(capsys):
    status, out, err = run(capsys, "check", str(ROOT / "rules_text" / "hex"))
    assert (status, err) == (0, "") and "no problems" in out
