"""Writing output files whole or not at all.

Every file boardgen produces is written to a temporary file in the target's
folder and renamed over the target only when complete, so an error half-way
never leaves a truncated PDF behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from boardgen.errors import BoardgenError, OptionError


def check_writable(path: Path, option: str = "-o") -> None:
    """Fail early, before any work, if ``path`` cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OptionError(option, f"{path} is a folder, not a file name")
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise OptionError(option, f"cannot write {path}: {folder} {what}")
    if not os.access(folder, os.W_OK):
        raise OptionError(option, f"folder {folder} is not writable")
    if path.exists() and not os.access(path, os.W_OK):
        raise OptionError(option, f"{path} is not writable")


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed into place."""
    path = Path(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    except OSError as exc:
        raise BoardgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise BoardgenError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise
