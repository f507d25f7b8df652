"""What every command shares: ``-q``/``-v``, and ``-o`` with its format and ``-`` for stdout.

Each command takes :func:`verbosity_options` so that the messages of all of
them go through the one setup in :mod:`boardgen.logs`; a test checks that no
command lacks it.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import click

from boardgen import logs
from boardgen.errors import OptionError

OUTPUT_OPTION = "-o/--output"
STDOUT = "-"

log = logging.getLogger("boardgen")


def verbosity_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``-q/--quiet`` and ``-v/--verbose`` to a command and set up logging before it runs."""

    @functools.wraps(command)
    def run(*args: Any, quiet: bool, verbose: bool, **kwargs: Any) -> Any:
        if quiet and verbose:
            raise OptionError("-q/--quiet", "cannot be combined with -v/--verbose; choose one")
        logs.configure(logs.QUIET if quiet else logs.VERBOSE if verbose else logs.NORMAL)
        if verbose:
            from boardgen import __version__  # looked up under the distribution's name, boardgen-games

            context = click.get_current_context()
            log.debug("boardgen %s, Python %s, command %s", __version__, sys.version.split()[0], context.info_name)
        return command(*args, **kwargs)

    run = click.option("-v", "--verbose", is_flag=True, help="Also print debug detail (on stderr).")(run)
    run = click.option("-q", "--quiet", is_flag=True, help="Print no progress lines; warnings and errors still show.")(run)
    return run


def output_format(fmt: str | None, output: str | None, formats: tuple[str, ...], default: str, what: str = "the file") -> str:
    """The format to write: ``--format``, else the ``-o`` suffix, else ``default``.

    A suffix that names another format than the one chosen (``-o board.png``,
    or ``--format svg -o x.pdf``) is an error naming ``-o/--output``: writing
    SVG into ``x.pdf`` would only surprise.  ``-o -`` (stdout) and a name
    without suffix take the format from ``--format`` or the default.
    """
    allowed = " or ".join(formats)
    chosen = None
    if fmt is not None:
        chosen = fmt.strip().lower()
        if chosen not in formats:
            raise OptionError("--format", f"must be {allowed}, not {fmt!r}")
    suffix = Path(output).suffix.lower().lstrip(".") if output and output != STDOUT else ""
    if not suffix:
        return chosen or default
    if chosen is None:
        if suffix not in formats:
            raise OptionError(OUTPUT_OPTION, f"{output} ends in .{suffix}, but {what} is written as {allowed}; name it .{' or .'.join(formats)}")
        return suffix
    if suffix != chosen:
        raise OptionError(OUTPUT_OPTION, f"{output} ends in .{suffix}, but --format is {chosen}; name it .{chosen} or drop --format")
    return chosen


def output_target(output: str | None, default_name: str) -> Path | None:
    """The file ``-o`` names (checked writable before any work), or None for ``-o -``: standard output.

    With stdout carrying the data, progress lines move to stderr.  A name
    ending in ``/`` means a folder, never a file: an error naming the option
    rather than a file called ``newdir`` (the slash would otherwise be lost).
    A target that is not a regular file (``/dev/null``, a FIFO) is refused by
    :func:`boardgen.output.check_writable`: ``-o -`` is the way to a pipe.
    """
    if output == STDOUT:
        if stdout_bytes() is None:
            raise OptionError(OUTPUT_OPTION, f"- means standard output, which is closed; give a file name (e.g. {default_name})")
        logs.progress_to_stderr()
        return None
    from boardgen.output import check_writable

    if output == "":  # -o "$UNSET": a mistake, not a request for the default name
        raise OptionError(OUTPUT_OPTION, f"the file name is empty; give a file name (e.g. {default_name}) or - for standard output")
    if output and output.endswith(tuple(sep for sep in (os.sep, os.altsep) if sep)):
        raise OptionError(OUTPUT_OPTION, f"{output} ends in {output[-1]}, so it names a folder; give a file name (e.g. {output}{default_name})")
    path = Path(output) if output else Path(default_name)
    check_writable(path, OUTPUT_OPTION)
    return path


def stdout_bytes() -> BinaryIO | None:
    """Standard output as a byte stream, or None when there is none (``>&-`` leaves Python ``sys.stdout = None``)."""
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None:
        return None
    if getattr(stream, "closed", False):
        return None
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):  # a stream in memory (a test's capture): usable as it is
        return stream
    try:
        os.fstat(descriptor)
    except OSError:  # the descriptor was closed under Python
        return None
    return stream


def write_output(path: Path | None, data: bytes) -> str:
    """Write ``data`` whole to ``path`` (atomically), or as exact bytes to stdout; the name for the progress line."""
    if path is None:
        stream = stdout_bytes()
        if stream is None:
            raise OptionError(OUTPUT_OPTION, "- means standard output, which is closed; give a file name")
        try:
            stream.write(data)
            stream.flush()
        except OSError as exc:  # a full disk behind a redirection, a closed pipe
            from boardgen.errors import BoardgenError

            raise BoardgenError(f"cannot write to standard output: {exc.strerror or exc}") from None
        return "standard output"
    from boardgen.output import write_atomic

    write_atomic(path, data, OUTPUT_OPTION)
    return str(path)


#: every ``--json`` output's indentation (docs/cli.md, "JSON output")
JSON_INDENT = 2


def echo_json(data: object) -> None:
    """Print ``data`` as every ``--json`` prints: one object, indented by :data:`JSON_INDENT`, UTF-8 as is, a newline after.

    One writer for every command, so that a script reads them all one way
    (tests/cli/test_json_output.py runs each command with ``--json``).
    """
    import json

    click.echo(json.dumps(data, ensure_ascii=False, indent=JSON_INDENT))


def json_path(path: Path | str) -> str:
    """A file's path as every ``--json`` gives it: relative to the working folder when the file is under it, else as given.

    The rule of the ``file:line`` messages (:func:`boardgen.booklet.problems.display_path`),
    so a path in the JSON and in a message are the same text.
    """
    from boardgen.booklet.problems import display_path

    return display_path(path)
