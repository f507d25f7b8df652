"""Assalto's pieces: the attackers' pawns and the two officers, who carry a ring."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="discs",
    marks={"officer": "ring"},
    room=("pontos a {} mm um do outro", "points {} mm apart"),
    names={(0, "pawn"): ("peões (atacantes)", "pawns (attackers)"), (1, "officer"): ("oficiais (defensores)", "officers (defenders)")},
)
