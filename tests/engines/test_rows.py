"""The shared row notation (engine/rows.py): one writer and one parser for every row-of-points game."""

from __future__ import annotations

import pytest

from boardgen.engine.rows import parse_rank_masks, parse_rows, write_rank_masks, write_row, write_rows
from boardgen.errors import NotationError
from boardgen.registry import get_game

PIECES = {"W": 0, "B": 1}


def parse(text: str, length: int = 6, **options):
    rows = text.split("/")
    labels = [f"rank {len(rows) - k}" for k in range(len(rows))]
    return parse_rows(rows, labels, [length] * len(rows), PIECES, None, **options)


def test_writer_merges_empty_runs_and_writes_pieces() -> None:
    assert write_row(["W", None, None, "B", None]) == "W2B1"
    assert write_row([None] * 11) == "11"
    assert write_row(["W", "", "B"]) == "W1B"
    assert write_rows([["W"] * 3, [None] * 3, [None, "B", None]]) == "WWW/3/1B1"


def test_parser_reads_back_what_the_writer_wrote() -> None:
    rows = [["W", None, None, "B", None, None], [None] * 6, [None, None, None, None, None, "W"]]
    text = write_rows([["W" if v == 0 else "B" if v == 1 else None for v in row] for row in parse(write_rows(rows))])
    assert text == write_rows(rows) == "W2B2/6/5W"


def test_small_boards_read_each_digit_as_a_run_large_boards_read_whole_numbers() -> None:
    assert parse("33") == [[None] * 6]
    wide = parse_rows(["11", "5W5"], ["row 1", "row 2"], [11, 11], PIECES, None)
    assert wide == [[None] * 11, [None] * 5 + [0] + [None] * 5]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6/2X3", "position: rank 1: unexpected 'X' at character 2 (use W, B or a number of empty points)"),
        ("W05", "position: rank 1: '0' at character 2 is not a number of empty points (write 1 to 6, without a leading 0)"),
        ("6/W5B", "position: rank 1 has 7 points, expected 6 (character 3 goes past the end)"),
        ("5/6", "position: rank 2 has 5 points, expected 6"),
        ("w5", "position: rank 1: unexpected 'w' at character 1"),
        ("2²3", "position: rank 1: unexpected '²' at character 2"),
        ("1٥", "position: rank 1: unexpected '٥' at character 2"),
    ],
)
def test_errors_name_the_row_and_the_character(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert str(info.value).startswith(message)


def test_errors_can_name_the_point_and_case_can_be_ignored() -> None:
    names = [["a1", "b1", "c1", "d1", "e1", "f1"]]
    assert parse("w4b", ignore_case=True) == [[0, None, None, None, None, 1]]
    with pytest.raises(NotationError, match=r"unexpected 'q' at character 3, point d1 \("):
        parse("W2q2", names=names)


def test_a_huge_number_is_a_row_too_long_not_a_memory_error() -> None:
    with pytest.raises(NotationError, match="has 999999999999 cells, expected 26"):
        parse_rows(["9" * 12], ["row 1"], [26], PIECES, None, unit="cells")
    # past values.MAX_DIGITS the count is not read at all (int() of 4,300 digits and more raises ValueError)
    with pytest.raises(NotationError, match=r"^position: row 1: the count of empty cells '9+\.\.\.9+' \(5,000 characters\): a number of 5,000 digits"):
        parse_rows(["9" * 5000], ["row 1"], [26], PIECES, None, unit="cells")


@pytest.mark.parametrize(
    ("game", "text", "words"),
    [
        ("hex", "5/5/2z2/5/5 r -", "row 3: unexpected 'z' at character 2, point c3"),
        ("trihex", "1/2/1x1 b -", "row 3: unexpected 'x' at character 2, point b3"),
        ("surakarta", "BBBBBB/BBBBBB/6/6/WWWWWW/WWWWW? w 0", "rank 1: unexpected '?' at character 6, point f1"),
        ("brax", "1BBBBBBB1/9/9/9/9/9/9/9/1WWWWWWW2 w - 0", "rank 1 has 10 points, expected 9 (character 9 goes past"),
        ("ringo", "-/1D1D1D1D/8/8/8/8/1AAAAAA2 a", "ring 6 has 9 cells, expected 8 (character 8 goes past"),
        ("assalto", "3/O1O/PP3PP/PPPPPPP/PPPPPPP/PPP/P-P p 0", "row 1: unexpected '-' at character 2, point d1"),
    ],
)
def test_every_game_reports_through_the_shared_parser(game: str, text: str, words: str) -> None:
    engine = get_game(game).load_engine()
    with pytest.raises(NotationError) as info:
        engine.from_text(text, {})
    assert words in str(info.value)


def test_the_messages_shown_in_docs_notation_rows_md_are_the_real_ones() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "rows.md").read_text(encoding="utf-8")
    examples = {
        "hex": "5/5/2z2/5/5 r -",
        "surakarta": "BBBBBB/BBBBBB/0/6/WWWWWW/WWWWWW w 0",
        "brax": "1BBBBBBB1/9/9/9/9/9/9/9/9W w - 0",
        "ringo": "-/1D1D1D1D/8/7/8/8/1AAAAAAA a",
    }
    for game, text in examples.items():
        with pytest.raises(NotationError) as info:
            get_game(game).load_engine().from_text(text, {})
        assert f"`{info.value}`" in doc, f"{game}: {info.value} is not the example in rows.md"


def test_rank_masks_read_the_top_rank_first_into_one_bit_mask_per_letter() -> None:
    names = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]  # bit y * 3 + x
    masks = parse_rank_masks(["W2", "3", "1bB"], 3, ("W", "B"), names, ignore_case=True)
    assert masks == [1 << 6, (1 << 1) | (1 << 2)]  # W on a3; B on b1 and c1
    assert write_rank_masks(masks, 3, ("W", "B")) == "W2/3/1BB"
    with pytest.raises(NotationError, match=r"^position: rank 1: unexpected 'b' at character 2, point b1"):
        parse_rank_masks(["W2", "3", "1bB"], 3, ("W", "B"), names)
