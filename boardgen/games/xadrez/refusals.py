"""Why a Xadrez move text is refused: the law it breaks, with the code docs/notation/xadrez.md lists.

One job, apart from the rules themselves: python-chess says only that a move is
not legal; a booklet's ``illegal:`` claim and a player at the command line need
the reason (no such piece, a pinned piece, castling through check...).  The
state (:mod:`.rules`) calls :func:`why_illegal` from its ``why_illegal_in_play``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import chess

from boardgen.games.xadrez.notation import CASTLE_RE, CLAIM, KIND, SAN_LETTER, SAN_RE, SIDE_WORDS, SQUARES, UCI_RE, strip_annotation

if TYPE_CHECKING:
    from boardgen.games.xadrez.rules import XadrezState


def why_illegal(state: "XadrezState", text: str) -> tuple[str, str]:
    """Name the law a move text breaks; the codes are listed in docs/notation/xadrez.md."""
    wanted = text.strip()
    if wanted.lower() == CLAIM:
        return (f"{text}: there is no draw to claim: the position has not occurred three times and "
                "50 moves have not passed without a capture or a pawn move", "no-claim") if state.rules.claims else (
                f"{text}: under these draw rules a draw is never claimed", "no-claim")
    plain = strip_annotation(wanted)
    try:
        state.board_in_play.parse_san(plain.replace("0", "O") if CASTLE_RE.match(plain) else plain)
    except chess.AmbiguousMoveError:
        fits = [m.text for m in state.generated_moves() if _san_target(m.text) == _san_target(plain)]
        return (f"{text}: more than one piece can make this move ({', '.join(fits)}); say which", "ambiguous")
    except ValueError:
        pass
    if CASTLE_RE.match(plain):
        return _why_castle(state, text, long=plain.count("-") == 2)
    uci = UCI_RE.match(plain.lower())
    if uci:
        return _why_uci(state, text, uci)
    san = SAN_RE.match(plain)
    if not san:
        return (f"{text}: not a move; write it in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4)", "syntax")
    return _why_san(state, text, san)

def _why_uci(state: "XadrezState", text: str, match: re.Match[str]) -> tuple[str, str]:
    board = state.board_in_play
    origin, to = chess.parse_square(match.group(1)), chess.parse_square(match.group(2))
    piece = board.piece_at(origin)
    if piece is None:
        return (f"{text}: there is no piece on {match.group(1)}", "empty")
    if piece.color != board.turn:
        return (f"{text}: the piece on {match.group(1)} is not yours; {SIDE_WORDS[state.side]} is to move", "not-yours")
    promotion = match.group(3)
    if piece.piece_type == chess.KING and abs(chess.square_file(origin) - chess.square_file(to)) == 2 \
            and chess.square_rank(origin) == chess.square_rank(to):
        return _why_castle(state, text, long=chess.square_file(to) < chess.square_file(origin))
    return _why_piece(state, text, origin, to, promotion.upper() if promotion else None)

def _why_san(state: "XadrezState", text: str, match: re.Match[str]) -> tuple[str, str]:
    board = state.board_in_play
    letter, file, rank, _x, target, promotion = match.groups()
    kind = SAN_LETTER[letter] if letter else chess.PAWN
    to = chess.parse_square(target)
    candidates = [
        square for square in board.pieces(kind, board.turn)
        if (file is None or chess.square_file(square) == "abcdefgh".index(file))
        and (rank is None or chess.square_rank(square) == int(rank) - 1)
    ]
    if kind == chess.PAWN and file is None:
        candidates = [s for s in candidates if chess.square_file(s) == chess.square_file(to)]
    if not candidates:
        word = KIND[kind]
        return (f"{text}: {SIDE_WORDS[state.side]} has no {word} that could make this move", "no-piece")
    if kind == chess.KING and abs(chess.square_file(candidates[0]) - chess.square_file(to)) == 2 \
            and chess.square_rank(candidates[0]) == chess.square_rank(to):
        return _why_castle(state, text, long=chess.square_file(to) < chess.square_file(candidates[0]))
    reasons = [_why_piece(state, text, origin, to, promotion) for origin in candidates]
    # the most telling reason: one whose piece could at least move so (geometry fits)
    for message, code in reasons:
        if code != "unreachable":
            return (message, code)
    return reasons[0]

def _why_piece(state: "XadrezState", text: str, origin: int, to: int, promotion: str | None) -> tuple[str, str]:
    """Why the piece on ``origin`` may not go to ``to`` (with ``promotion``, a SAN letter, if given)."""
    board = state.board_in_play
    piece = board.piece_at(origin)
    assert piece is not None
    name, word = SQUARES[origin], KIND[piece.piece_type]
    target = board.piece_at(to)
    if not _reaches(board, piece, origin, to):
        if piece.piece_type == chess.PAWN:
            return _why_pawn(state, text, origin, to)
        return (f"{text}: the {word} on {name} does not move that way", "unreachable")
    between = _between(origin, to)
    if piece.piece_type in (chess.BISHOP, chess.ROOK, chess.QUEEN) or (piece.piece_type == chess.PAWN and between):
        blocker = next((s for s in between if board.piece_at(s) is not None), None)
        if blocker is not None:
            return (f"{text}: the way from {name} to {SQUARES[to]} is blocked on {SQUARES[blocker]}", "blocked")
    if target is not None and target.color == board.turn:
        return (f"{text}: {SQUARES[to]} holds one of your own pieces", "own-piece")
    if piece.piece_type == chess.PAWN:
        if chess.square_file(origin) == chess.square_file(to) and target is not None:
            return (f"{text}: a pawn captures diagonally, never straight ahead; {SQUARES[to]} is occupied", "pawn-blocked")
        if chess.square_file(origin) != chess.square_file(to) and target is None and board.ep_square != to:
            return _why_pawn(state, text, origin, to)
        last = chess.square_rank(to) in (0, 7)
        if last and promotion is None:
            return (f"{text}: a pawn reaching the last rank must be promoted (write {SQUARES[to]}=Q, =R, =B or =N)", "must-promote")
        if promotion is not None and (not last or promotion in ("K", "P")):
            return (f"{text}: a pawn is promoted only on the last rank, to a queen, rook, bishop or knight", "bad-promotion")
    elif promotion is not None:
        return (f"{text}: only a pawn is promoted", "bad-promotion")
    return _why_check(state, text, origin, to, piece)

def _why_pawn(state: "XadrezState", text: str, origin: int, to: int) -> tuple[str, str]:
    board = state.board_in_play
    forward = 1 if board.turn == chess.WHITE else -1
    df = chess.square_file(to) - chess.square_file(origin)
    dr = (chess.square_rank(to) - chess.square_rank(origin)) * forward
    if abs(df) == 1 and dr == 1 and board.piece_at(to) is None:
        passed = board.piece_at(to - 8 * forward)
        if passed is not None and passed.piece_type == chess.PAWN and passed.color != board.turn \
                and chess.square_rank(to) == (5 if board.turn == chess.WHITE else 2):
            return (f"{text}: en passant is allowed only on the move right after the enemy pawn's double step",
                    "en-passant-late")
        return (f"{text}: a pawn moves diagonally only to capture, and {SQUARES[to]} is empty", "pawn-no-capture")
    if df == 0 and dr >= 2:
        return (f"{text}: a pawn advances one square, or two from its starting square only", "pawn-double")
    if dr <= 0:
        return (f"{text}: a pawn never moves backwards or sideways", "pawn-backwards")
    return (f"{text}: a pawn does not move that way", "unreachable")

def _why_check(state: "XadrezState", text: str, origin: int, to: int, piece: chess.Piece) -> tuple[str, str]:
    """A move the piece could make, refused because of the king: in check, pinned, or into an attack."""
    board = state.board_in_play
    if piece.piece_type == chess.KING:
        return (f"{text}: the king may not move onto {SQUARES[to]}, a square attacked by the enemy", "into-check")
    if board.is_check():
        return (f"{text}: your king is in check and this move does not end the check", "in-check")
    if board.is_pinned(board.turn, origin):
        return (f"{text}: the {KIND[piece.piece_type]} on {SQUARES[origin]} is pinned: moving it would expose "
                "your king to check", "pinned")
    return (f"{text}: not a legal move in this position", "illegal")

def _why_castle(state: "XadrezState", text: str, long: bool) -> tuple[str, str]:
    """Which condition of castling fails (FIDE 3.8.2), in the order a player checks them."""
    board = state.board_in_play
    colour = board.turn
    rank = 0 if colour == chess.WHITE else 7
    side_word = "queenside" if long else "kingside"
    rights = board.has_queenside_castling_rights(colour) if long else board.has_kingside_castling_rights(colour)
    if not rights:
        return (f"{text}: no {side_word} castling: the king or that rook has already moved (or been captured)", "castle-moved")
    between = [chess.square(f, rank) for f in ((1, 2, 3) if long else (5, 6))]
    blocker = next((s for s in between if board.piece_at(s) is not None), None)
    if blocker is not None:
        return (f"{text}: castling needs every square between king and rook empty; {SQUARES[blocker]} is not", "castle-blocked")
    if board.is_check():
        return (f"{text}: a king in check may not castle", "castle-in-check")
    crossed = chess.square(3 if long else 5, rank)
    if board.is_attacked_by(not colour, crossed):
        return (f"{text}: the king would pass over {SQUARES[crossed]}, a square attacked by the enemy", "castle-through-check")
    landing = chess.square(2 if long else 6, rank)
    if board.is_attacked_by(not colour, landing):
        return (f"{text}: the king would land on {SQUARES[landing]}, a square attacked by the enemy", "castle-into-check")
    return (f"{text}: castling is not legal in this position", "illegal")


# --- helpers ----------------------------------------------------------------------


def _reaches(board: chess.Board, piece: chess.Piece, origin: int, to: int) -> bool:
    """Whether the piece's way of moving joins the two squares, ignoring the pieces in between."""
    if origin == to:
        return False
    df = chess.square_file(to) - chess.square_file(origin)
    dr = chess.square_rank(to) - chess.square_rank(origin)
    kind = piece.piece_type
    if kind == chess.KNIGHT:
        return {abs(df), abs(dr)} == {1, 2}
    if kind == chess.KING:
        return max(abs(df), abs(dr)) == 1
    if kind == chess.BISHOP:
        return abs(df) == abs(dr)
    if kind == chess.ROOK:
        return df == 0 or dr == 0
    if kind == chess.QUEEN:
        return abs(df) == abs(dr) or df == 0 or dr == 0
    forward = 1 if piece.color == chess.WHITE else -1
    start_rank = 1 if piece.color == chess.WHITE else 6
    if df == 0:
        return dr == forward or (dr == 2 * forward and chess.square_rank(origin) == start_rank)
    return abs(df) == 1 and dr == forward


def _between(origin: int, to: int) -> list[int]:
    """The squares strictly between two squares on one line (empty when they are not on one)."""
    return list(chess.SquareSet(chess.between(origin, to)))


def _san_target(text: str) -> str:
    match = SAN_RE.match(strip_annotation(text))
    return (match.group(1) or "") + match.group(5) if match else text
