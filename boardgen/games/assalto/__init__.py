"""Assalto (Asalto, Officers and Sepoys): 24 pawns storm a nine-point fortress held by 2 officers."""

from boardgen.registry import GameInfo, Variant

# What ``rules=murray`` stands for (Murray 1951: 105, as Ludii's Asalto.lud plays it).
MURRAY: dict[str, str] = {
    "first": "officers",
    "huffing": "on",
    "huffed": "all",
    "chains": "off",
    "officers_win": "no-pawn-left",
    "stalemate": "pass",
    "long_capture": "off",  # Ludii's HopCapture: the pawn next to the officer, the point just beyond
    "pawn_moves": "any-line",  # Ludii's StepToEmpty
}

GAME = GameInfo(
    id="assalto",
    title={"pt": "Assalto", "en": "Assalto"},
    summary={
        "pt": "Vinte e quatro peões tentam tomar a fortaleza defendida por dois cavaleiros que capturam saltando.",
        "en": "Twenty-four pawns try to take the fortress held by two officers who capture by jumping.",
    },
    board="boardgen.games.assalto.board:AssaltoBoard",
    pieces="boardgen.games.assalto.pieces:PIECES",
    engine="boardgen.games.assalto.rules:AssaltoState",
    sizes=None,
    default_size=None,
    aliases=("asalto",),
    variants=(
        Variant.choice(
            "officer_start",
            values=("bell", "free"),
            default="bell",
            doc="Where the officers start: c6 and e6 (Bell, the seed's choice), or anywhere in the fortress, "
            "placed by the officers' player in a setup turn before the pawns' first move.",
        ),
        Variant.choice(
            "pawn_moves",
            values=("forward-sideways", "towards-fortress", "any-line"),
            default="forward-sideways",
            doc="How pawns step: one point forward or sideways, never diagonally or backwards (seed); "
            "along any line but never away from the fortress (Wikipedia); along any line (Ludii).",
        ),
        Variant.boolean(
            "long_capture",
            default=True,
            doc="Along a diagonal an officer may capture from several empty points away and land on any "
            "empty point beyond the pawn (seed); off: every capture is a short jump.",
        ),
        Variant.choice(
            "direction_change",
            values=("forbidden", "allowed"),
            default="forbidden",
            doc="Whether the jumps of one chain of captures may change direction (seed: all in one direction; "
            "Wikipedia: may change between jumps).",
        ),
        Variant.boolean(
            "huffing",
            on_first=False,
            default=False,
            doc="off: capturing is compulsory and the most pawns must be taken (seed). on: capturing is "
            "optional, but an officer that could capture and does not is removed (Wikipedia; Murray, Ludii).",
        ),
        Variant.choice(
            "diagonals",
            values=("alternating", "all"),
            default="alternating",
            doc="Diagonal lines the pieces use: the drawn alternating pattern, or diagonals through every point.",
        ),
        Variant.choice(
            "stalemate",
            values=("loses", "draw", "pass"),
            default="loses",
            doc="Pawns with no legal move lose (our choice; the seed is silent), the game is drawn, or they "
            "pass (Murray, Ludii). Officers with no legal move always lose (seed).",
        ),
        Variant.choice(
            "first",
            values=("pawns", "officers"),
            default="pawns",
            doc="Who makes the first move of play: the pawns (seed) or the officers (Murray, Ludii).",
        ),
        Variant.choice(
            "huffed",
            values=("one", "all"),
            default="one",
            doc="With huffing=on, which officers are removed when the officers step instead of capturing: one "
            "(our choice: the one that stepped if it could have captured, else the one that could) or every officer "
            "that could have captured (Murray, Ludii). Without huffing it changes nothing.",
        ),
        Variant.boolean(
            "chains",
            default=True,
            doc="on: a capture goes on jumping while it can (seed). off: a capture is one jump per turn "
            "(Murray, Ludii).",
        ),
        Variant.choice(
            "officers_win",
            values=("fewer-than-nine", "no-pawn-left"),
            default="fewer-than-nine",
            doc="The officers win once fewer than 9 pawns remain, too few to fill the fortress (seed), or only "
            "when no pawn is left (Murray, Ludii).",
        ),
        Variant.choice(
            "rules",
            values=("booklet", "murray"),
            default="booklet",
            doc="Shorthand. murray: every option it names that is not given takes Murray's value "
            "(first=officers, huffing=on, huffed=all, chains=off, officers_win=no-pawn-left, stalemate=pass, "
            "long_capture=off, pawn_moves=any-line), as Ludii plays; an option given explicitly keeps its value.",
            presets={"murray": MURRAY},
        ),
        Variant.integer(
            "no_progress",
            numbers=(100, 50, 200),
            off=True,
            default=100,
            doc="Draw after this many turns (both sides counted) without a capture or a pawn advance; our own "
            "rule so that every game ends (pawns could step sideways forever).",
        ),
    ),
    extra={
        # what a player must tell apart on the printed sheet, in tone (tests/sheet/test_greyscale.py):
        # the fortress wall against the board lines it runs over and the tint beside it, and the two sides
        "tone_pairs": (
            ("fortress-wall", "lines"),
            ("fortress-wall", ("fortress-area", "fill"), "beside"),
            (("start-player-0", "fill"), ("start-player-1", "fill")),
        ),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "assalto"},
            {"name": "assalto-free-officers-wikipedia", "variants": {"officer_start": "free", "pawn_moves": "towards-fortress", "long_capture": "off", "direction_change": "allowed", "huffing": "on", "diagonals": "all"}, "seed": 2},
            # Murray's rules as Ludii plays them, spelt out (rules=murray is the shorthand for this set;
            # tests/engines/test_assalto_rules.py shows the two are the same): seed 1 shows a capture and
            # one step that huffs both officers.
            {"name": "assalto-murray", "variants": {"first": "officers", "huffing": "on", "huffed": "all", "chains": "off", "officers_win": "no-pawn-left", "stalemate": "pass", "long_capture": "off", "pawn_moves": "any-line"}},
        ),
    },
)
