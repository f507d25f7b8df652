"""``boardgen record GAME``: a game's record sheet, its file names, its bytes and its one-line mistakes."""

from __future__ import annotations

import pytest

from boardgen.cli import main
from boardgen.sheets.records import games_with_records

from ..conftest import run_boardgen


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_writes_the_sheet_under_its_default_name_and_says_what_it_drew(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "record", "draughts", "--paper", "letter")  # an alias names the game
    assert (status, err) == (0, "")
    assert out == "wrote damas-record-letter.pdf (Draughts — scoresheet: 52 rows of 7.5 mm, Letter portrait)\n"
    assert (tmp_path / "damas-record-letter.pdf").read_bytes().startswith(b"%PDF-")


def test_same_input_same_bytes_and_svg_by_suffix(capsys, tmp_path):
    first, second, svg = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.svg"
    for path in (first, second, svg):
        assert run(capsys, "record", "xadrez", "--paper", "a4", "-q", "-o", str(path))[0] == 0
    assert first.read_bytes() == second.read_bytes()
    assert svg.read_bytes().startswith(b"<?xml") and b'width="210mm"' in svg.read_bytes()[:400]


def test_standard_output_gets_the_exact_bytes(tmp_path):
    out = tmp_path / "s.pdf"
    assert run_boardgen("record", "surakarta", "--paper", "a4", "-q", "-o", str(out)).returncode == 0
    import subprocess
    import sys

    piped = subprocess.run([sys.executable, "-m", "boardgen", "record", "surakarta", "--paper", "a4", "-o", "-"], capture_output=True, check=True, cwd=tmp_path)
    assert piped.stdout == out.read_bytes() and piped.stderr.decode().startswith("wrote standard output (")


@pytest.mark.parametrize(
    "args, message",
    [
        (["hex"], f"GAME: hex has no record sheet (games with one: {', '.join(games_with_records())})"),
        (["shogi"], "GAME: unknown game 'shogi'"),
        (["xadrez", "--paper", "b5"], "--paper: unknown paper 'b5'"),
        (["xadrez", "--paper", "100x150"], "--paper: 100 × 150 mm is too small for the Chess — scoresheet sheet"),
        (["xadrez", "--format", "png"], "--format: must be pdf or svg, not 'png'"),
        (["xadrez", "-o", "sheet.png"], "-o/--output: sheet.png ends in .png, but a record sheet is written as pdf or svg"),
    ],
)
def test_a_mistake_is_one_line_exit_2_and_no_file(capsys, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "record", *args)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"boardgen: error: {message}"), err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["record", "xadrez"], ["calibrate"]])
def test_the_print_sheet_commands_do_not_import_the_booklet_stack(tmp_path, argv):
    """Like ``boardgen board``: a sheet is drawn with the drawing stack alone, so the command starts fast."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from boardgen.cli import main\n"
        "try:\n"
        f"    main({argv!r} + ['-q', '-o', r'{tmp_path / 'x.pdf'}'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('weasyprint', 'markdown_it', 'jinja2', 'pypdf') if m in sys.modules]\n"
        "print('HEAVY:' + ','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "HEAVY:"
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF-")


def test_completion_offers_only_the_games_with_a_record_sheet():
    import os
    import subprocess
    import sys

    from boardgen.registry import get_game
    from boardgen.sheets.records import games_with_records

    env = dict(os.environ, _BOARDGEN_COMPLETE="bash_complete", COMP_WORDS="boardgen record ", COMP_CWORD="2")
    result = subprocess.run([sys.executable, "-m", "boardgen"], env=env, capture_output=True, text=True, timeout=60, check=True)
    offered = {line.split(",", 1)[1] for line in result.stdout.splitlines()}
    assert {get_game(name).id for name in offered} == set(games_with_records())
    assert "draughts" in offered and "hex" not in offered
