"""Engine figures: perft nodes per second for every registered game with a rules engine.

Prints figures; it is not a test.  For each game (found through the registry,
so new engines appear here without edits) it runs perft at growing depths from
the start position and from a busy mid-game position reached by a seeded
random playout, stopping before a depth would take more than ``--budget``
seconds.  Then it times the targets of issue 4 on the 2-core development
machine: Surakarta perft 5 from the start under 10 s, Hex 11 x 11 perft 3
under 10 s, Assalto and Brax perft 4 under 10 s; Seega perft 2 (63,756 placements) too;
Awelé perft 7 under 10 s (issue 14's speed figure: 139,157 nodes, about 2.5 s on that
machine); Damas perft 7 and Xadrez perft 4 (197 281) under 10 s (issue 15); Gamão perft 3 (92,760
moves, every throw expanded) under 10 s (issue 16; 6.4 s measured while the 2 cores were shared).

    .venv/bin/python bench/bench_engines.py [--game ID ...] [--budget SECONDS] [--no-targets]

"Nodes" are the perft count (the number of move sequences of exactly that depth); the last
ply is counted from the length of the move list, not played, as perft does.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from boardgen.engine.base import GameState
from boardgen.engine.perft import perft
from boardgen.registry import GameInfo, all_games

# game id -> (depth, seconds); all from the start position at the default size.
# Damas: perft 7 from the start (Halbersma's 187 302) under 10 s, as the oracle test runs it.
TARGETS = {"surakarta": (5, 10.0), "hex": (3, 10.0), "assalto": (4, 10.0), "brax": (4, 10.0), "awele": (7, 10.0), "damas": (7, 10.0), "seega": (2, 10.0), "xadrez": (4, 10.0), "gamao": (3, 10.0), "nyout": (6, 10.0)}
# Mid-game positions chosen by hand where the random pick would land in an opening phase: Seega's
# busiest plies by that measure are placements (hundreds of two-cell moves), not the movement
# phase with its captures.  This one is ply 78 of a seeded random game, 9 pieces a side, 17 moves.
MIDGAME = {
    "seega": "B1BW1/1B1WW/B1BWW/WBB1W/W1BBW b m 7",
    # Gamão: a random playout stops at the first chance point, so a position with its throw, by hand: the
    # middle of a game, both sides with blots and a double to play (four moves of one die each).
    "gamao": "white 24:1 13:4 11:2 8:3 7:1 6:4 black 1:2 9:1 12:4 17:3 19:4 20:1 b dice 3-3",
    # Nyout: a random game meets a chance point at once (no move to pick): after throw 50 of tests/golden/nyout.txt,
    # Black holding kai, nyout, mo, mo with four stacks and horses to move (12 moves).
    "nyout": "o05=b o06=b o20=a s2=b off=aaab b throws kai nyout mo mo",
}
MAX_DEPTH = 8


def timed_perft(state: GameState, depth: int) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = perft(state, depth)
    return nodes, time.perf_counter() - start


def busy_position(engine: Any, info: GameInfo, seed: int = 1) -> tuple[GameState, int] | None:
    """A busy position of a seeded random game: among plies 6..40, the most (legal moves x pieces).

    Counting pieces as well as moves keeps placement games (whose move count
    only falls) from picking the nearly empty board.
    """
    rng = random.Random(f"bench:{info.id}:{seed}")
    state = engine.initial(info.default_size, info.resolve_variants({}))
    best: tuple[int, int, GameState] | None = None
    for ply in range(41):
        moves = state.legal_moves()
        if not moves:
            break
        score = len(moves) * (1 + len(state.placements()))
        if ply >= 6 and (best is None or score > best[0]):
            best = (score, ply, state)
        state = state.apply(rng.choice(moves))
    return (best[2], best[1]) if best else None


def deepen(label: str, state: GameState, budget: float) -> None:
    """perft at depth 1, 2, ... while the next depth is expected to fit in the budget."""
    counts = [1]
    seconds = 0.0
    for depth in range(1, MAX_DEPTH + 1):
        growth = counts[-1] / counts[-2] if len(counts) > 1 else 1.0
        if seconds * growth > budget:
            break
        nodes, seconds = timed_perft(state, depth)
        rate = nodes / seconds if seconds > 0 else float("inf")
        print(f"  {label:<9} depth {depth}: {nodes:>13,} nodes  {seconds:8.3f} s  {rate:>12,.0f} nodes/s")
        if nodes == counts[-1] and depth > 1:  # every line has ended: deeper counts are the same
            break
        counts.append(nodes)


def bench_game(info: GameInfo, budget: float) -> None:
    engine = info.load_engine()
    start = engine.initial(info.default_size, info.resolve_variants({}))
    size = f" size {info.default_size}" if info.sizes else ""
    print(f"{info.id}{size}")
    print(f"  start:    {start.to_text()}")
    deepen("start", start, budget)
    if info.id in MIDGAME:
        state = engine.from_text(MIDGAME[info.id], info.resolve_variants({}))
        print(f"  mid-game: {state.to_text()}  (chosen by hand, {len(state.legal_moves())} legal moves)")
        deepen("mid-game", state, budget)
        return
    busy = busy_position(engine, info)
    if busy is None:
        print("  (no mid-game position: every random game ended within 6 moves)")
        return
    state, ply = busy
    print(f"  mid-game: {state.to_text()}  (ply {ply}, {len(state.legal_moves())} legal moves)")
    deepen("mid-game", state, budget)


def check_targets(games: dict[str, GameInfo]) -> None:
    print("issue 4, 14 and 15 targets (from the start position, default size):")
    for game_id, (depth, limit) in TARGETS.items():
        info = games.get(game_id)
        if info is None or not info.has_engine():
            print(f"  {game_id:<10} perft {depth}: no engine yet")
            continue
        engine = info.load_engine()
        nodes, seconds = timed_perft(engine.initial(info.default_size, info.resolve_variants({})), depth)
        verdict = "ok" if seconds < limit else "TOO SLOW"
        print(f"  {game_id:<10} perft {depth}: {nodes:>13,} nodes  {seconds:8.3f} s  (target < {limit:.0f} s)  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds allowed per perft run (default 3)")
    parser.add_argument("--no-targets", action="store_true", help="skip the issue-4 target runs")
    args = parser.parse_args()
    games = {info.id: info for info in all_games()}
    chosen = [games[g] for g in args.game] if args.game else list(games.values())
    for info in chosen:
        if not info.has_engine():
            print(f"{info.id}: no engine yet")
            continue
        bench_game(info, args.budget)
    if not args.no_targets:
        check_targets({g.id: g for g in chosen})


if __name__ == "__main__":
    main()
