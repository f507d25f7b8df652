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
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import NamedTuple

from boardgen.engine.base import GameState, Move, Outcome, Piece, Throw
from boardgen.engine.chance import TWO_DICE
from boardgen.engine.variants import VariantValues
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.gamao import GAME
from boardgen.games.gamao import geometry as geo
from boardgen.values import digits_value, read_whole_number

WHITE, BLACK = geo.WHITE, geo.BLACK
BAR = 99  # a move's origin "the bar"
OFF = -1  # a move's destination "off the board"
OFF_WORD = "off"  # how the notation writes it (6/off, off:3)
SIDES = ("w", "b")
NAMES = ("White", "Black")
WORDS = ("white", "black")
OPENING, THROW, CUBE, OFFERED, DROPPED, MOVE = "opening", "throw", "cube", "offered", "dropped", "move"
MAX_CUBE = geo.CUBE_VALUES[-1]
CUBE_WORDS = ("double", "take", "drop", "roll")  # the doubling cube's moves

Board = tuple[int, ...]  # 24 signed counts, index p - 1: White's checkers positive, Black's negative


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


class Step(NamedTuple):
    """One checker moved by one die: from a point or the bar, to a point or off; hit: a blot sent to the bar."""

    origin: int  # 1..24, or BAR
    landing: int  # 1..24, or OFF
    die: int
    hit: bool


class Layout(NamedTuple):
    """Where every checker is: the points, the bars and the trays (what a move changes)."""

    board: Board
    bar: tuple[int, int]
    off: tuple[int, int]


# -- the throws ------------------------------------------------------------------------------
def _throw_text(high: int, low: int) -> str:
    return f"{high}-{low}"


# The opening throw: White's die, then Black's; a tie is thrown again, so each of the 30 has 1/30.
OPENING_THROWS: tuple[Throw, ...] = tuple(
    Throw(_throw_text(w, b), Fraction(1, 30), (w, b), key=(w, b)) for w in range(1, 7) for b in range(1, 7) if w != b
)
THROW_RE = re.compile(r"^\s*([1-6])\s*[-, ]?\s*([1-6])\s*$")


# -- the moves of one die ------------------------------------------------------------------
def owned(board: Board, player: int, point: int) -> int:
    """How many of ``player``'s checkers stand on ``point`` (1..24)."""
    n = board[point - 1]
    return n if player == WHITE and n > 0 else -n if player == BLACK and n < 0 else 0


def opposing(board: Board, player: int, point: int) -> int:
    return owned(board, 1 - player, point)


def all_home(layout: Layout, player: int) -> bool:
    """Every checker of ``player`` not borne off stands in his home quadrant (bearing off is allowed)."""
    if layout.bar[player]:
        return False
    home = geo.home(player)
    return not any(owned(layout.board, player, p) for p in range(1, 25) if p not in home)


def farthest(layout: Layout, player: int) -> int:
    """The distance to bearing off of ``player``'s farthest checker on the board (0: none left)."""
    points = range(24, 0, -1) if player == WHITE else range(1, 25)
    for p in points:
        if owned(layout.board, player, p):
            return geo.distance(player, p)
    return 0


def steps_for_die(layout: Layout, player: int, die: int) -> list[Step]:
    """Every way to move one checker by ``die``, checking only this die (not what the others allow)."""
    board = layout.board
    if layout.bar[player]:
        landing = geo.entry_point(player, die)
        blockers = opposing(board, player, landing)
        return [] if blockers >= 2 else [Step(BAR, landing, die, blockers == 1)]
    found: list[Step] = []
    bearing = all_home(layout, player)
    far = farthest(layout, player) if bearing else 0
    points = range(24, 0, -1) if player == WHITE else range(1, 25)
    for p in points:
        if not owned(board, player, p):
            continue
        dist = geo.distance(player, p)
        if die >= dist:
            if bearing and (die == dist or dist == far):
                found.append(Step(p, OFF, die, False))
            continue
        landing = geo.target(player, p, die)
        blockers = opposing(board, player, landing)
        if blockers < 2:
            found.append(Step(p, landing, die, blockers == 1))
    return found


def apply_step(layout: Layout, player: int, step: Step) -> Layout:
    board = list(layout.board)
    bar = list(layout.bar)
    off = list(layout.off)
    sign = 1 if player == WHITE else -1
    if step.origin == BAR:
        bar[player] -= 1
    else:
        board[step.origin - 1] -= sign
    if step.landing == OFF:
        off[player] += 1
    else:
        if step.hit:
            board[step.landing - 1] = 0
            bar[1 - player] += 1
        board[step.landing - 1] += sign
    return Layout(tuple(board), (bar[0], bar[1]), (off[0], off[1]))


def remove_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    k = dice.index(die)
    return dice[:k] + dice[k + 1 :]


@lru_cache(maxsize=200_000)
def most_dice(layout: Layout, player: int, dice: tuple[int, ...]) -> int:
    """How many of ``dice`` the best play from here uses (stops looking once one uses them all)."""
    if not dice or layout.off[player] == geo.CHECKERS:
        return 0
    best = 0
    for die in sorted(set(dice), reverse=True):
        rest = remove_die(dice, die)
        for step in steps_for_die(layout, player, die):
            used = 1 + most_dice(apply_step(layout, player, step), player, rest)
            if used > best:
                best = used
                if best == len(dice):
                    return best
    return best


def legal_steps(layout: Layout, player: int, dice: tuple[int, ...]) -> tuple[list[Step], int]:
    """(the die moves that begin a play using the most dice possible, that most); the larger-die rule applied."""
    scored: list[tuple[Step, int]] = []
    for die in sorted(set(dice), reverse=True):
        rest = remove_die(dice, die)
        for step in steps_for_die(layout, player, die):
            scored.append((step, 1 + most_dice(apply_step(layout, player, step), player, rest)))
    if not scored:
        return [], 0
    most = max(used for _, used in scored)
    steps = [step for step, used in scored if used == most]
    if most == 1 and len(dice) == 2 and dice[0] != dice[1]:
        larger = [step for step in steps if step.die == max(dice)]
        if larger:
            steps = larger
    return steps, most


# -- names and texts -----------------------------------------------------------------------
def place_of(player: int, spot: int, is_origin: bool) -> str:
    """The board's place name for a move end: a point, the mover's bar or his tray."""
    if is_origin and spot == BAR:
        return geo.BAR_NAMES[player]
    if not is_origin and spot == OFF:
        return geo.OFF_NAMES[player]
    return str(spot)


def step_text(step: Step) -> str:
    origin = "bar" if step.origin == BAR else str(step.origin)
    landing = OFF_WORD if step.landing == OFF else str(step.landing)
    return f"{origin}/{landing}{'*' if step.hit else ''}"


def step_path(player: int, step: Step) -> tuple[str, ...]:
    """Every place the checker passes, for the arrow: its origin, each point on the way, where it lands."""
    start = place_of(player, step.origin, True)
    if step.origin == BAR:
        return (start, str(step.landing))
    points = []
    p = step.origin
    for _ in range(step.die):
        p = p - 1 if player == WHITE else p + 1
        if p < 1 or p > 24:
            break
        points.append(str(p))
    if step.landing == OFF:
        return (start, *points, geo.OFF_NAMES[player])
    return (start, *points)


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
        return _read_position(cls, text, resolve_rules(variants))

    def to_text(self) -> str:
        layout = self._layout
        parts = []
        for player in (WHITE, BLACK):
            parts.append(WORDS[player])
            if layout.bar[player]:
                parts.append(f"bar:{layout.bar[player]}")
            points = range(24, 0, -1) if player == WHITE else range(1, 25)
            parts += [f"{p}:{owned(layout.board, player, p)}" for p in points if owned(layout.board, player, p)]
            if layout.off[player]:
                parts.append(f"off:{layout.off[player]}")
        parts.append(OPENING if self._phase == OPENING else SIDES[self._side])
        if self._rules.cube:
            parts += ["cube", f"{self._cube}{'' if self._holder is None else SIDES[self._holder]}"]
            if self._phase == THROW and self.may_double() and self.outcome() is None:
                parts.append("roll")
            elif self._phase in (OFFERED, DROPPED):
                parts.append(self._phase)
        if self._phase == MOVE and self._throw is not None:
            parts += ["dice", _throw_text(*self._throw)]
            if self._left != _dice_of(self._throw):
                parts += ["left", ",".join(str(d) for d in self._left)]
        return " ".join(parts)

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
        return Throw(_throw_text(high, low), Fraction(1 if high == low else 2, 36), (high, low), key=self._left)

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
        return self._replace(side=side, phase=MOVE, throw=dice, left=_dice_of(dice)).settled()

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
            wanted = _throw_text(a, b) if self._phase == OPENING else _throw_text(max(a, b), min(a, b))
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
        return f"{NAMES[self._side]} plays the dice {_throw_text(*self._throw)}" if self._throw else "a move is due"

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
        if not steps and self._left != _dice_of(self._throw or (0, 0)):
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
    def normalize_move_text(self, text: str) -> str:
        return text.strip().lower()

    def parse_move(self, text: str) -> Move:
        """A die move (``24/18``, ``bar/22*``, ``6/off``; the ``*`` may be left out), a cube word, ``pass``."""
        wanted = self.normalize_move_text(text)
        moves = self.legal_moves()
        for move in moves:
            if move.text == wanted:
                return move
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
        raise IllegalMoveError(*self.why_illegal(wanted))

    def play(self, *texts: str) -> "GamaoState":
        """Apply moves and throws given as text; a text may be a whole play (``24/18 13/11``, ``13/7(2)``,
        ``24/18/13``, or ``24/13`` when one checker uses both dice and only one way is legal)."""
        state: GamaoState = self
        for text in texts:
            for token in text.split():
                state = state._play_token(token)
        return state

    def _play_token(self, token: str) -> "GamaoState":
        if self.is_chance:
            return self.apply_throw(self.parse_throw(token))
        repeat = re.fullmatch(r"(.+)\((\d)\)", token)
        if repeat:
            state: GamaoState = self
            for _ in range(digits_value(repeat.group(2))):
                state = state._play_token(repeat.group(1))
            return state
        parts = token.split("/")
        if len(parts) > 2 and ":" not in token:
            state = self
            for a, b in zip(parts, parts[1:]):
                state = state._play_token(f"{a}/{b}")
            return state
        try:
            return self.apply(self.parse_move(token))
        except IllegalMoveError as refused:
            joined = self._one_checker_two_dice(token)
            if joined is None:
                raise refused
            return joined

    def _one_checker_two_dice(self, token: str) -> "GamaoState | None":
        """``24/13`` for one checker moved by several dice in a row: the one legal way, if exactly one."""
        match = re.fullmatch(r"(bar|\d{1,2})/(off|\d{1,2})(\*?)", token.strip().lower())
        if not match or self._phase != MOVE:
            return None
        start = BAR if match.group(1) == "bar" else digits_value(match.group(1))
        goal = OFF if match.group(2) == OFF_WORD else digits_value(match.group(2))
        ends: dict[str, GamaoState] = {}

        def walk(state: GamaoState, at: int, depth: int) -> None:
            if depth > 4 or state._phase != MOVE or state._side != self._side:
                return
            for move in state.legal_moves():
                step = move.key
                if not isinstance(step, Step) or step.origin != at:
                    continue
                after = state.apply(move)
                if step.landing == goal:
                    if depth >= 1:
                        ends[after.to_text()] = after
                elif step.landing != OFF:
                    walk(after, step.landing, depth + 1)

        walk(self, start, 0)
        if len(ends) == 1:
            return next(iter(ends.values()))
        if len(ends) > 1:
            raise IllegalMoveError(f"{token}: more than one way to play it (say each die's move, e.g. 24/18 18/13)", "ambiguous")
        return None

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

    def why_illegal(self, text: str) -> tuple[str, str]:
        """Name the rule a move text breaks; the codes are listed in docs/notation/gamao.md."""
        if self.outcome() is not None:
            return (f"{text}: the game is over", "game-over")
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
        match = re.fullmatch(r"(?:([1-6]):)?(bar|\d{1,2})/(off|\d{1,2})(\*?)", move)
        if not match:
            return (f"{text}: not a move; write FROM/TO for one die, e.g. 24/18, bar/22*, 6/off", "syntax")
        player = self._side
        layout = self._layout
        start = BAR if match.group(2) == "bar" else digits_value(match.group(2))
        goal = OFF if match.group(3) == OFF_WORD else digits_value(match.group(3))
        for spot in (start, goal):
            if spot not in (BAR, OFF) and not 1 <= spot <= 24:
                return (f"{text}: the points are numbered 1 to 24", "off-board")
        if start == BAR and not layout.bar[player]:
            return (f"{text}: {NAMES[player]} has no checker on the bar", "empty")
        if start != BAR and not owned(layout.board, player, start):
            return (f"{text}: {NAMES[player]} has no checker on point {start}", "empty")
        if start != BAR and layout.bar[player]:
            return (f"{text}: a checker on the bar must enter before any other checker moves", "bar-first")
        if start == BAR:
            pips = 25 - geo.distance(player, goal) if goal != OFF else 0  # White enters on 25 - die, Black on die
        else:
            pips = geo.distance(player, start) - (geo.distance(player, goal) if goal != OFF else 0)
        if goal != OFF and pips <= 0:
            return (f"{text}: {NAMES[player]}'s checkers never move backwards ({'24 towards 1' if player == WHITE else '1 towards 24'})", "backwards")
        if start == BAR and goal != OFF and goal not in (range(19, 25) if player == WHITE else range(1, 7)):
            return (f"{text}: a checker enters in the opponent's home quadrant", "no-die")
        if goal == OFF and not all_home(layout, player):
            return (f"{text}: bearing off begins only when all fifteen checkers are in the home quadrant", "not-home")
        dice = set(self._left)
        if goal == OFF:
            exact = geo.distance(player, start)
            usable = {d for d in dice if d == exact or (d > exact and farthest(layout, player) == exact)}
            if not usable:
                if any(d > exact for d in dice):
                    return (f"{text}: a higher die bears off only the farthest checker; one stands farther back", "farther-checker")
                return (f"{text}: no die left shows {exact}", "no-die")
        else:
            if pips not in dice:
                return (f"{text}: no die left shows {pips} (left: {', '.join(str(d) for d in self._left)})", "no-die")
            if opposing(layout.board, player, goal) >= 2:
                return (f"{text}: point {goal} is blocked by two or more opposing checkers", "blocked")
        _, most = self._legal_steps()
        one_die = [s for d in sorted(dice) for s in steps_for_die(layout, player, d)]
        if any(step_text(s).rstrip("*") == move.split(":")[-1].rstrip("*") for s in one_die):
            if most == 1 and len(self._left) == 2 and self._left[0] != self._left[1]:
                return (f"{text}: only one die can be played, and then it must be the larger, {max(self._left)}", "larger-die")
            if len(self._left) == 2 and self._left[0] != self._left[1]:
                return (f"{text}: both dice can be played, and after this move the other could not be", "both-dice")
            return (f"{text}: after this move fewer dice could be played than the throw allows ({most})", "most-dice")
        return (f"{text}: not a legal move in this position", "illegal")


def _dice_of(throw: tuple[int, int]) -> tuple[int, ...]:
    high, low = throw
    return (high,) * 4 if high == low else (high, low)


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _worth(level: int, cube: int) -> str:
    """``2 points`` for a result worth ``level``; with the cube above 1, ``2 points × cube 4 = 8 points``:
    one reading, the product said once (the outcome line must not repeat the points nor suggest 32)."""
    if cube == 1:
        return _points(level)
    return f"{_points(level)} × cube {cube} = {_points(level * cube)}"


# -- reading a position --------------------------------------------------------------------------------
def _read_position(cls: type[GamaoState], text: str, rules: Rules) -> GamaoState:
    words = text.split()
    if not words or words[0] != "white" or "black" not in words:
        raise NotationError(
            f"position: expected 'white POINT:N ... black POINT:N ... w|b|opening [cube ...] [dice X-Y [left ...]]', got {text.strip()!r}"
        )
    k = words.index("black")
    board = [0] * 24
    bar = [0, 0]
    off = [0, 0]
    rest_start = None
    for player, items in ((WHITE, words[1:k]), (BLACK, words[k + 1 :])):
        sign = 1 if player == WHITE else -1
        for number, item in enumerate(items):
            if ":" not in item:
                if player == BLACK:
                    rest_start = k + 1 + number
                    break
                raise NotationError(f"position: White's checkers are written POINT:N (or bar:N, off:N), not {item!r}")
            where, _, count_text = item.partition(":")
            count = read_whole_number(count_text)
            if count is None or count == 0:
                raise NotationError(f"position: {WORDS[player]} {item!r}: the count must be a whole number from 1")
            if where == "bar":
                bar[player] += count
            elif where == OFF_WORD:
                off[player] += count
            else:
                point = read_whole_number(where)
                if point is None or not 1 <= point <= 24:
                    raise NotationError(f"position: {WORDS[player]} {item!r}: points are numbered 1 to 24 (or bar, off)")
                if board[point - 1]:
                    raise PositionError(f"position: point {point} is given twice (a point holds one player's checkers)")
                board[point - 1] = sign * count
    if rest_start is None:
        raise NotationError("position: after the checkers, say whose turn it is: w, b or opening")
    for player in (WHITE, BLACK):
        total = sum(owned(tuple(board), player, p) for p in range(1, 25)) + bar[player] + off[player]
        if total != geo.CHECKERS:
            raise PositionError(
                f"position: {NAMES[player]} has {total} checkers on the points, the bar and off, not {geo.CHECKERS}"
            )
    layout = Layout(tuple(board), (bar[0], bar[1]), (off[0], off[1]))
    rest = words[rest_start:]
    turn = rest.pop(0)
    if turn not in (OPENING, "w", "b"):
        raise NotationError(f"position: whose turn: w, b or opening, not {turn!r}")
    side = BLACK if turn == "b" else WHITE
    phase = OPENING if turn == OPENING else THROW
    cube, holder = 1, None
    chose = ""
    if rest and rest[0] == "cube":
        if not rules.cube:
            raise PositionError("position: a cube field, but the game is played without the cube (cube=off)")
        if len(rest) < 2:
            raise NotationError("position: cube needs its value, e.g. cube 1 or cube 4b")
        match = re.fullmatch(r"(\d{1,2})([wb]?)", rest[1])
        value = digits_value(match.group(1)) if match else 0
        if not match or value not in (1,) + geo.CUBE_VALUES:
            raise NotationError(f"position: the cube shows 1 (in the middle) or one of {', '.join(map(str, geo.CUBE_VALUES))}, with its holder: not {rest[1]!r}")
        cube = value
        holder = None if not match.group(2) else SIDES.index(match.group(2))
        if (cube == 1) != (holder is None):
            raise PositionError("position: the cube is in the middle at 1, and held by a player once doubled (e.g. cube 2b)")
        rest = rest[2:]
        if rest and rest[0] in ("roll", OFFERED, DROPPED):
            chose = rest.pop(0)
    elif rules.cube:
        raise NotationError("position: with cube=on the position says where the cube is (cube 1, cube 2w...)")
    throw: tuple[int, int] | None = None
    left: tuple[int, ...] = ()
    if rest and rest[0] == "dice":
        if phase == OPENING:
            raise PositionError("position: at the opening nobody has dice yet; write w or b for the player who won the opening throw")
        if chose in (OFFERED, DROPPED):
            raise PositionError(f"position: a double was {chose}: no dice are thrown before it is answered")
        if len(rest) < 2:
            raise NotationError("position: dice needs the throw, e.g. dice 3-1")
        match = THROW_RE.match(rest[1])
        if not match:
            raise NotationError(f"position: the dice are written like 3-1, not {rest[1]!r}")
        a, b = int(match.group(1)), int(match.group(2))
        throw = (max(a, b), min(a, b))
        left = _dice_of(throw)
        rest = rest[2:]
        if rest and rest[0] == "left":
            if len(rest) < 2:
                raise NotationError("position: left needs the dice still to play, e.g. left 1 or left 3,3")
            values = [read_whole_number(v) for v in rest[1].split(",")]
            if any(v is None for v in values):
                raise NotationError(f"position: left: dice values 1 to 6 separated by commas, not {rest[1]!r}")
            wanted = tuple(sorted((v for v in values if v is not None), reverse=True))
            pool = list(_dice_of(throw))
            for v in wanted:
                if v not in pool:
                    raise PositionError(f"position: left {rest[1]}: not part of the throw {_throw_text(*throw)}")
                pool.remove(v)
            if not wanted or len(wanted) == len(_dice_of(throw)):
                raise PositionError("position: left lists the dice still to play: some, not none or all")
            left = wanted
            rest = rest[2:]
        phase = MOVE
    if rest:
        raise NotationError(f"position: unexpected {' '.join(rest)!r} at the end")
    state = cls(layout, side, phase, throw, left, cube, holder, rules)
    if chose == OFFERED:
        state = state._replace(phase=OFFERED)
    elif chose == DROPPED:
        state = state._replace(phase=DROPPED)
    elif phase == THROW and rules.cube and state.may_double() and chose != "roll":
        state = state._replace(phase=CUBE)
    if chose == "roll" and not (phase == THROW and state.may_double()):
        raise PositionError("position: roll says the player chose not to double, but he may not double here")
    if chose in (OFFERED, DROPPED) and not cls(layout, side, CUBE, None, (), cube, holder, rules).may_double():
        raise PositionError(f"position: a double {chose}, but {NAMES[side]} may not double here")
    for player in (WHITE, BLACK):
        if off[player] == geo.CHECKERS and (phase == MOVE or chose):
            raise PositionError(f"position: {NAMES[player]} has borne off every checker; the game is over, no dice or cube to play")
    if off[0] == geo.CHECKERS and off[1] == geo.CHECKERS:
        raise PositionError("position: both players have borne off every checker")
    if phase == MOVE and state.outcome() is None:
        steps, _ = state._legal_steps()
        if not steps and left != _dice_of(throw or (0, 0)):
            raise PositionError("position: none of the dice left can be played, so the turn would already be over")
    return state
