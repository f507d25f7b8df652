"""The list of games: found by looking in ``boardgen/games/``, never written out by hand.

Each game is a subpackage of :mod:`boardgen.games` whose ``__init__`` defines
``GAME = GameInfo(...)``.  That module must stay import-light (no drawing, no
engine code): the registry imports every game's ``__init__`` to list them, and
loads a game's board or engine module only when asked for it.  Adding a game is
therefore adding its package; nothing here changes.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from boardgen.engine.sizes import check_size, describe_sizes, size_set
from boardgen.engine.variants import Variant, VariantValues, find_variant
from boardgen.engine.variants import resolve_variants as _resolve_variants
from boardgen.errors import OptionError

__all__ = ["GameInfo", "Variant", "VariantValues", "all_games", "get_game", "module_exists", "parse_variant_options"]


@dataclass(frozen=True)
class GameInfo:
    """What the rest of boardgen knows about a game without importing its code.

    ``board`` and ``engine`` are ``"module:attribute"`` references resolved on
    first use, which keeps ``boardgen list`` and ``boardgen board`` fast.
    ``sizes`` is the set of board sizes for games played on several sizes
    (``range(2, 27)`` for Hex; ``{5, 7, 9}`` for a game with gaps), stored as a
    frozenset, or None for a fixed board.
    """

    id: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    board: str
    engine: str | None = None
    sizes: frozenset[int] | None = None
    default_size: int | None = None
    popular_sizes: tuple[int, ...] = ()
    variants: tuple[Variant, ...] = ()
    aliases: tuple[str, ...] = ()
    players: tuple[int, int] = (2, 2)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", size_set(self.sizes))
        if self.sizes is not None and self.default_size not in self.sizes:
            raise ValueError(f"{self.id}: default size {self.default_size} is not one of its sizes")

    def has_board(self) -> bool:
        return module_exists(self.board.partition(":")[0])

    def has_engine(self) -> bool:
        return self.engine is not None and module_exists(self.engine.partition(":")[0])

    def load_board(self) -> Any:
        return _resolve(self.board)

    def make_board(self, size: int | None = None) -> Any:
        """The game's board drawing at ``size`` (a fixed board's class takes no size)."""
        board_class = self.load_board()
        return board_class(size) if size is not None else board_class()

    def load_engine(self) -> Any:
        """The game's rules engine: its :class:`~boardgen.engine.base.GameState` class (imported on first use).

        >>> engine = api.get_game("hex").load_engine()
        >>> engine.__name__, engine.initial(size=3).to_text()
        ('HexState', '3/3/3 r swap')
        """
        if self.engine is None:
            raise OptionError("GAME", f"{self.id} has no rules engine yet")
        return _resolve(self.engine)

    def check_size(self, size: int | None, option: str = "--size") -> int | None:
        """The size to use: the default when None; OptionError when the game is not played on it.

        >>> hex_game = api.get_game("hex")
        >>> hex_game.check_size(None), hex_game.check_size(7)
        (11, 7)
        >>> hex_game.check_size(30, "size")
        Traceback (most recent call last):
          ...
        boardgen.errors.OptionError: size: hex size must be a whole number from 2 to 26, not 30
        """
        return check_size(self.id, self.sizes, self.default_size, size, option)

    def describe_sizes(self) -> str | None:
        """The sizes in words ("from 2 to 26", "5, 7 or 9"); None for a fixed board.

        >>> api.get_game("hex").describe_sizes(), api.get_game("seega").describe_sizes(), api.get_game("xadrez").describe_sizes()
        ('from 2 to 26', '5, 7 or 9', None)
        """
        return None if self.sizes is None else describe_sizes(self.sizes)

    def variant(self, name: str, option: str = "--variant") -> Variant:
        """The declared variant option ``name``; OptionError listing the known ones."""
        return find_variant(self.id, self.variants, name, option)

    def resolve_variants(self, given: Mapping[str, str] | None = None, option: str = "--variant") -> VariantValues:
        """Every variant option with its value: the given texts checked, the rest defaulted.

        The result is typed and immutable (see :mod:`boardgen.engine.variants`)
        and still reads as a mapping of texts; a result passed back in is
        returned unchanged.

        >>> rules = api.get_game("hex").resolve_variants({"swap": "off"})
        >>> rules.swap, dict(rules)
        (False, {'swap': 'off'})
        """
        return _resolve_variants(self.id, self.variants, given, option)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": dict(self.title),
            "summary": dict(self.summary),
            "aliases": list(self.aliases),
            "sizes": sorted(self.sizes) if self.sizes else None,
            "default_size": self.default_size,
            "popular_sizes": list(self.popular_sizes),
            "variants": [v.to_json() for v in self.variants],
            "has_engine": self.engine is not None,
        }


def module_exists(name: str) -> bool:
    """Whether a module can be imported, without importing it (False if a parent is missing)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _resolve(reference: str) -> Any:
    module_name, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


@cache
def all_games() -> tuple[GameInfo, ...]:
    """Every game package under boardgen/games, sorted by id.

    >>> [game.id for game in api.all_games()][:4], len(api.all_games()) >= 12
    (['assalto', 'awele', 'brax', 'damas'], True)
    """
    import boardgen.games as games_package

    found = []
    for module in pkgutil.iter_modules(games_package.__path__):
        if not module.ispkg or module.name.startswith("_"):
            continue
        package = importlib.import_module(f"boardgen.games.{module.name}")
        info = getattr(package, "GAME", None)
        if isinstance(info, GameInfo):
            found.append(info)
    return tuple(sorted(found, key=lambda g: g.id))


def get_game(name: str, option: str = "GAME") -> GameInfo:
    """The game called ``name`` (id or alias, any case); OptionError listing the known ones."""
    wanted = name.strip().lower()
    for info in all_games():
        if wanted == info.id or wanted in info.aliases:
            return info
    known = ", ".join(g.id for g in all_games())
    raise OptionError(option, f"unknown game {name!r} (known: {known})")


def parse_variant_options(pairs: tuple[str, ...] | list[str], option: str = "--variant") -> dict[str, str]:
    """Turn ``NAME=VALUE`` strings into a dict; OptionError for a malformed one."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise OptionError(option, f"expected NAME=VALUE, got {pair!r}")
        result[name.strip()] = value.strip()
    return result
