"""Brax (Jinx): capture every enemy piece, moving two steps at a time along your own coloured lines."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="brax",
    title={"pt": "Brax", "en": "Brax"},
    summary={
        "pt": "Capture todas as peças inimigas; nas linhas da sua cor cada peça anda dois pontos de uma vez.",
        "en": "Capture every enemy piece; along lines of your own colour a piece may move two points at once.",
    },
    board="boardgen.games.brax.board:BraxBoard",
    pieces="boardgen.games.brax.pieces:PIECES",
    engine="boardgen.games.brax.rules:BraxState",
    sizes=None,
    default_size=None,
    aliases=("jinx",),
    variants=(
        Variant.choice(
            "pass_through",
            values=("capture", "blocked"),
            default="capture",
            doc="An enemy on the middle point of a two-step move is captured and the move goes on, so one "
            "move can take two pieces (seed); blocked: a two-step move needs an empty middle point (Zillions).",
        ),
        Variant.choice(
            "brax_answer",
            values=("safe", "any"),
            default="safe",
            doc="After a Brax call the opponent must move a threatened piece; safe: to a point where it cannot "
            "be taken, or capturing a piece that threatened it, whenever such a move exists (seed wording); "
            "any: any move of a threatened piece (Wikipedia).",
        ),
        Variant.boolean(
            "bare_draw",
            default=True,
            doc="With one piece each, the game is drawn after five moves by each player without a capture "
            "(sagme.blogspot; not in the seed).",
        ),
        Variant.integer(
            "no_capture_draw",
            numbers=(100, 50, 200),
            off=True,
            default=100,
            doc="Draw after this many moves in a row (both players' moves counted) without a capture, so that "
            "every game ends (not in the sources; off: no such limit).",
        ),
    ),
    # Random games run long (up to the 100-move no-capture draw): 50 of them, not 200, keep the suite in
    # budget (100 took 11 s of CPU; the first game already names every drawn point, and the variants
    # alternate game by game: 25 seeded games with the default rules, 25 with variant values drawn at random).
    extra={
        "conformance_playouts": 50,
        # what a player must tell apart on the printed sheet, in tone (tests/sheet/test_greyscale.py)
        "tone_pairs": (("line-white", "line-red"), (("start-player-0", "fill"), ("start-player-1", "fill"))),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "brax", "seed": 7},
            {"name": "brax-blocked-any-answer", "variants": {"pass_through": "blocked", "brax_answer": "any"}, "seed": 9},
        ),
    },
)
