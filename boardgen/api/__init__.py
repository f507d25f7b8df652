"""boardgen as a library: every job of the command line as a typed function, and the engines.

One module per family of jobs, all re-exported here (``from boardgen import
api; api.board_sheet(...)`` and ``from boardgen.api import board_sheet`` alike):

* :mod:`boardgen.api.sheets`: :func:`board_sheet` (``boardgen board``: a
  single sheet, a tiled poster or a pen-and-paper sheet), :func:`pieces_sheet`
  (``pieces``), :func:`record_sheet` (``record``), :func:`calibration_sheet`
  (``calibrate``), as PDF, SVG or PNG;
* :mod:`boardgen.api.booklets`: :func:`booklet`, :func:`check`,
  :func:`diagram` (the ``[booklets]`` extra);
* :mod:`boardgen.api.builder`: :func:`build` (``build``), returning a
  :class:`BuildSummary`;
* :mod:`boardgen.api.games`: :func:`get_game` and :func:`all_games`
  (``list``) find a game (:class:`GameInfo`), whose ``load_engine()`` is its
  :class:`GameState` class; :func:`game_state` is the position the engine
  commands start from (``moves``: its ``legal_moves()``), :func:`play` the
  position after moves (``play``) and :func:`perft` counts (``perft``);
* :mod:`boardgen.api.papers`: :func:`parse_paper`, :func:`default_paper`.

Every option is a keyword.  A value that is not allowed raises
:class:`~boardgen.errors.OptionError` whose ``.option`` is the keyword (``ink``,
not the command line's ``--ink``) and whose message says what is allowed;
problems in rule texts raise :class:`~boardgen.booklet.problems.ProblemsError`
listing them all; an illegal move or a false claim in a diagram raises
OptionError naming its keyword (``moves``, ``legal``...) with the engine's
reason.  All of them are :class:`~boardgen.errors.BoardgenError`.  Functions
that make a file return its bytes, and also write them (whole or not at all)
when given ``path``.  The results are the same bytes as the command line's:
both go through the same lower layers.  See ``docs/api.md``.
"""

from __future__ import annotations

from boardgen.api.booklets import booklet, check, diagram
from boardgen.api.builder import BuildSummary, build
from boardgen.api.games import game_state, get_game, perft, play
from boardgen.api.papers import default_paper, parse_paper
from boardgen.api.sheets import board_sheet, calibration_sheet, pieces_sheet, record_sheet
from boardgen.booklet.problems import Problem, ProblemsError
from boardgen.engine.base import GameState, Move, Outcome, Piece, Throw
from boardgen.errors import BoardgenError, IllegalMoveError, NotationError, OptionError, PositionError, SourceError
from boardgen.registry import GameInfo, Variant, all_games
from boardgen.site.catalogue import Artefact
from boardgen.sheets.paper import Paper

__all__ = [
    "board_sheet",
    "pieces_sheet",
    "record_sheet",
    "calibration_sheet",
    "booklet",
    "check",
    "diagram",
    "build",
    "BuildSummary",
    "Artefact",
    "get_game",
    "all_games",
    "game_state",
    "play",
    "GameInfo",
    "Variant",
    "GameState",
    "Move",
    "Outcome",
    "Piece",
    "Throw",
    "perft",
    "Problem",
    "ProblemsError",
    "Paper",
    "parse_paper",
    "default_paper",
    "BoardgenError",
    "OptionError",
    "NotationError",
    "PositionError",
    "IllegalMoveError",
    "SourceError",
]
