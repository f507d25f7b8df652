"""Reading a PGN game for a position text: python-chess's reader, made strict.

``chess.pgn.read_game`` is built to get what it can out of damaged files, so
it skips what it does not understand without a word: a tag pair with moves on
its line (``[FEN "..."] 1. Rh8#``) loses the moves, ``[[[[`` and a bare ``1.``
read as a game with no moves.  For a file of games that is kind; for a
position text it turned a broken record into the start position, with exit
status 0.  :func:`read_pgn` reads the same games, and refuses (NotationError,
one line) a text in which anything is neither a tag pair on its own line nor
movetext (move numbers, SAN moves, results, comments, NAGs, variations), a
game with neither a move nor a ``FEN`` tag, and any game whose moves
python-chess did not all read.  Its errors come back as our message, not as
python-chess's log line on stderr.
"""

from __future__ import annotations

import io
import re

import chess
import chess.pgn

from boardgen.errors import NotationError, quoted

TAG_RE = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"(?:[^"\\]|\\.)*"\s*\]')
COMMENT_RE = re.compile(r"\{[^}]*\}|;[^\n]*")
VARIATION_RE = re.compile(r"\([^()]*\)")
NAG_RE = re.compile(r"\$\d+")
NUMBER_RE = re.compile(r"\d+\.+")
RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})
SUFFIX_RE = re.compile(r"[!?]+$")
CASTLING = frozenset({"O-O", "O-O-O", "0-0", "0-0-0"})


class _QuietBuilder(chess.pgn.GameBuilder):
    """python-chess's game builder without its log line: the error is reported by us, once."""

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)


def read_pgn(text: str) -> chess.pgn.Game:
    """The game ``text`` writes; NotationError ``position: PGN: ...`` for anything it does not read whole."""
    movetext = _movetext(text)
    moves = _mainline_moves(movetext)
    game = chess.pgn.read_game(io.StringIO(text + "\n"), Visitor=_QuietBuilder)
    if game is None:
        raise NotationError("position: no PGN game in the text")
    if game.errors:
        raise NotationError(f"position: PGN: {game.errors[0]}")
    if not moves and "FEN" not in game.headers:
        raise NotationError("position: PGN: a game with no moves and no [FEN \"...\"] tag says no position")
    read = len(list(game.mainline_moves()))
    if read != len(moves):
        raise NotationError(f"position: PGN: {len(moves)} moves written, python-chess read {read}")
    return game


def _movetext(text: str) -> str:
    """The movetext after the tag pairs, each of which must stand alone on its line."""
    lines = text.splitlines()
    number = 0
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("["):
            number -= 1
            break
        if not TAG_RE.fullmatch(stripped):
            raise NotationError(
                f"position: PGN line {number}: {quoted(stripped)} is not one tag pair alone on its line, "
                'such as [FEN "..."] (the moves go on the lines after the tags)'
            )
    else:
        return ""
    return "\n".join(lines[number:])


def _mainline_moves(movetext: str) -> list[str]:
    """The SAN moves of the main line; NotationError naming the first token that is none of movetext's parts."""
    text = COMMENT_RE.sub(" ", movetext)
    while VARIATION_RE.search(text):
        text = VARIATION_RE.sub(" ", text)
    text = NAG_RE.sub(" ", text)
    moves: list[str] = []
    for token in text.split():
        rest = NUMBER_RE.sub("", token, count=1) if NUMBER_RE.match(token) else token
        if not rest or rest in RESULTS:
            continue
        san = SUFFIX_RE.sub("", rest)
        if san.rstrip("+#") in CASTLING or chess.SAN_REGEX.match(san):
            moves.append(san)
            continue
        raise NotationError(f"position: PGN: {quoted(token)} is not a move number, a SAN move or a result")
    return moves
