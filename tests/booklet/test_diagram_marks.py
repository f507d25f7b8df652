"""Each mark of every booklet diagram carries the one meaning its legend gives it.

Read from the drawing model (the shapes a diagram is made of, before any SVG),
over every diagram of every booklet in ``rules_text/`` (found from the
sources, never listed here):

* an X is drawn only on a piece that a drawn move captures (a capture claim,
  or a capture among the moves played): "captured", and nothing else;
* a refusal mark (the slashed ring where a forbidden move would land) is never
  on a point that an arrow of a legal move of the same diagram reaches or
  passes: the picture would say "forbidden" of a square the caption plays to;
* a move number is set in a badge beside its piece: never inside a piece's
  disc, where the legend of a race game reads it as a stack, and where a
  chess glyph or a printed board mark under it makes it unreadable;
* a place a played move emptied by capturing is marked captured (Awelé's pit
  harvested where the last seed fell), and a move number a caption names,
  "(2)", is drawn.

The drawing rules themselves are checked on definitions written here.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from boardgen.booklet.build import load_checked
from boardgen.booklet.check import game_folders
from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.draw import UNIT_MM, diagram_sheet
from boardgen.booklet.diagrams.painter import Painter
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.problems import Problems
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Circle, Group, Line, Polygon, Polyline, Text
from boardgen.drawing.svg import render_svg
from boardgen.engine.base import Move

LEGAL_ARROWS = ("legal-arrow", "capture-arrow", "move-arrow", "arrow")  # played, claimed legal, and the author's own
CROSS_ROLES = ("capture-cross", "captured-cross", "cross")
SVG_NS = "{http://www.w3.org/2000/svg}"


def booklet_games() -> list[str]:
    return sorted(folder.name for folder in game_folders())


@cache
def drawn(game: str) -> list[tuple[str, CheckedDiagram, Painter, Group]]:
    """(id, checked diagram, its painter, its drawing) for every diagram of a game's booklet."""
    folder = next(f for f in game_folders() if f.name == game)
    sources = load_checked(folder)
    found = []
    for ident, diagram in sorted(sources.diagrams.items()):
        painter = Painter(diagram, Frame(UNIT_MM))
        found.append((ident, diagram, painter, painter.draw()))
    assert found, f"{game}: no diagram found"
    return found


def all_groups(root: Group) -> list[Group]:
    found = []

    def visit(group: Group) -> None:
        found.append(group)
        for child in group.children:
            if isinstance(child, Group):
                visit(child)

    visit(root)
    return found


def with_role(root: Group, *roles: str) -> list[Group]:
    return [g for g in all_groups(root) if g.role in roles]


def cross_centre(group: Group) -> tuple[float, float]:
    line = next(shape for shape in group.children if isinstance(shape, Line))
    return ((line.start[0] + line.end[0]) / 2, (line.start[1] + line.end[1]) / 2)


def arrow_line(group: Group) -> list[tuple[float, float]]:
    shafts = [shape for shape in group.children if isinstance(shape, Polyline)]
    heads = [shape for shape in group.children if isinstance(shape, Polygon)]
    return list(shafts[-1].points) + [heads[-1].points[0]] if shafts and heads else []


def distance_to(line: list[tuple[float, float]], p: tuple[float, float]) -> float:
    best = math.inf
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        dx, dy = x1 - x0, y1 - y0
        d2 = dx * dx + dy * dy
        t = 0.0 if d2 == 0 else min(1.0, max(0.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / d2))
        best = min(best, math.hypot(p[0] - x0 - dx * t, p[1] - y0 - dy * t))
    return best


def captured_points(diagram: CheckedDiagram) -> set[str]:
    """The pieces a drawn move captures: the victims of the capture claims and of the moves played (a swap takes none)."""
    points = {name for move in diagram.captures for name in move.captures}
    points |= {name for move in diagram.played if move.kind != "swap" for name in move.captures}
    return points


def near(a: tuple[float, float], b: tuple[float, float], tolerance: float = 0.05) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= tolerance


@pytest.mark.parametrize("game", booklet_games())
def test_an_x_is_drawn_only_on_a_piece_a_drawn_move_captures(game: str) -> None:
    wrong = []
    for ident, diagram, painter, drawing in drawn(game):
        allowed = [painter._claim_place(name)[0] for name in captured_points(diagram) if name in painter.names]
        allowed += [painter.at(name) for name in captured_points(diagram) if name in painter.names]
        for group in with_role(drawing, *CROSS_ROLES):
            centre = cross_centre(group)
            if not any(near(centre, place) for place in allowed):
                wrong.append(f"{ident}: an X at {tuple(round(c, 1) for c in centre)} on no captured piece")
        wrong += [f"{ident}: a cross of role {g.role}" for g in all_groups(drawing) if g.role.endswith("cross") and g.role not in CROSS_ROLES]
    assert not wrong, f"{game}: {wrong}"


@pytest.mark.parametrize("game", booklet_games())
def test_no_refusal_mark_lies_where_a_legal_arrow_reaches_or_passes(game: str) -> None:
    wrong = []
    for ident, diagram, painter, drawing in drawn(game):
        legal = [arrow_line(g) for g in with_role(drawing, *LEGAL_ARROWS)]
        # Where a move drawn as an arrow ends (a placement has no arrow: a refusal on the stone it placed is "occupied").
        reached = {move.path[-1] for move in (*diagram.legal, *diagram.captures, *diagram.played) if move.path and move.kind != "place"}
        for mark in with_role(drawing, "forbidden"):
            ring = next(shape for shape in mark.children if isinstance(shape, Circle))
            assert mark.title is not None
            point = mark.title.rsplit(" ", 1)[1]
            if point in reached:
                wrong.append(f"{ident}: {mark.title}, where a legal move goes")
            for line in legal:
                gap = distance_to(line, ring.centre)
                if gap < painter.radius:
                    wrong.append(f"{ident}: {mark.title}, {gap:.1f} mm from a legal arrow")
    assert not wrong, f"{game}: {wrong}"


@pytest.mark.parametrize("game", booklet_games())
def test_every_move_number_is_in_a_badge_beside_its_piece_never_inside_a_disc(game: str) -> None:
    wrong = []
    for ident, _, painter, drawing in drawn(game):
        wrong += [f"{ident}: a number {t.text} among the moves' marks" for t, _ in drawing.find("history")[0].walk() if isinstance(t, Text)]
        # Every piece as the board drew it (several may share a place: Ringo's citadel), and each place's own disc.
        drawn_discs = [(c.centre, c.radius) for g in with_role(drawing, "pieces") for c, _ in g.walk() if isinstance(c, Circle) and c.radius >= 0.6 * painter.radius]
        discs = drawn_discs + [(painter.at(name), painter.radius) for name in painter.occupied | painter.replaced if name in painter.names]
        for badge in with_role(drawing, "move-number"):
            disc = next(shape for shape in badge.children if isinstance(shape, Circle))
            [text] = [shape for shape in badge.children if isinstance(shape, Text)]
            # The number's own middle (its baseline sits below the badge's centre), in no piece.
            middle = (text.position[0], text.position[1] - text.size * 0.36)
            if any(math.dist(middle, c) < r for c, r in discs) or any(math.dist(disc.centre, c) < r for c, r in discs):
                wrong.append(f"{ident}: move number {text.text} inside a piece")
            if not any(math.dist(disc.centre, c) < r + 1.5 * disc.radius for c, r in discs):
                wrong.append(f"{ident}: move number {text.text} beside no piece")
    assert not wrong, f"{game}: {wrong}"


@pytest.mark.parametrize("game", booklet_games())
def test_every_place_a_played_move_emptied_by_capture_is_marked_captured(game: str) -> None:
    """Awelé's early win harvests d2, the pit its last seed fell in: that pit is marked like e2 and f2."""
    wrong = []
    for ident, diagram, painter, drawing in drawn(game):
        occupied = {name for name, _ in diagram.final.placements()}
        taken = {name for move in diagram.played if move.kind != "swap" for name in move.captures}
        marked = {g.title.rsplit(" ", 1)[1] for g in with_role(drawing, "captured") if g.title}
        wrong += [f"{ident}: {name} unmarked" for name in sorted(taken - occupied - marked) if name in painter.names]
    assert not wrong, f"{game}: {wrong}"


def test_the_awele_early_win_marks_all_three_harvested_pits() -> None:
    [(_, _, _, drawing)] = [entry for entry in drawn("awele") if entry[0] == "early-win"]
    assert sorted(g.title for g in with_role(drawing, "captured")) == ["captured on d2", "captured on e2", "captured on f2"]


@pytest.mark.parametrize("ink", ["full", "light", "mono"])
def test_the_refusal_mark_is_drawn_in_the_inks_dark_colour_and_is_no_x(ink: str) -> None:
    from boardgen.booklet.diagrams.board_layer import diagram_ink
    from boardgen.booklet.diagrams.marks import forbidden
    from boardgen.drawing import palette

    with diagram_ink(ink):  # type: ignore[arg-type]
        mark = forbidden((10.0, 10.0), 3.0)
        dark, paper = palette.current().cross, palette.current().paper
    strokes = [shape.style.stroke for shape in mark.children]
    assert strokes.count(dark) == 2 and strokes.count(paper) == 2  # ring and slash, each on its white casing
    lines = [shape for shape in mark.children if isinstance(shape, Line)]
    assert len(lines) == 2 and lines[0].start == lines[1].start  # one slash (an X has two strokes crossing)
    ring = next(shape for shape in mark.children if isinstance(shape, Circle))
    assert ring.radius < 3.0  # smaller than the piece: what stands there stays in sight
    with diagram_ink(ink):  # type: ignore[arg-type]
        on_dark = forbidden((10.0, 10.0), 3.0, on="#202020")
        on_light = forbidden((10.0, 10.0), 3.0, on="#f8f8f0")
        paper = palette.current().paper
    assert {shape.style.stroke for shape in on_dark.children} == {paper} and len(on_dark.children) == 2  # white, uncased
    assert [shape.style.stroke for shape in on_light.children] == strokes  # on a light piece, as on the board


def test_a_refused_placement_marks_only_the_point_that_refuses_it() -> None:
    """Seega's placement-turn: a1+c3 is refused for the centre; a1 is a legal place and carries no mark."""
    problems = Problems()
    spec = parse_definition("d", "moves: b2+d4 c4+d2\nillegal: a1+c3 centre", Path("diagrams.md"), 1, problems)
    diagram = check_diagram(spec, Defaults("seega", None, {}), problems)
    assert diagram is not None and not problems
    painter = Painter(diagram, Frame(UNIT_MM))
    drawing = painter.draw()
    assert [g.title for g in with_role(drawing, "forbidden")] == ["a forbidden move would end on c3"]


@pytest.mark.parametrize("game", booklet_games())
def test_a_move_number_a_caption_names_is_drawn(game: str) -> None:
    """A caption's "(2)" points at a badge: the number must be in the picture (a moved-on piece's is not)."""
    folder = next(f for f in game_folders() if f.name == game)
    badges = {ident: {t.text for g in with_role(drawing, "move-number") for t, _ in g.walk() if isinstance(t, Text)} for ident, _, _, drawing in drawn(game)}
    wrong = []
    for path in sorted(folder.glob("*.md")):
        if path.name == "diagrams.md":
            continue
        for block in re.finditer(r"```diagram (\S+)\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
            ident, caption = block.group(1), block.group(2)
            missing = set(re.findall(r"\((\d+)\)", caption)) - badges.get(ident, set())
            wrong += [f"{path.name} {ident}: ({n}) is not drawn" for n in sorted(missing)]
    assert not wrong, f"{game}: {wrong}"


# -- placements that remove pieces -------------------------------------------------------------
#
# No game of the series places and removes in one move yet; nine men's morris does (a mill:
# d1xd7 places on d1 and takes d7).  Seega's placement phase stands in for such a game: its engine
# refuses the text c1xb1 (code syntax), so the claim passes the checker as a real booklet claim
# would, and a placement that captures is given to the painter as such an engine would list it.

SEEGA_PLACING = "position: 5/5/5/WB3/WB3 w p 0"  # White on a1 and a2, Black on b1 and b2, White to place


def svg_of(body: str, captures: list | None = None) -> ET.Element:
    """The diagram's SVG, parsed: what the file says, not the drawing model."""
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 1, problems)
    diagram = check_diagram(spec, Defaults("seega", None, {}), problems)
    assert diagram is not None and not problems, [str(p) for p in problems.items]
    if captures is not None:
        diagram.captures = captures
    return ET.fromstring(render_svg(diagram_sheet(diagram, {"en": "d"})))


def groups_of(svg: ET.Element, role: str) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG_NS}g") if g.get("class") == role]


def centre_of(group: ET.Element) -> tuple[float, float]:
    circle = next(group.iter(f"{SVG_NS}circle"))
    return float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))


def piece_centre(svg: ET.Element, name: str) -> tuple[float, float]:
    [piece] = [g for g in svg.iter(f"{SVG_NS}g") if (g.get("class") or "").startswith("piece-player-") and (g.findtext(f"{SVG_NS}title") or "").endswith(f" on {name}")]
    return centre_of(piece)


def test_a_refused_removal_is_a_refusal_on_the_piece_it_would_take_not_an_arrow() -> None:
    svg = svg_of(f"{SEEGA_PLACING}\nillegal: c1xb1 syntax")
    assert groups_of(svg, "illegal-arrow") == []  # no piece travels from c1 to b1
    [mark] = groups_of(svg, "forbidden")
    assert mark.findtext(f"{SVG_NS}title") == "the piece on b1 may not be removed"
    assert near(centre_of(mark), piece_centre(svg, "b1"), 0.01)  # on the black piece of b1 (the one the claim takes)
    # Drawn as a mark on a dark piece is: in the paper's colour, uncased (two shapes, no white casing under a dark one).
    assert len(list(mark)) == 3  # title, ring, slash


def test_a_refused_move_from_a_piece_is_still_an_arrow() -> None:
    """Only a text whose first point is empty and placeable reads as a removal: a2xb2 starts at a piece."""
    svg = svg_of(f"{SEEGA_PLACING}\nillegal: a2xb2 syntax")
    assert len(groups_of(svg, "illegal-arrow")) == 1
    [mark] = groups_of(svg, "forbidden")
    assert mark.findtext(f"{SVG_NS}title") == "a forbidden move would end on b2"


def test_a_placement_that_captures_gets_a_ghost_where_it_lands_and_an_x_on_its_victim() -> None:
    placing = Move("c1xb1", ("c1",), ("b1",), "place")
    svg = svg_of(SEEGA_PLACING, captures=[placing])
    [ghost] = groups_of(svg, "ghost")
    assert ghost.findtext(f"{SVG_NS}title") == "possible move on c1"
    a1, b1 = piece_centre(svg, "a1"), piece_centre(svg, "b1")
    c1 = (2 * b1[0] - a1[0], 2 * b1[1] - a1[1])  # the next cell of row 1: a1, b1, c1 are equally spaced
    assert near(centre_of(ghost), c1, 0.01)
    [cross] = groups_of(svg, "capture-cross")
    line = next(cross.iter(f"{SVG_NS}line"))
    middle = ((float(line.get("x1", "0")) + float(line.get("x2", "0"))) / 2, (float(line.get("y1", "0")) + float(line.get("y2", "0"))) / 2)
    assert near(middle, b1, 0.01)
    assert groups_of(svg, "capture-arrow") == []  # a placement travels no way
