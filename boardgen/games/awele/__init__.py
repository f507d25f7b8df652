"""Awelé (Oware, Mancala): sow seeds round two rows of six pits and harvest twos and threes."""

from boardgen.registry import GameInfo, Variant

# What ``rules=abapa`` stands for: the competition rules (Abapa), as OpenSpiel's ``oware`` plays them.
ABAPA: dict[str, str] = {
    "must_feed": "on",
    "famine": "owner",
    "grand_slam": "no-capture",
    "impasse_seeds": "own-row",
    "early_win": "on",
    "repetition": "on",
    "no_capture": "200",
}

GAME = GameInfo(
    id="awele",
    title={"pt": "Awelé", "en": "Awelé"},
    summary={
        "pt": "Semeie as sementes em volta de duas fiadas de seis casas e colha as casas do adversário que ficam com duas ou três.",
        "en": "Sow seeds round two rows of six pits and harvest the opponent's pits that end with two or three.",
    },
    board="boardgen.games.awele.board:AweleBoard",
    pieces="boardgen.games.awele.pieces:PIECES",
    engine="boardgen.games.awele.rules:AweleState",
    sizes=None,
    default_size=None,
    aliases=("mancala", "oware", "awale"),
    extra={
        # white pits a count can be written in: four boards a sheet to play in pencil
        "pen_and_paper": True,
        # the sheet tells nothing apart by colour: pits and stores are ink outlines, the sowing direction an
        # arrowed loop of its own shape, and seeds have no owner (tests/sheet/test_greyscale.py)
        "tone_pairs": (),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            # Awelé: Pingaud's rules (the defaults) and the competition rules OpenSpiel plays (rules=abapa).
            {"name": "awele"},
            {"name": "awele-abapa", "variants": {"rules": "abapa"}, "seed": 2},
            # grand_slam=illegal (Ludii's Awari.lud): seed 243 meets three positions where a grand slam is refused.
            {"name": "awele-grand-slam-illegal", "variants": {"grand_slam": "illegal"}, "seed": 243},
        ),
    },
    variants=(
        Variant.boolean(
            "must_feed",
            default=False,
            doc="on: when the opponent has no seed left, a player must sow so that at least one seed reaches him, "
            "and the game ends when no move can (Abapa, rb.ec-lille.fr); off: no such duty (seed, Pingaud).",
            source={"off": "seed (Pingaud)", "on": "Abapa; rb.ec-lille.fr; OpenSpiel oware"},
        ),
        Variant.choice(
            "famine",
            values=("starving", "owner"),
            default="starving",
            doc="The player to move has no seed and cannot play: he collects every seed left on the board (seed), "
            "or the seeds stay with the owner of the row they lie in, the opponent (ec-lille, OpenSpiel).",
            source={"starving": "seed (Pingaud)", "owner": "rb.ec-lille.fr; OpenSpiel oware"},
        ),
        Variant.choice(
            "grand_slam",
            values=("allowed", "no-capture", "illegal"),
            default="allowed",
            doc="A sowing that would capture every seed of the opponent's row captures them (seed: not "
            "forbidden), or is played but captures nothing (Abapa, OpenSpiel), or may not be played (illegal); "
            "with illegal, when every move the player has is a grand slam he plays one and it captures.",
            source={
                "allowed": "seed (Pingaud)",
                "no-capture": "Abapa; OpenSpiel oware",
                "illegal": "Ludii Awari.lud (Herskovits 1932); Wikipedia 'Oware'; all-slam case: Allis et al. 1991",
            },
        ),
        Variant.choice(
            "impasse_seeds",
            values=("own-row", "nobody"),
            default="own-row",
            doc="When the game ends by an impasse or at 25 captured seeds, each player adds the seeds on his own "
            "row (our choice; the seed is silent), or the seeds left count for nobody.",
            source={"own-row": "OpenSpiel oware (the seed is silent)"},
        ),
        Variant.boolean(
            "early_win",
            default=True,
            doc="The game ends as soon as a player has captured 25 seeds, a majority of the 48 (seed: optional; "
            "it recommends playing on while learning); off: play on to famine or impasse.",
            source={"on": "seed (optional there)", "off": "seed's advice to learners"},
        ),
        Variant.boolean(
            "repetition",
            default=True,
            doc="The game ends by impasse when a position (pits and player to move) comes back since the last "
            "capture: the seeds go round for ever (our reading of the seed's impasse; OpenSpiel).",
            source={"on": "OpenSpiel oware"},
        ),
        Variant.integer(
            "no_capture",
            numbers=(100, 50, 200),
            default=100,
            doc="The game ends by impasse after this many turns in a row (both players' counted) without a "
            "capture: our own rule, so that every game ends.",
        ),
        Variant.choice(
            "rules",
            values=("pingaud", "abapa"),
            default="pingaud",
            doc="Shorthand. abapa: the competition rules, as OpenSpiel's oware plays them: every option it names "
            "that is not given takes its value (must_feed=on, famine=owner, grand_slam=no-capture, "
            "impasse_seeds=own-row, early_win=on, repetition=on, no_capture=200); an option given explicitly keeps its value.",
            presets={"abapa": ABAPA},
            source={"pingaud": "seed (Pingaud)", "abapa": "Abapa competition rules; OpenSpiel oware"},
        ),
    ),
)
