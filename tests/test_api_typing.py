"""A user's ``mypy --strict`` checks what a script does with boardgen.api, engines included (issue 29).

``GameInfo.load_engine()`` is typed as the shared engine interface
(``type[GameState]``), not ``Any``: a script that plays a game through the API
type-checks clean, and the same script with a misspelt method on a state, a
result of the wrong type or a keyword the API lacks is refused by mypy before
it runs.  mypy runs as a user's would, on files in a folder outside the
checkout, with ``--follow-imports=silent`` (what mypy does for an installed
package that ships ``py.typed``: its types are read, its own code not judged;
tests/test_wheel.py checks that the wheel ships the marker) and its cache in
the test's temporary folder.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytest.importorskip("mypy")

#: a script that plays a game to its end through boardgen.api, as a user would write it
PLAYS_A_GAME = '''\
from boardgen import api
from boardgen.api import GameState, Move


def finish(state: GameState) -> GameState:
    """Play the first legal move until the game is over."""
    while state.outcome() is None:
        moves: list[Move] = state.legal_moves()
        state = state.apply(moves[0])
    return state


engine = api.get_game("hex").load_engine()
start = engine.initial(size=3, variants={"swap": "off"})
end = finish(start.play("b2"))
outcome = end.outcome()
assert outcome is not None
seat: int | None = outcome.winner
count: int = api.perft(api.game_state("hex", size=3).play("b2"), 2)
sheet: bytes = api.board_sheet("hex", size=3, paper="a4", bleed_mm=3)
print(end.to_text(), seat, outcome.reason, count, len(sheet) > 0)
'''

#: the mistakes mypy must find, each with the words of its message
#: (on ``start``, made by ``load_engine()`` with no annotation of the script's own in between)
MISTAKES = {
    "print(start.no_such_thing)": '"GameState" has no attribute "no_such_thing"',
    "start.legal_moves()[0].txt": '"Move" has no attribute "txt"',
    "name: str = start.to_move": "Incompatible types in assignment",
    'engine.initial(size="3")': 'Argument "size" to "initial" of "GameState" has incompatible type "str"',
    'api.board_sheet("hex", bleed=3)': 'Unexpected keyword argument "bleed"',
}


def _mypy(folder: Path, *files: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, MYPYPATH=str(ROOT))
    command = [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-color-output", "--cache-dir", str(folder / ".mypy_cache"), *files]
    return subprocess.run(command, cwd=folder, env=environment, capture_output=True, text=True, timeout=300)


def test_mypy_strict_passes_a_game_played_through_the_api_and_catches_a_wrong_attribute(tmp_path: Path) -> None:
    (tmp_path / "plays.py").write_text(PLAYS_A_GAME, encoding="utf-8")
    wrong = PLAYS_A_GAME + "".join(f"{line}\n" for line in MISTAKES)
    (tmp_path / "wrong.py").write_text(wrong, encoding="utf-8")
    ran = subprocess.run([sys.executable, "plays.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0 and ran.stdout.strip().endswith("True"), ran.stderr  # the script is right, not only well typed
    checked = _mypy(tmp_path, "plays.py", "wrong.py")
    errors = [line for line in checked.stdout.splitlines() if ": error: " in line]
    assert not [line for line in errors if line.startswith("plays.py")], checked.stdout
    first_mistake = len(PLAYS_A_GAME.splitlines()) + 1
    found = {int(match.group(1)): line for line in errors if (match := re.match(r"wrong\.py:(\d+): error: ", line))}
    for number, (code, message) in enumerate(MISTAKES.items(), start=first_mistake):
        assert number in found and message in found[number], f"mypy let {code!r} through:\n{checked.stdout}"
    assert len(found) == len(MISTAKES), checked.stdout
    assert checked.returncode == 1
