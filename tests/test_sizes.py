"""Board sizes as a set: a run (Hex 2..26) and a set with gaps (a made-up game on 5, 7 or 9)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import boardgen.registry
from boardgen.cli.list_cmd import list_games
from boardgen.cli.options import parse_size
from boardgen.engine.sizes import describe_sizes, short_sizes
from boardgen.errors import NotationError, OptionError
from boardgen.games.hex.rules import HexState
from boardgen.registry import GameInfo, Variant, get_game

ODD = GameInfo(
    id="oddgame",
    title={"en": "Odd", "pt": "Ímpar"},
    summary={"en": "A made-up game on 5, 7 or 9.", "pt": "Inventado."},
    board="boardgen.games.hex.board:HexBoard",
    sizes=frozenset({9, 5, 7}),
    default_size=7,
    variants=(Variant.boolean("swap", True, "The pie rule."),),
)


def test_sizes_are_a_set_and_listed_sorted() -> None:
    assert ODD.sizes == {5, 7, 9} and 6 not in ODD.sizes
    assert ODD.to_json()["sizes"] == [5, 7, 9] and ODD.to_json()["default_size"] == 7
    hex_json = get_game("hex").to_json()
    assert hex_json["sizes"] == list(range(2, 27)) and hex_json["default_size"] == 11
    assert get_game("surakarta").to_json()["sizes"] is None


@pytest.mark.parametrize(
    ("sizes", "words", "short"),
    [(range(2, 27), "from 2 to 26", "2-26"), ({5, 7, 9}, "5, 7 or 9", "5, 7, 9"), ({4, 8}, "4 or 8", "4, 8"), ({6}, "6", "6")],
)
def test_sizes_in_words(sizes, words: str, short: str) -> None:
    assert describe_sizes(frozenset(sizes)) == words and short_sizes(frozenset(sizes)) == short


def test_check_size_names_the_allowed_sizes() -> None:
    assert ODD.check_size(None) == 7 and ODD.check_size(9) == 9
    with pytest.raises(OptionError, match=r"^--size: oddgame size must be 5, 7 or 9, not 6$"):
        ODD.check_size(6)
    with pytest.raises(OptionError, match=r"^size: hex size must be a whole number from 2 to 26, not 27$"):
        get_game("hex").check_size(27, "size")


def test_a_default_outside_the_sizes_is_a_declaration_error() -> None:
    with pytest.raises(ValueError, match="default size 6"):
        GameInfo(id="bad", title={}, summary={}, board="x:y", sizes=frozenset({5, 7}), default_size=6)


@pytest.mark.parametrize("parse", [parse_size], ids=["options.parse_size (every command's --size)"])
def test_command_line_sizes_follow_the_set(parse) -> None:
    assert parse(ODD, "5") == 5 and parse(ODD, " 9 ") == 9
    for text in ("6", "x", "11"):
        with pytest.raises(OptionError) as info:
            parse(ODD, text)
        assert str(info.value).startswith("--size: oddgame size must be 5, 7 or 9, not")


def test_list_prints_runs_and_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    games = (get_game("hex"), ODD)
    monkeypatch.setattr(boardgen.registry, "all_games", lambda: games)
    result = CliRunner().invoke(list_games, [])
    assert result.exit_code == 0, result.exception
    text = result.output
    assert "hex          Hex: sizes 2-26, default 11" in text
    assert "oddgame      Odd: sizes 5, 7, 9, default 7" in text
    data = json.loads(CliRunner().invoke(list_games, ["--json"]).output)
    assert [g["sizes"] for g in data["games"]] == [list(range(2, 27)), [5, 7, 9]]


class _OddHex(HexState):
    """Hex as the made-up game: the shared engine takes its sizes from the GAME it is handed."""

    GAME = ODD


def test_the_shared_engine_uses_the_sizes_it_is_given() -> None:
    assert _OddHex.initial().size == 7
    assert _OddHex.from_text("5/5/5/5/5 r -").size == 5
    with pytest.raises(OptionError, match="must be 5, 7 or 9, not 6"):
        _OddHex.initial(6)
    with pytest.raises(NotationError, match=r"expected 5, 7 or 9 rows separated by '/', got 6"):
        _OddHex.from_text("6/6/6/6/6/6 r -")
