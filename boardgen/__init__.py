"""boardgen: printable boards, bilingual rule booklets and rules engines for traditional board games.

The command line is ``boardgen`` (:mod:`boardgen.cli`); the same four jobs,
drawing a board sheet, typesetting a booklet, checking rule texts and drawing
one diagram, are a library in :mod:`boardgen.api` (see ``docs/api.md``):

>>> from boardgen.api import get_game
>>> get_game("hex").default_size
11

The distribution is called ``boardgen-games`` on the package index (``boardgen``
there is another project); the import package and the command are ``boardgen``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "boardgen-games"

try:
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # a source tree on PYTHONPATH, never installed
    __version__ = "0.1.0"
