"""The drawings of the four line-and-point boards carry the meaning games.md gives them.

Each board is drawn through a known frame and its shapes are read back by the
role of their group, mapped back to board units and compared with facts
written out here from games.md (sections 3-6), not with the code's own tables
where games.md states them: circuits and loops of Surakarta, cells and the
neutral segment of Ringo, the colour of every Brax line, the Assalto fortress.
Light ink must have no solid area larger than a piece, and the colours that
carry meaning must differ in lightness or pattern.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from boardgen.boards.base import BoardOptions
from boardgen.drawing import palette
from boardgen.drawing.bounds import shape_box
from boardgen.drawing.fonts import metrics
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Arc, Circle, Group, Line, Path, Polygon, Text
from boardgen.errors import BoardgenError
from boardgen.sheets.paper import parse_paper
from boardgen.registry import get_game
from boardgen.sheets.single import board_sheet

SCALE = 10.0
ORIGIN = (100.0, 200.0)
FRAME = Frame(SCALE, ORIGIN)
GAMES = ("surakarta", "ringo", "brax", "assalto")


def board_of(game: str):
    return get_game(game).load_board()()


def draw(game: str, **options) -> Group:
    return board_of(game).draw(FRAME, BoardOptions(**options))


def to_board(point: tuple[float, float]) -> tuple[float, float]:
    """Sheet mm back to board units (rounded so grid points compare exactly)."""
    return (round((point[0] - ORIGIN[0]) / SCALE, 6), round((ORIGIN[1] - point[1]) / SCALE, 6))


def name_at(point: tuple[float, float]) -> str:
    x, y = to_board(point)
    assert x == int(x) and y == int(y), (x, y)
    return "abcdefghi"[int(x)] + str(int(y) + 1)


def shapes(group: Group, role: str, kind=None) -> list:
    """Every shape below the groups with this role (of one type when ``kind`` is given)."""
    found = [shape for g in group.find(role) for shape, _ in g.walk()]
    return [s for s in found if kind is None or isinstance(s, kind)]


def segment(line: Line) -> frozenset[str]:
    return frozenset((name_at(line.start), name_at(line.end)))


def engine_start(game: str) -> Counter:
    state = get_game(game).load_engine().initial()
    return Counter((name, piece.owner, piece.kind) for name, piece in state.placements())


# -- all four boards ------------------------------------------------------------------

START_COUNTS = {"surakarta": {0: 12, 1: 12}, "ringo": {0: 7, 1: 4}, "brax": {0: 7, 1: 7}, "assalto": {0: 24, 1: 2}}


@pytest.mark.parametrize("game", GAMES)
def test_start_marks_and_placements_match_the_rules_engine(game):
    board = board_of(game)
    assert Counter(board.start_marks().values()) == START_COUNTS[game]
    placed = Counter((name, piece.owner, piece.kind) for name, piece in board.start_placements())
    assert placed == engine_start(game)
    assert {name: owner for (name, owner, _) in placed} == board.start_marks()
    assert set(board.start_marks()) <= set(board.locations())


@pytest.mark.parametrize("game", GAMES)
def test_default_marks_start_points_and_setup_draws_the_pieces(game):
    board = board_of(game)
    plain = draw(game)
    for owner, count in START_COUNTS[game].items():
        assert len(plain.find(f"start-player-{owner}")) == 1
        assert plain.find(f"piece-player-{owner}") == []
    setup = draw(game, setup=True)
    for owner, count in START_COUNTS[game].items():
        pieces = setup.find(f"piece-player-{owner}")
        assert len(pieces) == count
    # Each piece sits where its start mark says.
    where = Counter()
    for owner in (0, 1):
        for piece in setup.find(f"piece-player-{owner}"):
            centre = next(s for s, _ in piece.walk() if isinstance(s, Circle)).centre
            x, y = to_board(centre)
            nearest = min(board.locations(), key=lambda n: math.dist(board.locations()[n], (x, y)))
            assert math.dist(board.locations()[nearest], (x, y)) < 1e-6
            where[nearest, owner] += 1
    assert where == Counter({(name, owner): 1 for name, owner in board.start_marks().items()})


@pytest.mark.parametrize("game", GAMES)
def test_coordinates_can_be_switched_off(game):
    assert draw(game, coordinates=False).find("coordinate") == []
    texts = shapes(draw(game), "coordinate", Text)
    assert texts and all(t.font == "sans" for t in texts)


def _area_mm2(shape) -> float:
    x0, y0, x1, y1 = shape_box(shape)
    return (x1 - x0) * (y1 - y0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("setup", [False, True])
def test_light_ink_has_no_solid_area_larger_than_a_piece(game, setup):
    board = board_of(game)
    piece_box = (FRAME.length(board.piece_diameter) + 1.0) ** 2  # a piece's square plus its outline
    drawing = draw(game, ink="light", setup=setup)
    for shape, roles in drawing.walk():
        if isinstance(shape, Text) or shape.style.fill in (None, palette.DEFAULT.paper):
            continue  # unfilled, hatched, or paper white behind a label: no ink area
        assert _area_mm2(shape) <= piece_box, (roles, shape)


@pytest.mark.parametrize("game", GAMES)
def test_full_ink_has_solid_areas_only_where_meant(game):
    """Sanity for the test above: full ink does fill (Ringo cells, the Assalto fortress) or is line work."""
    drawing = draw(game)
    big = [roles for shape, roles in drawing.walk() if not isinstance(shape, Text) and shape.style.fill not in (None, palette.DEFAULT.paper) and _area_mm2(shape) > (FRAME.length(1.0)) ** 2]
    expected = {"surakarta": False, "ringo": True, "brax": False, "assalto": True}[game]
    assert bool(big) == expected


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("ink", ["full", "light"])
def test_sheets_lay_out_on_every_paper(game, paper, ink):
    sheet = board_sheet(board_of(game), parse_paper(paper), BoardOptions(ink=ink))
    assert sheet.width < sheet.height  # square-ish boards stand upright
    sheet = board_sheet(board_of(game), parse_paper(paper), BoardOptions(ink=ink), cell_mm=12.0)
    assert sheet.subject


@pytest.mark.parametrize("game", GAMES)
def test_line_widths_grow_with_the_scale_within_clamps(game):
    def widest(scale):
        drawing = board_of(game).draw(Frame(scale), BoardOptions(coordinates=False))
        return max(s.style.width for s, _ in drawing.walk() if not isinstance(s, Text) and s.style.stroke)

    assert widest(4.0) < widest(15.0)
    assert widest(15.0) <= widest(60.0) <= 4.0  # clamped: a poster board keeps printable lines


# -- Surakarta ---------------------------------------------------------------------------

SURAKARTA_INNER_LINES = {"rows": (2, 5), "columns": "be"}
SURAKARTA_OUTER_LINES = {"rows": (3, 4), "columns": "cd"}


def _lines_on(rows, columns) -> set[frozenset[str]]:
    found = set()
    for r in rows:
        found |= {frozenset((f"{a}{r}", f"{b}{r}")) for a, b in zip("abcde", "bcdef")}
    for c in columns:
        found |= {frozenset((f"{c}{i}", f"{c}{i + 1}")) for i in range(1, 6)}
    return found


def test_surakarta_circuits_are_in_their_own_colours_lines_and_loops_alike():
    drawing = draw("surakarta")
    inner_lines = shapes(drawing, "circuit-inner", Line)
    outer_lines = shapes(drawing, "circuit-outer", Line)
    plain_lines = shapes(drawing, "plain", Line)
    assert {segment(l) for l in inner_lines} == _lines_on(**SURAKARTA_INNER_LINES)
    assert {segment(l) for l in outer_lines} == _lines_on(**SURAKARTA_OUTER_LINES)
    assert {segment(l) for l in plain_lines} == _lines_on((1, 6), "af")
    assert (len(inner_lines), len(outer_lines), len(plain_lines)) == (20, 20, 20)
    inner_arcs, outer_arcs = shapes(drawing, "circuit-inner", Arc), shapes(drawing, "circuit-outer", Arc)
    assert len(inner_arcs) == len(outer_arcs) == 4
    assert len([s for s, _ in drawing.walk() if isinstance(s, Arc)]) == 8
    assert shapes(drawing, "plain", Arc) == []
    for group_shapes, colour in ((inner_lines + inner_arcs, palette.DEFAULT.circuit_inner), (outer_lines + outer_arcs, palette.DEFAULT.circuit_outer)):
        assert {s.style.stroke for s in group_shapes} == {colour}
        assert len({s.style.width for s in group_shapes}) == 1
    assert {s.style.stroke for s in plain_lines} == {palette.DEFAULT.ink}


def _arc_end(arc: Arc, angle: float) -> tuple[float, float]:
    return to_board((arc.centre[0] + arc.radius * math.cos(math.radians(angle)), arc.centre[1] + arc.radius * math.sin(math.radians(angle))))


@pytest.mark.parametrize("role, radius", [("circuit-inner", 1.0), ("circuit-outer", 2.0)])
def test_surakarta_loops_are_three_quarter_circles_outside_the_grid_meeting_their_lines_tangentially(role, radius):
    drawing = draw("surakarta")
    lines = {segment(l) for l in shapes(drawing, role, Line)}
    corners = set()
    for arc in shapes(drawing, role, Arc):
        centre = to_board(arc.centre)
        corners.add(name_at(arc.centre))
        assert arc.radius == pytest.approx(radius * SCALE)
        assert arc.end - arc.start == pytest.approx(270.0)
        middle = _arc_end(arc, (arc.start + arc.end) / 2)
        assert not (0 <= middle[0] <= 5 and 0 <= middle[1] <= 5)  # the arc runs outside the square
        for angle in (arc.start, arc.end):
            end = _arc_end(arc, angle)
            end = (round(end[0], 6), round(end[1], 6))
            radial = (end[0] - centre[0], end[1] - centre[1])
            assert sorted(map(abs, radial)) == [0.0, radius]  # the end lies on an edge line of the grid
            tangent = (-radial[1] / radius, radial[0] / radius)
            # The grid line through the end runs along the tangent, into the square, in the loop's colour.
            inward = [(end[0] + s * tangent[0], end[1] + s * tangent[1]) for s in (1, -1)]
            inside = [p for p in inward if 0 <= p[0] <= 5 and 0 <= p[1] <= 5]
            assert len(inside) == 1
            x, y = int(end[0]), int(end[1])
            nx, ny = int(round(inside[0][0])), int(round(inside[0][1]))
            assert frozenset((f"{'abcdef'[x]}{y + 1}", f"{'abcdef'[nx]}{ny + 1}")) in lines
    assert corners == {"a1", "f1", "a6", "f6"}


def test_surakarta_circuits_differ_in_grey_and_in_width_and_in_pattern_in_every_ink():
    assert abs(palette.lightness(palette.DEFAULT.circuit_inner) - palette.lightness(palette.DEFAULT.circuit_outer)) >= 15
    for ink in ("full", "light", "mono"):
        drawing = draw("surakarta", ink=ink)
        inner = shapes(drawing, "circuit-inner", Line)[0].style
        outer = shapes(drawing, "circuit-outer", Line)[0].style
        plain = shapes(drawing, "plain", Line)[0].style
        assert outer.width >= inner.width * 1.3 and inner.width >= plain.width * 1.5
        # the inner circuit is dashed in every ink (issue 17: a pattern as well as a colour)
        assert inner.dash and not outer.dash and not plain.dash, ink


def test_surakarta_start_points_are_rows_1_2_and_5_6():
    drawing = draw("surakarta")
    white = {name_at(c.centre) for c in shapes(drawing, "start-player-0", Circle)}
    black = {name_at(c.centre) for c in shapes(drawing, "start-player-1", Circle)}
    assert white == {f"{c}{r}" for c in "abcdef" for r in (1, 2)}
    assert black == {f"{c}{r}" for c in "abcdef" for r in (5, 6)}


def test_surakarta_coordinates_stay_clear_of_the_loops():
    drawing = draw("surakarta")
    texts = shapes(drawing, "coordinate", Text)
    assert sorted(t.text for t in texts) == sorted([*"abcdef"] * 2 + [str(i) for i in range(1, 7)] * 2)
    loops = [s for s, _ in drawing.walk() if isinstance(s, Arc)]
    outer = max(shape_box(a)[2] for a in loops), min(shape_box(a)[0] for a in loops)
    for text in texts:
        box = shape_box(text)
        assert box[0] > outer[0] or box[2] < outer[1] or box[1] > max(shape_box(a)[3] for a in loops) or box[3] < min(shape_box(a)[1] for a in loops)


# -- Ringo ---------------------------------------------------------------------------------

RINGO_SHADES = ("cell-citadel", "cell-light", "cell-dark", "cell-neutral-light", "cell-neutral-dark")


def _ringo_cells(drawing) -> dict[str, tuple[str, list]]:
    """cell name -> (role, shapes), read from the cell groups' titles."""
    found = {}
    for role in RINGO_SHADES:
        for group in drawing.find(role):
            name = group.title.split(":")[0]
            found[name] = (role, [s for s, _ in group.walk()])
    return found


def _polar(point) -> tuple[float, float]:
    x, y = to_board(point)
    return math.hypot(x, y), math.degrees(math.atan2(y, x)) % 360


def test_ringo_has_49_cells_checkered_with_the_whole_top_segment_neutral():
    cells = _ringo_cells(draw("ringo"))
    assert len(cells) == 49
    names = {f"{s}{k}" for s in "abcdefgh" for k in range(1, 7)} | {"z"}
    assert set(cells) == names
    roles = Counter(role for role, _ in cells.values())
    assert roles == {"cell-citadel": 1, "cell-light": 21, "cell-dark": 21, "cell-neutral-light": 3, "cell-neutral-dark": 3}
    neutral = {name for name, (role, _) in cells.items() if "neutral" in role}
    assert neutral == {f"a{k}" for k in range(1, 7)}
    # games.md: (k, s) light iff k + s even; segment a is s = 0, so a1, a3, a5 are the dark (pink) ones.
    for name, (role, _) in cells.items():
        if name == "z":
            continue
        s, k = "abcdefgh".index(name[0]), int(name[1])
        assert role.endswith("light") == ((k + s) % 2 == 0), name
    # The neutral cells lie in the segment pointing straight up (67.5..112.5 degrees).
    for name in neutral:
        for shape in cells[name][1]:
            for command in shape.commands:
                if command[0] in ("M", "L"):
                    assert 67.4 <= _polar(command[1:3])[1] <= 112.6


def test_ringo_neutral_cells_are_pink_dark_and_paler_pink_light():
    cells = _ringo_cells(draw("ringo"))
    fills = {role: {s.style.fill for s in shapes_} for role, shapes_ in cells.values()}
    assert fills["cell-neutral-dark"] == {palette.DEFAULT.neutral_dark}
    (pale,) = fills["cell-neutral-light"]
    (light,) = fills["cell-light"]
    (dark,) = fills["cell-dark"]
    assert _is_pink(palette.DEFAULT.neutral_dark) and _is_pink(pale)
    assert palette.lightness(pale) > palette.lightness(palette.DEFAULT.neutral_dark)  # paler pink
    # In grey the neutral zone still differs from the ordinary cells of the same tone.
    assert abs(palette.lightness(palette.DEFAULT.neutral_dark) - palette.lightness(dark)) >= 20
    assert abs(palette.lightness(pale) - palette.lightness(light)) >= 8


def _is_pink(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r > g and r > b and b > g


def test_ringo_neutral_zone_differs_by_pattern_in_light_ink():
    cells = _ringo_cells(draw("ringo", ink="light"))
    patterns = {}
    for role, shapes_ in cells.values():
        patterns.setdefault(role, set()).add(tuple(sorted((s.style.hatch.angle, s.style.hatch.colour) for s in shapes_ if s.style.hatch)))
    assert all(len(p) == 1 for p in patterns.values())
    dark, n_dark, n_light, light = (next(iter(patterns[r])) for r in ("cell-dark", "cell-neutral-dark", "cell-neutral-light", "cell-light"))
    assert light == ()
    assert len({dark, n_dark, n_light}) == 3
    assert len(n_dark) == 2 and len(dark) == 1  # crossed hatching in the pink dark cells
    assert {angle for angle, _ in n_light} != {angle for angle, _ in dark}


def test_ringo_has_seven_circles_and_eight_spokes_stopping_at_the_citadel():
    drawing = draw("ringo")
    circles = shapes(drawing, "circles", Circle)
    assert sorted(round(c.radius / SCALE, 6) for c in circles) == [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]
    spokes = shapes(drawing, "spokes", Line)
    assert len(spokes) == 8
    angles = set()
    for spoke in spokes:
        (r0, a0), (r1, a1) = _polar(spoke.start), _polar(spoke.end)
        assert (round(r0, 6), round(r1, 6)) == (1.5, 7.5)
        assert a0 == pytest.approx(a1)
        angles.add(round(a0, 3) % 360)
    assert angles == {(22.5 + 45 * j + 90) % 360 for j in range(8)}
    outline = shapes(drawing, "neutral-zone")
    assert len(outline) == 1 and outline[0].style.stroke not in (palette.DEFAULT.ink, None)


def _ringo_cell_of(point) -> str:
    r, angle = _polar(point)
    if r < 1.5:
        return "z"
    segment = int(((angle - 90 + 22.5) % 360) // 45)
    return f"{'abcdefgh'[segment]}{int(r - 1.5) + 1}"


def test_ringo_start_cells_of_seven_attackers_and_four_defenders():
    drawing = draw("ringo")
    attackers = {_ringo_cell_of(c.centre) for c in shapes(drawing, "start-player-0", Circle)}
    defenders = {_ringo_cell_of(c.centre) for c in shapes(drawing, "start-player-1", Circle)}
    assert attackers == {f"{s}6" for s in "bcdefgh"}
    assert defenders == {"b1", "d1", "f1", "h1"}
    setup = draw("ringo", setup=True)
    kinds = Counter(g.title.split()[0] for owner in (0, 1) for g in setup.find(f"piece-player-{owner}"))
    assert kinds == {"attacker": 7, "defender": 4}


def test_ringo_prints_every_cell_name_in_its_cell_and_the_segment_letters_round_the_rim():
    texts = shapes(draw("ringo"), "coordinate", Text)
    inside = [t for t in texts if len(t.text) == 2 or t.text == "z"]
    letters = [t for t in texts if t not in inside]
    assert len(inside) == 49
    for text in inside:
        # The label's middle (the baseline sits a third of the size below it) lies in the named cell.
        middle = (text.position[0], text.position[1] - text.size * 0.36)
        assert _ringo_cell_of(middle) == text.text
    assert sorted(t.text for t in letters) == list("abcdefgh")
    top = min(letters, key=lambda t: t.position[1])
    assert top.text == "a"


# -- Brax -------------------------------------------------------------------------------------


def _brax_colour(a: str, b: str) -> str:
    from boardgen.games.brax import geometry as geo

    (ax, ay), (bx, by) = geo.POINTS[a], geo.POINTS[b]
    if ay == by:
        return geo.h_colour[min(ax, bx)][ay]
    return geo.v_colour[ax][min(ay, by)]


def test_brax_draws_144_segments_72_per_colour_each_as_the_table_says():
    drawing = draw("brax")
    white = [segment(l) for l in shapes(drawing, "line-white", Line)]
    edges = [segment(l) for l in shapes(drawing, "line-white-edge", Line)]
    red = [segment(l) for l in shapes(drawing, "line-red", Line)]
    assert len(white) == len(set(white)) == 72 and len(red) == len(set(red)) == 72
    assert set(edges) == set(white)
    everything = set(white) | set(red)
    assert len(everything) == 144
    # Every unit segment of the 9 x 9 grid, each once.
    grid = {frozenset((f"{'abcdefghi'[x]}{y + 1}", f"{'abcdefghi'[x + dx]}{y + 1 + dy}")) for x in range(9) for y in range(9) for dx, dy in ((1, 0), (0, 1)) if x + dx < 9 and y + dy < 9}
    assert everything == grid
    for seg in white:
        assert _brax_colour(*sorted(seg)) == "white"
    for seg in red:
        assert _brax_colour(*sorted(seg)) == "red"


def test_brax_white_lines_show_on_white_paper_and_differ_from_red_in_grey():
    for ink in ("full", "light"):
        drawing = draw("brax", ink=ink)
        core = shapes(drawing, "line-white", Line)[0].style
        edge = shapes(drawing, "line-white-edge", Line)[0].style
        red = shapes(drawing, "line-red", Line)[0].style
        assert palette.lightness(edge.stroke) < 30  # a dark edge on each side of the light core
        assert edge.width - core.width >= 0.3  # each edge at least 0.15 mm wide
        assert palette.lightness(core.stroke) > 90
        assert abs(palette.lightness(core.stroke) - palette.lightness(red.stroke)) >= 30
        # Edges are drawn first, so a run of white segments stays one line.
        order = [g.role for g in drawing.children[0].children if isinstance(g, Group)]
        assert order.index("line-white-edge") < order.index("line-white")


def test_brax_diamonds_on_b_to_h_of_rows_1_and_9():
    drawing = draw("brax")
    for owner, row, light in ((0, 1, True), (1, 9, False)):
        diamonds = shapes(drawing, f"start-player-{owner}", Polygon)
        centres = {name_at((sum(p[0] for p in d.points) / 4, sum(p[1] for p in d.points) / 4)) for d in diamonds}
        assert centres == {f"{c}{row}" for c in "bcdefgh"}
        assert all((palette.lightness(d.style.fill) > 90) == light for d in diamonds)
        for d in diamonds:  # a diamond: a square turned 45 degrees
            xs = sorted(round(p[0], 6) for p in d.points)
            assert xs[1] == xs[2] and len(set(xs)) == 3
    # The diamonds are part of the printed board: they stay under the pieces of the set-up board.
    assert len(shapes(draw("brax", setup=True), "start-marks", Polygon)) == 14


def test_brax_sheet_states_that_the_layout_is_a_reconstruction():
    from boardgen.games.brax import geometry as geo
    from boardgen.sheets.paper import MARGIN_MM
    from boardgen.sheets.single import NOTE_SIZE, note_lines

    board = board_of("brax")
    (pt, en), = board.notes
    assert " ".join(geo.LAYOUT_NOTE["pt"].split()) in pt and pt.startswith("Nota:")
    assert " ".join(geo.LAYOUT_NOTE["en"].split()) in en and en.startswith("Note:")
    font = metrics("sans-italic")
    lines = note_lines(board, 210.0)
    assert len(lines) >= 4 and " ".join(lines) == f"{' '.join(pt.split())} {' '.join(en.split())}"
    for text in lines:  # every wrapped line fits a portrait A4 between the margins
        assert font.width(text, NOTE_SIZE) <= 210.0 - 2 * MARGIN_MM
    sheet = board_sheet(board, parse_paper("a4"), BoardOptions())
    header = " ".join(s.text for s, _ in sheet.content.find("title")[0].walk() if isinstance(s, Text))
    assert "reconstruction" in header and "reconstrução" in header


def test_brax_refuses_to_draw_a_table_that_fails_the_layout_check(monkeypatch):
    from boardgen.games.brax import board as brax_board
    from boardgen.games.brax import geometry as geo

    problem = "cell a1-b2 has 2 white and 2 red sides, expected three of one colour and one of the other"
    monkeypatch.setattr(geo, "check_layout", lambda *args: [problem])
    with pytest.raises(BoardgenError) as raised:
        brax_board.BraxBoard()
    assert problem in str(raised.value) and "not drawn" in str(raised.value)


# -- Assalto -------------------------------------------------------------------------------------

ASSALTO_FORTRESS = {"c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"}
# games.md 6.1, the six drawn diagonal lines.
ASSALTO_DIAGONALS = ("a3 b4 c5 d6 e7", "c1 d2 e3 f4 g5", "a5 b4 c3 d2 e1", "c7 d6 e5 f4 g3", "c3 d4 e5", "e3 d4 c5")


def _cross_points() -> set[str]:
    return {f"{'abcdefg'[x]}{y + 1}" for x in range(7) for y in range(7) if 2 <= x <= 4 or 2 <= y <= 4}


def test_assalto_draws_52_orthogonal_and_the_20_alternating_diagonal_segments():
    drawing = draw("assalto")
    orthogonal = {segment(l) for l in shapes(drawing, "lines-orthogonal", Line)}
    diagonal = {segment(l) for l in shapes(drawing, "lines-diagonal", Line)}
    assert len(shapes(drawing, "lines", Line)) == 72
    points = _cross_points()
    expected_orthogonal = set()
    for p in points:
        x, y = "abcdefg".index(p[0]), int(p[1:]) - 1
        for dx, dy in ((1, 0), (0, 1)):
            q = f"{'abcdefg'[x + dx] if x + dx < 7 else '?'}{y + dy + 1}"
            if q in points:
                expected_orthogonal.add(frozenset((p, q)))
    assert orthogonal == expected_orthogonal and len(orthogonal) == 52
    expected_diagonal = set()
    for line in ASSALTO_DIAGONALS:
        names = line.split()
        expected_diagonal |= {frozenset(pair) for pair in zip(names, names[1:])}
    assert diagonal == expected_diagonal and len(diagonal) == 20
    dots = {name_at(c.centre) for c in shapes(drawing, "points", Circle)}
    assert dots == points


def _inside(polygon, point) -> bool:
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    return min(xs) < point[0] < max(xs) and min(ys) < point[1] < max(ys)


@pytest.mark.parametrize("ink", ["full", "light"])
def test_assalto_fortress_marks_exactly_its_nine_points(ink):
    drawing = draw("assalto", ink=ink)
    areas = shapes(drawing, "fortress-area", Polygon)
    assert len(areas) == 1
    area = areas[0]
    assert len(area.points) == 4  # an axis-aligned square
    covered = {p for p in _cross_points() if _inside(area.points, FRAME.pt(*_xy(p)))}
    assert covered == ASSALTO_FORTRESS
    if ink == "full":
        assert area.style.fill is not None and palette.lightness(area.style.fill) < 95
    else:
        assert area.style.fill is None and area.style.hatch is not None
    # The inner half of the double border: the four walls c5-e5-e7-c7, wider than the board lines, in the rim's colour.
    walls = shapes(drawing, "fortress-wall", Line)
    wall_points = {name_at(p) for w in walls for p in (w.start, w.end)}
    assert wall_points == ASSALTO_FORTRESS - {"d6"}
    assert len(walls) == 8
    board_line = shapes(drawing, "lines", Line)[0].style
    assert all(w.style.width >= 2 * board_line.width and w.style.stroke == area.style.stroke for w in walls)
    assert area.style.stroke != board_line.stroke


def _xy(name: str) -> tuple[int, int]:
    return ("abcdefg".index(name[0]), int(name[1:]) - 1)


def test_assalto_start_points_of_24_pawns_and_two_officers():
    drawing = draw("assalto")
    pawns = {name_at(c.centre) for c in shapes(drawing, "start-player-0", Circle)}
    officers = Counter(name_at(c.centre) for c in shapes(drawing, "start-player-1", Circle))
    assert pawns == _cross_points() - ASSALTO_FORTRESS
    assert set(officers) == {"c6", "e6"} and set(officers.values()) == {2}  # officers' marks carry an inner ring
    setup = draw("assalto", setup=True)
    officers = setup.find("piece-player-1")
    pawns = setup.find("piece-player-0")
    assert len(officers) == 2 and len(pawns) == 24
    assert all(len([s for s, _ in g.walk()]) == 2 for g in officers)  # drawn with an inner ring
    assert all(len([s for s, _ in g.walk()]) == 1 for g in pawns)


@pytest.mark.parametrize("game", GAMES)
def test_highlights_cover_the_point_or_cell_they_name(game):
    from boardgen.drawing.model import Style

    board = board_of(game)
    for name in list(board.start_marks())[:5] + (["z"] if game == "ringo" else []):
        box = shape_box(board.highlight_shape(FRAME, name, Style(stroke="#0000ff", width=0.5)))
        x, y = FRAME.pt(*board.locations()[name])
        assert box[0] < x < box[2] and box[1] < y < box[3], name
