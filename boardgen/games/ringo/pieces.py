"""Ringo's pieces: attackers with a spearhead, defenders with a shield, each in its side's colour."""

from boardgen.boards.pieces import PieceSet

PIECES = PieceSet(
    style="discs",
    roles={0: "attacker", 1: "defender"},
    marks={"attacker": "attacker", "defender": "defender"},
    room=("anéis de {} mm de largura", "rings {} mm wide"),
    names={(0, "attacker"): ("atacantes", "attackers"), (1, "defender"): ("defensores", "defenders")},
)
