"""``boardgen board`` as a user meets it: files, metadata, reproducibility and bad input."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from boardgen.registry import all_games

from ..conftest import require_tool, run_boardgen

MM = 72 / 25.4


def test_pdf_page_size_metadata_and_print_scaling(tmp_path):
    out = tmp_path / "hex.pdf"
    result = run_boardgen("board", "hex", "--size", "11", "--paper", "a4", "--format", "pdf", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert f"wrote {out}" in result.stdout
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    # Hex is wider than tall: landscape A4.
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (297.0, 210.0)
    info = reader.metadata
    assert info.title.startswith("Hex 11 × 11")
    assert "cell" in info.subject and info.creator.startswith("boardgen")
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


@pytest.mark.parametrize("paper, expected", [("letter", (279.4, 215.9)), ("a3", (420.0, 297.0)), ("300x250", (300.0, 250.0))])
def test_papers(tmp_path, paper, expected):
    out = tmp_path / "b.pdf"
    assert run_boardgen("board", "hex", "--paper", paper, "-o", str(out)).returncode == 0
    box = PdfReader(out).pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == expected


def test_orientation_follows_the_board(tmp_path):
    out = tmp_path / "t.pdf"
    assert run_boardgen("board", "hex", "--size", "3", "--paper", "a4", "--orientation", "portrait", "-o", str(out)).returncode == 0
    box = PdfReader(out).pages[0].mediabox
    assert float(box.width) < float(box.height)


def test_every_font_is_embedded(tmp_path):
    require_tool("pdffonts")
    out = tmp_path / "hex.pdf"
    assert run_boardgen("board", "trihex", "-o", str(out)).returncode == 0
    lines = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert lines, "the sheet has text, so it has fonts"
    for line in lines:
        assert "Noto" in line.split()[0]
        assert line.split()[-5] == "yes", line  # the "emb" column


def test_svg_root_has_millimetre_size_and_viewbox(tmp_path):
    out = tmp_path / "hex.svg"
    assert run_boardgen("board", "hex", "--paper", "letter", "-o", str(out)).returncode == 0
    root = ET.parse(out).getroot()
    assert root.get("width") == "279.4mm" and root.get("height") == "215.9mm"
    assert root.get("viewBox") == "0 0 279.4 215.9"
    assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("Hex 11 × 11")
    assert "<text" not in out.read_text()  # text is drawn as outlines, independent of the reader's fonts


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
@pytest.mark.parametrize("game", [game.id for game in all_games()])
def test_same_command_twice_gives_the_same_bytes(tmp_path, fmt, game):
    first, second = tmp_path / f"a.{fmt}", tmp_path / f"b.{fmt}"
    size = ["--size", "9"] if game in ("hex", "trihex") else ["--setup"]
    assert run_boardgen("board", game, *size, "-o", str(first)).returncode == 0
    assert run_boardgen("board", game, *size, "-o", str(second)).returncode == 0
    assert first.read_bytes() == second.read_bytes()


def test_tiled_poster_is_reproducible(tmp_path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert run_boardgen("board", "ringo", "--cell-mm", "30", "--tile", "--paper", "letter", "-o", str(out)).returncode == 0
    assert first.read_bytes() == second.read_bytes()


def test_light_ink_has_no_large_solid_fill(tmp_path):
    from boardgen.boards.base import BoardOptions
    from boardgen.drawing.model import Polygon
    from boardgen.games.hex.board import HexBoard
    from boardgen.drawing.frame import Frame

    board = HexBoard(11).draw(Frame(10.0), BoardOptions(ink="light"))
    fills = {s.style.fill for s, roles in board.walk() if isinstance(s, Polygon) and any(r.startswith("edge") for r in roles)}
    assert fills == {None}


BAD_INPUT = [
    (["board", "shogi"], "GAME", "known: "),
    (["board", "hex", "--size", "0"], "--size", "from 2 to 26"),
    (["board", "hex", "--size", "1"], "--size", "from 2 to 26"),
    (["board", "hex", "--size", "27"], "--size", "from 2 to 26"),
    (["board", "hex", "--size", "abc"], "--size", "from 2 to 26"),
    (["board", "trihex", "--size", "27"], "--size", "from 2 to 26"),
    (["board", "hex", "--paper", "b5"], "--paper", "a4, letter"),
    (["board", "hex", "--cell-mm", "40", "--paper", "a4"], "--cell-mm", "at most"),
    (["board", "hex", "--cell-mm", "abc"], "--cell-mm", "mm"),
    (["board", "hex", "--format", "gif"], "--format", "pdf or svg or png"),
    (["board", "hex", "--ink", "dark"], "--ink", "full, light or mono"),
    (["board", "surakarta", "--size", "5"], "--size", "one board size"),
    (["board", "ringo", "--cell-mm", "60", "--paper", "a4"], "--cell-mm", "--tile"),
    (["board", "brax", "--paper", "20x20"], "--paper", "from 50"),
]


@pytest.mark.parametrize("args, option, allowed", BAD_INPUT, ids=[" ".join(a[0][1:]) for a in BAD_INPUT])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, args, option, allowed):
    out = tmp_path / "out.pdf"
    result = run_boardgen(*args, "-o", str(out))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert option in lines[0] and allowed in lines[0]
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_unwritable_output_path(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    result = run_boardgen("board", "hex", "-o", str(blocker / "x.pdf"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "-o" in result.stderr and "not a folder" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_list_json_lists_games_sizes_and_variants():
    result = run_boardgen("list", "--json")
    assert result.returncode == 0
    games = {g["id"]: g for g in json.loads(result.stdout)["games"]}
    assert games["hex"]["sizes"] == list(range(2, 27)) and games["hex"]["default_size"] == 11
    assert games["trihex"]["default_size"] == 11 and "y" in games["trihex"]["aliases"]
    assert {"name": "swap", "values": ["on", "off"], "default": "on"}.items() <= games["hex"]["variants"][0].items()


def test_build_writes_every_default_board(tmp_path):
    """Every game's boards (``--kind boards``: the booklets, diagrams and site have tests of their own in tests/make)."""
    result = run_boardgen("build", "-o", str(tmp_path), "-q", "--json", "--kind", "boards")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    boards = {p.name for p in (tmp_path / "boards").iterdir()}
    for name in ("hex-11-a4.pdf", "hex-11-letter.svg", "trihex-11-a4.svg", "trihex-11-letter.pdf", "hex-19-a4.pdf", "hex-13-poster-tiled-letter.pdf", "seega-9-a4.svg", "damas-pieces-a4.pdf"):
        assert name in boards
    from boardgen.registry import all_games

    assert {name.split("-", 1)[0] for name in boards if not name.startswith("calibrate-")} == {game.id for game in all_games() if game.has_board()}  # every game's
    assert {"calibrate-a4.pdf", "calibrate-letter.svg", "xadrez-record-a4.pdf", "surakarta-record-letter.svg"} <= boards  # and the print sheets
    # --json names every file written, with its size, and nothing else is there but the build's cache
    data = json.loads(result.stdout)
    listed = {f["path"]: f["bytes"] for f in data["files"]}
    assert listed == {str(p): p.stat().st_size for p in tmp_path.rglob("*") if p.is_file() and p.name != ".boardgen-build.json"}
    assert sorted(data["built"]) == sorted(record["path"] for record in data["artefacts"]) and data["up_to_date"] == []
    assert {record["kind"] for record in data["artefacts"]} == {"board", "poster", "pen", "pieces", "record", "calibration"}
    for record in data["artefacts"]:  # every record is its file's
        body = (tmp_path / record["path"]).read_bytes()
        assert (record["bytes"], record["sha256"]) == (len(body), hashlib.sha256(body).hexdigest()), record["path"]
        assert record["pages"] == (len(PdfReader(io.BytesIO(body)).pages) if record["format"] == "pdf" else None), record["path"]
    # the same again, nothing changed: nothing made, no file written, all up to date
    times = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()}
    again = run_boardgen("build", "-o", str(tmp_path), "--json", "--kind", "boards")
    assert again.returncode == 0, again.stderr
    second = json.loads(again.stdout)
    assert second["built"] == [] and second["removed"] == [] and sorted(second["up_to_date"]) == sorted(data["built"])
    assert second["artefacts"] == data["artefacts"]
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()} == times
    assert again.stderr.splitlines()[-1].startswith(f"{tmp_path}/: built 0 files, {len(data['built'])} up to date, 0 removed, in ")


def test_board_command_does_not_import_the_booklet_stack(tmp_path):
    code = (
        "import sys\n"
        "from boardgen.cli import main\n"
        "try:\n"
        f"    main(['board', 'hex', '-o', r'{tmp_path / 'x.pdf'}'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('weasyprint', 'markdown_it', 'jinja2', 'pypdf') if m in sys.modules]\n"
        "print('HEAVY:' + ','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "HEAVY:"
