"""Every diagram shows what its caption says: what the drawing of a diagram guarantees.

* an arrow never covers the line it follows (Brax's line colours, Surakarta's
  circuits), measured on the rasterised diagram and on the drawn shapes;
* two arrows along the same stretch lie side by side, each in sight;
* a refused move is drawn along the way it would go (round a loop, along a ring);
* every word drawn is in the booklet's language;
* every text of every diagram of every booklet is at least 5 pt where the
  booklet prints it (its width in the laid-out booklet, not the drawing's own).

The first four use definitions written here (the booklets' rule texts change
under other hands); the last two read every booklet in ``rules_text/``.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from boardgen.booklet.build import BookletRequest, booklet_document, load_checked
from boardgen.booklet.check import game_folders
from boardgen.booklet.cover import PX_MM, _find
from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.marks import CASING_MM, arrow_width
from boardgen.booklet.diagrams.render import diagram_file
from boardgen.booklet.diagrams.syntax import parse_definition
from boardgen.booklet.diagrams.words import LABEL_WORDS, describe
from boardgen.booklet.html import booklet_html
from boardgen.booklet.papers import PAPERS
from boardgen.booklet.problems import Problems
from boardgen.booklet.typeset import diagram_bytes
from boardgen.boards.base import MIN_TEXT_PT
from boardgen.drawing import palette
from boardgen.drawing.model import Arc, Circle, Group, Line, Path as PathShape, Polygon, Polyline, Sheet, Text
from boardgen.drawing.pdf import render_pdf
from boardgen.registry import get_game

from ..raster_kit import pdf_page

SVG = "{http://www.w3.org/2000/svg}"
PT_MM = 25.4 / 72
DPI = 400
PX_PER_MM = DPI / 25.4

BRAX = Defaults("brax", None, {})
ASSALTO = Defaults("assalto", None, {})
SURAKARTA = Defaults("surakarta", None, {"origin": "empty"})
RINGO = Defaults("ringo", None, {})


def checked(body: str, defaults: Defaults) -> CheckedDiagram:
    problems = Problems()
    spec = parse_definition("d", body, Path("diagrams.md"), 1, problems)
    result = check_diagram(spec, defaults, problems)
    assert result is not None and not problems, [str(p) for p in problems.items]
    return result


def rasterise(sheet: Sheet, tmp_path: Path, name: str) -> Image.Image:
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render_pdf(sheet))
    return pdf_page(pdf, DPI)


def board_to_sheet(sheet: Sheet, diagram: CheckedDiagram):
    """The map from board units to sheet mm, found from where two pieces were drawn (a uniform scale, y flipped)."""
    centres = {}
    for group in sheet.content.find("pieces")[0].children:
        name = group.title.rsplit(" on ", 1)[1]
        centres[name] = next(shape for shape, _ in group.walk() if isinstance(shape, Circle)).centre
    (a, pa), (b, pb) = [(n, c) for n, c in centres.items()][:2]
    (xa, ya), (xb, yb) = diagram.board.location(a), diagram.board.location(b)
    scale = (pb[0] - pa[0]) / (xb - xa) if xb != xa else -(pb[1] - pa[1]) / (yb - ya)
    ox, oy = pa[0] - scale * xa, pa[1] + scale * ya
    return lambda x, y: (ox + scale * x, oy - scale * y)


def close(pixel, colour: str, tolerance: float = 60.0) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return math.dist(pixel, (r, g, b)) < tolerance


# -- an arrow never covers the line it follows ----------------------------------------------

BRAX_DIAGRAMS = {
    # the booklet's diagrams 3-5: one step, two steps, a refused two-step (rules_text/brax/diagrams.md)
    "step": ("numbers: off\nlegal: d1-d2\nlegal: c1-c2\nlegal: h1-i1", [("d1", "d2"), ("c1", "c2"), ("h1", "i1")]),
    "two-step": ("position: 9/2B4B1/5B3/9/6W2/9/3W5/1W7/9 w - 9\nlegal: d3-d5\nlegal: g5-h4", [("d3", "d4"), ("d4", "d5"), ("g5", "h5"), ("h5", "h4")]),
    "wrong-colour": ("illegal: d1-d3 wrong-colour\nlegal: f1-f3", [("d1", "d2"), ("d2", "d3"), ("f1", "f2"), ("f2", "f3")]),
}


@pytest.mark.parametrize("name", list(BRAX_DIAGRAMS))
def test_brax_arrows_leave_the_colour_of_the_lines_they_follow_in_sight(name, tmp_path):
    """Along each segment an arrow follows, the centre of the line still shows its colour (red or white)."""
    from boardgen.games.brax import geometry as geo

    body, segments = BRAX_DIAGRAMS[name]
    diagram = checked(body, BRAX)
    sheet = diagram_sheet(diagram, {})
    image = rasterise(sheet, tmp_path, name)
    to_sheet = board_to_sheet(sheet, diagram)
    colours = palette.current()
    line_colour = {geo.RED: colours.line_red, geo.WHITE: colours.line_white}
    colour_of = {frozenset((a, b)): colour for a, b, colour in geo.LINES}
    for a, b in segments:
        wanted = line_colour[colour_of[frozenset((a, b))]]
        (xa, ya), (xb, yb) = to_sheet(*geo.POINTS[a]), to_sheet(*geo.POINTS[b])
        # The middle of the segment: clear of the pieces and diamonds at its ends.
        samples = [(xa + (xb - xa) * t / 40, ya + (yb - ya) * t / 40) for t in range(14, 27)]
        seen = [image.getpixel((round(x * PX_PER_MM), round(y * PX_PER_MM))) for x, y in samples]
        shown = sum(close(pixel, wanted) for pixel in seen) / len(seen)
        assert shown >= 0.9, f"{name}: {a}-{b} shows its line colour at only {shown:.0%} of its middle"


def arrow_lines(group: Group) -> list[tuple[str, list[tuple[float, float]]]]:
    """(role, drawn line from tail to tip) of every arrow in a drawing."""
    found = []
    for arrow_group in _groups(group):
        if not arrow_group.role.endswith("arrow"):
            continue
        shafts = [s for s in arrow_group.children if isinstance(s, Polyline)]
        heads = [s for s in arrow_group.children if isinstance(s, Polygon)]
        if shafts:
            found.append((arrow_group.role, list(shafts[-1].points) + [heads[-1].points[0]]))
    return found


def _groups(group: Group):
    yield group
    for child in group.children:
        if isinstance(child, Group):
            yield from _groups(child)


def stroke_lines(group: Group) -> list[tuple[float, list[tuple[float, float]]]]:
    """(width, points) of every stroked line, arc and open path of a board drawing, arcs sampled."""
    found = []
    for shape, roles in group.walk():
        if "coordinate" in roles or getattr(shape, "style", None) is None or shape.style.stroke is None:
            continue
        if shape.style.fill is not None or shape.style.hatch is not None:
            continue
        if isinstance(shape, Line):
            found.append((shape.style.width, [shape.start, shape.end]))
        elif isinstance(shape, Polyline):
            found.append((shape.style.width, list(shape.points)))
        elif isinstance(shape, Arc):
            steps = max(2, int(abs(shape.end - shape.start) / 3))
            angles = [math.radians(shape.start + (shape.end - shape.start) * k / steps) for k in range(steps + 1)]
            found.append((shape.style.width, [(shape.centre[0] + shape.radius * math.cos(a), shape.centre[1] + shape.radius * math.sin(a)) for a in angles]))
        elif isinstance(shape, PathShape):
            found.append((shape.style.width, [tuple(c[1:3]) for c in shape.commands if c[0] in ("M", "L")]))
    return found


def distance_to_segment(p, a, b) -> tuple[float, tuple[float, float]]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a), (1.0, 0.0)
    t = min(1.0, max(0.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    length = math.sqrt(length2)
    return math.hypot(p[0] - a[0] - dx * t, p[1] - a[1] - dy * t), (dx / length, dy / length)


def covered_length(line, other, reach: float) -> float:
    """How many mm of ``line`` run within ``reach`` of ``other`` and along it (within 30 degrees)."""
    return covered_lengths(line, [(reach, other)])[0]


BUCKET_MM = 2.0


def covered_lengths(line, others: list[tuple[float, list[tuple[float, float]]]]) -> list[float]:
    """For each (reach, polyline) of ``others``: how many mm of ``line`` run within reach of it and along it.

    The other lines' segments are put in 2 mm buckets, so each point of
    ``line`` (every 0.1 mm) is compared only with the segments near it.
    """
    buckets: dict[tuple[int, int], list[tuple[int, tuple[float, float], tuple[float, float]]]] = {}
    for index, (reach, points) in enumerate(others):
        for a, b in zip(points, points[1:]):
            x0, x1 = sorted((a[0], b[0]))
            y0, y1 = sorted((a[1], b[1]))
            for i in range(int((x0 - reach) // BUCKET_MM), int((x1 + reach) // BUCKET_MM) + 1):
                for j in range(int((y0 - reach) // BUCKET_MM), int((y1 + reach) // BUCKET_MM) + 1):
                    buckets.setdefault((i, j), []).append((index, a, b))
    totals = [0.0] * len(others)
    for a, b in zip(line, line[1:]):
        length = math.dist(a, b)
        if length == 0:
            continue
        pieces = max(1, math.ceil(length / 0.1))
        u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        for k in range(pieces):
            t = (k + 0.5) / pieces
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            nearest: dict[int, tuple[float, tuple[float, float]]] = {}
            for index, c, d in buckets.get((int(p[0] // BUCKET_MM), int(p[1] // BUCKET_MM)), ()):
                found = distance_to_segment(p, c, d)
                if index not in nearest or found[0] < nearest[index][0]:
                    nearest[index] = found
            for index, (dist, v) in nearest.items():
                if dist < others[index][0] and abs(u[0] * v[1] - u[1] * v[0]) < 0.5:
                    totals[index] += length / pieces
    return totals


@cache
def booklet(game: str):
    folder = next(f for f in game_folders() if f.name == game)
    return load_checked(folder)


def booklet_games() -> list[str]:
    return sorted(folder.name for folder in game_folders())


def line_games() -> list[str]:
    """The booklets whose board has its pieces on the crossings of lines they move along."""
    return [game for game in booklet_games() if get_game(game).make_board().moves_follow_lines]


def test_the_games_moving_along_lines_are_known():
    assert {"brax", "surakarta", "assalto"} <= set(line_games()) and not {"hex", "trihex", "ringo", "damas"} & set(line_games())


@pytest.mark.parametrize("game", line_games())
def test_no_arrow_of_any_booklet_runs_on_a_line_of_its_board(game):
    """No arrow's band lies on a line of its board for more than a band's length (crossing one is fine)."""
    sources = booklet(game)
    for ident, diagram in sorted(sources.diagrams.items()):
        sheet = diagram_sheet(diagram, {})
        band = arrow_width(sheet_radius(sheet)) + CASING_MM
        lines = stroke_lines(sheet.content.children[0])
        for role, drawn in arrow_lines(sheet.content):
            covered = max(covered_lengths(drawn, [(band / 2 + width / 2, points) for width, points in lines]))
            assert covered <= band, f"{game} {ident}: a {role} lies on a board line for {covered:.1f} mm"


def sheet_radius(sheet: Sheet) -> float:
    pieces = sheet.content.find("pieces")[0]
    return next(shape.radius for shape, _ in pieces.walk() if isinstance(shape, Circle))


# -- two arrows along one stretch lie side by side -------------------------------------------

ASSALTO_PAIRS = {
    # the booklet's diagrams 7 and 8: a legal capture and a refused one along the same column
    "majority": "position: 3/O1O/PPP1PPP/PP1P1PP/PPPPPPP/1PP/PPP o 0\ncaptures: c6xc4xc2 c5 c3\nillegal: c6xc4 majority\nillegal: e6xe4 majority",
    "no-turn": "position: 3/O1O/PPP2PP/PP1P1PP/PPPPPPP/PPP/PPP o 0\nmarks: d4\ncaptures: c6xc4 c5\nillegal: c6xc4xe4 direction-change",
}


@pytest.mark.parametrize("name", list(ASSALTO_PAIRS))
def test_a_refused_capture_lies_beside_the_legal_one_along_the_same_column(name, tmp_path):
    diagram = checked(ASSALTO_PAIRS[name], ASSALTO)
    sheet = diagram_sheet(diagram, {})
    band = arrow_width(sheet_radius(sheet)) + CASING_MM
    drawn = dict((role, line) for role, line in arrow_lines(sheet.content) if role in ("capture-arrow",))
    refused = [line for role, line in arrow_lines(sheet.content) if role == "illegal-arrow"]
    legal = drawn["capture-arrow"]
    # Their bands do not cover each other anywhere they run together.
    for line in refused:
        assert covered_length(legal, line, band) == 0.0
        assert covered_length(line, legal, band) == 0.0
    # And on paper: across column c between c5 and c4, both the legal green and the refused grey show.
    image = rasterise(sheet, tmp_path, name)
    to_sheet = board_to_sheet(sheet, diagram)
    (x, y5), (_, y4) = to_sheet(*diagram.board.location("c5")), to_sheet(*diagram.board.location("c4"))
    colours = palette.current()
    # Rows across the stretch between the two pieces (a dashed arrow shows on some of them only).
    radius = sheet_radius(sheet) + 0.3
    rows = range(round((y5 + radius) * PX_PER_MM), round((y4 - radius) * PX_PER_MM))
    columns = range(round((x - 3) * PX_PER_MM), round((x + 3) * PX_PER_MM))
    legal_rows = sum(any(close(image.getpixel((px, row)), colours.arrow) for px in columns) for row in rows)
    refused_rows = sum(any(close(image.getpixel((px, row)), colours.faint, 30) for px in columns) for row in rows)
    assert legal_rows == len(rows), "the legal capture is hidden on part of the stretch"
    assert refused_rows >= 0.4 * len(rows), "the refused capture is hidden"


# -- a refused move is drawn along the way it would go ------------------------------------------

def refused_line(diagram: CheckedDiagram) -> tuple[Sheet, list[tuple[float, float]]]:
    sheet = diagram_sheet(diagram, {})
    lines = [line for role, line in arrow_lines(sheet.content) if role == "illegal-arrow"]
    assert len(lines) == 1
    return sheet, lines[0]


def off_chord(line: list[tuple[float, float]]) -> float:
    """How far (mm) the line strays from the straight segment between its ends."""
    return max(distance_to_segment(p, line[0], line[-1])[0] for p in line)


def test_a_refused_surakarta_capture_goes_round_the_loop_into_the_piece_that_blocks_it():
    # f2xe3: round the small loop at f1, into the white pieces on e1 and e2 (the booklet's diagram 5).
    diagram = checked("position: BBBBBB/B1B1BB/1B4/4B1/WWWWWW/WWWWWW w 6\nillegal: f2xe3 blocked", SURAKARTA)
    sheet, line = refused_line(diagram)
    to_sheet = board_to_sheet(sheet, diagram)
    unit = math.dist(to_sheet(0, 0), to_sheet(1, 0))
    assert off_chord(line) > unit  # not the straight f2-e3
    f1 = to_sheet(*diagram.board.location("f1"))
    assert max(p[0] for p in line) > f1[0] + 0.7 * unit  # out round the loop, beyond column f
    assert max(p[1] for p in line) > f1[1] + 0.7 * unit  # and below row 1
    for name in ("e1", "e2"):
        centre = to_sheet(*diagram.board.location(name))
        assert min(math.dist(p, centre) for p in line) < 0.4 * unit, f"the way passes {name}"


def test_a_refused_surakarta_capture_between_neighbours_with_no_loop_stays_straight():
    diagram = checked("position: BBBBBB/B1B1BB/1B4/4B1/WWWWWW/WWWWWW w 6\nillegal: e2xe3 no-loop", SURAKARTA)
    _, line = refused_line(diagram)
    assert off_chord(line) < 0.05


def test_a_capture_refused_under_origin_blocks_takes_the_long_way_it_would_go():
    # b2xb1 with origin=blocks: the way round three loops, back through b2 (the booklet's diagram 9).
    diagram = checked("variant: origin=blocks\nposition: 6/6/6/6/WW4/1B4 w 0\nillegal: b2xb1 origin", SURAKARTA)
    sheet, line = refused_line(diagram)
    to_sheet = board_to_sheet(sheet, diagram)
    unit = math.dist(to_sheet(0, 0), to_sheet(1, 0))
    f6 = to_sheet(5, 5)
    assert max(p[0] for p in line) > f6[0] + 0.7 * unit and min(p[1] for p in line) < f6[1] - 0.7 * unit  # round f6's loop
    assert off_chord(line) > 3 * unit


def test_a_refused_ringo_leap_follows_its_ring_through_the_cell_it_leaps():
    # b3xh3 over the attacker in the neutral zone on a3 (the booklet's diagram 7).
    diagram = checked("position: -/3D3D/5D2/AD6/4A3/2AA1A2/1A4A1 d\nillegal: b3xh3 neutral\nview: b6 h6 b1 h1 a6", RINGO)
    sheet, line = refused_line(diagram)
    to_sheet = board_to_sheet(sheet, diagram)
    unit = math.dist(to_sheet(0, 0), to_sheet(1, 0))
    a3 = to_sheet(*diagram.board.location("a3"))
    assert off_chord(line) > 0.5 * unit
    assert min(math.dist(p, a3) for p in line) < 0.2 * unit


# -- words in the booklet's language ---------------------------------------------------------

def visible_texts(svg: bytes | str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("aria-label") for g in root.iter(f"{SVG}g") if g.get("class") == "text"]


def foreign_words(texts: list[str], names: set[str], lang: str) -> list[str]:
    """The drawn texts that are neither numbers, names of the board's places (or their parts), nor words of ``lang``."""
    split = (re.fullmatch(r"([a-z]*)(\d*)", name) for name in names)  # a throw ("3-1") is a name of its own, in no parts
    parts = {part for match in split if match for part in match.groups() if part} | names
    own = set(LABEL_WORDS[lang].values())
    return [t for t in texts if not (t.isdigit() or t in parts or t in own)]


SWAPS = [
    ("hex", "size: 7\nmoves: c2 swap\nillegal: swap no-swap", Defaults("hex", 7, {"swap": "on"})),
    ("trihex", "moves: b3\nlegal: swap", Defaults("trihex", 7, {"swap": "on"})),
]


@pytest.mark.parametrize("game,body,defaults", SWAPS, ids=[g for g, _, _ in SWAPS])
def test_a_portuguese_diagram_draws_no_english_word(game, body, defaults):
    diagram = checked(body, defaults)
    terms = {"pt": (None, {})}
    texts = visible_texts(diagram_file(diagram, terms)[0])
    assert "troca" in texts and foreign_words(texts, set(diagram.board.locations()), "pt") == []
    english = visible_texts(diagram_file(diagram, {"en": (None, {})})[0])
    assert "swap" in english and "troca" not in english
    both = visible_texts(diagram_file(diagram, {"pt": (None, {}), "en": (None, {})})[0])
    assert both.count("troca") == 1 and both.count("swap") == 1  # one drawing for both columns


@pytest.mark.parametrize("game", booklet_games())
def test_every_diagram_of_a_portuguese_booklet_draws_portuguese_words_only(game):
    sources = booklet(game)
    assert sources.game is not None and sources.defaults is not None
    names = set(sources.game.make_board(sources.defaults.size).locations())
    for diagram in sources.diagrams.values():
        names |= set(diagram.board.locations())
        if diagram.throw is not None:  # a throw is written in the game's notation, the same in every language
            names |= set(diagram.throw.text.split())
    html = booklet_html(sources, ["pt"], PAPERS["a5"])
    pictures = list(FIGURE.finditer(html))
    assert len(pictures) == 1 + sum(1 for s in sources.languages["pt"].sections for _ in s.diagram_ids())
    for match in pictures:
        found = foreign_words(visible_texts(picture_svg(match)), names, "pt")
        assert found == [], f"{game} {match.group('id') or 'cover'}: {found}"


# -- every text at least 5 pt where the booklet prints it ---------------------------------------

#: a picture of a booklet's HTML: a diagram (its id, the width it is printed at) or the cover,
#: an image whose SVG the document carries in its URL (html.py, diagram_markup)
FIGURE = re.compile(
    r'<figure class="(?:diagram" id="diagram-(?P<id>[^"]+)"|cover-picture")[^>]*>\s*'
    r'(?:<div class="picture" style="width: (?P<width>[\d.]+)mm">)?<img class="drawing" src="(?P<url>[^"]+)"',
    re.S,
)


def picture_svg(match: re.Match[str]) -> bytes:
    """The SVG of a picture FIGURE found."""
    return diagram_bytes(match.group("url"))


def printed_sizes(svg: ET.Element, width_mm: float) -> list[tuple[str, float]]:
    """(text, size in pt) of every drawn text of an SVG printed ``width_mm`` wide."""
    view_width = float(svg.get("viewBox").split()[2])
    scale = width_mm / view_width
    return [(g.get("aria-label"), float(g.get("data-size")) * scale / PT_MM) for g in svg.iter(f"{SVG}g") if g.get("class") == "text"]


@pytest.mark.parametrize("game", booklet_games())
def test_every_text_of_every_diagram_is_at_least_5_pt_in_print(game):
    """Measured at the width each picture has in the bilingual A5 booklet (the smallest page, the fullest cover).

    Booklet diagrams have one scale on every paper; the cover is laid out,
    and its picture shrunk to keep the cover on one page, so its printed
    width is read from WeasyPrint's layout of the cover.
    """
    sources = booklet(game)
    html = booklet_html(sources, ["pt", "en"], PAPERS["a5"])
    small = []
    pictures = [match for match in FIGURE.finditer(html) if match.group("id")]
    assert len(pictures) == sum(1 for s in sources.languages["pt"].sections for _ in s.diagram_ids())
    for match in pictures:
        svg = ET.fromstring(picture_svg(match))
        small += [(text, size) for text, size in printed_sizes(svg, float(match.group("width"))) if size < MIN_TEXT_PT - 1e-3]
    document = booklet_document(sources, BookletRequest(("pt", "en"), "a5"), cover_only=True)
    cover = _find(document.pages[0]._page_box, "cover-picture")
    svg_box = cover.children[0]
    svg_element = ET.fromstring(diagram_bytes(next(el for el in cover.element.iter() if el.tag == "img").get("src")))
    small += [(f"cover {text}", size) for text, size in printed_sizes(svg_element, svg_box.width * PX_MM) if size < MIN_TEXT_PT - 1e-3]
    assert not small, f"{game}: texts under {MIN_TEXT_PT} pt: {sorted(set((t, round(s, 2)) for t, s in small))[:12]}"


# -- hover texts in the booklet's language ----------------------------------------------------

#: words of the board code's English hover texts ("stone of player 0 on c3", "z: citadel"...)
ENGLISH_HOVER_WORDS = {
    "of", "on", "the", "player", "stone", "man", "pawn", "officer", "attacker", "defender", "captured", "possible",
    "move", "former", "would", "take", "edge", "edges", "side", "cell", "cells", "light", "dark", "citadel", "neutral",
    "zone", "pink", "pale", "whole", "segment", "lines", "white", "black", "red", "gold", "circuit", "inner", "outer",
    "rows", "columns", "loops", "small", "large", "fortress", "wall", "start", "diamonds", "left", "right", "bottom",
    "first", "second", "piece", "marked",
}


def hover_texts(svg: bytes) -> list[str]:
    """The ``<title>`` of every part of a diagram, in drawing order (the root's, its description, left out)."""
    root = ET.fromstring(svg)
    return [g.find(f"{SVG}title").text or "" for g in root.iter(f"{SVG}g") if g.find(f"{SVG}title") is not None]


def booklet_terms(sources, langs):
    return {lang: (sources.languages[lang].meta.colours, sources.languages[lang].meta.pieces) for lang in langs}


@pytest.mark.parametrize("game", booklet_games())
def test_the_hover_texts_of_every_diagram_follow_the_booklets_language(game):
    """A Portuguese diagram's hover texts are Portuguese; a bilingual one's say each part in both, Portuguese first.

    Read from the SVG of every diagram of the booklet (the one ``boardgen
    diagram --lang`` and the booklet draw): the Portuguese drawing's text of a
    part holds no word of the board code's English, and the bilingual
    drawing's is the Portuguese and the English joined, part by part.
    """
    sources = booklet(game)
    portuguese_words = {w.casefold() for w in re.findall(r"[^\W\d_]+", (sources.folder / "pt-BR.md").read_text(encoding="utf-8"))}
    english_only = ENGLISH_HOVER_WORDS - portuguese_words
    english_left = []
    for ident, diagram in sorted(sources.diagrams.items()):
        names = set(diagram.board.locations())
        pt = hover_texts(diagram_file(diagram, booklet_terms(sources, ["pt"]))[0])
        en = hover_texts(diagram_file(diagram, booklet_terms(sources, ["en"]))[0])
        both = hover_texts(diagram_file(diagram, booklet_terms(sources, ["pt", "en"]))[0])
        assert pt and len(pt) == len(en) == len(both), ident
        for text in pt:
            words = {w.casefold() for w in re.findall(r"[^\W\d_]+", text)} - names
            if words & english_only:
                english_left.append((ident, text))
        assert both == [p if p == e else f"{p} / {e}" for p, e in zip(pt, en)], ident
    assert not english_left, f"{game}: English hover texts in the Portuguese diagrams (words.py, PHRASES and _PATTERNS): {english_left[:8]}"


def test_a_hover_text_names_the_player_and_the_piece_as_the_booklet_does():
    sources = booklet("assalto")
    diagram = next(d for d in sources.diagrams.values() if any(p.kind == "officer" for _, p in d.final.placements()))
    officer = next(name for name, piece in diagram.final.placements() if piece.kind == "officer")
    black = sources.languages["pt"].meta.colours[1]
    pt = hover_texts(diagram_file(diagram, booklet_terms(sources, ["pt"]))[0])
    assert f"{black.capitalize()}: cavaleiro em {officer}" in pt  # pieces = { officer = "cavaleiros" }
    en = hover_texts(diagram_file(diagram, booklet_terms(sources, ["en"]))[0])
    assert f"Black: officer on {officer}" in en
    generic = hover_texts(diagram_file(diagram, {"pt": (None, {})})[0])
    assert f"Segundo jogador: oficial em {officer}" in generic  # no front matter: the generic words


def test_boardgen_diagram_lang_pt_writes_portuguese_hover_texts(tmp_path):
    out = tmp_path / "d.svg"
    result = subprocess.run([sys.executable, "-m", "boardgen", "diagram", "ringo", "--lang", "pt", "-o", str(out)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    texts = hover_texts(out.read_bytes())
    assert "z: cidadela" in texts and "Laranja: atacante em b6" in texts
    assert not [t for t in texts if {w.casefold() for w in re.findall(r"[^\W\d_]+", t)} & {"citadel", "cell", "attacker", "on", "of"}]


# -- games of chance: the throw beside the board (the toy race of tests/engines) -------------------

RACE = Defaults("toyrace", None, {})


@pytest.fixture()
def race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the diagram checker find the toy race by its id, as it finds a registered game."""
    import boardgen.booklet.diagrams.check as diagram_check
    from tests.engines.toy_race import TOY_RACE

    real = diagram_check.get_game
    monkeypatch.setattr(diagram_check, "get_game", lambda name, option="GAME": TOY_RACE if name == "toyrace" else real(name, option))


def _ink_box(group: Group) -> tuple[float, float, float, float]:
    from boardgen.drawing.bounds import ink_bounds

    box = ink_bounds(group)
    assert box is not None
    return box


def _pips(die: Group) -> int:
    return sum(isinstance(shape, Circle) for shape in die.children)


def test_a_throw_is_drawn_below_a_wide_board_and_said_in_both_languages(race: None, tmp_path: Path) -> None:
    diagram = checked("variant: players=3\nmoves: 6 a1 2 a2 3 b1\nthrow: 5", RACE)
    assert diagram.throw is not None and diagram.throw.text == "5"
    words = {lang: describe(diagram, lang) for lang in ("pt", "en")}
    assert words["pt"].endswith("Jogadas: lance 6, 1. a1, lance 2, 2. a2, lance 3, 3. b1. Lance: 5.")
    assert words["en"].endswith("Moves: throw 6, 1. a1, throw 2, 2. a2, throw 3, 3. b1. Throw: 5.")
    sheet = diagram_sheet(diagram, words)
    assert "Lance: 5." in sheet.title and "Throw: 5." in sheet.title
    [throw] = sheet.content.find("throw")
    [die] = throw.find("die")
    assert _pips(die) == 5 and die.title == "dado mostrando 5 / die showing 5"  # the hover text in the diagram's languages
    board = _ink_box(sheet.content.find("board-toyrace")[0])
    dice = _ink_box(die)
    assert dice[1] > board[3] + 2.0, "the die is not below the board"  # a wide board: below, not beside
    assert board[0] < (dice[0] + dice[2]) / 2 < board[2]
    assert 0 <= dice[0] and dice[2] <= sheet.width and dice[3] <= sheet.height
    # on paper: the die's outline and pips are ink, its face is paper, and none of it is on the board
    image = rasterise(sheet, tmp_path, "race-throw")
    inside = [image.getpixel((round(x * PX_PER_MM), round(y * PX_PER_MM))) for x, y in _grid(dice, 30)]
    dark = sum(sum(pixel) / 3 < 100 for pixel in inside) / len(inside)
    white = sum(sum(pixel) / 3 > 230 for pixel in inside) / len(inside)
    assert 0.05 < dark < 0.45 and white > 0.4, (dark, white)


def _grid(box: tuple[float, float, float, float], steps: int):
    for i in range(1, steps):
        for j in range(1, steps):
            yield box[0] + (box[2] - box[0]) * i / steps, box[1] + (box[3] - box[1]) * j / steps


def test_a_throw_goes_right_of_a_view_that_is_not_wide_and_below_one_that_is(race: None) -> None:
    for view, side in (("s2", "right"), ("s1 s3", "below")):
        diagram = checked(f"variant: players=4\nposition: 3.0 0.0 1.0 0.0 b throw 6\nview: {view}", RACE)
        assert diagram.throw is not None and diagram.throw.text == "6"  # the position carries it: current_throw
        sheet = diagram_sheet(diagram, {"en": describe(diagram, "en")})
        [die] = sheet.content.find("die")
        assert _pips(die) == 6
        frame = _ink_box(sheet.content.find("view-frame")[0])
        [shown] = sheet.content.find("view")  # the board is cut to the view, the throw left whole outside it
        assert shown.clip is not None and shown.clip[2] <= frame[2] + 0.01 and not shown.find("throw")
        dice = _ink_box(die)
        if side == "right":
            assert dice[0] > frame[2] and frame[1] < (dice[1] + dice[3]) / 2 < frame[3], (view, dice, frame)
        else:
            assert dice[1] > frame[3] and frame[0] < (dice[0] + dice[2]) / 2 < frame[2], (view, dice, frame)
        assert dice[2] <= sheet.width and dice[3] <= sheet.height


def test_a_board_may_draw_its_own_throw(race: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgen.boards.throws import stick_faces
    from tests.engines.toy_race import ToyRaceBoard

    def sticks(self, frame, throw, options):  # a die thrown as sticks: as many marked sides as pips, up to four
        shown = min(4, int(throw.text))
        return stick_faces([1] * shown + [0] * (4 - shown), 12.0, frame.origin)

    monkeypatch.setattr(ToyRaceBoard, "draw_throw", sticks)
    sheet = diagram_sheet(checked("moves: 3", RACE), {})
    assert not sheet.content.find("die")
    assert len(sheet.content.find("stick-marked")) == 3 and len(sheet.content.find("stick-plain")) == 1


def test_no_throw_no_throw_drawing(race: None) -> None:
    diagram = checked("moves: 3 a1", RACE)  # the throw is used up: the shown position is a chance point
    assert diagram.throw is None and diagram.final.is_chance
    assert not diagram_sheet(diagram, {}).content.find("throw")
    assert describe(diagram, "en").endswith("Moves: throw 3, 1. a1.")


def test_the_same_seat_moving_twice_numbers_both_moves(race: None) -> None:
    diagram = checked("moves: 6 a1 3 a2 2 b1", RACE)
    assert [m.text for m in diagram.played] == ["a1", "a2", "b1"]
    assert [b.to_move for b in diagram.before] == [0, 0, 1]  # seat a moves twice in a row, then seat b
    sheet = diagram_sheet(diagram, {})
    numbers = {shape.text: shape.fill for group in sheet.content.find("move-number") for shape, _ in group.walk() if isinstance(shape, Text)}
    assert sorted(numbers) == ["1", "2", "3"]
    assert len(sheet.content.find("move-arrow")) == 3


def test_a_move_along_a_track_is_drawn_through_every_station_it_visits(race: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A race track that bends (here a zigzag): the arrow of a five-square move turns at each square."""
    from tests.engines.toy_race import ToyRaceBoard

    zigzag = {f"s{n}": (float(n - 1), float(n % 2)) for n in range(1, 11)}
    monkeypatch.setattr(ToyRaceBoard, "locations", lambda self: dict(zigzag))
    diagram = checked("position: 2.1 0.0 a throw 5\nmoves: a1", RACE)
    assert diagram.played[0].path == ("s2", "s3", "s4", "s5", "s6", "s7")
    sheet = diagram_sheet(diagram, {})
    [move] = sheet.content.find("move-arrow")
    shaft = [shape for shape in move.children if isinstance(shape, Polyline)][-1].points
    to_sheet = board_to_sheet(sheet, diagram)
    for name in ("s3", "s4", "s5", "s6"):  # the stations between the ends: the shaft bends at each
        x, y = to_sheet(*zigzag[name])
        assert min(math.dist((x, y), p) for p in shaft) < 0.05, name
