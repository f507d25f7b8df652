"""Whole numbers typed by people: ASCII digits only, read in one place.

``str.isdigit`` says yes to ``'²'``, ``'٥'`` and ``'５'``; ``int()`` then
either fails with a ValueError (a traceback instead of a message) or, for
the full-width and Arabic-Indic digits, quietly reads a number nobody meant
to type in a position text.  Every counter field of a position text and every
numeric option goes through :func:`read_whole_number`, which accepts
``0``-``9`` only, so such input gets the same one-line error as ``x``.

:func:`whole_number` raises OptionError (an option or argument), and
:func:`position_counter` NotationError (a field of a position text).
"""

from __future__ import annotations

from boardgen.errors import NotationError, OptionError

ASCII_DIGITS = frozenset("0123456789")
DECIMAL_CHARACTERS = frozenset("0123456789.-+")
MAX_DIGITS = 18  # beyond this no counter or size is meant; also keeps int() far from its digit limit


def read_whole_number(text: str) -> int | None:
    """The number written by ``text`` (surrounding spaces allowed), or None unless it is ASCII digits only."""
    stripped = text.strip()
    if not stripped or len(stripped) > MAX_DIGITS or not ASCII_DIGITS.issuperset(stripped):
        return None
    return int(stripped)


def read_decimal(text: str) -> float:
    """A decimal number written in ASCII (``12``, ``12.5``, ``-3``); ValueError otherwise.

    ``float()`` alone accepts other scripts' digits (``float('１２')`` is 12.0) and
    ``inf``/``nan``, which no length or scale means.
    """
    stripped = text.strip()
    if not stripped or len(stripped) > 2 * MAX_DIGITS or not DECIMAL_CHARACTERS.issuperset(stripped):
        raise ValueError(f"not a decimal number: {text!r}")
    return float(stripped)


def _range_words(low: int, high: int | None) -> str:
    return f" from {low} to {high}" if high is not None else f" from {low} up"


def whole_number(text: str, option: str, low: int = 0, high: int | None = None, what: str = "the value") -> int:
    """``text`` as a whole number in [low, high]; OptionError naming ``option`` otherwise.

    The message reads ``OPTION: WHAT must be a whole number from LOW to HIGH, not 'TEXT'``.
    """
    number = read_whole_number(text)
    if number is None or number < low or (high is not None and number > high):
        raise OptionError(option, f"{what} must be a whole number{_range_words(low, high)}, not {text!r}")
    return number


def position_counter(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """A counter field of a position text; NotationError ``position: WHAT must be a whole number ...``."""
    number = read_whole_number(text)
    if number is None or number < low or (high is not None and number > high):
        raise NotationError(f"position: {what} must be a whole number{_range_words(low, high)}, not {text!r}")
    return number
