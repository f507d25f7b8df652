"""The checks at the door of every engine: what a library caller passes is what the engine can read.

Engines are written for the values the CLI and the booklet checker give them
(texts, a resolved size, a mapping of variant texts, a Move from
``legal_moves()``).  A library caller may pass anything: ``from_text(None)``
used to end in ``AttributeError: 'NoneType' object has no attribute 'split'``,
and ``apply`` of a Move the position never listed in a KeyError deep inside the
engine, or worse, a silently wrong position.  :func:`guard_engine` wraps the
public entry points of an engine class once, when the class is made
(``GameState.__init_subclass__``), so every engine, present and future, gets
the same refusals without a line of its own:

* a wrong type is an :class:`~boardgen.errors.OptionError` whose ``.option``
  is the keyword (``text``, ``variants``, ``size``, ``texts``, ``move``);
* a size or variant refused inside ``initial``/``from_text`` names the
  keyword too (``size``, ``variants``), not the command line's ``--size``;
* ``apply`` of a Move whose text is none of ``legal_moves()``'s (another
  game's, or a later position's) is an :class:`~boardgen.errors.IllegalMoveError`
  with the engine's reason; a Move written by hand with a legal text
  (``Move("c3")``) is applied as the listed move of that text.

The legality check costs one identity scan of the cached move list (the moves
perft applies are the very objects the list holds), so perft stays as fast.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from boardgen.errors import BoardgenError, IllegalMoveError, OptionError, shown

if TYPE_CHECKING:
    from boardgen.engine.base import GameState

#: the command line's names that the engines' shared checks use, and the keyword a library caller typed
KEYWORDS = {"--size": "size", "--variant": "variants"}
GUARDED = "__boardgen_guarded__"


def check_text(value: object, keyword: str) -> str:
    """``value`` if it is a text; OptionError naming ``keyword`` otherwise."""
    if not isinstance(value, str):
        raise OptionError(keyword, f"expected text, not {shown(value)}")
    return value


def check_variants(value: object, keyword: str = "variants") -> None:
    """None or a mapping of option names to value texts (``{"swap": "off"}``); OptionError otherwise."""
    if value is None:
        return
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise OptionError(keyword, f"expected a mapping of option names to value texts, such as {{'swap': 'off'}}, not {shown(value)}")


def check_size(value: object, keyword: str = "size") -> None:
    """None or a whole number; OptionError otherwise (whether the game is played on it is the engine's check)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise OptionError(keyword, f"expected a whole number or None, not {shown(value)}")


def _keyword_names(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` with an OptionError naming ``--size``/``--variant`` reworded to name the keyword."""

    @functools.wraps(function)
    def reworded(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except OptionError as error:
            if error.option not in KEYWORDS:
                raise
            raise OptionError(KEYWORDS[error.option], error.detail) from None

    return reworded


def _guard_from_text(method: classmethod) -> classmethod:
    inner = _keyword_names(method.__func__)

    @functools.wraps(method.__func__)
    def from_text(cls: type, text: object, variants: object = None, *args: Any, **kwargs: Any) -> Any:
        check_text(text, "text")
        check_variants(variants)
        return inner(cls, text, variants, *args, **kwargs)

    return classmethod(from_text)


def _guard_initial(method: classmethod) -> classmethod:
    inner = _keyword_names(method.__func__)

    @functools.wraps(method.__func__)
    def initial(cls: type, size: object = None, variants: object = None, *args: Any, **kwargs: Any) -> Any:
        check_size(size)
        check_variants(variants)
        return inner(cls, size, variants, *args, **kwargs)

    return classmethod(initial)


def _guard_play(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def play(self: GameState, *texts: object) -> Any:
        for text in texts:
            check_text(text, "texts")
        return method(self, *texts)

    return play


def _guard_parse_move(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def parse_move(self: GameState, text: object) -> Any:
        return method(self, check_text(text, "text"))

    return parse_move


def _guard_apply(method: Callable[..., Any]) -> Callable[..., Any]:
    from boardgen.engine.base import GameState, Move  # at class creation: base is complete by then

    shared_legal_moves = GameState.legal_moves

    @functools.wraps(method)
    def apply(self: GameState, move: Any) -> Any:
        if not isinstance(move, Move):
            raise OptionError("move", f"expected a Move from legal_moves() (play() reads a move text), not {shown(move)}")
        return method(self, _listed(self, move, type(self).legal_moves is shared_legal_moves))

    return apply


def _listed(state: GameState, move: Any, cached: bool) -> Any:
    """The legal move ``move`` stands for: itself when listed (found by identity: no copy, no ``__eq__``),
    else the listed move of the same text (a Move written by hand, ``Move("c3")``, as the engines have
    always taken it); IllegalMoveError with the engine's reason when no legal move has that text.

    ``cached``: the state's class keeps the shared ``legal_moves``, so its cached list can be read without a copy.
    """
    if cached:
        moves = () if state.outcome() is not None else state.generated_moves()
    else:
        moves = state.legal_moves()
    for listed in moves:
        if listed is move:
            return move
    for listed in moves:
        if listed.text == move.text:
            return listed
    try:
        reason = state.why_illegal(state.normalize_move_text(move.text))
    except BoardgenError as error:
        reason = (str(error), "illegal")
    raise IllegalMoveError(*reason)


GUARDS: dict[str, Callable[[Any], Any]] = {
    "from_text": _guard_from_text,
    "initial": _guard_initial,
    "play": _guard_play,
    "parse_move": _guard_parse_move,
    "apply": _guard_apply,
}


def guard_engine(cls: type) -> None:
    """Wrap the entry points ``cls`` itself defines (inherited ones are wrapped where they are defined)."""
    for name, guard in GUARDS.items():
        method = cls.__dict__.get(name)
        if method is None or getattr(getattr(method, "__func__", method), GUARDED, False):
            continue
        if getattr(getattr(method, "__func__", method), "__isabstractmethod__", False):
            continue
        wrapped = guard(method)
        setattr(getattr(wrapped, "__func__", wrapped), GUARDED, True)
        setattr(cls, name, wrapped)
