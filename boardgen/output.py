"""Writing output files whole or not at all, and only over regular files.

Every file boardgen produces is written to a temporary file in the target's
folder and renamed over the target only when complete, so an error half-way
(a full disk among them) never leaves a truncated PDF behind.

The rename would replace whatever the name points at, so a target that
exists and is not a regular file (a device such as ``/dev/null``, a FIFO, a
socket, a folder) is refused instead: as root, renaming over ``/dev/null``
turns the device node into a plain file for every program on the machine.
Standard output is the way to send the bytes to a pipe or device (``-o -``).
A symlink to a regular file is written through: the file it leads to is
replaced, the link stays.

The temporary names are ``.NAME.XXXXXXXX.tmp`` (:data:`TEMPORARY_PREFIX`,
:data:`TEMPORARY_SUFFIX`); a process killed with SIGKILL cannot remove its
own, so :func:`remove_stale_temporaries` lets a later run clean them up.
"""

from __future__ import annotations

import logging
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from boardgen.errors import BoardgenError, OptionError

logger = logging.getLogger("boardgen")

TEMPORARY_PREFIX = "."  # then the target's name and a dot, as given to mkstemp
TEMPORARY_SUFFIX = ".tmp"
# mkstemp's random part: 8 characters of [a-z0-9_]
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp")

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(path: Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file (following symlinks), else None."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return "a symlink to nothing"
        return None
    except OSError:
        return None  # let the write itself report it
    if stat.S_ISREG(mode):
        return None
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return "not a regular file"


def _refusal(path: Path, kind: str) -> str:
    if kind == "a folder":
        return f"{path} is a folder, not a file name"
    return f"{path} is {kind}, not a regular file; boardgen replaces only regular files (use - for standard output)"


def check_writable(path: Path, option: str = "-o") -> None:
    """Fail early, before any work, if ``path`` cannot be written (or is not a regular file)."""
    path = Path(path)
    kind = _not_regular(path)
    if kind is not None:
        raise OptionError(option, _refusal(path, kind))
    target = Path(os.path.realpath(path)) if os.path.islink(path) else path
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise OptionError(option, f"cannot write {path}: {folder} {what}")
    if not os.access(folder, os.W_OK):
        raise OptionError(option, f"folder {folder} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise OptionError(option, f"{path} is not writable")
    # os.access answers "yes" to root for folders nothing can be created in
    # (/proc, /sys, a read-only bind mount seen through a writable mode):
    # create and remove a temporary file there, as the real write will.
    try:
        handle, probe = tempfile.mkstemp(prefix=TEMPORARY_PREFIX, suffix=TEMPORARY_SUFFIX, dir=folder)
    except OSError as exc:
        raise OptionError(option, f"cannot create a file in folder {folder}: {exc.strerror or exc}") from None
    os.close(handle)
    os.unlink(probe)


def write_atomic(path: Path, data: bytes, option: str | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed into place.

    Refuses (OptionError naming ``option`` if given, else BoardgenError) a
    target that is not a regular file, checked again here because the build
    steps write without :func:`check_writable` and because the target may
    have changed since.  Any OSError (ENOSPC, EIO...) removes the temporary
    file and becomes a BoardgenError, so the command exits 2 and the old file,
    if any, is left as it was.
    """
    path = Path(path)
    kind = _not_regular(path)
    if kind is not None:
        message = _refusal(path, kind)
        raise OptionError(option, message) if option else BoardgenError(message)
    target = Path(os.path.realpath(path)) if os.path.islink(path) else path
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f"{TEMPORARY_PREFIX}{target.name}.", suffix=TEMPORARY_SUFFIX, dir=target.parent or "."
        )
    except OSError as exc:
        message = f"cannot create a file in folder {target.parent or Path('.')}: {exc.strerror or exc}"
        raise OptionError(option, message) if option else BoardgenError(message) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise BoardgenError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise


def is_temporary(name: str) -> bool:
    """Whether ``name`` is one of :func:`write_atomic`'s temporary file names."""
    return _TEMPORARY.fullmatch(name) is not None


def reached_without_symlinks(root: Path, folder: Path) -> bool:
    """Whether ``folder`` is ``root`` or a real folder below it, with no symlink on the way (``root`` itself may be one)."""
    try:
        parts = Path(folder).relative_to(root).parts
    except ValueError:
        return False
    current = Path(root)
    for part in parts:
        current = current / part
        if part in ("..", "") or current.is_symlink() or not current.is_dir():
            return False
    return Path(root).is_dir()


def remove_stale_temporaries(folders: Iterable[Path], before: float, root: Path | None = None) -> list[Path]:
    """Remove write_atomic's temporary files in ``folders`` last modified before ``before`` (a time.time()).

    Only regular files whose name has exactly the temporary pattern are
    touched (never a symlink, whatever its name), and only those older than
    ``before`` (the start of the run), so a file being written right now by
    this run is never removed.  Folders are not searched below; with
    ``root``, a folder that is not below it or is reached through a symlink
    is skipped, so the sweep never leaves the tree it was given.  Each folder
    is swept once.  Returns the files removed; a debug line says how many
    folders were looked at.
    """
    removed = []
    seen: set[Path] = set()
    for folder in folders:
        if folder in seen or (root is not None and not reached_without_symlinks(root, folder)):
            continue
        seen.add(folder)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not is_temporary(entry.name):
                continue
            try:
                if not entry.is_file(follow_symlinks=False) or entry.stat(follow_symlinks=False).st_mtime >= before:
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    logger.debug("looked for temporary files (.NAME.XXXXXXXX.tmp) left by a killed run in %d folder%s: %d removed", len(seen), "" if len(seen) == 1 else "s", len(removed))
    return removed
