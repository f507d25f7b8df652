"""One subpackage per game; see :mod:`boardgen.registry` for what each must define.

Layout of a game package ``boardgen/games/NAME/``:

- ``__init__.py``: ``GAME = GameInfo(...)`` only (kept import-light);
- ``geometry.py``: the board as data (points or cells, adjacency, lines, regions,
  start points, names), in the game's own units; no drawing code;
- ``board.py``: the drawing of that geometry with :mod:`boardgen.drawing`;
- ``rules.py``: the rules engine, a :class:`boardgen.engine.GameState` subclass.
"""
