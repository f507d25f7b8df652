"""Damas against two oracles: Halbersma's published perft table, and pydraughts' Brazilian variant.

Perft is the number of move sequences of exactly the depth, as Halbersma's table counts it (no
game ends within its seven plies); near the end of random games, where lines end inside the
count, it must equal pydraughts' legal moves counted bare (3 below).

1. Perft from the start position equals the table R. Halbersma published for
   Brazilian draughts (2010): 7, 49, 302, 1 469, 7 473, 37 628, 187 302 for
   depths 1-7.  The table counts *capture sequences*: two captures by the same
   piece from the same square to the same square taking the same pieces in a
   different order count twice.  (Counting distinct resulting positions instead
   gives the same numbers up to depth 7; the two conventions part from depth
   8.)  Our move texts carry every landing square, so each legal move is one
   capture sequence and boardgen's perft counts the table's convention.
2. Random games played in lockstep with pydraughts (``pydraughts`` on the
   package index, variant ``brazilian``, an independent implementation; a
   test-only dependency in the ``test`` extra): at every ply both libraries
   must list the same legal moves, each as its path of squares and the set of
   pieces it captures.  pydraughts numbers the 32 squares (1 = a1, 4 = g1,
   5 = b2 ... 32 = h8 in its move lists); its own converter
   (``_number_to_algebraic``) turns a number into the algebraic name we use,
   and the mapping is checked on the start position first.
3. Perft from three moves before the end of random games equals pydraughts'
   count: a finished game (no piece left, or no move) adds nothing deeper.
"""

from __future__ import annotations

import random

import pytest

from boardgen.engine.perft import perft
from boardgen.games.damas import geometry as geo
from boardgen.games.damas.rules import DamasState

HALBERSMA = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7473, 6: 37628, 7: 187302}


@pytest.mark.parametrize("depth", sorted(HALBERSMA))
def test_perft_from_the_start_equals_halbersmas_table(depth: int) -> None:
    assert perft(DamasState.initial(), depth) == HALBERSMA[depth]


# -- pydraughts ------------------------------------------------------------------

draughts = pytest.importorskip("draughts")
from draughts.convert import _number_to_algebraic  # noqa: E402  (after the importorskip on purpose)

VARIANT = "brazilian"
NUMBER_TO_NAME = {n: _number_to_algebraic(str(n), variant=VARIANT) for n in range(1, 33)}
GAMES = 24
MAX_PLIES = 150


def their_board(state: DamasState):
    """pydraughts' board for our position (its FEN lists each side's squares, K before a king)."""
    sides: dict[int, list[str]] = {0: [], 1: []}
    for name, piece in state.placements():
        sides[piece.owner].append(("K" if piece.kind == "king" else "") + name)
    turn = "W" if state.side == 0 else "B"
    return draughts.Board(variant=VARIANT, fen=f"{turn}:W{','.join(sides[0])}:B{','.join(sides[1])}")


def their_moves(board) -> set[tuple[tuple[str, ...], frozenset[str]]]:
    return {
        (tuple(NUMBER_TO_NAME[n] for n in move.steps_move), frozenset(NUMBER_TO_NAME[n] for n in move.captures or ()))
        for move in board.legal_moves()
    }


def our_moves(state: DamasState) -> set[tuple[tuple[str, ...], frozenset[str]]]:
    """Our moves whether or not the game is over (pydraughts draws by other rules than ours)."""
    return {(move.path, frozenset(move.captures)) for move in state.generated_moves()}


def test_square_numbers_map_onto_our_dark_squares() -> None:
    assert sorted(NUMBER_TO_NAME.values()) == sorted(geo.DARK)
    assert their_moves(draughts.Board(variant=VARIANT)) == our_moves(DamasState.initial())


def test_our_pdn_numbers_are_pydraughts_square_numbers() -> None:
    """pydraughts keeps positions in PDN numbers (its hub FEN); our FEN reader must read them alike.

    ``fen_from_variant`` turns pydraughts' algebraic FEN of a position into its numbered FEN, and
    ``fen_to_variant`` back: both must name the same squares as our PDN numbering does, on the
    start and on random positions with kings.
    """
    from draughts.convert import fen_from_variant, fen_to_variant

    from boardgen.games.damas.pdn import square_name

    numbered = fen_from_variant(draughts.Board(variant=VARIANT).fen, variant=VARIANT)
    assert DamasState.from_text(numbered) == DamasState.initial()
    for number in range(1, 33):
        their = fen_to_variant(f"W:W{number}:B", variant=VARIANT)  # 'W:Wa1:B'
        assert their.split(":")[1][1:] == square_name(number)
    rng = random.Random(5)
    for _ in range(50):
        squares = rng.sample(geo.PDN_SQUARES, 6)
        # a man never stands on its crowning row (row 8 for White, row 1 for Black): a king there
        white = [("K" if name[1] == "8" or rng.random() < 0.5 else "") + name for name in squares[:3]]
        black = [("K" if name[1] == "1" or rng.random() < 0.5 else "") + name for name in squares[3:]]
        algebraic = f"W:W{','.join(white)}:B{','.join(black)}"
        ours = DamasState.from_text(algebraic)
        theirs = fen_from_variant(algebraic, variant=VARIANT)
        assert DamasState.from_text(theirs) == ours, (algebraic, theirs)


def test_a_flying_king_chain_agrees() -> None:
    state = DamasState.from_text("8/8/1b3b2/8/8/2b5/8/W7 w 0")
    assert our_moves(state) == their_moves(their_board(state))
    assert any(len(captures) == 2 for _path, captures in our_moves(state))


def play_random_game(seed: int) -> int:
    """Play one random game in lockstep, comparing the legal moves at every ply; the plies played."""
    rng = random.Random(seed)
    state = DamasState.initial()
    board = draughts.Board(variant=VARIANT)
    for ply in range(MAX_PLIES):
        ours, theirs = our_moves(state), their_moves(board)
        assert ours == theirs, (
            f"seed {seed}, ply {ply}, position {state.to_text()}: only ours {sorted(ours - theirs)}, "
            f"only pydraughts' {sorted(theirs - ours)}"
        )
        if state.outcome() is not None:
            return ply
        move = rng.choice(state.legal_moves())
        match = [m for m in board.legal_moves() if tuple(NUMBER_TO_NAME[n] for n in m.steps_move) == move.path]
        assert len(match) == 1, f"seed {seed}, ply {ply}: {move.text} is {len(match)} pydraughts moves"
        state = state.apply(move)
        board.push(match[0])
        if ply % 10 == 0:  # the two positions agree too (pydraughts writes its FEN as we build ours)
            assert their_board(state).fen == board.fen, f"seed {seed}, ply {ply}"
    return MAX_PLIES


def test_random_games_list_the_same_moves_as_pydraughts() -> None:
    plies = [play_random_game(seed) for seed in range(GAMES)]
    assert sum(plies) > GAMES * 35  # the games went past the opening (random games end in about 45 plies)


def test_random_games_from_king_positions_list_the_same_moves() -> None:
    """Random middle games with kings on the board, where flying captures and majority choices abound."""
    rng = random.Random(7)
    for game in range(40):
        squares = rng.sample(geo.DARK, rng.randint(4, 12))
        rows = {name: rng.choice("wWbB") for name in squares}
        for name, letter in list(rows.items()):
            y = geo.GRID.coords(name)[1]
            if (letter == "w" and y == 7) or (letter == "b" and y == 0):
                rows[name] = letter.upper()
        state = DamasState.from_text(_text(rows, rng.choice("wb")))
        board = their_board(state)
        for ply in range(60):
            ours, theirs = our_moves(state), their_moves(board)
            assert ours == theirs, f"game {game}, ply {ply}, {state.to_text()}: {sorted(ours ^ theirs)}"
            if state.outcome() is not None:
                break
            move = rng.choice(state.legal_moves())
            match = [m for m in board.legal_moves() if tuple(NUMBER_TO_NAME[n] for n in m.steps_move) == move.path]
            state = state.apply(move)
            board.push(match[0])


def _text(pieces: dict[str, str], side: str) -> str:
    from boardgen.engine.rows import write_rows

    return f"{write_rows([pieces.get(n) for n in row] for row in geo.ROWS_TOP_DOWN)} {side} 0"


# -- perft where games end on the way, against pydraughts' moves counted bare -----------------------

NO_DRAW = {"king_moves_draw": "off"}  # pydraughts' draws differ from ours: only the ends both share


def their_perft(board, depth: int) -> int:
    """pydraughts' legal moves counted to ``depth``: a side with no piece or no move has none, so a lost game adds nothing."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += their_perft(board, depth - 1)
        board.pop()
    return total


def test_perft_near_the_end_of_games_agrees_with_pydraughts() -> None:
    """From three moves before the end of random games (the last piece taken, or a side blocked).

    The random line ends inside each count of four, so the count must leave the finished games out
    (a finished game adds nothing deeper), as pydraughts' bare count does.  Without the king-moves
    draw (king_moves_draw=off), whose rule pydraughts does not share, the only ends are those two.
    """
    rng = random.Random("damas-perft")
    checked = 0
    for _ in range(8):
        line = [DamasState.initial(variants=NO_DRAW)]
        while line[-1].outcome() is None and len(line) <= MAX_PLIES:
            line.append(line[-1].apply(rng.choice(line[-1].legal_moves())))
        if line[-1].outcome() is None:
            continue  # kings chasing each other past MAX_PLIES: no end to count past
        before = line[-4]
        assert perft(before, 4) == their_perft(their_board(before), 4), before.to_text()
        checked += 1
    assert checked >= 6


def test_endgame_and_repetition_draws_agree_with_pydraughts() -> None:
    """Random small endings played in lockstep: our draws (repetition=on, endgame_draws=on) are pydraughts'.

    pydraughts' ``brazilian`` variant plays the draughts-64 endgame rules and threefold repetition; it
    also draws after 15 king moves each (30 plies), where the seed says 20 plies, so the games stop
    after 29 plies and ours run with ``king_moves_draw=40``: within them the two rule sets coincide.
    """
    variants = {"repetition": "on", "endgame_draws": "on", "king_moves_draw": "40"}
    rng = random.Random(24)
    draws = 0
    for game in range(200):
        lone, strong = rng.choice((0, 1)), rng.choice((2, 3))
        squares = rng.sample(geo.DARK, strong + 1)
        rows = {squares[0]: "WB"[lone]}
        for name in squares[1:]:
            man = "bw"[lone]
            crown = 0 if man == "b" else 7
            rows[name] = man.upper() if geo.GRID.coords(name)[1] == crown or rng.random() < 0.6 else man
        if not any(letter.isupper() for name, letter in rows.items() if name != squares[0]):
            rows[squares[1]] = rows[squares[1]].upper()
        try:
            state = DamasState.from_text(_text(rows, rng.choice("wb")).replace(" 0", " 0 0"), variants)
        except Exception:  # a side to move with no move, say: draw another
            continue
        board = their_board(state)
        for ply in range(29):
            ours = state.outcome()
            assert (ours is not None and ours.winner is None) == board._game.is_draw(), (
                f"game {game}, ply {ply}, {state.to_text()}: ours {ours}, pydraughts draw {board._game.is_draw()}"
            )
            if ours is not None:
                draws += ours.winner is None
                break
            move = rng.choice(state.legal_moves())
            match = [m for m in board.legal_moves() if tuple(NUMBER_TO_NAME[n] for n in m.steps_move) == move.path]
            state = state.apply(move)
            board.push(match[0])
    # most random endings end by a capture of everything; enough draw to show the rules agree
    assert draws >= 15


def test_a_threefold_repetition_is_a_draw_for_pydraughts_too() -> None:
    state = DamasState.from_text("8/8/8/8/8/8/7B/W7 w 0", {"repetition": "on", "king_moves_draw": "40"})
    board = their_board(state)
    for ply, text in enumerate(["a1-b2", "h2-g1", "b2-a1", "g1-h2"] * 2):
        assert not board._game.is_draw() and state.outcome() is None, ply
        move = state.parse_move(text)
        match = [m for m in board.legal_moves() if tuple(NUMBER_TO_NAME[n] for n in m.steps_move) == move.path]
        state = state.apply(move)
        board.push(match[0])
    assert board._game.is_draw() and state.outcome() is not None and state.outcome().winner is None
