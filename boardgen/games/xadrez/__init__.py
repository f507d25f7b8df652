"""Xadrez (chess): the FIDE laws, played through python-chess behind boardgen's engine interface.

Import-light on purpose: ``boardgen list`` and ``boardgen board xadrez`` read
only this module and the board drawing; python-chess (``chess``) is imported
by :mod:`boardgen.games.xadrez.rules` alone, when an engine is asked for.
"""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="xadrez",
    title={"pt": "Xadrez", "en": "Xadrez (chess)"},
    summary={
        "pt": "Xadrez pelas leis da FIDE: roque, tomada en passant, promoção, xeque-mate, afogamento "
        "e as regras de empate por repetição e pelos 50 lances.",
        "en": "Chess by the FIDE laws: castling, en passant, promotion, checkmate, stalemate and the "
        "draws by repetition and by the 50-move rule.",
    },
    board="boardgen.games.xadrez.board:XadrezBoard",
    pieces="boardgen.games.xadrez.pieces:PIECES",
    record="boardgen.games.xadrez.records:RECORD",
    engine="boardgen.games.xadrez.rules:XadrezState",
    sizes=None,
    default_size=None,
    aliases=("chess",),  # what a user types; the tests' example of a game boardgen does not have is "shogi"
    variants=(
        Variant.choice(
            "draws",
            values=("fide", "claim", "automatic"),
            default="fide",
            doc="How repetition and the 50-move rule end a game. fide (current FIDE laws, games.md 12): "
            "threefold repetition and 50 moves are drawn when the player to move claims it (the move "
            "'claim'), fivefold repetition and 75 moves end the game at once; claim (the seed's older "
            "rules): threefold and 50 moves on a claim only, nothing automatic; automatic (as many "
            "programs play): threefold repetition and 50 moves end the game at once.",
            source={
                "fide": "FIDE Laws of Chess since 2014, article 9",
                "claim": "the seed; FIDE's laws before 2014",
                "automatic": "many chess programs and servers",
            },
        ),
    ),
    # a random game ends by the 75-move rule at the latest, but may take a while to get there; the
    # conformance harness plays fewer of them (each is ~400 plies of python-chess, itself tested by perft)
    extra={
        "engine_extra": "chess",  # python-chess (GPL-3.0) is optional: `boardgen list` says when it is missing
        "max_plies": 6000,
        "conformance_playouts": 20,
        # in tone (tests/sheet/test_greyscale.py): the two sides' figures (the start marks of an empty board);
        # the squares are the shared chequerboard's
        "tone_pairs": ((("start-player-0", "fill"), ("start-player-1", "fill")),),
    },
)
