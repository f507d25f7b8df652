"""Surakarta (Roundabouts): capture by racing round the corner loops (Javanese; Sackson's "Roundabouts")."""

from boardgen.registry import GameInfo, Variant

GAME = GameInfo(
    id="surakarta",
    title={"pt": "Surakarta", "en": "Surakarta"},
    summary={
        "pt": "Capture as peças do adversário correndo pelas pistas e dando a volta nas rotatórias dos cantos.",
        "en": "Capture the opponent's pieces by racing along the tracks and round the corner loops.",
    },
    board="boardgen.games.surakarta.board:SurakartaBoard",
    pieces="boardgen.games.surakarta.pieces:PIECES",
    record="boardgen.games.surakarta.records:RECORD",
    engine="boardgen.games.surakarta.rules:SurakartaState",
    sizes=None,
    default_size=None,
    aliases=("roundabouts",),
    variants=(
        Variant.choice(
            "origin",
            values=("empty", "blocks"),
            default="empty",
            doc=(
                "On the way round a circuit the capturing piece's own starting point counts as empty "
                "(empty, as in Ludii) or stops the piece (blocks, as in Dagaz)."
            ),
        ),
        Variant.integer(
            "end_rule",
            numbers=(50,),
            off=True,
            default=50,
            doc=(
                "50: after 50 consecutive turns without a capture the side with more pieces wins "
                "(equal numbers draw). off: no win on count; the game is drawn after 100 turns "
                "without a capture."
            ),
        ),
        Variant.boolean(
            "corner_capture",
            on_first=False,
            default=False,
            doc=(
                "on: a piece may also capture by stepping onto an enemy piece on a corner point "
                "(a1, f1, a6, f6), which no circuit reaches (a Ludii option); off: corners are safe (seed)."
            ),
        ),
    ),
    extra={
        # 100 random games of the conformance harness, not 200 (200 took 10 s of CPU; the first already
        # names every drawn point; 50 seeded games with the default rules, 50 with variant values drawn at random).
        "conformance_playouts": 100,
        # what a player must tell apart on the printed sheet, in tone (tests/sheet/test_greyscale.py)
        "tone_pairs": (
            ("plain", "circuit-inner"),
            ("plain", "circuit-outer"),
            ("circuit-inner", "circuit-outer"),
            (("start-player-0", "fill"), ("start-player-1", "fill")),
        ),
        # the golden transcripts of tools/golden.py (tests/golden/NAME.txt): the defaults, and variant values that change play
        "golden": (
            {"name": "surakarta"},
            {"name": "surakarta-blocks-corners", "variants": {"origin": "blocks", "corner_capture": "on"}, "seed": 2},
        ),
    },
)
