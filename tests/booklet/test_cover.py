"""The cover is exactly one page, for every game, paper and language: page 2 starts with the contents."""

from __future__ import annotations

import pytest

from boardgen.booklet.build import BookletRequest, booklet_document, games_with_sources, load_checked
from boardgen.booklet.cover import COVER_SHARE, cover_overflow_mm, picture_height_mm
from boardgen.errors import BoardgenError

from .booklets_kit import Booklet, booklet_file
from .sources_kit import write_sources

GAMES = [folder.name for folder in games_with_sources()]
CONTENTS = {("pt", "en"): "Sumário / Contents", ("pt",): "Sumário", ("en",): "Contents"}


def page_words(page) -> list[str]:
    """The words of a laid-out page in reading order (WeasyPrint's text boxes)."""
    words: list[str] = []

    def walk(box) -> None:
        if type(box).__name__ == "TextBox":
            words.extend(box.text.split())
        for child in getattr(box, "children", ()):
            walk(child)

    walk(page._page_box)
    return words


@pytest.fixture(scope="module")
def games():
    return {name: load_checked(folder) for name, folder in zip(GAMES, games_with_sources())}


def test_all_six_booklets_are_covered():
    assert {"hex", "trihex", "surakarta", "ringo", "brax", "assalto", "awele", "damas", "gamao", "nyout"} <= set(GAMES)


@pytest.mark.parametrize("langs", list(CONTENTS))
@pytest.mark.parametrize("paper", ["a5", "a4", "letter"])
def test_every_cover_fits_on_one_page(games, paper, langs):
    for name, game in games.items():
        document = booklet_document(game, BookletRequest(langs, paper), cover_only=True)
        assert len(document.pages) == 1, (name, paper, langs)
        assert cover_overflow_mm(document) == 0


@pytest.mark.parametrize("name", GAMES)
def test_page_two_of_each_booklet_starts_with_the_contents(games, name, tmp_path_factory):
    """On the bilingual A5 booklet the other booklet tests read too (typeset once per session, booklets_kit)."""
    from pypdf import PdfReader

    reader = PdfReader(booklet_file(tmp_path_factory, Booklet(name)))
    words = reader.pages[1].extract_text().split()
    assert " ".join(words[:3]) == CONTENTS[("pt", "en")], (name, words[:8])
    assert games[name].languages["pt"].meta.title in " ".join(reader.pages[0].extract_text().split())


LONG_NOTE = " ".join(["Uma nota longa sobre as regras descritas, que enche a caixa da capa."] * 9)


def long_note_folder(folder, note: str, game: str = "trihex", size: int = 11):
    """A game folder whose rules box (variant_note) holds ``note``, with no diagrams."""
    write_sources(folder / game, pt="\n# Preparação\n\nTexto.\n", en="\n# Setup\n\nText.\n", diagrams=None)
    for name in ("pt-BR.md", "en.md"):
        path = folder / game / name
        lines = path.read_text(encoding="utf-8").split("\n")
        replaced = {"variant_note": f'variant_note = "{note}"', "size": f"size = {size}", "title": f'title = "{game.title()}"'}
        path.write_text("\n".join(replaced.get(line.split(" ")[0], line) for line in lines), encoding="utf-8")
    return folder / game


def test_a_long_rules_box_shrinks_the_picture_instead_of_spilling(tmp_path):
    game = load_checked(long_note_folder(tmp_path, LONG_NOTE))
    for paper in ("a5", "letter"):
        document = booklet_document(game, BookletRequest(("pt", "en"), paper))
        assert " ".join(page_words(document.pages[1])[:3]) == "Sumário / Contents", paper
    # On A5 the tall triangle had to give way: smaller than its usual share of the page.
    assert picture_height_mm(booklet_document(game, BookletRequest(("pt", "en"), "a5"), cover_only=True)) < 210 * COVER_SHARE - 5


def test_a_cover_that_cannot_fit_is_refused_with_a_clear_message(tmp_path):
    game = load_checked(long_note_folder(tmp_path, LONG_NOTE * 4, "hex", 5))
    with pytest.raises(BoardgenError, match="the cover does not fit on one page"):
        booklet_document(game, BookletRequest(("pt", "en"), "a5"), cover_only=True)
