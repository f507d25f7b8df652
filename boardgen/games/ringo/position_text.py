"""Ringo's position text: the citadel, the six rings, the side to move and the no-progress counter.

Read into the values the engine keeps (ring cells, citadel count, side,
counter) and written back from them; ``docs/notation/ringo.md`` gives the
notation.  Whether such a position can arise is the state's matter
(:meth:`.rules.RingoState.from_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.errors import NotationError, PositionError
from boardgen.games.ringo import geometry as geo
from boardgen.games.ringo.tables import ATT, CELL_LETTER, DEF, EMPTY, MAX_CITADEL, NAMES, SIDE_LETTERS


def parse_position(text: str) -> tuple[tuple[int, ...], int, int, int]:
    """(ring cells, citadel count, side, no-progress counter) from a position text.

    The counter is an optional third field (0 when absent), so texts written before
    the draw rule existed still parse.  NotationError/PositionError on faults.
    """
    fields = split_fields(text, (2, 3), "'<board> <side> [<no-progress counter>]'")
    board, side_text = fields[:2]
    quiet = 0
    if len(fields) == 3:
        quiet = read_counter(fields[2], "the no-progress counter")
    side = read_choice(side_text, tuple(zip(SIDE_LETTERS, ("attackers", "defenders"))), "side to move", ignore_case=True)
    parts = split_rows(board, geo.RINGS + 1, "parts", f"the citadel, then rings 1 to {geo.RINGS}")
    citadel_text = parts[0].upper()
    if citadel_text != "-" and set(citadel_text) - {"A"}:
        if "D" in citadel_text and not set(citadel_text) - {"A", "D"}:
            raise PositionError("position: citadel: a defender can never stand in the citadel")
        raise NotationError(f"position: citadel must be '-', 'A' or 'AA', not {parts[0]!r}")
    citadel = 0 if citadel_text == "-" else len(citadel_text)
    if citadel > MAX_CITADEL:
        raise PositionError(f"position: citadel: {citadel} attackers, but it holds at most {MAX_CITADEL}")
    rings = parse_rows(
        parts[1:],
        labels=[f"ring {ring}" for ring in range(1, geo.RINGS + 1)],
        lengths=[geo.SEGMENTS] * geo.RINGS,
        pieces={"A": ATT, "D": DEF},
        empty=EMPTY,
        unit="cells",
        ignore_case=True,
        names=[NAMES[ring * geo.SEGMENTS : (ring + 1) * geo.SEGMENTS] for ring in range(geo.RINGS)],
    )
    cells = tuple(value for ring in rings for value in ring)
    return cells, citadel, side, quiet


def write_position(cells: Sequence[int], citadel: int, side: int, quiet: int) -> str:
    """The position text :func:`parse_position` reads back to the same values."""
    rings = write_rows(
        [CELL_LETTER[value] for value in cells[ring * geo.SEGMENTS : (ring + 1) * geo.SEGMENTS]]
        for ring in range(geo.RINGS)
    )
    text = f"{'A' * citadel or '-'}/{rings} {SIDE_LETTERS[side]}"
    # The counter is written only when it is not 0, so texts from before the draw rule stay canonical.
    return f"{text} {quiet}" if quiet else text
