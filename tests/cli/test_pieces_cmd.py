"""``boardgen pieces`` as a user meets it: a PDF with every page, one SVG page, and one-line errors."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from boardgen.cli import main

MM = 72 / 25.4


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_a_pdf_holds_every_page_portrait_and_asks_for_actual_size(tmp_path, capsys) -> None:
    out = tmp_path / "damas.pdf"
    status, stdout, err = run(capsys, "pieces", "damas", "--paper", "letter", "-o", str(out))
    assert status == 0, err
    assert "Letter portrait, 3 pages" in stdout + err  # which paper was used, never silently
    reader = PdfReader(out)
    assert len(reader.pages) == 3  # double-sided front, its back, the fold-over page
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (215.9, 279.4)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    text = reader.pages[1].extract_text()
    assert "flipped on its long edge" in text


def test_svg_is_one_page_in_millimetres_and_the_same_bytes_twice(tmp_path, capsys) -> None:
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    for path in (first, second):
        status, _, err = run(capsys, "pieces", "xadrez", "--paper", "a4", "--page", "2", "--ink", "light", "-o", str(path))
        assert status == 0, err
    assert first.read_bytes() == second.read_bytes()
    root = ET.fromstring(first.read_bytes())
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")


@pytest.mark.parametrize(
    "argv, option",
    [
        (("pieces", "chess"), "GAME"),
        (("pieces", "hex", "--paper", "b7"), "--paper"),
        (("pieces", "hex", "--paper", "100x100"), "--paper"),
        (("pieces", "hex", "--ink", "mono"), "--ink"),
        (("pieces", "damas", "--format", "svg", "--page", "4"), "--page"),
        (("pieces", "damas", "--format", "svg", "--page", "zero"), "--page"),
        (("pieces", "damas", "--page", "2"), "--page"),
        (("pieces", "hex", "--format", "png"), "--format"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_option(capsys, tmp_path, argv, option) -> None:
    status, out, err = run(capsys, *argv, "-o", str(tmp_path / "x.pdf")) if "--format" not in argv else run(capsys, *argv)
    assert status == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and option in err, err
    assert not (tmp_path / "x.pdf").exists()
