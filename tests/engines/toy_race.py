"""A toy game of chance for the tests only: a one-die race on 10 squares for 2 to 4 players.

It is small enough to check by hand and still meets every case the shared
chance machinery must handle (chance points, several moves in a row by one
seat, more than two seats, partnerships, outcomes worth more than a point):

* each seat has two runners, off the board at the start; a turn starts with
  a throw of one die (1 to 6, each 1/6); the seat then moves one runner
  (its own, or with ``partners=on`` and four players its partner's) that many
  squares along ``s1 .. s10``; a runner that reaches or passes ``s10`` is home
  there for good;
* landing on squares ``s1 .. s9`` where another side's runners stand sends
  them back off the board (a capture);
* a throw of 6 gives the same seat another throw, so one seat may make
  several moves in a row;
* the first side with both runners (a partnership: all four) on ``s10``
  wins; the win counts 2 points when no runner of the other sides has left
  the start, else 1.

Position text: each seat's two runners as ``P.Q`` (0 = not started, 10 =
home), the seat to throw or move as a letter (``a`` .. ``d``), then
``throw N`` when the throw has been made: ``0.3 0.0 b throw 4``.  Without a
throw the position is a chance point.  Moves are the runner's name, seat
letter and number: ``a1``, ``b2``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from boardgen.engine.base import GameState, Move, Outcome, Piece, Throw
from boardgen.errors import NotationError, PositionError
from boardgen.registry import GameInfo, Variant

GOAL = 10
RUNNERS = 2
LETTERS = "abcd"
DIE: tuple[Throw, ...] = tuple(Throw(str(n), Fraction(1, 6), (n,), key=n) for n in range(1, 7))

TOY_RACE = GameInfo(
    id="toyrace",
    title={"pt": "Corrida de brinquedo", "en": "Toy race"},
    summary={"pt": "Uma corrida de um dado, só para os testes.", "en": "A one-die race, for the tests only."},
    board="tests.engines.toy_race:ToyRaceBoard",
    engine="tests.engines.toy_race:ToyRaceState",
    players=(2, 4),
    variants=(
        Variant.integer("players", numbers=(2, 3, 4), default=2, doc="How many seats play."),
        Variant.boolean("partners", default=False, doc="With four players, opposite seats are partners."),
    ),
)


class ToyRaceState(GameState):
    """A position of the toy race; ``roll`` is None at a chance point."""

    game_id = "toyrace"

    def __init__(self, runners: tuple[tuple[int, ...], ...], side: int, roll: int | None, partners: bool) -> None:
        self.runners = runners
        self.side = side
        self.roll = roll
        self.partners = partners and len(runners) == 4

    # -- construction -----------------------------------------------------------
    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "ToyRaceState":
        rules = TOY_RACE.resolve_variants(variants)
        count = int(rules["players"])
        return cls(tuple((0,) * RUNNERS for _ in range(count)), 0, None, rules["partners"] == "on")

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "ToyRaceState":
        rules = TOY_RACE.resolve_variants(variants)
        words = text.split()
        roll: int | None = None
        if len(words) >= 2 and words[-2] == "throw":
            if words[-1] not in {t.text for t in DIE}:
                raise NotationError(f"{text!r}: throw {words[-1]!r} is not 1 to 6")
            roll = int(words[-1])
            words = words[:-2]
        if len(words) < 3:
            raise NotationError(f"{text!r}: expected the runners of 2 to 4 seats and the seat to move")
        *seats, letter = words
        runners = tuple(_read_seat(text, seat) for seat in seats)
        if len(runners) != int(rules["players"]):
            raise PositionError(f"{text!r}: {len(runners)} seats but players={rules['players']}")
        if letter not in LETTERS[: len(runners)]:
            raise NotationError(f"{text!r}: seat {letter!r} is not one of {LETTERS[: len(runners)]}")
        return cls(runners, LETTERS.index(letter), roll, rules["partners"] == "on")

    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        return tuple(f"s{n}" for n in range(1, GOAL + 1))

    def to_text(self) -> str:
        seats = " ".join(".".join(str(p) for p in seat) for seat in self.runners)
        text = f"{seats} {LETTERS[self.side]}"
        return text if self.roll is None else f"{text} throw {self.roll}"

    # -- seats --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.runners)

    def team(self, seat: int) -> tuple[int, ...]:
        """The seats that win together with ``seat`` (itself first)."""
        if self.partners:
            return (seat, (seat + 2) % 4)
        return (seat,)

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self.side

    # -- chance -------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        return self.roll is None and self.outcome() is None

    def throws(self) -> Sequence[Throw]:
        return DIE if self.is_chance else ()

    @property
    def current_throw(self) -> Throw | None:
        return None if self.roll is None else DIE[self.roll - 1]

    def apply_throw(self, throw: Throw) -> "ToyRaceState":
        listed = self.checked_throw(throw)
        assert isinstance(listed.key, int)
        return type(self)(self.runners, self.side, listed.key, self.partners)

    # -- play -----------------------------------------------------------------------
    def generate_moves(self) -> Sequence[Move]:
        if self.roll is None:
            return []
        moves = []
        for seat in self.team(self.side):
            for index, start in enumerate(self.runners[seat]):
                if start == GOAL:
                    continue
                end = min(GOAL, start + self.roll)
                path = tuple(f"s{n}" for n in range(max(start, 1), end + 1))
                hit = end < GOAL and any(
                    end in self.runners[other] for other in range(self.players) if other not in self.team(self.side)
                )
                moves.append(
                    Move(
                        f"{LETTERS[seat]}{index + 1}",
                        path=path,
                        captures=(f"s{end}",) if hit else (),
                        kind="capture" if hit else "step",
                        key=(seat, index, end),
                    )
                )
        return moves

    def normalize_move_text(self, text: str) -> str:
        return text.strip().lower()

    def apply(self, move: Move) -> "ToyRaceState":
        assert isinstance(move.key, tuple)
        seat, index, end = move.key
        runners = [list(r) for r in self.runners]
        runners[seat][index] = end
        if end < GOAL:
            for other in range(self.players):
                if other not in self.team(self.side):
                    runners[other] = [0 if p == end else p for p in runners[other]]
        side = self.side if self.roll == 6 else (self.side + 1) % self.players
        return type(self)(tuple(tuple(r) for r in runners), side, None, self.partners)

    def compute_outcome(self) -> Outcome | None:
        for seat in range(self.players):
            team = self.team(seat)
            if seat == min(team) and all(p == GOAL for s in team for p in self.runners[s]):
                others = [p for s in range(self.players) if s not in team for p in self.runners[s]]
                points = 2 if all(p == 0 for p in others) else 1
                return Outcome(seat, "all runners home", points=points, partners=team[1:])
        return None

    def placements(self) -> list[tuple[str, Piece]]:
        placed = []
        for seat, runners in enumerate(self.runners):
            for square in sorted(set(runners) - {0}):
                placed.append((f"s{square}", Piece(seat, "runner", runners.count(square))))
        return placed


def _read_seat(text: str, seat: str) -> tuple[int, ...]:
    parts = seat.split(".")
    if len(parts) != RUNNERS or not all(p.isdigit() and 0 <= int(p) <= GOAL for p in parts):
        raise NotationError(f"{text!r}: seat {seat!r} is not two squares 0 to {GOAL} as P.Q")
    return tuple(int(p) for p in parts)


# -- its board: ten squares in a row, for the diagram tests ---------------------------------------

from boardgen.boards.base import BoardDrawing, BoardOptions, centred_label, polygon  # noqa: E402
from boardgen.drawing import palette  # noqa: E402
from boardgen.drawing.frame import Frame  # noqa: E402
from boardgen.drawing.model import Group, Style  # noqa: E402


class ToyRaceBoard(BoardDrawing):
    """Squares s1 .. s10 in a row, one board unit each, the goal square s10 at the right."""

    game_id = "toyrace"
    place_word = "square"

    def locations(self) -> dict[str, tuple[float, float]]:
        return {f"s{n}": (float(n - 1), 0.0) for n in range(1, GOAL + 1)}

    def piece_colours(self, owner: int) -> tuple[str, str]:
        colours = palette.current()
        fills = (colours.light_piece, colours.dark_piece, colours.player_0, colours.player_1)
        return fills[owner], colours.ink

    def draw_board(self, frame: Frame, options: BoardOptions) -> Group:
        colours = palette.current()
        group = Group("board-toyrace")
        labels = Group("coordinate")
        for name, (x, y) in self.locations().items():
            square = ((x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5))
            group.add(Group("square", title=f"square {name}").add(polygon(frame, square, Style(stroke=colours.ink, width=0.3, fill=colours.paper))))
            if options.coordinates:
                labels.add(centred_label(frame, (x, y - 0.75), name, frame.length(0.28)))
        group.add(labels)
        return group
