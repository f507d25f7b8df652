"""Errors that reach the user as one line on stderr and exit status 2.

Every mistake a user can make (a bad option, an unreadable file, an impossible
position, an illegal move) is raised as a :class:`BoardgenError`; the CLI turns it
into ``boardgen: error: <message>`` without a traceback.  Anything else escaping
is a bug in boardgen and is allowed to show its traceback.
"""

from __future__ import annotations

from collections.abc import Mapping

#: the characters of a quoted text that a message shows (half from its start, half from its end)
QUOTE_KEEP = 40
#: the longest error line printed whole; a longer one keeps its start and end
LINE_KEEP = 1000


def quoted(text: str, keep: int = QUOTE_KEEP) -> str:
    """``repr(text)``, or for a longer text its start and end around ``...`` and its length.

    Messages quote what the user typed; a pasted move of 100,000 characters
    must still give one line that a person can read.
    """
    if len(text) <= keep:
        return repr(text)
    half = keep // 2
    return f"{text[:half] + '...' + text[-half:]!r} ({len(text):,} characters)"


def shown(value: object, keep: int = 60) -> str:
    """``repr(value)`` of a library argument, its start and end only when long (a message stays one readable line)."""
    text = repr(value)
    return text if len(text) <= keep else f"{text[:keep * 3 // 5]}...{text[-keep // 3:]}"


def clipped(line: str, keep: int = LINE_KEEP) -> str:
    """``line``, or for a longer one its first two thirds and last third of ``keep`` around a count of what is left out.

    The last resort for messages that quote input whole: the start says
    where (option, file, move number), the end says what is wrong.
    """
    if len(line) <= keep:
        return line
    head, tail = keep * 2 // 3, keep // 3
    return f"{line[:head]} ... [{len(line) - head - tail:,} characters left out] ... {line[-tail:]}"


class BoardgenError(Exception):
    """A user-facing error: the message says what is wrong, where, and what is allowed."""

    exit_code = 2


class OptionError(BoardgenError):
    """A command-line option (or library argument) has a value that is not allowed."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.detail = message  # the message without the option's name, to reword for another caller
        super().__init__(f"{option}: {message}")


def option_name(names: Mapping[str, str] | None, keyword: str) -> str:
    """The name the caller's user knows an option by: ``names[keyword]``, else the keyword itself.

    Lower layers raise OptionError naming a keyword (``paper``); a command line
    passes ``{"paper": "--paper"}`` so its users read the flag they typed.
    """
    return names.get(keyword, keyword) if names else keyword


class NotationError(BoardgenError):
    """A position or move text does not parse."""


class PositionError(BoardgenError):
    """A position parses but cannot occur (two pieces on a point, too many pieces, ...)."""


class IllegalMoveError(BoardgenError):
    """A move is well formed but not legal in the position.

    ``code`` is a short stable identifier of the reason (for example ``occupied``
    or ``must-capture``) that booklet diagrams can claim; ``message`` is the
    sentence shown to people.
    """

    def __init__(self, message: str, code: str = "illegal") -> None:
        self.code = code
        super().__init__(message)


class SourceError(BoardgenError):
    """A problem in a source file, reported as ``file:line: message``."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.detail = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class MissingExtraError(BoardgenError):
    """A feature needs libraries of an optional extra that is not installed.

    ``extra`` names the extra (``booklets``, ``chess``), ``missing`` the import
    names not found, and the message ends with the command that installs them,
    so a user of a core install reads what to do instead of a traceback.
    """

    def __init__(self, extra: str, feature: str, missing: tuple[str, ...], install: str) -> None:
        self.extra = extra
        self.feature = feature
        self.missing = missing
        self.install = install
        super().__init__(f"{feature} needs the {extra} extra ({', '.join(missing)} not installed): {install}")
