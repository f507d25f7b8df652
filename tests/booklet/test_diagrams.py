"""Diagram blocks: their syntax, their drawing, and ``boardgen diagram`` on the command line."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.booklet.diagrams.check import Defaults, check_diagram
from boardgen.booklet.diagrams.draw import MAX_WIDTH_MM, diagram_sheet
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.diagrams.syntax import parse_definition, read_definitions
from boardgen.booklet.problems import Problems
from boardgen.drawing.model import Circle, Text
from boardgen.drawing.svg import render_svg

from ..conftest import ROOT, run_boardgen

SVG = "{http://www.w3.org/2000/svg}"
HEX5 = Defaults("hex", 5, {"swap": "on"})


def checked(body: str, defaults: Defaults = HEX5):
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 10, problems)
    result = check_diagram(spec, defaults, problems)
    assert not problems, [str(p) for p in problems.items]
    return result


def roles(group) -> list[str]:
    found = [group.role]
    for child in group.children:
        if hasattr(child, "role"):
            found.extend(roles(child))
    return found


def texts(group) -> list[str]:
    return [shape.text for shape, _ in group.walk() if isinstance(shape, Text)]


def numbers(sheet) -> list[Text]:
    """The move numbers of a drawing, each in its badge (none in the moves' own marks)."""
    assert not texts(sheet.content.find("history")[0])
    return [shape for badge in sheet.content.find("move-number") for shape, _ in badge.walk() if isinstance(shape, Text)]


# -- syntax ---------------------------------------------------------------------------


def test_each_key_keeps_its_line_and_comments_are_skipped():
    problems = Problems()
    body = "# a comment\nsize: 5\n\nmoves: c3, d4\narrows: a1-b2-c3 e5-e4\nmarks: a1 b1\nillegal: c3 occupied\ncaptures: b2xd4 d4 f6\nwidth: 60mm\n"
    spec = parse_definition("x", body, Path("d.md"), 20, problems)
    assert not problems
    assert (spec.size.value, spec.size.line) == (5, 22)
    assert (spec.moves.value, spec.moves.line) == (["c3", "d4"], 24)
    assert [a.value for a in spec.arrows] == [("a1", "b2", "c3"), ("e5", "e4")]
    assert [m.value for m in spec.marks] == ["a1", "b1"]
    assert spec.illegal[0].value == ("c3", "occupied") and spec.illegal[0].line == 27
    assert spec.captures[0].value == ("b2xd4", ("d4", "f6"))
    assert spec.width.value == 60.0


@pytest.mark.parametrize(
    "body, message",
    [
        ("size five", "expected 'key: value'"),
        ("size: five", "size: expected a whole number"),
        ("size: 5\nsize: 6", "size is given twice"),
        ("numbers: maybe", "numbers: expected on, off or the number of the first move"),
        ("arrows: a1", "an arrow is written from-to"),
        ("illegal: e5", "write the move and the reason code"),
        ("captures: b2xd4", "write the move and then every point it captures"),
        ("wins: red", "wins: expected 0"),
        ("width: 5cm", "expected a width from 20mm to 170mm"),
        ("variant: swap", "expected name=value pairs"),
        ("moves:", "moves has no value"),
    ],
)
def test_malformed_lines_are_reported(body, message):
    problems = Problems()
    parse_definition("x", body, Path("d.md"), 1, problems)
    assert problems.items, body
    assert message in problems.items[0].message
    assert problems.items[0].line == 2 + body.count("\n")  # the last line is the faulty one


def test_definitions_file_ignores_other_blocks_and_rejects_bad_ids(tmp_path):
    path = tmp_path / "diagrams.md"
    path.write_text("Text.\n\n```python\nx = 1\n```\n\n```diagram Bad_Id\nsize: 5\n```\n\n```diagram ok\nsize: 5\n```\n")
    problems = Problems()
    specs = read_definitions(path, problems)
    assert [s.id for s in specs] == ["ok"]
    assert [(p.line, "```diagram ID" in p.message) for p in problems.items] == [(7, True)]


# -- drawing --------------------------------------------------------------------------


def test_moves_are_numbered_in_badges_beside_their_stones():
    diagram = checked("moves: c3 d3 b4")
    sheet = diagram_sheet(diagram, {"en": describe(diagram, "en", ("red", "blue"))})
    found = {t.text: t for t in numbers(sheet)}
    assert sorted(found) == ["1", "2", "3"]
    # Each number is beside its stone, in a white disc ringed in ink: outside every stone, touching its own.
    stones = {g.title.rsplit(" on ", 1)[1]: next(c for c, _ in g.walk() if isinstance(c, Circle)) for g in sheet.content.find("pieces")[0].children}
    for badge in sheet.content.find("move-number"):
        disc = next(c for c, _ in badge.walk() if isinstance(c, Circle))
        assert disc.style.fill == "#ffffff"
        gaps = {name: math.dist(disc.centre, stone.centre) - stone.radius for name, stone in stones.items()}
        assert min(gaps.values()) > 0  # its centre in no stone
        assert min(gaps.values()) < disc.radius  # and it touches one: its own
    own = next(b for b in sheet.content.find("move-number") if texts(b) == ["2"])
    disc = next(c for c, _ in own.walk() if isinstance(c, Circle))
    assert min(stones, key=lambda n: math.dist(disc.centre, stones[n].centre)) == "d3"
    assert found["1"].fill != "#ffffff"  # dark on the white badge
    assert len(stones) == 3 and diagram.board.size == 5


def test_first_number_and_numbers_off():
    assert sorted(t.text for t in numbers(diagram_sheet(checked("moves: c3 d3\nnumbers: 9"), {}))) == ["10", "9"]
    assert numbers(diagram_sheet(checked("moves: c3 d3\nnumbers: off"), {})) == []


def test_claims_draw_a_ghost_a_refusal_and_arrows():
    sheet = diagram_sheet(checked("moves: c3\nlegal: d4\nillegal: c3 occupied\narrows: a1-b2-c2\nmarks: e5"), {})
    found = roles(sheet.content)
    for role in ("ghost", "forbidden", "arrow", "mark"):
        assert role in found, role
    # The refusal is a barred circle (a ring and one slash), not the X of a captured piece.
    [refusal] = sheet.content.find("forbidden")
    shapes = [type(shape).__name__ for shape in refusal.children]
    assert set(shapes) == {"Circle", "Line"} and shapes.count("Circle") == shapes.count("Line")  # one ring, one slash (cased on a light ground)
    assert "cross" not in found and "capture-cross" not in found


def test_the_swap_leaves_a_numbered_outline_where_the_first_stone_was():
    sheet = diagram_sheet(checked("size: 7\nmoves: c2 swap\nillegal: swap no-swap", Defaults("hex", 7, {"swap": "on"})), {})
    history = sheet.content.find("history")[0]
    assert [g.role for g in history.children if hasattr(g, "role")] == ["replaced"]
    assert not texts(history) and sorted(t.text for t in numbers(sheet)) == ["1", "2"]


def test_a_big_board_shrinks_to_the_page_and_a_partial_view_crops_it():
    eleven = Defaults("hex", 11, {"swap": "on"})
    whole = diagram_sheet(checked("moves: f6", eleven), {})
    assert whole.width <= MAX_WIDTH_MM + 1e-6
    part = diagram_sheet(checked("moves: f6\nview: a1 d1 a3 d3", eleven), {})
    assert part.width < whole.width / 2 and part.height < whole.height / 2
    assert "view-frame" in roles(part.content)
    labels = texts(part.content.find("coordinate")[0])
    assert {"a", "b", "c", "1", "2", "3"} <= set(labels)
    assert "9" not in labels and "k" not in labels


def test_svg_carries_the_description_as_title():
    diagram = checked("moves: c3 d3")
    description = describe(diagram, "pt", ("vermelho", "azul"))
    assert description == "Diagrama de Hex, tabuleiro 5 × 5. Vermelho: c3. Azul: d3. Jogadas: 1. c3, 2. d3."
    root = ET.fromstring(render_svg(diagram_sheet(diagram, {"pt": description}, "pt-BR")))
    assert root.find(f"{SVG}title").text == description
    assert root.find(f"{SVG}desc").text == "hex position: 5/5/2rb1/5/5 r -"
    assert root.get("width").endswith("mm") and root.get("viewBox").startswith("0 0 ")


def test_every_definition_in_the_documentation_is_checked():
    problems = Problems()
    specs = read_definitions(ROOT / "docs" / "booklets.md", problems)
    assert len(specs) >= 7 and not problems.items
    for spec in specs:
        result = check_diagram(spec, Defaults("hex", 11, {"swap": "on"}), problems)
        assert result is not None, [str(p) for p in problems.items]
        assert diagram_sheet(result, {}).width > 0


def test_a_board_may_route_move_arrows_along_its_lines():
    diagram = checked("moves: c3")
    # Pretend the move was a step from a1 to e5, as on boards where pieces move.
    diagram.played[0] = type(diagram.played[0])(text="x", path=("a1", "e5"), kind="step")

    class Routed(type(diagram.board)):
        def move_route(self, path):
            return [self.locations()[path[0]], (0.0, 5.0), self.locations()[path[-1]]]

    diagram.board = Routed(5)
    history = diagram_sheet(diagram, {}).content.find("move-arrow")[0]
    shaft = [shape for shape, _ in history.walk() if type(shape).__name__ == "Polyline"][0]
    assert len(shaft.points) == 3  # through the board's waypoint, not straight


SURAKARTA = Defaults("surakarta", None, {"origin": "empty", "end_rule": "50", "corner_capture": "off"})


def circles_of(group) -> list[Circle]:
    return [shape for shape, _ in group.walk() if isinstance(shape, Circle)]


def shafts(group, role: str):
    """The green (not casing) line of every arrow with ``role``: its points."""
    found = []
    for arrow_group in group.find(role):
        lines = [shape for shape, _ in arrow_group.walk() if type(shape).__name__ == "Polyline"]
        found.append(lines[-1])
    return found


def piece_circle(sheet, name: str) -> Circle:
    return next(circles_of(piece)[0] for piece in sheet.content.find("pieces")[0].children if piece.title.endswith(f" on {name}"))


def test_arrows_start_at_the_rim_of_the_piece_and_leave_it_whole():
    # The piece on d3 has three legal steps and one illegal one (onto e4): four arrows from it.
    diagram = checked(
        "position: BBBBBB/BBBB1B/4B1/3W2/WW1WWW/WWWWWW w 2\nlegal: d3-c4 d3-c3 d3-c2\nillegal: d3-e4 occupied", SURAKARTA
    )
    sheet = diagram_sheet(diagram, {})
    mover, target = piece_circle(sheet, "d3"), piece_circle(sheet, "e4")
    legal, illegal = shafts(sheet.content, "legal-arrow"), shafts(sheet.content, "illegal-arrow")
    assert len(legal) == 3 and len(illegal) == 1
    for line in legal + illegal:
        x, y = line.points[0]
        gap = math.hypot(x - mover.centre[0], y - mover.centre[1]) - mover.radius
        # Outside the piece by the arrow's white casing (half its width) and a little air.
        assert gap >= (line.style.width + 0.7) / 2 + 0.15, gap
    # The illegal step stops at the rim of the piece it would land on (its head beyond the shaft).
    x, y = illegal[0].points[-1]
    assert math.hypot(x - target.centre[0], y - target.centre[1]) > target.radius
    # The legal steps go to empty points: their heads reach nearly to the centre.
    unit = math.hypot(target.centre[0] - mover.centre[0], target.centre[1] - mover.centre[1]) / math.sqrt(2)
    tips = [[shape for shape, _ in group.walk() if type(shape).__name__ == "Polygon"][-1].points[0] for group in sheet.content.find("legal-arrow")]
    reach = sorted(math.hypot(x - mover.centre[0], y - mover.centre[1]) / unit for x, y in tips)
    for got, wanted in zip(reach, [1.0, math.sqrt(2), math.sqrt(2)]):  # c3, then c2 and c4 diagonally
        assert wanted - 0.5 * mover.radius / unit <= got < wanted


def test_a_curved_arrow_is_cut_back_along_its_route():
    from boardgen.booklet.diagrams.geometry import line_length, trim_line

    # Round a corner: 1.5 mm from the start is past the first segment (1 mm long).
    cut = trim_line([(0.0, 0.0), (1.0, 0.0), (1.0, 5.0)], 1.5, 2.0)
    assert cut == [(1.0, 0.5), (1.0, 3.0)]
    quarter = [(math.cos(a * math.pi / 40), math.sin(a * math.pi / 40)) for a in range(21)]
    assert abs(line_length(trim_line(quarter, 0.3, 0.5)) - (line_length(quarter) - 0.8)) < 1e-9


def test_a_short_step_keeps_a_visible_arrow():
    from boardgen.booklet.diagrams.marks import arrow

    group = arrow([(0.0, 0.0), (4.0, 0.0)], radius=1.8, start_at_rim=True, end_at_rim=True)
    shaft = [shape for shape, _ in group.walk() if type(shape).__name__ == "Polyline"][-1]
    tip = [shape for shape, _ in group.walk() if type(shape).__name__ == "Polygon"][-1]
    assert shaft.points[0][0] < shaft.points[-1][0] <= tip.points[0][0] <= 4.0
    assert tip.points[0][0] - shaft.points[0][0] > 1.0


TRIHEX7 = Defaults("trihex", 7, {"swap": "on"})


def test_a_swap_in_place_is_drawn_as_a_ring_and_the_word_swap():
    # Trihex: the swap turns the first stone over where it stands; nothing moves, so no arrow.
    diagram = checked("moves: b3\nlegal: swap", TRIHEX7)
    sheet = diagram_sheet(diagram, {})
    stone = piece_circle(sheet, "b3")
    swap = sheet.content.find("swap")
    assert len(swap) == 1 and texts(swap[0]) == ["swap"]
    ring = circles_of(swap[0])[0]
    assert ring.centre == stone.centre and ring.radius > stone.radius and ring.style.dash
    assert not sheet.content.find("ghost") and not sheet.content.find("legal-arrow")


def test_a_forbidden_swap_strikes_the_word_beside_the_stone():
    diagram = checked("moves: b3 swap\nillegal: swap no-swap", TRIHEX7)
    sheet = diagram_sheet(diagram, {})
    label = sheet.content.find("illegal-swap")
    assert len(label) == 1 and texts(label[0]) == ["swap"]
    assert any(type(shape).__name__ == "Line" for shape, _ in label[0].walk())  # struck through
    # The stone keeps its move number in sight: no mark on it.
    assert not sheet.content.find("forbidden") and not sheet.content.find("capture-cross")
    assert "2" in [t.text for t in numbers(sheet)]


def test_the_swap_label_keeps_clear_of_stones_and_outlines():
    from boardgen.booklet.diagrams.geometry import box_meets_circle
    from boardgen.drawing.bounds import ink_bounds

    # Hex: after c2 swap, a stone on b3 and the outline of the first stone on c2, just above it.
    diagram = checked("size: 7\nmoves: c2 swap\nillegal: swap no-swap", Defaults("hex", 7, {"swap": "on"}))
    sheet = diagram_sheet(diagram, {})
    box = ink_bounds(sheet.content.find("illegal-swap")[0])
    outline = circles_of(sheet.content.find("replaced")[0])[0]
    stone = piece_circle(sheet, "b3")
    for circle in (outline, stone):
        assert not box_meets_circle(box, 0.0, circle.centre, circle.radius)


# -- the command ----------------------------------------------------------------------


def test_diagram_command_writes_svg_and_pdf(tmp_path):
    out = tmp_path / "d.svg"
    result = run_boardgen("diagram", "hex", "--size", "5", "c3", "d3", "--mark", "e5", "--arrow", "a1-b2", "-o", str(out))
    assert result.returncode == 0, result.stderr
    root = ET.fromstring(out.read_bytes())
    assert "Laranja: c3" in root.find(f"{SVG}title").text and "Orange: c3" in root.find(f"{SVG}title").text
    pdf = tmp_path / "d.pdf"
    result = run_boardgen("diagram", "hex", "--size", "5", "c3", "--illegal", "c3 occupied", "--lang", "en", "-o", str(pdf))
    assert result.returncode == 0, result.stderr
    assert len(PdfReader(pdf).pages) == 1


def test_diagram_command_refuses_an_illegal_move_with_the_reason(tmp_path):
    out = tmp_path / "d.svg"
    result = run_boardgen("diagram", "hex", "--size", "5", "c3", "c3", "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.strip() == "boardgen: error: moves: move 2 (c3) is illegal: c3: the cell already holds a red stone"
    assert not out.exists()
    wrong = run_boardgen("diagram", "hex", "--size", "5", "c3", "--illegal", "c3 off-board", "-o", str(out))
    assert wrong.returncode == 2 and "for another reason" in wrong.stderr and not out.exists()


OPTION_MISTAKES = [
    ("moves", {"moves": ["c3", "c3"]}, "move 2 (c3) is illegal: c3: the cell already holds a red stone"),
    ("position", {"position": "xx"}, "expected 2 or 3 fields 'ROWS SIDE [SWAP]'"),
    ("arrows", {"moves": ["c3"], "arrows": ["c3-zz"]}, "no point or cell 'zz' on this board"),
    ("marks", {"marks": ["zz", "yy"]}, "no point or cell 'zz' on this board (and 1 more)"),
    ("view", {"view": ["zz"]}, "no point or cell 'zz'"),
    ("legal", {"moves": ["c3"], "legal": ["c3"]}, "c3 is claimed legal, but the engine refuses it"),
    ("illegal", {"illegal": [("c3", "occupied")]}, "c3 is claimed illegal (occupied), but it is a legal move here"),
    ("wins", {"wins": 0}, "player 0 is claimed to have won, but the game is not over"),
]


@pytest.mark.parametrize(("keyword", "given", "reason"), OPTION_MISTAKES, ids=[k for k, _, _ in OPTION_MISTAKES])
def test_a_diagram_from_arguments_names_the_argument_it_refuses(keyword, given, reason):
    """checked_from_options raises OptionError(argument): the library names its keyword, a caller its own name."""
    from boardgen.booklet.diagrams.render import checked_from_options
    from boardgen.errors import OptionError

    variants = {"swap": "off"}
    with pytest.raises(OptionError) as caught:
        checked_from_options("hex", size=5, variants=variants, **given)
    assert caught.value.option == keyword and str(caught.value).startswith(f"{keyword}: ") and reason in str(caught.value)
    flag = "--" + keyword.rstrip("s")
    with pytest.raises(OptionError) as renamed:
        checked_from_options("hex", size=5, variants=variants, names={keyword: flag}, **given)
    assert renamed.value.option == flag and str(renamed.value) == f"{flag}: " + str(caught.value).removeprefix(f"{keyword}: ")


def test_arrow_option_still_names_a_malformed_arrow():
    """The older ``arrow_option=`` (the diagram command's) names the arrows like ``names={"arrows": ...}``."""
    from boardgen.booklet.diagrams.render import checked_from_options
    from boardgen.errors import OptionError

    for extra, name in (({}, "arrows"), ({"arrow_option": "--arrow"}, "--arrow"), ({"names": {"arrows": "ARROW"}}, "ARROW")):
        with pytest.raises(OptionError) as caught:
            checked_from_options("hex", size=5, variants={}, arrows=["c3"], **extra)
        assert str(caught.value) == f"{name}: expected FROM-TO (or a-b-c), not 'c3'"


def test_diagram_command_describes_pieces_in_the_booklets_words(tmp_path):
    """``boardgen diagram`` speaks like the booklet: Assalto's officers are 'cavaleiros' in Portuguese."""
    from ..conftest import run_boardgen

    out = tmp_path / "a.svg"
    result = run_boardgen("diagram", "assalto", "d4-d5", "-o", str(out))
    assert result.returncode == 0, result.stderr
    title = out.read_text().split("<title>", 1)[1].split("</title>", 1)[0]
    assert "cavaleiros c6, e6" in title and "oficiais" not in title


def test_description_numbers_moves_only_when_the_drawing_does(tmp_path):
    from boardgen.booklet.diagrams.check import Defaults, check_diagram
    from boardgen.booklet.diagrams.words import describe
    from boardgen.booklet.diagrams.syntax import parse_definition
    from boardgen.booklet.problems import Problems

    def described(numbers: str) -> str:
        problems = Problems()
        spec = parse_definition("d1", f"game: hex\nsize: 5\nmoves: c3 b2\nnumbers: {numbers}\n", tmp_path / "diagrams.md", 1, problems)
        checked = check_diagram(spec, Defaults("hex", 5, {"swap": "on"}), problems)
        assert checked is not None, [p.message for p in problems.items]
        return describe(checked, "en")

    assert "Moves: 1. c3, 2. b2." in described("on")
    assert "Moves: 7. c3, 8. b2." in described("7")
    assert "Moves: c3, b2." in described("off")


# -- turns that place several pieces ----------------------------------------------------

ASSALTO_FREE = Defaults("assalto", None, {"officer_start": "free"})


def test_a_turn_that_places_two_pieces_numbers_both_and_draws_no_arrow():
    diagram = checked("moves: c6+e6 c4-c5", ASSALTO_FREE)
    assert diagram.played[0].kind == "place" and diagram.played[0].path == ("c6", "e6")
    sheet = diagram_sheet(diagram, {})
    history = sheet.content.find("history")[0]
    assert sorted(t.text for t in numbers(sheet)) == ["1", "1", "2"]
    assert len(history.find("move-arrow")) == 1  # the pawn's step only, nothing between c6 and e6
    # Each "1" is beside one of the two officers (nearer to it than to any other piece).
    officers = [next(c for c, _ in g.walk() if isinstance(c, Circle)) for g in sheet.content.find("piece-player-1")]
    everyone = [next(c for c, _ in g.walk() if isinstance(c, Circle)) for g in sheet.content.find("pieces")[0].children]
    ones = [b for b in sheet.content.find("move-number") if texts(b) == ["1"]]
    nearest = {id(min(everyone, key=lambda c: math.dist(c.centre, next(d for d, _ in b.walk() if isinstance(d, Circle)).centre))) for b in ones}
    assert nearest == {id(c) for c in officers} and len(officers) == 2


def test_a_claimed_placement_shows_a_ghost_on_each_point_and_a_refused_one_a_refusal_on_each():
    sheet = diagram_sheet(checked("legal: c6+e6\nillegal: c6+c6 occupied", ASSALTO_FREE), {})
    claims = sheet.content.find("claims")[0]
    assert len(claims.find("ghost")) == 2 and not claims.find("legal-arrow")
    assert len(claims.find("forbidden")) == 2 and not claims.find("illegal-arrow")
