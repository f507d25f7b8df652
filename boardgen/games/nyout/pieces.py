"""Nyout's horses for 2, 3 or 4 seats (as many as any player count starts with) and the four throw sticks."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="nyout",
    room=("casas de {} mm", "{} mm stations"),
    variants=({"players": "2"}, {"players": "3"}, {"players": "4"}),
)
