"""The keyword checks every function of :mod:`boardgen.api` shares: each wrong type or value is an
OptionError naming the keyword (``moves``, not ``--move``), said the same way everywhere."""

from __future__ import annotations

import os
from collections.abc import Mapping
from os import PathLike

from boardgen.errors import OptionError, shown
from boardgen.registry import GameInfo, get_game

StrPath = str | PathLike[str]


def text(value: object, option: str) -> str:
    """``value`` if it is a text."""
    if not isinstance(value, str):
        raise OptionError(option, f"expected text, not {shown(value)}")
    return value


def flag(value: object, option: str) -> bool:
    """A yes/no keyword: only True or False (``"no"`` is not taken for yes)."""
    if not isinstance(value, bool):
        raise OptionError(option, f"must be True or False, not {shown(value)}")
    return value


def whole(value: object, option: str) -> int:
    """A whole number (a bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(option, f"expected a whole number, not {value!r}")
    return value


def game(value: object, option: str = "game") -> GameInfo:
    """The game ``value`` names (id or alias), the error naming the keyword."""
    return get_game(text(value, option), option)


def path_item(value: object, option: str = "paths") -> StrPath:
    """A file or folder name (str or path object, not empty)."""
    if not isinstance(value, (str, PathLike)) or not isinstance(os.fspath(value), str) or not os.fspath(value):
        raise OptionError(option, f"expected a file or folder name, not {shown(value)}")
    return value


def items(values: object, option: str) -> list[object]:
    """The items of a list or tuple (a lone string is refused: ``"c3 d3"`` is not two moves)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise OptionError(option, f"expected a list of texts, not {values!r}")
    return list(values)


def texts(values: object, option: str) -> tuple[str, ...]:
    """A list or tuple of texts, none empty."""
    found = items(values, option)
    for item in found:
        if not isinstance(item, str) or not item.strip():
            raise OptionError(option, f"expected a list of texts, not {values!r}")
    return tuple(str(item) for item in found)


def names(values: object, option: str) -> list[str]:
    """Names given as a list (``["hex", "y"]``) or as the command line's ``"hex,y"``, split and trimmed."""
    given = [values] if isinstance(values, str) else items(values, option)
    found: list[str] = []
    for value in given:
        if not isinstance(value, str):
            raise OptionError(option, f"expected a list of names, not {shown(values)}")
        found.extend(part.strip() for part in value.split(",") if part.strip())
    return found


def langs_text(langs: object) -> str:
    """``"pt+en"`` from either form the ``langs`` keyword takes (checked by ``parse_langs``)."""
    if isinstance(langs, str):
        return langs
    if isinstance(langs, (list, tuple)) and langs and all(isinstance(lang, str) for lang in langs):
        return "+".join(langs)
    raise OptionError("langs", f"expected languages such as ('pt', 'en'), not {langs!r}")


def variants(info: GameInfo, given: object) -> Mapping[str, str]:
    """Every variant option of the game with its value (the given ones checked), errors naming ``variants``."""
    if given is None:
        return info.resolve_variants({}, "variants")
    if not isinstance(given, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in given.items()):
        raise OptionError("variants", f"expected a mapping of option names to values, such as {{'swap': 'off'}}, not {given!r}")
    return info.resolve_variants(given, "variants")


def choice(value: object, allowed: tuple[str, ...], option: str) -> str:
    """One of ``allowed`` (any letter case, spaces around ignored)."""
    chosen = value.strip().lower() if isinstance(value, str) else None
    if chosen is None or chosen not in allowed:
        raise OptionError(option, f"must be {', '.join(allowed[:-1])} or {allowed[-1]}, not {value!r}")
    return chosen
