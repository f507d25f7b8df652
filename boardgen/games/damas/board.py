"""The Damas board: the shared 8 x 8 chequerboard with the 24 men's start squares.

All of the drawing is :class:`~boardgen.boards.chequerboard.ChequerBoard`'s
(Xadrez uses the same class); Damas adds only where the men start and what
its pieces are called, so that an empty board shows the start squares and
``--setup`` draws the men on them.  A king is drawn as a man with an inner
ring (the base drawing's mark for a crowned piece).
"""

from __future__ import annotations

from boardgen.boards.chequerboard import ChequerBoard
from boardgen.games.damas import geometry as geo


class DamasBoard(ChequerBoard):
    """8 x 8 squares, a1 dark; White's men start on the dark squares of rows 1-3, Black's on rows 6-8."""

    game_id = "damas"
    # its kinds of piece, as the shared drawing and the diagrams read them (BoardDrawing)
    ringed_kinds = frozenset({"king"})
    plain_kinds = frozenset({"man"})
    kind_words = {
        "man": {"pt": ("peça", "peças"), "en": ("man", "men")},
        "king": {"pt": ("rei", "reis"), "en": ("king", "kings")},
    }

    start = geo.START
    piece_kind = "man"
    start_marks_title = "start squares"
    dark_squares_only = True

    def __init__(self, size: int | None = None) -> None:
        super().__init__(None)
