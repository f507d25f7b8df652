"""Numbers in options are ASCII: other scripts' digits pass str.isdigit() and float(), and are refused here."""

from __future__ import annotations

import pytest

from boardgen.geometry.hexgrid import split_cell_name
from boardgen.geometry.squaregrid import split_name as split_square_name
from boardgen.values import read_decimal

from tests.conftest import run_boardgen

NOT_ASCII = ("²", "٥", "５")


@pytest.mark.parametrize("digit", NOT_ASCII)
def test_board_options_refuse_other_scripts_digits(digit: str, tmp_path) -> None:
    for args, option in (
        (["--per-sheet", digit], "--per-sheet"),
        (["--cell-mm", f"1{digit}"], "--cell-mm"),
        (["--paper", f"2{digit}0x297"], "--paper"),
    ):
        result = run_boardgen("board", "hex", *args, "-o", str(tmp_path / "x.pdf"))
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.count("\n") == 1 and option in result.stderr and "Traceback" not in result.stderr
        assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("digit", NOT_ASCII)
def test_cell_names_with_other_digits_are_not_cells(digit: str) -> None:
    assert split_cell_name(f"c{digit}") is None
    assert split_square_name(f"c{digit}") is None
    assert split_cell_name("c3") == (2, 2)


def test_decimals_are_ascii_and_finite() -> None:
    assert read_decimal(" 12.5 ") == 12.5
    for bad in ("１２", "inf", "nan", "", "1e3", "12,5"):
        with pytest.raises(ValueError):
            read_decimal(bad)
