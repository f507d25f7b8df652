"""Record sheets (score pads, scoresheets) hold what their declarations say, where a pen can write it.

Every declared sheet (each game's ``records`` module, and the backgammon match
pad shared by the backgammon family) is drawn on A4 and Letter, rasterised at
300 dpi and read back: its headings, blanks and notes in both languages in the
PDF's text, its rows numbered, every row at least 7 mm high measured between
the ruled lines, all ink 6 mm inside the paper's edge, its fonts embedded.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from boardgen.registry import all_games, get_game
from boardgen.sheets.paper import MARGIN_MM, PAPERS, parse_paper
from boardgen.sheets.records import (
    BACKGAMMON_MATCH,
    MIN_ROW_MM,
    Blank,
    Column,
    RecordSheet,
    Words,
    find_record,
    games_with_records,
    record_sheet,
    render_record,
)

from ..conftest import require_tool
from .measure import MM_PER_INCH, ink_box_mm, rasterise_pdf, rasterise_svg

DPI = 300
PX = MM_PER_INCH / DPI
RULE_RUN_MM = 10.0  # a horizontal run of ink this long is a ruled line: no letter or digit is that wide
HEAVY_PX = 0.32 / PX  # thicker than this: the heavy rules round the table and under its headings

SHEETS = {"surakarta": find_record("surakarta"), "xadrez": find_record("xadrez"), "damas": find_record("damas"), "backgammon": BACKGAMMON_MATCH}
PAPERS_TESTED = ("a4", "letter")


def dark(image) -> np.ndarray:
    return np.asarray(image.convert("L")) < 128


def runs(line: np.ndarray) -> list[tuple[int, int]]:
    padded = np.concatenate(([False], line, [False]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return list(zip(edges[::2], edges[1::2]))


def long_run_mask(mask: np.ndarray, min_mm: float = RULE_RUN_MM) -> np.ndarray:
    """Only the pixels on horizontal runs of ink at least ``min_mm`` long: the ruled lines."""
    padded = np.pad(mask, ((0, 0), (1, 1))).astype(np.int8)
    steps = np.diff(padded, axis=1)
    starts, ends = np.argwhere(steps == 1), np.argwhere(steps == -1)  # row-major: the k-th start pairs with the k-th end
    kept = np.zeros_like(mask)
    for (row, start), (_, end) in zip(starts, ends):
        if end - start >= min_mm / PX:
            kept[row, start:end] = True
    return kept


def table_rules(rules: np.ndarray, x_mm: float) -> list[tuple[float, float]]:
    """(centre mm, thickness px) of each ruled line crossing the vertical line at ``x_mm``, top to bottom."""
    column = rules[:, int(round(x_mm / PX))]
    return [((a + b) / 2 * PX, float(b - a)) for a, b in runs(column)]


def pdf_text(pdf: Path) -> str:
    """The PDF's text in drawing order, whitespace folded: a heading wrapped over two lines reads as one."""
    text = subprocess.run([require_tool("pdftotext"), "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(text.split())


CASES = [(name, paper) for name in SHEETS for paper in PAPERS_TESTED]
# (tables side by side, at least this many rows in all): a chess game of 70 moves and more fits on one page
CAPACITY = {"xadrez": (3, 70), "damas": (2, 50), "surakarta": (1, 16), "backgammon": (1, 20)}


@pytest.fixture(params=CASES, ids=[f"{name}-{paper}" for name, paper in CASES])
def drawn(request, tmp_path) -> tuple[str, str, Path, np.ndarray, list[float], int]:
    """One sheet on one paper: its PDF, the dark pixels of its raster, and its first table's row pitches and copies.

    One test per sheet reads all of it, so that each sheet is drawn and
    rasterised once, whichever worker runs it.
    """
    require_tool("pdftoppm")
    name, paper = request.param
    pdf = tmp_path / f"{name}-{paper}.pdf"
    pdf.write_bytes(render_record(SHEETS[name], parse_paper(paper))[0])
    mask = dark(rasterise_pdf(pdf, DPI))
    pitches, blocks = measured_table(mask)
    return name, paper, pdf, mask, pitches, blocks


def measured_table(mask: np.ndarray) -> tuple[list[float], int]:
    """The pitch of every row of the first table (mm, headings first) and the number of tables side by side."""
    rules = long_run_mask(mask)
    lines = table_rules(rules, 10.0 + 3.0)  # just inside the first table's left edge, left of its row numbers
    assert len(lines) > 3, lines
    pitches = list(np.diff([centre for centre, _ in lines]))
    heavy = [k for k, (_, thickness) in enumerate(lines) if thickness > HEAVY_PX]
    assert heavy[0] == 0 and heavy[1] == 1 and heavy[-1] == len(lines) - 1, lines  # round the table, under the headings
    row_y = lines[2][0]  # a row's rule
    blocks = [r for r in runs(rules[int(round(row_y / PX))]) if r[1] - r[0] >= 40 / PX]
    return pitches, len(blocks)


def test_each_sheet_as_printed(drawn):
    """Rows high enough to write in, the text in both languages, enough rows, all ink inside the printable area."""
    name, paper, pdf, mask, pitches, blocks = drawn
    declared = SHEETS[name]
    # every row at least 7 mm between its ruled lines, all of them the same (the totals row too)
    assert min(pitches) >= MIN_ROW_MM - 0.1, pitches
    assert max(pitches[1:]) - min(pitches[1:]) < 0.2, pitches
    # headings, blanks and notes in both languages; the rows numbered on across the tables
    text = pdf_text(pdf)
    for words in [declared.title, *(c.heading for c in declared.columns), *declared.notes]:
        assert words.pt in text, words.pt
        assert words.en in text, words.en
    for line in declared.blanks:
        for blank in line:
            assert f"{blank.label.pt} / {blank.label.en}" in text
    rows = len(pitches) - 1 - (1 if declared.total else 0)
    numbers = {int(token) for token in re.findall(r"(?<![\w(,])\d+(?![\w)])", text)}
    assert set(range(1, rows * blocks + 1)) <= numbers, (rows, blocks)
    assert rows * blocks + 1 not in numbers
    # enough of them, on one page
    blocks_wanted, at_least = CAPACITY[name]
    assert blocks == blocks_wanted and rows * blocks >= at_least, (rows, blocks)
    assert len(PdfReader(pdf).pages) == 1
    # the page is the paper, and all ink is 6 mm inside its edge
    width, height = PAPERS[paper]
    box = PdfReader(pdf).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((width * 72 / 25.4, height * 72 / 25.4), abs=0.01)
    ys, xs = np.nonzero(mask)
    assert xs.min() * PX >= MARGIN_MM and ys.min() * PX >= MARGIN_MM
    assert (xs.max() + 1) * PX <= width - MARGIN_MM and (ys.max() + 1) * PX <= height - MARGIN_MM


@pytest.mark.parametrize("name", list(SHEETS))
def test_fonts_are_embedded(tmp_path, name):
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render_record(SHEETS[name], parse_paper("a4"))[0])
    rows = subprocess.run([require_tool("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout.strip().split("\n")[2:]
    assert len(rows) >= 2
    for row in rows:
        font, *_, emb, sub, uni, _obj, _gen = row.split()
        assert re.fullmatch(r"[A-Z]{6}\+NotoSans-(Regular|Bold|Italic)", font), row
        assert (emb, sub, uni) == ("yes", "yes", "yes"), row


def test_the_svg_is_the_same_drawing(tmp_path):
    require_tool("rsvg-convert")
    svg = tmp_path / "xadrez.svg"
    svg.write_bytes(render_record(SHEETS["xadrez"], parse_paper("a4"), "svg")[0])
    head = svg.read_text(encoding="utf-8")[:600]
    assert 'width="210mm"' in head and 'height="297mm"' in head and "@page" in head
    image = rasterise_svg(svg, DPI, tmp_path / "page.png")
    pitches, blocks = measured_table(dark(image))
    assert blocks == 3 and min(pitches) >= MIN_ROW_MM - 0.1
    box = ink_box_mm(image, DPI, (0, 0, 210, 297))
    assert box[0] >= MARGIN_MM and box[1] >= MARGIN_MM and box[2] <= 210 - MARGIN_MM and box[3] <= 297 - MARGIN_MM


def test_same_declaration_same_bytes():
    for fmt in ("pdf", "svg"):
        first = render_record(SHEETS["damas"], parse_paper("letter"), fmt)[0]
        assert render_record(SHEETS["damas"], parse_paper("letter"), fmt)[0] == first


# -- the hook: a game adds only its declaration -----------------------------------------------------


def test_the_games_with_a_record_sheet_are_those_with_a_declaration():
    declared = [game.id for game in all_games() if game.record is not None]
    assert games_with_records() == declared and {"surakarta", "xadrez", "damas", "gamao"} <= set(declared)
    assert find_record("hex") is None and get_game("hex").record is None
    assert find_record("gamao") is BACKGAMMON_MATCH  # GameInfo.record names gamao.records:RECORD, the shared pad


def test_a_declaration_that_is_not_a_record_sheet_is_named(monkeypatch):
    from boardgen.registry import GameInfo

    wrong = GameInfo(id="wrong", title={}, summary={}, board="boardgen.games.hex.board:HexBoard", record="boardgen.games.hex.pieces:PIECES")
    monkeypatch.setattr("boardgen.registry.all_games", lambda: (wrong,))
    with pytest.raises(TypeError, match=r"^boardgen.games.hex.pieces:PIECES must be a RecordSheet, not PieceSet$"):
        find_record("wrong")


def test_gamao_attaches_the_shared_backgammon_pad():
    from boardgen.games.gamao.records import RECORD

    assert RECORD is BACKGAMMON_MATCH
    headings = [column.heading.en for column in RECORD.columns]
    assert headings[0] == "Game" and any("Cube" in h for h in headings) and any("gammon" in h for h in headings)
    assert any("Match to" == blank.label.en for line in RECORD.blanks for blank in line)
    assert sum("total" in h for h in headings) == 2  # each player's running total


def test_any_declaration_is_laid_out_from_its_own_words(tmp_path):
    """A made-up game's sheet: the renderer knows no game, only what the declaration says."""
    made_up = RecordSheet(
        slug="test",
        title=Words("Jogo de teste — placar", "Test game — score"),
        blanks=((Blank(Words("Nome", "Name")),),),
        columns=(Column(Words("Rodada", "Round"), 0.5, numbers=True), Column(Words("Pontos do norte", "North's points")), Column(Words("Pontos do sul", "South's points"))),
        rows=5,
        total=Words("Soma", "Sum"),
        notes=(Words("Uma nota.", "A note."),),
    )
    pdf = tmp_path / "test.pdf"
    pdf.write_bytes(render_record(made_up, parse_paper("a4"))[0])
    text = pdf_text(pdf)
    for words in ("Pontos do norte", "North's points", "Soma / Sum", "Nome / Name", "Uma nota.", "A note."):
        assert words in text
    pitches, blocks = measured_table(dark(rasterise_pdf(pdf, DPI)))
    assert (len(pitches), blocks) == (1 + 5 + 1, 1)  # headings, five rows, the sum


def test_rows_too_low_to_write_in_are_refused():
    with pytest.raises(ValueError, match="too low to write in"):
        RecordSheet(slug="low", title=Words("a", "b"), blanks=(), columns=(Column(Words("a", "b")),), row_mm=6.0)


def test_a_paper_too_small_is_an_error_naming_the_option():
    from boardgen.errors import OptionError

    with pytest.raises(OptionError, match=r"^--paper: 100 × 150 mm is too small for the Chess — scoresheet sheet"):
        record_sheet(SHEETS["xadrez"], parse_paper("100x150"), {"paper": "--paper"})
