"""``boardgen calibrate``: the printer self-test sheet, its file names, its bytes and its one-line mistakes."""

from __future__ import annotations

import pytest

from boardgen.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_default_name_paper_from_the_environment_and_the_line_it_prints(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOARDGEN_PAPER", "letter")
    status, out, err = run(capsys, "calibrate")
    assert (status, err) == (0, "")
    assert out.startswith("wrote calibrate-letter.pdf (Printer self-test: horizontal and vertical 100 mm bars") and out.rstrip().endswith("Letter portrait)")
    assert (tmp_path / "calibrate-letter.pdf").read_bytes().startswith(b"%PDF-")


def test_same_input_same_bytes_in_both_formats(capsys, tmp_path):
    for fmt in ("pdf", "svg"):
        paths = [tmp_path / f"{k}.{fmt}" for k in "ab"]
        for path in paths:
            assert run(capsys, "calibrate", "--paper", "a4", "-q", "-o", str(path))[0] == 0
        assert paths[0].read_bytes() == paths[1].read_bytes()
    assert (tmp_path / "a.svg").read_bytes().startswith(b"<?xml")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--paper", "b5"], "--paper: unknown paper 'b5'"),
        (["--paper", "120x300"], "--paper: 120 × 300 mm is too small for the printer self-test sheet"),
        (["--format", "png"], "--format: must be pdf or svg, not 'png'"),
        (["-o", "test.png"], "-o/--output: test.png ends in .png, but a self-test sheet is written as pdf or svg"),
    ],
)
def test_a_mistake_is_one_line_exit_2_and_no_file(capsys, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "calibrate", *args)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"boardgen: error: {message}"), err
    assert list(tmp_path.iterdir()) == []
