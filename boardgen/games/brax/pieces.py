"""Brax's men: light and dark discs for the points."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="discs",
    room=("pontos a {} mm um do outro", "points {} mm apart"),
    names={(0, "man"): ("peças brancas", "white men"), (1, "man"): ("peças pretas", "black men")},
)
