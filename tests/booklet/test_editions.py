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
* The board sheets follow the series' Portuguese conventions and say nothing
  meant for programmers.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

from boardgen import api
from boardgen.booklet.build import game_folder, load_checked

from ..conftest import ROOT, require_tool
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
    from boardgen.booklet.html import PAPERS

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


@pytest.mark.parametrize("game", GAMES)
def test_no_option_code_or_path_is_printed_outside_the_colophon(game, tmp_path_factory):
    booklet = Booklet(game)
    checked = load_checked(game_folder(game))
    found = []
    for lang, column in columns(booklet_file(tmp_path_factory, booklet), booklet).items():
        urls = [source.url for source in checked.languages[lang].meta.sources if source.url]
        text = outside_colophon_and_aside(column, lang, urls)
        assert len(text) > 5000
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
