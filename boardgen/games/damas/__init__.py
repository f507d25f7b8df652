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
    pieces="boardgen.games.damas.pieces:PIECES",
    record="boardgen.games.damas.records:RECORD",
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
            source={"on": "seed; the official rules (brazil.fmjd.org)", "off": "the seed's software, as an option"},
        ),
        Variant.integer(
            "king_moves_draw",
            numbers=(20, 40),
            off=True,
            default=20,
            doc="Draw after this many successive moves (both players' moves counted) made only with kings, "
            "with no capture and no man moved (seed: 20); 40 reads the seed's 20 as 20 by each player; "
            "off: no such draw.",
            source={"20": "seed; the official rules (20 moves of kings on 64 squares)", "40": "our reading of the seed's 20 as 20 each"},
        ),
        Variant.choice(
            "first",
            values=("white", "black"),
            default="white",
            doc="Who moves first: White (Brazilian and international practice; the seed is silent) or Black.",
            source={"white": "the official rules (brazil.fmjd.org); the seed is silent"},
        ),
        Variant.boolean(
            "repetition",
            default=False,
            doc="on: the game is drawn when the same position (pieces and player to move) is on the board for "
            "the third time (FMJD rules; the seed is silent); the position text then carries the king "
            "moves since the last man move or capture.",
            source={"off": "seed (silent)", "on": "FMJD rules, as pydraughts' brazilian variant plays them"},
        ),
        Variant.boolean(
            "endgame_draws",
            default=False,
            doc="on: the draughts-64 endgame draws, counted in moves by each player since the last capture: two "
            "pieces (a king among them) against a lone king, 5; three against a lone king on the long diagonal "
            "a1-h8 they do not hold, 5; three kings against a lone king, 15; equal forces with a king each, 4-5 "
            "pieces a side 30, 6-7 a side 60 (the FMJD rules of 64-square draughts as pydraughts 0.6.7 plays "
            "Brazilian draughts; not in the seed). The position text then carries the plies since the last capture.",
            source={"off": "seed", "on": "FMJD draughts-64 rules, as pydraughts 0.6.7's brazilian variant plays them"},
        ),
    ),
    extra={
        # in tone (tests/sheet/test_greyscale.py): the two sides' start marks, and Black's against the dark squares
        # it stands on (White's marks are near paper white and stand out from the hatched squares by their ink
        # outline; the light squares are bare paper in light ink, so no role of theirs shows to measure)
        "tone_pairs": ((("start-player-0", "fill"), ("start-player-1", "fill")), (("start-player-1", "fill"), "cell-dark", "beside")),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "damas"},
            {"name": "damas-forward-captures-black-first", "variants": {"men_capture_backwards": "off", "first": "black"}, "seed": 3},
            # The confederation's and FMJD's draws: seed 410 ends at ply 57 with three pieces against a lone king on the
            # long diagonal (5 moves each without a capture); the texts carry the capture count and the king moves.
            {"name": "damas-repetition-endgame-draws", "variants": {"repetition": "on", "endgame_draws": "on"}, "seed": 410},
        ),
    },
)
