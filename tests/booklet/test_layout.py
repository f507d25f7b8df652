"""Typesetting details read off the laid-out pages: command lines, tables, citations of several sources.

One small bilingual booklet is laid out once for the module (WeasyPrint's
boxes are inspected where the PDF text alone cannot tell, e.g. whether a
table stays inside its column) and written to PDF for the text checks.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from boardgen.booklet.build import BookletRequest, booklet_document, load_checked
from boardgen.booklet.check import load_game
from boardgen.booklet.html import booklet_html
from boardgen.booklet.papers import PAPERS
from boardgen.booklet.table_widths import column_widths
from boardgen.booklet.markdown_source import markdown
from boardgen.booklet.typeset import document_pdf

from ..conftest import require_tool
from .sources_kit import EN_BODY, line_of, write_sources

COMMAND = "boardgen board brax --cell-mm 35 --tile --ink light --paper letter"
OPTIONS = ("--cell-mm", "--tile", "--ink", "--paper", "--per-sheet")
URL = "https://www.hexwiki.net/index.php/Rules_of_the_game_of_Hex"
SETTING = "long_capture=on,direction_change=forbidden"  # no break opportunity at all

SOURCES = """
[[sources]]
key = "outro"
text = "Outro livro."

[[sources]]
key = "terceiro"
text = "Um terceiro."
"""

PT = f"""
# Preparação

Para um tabuleiro grande, use `{COMMAND}` e depois `boardgen booklet hex --impose`, como dizem os
autores [@livro; @outro; @terceiro], ou só dois deles [@terceiro; @livro].

| Opção | Valores | Efeito no tabuleiro impresso |
|---|---|---|
| `--cell-mm` | 10 a 60 | a largura de cada casa em milímetros, medida entre lados opostos |
| `--per-sheet` | 1, 2, 4 | {URL} |
| `--variant` | `{SETTING}` | {URL} |

```diagram first
Vermelho joga em *c3*.
```
"""

EN = f"""
# Setup

For a big board, use `{COMMAND}` and then `boardgen booklet hex --impose`, as the
authors say [@livro; @outro; @terceiro], or only two of them [@terceiro; @livro].

| Option | Values | Effect on the printed board |
|---|---|---|
| `--cell-mm` | 10 to 60 | the width of each cell in millimetres, measured between opposite sides |
| `--per-sheet` | 1, 2, 4 | {URL} |
| `--variant` | `{SETTING}` | {URL} |

```diagram first
Red plays *c3*.
```
"""


@pytest.fixture(scope="module")
def booklet(tmp_path_factory):
    folder = write_sources(tmp_path_factory.mktemp("layout") / "hex", pt=PT, en=EN, extra=SOURCES)
    game = load_checked(folder)
    document = booklet_document(game, BookletRequest(("pt", "en"), "a5"))
    pdf = folder.parent / "layout.pdf"
    pdf.write_bytes(document_pdf(document))
    html = booklet_html(game, ["pt", "en"], PAPERS["a5"])
    return SimpleNamespace(game=game, document=document, pdf=pdf, html=html)


def raw_text(path: Path) -> str:
    tool = require_tool("pdftotext")
    return subprocess.run([tool, "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout


def boxes(box, ancestors=()):
    """Every box of a page with the boxes it is inside."""
    yield box, ancestors
    for child in getattr(box, "children", ()):
        yield from boxes(child, (*ancestors, box))


def classes(box) -> list[str]:
    element = getattr(box, "element", None)
    return (element.get("class") or "").split() if element is not None else []


# -- command lines -------------------------------------------------------------------------


def test_command_lines_break_only_between_their_words(booklet):
    lines = raw_text(booklet.pdf).split("\n")
    words = [word for line in lines for word in line.split()]
    # Every option comes out whole, with plain ASCII hyphens, never split after a "-".
    for option in OPTIONS[:4]:
        assert words.count(option) >= 2, option  # once in each language
    assert not [line for line in lines if re.search(r"(^|\s)-+[a-z]*-$", line.rstrip())]
    # The command still reads as written when the lines are joined: copy, paste, run.
    assert COMMAND in " ".join(" ".join(lines).split())
    assert "\u2011" not in " ".join(lines) and "\u2013cell" not in " ".join(lines)


def test_a_paragraph_with_a_command_line_is_set_ragged_right(booklet):
    assert booklet.html.count('<p class="command">') == 2
    assert '<span class="nobreak">--cell-mm</span>' in booklet.html
    # A short code word does not change the paragraph's alignment.
    tokens = markdown().parse("Use `--tile` here.\n\n- `boardgen board hex --tile` prints\n- plain\n")
    from boardgen.booklet.markdown_html import render_tokens

    html = str(render_tokens(tokens, {"lang": "en", "folder": Path("."), "citations": {}}))
    assert "<p>Use<code> " in html and '<li class="command">' in html and "<li>plain" in html


# -- tables --------------------------------------------------------------------------------


def test_column_widths_follow_the_contents_and_fill_the_table():
    tokens = markdown().parse(
        "| Option | Values | Effect |\n|---|---|---|\n"
        "| `--per-sheet` | 1, 2 | a long sentence that explains what the option does to the board |\n"
    )
    widths = column_widths(tokens, 0)
    assert len(widths) == 3 and abs(sum(widths) - 100) < 1e-9
    assert widths[2] > widths[0] > widths[1]  # the sentence gets most, the code word its length


def test_a_three_column_table_stays_inside_its_column(booklet):
    tables = set()
    for page in booklet.document.pages:
        for box, ancestors in boxes(page._page_box):
            if "md-table" not in classes(box):
                continue
            tables.add(id(box.element))  # the table and its wrapper box
            cell = next(a for a in reversed(ancestors) if "cell" in classes(a))
            left = cell.content_box_x()
            right = left + cell.width
            assert box.position_x >= left - 0.01 and box.position_x + box.margin_width() <= right + 0.01
            for inner, _ in boxes(box):
                if type(inner).__name__ == "TextBox":
                    assert left - 0.01 <= inner.position_x and inner.position_x + inner.width <= right + 0.01, inner.text
    assert len(tables) == 2  # one in each language's column
    assert booklet.html.count("<col ") == 6 and booklet.html.count('<table class="md-table">') == 2


# -- citations -----------------------------------------------------------------------------


def test_several_sources_in_one_citation(booklet):
    text = raw_text(booklet.pdf)
    # The numbers follow the order of [[sources]] (outro, terceiro, livro), sorted, runs joined.
    assert text.count("[1\u20133]") == 2 and text.count("[2, 3]") == 2
    assert "[@" not in text


def test_a_citation_of_several_sources_checks_every_key(tmp_path):
    en = EN_BODY.replace("[@livro]", "[@livro; @nowhere]")
    folder = write_sources(tmp_path / "hex", en=en)
    problems = load_game(folder).problems
    assert [(Path(p.path).name, p.line) for p in problems] == [("en.md", line_of(folder / "en.md", "@nowhere"))]
    assert "citation [@nowhere]: no source with that key (known: livro)" in problems[0].message


def test_a_malformed_citation_is_reported(tmp_path):
    en = EN_BODY.replace("[@livro]", "[@livro, @livro]")
    folder = write_sources(tmp_path / "hex", en=en)
    problems = load_game(folder).problems
    assert len(problems) == 1 and problems[0].line == line_of(folder / "en.md", "[@livro, @livro]")
    assert "is not understood: write [@key], or [@a; @b] for several sources" in problems[0].message
