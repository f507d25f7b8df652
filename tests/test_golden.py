"""Golden playthroughs: the committed transcripts in tests/golden/ are what the engines play today.

Each transcript records a seeded random game (see ``tools/golden.py``): the
moves, and after each one the position text, the player to move and every
legal move in the engine's order.  This test replays the recorded moves
through the engine and compares the whole transcript line by line, so a
change of any rule, notation or move order fails here, at the first line
that differs.  A change that is meant is then regenerated with
``tools/golden.py`` and reviewed as a diff of the transcripts.

It also fails when a game with an engine has no transcript, so a new game gets
one as soon as its engine is registered (the tool writes a default one).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from boardgen.engine.base import GameState, Move, Outcome

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("boardgen_golden_tool", ROOT / "tools" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


golden = _load_tool()


def _command(game: str | None = None) -> str:
    return f"{Path(sys.executable).as_posix()} tools/golden.py" + (f" --game {game}" if game else "")


def _files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.txt"))


def test_there_are_transcripts() -> None:
    assert len(_files()) >= len(golden.games_with_engines()), f"too few transcripts in {GOLDEN_DIR}"


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_replaying_the_transcript_gives_it_back(path: Path) -> None:
    lines = golden.read_lines(path)
    where = path.relative_to(ROOT).as_posix()
    recorded = golden.read(lines, where)
    difference = golden.first_difference(lines, golden.replay(lines, where))
    if difference is not None:
        number, want, got = difference
        pytest.fail(
            f"{where}:{number}: the engine no longer plays this transcript\n"
            f"  file:   {want}\n  engine: {got}\n"
            f"If the rule change is intended, regenerate and review the diff: {_command(recorded.game)}",
            pytrace=False,
        )


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_the_transcript_is_what_the_command_writes(path: Path) -> None:
    """Its moves are the seeded generator's, and its header the command's: no hand edits."""
    specs = {spec.path.resolve(): spec for spec in golden.specs()}
    spec = specs.get(path.resolve())
    assert spec is not None, f"{path.name} is no transcript tools/golden.py writes (delete it, or list it in its game's extra['golden'])"
    lines = golden.read_lines(path)
    difference = golden.first_difference(lines, golden.generate(spec))
    if difference is not None:
        number, want, got = difference
        pytest.fail(
            f"{path.name}:{number}: regenerating would change this line\n  file:      {want}\n"
            f"  generated: {got}\nRegenerate and review the diff: {_command(spec.game)}",
            pytrace=False,
        )


def test_every_game_with_an_engine_has_a_transcript() -> None:
    recorded = {golden.read(golden.read_lines(path), path.name).game for path in _files()}
    missing = [game.id for game in golden.games_with_engines() if game.id not in recorded]
    assert not missing, f"no golden transcript for {missing}: write one with {_command()} and commit it"
    expected = [spec.path.name for spec in golden.specs() if not spec.path.exists()]
    assert not expected, f"transcripts listed in tools/golden.py but not committed: {expected}; run {_command()}"


# -- the comparison catches a rule change (a broken copy of a real engine) -----------------------


def test_a_changed_rule_fails_at_the_first_line_it_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hex with a rule change (with three stones down, the last legal move is forbidden) fails there."""
    path = GOLDEN_DIR / "hex-5.txt"
    lines = golden.read_lines(path)
    engine = golden.get_game("hex").load_engine()
    original = engine.legal_moves

    def fewer_moves(self: GameState) -> list[Move]:
        moves = original(self)
        return moves[:-1] if len(self.placements()) >= 3 and len(moves) > 1 else moves

    monkeypatch.setattr(engine, "legal_moves", fewer_moves)
    number, want, got = golden.first_difference(lines, golden.replay(lines, "hex-5.txt"))

    def stones(line: str) -> int:
        return sum(c in "rb" for c in line.split()[1])

    first = next(i for i, line in enumerate(lines) if line.startswith("  position: ") and stones(line) >= 3)
    assert number == first + 3, f"the first difference is on line {number}, not below line {first + 1}"
    assert want.startswith("  legal_moves (") and got.startswith("  legal_moves (") and got != want


def test_a_different_outcome_is_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    path = GOLDEN_DIR / "hex-5.txt"
    lines = golden.read_lines(path)
    engine = golden.get_game("hex").load_engine()
    original = engine.outcome

    def renamed(self: GameState) -> Outcome | None:
        outcome = original(self)
        return None if outcome is None else Outcome(outcome.winner, outcome.reason + " at last")

    monkeypatch.setattr(engine, "outcome", renamed)
    number, want, got = golden.first_difference(lines, golden.replay(lines, "hex-5.txt"))
    assert number == len(lines) and want.startswith("outcome: winner") and got == want.replace(")", " at last)")


def test_a_refused_move_is_reported_on_its_ply() -> None:
    lines = golden.read_lines(GOLDEN_DIR / "hex-5.txt")
    ply_three = next(i for i, line in enumerate(lines) if line.startswith("ply 3: "))
    tampered = list(lines)
    tampered[ply_three] = "ply 3: z9  [place; path z9]"
    number, want, got = golden.first_difference(tampered, golden.replay(tampered, "hex-5.txt"))
    assert number == ply_three + 1 and got.startswith("ply 3: z9  [not a legal move now: ")


def test_the_command_checks_and_rewrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--check`` exits 1 on a changed file and changes nothing; ``--game`` writes it back as committed."""
    for path in _files():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    assert golden.main(["--check"]) == 0
    tampered = tmp_path / "hex-5.txt"
    committed = tampered.read_text(encoding="utf-8")
    tampered.write_text(committed.replace("  to_move: 1", "  to_move: 0", 1), encoding="utf-8")
    capsys.readouterr()
    assert golden.main(["--check"]) == 1
    assert "hex-5.txt:" in capsys.readouterr().out and tampered.read_text(encoding="utf-8") != committed
    assert golden.main(["--game", "hex"]) == 0
    assert tampered.read_text(encoding="utf-8") == committed
    assert golden.main(["--check", "--game", "no-such-game"]) == 2


# -- games of chance: seeded throws recorded and replayed (the toy race of tests/engines) -----------

from tests.engines.toy_race import TOY_RACE  # noqa: E402


def _race(seed: int, variants: dict[str, str], max_plies: int = 400) -> list[str]:
    moves, throws = golden.random_choosers(seed)
    return golden.transcript(TOY_RACE, None, variants, seed, max_plies, moves, throws)


@pytest.fixture()
def race_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the tool's replay find the toy race by its id, as it finds a registered game."""
    real = golden.get_game
    monkeypatch.setattr(golden, "get_game", lambda name: TOY_RACE if name == "toyrace" else real(name))


def test_a_chance_game_records_its_throws_and_replays_them(race_registered: None) -> None:
    lines = _race(3, {"players": "3"})
    assert lines == _race(3, {"players": "3"})  # the same seed, the same throws and moves
    assert lines != _race(4, {"players": "3"})
    assert "; each chance point draws sample_throw(state, rng) from the same generator" in lines[6]
    assert lines[10:14] == [
        "  position: 0.0 0.0 0.0 a",
        "  to_move: 0",
        "  throws (6): 1=1/6 2=1/6 3=1/6 4=1/6 5=1/6 6=1/6",
        "throw 1: 2",
    ]
    recorded = golden.read(lines, "race.txt")
    assert len(recorded.throws) >= len(recorded.moves) > 10 and set(recorded.throws) <= set("123456")
    assert golden.first_difference(lines, golden.replay(lines, "race.txt")) is None
    assert lines[-1].startswith("outcome: winner ")
    # a throw of 6 lets the same seat move again: two plies in a row with the same seat to move
    movers = [lines[i + 2] for i, line in enumerate(lines) if line.startswith("throw ")]
    assert any(a == b for a, b in zip(movers, movers[1:])), "no seat threw twice in a row"


def test_a_changed_throw_is_reported_on_its_line(race_registered: None) -> None:
    lines = _race(3, {"players": "3"})
    second = lines.index(next(line for line in lines if line.startswith("throw 2: ")))
    tampered = list(lines)
    tampered[second] = "throw 2: 7"
    number, want, got = golden.first_difference(tampered, golden.replay(tampered, "race.txt"))
    assert number == second + 1 and want == "throw 2: 7"
    assert got == "throw 2: 7  [not a throw now: throw '7': not a throw here (allowed: 1, 2, 3, 4, 5, 6)]"
    other = "1" if lines[second] != "throw 2: 1" else "2"
    tampered[second] = f"throw 2: {other}"
    number, want, got = golden.first_difference(tampered, golden.replay(tampered, "race.txt"))
    assert number == second + 2 and got.endswith(f" throw {other}") and got != want


def test_partners_and_points_are_written_only_where_a_game_has_them() -> None:
    assert golden.outcome_line(Outcome(1, "connected")) == "outcome: winner 1 (connected)"
    assert golden.outcome_line(Outcome(None, "repetition")) == "outcome: draw (repetition)"
    team = Outcome(0, "all runners home", points=2, partners=(2,))
    assert golden.outcome_line(team) == "outcome: winner 0 with 2 (all runners home), 2 points"
    endings = {_race(seed, {"players": "4", "partners": "on"})[-1] for seed in range(1, 7)}
    assert any(" with " in line for line in endings), endings
