"""Rules engine for Gamão, backgammon (games.md section 11; seeds 001 "Gamão" and 002 "Como jogar: Gamão").

A game is a chain of chance points and decisions (the contract in
``boardgen/engine/base.py``, "Chance and several players"):

* the **opening throw**: each player throws one die; thirty throws, ``5-2``
  being White's 5 and Black's 2 (ties are thrown again, so each of the thirty
  has probability 1/30); the higher die starts and plays both numbers;
* then each turn starts with a **throw** of two dice (21 throws, ``6-5``,
  ``3-3``...), after which the same player makes **one move per die**: a Move
  is one checker moved by one die (``24/18``, ``bar/22*``, ``6/off``), so a
  turn of 6-2 is two moves and a double four; ``to_move`` stays the same
  player until his dice are used or no die can be;
* with ``cube=on``, a player who may double chooses ``double`` or ``roll``
  before his throw, and the opponent answers ``take`` or ``drop``.

Which die moves are legal: a move must begin some play that uses as many
dice as the throw allows (both, four for a double, else as many as can be);
when only one of two different dice can be used, the larger if it can.  So
every legal move can be completed to a legal whole play, and the turn ends by
itself when no die left can be played.  A throw that allows no move at all is
played as the single move ``pass``.

Points are numbered from White's side (``geometry``): White moves 24 -> 1,
Black 1 -> 24, and both players' moves are written with those numbers
(Black's opening 6-1 is ``12/18 17/18``).  ``docs/notation/gamao.md`` gives
the position text, the move notation and the reason codes of
:meth:`GamaoState.why_illegal`.

This module holds the state: whose turn, its phase, the throws, the moves and
the outcome.  The arithmetic of one die is in :mod:`.dice`, the move notation
(and a whole play written at once) in :mod:`.move_text`, the position text in
:mod:`.position_text`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from boardgen.engine.base import GameState, Move, Outcome, Piece, Throw
from boardgen.engine.chance import TWO_DICE
from boardgen.engine.variants import VariantValues
from boardgen.errors import IllegalMoveError, NotationError
from boardgen.games.gamao import GAME
from boardgen.games.gamao import geometry as geo
from boardgen.games.gamao.dice import (
    BAR, BLACK, CUBE, DROPPED, MOVE, NAMES, OFF, OFFERED, OPENING, OPENING_THROWS, THROW, THROW_RE, WHITE, Layout,
    Step, apply_step, dice_of, legal_steps, owned, remove_die, throw_text,
)
from boardgen.games.gamao.move_text import play_token, step_path, step_text, why_die_move_refused
from boardgen.games.gamao.position_text import read_position, write_position

MAX_CUBE = geo.CUBE_VALUES[-1]
CUBE_WORDS = ("double", "take", "drop", "roll")  # the doubling cube's moves


@dataclass(frozen=True)
class Rules:
    """The variant options, typed (one per combination)."""

    cube: bool
    backgammon_half: bool  # backgammon=half: the loser's checkers anywhere in the winner's half count


@cache
def rules_for(chosen: VariantValues) -> Rules:
    return Rules(cube=chosen.cube, backgammon_half=chosen.backgammon == "half")


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    return rules_for(GAME.resolve_variants(variants))


class GamaoState(GameState):
    """A Gamão position: checkers, whose turn, the phase of the turn, the dice left, the cube.

    Position text (docs/notation/gamao.md)::

        white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5 opening
        white 24:2 13:5 8:3 6:5 black 1:2 12:5 17:3 19:5 w dice 3-1
        white bar:1 13:4 8:3 6:5 off:2 black ... b cube 2w dice 6-6 left 6,6

    Each player's checkers: ``bar:N``, then ``point:count`` in his direction of
    travel, then ``off:N``; then ``opening`` or the player whose turn it is; with
    ``cube=on`` the cube (``cube 1``, ``cube 4b``: value and holder) and, where
    the turn has got there, ``roll`` (he chose not to double), ``offered`` (he
    doubled and the opponent must answer) or ``dropped``; then ``dice X-Y`` (the
    throw being played) and ``left ...`` (the dice still to play, when some are
    used).  No dice field: the player is about to throw (a chance point).
    """

    game_id = "gamao"
    MOVE_TEXT_IGNORES_CASE = True

    def __init__(
        self,
        layout: Layout,
        side: int,
        phase: str,
        throw: tuple[int, int] | None,
        left: tuple[int, ...],
        cube: int,
        holder: int | None,
        rules: Rules,
    ) -> None:
        self._layout = layout
        self._side = side
        self._phase = phase
        self._throw = throw
        self._left = left
        self._cube = cube
        self._holder = holder
        self._rules = rules
        self._steps: tuple[list[Step], int] | None = None

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return geo.PLACE_NAMES

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "GamaoState":
        GAME.check_size(size)
        board = [0] * 24
        for point, (owner, count) in geo.START.items():
            board[point - 1] = count if owner == WHITE else -count
        return cls(Layout(tuple(board), (0, 0), (0, 0)), WHITE, OPENING, None, (), 1, None, resolve_rules(variants))

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "GamaoState":
        return read_position(cls, text, resolve_rules(variants))

    def to_text(self) -> str:
        return write_position(self)

    # -- queries -------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def layout(self) -> Layout:
        return self._layout

    @property
    def phase(self) -> str:
        """opening, throw (chance points), cube (double or roll?), offered (take or drop?), dropped, move."""
        return self._phase

    @property
    def side(self) -> int:
        """The player whose turn it is (at ``offered``, the one who doubled)."""
        return self._side

    @property
    def dice(self) -> tuple[int, int] | None:
        """The throw being played (higher die first), None outside the move phase."""
        return self._throw

    @property
    def dice_left(self) -> tuple[int, ...]:
        return self._left

    @property
    def cube(self) -> tuple[int, int | None]:
        """(stake, holder): the cube's value and who holds it (None: in the middle, either may double)."""
        return (self._cube, self._holder)

    def pip_count(self, player: int) -> int:
        """Pips ``player`` still has to move to bear everything off (a checker on the bar counts 25)."""
        board = self._layout.board
        return sum(owned(board, player, p) * geo.distance(player, p) for p in range(1, 25)) + 25 * self._layout.bar[player]

    def may_double(self) -> bool:
        """Whether the player whose turn it is may offer a double now (cube=on, his cube or the middle's, below 64)."""
        return (
            self._rules.cube
            and self._holder in (None, self._side)
            and self._cube < MAX_CUBE
            and self._phase in (CUBE, THROW)
        )

    @property
    def is_chance(self) -> bool:
        return self._phase in (OPENING, THROW) and self.outcome() is None

    @property
    def current_throw(self) -> Throw | None:
        """The throw this decision state plays (what a diagram draws beside the board), else None.

        ``key`` is the dice still to play, so that the board can draw the used ones faded
        (:meth:`boardgen.games.gamao.board.GamaoBoard.draw_throw`).
        """
        if self._phase != MOVE or self._throw is None:
            return None
        high, low = self._throw
        return Throw(throw_text(high, low), Fraction(1 if high == low else 2, 36), (high, low), key=self._left)

    @property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        return 1 - self._side if self._phase == OFFERED else self._side

    def cube_place(self) -> str:
        """Where the cube lies: the middle, its holder's end of the bar, or (offered) the opponent's end."""
        if self._phase in (OFFERED, DROPPED):
            return geo.CUBE_NAMES[1 - self._side]
        return geo.CUBE_MIDDLE if self._holder is None else geo.CUBE_NAMES[self._holder]

    def placements(self) -> list[tuple[str, Piece]]:
        """One placement per occupied point, bar half and tray, with its checker count; with ``cube=on`` the
        cube too, kind ``cube``, its ``count`` the stake it shows (offered: the doubled stake), its owner the
        holder (in the middle: the player whose turn it is, an owner being required)."""
        layout = self._layout
        found: list[tuple[str, Piece]] = []
        for p in range(1, 25):
            n = layout.board[p - 1]
            if n:
                found.append((str(p), Piece(WHITE if n > 0 else BLACK, "checker", abs(n))))
        for player in (WHITE, BLACK):
            if layout.bar[player]:
                found.append((geo.BAR_NAMES[player], Piece(player, "checker", layout.bar[player])))
            if layout.off[player]:
                found.append((geo.OFF_NAMES[player], Piece(player, "checker", layout.off[player])))
        if self._rules.cube:
            offered = self._phase in (OFFERED, DROPPED)
            owner = 1 - self._side if offered else self._side if self._holder is None else self._holder
            found.append((self.cube_place(), Piece(owner, "cube", self._cube * 2 if offered else self._cube)))
        return found

    # -- chance ------------------------------------------------------------------------------------
    def throws(self) -> Sequence[Throw]:
        if not self.is_chance:
            return ()
        return OPENING_THROWS if self._phase == OPENING else TWO_DICE

    def apply_throw(self, throw: Throw) -> "GamaoState":
        a, b = self.checked_throw(throw).faces
        if self._phase == OPENING:
            side = WHITE if a > b else BLACK
            dice = (max(a, b), min(a, b))
        else:
            side, dice = self._side, (a, b)
        return self._replace(side=side, phase=MOVE, throw=dice, left=dice_of(dice)).settled()

    def parse_throw(self, text: str) -> Throw:
        """A throw as ``3-1`` (also ``31``, ``3 1``, ``1-3``: at the opening the order is White's die, Black's).

        A cube word where a throw is due (``double`` while the opponent holds the cube) is a move
        refused for the cube's reason (IllegalMoveError ``not-your-cube``, ``cube-max``...), not a
        throw misspelt.
        """
        if text.strip().lower() in CUBE_WORDS and self.outcome() is None:
            raise IllegalMoveError(*self.why_illegal(text.strip().lower()))
        throws = self.throws()
        if not throws:
            raise NotationError(f"throw {text.strip()!r}: nobody throws now ({self._waiting_for()})")
        match = THROW_RE.match(text)
        if match:
            a, b = int(match.group(1)), int(match.group(2))
            wanted = throw_text(a, b) if self._phase == OPENING else throw_text(max(a, b), min(a, b))
            for throw in throws:
                if throw.text == wanted:
                    return throw
            if self._phase == OPENING and a == b:
                raise NotationError(f"throw {text.strip()!r}: at the opening a tie is thrown again; the opening throws are two different dice, White's first")
        allowed = ", ".join(t.text for t in throws)
        raise NotationError(f"throw {text.strip()!r}: expected two dice written like 3-1 (one of {allowed})")

    def _waiting_for(self) -> str:
        if self.outcome() is not None:
            return "the game is over"
        if self._phase == OPENING:
            return "each player throws one die for the opening"
        if self._phase == THROW:
            return f"{NAMES[self._side]} throws the dice"
        if self._phase == CUBE:
            return f"{NAMES[self._side]} chooses to double or to roll"
        if self._phase == OFFERED:
            return f"{NAMES[1 - self._side]} must take or drop the double"
        return f"{NAMES[self._side]} plays the dice {throw_text(*self._throw)}" if self._throw else "a move is due"

    # -- moves -------------------------------------------------------------------------------------
    def _legal_steps(self) -> tuple[list[Step], int]:
        if self._steps is None:
            self._steps = legal_steps(self._layout, self._side, self._left)
        return self._steps

    def generate_moves(self) -> list[Move]:
        phase = self._phase
        if phase == CUBE:
            here, there = self.cube_place(), geo.CUBE_NAMES[1 - self._side]
            return [Move("double", (here, there), kind="double"), Move("roll", (here,), kind="roll")]
        if phase == OFFERED:
            here = self.cube_place()
            return [Move("take", (here,), kind="take"), Move("drop", (here,), kind="drop")]
        if phase != MOVE:
            return []
        steps, _ = self._legal_steps()
        if not steps:
            return [Move("pass", kind="pass")]
        texts = [step_text(s) for s in steps]
        moves = []
        for step, text in zip(steps, texts):
            if texts.count(text) > 1:
                text = f"{step.die}:{text}"  # the same checker off with either die: say which
            player = self._side
            kind = "enter" if step.origin == BAR else "bear-off" if step.landing == OFF else "step"
            captures = (str(step.landing),) if step.hit else ()
            moves.append(Move(text, step_path(player, step), captures, kind, step))
        return moves

    def apply(self, move: Move) -> "GamaoState":
        step = move.key
        if not isinstance(step, Step) and move.kind not in ("double", "roll", "take", "drop", "pass"):
            move = self.parse_move(move.text)
            step = move.key
        kind = move.kind
        if kind == "double":
            return self._replace(phase=OFFERED)
        if kind == "roll":
            return self._replace(phase=THROW)
        if kind == "take":
            return self._replace(phase=THROW, cube=self._cube * 2, holder=1 - self._side).settled()
        if kind == "drop":
            return self._replace(phase=DROPPED)
        if kind == "pass":
            return self._end_turn()
        assert isinstance(step, Step)
        layout = apply_step(self._layout, self._side, step)
        after = self._replace(layout=layout, left=remove_die(self._left, step.die))
        return after.settled()

    def settled(self) -> "GamaoState":
        """This state, or the next player's turn when the mover has no die left he can play (or has won)."""
        if self._phase != MOVE:
            return self
        if self._layout.off[self._side] == geo.CHECKERS:
            return self._replace(phase=THROW, throw=None, left=())  # the game is over: the outcome says so
        if not self._left:
            return self._end_turn()
        steps, _ = self._legal_steps()
        if not steps and self._left != dice_of(self._throw or (0, 0)):
            return self._end_turn()  # the dice left cannot be played: the turn is over
        return self

    def _end_turn(self) -> "GamaoState":
        nxt = self._replace(side=1 - self._side, phase=THROW, throw=None, left=())
        if nxt.may_double():
            return nxt._replace(phase=CUBE)
        return nxt

    def _replace(self, **changes: object) -> "GamaoState":
        fields = {
            "layout": self._layout,
            "side": self._side,
            "phase": self._phase,
            "throw": self._throw,
            "left": self._left,
            "cube": self._cube,
            "holder": self._holder,
        }
        fields.update(changes)
        # type(self): a subclass (a test counting calls) keeps its class through every move
        return type(self)(rules=self._rules, **fields)  # type: ignore[arg-type]

    # -- the end -------------------------------------------------------------------------------------
    def compute_outcome(self) -> Outcome | None:
        if self._phase == DROPPED:
            winner = self._side
            return Outcome(
                winner,
                f"{NAMES[1 - winner]} drops the double: {NAMES[winner]} wins the stake of {_points(self._cube)}",
                points=self._cube,
            )
        for winner in (WHITE, BLACK):
            if self._layout.off[winner] == geo.CHECKERS:
                level, word = self.result_level(winner)
                return Outcome(winner, f"{NAMES[winner]} wins {word}: {_worth(level, self._cube)}", points=level * self._cube)
        return None

    def result_level(self, winner: int) -> tuple[int, str]:
        """(1, 2 or 3, its name): single game, gammon (the loser bore off none), backgammon (and still has a
        checker on the bar or in the winner's home quadrant; with backgammon=half, anywhere in the winner's half)."""
        loser = 1 - winner
        layout = self._layout
        if layout.off[loser]:
            return 1, "a single game"
        zone = range(1, 7) if winner == WHITE else range(19, 25)
        if self._rules.backgammon_half:
            zone = range(1, 13) if winner == WHITE else range(13, 25)
        if layout.bar[loser] or any(owned(layout.board, loser, p) for p in zone):
            return 3, "a backgammon"
        return 2, "a gammon"

    # -- notation ---------------------------------------------------------------------------------------
    def read_other_spelling(self, wanted: str, moves: Sequence[Move], text: str) -> Move | None:
        """A die move without its ``*`` or its die (``6/off`` for ``2:6/off`` when only one die bears it off)."""
        bare = wanted.rstrip("*")
        matches = [m for m in moves if m.text.rstrip("*") == bare or m.text.split(":")[-1].rstrip("*") == bare]
        if len(matches) == 1 and (wanted.endswith("*") == matches[0].text.endswith("*") or not wanted.endswith("*")):
            return matches[0]
        if len(matches) == 1:
            raise IllegalMoveError(f"{text.strip()}: no opposing checker stands alone there to hit; write {matches[0].text}", "no-hit")
        if len(matches) > 1:
            raise IllegalMoveError(
                f"{text.strip()}: the checker can be borne off with either die; write "
                + " or ".join(m.text for m in matches),
                "which-die",
            )
        return None

    def play(self, *texts: str) -> "GamaoState":
        """Apply moves and throws given as text; a text may be a whole play (``24/18 13/11``, ``13/7(2)``,
        ``24/18/13``, or ``24/13`` when one checker uses both dice and only one way is legal)."""
        state: GamaoState = self
        for text in texts:
            for token in text.split():
                state = play_token(state, token)
        return state

    def _why_not_cube(self, text: str, move: str) -> tuple[str, str]:
        """Why a cube word is refused: no cube, the other player's cube, its highest face, or not now."""
        if not self._rules.cube:
            return (f"{text}: the game is played without the doubling cube (cube=off)", "no-cube")
        if move == "double" and self._phase not in (OFFERED, DROPPED, OPENING):
            if self._holder is not None and self._holder != self._side:
                return (f"{text}: {NAMES[self._holder]} holds the cube; only the holder may double again", "not-your-cube")
            if self._cube >= MAX_CUBE:
                return (f"{text}: the cube already shows {MAX_CUBE}, its highest face", "cube-max")
            if self._phase == MOVE:
                return (f"{text}: a double is offered before throwing, not after", "not-now")
            if self._phase == THROW:
                return (f"{text}: {NAMES[self._side]} chose to roll; a double is offered instead of rolling", "not-now")
        return (f"{text}: not now ({self._waiting_for()})", "not-now")

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        """Name the rule a move text breaks; the codes are listed in docs/notation/gamao.md."""
        move = self.normalize_move_text(text)
        if move in CUBE_WORDS:  # before the dice: "double" where a throw is due is still the cube's matter
            return self._why_not_cube(text, move)
        if self.is_chance:
            return (f"{text}: {NAMES[self._side] if self._phase != OPENING else 'each player'} must throw the dice first", "throw-first")
        if self._phase != MOVE:
            return (f"{text}: not now ({self._waiting_for()})", "not-now")
        if move == "pass":
            return (f"{text}: a die can be played, so the turn may not be passed", "must-move")
        if len(move.split()) > 1:
            return (f"{text}: a whole play is one move per die; give them one by one (play() and 'boardgen play' split it)", "syntax")
        return why_die_move_refused(self._layout, self._side, self._left, text, move)

def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _worth(level: int, cube: int) -> str:
    """``2 points`` for a result worth ``level``; with the cube above 1, ``2 points × cube 4 = 8 points``:
    one reading, the product said once (the outcome line must not repeat the points nor suggest 32)."""
    if cube == 1:
        return _points(level)
    return f"{_points(level)} × cube {cube} = {_points(level * cube)}"
