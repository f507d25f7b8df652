"""Xadrez diagrams through the shared diagram code: a PGN game as the position, refused castling drawn.

The PGN reading is the engine's (``XadrezState.from_text``), so a booklet
diagram starts from a real game with no chess code in the diagram modules;
these tests hold the checker and the drawing to that.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.booklet.diagrams.render import checked_from_options, diagram_file
from boardgen.errors import OptionError
from boardgen.games.xadrez.rules import XadrezState

DIAGRAMS = Path(__file__).resolve().parents[2] / "rules_text" / "xadrez" / "diagrams.md"
# the booklet's own PGN of the Immortal Game (Anderssen - Kieseritzky, London 1851), without its stop
IMMORTAL = next(line for line in DIAGRAMS.read_text(encoding="utf-8").splitlines() if line.startswith("position: 1. e4"))
IMMORTAL = IMMORTAL.removeprefix("position: ").rsplit(" @ ", 1)[0]

TERMS = {"en": (("White", "Black"), {})}


def test_a_diagram_starts_from_a_pgn_game_at_a_move_and_plays_on():
    checked = checked_from_options("xadrez", size=None, variants={}, position=IMMORTAL + " @ 21.",
                                   moves=["Nxg7+", "Kd8", "Qf6+", "Nxf6", "Be7#"], wins=0)
    assert checked.start.to_text() == XadrezState.from_text(IMMORTAL + " @ 21.").to_text()
    assert checked.final.outcome() is not None and checked.final.outcome().winner == 0
    data, _size = diagram_file(checked, TERMS)
    svg = data.decode()
    # <desc> is the shown position as the engine writes it back: a FEN, not the PGN
    assert checked.final.to_text() in svg and "1. e4" not in svg


def test_a_wrong_pgn_is_refused_naming_the_position():
    with pytest.raises(OptionError) as caught:
        checked_from_options("xadrez", size=None, variants={}, position=IMMORTAL + " @ 30.")
    assert "position" in str(caught.value) and "never reaches move 30." in str(caught.value)


def test_a_refused_castling_in_long_algebraic_is_drawn_as_a_refused_arrow():
    checked = checked_from_options("xadrez", size=None, variants={}, position="r5r1/pppk1ppp/8/8/2b5/8/PPP2PPP/R3K2R w KQ - 0 1",
                                   illegal=[("e1-g1", "castle-through-check")], legal=["O-O-O"])
    svg = diagram_file(checked, TERMS)[0].decode()
    assert 'class="illegal-arrow"' in svg and 'class="forbidden"' in svg
    with pytest.raises(OptionError):  # the reason is checked: this castling is not refused for being blocked
        checked_from_options("xadrez", size=None, variants={}, position="r5r1/pppk1ppp/8/8/2b5/8/PPP2PPP/R3K2R w KQ - 0 1",
                             illegal=[("e1-g1", "castle-blocked")])
