"""Numbers in diagram blocks are ASCII digits: '５' or '²' are a file:line problem, not a crash or a number."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.problems import Problems


@pytest.mark.parametrize("key", ["size", "numbers"])
@pytest.mark.parametrize("digit", ["²", "٥", "５"])
def test_other_scripts_digits_are_a_problem_at_their_line(key: str, digit: str) -> None:
    problems = Problems()
    spec = parse_definition("d", f"game: hex\n{key}: {digit}\n", Path("diagrams.md"), 10, problems)
    assert [(p.line, key in p.message) for p in problems.items] == [(12, True)]
    assert getattr(spec, key) is None


def test_ascii_numbers_still_read() -> None:
    problems = Problems()
    spec = parse_definition("d", "game: hex\nsize: 7\nnumbers: 3\n", Path("diagrams.md"), 1, problems)
    assert not problems and spec.size is not None and spec.size.value == 7 and spec.first_number() == 3
