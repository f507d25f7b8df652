"""Where the booklet stack finds its templates, rule texts and fonts.

``templates/`` and ``rules_text/`` sit at the top of the repository, next to
the ``boardgen`` package (the package is installed editable, so the checkout
is the installation).  They are looked for, in order: the folder named by the
``BOARDGEN_HOME`` environment variable, the folder above the package, and the
working folder and its parents; the first that holds ``templates/booklet.html.j2``
wins.  This keeps ``boardgen booklet`` working from a clean checkout, from a
sub-folder of it, and from an installed copy pointed at a checkout.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from boardgen.drawing.fonts import FONT_DIR
from boardgen.errors import BoardgenError

MARKER = Path("templates") / "booklet.html.j2"


def _candidates() -> list[Path]:
    found = []
    home = os.environ.get("BOARDGEN_HOME")
    if home:
        found.append(Path(home))
    found.append(Path(__file__).resolve().parent.parent.parent)
    here = Path.cwd().resolve()
    found.extend([here, *here.parents])
    return found


@cache
def project_root() -> Path:
    """The folder holding ``templates/`` and ``rules_text/``."""
    for candidate in _candidates():
        if (candidate / MARKER).is_file():
            return candidate.resolve()
    raise BoardgenError(
        "cannot find the booklet templates (templates/booklet.html.j2); run boardgen from its checkout"
        " or set BOARDGEN_HOME to the checkout folder"
    )


def templates_dir() -> Path:
    return project_root() / "templates"


def rules_dir() -> Path:
    return project_root() / "rules_text"


def fonts_dir() -> Path:
    return FONT_DIR.resolve()


def allowed_roots() -> tuple[Path, ...]:
    """The only folders a booklet may read from: templates, fonts and the rule texts (with their images)."""
    return (templates_dir(), fonts_dir(), rules_dir())
