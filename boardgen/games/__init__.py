"""One subpackage per game; see :mod:`boardgen.registry` for what each must define.

Layout of a game package ``boardgen/games/NAME/``:

- ``__init__.py``: ``GAME = GameInfo(...)`` only (kept import-light);
- ``geometry.py``: the board as data (points or cells, adjacency, lines, regions,
  start points, names), in the game's own units; no drawing code;
- ``board.py``: the drawing of that geometry with :mod:`boardgen.drawing`;
- ``rules.py``: the rules engine, a :class:`boardgen.engine.GameState` subclass;
- ``pieces.py`` and ``records.py`` (optional): the pieces sheet's ``PIECES`` and
  the record sheet's ``RECORD``, found through ``GameInfo.pieces`` and
  ``GameInfo.record`` like the board and the engine.

docs/adding-a-game.md says the rest, and how a game kept outside boardgen
(an entry point in the group ``boardgen.games``) joins the registry.
"""
