"""Seega: place your pieces two at a time round the empty centre, then capture by sandwiching."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="seega",
    title={"pt": "Seega", "en": "Seega"},
    summary={
        "pt": "Coloque as peças duas a duas em volta da casa central e capture prendendo as inimigas entre duas suas.",
        "en": "Place your pieces two at a time round the empty centre, then capture by trapping enemies between two of yours.",
    },
    board="boardgen.games.seega.board:SeegaBoard",
    pieces="boardgen.games.seega.pieces:PIECES",
    engine="boardgen.games.seega.rules:SeegaState",
    sizes=frozenset({5, 7, 9}),
    default_size=5,
    popular_sizes=(5, 7, 9),
    aliases=("siga", "sija"),
    # 9 x 9: 40 placement turns, then up to 80 captures each followed by as many as 80 quiet turns.
    # A random Seega game is long (24 placements, then steps until the count ends it): 16 playouts
    # of the conformance harness take about 20 s of CPU (200 took 100 s); the first five already reach
    # every board size and every drawn point (docs/testing.md).
    extra={
        "max_plies": 4000,
        "conformance_playouts": 16,
        # the centre cell (hatched, crossed) against the plain cells round it, in tone (tests/sheet/test_greyscale.py)
        "tone_pairs": (("board-mark", "cell-light"),),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            # Seega: seed 8 has a blocked player whose opponent moves twice; the variant game (seed 4) chains
            # captures with one piece and ends by the count after 10 quiet moves.
            {"name": "seega-5", "size": 5, "seed": 8},
            {"name": "seega-5-chains-edge-middles", "size": 5, "variants": {"continue_capture": "may", "quiet_moves": "10", "quiet_count": "both", "first_move": "first-placer", "first_placements": "edge-middles"}, "seed": 4},
            # Ludii's Seega.lud: no safe centre and no count; seed 8 (the default game's seed) captures on c3 four times.
            {"name": "seega-5-open-centre-no-count", "size": 5, "variants": {"safe_centre": "off", "quiet_moves": "off"}, "seed": 8},
        ),
    },
    variants=(
        Variant.choice(
            "continue_capture",
            values=("never", "may", "must"),
            default="never",
            doc="After a capture, may the same piece step on while each step captures again? never: no, one "
            "step per turn (the seed says nothing of it); may: yes, as far as the player likes (jpneto, "
            "bodogemu, kestevenmorris); must: yes, and it has to go on while it can.",
            source={"never": "seed (silent), games.md 7.4", "may": "jpneto, bodogemu, kestevenmorris, old Ludii file"},
        ),
        Variant.integer(
            "quiet_moves",
            numbers=(20, 10, 40),
            default=20,
            off=True,
            doc="The game stops and the pieces are counted after this many moves without a capture (the seed's "
            "'no more captures possible', made checkable: bodogemu counts 20); the player with more pieces wins. "
            "off: no such end; the game ends only when a player has lost every piece (Ludii's Seega.lud).",
            source={"20": "games.md 7.4, after bodogemu", "off": "Ludii Seega.lud (its only end is capturing all)"},
        ),
        Variant.choice(
            "quiet_count",
            values=("each", "both"),
            default="each",
            doc="How quiet_moves counts: moves by each side (20 each, 40 turns in all: games.md's reading) or "
            "the two sides' moves together (20 turns in all).",
            source={"each": "games.md 7.4", "both": "bodogemu's plain '20 moves without a capture'"},
        ),
        Variant.choice(
            "first_move",
            values=("last-placer", "first-placer"),
            default="last-placer",
            doc="Who makes the first move once every piece is placed: the player who placed last (seed, "
            "jpneto, bodogemu, kestevenmorris) or the player who placed first (Ludii's Seega.lud).",
            source={"last-placer": "seed, jpneto, bodogemu, kestevenmorris", "first-placer": "Ludii Seega.lud"},
        ),
        Variant.choice(
            "first_placements",
            values=("free", "edge-middles"),
            default="free",
            doc="free: every placement anywhere but the centre (seed). edge-middles: each player's first two "
            "pieces go on the middle cells of the edges, the first player's on the bottom and top edges, the "
            "second player's on the left and right (orbiterarts).",
            source={"free": "seed", "edge-middles": "orbiterarts; Ludii's 'prescribed spaces'"},
        ),
        Variant.boolean(
            "safe_centre",
            default=True,
            doc="on: a piece standing on the centre cell is never captured, though it helps to capture (seed); "
            "off: it is captured like any other (Ludii's Seega.lud, whose custodial capture has no exception).",
            source={"on": "seed, games.md 7.3", "off": "Ludii Seega.lud"},
        ),
    ),
)
