"""Option parsing shared by the subcommands: sizes, numbers, papers, games.

Values are taken as strings and checked here so every complaint names the
option and says what is allowed, in one line.
"""

from __future__ import annotations

from boardgen.engine.sizes import size_words
from boardgen.errors import OptionError
from boardgen.registry import GameInfo
from boardgen.values import read_whole_number


def parse_size(game: GameInfo, text: str | None, option: str = "--size") -> int | None:
    """The board size for ``game`` from ``--size`` (its default when absent)."""
    if text is None:
        return game.check_size(None, option)
    number = read_whole_number(text)
    if number is None:
        if game.sizes is None:
            raise OptionError(option, f"{game.id} is played on one board size only")
        raise OptionError(option, f"{game.id} size must be {size_words(game.sizes)}, not {text!r}")
    return game.check_size(number, option)


def parse_count(text: str | None, option: str, low: int, high: int) -> int | None:
    if text is None:
        return None
    number = read_whole_number(text)
    if number is None or not low <= number <= high:
        raise OptionError(option, f"must be a whole number from {low} to {high}, not {text!r}")
    return number
