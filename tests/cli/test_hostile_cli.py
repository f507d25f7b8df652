"""Hostile input that used to end in a traceback (issue 30) is one line on stderr, from the command
line as a user types it: nested front matter, ``-o -`` with stdout closed, a template that fails
while it runs, a broken PGN game record as a position, FEN and Awelé counters out of the games'
reach, a byte-order mark, image names with accents or spaces, python-chess's log lines."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from PIL import Image

from boardgen.booklet import html as booklet_html
from boardgen.errors import BoardgenError, NotationError, PositionError
from boardgen.registry import get_game
from tests.booklet.sources_kit import line_of, write_sources
from tests.conftest import ROOT, run_boardgen

ERROR = "boardgen: error: "


def assert_one_line(stderr: str, *fragments: str) -> str:
    """The one ``boardgen: error:`` line of ``stderr`` (no traceback), holding every fragment."""
    assert "Traceback" not in stderr, stderr[-2000:]
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(ERROR), stderr[-2000:]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


# -- tracebacks instead of one line ------------------------------------------------------


def test_deeply_nested_front_matter_is_one_problem_on_its_line(tmp_path) -> None:
    folder = write_sources(tmp_path / "hex", extra="deep = " + "[" * 3000 + "]" * 3000)
    result = run_boardgen("check", str(folder), timeout=30)
    assert result.returncode == 2 and "Traceback" not in result.stderr and "RecursionError" not in result.stderr + result.stdout
    line = line_of(folder / "en.md", "deep = ")
    assert f"{folder / 'en.md'}:{line}: front matter: arrays or tables nested too deeply" in result.stdout + result.stderr


@pytest.mark.parametrize("command", ["board hex", "diagram hex c3", "booklet hex --lang en"])
def test_output_to_a_closed_stdout_is_refused_before_any_work(command: str) -> None:
    # ">&-": the shell closes descriptor 1 and Python starts with sys.stdout None; the booklet is refused before typesetting
    result = subprocess.run(
        f"{sys.executable} -m boardgen {command} -o - >&-", shell=True, cwd=ROOT, stderr=subprocess.PIPE, text=True, timeout=20
    )
    assert result.returncode == 2
    assert_one_line(result.stderr, "-o/--output: - means standard output, which is closed")


def test_output_to_a_working_stdout_still_writes_the_bytes(tmp_path) -> None:
    result = subprocess.run([sys.executable, "-m", "boardgen", "board", "hex", "-q", "-o", "-"], cwd=ROOT, capture_output=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith(b"%PDF-") and result.stderr == b""


def _home_with_template_line(tmp_path, number: int, text: str):
    """A BOARDGEN_HOME with the project's templates, Hex's rule texts, and line ``number`` of booklet.html.j2 replaced."""
    home = tmp_path / "home"
    shutil.copytree(ROOT / "templates", home / "templates")
    shutil.copytree(ROOT / "rules_text" / "hex", home / "rules_text" / "hex")
    template = home / "templates" / "booklet.html.j2"
    lines = template.read_text(encoding="utf-8").split("\n")
    lines[number - 1] = text
    template.write_text("\n".join(lines), encoding="utf-8")
    return home, template


@pytest.mark.parametrize(
    ("expression", "fragment"),
    [
        ("{{ paper.no_such_attribute }}", "has no attribute 'no_such_attribute' (UndefinedError)"),
        ("{{ 1 // 0 }}", "(ZeroDivisionError)"),
        ("{{ title + 1 }}", "(TypeError)"),
    ],
    ids=["undefined attribute", "division by zero", "wrong type"],
)
def test_a_template_failing_while_it_runs_is_one_line_naming_its_file_and_line(tmp_path, expression: str, fragment: str) -> None:
    home, template = _home_with_template_line(tmp_path, 9, f'<meta name="author" content="{expression}">')
    out = tmp_path / "b.pdf"
    result = run_boardgen("booklet", "hex", "--lang", "en", "-q", "-o", str(out), env={"BOARDGEN_HOME": str(home)}, timeout=120)
    assert result.returncode == 2
    assert_one_line(result.stderr, f"{template}:9: template error: ", fragment)
    assert not out.exists()


def test_an_error_inside_our_own_code_called_by_a_template_keeps_its_traceback(tmp_path, monkeypatch) -> None:
    home, _ = _home_with_template_line(tmp_path, 9, "{{ title }}")
    (home / "templates" / "probe.j2").write_text("{{ broken() }}\n", encoding="utf-8")
    monkeypatch.setattr(booklet_html, "templates_dir", lambda: home / "templates")  # the project root is found once per process
    booklet_html.environment.cache_clear()
    try:

        def broken() -> str:
            return {}["missing"]  # a KeyError of boardgen's own code: a bug, not the template's mistake

        with pytest.raises(KeyError):
            booklet_html.render_template("probe.j2", {"broken": broken})
        (home / "templates" / "probe2.j2").write_text("{{ 1 // 0 }}\n", encoding="utf-8")
        with pytest.raises(BoardgenError, match=r"probe2\.j2:1: template error: .*\(ZeroDivisionError\)$"):
            booklet_html.render_template("probe2.j2", {})  # the template's own mistake: one line
    finally:
        booklet_html.environment.cache_clear()


# -- Xadrez: a broken game record is not the start position ---------------------------------

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


@pytest.mark.parametrize(
    ("position", "fragment"),
    [
        (f'[FEN "{MATE_IN_ONE}"] 1. Ra8#', "is not one tag pair alone on its line"),
        ("[[[[", "'[[[[' is not one tag pair alone on its line"),
        ("1.", "a game with no moves and no [FEN"),
        ('[Event "a game"]', "a game with no moves and no [FEN"),
        ("1. e4 zz 2. Nf3", "'zz' is not a move number, a SAN move or a result"),
        ("1. e4 e4", "illegal san: 'e4'"),
    ],
)
def test_a_broken_pgn_record_is_refused_in_one_line(position: str, fragment: str) -> None:
    result = run_boardgen("moves", "xadrez", "--position", position, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    # one line: python-chess's own log line ("illegal san ... while parsing <Game ...>") no longer leaks
    assert_one_line(result.stderr, "position: ", fragment)


def test_a_well_formed_pgn_record_still_reads() -> None:
    engine = get_game("xadrez").load_engine()
    mated = engine.from_text(f'[FEN "{MATE_IN_ONE}"]\n\n1. Ra8# 1-0')
    assert mated.outcome() is not None and mated.outcome().winner == 0
    assert engine.from_text(f'[FEN "{MATE_IN_ONE}"]').to_text() == MATE_IN_ONE  # a FEN tag alone is a position
    line = engine.from_text("1. e4 {the king's pawn} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6!? *")
    assert line.to_text() == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    assert engine.from_text("1.e4 e5 2.Nf3 @ 2...").to_text() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 via g1f3"


# -- counters out of the games' reach -------------------------------------------------------

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"


@pytest.mark.parametrize(
    ("counters", "error", "fragment"),
    [
        ("0 100000000000000000000", NotationError, "the move number must be a whole number from 1 to 10000"),
        ("0 10001", NotationError, "from 1 to 10000, not '10001'"),
        ("0 0", NotationError, "from 1 to 10000, not '0'"),
        ("9 5", PositionError, "half-move clock 9, but only 8 half-moves come before move 5."),
        ("151 200", PositionError, "half-move clock 151, but these draw rules end the game at 150"),
    ],
)
def test_fen_counters_beyond_any_game_are_refused(counters: str, error: type, fragment: str) -> None:
    with pytest.raises(error, match="^position: .*" + fragment.replace("(", r"\(").replace(".", r"\.")):
        get_game("xadrez").load_engine().from_text(f"{START} {counters}")


def test_fen_counters_a_game_reaches_are_read() -> None:
    engine = get_game("xadrez").load_engine()
    assert engine.from_text(f"{START} 8 5").to_text() == f"{START} 8 5"
    assert engine.from_text(f"{START} 0 10000").to_text() == f"{START} 0 10000"
    assert engine.from_text(f"{START} 150 200").outcome().reason.startswith("75-move rule")
    with pytest.raises(PositionError, match="end the game at 100"):
        engine.from_text(f"{START} 101 200", variants={"draws": "automatic"})
    assert engine.from_text(f"{START} 300 200", variants={"draws": "claim"}).outcome() is None


def test_awele_counter_at_its_limit_is_the_end_of_the_game_and_beyond_it_refused() -> None:
    engine = get_game("awele").load_engine()
    start = engine.initial().to_text().rsplit(" ", 1)[0]
    assert engine.from_text(f"{start} 99").outcome() is None
    at_limit = engine.from_text(f"{start} 100")  # the 100th turn without a capture has just been played
    assert at_limit.outcome() is not None and at_limit.outcome().reason.startswith("impasse") and at_limit.legal_moves() == []
    for beyond in ("101", "999999999999999999"):
        with pytest.raises(PositionError, match="but the game ends by impasse at 100"):
            engine.from_text(f"{start} {beyond}")
    with pytest.raises(PositionError, match="impasse at 50"):
        engine.from_text(f"{start} 51", variants={"no_capture": "50"})
    result = run_boardgen("moves", "awele", "--position", f"{start} 101", timeout=60)
    assert result.returncode == 2
    assert_one_line(result.stderr, "101 turns since the last capture")


# -- rule texts: a byte-order mark, image names ---------------------------------------------


def test_a_byte_order_mark_is_dropped_and_the_text_reads_as_without_it(tmp_path) -> None:
    plain = write_sources(tmp_path / "plain" / "hex")
    marked = write_sources(tmp_path / "marked" / "hex")
    (marked / "en.md").write_bytes(b"\xef\xbb\xbf" + (marked / "en.md").read_bytes())
    assert (marked / "en.md").read_bytes() != (plain / "en.md").read_bytes()
    for folder in (plain, marked):
        result = run_boardgen("check", str(folder), timeout=60)
        assert result.returncode == 0 and "no problems" in result.stderr + result.stdout, result.stdout + result.stderr


def test_a_byte_order_mark_inside_the_text_is_still_text(tmp_path) -> None:
    folder = write_sources(tmp_path / "hex")
    (folder / "en.md").write_bytes((folder / "en.md").read_bytes().replace(b"+++\n", b"+++\n\xef\xbb\xbf", 1))
    result = run_boardgen("check", str(folder), timeout=60)
    assert result.returncode == 2  # not a signature: the front matter now starts with a U+FEFF key


@pytest.mark.parametrize("name", ["tabuleiro é.png", "peça.png", "board 2.png"])
def test_image_names_with_accents_or_spaces_are_read_when_the_file_exists(tmp_path, name: str) -> None:
    reference = f"<{name}>" if " " in name else name
    folder = write_sources(tmp_path / "hex", en=f"\n# Setup\n\n![the board]({reference}) [@livro].\n\n```diagram first\nRed plays *c3*.\n```\n\n# Rules\n\nMore text.\n")
    (folder / "pt-BR.md").write_text((folder / "pt-BR.md").read_text(encoding="utf-8").replace("[@livro].", f"[@livro]. ![o tabuleiro]({reference})"), encoding="utf-8")
    missing = run_boardgen("check", str(folder), timeout=60)
    assert missing.returncode == 2 and f"image {name!r} does not exist" in missing.stdout + missing.stderr
    Image.new("RGB", (24, 24), "red").save(folder / name)
    found = run_boardgen("check", str(folder), timeout=60)
    assert found.returncode == 0, found.stdout + found.stderr
    html = booklet_html.booklet_html(_load(folder), ["en"], _a5())
    from urllib.parse import quote

    assert f'<img src="{quote(name)}"' in html


def _a5():
    try:
        from boardgen.booklet.papers import PAPERS  # where booksplit26 moves the page styles
    except ImportError:
        from boardgen.booklet.html import PAPERS
    return PAPERS["a5"]


def _load(folder):
    from boardgen.booklet.check import load_game

    return load_game(folder)
