"""``--only``, ``--kind`` and ``--jobs``: a part of the build, the rest's records kept; wrong values named."""

from __future__ import annotations

import pytest

from boardgen.registry import all_games

from .kit import HEX_BOARDS, TRIHEX_BOARDS, build_json, cache_of, run

# the closed list the message names, from the registry: a new game must not break this test
KNOWN = ", ".join(sorted(game.id for game in all_games()))


def test_only_and_kind_build_a_part_and_keep_the_rest(capsys, tmp_path):
    boards = build_json(capsys, tmp_path, "--only", "hex", "--kind", "boards,")  # a trailing comma is no mistake
    assert sorted(boards["built"]) == HEX_BOARDS and boards["removed"] == []
    diagrams = build_json(capsys, tmp_path, "--only", "y", "--kind", "diagrams")  # an alias names the game
    trihex_diagrams = sorted(diagrams["built"])
    assert len(trihex_diagrams) > 3 and all(path.startswith("diagrams/trihex/") for path in trihex_diagrams)
    assert diagrams["removed"] == [] and all((tmp_path / path).is_file() for path in HEX_BOARDS)
    assert set(cache_of(tmp_path)["artefacts"]) == set(HEX_BOARDS + trihex_diagrams)
    # repeated options and comma lists add up; what was made before is up to date
    both = build_json(capsys, tmp_path, "--only", "hex", "--only", "trihex", "--kind", "boards", "--kind", "diagrams", "--jobs", "1")
    assert sorted(both["up_to_date"]) == sorted(HEX_BOARDS + trihex_diagrams)
    made = sorted(both["built"])
    assert made[: len(TRIHEX_BOARDS)] == TRIHEX_BOARDS and len(made) > len(TRIHEX_BOARDS)
    assert all(path.startswith("diagrams/hex/") for path in made[len(TRIHEX_BOARDS) :])
    assert both["removed"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--only", "nope"], f"--only: unknown game 'nope' (known: {KNOWN})"),
        (["--only", "hex,nope"], f"--only: unknown game 'nope' (known: {KNOWN})"),
        (["--only", ","], "--only: names no game; give a game id such as hex"),
        (["--kind", "pictures"], "--kind: must be boards, booklets, diagrams, site, not 'pictures'"),
        (["--kind", ""], "--kind: names no part; give one of boards, booklets, diagrams, site"),
        (["--jobs", "0"], "--jobs: must be a whole number of processes, 1 or more, not '0'"),
        (["--jobs", "two"], "--jobs: must be a whole number of processes, 1 or more, not 'two'"),
        (["--jobs", "²"], "--jobs: must be a whole number of processes, 1 or more, not '²'"),
    ],
)
def test_a_wrong_selection_is_one_line_naming_the_option_before_any_work(capsys, tmp_path, args, message):
    out = tmp_path / "out"
    status, stdout, stderr = run(capsys, "build", "-o", str(out), *args)
    assert (status, stdout, stderr) == (2, "", f"boardgen: error: {message}\n")
    assert not out.exists()
