"""Damas (Brazilian draughts): men step forward, capture both ways; flying kings; the most pieces must be taken."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="damas",
    title={"pt": "Damas", "en": "Damas (Brazilian draughts)"},
    summary={
        "pt": "Damas brasileiras: as pedras andam para a frente e tomam para os dois lados; a dama voa; "
        "é obrigatório tomar o maior número de peças.",
        "en": "Brazilian draughts: men step forward and capture both ways, kings fly, and the capture "
        "taking the most pieces must be played.",
    },
    board="boardgen.games.damas.board:DamasBoard",
    engine="boardgen.games.damas.rules:DamasState",
    sizes=None,
    default_size=None,
    aliases=("draughts", "brazilian-draughts", "dames"),
    variants=(
        Variant.boolean(
            "men_capture_backwards",
            default=True,
            doc="Men capture backwards as well as forwards (seed; Brazilian and international rules); off: "
            "men capture only forwards (the seed says its software lets players choose this).",
        ),
        Variant.integer(
            "king_moves_draw",
            numbers=(20, 40),
            off=True,
            default=20,
            doc="Draw after this many successive moves (both players' moves counted) made only with kings, "
            "with no capture and no man moved (seed: 20); 40 reads the seed's 20 as 20 by each player; "
            "off: no such draw.",
        ),
        Variant.choice(
            "first",
            values=("white", "black"),
            default="white",
            doc="Who moves first: White (Brazilian and international practice; the seed is silent) or Black.",
        ),
    ),
)
