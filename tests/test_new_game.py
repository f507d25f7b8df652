"""Adding a game touches no shared module: a toy game kept in a folder of its own is listed, drawn, checked and typeset.

The toy (``tests/fixtures/toy_game/toyrow/``: three in a row on 3 x 3 cells,
with a real engine, a board drawing, a pieces sheet and rule texts in both
languages) is copied into a temporary folder together with the
``toyrow-0.1.dist-info`` an installed distribution would have, declaring the
entry point ``toy = toyrow:GAME`` in the group ``boardgen.games``: exactly
what ``pip install`` of a plugin leaves on the path (docs/adding-a-game.md).
Every command runs in a fresh process with that folder on ``PYTHONPATH``, so
the toy never joins this process's registry: the conformance, golden and
perft tests parametrised over :func:`boardgen.registry.all_games` never see
it (a test below holds that).  The conformance harness is run on the toy here
instead, on its GameInfo imported from the copy.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from boardgen.registry import ENTRY_POINT_GROUP, all_games

from .conftest import require_tool, run_boardgen

TOY = Path(__file__).resolve().parent / "fixtures" / "toy_game" / "toyrow"


def install_toy(folder: Path, entry_points: str = "toy = toyrow:GAME\n") -> Path:
    """``folder`` made into what pip leaves for a plugin: the package and its dist-info declaring ``entry_points``."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(TOY, folder / "toyrow", ignore=shutil.ignore_patterns("__pycache__"))
    info = folder / "toyrow-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyrow\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{entry_points}", encoding="utf-8")
    return folder


def toy_env(folder: Path) -> dict[str, str]:
    """The environment of a user who installed the plugin into ``folder``: it is on the path, A4 paper."""
    path = os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path, "BOARDGEN_PAPER": "a4"}


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy installed into ``site-packages`` of a temporary folder (``python -m`` puts the working folder on the path: never run there)."""
    return install_toy(tmp_path_factory.mktemp("plugin") / "site-packages")


def toy_run(plugin: Path, *args: str) -> subprocess.CompletedProcess[str]:
    found = run_boardgen(*args, cwd=plugin.parent, env=toy_env(plugin), timeout=120)
    return subprocess.CompletedProcess(args, found.returncode, found.stdout, found.stderr)


def test_the_toy_is_not_a_game_of_this_process() -> None:
    """The registry the suite's parametrised tests read has no toy: installing it is the subprocesses' business."""
    assert "toy" not in {game.id for game in all_games()}
    assert not (Path(__file__).resolve().parent.parent / "boardgen" / "games" / "toy").exists()


def test_list_shows_the_plugin_game_among_boardgen_s_own(plugin: Path) -> None:
    result = toy_run(plugin, "list", "--json")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    games = {game["id"]: game for game in json.loads(result.stdout)["games"]}
    assert games["toy"]["title"] == {"pt": "Três em linha", "en": "Three in a row"}
    assert games["toy"]["aliases"] == ["three-in-a-row"] and games["toy"]["has_engine"] is True
    assert {"hex", "xadrez", "nyout"} <= set(games) and list(games) == sorted(games)
    plain = toy_run(plugin, "list")
    assert re.search(r"^toy +Three in a row \(also: three-in-a-row\): fixed board$", plain.stdout, re.M), plain.stdout
    without = run_boardgen("list", "--json", cwd=plugin.parent)  # installed, but not on the path: no toy
    assert "toy" not in {game["id"] for game in json.loads(without.stdout)["games"]}


def test_board_writes_the_toy_s_sheet(plugin: Path, tmp_path: Path) -> None:
    result = toy_run(plugin, "board", "toy", "-o", str(tmp_path / "toy.svg"))
    assert result.returncode == 0, result.stderr
    assert "Printable Three in a row board: cell 50.0 mm" in result.stdout and "A4 portrait" in result.stdout
    root = ElementTree.parse(tmp_path / "toy.svg").getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    assert root.findtext("{http://www.w3.org/2000/svg}title", "").startswith("Três em linha")
    pieces = toy_run(plugin, "pieces", "toy", "-o", str(tmp_path / "pieces.pdf"))
    assert pieces.returncode == 0 and "Three in a row pieces: 40.0 mm for 50.0 mm cells" in pieces.stdout, pieces.stderr
    pdf = toy_run(plugin, "board", "three-in-a-row", "--paper", "letter", "-o", str(tmp_path / "toy.pdf"))
    assert pdf.returncode == 0 and (tmp_path / "toy.pdf").read_bytes().startswith(b"%PDF"), pdf.stderr


def test_the_toy_s_engine_plays_through_the_command_line(plugin: Path) -> None:
    won = toy_run(plugin, "play", "toy", "b2", "a1", "a2", "c1", "c2", "--json")
    assert json.loads(won.stdout) == {"position": ".../xxx/o.o o", "to_move": None, "outcome": {"winner": 0, "reason": "three in a row"}, "legal_moves": []}
    moves = toy_run(plugin, "moves", "toy", "--position", "xox/oxo/.x. o", "--json")
    assert [move["text"] for move in json.loads(moves.stdout)["legal_moves"]] == ["a1", "c1"], moves.stderr
    taken = toy_run(plugin, "play", "toy", "b2", "b2")
    assert (taken.returncode, taken.stdout, taken.stderr) == (2, "", "boardgen: error: move 2: b2: the cell is taken [occupied]\n")
    assert toy_run(plugin, "perft", "toy", "--depth", "2").stdout.split()[-1] == "72"  # 9 x 8, by hand


def test_check_replays_the_toy_s_diagrams_and_names_a_false_claim(plugin: Path, tmp_path: Path) -> None:
    result = toy_run(plugin, "check", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert (report["games_checked"], report["problems"]) == (len(all_games()) + 1, [])  # boardgen's games and the toy
    # a copy of the plugin whose diagram claims a taken cell is a legal move: the check finds it in the toy's own file
    broken = install_toy(tmp_path / "broken" / "site-packages")
    diagrams = broken / "toyrow" / "rules_text" / "toy" / "diagrams.md"
    diagrams.write_text(diagrams.read_text(encoding="utf-8").replace("legal: a1", "legal: b2"), encoding="utf-8")
    found = run_boardgen("check", str(diagrams.parent), cwd=tmp_path, env=toy_env(broken), timeout=120)  # the toy's folder alone: faster
    assert found.returncode == 2, found.stdout + found.stderr
    line = next(n for n, text in enumerate(diagrams.read_text(encoding="utf-8").splitlines(), 1) if text == "legal: b2")
    shown = diagrams.relative_to(tmp_path).as_posix()  # paths as seen from the working folder
    assert found.stdout == f"{shown}:{line}: diagram taken: legal: b2 is claimed legal, but the engine refuses it: b2: the cell is taken\n"
    assert found.stderr == "boardgen: error: 1 problem found in the rule texts\n"


def test_the_conformance_harness_passes_on_the_toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness's own check of one game, on the toy's GameInfo (imported from a copy; the registry untouched)."""
    from tests.test_conformance import test_random_playouts_conform

    shutil.copytree(TOY, tmp_path / "toyrow", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    import toyrow

    try:
        test_random_playouts_conform(toyrow.GAME)
    finally:
        for name in [name for name in list(sys.modules) if name == "toyrow" or name.startswith("toyrow.")]:
            del sys.modules[name]
    assert "toy" not in {game.id for game in all_games()}


def test_the_build_plans_the_toy_s_boards_pieces_and_diagrams(plugin: Path, tmp_path: Path) -> None:
    result = toy_run(plugin, "build", "--only", "toy", "--kind", "boards,diagrams", "-o", str(tmp_path / "out"), "--json")
    assert result.returncode == 0, result.stderr
    built = sorted(json.loads(result.stdout)["built"])
    assert built == [
        "boards/toy-a4.pdf",
        "boards/toy-a4.svg",
        "boards/toy-letter.pdf",
        "boards/toy-letter.svg",
        "boards/toy-pieces-a4.pdf",
        "boards/toy-pieces-letter.pdf",
        "boards/toy-poster-tiled-a4.pdf",
        "boards/toy-poster-tiled-letter.pdf",
        "diagrams/toy/line.svg",
        "diagrams/toy/taken.svg",
    ]
    assert all((tmp_path / "out" / path).stat().st_size > 1000 for path in built)


def test_a_plugin_that_clashes_or_does_not_load_is_left_out_with_a_warning(tmp_path: Path) -> None:
    folder = install_toy(tmp_path / "site-packages", "toy = toyrow:GAME\nclash = toyrow_clash:GAME\nbroken = no_such_module:GAME\n")
    (folder / "toyrow_clash.py").write_text(
        "from boardgen.registry import GameInfo\nGAME = GameInfo(id='chess', title={}, summary={}, board='toyrow.board:ToyBoard')\n",
        encoding="utf-8",
    )
    result = subprocess.run([sys.executable, "-m", "boardgen", "list", "--json"], cwd=tmp_path, env={**os.environ, **toy_env(folder)}, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    ids = [game["id"] for game in json.loads(result.stdout)["games"]]
    assert "toy" in ids and ids.count("xadrez") == 1 and "chess" not in ids
    warnings = result.stderr.splitlines()
    assert len(warnings) == 2, warnings
    assert warnings[0].startswith("boardgen: warning: the plugin game broken (no_such_module:GAME) does not load: No module named 'no_such_module'")
    assert warnings[1] == "boardgen: warning: the plugin game chess is left out: its id or an alias is xadrez's"


def test_booklet_typesets_the_toy_s_rules_in_both_languages(plugin: Path, tmp_path: Path) -> None:
    require_tool("pdftotext")
    result = toy_run(plugin, "booklet", "toy", "--lang", "pt+en", "--paper", "a5", "-o", str(tmp_path / "toy.pdf"))
    assert result.returncode == 0, result.stderr
    text = subprocess.run(["pdftotext", str(tmp_path / "toy.pdf"), "-"], capture_output=True, text=True, check=True).stdout
    for words in ("Três em linha", "Three in a row", "Como jogar", "How to play", "the corner a1", "o canto a1"):
        assert words in " ".join(text.split()), words


# -- the declarations themselves, in this process (no plugin installed) ---------------------------------


def test_boardgen_s_games_declare_their_sheets_and_find_their_package() -> None:
    from boardgen.registry import get_game

    hex_game, damas = get_game("hex"), get_game("damas")
    assert (hex_game.pieces, hex_game.record, hex_game.texts) == ("boardgen.games.hex.pieces:PIECES", None, None)
    assert hex_game.has_pieces() and not hex_game.has_record() and hex_game.texts_root() is None
    assert damas.has_record() and type(damas.load_record()).__name__ == "RecordSheet"
    assert hex_game.package_folder() == (Path(__file__).resolve().parent.parent / "boardgen" / "games" / "hex")
    assert all(game.pieces == f"boardgen.games.{game.id}.pieces:PIECES" and game.has_pieces() for game in all_games())


def test_a_game_without_a_pieces_sheet_is_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgen.errors import OptionError
    from boardgen.registry import GameInfo
    from boardgen.sheets.pieces import declaration

    shutil.copytree(TOY, tmp_path / "toyrow", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    bare = GameInfo(id="bare", title={}, summary={}, board="toyrow.board:ToyBoard", texts="toyrow:rules_text")
    assert bare.texts_root() == (tmp_path / "toyrow" / "rules_text").resolve() and not bare.has_pieces()
    assert bare.package_folder() == (tmp_path / "toyrow").resolve()
    with pytest.raises(OptionError, match="^GAME: bare has no pieces sheet yet$"):
        declaration(bare)
    assert bare.load_record() is None
    for name in [name for name in list(sys.modules) if name == "toyrow" or name.startswith("toyrow.")]:
        del sys.modules[name]


def test_a_plugin_without_a_pieces_sheet_is_not_offered_one(tmp_path: Path) -> None:
    folder = install_toy(tmp_path / "site-packages", "toy = toyrow:GAME\nbare = toyrow_bare:GAME\n")
    (folder / "toyrow_bare.py").write_text(
        "from boardgen.registry import GameInfo\nGAME = GameInfo(id='bare', title={'pt': 'Nu', 'en': 'Bare'}, summary={}, board='toyrow.board:ToyBoard')\n",
        encoding="utf-8",
    )
    refused = run_boardgen("pieces", "bare", "-o", str(tmp_path / "bare.pdf"), cwd=tmp_path, env=toy_env(folder), timeout=120)
    assert (refused.returncode, refused.stdout, refused.stderr) == (2, "", "boardgen: error: GAME: bare has no pieces sheet yet\n")
    assert not (tmp_path / "bare.pdf").exists()
    completion = {"_BOARDGEN_COMPLETE": "bash_complete", "COMP_WORDS": "boardgen pieces ", "COMP_CWORD": "2"}
    offered = run_boardgen(cwd=tmp_path, env={**toy_env(folder), **completion}, timeout=120)
    names = {line.split(",", 1)[1] for line in offered.stdout.splitlines()}
    assert {"toy", "three-in-a-row", "hex"} <= names and "bare" not in names


def test_a_folder_of_texts_in_no_package_is_one_clear_error() -> None:
    from boardgen.errors import BoardgenError
    from boardgen.registry import GameInfo

    lost = GameInfo(id="lost", title={}, summary={}, board="x:y", texts="no_such_package.sub:rules_text")
    with pytest.raises(BoardgenError, match=r"^lost: texts='no_such_package.sub:rules_text' names no package that can be imported \(PACKAGE:FOLDER\)$"):
        lost.texts_root()
