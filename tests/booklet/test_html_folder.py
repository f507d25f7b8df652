"""``boardgen booklet --format html``: the HTML WeasyPrint typesets, as a folder that opens in a browser and typesets alike.

The folder is read as a browser would: every file ``index.html`` and its
stylesheet refer to is inside the folder, by a relative link (no path of the
machine, no ``file:``); and bare WeasyPrint, given nothing but
``index.html``, lays out as many pages as the booklet PDF has, with the same
text on each (the pagination repair's changes are in the HTML).  Bad targets
are one line on stderr and exit status 2, before any typesetting.
"""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from pypdf import PdfReader

from ..conftest import require_tool, run_boardgen
from .booklets_kit import Booklet, booklet_file, pdf_text

# Hex on A4: the cover picture, the diagrams and the last page's board (an inline SVG) are all in it.
BOOKLET = Booklet("hex", paper="a4")


class Links(HTMLParser):
    """Every address an element of the page names (href, src, xlink:href)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [value for name, value in attrs if name in ("href", "src", "xlink:href") and value]


def referenced_files(folder: Path) -> list[str]:
    """The files index.html and booklet.css refer to (in-page anchors and web addresses left out)."""
    page = Links()
    page.feed((folder / "index.html").read_text(encoding="utf-8"))
    css = (folder / "booklet.css").read_text(encoding="utf-8")
    links = page.links + re.findall(r"url\(\s*['\"]?([^'\")]+)", css)
    return [link for link in links if not link.startswith("#") and urlsplit(link).scheme not in ("http", "https", "mailto")]


def test_the_html_folder_holds_every_file_it_names_and_typesets_as_the_booklet(tmp_path_factory, tmp_path):
    import weasyprint

    folder = tmp_path / "hex-a4"
    run = run_boardgen("booklet", "hex", "--paper", "a4", "--format", "html", "-o", str(folder))
    assert run.returncode == 0, run.stderr
    assert sorted(path.name for path in folder.iterdir()) == ["booklet.css", "fonts", "images", "index.html"]
    links = referenced_files(folder)
    assert "booklet.css" in links and sum(link.startswith("fonts/") for link in links) >= 4
    assert sum(link.startswith("images/") for link in links) >= 5  # the cover picture and the diagrams
    for link in links:
        parts = urlsplit(link)
        assert not parts.scheme and not parts.netloc and not link.startswith("/"), link  # relative: works from file:// and when moved
        target = (folder / unquote(parts.path)).resolve()
        assert target.is_relative_to(folder.resolve()) and target.is_file(), link
    for name in ("index.html", "booklet.css"):
        text = (folder / name).read_text(encoding="utf-8")
        assert "file:" not in text and str(Path.cwd()) not in text and "/boardgen-game/" not in text, name

    from boardgen import api

    again = tmp_path / "from-the-api"
    page = api.booklet("hex", paper="a4", format="html", path=again)  # the library writes the command's folder, byte for byte
    assert page == (folder / "index.html").read_bytes()
    assert {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()} == {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    pdf = booklet_file(tmp_path_factory, BOOKLET)
    bare = tmp_path / "bare.pdf"
    bare.write_bytes(weasyprint.HTML(filename=str(folder / "index.html")).write_pdf())
    pages = len(PdfReader(pdf).pages)
    assert len(PdfReader(bare).pages) == pages
    tool = require_tool("pdftotext")
    for number in (1, pages // 2, pages - 1):  # the same page breaks: the same text on the same page
        same = subprocess.run([tool, "-f", str(number), "-l", str(number), str(bare), "-"], capture_output=True, text=True, check=True).stdout
        assert same == pdf_text(pdf, "-f", str(number), "-l", str(number)), number


def test_a_target_that_is_not_a_folder_to_write_is_one_line_and_exit_2(tmp_path):
    taken = tmp_path / "taken.pdf"
    taken.write_bytes(b"mine")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    for target, words in ((taken, "is not a folder"), (taken / "inside", "is not a folder"), (busy, "holding other files")):
        run = run_boardgen("booklet", "hex", "--format", "html", "-o", str(target), timeout=60)
        assert run.returncode == 2, (target, run.stderr)
        assert run.stderr.strip().count("\n") == 0 and "-o" in run.stderr and words in run.stderr, run.stderr
    assert taken.read_bytes() == b"mine" and [p.name for p in busy.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy", "taken.pdf"]  # no temporary folder left behind
    imposed = run_boardgen("booklet", "hex", "--format", "html", "--impose", "-o", str(tmp_path / "x"), timeout=60)
    assert imposed.returncode == 2 and "--format" in imposed.stderr and not (tmp_path / "x").exists()
    wrong = run_boardgen("booklet", "hex", "--format", "docx", timeout=60)
    assert wrong.returncode == 2 and "--format" in wrong.stderr and wrong.stderr.strip().count("\n") == 0
