"""The booklet as its reader gets it: the cover, the colophon, the ink-saving edition, the last-page board, the board sheets.

Everything here is read off what is printed: the text pdftotext extracts from
the real booklets (typeset once per session by :mod:`booklets_kit`, shared
with the other booklet tests), and pages rasterised and measured.

* The cover gives players, duration and age in both languages, under the
  series' labels, and no developer tag (the old ``brax · pass_through=capture``
  line).
* The colophon (found by its heading, "Sobre esta edição" / "About this
  edition") lists the engine settings that checked the diagrams: the game, its
  board size and every option of the game as ``name=value``.  Outside it (and
  outside the boxed ``boardgen:`` aside of "Making your own", the one place for
  the program, docs/series.md) the booklet prints no option assignment, no
  ``--option``, no engine reason code and no file path.
* The ink-saving edition (``ink="light"``) has no flat tint anywhere but the
  pieces and the diagrams' highlights: no tinted box, no filled board area;
  its text is the full-ink edition's (tests/booklet/test_ink_editions.py
  holds every page to it).
* An A4 or Letter booklet ends with the board sheet at 100 %: its bar measures
  100 mm on the rasterised page, which has no running head or page number.
* The board sheets follow the series' Portuguese conventions and say nothing
  meant for programmers.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from boardgen import api
from boardgen.boards.base import InkMode
from boardgen.booklet.board_page import BOARD_PAGE_PAPERS, board_page_sheet
from boardgen.booklet.build import BookletRequest, game_folder, load_checked, parse_request
from boardgen.drawing import palette
from boardgen.drawing.svg import render_svg
from boardgen.errors import OptionError
from boardgen.sheets.paper import MARGIN_MM
from boardgen.sheets.request import board_request, render_board_file

from ..conftest import ROOT, require_tool, run_boardgen
from ..raster_kit import pdf_pages
from ..sheet.measure import longest_dark_run_mm
from .booklets_kit import GAMES, Booklet, booklet_file
from .test_series import DEVELOPER_WORDS
from .test_text_extraction import column_texts, rejoin

COLOPHON = {"pt": "Sobre esta edição", "en": "About this edition"}
# The cover's facts under the series' labels, in each language: front-matter key -> label.
FACT_LABELS = {
    "pt": {"players": "Jogadores", "time": "Duração", "ages": "Idade"},
    "en": {"players": "Players", "time": "Playing time", "ages": "Ages"},
}
ASIDE = "boardgen:"  # the boxed aside of "Making your own" starts so (docs/series.md)
NEXT_SECTION = {"pt": "Preparação", "en": "Setup"}  # the section after "Equipment", where the aside has ended
# A path of the project or a file in a folder (a web address is taken out before this is looked for).
FILE_PATH = re.compile(r"(?<![\w/.-])(?:rules_text|boardgen|templates|docs|output|tests)/|(?<![\w/.-])(?:[\w.-]+/)+[\w-]+\.(?:py|md|toml|txt|j2|css|json|svg|pdf)\b")


def pdftotext(path: Path, *args: str) -> str:
    tool = require_tool("pdftotext")
    return subprocess.run([tool, *args, str(path), "-"], capture_output=True, text=True, check=True).stdout


def flat(text: str) -> str:
    """Text as one line: words broken at a line end joined again, runs of white space one space."""
    return " ".join(rejoin(text).split())


@cache
def engine_codes() -> frozenset[str]:
    """The engines' reason codes for refusing a move that are not English words (``no-swap``, ``must-capture``).

    Read from the tables of docs/notation/GAME.md; one-word codes (``occupied``)
    are words of the running text too, and cannot be told from them.
    """
    codes: set[str] = set()
    for doc in (ROOT / "docs" / "notation").glob("*.md"):
        text = doc.read_text(encoding="utf-8")
        table = text.split("## Illegal-move codes", 1)[1].split("\n## ", 1)[0] if "## Illegal-move codes" in text else ""
        codes.update(m.group(1) for m in re.finditer(r"^\|\s*`?([a-z]+(?:-[a-z]+)+)`?\s*\|", table, flags=re.M))
    assert len(codes) > 20, codes
    return frozenset(codes)


# -- the cover ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_cover_gives_players_duration_and_age_in_both_languages_and_no_developer_tag(game, tmp_path_factory):
    cover = flat(pdftotext(booklet_file(tmp_path_factory, Booklet(game)), "-f", "1", "-l", "1"))
    sources = load_checked(game_folder(game)).languages
    for lang, labels in FACT_LABELS.items():
        meta = sources[lang].meta
        for key, label in labels.items():
            value = getattr(meta, key)
            assert value, f"{game} {lang}: the front matter gives no {key}"
            assert f"{label} {value}" in cover, (game, lang, key, cover)
    assert not DEVELOPER_WORDS["an option assignment"].search(cover), cover
    assert not re.search(rf"\b{game}\b", cover), cover  # the game's id (the tag began with it); its title is capitalised
    assert "boardgen" not in cover


# -- the colophon and the text outside it ---------------------------------------------------


def split_colophon(column: str, lang: str) -> tuple[str, str]:
    """(the column's text before the colophon, the colophon): the colophon runs from its heading to the end."""
    assert column.count(COLOPHON[lang]) == 1, f"the colophon heading {COLOPHON[lang]!r} is not printed exactly once"
    before, after = column.split(COLOPHON[lang])
    return before, after


def columns(pdf: Path, booklet: Booklet) -> dict[str, str]:
    """Each language's column of the booklet, read down the pages."""
    from boardgen.booklet.papers import PAPERS

    return dict(zip(booklet.langs, column_texts(pdf, PAPERS[booklet.paper], booklet.bilingual)))


@pytest.mark.parametrize("game", GAMES)
def test_the_colophon_gives_the_game_its_board_and_every_option_with_its_value(game, tmp_path_factory):
    booklet = Booklet(game)
    checked = load_checked(game_folder(game))
    assert checked.game is not None and checked.defaults is not None
    options = {variant.name for variant in checked.game.variants}
    for lang, column in columns(booklet_file(tmp_path_factory, booklet), booklet).items():
        colophon = flat(split_colophon(column, lang)[1])
        found = dict(re.findall(r"\b([a-z][a-z_]*)=([a-z0-9][a-z0-9-]*)", colophon))
        assert set(found) == options, (game, lang, colophon)  # every option of the game, none twice over
        assert found == {name: str(value) for name, value in checked.defaults.variant.items()}
        assert re.search(rf"\b{'jogo' if lang == 'pt' else 'game'} {game}\b", colophon), colophon
        size = checked.game.make_board(checked.defaults.size).size_label()
        if size:
            assert f"{'tabuleiro' if lang == 'pt' else 'board'} {size}" in colophon, colophon
        assert "SIL Open Font License 1.1" in colophon
        # The variant in plain words, too (as typeset: no emphasis marks, typographic apostrophes).
        note = re.sub(r"[*]", "", checked.languages[lang].meta.variant_note).replace("'", "’")
        assert flat(note) in colophon, (note, colophon)


def outside_colophon_and_aside(column: str, lang: str, urls: list[str]) -> str:
    """The column's text before the colophon, without the ``boardgen:`` aside and the sources' web addresses."""
    text = split_colophon(column, lang)[0]
    start = text.find(ASIDE)
    if start >= 0:
        end = text.index("\n" + NEXT_SECTION[lang] + "\n", start)
        text = text[:start] + text[end:]
    for url in urls:  # an address may be broken anywhere across lines
        text = re.sub(r"\s*".join(map(re.escape, url)), " ", text)
    return flat(text)


def _body(path) -> str:
    """A rule text's source after its front matter: what a short or long game's booklet is measured against (no fixed length)."""
    return path.read_text(encoding="utf-8").split("+++", 2)[-1]


@pytest.mark.parametrize("game", GAMES)
def test_no_option_code_or_path_is_printed_outside_the_colophon(game, tmp_path_factory):
    booklet = Booklet(game)
    checked = load_checked(game_folder(game))
    found = []
    for lang, column in columns(booklet_file(tmp_path_factory, booklet), booklet).items():
        urls = [source.url for source in checked.languages[lang].meta.sources if source.url]
        text = outside_colophon_and_aside(column, lang, urls)
        assert len(text) > len(_body(checked.languages[lang].path)) / 3  # the column was read: its source's, less markup and colophon
        patterns = {**DEVELOPER_WORDS, "a file path": FILE_PATH}
        for what, pattern in patterns.items():
            found += [f"{lang}: {what} {m.group(0)!r}: …{text[max(0, m.start() - 40):m.end() + 20]}…" for m in pattern.finditer(text)]
        for code in engine_codes():
            found += [f"{lang}: the engine's code {code!r}" for _ in re.finditer(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)]
    assert not found, "\n".join(found)


def test_the_checks_above_see_what_they_look_for():
    # The aside and colophon are left out; what is left is searched with patterns that do find these.
    text = outside_colophon_and_aside(
        "Making your own\nboardgen: try --tile\nSetup\nswap=on, --ink, no-swap, boardgen/games/brax/geometry.py\nAbout this edition\nswap=on",
        "en",
        [],
    )
    assert text == "Making your own Setup swap=on, --ink, no-swap, boardgen/games/brax/geometry.py"
    assert DEVELOPER_WORDS["an option assignment"].search(text) and DEVELOPER_WORDS["a command-line option"].search(text)
    assert FILE_PATH.search(text) and FILE_PATH.search("rules_text/hex") and not FILE_PATH.search("hex-11-a4.pdf")
    assert "no-swap" in engine_codes() and "must-capture" in engine_codes()


# -- the ink-saving edition -----------------------------------------------------------------


DPI = 100
FLAT_PX = 5  # a flat area at least this many pixels square (1.3 mm at 100 dpi): a fill, not an edge of a line
LIGHT_INK_ALLOWED = (  # what the light edition still fills: pieces, and the diagrams' highlights and arrows
    "light_piece", "dark_piece", "player_0", "player_1", "attacker", "defender", "mark_fill", "mark_stroke", "arrow", "faint", "cross",
)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def tinted_fills(image: Image.Image, allowed: tuple[str, ...] = LIGHT_INK_ALLOWED) -> list[tuple[tuple[int, int, int], tuple[int, int]]]:
    """Flat fills of a colour other than paper, text ink and ``allowed`` palette roles: (colour, (x, y) in mm).

    A pixel belongs to a flat fill when every pixel of the FLAT_PX square
    around it has the same colour (within 6 levels a channel); text, rules and
    hatching are never that wide and uniform at this resolution.  Near-white
    (every channel 250 or more) and near-black (luma under 60: text, outlines)
    are left out.  Each colour (in steps of 8 levels) is reported at its first
    pixel, page row by row.
    """
    rgb = np.asarray(image.convert("RGB"), dtype=np.int16)
    widest = _square_range(rgb).max(axis=2)  # the channel that varies most around the pixel
    candidates = (
        (widest <= 6)  # uniform around
        & (rgb.min(axis=2) < 250)  # not paper
        & (np.asarray(image.convert("L")) >= 60)  # not text ink (PIL's luma, as the page's text is drawn)
    )
    at = np.flatnonzero(candidates)  # row by row
    colours = rgb.reshape(-1, 3)[at]
    known = np.array([_rgb(getattr(palette.DEFAULT, role)) for role in allowed], dtype=np.int16).reshape(-1, 3)
    near_known = (np.abs(colours[:, None, :] - known[None, :, :]).max(axis=2) <= 14).any(axis=1)
    at, colours = at[~near_known], colours[~near_known]
    keys, first = np.unique(colours // 8 * 8, axis=0, return_index=True)  # each colour's first pixel
    found = {}
    for key, index in zip(keys.tolist(), first.tolist()):
        y, x = divmod(int(at[index]), image.width)
        found[(key[0], key[1], key[2])] = (round(x / DPI * 25.4), round(y / DPI * 25.4))
    return sorted(found.items())


def _square_range(rgb: np.ndarray) -> np.ndarray:
    """Each channel's highest minus lowest value over the FLAT_PX square around each pixel (edge pixels repeated past the edge).

    What ``MaxFilter(FLAT_PX)`` minus ``MinFilter(FLAT_PX)`` of Pillow gives,
    a square's extreme taken as the extreme of its rows' extremes: two passes
    of FLAT_PX shifted slices, not a rank filter's sort at every pixel (a
    second a page).
    """
    half = FLAT_PX // 2
    padded = np.pad(rgb, ((half, half), (half, half), (0, 0)), mode="edge")
    height, width = rgb.shape[:2]
    extremes = []
    for pick in (np.maximum, np.minimum):
        rows = padded[:, :width]
        for shift in range(1, FLAT_PX):
            rows = pick(rows, padded[:, shift : shift + width])
        square = rows[:height]
        for shift in range(1, FLAT_PX):
            square = pick(square, rows[shift : shift + height])
        extremes.append(square)
    return extremes[0] - extremes[1]


def rasterised_pages(pdf: Path, folder: Path, dpi: int = DPI, first: int | None = None, last: int | None = None) -> list[Image.Image]:
    return pdf_pages(pdf, dpi, first=first, last=last)


# Ringo's board tints most (test below); its ink-saving edition in English alone, the bilingual one
# on A4 with the board page: the fills are the drawings', the same in any language, in half the typesetting.
LIGHT = [Booklet("ringo", ("en",), ink="light"), Booklet("hex", paper="a4", ink="light")]


@pytest.mark.parametrize("booklet", LIGHT, ids=lambda b: b.name)
def test_the_ink_saving_edition_has_no_tinted_box_and_no_filled_board(booklet, tmp_path_factory, tmp_path):
    pdf = booklet_file(tmp_path_factory, booklet)
    pages = rasterised_pages(pdf, tmp_path)
    assert len(pages) >= 10
    found = {number: fills for number, image in enumerate(pages, start=1) if (fills := tinted_fills(image))}
    assert not found, f"flat fills in {booklet.name} (page: [(colour, where in mm)]): {found}"


def test_the_full_edition_has_the_fills_the_light_one_leaves_out(tmp_path_factory, tmp_path):
    # The detector finds what it is for: Ringo's full-ink cells (light, dark, the pink neutral zone).
    pdf = booklet_file(tmp_path_factory, Booklet("ringo"))
    cover, *_ = rasterised_pages(pdf, tmp_path, first=1, last=1)
    colours = {colour for colour, _ in tinted_fills(cover)}
    for role in ("cell_light", "cell_dark", "neutral_light"):
        wanted = _rgb(getattr(palette.DEFAULT, role))
        assert any(max(abs(a - b) for a, b in zip(colour, wanted)) <= 14 for colour in colours), (role, colours)


def test_the_ink_saving_edition_is_named_light_and_says_so():
    assert BookletRequest(("pt", "en"), "a5", ink="light").file_name("hex") == "hex-pt-en-a5-light.pdf"
    assert BookletRequest(("pt", "en"), "a5", "a4", ink="light").file_name("hex") == "hex-pt-en-a5-imposed-a4-light.pdf"
    assert BookletRequest(("en",), "letter").file_name("hex") == "hex-en-letter.pdf"
    assert parse_request("pt+en", "a4", False, ink=" Light ").ink == "light"
    with pytest.raises(OptionError) as caught:
        parse_request("pt+en", None, False, ink="dark", names={"ink": "--ink"})
    assert caught.value.option == "--ink" and "full or light" in str(caught.value)


def test_the_light_colophon_is_the_full_ones(tmp_path_factory):
    # One layout for both inks (boardgen/booklet/ink.py): the ink-saving edition prints the full-ink
    # edition's text, its colophon included; the file name and the site name the edition.
    for booklet in LIGHT:  # English alone, and both languages
        full = replace(booklet, ink="full")
        light_columns, full_columns = columns(booklet_file(tmp_path_factory, booklet), booklet), columns(booklet_file(tmp_path_factory, full), full)
        for lang, column in light_columns.items():
            assert split_colophon(column, lang)[1] == split_colophon(full_columns[lang], lang)[1], booklet.name
            assert "Edição econômica" not in column and "Ink-saving edition" not in column


def test_the_command_and_the_library_make_the_light_edition(tmp_path):
    # Same bytes from both, and a wrong ink is one line naming the option.
    data = api.booklet("hex", langs="en", ink="light", path=tmp_path / "api.pdf")
    run = run_boardgen("booklet", "hex", "--lang", "en", "--ink", "light", "-o", str(tmp_path / "cli.pdf"))
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == data
    wrong = run_boardgen("booklet", "hex", "--ink", "dark", "-o", str(tmp_path / "no.pdf"))
    assert wrong.returncode == 2 and wrong.stderr.strip().count("\n") == 0 and "--ink" in wrong.stderr
    assert not (tmp_path / "no.pdf").exists()
    with pytest.raises(OptionError) as caught:
        api.booklet("hex", ink="dark")
    assert caught.value.option == "ink"


# -- the last page of A4 and Letter booklets: the board at exact scale ----------------------


BOARD_PAGE = [Booklet("hex", paper="a4"), Booklet("trihex", paper="letter"), Booklet("hex", paper="a4", ink="light")]
MEASURE_DPI = 300


@pytest.mark.parametrize("booklet", BOARD_PAGE, ids=lambda b: b.name)
def test_the_last_page_is_the_board_at_exact_scale(booklet, tmp_path_factory, tmp_path):
    pdf = booklet_file(tmp_path_factory, booklet)
    reader = PdfReader(pdf)
    last = len(reader.pages)
    checked = load_checked(game_folder(booklet.game))
    assert checked.defaults is not None
    sheet = board_page_sheet(booklet.game, checked.defaults.size, booklet.paper, "light" if booklet.ink == "light" else "full")
    assert sheet is not None
    box = reader.pages[-1].mediabox
    assert (round(float(box.width) * 25.4 / 72, 1), round(float(box.height) * 25.4 / 72, 1)) == (round(sheet.width, 1), round(sheet.height, 1))
    assert pdftotext(pdf, "-f", str(last), "-l", str(last)).strip() == ""  # no running head, no page number
    (image,) = rasterised_pages(pdf, tmp_path, MEASURE_DPI, last, last)
    baseline = sheet.height - MARGIN_MM - 3.5  # the bar's lower edge (boardgen/sheets/single.py: footer_block)
    bar = longest_dark_run_mm(image, MEASURE_DPI, baseline - 0.25, baseline - 0.05)
    assert bar == pytest.approx(100.0, abs=0.5)
    # The board file is the same drawing at the same place: its bar, measured on the same rows.
    board = tmp_path / "board" / "board.pdf"
    board.parent.mkdir()
    board.write_bytes(api.board_sheet(booklet.game, size=checked.defaults.size, paper=booklet.paper, ink=booklet.ink))
    (alone,) = rasterised_pages(board, board.parent, MEASURE_DPI)
    assert longest_dark_run_mm(alone, MEASURE_DPI, baseline - 0.25, baseline - 0.05) == pytest.approx(bar, abs=0.2)


@pytest.mark.parametrize("paper", BOARD_PAGE_PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_board_page_is_the_drawing_of_the_board_file(game, paper):
    checked = load_checked(game_folder(game))
    assert checked.defaults is not None
    inks: tuple[InkMode, ...] = ("full", "light")
    for ink in inks:
        sheet = board_page_sheet(game, checked.defaults.size, paper, ink)
        assert sheet is not None, (game, paper)  # every game's board fits on both papers
        request = board_request(game, size=checked.defaults.size, paper=paper, format="svg", ink=ink)
        assert render_svg(sheet, page=True) == render_board_file(request)[0]


def test_an_a5_booklet_has_no_board_page(tmp_path_factory):
    pdf = booklet_file(tmp_path_factory, Booklet("hex"))
    last = len(PdfReader(pdf).pages)
    assert COLOPHON["en"] in pdftotext(pdf, "-f", str(last), "-l", str(last))


# -- the board sheets -----------------------------------------------------------------------


def sheet_texts(tmp_path: Path) -> dict[str, str]:
    """The text of a board sheet of every game, Hex's tiled poster and its pen-and-paper sheet."""
    files = {f"{game}-a4": api.board_sheet(game, paper="a4") for game in GAMES}
    files["hex-poster"] = api.board_sheet("hex", paper="a4", tile=True, cell_mm=25)
    files["hex-pen"] = api.board_sheet("hex", paper="a4", per_sheet=4)
    texts = {}
    for name, data in files.items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(data)
        texts[name] = " ".join(pdftotext(path).split())
    return texts


def test_the_sheets_print_portuguese_as_brazilian_typography_has_it_and_nothing_for_programmers(tmp_path):
    texts = sheet_texts(tmp_path)
    for name, text in texts.items():
        assert "Imprima em tamanho real (100%), sem “ajustar à página”." in text, name
        assert "Print at actual size (100%), not “fit to page”." in text, name
        assert not re.search("[«»]|100 %", text), name
        for what, pattern in {**DEVELOPER_WORDS, "a file path": FILE_PATH}.items():
            assert not pattern.search(text), (name, what, pattern.search(text))
        assert not re.search(r"editing the table|editando a tabela|\btable\b|\btabela\b", text), name
    assert "reconstrução" in texts["brax-a4"] and "reconstruction" in texts["brax-a4"]  # the note itself stays
