"""Hex: connect your two opposite edges of a rhombus of hexagons (Piet Hein 1942, John Nash 1948)."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="hex",
    title={"pt": "Hex", "en": "Hex"},
    summary={
        "pt": "Ligue as suas duas margens opostas do losango de hexágonos.",
        "en": "Join your two opposite edges of the rhombus of hexagons.",
    },
    board="boardgen.games.hex.board:HexBoard",
    pieces="boardgen.games.hex.pieces:PIECES",
    engine="boardgen.games.hex.rules:HexState",
    sizes=frozenset(range(2, 27)),
    default_size=11,
    popular_sizes=(11, 13, 14, 19),
    extra={
        "pen_and_paper": True,
        # what a player must tell apart on the printed sheet, in tone (tests/sheet/test_greyscale.py)
        "tone_pairs": (("edge-player-0", "edge-player-1"),),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "hex-5", "size": 5, "seed": 25},
            {"name": "hex-4-swap-off", "size": 4, "variants": {"swap": "off"}, "seed": 2},
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
