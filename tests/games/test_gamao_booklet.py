"""The Gamão booklet's diagrams say what the engine says: the results their captions count in points.

``boardgen check`` replays every diagram and checks ``wins:``, but a claim of
points has no key of its own; the gammon and backgammon diagrams are the
booklet's examples of the three results, so their points are checked here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.syntax import read_definitions
from boardgen.booklet.problems import Problems

FOLDER = Path(__file__).resolve().parents[2] / "rules_text" / "gamao"


def checked(ident: str):
    problems = Problems()
    specs = {spec.id: spec for spec in read_definitions(FOLDER / "diagrams.md", problems)}
    result = check_diagram(specs[ident], Defaults("gamao"), problems)
    assert result is not None and not problems, problems.items
    return result


@pytest.mark.parametrize(("ident", "points", "word"), [("gammon", 2, "gammon"), ("backgammon", 3, "backgammon")])
def test_the_result_diagrams_score_what_their_captions_say(ident: str, points: int, word: str) -> None:
    outcome = checked(ident).final.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.points == points and word in outcome.reason
    for lang in ("en.md", "pt-BR.md"):
        text = (FOLDER / lang).read_text(encoding="utf-8")
        caption = text.split(f"```diagram {ident}\n", 1)[1].split("```", 1)[0]
        assert f"{points} po" in caption  # "2 points" / "2 pontos"


def test_at_least_the_eight_diagrams_the_issue_asks_for() -> None:
    problems = Problems()
    ids = {spec.id for spec in read_definitions(FOLDER / "diagrams.md", problems)}
    assert {"setup", "opening", "doubles", "hit", "enter", "blocked", "larger-die", "bear-off", "gammon", "backgammon"} <= ids
