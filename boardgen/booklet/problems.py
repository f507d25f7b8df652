"""Problems found in rule-text sources, each tied to ``file:line``.

Checking collects every problem instead of stopping at the first, so an
author sees all of them at once; building a booklet refuses to go on when any
was found (:class:`ProblemsError`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from boardgen.errors import BoardgenError, clipped


def display_path(path: Path | str) -> str:
    """A path as people read it in messages: relative to the working folder when inside it."""
    path = Path(path)
    try:
        # The folder is resolved, the name is not: a file that is a symlink is named, not its target.
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
    except OSError:  # the working folder was removed
        return os.fspath(path)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a source file; ``line`` is 1-based (None: the file as a whole)."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{display_path(self.path)}:{self.line}" if self.line is not None else display_path(self.path)
        return f"{where}: {self.message}"


class ProblemsError(BoardgenError):
    """The sources have problems; nothing was written.  ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"{self.problems[0]}{more}")


class Problems:
    """A collector: ``add`` problems while checking, then ``raise_if_any``."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, path: Path | str, line: int | None, message: str) -> None:
        """Record a problem; a message that quotes a giant input (a move of 100,000 digits) is clipped to a readable line."""
        self.items.append(Problem(str(path), line, clipped(message)))

    def extend(self, problems) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ProblemsError(self.items)
