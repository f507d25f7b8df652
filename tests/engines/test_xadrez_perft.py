"""Xadrez's perft against python-chess's own move generator counted bare, where mates come early.

boardgen's Xadrez is python-chess behind the GameState interface, with the game's end added
(mate, stalemate, dead positions, draw claims as a move).  The published tables
(tests/fixtures/perft/xadrez.txt) reach a mate before the last ply only at depths too slow for
the suite (start 5, Kiwipete 4); these positions have one at ply 1 or 2, and the count must be
python-chess's bare perft, where a mated side has no legal move and so adds nothing deeper.
The positions have too many pawns on the board for a dead position and no repeated position
for a claim, so the engine's own endings cannot differ from the bare count.
"""

from __future__ import annotations

import random

import chess
import pytest

from boardgen.engine.perft import perft
from boardgen.games.xadrez.rules import XadrezState


def bare_perft(board: chess.Board, depth: int) -> int:
    """python-chess's legal moves counted to ``depth``, with no game rules of ours on top."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += bare_perft(board, depth - 1)
        board.pop()
    return total


def _after(*sans: str) -> str:
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board.fen()


# (position, depth): each mate on the way is a line that counting a finished game as a leaf kept (that count
# was 1 to 22 too high at depth 2 or 3 here)
EARLY_MATES = [
    (_after("f3", "e5", "g4"), 3),  # 2... Qh4# at ply 1
    (_after("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"), 3),  # 4. Qxf7# at ply 1
    (_after("e4", "e5", "Bc4", "Nc6", "Qh5"), 3),  # 3... Nf6 4. Qxf7# and 21 more mates at ply 2
    (_after("f3", "e5"), 3),  # 2. g4 Qh4# at ply 2
]


@pytest.mark.parametrize(("fen", "depth"), EARLY_MATES)
def test_perft_equals_python_chess_where_a_mate_comes_before_the_last_ply(fen: str, depth: int) -> None:
    counts = [perft(XadrezState.from_text(fen, {}), d) for d in range(1, depth + 1)]
    assert counts == [bare_perft(chess.Board(fen), d) for d in range(1, depth + 1)]


def test_a_mate_on_the_way_is_not_counted_again() -> None:
    fen = _after("f3", "e5", "g4")
    state = XadrezState.from_text(fen, {})
    mated = state.play("Qh4#")
    assert mated.outcome() is not None and "checkmate" in mated.outcome().reason  # type: ignore[union-attr]
    # 30 first moves, of which Qh4# has no reply: the depth-2 count is the sum over the 29 others
    others = sum(perft(state.apply(m), 1) for m in state.legal_moves() if m.text != "Qh4#")
    assert perft(state, 2) == others == 575


def test_random_middle_games_agree_with_python_chess() -> None:
    """A sample of positions from seeded random games (moves chosen by their UCI text, not list order)."""
    rng = random.Random("xadrez-perft")
    checked = 0
    for _ in range(6):
        board = chess.Board()
        for _ in range(rng.randint(12, 40)):
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over() or board.is_insufficient_material():
            continue
        fen = board.fen()
        assert perft(XadrezState.from_text(fen, {}), 2) == bare_perft(chess.Board(fen), 2), fen
        checked += 1
    assert checked >= 4
