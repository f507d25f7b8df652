"""Square-grid arithmetic shared by the games played on the points or cells of a grid.

Surakarta (6 x 6 points), Assalto (the 33-point cross cut out of 7 x 7), Brax
(9 x 9 points) and the games still to come (Seega on 5, 7 or 9 cells, Damas and
Xadrez on 8 x 8 squares) all name their places the same way and step between
them the same way; before this module each game's geometry carried its own copy
of that arithmetic.  Only the things that make a game itself (Surakarta's
circuits, Brax's line colours, Assalto's diagonals) stay in the game.

Conventions, the same as the hex grid's and every board drawing's: board units,
x to the right, y up, one unit per step, the place ``a1`` at (0, 0).  Columns are
letters (``a`` = x 0), rows numbers (``1`` = y 0).  A *place* is a point where
lines cross or the centre of a cell: the arithmetic is the same, only the
drawing differs (:mod:`boardgen.boards.grid`).

Everything is plain data and arithmetic, no drawing: the engine and the board
drawing read the same :class:`SquareGrid`, so the two cannot disagree on a name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from boardgen.values import read_digits

Vec = tuple[int, int]

LETTERS = "abcdefghijklmnopqrstuvwxyz"

# Step directions as (dx, dy).  The order is only a default: games whose move
# lists depend on a direction order pass their own.
ORTHOGONAL: tuple[Vec, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Vec, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS: tuple[Vec, ...] = ORTHOGONAL + DIAGONAL


class NoSuchPlace(KeyError):
    """A name or coordinate that is not a place of the grid.

    A KeyError, so code that looked names up in a dict keeps working, but with
    a message that names the place and the grid (``str()`` of a plain KeyError
    is only the quoted key).
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "no such place"


def place_name(x: int, y: int) -> str:
    """``a1`` for (0, 0): column letter then row number."""
    if not 0 <= x < len(LETTERS) or y < 0:
        raise NoSuchPlace(f"no place name for ({x}, {y}): columns run a..z, rows from 1")
    return f"{LETTERS[x]}{y + 1}"


def split_name(name: str) -> Vec | None:
    """``"c7"`` -> (2, 6); None when the text is not a letter followed by a row number from 1."""
    number = read_digits(name[1:])  # ASCII digits, at most values.MAX_DIGITS of them
    if not name or name[0] not in LETTERS or number is None or name[1] == "0":
        return None
    return LETTERS.index(name[0]), number - 1


class SquareGrid:
    """The places of a ``columns`` x ``rows`` grid, or of the part of it that ``keep`` accepts.

    ``keep(x, y)`` makes boards that are a subset of the rectangle (Assalto's
    cross); without it every place of the rectangle is on the board.  Places are
    ordered row by row from the bottom, left to right in a row: the index order
    of the engines and the order of every list this class returns.
    """

    def __init__(self, columns: int, rows: int | None = None, keep: Callable[[int, int], bool] | None = None, label: str = "") -> None:
        if rows is None:
            rows = columns
        if not (1 <= columns <= len(LETTERS) and rows >= 1):
            raise ValueError(f"a square grid needs 1..26 columns and at least one row, not {columns} x {rows}")
        self.columns = columns
        self.rows = rows
        self.label = label or f"{columns} x {rows} grid"
        self._keep = keep
        self.points: dict[str, Vec] = {
            place_name(x, y): (x, y) for y in range(rows) for x in range(columns) if keep is None or keep(x, y)
        }
        """Place name -> (x, y), row by row from the bottom."""
        self.names: tuple[str, ...] = tuple(self.points)
        self.at: dict[Vec, str] = {xy: name for name, xy in self.points.items()}
        """(x, y) -> place name."""
        self.letters = LETTERS[:columns]

    # -- membership and names ----------------------------------------------------
    def contains(self, x: int, y: int) -> bool:
        """Whether (x, y) is a place of this board (inside the rectangle and kept)."""
        return (x, y) in self.at

    def __contains__(self, name: object) -> bool:
        return name in self.points

    def __len__(self) -> int:
        return len(self.points)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def name(self, x: int, y: int) -> str:
        """The name of place (x, y); NoSuchPlace when it is not on this board."""
        try:
            return self.at[(x, y)]
        except KeyError:
            raise NoSuchPlace(f"the {self.label} has no place at ({x}, {y})") from None

    def coords(self, name: str) -> Vec:
        """(x, y) of a place name; NoSuchPlace (naming the place and the grid) for an unknown name."""
        try:
            return self.points[name]
        except KeyError:
            raise NoSuchPlace(f"the {self.label} has no place {name!r}") from None

    def index(self, name: str) -> int:
        """Position of ``name`` in :attr:`names` (the engines' index order)."""
        return self.names.index(name)

    # -- steps ---------------------------------------------------------------------
    def step(self, name: str, direction: Vec, distance: int = 1) -> str | None:
        """The place ``distance`` steps from ``name`` in ``direction``, or None off the board."""
        x, y = self.coords(name)
        return self.at.get((x + direction[0] * distance, y + direction[1] * distance))

    def neighbours(self, name: str, directions: Iterable[Vec] = ALL_DIRECTIONS) -> tuple[str, ...]:
        """The places one step away from ``name``, in the order of ``directions``."""
        found = (self.step(name, d) for d in directions)
        return tuple(n for n in found if n is not None)

    def neighbour_table(self, directions: Iterable[Vec] = ALL_DIRECTIONS) -> dict[str, tuple[str, ...]]:
        """Every place -> :meth:`neighbours` (orthogonal: ``ORTHOGONAL``, diagonal: ``DIAGONAL``)."""
        directions = tuple(directions)
        return {name: self.neighbours(name, directions) for name in self.names}

    def ray(self, name: str, direction: Vec) -> tuple[str, ...]:
        """The places beyond ``name`` in ``direction``, nearest first, up to the board's edge or a gap."""
        found = []
        here = self.step(name, direction)
        while here is not None:
            found.append(here)
            here = self.step(here, direction)
        return tuple(found)

    def segments(self, directions: Iterable[Vec], keep: Callable[[int, int], bool] | None = None) -> tuple[tuple[str, str], ...]:
        """Unit segments (a, b) from each place to its neighbour in each direction, place by place.

        Pass only "forward" directions (e.g. (1, 0) and (0, 1)) to get every
        segment once; ``keep(x, y)`` filters on the segment's first place (Assalto's
        diagonals only leave points whose x + y is even).
        """
        directions = tuple(directions)
        found = []
        for name, (x, y) in self.points.items():
            if keep is not None and not keep(x, y):
                continue
            for d in directions:
                other = self.at.get((x + d[0], y + d[1]))
                if other is not None:
                    found.append((name, other))
        return tuple(found)

    # -- lines ---------------------------------------------------------------------
    def row(self, y: int) -> tuple[str, ...]:
        """The places of row ``y`` (0 = row 1), left to right; empty outside the grid."""
        return tuple(self.at[(x, y)] for x in range(self.columns) if (x, y) in self.at)

    def column(self, x: int) -> tuple[str, ...]:
        """The places of column ``x`` (0 = column a), bottom to top."""
        return tuple(self.at[(x, y)] for y in range(self.rows) if (x, y) in self.at)

    def all_rows(self, top_down: bool = False) -> tuple[tuple[str, ...], ...]:
        """Every row bottom to top (``top_down``: as a position text writes them), each left to right."""
        ys = reversed(range(self.rows)) if top_down else range(self.rows)
        return tuple(r for r in (self.row(y) for y in ys) if r)

    def all_columns(self) -> tuple[tuple[str, ...], ...]:
        """Every column left to right, each bottom to top."""
        return tuple(c for c in (self.column(x) for x in range(self.columns)) if c)

    def is_dark(self, name: str) -> bool:
        """The chequer colour of a cell: ``a1`` is dark, so each player's left-hand corner square is dark."""
        x, y = self.coords(name)
        return (x + y) % 2 == 0

    def half_turn(self, name: str) -> str:
        """The place ``name`` lands on when the board turns half a turn (rectangles only map onto themselves)."""
        x, y = self.coords(name)
        return self.name(self.columns - 1 - x, self.rows - 1 - y)
