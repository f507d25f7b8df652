"""Hand-checked Xadrez positions: each law of games.md 12, each outcome and its reason, each refusal code, notation.

Positions are FEN (rank 8 first, White capitals); the board each test is about
is described in its comment.  The engine is python-chess behind boardgen's
interface, so these tests are about the adapter: what the interface reports
(texts, paths, captures, outcomes, codes), the draw variants, the position
text's history, and the PGN reading that diagrams use.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgen.engine.base import Piece
from boardgen.engine.perft import perft
from boardgen.errors import IllegalMoveError, NotationError, PositionError
from boardgen.games.xadrez.rules import XadrezState

ROOT = Path(__file__).resolve().parents[2]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# Adolf Anderssen - Lionel Kieseritzky, London 1851, "the Immortal Game" (public domain)
IMMORTAL = (
    "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 "
    "10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 "
    "18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0"
)


def state(fen: str, **variants: str) -> XadrezState:
    return XadrezState.from_text(fen, variants)


def texts(s: XadrezState) -> list[str]:
    return [m.text for m in s.legal_moves()]


def code(s: XadrezState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        s.parse_move(text)
    assert s.why_illegal(text)[1] == caught.value.code
    return caught.value.code


# -- the start, perft ----------------------------------------------------------------------------


def test_start_position_is_the_fen_start_with_twenty_moves() -> None:
    s = XadrezState.initial()
    assert s.to_text() == START
    assert s.to_move == 0 and s.outcome() is None
    assert sorted(texts(s)) == sorted(
        ["Na3", "Nc3", "Nf3", "Nh3"] + [f"{f}{r}" for f in "abcdefgh" for r in (3, 4)]
    )
    assert dict(s.placements())["e1"] == Piece(0, "king") and dict(s.placements())["d8"] == Piece(1, "queen")
    assert len(s.placements()) == 32


@pytest.mark.parametrize("depth, count", [(1, 20), (2, 400), (3, 8902), (4, 197281)])
def test_perft_from_the_start_is_the_published_table(depth: int, count: int) -> None:
    assert perft(XadrezState.initial(), depth) == count


@pytest.mark.parametrize("depth, count", [(1, 48), (2, 2039), (3, 97862)])
def test_perft_from_kiwipete_is_the_published_table(depth: int, count: int) -> None:
    """Kiwipete (Peter McKenzie): castling both ways, en passant, promotions and pins in one position."""
    assert perft(state(KIWIPETE), depth) == count


# -- the pieces ------------------------------------------------------------------------------------


def test_each_piece_moves_as_the_laws_say_on_an_open_board() -> None:
    # white Q d4, R a1, B c1, K e1, N g1; black K h7 (attacked by none of them)
    s = state("8/7k/8/8/3Q4/8/8/R1B1K1N1 w - - 0 1")
    by_piece: dict[str, int] = {}
    for move in s.legal_moves():
        piece = s.piece_at(move.path[0])
        assert piece is not None
        by_piece[piece.kind] = by_piece.get(piece.kind, 0) + 1
    # queen d4: d5-d8 4, d3-d1 3, a4-c4 3, e4-h4 4, e5-h8 4, c5-a7 3, e3 f2 2 (g1 own), c3 b2 2 (a1 own): 25
    # rook a1: a2-a8 7, b1 1 (c1 own): 8; bishop c1: b2 a3, d2-h6: 7; knight g1: e2 f3 h3: 3;
    # king e1: d1 d2 e2 f1 f2: 5
    assert by_piece == {"queen": 25, "rook": 8, "bishop": 7, "knight": 3, "king": 5}


def test_a_knight_jumps_and_a_bishop_is_blocked() -> None:
    s = XadrezState.initial()
    assert "Nf3" in texts(s)
    assert code(s, "Bc4") == "blocked"
    assert code(s, "Nf4") == "unreachable"
    assert code(s, "Nd2") == "own-piece"
    assert code(s, "Qd3") == "blocked"


def test_pawn_moves_and_their_refusals() -> None:
    s = XadrezState.initial().play("e4", "d5")
    assert "exd5" in texts(s) and "e5" in texts(s)
    assert s.parse_move("exd5").captures == ("d5",)
    assert code(s, "e6") == "pawn-double"  # e4 is past its start
    assert code(s, "e3") == "pawn-backwards"
    assert code(s, "fxg3") == "pawn-no-capture"
    assert code(state(CASTLE), "Nf3") == "no-piece"  # no white knight on that board
    blocked = XadrezState.initial().play("e4", "e5")
    assert code(blocked, "e5") == "pawn-blocked"


# -- castling -------------------------------------------------------------------------------------


CASTLE = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


def test_castling_both_ways_moves_king_and_rook() -> None:
    s = state(CASTLE)
    short, long = s.parse_move("O-O"), s.parse_move("O-O-O")
    assert short.kind == "castle" and short.path == ("e1", "g1")
    assert long.path == ("e1", "c1")
    after = s.apply(short)
    assert after.piece_at("g1") == Piece(0, "king") and after.piece_at("f1") == Piece(0, "rook")
    assert after.piece_at("h1") is None and after.to_text().split()[2] == "kq"
    assert s.parse_move("0-0") == short and s.parse_move("e1g1") == short


@pytest.mark.parametrize(
    "fen, move, reason",
    [
        # the king went e1-f1-e1: both rights gone, though king and rooks stand at home
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w kq - 2 2", "O-O", "castle-moved"),
        # a bishop between king and rook
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3KB1R w KQkq - 0 1", "O-O", "castle-blocked"),
        # a black rook on e8's file checks the white king (pawns e2/e7 gone)
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", None),
        ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "castle-in-check"),
        # a black rook on the f-file guards f1, the square the king crosses
        ("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "castle-through-check"),
        # a black rook on the g-file guards g1, the king's landing square
        ("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "castle-into-check"),
        # queenside: b1 attacked does not matter (only the king's squares do), d1 does
        ("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", None),
        ("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", "castle-through-check"),
    ],
)
def test_castling_conditions(fen: str, move: str, reason: str | None) -> None:
    s = state(fen)
    if reason is None:
        assert s.parse_move(move).kind == "castle"
    else:
        assert code(s, move) == reason
        uci = {"O-O": "e1g1", "O-O-O": "e1c1"}[move]
        assert code(s, uci) == reason


def test_a_king_move_loses_both_castling_rights() -> None:
    s = state(CASTLE).play("Kf1", "a6", "Ke1", "a5")
    assert s.to_text().split()[2] == "kq"
    assert code(s, "O-O") == "castle-moved" and code(s, "O-O-O") == "castle-moved"


# -- en passant and promotion ----------------------------------------------------------------------


def test_en_passant_only_on_the_next_move() -> None:
    # white pawn e5; black plays d7-d5 past it
    s = state("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").play("d5")
    assert s.to_text().split()[3] == "d6"
    move = s.parse_move("exd6")
    assert move.captures == ("d5",) and move.path == ("e5", "d6") and move.kind == "capture"
    after = s.apply(move)
    assert after.piece_at("d5") is None and after.piece_at("d6") == Piece(0, "pawn")
    assert s.parse_move("exd6 e.p.") == move
    late = s.play("Kd2", "Ke7")
    assert code(late, "exd6") == "en-passant-late"


def test_promotion_to_each_piece_and_its_refusals() -> None:
    s = state("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    assert {m.text for m in s.legal_moves() if m.kind == "promotion"} == {"e8=Q", "e8=R", "e8=B", "e8=N"}
    assert s.play("e8=N").piece_at("e8") == Piece(0, "knight")
    assert s.parse_move("e7e8q").text == "e8=Q"
    assert s.parse_move("e8Q").text == "e8=Q"
    assert code(s, "e8") == "must-promote"
    assert code(s, "e7e8") == "must-promote"
    assert code(s, "e8=K") == "bad-promotion"
    assert code(s, "Kd2=Q") == "bad-promotion"


# -- check --------------------------------------------------------------------------------------


def test_check_must_be_answered_and_pins_hold() -> None:
    # black rook e8 checks the white king e1; the knight d2 can block on e4, the rook h1 cannot help
    s = state("k3r3/8/8/8/8/8/3N4/4K2R w - - 0 1")
    assert s.in_check()
    assert set(texts(s)) == {"Kd1", "Kf1", "Kf2", "Ne4"}
    assert code(s, "Rh7") == "in-check"
    assert code(s, "Ke2") == "into-check"
    pinned = state("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1")
    assert code(pinned, "Nc3") == "pinned"
    san = state("7k/8/8/8/8/8/8/R3K3 w - - 0 1").parse_move("Ra8")
    assert san.text == "Ra8+"
    assert state("7k/8/8/8/8/8/8/R3K3 w - - 0 1").parse_move("Ra8+") == san


# -- outcomes ---------------------------------------------------------------------------------------


def test_fools_mate_is_checkmate_for_black() -> None:
    s = XadrezState.initial().play("f3", "e5", "g4", "Qh4")
    outcome = s.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason.startswith("checkmate")
    assert s.to_move is None and s.legal_moves() == []
    assert XadrezState.from_text(s.to_text()).outcome() == outcome
    assert code(s, "e4") == "game-over"


def test_stalemate_is_a_draw() -> None:
    # black king h8, white queen f7 and king g6: Black to move has no move and is not in check
    s = state("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    outcome = s.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason.startswith("stalemate")


@pytest.mark.parametrize(
    "fen, dead",
    [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", True),  # king against king
        ("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", True),  # king and bishop against king
        ("8/8/8/4k3/8/8/8/1N2K3 b - - 0 1", True),  # king and knight against king
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", False),  # a rook mates
        ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", False),  # a pawn may become a queen
    ],
)
def test_dead_positions_are_drawn_at_once(fen: str, dead: bool) -> None:
    outcome = state(fen).outcome()
    if dead:
        assert outcome is not None and outcome.winner is None and outcome.reason.startswith("dead position")
    else:
        assert outcome is None


KNIGHTS_DANCE = ("Nf3", "Nf6", "Ng1", "Ng8")


def test_threefold_repetition_is_claimed_under_fide_rules() -> None:
    twice = XadrezState.initial().play(*KNIGHTS_DANCE)
    assert "claim" not in texts(twice)
    assert code(twice, "claim") == "no-claim"
    # White may claim before the move that repeats a third time (FIDE 9.2.1.1) ...
    before = twice.play("Nf3", "Nf6", "Ng1")
    assert "claim" in texts(before)
    third = before.play("Ng8")
    assert third.outcome() is None and "claim" in texts(third)
    claimed = third.play("claim")
    assert claimed.outcome() is not None and claimed.outcome().winner is None
    assert "threefold repetition" in claimed.outcome().reason
    assert claimed.to_text().endswith(" claim")
    assert XadrezState.from_text(claimed.to_text()).outcome() == claimed.outcome()
    # fivefold ends the game by itself
    fifth = third.play(*KNIGHTS_DANCE, *KNIGHTS_DANCE)
    assert fifth.outcome() is not None and fifth.outcome().reason.startswith("fivefold repetition")
    fourth = third.play(*KNIGHTS_DANCE)
    assert fourth.outcome() is None


def test_threefold_under_the_other_draw_rules() -> None:
    third = XadrezState.initial(None, {"draws": "automatic"}).play(*KNIGHTS_DANCE, *KNIGHTS_DANCE)
    assert third.outcome() is not None and third.outcome().reason.startswith("threefold repetition")
    old = XadrezState.initial(None, {"draws": "claim"}).play(*KNIGHTS_DANCE, *KNIGHTS_DANCE, *KNIGHTS_DANCE, *KNIGHTS_DANCE)
    assert old.outcome() is None and "claim" in texts(old)  # the seed's laws: nothing automatic


FIFTY = "8/8/8/4k3/8/8/8/R3K3 w - - 100 80"
SEVENTY_FIVE = "8/8/8/4k3/8/8/8/R3K3 w - - 150 105"


def test_fifty_and_seventy_five_moves() -> None:
    assert state(FIFTY).outcome() is None and "claim" in texts(state(FIFTY))
    assert "50-move rule" in state(FIFTY).play("claim").outcome().reason
    assert "claim" not in texts(state("8/8/8/4k3/8/8/8/R3K3 w - - 98 80"))
    assert "claim" in texts(state("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"))  # the next move makes 50: claimed with it
    auto = state(FIFTY, draws="automatic").outcome()
    assert auto is not None and auto.reason.startswith("50-move rule")
    long = state(SEVENTY_FIVE).outcome()
    assert long is not None and long.reason.startswith("75-move rule")
    assert state(SEVENTY_FIVE, draws="claim").outcome() is None


def test_mate_beats_the_seventy_five_move_rule() -> None:
    # Black is mated (back-rank) with the clock at 150: checkmate, not a draw
    s = state("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 100")
    assert s.outcome() is not None and s.outcome().winner == 0


# -- notation ----------------------------------------------------------------------------------------


def test_san_and_uci_name_the_same_moves() -> None:
    s = state(KIWIPETE)
    for move in s.legal_moves():
        key = move.key
        assert s.parse_move(key.uci()) == move
        assert s.parse_move(move.text) == move
        assert s.parse_move(move.text.rstrip("+#")) == move
    assert s.parse_move("E2A6").text == "Bxa6"
    assert s.parse_move("e2xa6") == s.parse_move("e2-a6") == s.parse_move("Bxa6")  # long algebraic
    start = XadrezState.initial()
    assert code(start, "e1-g1") == "castle-blocked" and code(start, "f1-c4") == "blocked"


def test_letter_case_that_names_two_moves_is_refused() -> None:
    # the b-pawn and the bishop can both take on c4
    s = state("4k3/8/8/8/2p5/1P1B4/8/4K3 w - - 0 1")
    assert {"bxc4", "Bxc4"} <= set(texts(s))
    with pytest.raises(IllegalMoveError) as caught:
        s.parse_move("BXC4")
    assert caught.value.code == "ambiguous"
    assert s.parse_move("bxc4").path == ("b3", "c4") and s.parse_move("Bxc4").path == ("d3", "c4")


def test_ambiguous_san_and_refusal_codes() -> None:
    # two white knights b1 and f1 can both reach d2
    s = state("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    assert code(s, "Nd2") == "ambiguous"
    assert s.parse_move("Nbd2").path == ("b1", "d2") and s.parse_move("Nfd2").path == ("f1", "d2")
    start = XadrezState.initial()
    assert code(start, "hello") == "syntax"
    assert code(start, "e5e6") == "empty"
    assert code(start, "e7e5") == "not-yours"
    assert code(start, "Qh5") == "blocked"
    assert code(start, "Ke2") == "own-piece"
    assert code(start, "a1") == "pawn-backwards"  # the a-pawn is the only piece "a1" can name
    assert code(start, "Nb3") == "unreachable"


@pytest.mark.parametrize("fen", [START, KIWIPETE, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", FIFTY])
def test_fen_round_trip(fen: str) -> None:
    assert state(fen).to_text() == fen


def test_the_history_round_trips_and_is_checked() -> None:
    twice = XadrezState.initial().play(*KNIGHTS_DANCE, "Nf3")
    text = twice.to_text()
    assert text == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 5 3 via g1f3 g8f6 f3g1 f6g8 g1f3"
    again = XadrezState.from_text(text)
    assert again.to_text() == text
    assert texts(again.play("Nf6", "Ng1")) == texts(twice.play("Nf6", "Ng1"))
    assert "claim" in texts(again.play("Nf6", "Ng1"))
    # a pawn move clears the history
    assert " via " not in twice.play("e5").to_text()
    with pytest.raises(PositionError):
        XadrezState.from_text(text.replace("g1f3 g8f6", "g1h3 g8f6"))  # h3 is empty: not how it got here
    with pytest.raises(PositionError):
        XadrezState.from_text(START + " via g1f3")  # no white knight on f3 to move back
    with pytest.raises(PositionError):
        XadrezState.from_text(START + " claim")


@pytest.mark.parametrize(
    "text, error",
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", NotationError),  # 4 of 6 fields
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", NotationError),
        ("8/8/8/8/8/8/8/8 w - - 0 1", PositionError),  # no kings
        ("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", PositionError),  # White in check with Black to move
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", PositionError),  # a pawn on the last rank
    ],
)
def test_malformed_and_impossible_positions_are_refused(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        XadrezState.from_text(text)


# -- PGN ---------------------------------------------------------------------------------------------


def test_a_pgn_game_is_read_to_its_end_or_to_a_move() -> None:
    end = XadrezState.from_text(IMMORTAL)
    assert end.outcome() is not None and end.outcome().winner == 0 and end.outcome().reason.startswith("checkmate")
    before = XadrezState.from_text(IMMORTAL + " @ 23.")
    assert before.side == 0 and before.board.fullmove_number == 23
    assert before.parse_move("Be7").text == "Be7#"
    black = XadrezState.from_text(IMMORTAL + " @ 22...")
    assert black.side == 1 and "Nxf6" in texts(black)
    tagged = XadrezState.from_text('[Event "London"]\n[White "Anderssen"]\n' + IMMORTAL)
    assert tagged.to_text() == end.to_text()
    # the stop may be anywhere in the game, and the text read back is a FEN
    assert XadrezState.from_text(IMMORTAL + " @ 1.").to_text() == START
    assert XadrezState.from_text(XadrezState.from_text(IMMORTAL + " @ 12.").to_text()).to_text() == \
        XadrezState.from_text(IMMORTAL + " @ 12.").to_text()


@pytest.mark.parametrize(
    "text, words",
    [
        ("1. e4 e5 2. Ke3", "PGN"),  # an illegal move
        (IMMORTAL + " @ 40.", "never reaches move 40."),
        ('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n[SetUp "1"]\n1. e4', "PGN"),
    ],
)
def test_a_bad_pgn_is_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises((NotationError, PositionError)) as caught:
        XadrezState.from_text(text)
    assert words in str(caught.value)


def test_listing_games_and_drawing_the_board_do_not_import_chess(tmp_path: Path) -> None:
    """python-chess is for the engine only: ``boardgen list`` and ``boardgen board xadrez`` start without it."""
    code_text = (
        "import sys\n"
        "from boardgen.cli import main\n"
        "for args in (['list'], ['board', 'xadrez', '--paper', 'a4', '-o', sys.argv[1]]):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit as end:\n"
        "        assert not end.code, end.code\n"
        "print(sorted(m for m in sys.modules if m == 'chess' or m.startswith('chess.')))\n"
    )
    out = tmp_path / "board.pdf"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code_text, str(out)], capture_output=True, text=True, cwd=ROOT, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"
    assert out.stat().st_size > 1000


def test_the_reason_codes_are_the_documented_ones() -> None:
    """Every code ``why_illegal`` can return (rules.py and its refusals.py) is in docs/notation/xadrez.md's table, and every documented code exists."""
    import re

    docs = (ROOT / "docs" / "notation" / "xadrez.md").read_text(encoding="utf-8")
    table = docs[docs.index("## Reason codes") :]
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", table, flags=re.MULTILINE))
    package = ROOT / "boardgen" / "games" / "xadrez"
    source = "\n".join((package / name).read_text(encoding="utf-8") for name in ("rules.py", "refusals.py"))
    # a code is the second item of a (message, code) pair: `, "code")`, or alone on its line before `)`
    returned = set(re.findall(r',\s*"([a-z][a-z-]*)"\)', source))
    returned |= set(re.findall(r'^\s*"([a-z][a-z-]*)",\n\s*\)', source, flags=re.MULTILINE))
    returned -= {"claim"}  # the draws variant's values, ("fide", "claim"), not a code
    fools_mate = XadrezState.from_text("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    returned.add(fools_mate.why_illegal("e4")[1])  # a finished game: GameState.why_illegal answers it for every game
    assert len(documented) >= 25 and returned == documented, (sorted(returned - documented), sorted(documented - returned))


def test_chess_is_an_alias_as_a_user_types_it(capsys: pytest.CaptureFixture[str]) -> None:
    from boardgen.cli import main
    from boardgen.registry import get_game

    assert get_game("chess").id == "xadrez" and get_game(" Chess ").id == "xadrez"
    with pytest.raises(SystemExit) as info:
        main(["moves", "chess"])
    assert info.value.code in (0, None)
    out = capsys.readouterr().out.split()
    assert len(out) == 20 and out == [m.text for m in XadrezState.initial().legal_moves()]
