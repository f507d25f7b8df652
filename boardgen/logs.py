"""Where boardgen's messages go: one logging setup for the whole command line.

Library modules only ever call ``logging.getLogger("boardgen")`` and log;
they never print and never add handlers, so a program that uses boardgen as
a library decides itself what it wants to see.  The command line calls
:func:`configure` once per command (``-q``/``-v`` choose the level), which
gives every message one line and one place:

* errors and warnings go to stderr as ``boardgen: error: ...`` and
  ``boardgen: warning: ...`` (warnings are for input that was skipped, such as
  a ``PAPERSIZE`` that names a paper boardgen does not have);
* progress (``wrote X``) is logged at INFO and goes to stdout, where people
  read it, unless stdout carries the command's data (``-o -``, ``--json``):
  then :func:`progress_to_stderr` moves it to stderr;
* ``-v`` adds DEBUG detail on stderr as ``boardgen: debug: ...``;
* ``-q`` hides progress and debug detail; warnings and errors still show.

What a command exists to print (the moves, a position, a perft count, the
list of games) is not logging at all: commands write it to stdout themselves,
whatever the level.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

LOGGER_NAME = "boardgen"
log = logging.getLogger(LOGGER_NAME)

QUIET, NORMAL, VERBOSE = -1, 0, 1
_LEVELS = {QUIET: logging.WARNING, NORMAL: logging.INFO, VERBOSE: logging.DEBUG}


class LineHandler(logging.Handler):
    """Every record as one line: INFO plain (stdout or stderr), anything else with its ``boardgen: level:`` prefix on stderr.

    The streams are looked up when a record is written, not when the handler
    is made, so redirected or captured streams (pytest's ``capsys``) are
    honoured.
    """

    def __init__(self, progress_on_stderr: bool = False) -> None:
        super().__init__(logging.DEBUG)
        self.progress_on_stderr = progress_on_stderr

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = " ".join(record.getMessage().split())
            if record.levelno == logging.INFO:
                stream = sys.stderr if self.progress_on_stderr else sys.stdout
                line = text
            else:
                stream = sys.stderr
                line = f"boardgen: {_level_word(record.levelno)}: {text}"
            if stream is None:  # pythonw, or a closed stream: nowhere to write
                return
            write_line(stream, line)
        except Exception:  # a logging failure must not end the command
            self.handleError(record)


def write_line(stream: TextIO, line: str) -> None:
    """Write one line to ``stream`` whatever it can take: characters it cannot encode escaped, a reader that went away ignored.

    An ASCII-only terminal (``LANG=C``) still shows a folder named ``saída``
    (as ``sa\\xedda``); a pipe closed by its reader (``| head -1``) ends the
    lines, not the command, and no traceback follows: the stream is pointed
    at the null device, so that Python's own flush at exit finds nothing to
    complain about.
    """
    try:
        try:
            stream.write(line + "\n")
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write(line.encode(encoding, "backslashreplace").decode(encoding, "replace") + "\n")
        stream.flush()
    except BrokenPipeError:
        _to_null(stream)
    except ValueError:  # a closed file
        pass


def _to_null(stream: TextIO) -> None:
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _level_word(levelno: int) -> str:
    if levelno >= logging.ERROR:
        return "error"
    if levelno >= logging.WARNING:
        return "warning"
    return "debug"


def configure(verbosity: int = NORMAL) -> LineHandler:
    """Send logger ``boardgen``'s records to one :class:`LineHandler` at the level ``verbosity`` asks for.

    Calling it again replaces the handler, so each command run (also several
    in one process, as tests do) has exactly one.  Records still propagate
    to the root logger, which has no handler in the command line, so nothing
    is printed twice; pytest's ``caplog`` sees them there.
    """
    for handler in [h for h in log.handlers if isinstance(h, LineHandler)]:
        log.removeHandler(handler)
    handler = LineHandler()
    log.addHandler(handler)
    log.setLevel(_LEVELS[verbosity])
    return handler


def progress_to_stderr() -> None:
    """Write progress lines to stderr from now on: stdout carries the command's data."""
    for handler in log.handlers:
        if isinstance(handler, LineHandler):
            handler.progress_on_stderr = True


def reset() -> None:
    """Remove the command line's handler and level (for tests that run commands in-process)."""
    for handler in [h for h in log.handlers if isinstance(h, LineHandler)]:
        log.removeHandler(handler)
    log.setLevel(logging.NOTSET)
