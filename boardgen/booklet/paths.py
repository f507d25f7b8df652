"""Where the booklet stack finds its templates, rule texts and fonts.

``templates/`` and ``rules_text/`` sit at the top of the repository, next to
the ``boardgen`` package, because that is where authors edit them.  A wheel has
no repository around it, so the build copies both into the package as
``boardgen/_data/`` (see ``setup.py``).  They are looked for, in this order,
and the first folder that holds ``templates/booklet.html.j2`` wins:

1. the folder named by the ``BOARDGEN_HOME`` environment variable (another
   tree of templates and rule texts, chosen on purpose);
2. the folder above the package: the checkout, for an editable install or a
   source tree on ``PYTHONPATH``;
3. ``boardgen/_data/`` inside the package: what an installed wheel carries.

The checkout comes before the bundled copy so that a developer's edits win
over a stale ``_data`` left in the tree by an old in-place build.  The working
folder is never searched: what a command reads must not depend on where it
is run from (use ``BOARDGEN_HOME`` to point an installed copy at a checkout).
Fonts are package data (``boardgen/fonts/``) and found with the package.

A game kept outside boardgen (a plugin, :mod:`boardgen.registry`) declares
its own folder of rule texts (``GameInfo.texts``); :func:`game_texts_dir` and
:func:`text_roots` are the one place that reads that declaration.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from boardgen.drawing.fonts import FONT_DIR
from boardgen.errors import BoardgenError

MARKER = Path("templates") / "booklet.html.j2"
PACKAGE_DIR = Path(__file__).resolve().parent.parent
BUNDLED_DIR = PACKAGE_DIR / "_data"


def candidates() -> list[Path]:
    """The folders that may hold ``templates/`` and ``rules_text/``, in the order they are tried."""
    found = []
    home = os.environ.get("BOARDGEN_HOME")
    if home:
        found.append(Path(home))
    found.append(PACKAGE_DIR.parent)
    found.append(BUNDLED_DIR)
    return found


@cache
def project_root() -> Path:
    """The folder holding ``templates/`` and ``rules_text/`` (the first of :func:`candidates` that does)."""
    for candidate in candidates():
        if (candidate / MARKER).is_file():
            return candidate.resolve()
    raise BoardgenError(
        f"cannot find the booklet templates ({MARKER.as_posix()}) in {', '.join(str(c) for c in candidates())};"
        " reinstall boardgen or set BOARDGEN_HOME to a folder holding templates/ and rules_text/"
    )


def templates_dir() -> Path:
    return project_root() / "templates"


def rules_dir() -> Path:
    return project_root() / "rules_text"


def declared_texts_root(game_id: str) -> Path | None:
    """The folder of rule texts the game ``game_id`` declares (``GameInfo.texts``); None: boardgen's ``rules_text/``."""
    from boardgen.registry import all_games

    return next((game.texts_root() for game in all_games() if game.id == game_id and game.texts is not None), None)


def game_texts_dir(game_id: str) -> Path:
    """The folder of a game's rule texts: ``ID/`` in the folder its GameInfo declares, else in ``rules_text/``."""
    return (declared_texts_root(game_id) or rules_dir()) / game_id


def text_roots() -> tuple[Path, ...]:
    """``rules_text/`` and every folder of rule texts a registered game declares, each once."""
    from boardgen.registry import all_games

    roots = [rules_dir()]
    for game in all_games():
        root = game.texts_root()
        if root is not None and root not in roots:
            roots.append(root)
    return tuple(roots)


def fonts_dir() -> Path:
    return FONT_DIR.resolve()


def allowed_roots() -> tuple[Path, ...]:
    """The only folders a booklet may read from: templates, fonts and the rule texts (with their images)."""
    return (templates_dir(), fonts_dir(), *text_roots())
