"""The library's examples run (issue 26, "Executable examples"): every docstring example of the
public API, of GameInfo and of GameState is run by doctest, as python-chess's are, and every public
function of boardgen.api and the main methods of GameInfo and GameState must carry one.

The examples write ``api.`` for ``from boardgen import api`` (given to every module as a global
here, as ``chess`` is in python-chess's). They are kept fast (no booklet is typeset: the booklet
example shows the refusal that comes first) and deterministic (no clock, no random, no home folder).
"""

from __future__ import annotations

import doctest
import inspect
from types import ModuleType

import pytest

import boardgen.api.booklets
import boardgen.api.builder
import boardgen.api.games
import boardgen.api.papers
import boardgen.api.sheets
import boardgen.engine.base
import boardgen.registry
from boardgen import api
from boardgen.engine.base import GameState
from boardgen.registry import GameInfo

#: the api package and each of its modules (doctest finds a function only in the module that defines it)
MODULES = [api, boardgen.api.sheets, boardgen.api.booklets, boardgen.api.builder, boardgen.api.games, boardgen.api.papers, boardgen.registry, boardgen.engine.base]
#: the methods a library user starts from (the rest of GameState is for engines to implement)
GAME_STATE_METHODS = ("initial", "from_text", "to_text", "legal_moves", "apply", "parse_move", "play", "outcome")
GAME_INFO_METHODS = ("load_engine", "check_size", "describe_sizes", "resolve_variants")


def public_functions() -> list[str]:
    """Every name of ``api.__all__`` that is a function (a class or an error is not), cached ones too."""
    return sorted(name for name in api.__all__ if callable(getattr(api, name)) and not inspect.isclass(getattr(api, name)))


def has_example(function: object) -> bool:
    return ">>>" in (inspect.getdoc(function) or "")


def test_every_public_function_carries_an_example() -> None:
    names = public_functions()
    assert {"board_sheet", "pieces_sheet", "record_sheet", "calibration_sheet", "booklet", "check", "diagram", "build", "get_game", "all_games", "game_state", "perft", "parse_paper", "default_paper"} <= set(names)
    assert [name for name in names if not has_example(getattr(api, name))] == []


def test_the_main_methods_of_game_info_and_game_state_carry_an_example() -> None:
    missing = [f"GameState.{name}" for name in GAME_STATE_METHODS if not has_example(getattr(GameState, name))]
    missing += [f"GameInfo.{name}" for name in GAME_INFO_METHODS if not has_example(getattr(GameInfo, name))]
    assert missing == []


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_the_examples_run(module: ModuleType) -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [test for test in finder.find(module, module.__name__, extraglobs={"api": api}) if test.examples]
    if module is api:  # the package's own examples are its modules': each function is found where it is defined
        assert not tests
        return
    assert tests, f"{module.__name__} has no examples"
    failures: list[str] = []
    for test in tests:
        result = runner.run(test, out=failures.append)
        assert result.attempted > 0
    assert runner.failures == 0, "".join(failures)


def test_a_wrong_example_fails() -> None:
    """The runner above does fail on a wrong result (a doctest that cannot fail would prove nothing)."""

    def wrong() -> None:
        """>>> api.get_game("hex").id
        'xadrez'
        """

    test = doctest.DocTestFinder().find(wrong, "wrong", globs={"api": api})[0]
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda _: None)
    assert runner.failures == 1


def test_every_module_of_the_api_package_is_searched_for_examples() -> None:
    """A module added to boardgen/api/ with public functions is run here too (MODULES lists it)."""
    import pkgutil

    defined = {getattr(api, name).__module__ for name in public_functions()}
    defined.discard("boardgen.registry")  # all_games, with the registry's examples
    searched = {module.__name__ for module in MODULES}
    assert defined <= searched, sorted(defined - searched)
    assert {f"boardgen.api.{info.name}" for info in pkgutil.iter_modules(api.__path__)} >= defined
