"""Drawings of a throw, shared by the games of chance: dice with pips, throw sticks with their sides.

A booklet diagram of a game of chance is "this position, this throw": the
diagram renderer draws the throw beside the board with these functions (or
with the board's own :meth:`~boardgen.boards.base.BoardDrawing.draw_throw`).
Everything here is in sheet millimetres with the top-left corner at
``origin``, so the caller places the group where there is room.

Both read without colour: a die is a white rounded square with black pips;
a throw stick's *marked* side is filled mid-grey and carries three bold
crosses, its *plain* side is white with only its outline, so a photocopy, a
greyscale print or a reader who cannot tell colours apart still counts the
marked sides.  Colours are palette roles (ink, paper, faint) read at draw time.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgen.boards.base import MIN_TEXT_MM, rounded_rectangle
from boardgen.drawing import palette
from boardgen.drawing.model import Circle, Group, Line, Style, Text
from boardgen.engine.base import Throw

Point = tuple[float, float]

#: where the pips of each die value sit, on a 3 x 3 grid of (column, row) from the top left
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
GAP_FACTOR = 0.28  # space between two dice or two sticks, as a share of a die's side / a stick's width
STICK_WIDTH_FACTOR = 0.22  # a stick's width as a share of its length
STICKS_A_THROW = 4


def die_face(value: int, side_mm: float, origin: Point = (0.0, 0.0)) -> Group:
    """One die showing ``value`` (1 to 6): pips on a rounded square ``side_mm`` across."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    colours = palette.current()
    x, y = origin
    outline = max(0.25, side_mm * 0.045)
    group = Group("die", title=f"die showing {value}")
    group.add(rounded_rectangle(x, y, x + side_mm, y + side_mm, side_mm * 0.18, Style(stroke=colours.ink, width=outline, fill=colours.paper)))
    step = side_mm * 0.27
    pip = side_mm * 0.095
    for column, row in PIPS[value]:
        centre = (x + side_mm / 2 + (column - 1) * step, y + side_mm / 2 + (row - 1) * step)
        group.add(Circle(centre, pip, Style(stroke=None, fill=colours.ink)))
    return group


def dice_faces(values: Sequence[int], side_mm: float, origin: Point = (0.0, 0.0)) -> Group:
    """Dice side by side, left to right in the order given, each ``side_mm`` across."""
    group = Group("dice")
    x, y = origin
    for index, value in enumerate(values):
        group.add(die_face(value, side_mm, (x + index * side_mm * (1 + GAP_FACTOR), y)))
    return group


def stick_face(marked: bool, length_mm: float, origin: Point = (0.0, 0.0)) -> Group:
    """One throw stick standing upright, ``length_mm`` tall, showing its marked or its plain side."""
    colours = palette.current()
    x, y = origin
    width = length_mm * STICK_WIDTH_FACTOR
    outline = max(0.25, width * 0.08)
    fill = colours.faint if marked else colours.paper
    group = Group("stick-marked" if marked else "stick-plain", title="stick, marked side up" if marked else "stick, plain side up")
    group.add(rounded_rectangle(x, y, x + width, y + length_mm, width * 0.5, Style(stroke=colours.ink, width=outline, fill=fill)))
    if marked:
        arm = width * 0.26
        stroke = Style(stroke=colours.ink, width=max(0.3, width * 0.12), cap="round")
        for k in (1, 2, 3):
            cx, cy = x + width / 2, y + length_mm * k / 4
            group.add(Line((cx - arm, cy - arm), (cx + arm, cy + arm), stroke))
            group.add(Line((cx - arm, cy + arm), (cx + arm, cy - arm), stroke))
    return group


def stick_faces(sides: Sequence[int], length_mm: float, origin: Point = (0.0, 0.0)) -> Group:
    """Throw sticks side by side, ``sides`` 1 for a marked side up and 0 for a plain one.

    More than four sides are several throws of four sticks (a turn that has
    thrown again): each four stand together, a wider gap between them.
    """
    group = Group("sticks")
    x, y = origin
    width = length_mm * STICK_WIDTH_FACTOR
    gap = width * (1 + GAP_FACTOR) * 0.55
    for index, side in enumerate(sides):
        if side not in (0, 1):
            raise ValueError(f"a stick shows side 1 (marked) or 0 (plain), not {side!r}")
        throw_gap = (index // STICKS_A_THROW) * width * 1.4
        group.add(stick_face(side == 1, length_mm, (x + index * (width + gap) + throw_gap, y)))
    return group


def looks_like_sticks(faces: Sequence[int]) -> bool:
    """Faces of four-stick throws: a multiple of four sides, each 0 or 1."""
    return bool(faces) and len(faces) % STICKS_A_THROW == 0 and all(f in (0, 1) for f in faces)


def looks_like_dice(faces: Sequence[int]) -> bool:
    return bool(faces) and all(f in PIPS for f in faces)


def throw_drawing(throw: Throw, piece_mm: float, origin: Point = (0.0, 0.0), label: bool = True) -> Group:
    """A throw as the diagrams draw it unless the board draws its own: its faces, and its text below.

    The faces are read from ``throw.faces``: four (or eight...) sides of 0
    and 1 are sticks, values 1 to 6 are dice; a throw with no faces shows its
    text alone.  ``piece_mm`` is the board's piece diameter in the diagram, so
    the dice are about a piece across and the sticks about three pieces tall.
    The text (``3-1``, ``kel``) is the game's notation, the same in every
    language.
    """
    x, y = origin
    group = Group("throw", title=f"throw {throw.text}")
    side = max(4.0, piece_mm * 1.05)
    bottom = y
    if looks_like_sticks(throw.faces):
        length = max(9.0, piece_mm * 2.6)
        group.add(stick_faces(throw.faces, length, origin))
        bottom = y + length
    elif looks_like_dice(throw.faces):
        group.add(dice_faces(throw.faces, side, origin))
        bottom = y + side
    if label or bottom == y:
        size = max(MIN_TEXT_MM, side * 0.42)
        baseline = bottom + size * (1.25 if bottom > y else 0.8)
        group.add(Text((x, baseline), throw.text, size, font="sans-bold", fill=palette.current().ink, anchor="start"))
    return group
