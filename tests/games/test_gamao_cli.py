"""Gamão on the command line: throws between moves, whole plays as one MOVE, the throw in moves and perft."""

from __future__ import annotations

import pytest

from boardgen.cli import main

START = "white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_play_reads_throws_and_whole_plays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "gamao", "3-1", "8/5 6/5", "6-6", "1/7(2) 12/18(2)", "6-5", "13/8 8/2")
    assert (status, err) == (0, ""), err
    assert out.splitlines()[0] == "white 24:2 13:4 8:2 6:4 5:2 2:1 black 7:2 12:3 17:3 18:2 19:5 b"


def test_play_reads_one_checker_using_both_dice(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "gamao", "6-5", "24/13")
    assert status == 0 and out.splitlines()[0] == "white 24:1 13:6 8:3 6:5 black 1:2 12:5 17:3 19:5 b"


def test_a_refused_die_move_names_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "gamao", "5-2", "24/19")
    assert status == 2 and err.strip().endswith("[blocked]") and err.count("\n") == 1


def test_moves_and_perft_after_a_throw(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "gamao", "--position", f"{START} b", "--throw", "6-6")
    assert status == 0 and out.splitlines() == ["1/7", "12/18", "17/23"]
    status, out, _ = run(capsys, "perft", "gamao", "--depth", "2", "--throw", "6-6", "--position", f"{START} b")
    assert status == 0 and out.split()[-1] == "9"
