"""Which optional extra a feature needs, and one clear error when it is not installed.

A core install (``pip install boardgen-games``) has the drawing stack only:
boards, calibration, records, pieces and the engines.  Booklets, checks,
diagrams and the build need the ``booklets`` extra (markdown-it-py, jinja2,
WeasyPrint, pypdf...), and Xadrez's engine needs the ``chess`` extra
(python-chess, GPL-3.0: kept optional so that a core install is MIT and OFL
only; see the README).  Without this module a user would meet a traceback
ending in ``ModuleNotFoundError``; with it, the CLI prints one line naming the
extra and the pip command, and the library raises
:class:`~boardgen.errors.MissingExtraError`.

The check asks :func:`importlib.util.find_spec`, which finds a module without
importing it, so ``require`` costs nothing when the extra is there.
"""

from __future__ import annotations

import importlib.util

from boardgen.errors import MissingExtraError

DISTRIBUTION = "boardgen-games"

#: extra -> the top-level modules boardgen imports from its libraries (pyproject.toml declares them)
EXTRAS: dict[str, tuple[str, ...]] = {
    "booklets": ("markdown_it", "jinja2", "markupsafe", "weasyprint", "pyphen", "pypdf"),
    "chess": ("chess",),
}

#: command -> the extra it cannot run without (the CLI asks before importing the command's module)
COMMAND_EXTRAS: dict[str, str] = {
    "check": "booklets",
    "booklet": "booklets",
    "diagram": "booklets",
    "build": "booklets",
    "serve": "booklets",
    "preview": "booklets",
}


def install_command(extra: str) -> str:
    """The command that adds ``extra`` to an install, quoted for a shell."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def missing(extra: str) -> tuple[str, ...]:
    """The modules of ``extra`` that cannot be imported (empty when the extra is installed)."""
    return tuple(name for name in EXTRAS[extra] if _absent(name))


def _absent(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is None
    except (ImportError, ValueError):  # a broken or blocked module counts as absent
        return True


def require(extra: str, feature: str) -> None:
    """Raise MissingExtraError unless every module of ``extra`` can be imported.

    ``feature`` is what the user asked for, as they know it (``boardgen check``,
    ``api.booklet``, ``Xadrez's engine``): the first words of the message.
    """
    absent = missing(extra)
    if absent:
        raise MissingExtraError(extra, feature, absent, install_command(extra))


def require_for_command(command: str) -> None:
    """:func:`require` the extra a CLI command needs, if it needs one."""
    extra = COMMAND_EXTRAS.get(command)
    if extra is not None:
        require(extra, f"boardgen {command}")


def explain(error: ModuleNotFoundError) -> MissingExtraError | None:
    """The MissingExtraError a ModuleNotFoundError stands for, or None when it is no extra's module.

    The last net under :func:`require`: a path that imports an extra's library
    without asking first still ends as one line, not a traceback.  A missing
    module that belongs to no extra (a broken install) is left alone.
    """
    top = (error.name or "").partition(".")[0]
    for extra, modules in EXTRAS.items():
        if top in modules:
            return MissingExtraError(extra, "this command", (top,), install_command(extra))
    return None


def engine_note(extra: str | None) -> str | None:
    """For ``boardgen list``: what is missing for a game's engine whose library is ``extra``, or None."""
    if extra is None or not missing(extra):
        return None
    return f"its engine (moves, play, perft, pieces, its diagrams and booklet) needs the {extra} extra: {install_command(extra)}"
