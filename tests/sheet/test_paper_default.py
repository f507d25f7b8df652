"""The paper a user gets without --paper: as libpaper-based printing tools choose it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from boardgen.errors import OptionError
from boardgen.sheets.paper import default_paper


@pytest.fixture
def no_system_file(tmp_path: Path) -> Path:
    return tmp_path / "absent-papersize"


def test_locale_region_picks_letter_or_a4(no_system_file: Path) -> None:
    assert default_paper({"LANG": "en_US.UTF-8"}, no_system_file) == "letter"
    assert default_paper({"LANG": "fr_CA.UTF-8"}, no_system_file) == "letter"
    assert default_paper({"LANG": "pt_BR.UTF-8"}, no_system_file) == "a4"
    assert default_paper({"LANG": "de_DE@euro"}, no_system_file) == "a4"


def test_lc_all_wins_over_lc_paper_and_lc_paper_over_lang(no_system_file: Path) -> None:
    assert default_paper({"LC_ALL": "en_US.UTF-8", "LC_PAPER": "pt_BR.UTF-8"}, no_system_file) == "letter"
    assert default_paper({"LC_ALL": "pt_PT.UTF-8", "LC_PAPER": "en_US.UTF-8"}, no_system_file) == "a4"
    assert default_paper({"LC_PAPER": "en_US.UTF-8", "LANG": "pt_BR.UTF-8"}, no_system_file) == "letter"


def test_papersize_variable_wins_over_the_locale(no_system_file: Path) -> None:
    assert default_paper({"PAPERSIZE": "letter", "LANG": "pt_BR.UTF-8"}, no_system_file) == "letter"
    assert default_paper({"PAPERSIZE": "A4", "LC_ALL": "en_US.UTF-8"}, no_system_file) == "a4"


def test_system_papersize_file_when_the_locale_says_nothing(tmp_path: Path) -> None:
    system = tmp_path / "papersize"
    system.write_text("# written by paperconfig\n\nletter\n", encoding="utf-8")
    assert default_paper({"LANG": "C.UTF-8"}, system) == "letter"
    assert default_paper({}, system) == "letter"
    assert default_paper({"LANG": "pt_BR.UTF-8"}, system) == "a4"  # the user's locale comes first


def test_nothing_set_means_a4(no_system_file: Path) -> None:
    assert default_paper({}, no_system_file) == "a4"
    assert default_paper({"LANG": "POSIX"}, no_system_file) == "a4"


def test_boardgen_paper_wins_and_is_checked(no_system_file: Path) -> None:
    assert default_paper({"BOARDGEN_PAPER": "a3", "PAPERSIZE": "letter"}, no_system_file) == "a3"
    with pytest.raises(OptionError) as caught:
        default_paper({"BOARDGEN_PAPER": "legal"}, no_system_file)
    assert caught.value.option == "BOARDGEN_PAPER"


def test_another_tools_unknown_paper_is_skipped_with_a_warning(no_system_file: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="boardgen"):
        assert default_paper({"PAPERSIZE": "legal", "LANG": "en_US.UTF-8"}, no_system_file) == "letter"
    assert any("PAPERSIZE" in record.getMessage() and "legal" in record.getMessage() for record in caplog.records)
