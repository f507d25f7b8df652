"""Surakarta's stones: twelve light and twelve dark discs that sit on the crossings."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="discs",
    room=("pontos a {} mm um do outro", "points {} mm apart"),
    names={(0, "stone"): ("pedras brancas", "white stones"), (1, "stone"): ("pedras pretas", "black stones")},
)
