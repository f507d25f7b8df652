"""Numbers are ASCII digits only, read through boardgen.values: '²', '٥' and '５' are refused with a message.

``str.isdigit`` accepts all three; before, ``int()`` then crashed on '²' (a
traceback) and read '٥' and '５' as 5.
"""

from __future__ import annotations

import pytest

from boardgen.cli.engine_cmd import _whole_number
from boardgen.cli.options import parse_size
from boardgen.errors import IllegalMoveError, NotationError, OptionError
from boardgen.registry import get_game
from boardgen.values import position_counter, read_whole_number, whole_number

NOT_ASCII = ["²", "٥", "５", "1²", "١٢"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_the_reader_takes_ascii_digits_only(text: str) -> None:
    assert text.isdigit()  # what used to let them through
    assert read_whole_number(text) is None
    with pytest.raises(OptionError, match=r"^--depth: depth must be a whole number from 0 to 20, not "):
        whole_number(text, "--depth", 0, 20, "depth")
    with pytest.raises(NotationError, match=r"^position: move clock must be a whole number from 0 up, not "):
        position_counter(text, "move clock")


def test_the_reader_takes_plain_numbers_and_refuses_signs_and_giants() -> None:
    assert read_whole_number(" 42 ") == 42 and read_whole_number("007") == 7
    assert [read_whole_number(t) for t in ("", "-3", "+3", "4 2", "3.0", "9" * 5000)] == [None] * 6
    with pytest.raises(NotationError, match="not '-1'"):
        position_counter("-1", "the no-progress counter")


@pytest.mark.parametrize("text", NOT_ASCII)
@pytest.mark.parametrize("parse", [parse_size], ids=["options.parse_size (every command's --size)"])
def test_a_size_in_other_digits_is_an_option_error(parse, text: str) -> None:
    with pytest.raises(OptionError, match=r"^--size: hex size must be a whole number from 2 to 26, not "):
        parse(get_game("hex"), text)


@pytest.mark.parametrize("text", NOT_ASCII)
def test_engine_command_numbers_refuse_other_digits(text: str) -> None:
    with pytest.raises(OptionError, match="^--depth: depth must be a whole number from 0 to 20"):
        _whole_number(text, "--depth", "depth", 0, 20)


COUNTERS = {
    "surakarta": ("BBBBBB/BBBBBB/6/6/WWWWWW/WWWWWW w {}", "turns without capture must be a whole number"),
    "brax": ("1BBBBBBB1/9/9/9/9/9/9/9/1WWWWWWW1 w - {}", "move clock must be a whole number"),
    "ringo": ("-/1D1D1D1D/8/8/8/8/1AAAAAAA a {}", "the no-progress counter must be a whole number"),
    "assalto": ("3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/PPP p {}", "the no-progress counter must be a whole number"),
    "awele": ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s {}", "the turns-since-capture counter must be a whole number"),
    "damas": ("1b1b1b1b/b1b1b1b1/1b1b1b1b/8/8/w1w1w1w1/1w1w1w1w/w1w1w1w1 w {}", "the king-move counter must be a whole number"),
}


@pytest.mark.parametrize("text", NOT_ASCII)
@pytest.mark.parametrize("game", sorted(COUNTERS))
def test_a_position_counter_in_other_digits_is_a_notation_error(game: str, text: str) -> None:
    template, words = COUNTERS[game]
    engine = get_game(game).load_engine()
    assert engine.from_text(template.format("3"), {}).to_text().endswith(" 3")  # the field itself works
    with pytest.raises(NotationError) as info:
        engine.from_text(template.format(text), {})
    assert words in str(info.value) and repr(text) in str(info.value)


ROWS = {
    "hex": "5/5/2{}/5/5 r -",
    "trihex": "1/2/{}/4/5 b -",
    "surakarta": "BBBBBB/BBBBBB/{}/6/WWWWWW/WWWWWW w 0",
    "brax": "1BBBBBBB1/9/9/9/{}/9/9/9/1WWWWWWW1 w - 0",
    "ringo": "-/1D1D1D1D/8/{}/8/8/1AAAAAAA a",
    "assalto": "3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/{} p 0",
    "damas": "1b1b1b1b/b1b1b1b1/1b1b1b1b/8/{}/w1w1w1w1/1w1w1w1w/w1w1w1w1 w 0",
}


@pytest.mark.parametrize("digit", ["٥", "５", "²"])
@pytest.mark.parametrize("game", sorted(ROWS))
def test_a_run_of_empty_points_in_other_digits_is_a_notation_error(game: str, digit: str) -> None:
    with pytest.raises(NotationError, match=f"unexpected '{digit}' at character"):
        get_game(game).load_engine().from_text(ROWS[game].format(digit), {})


@pytest.mark.parametrize("game", ["hex", "trihex"])
def test_a_cell_written_with_other_digits_is_refused_as_notation(game: str) -> None:
    state = get_game(game).load_engine().initial(5, {})
    for text in ("a²", "c٣", "b５"):
        with pytest.raises(IllegalMoveError) as info:
            state.parse_move(text)
        assert info.value.code == "notation"
