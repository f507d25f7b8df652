"""The booklets read as one edited series (docs/series.md): one skeleton, a player's words.

Checked on the Markdown sources of every game in ``rules_text/``, so that a new
game's booklet is held to the series as soon as its folder exists.  What only
the typeset PDF can show (page fill, running heads) is tested in test_layout.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgen.booklet.problems import Problems
from boardgen.booklet.markdown_source import LanguageSource, read_language
from boardgen.booklet.sources import source_file

from ..conftest import ROOT

RULES = ROOT / "rules_text"
GAMES = sorted(path.name for path in RULES.iterdir() if (path / "en.md").is_file())

SKELETON = {
    "en": ("Introduction", "Equipment", "Setup", "How to play", "The end of the game", "First advice",
           "Variants", "Notes on the sources", "A little history"),
    "pt": ("Introdução", "O material", "Preparação", "Como se joga", "O fim da partida", "Primeiros conselhos",
           "Variantes", "Notas sobre as fontes", "Um pouco de história"),
}
OPTIONAL = {"en": {"Variants", "A little history"}, "pt": {"Variantes", "Um pouco de história"}}

# What a player's booklet never says outside the boxed aside of "Making your own" and the colophon.
DEVELOPER_WORDS = {
    "an option assignment": re.compile(r"\b[a-z][a-z_]*=[a-z0-9][a-z0-9-]*\b"),
    "a command-line option": re.compile(r"(?<![\w-])--[a-z][a-z-]*"),
    "the program's name": re.compile(r"\bboardgen\b", re.IGNORECASE),
    "a file path": re.compile(r"\brules_text\b|\b\w+\.(?:md|py|txt)\b"),
}
ENGLISH_SLIPS = re.compile(r"\b(?:checkers?|colors?|colored|center(?:s|ed)?)\b", re.IGNORECASE)
GUILLEMETS = re.compile("[«»]")


def _source(game: str, lang: str) -> LanguageSource:
    problems = Problems()
    source = read_language(source_file(RULES / game, lang), lang, problems)
    assert source is not None and not problems, problems.items
    return source


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_every_booklet_has_the_series_skeleton(game: str, lang: str) -> None:
    titles = tuple(section.plain_title for section in _source(game, lang).sections if section.level == 1)
    expected = tuple(title for title in SKELETON[lang] if title in titles or title not in OPTIONAL[lang])
    assert titles == expected, f"{game} {lang}: top-level sections {titles}, the series wants {expected}"


def _running_text(path: Path) -> list[tuple[int, str]]:
    """The body lines a player reads: captions included; the boardgen aside and the front matter left out."""
    lines = path.read_text(encoding="utf-8").split("\n")
    body_start = next(i for i, line in enumerate(lines[1:], start=1) if line == "+++") + 1
    kept, in_aside = [], False
    for number, line in enumerate(lines[body_start:], start=body_start + 1):
        if line.startswith("> **boardgen:**"):
            in_aside = True
        elif not line.startswith(">"):
            in_aside = False
        if not in_aside:
            kept.append((number, line))
    return kept


def _shown_front_matter(source: LanguageSource) -> list[tuple[int, str]]:
    """The front-matter fields the cover and title page print."""
    meta = source.meta
    return [(meta.line_of(key), str(getattr(meta, key) or "")) for key in ("subtitle", "variant_note")]


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_the_running_text_speaks_to_a_player_not_a_programmer(game: str, lang: str) -> None:
    source = _source(game, lang)
    found = []
    for number, line in _running_text(source.path) + _shown_front_matter(source):
        for what, pattern in DEVELOPER_WORDS.items():
            for match in pattern.finditer(line):
                found.append(f"{source.path.name}:{number}: {what} {match.group(0)!r}")
        if GUILLEMETS.search(line):
            found.append(f"{source.path.name}:{number}: guillemets (the series quotes “like this”)")
        if lang == "en":
            found += [f"{source.path.name}:{number}: {m.group(0)!r} (British English)" for m in ENGLISH_SLIPS.finditer(line)]
    assert not found, "\n".join(found)


# -- "Making your own" names the files the site offers ---------------------------------------------

FILE_NAME = re.compile(r"(?<![\w/-])([a-z0-9]+(?:-[a-z0-9]+)*\.pdf)\b")


def _board_files() -> set[str]:
    """The names of the board-side files the build writes (boards/, pieces, records, other sizes)."""
    from boardgen.make import steps

    lists = (steps.board_jobs, steps.large_board_jobs, steps.print_sheet_jobs, steps.pieces_jobs, steps.other_size_jobs)
    return {Path(job.path).name for jobs in lists for job in jobs()}


BOARD_FILES = _board_files()


def _making_your_own(source: LanguageSource) -> str:
    """The running text of the section on making the equipment, the boxed aside left out."""
    text = source.path.read_text(encoding="utf-8")
    head = "\n## Making your own\n" if source.path.name == "en.md" else "\n## Faça o seu\n"
    section = text.split(head, 1)[1].split("\n# ", 1)[0]
    return "\n".join(line for line in section.split("\n") if not line.startswith(">"))


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_every_file_a_booklet_names_is_one_the_build_makes(game: str, lang: str) -> None:
    source = _source(game, lang)
    named = set(FILE_NAME.findall(source.path.read_text(encoding="utf-8")))
    assert named, f"{game} {lang}: names no file to print"
    unknown = sorted(name for name in named if name not in BOARD_FILES)
    assert not unknown, f"{game} {lang}: names {unknown}, which the build does not make"


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_making_your_own_names_the_pieces_record_and_other_sizes_the_site_offers(game: str, lang: str) -> None:
    """Each sheet of the game on the site (A4 names stand for both papers) is named in the section."""
    section = _making_your_own(_source(game, lang))
    offered = sorted(name for name in BOARD_FILES
                     if name.endswith("-a4.pdf") and (name.startswith(f"{game}-") or name == f"{game}-a4.pdf")
                     and "-poster-tiled-" not in name.removeprefix(game))
    posters_of_other_sizes = [name for name in BOARD_FILES if name.startswith(f"{game}-") and "-poster-tiled-a4" in name]
    missing = [name for name in offered if name not in section]
    # A poster of another size may be named as "and so on" after the first one: at least one must be named.
    if posters_of_other_sizes:
        missing += [] if any(name in section for name in posters_of_other_sizes) else [posters_of_other_sizes[0]]
    assert not missing, f"{game} {lang}: “Making your own” does not name {missing}"
