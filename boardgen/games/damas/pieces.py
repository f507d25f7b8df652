"""Damas' men: double-sided discs with the king (dama) on the back, or fold-over pairs."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="draughts",
    room=("casas de {} mm", "{} mm squares"),
    marks={"king": "crown"},
    promoted="king",
    names={(0, "man"): ("peças brancas", "white men"), (1, "man"): ("peças pretas", "black men")},
)
