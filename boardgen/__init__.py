"""boardgen: printable boards, bilingual rule booklets and rules engines for traditional board games.

The package is usable as a library:

>>> from boardgen.registry import get_game
>>> get_game("hex").default_size
11
"""

__version__ = "0.1.0"
