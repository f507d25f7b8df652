"""The officers' captures in Assalto: every jump from a point, every complete chain, and the trace of a
capture written by hand (what it takes, or which rule it breaks).

A chain is written with every landing point (``a3xc5xe7``); each ``x`` is one
jump over exactly one pawn, and pawns jumped during a chain stay on the board
until the move ends (they cannot be jumped twice and block the way).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from boardgen.engine.jumps import jumps_along
from boardgen.games.assalto.tables import EMPTY, NAMES, OFFICER, PAWNS_ONLY, XY, Rules



def jumps(
    board: list[int], rules: Rules, here: int, captured: tuple[int, ...], direction: tuple[int, int] | None
) -> Iterator[tuple[tuple[int, int], int, int]]:
    """Every single jump from ``here``: (direction, pawn jumped, landing point).

    Short jumps take the pawn next to the officer and land just beyond it; a
    long diagonal capture may first cross empty points and land on any empty
    point beyond.  Pawns already in ``captured`` still stand on ``board`` and
    block, but cannot be jumped again.
    """
    for d, diagonal, line in rules.rays[here]:
        if direction is not None and d != direction:
            continue
        for pawn, land in jumps_along(board, line, diagonal and rules.long_capture, PAWNS_ONLY, captured, EMPTY):
            yield d, pawn, land


def capture_chains(board: tuple[int, ...], rules: Rules, origin: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every complete chain of jumps of the officer on ``origin``: (landing path, pawns captured).

    A chain is complete when no further jump is possible from its last landing
    point.  Chains ending on the same point with the same pawns captured are
    one move (the first found, which lands nearest at every long jump, is kept).
    """
    work = list(board)
    work[origin] = EMPTY  # the officer's own starting point counts as empty during its move
    found: dict[tuple[int, frozenset[int]], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def extend(here: int, path: tuple[int, ...], captured: tuple[int, ...], direction: tuple[int, int] | None) -> None:
        more = False
        for d, pawn, land in jumps(work, rules, here, captured, direction):
            more = True
            if not rules.chains:  # one jump per turn: every single jump is a complete capture
                found.setdefault((land, frozenset((pawn,))), (path + (land,), (pawn,)))
                continue
            extend(land, path + (land,), captured + (pawn,), d if rules.same_direction else None)
        if not more and captured:
            found.setdefault((here, frozenset(captured)), (path, captured))

    extend(origin, (origin,), (), None)
    return list(found.values())


def trace_capture(board: tuple[int, ...], rules: Rules, points: list[int]) -> Trace:
    """Follow a written capture hop by hop on this board; say what breaks, or what it captures."""
    work = list(board)
    origin = points[0]
    work[origin] = EMPTY
    captured: list[int] = []
    here, first = origin, None
    for to in points[1:]:
        (x0, y0), (x1, y1) = XY[here], XY[to]
        dx, dy = x1 - x0, y1 - y0
        if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return Trace(error=(f"{NAMES[here]} and {NAMES[to]} are not on one straight line", "no-line"))
        unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        line = next((ln for d, _diag, ln in rules.rays[here] if d == unit), ())
        if to not in line:
            return Trace(error=(f"no line runs from {NAMES[here]} to {NAMES[to]}", "no-line"))
        if first is not None and unit != first and rules.same_direction:
            return Trace(error=("all jumps of one chain go in the same direction", "direction-change"))
        first = first or unit
        if work[to] != EMPTY:
            return Trace(error=(f"{NAMES[to]} is occupied", "occupied"))
        between = line[: line.index(to)]
        pieces = [p for p in between if work[p] != EMPTY]
        if not pieces:
            return Trace(error=(f"there is no pawn between {NAMES[here]} and {NAMES[to]} to jump", "no-pawn"))
        if len(pieces) > 1:
            return Trace(error=(f"one jump takes one pawn, but {len(pieces)} pieces stand between "
                                 f"{NAMES[here]} and {NAMES[to]}", "blocked"))
        pawn = pieces[0]
        if work[pawn] == OFFICER:
            return Trace(error=("officers cannot be jumped", "jump-officer"))
        if pawn in captured:
            return Trace(error=(f"the pawn on {NAMES[pawn]} was already jumped in this move", "twice"))
        diagonal = unit[0] != 0 and unit[1] != 0
        short = between == (pawn,)
        if not short and not (diagonal and rules.long_capture):
            why = "only a diagonal capture may" if rules.long_capture else "with long_capture=off no capture may"
            return Trace(error=(f"{why} start or land away from the pawn it jumps", "long-jump"))
        captured.append(pawn)
        here = to
    direction = first if rules.same_direction else None
    more = any(True for _ in jumps(work, rules, here, tuple(captured), direction))
    return Trace(path=tuple(points), captured=tuple(captured), can_continue=more)


@dataclass(frozen=True)
class Trace:
    """What following a written capture found: an error (message, code), or the pawns it captures."""

    error: tuple[str, str] | None = None
    path: tuple[int, ...] = ()
    captured: tuple[int, ...] = ()
    can_continue: bool = False
