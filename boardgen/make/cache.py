"""What the last builds made, kept in the output folder (``.boardgen-build.json``) so the next one can skip it.

One record per file: its :class:`~boardgen.site.catalogue.Artefact` (size,
sha256, pages...), the key it was made with, the file's fingerprint when the
build last hashed it (size, modification time, inode and change time), how
long it took, the key it last passed the audit under
(:mod:`boardgen.make.audit`; a record without one is read again), and a seal.

A file is up to date when its job's key is the recorded one and the file is
still what was written.  One ``lstat`` tells when nothing moved: same size,
modification time, inode and change time (the change time is set by the
system on every write, rename or ``utime`` and cannot be put back by a user,
so a damaged file whose size and time were restored is caught).  When any of
them differs (a copy, a ``touch``, an edit) the file is hashed: the same
sha256 as recorded keeps it (the new fingerprint is recorded), another makes
it again.

The seal of a record is a sha256 of its fields and fingerprint, written by
the build when it made or hashed the file: a record edited by hand (a
forged sha256, a size, a page count) no longer matches its seal and its file
is made again, so what the site and ``manifest.json`` publish is what the
build computed from the file.  The cache also keeps, per game, the key its
rule texts were last checked with and the diagrams they hold, sealed the
same way: an entry that does not match its seal (ids left out or added) is
dropped with a debug line and the texts are checked again.  A seal is a
check, not a signature: it catches a damaged or hand-edited cache, not
someone who runs boardgen's own code to forge one (who could as well edit
the files themselves).

The file is a convenience and never trusted: one that is not JSON (or nested
too deeply to read), has another schema, was made for another folder (an
output folder copied elsewhere), is a symlink, or holds a record that is not
well formed is ignored with one warning, and everything is built again.  A
path in it is only ever used inside the output folder (:func:`safe_path`),
so a forged cache cannot make the build remove a file elsewhere.

Two builds may run in one folder at once (``--kind boards`` and ``--kind
booklets`` in two terminals): :meth:`Cache.save` takes a lock (``flock``
on the output folder), reads the file again and writes it
with this build's changes (records made, refreshed or forgotten, games
checked) over the other build's, so neither loses the other's records.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path, PurePosixPath
from typing import Any

from boardgen.errors import BoardgenError
from boardgen.output import reached_without_symlinks, read_inside, stat_inside, write_inside
from boardgen.site.catalogue import Artefact

CACHE_NAME = ".boardgen-build.json"
SCHEMA = 3  # 2: records have an id (diagrams) and booklets an ink; 3: records have a fingerprint and a seal, checked entries a seal
TOOL = "boardgen build"
_SHA256 = re.compile(r"[0-9a-f]{64}")

logger = logging.getLogger("boardgen")


@dataclass
class Record:
    """One file as the build last made it."""

    artefact: Artefact
    key: str
    mtime_ns: int
    seconds: float = 0.0
    audit: str = ""  # the key the file last passed the audit under (boardgen.make.audit); "" until it has
    ino: int = 0
    ctime_ns: int = 0
    seal: str = ""  # seal_of(self) when the build wrote or hashed the file; anything else: not to be trusted

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"artefact": self.artefact.to_json(), "key": self.key, "mtime_ns": self.mtime_ns, "seconds": round(self.seconds, 3)}
        if self.audit:
            entry["audit"] = self.audit
        entry.update(ino=self.ino, ctime_ns=self.ctime_ns, seal=self.seal)
        return entry

    @classmethod
    def of_file(cls, artefact: Artefact, key: str, status: os.stat_result, seconds: float = 0.0) -> "Record":
        """The record of a file the build has just written or hashed (``status``: its ``lstat``), sealed."""
        record = cls(artefact, key, status.st_mtime_ns, seconds)
        record.refresh(status)
        return record

    def refresh(self, status: os.stat_result) -> None:
        """The file was hashed and found as recorded: keep its fingerprint now, and seal the record again."""
        self.mtime_ns, self.ino, self.ctime_ns = status.st_mtime_ns, status.st_ino, status.st_ctime_ns
        self.seal = seal_of(self)

    def unchanged(self, status: os.stat_result) -> bool:
        """Whether the file's ``lstat`` is the fingerprint recorded when it was last hashed (size included)."""
        return (status.st_size, status.st_mtime_ns, status.st_ino, status.st_ctime_ns) == (self.artefact.bytes, self.mtime_ns, self.ino, self.ctime_ns)


def seal_of(record: Record) -> str:
    """The seal of a record: the sha256 of what it says about its file (not its audit key or its time, which the build updates alone)."""
    return _digest(["record", record.artefact.to_json(), record.key, record.mtime_ns, record.ino, record.ctime_ns])


def check_seal(game: str, key: str, diagrams: list[str]) -> str:
    """The seal of a game's checked entry: the key its texts were checked under and the diagram ids the check found."""
    return _digest(["checked", game, key, diagrams])


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")).hexdigest()


class BadCache(ValueError):
    """Why a cache file cannot be used."""


class Cache:
    """The records of one output folder; :meth:`save` writes them back (merged with the file's) when something changed."""

    def __init__(self, output: Path) -> None:
        self.output = output
        self.records: dict[str, Record] = {}
        self.checked: dict[str, dict[str, Any]] = {}  # game -> {"key": ..., "diagrams": [...], "seal": ...}
        self.changed: set[str] = set()  # the records this build made, refreshed or forgot (the paths)
        self.games_changed: set[str] = set()  # the games whose texts this build checked
        self._sealed: set[str] = set()  # the records whose seal was checked (a no-op build asks up to three times a file)
        self._folders: dict[str, bool] = {}  # folder (relative) -> reached without a symlink, as found this build

    @property
    def path(self) -> Path:
        return self.output / CACHE_NAME

    @property
    def dirty(self) -> bool:
        return bool(self.changed or self.games_changed)

    @classmethod
    def load(cls, output: Path) -> "Cache":
        """The cache of ``output``; an empty one (and a warning saying why) when the file cannot be trusted."""
        cache = cls(output)
        status = stat_inside(output, CACHE_NAME)
        if status is None:
            return cache
        if stat.S_ISLNK(status.st_mode):
            logger.warning("ignoring the build cache %s (a symlink: the build reads and writes only its own file there); every file is built again", cache.path)
            return cache
        if not stat.S_ISREG(status.st_mode):  # it could never be written back: say so before any work
            raise BoardgenError(f"{cache.path} is not a file; it is where the build keeps its records: move it away")
        text = read_inside(output, CACHE_NAME)
        if text is None:
            logger.warning("ignoring the build cache %s (it cannot be read); every file is built again", cache.path)
            return cache
        try:
            cache._read(text)
        except BadCache as exc:
            logger.warning("ignoring the build cache %s (%s); every file is built again", cache.path, exc)
            cache.records.clear()
            cache.checked.clear()
        return cache

    def _read(self, text: bytes, quiet: bool = False) -> None:
        try:
            data = json.loads(text)
        except RecursionError:
            raise BadCache("nested too deeply to be a build cache") from None
        except (ValueError, UnicodeDecodeError):
            raise BadCache("not JSON") from None
        if not isinstance(data, dict) or data.get("tool") != TOOL:
            raise BadCache("not written by boardgen build")
        if data.get("schema") != SCHEMA:
            raise BadCache(f"schema {data.get('schema')!r}, not {SCHEMA}: written by another version of boardgen")
        if data.get("output") != folder_identity(self.output):
            raise BadCache(f"written for the folder {data.get('output')!r}")
        records, checked = data.get("artefacts"), data.get("checked")
        if not isinstance(records, dict) or not isinstance(checked, dict):
            raise BadCache("no artefacts or checked table")
        for path, entry in records.items():
            self.records[path] = _record(path, entry)
        for game, entry in checked.items():
            if not (isinstance(entry, dict) and isinstance(entry.get("key"), str) and _string_list(entry.get("diagrams"))):
                raise BadCache(f"the checked entry of {game!r} is not well formed")
            diagrams = list(entry["diagrams"])
            if entry.get("seal") != check_seal(str(game), entry["key"], diagrams) or not all(_plain_name(ident) for ident in diagrams):
                if not quiet:
                    logger.debug("build cache: the checked entry of %s does not match its seal; its rule texts are checked again", game)
                continue
            self.checked[str(game)] = {"key": entry["key"], "diagrams": diagrams, "seal": entry["seal"]}

    def to_json(self) -> dict[str, Any]:
        return {
            "tool": TOOL,
            "schema": SCHEMA,
            "output": folder_identity(self.output),
            "checked": {game: self.checked[game] for game in sorted(self.checked)},
            "artefacts": {path: self.records[path].to_json() for path in sorted(self.records)},
        }

    def save(self) -> None:
        """Write the records back if anything changed since they were read: this build's changes over the file as it is now.

        Under the folder's lock, the file is read again (another build may
        have written it since this one started), this build's changes are
        applied to it, and it is written whole through a temporary file.
        """
        if not self.dirty:
            return
        with _locked(self.output):
            now = Cache(self.output)
            text = read_inside(self.output, CACHE_NAME)
            if text is not None:
                try:
                    now._read(text, quiet=True)
                except BadCache as exc:
                    logger.debug("build cache: the file on disk is not used for the merge (%s)", exc)
                    now.records.clear()
                    now.checked.clear()
            for path in self.changed:
                if path in self.records:
                    now.records[path] = self.records[path]
                else:
                    now.records.pop(path, None)
            for game in self.games_changed:
                now.checked[game] = self.checked[game]
            self._sealed = {path for path in self._sealed if now.records.get(path) is self.records.get(path)}  # another build's records: their seals are checked anew
            self.records, self.checked = dict(sorted(now.records.items())), now.checked  # by path, as the file has them and the next build reads them
            write_inside(self.output, CACHE_NAME, (json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
        self.changed.clear()
        self.games_changed.clear()

    def record(self, record: Record) -> None:
        self.records[record.artefact.path] = record
        self.changed.add(record.artefact.path)
        self._sealed.discard(record.artefact.path)
        self._folders.clear()  # the build made a folder, or replaced a symlink by one

    def passed(self, path: str, key: str) -> None:
        """The file ``path`` passed the audit under ``key``: the next build need not read it again while the key holds."""
        record = self.records.get(path)
        if record is not None and record.audit != key:
            record.audit = key
            self.changed.add(path)

    def forget(self, path: str) -> None:
        if self.records.pop(path, None) is not None:
            self.changed.add(path)

    def remember_check(self, game: str, key: str, diagrams: list[str]) -> None:
        entry = {"key": key, "diagrams": list(diagrams), "seal": check_seal(game, key, list(diagrams))}
        if self.checked.get(game) != entry:
            self.checked[game] = entry
            self.games_changed.add(game)

    def intact(self, path: str, key: str | None = None) -> Record | None:
        """The record of ``path`` if the file is still what was written (and was made with ``key``, if given).

        One ``lstat`` when the fingerprint agrees and the record matches its
        seal; the sha256 of the file when only the fingerprint differs, after
        which the new one is recorded.  A record that does not match its seal
        is never trusted, nor a file reached through a symlink.
        """
        record = self.records.get(path)
        if record is None or (key is not None and record.key != key):
            return None
        if path not in self._sealed:
            if record.seal != seal_of(record):
                logger.debug("build cache: the record of %s does not match its seal; the file is made again", path)
                return None
            self._sealed.add(path)
        status = self._lstat(path)
        if status is None or not stat.S_ISREG(status.st_mode) or status.st_size != record.artefact.bytes:
            return None
        if record.unchanged(status):
            return record
        from boardgen.site.catalogue import digest

        data = read_inside(self.output, path)
        if data is None or len(data) != record.artefact.bytes or digest(data) != record.artefact.sha256:
            logger.debug("build cache: %s is not the file the build wrote; it is made again", path)
            return None
        record.refresh(status)
        self.changed.add(path)
        return record

    def _lstat(self, path: str) -> os.stat_result | None:
        """The ``lstat`` of the file ``path`` if its folders are real ones below the output folder (checked once a folder per build)."""
        if not clean_relative(path):
            return None
        folder, _, name = path.rpartition("/")
        if folder not in self._folders:
            self._folders[folder] = reached_without_symlinks(self.output, self.output.joinpath(*folder.split("/")) if folder else self.output)
        if not self._folders[folder]:
            return None
        try:
            return os.lstat(self.output.joinpath(*path.split("/")))
        except OSError:
            return None


@contextlib.contextmanager
def _locked(output: Path) -> Iterator[None]:
    """The folder's cache lock, held while the cache is read again and written: ``flock`` on the output folder itself.

    A lock on the folder needs no file of its own there (the folder holds
    what the build makes and the user's files, nothing else), and the
    system releases it when the process ends, even by ``kill -9``.
    """
    try:
        import fcntl
    except ImportError:  # no flock on this system: the merge alone still keeps most of another build's records
        yield
        return
    try:
        handle = os.open(output, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise BoardgenError(f"cannot open folder {output} to lock its build cache: {exc.strerror or exc}") from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError as exc:  # a file system without locks: go on unlocked
            logger.debug("build cache: %s cannot be locked (%s)", output, exc.strerror or exc)
        yield
    finally:
        os.close(handle)


def folder_identity(output: Path) -> str:
    """How a cache names the folder it belongs to: its absolute, resolved path."""
    return str(Path(os.path.realpath(output)))


def safe_path(output: Path, path: str) -> Path | None:
    """``output/path`` when ``path`` is a plain relative path that stays inside ``output`` (links followed), else None."""
    if not clean_relative(path):
        return None
    target = output.joinpath(*PurePosixPath(path).parts)
    if not os.path.realpath(target).startswith(os.path.realpath(output) + os.sep):
        return None
    return target


def clean_relative(path: str) -> bool:
    """Whether ``path`` is written as a relative path with ``/`` separators and no ``.``, ``..`` or empty part."""
    parts = path.split("/")
    return bool(path) and not path.startswith("/") and "\\" not in path and all(part not in ("", ".", "..") for part in parts)


def _plain_name(ident: str) -> bool:
    """Whether a diagram id can be a file name in its game's folder (no separator, no dot part)."""
    return clean_relative(ident) and "/" not in ident


def _string_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


_OPTIONAL_TEXT = ("game", "paper", "lang", "ink", "variant", "id")


def _record(path: Any, entry: Any) -> Record:
    """One record read from the file, every field checked; BadCache otherwise."""
    if not isinstance(entry, dict) or not isinstance(entry.get("artefact"), dict):
        raise BadCache(f"the record of {path!r} is not well formed")
    data = entry["artefact"]
    names = {f.name for f in fields(Artefact)}
    problems = [
        set(data) - names,
        not isinstance(data.get("path"), str) or data["path"] != path or not clean_relative(path),
        not isinstance(data.get("kind"), str) or not isinstance(data.get("format"), str),
        not isinstance(data.get("bytes"), int) or isinstance(data["bytes"], bool) or data["bytes"] < 0,
        not isinstance(data.get("sha256"), str) or not _SHA256.fullmatch(data["sha256"]),
        data.get("pages") is not None and (not isinstance(data["pages"], int) or isinstance(data["pages"], bool)),
        any(data.get(name) is not None and not isinstance(data[name], str) for name in _OPTIONAL_TEXT),
        not isinstance(entry.get("key"), str),
        not isinstance(entry.get("mtime_ns"), int) or isinstance(entry["mtime_ns"], bool),
        not isinstance(entry.get("seconds", 0.0), (int, float)) or isinstance(entry.get("seconds"), bool),
        not isinstance(entry.get("audit", ""), str),
        any(not isinstance(entry.get(name, 0), int) or isinstance(entry.get(name), bool) for name in ("ino", "ctime_ns")),
        not isinstance(entry.get("seal", ""), str),
    ]
    if any(problems):
        raise BadCache(f"the record of {path!r} is not well formed")
    try:
        artefact = Artefact.from_json(data)
    except TypeError:
        raise BadCache(f"the record of {path!r} is not well formed") from None
    return Record(artefact, entry["key"], entry["mtime_ns"], float(entry.get("seconds", 0.0)), entry.get("audit", ""), entry.get("ino", 0), entry.get("ctime_ns", 0), entry.get("seal", ""))
