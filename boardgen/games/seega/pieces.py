"""Seega's pieces: square tokens for the square cells, as many as the placement phase puts down."""

from collections.abc import Mapping

from boardgen.boards.pieces import PieceSet
from boardgen.games.seega.geometry import pieces_each


def _placed(board: object) -> Mapping[tuple[int, str], int]:
    """Every cell but the centre is filled when placement ends: (n² - 1) / 2 a side."""
    each = pieces_each(int(getattr(board, "size")))
    return {(0, "man"): each, (1, "man"): each}


PIECES = PieceSet(
    style="squares",
    placed=_placed,
    count_note=("todas as casas menos a central, metade para cada um", "every cell but the centre, half for each player"),
    names={(0, "man"): ("peças brancas", "white pieces"), (1, "man"): ("peças pretas", "black pieces")},
)
