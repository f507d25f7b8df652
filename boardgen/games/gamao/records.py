"""Gamão's (backgammon's) record sheet: the match score pad shared by the backgammon family.

Written on the records17 branch before Gamão itself was merged (branch
gamao16 adds ``boardgen/games/gamao/__init__.py`` with its ``GAME`` entry):
until then this folder is no game package and the registry does not see it;
once merged, ``boardgen record gamao`` and the build's record sheet find this
declaration with nothing else to do.
"""

from boardgen.sheets.records import BACKGAMMON_MATCH

RECORD = BACKGAMMON_MATCH
