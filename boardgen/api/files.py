"""Where a function of :mod:`boardgen.api` puts what it makes: the ``path`` and ``format`` keywords
checked before any work, and the bytes written whole or not at all."""

from __future__ import annotations

from os import PathLike
from pathlib import Path

from boardgen.api.checks import StrPath
from boardgen.errors import OptionError


def target(value: StrPath | None) -> Path | None:
    """The ``path`` keyword as a Path (None: bytes only)."""
    if value is None:
        return None
    if not isinstance(value, (str, PathLike)) or not str(value):
        raise OptionError("path", f"expected a file name, not {value!r}")
    return Path(value)


def output_format(fmt: object, path: Path | None, allowed: tuple[str, ...], default: str) -> str:
    """The file format: ``fmt`` checked, else the path's suffix, else ``default``; a contradicting suffix is an error."""
    suffix = path.suffix.lower().lstrip(".") if path is not None else ""
    if fmt is None:
        chosen = suffix if suffix in allowed else default
    else:
        chosen = fmt.strip().lower() if isinstance(fmt, str) else ""
        if chosen not in allowed:
            raise OptionError("format", f"must be {' or '.join(allowed)}, not {fmt!r}")
    if path is not None and suffix and suffix != chosen:
        raise OptionError("path", f"{path.name} does not end in .{chosen}, but the file is {chosen.upper()}")
    return chosen


def check_writable(path: Path | None) -> None:
    """Refuse, before any drawing or typesetting, a ``path`` that cannot be written."""
    if path is not None:
        from boardgen.output import check_writable as writable

        writable(path, "path")


def deliver(data: bytes, path: Path | None) -> bytes:
    """``data``, also written atomically to ``path`` when given."""
    if path is not None:
        from boardgen.output import write_atomic

        write_atomic(path, data)
    return data
