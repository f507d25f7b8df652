"""Bash completion of file names after ``-o``, and of ``--size``, ``--only`` and ``--kind`` values (issue 29).

Asked of click's completion machinery in this process (the class the bash script talks to,
with the words it would send), and once through the environment as bash's script runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from boardgen.cli import cli
from boardgen.cli.build_cmd import KINDS
from boardgen.cli.complete import BashComplete
from boardgen.registry import all_games, get_game

from ..conftest import ROOT


def complete(line: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(type, value) of each completion bash would get for ``line`` (the last word being completed)."""
    words = line.split(" ")
    monkeypatch.delenv("BOARDGEN_COMP_LINE", raising=False)
    monkeypatch.setenv("COMP_WORDS", line)  # what the GAME word is read from while an option waits
    monkeypatch.setenv("COMP_CWORD", str(len(words) - 1))
    shell = BashComplete(cli, {}, "boardgen", "_BOARDGEN_COMPLETE")
    args, incomplete = shell.get_completion_args()
    return [(item.type, item.value) for item in shell.get_completions(args, incomplete)]


@pytest.mark.parametrize("command", ["board hex", "pieces hex", "record xadrez", "calibrate", "booklet hex", "diagram hex"])
def test_a_file_name_after_o(monkeypatch, command):
    assert complete(f"boardgen {command} -o ", monkeypatch) == [("file", "")]
    assert complete(f"boardgen {command} --output boa", monkeypatch) == [("file", "boa")]


@pytest.mark.parametrize("command", ["build", "serve"])
def test_a_folder_name_after_the_build_s_o(monkeypatch, command):
    assert complete(f"boardgen {command} -o ", monkeypatch) == [("dir", "")]


def test_sizes_are_the_named_game_s(monkeypatch):
    seega = sorted(get_game("seega").sizes or ())
    assert [value for _, value in complete("boardgen board seega --size ", monkeypatch)] == [str(size) for size in seega]
    assert [value for _, value in complete("boardgen moves hex --size 2", monkeypatch)] == ["2", "20", "21", "22", "23", "24", "25", "26"]
    assert [value for _, value in complete("boardgen diagram trihex --size 1", monkeypatch)] == [str(s) for s in sorted(get_game("trihex").sizes or ()) if str(s).startswith("1")]
    assert complete("boardgen perft xadrez --size ", monkeypatch) == []  # one board: nothing to choose
    every = {str(size) for game in all_games() for size in game.sizes or ()}
    assert {value for _, value in complete("boardgen board --size ", monkeypatch)} == every  # no game named yet


def test_only_completes_game_ids_as_a_comma_list(monkeypatch):
    ids = sorted(game.id for game in all_games())
    assert sorted(value for _, value in complete("boardgen build --only ", monkeypatch)) == ids
    got = [value for _, value in complete("boardgen build --only hex,s", monkeypatch)]
    assert got == [f"hex,{game}" for game in ids if game.startswith("s")] and got
    assert "hex,hex" not in [value for _, value in complete("boardgen serve --only hex,", monkeypatch)]  # not offered twice


def test_kind_completes_the_parts_as_a_comma_list(monkeypatch):
    assert [value for _, value in complete("boardgen build --kind ", monkeypatch)] == list(KINDS)
    assert [value for _, value in complete("boardgen build --kind boards,", monkeypatch)] == [f"boards,{kind}" for kind in KINDS if kind != "boards"]
    assert complete("boardgen build --kind boards,d", monkeypatch) == [("plain", "boards,diagrams")]


def test_through_bash_s_environment():
    """As the sourced script runs it: ``_BOARDGEN_COMPLETE=bash_complete`` with COMP_WORDS and COMP_CWORD."""
    env = dict(os.environ, _BOARDGEN_COMPLETE="bash_complete", COMP_WORDS="boardgen build --only hex,se -o ", COMP_CWORD="5")
    result = subprocess.run([sys.executable, "-m", "boardgen"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "dir,\n")
    env.update(COMP_WORDS="boardgen build --only hex,se", COMP_CWORD="3")
    result = subprocess.run([sys.executable, "-m", "boardgen"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert (result.returncode, result.stdout) == (0, "plain,hex,seega\n")
