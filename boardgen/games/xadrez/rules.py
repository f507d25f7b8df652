"""Rules engine for Xadrez (chess): the FIDE laws through python-chess (games.md section 12).

Why python-chess and not a move generator of our own: chess is the one game
of the series with a library that the whole field trusts and tests (perft
suites, millions of games); a hand-written generator would only be a second,
less tested copy.  This module, its PGN reader (:mod:`.pgn`), its move spellings
(:mod:`.notation`) and its refusal reasons (:mod:`.refusals`) are the only ones
that import ``chess`` (GPL-3.0, see the README): it adapts a ``chess.Board`` to boardgen's
:class:`~boardgen.engine.base.GameState` and adds what python-chess leaves to
its callers: the draw rules as a variant, a position text that carries the
history a repetition needs, and reasons, with codes, for refused moves.

Notation (``docs/notation/xadrez.md``):

* a position is a FEN, optionally followed by ``via`` and the moves (UCI) that
  led to it since the last irreversible move (capture, pawn move, loss of a
  castling right, a move that gave up an en passant capture), so that a
  repetition is counted after the text is read back, and by the word
  ``claim`` when the game ended with a claimed draw;
* :meth:`XadrezState.from_text` also reads a PGN game (tags optional), up to
  its end or up to a move given as ``@ 12.`` (White to play move 12) or
  ``@ 12...`` (Black to play it), so a diagram can start from a real game;
* a move is written in SAN (``e4``, ``Nf3``, ``exd6``, ``O-O``, ``e8=Q``), the
  canonical text; UCI (``e2e4``, ``e7e8q``) and SAN without its check sign or
  in another letter case (when only one move fits) are accepted too;
* ``claim`` is a move of its own: the player to move claims the draw by
  threefold repetition or by the 50-move rule (when the draw rules allow it).

Draw rules (variant ``draws``): ``fide`` (default) claimable threefold and 50
moves, automatic fivefold and 75 moves; ``claim`` (the seed's older laws)
claims only; ``automatic`` threefold and 50 moves end the game by themselves.
Checkmate, stalemate and dead positions (material with which no mate is
possible, as python-chess recognises it) end the game under every variant.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from boardgen import extras

# python-chess is the optional chess extra (GPL-3.0, see the README): without it, loading this
# engine is one MissingExtraError naming the extra, while the game's facts and board need nothing.
extras.require("chess", "Xadrez's engine")

import chess  # noqa: E402  (after the check above, on purpose)

from boardgen.engine.base import UNKNOWN_OUTCOME, GameState, Move, Outcome, Piece
from boardgen.engine.variants import VariantValues
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.xadrez import GAME
from boardgen.games.xadrez.notation import BLACK, CASTLE_RE, CLAIM, KIND, PGN_STOP_RE, SIDE_WORDS, SQUARES, UCI_RE, VIA, WHITE, side_of, strip_annotation
from boardgen.games.xadrez.pgn import read_pgn
from boardgen.games.xadrez.refusals import why_illegal
from boardgen.values import digits_value, position_counter



@dataclass(frozen=True)
class Rules:
    """How repetition and the 50-move rule end a game (the ``draws`` variant)."""

    claims: bool  # threefold and 50 moves may be claimed (the move "claim")
    automatic_long: bool  # fivefold repetition and 75 moves end the game by themselves
    automatic_short: bool  # threefold repetition and 50 moves end the game by themselves


@cache
def rules_for(chosen: VariantValues) -> Rules:
    draws = chosen.draws
    return Rules(claims=draws in ("fide", "claim"), automatic_long=draws == "fide", automatic_short=draws == "automatic")


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))


#: the highest move number a position text may carry: the longest game the automatic 75-move rule
#: allows is under 9,000 moves (8,849 by the usual count); the claim-only rules set no bound, but no
#: game has come near it, and a number beyond is a typing slip, not a position (10^20 was read)
MAX_MOVE_NUMBER = 10_000


def check_counters(side: str, clock_text: str, number_text: str, rules: Rules) -> None:
    """A FEN's two counters as a game can reach them; NotationError (PositionError for a clock too high) otherwise.

    The move number is 1 to MAX_MOVE_NUMBER.  The half-move clock counts plies
    since the last capture or pawn move, so it is at most the plies played
    before this position, and never above the ply at which the rules end the
    game by themselves (150 with the 75-move rule, 100 with the automatic
    50-move rule).  python-chess's ``int()`` would read ``'٣'`` as 3: both
    go through :func:`position_counter`.
    """
    number = position_counter(number_text, "the move number", 1, MAX_MOVE_NUMBER)
    clock = position_counter(clock_text, "the half-move clock")
    played = 2 * (number - 1) + (1 if side == "b" else 0)
    limit = 150 if rules.automatic_long else 100 if rules.automatic_short else None
    if clock > played:
        raise PositionError(f"position: half-move clock {clock}, but only {played} half-moves come before move {number}{'...' if side == 'b' else '.'}")
    if limit is not None and clock > limit:
        raise PositionError(f"position: half-move clock {clock}, but these draw rules end the game at {limit}")


class XadrezState(GameState):
    """A chess position: a ``chess.Board`` whose move stack is the history since the last irreversible move.

    The board is never changed after the state is made (``apply`` copies it),
    so the state is immutable as the interface requires.  Only the reversible
    tail of the game is kept: it is all a repetition can look at (python-chess
    counts repetitions back to the last irreversible move), and it keeps
    copies cheap and the position text short.
    """

    game_id = "xadrez"
    __slots__ = ("_board", "_rules", "_claimed", "_history", "_keys", "_text", "_cached_moves", "_cached_outcome")

    def __init__(
        self,
        board: chess.Board,
        rules: Rules,
        claimed: bool = False,
        history: tuple[chess.Move, ...] = (),
        keys: tuple[Hashable, ...] | None = None,
    ) -> None:
        self._board = board
        self._rules = rules
        self._claimed = claimed
        # the reversible tail of the game (the moves since the last irreversible one) and the
        # repetition key of every position along it, this one last (see _repetitions)
        self._history = history
        self._keys = keys if keys is not None else (board._transposition_key(),)
        self._text: str | None = None
        self._cached_moves = None
        self._cached_outcome = UNKNOWN_OUTCOME

    # -- construction -------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return SQUARES

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "XadrezState":
        GAME.check_size(size)
        return cls(chess.Board(), resolve_rules(variants))

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "XadrezState":
        """A FEN (with ``via`` history and ``claim`` if any), or a PGN game up to its end or to ``@ N.``."""
        rules = resolve_rules(variants)
        stripped = text.strip()
        if stripped.startswith("[") or re.match(r"^\d+\s*\.", stripped):
            return cls._from_pgn(stripped, rules)
        words = stripped.split()
        claimed = bool(words) and words[-1] == CLAIM
        if claimed:
            words = words[:-1]
        history: list[str] = []
        if VIA in words:
            at = words.index(VIA)
            words, history = words[:at], words[at + 1 :]
            if not history:
                raise NotationError("position: 'via' must be followed by the moves (UCI) that led to the position")
        if len(words) != 6:
            raise NotationError(
                f"position: a FEN has 6 fields (placement, side, castling, en passant, half-moves, move number), "
                f"got {len(words)} in {' '.join(words)!r}"
            )
        check_counters(words[1], words[4], words[5], rules)
        board = _read_fen(" ".join(words))
        moves, keys = _read_history(board, history) if history else ((), None)
        state = cls(board, rules, history=moves, keys=keys)
        if claimed:
            if state._claim_reason() is None:
                raise PositionError("position: 'claim' but the player to move has no draw to claim here")
            state = cls(board, rules, claimed=True, history=moves, keys=state._keys)
        return state

    @classmethod
    def _from_pgn(cls, text: str, rules: Rules) -> "XadrezState":
        """The position of a PGN game after its last move, or when move N is to be played (``@ N.``/``@ N...``)."""
        stop = PGN_STOP_RE.search(text)
        if stop:
            text = text[: stop.start()]
        game = read_pgn(text)
        try:
            start = game.board()
        except ValueError as error:
            raise NotationError(f"position: PGN FEN tag: {error}") from None
        if start.status() != chess.STATUS_VALID:
            raise PositionError(f"position: PGN FEN tag: not a possible position ({_status_words(start.status())})")
        state = cls(start, rules)
        wanted = (digits_value(stop.group(1), "position: PGN: move number"), chess.WHITE if stop.group(2) == "." else chess.BLACK) if stop else None
        for move in game.mainline_moves():
            if wanted and (state._board.fullmove_number, state._board.turn) == wanted:
                break
            if state.outcome() is not None:
                raise NotationError(f"position: PGN: the game is over before {state._board.san(move)}")
            state = state._push(move)
        else:
            if wanted and (state._board.fullmove_number, state._board.turn) != wanted:
                dots = "." if wanted[1] == chess.WHITE else "..."
                raise NotationError(f"position: PGN: the game never reaches move {wanted[0]}{dots}")
        return state

    def to_text(self) -> str:
        if self._text is None:
            board = self._board
            text = board.fen(en_passant="fen")
            if self._history:
                text += f" {VIA} " + " ".join(move.uci() for move in self._history)
            self._text = text + (f" {CLAIM}" if self._claimed else "")
        return self._text

    # -- queries --------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def board(self) -> chess.Board:
        """A copy of the python-chess board (with the history kept), for tests and tools."""
        return self._board.copy()

    @property
    def side(self) -> int:
        """Whose turn it is, even when the game is over (0 White, 1 Black)."""
        return side_of(self._board.turn)

    def fen(self) -> str:
        return self._board.fen(en_passant="fen")

    def piece_at(self, name: str) -> Piece | None:
        piece = self._board.piece_at(chess.parse_square(name))
        return None if piece is None else Piece(side_of(piece.color), KIND[piece.piece_type])

    def placements(self) -> list[tuple[str, Piece]]:
        return [
            (SQUARES[square], Piece(side_of(piece.color), KIND[piece.piece_type]))
            for square, piece in sorted(self._board.piece_map().items())
        ]

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self.side

    def in_check(self) -> bool:
        return self._board.is_check()

    # -- moves ------------------------------------------------------------------
    def generate_moves(self) -> list[Move]:
        board = self._board
        moves = [self._move(m) for m in board.legal_moves]
        if self._rules.claims and self._claim_reason() is not None:
            king = board.king(board.turn)
            moves.append(Move(CLAIM, (SQUARES[king],) if king is not None else (), (), "claim", key=CLAIM))
        return moves

    def legal_move_count(self) -> int:
        """Counted without writing every move's SAN (perft's last ply asks every node)."""
        if self._cached_moves is not None or self.outcome() is not None:
            return super().legal_move_count()
        claim = 1 if self._rules.claims and self._claim_reason() is not None else 0
        return self._board.legal_moves.count() + claim

    def _move(self, move: chess.Move) -> Move:
        board = self._board
        origin, to = SQUARES[move.from_square], SQUARES[move.to_square]
        captures: tuple[str, ...] = ()
        kind = "step"
        if board.is_castling(move):
            kind = "castle"
        elif board.is_en_passant(move):
            captures = (SQUARES[move.to_square + (-8 if board.turn == chess.WHITE else 8)],)
            kind = "capture"
        elif board.piece_at(move.to_square) is not None:
            captures = (to,)
            kind = "capture"
        if move.promotion:
            kind = "promotion"
        # board.san() plays every move to find its + or #; only a move that gives check needs that
        text = board.san(move) if board.gives_check(move) else board._algebraic_without_suffix(move)
        return Move(text, (origin, to), captures, kind, key=move)

    def _claim_reason(self) -> str | None:
        """Why the player to move may claim a draw now (None: no claim), as the outcome will say it."""
        board = self._board
        if board.is_checkmate() or board.is_stalemate():
            return None
        if board.can_claim_fifty_moves():
            return "draw claimed by the 50-move rule: 50 moves by each side without a capture or a pawn move"
        # python-chess tries every legal move; a claim needs some position of the tail seen twice already
        if self._can_claim_threefold():
            return "draw claimed by threefold repetition"
        return None

    def apply(self, move: Move) -> "XadrezState":
        key = move.key
        if key is None:
            key = self.parse_move(move.text).key
        if key == CLAIM:
            return XadrezState(self._board, self._rules, claimed=True, history=self._history, keys=self._keys)
        if not isinstance(key, chess.Move):
            raise IllegalMoveError(f"{move.text}: not a move of this engine", "illegal")
        return self._push(key)

    def _push(self, move: chess.Move) -> "XadrezState":
        """The state after a legal python-chess move, keeping only the reversible tail of the history."""
        irreversible = self._board.is_irreversible(move)
        board = self._board.copy(stack=False)
        board.push(move)
        board.clear_stack()
        key = board._transposition_key()
        if irreversible:
            return XadrezState(board, self._rules, keys=(key,))
        return XadrezState(board, self._rules, history=self._history + (move,), keys=self._keys + (key,))

    def _repetitions(self) -> int:
        """How many times the present position has occurred (this time included), as python-chess counts them."""
        return self._keys.count(self._keys[-1])

    def _can_claim_threefold(self) -> bool:
        """FIDE 9.2.1: the position has occurred three times, or the player's next move makes it so.

        What python-chess's ``can_claim_threefold_repetition`` checks, on the
        keys this state keeps instead of a replayed move stack.  No move can
        make a third occurrence unless some position of the tail has already
        occurred twice, which rules most positions out at once.
        """
        keys = self._keys
        if keys.count(keys[-1]) >= 3:
            return True
        if len(set(keys)) == len(keys):
            return False
        seen_twice = {key for key in keys if keys.count(key) >= 2}
        board = self._board.copy(stack=False)
        for move in board.generate_legal_moves():
            if board.is_irreversible(move):
                continue
            board.push(move)
            try:
                if board._transposition_key() in seen_twice:
                    return True
            finally:
                board.pop()
        return False

    # -- outcome ----------------------------------------------------------------
    def compute_outcome(self) -> Outcome | None:
        board, side = self._board, self.side
        if self._claimed:
            reason = self._claim_reason()
            return Outcome(None, reason or "draw claimed")
        if board.is_checkmate():
            return Outcome(1 - side, f"checkmate: {SIDE_WORDS[1 - side]} mates, {SIDE_WORDS[side]}'s king cannot escape the check")
        if board.is_stalemate():
            return Outcome(None, f"stalemate: {SIDE_WORDS[side]} is not in check and has no legal move")
        if board.is_insufficient_material():
            return Outcome(None, "dead position: neither side has the pieces left to give mate")
        rules = self._rules
        if rules.automatic_long:
            if board.is_seventyfive_moves():
                return Outcome(None, "75-move rule: 75 moves by each side without a capture or a pawn move")
            if self._repetitions() >= 5:
                return Outcome(None, "fivefold repetition: the same position for the fifth time")
        if rules.automatic_short:
            if board.is_fifty_moves():
                return Outcome(None, "50-move rule: 50 moves by each side without a capture or a pawn move")
            if self._repetitions() >= 3:
                return Outcome(None, "threefold repetition: the same position for the third time")
        return None

    # -- notation ----------------------------------------------------------------
    def read_other_spelling(self, wanted: str, moves: Sequence[Move], text: str) -> Move | None:
        """The hook of the shared ``parse_move``: SAN without its check sign or in another letter case
        (when only one move fits), UCI, long algebraic, and the word ``claim``."""
        if not moves:
            return None
        if wanted.lower() == CLAIM:
            return next((move for move in moves if move.key == CLAIM), None)
        plain = strip_annotation(wanted)
        by_key = {move.key: move for move in moves if isinstance(move.key, chess.Move)}
        found = self._read_san(plain) or self._read_uci(plain)
        if found is not None and found in by_key:
            return by_key[found]
        fits = [m for m in moves if strip_annotation(m.text).upper() == plain.upper()]
        if len(fits) > 1:
            raise IllegalMoveError(
                f"{text}: {' and '.join(m.text for m in fits)} are both written so in this letter case; "
                "write pieces in capitals (B for a bishop) and files in small letters (b for the b-pawn)",
                "ambiguous",
            )
        return fits[0] if fits else None

    def _read_san(self, text: str) -> chess.Move | None:
        if CASTLE_RE.match(text):
            text = text.replace("0", "O")
        try:
            return self._board.parse_san(text)
        except ValueError:
            return None

    def _read_uci(self, text: str) -> chess.Move | None:
        if not UCI_RE.match(text.lower()):
            return None
        move = chess.Move.from_uci(text.lower())
        return move if move in self._board.legal_moves else None

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """Name the law a move text breaks (:mod:`.refusals`); the codes are listed in docs/notation/xadrez.md."""
        return why_illegal(self, text)

    @property
    def board_in_play(self) -> chess.Board:
        """The python-chess board itself (not a copy), for the refusal reasons, which only read it."""
        return self._board


def _read_fen(fen: str) -> chess.Board:
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise NotationError(f"position: not a FEN: {error}") from None
    status = board.status()
    if status != chess.STATUS_VALID:
        raise PositionError(f"position: {fen!r} is not a possible position ({_status_words(status)})")
    return board


def _status_words(status: chess.Status) -> str:
    words = [flag.name.lower().replace("_", " ") for flag in chess.Status if flag and flag in status and flag.name]
    return ", ".join(words) or "invalid"


def _read_history(board: chess.Board, history: list[str]) -> tuple[tuple[chess.Move, ...], tuple[Hashable, ...]]:
    """The moves after ``via`` and the repetition keys of the positions they passed, checked against the board.

    Each move of the history is a plain piece move without a capture (any
    other move is irreversible and would have started the history afresh), so
    the positions before it are found by moving the pieces back from the
    given position, latest move first; each move must then be one the piece
    could make from there, without a promotion, a pawn or castling.

    ``_transposition_key`` is python-chess's own key for "the same position"
    (pieces, side to move, castling rights, an en passant capture that can
    really be made): private, but the one its repetition rules use, so the
    counts here are the counts python-chess would find (version pinned < 2).
    """
    moves = []
    for word in history:
        if not UCI_RE.match(word) or word[4:]:
            raise NotationError(f"position: after 'via', {word!r} is not a move in UCI without promotion (e.g. g1f3)")
        moves.append(chess.Move.from_uci(word))
    work = board.copy(stack=False)
    keys = [work._transposition_key()]
    for move in reversed(moves):
        piece = work.piece_at(move.to_square)
        if piece is None or piece.color == work.turn or piece.piece_type == chess.PAWN \
                or work.piece_at(move.from_square) is not None:
            raise PositionError(f"position: the history after 'via' does not lead to this position (at {move.uci()})")
        work.remove_piece_at(move.to_square)
        work.set_piece_at(move.from_square, piece)
        work.turn = not work.turn
        if work.turn == chess.BLACK:
            work.fullmove_number -= 1
        work.halfmove_clock -= 1
        work.ep_square = None
        if work.halfmove_clock < 0 or work.fullmove_number < 1:
            raise PositionError("position: the history after 'via' is longer than the half-move clock allows")
        if not work.is_pseudo_legal(move) or work.is_castling(move) or work.is_irreversible(move):
            raise PositionError(
                f"position: {move.uci()} after 'via' is not a reversible move there (the history starts after the "
                "last capture, pawn move or loss of a castling right)"
            )
        if work.was_into_check():
            raise PositionError(f"position: before {move.uci()} (after 'via') the side not to move would be in check")
        keys.append(work._transposition_key())
    return tuple(moves), tuple(reversed(keys))
