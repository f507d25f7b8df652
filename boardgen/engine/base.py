"""The one small interface every game's rules engine implements.

Modelled on OpenSpiel's state API: a state is immutable, knows whose turn it is,
lists its legal moves, returns a new state for a move and reports the outcome.
Positions and moves have a per-game text notation that round-trips exactly:
``GameState.from_text(s.to_text()).to_text() == s.to_text()`` and every legal
move's ``text`` parses back to the same move.

The booklet checker, the CLI engine tools (``moves``, ``play``, ``perft``) and
the diagram renderer only ever talk to engines through this module.

Games of chance and of more than two players use the same interface: a state
may be a *chance point* (:attr:`GameState.is_chance`), whose :meth:`~GameState.throws`
list what the dice or sticks can show with exact probabilities, and
:meth:`~GameState.apply_throw` gives the state in which the seat that threw
chooses a move.  A :class:`Move` is one decision, so the same seat may move
several times in a row.  The defaults keep the two-player games without chance
exactly as they were.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from boardgen.errors import IllegalMoveError, NotationError


UNKNOWN_OUTCOME = object()  # the outcome cache before the first outcome() call (engines with __slots__ set it)


@dataclass(frozen=True)
class Piece:
    """A piece as a diagram shows it.

    ``owner`` is the seat that owns it: 0 for the player who moves first in
    the game, 1 for the next, up to ``players - 1``; ``kind`` names the piece type in the game's own words
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
    """One decision of the player to move, in a form both machines and diagrams can read.

    In most games a decision is a whole turn; in a game of chance it uses one
    die or one stick throw, and the same seat may make several in a row (so
    nothing may assume that the player alternates after every move).

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
class Throw:
    """One outcome of a chance point: what the dice or sticks show.

    ``text`` is the canonical notation, which :meth:`GameState.parse_throw`
    reads back (Gamão ``3-1``, Nyout ``kel``); ``probability`` is exact, so
    that the throws of a chance point can be checked to sum to exactly 1;
    ``faces`` is what a diagram draws (two dice ``(3, 1)``; four sticks'
    sides up, 1 marked and 0 plain); ``key`` is free for the engine, like
    :attr:`Move.key`, and takes no part in equality.
    """

    text: str
    probability: Fraction
    faces: tuple[int, ...] = ()
    key: object = field(default=None, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (a seat) or ``None`` for a draw, and why.

    ``points`` is what the win is worth where a game scores it (Gamão: 1, 2
    for a gammon, 3 for a backgammon, times the cube); ``partners`` are the
    other seats that win with ``winner`` (a partnership).  Both stay out of
    :meth:`to_json` at their defaults, so the results of games without them
    (golden files, manifests) read as they always did.
    """

    winner: int | None
    reason: str
    points: int = 1
    partners: tuple[int, ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that wins: ``winner`` and its partners; empty for a draw."""
        return () if self.winner is None else (self.winner, *self.partners)

    def worth_suffix(self) -> str:
        """``, 2 points`` for a line that prints the reason: empty for a win worth 1, or when the reason
        already says what the win is worth (Gamão's "a gammon: 2 points × cube 4 = 8 points")."""
        if self.points == 1 or self.reason.endswith(f"{self.points} points"):
            return ""
        return f", {self.points} points"

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"winner": self.winner, "reason": self.reason}
        if self.points != 1:
            data["points"] = self.points
        if self.partners:
            data["winners"] = list(self.winners)
        return data


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

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Every engine gets the library's argument checks at its entry points (see :mod:`boardgen.engine.guards`)."""
        super().__init_subclass__(**kwargs)
        from boardgen.engine.guards import guard_engine

        guard_engine(cls)

    # -- construction -------------------------------------------------------
    @classmethod
    @abstractmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "GameState":
        """The start position of the game (``size`` for games with several board sizes).

        >>> hex_engine = api.get_game("hex").load_engine()
        >>> hex_engine.initial(size=3, variants={"swap": "off"}).to_text()
        '3/3/3 r -'
        """

    @classmethod
    @abstractmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "GameState":
        """Parse a position text; raise NotationError or PositionError saying what and where.

        >>> hex_engine = api.get_game("hex").load_engine()
        >>> hex_engine.from_text("3/1r1/3 b -").to_move
        1
        >>> hex_engine.from_text("3/1r1 b -")
        Traceback (most recent call last):
          ...
        boardgen.errors.NotationError: position: row 1 has 3 cells, expected 2 (character 1 goes past the end)
        """

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
        """The position in the game's notation (parsed back unchanged by from_text).

        >>> state = api.get_game("hex").load_engine().initial(size=3, variants={"swap": "off"}).play("b2")
        >>> state.to_text(), type(state).from_text(state.to_text()) == state
        ('3/1r1/3 b -', True)
        """

    # -- play ---------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move (0 .. players - 1; at a chance point, the seat that throws); None when over."""

    @property
    def players(self) -> int:
        """How many seats this game (under its variants) has; 2 unless a game says otherwise."""
        return 2

    # -- chance -------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        """True when the next event is a throw, not a choice (a game without chance never is).

        At a chance point ``to_move`` is the seat that throws, ``legal_moves()``
        is empty and ``outcome()`` is None.
        """
        return False

    def throws(self) -> Sequence[Throw]:
        """The possible throws at a chance point, in a stable order; empty anywhere else."""
        return ()

    @property
    def current_throw(self) -> Throw | None:
        """The throw this decision state carries (the one its text writes), for a diagram to draw.

        None at a chance point, in games without chance, and by default: a
        diagram that reached the state by a throw in its definition knows the
        throw without asking.  A game whose position text carries several
        throws (Nyout's "throws kel mo") may give them as one Throw whose
        faces hold four sides per throw.
        """
        return None

    def apply_throw(self, throw: Throw) -> "GameState":
        """The state after ``throw``, in which ``to_move`` chooses a move; self is unchanged.

        A game of chance overrides this (calling :meth:`checked_throw` first);
        the default is for the games without chance, where no throw is ever due.
        """
        self.checked_throw(throw)
        raise NotImplementedError(f"{type(self).__name__} lists throws but does not implement apply_throw")

    def checked_throw(self, throw: Throw) -> Throw:
        """``throw`` as this chance point lists it (with the engine's ``key``); IllegalMoveError otherwise.

        Shared by the engines' :meth:`apply_throw`, so that a throw that is not
        due, or is not one of :meth:`throws`, is refused the same way everywhere.
        """
        if not self.is_chance:
            raise IllegalMoveError(f"throw {throw.text}: no throw is due in this position", "no-throw")
        for listed in self.throws():
            if listed == throw:
                return listed
        raise IllegalMoveError(f"throw {throw.text}: not a possible throw here ({self._allowed_throws()})", "bad-throw")

    def parse_throw(self, text: str) -> Throw:
        """The throw written ``text`` (canonical text, any letter case); NotationError otherwise.

        A game may override it to accept more spellings (``31`` for ``3-1``).
        """
        wanted = text.strip().lower()
        for throw in self.throws():
            if throw.text.lower() == wanted:
                return throw
        if not self.is_chance:
            raise NotationError(f"throw {text.strip()!r}: no throw is due in this position")
        raise NotationError(f"throw {text.strip()!r}: not a throw here ({self._allowed_throws()})")

    def _allowed_throws(self) -> str:
        return "allowed: " + ", ".join(t.text for t in self.throws())

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order; empty when the game is over (a fresh list each call).

        >>> start = api.get_game("hex").load_engine().initial(size=3, variants={"swap": "off"})
        >>> [move.text for move in start.legal_moves()][:4], len(start.legal_moves())
        (['a1', 'b1', 'c1', 'a2'], 9)
        """
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
        """None while the game goes on, else who won (or a draw) and why (computed once).

        >>> start = api.get_game("hex").load_engine().initial(size=2, variants={"swap": "off"})
        >>> start.outcome() is None
        True
        >>> start.play("a1", "b1", "a2").outcome()
        Outcome(winner=0, reason='red joined rows 1 and 2', points=1, partners=())
        """
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
        """The state after ``move`` (which must come from legal_moves); self is unchanged.

        >>> start = api.get_game("hex").load_engine().initial(size=3, variants={"swap": "off"})
        >>> start.apply(start.legal_moves()[0]).to_text(), start.to_text()
        ('r2/3/3 b -', '3/3/3 r -')
        >>> start.apply("a1")
        Traceback (most recent call last):
          ...
        boardgen.errors.OptionError: move: expected a Move from legal_moves() (play() reads a move text), not 'a1'
        """

    @abstractmethod
    def placements(self) -> list[tuple[str, Piece]]:
        """Every piece on the board as (point name, piece), for diagrams; a point may repeat."""

    # -- notation helpers shared by all games --------------------------------
    MOVE_TEXT_IGNORES_CASE: ClassVar[bool] = False
    """Whether a move may be written in either letter case (``E4`` for ``e4``); most games say yes.

    Xadrez says no, because its notation tells a bishop ``B`` from the b-file."""

    MOVE_TEXT_IGNORES_SPACES: ClassVar[bool] = False
    """Whether spaces inside a move text are dropped (``a1 - a2`` for ``a1-a2``), not only at its ends."""

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; IllegalMoveError with the reason otherwise.

        The template every engine shares: the text in canonical form
        (:meth:`normalize_move_text`) is looked up among the legal moves, then
        :meth:`read_other_spelling` may recognise it otherwise, and last
        :meth:`why_illegal` says why it is refused.

        >>> start = api.get_game("hex").load_engine().initial(size=3, variants={"swap": "off"})
        >>> start.parse_move(" B2 ").text
        'b2'
        >>> start.parse_move("z9")
        Traceback (most recent call last):
          ...
        boardgen.errors.IllegalMoveError: z9: no such cell on a 3 x 3 board
        """
        wanted = self.normalize_move_text(text)
        moves = self.legal_moves()
        for move in moves:
            if move.text == wanted:
                return move
        found = self.read_other_spelling(wanted, moves, text)
        if found is not None:
            return found
        raise IllegalMoveError(*self.why_illegal(wanted))

    def read_other_spelling(self, wanted: str, moves: Sequence[Move], text: str) -> Move | None:
        """The hook of :meth:`parse_move`: the legal move (one of ``moves``) that ``wanted``, the
        canonical form of ``text``, writes in a spelling other than the move's own text (a capture
        by its two ends, a chain by another path), or None.  It may also raise IllegalMoveError
        with a sharper reason (two captures fit).  None by default."""
        return None

    def normalize_move_text(self, text: str) -> str:
        """A user's move text in canonical form: the template every engine shares.

        The outer spaces go (and inner ones with :attr:`MOVE_TEXT_IGNORES_SPACES`),
        the letters are lowered with :attr:`MOVE_TEXT_IGNORES_CASE`, and then
        :meth:`canonical_move_text` gives the game's own other spellings.
        """
        cleaned = "".join(text.split()) if self.MOVE_TEXT_IGNORES_SPACES else text.strip()
        if self.MOVE_TEXT_IGNORES_CASE:
            cleaned = cleaned.lower()
        return self.canonical_move_text(cleaned)

    def canonical_move_text(self, text: str) -> str:
        """The hook of :meth:`normalize_move_text`: ``text`` (already trimmed, and lowered if the
        game ignores case) in the game's canonical spelling (``b2+a1`` as ``a1+b2``, a PDN
        number as a square name); unchanged by default."""
        return text

    def why_illegal(self, text: str) -> tuple[str, str]:
        """(message, code) explaining why ``text`` is not a legal move here.

        The template every engine shares: a finished game refuses every move
        the same way (code ``game-over``, the outcome's reason in brackets), and
        otherwise :meth:`why_illegal_in_play` names the rule that forbids the
        move (``occupied``, ``must-capture``, ``quota``...); the booklet checker
        compares the code with what a diagram claims.
        """
        outcome = self.outcome()
        if outcome is not None:
            return (f"{text}: the game is over ({outcome.reason})", "game-over")
        return self.why_illegal_in_play(text)

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """The hook of :meth:`why_illegal` for a game still going on: engines override it with their rules.

        The default knows only that a throw may be due first.
        """
        if self.is_chance:
            return (f"{text}: a throw is due first ({self._allowed_throws()})", "throw-due")
        return (f"{text}: not a legal move in this position", "illegal")

    def play(self, *texts: str) -> "GameState":
        """Apply moves given as text, in order (raises IllegalMoveError on the first bad one).

        At a chance point the text is read as a throw (NotationError if it is
        not one), so a line of a game of chance reads ``"3-1", "8/5", "6/5"``.

        >>> start = api.get_game("hex").load_engine().initial(size=3, variants={"swap": "off"})
        >>> start.play("b2", "a1").to_text()
        'b2/1r1/3 r -'

        """
        state = self
        for text in texts:
            if state.is_chance:
                state = state.apply_throw(state.parse_throw(text))
            else:
                state = state.apply(state.parse_move(text))
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and type(other) is type(self) and other.to_text() == self.to_text()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.to_text()))


def _guard_shared_methods() -> None:
    from boardgen.engine.guards import guard_engine

    guard_engine(GameState)  # play and parse_move, which every engine inherits


_guard_shared_methods()
