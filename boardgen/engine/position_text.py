"""Reading a position text's fields: the prologue of every engine's ``from_text``, written once.

Most games write a position as a few fields separated by spaces (the board,
the side to move, a counter or two, a flag), the board as rows separated by
``/`` (read by :mod:`boardgen.engine.rows`).  What goes wrong in such a text
is the same in every game (too few fields, a row too many, a side letter the
game does not have, a counter that is not a number), so the checks and their
messages live here and a game's reader only says what its fields are:

>>> fields = split_fields("5/5/5/5/5 w m 0", 4, "'<rows> <side> <phase> <quiet>'")
>>> split_rows(fields[0], (5, 7, 9))
['5', '5', '5', '5', '5']
>>> read_choice("B", (("w", "White"), ("b", "Black")), "side to move", ignore_case=True)
1
>>> read_choice("x", (("w", "White"), ("b", "Black")), "side to move")
Traceback (most recent call last):
    ...
boardgen.errors.NotationError: position: side to move must be w (White) or b (Black), not 'x'

Every message starts ``position:`` and quotes what was typed (shortened by
:func:`~boardgen.errors.quoted` when it is long); the wordings are listed in
``docs/notation/rows.md``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from boardgen.engine.sizes import describe_sizes
from boardgen.errors import NotationError, quoted
from boardgen.values import position_counter

__all__ = ["counts_in_words", "read_choice", "read_counter", "split_fields", "split_rows"]


def counts_in_words(counts: int | Collection[int]) -> str:
    """How many of something a text may have, in words: ``3``, ``2 or 3``, ``5, 7 or 9``, ``from 2 to 26``."""
    allowed = (counts,) if isinstance(counts, int) else counts
    if len(allowed) == 2:
        low, high = sorted(allowed)
        return f"{low} or {high}"
    return describe_sizes(allowed)


def _allowed(counts: int | Collection[int]) -> Collection[int]:
    return (counts,) if isinstance(counts, int) else counts


def split_fields(text: str, counts: int | Collection[int], shape: str) -> list[str]:
    """The space-separated fields of ``text``, when there are as many as ``counts`` allows.

    ``shape`` names the fields for the message, e.g. ``"'<rows> <side> <counter>'"``:

    >>> split_fields("8/8 w", 3, "'<rows> <side> <counter>'")
    Traceback (most recent call last):
        ...
    boardgen.errors.NotationError: position: expected 3 fields '<rows> <side> <counter>', got 2 in '8/8 w'
    """
    fields = text.split()
    if len(fields) not in _allowed(counts):
        raise NotationError(
            f"position: expected {counts_in_words(counts)} fields {shape}, got {len(fields)} in {quoted(text.strip())}"
        )
    return fields


def split_rows(field: str, counts: int | Collection[int], unit: str = "rows", order: str = "") -> list[str]:
    """The board field cut at ``/``, when it has as many rows as ``counts`` allows.

    ``unit`` is the game's word for a row (``ranks``, ``parts``) and
    ``order`` an optional note on their order, put in brackets:

    >>> split_rows("9/9/9", 9, "ranks", "rank 9 first")
    Traceback (most recent call last):
        ...
    boardgen.errors.NotationError: position: expected 9 ranks separated by '/' (rank 9 first), got 3
    """
    rows = field.split("/")
    if len(rows) not in _allowed(counts):
        note = f" ({order})" if order else ""
        raise NotationError(
            f"position: expected {counts_in_words(counts)} {unit} separated by '/'{note}, got {len(rows)}"
        )
    return rows


def read_choice(
    text: str, choices: Sequence[tuple[str, str | None]], what: str, *, ignore_case: bool = False
) -> int:
    """The index in ``choices`` of the letter or word ``text`` (a side to move, a phase, a flag).

    ``choices`` pairs each spelling with its meaning for the message (None:
    the spelling speaks for itself); with ``ignore_case`` either case is read.
    NotationError ``position: WHAT must be a (...) or b (...), not 'x'`` otherwise.
    """
    wanted = text.lower() if ignore_case else text
    for index, (spelling, _) in enumerate(choices):
        if wanted == spelling:
            return index
    words = [spelling if meaning is None else f"{spelling} ({meaning})" for spelling, meaning in choices]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" or {words[-1]}"
    raise NotationError(f"position: {what} must be {listed}, not {quoted(text)}")


def read_counter(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """A counter field (``position: WHAT must be a whole number 0 or more, not 'x'``), read by
    :func:`boardgen.values.position_counter`, so that a game's reader imports its field readers from one place.

    >>> read_counter("12", "the quiet-move counter")
    12
    """
    return position_counter(text, what, low, high)
