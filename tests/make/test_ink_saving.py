"""An ink-saving booklet is offered only where light ink saves ink, and a board that says it saves none is right.

Awelé's and Seega's boards are outlines on paper (Seega's centre a light
tint): their light-ink drawing hatches what the full one tints and prints as
much ink or more, so an "ink-saving" booklet of theirs would break its promise
(the audit measured it: boardgen/make/promises.py).  The build leaves those
editions out; the audit still holds every ink-saving file the build does make
to less ink than its full edition.
"""

from __future__ import annotations

import pytest

from boardgen.make.booklets import booklet_jobs, offers_ink_saving
from boardgen.make.cache import Cache
from boardgen.make.inputs import Inputs
from boardgen.make.plan import PlanContext, Selection
from boardgen.make.reading import ink_share, open_pdf
from boardgen.registry import all_games
from boardgen.sheets.request import board_request, render_board_file

INK_DPI = 36
NO_SAVING = [game.id for game in all_games() if game.has_board() and not game.load_board().light_saves_ink]


def _board_ink(game: str, ink: str) -> float:
    data, _ = render_board_file(board_request(game, paper="a4", ink=ink))
    with open_pdf(data) as pdf:
        return ink_share(pdf.raster(0, INK_DPI))


def test_the_games_without_an_ink_saving_booklet():
    assert set(NO_SAVING) == {"assalto", "awele", "hex", "seega", "surakarta", "trihex"}
    assert offers_ink_saving("damas") and not offers_ink_saving("hex")


@pytest.mark.parametrize("game", ["awele", "seega"])
def test_an_outlined_board_prints_no_less_in_light_ink(game):
    """The two boards with nothing solid to spare: their light-ink sheet carries as much ink or more."""
    assert _board_ink(game, "light") >= _board_ink(game, "full")


def test_a_board_with_solid_areas_saves_ink_in_light_ink():
    """The measure itself: Damas's dark squares become hatching, much less ink."""
    assert _board_ink("damas", "light") < 0.8 * _board_ink("damas", "full")


def test_the_plan_offers_no_ink_saving_booklet_where_none_saves_ink(tmp_path):
    jobs = list(booklet_jobs(PlanContext(Inputs(), Selection(), Cache(tmp_path), "0")))
    inks = {(job.game, job.ink) for job in jobs}
    for game in {job.game for job in jobs}:
        assert (game, "full") in inks
        assert ((game, "light") in inks) == (game not in NO_SAVING), game
