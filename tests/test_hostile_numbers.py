"""Numbers of absurd length in moves, positions, throws and options: one short error line, status 2.

``int()`` of more than 4,300 digits raises ValueError (Python's limit on
integer-string conversion), so ``boardgen play hex --size 5 a111...`` with
100,000 ones used to end in a traceback.  Every digit run typed by a person is
now read by :mod:`boardgen.values` (at most ``MAX_DIGITS`` ASCII digits), and
an error line that quotes a giant input is clipped to a readable length.
"""

from __future__ import annotations

import pytest

from boardgen.cli import main
from boardgen.errors import LINE_KEEP, NotationError, clipped, quoted
from boardgen.registry import get_game
from boardgen.values import MAX_DIGITS, digits_value, read_digits, read_integer, read_whole_number

ONES = "1" * 100_000  # far past Python's 4,300-digit limit of int()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run the CLI in this process; (exit status, stderr)."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    return int(info.value.code or 0), capsys.readouterr().err


def assert_one_short_line(err: str, *fragments: str) -> None:
    assert "Traceback" not in err and "ValueError" not in err, err[:2000]
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardgen: error: "), err[:2000]
    assert len(lines[0]) <= len("boardgen: error: ") + LINE_KEEP + 60, len(lines[0])
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


# -- the reader itself ------------------------------------------------------------------------------


def test_the_one_reader_bounds_digit_runs_before_int() -> None:
    assert MAX_DIGITS == 18
    assert read_digits("9" * 18) == 10**18 - 1
    assert read_digits("9" * 19) is None and read_digits(ONES) is None
    assert read_digits(" 5") is None and read_whole_number(" 5") == 5  # names take no spaces; fields may
    assert read_integer("-1") == -1 and read_integer("3") == 3
    assert [read_integer(t) for t in ("--1", "-", "+1", "-" + ONES, "-٣")] == [None] * 5
    assert digits_value("0042") == 42
    with pytest.raises(NotationError, match=r"^cube '111.*' \(100,000 characters\): a number of 100,000 digits; numbers here have at most 18$"):
        digits_value(ONES, "cube")
    with pytest.raises(NotationError, match=r"^number '٢٤': only the digits 0-9 are read as a number$"):
        digits_value("٢٤")


def test_quoted_and_clipped_keep_both_ends() -> None:
    assert quoted("c3") == "'c3'"
    assert quoted("a" + ONES) == f"'a{'1' * 19}...{'1' * 20}' (100,001 characters)"
    assert clipped("short") == "short"
    long = "move 1: " + "x" * 5000 + ": not a move"
    line = clipped(long)
    assert line.startswith("move 1: xxx") and line.endswith(": not a move") and f"[{5020 - 666 - 333:,} characters left out]" in line
    assert len(line) < LINE_KEEP + 50


# -- moves and throws on the command line -----------------------------------------------------------

MOVES = [
    # (argv, fragments of the one error line)
    (["play", "hex", "--size", "5", "a" + ONES], ["move 1: a111", ": not a move; a number of 100,000 digits; numbers here have at most 18 [notation]"]),
    (["play", "trihex", "a" + ONES], ["move 1: a111", ": not a move; a number of 100,000 digits"]),
    (["play", "hex", "--size", "5", "a0"], ["move 1: a0: not a move; write a cell such as c3, or swap"]),
    (["play", "surakarta", "a" + ONES + "-b2"], ["move 1: 'a111", "characters left out", "not a move"]),
    (["play", "damas", "c3-" + ONES], ["move 1:"]),
    (["play", "xadrez", "e" + ONES], ["move 1:"]),
    (["play", "awele", "a" + ONES], ["move 1:"]),
    (["play", "nyout", "--seed", "3", ONES + ":o05-c"], ["move 1:", "is not a throw"]),
    (["play", "nyout", "--seed", "3", "--", "-" + ONES + ":start-o01"], ["move 1:", "characters left out"]),
    (["play", "gamao", "--seed", "3", "24/" + ONES], ["move 1:", "not a move"]),
    (["play", "gamao", "3-1", "13/10(" + ONES + ")"], ["move 2:"]),
    (["moves", "gamao", "--throw", ONES + "-1"], ["--throw: throw '111", "characters left out", "expected two dice"]),
]


@pytest.mark.parametrize("argv,fragments", MOVES, ids=[" ".join(a[:2]) + f"-{i}" for i, (a, _) in enumerate(MOVES)])
def test_a_move_or_throw_with_a_giant_number_is_one_short_line(capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]) -> None:
    status, err = run(capsys, *argv)
    assert status == 2
    assert_one_short_line(err, *fragments)


def test_a_gamao_move_in_other_scripts_digits_is_not_read_as_24_18(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "play", "gamao", "3-1", "٢٤/٢١")
    assert status == 2
    assert_one_short_line(err, "move 2:", "'٢٤': only the digits 0-9")


def test_nyout_still_reads_a_throw_by_its_number(capsys: pytest.CaptureFixture[str]) -> None:
    engine = get_game("nyout").load_engine()
    state = engine.initial()
    assert state.normalize_move_text("3:O05-C") == "kel:o05-c"
    assert state.normalize_move_text("-1:o05-c") == "backdo:o05-c"
    assert state.normalize_move_text("9:o05-c") == "9:o05-c"


# -- positions ----------------------------------------------------------------------------------------

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
POSITIONS = [
    ("hex", ["--size", "11"], "11/11/11/11/11/11/11/11/11/11/" + ONES + " r", ["position: row 11: the count of empty cells '111", "a number of 100,000 digits; numbers here have at most 18"]),
    ("hex", ["--size", "11"], "11/11/11/11/11/11/11/11/11/11/1111111 r", ["position: row 11 has 1111111 cells, expected 11"]),
    ("xadrez", [], "1. e4 e5 @ " + ONES + ".", ["position: PGN: move number '111", "at most 18"]),
    ("xadrez", [], f"{START} 0 {ONES}", ["position: the move number must be a whole number from 1 to 10000, not '111"]),
    ("xadrez", [], f"{START} ٣ 1", ["position: the half-move clock must be a whole number from 0 up, not '٣'"]),
    ("brax", [], "1BBBBBBB1/9/9/9/9/9/9/9/1WWWWWWW1 w - " + ONES, ["position: move clock must be a whole number from 0 up, not '111", "(100,000 characters)"]),
    ("awele", [], "4,4,4,4,4,4/4,4,4,4,4," + ONES + " 0-0 s 0", ["position:"]),
    ("gamao", ["--variant", "cube=on"], "white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5 w cube " + ONES, ["position: the cube shows 1"]),
]


@pytest.mark.parametrize("game,options,position,fragments", POSITIONS, ids=[f"{p[0]}-{i}" for i, p in enumerate(POSITIONS)])
def test_a_position_with_a_giant_number_is_one_short_line(capsys: pytest.CaptureFixture[str], game: str, options: list[str], position: str, fragments: list[str]) -> None:
    status, err = run(capsys, "moves", game, *options, "--position", position)
    assert status == 2
    assert_one_short_line(err, *fragments)


# -- numeric options ------------------------------------------------------------------------------------

OPTIONS = [
    (["moves", "hex", "--size", ONES], "--size: hex size must be a whole number from 2 to 26, not '111"),
    (["perft", "hex", "--size", "3", "--depth", ONES], "--depth: depth must be a whole number from 0 to 20, not '111"),
    (["play", "gamao", "--seed", ONES], "--seed: seed must be a whole number from 0 to"),
    (["board", "hex", "--per-sheet", ONES, "-o", "{tmp}/x.pdf"], "--per-sheet:"),
    (["board", "hex", "--dpi", ONES, "-o", "{tmp}/x.png"], "--dpi:"),
    (["board", "hex", "--cell-mm", ONES, "-o", "{tmp}/x.pdf"], "--cell-mm:"),
    (["board", "hex", "--paper", ONES + "x200", "-o", "{tmp}/x.pdf"], "--paper: paper sides must be from 50 to 5000 mm, not '111"),
    (["build", "--jobs", ONES, "-o", "{tmp}/out"], "--jobs:"),
]


@pytest.mark.parametrize("argv,fragment", OPTIONS, ids=[a[a.index(next(x for x in a if x.startswith("--")))] for a, _ in OPTIONS])
def test_a_numeric_option_of_100000_digits_is_one_short_line(capsys: pytest.CaptureFixture[str], tmp_path, argv: list[str], fragment: str) -> None:
    status, err = run(capsys, *(arg.format(tmp=tmp_path) for arg in argv))
    assert status == 2
    assert_one_short_line(err, fragment)
    assert list(tmp_path.iterdir()) == []
