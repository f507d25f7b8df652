"""What a shared engine needs to know about the game it plays, without importing the registry.

The shared engines (:mod:`boardgen.engine.connection` today, others later)
sit below the games in the layering, so they cannot look a game up.  The game
module hands its description to the engine instead, as a class attribute
(``GAME = GAME`` in ``games/hex/rules.py``).  :class:`GameSpec` says which
part of that description an engine may use; :class:`boardgen.registry.GameInfo`
fits it, and so does any small stand-in a test makes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from boardgen.engine.variants import Variant, VariantValues


class GameSpec(Protocol):
    """A game's id, board sizes and variant options, with the checks that go with them."""

    @property
    def id(self) -> str: ...

    @property
    def sizes(self) -> frozenset[int] | None:
        """The board sizes the game is played on (None: one fixed board)."""
        ...

    @property
    def default_size(self) -> int | None: ...

    @property
    def variants(self) -> tuple[Variant, ...]: ...

    def check_size(self, size: int | None, option: str = "--size") -> int | None:
        """The size to play (the default for None); OptionError for a size the game is not played on."""
        ...

    def resolve_variants(self, given: Mapping[str, str] | None = None, option: str = "--variant") -> VariantValues:
        """Every variant option with its typed value; OptionError for an unknown option or value."""
        ...
