"""Trihex's stones: black and white discs, as many as a full board can take."""

from boardgen.boards.pieces import PieceSet, half_the_cells

PIECES = PieceSet(
    style="discs",
    roles={0: "dark_piece", 1: "light_piece"},
    room=("casas de {} mm entre lados", "cells {} mm across the flats"),
    placed=half_the_cells,
    count_note=("o tabuleiro cheio: metade das casas para cada cor, arredondada para cima", "a full board: half the cells for each colour, rounded up"),
    names={(0, "stone"): ("pedras pretas", "black stones"), (1, "stone"): ("pedras brancas", "white stones")},
)
