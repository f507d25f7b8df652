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
        (("pieces", "shogi"), "GAME"),
        (("pieces", "hex", "--paper", "b7"), "--paper"),
        (("pieces", "hex", "--paper", "100x100"), "--paper"),
        (("pieces", "hex", "--ink", "grey"), "--ink"),
        (("pieces", "hex", "--dpi", "300"), "--dpi"),
        (("pieces", "hex", "--format", "png", "--dpi", "20"), "--dpi"),
        (("pieces", "damas", "--format", "svg", "--page", "4"), "--page"),
        (("pieces", "damas", "--format", "svg", "--page", "zero"), "--page"),
        (("pieces", "damas", "--page", "2"), "--page"),
        (("pieces", "hex", "--format", "gif"), "--format"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_option(capsys, tmp_path, argv, option) -> None:
    status, out, err = run(capsys, *argv, "-o", str(tmp_path / "x.pdf")) if "--format" not in argv else run(capsys, *argv)
    assert status == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and option in err, err
    assert not (tmp_path / "x.pdf").exists()


def test_png_is_one_page_at_its_dpi_and_mono_is_one_ink(tmp_path, capsys) -> None:
    """``--format png --dpi 100``: page 1 of Hex's stones, A4 at 100 dpi; in one ink only ink and paper, in full ink the players' colours."""
    import io

    from PIL import Image

    from boardgen.drawing import palette

    from ..sheet.test_mono import stray_pixels

    out = tmp_path / "stones.png"
    status, _, err = run(capsys, "pieces", "hex", "--paper", "a4", "--format", "png", "--dpi", "100", "--page", "1", "--ink", "mono", "-o", str(out))
    assert status == 0, err
    with Image.open(out) as image:
        size = image.size
    assert size == (round(210 * 100 / 25.4), round(297 * 100 / 25.4))
    assert stray_pixels(out.read_bytes(), palette.DEFAULT.ink, palette.DEFAULT.paper) == 0
    full = tmp_path / "full.png"
    assert run(capsys, "pieces", "hex", "--paper", "a4", "--format", "png", "--dpi", "100", "--page", "1", "-o", str(full))[0] == 0
    assert stray_pixels(full.read_bytes(), palette.DEFAULT.ink, palette.DEFAULT.paper) > 1000  # the check can fail
    with Image.open(io.BytesIO(full.read_bytes())) as image:
        assert image.size == size
