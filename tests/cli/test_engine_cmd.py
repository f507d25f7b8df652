"""The engine tools on the command line: ``moves``, ``play`` and ``perft``, and their one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from boardgen.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in this process; return (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def test_moves_lists_one_move_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "moves", "hex", "--size", "2")
    assert (status, err) == (0, "")
    assert out.splitlines() == ["a1", "b1", "a2", "b2"]


def test_moves_json_describes_each_move(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "hex", "--position", "r4/5/5/5/5 b swap", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["position"] == "r4/5/5/5/5 b swap" and data["to_move"] == 1 and data["outcome"] is None
    assert set(data) == {"position", "to_move", "outcome", "legal_moves"}
    assert len(data["legal_moves"]) == 25
    assert data["legal_moves"][0] == {"text": "b1", "kind": "place", "path": ["b1"], "captures": []}
    assert data["legal_moves"][-1] == {"text": "swap", "kind": "swap", "path": ["a1"], "captures": ["a1"]}


def test_moves_of_a_finished_game_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "moves", "hex", "--position", "rb/r1 b -")
    assert (status, out, err) == (0, "", "")


def test_play_json_has_exactly_the_four_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "hex", "c3", "swap", "--size", "5", "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"position", "to_move", "outcome", "legal_moves"}
    assert data["position"] == "5/5/2b2/5/5 r -"
    assert data["to_move"] == 0 and data["outcome"] is None
    texts = [move["text"] for move in data["legal_moves"]]
    assert len(texts) == 24 and "c3" not in texts


def test_moves_and_play_json_describe_a_position_the_same_way(capsys: pytest.CaptureFixture[str]) -> None:
    _, after_moves, _ = run(capsys, "moves", "surakarta", "--position", json.loads(run(capsys, "play", "surakarta", "--json")[1])["position"], "--json")
    _, after_play, _ = run(capsys, "play", "surakarta", "--json")
    assert json.loads(after_moves) == json.loads(after_play)
    assert all(set(move) == {"text", "kind", "path", "captures"} for move in json.loads(after_play)["legal_moves"])


def test_perft_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "perft", "hex", "--depth", "3", "--size", "2", "--variant", "swap=off", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data == {"game": "hex", "size": 2, "variants": data["variants"], "position": "2/2 r -", "depth": 3, "count": 24}
    assert set(data["variants"]) == {"swap"} and data["variants"]["swap"] in ("off", False)


def test_play_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "hex", "a1", "b1", "a2", "--size", "2", "--variant", "swap=off", "--json")
    assert status == 0
    assert json.loads(out) == {
        "position": "rb/r1 b -",
        "to_move": None,
        "outcome": {"winner": 0, "reason": "red joined rows 1 and 2"},
        "legal_moves": [],
    }
    status, out, _ = run(capsys, "play", "hex", "a1", "b1", "a2", "--size", "2", "--variant", "swap=off")
    assert out.splitlines() == ["rb/r1 b -", "game over: player 0 wins (red joined rows 1 and 2)"]


def test_play_from_a_position_and_by_alias(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "hex", "A2", "--position", "5/5/2r2/5/5 b -")
    assert (status, out) == (0, "5/b4/2r2/5/5 r -\n")
    status, out, _ = run(capsys, "play", "Y", "b3", "swap", "--size", "5")
    assert (status, out) == (0, "1/2/1w1/4/5 b -\n")


def test_play_without_moves_prints_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "trihex")
    assert (status, out) == (0, "/".join(str(k) for k in range(1, 12)) + " b swap\n")


def test_perft_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "hex", "--depth", "3", "--size", "2") == (0, "36\n", "")
    assert run(capsys, "perft", "hex", "--depth", "3", "--size", "2", "--variant", "swap=off") == (0, "24\n", "")
    assert run(capsys, "perft", "trihex", "--depth", "4", "--size", "2") == (0, "6\n", "")  # only the 6 swapped lines last 4 moves
    assert run(capsys, "perft", "hex", "--depth", "0") == (0, "1\n", "")
    assert run(capsys, "perft", "hex", "--depth", "2", "--position", "r4/5/5/5/5 b swap") == (0, str(24 * 23 + 24) + "\n", "")


# Black to play after 1. f3 e5 2. g4: 2... Qh4# mates at ply 1 (tests/fixtures/perft/xadrez.txt)
FOOLS_MATE_NEXT = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"


def test_perft_counts_sequences_of_exactly_the_depth(capsys: pytest.CaptureFixture[str]) -> None:
    """A game over before the last ply adds nothing, as every published table counts (chess perft 5 is 4,865,609)."""
    # the mated position has no reply: 575, not 576 (python-chess's own perft says 575 too)
    assert run(capsys, "perft", "xadrez", "--position", FOOLS_MATE_NEXT, "--depth", "2") == (0, "575\n", "")
    status, out, _ = run(capsys, "perft", "xadrez", "--position", FOOLS_MATE_NEXT, "--depth", "1", "--json")
    assert status == 0 and json.loads(out)["count"] == 30  # the mating move itself is a sequence of one
    # Hex on 2 x 2 without the swap: every game is over by the fourth stone, so no sequence of five exists
    assert run(capsys, "perft", "hex", "--depth", "4", "--size", "2", "--variant", "swap=off") == (0, "12\n", "")
    assert run(capsys, "perft", "hex", "--depth", "5", "--size", "2", "--variant", "swap=off") == (0, "0\n", "")
    # a finished position (play hex --size 3 b1 a1 b2 a2 b3: red joined rows 1 and 3): the empty
    # sequence at depth 0, nothing at depth 1
    won = "br1/br1/1r1 b -"
    assert run(capsys, "play", "hex", "--size", "3", "b1", "a1", "b2", "a2", "b3")[1].startswith(won + "\ngame over")
    assert run(capsys, "perft", "hex", "--depth", "0", "--position", won)[1] == "1\n"
    assert run(capsys, "perft", "hex", "--depth", "1", "--position", won)[1] == "0\n"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["moves", "hox"], "unknown game 'hox'"),
        (["moves", "hex", "--size", "x"], "--size: hex size must be a whole number from 2 to 26, not 'x'"),
        (["moves", "hex", "--size", "1"], "from 2 to 26"),
        (["moves", "hex", "--size", "27"], "from 2 to 26"),
        (["moves", "hex", "--size", "5.5"], "from 2 to 26"),
        (["moves", "hex", "--position", "5/5/5 r -"], "position: row 1 has 5 cells, expected 3"),
        (["moves", "hex", "--position", "5/5/2z2/5/5 r -"], "row 3: unexpected 'z'"),
        (["moves", "hex", "--position", "rr3/5/5/5/5 b -"], "cannot arise"),
        (["moves", "hex", "--position", "5/5/5/5/5 r -", "--size", "7"], "--size"),
        (["play", "hex", "c3", "c3"], "move 2: c3: the cell already holds a red stone [occupied]"),
        (["play", "hex", "c3", "swap", "d4", "swap"], "move 4: swap"),
        (["play", "hex", "--size", "5", "z9"], "[off-board]"),
        (["play", "hex", "a1", "b1", "a2", "b2", "--size", "2", "--variant", "swap=off"], "[game-over]"),
        (["play", "hex", "c3", "swap", "--variant", "swap=off"], "[no-swap]"),
        (["moves", "hex", "--variant", "colour=green"], "hex has no variant option 'colour'"),
        (["moves", "hex", "--variant", "swap=maybe"], "hex variant swap takes on, off, not 'maybe'"),
        (["moves", "hex", "--variant", "swap"], "expected NAME=VALUE"),
        (["perft", "hex", "--depth", "x"], "--depth: depth must be a whole number from 0 to 20, not 'x'"),
        (["perft", "hex", "--depth", "21"], "--depth"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("boardgen: error: ")
    assert words in lines[0]


def test_python_dash_m_boardgen_runs_the_same_tools() -> None:
    good = subprocess.run(
        [sys.executable, "-m", "boardgen", "perft", "hex", "--depth", "2", "--size", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (good.returncode, good.stdout, good.stderr) == (0, f"{9 * 8 + 9}\n", "")
    bad = subprocess.run(
        [sys.executable, "-m", "boardgen", "play", "trihex", "a1", "a1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.splitlines() == ["boardgen: error: move 2: a1: the cell already holds a black stone [occupied]"]


# -- perft's bound: an estimate, not only a depth ------------------------------------------------


def test_a_perft_that_would_never_finish_is_refused_with_its_estimate(capsys: pytest.CaptureFixture[str]) -> None:
    from boardgen.cli.engine_cmd import PERFT_LIMIT, load_state
    from boardgen.engine.perft import estimate

    expected = estimate(load_state("hex", None, None, ()), 20)
    assert expected > PERFT_LIMIT
    status, out, err = run(capsys, "perft", "hex", "--depth", "20")
    assert (status, out) == (2, "")
    assert err.startswith("boardgen: error: --depth: 20 means about ") and err.count("\n") == 1
    assert f"{expected:.1e}" in err and "--force" in err


def test_a_deep_perft_that_is_small_runs_without_force(capsys: pytest.CaptureFixture[str]) -> None:
    # size 2 is over after 4 moves: no sequence of 20 moves exists, and the estimate sees it
    from boardgen.cli.engine_cmd import load_state
    from boardgen.engine.perft import estimate

    assert estimate(load_state("hex", "2", None, ("swap=off",)), 20) == 0
    assert run(capsys, "perft", "hex", "--depth", "20", "--size", "2", "--variant", "swap=off") == (0, "0\n", "")


def test_force_counts_beyond_the_limit_and_says_the_estimate(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import boardgen.cli.engine_cmd as engine_cmd
    from boardgen.engine.perft import estimate, perft

    state = engine_cmd.load_state("hex", "3", None, ())
    expected = estimate(state, 3)
    monkeypatch.setattr(engine_cmd, "PERFT_LIMIT", expected - 1)
    status, _, err = run(capsys, "perft", "hex", "--depth", "3", "--size", "3")
    assert status == 2 and "--force" in err
    monkeypatch.setattr(engine_cmd, "PERFT_LIMIT", expected)  # the limit itself is allowed
    assert run(capsys, "perft", "hex", "--depth", "3", "--size", "3")[0] == 0
    monkeypatch.setattr(engine_cmd, "PERFT_LIMIT", expected - 1)
    status, out, err = run(capsys, "perft", "hex", "--depth", "3", "--size", "3", "--force")
    assert (status, out) == (0, f"{perft(state, 3)}\n")
    assert f"3 means about {expected:.1e} move sequences to count; counting anyway" in err


def test_the_estimate_is_near_the_count() -> None:
    from boardgen.cli.engine_cmd import load_state
    from boardgen.engine.perft import estimate, perft

    for game, depth in (("surakarta", 4), ("brax", 3), ("hex", 3), ("assalto", 4), ("awele", 6), ("xadrez", 3), ("gamao", 2)):
        state = load_state(game, None, None, ())
        exact = perft(state, depth)
        assert exact / 3 <= estimate(state, depth) <= exact * 3, game


def test_perft_help_says_the_bound() -> None:
    result = subprocess.run([sys.executable, "-m", "boardgen", "perft", "--help"], capture_output=True, text=True, timeout=60)
    assert "--force" in result.stdout and "estimated" in result.stdout and "1e9" in result.stdout


# -- games of chance: --throw, throws between moves, --seed (the toy race of tests/engines) -------


@pytest.fixture()
def race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the engine commands find the toy race by its id, as they find a registered game."""
    from boardgen.cli import engine_cmd
    from tests.engines.toy_race import TOY_RACE

    real = engine_cmd.get_game
    monkeypatch.setattr(engine_cmd, "get_game", lambda name, option="GAME": TOY_RACE if name == "toyrace" else real(name, option))


def test_moves_at_a_chance_point_wants_a_throw(capsys: pytest.CaptureFixture[str], race: None) -> None:
    status, out, err = run(capsys, "moves", "toyrace")
    assert (status, out) == (0, "")
    assert err == "boardgen: no moves before a throw; player 0 throws: 1 2 3 4 5 6 (give one with --throw)\n"
    assert run(capsys, "moves", "toyrace", "--throw", "4") == (0, "a1\na2\n", "")
    status, out, _ = run(capsys, "moves", "toyrace", "--json", "--variant", "players=3")
    data = json.loads(out)
    assert data["to_move"] == 0 and data["legal_moves"] == [] and data["players"] == 3
    assert data["throws"][0] == {"text": "1", "probability": "1/6", "faces": [1]} and len(data["throws"]) == 6
    status, out, _ = run(capsys, "moves", "toyrace", "--position", "3.0 0.0 b throw 5", "--json")
    data = json.loads(out)
    assert "throws" not in data and "players" not in data and [m["text"] for m in data["legal_moves"]] == ["b1", "b2"]
    assert data["legal_moves"][0]["path"] == ["s1", "s2", "s3", "s4", "s5"]


def test_play_reads_a_token_at_a_chance_point_as_the_throw(capsys: pytest.CaptureFixture[str], race: None) -> None:
    # a six: seat a throws and moves again, then seat b is to throw
    assert run(capsys, "play", "toyrace", "6", "a1", "2", "a1") == (0, "8.0 0.0 b\nplayer 1 throws: 1 2 3 4 5 6\n", "")
    assert run(capsys, "play", "toyrace", "--throw", "3", "a2") == (0, "0.3 0.0 b\nplayer 1 throws: 1 2 3 4 5 6\n", "")
    assert run(capsys, "play", "toyrace", "5") == (0, "0.0 0.0 a throw 5\n", "")
    finish = ["--variant", "players=4", "--variant", "partners=on", "--position", "9.10 0.0 10.10 0.0 a"]
    assert run(capsys, "play", "toyrace", *finish, "1", "a1") == (
        0,
        "10.10 0.0 10.10 0.0 b\ngame over: players 0 and 2 win (all runners home, 2 points)\n",
        "",
    )
    status, out, _ = run(capsys, "play", "toyrace", *finish, "1", "a1", "--json")
    assert json.loads(out)["outcome"] == {"winner": 0, "reason": "all runners home", "points": 2, "winners": [0, 2]}


def test_play_with_a_seed_draws_the_throws(capsys: pytest.CaptureFixture[str], race: None) -> None:
    first = run(capsys, "play", "toyrace", "--seed", "5", "a1", "b1", "a1")
    assert first == run(capsys, "play", "toyrace", "--seed", "5", "a1", "b1", "a1")
    status, out, err = first
    assert (status, err) == (0, "") and " throw " in out.splitlines()[0]  # the next throw is drawn too
    others = {run(capsys, "play", "toyrace", "--seed", str(seed), "a1")[1] for seed in range(8)}
    assert len(others) > 2


def test_perft_through_chance_points(capsys: pytest.CaptureFixture[str], race: None) -> None:
    assert run(capsys, "perft", "toyrace", "--depth", "1") == (0, "12\n", "")
    assert run(capsys, "perft", "toyrace", "--depth", "2") == (0, "144\n", "")
    assert run(capsys, "perft", "toyrace", "--depth", "2", "--throw", "4") == (0, "24\n", "")
    status, out, _ = run(capsys, "perft", "toyrace", "--depth", "1", "--throw", "4", "--json")
    assert json.loads(out)["position"] == "0.0 0.0 a throw 4" and json.loads(out)["count"] == 2


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["moves", "toyrace", "--throw", "7"], "--throw: throw '7': not a throw here (allowed: 1, 2, 3, 4, 5, 6)"),
        (["perft", "toyrace", "--depth", "1", "--throw", "x"], "--throw: throw 'x': not a throw here"),
        (["moves", "toyrace", "--position", "0.0 0.0 a throw 3", "--throw", "3"], "--throw: '3': no throw is due here (the position is not a chance point)"),
        (["moves", "hex", "--throw", "3-1"], "--throw: '3-1': no throw is due here"),
        (["play", "toyrace", "4", "a1", "9"], "move 3: throw '9': not a throw here (allowed: 1, 2, 3, 4, 5, 6)"),
        (["play", "toyrace", "a1"], "move 1: throw 'a1': not a throw here (allowed: 1, 2, 3, 4, 5, 6)"),
        (["play", "toyrace", "4", "4"], "move 2: 4: not a legal move in this position [illegal]"),
        (["play", "toyrace", "--seed", "-1"], "--seed: seed must be a whole number"),
    ],
)
def test_a_bad_throw_is_one_line_on_stderr_and_status_2(
    capsys: pytest.CaptureFixture[str], race: None, argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("boardgen: error: ") and words in err, err


def test_play_help_shows_a_real_game_and_its_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29: the example was a game that only the tests register."""
    import re
    import shlex
    from pathlib import Path

    import boardgen.games

    status, help_text, _ = run(capsys, "play", "--help")
    assert status == 0
    example = re.search(r"``(play [^`]+)``", " ".join(help_text.split()))
    assert example, help_text
    argv = shlex.split(example[1])
    assert (Path(boardgen.games.__file__).parent / argv[1] / "__init__.py").is_file(), f"{argv[1]} is not one of boardgen's games"
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "") and "throws" in out.splitlines()[-1]  # played to the next throw
