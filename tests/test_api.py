"""The library API (boardgen.api): each job makes what the command line makes, and every
wrong keyword value is an OptionError naming the keyword, worded without CLI flags."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen import api
from tests.booklet.sources_kit import write_sources
from tests.conftest import ROOT, run_boardgen

MM = 72 / 25.4  # PDF points per millimetre


def _page_mm(data: bytes, index: int = 0) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(data)).pages[index].mediabox
    return round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)


def _pages(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


# -- board sheets -----------------------------------------------------------------------


def test_board_sheet_is_the_same_file_as_the_command_line(tmp_path: Path) -> None:
    data = api.board_sheet("hex", size=7, paper="letter", ink="light", coordinates=False)
    assert data.startswith(b"%PDF-") and _page_mm(data) in ((215.9, 279.4), (279.4, 215.9))
    cli = run_boardgen("board", "hex", "--size", "7", "--paper", "letter", "--ink", "light", "--no-coordinates", "-o", str(tmp_path / "cli.pdf"))
    assert cli.returncode == 0, cli.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == data
    # ink changes the file: the option reaches the drawing
    assert api.board_sheet("hex", size=7, paper="letter", coordinates=False) != data


def test_board_sheet_writes_the_path_and_takes_the_format_from_its_suffix(tmp_path: Path) -> None:
    target = tmp_path / "y.svg"
    data = api.board_sheet("trihex", path=target, paper="a4")
    assert target.read_bytes() == data and b"<svg" in data[:300]
    assert api.board_sheet("trihex", paper="a4", format="svg") == data


def test_board_sheet_tiles_and_pen_sheets() -> None:
    poster = api.board_sheet("brax", paper="a4", tile=True, cell_mm=40, overlap_mm=15)
    assert _pages(poster) >= 3  # an assembly page and at least two tiles
    assert all(_page_mm(poster, i) in ((210.0, 297.0), (297.0, 210.0)) for i in range(_pages(poster)))
    # a wider glue margin needs at least as many sheets
    assert _pages(api.board_sheet("brax", paper="a4", tile=True, cell_mm=40, overlap_mm=40)) >= _pages(poster)
    pen = api.board_sheet("hex", paper="a4", per_sheet=4)
    assert _pages(pen) == 1
    assert api.board_sheet("hex", paper="a4", board_mm=150) != api.board_sheet("hex", paper="a4", board_mm=200)


BOARD_MISTAKES = [
    ("game", {"game": "shogi"}),
    ("size", {"size": 40}),
    ("size", {"size": "eleven"}),
    ("paper", {"paper": "b5"}),
    ("format", {"format": "gif"}),
    ("ink", {"ink": "dark"}),
    ("orientation", {"orientation": "sideways"}),
    ("cell_mm", {"cell_mm": 0.5}),
    ("cell_mm", {"cell_mm": "big"}),
    ("board_mm", {"board_mm": 5}),
    ("board_mm", {"board_mm": 100, "cell_mm": 10}),
    ("coordinates", {"coordinates": "off"}),
    ("setup", {"setup": 1}),
    ("centre_mark", {"centre_mark": None}),
    ("cut_marks", {"cut_marks": "yes"}),
    ("tile", {"tile": True, "cell_mm": 30, "format": "svg"}),
    ("overlap_mm", {"overlap_mm": 5}),
    ("overlap_mm", {"overlap_mm": 500, "tile": True, "cell_mm": 30}),
    ("per_sheet", {"per_sheet": 0}),
    ("per_sheet", {"per_sheet": 4, "cell_mm": 10}),
    ("per_sheet", {"game": "surakarta", "per_sheet": 4}),
    ("path", {"path": "board.gif"}),
    ("path", {"path": "board.svg", "format": "pdf"}),
]


@pytest.mark.parametrize(("keyword", "given"), BOARD_MISTAKES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(BOARD_MISTAKES)])
def test_board_sheet_mistakes_name_the_keyword(keyword: str, given: dict[str, object], tmp_path: Path) -> None:
    given = dict(given)
    game = given.pop("game", "hex")
    if "path" in given:
        given["path"] = tmp_path / str(given["path"])
    with pytest.raises(api.OptionError) as caught:
        api.board_sheet(game, **given)  # type: ignore[arg-type]
    assert caught.value.option == keyword
    assert "--" not in str(caught.value)
    assert str(caught.value).startswith(f"{keyword}: ")
    assert not list(tmp_path.iterdir())  # nothing written


LAYOUT_MISTAKES = [
    ("cell_mm", {"paper": "a4", "cell_mm": 500}, "a larger paper, or tile"),
    ("paper", {"paper": "50x50", "cell_mm": 30, "tile": True}, "no room for tiles"),
    ("overlap_mm", {"paper": "a4", "cell_mm": 30, "tile": True, "overlap_mm": 200}, "more than half a tile"),
    ("tile", {"paper": "a4", "cell_mm": 1000, "tile": True}, "use a larger paper"),
    ("per_sheet", {"game": "trihex", "size": 26, "paper": "a4", "per_sheet": 36}, "use fewer or a larger paper"),
]


@pytest.mark.parametrize(("keyword", "given", "advice"), LAYOUT_MISTAKES, ids=[k for k, _, _ in LAYOUT_MISTAKES])
def test_board_sheet_layout_errors_name_the_keyword(keyword: str, given: dict[str, object], advice: str) -> None:
    """A board that does not fit is found out while drawing; the error still names keywords, not flags."""
    given = dict(given)
    game = str(given.pop("game", "hex"))
    with pytest.raises(api.OptionError) as caught:
        api.board_sheet(game, **given)  # type: ignore[arg-type]
    assert caught.value.option == keyword and "--" not in str(caught.value)
    assert advice in str(caught.value)


#: what the command line calls the options (boardgen/cli passes such a mapping down)
CLI_NAMES = {"paper": "--paper", "cell_mm": "--cell-mm", "tile": "--tile", "overlap_mm": "--overlap-mm", "per_sheet": "--per-sheet", "langs": "--lang", "impose": "--impose"}


def test_the_lower_layers_name_options_as_their_caller_does() -> None:
    """Given the command line's names, the same layers word their errors exactly as ``boardgen board``/``booklet`` always did."""
    from boardgen.booklet.build import parse_request
    from boardgen.sheets.request import board_request, render_board_file

    request = board_request("hex", paper="a4", cell_mm=40, names=CLI_NAMES)
    with pytest.raises(api.OptionError) as caught:
        render_board_file(request)
    assert caught.value.option == "--cell-mm" and str(caught.value).endswith("a larger --paper, or --tile")
    assert request == board_request("hex", paper="a4", cell_mm=40)  # the names word errors; they are not part of the file
    with pytest.raises(api.OptionError) as caught:
        render_board_file(board_request("hex", paper="a4", cell_mm=30, tile=True, overlap_mm=200, names=CLI_NAMES))
    assert caught.value.option == "--overlap-mm"
    with pytest.raises(api.OptionError) as caught:
        parse_request("pt", "a5", True, names=CLI_NAMES)
    assert str(caught.value) == "--paper: with --impose, --paper is the sheet the A5 pages go on: a4 or letter, not 'a5'"
    with pytest.raises(api.OptionError) as caught:
        parse_request("pt", "b5", False, names=CLI_NAMES)
    assert str(caught.value) == "--paper: must be a5, a4, letter, not 'b5'"
    with pytest.raises(api.OptionError) as caught:
        parse_request("fr", None, False, names=CLI_NAMES)
    assert caught.value.option == "--lang"
    with pytest.raises(api.OptionError) as caught:
        parse_request("pt", "a5", True)
    assert str(caught.value) == "paper: with impose, paper is the sheet the A5 pages go on: a4 or letter, not 'a5'"


# -- booklets and checking ---------------------------------------------------------------


def test_booklet_pages_and_imposition(tmp_path: Path) -> None:
    target = tmp_path / "hex-en.pdf"
    single = api.booklet("hex", langs=("en",), path=target)
    assert target.read_bytes() == single and single.startswith(b"%PDF-")
    assert _page_mm(single) == (148.0, 210.0)
    pages = _pages(single)
    assert pages >= 4
    assert "Hex" in PdfReader(io.BytesIO(single)).pages[0].extract_text()
    imposed = api.booklet("hex", langs="en", impose=True, paper="letter")
    assert _page_mm(imposed) == (279.4, 215.9)
    assert _pages(imposed) == 2 * -(-pages // 4)  # two sides of a sheet per four A5 pages, rounded up


def test_booklet_from_other_sources_refuses_problems(tmp_path: Path) -> None:
    folder = write_sources(tmp_path / "texts", diagrams="```diagram first\nmoves: c3 c3\n```\n")
    with pytest.raises(api.ProblemsError) as caught:
        api.booklet("hex", sources=folder, path=tmp_path / "out.pdf")
    assert [(Path(p.path).name, p.line) for p in caught.value.problems] == [("diagrams.md", 2)]
    assert not (tmp_path / "out.pdf").exists()


BOOKLET_MISTAKES = [
    ("game", {"game": "shogi"}),
    ("langs", {"langs": "fr"}),
    ("langs", {"langs": ("en", "en")}),
    ("langs", {"langs": 3}),
    ("paper", {"paper": "a3"}),
    ("paper", {"paper": "a5", "impose": True}),
    ("impose", {"impose": "yes"}),
    ("sources", {"sources": "no-such-folder"}),
    ("path", {"path": "booklet.svg"}),
]


@pytest.mark.parametrize(("keyword", "given"), BOOKLET_MISTAKES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(BOOKLET_MISTAKES)])
def test_booklet_mistakes_name_the_keyword(keyword: str, given: dict[str, object], tmp_path: Path) -> None:
    given = dict(given)
    game = given.pop("game", "hex")
    for key in ("path", "sources"):
        if key in given:
            given[key] = tmp_path / str(given[key])
    with pytest.raises(api.OptionError) as caught:
        api.booklet(game, **given)  # type: ignore[arg-type]
    assert caught.value.option == keyword
    assert "--" not in str(caught.value)


def test_check_lists_problems_with_their_lines(tmp_path: Path) -> None:
    assert api.check() == []
    assert api.check(ROOT / "rules_text" / "hex") == []
    folder = write_sources(tmp_path / "hex", diagrams="```diagram first\nmoves: c3 c3\n```\n")
    problems = api.check([folder, ROOT / "rules_text" / "ringo"])
    assert [(Path(p.path).name, p.line) for p in problems] == [("diagrams.md", 2)]
    assert "c3" in problems[0].message and str(problems[0]).endswith(problems[0].message)
    for wrong in ([tmp_path / "missing"], [3]):
        with pytest.raises(api.OptionError) as caught:
            api.check(wrong)  # type: ignore[arg-type]
        assert caught.value.option == "paths" and "--" not in str(caught.value)


# -- diagrams ---------------------------------------------------------------------------


def test_diagram_is_the_same_file_as_the_command_line(tmp_path: Path) -> None:
    data = api.diagram("hex", ["c3", "d3"], size=5, variants={"swap": "off"}, arrows=["c3-d3"], marks=["b2"], langs=("en",))
    cli = run_boardgen("diagram", "hex", "--size", "5", "--variant", "swap=off", "c3", "d3", "--arrow", "c3-d3", "--mark", "b2", "--lang", "en", "-o", str(tmp_path / "d.svg"))
    assert cli.returncode == 0, cli.stderr
    assert (tmp_path / "d.svg").read_bytes() == data
    assert re.search(rb'xml:lang="en"', data)
    pdf = api.diagram("hex", ["c3"], size=5, format="pdf", path=tmp_path / "d.pdf")
    assert pdf.startswith(b"%PDF-") and (tmp_path / "d.pdf").read_bytes() == pdf and _pages(pdf) == 1


def test_diagram_claims_are_checked() -> None:
    state = api.get_game("hex").load_engine().initial(size=5, variants={"swap": "off"}).play("c3")
    shown = api.diagram("hex", position=state.to_text(), variants={"swap": "off"}, legal=["d4"], illegal=[("c3", "occupied")], numbers=False)
    assert b"<svg" in shown
    assert api.diagram("hex", ["c3"], size=5, illegal=["c3 occupied"]) == api.diagram("hex", ["c3"], size=5, illegal=[("c3", "occupied")])


DIAGRAM_MISTAKES = [
    ("game", {"game": "shogi"}),
    ("moves", {"moves": ["c3", "c3"]}),
    ("moves", {"moves": "c3 d3"}),
    ("position", {"position": "xx"}),
    ("size", {"size": 40}),
    ("size", {"size": "5"}),
    ("variants", {"variants": {"swap": "maybe"}}),
    ("variants", {"variants": {"colour": "red"}}),
    ("arrows", {"arrows": ["c3"]}),
    ("arrows", {"moves": ["c3"], "arrows": ["c3-zz"]}),
    ("marks", {"marks": ["zz9"]}),
    ("view", {"view": ["zz9"]}),
    ("legal", {"legal": ["zz"]}),
    ("illegal", {"illegal": ["c3"]}),
    ("illegal", {"moves": ["c3"], "illegal": [("c4", "occupied")]}),
    ("wins", {"moves": ["c3"], "wins": 0}),
    ("wins", {"wins": 2}),
    ("numbers", {"numbers": 0}),
    ("coordinates", {"coordinates": "no"}),
    ("langs", {"langs": "fr"}),
    ("format", {"format": "gif"}),
    ("path", {"path": "d.pdf", "format": "svg"}),
    ("ink", {"ink": "dark"}),
    ("dpi", {"dpi": 72}),
]


@pytest.mark.parametrize(("keyword", "given"), DIAGRAM_MISTAKES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(DIAGRAM_MISTAKES)])
def test_diagram_mistakes_name_the_keyword(keyword: str, given: dict[str, object], tmp_path: Path) -> None:
    given = dict(given)
    game = given.pop("game", "hex")
    if "path" in given:
        given["path"] = tmp_path / str(given["path"])
    with pytest.raises(api.OptionError) as caught:
        api.diagram(game, **given)  # type: ignore[arg-type]
    assert caught.value.option == keyword
    assert "--" not in str(caught.value)
    assert not list(tmp_path.iterdir())


# -- the engines and the package --------------------------------------------------------


def test_engine_api_is_reexported() -> None:
    assert [g.id for g in api.all_games()] == sorted(g.id for g in api.all_games())
    engine = api.get_game("surakarta").load_engine()
    assert issubclass(engine, api.GameState)
    state = engine.initial()
    assert all(isinstance(m, api.Move) for m in state.legal_moves())
    assert api.perft(state, 1) == len(state.legal_moves())
    with pytest.raises(api.IllegalMoveError):
        api.get_game("hex").load_engine().initial(size=5).play("c3", "c3")
    with pytest.raises(api.OptionError) as caught:
        api.get_game("shogi")
    assert "shogi" in str(caught.value)


def test_importing_the_api_loads_no_booklet_library() -> None:
    code = "import sys, boardgen.api; print(sorted(m for m in ('weasyprint', 'jinja2', 'markdown_it', 'pypdf', 'pyphen') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.parametrize("document", ["README.md", "docs/api.md"])
def test_documented_examples_run(document: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = _python_blocks(ROOT / document)
    assert blocks
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, f"{document} example", "exec"), namespace)  # the documentation's own code
    assert list(tmp_path.iterdir())  # the examples wrote their files


# -- every job of the command line -----------------------------------------------------


SHEETS_AS_THE_CLI_DRAWS_THEM = [
    ("board bleed", lambda: api.board_sheet("hex", size=5, paper="a4", bleed_mm=3), ["board", "hex", "--size", "5", "--paper", "a4", "--bleed", "3"], "pdf"),
    ("board tiled by sheets", lambda: api.board_sheet("hex", size=3, paper="a4", tile=True, sheets=4, marks="corner"), ["board", "hex", "--size", "3", "--paper", "a4", "--tile", "--sheets", "4", "--marks", "corner"], "pdf"),
    ("board png", lambda: api.board_sheet("hex", size=3, paper="a4", format="png", dpi=50), ["board", "hex", "--size", "3", "--paper", "a4", "--format", "png", "--dpi", "50"], "png"),
    ("pieces svg page 1", lambda: api.pieces_sheet("damas", paper="letter", format="svg", page=1, ink="mono"), ["pieces", "damas", "--paper", "letter", "--format", "svg", "--page", "1", "--ink", "mono"], "svg"),
    ("record", lambda: api.record_sheet("xadrez", paper="a4"), ["record", "xadrez", "--paper", "a4"], "pdf"),
    ("calibration svg", lambda: api.calibration_sheet(paper="letter", format="svg"), ["calibrate", "--paper", "letter", "--format", "svg"], "svg"),
    ("diagram png mono", lambda: api.diagram("hex", ["c3"], size=5, format="png", dpi=60, ink="mono"), ["diagram", "hex", "c3", "--size", "5", "--format", "png", "--dpi", "60", "--ink", "mono"], "png"),
]


@pytest.mark.parametrize(("what", "call", "argv", "suffix"), SHEETS_AS_THE_CLI_DRAWS_THEM, ids=[case[0] for case in SHEETS_AS_THE_CLI_DRAWS_THEM])
def test_each_sheet_is_the_same_file_as_the_command_line(what: str, call: Callable[[], bytes], argv: list[str], suffix: str, tmp_path: Path) -> None:
    data = call()
    cli = run_boardgen(*argv, "-o", str(tmp_path / f"cli.{suffix}"))
    assert cli.returncode == 0, cli.stderr
    assert (tmp_path / f"cli.{suffix}").read_bytes() == data


def test_the_new_board_keywords_reach_the_drawing() -> None:
    plain = api.board_sheet("hex", size=3, paper="a4", tile=True, sheets=4)
    assert api.board_sheet("hex", size=3, paper="a4", tile=True, sheets=4, marks="none") != plain
    assert _pages(api.board_sheet("hex", size=3, paper="a4", tile=True, sheets=2)) < _pages(plain)
    assert api.board_sheet("hex", size=3, paper="a4", bleed_mm=3) != api.board_sheet("hex", size=3, paper="a4")
    small, large = (api.board_sheet("hex", size=3, paper="a4", format="png", dpi=dpi) for dpi in (50, 100))
    assert small.startswith(b"\x89PNG") and large.startswith(b"\x89PNG")
    from PIL import Image

    assert Image.open(io.BytesIO(large)).size[0] == pytest.approx(2 * Image.open(io.BytesIO(small)).size[0], abs=2)


def test_pieces_record_and_calibration_write_their_path(tmp_path: Path) -> None:
    for name, call in (
        ("pieces.pdf", lambda path: api.pieces_sheet("awele", paper="a4", path=path)),
        ("record.svg", lambda path: api.record_sheet("gamao", path=path, paper="a4")),
        ("calibrate.pdf", lambda path: api.calibration_sheet(path=path, paper="a4")),
    ):
        data = call(tmp_path / name)
        assert (tmp_path / name).read_bytes() == data
    assert b"<svg" in (tmp_path / "record.svg").read_bytes()[:300]
    assert _pages((tmp_path / "pieces.pdf").read_bytes()) >= 1
    with pytest.raises(api.OptionError, match="^path: "):
        api.calibration_sheet(path=tmp_path / "calibrate.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calibrate.pdf", "pieces.pdf", "record.svg"]


def test_build_is_the_command_line_build(tmp_path: Path) -> None:
    """A build through the API makes the files the command's plan makes: the command then finds all of them up to date."""
    summary = api.build(tmp_path / "out", only=["Surakarta"], kinds="boards", jobs=1)
    assert summary.output == tmp_path / "out" and summary.artefacts and sorted(summary.built) == sorted(a.path for a in summary.artefacts)
    assert all(path.is_file() and path.stat().st_size == artefact.bytes for path, artefact in zip(summary.files, summary.artefacts))
    assert {artefact.game for artefact in summary.artefacts} == {"surakarta"} and {artefact.kind for artefact in summary.artefacts} >= {"board", "pieces", "record"}
    cli = run_boardgen("build", "-o", str(tmp_path / "out"), "--only", "surakarta", "--kind", "boards", "--jobs", "1", "--json", "-q")
    assert cli.returncode == 0, cli.stderr
    record = json.loads(cli.stdout)
    assert record["built"] == [] and sorted(record["up_to_date"]) == sorted(summary.built)
    assert record["artefacts"] == [artefact.to_json() for artefact in summary.artefacts]
    again = api.build(tmp_path / "out", only="surakarta", kinds=["boards"], jobs=1)
    assert again.built == () and sorted(again.up_to_date) == sorted(summary.built)


def test_game_state_is_what_the_engine_commands_start_from() -> None:
    state = api.game_state("hex", size=5, variants={"swap": "off"})
    played = run_boardgen("play", "hex", "--size", "5", "--variant", "swap=off", "c3", "b2")
    assert played.returncode == 0, played.stderr
    assert state.play("c3", "b2").to_text() == played.stdout.strip()
    listed = run_boardgen("moves", "gamao", "--throw", "3-1")
    assert listed.returncode == 0, listed.stderr
    assert [move.text for move in api.game_state("gamao", throw="3-1").legal_moves()] == listed.stdout.split("\n")[:-1]
    assert api.game_state("hex", position=state.play("c3").to_text()) == state.play("c3")
    seeded = run_boardgen("play", "gamao", "--seed", "7", "--json")
    assert seeded.returncode == 0, seeded.stderr
    drawn = api.play("gamao", seed=7)
    assert drawn.to_text() == json.loads(seeded.stdout)["position"] and not drawn.is_chance
    line = [move.text for move in drawn.legal_moves()[:1]]
    assert api.play("gamao", line, seed=7) == api.play("gamao", [*line], seed=7) and api.play("gamao", line, seed=7) != drawn
    with pytest.raises(api.IllegalMoveError) as caught:
        api.play("hex", ["c3", "c3"], size=5)
    assert caught.value.code == "occupied" and str(caught.value).startswith("move 2: ")


ENGINE_MISTAKES = [
    # (keyword the API names, the API call's keywords, the flag the command names, the command's arguments)
    ("game", {"game": "go"}, "GAME", ["play", "go"]),
    ("size", {"size": 30}, "--size", ["play", "hex", "--size", "30"]),
    ("variants", {"variants": {"swap": "maybe"}}, "--variant", ["play", "hex", "--variant", "swap=maybe"]),
    ("variants", {"variants": {"colour": "red"}}, "--variant", ["play", "hex", "--variant", "colour=red"]),
    ("throw", {"throw": "3-1"}, "--throw", ["play", "hex", "--throw", "3-1"]),
]


@pytest.mark.parametrize(("keyword", "given", "flag", "argv"), ENGINE_MISTAKES, ids=[f"{k}-{i}" for i, (k, _, _, _) in enumerate(ENGINE_MISTAKES)])
def test_engine_mistakes_name_the_keyword_from_the_api_and_the_flag_from_the_command(keyword: str, given: dict[str, object], flag: str, argv: list[str]) -> None:
    given = dict(given)
    game = str(given.pop("game", "hex"))
    with pytest.raises(api.OptionError) as caught:
        api.game_state(game, **given)  # type: ignore[arg-type]
    assert caught.value.option == keyword and "--" not in str(caught.value)
    cli = run_boardgen(*argv)
    assert cli.returncode == 2 and cli.stderr.startswith(f"boardgen: error: {flag}: "), cli.stderr
    assert cli.stderr.split(": ", 3)[-1] .strip().split(" ")[:2] == str(caught.value).split(": ", 1)[-1].split(" ")[:2]


def test_the_package_keeps_both_import_forms_and_one_job_per_module() -> None:
    import importlib
    import pkgutil
    from types import ModuleType

    for name in api.__all__:
        assert getattr(importlib.import_module("boardgen.api"), name) is getattr(api, name)
    modules = [info.name for info in pkgutil.iter_modules(api.__path__)]
    assert set(modules) >= {"sheets", "booklets", "builder", "games", "papers", "checks", "files"}
    for name in modules:
        module = importlib.import_module(f"boardgen.api.{name}")
        assert isinstance(getattr(api, name), ModuleType), f"api.{name} is hidden by a function of the same name"
        assert (module.__doc__ or "").strip(), f"boardgen/api/{name}.py says nothing of its job"
        assert len(Path(module.__file__ or "").read_text(encoding="utf-8").splitlines()) < 300


def test_a_game_without_an_engine_is_refused_by_keyword(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game (a plugin's, say) with a board and no engine yet: the API names ``game``, never the command's ``GAME``."""
    from boardgen import registry

    drawn_only = api.GameInfo(id="drawnonly", title={"pt": "Só tabuleiro", "en": "Board only"}, summary={"pt": "", "en": ""}, board="boardgen.games.hex.board:HexBoard")
    games = registry.all_games()
    monkeypatch.setattr(registry, "all_games", lambda: (*games, drawn_only))
    for call in (drawn_only.load_engine, lambda: api.game_state("drawnonly")):
        with pytest.raises(api.OptionError) as caught:
            call()
        assert caught.value.option == "game" and str(caught.value) == "game: drawnonly has no rules engine yet"


#: each command of the command line and the functions that do its job (all their keywords together)
COMMAND_FUNCTIONS: dict[str, tuple[Callable[..., object], ...]] = {
    "list": (api.all_games,),
    "board": (api.board_sheet,),
    "pieces": (api.pieces_sheet,),
    "record": (api.record_sheet,),
    "calibrate": (api.calibration_sheet,),
    "booklet": (api.booklet,),
    "check": (api.check,),
    "diagram": (api.diagram,),
    "build": (api.build,),
    "moves": (api.game_state,),
    "play": (api.play,),
    "perft": (api.game_state, api.perft),
}
#: commands with no function: a local web server (api.build writes the same site)
NO_FUNCTION = {"serve", "preview"}
#: options that are the terminal's, not the job's (-o is ``path``, the build's is its folder)
NOT_KEYWORDS = {"quiet", "verbose", "json", "help"}
#: a flag whose keyword is spelt otherwise: the plural of a repeatable option, a length's unit
KEYWORD_OF = {"lang": "langs", "variant": "variants", "arrow": "arrows", "mark": "marks", "kind": "kinds", "bleed": "bleed_mm", "move_texts": "moves"}


def test_every_command_has_its_function_with_every_option_as_a_keyword() -> None:
    import inspect

    import click

    from boardgen.cli import COMMANDS, cli

    assert set(COMMANDS) == set(COMMAND_FUNCTIONS) | NO_FUNCTION
    context = click.Context(cli)
    for name, functions in COMMAND_FUNCTIONS.items():
        command = cli.get_command(context, name)
        assert command is not None
        keywords = {parameter for function in functions for parameter in inspect.signature(function).parameters}
        for parameter in command.params:
            flag = parameter.opts[-1].lstrip("-").replace("-", "_") if isinstance(parameter, click.Option) else str(parameter.name)
            if flag in NOT_KEYWORDS:
                continue
            keyword = "path" if flag == "output" and name != "build" else KEYWORD_OF.get(flag, flag)
            assert keyword in keywords, f"boardgen {name} {'/'.join(parameter.opts)}: no keyword {keyword!r} in {[f.__name__ for f in functions]}"
