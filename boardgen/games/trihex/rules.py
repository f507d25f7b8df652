"""Trihex (the game of Y) rules: the first player whose group touches all three sides wins.

Black is player 0 and moves first, White is player 1.  The engine is
:class:`boardgen.engine.connection.ConnectionState`; this module supplies the
triangle from :mod:`boardgen.games.trihex.geometry` and the goal (the same
three sides for both players).  Because both players want the same sides, the
swap simply turns the first stone white where it stands, and Black moves
next: that is the same game as exchanging colours.  Notation:
``docs/notation/trihex.md``.
"""

from __future__ import annotations

from functools import cache

from boardgen.engine.connection import ConnectionState, Layout
from boardgen.games.trihex import GAME
from boardgen.games.trihex.geometry import SIDES, TrihexGeometry
from boardgen.geometry.hexgrid import split_cell_name

_ALL_SIDES = (1 << len(SIDES)) - 1


class TrihexState(ConnectionState):
    """A Trihex position (see ``docs/notation/trihex.md``), e.g. ``1/w1/3/1b2/5 w -``."""

    game_id = "trihex"
    GAME = GAME
    STONES = ("b", "w")
    COLOURS = ("black", "white")
    split_cell_name = staticmethod(split_cell_name)

    @classmethod
    def layout_for(cls, size: int) -> Layout:
        return _layout(size)

    def win_reason(self, player: int) -> str:
        return f"{self.COLOURS[player]} joined all three sides"

    def board_description(self) -> str:
        return f"a triangle of side {self.size}"


@cache
def _layout(size: int) -> Layout:
    geometry = TrihexGeometry(size)
    sides = geometry.sides()
    return Layout.build(
        size=size,
        rows=[[geometry.name(row, position) for position in range(row + 1)] for row in range(size)],
        neighbours=geometry.neighbours,
        sides=[sides[name] for name in SIDES],
        goals=(_ALL_SIDES, _ALL_SIDES),
        mirror=lambda name: name,
    )
