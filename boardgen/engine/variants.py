"""Typed variant options: declared once per game, resolved once per game played.

A game declares its rule options as :class:`Variant` objects of one of three
types:

* ``bool``: ``on`` or ``off`` (:meth:`Variant.boolean`), read as True/False;
* ``int``: one of a few allowed numbers, optionally ``off`` meaning "no limit"
  (:meth:`Variant.integer`), read as an int or None;
* ``choice``: one of some named values (:meth:`Variant.choice`), read as the name.

A choice may be a *shorthand* for a whole rule book: ``presets`` maps some of
its values to the texts of other options (Assalto's ``rules=murray``).  When
:func:`resolve_variants` sees such a value, it fills in the preset for every
option the caller did not give, so an option written out explicitly -- even
at its default -- wins over the shorthand.  The resolved values then hold the
rule book spelt out, and engines never need to know shorthands exist.

The text form ``NAME=VALUE`` is what people write (the CLI's ``--variant``,
position files, booklet front matter), so :attr:`Variant.values` and
:attr:`Variant.default` stay text.  :func:`resolve_variants` checks a mapping
of texts once and gives a :class:`VariantValues`: immutable, hashable (so
engines can cache move tables per rule set), still a ``Mapping[str, str]`` of
the texts (so it can be printed, compared with a dict and passed wherever a
dict of texts was), and with the typed values as attributes::

    rules = resolve_variants("surakarta", GAME.variants, {"end_rule": "off"})
    rules.end_rule is None      # the typed value
    rules["end_rule"] == "off"  # the text

Engines read the typed values instead of comparing strings, which is why a
misspelt value can no longer silently mean "the other one".

A variant may also say who plays each of its values (``source``: value ->
text, such as ``{"culin": "Culin 1895; Ludii"}``), so that ``boardgen list``
shows which reading of a rule comes from which well-known source.  It is
optional and says nothing to the engines.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from boardgen.errors import OptionError
from boardgen.values import read_whole_number

VariantKind = Literal["bool", "int", "choice"]
TypedValue = bool | int | str | None

ON, OFF = "on", "off"


@dataclass(frozen=True)
class Variant:
    """A named rule option: its type, the values it takes (as text), the default, and what it changes.

    Build one with :meth:`boolean`, :meth:`integer` or :meth:`choice`; the plain
    constructor makes a choice unless ``kind`` says otherwise, and checks that
    the values fit the kind.
    """

    name: str
    values: tuple[str, ...]
    default: str
    doc: str
    kind: VariantKind = "choice"
    # shorthand value -> ((option, text), ...) it stands for; see the module docstring
    presets: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # value -> who plays that reading (some or all values; optional); see the module docstring
    source: tuple[tuple[str, str], ...] = ()

    RESERVED: ClassVar[frozenset[str]] = frozenset()  # filled below: names VariantValues already uses

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name in Variant.RESERVED:
            raise ValueError(f"variant name {self.name!r} must be an identifier other than {sorted(Variant.RESERVED)}")
        if len(set(self.values)) != len(self.values) or not self.values:
            raise ValueError(f"variant {self.name}: values {self.values!r} must be distinct and not empty")
        if self.default not in self.values:
            raise ValueError(f"variant {self.name}: default {self.default!r} is not one of {self.values!r}")
        if self.kind == "bool" and set(self.values) != {ON, OFF}:
            raise ValueError(f"variant {self.name}: a boolean option takes on and off, not {self.values!r}")
        if self.kind == "int":
            for value in self.values:
                if value != OFF and (read_whole_number(value) is None or value != value.strip()):
                    raise ValueError(f"variant {self.name}: {value!r} is neither a whole number nor off")
        for value, _ in self.presets:
            if self.kind != "choice" or value not in self.values:
                raise ValueError(f"variant {self.name}: preset {value!r} must be one of the values of a choice")
        for value, text in self.source:
            if value not in self.values or not text.strip():
                raise ValueError(f"variant {self.name}: source of {value!r} must name one of its values and say who plays it")

    # -- the three kinds --------------------------------------------------------
    @classmethod
    def boolean(
        cls, name: str, default: bool, doc: str, *, on_first: bool = True, source: Mapping[str, str] | None = None
    ) -> "Variant":
        """An on/off option (``on_first`` only orders the values as ``list`` shows them)."""
        values = (ON, OFF) if on_first else (OFF, ON)
        return cls(name, values, ON if default else OFF, doc, "bool", source=tuple((source or {}).items()))

    @classmethod
    def integer(
        cls,
        name: str,
        numbers: Sequence[int],
        default: int | None,
        doc: str,
        *,
        off: bool = False,
        source: Mapping[str, str] | None = None,
    ) -> "Variant":
        """A number from ``numbers`` (in the order given), or ``off`` (None) when ``off`` is allowed."""
        values = tuple(str(number) for number in numbers) + ((OFF,) if off else ())
        default_text = OFF if default is None else str(default)
        return cls(name, values, default_text, doc, "int", source=tuple((source or {}).items()))

    @classmethod
    def choice(
        cls,
        name: str,
        values: Sequence[str],
        default: str,
        doc: str,
        *,
        presets: Mapping[str, Mapping[str, str]] | None = None,
        source: Mapping[str, str] | None = None,
    ) -> "Variant":
        """One of some named values (read as the name itself); ``presets`` makes some of them shorthands."""
        frozen = tuple((value, tuple(texts.items())) for value, texts in (presets or {}).items())
        return cls(name, tuple(values), default, doc, "choice", frozen, tuple((source or {}).items()))

    def preset(self, value: str) -> dict[str, str]:
        """The option texts that ``value`` stands for (empty when it is not a shorthand)."""
        return dict(next((texts for key, texts in self.presets if key == value), ()))

    # -- text <-> typed -----------------------------------------------------------
    def typed(self, text: str) -> TypedValue:
        """The typed value of an allowed text (ValueError for one that is not allowed)."""
        if text not in self.values:
            raise ValueError(f"variant {self.name}: {text!r} is not one of {self.values!r}")
        if self.kind == "bool":
            return text == ON
        if self.kind == "int":
            return None if text == OFF else int(text)
        return text

    @property
    def typed_default(self) -> TypedValue:
        return self.typed(self.default)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "values": list(self.values),
            "default": self.default,
            "doc": self.doc,
            "source": dict(self.source),
        }
        if self.kind == "int":
            data["numbers"] = sorted(int(v) for v in self.values if v != OFF)
            data["off"] = OFF in self.values
        if self.presets:
            data["presets"] = {value: dict(texts) for value, texts in self.presets}
        return data


class VariantValues(Mapping[str, str]):
    """One game's variant options, every one with its value: checked, typed, immutable.

    As a mapping it holds the texts (``values["swap"] == "on"``), in the order
    the game declares its options; as attributes, the typed values
    (``values.swap is True``).  Equal to any mapping of the same texts, and
    hashable, so engines cache their tables on it.
    """

    __slots__ = ("game_id", "_texts", "_typed", "_hash")

    game_id: str
    _texts: dict[str, str]
    _typed: dict[str, TypedValue]
    _hash: int

    def __init__(self, game_id: str, declared: Sequence[Variant], texts: Mapping[str, str]) -> None:
        ordered = {variant.name: texts[variant.name] for variant in declared}
        self._fill(game_id, ordered, {v.name: v.typed(ordered[v.name]) for v in declared})

    def _fill(self, game_id: str, texts: dict[str, str], typed: dict[str, TypedValue]) -> None:
        object.__setattr__(self, "game_id", game_id)
        object.__setattr__(self, "_texts", texts)
        object.__setattr__(self, "_typed", typed)
        object.__setattr__(self, "_hash", hash((game_id, tuple(texts.items()))))

    def __reduce__(self) -> tuple[Any, ...]:
        # Booklets are typeset in worker processes: the values must survive pickling.
        return (_restore, (self.game_id, self._texts, self._typed))

    def __getitem__(self, name: str) -> str:
        return self._texts[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def __getattr__(self, name: str) -> Any:  # Any: each option has its own type
        # Only called for names that are not real attributes: the variant options.
        if name.startswith("_"):  # copy/pickle probing, or a slot not yet set
            raise AttributeError(name)
        try:
            return self._typed[name]
        except KeyError:
            known = ", ".join(self._texts) or "none"
            raise AttributeError(f"{self.game_id} has no variant option {name!r} (known: {known})") from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("variant values are immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, VariantValues):
            return self.game_id == other.game_id and self._texts == other._texts
        if isinstance(other, Mapping):
            return self._texts == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inside = ", ".join(f"{name}={text}" for name, text in self._texts.items())
        return f"VariantValues({self.game_id}: {inside})"

    def value(self, name: str) -> TypedValue:
        """The typed value of option ``name`` (KeyError if the game has no such option)."""
        return self._typed[name]

    def texts(self) -> dict[str, str]:
        """A plain dict copy of the texts (for JSON and for code that wants to add to it)."""
        return dict(self._texts)


def _restore(game_id: str, texts: dict[str, str], typed: dict[str, TypedValue]) -> VariantValues:
    values = VariantValues.__new__(VariantValues)
    values._fill(game_id, texts, typed)
    return values


Variant.RESERVED = frozenset(
    name for name in dir(VariantValues) if not name.startswith("__")
) | frozenset(VariantValues.__slots__) | {"game_id"}


def find_variant(game_id: str, declared: Sequence[Variant], name: str, option: str = "--variant") -> Variant:
    """The declared option called ``name``; OptionError listing the known ones."""
    for variant in declared:
        if variant.name == name:
            return variant
    known = ", ".join(v.name for v in declared) or "none"
    raise OptionError(option, f"{game_id} has no variant option {name!r} (known: {known})")


def resolve_variants(
    game_id: str,
    declared: Sequence[Variant],
    given: Mapping[str, str] | None = None,
    option: str = "--variant",
) -> VariantValues:
    """Every declared option with its value: the given texts checked, the rest defaulted.

    A shorthand's preset fills the options not given (given texts always win).
    A :class:`VariantValues` already resolved for this game is returned as it
    is, so passing the resolved object along costs nothing.  OptionError (naming
    ``option``) for an unknown option or a value that is not allowed, listing
    what is.
    """
    if isinstance(given, VariantValues) and given.game_id == game_id:
        return given
    given = dict(given or {})
    chosen = {v.name: v.default for v in declared}
    for name, value in given.items():
        _check_text(game_id, find_variant(game_id, declared, name, option), value, option)
        chosen[name] = value
    for variant in declared:
        for name, value in variant.preset(chosen[variant.name]).items():
            if name not in given:
                _check_text(game_id, find_variant(game_id, declared, name, option), value, option)
                chosen[name] = value
    return VariantValues(game_id, declared, chosen)


def _check_text(game_id: str, variant: Variant, value: object, option: str) -> None:
    if not isinstance(value, str) or value not in variant.values:
        allowed = ", ".join(variant.values)
        raise OptionError(option, f"{game_id} variant {variant.name} takes {allowed}, not {value!r}")
