"""A long-running ``boardgen serve`` keeps what the site step knew of each game whose sources did not change.

Where the time of a one-game rebuild goes (measured on the twelve games'
diagrams and site, Hex's ``en.md`` edited, in one warm process): the plan,
Hex's eight diagrams, the audit and the cache take about 0.4 s; the site
step about 1 s on a quiet machine and 2 s on a loaded one, four fifths of it
in ``boardgen.site.build.game_facts``: every game's rule texts parsed and
rendered again (and its board drawn for the thumbnail), although eleven of
the twelve did not change.  A one-shot ``boardgen build`` needs each game's
facts once, so the site step has no reason to keep them; a preview process
rebuilds every second or two, and does.

:func:`install` hands the site a memo of ``game_facts``
(:func:`boardgen.site.build.use_facts_source`), so that a game's facts are
made again only when something they are made from changed: the digests
(:class:`boardgen.make.inputs.Inputs`) of the game's rule texts and package,
the shared, booklet and site code, the fonts, both sets of templates and the
libraries, and boardgen's version.  The digests are computed afresh for every
build (:meth:`FactsMemo.new_build`), so an edit is never missed; what is kept
is only what the same inputs would make again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardgen.make.inputs import Inputs

logger = logging.getLogger("boardgen")

SHARED_INPUTS = ("code", "booklet-code", "site-code", "fonts", "templates", "site-templates", "libraries")


class FactsMemo:
    """``game_facts(game_id)`` kept per game under the digests of what it reads."""

    def __init__(self, make: Callable[[str], Any]) -> None:
        self.make = make
        self.inputs = Inputs()
        self.kept: dict[str, tuple[Any, Any]] = {}
        self.made: list[str] = []  # the games whose facts were made (not reused) since the last new_build

    def new_build(self) -> None:
        """Forget the digests: the next calls read the files again."""
        self.inputs = Inputs()
        self.made = []

    def key(self, game_id: str) -> Any:
        from boardgen import __version__

        return (__version__, self.inputs.digests((*SHARED_INPUTS, f"rules:{game_id}", f"game:{game_id}")))

    def __call__(self, game_id: str) -> Any:
        key = self.key(game_id)
        kept = self.kept.get(game_id)
        if kept is not None and kept[0] == key:
            return kept[1]
        facts = self.make(game_id)
        self.kept[game_id] = (key, facts)
        self.made.append(game_id)
        return facts


    def fill(self, output: Path) -> None:
        """Make the facts of every game the last build of ``output`` recorded, so that the first save waits for one game's, not all.

        Only an optimisation: a game whose facts fail here fails in the
        build that needs them, with its message there.
        """
        from boardgen.make.cache import Cache

        self.new_build()
        for game_id in sorted({record.artefact.game for record in Cache.load(output).records.values() if record.artefact.game}):
            try:
                self(game_id)
            except Exception as exc:  # noqa: BLE001 - see the docstring: the build reports it
                logger.debug("serve: the facts of %s were not made ahead: %s", game_id, exc)


def install() -> FactsMemo:
    """Give the site a memo of its ``game_facts`` in this process (once); the memo."""
    from boardgen.site import build as site_build

    current = site_build.use_facts_source(None)
    memo = current if isinstance(current, FactsMemo) else FactsMemo(site_build.game_facts)
    site_build.use_facts_source(memo)
    return memo
