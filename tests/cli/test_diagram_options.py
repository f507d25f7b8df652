"""``boardgen diagram --captures`` and ``--throw``: the diagram block's keys on the command line.

The command is documented to draw exactly what a booklet diagram draws, so a
real block of ``rules_text/`` given as options must give the booklet's SVG,
byte for byte; a value of the wrong form, or a claim the engine refutes, is
one line naming the option, exit status 2, and no file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen import api
from boardgen.booklet.build import diagram_svg, game_folder, load_checked
from boardgen.cli import main
from boardgen.errors import OptionError


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def booklet_diagram(game: str, ident: str):
    """(the block's spec as the rule text writes it, the booklet's SVG of it)."""
    sources = load_checked(game_folder(game), game)
    return sources.diagrams[ident].spec, diagram_svg(sources, ident)


def test_captures_draw_the_booklets_diagram_of_the_same_block(capsys, tmp_path):
    spec, booklet = booklet_diagram("damas", "chain")  # position: ...; captures: a5xc3xe5xg3xe1xc3 b4 d4 f4 f2 d2
    assert spec.position is not None and len(spec.captures) == 1 and not (spec.moves or spec.legal or spec.illegal or spec.width)
    move, points = spec.captures[0].value
    out = tmp_path / "chain.svg"
    status, _, err = run(capsys, "diagram", "damas", "--position", spec.position.value, "--captures", " ".join((move, *points)), "-q", "-o", str(out))
    assert (status, err) == (0, "")
    assert out.read_bytes() == booklet
    assert b"capture-cross" in booklet and booklet.count(b'class="capture-cross"') == len(points)


def test_throw_draws_the_booklets_diagram_of_the_same_block(capsys, tmp_path):
    # The booklet's block writes its throw in the position ("... w dice 6-5"); --throw makes it there instead.
    spec, booklet = booklet_diagram("gamao", "blocked")
    assert spec.position is not None and spec.position.value.endswith(" dice 6-5") and not (spec.moves or spec.width)
    before_throw = spec.position.value.removesuffix(" dice 6-5")
    args = ["diagram", "gamao", "--position", before_throw, "--throw", "6-5", "-q"]
    args += [arg for item in spec.legal for arg in ("--legal", item.value)]
    args += [arg for item in spec.illegal for arg in ("--illegal", " ".join(item.value))]
    out = tmp_path / "blocked.svg"
    status, _, err = run(capsys, *args, "-o", str(out))
    assert (status, err) == (0, "")
    assert out.read_bytes() == booklet
    assert booklet.count(b'class="throw"') == 1  # the dice are drawn beside the board
    # The same diagram through the library.
    assert api.diagram("gamao", position=before_throw, throw="6-5", legal=[i.value for i in spec.legal], illegal=[i.value for i in spec.illegal]) == booklet


@pytest.mark.parametrize(
    ("args", "option", "reason"),
    [
        (("damas", "--captures", "c3xe5"), "--captures", "expected 'MOVE POINT...'"),  # no point captured: the block's form refuses it too
        (("damas", "--captures", "c3xe5 d4"), "--captures", "c3xe5 is not a legal move here"),
        (("damas", "--position", "8/8/8/w7/1b1b1b2/8/3b1b2/8 w 0", "--captures", "a5xc3xe5xg3xe1xc3 b4 d4"), "--captures", "captures b4 d4 f4 f2 d2, not b4 d4"),
        (("hex", "--throw", "3"), "--throw", "not a chance point"),
        (("gamao", "--throw", "9"), "--throw", "throw '9'"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_option_and_writes_nothing(capsys, tmp_path, args, option, reason):
    out = tmp_path / "d.svg"
    status, stdout, err = run(capsys, "diagram", *args, "-o", str(out))
    assert status == 2 and stdout == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"boardgen: error: {option}: "), err
    assert reason in lines[0]
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_the_block_and_the_option_refuse_the_same_captures_form(tmp_path: Path):
    with pytest.raises(OptionError) as caught:
        api.diagram("damas", captures=["c3xe5"])
    assert caught.value.option == "captures"


def test_help_lists_both_options(capsys):
    status, out, _ = run(capsys, "diagram", "--help")
    assert status == 0 and "--captures 'MOVE POINT...'" in out and "--throw TEXT" in out
