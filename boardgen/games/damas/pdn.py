"""PDN square numbers and PDN FEN positions for Damas, read as well as boardgen's own texts.

Draughts programs and databases (PDN files, pydraughts, DamExchange) number the
32 dark squares instead of naming them: square 1 is the dark square at White's
far left (b8), the numbers run along each row from White's left and row by row
towards White, so 29 is a1 and 32 is g1 (:data:`~boardgen.games.damas.geometry.PDN_SQUARES`).
A move is then ``22-18`` or ``23x14`` (``x`` or ``:`` between the squares), a
position a PDN FEN such as ``W:W21-32:B1-12`` (side to move, then each
colour's squares, ``K`` before a king, ranges allowed, a final ``.`` optional).

This module only translates: numbers into the algebraic names the engine
uses, a FEN into pieces on named squares.  Output stays algebraic.
"""

from __future__ import annotations

import re

from boardgen.errors import NotationError, quoted
from boardgen.games.damas import geometry as geo
from boardgen.values import read_digits

SQUARE_COUNT = len(geo.PDN_SQUARES)
_NUMBER = re.compile(r"(?<![a-wyz0-9])(\d+)(?![0-9])")  # after a letter (but the separator x), a name
_FEN_SQUARE = re.compile(r"^(k?)([a-z][0-9]|\d+)$")
_FEN_RANGE = re.compile(r"^(k?)(\d+)-(\d+)$")


def square_name(number: int) -> str | None:
    """The algebraic name of PDN square ``number`` (1-32), or None for a number off the board."""
    return geo.PDN_SQUARES[number - 1] if 1 <= number <= SQUARE_COUNT else None


def _square_of(digits: str) -> str | None:
    """The square a run of digits numbers, or None (off the board, another script's digits, or too long to be a number)."""
    number = read_digits(digits)
    return None if number is None else square_name(number)


def numbers_to_names(move: str) -> str:
    """A move text with every PDN square number (1-32) written as its name: ``22-18`` -> ``b4-c5``.

    Numbers off the board are left as they are, so that the caller can say what is wrong with them.
    """

    def name(match: re.Match[str]) -> str:
        found = _square_of(match.group(1))
        return found if found is not None else match.group(1)

    return _NUMBER.sub(name, move)


def bad_number(move: str) -> str | None:
    """The first number in ``move`` that is no PDN square (0, 33, ...), or None."""
    for match in _NUMBER.finditer(move):
        if _square_of(match.group(1)) is None:
            return match.group(1)
    return None


def is_fen(text: str) -> bool:
    """Whether a position text is a PDN FEN (it has a colon) rather than boardgen's rows."""
    return ":" in text


def read_fen(text: str) -> tuple[str, dict[str, tuple[str, bool]]]:
    """The side to move (``w``/``b``) and {square name: (colour ``w``/``b``, is a king)} of a PDN FEN.

    NotationError, naming the part, for anything that is not one; a square named twice is refused.
    """
    body = "".join(text.split()).rstrip(".")
    fields = body.split(":")
    if len(fields) != 3 or fields[0].upper() not in ("W", "B"):
        raise NotationError(
            f"position: a PDN FEN is '<W or B>:W<squares>:B<squares>', e.g. W:W21-32:B1-12, not {text.strip()!r}"
        )
    side = fields[0].lower()
    pieces: dict[str, tuple[str, bool]] = {}
    colours = set()
    for field in fields[1:]:
        colour, squares = field[:1].lower(), field[1:].lower()
        if colour not in ("w", "b") or colour in colours:
            raise NotationError(f"position: PDN FEN field {field!r} must start with W or B, one field for each colour")
        colours.add(colour)
        for item in filter(None, squares.split(",")):
            for name, king in _fen_item(item, colour):
                if name in pieces:
                    raise NotationError(f"position: PDN FEN names square {name} twice")
                pieces[name] = (colour, king)
    return side, pieces


def _fen_item(item: str, colour: str) -> list[tuple[str, bool]]:
    """The squares one comma-separated item of a FEN field stands for: ``K5``, ``c3``, ``21-32``."""
    ranged = _FEN_RANGE.match(item)
    if ranged:
        low, high = read_digits(ranged.group(2)), read_digits(ranged.group(3))
        names = [square_name(n) for n in range(low, high + 1)] if low is not None and high is not None and high <= SQUARE_COUNT else [None]
        if low is None or high is None or low > high or None in names:
            raise NotationError(f"position: PDN FEN range {item!r} must run upwards within the squares 1-{SQUARE_COUNT}")
        return [(name, bool(ranged.group(1))) for name in names if name is not None]
    single = _FEN_SQUARE.match(item)
    if not single:
        raise NotationError(f"position: {item!r} in the {colour.upper()} field is not a square (1-{SQUARE_COUNT}, or a name such as c3)")
    square = single.group(2)
    if square.isdigit():
        name = _square_of(square)
        if name is None:
            raise NotationError(f"position: {square if len(square) <= 8 else quoted(square)} is not a square number; the dark squares are numbered 1-{SQUARE_COUNT}")
    else:
        name = square
        if name not in geo.GRID.names:
            raise NotationError(f"position: {name} is not a square of the 8 x 8 board")
        if name not in geo.INDEX:
            raise NotationError(f"position: a piece stands on {name}, a light square; draughts is played on the dark squares")
    return [(name, bool(single.group(1)))]
