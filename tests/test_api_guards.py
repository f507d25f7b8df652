"""Every public function of boardgen.api, and the engines' entry points, refuse a wrong argument
as documented (docs/api.md): an OptionError whose ``.option`` is the keyword and whose message
starts with it, at once (nothing drawn, typeset or counted first), never a bare TypeError,
AttributeError or a count that never returns.

The table of cases is keyed by function name and the test walks ``api.__all__``: a function
added to the API without a wrong-type and a wrong-value case here fails the suite.
"""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from boardgen import api
from boardgen.errors import IllegalMoveError, NotationError, OptionError

#: no refusal may take longer than this (they come before any drawing, typesetting or counting)
QUICK_S = 2.0
ENGINE_GAMES = [info for info in api.all_games() if info.has_engine()]
#: a build folder that the refusals must never create (each is refused before the folder is made)
_NOWHERE = "/nonexistent/api29-build-output"


def _hex_start() -> api.GameState:
    return api.get_game("hex").load_engine().initial(size=5)


Case = tuple[str, Callable[[], object], str]  # (what is wrong, the call, the keyword the error names)

#: function name -> (wrong-type cases, wrong-value cases)
CASES: dict[str, tuple[list[Case], list[Case]]] = {
    "board_sheet": (
        [("game 5", lambda: api.board_sheet(5), "game"), ("ink 5", lambda: api.board_sheet("hex", ink=5), "ink"),
         ("paper 5", lambda: api.board_sheet("hex", paper=5), "paper"), ("size [5]", lambda: api.board_sheet("hex", size=[5]), "size"),
         ("path 5", lambda: api.board_sheet("hex", path=5), "path"), ("tile 'yes'", lambda: api.board_sheet("hex", tile="yes"), "tile")],
        [("game 'go'", lambda: api.board_sheet("go"), "game"), ("size 99", lambda: api.board_sheet("hex", size=99), "size"),
         ("ink 'dark'", lambda: api.board_sheet("hex", ink="dark"), "ink"), ("paper 'zz'", lambda: api.board_sheet("hex", paper="zz"), "paper"),
         ("format 'gif'", lambda: api.board_sheet("hex", format="gif"), "format"),
         ("dpi 72 for a pdf", lambda: api.board_sheet("hex", dpi=72), "dpi"), ("dpi 5", lambda: api.board_sheet("hex", format="png", dpi=5), "dpi"),
         ("marks 'dots'", lambda: api.board_sheet("hex", tile=True, marks="dots"), "marks"),
         ("sheets 0", lambda: api.board_sheet("hex", tile=True, sheets=0), "sheets"),
         ("sheets without tile", lambda: api.board_sheet("hex", sheets=4), "sheets"),
         ("bleed_mm 9", lambda: api.board_sheet("hex", bleed_mm=9), "bleed_mm"),
         ("bleed_mm with tile", lambda: api.board_sheet("hex", bleed_mm=3, tile=True), "bleed_mm")],
    ),
    "pieces_sheet": (
        [("game 5", lambda: api.pieces_sheet(5), "game"), ("ink 5", lambda: api.pieces_sheet("hex", ink=5), "ink"),
         ("paper 5", lambda: api.pieces_sheet("hex", paper=5), "paper"), ("page '2'", lambda: api.pieces_sheet("hex", format="svg", page="2"), "page"),
         ("dpi 'x'", lambda: api.pieces_sheet("hex", format="png", dpi="x"), "dpi"), ("path 5", lambda: api.pieces_sheet("hex", path=5), "path")],
        [("game 'go'", lambda: api.pieces_sheet("go"), "game"), ("ink 'dark'", lambda: api.pieces_sheet("hex", ink="dark"), "ink"),
         ("paper 'zz'", lambda: api.pieces_sheet("hex", paper="zz"), "paper"), ("format 'gif'", lambda: api.pieces_sheet("hex", format="gif"), "format"),
         ("page 0", lambda: api.pieces_sheet("hex", format="svg", page=0), "page"), ("page with pdf", lambda: api.pieces_sheet("hex", page=2), "page"),
         ("dpi with svg", lambda: api.pieces_sheet("hex", format="svg", dpi=96), "dpi")],
    ),
    "record_sheet": (
        [("game None", lambda: api.record_sheet(None), "game"), ("paper 5", lambda: api.record_sheet("xadrez", paper=5), "paper"),
         ("format 5", lambda: api.record_sheet("xadrez", format=5), "format"), ("path 5", lambda: api.record_sheet("xadrez", path=5), "path")],
        [("game 'go'", lambda: api.record_sheet("go"), "game"), ("game without one", lambda: api.record_sheet("hex"), "game"),
         ("format 'png'", lambda: api.record_sheet("xadrez", format="png"), "format"), ("paper 'zz'", lambda: api.record_sheet("xadrez", paper="zz"), "paper"),
         ("paper too small", lambda: api.record_sheet("xadrez", paper="30x30"), "paper")],
    ),
    "calibration_sheet": (
        [("paper 5", lambda: api.calibration_sheet(paper=5), "paper"), ("format 5", lambda: api.calibration_sheet(format=5), "format"),
         ("path 5", lambda: api.calibration_sheet(path=5), "path")],
        [("paper 'zz'", lambda: api.calibration_sheet(paper="zz"), "paper"), ("paper too small", lambda: api.calibration_sheet(paper="20x20"), "paper"),
         ("format 'png'", lambda: api.calibration_sheet(format="png"), "format")],
    ),
    "build": (
        [("output 5", lambda: api.build(5), "output"), ("only 5", lambda: api.build(_NOWHERE, only=5), "only"),
         ("kinds [5]", lambda: api.build(_NOWHERE, kinds=[5]), "kinds"), ("jobs '2'", lambda: api.build(_NOWHERE, jobs="2"), "jobs"),
         ("jobs True", lambda: api.build(_NOWHERE, jobs=True), "jobs")],
        [("output ''", lambda: api.build(""), "output"), ("only 'go'", lambda: api.build(_NOWHERE, only=["go"]), "only"),
         ("only ','", lambda: api.build(_NOWHERE, only=","), "only"), ("kinds 'posters'", lambda: api.build(_NOWHERE, kinds="posters"), "kinds"),
         ("kinds []", lambda: api.build(_NOWHERE, kinds=[]), "kinds"), ("jobs 0", lambda: api.build(_NOWHERE, jobs=0), "jobs"),
         ("jobs 10**6", lambda: api.build(_NOWHERE, jobs=10**6), "jobs"), ("output a file", lambda: api.build(__file__), "output")],
    ),
    "play": (
        [("moves 'c3 d3'", lambda: api.play("hex", "c3 d3"), "moves"), ("seed '1'", lambda: api.play("gamao", seed="1"), "seed"),
         ("game None", lambda: api.play(None), "game"), ("size '5'", lambda: api.play("hex", size="5"), "size")],
        [("seed -1", lambda: api.play("gamao", seed=-1), "seed"), ("seed 2**64", lambda: api.play("gamao", seed=2**64), "seed"),
         ("variants unknown", lambda: api.play("hex", ["c3"], variants={"colour": "red"}), "variants"), ("game 'go'", lambda: api.play("go"), "game")],
    ),
    "game_state": (
        [("game 5", lambda: api.game_state(5), "game"), ("size '5'", lambda: api.game_state("hex", size="5"), "size"),
         ("position 5", lambda: api.game_state("hex", position=5), "position"), ("variants ['swap=off']", lambda: api.game_state("hex", variants=["swap=off"]), "variants"),
         ("throw 5", lambda: api.game_state("gamao", throw=5), "throw")],
        [("game 'go'", lambda: api.game_state("go"), "game"), ("size 30", lambda: api.game_state("hex", size=30), "size"),
         ("variants {'swap': 'maybe'}", lambda: api.game_state("hex", variants={"swap": "maybe"}), "variants"),
         ("variants unknown", lambda: api.game_state("hex", variants={"colour": "red"}), "variants"),
         ("size contradicts the position", lambda: api.game_state("hex", size=5, position="3/3/3 r swap"), "size"),
         ("throw where none is due", lambda: api.game_state("hex", throw="3-1"), "throw"),
         ("throw '7-7'", lambda: api.game_state("gamao", throw="7-7"), "throw")],
    ),
    "booklet": (
        [("game None", lambda: api.booklet(None), "game"), ("sources 5", lambda: api.booklet("hex", sources=5), "sources"),
         ("langs 5", lambda: api.booklet("hex", langs=5), "langs"), ("impose 'no'", lambda: api.booklet("hex", impose="no"), "impose"),
         ("format 5", lambda: api.booklet("hex", format=5), "format")],
        [("game 'go'", lambda: api.booklet("go"), "game"), ("langs 'fr'", lambda: api.booklet("hex", langs="fr"), "langs"),
         ("paper 'a0'", lambda: api.booklet("hex", paper="a0"), "paper"),
         ("sources missing", lambda: api.booklet("hex", sources="/nonexistent/texts"), "sources"),
         ("format 'epub'", lambda: api.booklet("hex", format="epub"), "format"),
         ("format html without a path", lambda: api.booklet("hex", format="html"), "path"),
         ("format html imposed", lambda: api.booklet("hex", format="html", impose=True, paper="a4", path="x"), "format")],
    ),
    "check": (
        [("paths 5", lambda: api.check(5), "paths"), ("paths [5]", lambda: api.check([5]), "paths"),
         ("paths b'x'", lambda: api.check(b"rules_text"), "paths")],
        [("paths missing", lambda: api.check("/nonexistent/rules"), "paths"), ("paths ''", lambda: api.check(""), "paths")],
    ),
    "diagram": (
        [("game 5", lambda: api.diagram(5), "game"), ("moves 'c3'", lambda: api.diagram("hex", "c3"), "moves"),
         ("position 5", lambda: api.diagram("hex", position=5), "position"), ("variants 5", lambda: api.diagram("hex", variants=5), "variants"),
         ("numbers 'x'", lambda: api.diagram("hex", numbers="x"), "numbers"), ("ink 5", lambda: api.diagram("hex", ink=5), "ink"),
         ("dpi 'x'", lambda: api.diagram("hex", format="png", dpi="x"), "dpi")],
        [("moves illegal", lambda: api.diagram("hex", ["c3", "c3"], size=5), "moves"),
         ("format 'gif'", lambda: api.diagram("hex", format="gif"), "format"), ("wins 2", lambda: api.diagram("hex", wins=2), "wins"),
         ("ink 'dark'", lambda: api.diagram("hex", ink="dark"), "ink"), ("dpi with svg", lambda: api.diagram("hex", dpi=96), "dpi"),
         ("dpi 5", lambda: api.diagram("hex", format="png", dpi=5), "dpi")],
    ),
    "get_game": (
        [("name 5", lambda: api.get_game(5), "name"), ("name None", lambda: api.get_game(None), "name")],
        [("name 'go'", lambda: api.get_game("go"), "name")],
    ),
    "perft": (
        [("depth 'a'", lambda: api.perft(_hex_start(), "a"), "depth"), ("depth 1.5", lambda: api.perft(_hex_start(), 1.5), "depth"),
         ("state None", lambda: api.perft(None, 1), "state"), ("force 'yes'", lambda: api.perft(_hex_start(), 1, force="yes"), "force")],
        [("depth -1", lambda: api.perft(_hex_start(), -1), "depth"), ("depth 10**6", lambda: api.perft(_hex_start(), 10**6), "depth"),
         ("depth 20 (about 1e41 sequences)", lambda: api.perft(_hex_start(), 20), "depth")],
    ),
    "parse_paper": (
        [("text 5", lambda: api.parse_paper(5), "text")],
        [("text 'zz'", lambda: api.parse_paper("zz"), "text"), ("text '5x5'", lambda: api.parse_paper("5x5"), "text")],
    ),
    "default_paper": (
        [("environ 5", lambda: api.default_paper(5), "environ"), ("environ {1: 2}", lambda: api.default_paper({1: 2}), "environ")],
        [("BOARDGEN_PAPER 'zz'", lambda: api.default_paper({"BOARDGEN_PAPER": "zz"}), "BOARDGEN_PAPER")],
    ),
}

#: every name of api.__all__ that is a function (all_games, cached, is not an inspect "function"); classes and errors are not
PUBLIC_FUNCTIONS = sorted(name for name in api.__all__ if callable(getattr(api, name)) and not inspect.isclass(getattr(api, name)))


def test_every_public_function_with_parameters_has_wrong_type_and_wrong_value_cases() -> None:
    assert {"board_sheet", "booklet", "check", "diagram", "perft", "all_games"} <= set(PUBLIC_FUNCTIONS)
    for name in PUBLIC_FUNCTIONS:
        parameters = inspect.signature(getattr(api, name)).parameters
        if not parameters:  # nothing a caller can get wrong but the count, which Python itself refuses
            assert name not in CASES
            continue
        wrong_types, wrong_values = CASES.get(name, ([], []))
        assert wrong_types and wrong_values, f"api.{name} has no wrong-type or no wrong-value case in CASES"
    assert set(CASES) <= set(PUBLIC_FUNCTIONS)


ALL_CASES = [(name, *case) for name, (types, values) in CASES.items() for case in types + values]


@pytest.mark.parametrize(("name", "what", "call", "keyword"), ALL_CASES, ids=[f"{c[0]}: {c[1]}" for c in ALL_CASES])
def test_a_wrong_argument_is_an_option_error_naming_the_keyword(name: str, what: str, call: Callable[[], object], keyword: str) -> None:
    started = time.perf_counter()
    with pytest.raises(OptionError) as caught:
        call()
    assert time.perf_counter() - started < QUICK_S, f"api.{name} ({what}) took its time before refusing"
    assert caught.value.option == keyword
    assert str(caught.value).startswith(f"{keyword}: "), str(caught.value)
    assert "--" not in str(caught.value).split(":")[0]  # a keyword, never a command-line flag
    assert "\n" not in str(caught.value)


def test_all_games_takes_nothing() -> None:
    assert inspect.signature(api.all_games).parameters == {}
    assert [info.id for info in api.all_games()] == sorted(info.id for info in api.all_games())


# -- the engines' entry points, for every game ---------------------------------------------


def _decision(state: api.GameState) -> api.GameState:
    """``state``, or after its first throws the state where a seat chooses a move."""
    while state.is_chance:
        state = state.apply_throw(state.throws()[0])
    return state


def _option_error(call: Callable[[], object], keyword: str) -> OptionError:
    with pytest.raises(OptionError) as caught:
        call()
    assert caught.value.option == keyword and str(caught.value).startswith(f"{keyword}: "), str(caught.value)
    return caught.value


@pytest.mark.parametrize("info", ENGINE_GAMES, ids=lambda info: info.id)
def test_from_text_and_initial_refuse_wrong_types_and_values(info: api.GameInfo) -> None:
    engine = info.load_engine()
    start = engine.initial()
    for text in (None, 5, b"position", ["a1"]):
        _option_error(lambda: engine.from_text(text), "text")
    _option_error(lambda: engine.from_text(start.to_text(), variants=5), "variants")
    _option_error(lambda: engine.from_text(start.to_text(), variants={"no_such_option": "on"}), "variants")
    _option_error(lambda: engine.initial(size="7"), "size")
    _option_error(lambda: engine.initial(variants=["swap=off"]), "variants")
    _option_error(lambda: engine.initial(variants={"no_such_option": "on"}), "variants")
    too_big = max(info.sizes) + 1 if info.sizes else (info.default_size or 1) + 1
    if info.sizes or info.default_size:
        _option_error(lambda: engine.initial(size=too_big), "size")
    with pytest.raises(NotationError):
        engine.from_text("[[[[")


@pytest.mark.parametrize("info", ENGINE_GAMES, ids=lambda info: info.id)
def test_play_apply_and_parse_move_refuse_wrong_types_and_moves_not_listed(info: api.GameInfo) -> None:
    start = _decision(info.load_engine().initial())
    for wrong in (None, 5, ("c3",)):
        _option_error(lambda: start.play(wrong), "texts")
        _option_error(lambda: start.parse_move(wrong), "text")
        _option_error(lambda: start.apply(wrong), "move")
    _option_error(lambda: start.apply(start.legal_moves()[0].text), "move")
    with pytest.raises(IllegalMoveError, match="zz99"):
        start.parse_move("zz99")
    # a Move of another game, and a Move of this game legal only later (texts the start does not list), are not applied
    foreign = _decision(api.get_game("xadrez" if info.id != "xadrez" else "hex").load_engine().initial()).legal_moves()[0]
    assert foreign.text not in {move.text for move in start.legal_moves()}
    with pytest.raises(IllegalMoveError, match="(?i)" + re.escape(foreign.text)):
        start.apply(foreign)
    later, not_yet = start, []
    for _ in range(60):  # along the line of first moves, to the first move the start does not list
        later = _decision(later.apply(later.legal_moves()[0]))
        not_yet = [move for move in later.legal_moves() if move.text not in {m.text for m in start.legal_moves()}]
        if not_yet:
            break
    assert not_yet, f"{info.id}: every move of the first 60 plies is legal at the start too"
    with pytest.raises(IllegalMoveError, match="(?i)" + re.escape(not_yet[0].text)):
        start.apply(not_yet[0])
    # what is listed is still applied, and to the same position as play() reaches
    move = start.legal_moves()[0]
    assert start.apply(move).to_text() == start.play(move.text).to_text()
    # a Move written by hand with a legal text stands for the listed move of that text (as the engines always took it)
    assert start.apply(api.Move(move.text)).to_text() == start.apply(move).to_text()


@pytest.mark.parametrize("info", ENGINE_GAMES, ids=lambda info: info.id)
def test_perft_refuses_negative_and_huge_depths_before_counting(info: api.GameInfo) -> None:
    start = info.load_engine().initial()
    started = time.perf_counter()
    for depth in (-1, 21, 10**9):
        _option_error(lambda: api.perft(start, depth), "depth")
    _option_error(lambda: api.perft(start, 20), "depth")  # every game has more than 1e9 sequences of 20 moves
    assert time.perf_counter() - started < QUICK_S
    assert api.perft(start, 0) == 1 and api.perft(start, 1) == len(start.legal_moves()) or start.is_chance


def test_a_game_over_state_refuses_every_move() -> None:
    engine = api.get_game("hex").load_engine()
    won = engine.initial(size=2, variants={"swap": "off"}).play("a1", "b1", "a2")
    assert won.outcome() is not None and won.legal_moves() == []
    before = engine.initial(size=2, variants={"swap": "off"}).play("a1", "b1")
    with pytest.raises(IllegalMoveError, match="over"):
        won.apply(before.parse_move("b2"))


def test_check_accepts_a_path_object(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="^paths: .*no such file or folder"):
        api.check(tmp_path / "missing")
