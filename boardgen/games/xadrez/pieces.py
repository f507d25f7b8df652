"""Xadrez's pieces: the board's own figures on standing tents or flat tokens."""

from boardgen.boards.pieces import PieceSet

_PT = {"king": ("rei", "reis"), "queen": ("dama", "damas"), "rook": ("torre", "torres"), "bishop": ("bispo", "bispos"), "knight": ("cavalo", "cavalos"), "pawn": ("peão", "peões")}
_EN = {"king": "king", "queen": "queen", "rook": "rooks", "bishop": "bishops", "knight": "knights", "pawn": "pawns"}
_COLOUR = {0: (("branco", "brancos", "branca", "brancas"), "white"), 1: (("preto", "pretos", "preta", "pretas"), "black")}
_FEMININE = {"queen", "rook"}


def _names() -> dict[tuple[int, str], tuple[str, str]]:
    """Each (owner, kind) as the header counts it: "2 torres brancas", "8 white pawns"."""
    names = {}
    for owner, (pt_colours, en_colour) in _COLOUR.items():
        for kind, (one, many) in _PT.items():
            plural = kind not in ("king", "queen")
            adjective = pt_colours[(2 if kind in _FEMININE else 0) + (1 if plural else 0)]
            names[(owner, kind)] = (f"{many if plural else one} {adjective}", f"{en_colour} {_EN[kind]}")
    return names


PIECES = PieceSet(style="chess", room=("casas de {} mm", "{} mm squares"), names=_names(), order=("king", "queen", "rook", "bishop", "knight", "pawn"))
