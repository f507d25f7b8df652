"""Writing output files whole or not at all, and only over regular files.

Every file boardgen produces is written to a temporary file in the target's
folder and renamed over the target only when complete, so an error half-way
(a full disk among them) never leaves a truncated PDF behind.

The rename would replace whatever the name points at, so a target that
exists and is not a regular file (a device such as ``/dev/null``, a FIFO, a
socket, a folder) is refused instead: as root, renaming over ``/dev/null``
turns the device node into a plain file for every program on the machine.
Standard output is the way to send the bytes to a pipe or device (``-o -``).
A symlink to a regular file given by the user (``-o link.pdf``) is written
through: the file it leads to is replaced, the link stays.  The build is
different: it writes into a folder that may hold links it did not make, so
it writes with :func:`write_inside`, which never follows a symlink below the
folder (and replaces one found where it writes).

The temporary names are ``.NAME.XXXXXXXX.tmp`` (:data:`TEMPORARY_PREFIX`,
:data:`TEMPORARY_SUFFIX`), held locked (``flock``) while written; a process
killed with SIGKILL cannot remove its own, so a later run does:
:func:`remove_stale_temporaries` (the build's folders) and
:func:`remove_stale_temporaries_of` (the file a command is about to write,
called by :func:`check_writable`).  A temporary file still locked is being
written by a live process and is left alone.
"""

from __future__ import annotations

import logging
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
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
    remove_stale_temporaries_of(target)


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
            _hold(handle)
            stream.write(data)
            stream.flush()
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


def _hold(handle: int) -> None:
    """Lock a temporary file while it is written: a run that finds it locked knows its writer is alive (flock ends with the process)."""
    try:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_EX)
    except (ImportError, OSError):  # no flock (another system, some network file systems): the age alone decides
        pass


def _being_written(path: str) -> bool:
    """Whether a live process holds the temporary file ``path`` locked (:func:`_hold`): it is being written now."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return True  # cannot tell: leave it
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(handle)
    return False


def remove_stale_temporaries_of(path: Path) -> list[Path]:
    """Remove the temporary files a killed run left for ``path`` (``.NAME.XXXXXXXX.tmp`` beside it) that no live process is writing.

    ``boardgen board``, ``booklet`` and the other commands that write a file
    call this (through :func:`check_writable`) before their work, so a run
    killed with SIGKILL leaves its temporary file only until the next run
    that writes the same file.  Only that name's temporaries are touched:
    the folder may hold anybody's files.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        match = _TEMPORARY.fullmatch(entry.name)
        if match is None or match.group("name") != path.name:
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or _being_written(entry.path):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        logger.info("removed %s (left by an interrupted run)", entry.path)
        removed.append(Path(entry.path))
    return removed


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
                if not entry.is_file(follow_symlinks=False) or entry.stat(follow_symlinks=False).st_mtime >= before or _being_written(entry.path):
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    logger.debug("looked for temporary files (.NAME.XXXXXXXX.tmp) left by a killed run in %d folder%s: %d removed", len(seen), "" if len(seen) == 1 else "s", len(removed))
    return removed


# -- writing inside a folder without following a link ------------------------------------------
#
# The build owns its output folder but not what a user (or anybody able to write
# there) put in it: a symlink where a file or folder of the build goes must not
# lead the build's writes elsewhere.  These functions walk from the root to the
# file one folder at a time, with file descriptors opened O_NOFOLLOW, so that no
# symlink below the root is ever followed, even one swapped in mid-way; the root
# itself may be a symlink (the user named it).  A symlink found where the build
# writes is replaced (a regular file, or a real folder): the link is removed, its
# target is never touched, and a warning names it.

_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_TEMPORARY_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def _parts(relative: str) -> list[str]:
    parts = relative.split("/")
    if not relative or relative.startswith("/") or any(part in ("", ".", "..") or "\\" in part for part in parts):
        raise BoardgenError(f"{relative!r} is not a plain relative path")
    return parts


def _open_root(root: Path) -> int:
    try:
        return os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise BoardgenError(f"cannot open folder {root}: {exc.strerror or exc}") from None


def _mode(name: str, folder: int) -> int | None:
    """The mode of ``name`` in the folder ``folder`` (a descriptor), not following a symlink; None when it does not exist."""
    try:
        return os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return None


def _open_below(root: Path, parts: list[str], create: bool) -> int | None:
    """A descriptor of the folder ``root/parts...``, every part a real folder (a symlink replaced when ``create``).

    Without ``create``, None when a part is missing, a symlink or not a
    folder; with it, missing folders are made and symlinks replaced by
    folders, and a part that is some other file is a BoardgenError.
    """
    folder = _open_root(root)
    shown = Path(root)
    try:
        for part in parts:
            shown = shown / part
            try:
                below = os.open(part, _FOLDER_FLAGS, dir_fd=folder)
            except OSError:
                mode = _mode(part, folder)
                if not create or (mode is not None and not stat.S_ISLNK(mode)):
                    if create:
                        raise BoardgenError(f"{shown} is not a folder; the build writes its files there: move it away") from None
                    os.close(folder)
                    return None
                if mode is not None:
                    os.unlink(part, dir_fd=folder)
                    logger.warning("replaced the symlink %s by a folder: the build writes only inside its output folder (the link's target is left as it was)", shown)
                os.mkdir(part, 0o755, dir_fd=folder)
                below = os.open(part, _FOLDER_FLAGS, dir_fd=folder)
            os.close(folder)
            folder = below
    except BaseException:
        os.close(folder)
        raise
    return folder


def write_inside(root: Path, relative: str, data: bytes) -> None:
    """Write ``data`` whole to ``root/relative`` (``/`` separators) without following any symlink below ``root``.

    The folders on the way are made (a symlink among them replaced by a real
    folder), a symlink at the file's name is replaced by the file (the link's
    target is not touched), and anything else that is not a regular file
    there (a folder, a FIFO) is refused.  The bytes go to a temporary file in
    the same folder, renamed over the name when complete, as
    :func:`write_atomic`.
    """
    parts = _parts(relative)
    shown = Path(root).joinpath(*parts)
    try:
        folder = _open_below(root, parts[:-1], create=True)
    except OSError as exc:
        raise BoardgenError(f"cannot write {shown}: {exc.strerror or exc}") from None
    assert folder is not None
    name = parts[-1]
    try:
        mode = _mode(name, folder)
        if mode is not None and stat.S_ISLNK(mode):
            logger.warning("replacing the symlink %s by a regular file: the build writes only inside its output folder (the link's target is left as it was)", shown)
        elif mode is not None and not stat.S_ISREG(mode):
            kind = next((words for test, words in _KINDS if test(mode)), "not a regular file")
            raise BoardgenError(_refusal(shown, kind))
        _write_in(folder, name, data, shown)
    except OSError as exc:
        raise BoardgenError(f"cannot write {shown}: {exc.strerror or exc}") from None
    finally:
        os.close(folder)


def _write_in(folder: int, name: str, data: bytes, shown: Path) -> None:
    """The temporary file in ``folder`` (held locked while written, see :func:`remove_stale_temporaries`), renamed to ``name``."""
    import secrets

    while True:
        temporary = f"{TEMPORARY_PREFIX}{name}.{''.join(secrets.choice(_TEMPORARY_CHARACTERS) for _ in range(8))}{TEMPORARY_SUFFIX}"
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644, dir_fd=folder)
            break
        except FileExistsError:
            continue
    try:
        try:
            _hold(handle)
            os.fchmod(handle, 0o644)  # whatever the umask: the files of a download site are for everyone to read
            stream = os.fdopen(handle, "wb")
        except BaseException:
            os.close(handle)
            raise
        with stream:
            stream.write(data)
            stream.flush()
            os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        try:
            os.unlink(temporary, dir_fd=folder)
        except FileNotFoundError:
            pass
        raise


@contextmanager
def _parent_of(root: Path, relative: str) -> Iterator[tuple[int, str] | None]:
    """The open folder that holds ``root/relative`` (reached without following a symlink) and the
    entry's name in it; None when it cannot be reached so.  The folder is closed on leaving."""
    try:
        parts = _parts(relative)
        folder = _open_below(root, parts[:-1], create=False)
    except (BoardgenError, OSError):
        folder = None
    if folder is None:
        yield None
        return
    try:
        yield folder, parts[-1]
    finally:
        os.close(folder)


def stat_inside(root: Path, relative: str) -> os.stat_result | None:
    """``lstat`` of ``root/relative`` reached without following a symlink below ``root``; None if it cannot be reached so."""
    with _parent_of(root, relative) as found:
        if found is None:
            return None
        try:
            return os.stat(found[1], dir_fd=found[0], follow_symlinks=False)
        except OSError:
            return None


def read_inside(root: Path, relative: str) -> bytes | None:
    """The bytes of the regular file ``root/relative``, reached without following any symlink; None otherwise."""
    with _parent_of(root, relative) as found:
        if found is None:
            return None
        try:
            handle = os.open(found[1], os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=found[0])
        except OSError:
            return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        with os.fdopen(handle, "rb") as stream:
            handle = -1
            return stream.read()
    except OSError:
        return None
    finally:
        if handle >= 0:
            os.close(handle)


def remove_inside(root: Path, relative: str) -> bool:
    """Remove ``root/relative`` if it is a regular file or a symlink (the link, never its target), reached without following one.

    A folder it leaves empty (not ``root``) is removed too.  Returns whether
    anything was removed.
    """
    with _parent_of(root, relative) as found:
        if found is None:
            return False
        folder, name = found
        try:
            mode = _mode(name, folder)
            if mode is None or not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
                return False
            os.unlink(name, dir_fd=folder)
            empty = not os.listdir(folder)
        except OSError:
            return False
    parts = _parts(relative)
    if empty and len(parts) > 1:
        parent = _open_below(root, parts[:-2], create=False)
        if parent is not None:
            try:
                os.rmdir(parts[-2], dir_fd=parent)
            except OSError:
                pass
            finally:
                os.close(parent)
    return True


def make_folder(folder: Path, option: str) -> Path:
    """``folder``, made if missing; OptionError naming ``option`` when it is a file or cannot be made (the build's and the preview's output)."""
    if folder.exists() and not folder.is_dir():
        raise OptionError(option, f"{folder} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(option, f"cannot create folder {folder}: {exc.strerror or exc}") from None
    return folder
