"""Nyout (Yut): the Korean race game of four throw sticks, 29 stations and horses that ride together."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="nyout",
    title={"pt": "Nyout", "en": "Nyout"},
    summary={
        "pt": "Corrida coreana para 2 a 4: os paus lançados dizem quanto os cavalos andam; atalhos pela cruz, "
        "pilhas de cavalos e capturas que mandam o adversário de volta ao começo.",
        "en": "A Korean race for 2 to 4: the thrown sticks say how far the horses go; shortcuts through the cross, "
        "stacks of horses and captures that send the opponent back to the start.",
    },
    board="boardgen.games.nyout.board:NyoutBoard",
    pieces="boardgen.games.nyout.pieces:PIECES",
    engine="boardgen.games.nyout.rules:NyoutState",
    sizes=None,
    default_size=None,
    aliases=("yut",),
    players=(2, 4),
    variants=(
        Variant.integer(
            "players",
            numbers=(2, 3, 4),
            default=2,
            doc="Seats at the table: 2 (four horses each), 3 (three each) or 4, two partnerships of opposite "
            "seats with two horses each, who may move each other's horses (seed, games.md 8.3).",
            source={"2": "seed; Culin 1895; Ludii", "3": "seed; Culin 1895; Ludii", "4": "seed; Culin 1895; Ludii"},
        ),
        Variant.choice(
            "shortcut",
            values=("north", "culin"),
            default="north",
            doc="north: from West or South the arm leads through the centre straight on to North (seed, Bell); "
            "culin: the West arm crosses the centre to the East arm and the circle, and a horse that stopped "
            "on the centre may leave it towards North or East (Culin, Ludii).",
            source={"north": "seed; Bell", "culin": "Culin 1895; Ludii, with its two tracks through the centre"},
        ),
        Variant.choice(
            "bear_off",
            values=("past", "on-exit"),
            default="past",
            doc="past: a horse leaves when its move carries it beyond North, the rest of the throw is lost "
            "(Culin, Ludii); on-exit: landing exactly on North is already leaving (games.md's flag).",
            source={"past": "Culin 1895; Ludii", "on-exit": "our reading of the seed's 'até atingir o norte'"},
        ),
        Variant.boolean(
            "capture_throw",
            default=True,
            doc="on: a capture earns one more throw (seed, Culin); off: it does not (the Ludii file).",
            source={"on": "seed; Culin 1895; Finkel", "off": "Ludii"},
        ),
        Variant.choice(
            "enemy_stack",
            values=("capture", "blocks"),
            default="capture",
            doc="capture: a horse landing on the other side's horses captures them all, a stack as well as a "
            "lone horse (seed, Culin); blocks: two or more horses of the other side on one station may not be "
            "landed on, a lone horse is still captured, and a throw no horse can use is let go (Ludii).",
            source={"capture": "seed; Culin 1895", "blocks": "Ludii, where only a lone enemy horse may be landed on"},
        ),
        Variant.boolean(
            "back_do",
            on_first=False,
            default=False,
            doc="off: no backward throw (seed, Culin); on: modern yut's back-do: one stick is specially marked, "
            "and when it alone shows its marked side (1 chance in 16, taken from the to's 4) a horse goes one "
            "station back (games.md 8.6).",
            source={"off": "seed; Culin 1895", "on": "modern yut, games.md 8.6"},
        ),
    ),
    extra={
        # the sheet tells nothing apart by colour either: stations are one tint, the large ones told by size and
        # a second ring, the direction by arrowheads (tests/sheet/test_greyscale.py; the horses: tests/games/test_nyout_board.py)
        "tone_pairs": (),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            # Nyout: whole games (200 plies is more than any of these needs), seeds showing captures, stacks and shortcuts;
            # four players are two partnerships, three play each for himself; one with every other reading and the back-do.
            {"name": "nyout", "seed": 12, "max_plies": 200},
            {"name": "nyout-3", "variants": {"players": "3"}, "seed": 2, "max_plies": 200},
            {"name": "nyout-4-partners", "variants": {"players": "4"}, "seed": 9, "max_plies": 200},
            {"name": "nyout-culin-on-exit-back-do", "variants": {"shortcut": "culin", "bear_off": "on-exit", "capture_throw": "off", "back_do": "on"}, "seed": 1, "max_plies": 200},
            # seed 29: a throw let go (ply 15, kai:pass): a kai would bring a horse in onto the other side's stack on o02
            {"name": "nyout-enemy-stack-blocks", "variants": {"enemy_stack": "blocks"}, "seed": 29, "max_plies": 200},
        ),
    },
)
