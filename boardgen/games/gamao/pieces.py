"""Gamão's checkers (15 a side, counted from the start position) and the doubling cube's net."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="backgammon",
    room=("casas de {} mm de largura", "points {} mm wide"),
    names={(0, "checker"): ("peças brancas", "white checkers"), (1, "checker"): ("peças pretas", "black checkers")},
)
