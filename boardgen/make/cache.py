"""What the last builds made, kept in the output folder (``.boardgen-build.json``) so the next one can skip it.

One record per file: its :class:`~boardgen.site.catalogue.Artefact` (size,
sha256, pages...), the key it was made with, the file's modification time
when it was written, how long it took, and the key it last passed the audit
under (:mod:`boardgen.make.audit`; a record without one is read again).  A file is up to date when its
job's key is the recorded one and the file is still what was written: same
size and modification time (one ``stat``), or, when only the time differs (a
copy, a ``touch``), the same sha256.  The cache also keeps, per game, the key
its rule texts were last checked with and the diagrams they hold, so that a
build with nothing changed neither re-reads nor re-checks them.

The file is a convenience and never trusted: one that is not JSON, has
another schema, was made for another folder (an output folder copied
elsewhere) or holds a record that is not well formed is ignored with one
warning, and everything is built again.  A path in it is only ever used
inside the output folder (:func:`safe_path`), so a forged cache cannot make
the build remove a file elsewhere.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
from dataclasses import dataclass, fields
from pathlib import Path, PurePosixPath
from typing import Any

from boardgen.errors import BoardgenError
from boardgen.output import write_atomic
from boardgen.site.catalogue import Artefact

CACHE_NAME = ".boardgen-build.json"
SCHEMA = 2  # 2: records have an id (diagrams) and booklets an ink
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

    def to_json(self) -> dict[str, Any]:
        entry = {"artefact": self.artefact.to_json(), "key": self.key, "mtime_ns": self.mtime_ns, "seconds": round(self.seconds, 3)}
        if self.audit:
            entry["audit"] = self.audit
        return entry


class BadCache(ValueError):
    """Why a cache file cannot be used."""


class Cache:
    """The records of one output folder; :meth:`save` writes them back when something changed."""

    def __init__(self, output: Path) -> None:
        self.output = output
        self.records: dict[str, Record] = {}
        self.checked: dict[str, dict[str, Any]] = {}  # game -> {"key": ..., "diagrams": [...]}
        self.dirty = False

    @property
    def path(self) -> Path:
        return self.output / CACHE_NAME

    @classmethod
    def load(cls, output: Path) -> "Cache":
        """The cache of ``output``; an empty one (and a warning saying why) when the file cannot be trusted."""
        cache = cls(output)
        if cache.path.exists() and not cache.path.is_file():  # it could never be written back: say so before any work
            raise BoardgenError(f"{cache.path} is not a file; it is where the build keeps its records: move it away")
        try:
            text = cache.path.read_bytes()
        except FileNotFoundError:
            return cache
        except OSError as exc:
            logger.warning("ignoring the build cache %s (%s); every file is built again", cache.path, exc.strerror or exc)
            return cache
        try:
            cache._read(text)
        except BadCache as exc:
            logger.warning("ignoring the build cache %s (%s); every file is built again", cache.path, exc)
            cache.records.clear()
            cache.checked.clear()
        return cache

    def _read(self, text: bytes) -> None:
        try:
            data = json.loads(text)
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
            self.checked[str(game)] = {"key": entry["key"], "diagrams": list(entry["diagrams"])}

    def to_json(self) -> dict[str, Any]:
        return {
            "tool": TOOL,
            "schema": SCHEMA,
            "output": folder_identity(self.output),
            "checked": {game: self.checked[game] for game in sorted(self.checked)},
            "artefacts": {path: self.records[path].to_json() for path in sorted(self.records)},
        }

    def save(self) -> None:
        """Write the records back (whole, through a temporary file) if anything changed since they were read."""
        if self.dirty:
            write_atomic(self.path, (json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
            self.dirty = False

    def record(self, record: Record) -> None:
        self.records[record.artefact.path] = record
        self.dirty = True

    def passed(self, path: str, key: str) -> None:
        """The file ``path`` passed the audit under ``key``: the next build need not read it again while the key holds."""
        record = self.records.get(path)
        if record is not None and record.audit != key:
            record.audit = key
            self.dirty = True

    def forget(self, path: str) -> None:
        if self.records.pop(path, None) is not None:
            self.dirty = True

    def remember_check(self, game: str, key: str, diagrams: list[str]) -> None:
        entry = {"key": key, "diagrams": list(diagrams)}
        if self.checked.get(game) != entry:
            self.checked[game] = entry
            self.dirty = True

    def intact(self, path: str, key: str | None = None) -> Record | None:
        """The record of ``path`` if the file is still what was written (and was made with ``key``, if given).

        One ``stat`` when size and modification time agree; the sha256 of the
        file when only the time differs, after which the new time is recorded.
        """
        record = self.records.get(path)
        if record is None or (key is not None and record.key != key):
            return None
        target = safe_path(self.output, path)
        if target is None:
            return None
        try:
            status = os.stat(target)
        except OSError:
            return None
        if not stat.S_ISREG(status.st_mode) or status.st_size != record.artefact.bytes:
            return None
        if status.st_mtime_ns == record.mtime_ns:
            return record
        from boardgen.site.catalogue import digest

        try:
            same = digest(target.read_bytes()) == record.artefact.sha256
        except OSError:
            return None
        if not same:
            return None
        record.mtime_ns = status.st_mtime_ns
        self.dirty = True
        return record


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
    ]
    if any(problems):
        raise BadCache(f"the record of {path!r} is not well formed")
    try:
        artefact = Artefact.from_json(data)
    except TypeError:
        raise BadCache(f"the record of {path!r} is not well formed") from None
    return Record(artefact, entry["key"], entry["mtime_ns"], float(entry.get("seconds", 0.0)), entry.get("audit", ""))
