"""A booklet with images gives the same bytes wherever its folder is, and no path of the machine reaches the PDF.

The same small game folder (both languages showing a PNG and an SVG image)
is written into two folders whose absolute paths differ, in length too, and
typeset in each.  The PDFs must be identical, and neither may contain the
folder's path (nor the fonts' or the templates'), neither as written nor
inside a compressed stream (the PDF is expanded with qpdf before it is
searched).
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from boardgen.booklet.build import BookletRequest, booklet_pdf, load_checked
from boardgen.booklet.paths import fonts_dir, templates_dir

from ..conftest import require_tool
from .sources_kit import EN_BODY, PT_BODY, write_sources

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="12mm" viewBox="0 0 30 12"><rect x="1" y="1" width="28" height="10" fill="#3060a0"/></svg>\n'

PT = PT_BODY + "\nUma foto do tabuleiro: ![o tabuleiro pronto](fotos/tabuleiro.png) e um desenho: ![uma faixa azul](faixa.svg).\n"
EN = EN_BODY + "\nA photo of the board: ![the finished board](fotos/tabuleiro.png) and a drawing: ![a blue band](faixa.svg).\n"


def png_bytes() -> bytes:
    """A small PNG with some detail (a gradient), the same bytes every time."""
    image = Image.new("RGB", (60, 40))
    image.putdata([(4 * x, 6 * y, 120) for y in range(40) for x in range(60)])
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def game_with_images(folder: Path) -> Path:
    write_sources(folder, pt=PT, en=EN)
    (folder / "fotos").mkdir()
    (folder / "fotos" / "tabuleiro.png").write_bytes(png_bytes())
    (folder / "faixa.svg").write_text(SVG, encoding="utf-8")
    return folder


def expanded(pdf: bytes, tmp_path: Path) -> bytes:
    """The PDF with every stream uncompressed (qpdf's QDF form), to search inside them."""
    tool = require_tool("qpdf")
    source, target = tmp_path / "in.pdf", tmp_path / "expanded.pdf"
    source.write_bytes(pdf)
    subprocess.run([tool, "--qdf", "--object-streams=disable", str(source), str(target)], check=True)
    return target.read_bytes()


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory) -> list[tuple[Path, bytes]]:
    root = tmp_path_factory.mktemp("where")
    folders = [root / "a" / "hex", root / "a-much-longer-folder-name" / "one level more" / "hex"]
    return [(folder, booklet_pdf(load_checked(game_with_images(folder)), BookletRequest(("pt", "en"), "a5"))) for folder in folders]


def test_the_images_are_in_the_booklet(two_builds, tmp_path):
    _, pdf = two_builds[0]
    tool = require_tool("pdfimages")
    (tmp_path / "booklet.pdf").write_bytes(pdf)
    listing = subprocess.run([tool, "-list", str(tmp_path / "booklet.pdf")], capture_output=True, text=True, check=True).stdout
    assert " 60    40 " in listing  # the PNG, embedded once and shown in both columns
    assert b"0.188235 0.376471 0.627451 rg" in expanded(pdf, tmp_path)  # the SVG's blue band, drawn as vectors


def test_the_same_sources_give_the_same_bytes_in_any_folder(two_builds):
    (first, here), (second, there) = two_builds
    assert len(str(first)) != len(str(second))
    assert here == there


def test_no_folder_path_reaches_the_pdf(two_builds, tmp_path):
    for folder, pdf in two_builds:
        text = expanded(pdf, tmp_path)
        for path in (folder, folder.parent, Path(*folder.parts[:3]), fonts_dir(), templates_dir()):
            assert str(path).encode() not in text, path
        assert b"file:" not in text
