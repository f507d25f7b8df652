"""Damas's position text: boardgen's own (rows, side, counters, the king moves since the last man move) and
PDN's FEN, read into a state and written back (``docs/notation/damas.md``).

Reading also refuses what no game reaches (too many pieces, an uncrowned man
on its crowning row, counters past their draw), and replays a history field
as legal moves, so a state read from a text knows its repetitions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rows, write_rows
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.damas import geometry as geo
from boardgen.games.damas import pdn
from boardgen.games.damas.tables import (
    BLACK, BLACK_KING, BLACK_MAN, EMPTY, INDEX, IS_KING, LETTER, LETTER_SIDES, LETTER_VALUE, NAMES, OWNER,
    PIECES_EACH, SIDE_CHOICES, SIDE_LETTERS, SIDE_WORDS, STEP_RE, WHITE, WHITE_KING, WHITE_MAN, XY, Rules,
)

if TYPE_CHECKING:  # the state module imports this one
    from boardgen.games.damas.rules import DamasState


def read_position(cls: type[DamasState], text: str, rules: Rules) -> DamasState:
    """The state of class ``cls`` a position text writes: boardgen's text or a PDN FEN (``W:W21-32:B1-12``, see :mod:`.pdn`)."""
    if pdn.is_fen(text):
        return from_fen(cls, text, rules)
    extra = "".join(
        f"; then {what} with {option}" for what, option, on in (
            ("the plies since the last capture", "endgame_draws=on", rules.endgame),
            ("the king moves since the last man move or capture", "repetition=on", rules.repetition),
        ) if on
    )
    fields = split_fields(text, range(3, 4 + rules.endgame + rules.repetition), f"'<rows> <side> <counter>'{extra}")
    rows_text, side_text, counter_text = fields[:3]
    rest = fields[3:]
    rows = split_rows(rows_text, geo.SIZE, order=f"row {geo.SIZE} first")
    values = parse_rows(
        rows,
        labels=[f"row {geo.SIZE - n}" for n in range(geo.SIZE)],
        lengths=[geo.SIZE] * geo.SIZE,
        pieces=LETTER_VALUE,
        empty=EMPTY,
        unit="squares",
        names=geo.ROWS_TOP_DOWN,
    )
    board = [EMPTY] * len(NAMES)
    for names, row in zip(geo.ROWS_TOP_DOWN, values):
        for name, value in zip(names, row):
            if value == EMPTY:
                continue
            if name not in INDEX:
                raise PositionError(f"position: a piece stands on {name}, a light square; draughts is played on the dark squares")
            board[INDEX[name]] = value
    side = read_choice(side_text, SIDE_CHOICES, "side to move")
    counter = read_counter(counter_text, "the king-move counter")
    check_possible(board, counter, rules)
    since = counter  # without the field, the fewest plies it can be
    if rules.endgame and rest and rest[0][0].isdigit():
        since = read_counter(rest.pop(0), "the plies since the last capture")
        if since < counter:
            raise PositionError(
                f"position: {since} plies since the last capture, but {counter} king moves without a capture"
            )
    if not rest:
        return cls(tuple(board), side, counter, rules, since)
    if not rules.repetition:
        raise NotationError(f"position: {rest[0]!r} is a field this position text has only with repetition=on")
    history = tuple(rest[0].lower().split(","))
    return replayed(cls, tuple(board), side, counter, rules, since, history)

def replayed(
    cls: type[DamasState], board: tuple[int, ...], side: int, counter: int, rules: Rules, since: int, history: tuple[str, ...]
) -> DamasState:
    """The position with its history: the king moves are taken back, then replayed as legal moves."""
    if len(history) > counter:
        raise PositionError(
            f"position: {len(history)} king moves in the history, but the counter says {counter} since the last "
            "man move or capture"
        )
    work = list(board)
    mover = side
    for number in range(len(history), 0, -1):
        mover = 1 - mover
        match = STEP_RE.match(pdn.numbers_to_names(history[number - 1]))
        origin, to = (INDEX.get(match.group(1)), INDEX.get(match.group(2))) if match else (None, None)
        if origin is None or to is None or not IS_KING[work[to]] or OWNER[work[to]] != mover or work[origin] != EMPTY:
            raise PositionError(
                f"position: history move {number} ({history[number - 1]!r}) is not a step of a "
                f"{SIDE_WORDS[mover]} king to where one stands now"
            )
        work[origin], work[to] = work[to], EMPTY
    state = cls(tuple(work), mover, counter - len(history), rules, since - len(history))
    for number, text in enumerate(history, start=1):
        try:
            move = state.parse_move(text)
        except IllegalMoveError as error:
            raise PositionError(f"position: history move {number} ({text!r}) is not legal there: {error}") from None
        state = state.apply(move)
    return state

def from_fen(cls: type[DamasState], text: str, rules: Rules) -> DamasState:
    """A PDN FEN's position: it has no counters, so they start at 0."""
    side_text, pieces = pdn.read_fen(text)
    board = [EMPTY] * len(NAMES)
    for name, (colour, king) in pieces.items():
        board[INDEX[name]] = LETTER_VALUE[colour.upper() if king else colour]
    check_possible(board, 0, rules)
    return cls(tuple(board), LETTER_SIDES[side_text], 0, rules)

def check_possible(board: list[int], counter: int, rules: Rules) -> None:
    """Refuse positions no game can reach: too many pieces, an uncrowned man on its far row, a counter past the draw."""
    for side, man, king in ((WHITE, WHITE_MAN, WHITE_KING), (BLACK, BLACK_MAN, BLACK_KING)):
        count = board.count(man) + board.count(king)
        if count > PIECES_EACH:
            raise PositionError(f"position: {count} {SIDE_WORDS[side]} pieces on the board, each player has only {PIECES_EACH}")
        for i, value in enumerate(board):
            if value == man and XY[i][1] == geo.CROWN_ROW[side]:
                raise PositionError(
                    f"position: a {SIDE_WORDS[side]} man on {NAMES[i]}, its crowning row; a man that ends "
                    f"its move there is a king (write {LETTER[king]})"
                )
    if rules.limit is not None and counter > rules.limit:
        raise PositionError(
            f"position: the king-move counter is {counter}, but the game is drawn when it reaches "
            f"{rules.limit} (king_moves_draw={rules.limit}), so it is never more than {rules.limit}"
        )


def write_position(
    board: tuple[int, ...], side: int, count: int, rules: Rules, since: int, history: tuple[str, ...]
) -> str:
    """The position text :func:`read_position` reads back: rows, side, king-move counter, then the
    plies since the last capture (endgame_draws=on) and the king moves since the last man move (repetition=on)."""
    rows = write_rows(
        [LETTER[board[INDEX[name]]] if name in INDEX else None for name in names] for names in geo.ROWS_TOP_DOWN
    )
    text = f"{rows} {SIDE_LETTERS[side]} {count}"
    if rules.endgame:
        text += f" {since}"
    if history:
        text += " " + ",".join(history)
    return text
