"""Hex and Trihex winners agree with OpenSpiel's ``hex`` and ``y`` on thousands of random games.

OpenSpiel is an independent implementation (C++, test-only dependency
``open-spiel``).  The coordinate mapping is the part most likely to be wrong,
so it is tested on its own first (names, edges, neighbours), then whole games
are compared move by move: both engines must agree after every move on
whether the game is over, and at the end on who won.  On boards of side 2 and
3 perft (the number of move sequences of each length) must equal OpenSpiel's
tree counted bare, down past the end of the games, where a finished game adds
nothing deeper.

Mapping (worked out from OpenSpiel's sources and checked below):

* ``hex``: action ``row * n + column`` (0-based), player 0 joins the first and
  last rows, player 1 the first and last columns, and OpenSpiel writes action
  names exactly as we name cells (``a1`` = column a, row 1).  Its neighbours of
  (c, r) are (c±1, r), (c, r±1), (c+1, r-1), (c-1, r+1): the same as ours, so
  cell names map to themselves.  With ``swap=True`` action ``n * n`` is the swap,
  which (like ours) moves the first stone to its mirror image (c, r) -> (r, c)
  as the second player's stone, and the first player moves next.
* ``y``: cells (x, y) with x + y < n, action ``x + y * n``, sides x = 0, y = 0 and
  x + y = n - 1, neighbours (x±1, y), (x, y±1), (x+1, y-1), (x-1, y+1).  Our
  cell at row r (0-based from the apex) and position i maps to x = i,
  y = n - 1 - r: our left side (i = 0) is x = 0, our bottom row is y = 0, our
  right side (i = r) is x + y = n - 1, and our neighbour steps land on
  theirs.  OpenSpiel names that cell with our letter and row number n - r
  (it prints the triangle upside down).  ``y`` has no swap option.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from boardgen.games.hex.geometry import HexGeometry
from boardgen.games.hex.rules import HexState
from boardgen.games.trihex.geometry import TrihexGeometry
from boardgen.games.trihex.rules import TrihexState
from boardgen.geometry.hexgrid import column_letters

pyspiel = pytest.importorskip("pyspiel")

SIZES = (5, 7, 11)
GAMES_PER_SIZE = 1000
SWAP_GAMES_PER_SIZE = 300
OFF = {"swap": "off"}


def hex_action(name: str, n: int) -> int:
    column, row = HexGeometry(n).coords(name)
    return row * n + column


def y_action(name: str, n: int) -> int:
    row, position = TrihexGeometry(n).coords(name)
    return position + (n - 1 - row) * n


# -- the mapping itself -----------------------------------------------------------


@pytest.mark.parametrize("n", (2, 5, 11))
def test_hex_cells_map_to_actions_with_the_same_names(n: int) -> None:
    state = pyspiel.load_game("hex", {"board_size": n}).new_initial_state()
    cells = HexGeometry(n).cells
    assert sorted(hex_action(c, n) for c in cells) == sorted(state.legal_actions())
    for cell in cells:
        assert state.action_to_string(hex_action(cell, n)) == cell


@pytest.mark.parametrize("n", (2, 5, 11))
def test_y_cells_map_to_actions_named_with_the_row_counted_from_the_bottom(n: int) -> None:
    state = pyspiel.load_game("y", {"board_size": n}).new_initial_state()
    cells = TrihexGeometry(n).cells
    assert sorted(y_action(c, n) for c in cells) == sorted(state.legal_actions())
    for cell in cells:
        row, position = TrihexGeometry(n).coords(cell)
        assert state.action_to_string(y_action(cell, n)) == f"{column_letters(position)}{n - row}"


def _explicit_cell(state: object, n: int, name: str) -> str:
    """The character OpenSpiel's explicit hex board shows for a cell (y/z/p/q = edge-connected)."""
    rows = [line.split() for line in str(state).split("\n")]
    column, row = HexGeometry(n).coords(name)
    return rows[row][column]


@pytest.mark.parametrize("n", (4, 6))
def test_hex_edges_and_neighbours_agree_with_openspiel(n: int) -> None:
    """A stone on an edge marks same-coloured neighbours as edge-connected: compare with our neighbours."""
    geometry = HexGeometry(n)
    game = pyspiel.load_game("hex", {"board_size": n, "string_rep": "explicit"})
    edges = geometry.edges()
    # (edge, player who owns it, the player's other edge, OpenSpiel's mark for "connected to this edge")
    checks = (("row-first", 0, "row-last", "y"), ("row-last", 0, "row-first", "z"),
              ("col-first", 1, "col-last", "p"), ("col-last", 1, "col-first", "q"))
    for edge, player, other_edge, mark in checks:
        for anchor in sorted(edges[edge]):
            for probe in geometry.cells:
                if probe in edges[edge] or probe in edges[other_edge]:
                    continue
                filler = next(c for c in geometry.cells if c not in (anchor, probe))
                if player == 0:  # red anchor, blue filler, red probe
                    order = [anchor, filler, probe]
                else:  # red filler, blue anchor, red filler, blue probe
                    second = next(c for c in geometry.cells if c not in (anchor, probe, filler))
                    order = [filler, anchor, second, probe]
                state = game.new_initial_state()
                for cell in order:
                    state.apply_action(hex_action(cell, n))
                connected = _explicit_cell(state, n, probe) == mark
                assert connected == (probe in geometry.neighbours(anchor)), (edge, anchor, probe)


# -- whole games ----------------------------------------------------------------


def _play_random_game(
    ours: object,
    theirs: object,
    to_action: Callable[[str], int],
    rng: random.Random,
    swap_action: int | None = None,
    check_legal: bool = False,
) -> tuple[int, int]:
    """Play uniformly random moves in both engines; return (our winner, OpenSpiel's winner)."""
    state = ours
    while state.outcome() is None:
        moves = state.legal_moves()
        if check_legal:
            mapped = sorted(swap_action if m.text == "swap" else to_action(m.text) for m in moves)
            assert mapped == sorted(theirs.legal_actions()), state.to_text()
        move = rng.choice(moves)
        theirs.apply_action(swap_action if move.text == "swap" else to_action(move.text))
        state = state.apply(move)
        assert theirs.is_terminal() == (state.outcome() is not None), state.to_text()
    returns = theirs.returns()
    return state.outcome().winner, (0 if returns[0] > 0 else 1)


ORACLES = {"hex": (HexState, hex_action), "y": (TrihexState, y_action)}


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("oracle_name", ["hex", "y"])
def test_winners_agree_with_openspiel(oracle_name: str, n: int) -> None:
    state_class, to_action = ORACLES[oracle_name]
    game = pyspiel.load_game(oracle_name, {"board_size": n})
    start = state_class.initial(n, OFF)
    rng = random.Random(f"{oracle_name}-{n}")
    wins = [0, 0]
    for index in range(GAMES_PER_SIZE):
        ours, theirs = _play_random_game(
            start, game.new_initial_state(), lambda c: to_action(c, n), rng, check_legal=index < 20
        )
        assert ours == theirs
        wins[ours] += 1
    assert min(wins) > GAMES_PER_SIZE // 5  # both players win often: the games are really different


@pytest.mark.parametrize("n", SIZES)
def test_hex_swap_agrees_with_openspiel(n: int) -> None:
    game = pyspiel.load_game("hex", {"board_size": n, "swap": True})
    start = HexState.initial(n)
    rng = random.Random(f"hex-swap-{n}")
    swaps = 0
    for index in range(SWAP_GAMES_PER_SIZE):
        first = rng.choice(start.legal_moves())
        after = start.apply(first)
        theirs = game.new_initial_state()
        theirs.apply_action(hex_action(first.text, n))
        if index % 2 == 0:  # half the games swap, whatever else the random play would do
            after = after.apply(after.parse_move("swap"))
            theirs.apply_action(n * n)
            swaps += 1
        ours, oracle = _play_random_game(
            after, theirs, lambda c: hex_action(c, n), rng, swap_action=n * n, check_legal=index < 20
        )
        assert ours == oracle
    assert swaps == SWAP_GAMES_PER_SIZE // 2




def _all_games_agree(state: object, theirs: object, to_action: Callable[[str], int], swap_action: int | None) -> int:
    """Walk every game from here in both engines; return the number of finished games."""
    assert theirs.is_terminal() == (state.outcome() is not None), state.to_text()
    if state.outcome() is not None:
        assert (0 if theirs.returns()[0] > 0 else 1) == state.outcome().winner
        return 1
    total = 0
    for move in state.legal_moves():
        child = theirs.clone()
        child.apply_action(swap_action if move.text == "swap" else to_action(move.text))
        total += _all_games_agree(state.apply(move), child, to_action, swap_action)
    return total


def test_every_game_on_the_smallest_boards_agrees() -> None:
    hex2 = pyspiel.load_game("hex", {"board_size": 2, "swap": True}).new_initial_state()
    assert _all_games_agree(HexState.initial(2), hex2, lambda c: hex_action(c, 2), 4) > 0
    hex2_plain = pyspiel.load_game("hex", {"board_size": 2}).new_initial_state()
    assert _all_games_agree(HexState.initial(2, OFF), hex2_plain, lambda c: hex_action(c, 2), None) > 0
    for n in (2, 3):
        y = pyspiel.load_game("y", {"board_size": n}).new_initial_state()
        assert _all_games_agree(TrihexState.initial(n, OFF), y, lambda c, n=n: y_action(c, n), None) > 0


# -- perft: the number of move sequences of each length, on boards where games end on the way ------


def _their_perft(state: object, depth: int) -> int:
    """OpenSpiel's tree counted bare: a finished game has no legal action, so it adds nothing deeper."""
    if depth == 0:
        return 1
    return sum(_their_perft(state.child(action), depth - 1) for action in state.legal_actions())


@pytest.mark.parametrize(
    ("oracle_name", "params", "ours", "depths", "most"),
    [
        ("hex", {"board_size": 2, "swap": True}, lambda: HexState.initial(2), 6, 0),
        ("hex", {"board_size": 2}, lambda: HexState.initial(2, OFF), 5, 0),
        # 9 * 8 * 7 * 6 * 5 * 4 = 60 480 sequences of six stones if no game ended by then
        ("hex", {"board_size": 3}, lambda: HexState.initial(3, OFF), 6, 60480 - 1),
        ("y", {"board_size": 2}, lambda: TrihexState.initial(2, OFF), 4, 0),
        ("y", {"board_size": 3}, lambda: TrihexState.initial(3, OFF), 7, 0),
    ],
    ids=["hex-2-swap", "hex-2", "hex-3", "y-2", "y-3"],
)
def test_perft_agrees_with_openspiel_where_games_end_early(
    oracle_name: str, params: dict[str, object], ours: Callable[[], object], depths: int, most: int
) -> None:
    """boardgen's perft equals OpenSpiel's bare count at every depth, past the end of games (down to 0)."""
    from boardgen.engine.perft import perft

    theirs = pyspiel.load_game(oracle_name, params).new_initial_state()
    counts = [perft(ours(), depth) for depth in range(depths + 1)]  # type: ignore[arg-type]
    assert counts == [_their_perft(theirs, depth) for depth in range(depths + 1)]
    assert 0 < counts[-2] and counts[-1] <= most  # the deepest depth is past the end of games
