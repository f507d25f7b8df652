"""Ringo: seven attackers storm a round citadel held by four defenders (Germany, c. 1900)."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="ringo",
    title={"pt": "Ringo", "en": "Ringo"},
    summary={
        "pt": "Sete atacantes tentam pôr duas peças na fortaleza; quatro defensores tentam impedi-los.",
        "en": "Seven attackers try to get two pieces into the citadel; four defenders try to stop them.",
    },
    board="boardgen.games.ringo.board:RingoBoard",
    pieces="boardgen.games.ringo.pieces:PIECES",
    engine="boardgen.games.ringo.rules:RingoState",
    sizes=None,
    default_size=None,
    variants=(
        Variant.boolean(
            "multi_capture",
            default=True,
            doc="on: a piece may go on leaping and capturing in the same turn (seed); off: one capture per turn (Bell).",
        ),
        Variant.boolean(
            "attacker_side_capture",
            on_first=False,
            default=False,
            doc="off: attackers capture forward only (seed); on: also sideways along their ring (Bell).",
        ),
        Variant.choice(
            "neutral_zone",
            values=("segment", "pink"),
            default="segment",
            doc="segment: all six cells of segment a are neutral (Bell); pink: only the three dark cells a1, a3, a5 (seed's 'three pink cells').",
        ),
        Variant.choice(
            "quota",
            values=("entry", "always"),
            default="entry",
            doc="entry: no attacker may enter the neutral zone beyond the defenders' number, excess left by a capture may stay; always: no attacker move may leave more attackers there than defenders.",
        ),
        Variant.choice(
            "defender_blocked",
            values=("pass", "lose"),
            default="pass",
            doc="pass: defenders with no legal move pass their turn; lose: they lose the game.",
        ),
        Variant.integer(
            "no_progress",
            numbers=(100, 50, 200),
            off=True,
            default=100,
            doc="Draw after this many turns (both sides counted) without a capture and without an attacker "
            "moving towards the citadel; our own rule so that every game ends (pieces could shuffle sideways "
            "forever); off: no draw.",
        ),
    ),
    extra={
        # what a player must tell apart on the printed sheet, in tone (tests/sheet/test_greyscale.py)
        "tone_pairs": (
            # The neutral zone's outline against every cell it runs along.
            ("neutral-zone", "cell-dark", "beside"),
            ("neutral-zone", "cell-light", "beside"),
            ("neutral-zone", "cell-neutral-dark", "beside"),
            ("neutral-zone", "cell-neutral-light", "beside"),
            ("neutral-zone", "cell-citadel", "beside"),
            # The start marks: the two sides, and each mark's rim against the cell it stands on.
            (("start-player-0", "fill"), ("start-player-1", "fill")),
            (("start-player-0", "stroke"), "cell-dark", "beside"),
            (("start-player-0", "stroke"), "cell-light", "beside"),
            (("start-player-1", "stroke"), "cell-light", "beside"),
        ),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "ringo", "seed": 8},
            {"name": "ringo-bell", "variants": {"multi_capture": "off", "attacker_side_capture": "on", "neutral_zone": "pink", "quota": "always", "defender_blocked": "lose"}, "seed": 2},
        ),
    },
)
