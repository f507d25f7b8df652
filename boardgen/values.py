"""Whole numbers typed by people: ASCII digits only, at most 18 of them, read in one place.

``str.isdigit`` (and ``re``'s ``\\d``) say yes to ``'²'``, ``'٥'`` and ``'５'``;
``int()`` then either fails with a ValueError (a traceback instead of a message)
or, for the full-width and Arabic-Indic digits, quietly reads a number nobody
meant to type in a position text.  And ``int()`` of more than 4,300 digits
raises ValueError too (Python's integer-string conversion limit), so a move
such as ``a`` followed by 100,000 ones used to end in a traceback.

:func:`digits_problem` is the one check of a digit run (ASCII, 1 to
:data:`MAX_DIGITS` digits) and the functions below are the only places that
call ``int()`` on text a person wrote: :func:`digits_value` for a run a parser
has already matched (NotationError with the reason otherwise),
:func:`read_digits`, :func:`read_whole_number` and :func:`read_integer` where the caller words the
refusal itself (None), :func:`whole_number` for options (OptionError) and
:func:`position_counter` for a counter field of a position text (NotationError).
"""

from __future__ import annotations

from boardgen.errors import NotationError, OptionError, quoted

ASCII_DIGITS = frozenset("0123456789")
DECIMAL_CHARACTERS = frozenset("0123456789.-+")
#: no size, count, counter, point or move number is this long (10^18 - 1 is the largest such number);
#: the bound also keeps ``int()`` far from Python's 4,300-digit limit
MAX_DIGITS = 18


def digits_problem(text: str) -> str | None:
    """Why ``text`` is not a number boardgen reads, or None when it is 1 to MAX_DIGITS ASCII digits."""
    if not text:
        return "no digits"
    if not ASCII_DIGITS.issuperset(text):
        return "only the digits 0-9 are read as a number"
    if len(text) > MAX_DIGITS:
        return f"a number of {len(text):,} digits; numbers here have at most {MAX_DIGITS}"
    return None


def digits_value(text: str, what: str = "number") -> int:
    """The number a run of digits writes, for a parser that matched the run itself (``\\d+`` in a regex).

    NotationError ``WHAT 'TEXT': REASON`` when the run is longer than
    MAX_DIGITS or holds a digit of another script (``\\d`` matches ``'٣'``).
    """
    problem = digits_problem(text)
    if problem is not None:
        raise NotationError(f"{what} {quoted(text)}: {problem}")
    return int(text)


def read_digits(text: str) -> int | None:
    """The number ``text`` writes when it is 1 to MAX_DIGITS ASCII digits and nothing else (no spaces); None otherwise.

    For names with a number in them (``c7``, ``o05``), whose parser says
    itself what a malformed name is.
    """
    return None if digits_problem(text) is not None else int(text)


def read_whole_number(text: str) -> int | None:
    """The number written by ``text`` (surrounding spaces allowed), or None unless it is 1 to MAX_DIGITS ASCII digits."""
    return read_digits(text.strip())


def read_integer(text: str) -> int | None:
    """Like :func:`read_whole_number`, with an optional leading ``-`` (``-1`` for a throw backwards)."""
    stripped = text.strip()
    number = read_whole_number(stripped.removeprefix("-"))
    return None if number is None else (-number if stripped.startswith("-") else number)


def read_decimal(text: str) -> float:
    """A decimal number written in ASCII (``12``, ``12.5``, ``-3``); ValueError otherwise.

    ``float()`` alone accepts other scripts' digits (``float('１２')`` is 12.0) and
    ``inf``/``nan``, which no length or scale means; a text of more than twice
    MAX_DIGITS characters is refused before it becomes ``inf``.
    """
    stripped = text.strip()
    if not stripped or len(stripped) > 2 * MAX_DIGITS or not DECIMAL_CHARACTERS.issuperset(stripped):
        raise ValueError(f"not a decimal number: {quoted(text)}")
    return float(stripped)


def _range_words(low: int, high: int | None) -> str:
    return f" from {low} to {high}" if high is not None else f" from {low} up"


def whole_number(text: str, option: str, low: int = 0, high: int | None = None, what: str = "the value") -> int:
    """``text`` as a whole number in [low, high]; OptionError naming ``option`` otherwise.

    The message reads ``OPTION: WHAT must be a whole number from LOW to HIGH, not 'TEXT'``.
    """
    number = read_whole_number(text)
    if number is None or number < low or (high is not None and number > high):
        raise OptionError(option, f"{what} must be a whole number{_range_words(low, high)}, not {quoted(text)}")
    return number


def position_counter(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """A counter field of a position text; NotationError ``position: WHAT must be a whole number ...``."""
    number = read_whole_number(text)
    if number is None or number < low or (high is not None and number > high):
        raise NotationError(f"position: {what} must be a whole number{_range_words(low, high)}, not {quoted(text)}")
    return number
