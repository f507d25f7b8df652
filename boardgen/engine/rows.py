"""Position texts made of rows of points: the writer and the parser every such game shares.

Hex, Trihex, Surakarta, Ringo, Brax and Assalto all write their board the
same way (as FEN does for chess): the rows one after another, separated by
``/``; within a row a piece is its letter and a run of empty points is the
number of points in it.  Only the letters, the row lengths and the words for
"row" and "point" differ, so a game passes those in and gets back, for each
row, one value per point.

Numbers: on boards whose rows have at most 9 points each digit is a run by
itself, so a hand-written split run such as ``33`` reads as ``6`` (the writer
always merges runs); on larger boards (Hex and Trihex go to 26) a number is
read whole, so ``11`` is eleven.  A number may not start with ``0``.

Errors name the row and the character (1-based, counted within that row's
text) where the text goes wrong, because a position text is typed by hand
in booklet sources and on the command line.

:func:`parse_rank_masks` and :func:`write_rank_masks` do the same for the
square boards that an engine keeps as bit masks (Brax, Surakarta).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from boardgen.errors import NotationError
from boardgen.values import digits_value

T = TypeVar("T")

DIGITS = "0123456789"  # ASCII only: '²' or '٥' are not counts here, whatever str.isdigit says


def write_row(points: Iterable[str | None]) -> str:
    """One row: each point's letter, or None (or "") for an empty point; empty runs become their count."""
    parts: list[str] = []
    run = 0
    for letter in points:
        if letter:
            if run:
                parts.append(str(run))
                run = 0
            parts.append(letter)
        else:
            run += 1
    if run:
        parts.append(str(run))
    return "".join(parts)


def write_rows(rows: Iterable[Iterable[str | None]]) -> str:
    """Every row written by :func:`write_row`, in the order given, joined by ``/``."""
    return "/".join(write_row(row) for row in rows)


def parse_rows(
    texts: Sequence[str],
    labels: Sequence[str],
    lengths: Sequence[int],
    pieces: Mapping[str, T],
    empty: T,
    *,
    unit: str = "points",
    ignore_case: bool = False,
    names: Sequence[Sequence[str]] | None = None,
) -> list[list[T]]:
    """The points of every row, each a value from ``pieces`` or ``empty``.

    ``texts`` are the rows as written (already split at ``/``; the caller
    checks their number, since only it knows how to say it), ``labels`` how
    errors name each row (``"row 3"``, ``"rank 6"``), ``lengths`` how many
    points each row has.  ``pieces`` maps each letter to its value; with
    ``ignore_case`` either case of a letter is read.  ``names``, if given,
    lets an error also name the point (``e1``) where a bad character stands.
    NotationError for anything else, naming the row and the character.
    """
    split_runs = max(lengths, default=0) <= 9
    lookup: dict[str, T] = dict(pieces)
    if ignore_case:
        for letter, value in pieces.items():
            lookup.setdefault(letter.lower(), value)
            lookup.setdefault(letter.upper(), value)
    shown = ", ".join(pieces)
    rows: list[list[T]] = []
    for number, (text, label, length) in enumerate(zip(texts, labels, lengths)):
        row: list[T] = []
        count = 0  # points so far (a row past its length is not built, only counted)
        overflow = 0  # the character where the row went past its length
        column = 0
        while column < len(text):
            char = text[column]
            where = column + 1
            if char in DIGITS:
                end = column + 1
                while not split_runs and end < len(text) and text[end] in DIGITS:
                    end += 1
                digits = text[column:end]
                if digits[0] == "0":
                    raise NotationError(
                        f"position: {label}: {digits!r} at character {where} is not a number of empty {unit}"
                        f" (write 1 to {length}, without a leading 0)"
                    )
                run = digits_value(digits, f"position: {label}: the count of empty {unit}")
                column = end
            elif char in lookup:
                run = 1
                column += 1
            else:
                point = ""
                if names is not None and count < length:
                    point = f", point {names[number][count]}"
                raise NotationError(
                    f"position: {label}: unexpected {char!r} at character {where}{point}"
                    f" (use {shown} or a number of empty {unit})"
                )
            count += run
            if count <= length:
                if char in DIGITS:
                    row.extend([empty] * run)
                else:
                    row.append(lookup[char])
            elif not overflow:
                overflow = where
        if count != length:
            past = f" (character {overflow} goes past the end)" if overflow else ""
            raise NotationError(f"position: {label} has {count} {unit}, expected {length}{past}")
        rows.append(row)
    return rows


def parse_rank_masks(
    texts: Sequence[str],
    size: int,
    letters: Sequence[str],
    names: Sequence[str],
    *,
    ignore_case: bool = False,
) -> list[int]:
    """A square board's ranks, the top rank first, read into one bit mask per letter.

    For the games that keep a ``size`` x ``size`` board as bit masks (Brax,
    Surakarta): point ``(x, y)`` is bit ``y * size + x``, ``names`` lists the
    points in that order (for the errors), and the ``k``-th mask has the bits
    of the points where ``letters[k]`` stands.  Errors as :func:`parse_rows`,
    each rank labelled by its number (``rank 9`` first on a board of 9).
    """
    top_down = range(size - 1, -1, -1)
    rows = parse_rows(
        texts,
        labels=[f"rank {y + 1}" for y in top_down],
        lengths=[size] * size,
        pieces={letter: owner for owner, letter in enumerate(letters)},
        empty=None,
        ignore_case=ignore_case,
        names=[names[y * size : (y + 1) * size] for y in top_down],
    )
    masks = [0] * len(letters)
    for y, row in zip(top_down, rows):
        for x, owner in enumerate(row):
            if owner is not None:
                masks[owner] |= 1 << (y * size + x)
    return masks


def write_rank_masks(masks: Sequence[int], size: int, letters: Sequence[str]) -> str:
    """The ranks of a board kept as bit masks, top rank first (what :func:`parse_rank_masks` reads back)."""

    # each mask's set bits visited once (lowest first), not every mask tested at every point: the text
    # of a position is written at every ply of a playout, and this was most of it
    cells: list[str | None] = [None] * (size * size)
    for mask, letter in zip(masks, letters):
        while mask:
            low = mask & -mask
            bit = low.bit_length() - 1
            if bit < len(cells) and cells[bit] is None:  # an earlier mask's letter wins, as it did
                cells[bit] = letter
            mask ^= low
    return write_rows(cells[y * size : (y + 1) * size] for y in range(size - 1, -1, -1))
