"""Perft fixtures: every row of tests/fixtures/perft/GAME.txt, counted again by the engine.

Perft (the number of move sequences of exactly a given length, as published
perft tables count them: a game that ends sooner adds nothing) is the standard
check of a move generator: a wrong rule almost always changes some count.  The
rows live in one small file per game (the format is described at the top of
each file), so that adding a count is adding a line, and the counts are read by
one parametrized test.  The start-position rows are hand-checked, published or
an independent engine's counts, each file says which; the middle-game rows pin
positions from the golden transcripts.  Every game with an engine must have a
fixture file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from boardgen.engine.perft import perft
from boardgen.registry import all_games, get_game

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "perft"


@dataclass(frozen=True)
class Row:
    game: str
    size: int | None
    variants: dict[str, str]
    depth: int
    count: int
    position: str  # "start" or a position text
    where: str  # file:line, for the messages

    def __str__(self) -> str:
        return self.where


def _read(path: Path) -> list[Row]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{path.relative_to(FIXTURES.parent.parent.parent).as_posix()}:{number}"
        fields = line.split(None, 4)
        if len(fields) != 5:
            raise ValueError(f"{where}: want 5 fields (size variants depth count position), got {len(fields)}")
        size, variants, depth, count, position = fields
        chosen = dict(pair.split("=", 1) for pair in variants.split(",")) if variants != "-" else {}
        rows.append(Row(path.stem, None if size == "-" else int(size), chosen, int(depth), int(count), position, where))
    return rows


def _rows() -> list[Row]:
    return [row for path in sorted(FIXTURES.glob("*.txt")) for row in _read(path)]


def test_every_game_with_an_engine_has_perft_fixtures() -> None:
    counted = {row.game for row in _rows()}
    missing = [game.id for game in all_games() if game.has_engine() and game.id not in counted]
    assert not missing, f"no perft rows in {FIXTURES} for {missing} (add GAME.txt with a hand-checked count)"
    unknown = sorted({row.game for row in _rows()} - {game.id for game in all_games()})
    assert not unknown, f"perft fixture files for games that are not registered: {unknown}"


@pytest.mark.parametrize("row", _rows(), ids=str)
def test_perft_count(row: Row) -> None:
    game = get_game(row.game)
    engine = game.load_engine()
    variants = game.resolve_variants(row.variants)
    if row.position == "start":
        state = engine.initial(game.check_size(row.size), variants)
    else:
        assert row.size is None, f"{row.where}: a position text carries its size; write '-'"
        state = engine.from_text(row.position, variants)
        assert state.to_text() == row.position, f"{row.where}: the position reads back as {state.to_text()!r}"
    assert state.outcome() is None, f"{row.where}: the game is already over in this position"
    counted = perft(state, row.depth)
    assert counted == row.count, f"{row.where}: perft {row.depth} is {counted}, the fixture says {row.count}"
