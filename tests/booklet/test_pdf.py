"""The booklet PDF itself: text, fonts, structure, metadata, page sizes, imposition, reproducibility, safety.

The Hex booklets are the run's shared ones (``booklets_kit.py``: typeset once
for every test and xdist worker that reads them; each takes a few seconds).
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.booklet.build import games_with_sources, BookletRequest, booklet_pdf, load_checked
from boardgen.make.plan import Selection
from boardgen.make.progress import Reporter
from boardgen.make.run import run_build
from boardgen.booklet.line_breaks import hyphenate
from boardgen.booklet.impose import impose, saddle_order
from boardgen.booklet.paths import fonts_dir, templates_dir
from boardgen.booklet.typeset import RefusedResource, html_to_pdf

from ..conftest import ROOT, require_tool, run_boardgen
from .booklets_kit import Booklet, booklet_file
from .sources_kit import line_of, write_sources

MM = 72 / 25.4
HEX = ROOT / "rules_text" / "hex"


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory) -> Path:
    """Hex's bilingual A5 booklet: the run's shared copy (booklets_kit.py), typeset once for every test and worker that reads it."""
    return booklet_file(tmp_path_factory, Booklet("hex"))


@pytest.fixture(scope="module")
def english_letter(tmp_path_factory) -> Path:
    """Hex's English booklet on Letter, shared the same way."""
    return booklet_file(tmp_path_factory, Booklet("hex", ("en",), "letter"))


def pdftotext(path: Path, *args: str) -> str:
    tool = require_tool("pdftotext")
    return subprocess.run([tool, *args, str(path), "-"], capture_output=True, text=True, check=True).stdout


def page_text(path: Path, page: int) -> str:
    return pdftotext(path, "-f", str(page), "-l", str(page))


def alt_texts(reader: PdfReader) -> list[str]:
    found: list[str] = []

    def walk(node) -> None:
        node = node.get_object() if hasattr(node, "get_object") else node
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif hasattr(node, "get"):
            if "/Alt" in node:
                found.append(str(node["/Alt"]))
            if node.get("/K") is not None:
                walk(node["/K"])

    walk(reader.trailer["/Root"]["/StructTreeRoot"])
    return found


# -- text -------------------------------------------------------------------------------


def test_headings_of_both_languages_with_their_accents(bilingual):
    text = pdftotext(bilingual)
    for heading in ("Sumário", "Contents", "Introdução", "Preparação", "Setup", "A regra da troca", "The swap rule",
                    "Por que não existe empate", "Why there are no draws", "Um pouco de história", "A little history",
                    "Fontes", "Sources"):
        assert heading in text, heading
    assert "\u00ad" not in text  # soft hyphens never leak into the copied text


def test_every_diagram_is_a_vector_figure_with_alternative_text(bilingual):
    require_tool("pdfimages")
    images = subprocess.run(["pdfimages", "-list", str(bilingual)], capture_output=True, text=True, check=True).stdout
    assert len(images.strip().split("\n")) == 2  # the header only: no raster image anywhere
    reader = PdfReader(bilingual)
    alts = alt_texts(reader)
    diagrams = sorted(load_checked(HEX).diagrams)
    assert len(alts) == len(diagrams) + 1  # and the cover
    assert all(alt.startswith("Diagrama de Hex") and " / Hex diagram" in alt for alt in alts)
    assert any("Jogada proibida: d4." in alt and "Forbidden move: d4." in alt for alt in alts)


def test_table_of_contents_page_numbers_point_at_the_headings(bilingual):
    toc = page_text(bilingual, 2)
    entries = re.findall(r"^(.+?) / (.+?)\s*(?:\. ?)+\s*(\d+)$", toc, flags=re.M)
    assert len(entries) >= 10, toc
    for portuguese, english, page in entries:
        assert portuguese.strip() in page_text(bilingual, int(page)), (portuguese, page)
        assert english.strip() in page_text(bilingual, int(page)), (english, page)


def test_running_heads_and_page_numbers(bilingual):
    pages = len(PdfReader(bilingual).pages)
    assert page_text(bilingual, 1).split("\n")[0].strip() == "Hex"  # the cover has no running head
    for page in range(3, pages + 1):
        lines = [line for line in pdftotext(bilingual, "-layout", "-f", str(page), "-l", str(page)).split("\n") if line.strip()]
        assert " · " in lines[0], (page, lines[0])  # "Preparação · Setup"
        assert lines[-1].strip() == str(page)


def test_hyphenation_follows_the_language(bilingual):
    # The same word breaks by each language's rules (soft hyphens, at least 3 letters after the last).
    assert hyphenate("diagonal", "pt") == "di\u00ada\u00adgo\u00adnal"
    assert hyphenate("diagonal", "en") == "di\u00adag\u00ado\u00adnal"
    assert hyphenate("interessante", "pt") == "in\u00adte\u00adres\u00adsante"
    assert "\u2010\n" in pdftotext(bilingual)  # some lines do end in a hyphen


def test_single_language_booklet_on_letter(english_letter):
    reader = PdfReader(english_letter)
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (215.9, 279.4)
    text = pdftotext(english_letter)
    assert "Why there are no draws" in text and "Preparação" not in text
    assert reader.trailer["/Root"]["/Lang"] == "en"
    *diagrams, board = alt_texts(reader)  # the last figure is the exact-scale board of the last page
    assert all(alt.startswith("Hex diagram") and "Diagrama" not in alt for alt in diagrams)
    assert board.startswith("The Hex 11 × 11 board at actual size") and "Tabuleiro" not in board


# -- fonts, structure and metadata ------------------------------------------------------


def test_every_font_is_bundled_embedded_and_subset(bilingual, english_letter):
    tool = require_tool("pdffonts")
    for pdf in (bilingual, english_letter):
        rows = subprocess.run([tool, str(pdf)], capture_output=True, text=True, check=True).stdout.strip().split("\n")[2:]
        assert rows
        for row in rows:
            name, *_, emb, sub, uni, _obj, _gen = row.split()
            assert re.fullmatch(r"[A-Z]{6}\+Boardgen-(Serif|Sans)(-Bold|-Italic|-BoldItalic)?", name), row
            assert (emb, sub, uni) == ("yes", "yes", "yes"), row


def test_qpdf_finds_no_errors(bilingual, tmp_path):
    tool = require_tool("qpdf")
    imposed = _write(tmp_path, "imposed.pdf", impose(bilingual.read_bytes(), "letter"))
    for pdf in (bilingual, imposed):
        result = subprocess.run([tool, "--check", str(pdf)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_metadata_language_and_tags(bilingual):
    reader = PdfReader(bilingual)
    info = reader.metadata
    assert info.title == "Hex" and info.author == "boardgen"
    assert info.subject.startswith("Regras do Hex") and "Rules of Hex" in info.subject
    assert "Piet Hein" in info["/Keywords"]
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "pt-BR" and bool(root["/MarkInfo"]["/Marked"])
    assert "/CreationDate" not in info and "/ModDate" not in info  # no clock in the file
    assert bool(root["/ViewerPreferences"]["/DisplayDocTitle"])
    xmp = root["/Metadata"].get_object().get_data().decode("utf-8")
    assert "<rdf:li xml:lang=\"x-default\">Hex</rdf:li>" in xmp and "pdfuaid:part=\"1\"" in xmp
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM), round(float(box.height) / MM)) == (148, 210)


# -- reproducible bytes -----------------------------------------------------------------


BUILD_SNIPPET = """
import sys
from pathlib import Path
from boardgen.booklet.build import BookletRequest, booklet_pdf, load_checked
sys.stdout.buffer.write(booklet_pdf(load_checked(Path(sys.argv[1])), BookletRequest(("pt", "en"), "a5")))
"""


def test_the_same_sources_give_the_same_bytes(tmp_path):
    folder = write_sources(tmp_path / "hex")
    assert "SOURCE_DATE_EPOCH" not in os.environ
    here = booklet_pdf(load_checked(folder), BookletRequest(("pt", "en"), "a5"))
    assert "SOURCE_DATE_EPOCH" not in os.environ  # put back as it was
    env = dict(os.environ, PYTHONHASHSEED="12345")
    there = subprocess.run([sys.executable, "-c", BUILD_SNIPPET, str(folder)], capture_output=True, env=env, cwd=ROOT, check=True).stdout
    assert here == there
    assert impose(here, "a4") == impose(there, "a4")


# -- imposition -------------------------------------------------------------------------


def test_saddle_stitch_order():
    # 6 pages become 8 (two blanks at the end); sheet 1: 8|1 and 2|7, sheet 2: 6|3 and 4|5.
    assert saddle_order(6) == [(None, 0), (1, None), (5, 2), (3, 4)]
    assert saddle_order(4) == [(3, 0), (1, 2)]


def _numbered_pages(count: int) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(148 * MM, 210 * MM), invariant=1)
    for number in range(1, count + 1):
        canvas.setFont("Helvetica", 40)
        canvas.drawCentredString(74 * MM, 105 * MM, f"P{number}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("sheet, size", [("a4", (297.0, 210.0)), ("letter", (279.4, 215.9))])
def test_imposed_sheets_carry_the_pages_in_folding_order(tmp_path, sheet, size):
    pdf = _write(tmp_path, "imposed.pdf", impose(_numbered_pages(6), sheet))
    reader = PdfReader(pdf)
    assert len(reader.pages) == 4
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width / MM, 1), round(height / MM, 1)) == size
    halves = []
    for page in range(1, 5):
        left = pdftotext(pdf, "-f", str(page), "-l", str(page), "-x", "0", "-y", "0", "-W", str(int(width / 2)), "-H", str(int(height))).split()
        right = pdftotext(pdf, "-f", str(page), "-l", str(page), "-x", str(int(width / 2)), "-y", "0", "-W", str(int(width / 2)), "-H", str(int(height))).split()
        halves.append((left, right))
    assert halves == [([], ["P1"]), (["P2"], []), (["P6"], ["P3"]), (["P4"], ["P5"])]


# -- refusing to build ------------------------------------------------------------------


def test_a_wrong_diagram_stops_the_build_at_its_line(tmp_path):
    folder = tmp_path / "hex"
    folder.mkdir()
    for name in ("pt-BR.md", "en.md", "diagrams.md"):
        (folder / name).write_text((HEX / name).read_text(encoding="utf-8"), encoding="utf-8")
    definitions = folder / "diagrams.md"
    definitions.write_text(definitions.read_text().replace("illegal: d4 occupied", "illegal: d5 occupied"))
    out = tmp_path / "out.pdf"
    result = run_boardgen("booklet", "hex", "--sources", str(folder), "-o", str(out))
    assert result.returncode == 2
    line = line_of(definitions, "illegal: d5 occupied")
    assert f"{definitions}:{line}: diagram occupied: illegal: d5 is claimed illegal (occupied), but it is a legal move here" in result.stderr
    assert "no PDF written" in result.stderr
    assert not out.exists() and list(tmp_path.glob("*.pdf")) == [] and list(tmp_path.glob(".*tmp")) == []


def test_a_hostile_source_gets_clear_messages_and_no_pdf(tmp_path):
    pt = (
        "\n# Preparação\n\nTexto ![senhas](/etc/passwd) e ![remota](https://example.com/x.png).\n"
        "\n<script>fetch('https://example.com')</script>\n"
    )
    folder = write_sources(tmp_path / "hex", pt=pt, en="\n# Setup\n\nText.\n", diagrams=None)
    out = tmp_path / "out.pdf"
    result = run_boardgen("booklet", "hex", "--sources", str(folder), "-o", str(out))
    assert result.returncode == 2
    source = folder / "pt-BR.md"
    assert f"{source}:{line_of(source, '/etc/passwd')}: images must be files in the game's folder" in result.stderr
    assert "'https://example.com/x.png' is not" in result.stderr
    assert f"{source}:{line_of(source, '<script>')}: raw HTML is not allowed" in result.stderr
    assert "root:" not in result.stderr + result.stdout
    assert not out.exists()


def test_the_renderer_reads_nothing_outside_the_project(tmp_path):
    roots = (templates_dir(), fonts_dir(), tmp_path)
    for url in ("file:///etc/passwd", "https://example.com/x.png", "data:image/png;base64,AAAA"):
        with pytest.raises(RefusedResource, match="refused to read"):
            html_to_pdf(f'<html lang="en"><p>x</p><img src="{url}" alt="x">', roots, tmp_path)
    with pytest.raises(RefusedResource):
        html_to_pdf("<html lang='en'><style>@import url('file:///etc/hostname');</style><p>x</p>", roots, tmp_path)
    picture = tmp_path / "ok.svg"
    picture.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><title>box</title><rect width="5" height="5"/></svg>')
    assert html_to_pdf('<html lang="en"><p>x</p><img src="ok.svg" alt="a box">', roots, tmp_path).startswith(b"%PDF")


# -- boardgen build ---------------------------------------------------------------------


def test_build_writes_every_diagram_by_id_and_removes_stale_ones(tmp_path):
    stale = tmp_path / "diagrams" / "hex" / "renamed.svg"
    stale.parent.mkdir(parents=True)
    stale.write_text("<svg/>")
    outcome = run_build(tmp_path, Selection(parts=frozenset({"diagrams"})), reporter=Reporter())
    written = [tmp_path / path for path in outcome.built]
    hex_written = [p for p in written if p.parent.name == "hex"]
    assert sorted(p.name for p in hex_written) == sorted(f"{ident}.svg" for ident in load_checked(HEX).diagrams)
    assert {p.parent.name for p in written} == {folder.name for folder in games_with_sources()}
    assert not stale.exists()
    swap = (tmp_path / "diagrams" / "hex" / "swap.svg").read_text()
    assert "<title>Diagrama de Hex, tabuleiro 7 × 7." in swap and "Hex diagram, 7 × 7 board." in swap


def test_build_writes_the_booklets(tmp_path, monkeypatch):
    import boardgen.booklet.build as build
    import boardgen.make.booklets as build_booklets

    # the other papers, languages and inks are the same code path (tests/make/test_editions.py plans them all)
    monkeypatch.setattr(build, "BOOKLET_PAPERS", ("a5",))
    monkeypatch.setattr(build_booklets, "EDITION_LANGS", (("pt", "en"),))
    monkeypatch.setattr(build_booklets, "EDITION_INKS", ("full",))
    outcome = run_build(tmp_path, Selection(frozenset({"hex"}), frozenset({"booklets"})), reporter=Reporter())  # every game takes the same path
    written = [tmp_path / path for path in outcome.built]
    assert sorted(p.name for p in written) == ["hex-pt-en-a5-imposed-a4.pdf", "hex-pt-en-a5-imposed-letter.pdf", "hex-pt-en-a5.pdf"]
    assert all(p.parent == tmp_path / "booklets" for p in written)

