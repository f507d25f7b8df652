"""The one small interface every game's rules engine implements.

Modelled on OpenSpiel's state API: a state is immutable, knows whose turn it is,
lists its legal moves, returns a new state for a move and reports the outcome.
Positions and moves have a per-game text notation that round-trips exactly:
``GameState.from_text(s.to_text()).to_text() == s.to_text()`` and every legal
move's ``text`` parses back to the same move.

The booklet checker, the CLI engine tools (``moves``, ``play``, ``perft``) and
the diagram renderer only ever talk to engines through this module.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from boardgen.errors import IllegalMoveError


UNKNOWN_OUTCOME = object()  # the outcome cache before the first outcome() call (engines with __slots__ set it)


@dataclass(frozen=True)
class Piece:
    """A piece as a diagram shows it.

    ``owner`` is 0 for the player who moves first in the game and 1 for the
    other; ``kind`` names the piece type in the game's own words
    (``stone``, ``man``, ``pawn``, ``officer``...), so the diagram renderer can
    draw officers differently from pawns.  ``count`` is how many such pieces
    stand there together: the seeds in a pit (Awelé), a stack; 1 for a single
    piece.  A game whose places hold counts gives one placement per place
    with its count, instead of repeating the place.
    """

    owner: int
    kind: str = "man"
    count: int = 1


@dataclass(frozen=True)
class Move:
    """One whole turn, in a form both machines and diagrams can read.

    ``text`` is the canonical notation (what ``moves`` prints and ``play``
    accepts).  ``path`` lists the points or cells the moving piece visits in
    order (a placement is a one-element path; a chain of jumps lists every
    landing point), so diagrams can draw arrows without knowing the game.
    ``captures`` lists the points whose pieces are removed by the move.
    ``kind`` is a short word: ``place``, ``step``, ``capture``, ``swap``,
    ``pass``... ``key`` is free for the engine's own representation and takes
    no part in equality beyond what the text already says.  ``taken`` says how
    many pieces the move removes from each place of ``captures``, in the same
    order, where a place holds several (Awelé's pits); empty: one piece each.
    """

    text: str
    path: tuple[str, ...] = ()
    captures: tuple[str, ...] = ()
    kind: str = "move"
    key: object = field(default=None, compare=False, hash=False, repr=False)
    taken: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` 0 or 1, or ``None`` for a draw, and why."""

    winner: int | None
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner, "reason": self.reason}


class GameState(ABC):
    """An immutable game position plus whose turn it is and any counters a rule needs.

    Subclasses set ``game_id`` and implement the abstract methods, plus
    :meth:`generate_moves`, :meth:`compute_outcome` and :meth:`point_names`
    (not abstract only so that a toy game in a test may do without).  Variant
    options arrive as a mapping from option name to value text, either a plain
    dict (booklet code and tests pass those) or the
    :class:`~boardgen.engine.variants.VariantValues` it resolves to; an engine
    resolves it once (``GAME.resolve_variants(variants)`` returns a resolved set
    unchanged) and reads the typed values (``values.swap is True``).

    Moves and outcome are computed once per state, here: a subclass implements
    :meth:`generate_moves` (the moves of the side to move, not minding whether
    the game is over) and :meth:`compute_outcome` (which may look at
    :meth:`generated_moves`, e.g. "cannot move, loses"), and this class caches
    both, so that perft, ``to_move``, ``why_illegal`` and the conformance
    checks may ask as often as they like.  Because states are immutable the
    cache never goes stale.  (A subclass may still override :meth:`legal_moves`
    and :meth:`outcome` themselves, as a toy game in a test does.)

    The caches are instance attributes shadowing the class defaults below, read
    without a method call or an exception on the way, because perft asks every
    node for both.  An engine that finds the outcome while making a state (the
    connection games do, in ``apply``) may store it in ``_cached_outcome`` at once.
    An engine that lists the two caches in its ``__slots__`` (for speed) must set
    them in its constructor: ``None`` and :data:`UNKNOWN_OUTCOME`.
    """

    _cached_moves: Sequence[Move] | None = None  # None: not generated yet
    _cached_outcome: "Outcome | None | object" = UNKNOWN_OUTCOME

    game_id: ClassVar[str]

    # -- construction -------------------------------------------------------
    @classmethod
    @abstractmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "GameState":
        """The start position of the game (``size`` for games with several board sizes)."""

    @classmethod
    @abstractmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "GameState":
        """Parse a position text; raise NotationError or PositionError saying what and where."""

    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        """Every point or cell name a position on a board of ``size`` can use (None: the default size).

        The board drawing draws exactly these (a test holds every registered
        game to it), so a diagram never meets a point the engine does not know,
        nor the engine one the drawing lacks.  OptionError for a size the game
        is not played on.
        """
        raise NotImplementedError(f"{cls.__name__} does not list its point names")

    @abstractmethod
    def to_text(self) -> str:
        """The position in the game's notation (parsed back unchanged by from_text)."""

    # -- play ---------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """0 or 1 for the player to move, None when the game is over."""

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order; empty when the game is over (a fresh list each call)."""
        outcome = self._cached_outcome
        if outcome is UNKNOWN_OUTCOME:
            outcome = self.outcome()
        if outcome is not None:
            return []
        moves = self._cached_moves
        if moves is None:
            moves = self._cached_moves = self.generate_moves()
        return list(moves)

    def legal_move_count(self) -> int:
        """``len(self.legal_moves())`` without copying the list (perft's last ply asks every node)."""
        outcome = self._cached_outcome
        if outcome is UNKNOWN_OUTCOME:
            outcome = self.outcome()
        if outcome is not None:
            return 0
        moves = self._cached_moves
        if moves is None:
            moves = self._cached_moves = self.generate_moves()
        return len(moves)

    def generated_moves(self) -> Sequence[Move]:
        """:meth:`generate_moves`, computed on the first call and kept (callers must not change it)."""
        moves = self._cached_moves
        if moves is None:
            moves = self._cached_moves = self.generate_moves()
        return moves

    def outcome(self) -> Outcome | None:
        """None while the game goes on, else who won (or a draw) and why (computed once)."""
        outcome = self._cached_outcome
        if outcome is UNKNOWN_OUTCOME:
            outcome = self._cached_outcome = self.compute_outcome()
        return outcome  # type: ignore[return-value]

    def generate_moves(self) -> Sequence[Move]:
        """The moves of the side to move in a stable order, whether or not the game is over.

        Called at most once per state (through :meth:`generated_moves`).  An
        engine that overrides :meth:`legal_moves` instead gets those here.
        """
        if type(self).legal_moves is not GameState.legal_moves:
            return self.legal_moves()
        raise NotImplementedError(f"{type(self).__name__} implements neither generate_moves nor legal_moves")

    def compute_outcome(self) -> Outcome | None:
        """The outcome of this position (called at most once per state, through :meth:`outcome`)."""
        raise NotImplementedError(f"{type(self).__name__} implements neither compute_outcome nor outcome")

    @abstractmethod
    def apply(self, move: Move) -> "GameState":
        """The state after ``move`` (which must come from legal_moves); self is unchanged."""

    @abstractmethod
    def placements(self) -> list[tuple[str, Piece]]:
        """Every piece on the board as (point name, piece), for diagrams; a point may repeat."""

    # -- notation helpers shared by all games --------------------------------
    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; IllegalMoveError with the reason otherwise."""
        wanted = self.normalize_move_text(text)
        for move in self.legal_moves():
            if move.text == wanted:
                return move
        raise IllegalMoveError(*self.why_illegal(wanted))

    def normalize_move_text(self, text: str) -> str:
        """Bring a user's move text to canonical form (override for case or separators)."""
        return text.strip()

    def why_illegal(self, text: str) -> tuple[str, str]:
        """(message, code) explaining why ``text`` is not a legal move here.

        Engines override this to name the rule that forbids the move
        (``occupied``, ``must-capture``, ``quota``...); the booklet checker
        compares the code with what a diagram claims.
        """
        if self.outcome() is not None:
            return (f"{text}: the game is over", "game-over")
        return (f"{text}: not a legal move in this position", "illegal")

    def play(self, *texts: str) -> "GameState":
        """Apply moves given as text, in order (raises IllegalMoveError on the first bad one)."""
        state = self
        for text in texts:
            state = state.apply(state.parse_move(text))
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and type(other) is type(self) and other.to_text() == self.to_text()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.to_text()))
