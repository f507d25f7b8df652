"""Each game declares its own kinds of piece; the shared drawing and the diagrams' words read the declaration.

``BoardDrawing.ringed_kinds`` (drawn with an inner ring), ``plain_kinds`` (not
named when they are all a player has) and ``kind_words`` (kind -> language ->
(one, several)) are set on each game's board class in ``games/*/board.py``.
These tests give a board new declarations and read the drawing and the words
back, and check that no shared module names a kind of any game.  The painter's
hooks (``move_route``, ``claim_mark``) are declared on ``BoardDrawing`` too,
with defaults that run an arrow straight and set a mark on its place.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from boardgen.booklet.build import load_checked
from boardgen.booklet.check import game_folders
from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.painter import Painter
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.problems import Problems
from boardgen.boards.base import BoardOptions
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle
from boardgen.engine.base import Piece
from boardgen.registry import all_games

from ..conftest import ROOT

ASSALTO = Defaults("assalto", None, {})
TWO_OFFICERS_ONE_PAWN = "position: 1O1/3/1O1P3/7/7/3/3 o 0"  # officers on b5 and d7, a pawn on d5


def checked(body: str, defaults: Defaults) -> CheckedDiagram:
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 10, problems)
    result = check_diagram(spec, defaults, problems)
    assert result is not None and not problems, [str(p) for p in problems.items]
    return result


def with_board_attributes(diagram: CheckedDiagram, **declared) -> CheckedDiagram:
    """The diagram drawn by a subclass of its board that declares ``declared`` (as a new game would)."""
    declaring = type("Declared", (type(diagram.board),), declared)
    diagram.board = declaring(diagram.board.size) if diagram.board.size else declaring()
    return diagram


def test_the_words_for_a_kind_come_from_the_games_declaration():
    diagram = checked(TWO_OFFICERS_ONE_PAWN, ASSALTO)
    assert describe(diagram, "en") == "Assalto diagram. First player: pawns d5. Second player: officers b5, d7."
    words = {
        "officer": {"pt": ("mago", "magos"), "en": ("wizard", "wizards")},
        "pawn": {"pt": ("duende", "duendes"), "en": ("goblin", "goblins")},
    }
    diagram = with_board_attributes(diagram, kind_words=words)
    assert describe(diagram, "en") == "Assalto diagram. First player: goblins d5. Second player: wizards b5, d7."
    portuguese = describe(diagram, "pt")
    assert "duendes d5" in portuguese and "magos b5, d7" in portuguese and "oficiais" not in portuguese
    # The hover text of one piece is the singular, in each language of the booklet.
    sheet = diagram_sheet(diagram, {"pt": "x", "en": "x"})
    titles = {group.title for group in sheet.content.find("piece-player-1")}
    assert titles == {"Segundo jogador: mago em b5 / Second player: wizard on b5", "Segundo jogador: mago em d7 / Second player: wizard on d7"}, titles
    # The front matter's words still come first.
    assert "cavaleiros b5, d7" in describe(diagram, "pt", pieces={"officer": "cavaleiros"})


def test_a_kind_with_no_words_is_called_by_its_name():
    diagram = with_board_attributes(checked(TWO_OFFICERS_ONE_PAWN, ASSALTO), kind_words={})
    assert describe(diagram, "en") == "Assalto diagram. First player: pawn d5. Second player: officer b5, d7."


def test_plain_kinds_are_left_unnamed_only_when_the_game_says_so():
    hex_diagram = checked("moves: c3 d4", Defaults("hex", 5, {"swap": "off"}))
    assert "First player: c3. Second player: d4." in describe(hex_diagram, "en")
    named = with_board_attributes(hex_diagram, plain_kinds=frozenset())
    assert "First player: stones c3. Second player: stones d4." in describe(named, "en")
    assert "pedras c3" in describe(named, "pt")


def rings(board, kind: str) -> int:
    """How many circles the board draws for one piece of ``kind``."""
    name = next(iter(board.locations()))
    group = board.draw_piece(Frame(10.0), name, Piece(0, kind), BoardOptions())
    return sum(1 for shape, _ in group.walk() if isinstance(shape, Circle))


def test_the_ring_of_a_piece_comes_from_the_games_declaration():
    board = next(g for g in all_games() if g.id == "assalto").make_board()
    assert rings(board, "officer") == 2 and rings(board, "pawn") == 1
    declared = type("Declared", (type(board),), {"ringed_kinds": frozenset({"pawn"})})()
    assert rings(declared, "officer") == 1 and rings(declared, "pawn") == 2
    # The start marks of a grid board follow it too: the pawns' marks get the ring, the officers' lose it.
    marks = declared.draw_start_marks(Frame(10.0), BoardOptions())
    plain = board.draw_start_marks(Frame(10.0), BoardOptions())
    count = lambda group: sum(1 for shape, _ in group.walk() if isinstance(shape, Circle))  # noqa: E731
    assert count(plain) == 24 + 2 * 2 and count(marks) == 24 * 2 + 2


@pytest.mark.parametrize("folder", game_folders(), ids=lambda f: f.name)
def test_every_kind_in_a_booklets_diagrams_has_the_games_words(folder):
    sources = load_checked(folder)
    for ident, diagram in sorted(sources.diagrams.items()):
        for _, piece in diagram.final.placements():
            words = diagram.board.kind_words.get(piece.kind)
            assert words and set(words) >= {"pt", "en"}, f"{folder.name} diagram {ident}: no pt and en words declared for {piece.kind!r}"


SHARED = ("boardgen/boards/base.py", "boardgen/boards/grid.py", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "boardgen/booklet/diagrams").glob("*.py")))


def test_no_shared_module_names_a_kind_of_piece_of_a_game():
    kinds: set[str] = set()
    for game in all_games():
        if game.has_board():
            board = game.load_board()
            kinds |= set(board.kind_words) | set(board.ringed_kinds) | set(board.plain_kinds)
    assert {"officer", "stone", "man", "horse"} <= kinds
    for module in SHARED:
        tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
        # words.singular's English endings ("men" -> "man") are grammar, not a game's kind
        grammar = {id(node) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "singular" for node in ast.walk(f)}
        strings = [node for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in grammar]
        named = sorted({node.value for node in strings if node.value in kinds})
        assert not named, f"{module} names kinds of piece of particular games: {named}"


def test_the_painters_hooks_are_declared_with_defaults_that_run_straight_and_mark_on_the_place():
    hex_board = next(g for g in all_games() if g.id == "hex").make_board(5)
    assert hex_board.move_route(("a1", "c3")) == [hex_board.location("a1"), hex_board.location("c3")]
    assert hex_board.claim_mark("c3") == (hex_board.location("c3"), 1.0) and not hex_board.claim_marks_beside_pieces
    # Awelé sets its marks off the counts, and says so.
    awele = next(g for g in all_games() if g.id == "awele").make_board()
    (x, y), factor = awele.claim_mark("a1")
    assert (x, y) != awele.location("a1") and factor < 1 and awele.claim_marks_beside_pieces
    # A board that routes its arrows is followed by the painter (the default is never consulted by getattr).
    diagram = checked("moves: c3 d4", Defaults("hex", 5, {"swap": "off"}))
    waypoint = (0.0, 0.0)
    routed = with_board_attributes(diagram, move_route=lambda self, path: [self.location(path[0]), waypoint, self.location(path[-1])])
    painter = Painter(routed, Frame(6.0))
    assert painter.route(["a1", "e5"]) == [Frame(6.0).pt(*routed.board.location("a1")), Frame(6.0).pt(*waypoint), Frame(6.0).pt(*routed.board.location("e5"))]
