"""Golden playthroughs: write, replay and check the committed transcripts in tests/golden/.

A transcript is a seeded random game written out move by move, the way
OpenSpiel keeps its ``playthroughs/``: after each move the position text, the
player to move and every legal move in the engine's order, and the outcome at
the end.  ``tests/test_golden.py`` replays the recorded moves and compares the
output line by line, so any change of a rule, of a notation or of the order of
the legal moves shows up as a failing test and, once regenerated, as a diff of
these files that a reviewer reads.

Usage (from the repository root)::

    .venv/bin/python tools/golden.py              # rewrite every transcript
    .venv/bin/python tools/golden.py --game hex   # only Hex's transcripts
    .venv/bin/python tools/golden.py --check      # exit 1 if a replay differs (changes nothing)

Regenerate only for an intended rule change, and read the diff before committing it.

The random choice is ``random.Random(seed)`` with ``rng.randrange(len(moves))``
as the index into ``legal_moves()``: both have been stable across CPython
versions since 3.2 (an integer seed and ``randrange`` go through
``getrandbits``), so a file regenerates byte for byte on any Python the project
supports.  The test replays the recorded moves rather than the random draws,
so it does not depend on the generator at all.

Games of chance: at a chance point the transcript shows the position, the
seat to throw and the possible throws, then a ``throw K: TEXT`` line with the
throw drawn by :func:`boardgen.engine.chance.sample_throw` from the same
seeded generator (exact fractions and one ``randrange`` per throw, so it
regenerates byte for byte too); the replay reads the recorded throws back as
it reads the moves.  Plies count moves only, and a seat may make several in a
row.  Games without chance never meet a chance point, so their transcripts
are what they always were.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's boardgen, not an installed one

from boardgen.engine.base import GameState, Move, Outcome, Throw  # noqa: E402
from boardgen.engine.chance import has_chance, sample_throw  # noqa: E402
from boardgen.errors import BoardgenError  # noqa: E402
from boardgen.registry import GameInfo, all_games, get_game  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"
MAX_PLIES = 60
WIDTH = 100  # legal-move lines wrap here, so a diff points at a few moves, not a whole list
GENERATOR = "random.Random(seed); each ply plays legal_moves()[rng.randrange(len(legal_moves()))]"
THROWS = "; each chance point draws sample_throw(state, rng) from the same generator"
COMMAND = "tools/golden.py"


@dataclass(frozen=True)
class Spec:
    """One transcript: which game, size and variant values, and the seed of its random game."""

    name: str  # the file is tests/golden/NAME.txt
    game: str
    size: int | None = None
    variants: Mapping[str, str] = field(default_factory=dict)
    seed: int = 1
    max_plies: int = MAX_PLIES

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.txt"


# Which transcripts a game has is the game's own data: ``GAME.extra["golden"]`` in its package,
# a tuple of {"name", "size", "variants", "seed", "max_plies"} (all but the name optional): its
# default variants, plus non-default values whose rules differ in play.  Sized games play on a
# small board to keep the files short.  Seeds were picked so that the game shows the rules that
# matter: a swap in Hex and Trihex, captures in Brax and Ringo (the first seeds gave games without
# any).  A game with an engine that lists none gets one transcript of its defaults (see specs()).
GOLDEN_KEY = "golden"


def games_with_engines() -> list[GameInfo]:
    return [game for game in all_games() if game.has_engine()]


def smallest_size(game: GameInfo) -> int | None:
    """The smallest playable board of a sized game (works for a range or a set of sizes)."""
    if game.sizes is None:
        return game.default_size
    for size in range(min(game.sizes), max(game.sizes) + 1):
        try:
            if game.check_size(size) == size:
                return size
        except BoardgenError:
            continue
    return game.default_size


def game_specs(game: GameInfo) -> list[Spec]:
    """The transcripts ``game`` lists in ``extra["golden"]``; one of its defaults on its smallest board when it lists none."""
    listed = game.extra.get(GOLDEN_KEY)
    if not listed:
        return [Spec(game.id, game.id, size=smallest_size(game))]
    return [Spec(entry["name"], game.id, entry.get("size"), dict(entry.get("variants", {})), entry.get("seed", 1), entry.get("max_plies", MAX_PLIES)) for entry in listed]


def specs() -> list[Spec]:
    """Every transcript of every game with an engine, by name."""
    return sorted([spec for game in games_with_engines() for spec in game_specs(game)], key=lambda spec: spec.name)


# -- writing a transcript ----------------------------------------------------------------------

Chooser = Callable[[GameState, list[Move], int], "Move | str | None"]
#: picks the K-th throw of a transcript (K from 1): a Throw, a recorded text, or None when they ran out
ThrowChooser = Callable[[GameState, int], "Throw | str | None"]


def random_chooser(seed: int) -> Chooser:
    return random_choosers(seed)[0]


def random_choosers(seed: int) -> tuple[Chooser, ThrowChooser]:
    """The seeded chooser of moves and of throws, drawing from one generator in the order of play."""
    rng = random.Random(seed)
    return (lambda state, moves, ply: moves[rng.randrange(len(moves))]), (lambda state, number: sample_throw(state, rng))


def recorded_chooser(texts: Sequence[str]) -> Chooser:
    """Plays the recorded move texts; None when they run out."""
    return lambda state, moves, ply: texts[ply - 1] if ply <= len(texts) else None


def recorded_throws(texts: Sequence[str]) -> ThrowChooser:
    """Throws the recorded throw texts; None when they run out."""
    return lambda state, number: texts[number - 1] if number <= len(texts) else None


def header(
    game: GameInfo, size: int | None, variants: Mapping[str, str], seed: int, max_plies: int, chance: bool = False
) -> list[str]:
    return [
        "# Golden playthrough of a seeded random game; a change here is a change of the rules engine.",
        f"# game: {game.id}",
        f"# size: {'-' if size is None else size}",
        "# variants: " + (" ".join(f"{k}={v}" for k, v in variants.items()) or "-"),
        f"# seed: {seed}",
        f"# max_plies: {max_plies}",
        f"# generator: {GENERATOR}{THROWS if chance else ''}",
        f"# regenerate: python {COMMAND} --game {game.id} (only for an intended rule change; review the diff)",
        "",
    ]


def wrapped(label: str, words: Sequence[str]) -> Iterator[str]:
    line = f"  {label}:"
    for word in words:
        if len(line) + 1 + len(word) > WIDTH and not line.endswith(":"):
            yield line
            line = "   "
        line += " " + word
    yield line


def describe(move: Move) -> str:
    parts = [move.kind]
    if move.path:
        parts.append("path " + " ".join(move.path))
    if move.captures:
        parts.append("captures " + " ".join(move.captures))
    return f"{move.text}  [{'; '.join(parts)}]"


def position_lines(state: GameState, moves: list[Move]) -> list[str]:
    to_move = "-" if state.to_move is None else str(state.to_move)
    if state.is_chance:
        listed = [f"{t.text}={t.probability}" for t in state.throws()]
        choices = list(wrapped(f"throws ({len(listed)})", listed))
    else:
        choices = list(wrapped(f"legal_moves ({len(moves)})", [m.text for m in moves]))
    return [f"  position: {state.to_text()}", f"  to_move: {to_move}", *choices]


def transcript(
    game: GameInfo,
    size: int | None,
    variants: Mapping[str, str],
    seed: int,
    max_plies: int,
    choose: Chooser,
    choose_throw: ThrowChooser | None = None,
) -> list[str]:
    """The transcript's lines: header, start position, then each throw or move and the position after it."""
    resolved = game.resolve_variants(variants)
    engine = game.load_engine()
    state = engine.initial(size, resolved)
    lines = header(game, size, resolved, seed, max_plies, chance=has_chance(engine))
    moves = state.legal_moves()
    lines += ["start", *position_lines(state, moves)]
    ply = thrown = 0
    while (moves or state.is_chance) and ply < max_plies and thrown <= 2 * max_plies:
        if state.is_chance:
            thrown += 1
            throw = _chosen_throw(state, choose_throw, thrown, lines)
            if throw is None:  # recorded throws ran out, or one is refused (said in lines)
                break
            state = state.apply_throw(throw)
            moves = state.legal_moves()
            lines += [f"throw {thrown}: {throw.text}", *position_lines(state, moves)]
            continue
        ply += 1
        choice = choose(state, moves, ply)
        if choice is None:  # recorded moves ran out before the game ended
            ply -= 1
            break
        if isinstance(choice, str):
            move = next((m for m in moves if m.text == choice), None)
            if move is None:
                reason = state.why_illegal(choice)[0]
                lines.append(f"ply {ply}: {choice}  [not a legal move now: {reason}]")
                return lines
        else:
            move = choice
        state = state.apply(move)
        moves = state.legal_moves()
        lines += [f"ply {ply}: {describe(move)}", *position_lines(state, moves)]
    if lines[-1].startswith("throw ") and "[not a throw now: " in lines[-1]:
        return lines
    outcome = state.outcome()
    if outcome is None:
        lines.append(f"outcome: none yet (the transcript stops after {ply} plies)")
    else:
        lines.append(outcome_line(outcome))
    return lines


def outcome_line(outcome: Outcome) -> str:
    """``outcome: winner 1 (reason)``; partners and points are added only where a game has them."""
    if outcome.winner is None:
        return f"outcome: draw ({outcome.reason})"
    who = f"winner {outcome.winner}"
    if outcome.partners:
        who += " with " + " ".join(str(seat) for seat in outcome.partners)
    return f"outcome: {who} ({outcome.reason}){outcome.worth_suffix()}"


def _chosen_throw(state: GameState, choose_throw: ThrowChooser | None, number: int, lines: list[str]) -> Throw | None:
    """The throw to make at this chance point; None (a line saying why, if refused) to stop."""
    choice = choose_throw(state, number) if choose_throw is not None else None
    if choice is None or isinstance(choice, Throw):
        return choice
    try:
        return state.parse_throw(choice)
    except BoardgenError as error:
        lines.append(f"throw {number}: {choice}  [not a throw now: {error}]")
        return None


def generate(spec: Spec) -> list[str]:
    game = get_game(spec.game)
    moves, throws = random_choosers(spec.seed)
    return transcript(game, spec.size, spec.variants, spec.seed, spec.max_plies, moves, throws)


# -- reading one back ----------------------------------------------------------------------------

_HEADER = re.compile(r"^# (game|size|variants|seed|max_plies): (.*)$")
_PLY = re.compile(r"^ply (\d+): (.*?)  \[.*\]$")
_THROW = re.compile(r"^throw (\d+): (.*?)(  \[.*\])?$")


@dataclass(frozen=True)
class Recorded:
    game: str
    size: int | None
    variants: dict[str, str]
    seed: int
    max_plies: int
    moves: tuple[str, ...]
    throws: tuple[str, ...] = ()


def read(lines: Sequence[str], where: str) -> Recorded:
    """The header and the played move texts of a transcript (ValueError naming file:line)."""
    fields: dict[str, str] = {}
    moves: list[str] = []
    throws: list[str] = []
    for number, line in enumerate(lines, 1):
        if found := _HEADER.match(line):
            fields[found[1]] = found[2]
        elif found := _PLY.match(line):
            if int(found[1]) != len(moves) + 1:
                raise ValueError(f"{where}:{number}: ply {found[1]} out of order")
            moves.append(found[2])
        elif found := _THROW.match(line):
            if int(found[1]) != len(throws) + 1:
                raise ValueError(f"{where}:{number}: throw {found[1]} out of order")
            throws.append(found[2])
    missing = {"game", "size", "variants", "seed", "max_plies"} - set(fields)
    if missing:
        raise ValueError(f"{where}: header lacks {', '.join(sorted(missing))}")
    variants = dict(pair.split("=", 1) for pair in fields["variants"].split()) if fields["variants"] != "-" else {}
    size = None if fields["size"] == "-" else int(fields["size"])
    return Recorded(
        fields["game"], size, variants, int(fields["seed"]), int(fields["max_plies"]), tuple(moves), tuple(throws)
    )


def replay(lines: Sequence[str], where: str) -> list[str]:
    """The transcript the engine gives today when it replays the moves recorded in ``lines``."""
    recorded = read(lines, where)
    game = get_game(recorded.game)
    chooser = recorded_chooser(recorded.moves)
    throws = recorded_throws(recorded.throws)
    return transcript(game, recorded.size, recorded.variants, recorded.seed, recorded.max_plies, chooser, throws)


def first_difference(expected: Sequence[str], actual: Sequence[str]) -> tuple[int, str, str] | None:
    """(1-based line number, file's line, engine's line) of the first difference, or None."""
    for number in range(max(len(expected), len(actual))):
        want = expected[number] if number < len(expected) else "<end of file>"
        got = actual[number] if number < len(actual) else "<end of the replay>"
        if want != got:
            return number + 1, want, got
    return None


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def render(lines: Sequence[str]) -> str:
    return "\n".join(lines) + "\n"


# -- the command ----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="replay every transcript; exit 1 on a difference")
    parser.add_argument("--game", help="only this game's transcripts (id or alias)")
    args = parser.parse_args(argv)
    chosen = specs()
    if args.game:
        try:
            wanted = get_game(args.game).id
        except BoardgenError as error:
            print(f"golden: --game: {error}", file=sys.stderr)
            return 2
        chosen = [spec for spec in chosen if spec.game == wanted]
    if args.check:
        stale = [] if args.game else stale_files(chosen)
        for path in stale:
            print(f"{_shown(path)}: not a transcript this command writes (delete it, or list it in its game's extra['golden'])")
        return max(check(chosen), 1 if stale else 0)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for spec in chosen:
        text = render(generate(spec))
        old = spec.path.read_text(encoding="utf-8") if spec.path.exists() else None
        if old != text:
            spec.path.write_text(text, encoding="utf-8")
        state = "unchanged" if old == text else ("written" if old is None else "rewritten")
        print(f"{_shown(spec.path)}: {state} ({text.count(chr(10))} lines)")
    return 0


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def stale_files(chosen: Sequence[Spec]) -> list[Path]:
    wanted = {spec.path for spec in chosen}
    return [path for path in sorted(GOLDEN_DIR.glob("*.txt")) if path not in wanted]


def check(chosen: Sequence[Spec]) -> int:
    failures = 0
    for spec in chosen:
        where = str(_shown(spec.path))
        if not spec.path.exists():
            print(f"{where}: missing (python {COMMAND} --game {spec.game} writes it)")
            failures += 1
            continue
        lines = read_lines(spec.path)
        difference = first_difference(lines, replay(lines, where))
        if difference is not None:
            number, want, got = difference
            print(f"{where}:{number}: the file says {want!r} but the engine now gives {got!r}")
            failures += 1
        else:
            print(f"{where}: ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
