"""The Nyout booklet names four seats: its front matter's colours, and the words of a four-player diagram."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.problems import Problems
from boardgen.booklet.markdown_source import read_language
from boardgen.booklet.sources import source_file
from boardgen.registry import get_game

from ..conftest import ROOT

FOLDER = ROOT / "rules_text" / "nyout"
FOUR = "variant: players=4\nposition: o03=a o05=c o10=b o13=d a throws kai\nmoves: kai:o03-o05\nnumbers: off"


@pytest.mark.parametrize(("lang", "names"), [("en", ("White", "Black", "Gold", "Red")), ("pt", ("branco", "preto", "dourado", "vermelho"))])
def test_the_front_matter_names_four_seats(lang: str, names: tuple[str, ...]) -> None:
    problems = Problems()
    source = read_language(source_file(FOLDER, lang), lang, problems)
    assert source is not None and not problems.items
    assert source.meta.colours == names


def _front_matter_with(tmp_path: Path, colours: str) -> list[str]:
    text = source_file(FOLDER, "en").read_text(encoding="utf-8")
    start = text.index("colours = ")
    end = text.index("\n", start)
    path = tmp_path / "en.md"
    path.write_text(text[:start] + f"colours = {colours}" + text[end:], encoding="utf-8")
    problems = Problems()
    read_language(path, "en", problems)
    return [p.message for p in problems.items]


def test_two_to_four_colours_and_no_more(tmp_path: Path) -> None:
    assert _front_matter_with(tmp_path, '["White", "Black"]') == []
    for wrong in ('["White"]', '["A", "B", "C", "D", "E"]'):
        assert any("up to four" in m for m in _front_matter_with(tmp_path, wrong)), wrong


def test_a_four_player_diagram_is_described_with_every_seat() -> None:
    problems = Problems()
    game = get_game("nyout")
    spec = parse_definition("partners", FOUR, Path("diagrams.md"), 1, problems)
    checked = check_diagram(spec, Defaults("nyout", None, game.resolve_variants({}, "variant")), problems)
    assert checked is not None, [p.message for p in problems.items]
    words = describe(checked, "en", ("White", "Black", "Gold", "Red"), {"horse": "horses"})
    for seat in ("White:", "Black:", "Gold:", "Red:"):
        assert seat in words  # a stack of partners lists each seat's horse on its station
    unnamed = describe(checked, "en", ("White", "Black"), {"horse": "horses"})
    assert "Fourth player:" in unnamed  # a seat the booklet does not name
