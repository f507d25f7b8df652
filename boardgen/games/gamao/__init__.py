"""Gamão (backgammon): race fifteen checkers round 24 points by the dice, hit blots, bear off first."""

from boardgen.registry import GameInfo, Variant

# The doubling cube's faces, lowest first (seed 002: a cube showing 2, 4, 8, 16, 32 and 64).  Here, and
# not only in the engine, so that a sheet of printable pieces can draw the cube without loading rules.
CUBE_VALUES: tuple[int, ...] = (2, 4, 8, 16, 32, 64)

GAME = GameInfo(
    id="gamao",
    title={"pt": "Gamão", "en": "Gamão (backgammon)"},
    summary={
        "pt": "Corrida de quinze peças pelas 24 casas ao sabor dos dados: acerte as peças sozinhas do adversário, "
        "leve todas para casa e retire-as primeiro.",
        "en": "Race fifteen checkers round 24 points by the throw of two dice: hit the opponent's lone checkers, "
        "bring yours home and bear them off first.",
    },
    board="boardgen.games.gamao.board:GamaoBoard",
    pieces="boardgen.games.gamao.pieces:PIECES",
    record="boardgen.games.gamao.records:RECORD",
    engine="boardgen.games.gamao.rules:GamaoState",
    sizes=None,
    default_size=None,
    aliases=("backgammon", "gamon", "tavla"),
    # 60 of the conformance harness's random games, not 200: a game is some 250 moves and 120 throws,
    # and the harness replays and round-trips each (200 took 64 s on 2 cores, 60 take about 20 s).
    extra={
        "conformance_playouts": 60,
        # in tone (tests/sheet/test_greyscale.py): the points alternate two tones; the start marks (a dot per
        # checker) show the two sides
        "tone_pairs": (("point-dark", "point-light"), (("start-player-0", "fill"), ("start-player-1", "fill"))),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            # Gamão: a whole game with seeded throws (300 moves are enough for most), and the cube (seed 3 doubles).
            {"name": "gamao", "max_plies": 300},
            {"name": "gamao-cube", "variants": {"cube": "on"}, "seed": 3, "max_plies": 300},
        ),
    },
    variants=(
        Variant.boolean(
            "cube",
            default=False,
            doc="on: the doubling cube (both seeds, optional): before throwing, a player may offer to double the "
            "stake; the opponent takes (and holds the cube, and alone may redouble) or drops and loses the "
            "stake; a game's points are its result times the cube. off: every game is played for its result.",
            source={"on": "seeds 001 and 002, where it is optional; the usual match rules", "off": "seeds 001 and 002 without their optional cube"},
        ),
        Variant.choice(
            "backgammon",
            values=("home", "half"),
            default="home",
            doc="A loser who bore off nothing loses a backgammon (3 points) with a checker on the bar or in the "
            "winner's home quadrant (seed 002; standard), or on the bar or anywhere in the winner's half of the "
            "board, twelve points (our literal reading of seed 001's 'na metade do vencedor').",
            source={"home": "seed 002, 'no seu quadrante inicial'; the usual rule", "half": "seed 001 read literally, 'na metade do vencedor'"},
        ),
    ),
)
