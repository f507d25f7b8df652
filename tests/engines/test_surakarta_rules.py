"""Surakarta rules: hand-checked positions for every rule and corner case of games.md section 3.

Positions are built with :func:`pos` from point lists, so each test states the
board it checks.  White is player 0 (rows 1-2, moves first), black player 1.
"""

from __future__ import annotations

import random
import re

import pytest

from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, OptionError, PositionError
from boardgen.games.surakarta import GAME
from boardgen.games.surakarta import geometry as geo
from boardgen.games.surakarta.rules import SurakartaState

START = "BBBBBB/BBBBBB/6/6/WWWWWW/WWWWWW w 0"


def pos(white: str, black: str, side: str = "w", quiet: int = 0) -> str:
    """The canonical position text for space-separated point lists (built here, not by the engine)."""
    owner = {p: "W" for p in white.split()}
    owner.update({p: "B" for p in black.split()})
    ranks = []
    for row in "654321":
        rank = "".join(owner.get(f"{col}{row}", ".") for col in "abcdef")
        ranks.append(re.sub(r"\.+", lambda run: str(len(run.group())), rank))
    return f"{'/'.join(ranks)} {side} {quiet}"


def state(white: str, black: str, side: str = "w", quiet: int = 0, **variants: str) -> SurakartaState:
    return SurakartaState.from_text(pos(white, black, side, quiet), variants)


def texts(s: SurakartaState) -> set[str]:
    return {m.text for m in s.legal_moves()}


def captures(s: SurakartaState) -> dict[str, tuple[str, ...]]:
    return {m.text: m.path for m in s.legal_moves() if m.kind == "capture"}


def code(s: SurakartaState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as err:
        s.parse_move(move)
    return err.value.code


def loops_in(path: tuple[str, ...]) -> int:
    return sum(kind == "loop" for kind, _ in geo.route_pieces(path))


# -- start, steps ---------------------------------------------------------------------


def test_start_position_has_sixteen_steps_and_no_capture():
    s = SurakartaState.initial()
    assert s.to_text() == START
    assert s.to_move == 0
    assert texts(s) == {
        "a2-a3", "a2-b3", "b2-a3", "b2-b3", "b2-c3", "c2-b3", "c2-c3", "c2-d3",
        "d2-c3", "d2-d3", "d2-e3", "e2-d3", "e2-e3", "e2-f3", "f2-e3", "f2-f3",
    }


def test_steps_go_to_all_eight_neighbours_including_diagonals():
    s = state("c3", "f6")
    assert texts(s) == {f"c3-{q}" for q in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4")}
    move = s.parse_move("c3-d4")
    assert move.kind == "step" and move.path == ("c3", "d4") and move.captures == ()
    after = s.apply(move)
    assert after.to_text() == pos("d4", "f6", "b", 1)


def test_a_corner_piece_steps_only():
    # a1 is on no circuit: three steps, never a capture, even with an enemy on a circuit
    s = state("a1", "a2 c3")
    assert texts(s) == {"a1-b1", "a1-b2"}
    assert code(s, "a1xa2") == "off-circuit"


def test_step_onto_an_occupied_point_is_refused():
    s = state("c3 d3", "c4")
    assert code(s, "c3-d3") == "occupied"  # own piece
    assert code(s, "c3-c4") == "occupied"  # enemy: a step never captures
    assert code(s, "c3-c5") == "not-adjacent"
    assert code(s, "c3-e5") == "not-adjacent"


# -- captures ---------------------------------------------------------------------------


def test_crossing_point_reachable_on_both_circuits_is_one_move_by_the_shortest_route():
    # c2 and b3 are both on the inner and the outer circuit.  White c2 reaches
    # black b3 four ways: outer c2-c1-(loop a1)-a3-b3 (3 hops), inner
    # c2-b2-a2-(loop a1)-b1-b2-b3 (5 hops), and the long way round on each.
    s = state("c2", "b3")
    caps = captures(s)
    assert list(caps) == ["c2xb3"]
    assert caps["c2xb3"] == ("c2", "c1", "a3", "b3")
    assert [m.text for m in s.legal_moves()].count("c2xb3") == 1
    # steps: the 8 neighbours of c2 but b3
    assert texts(s) - {"c2xb3"} == {f"c2-{q}" for q in ("b1", "c1", "d1", "b2", "d2", "c3", "d3")}
    # and the diagonal step onto b3 is not a capture
    assert code(s, "c2-b3") == "occupied"


def test_capturing_the_last_piece_wins():
    s = state("c2", "b3")
    after = s.play("c2xb3")
    assert after.to_text() == pos("b3", "", "b", 0)
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.reason == "white captured all black pieces"
    assert after.to_move is None and after.legal_moves() == []
    assert code(after, "b3-b4") == "game-over"


def test_capture_passing_its_own_start_round_three_loops():
    # The seed's example: b2 runs round the other three loops to take b1.
    # a2 (own) shuts the short way b2-a2-(loop)-b1 and the way down column b;
    # b2-b1 straight has no loop.  The only route: along row 2, loops at f1,
    # f6 and a6, down column b through b2 itself, to b1.
    s = state("a2 b2", "b1")
    caps = captures(s)
    assert set(caps) == {"a2xb1", "b2xb1"}
    path = caps["b2xb1"]
    assert path == (
        "b2", "c2", "d2", "e2", "f2", "e1", "e2", "e3", "e4", "e5", "e6",
        "f5", "e5", "d5", "c5", "b5", "a5", "b6", "b5", "b4", "b3", "b2", "b1",
    )
    assert loops_in(path) == 3
    assert path.count("b2") == 2  # passes its own starting point
    assert caps["a2xb1"] == ("a2", "b1")
    after = s.play("b2xb1")
    assert after.to_text() == pos("a2 b1", "", "b", 0)


def test_origin_blocks_variant_refuses_the_same_capture():
    s = state("a2 b2", "b1", origin="blocks")
    assert set(captures(s)) == {"a2xb1"}
    assert code(s, "b2xb1") == "origin"


def test_capture_through_own_origin_on_a_doubled_point():
    # White b2 takes b4: b2-a2-(loop a1)-b1-b2-b3-b4 (the way straight up column b
    # has no loop; e1 (own) shuts the way along row 2).
    s = state("b2 e1", "b4")
    assert captures(s)["b2xb4"] == ("b2", "a2", "b1", "b2", "b3", "b4")
    blocked = state("b2 e1", "b4", origin="blocks")
    assert "b2xb4" not in captures(blocked)
    assert code(blocked, "b2xb4") == "origin"


def test_the_first_piece_met_stops_the_capture():
    # White c1 runs round the big a1 loop: a3 is met first, so a3 is taken and
    # b3 behind it is out of reach; c2 (own) shuts the other way up column c.
    # White c2 takes b3 on the inner circuit via the small a1 loop.
    s = state("c1 c2", "a3 b3")
    caps = captures(s)
    assert set(caps) == {"c1xa3", "c2xb3"}
    assert caps["c1xa3"] == ("c1", "a3")
    assert caps["c2xb3"] == ("c2", "b2", "a2", "b1", "b2", "b3")
    assert code(s, "c1xb3") == "blocked"


def test_an_own_piece_on_the_way_blocks():
    # c1 takes b3 round the big a1 loop; c4 (own) shuts the long way up column c
    s = state("c1 c4", "b3")
    assert captures(s)["c1xb3"] == ("c1", "a3", "b3")
    # with a white piece on a3 the loop route is shut too
    blocked = state("c1 c4 a3", "b3")
    assert "c1xb3" not in captures(blocked)
    assert code(blocked, "c1xb3") == "blocked"


def test_a_capture_that_passes_no_loop_is_refused():
    # a3 to d3 along row 3 over empty b3, c3: no loop.  The way round the other
    # side starts through the big a1 loop to c1, which is white's own.
    s = state("a3 c1", "d3")
    assert "a3xd3" not in captures(s)
    assert code(s, "a3xd3") == "no-loop"
    # c1 runs up column c, round the a6 and f6 loops, and down column d to d3
    assert loops_in(captures(s)["c1xd3"]) == 2


def test_capture_codes_for_empty_own_and_off_circuit_targets():
    s = state("c2 c4", "e5")
    assert code(s, "c2xc3") == "no-capture"
    assert code(s, "c2xc4") == "own-piece"
    assert code(s, "c2xf6") == "no-capture"
    assert code(state("c2", "f6"), "c2xf6") == "off-circuit"
    assert code(s, "a1xc2") == "no-piece"
    assert code(s, "e5xc2") == "not-yours"
    assert code(s, "c2xc2") == "same-point"
    assert code(s, "c2:c3") == "notation"
    assert code(s, "g2-g3") == "notation"


def test_captures_are_optional():
    s = state("c2", "b3 f6")
    assert "c2xb3" in texts(s) and "c2-d3" in texts(s)
    after = s.play("c2-d3")
    assert after.outcome() is None and after.quiet_turns == 1


def test_move_text_is_case_and_space_tolerant():
    s = state("c2", "b3")
    assert s.parse_move("  C2XB3 ").text == "c2xb3"


# -- ends ---------------------------------------------------------------------------------


def test_a_player_who_cannot_move_loses():
    s = state("a1", "a2 b1 b2")
    outcome = s.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "white cannot move"
    assert s.legal_moves() == [] and s.to_move is None


def test_end_rule_after_fifty_quiet_turns_more_pieces_wins():
    s = state("a1 b1 c1", "f6 e6", "w", 49)
    assert s.outcome() is None
    after = s.play("a1-a2")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.reason == "50 turns without a capture: white has more pieces (3 to 2)"


def test_end_rule_equal_pieces_is_a_draw():
    after = state("a1 b1", "f6 e6", "b", 49).play("f6-f5")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == "50 turns without a capture: both sides have 2 pieces"


def test_a_capture_resets_the_quiet_counter():
    s = state("c2 a1", "b3 f6", "w", 49)
    after = s.play("c2xb3")
    assert after.quiet_turns == 0 and after.outcome() is None


def test_end_rule_off_plays_on_and_draws_after_a_hundred_quiet_turns():
    s = state("a1 b1 c1", "f6 e6", "w", 49, end_rule="off")
    assert s.play("a1-a2").outcome() is None
    late = state("a1 b1 c1", "f6 e6", "w", 99, end_rule="off").play("a1-a2")
    outcome = late.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == "100 turns without a capture: draw"


# -- notation and impossible positions --------------------------------------------------------


def test_position_text_round_trips_and_accepts_any_case():
    for text in (START, pos("a1 c2", "b3 f6", "b", 17), pos("d4", "e5")):
        assert SurakartaState.from_text(text).to_text() == text
    assert SurakartaState.from_text("bbbbbb/bbbbbb/6/6/wwwwww/wwwwww W 0").to_text() == START
    assert SurakartaState.from_text("BBB3/BBBBBB/33/6/WWWWWW/WWWWWW w 0").to_text() == (
        "BBB3/BBBBBB/6/6/WWWWWW/WWWWWW w 0"
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("BBBBBB/BBBBBB/6/6/WWWWWW/WWWWWW w", "expected 3 fields"),
        ("BBBBBB/BBBBBB/6/WWWWWW/WWWWWW w 0", "expected 6 ranks"),
        ("BBBBBB/BBBBBB/6/6/WWWWWWW/WWWWWW w 0", "rank 2 has 7 points, expected 6"),
        ("BBBBBB/BBBBBB/5/6/WWWWWW/WWWWWW w 0", "rank 4 has 5 points, expected 6"),
        ("BBBBBB/BBBBBB/6/6/WWWXWW/WWWWWW w 0", "rank 2: unexpected 'X' at character 4, point d2"),
        ("BBBBBB/BBBBBB/0/6/WWWWWW/WWWWWW w 0", "rank 4: '0' at character 1 is not a number of empty points"),
        ("BBBBBB/BBBBBB/4B2/6/WWWWWW/WWWWWW w 0", r"rank 4 has 7 points, expected 6 \(character 3 goes past the end\)"),
        (START.replace(" w ", " x "), "side to move must be w or b"),
        (START[:-1] + "-3", "whole number"),
    ],
)
def test_malformed_position_texts(text, message):
    with pytest.raises(NotationError, match=message):
        SurakartaState.from_text(text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("BBBBBB/BBBBBB/W5/6/WWWWWW/WWWWWW w 0", "white has 13 pieces, at most 12"),
        ("6/6/6/6/6/6 w 0", "both sides have no pieces"),
        (pos("a1", "", "w"), "black has no pieces but made the last move"),
        (pos("a1", "", "b", 3), "turns without capture must be 0"),
        (pos("a1", "f6", "w", 51), "51 turns without capture"),
    ],
)
def test_impossible_positions(text, message):
    with pytest.raises(PositionError, match=message):
        SurakartaState.from_text(text)


def test_quiet_counter_limit_follows_the_end_rule_variant():
    text = pos("a1", "f6", "w", 80)
    assert SurakartaState.from_text(text, {"end_rule": "off"}).to_text() == text
    with pytest.raises(PositionError):
        SurakartaState.from_text(text)


def test_variants_are_listed_with_the_recommended_defaults():
    assert {v.name: (v.values, v.default) for v in GAME.variants} == {
        "origin": (("empty", "blocks"), "empty"),
        "end_rule": (("50", "off"), "50"),
        "corner_capture": (("off", "on"), "off"),
    }
    assert "roundabouts" in GAME.aliases
    with pytest.raises(OptionError):
        SurakartaState.initial(variants={"origin": "maybe"})


def test_placements_list_every_piece_with_its_owner():
    s = state("a1 c2", "b3")
    assert sorted((p, piece.owner) for p, piece in s.placements()) == [("a1", 0), ("b3", 1), ("c2", 0)]


# -- against an independent walk (games.md's algorithm, written out here) ---------------------------


def reference_moves(board: dict[str, int], side: int, origin_empty: bool) -> dict[str, int]:
    """Every legal move text -> length of its shortest route (1 for a step)."""
    found: dict[str, int] = {}
    for p, owner in board.items():
        if owner != side:
            continue
        for q in geo.NEIGHBOURS[p]:
            if q not in board:
                found[f"{p}-{q}"] = 1
        for circuit in geo.CIRCUITS:
            for i in (k for k, point in enumerate(circuit.points) if point == p):
                for d in (1, -1):
                    looped, j = False, i
                    for steps in range(1, 25):
                        if (j if d == 1 else (j - 1) % 24) in circuit.loop_after:
                            looped = True
                        j = (j + d) % 24
                        q = circuit.points[j]
                        if q == p:
                            if origin_empty:
                                continue
                            break
                        if q not in board:
                            continue
                        if board[q] != side and looped:
                            text = f"{p}x{q}"
                            found[text] = min(found.get(text, 99), steps)
                        break
    return found


def test_move_generation_agrees_with_a_point_by_point_walk_on_random_positions():
    rng = random.Random(20240611)
    names = list(geo.POINTS)
    for _ in range(400):
        rng.shuffle(names)
        nw, nb = rng.randint(1, 12), rng.randint(1, 12)
        board = {p: 0 for p in names[:nw]} | {p: 1 for p in names[nw : nw + nb]}
        side = rng.randint(0, 1)
        white = " ".join(p for p, o in board.items() if o == 0)
        black = " ".join(p for p, o in board.items() if o == 1)
        for origin in ("empty", "blocks"):
            s = state(white, black, "wb"[side], origin=origin)
            if s.outcome() is not None:
                continue
            expected = reference_moves(board, side, origin == "empty")
            moves = s.legal_moves()
            assert sorted(m.text for m in moves) == sorted(expected)
            for m in moves:
                assert len(m.path) - 1 == expected[m.text]
                if m.kind == "capture":
                    assert m.captures == (m.path[-1],)
                    for q in m.path[1:-1]:  # only empty points (and, by default, the start)
                        assert q not in board or (q == m.path[0] and origin == "empty")


def test_perft_of_the_first_plies():
    s = SurakartaState.initial()
    # 16 steps for white; after any of them every black route through a loop
    # ends on a black piece or runs along the empty row 4, so black too has
    # exactly 16 steps and no capture.
    assert perft(s, 1) == 16
    assert perft(s, 2) == 16 * 16


def test_random_games_replay_from_their_texts():
    rng = random.Random(7)
    for _ in range(20):
        s = SurakartaState.initial()
        while s.outcome() is None:
            moves = s.legal_moves()
            for m in moves:
                assert s.parse_move(m.text) == m
            move = rng.choice(moves)
            s = s.apply(move)
            assert SurakartaState.from_text(s.to_text()).to_text() == s.to_text()
        assert s.outcome() is not None


def test_the_board_has_one_size_only():
    assert SurakartaState.initial(6).to_text() == START
    with pytest.raises(OptionError):
        SurakartaState.initial(8)


def test_corner_capture_variant_takes_a_piece_on_a_corner_by_a_step():
    """Ludii's 'Corners Capture' option: corners lie on no circuit, so only a step can reach them."""
    from boardgen.errors import IllegalMoveError
    from boardgen.games.surakarta.rules import SurakartaState

    text = "6/6/6/6/1W4/B5 w 0"  # white b2, black a1 in the corner
    plain = SurakartaState.from_text(text)
    with pytest.raises(IllegalMoveError) as refused:
        plain.parse_move("b2xa1")
    assert refused.value.code == "off-circuit"
    corner = SurakartaState.from_text(text, {"corner_capture": "on"})
    move = corner.parse_move("b2xa1")
    assert move.captures == ("a1",) and move.kind == "capture"
    after = corner.apply(move)
    assert after.outcome().winner == 0
    # Only corner pieces: with black on b1 (not a corner) the variant adds no move.
    edge = "6/6/6/6/1W4/1B4 w 0"
    with_variant = {m.text for m in SurakartaState.from_text(edge, {"corner_capture": "on"}).legal_moves()}
    assert with_variant == {m.text for m in SurakartaState.from_text(edge).legal_moves()}
