"""The list of games: found by looking in ``boardgen/games/`` and at installed plugins, never written out by hand.

Each game is a subpackage of :mod:`boardgen.games` whose ``__init__`` defines
``GAME = GameInfo(...)``.  That module must stay import-light (no drawing, no
engine code): the registry imports every game's ``__init__`` to list them, and
loads a game's board or engine module only when asked for it.  Adding a game is
therefore adding its package; nothing here changes.

A game may also live in a package of its own, outside boardgen: its
distribution declares an entry point in the group ``boardgen.games``
(:data:`ENTRY_POINT_GROUP`) naming its ``GameInfo`` (``toy = "toygame:GAME"``
in ``[project.entry-points."boardgen.games"]``), and is then listed, drawn,
checked and built like the games that come with boardgen.  Everything a game
has is a declaration on its :class:`GameInfo`: board, engine, pieces sheet,
record sheet and the folder of its rule texts (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardgen.engine.sizes import check_size, describe_sizes, size_set
from boardgen.engine.variants import Variant, VariantValues, find_variant
from boardgen.engine.variants import resolve_variants as _resolve_variants
from boardgen.errors import BoardgenError, OptionError

if TYPE_CHECKING:
    from boardgen.engine.base import GameState

__all__ = ["ENTRY_POINT_GROUP", "GameInfo", "Variant", "VariantValues", "all_games", "get_game", "module_exists", "parse_variant_options"]

#: the entry-point group an installed distribution declares its games in (each entry point names a GameInfo)
ENTRY_POINT_GROUP = "boardgen.games"
log = logging.getLogger("boardgen")


@dataclass(frozen=True)
class GameInfo:
    """What the rest of boardgen knows about a game without importing its code.

    ``board`` and ``engine`` are ``"module:attribute"`` references resolved on
    first use, which keeps ``boardgen list`` and ``boardgen board`` fast; so
    are ``pieces`` (a :class:`boardgen.boards.pieces.PieceSet`: the game has a
    pieces sheet) and ``record`` (a :class:`boardgen.sheets.records.RecordSheet`:
    the game has a record sheet), None when the game has no such sheet.
    ``texts`` is ``"package:folder"``, a folder inside an importable package
    laid out as boardgen's ``rules_text/`` (it holds ``ID/pt-BR.md``,
    ``ID/en.md``...): where a game kept outside boardgen has its rule texts;
    None, the default, is boardgen's own ``rules_text/``.
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
    pieces: str | None = None
    record: str | None = None
    texts: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", size_set(self.sizes))
        if self.sizes is not None and self.default_size not in self.sizes:
            raise ValueError(f"{self.id}: default size {self.default_size} is not one of its sizes")

    def has_board(self) -> bool:
        return module_exists(self.board.partition(":")[0])

    def has_engine(self) -> bool:
        return self.engine is not None and module_exists(self.engine.partition(":")[0])

    def has_pieces(self) -> bool:
        """Whether the game declares a pieces sheet (and its module is there)."""
        return self.pieces is not None and module_exists(self.pieces.partition(":")[0])

    def load_pieces(self) -> Any:
        """The game's pieces declaration (a PieceSet); OptionError when it has none."""
        if self.pieces is None:
            raise OptionError("GAME", f"{self.id} has no pieces sheet yet")
        return _resolve(self.pieces)

    def has_record(self) -> bool:
        """Whether the game declares a record sheet (and its module is there)."""
        return self.record is not None and module_exists(self.record.partition(":")[0])

    def load_record(self) -> Any:
        """The game's record sheet declaration (a RecordSheet), None when it has none."""
        return None if self.record is None else _resolve(self.record)

    def texts_root(self) -> Path | None:
        """The folder holding ``ID/`` with the game's rule texts, when the game declares one; None: boardgen's ``rules_text/``."""
        if self.texts is None:
            return None
        package, _, folder = self.texts.partition(":")
        spec = importlib.util.find_spec(package) if package and module_exists(package) else None
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        if not locations:
            raise BoardgenError(f"{self.id}: texts={self.texts!r} names no package that can be imported (PACKAGE:FOLDER)")
        return Path(locations[0]).joinpath(*[part for part in folder.split("/") if part]).resolve()

    def package_folder(self) -> Path | None:
        """The folder of the package the game's board module is in (``boardgen/games/ID/``): what the build digests as the game's code."""
        module = self.board.partition(":")[0]
        package = module.rpartition(".")[0] or module
        spec = importlib.util.find_spec(package) if module_exists(package) else None
        if spec is None:
            return None
        if spec.submodule_search_locations:
            return Path(list(spec.submodule_search_locations)[0]).resolve()
        return Path(spec.origin).resolve().parent if spec.origin else None

    def load_board(self) -> Any:
        return _resolve(self.board)

    def make_board(self, size: int | None = None) -> Any:
        """The game's board drawing at ``size`` (a fixed board's class takes no size)."""
        board_class = self.load_board()
        return board_class(size) if size is not None else board_class()

    def load_engine(self) -> type[GameState]:
        """The game's rules engine: its :class:`~boardgen.engine.base.GameState` class (imported on first use).

        Typed as the shared interface, so a type checker holds a caller to what
        every engine has (``state.legal_moves()``, ``state.play(...)``): a
        script run through ``mypy --strict`` learns of a misspelt method before
        it runs (tests/test_api_typing.py).

        >>> engine = api.get_game("hex").load_engine()
        >>> engine.__name__, engine.initial(size=3).to_text()
        ('HexState', '3/3/3 r swap')
        """
        if self.engine is None:
            raise OptionError("game", f"{self.id} has no rules engine yet")  # the commands check has_engine() first, naming GAME
        engine: type[GameState] = _resolve(self.engine)
        return engine

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
    """Every game package under boardgen/games and every installed plugin game, sorted by id.

    >>> [game.id for game in api.all_games()][:4], len(api.all_games()) >= 12
    (['assalto', 'awele', 'brax', 'damas'], True)
    """
    import boardgen.games as games_package

    found: dict[str, GameInfo] = {}
    for module in pkgutil.iter_modules(games_package.__path__):
        if not module.ispkg or module.name.startswith("_"):
            continue
        package = importlib.import_module(f"boardgen.games.{module.name}")
        info = getattr(package, "GAME", None)
        if isinstance(info, GameInfo):
            found[info.id] = info
    for info in plugin_games():
        names = {info.id, *info.aliases}
        taken = next((g.id for g in found.values() if names & {g.id, *g.aliases}), None)
        if taken is not None:
            log.warning("the plugin game %s is left out: its id or an alias is %s's", info.id, taken)
            continue
        found[info.id] = info
    return tuple(sorted(found.values(), key=lambda g: g.id))


def plugin_games() -> list[GameInfo]:
    """The games installed distributions declare in the ``boardgen.games`` entry-point group, in name order.

    An entry point that does not load, or names something other than a
    GameInfo, is left out with one warning: a broken plugin must not stop
    the games that work.
    """
    from importlib.metadata import entry_points

    games = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            info = point.load()
        except Exception as error:  # any import error of somebody else's package
            log.warning("the plugin game %s (%s) does not load: %s", point.name, point.value, error)
            continue
        if not isinstance(info, GameInfo):
            log.warning("the plugin game %s (%s) is not a GameInfo", point.name, point.value)
            continue
        games.append(info)
    return games


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
