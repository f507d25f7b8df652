"""Awelé is played with seeds: beans, not cut-out pieces; its sheet offers a score pad."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(style="beans", room=("covas de {} mm", "pits {} mm across"))
