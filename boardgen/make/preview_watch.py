"""What ``boardgen serve`` watches: the rule texts' folders and the templates, polled for changed files.

Polling the modification times (and sizes) of a few dozen files five times a
second costs well under a millisecond and needs no dependency; a file system
notification library would save nothing an author notices.  A changed file
under ``ROOT/GAME/`` names its game; a changed template names none (the site
step reads the site's templates whatever the game).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

Stamp = tuple[int, int]  # (st_mtime_ns, st_size)


def _hidden(name: str) -> bool:
    """An editor's swap or backup file, a temporary of write_atomic, a cache folder: nothing the build reads."""
    return name.startswith(".") or name.endswith("~") or name == "__pycache__"


def scan(root: Path) -> dict[Path, Stamp]:
    """Every visible file below ``root`` with its modification time and size (nothing for a missing folder)."""
    found: dict[Path, Stamp] = {}
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not _hidden(name)]
        for name in files:
            if _hidden(name):
                continue
            path = Path(folder, name)
            try:
                status = path.stat()
            except OSError:  # removed between the listing and the stat
                continue
            found[path] = (status.st_mtime_ns, status.st_size)
    return found


@dataclass(frozen=True)
class Change:
    """What one look found changed: the games whose texts changed, whether a template did, and when the last was saved."""

    games: frozenset[str]
    templates: bool
    files: tuple[Path, ...]
    saved_at: float


class Watcher:
    """The rule texts' folders (each holding ``GAME/``) and the templates' folder, polled for changes."""

    def __init__(self, text_roots: Iterable[Path], templates: Path) -> None:
        self.text_roots = tuple(text_roots)
        self.templates = templates
        self.stamps = self._scan()

    def _scan(self) -> dict[Path, Stamp]:
        stamps: dict[Path, Stamp] = {}
        for root in (*self.text_roots, self.templates):
            stamps.update(scan(root))
        return stamps

    def changes(self) -> Change | None:
        """What changed since the last call (a file edited, added or removed); None when nothing did."""
        now = self._scan()
        changed = sorted(path for path in now.keys() | self.stamps.keys() if now.get(path) != self.stamps.get(path))
        self.stamps = now
        if not changed:
            return None
        games: set[str] = set()
        templates = False
        for path in changed:
            game = self.game_of(path)
            if game is not None:
                games.add(game)
            else:
                templates = True
        saved = [now[path][0] / 1e9 for path in changed if path in now]
        return Change(frozenset(games), templates, tuple(changed), max(saved) if saved else time.time())

    def game_of(self, path: Path) -> str | None:
        """The game whose texts hold ``path`` (its folder's name below a text root); None for a template."""
        for root in self.text_roots:
            try:
                parts = path.relative_to(root).parts
            except ValueError:
                continue
            if len(parts) > 1:
                return parts[0]
        return None
