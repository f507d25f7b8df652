"""Paper sizes, as every ``--paper`` option reads them: a name or ``WIDTHxHEIGHT`` in mm, and the default."""

from __future__ import annotations

from collections.abc import Mapping

from boardgen.api import checks
from boardgen.errors import OptionError, shown
from boardgen.sheets import paper as papers
from boardgen.sheets.paper import Paper


def parse_paper(text: str) -> Paper:
    """The paper ``text`` names: ``"a4"``, ``"letter"``, ``"a3"``... or ``"WIDTHxHEIGHT"`` in mm.

    >>> api.parse_paper("A4").width, api.parse_paper("300x200").height
    (210.0, 200.0)
    """
    return papers.parse_paper(checks.text(text, "text"), "text")


def default_paper(environ: Mapping[str, str] | None = None) -> str:
    """The paper boardgen uses when none is named: ``BOARDGEN_PAPER``, ``PAPERSIZE``, the locale, then A4.

    ``environ``: the environment to read (default: the process's).

    >>> api.default_paper({"BOARDGEN_PAPER": "letter"})
    'letter'
    """
    if environ is not None and (
        not isinstance(environ, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in environ.items())
    ):
        raise OptionError("environ", f"expected a mapping of variable names to texts, such as os.environ, not {shown(environ)}")
    return papers.default_paper(dict(environ) if environ is not None else None)


def chosen_paper(value: object, option: str = "paper") -> Paper:
    """The ``paper`` keyword of a sheet: a Paper, a name, or None for :func:`default_paper`."""
    if isinstance(value, Paper):
        return value
    return papers.parse_paper(checks.text(value, option) if value is not None else papers.default_paper(), option)
