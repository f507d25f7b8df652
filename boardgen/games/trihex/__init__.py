"""Trihex, the game of Y on a triangle of hexagons: join all three sides (Shannon, Schensted and Titus)."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="trihex",
    title={"pt": "Trihex", "en": "Trihex"},
    summary={
        "pt": "Ligue os três lados do triângulo de hexágonos (o jogo de Y).",
        "en": "Join all three sides of the triangle of hexagons (the game of Y).",
    },
    board="boardgen.games.trihex.board:TrihexBoard",
    pieces="boardgen.games.trihex.pieces:PIECES",
    engine="boardgen.games.trihex.rules:TrihexState",
    sizes=frozenset(range(2, 27)),
    default_size=11,
    popular_sizes=(11, 13, 15, 19),
    aliases=("y",),
    extra={
        "pen_and_paper": True,
        # what a player must tell apart on the printed sheet, in tone (tests/sheet/test_greyscale.py)
        "tone_pairs": (("side-left", "side-right"), ("side-right", "side-bottom"), ("side-left", "side-bottom")),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "trihex-5", "size": 5, "seed": 26},
            {"name": "trihex-4-swap-off", "size": 4, "variants": {"swap": "off"}, "seed": 2},
        ),
    },
    variants=(
        Variant.boolean(
            "swap",
            default=True,
            doc="After the first stone the second player may take it over instead of placing (pie rule).",
        ),
    ),
)
