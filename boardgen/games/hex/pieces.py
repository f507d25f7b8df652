"""Hex's stones: discs in the two players' colours, as many as a full board can take."""

from boardgen.boards.pieces import PieceSet, half_the_cells

PIECES = PieceSet(
    style="discs",
    roles={0: "player_0", 1: "player_1"},
    room=("casas de {} mm entre lados", "cells {} mm across the flats"),
    placed=half_the_cells,
    count_note=("o tabuleiro cheio: metade das casas para cada cor, arredondada para cima", "a full board: half the cells for each colour, rounded up"),
    names={(0, "stone"): ("pedras do primeiro jogador", "first player's stones"), (1, "stone"): ("pedras do segundo jogador", "second player's stones")},
)
