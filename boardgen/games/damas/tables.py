"""The tables every part of the Damas engine reads: the pieces' values and letters, the sides, the dark
squares' indices and rays, the move patterns, and the variant options (read once per combination).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from boardgen.engine.variants import VariantValues
from boardgen.games.damas import GAME
from boardgen.games.damas import geometry as geo

EMPTY, WHITE_MAN, WHITE_KING, BLACK_MAN, BLACK_KING = 0, 1, 2, 3, 4
WHITE, BLACK = 0, 1
MEN = (WHITE_MAN, BLACK_MAN)
KINGS = (WHITE_KING, BLACK_KING)
OWNER = {WHITE_MAN: WHITE, WHITE_KING: WHITE, BLACK_MAN: BLACK, BLACK_KING: BLACK}
IS_KING = {EMPTY: False, WHITE_MAN: False, WHITE_KING: True, BLACK_MAN: False, BLACK_KING: True}
LETTER = {EMPTY: None, WHITE_MAN: "w", WHITE_KING: "W", BLACK_MAN: "b", BLACK_KING: "B"}
LETTER_VALUE = {letter: value for value, letter in LETTER.items() if letter}
PIECES_OF = tuple(frozenset(v for v, owner in OWNER.items() if owner == side) for side in (WHITE, BLACK))  # man and king
SIDE_LETTERS = {WHITE: "w", BLACK: "b"}
LETTER_SIDES = {letter: side for side, letter in SIDE_LETTERS.items()}
SIDE_WORDS = {WHITE: "White", BLACK: "Black"}
SIDE_CHOICES = tuple((SIDE_LETTERS[side], SIDE_WORDS[side]) for side in (WHITE, BLACK))  # side numbers in order
PIECES_EACH = 12

NAMES: tuple[str, ...] = geo.DARK
INDEX: dict[str, int] = geo.INDEX
XY: tuple[tuple[int, int], ...] = geo.XY
RAYS = geo.RAYS
FORWARD: dict[int, tuple[int, ...]] = {WHITE: (0, 1), BLACK: (2, 3)}  # indices into geo.DIRECTIONS
ALL_DIRECTIONS = (0, 1, 2, 3)
ALL_SQUARES: frozenset[str] = frozenset(geo.GRID.names)

_SQUARE = r"[a-z][0-9]{1,2}"  # loose on purpose: names off the board get the code off-board
STEP_RE = re.compile(rf"^({_SQUARE})-({_SQUARE})$")
CAPTURE_RE = re.compile(rf"^{_SQUARE}(?:x{_SQUARE})+$")


@dataclass(frozen=True)
class Rules:
    """The variant options of one game, read once per combination."""

    men_backwards: bool  # men capture backwards as well as forwards
    limit: int | None  # successive king-only moves that draw the game (None: never)
    first: int  # WHITE or BLACK
    repetition: bool  # a position on the board for the third time draws (the text then carries the king moves)
    endgame: bool  # the draughts-64 endgame draws (the text then carries the plies since the last capture)


@cache
def rules_for(chosen: VariantValues) -> Rules:
    return Rules(men_backwards=chosen.men_capture_backwards, limit=chosen.king_moves_draw,
                 first=BLACK if chosen.first == "black" else WHITE,
                 repetition=chosen.repetition, endgame=chosen.endgame_draws)


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))
