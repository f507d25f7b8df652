"""The tiled posters the build makes, read back from their bytes, against what the booklets and the site promise.

Damas, Xadrez and Nyout once shipped ``GAME-poster-tiled-PAPER.pdf`` files
byte-identical to their one-sheet boards: the poster was "the board as large
as on A2", and on A2 the board took its own one-sheet size (22 and 17 mm).
Now each board states its poster size once (``poster_cell_mm``), and:

* every poster job of the build's job lists (every game, every popular size,
  A4 and Letter) asks for the board at that size, on at least two sheets
  besides its assembly page, larger than the one-sheet board ("a larger
  board over several sheets", the site says);
* one poster a game (the default size, on A4 or Letter by turns) is made by
  the very task the build runs, and read back with pypdf: an assembly page
  that names the sheets in both languages, then the tiles, every page the
  paper's size, and the board's labels as far apart on paper as the board
  drawn at the promised size puts them (the pitch, measured to 1 %); on the
  chequerboards a 100 dpi raster also measures the squares themselves;
* each booklet's paragraph on the poster states that size, and the number
  of sheets when it gives one, in both languages;
* two files of different names never come from the same job arguments, and
  a poster's bytes are never its one-sheet board's.
"""

from __future__ import annotations

import importlib
import io
import re
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from boardgen.boards.base import BoardOptions
from boardgen.boards.chequerboard import ChequerBoard
from boardgen.drawing.fonts import anchored_start
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Text
from boardgen.make import steps
from boardgen.make.plan import Job
from boardgen.make.tasks import sheet_request
from boardgen.registry import GameInfo, all_games
from boardgen.sheets.request import poster_cell_mm
from boardgen.sheets.single import decimal, place_board
from boardgen.sheets.tiles import sheets_needed

from ..conftest import require_tool, run_boardgen
from ..raster_kit import pdf_page

PT_PER_MM = 72 / 25.4
RULES = Path(__file__).resolve().parents[2] / "rules_text"
GAMES: list[GameInfo] = [game for game in all_games() if game.has_board()]
PITCH_TOLERANCE = 0.01  # the labels' spacing on paper, as a fraction of the promised pitch
LABEL_TOLERANCE_MM = 0.2  # each label's place on paper against the board drawn at the promised size


def _board_jobs() -> list[Job]:
    """Every job of the build's own job lists in :mod:`boardgen.make.steps` (:data:`steps.STEPS`), in plan order."""
    jobs: list[Job] = []
    for entry in steps.STEPS:
        module, _, function = entry.partition(":")
        if module == steps.__name__:
            jobs += getattr(steps, function)(None)
    return jobs


JOBS = _board_jobs()
POSTERS = [job for job in JOBS if job.kind == "poster"]


def _size_part(game: GameInfo, size: int | None) -> str:
    return f"-{size}" if size else ""


@cache
def _tiles(game_id: str, size: int | None, paper: str) -> tuple[float, int | None]:
    """(poster cell mm, tiles) of the build's poster request: the layout only, no tile drawn (shared by the tests below)."""
    request = sheet_request(game_id, size, paper, "pdf", True)
    board = request.info.make_board(request.size)
    assert request.cell_mm is not None
    return request.cell_mm, sheets_needed(board, request.paper, request.options, request.cell_mm, request.overlap, request.cut_marks, request.orientation)


def _made(job: Job) -> bytes:
    """The file's bytes, made by the function the job names (``job.task``), as the build's worker calls it."""
    module, _, function = job.task.partition(":")
    return getattr(importlib.import_module(module), function)(*job.args)


def test_every_game_and_popular_size_has_a_poster_on_each_build_paper():
    """The job list holds one poster per game with a board, per size the site offers, per build paper."""
    assert {job.game for job in POSTERS} == {game.id for game in GAMES}
    for game in GAMES:
        sizes = dict.fromkeys((game.default_size, *game.popular_sizes))
        expected = {f"boards/{game.id}{_size_part(game, size)}-poster-tiled-{paper}.pdf" for size in sizes for paper in steps.BUILD_PAPERS}
        assert {job.path for job in POSTERS if job.game == game.id} == expected


@pytest.mark.parametrize("job", POSTERS, ids=[Path(job.path).stem for job in POSTERS])
def test_every_build_poster_asks_for_its_board_at_the_poster_size_on_two_sheets_or_more(job):
    """The request of each poster job: tiled, at the board's poster_cell_mm, needing at least two tiles, larger than the one-sheet board."""
    request = sheet_request(*job.args)
    board = request.info.make_board(request.size)
    assert board.poster_cell_mm is not None, f"{job.game}: its board states no poster size"
    assert request.tile and request.cell_mm == board.poster_cell_mm == poster_cell_mm(request.info, request.size)
    tiles = _tiles(job.game, job.size, request.paper.name)[1]  # the paper the job names
    assert tiles is not None and tiles >= 2, f"{job.path}: {tiles} sheet(s)"
    one_sheet = place_board(board, request.paper, request.options).frame.scale
    assert request.cell_mm > one_sheet * 1.2, f"{job.path}: {request.cell_mm} mm is hardly larger than the one-sheet board's {one_sheet:.1f} mm"


def _sampled(game_index: int, game: GameInfo) -> Job:
    """The default-size poster of ``game``, on A4 or Letter by turns: each paper is read for half the games."""
    paper = steps.BUILD_PAPERS[game_index % len(steps.BUILD_PAPERS)]
    return next(job for job in POSTERS if job.game == game.id and job.size == game.default_size and job.paper == paper)


SAMPLED = [_sampled(k, game) for k, game in enumerate(GAMES)]


@pytest.fixture(scope="module")
def made() -> dict[str, PdfReader]:
    """Each sampled poster, made by the build's task and read back by pypdf (about 0.3 s each)."""
    return {job.path: PdfReader(io.BytesIO(_made(job))) for job in SAMPLED}


def _texts(reader: PdfReader, page: int) -> list[tuple[str, float, float, float]]:
    """(text, x, y, size) of every string drawn on a page, in drawing order: x and y in mm from the top left, size in mm."""
    height = float(reader.pages[page].mediabox.height)
    found: list[tuple[str, float, float, float]] = []

    def visit(text, cm, tm, font, size) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x / PT_PER_MM, (height - y) / PT_PER_MM, size * tm[3] / PT_PER_MM))

    reader.pages[page].extract_text(visitor_text=visit)
    return found


def _board_texts(board, scale: float) -> list[tuple[str, float, float]]:
    """(text, x where it starts, baseline y) of every string of the board drawn at ``scale`` from (0, 0), in drawing order."""
    drawn = board.draw(Frame(scale), BoardOptions())
    return [(s.text, anchored_start(s.position[0], s.text, s.size, s.font, s.anchor), s.position[1]) for s, _ in drawn.walk() if isinstance(s, Text)]


def measured_pitch(tile: list[tuple[str, float, float, float]], model: list[tuple[str, float, float]], promised: float) -> tuple[float, float]:
    """(the pitch on paper, the worst label's distance from where the promised pitch puts it, mm).

    Every tile carries the whole board's drawing, clipped to its window, so
    its page holds all the board's labels (coordinates, point names) in the
    board's drawing order.  They are found there as one run of the same
    strings; their spread about their centroid, against the spread of the
    same labels on the board drawn at ``promised`` mm, gives the pitch (the
    least-squares ratio of the two), and the leftover the worst label's miss.
    """
    strings = [text for text, *_ in model]
    found = [k for k in range(len(tile) - len(strings) + 1) if [t for t, *_ in tile[k:k + len(strings)]] == strings]
    assert len(found) == 1, f"the board's {len(strings)} labels are not on the tile as one run ({len(found)} runs)"
    on_paper = [(x, y) for _, x, y, _ in tile[found[0]:found[0] + len(strings)]]
    expected = [(x, y) for _, x, y in model]

    def centred(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        return [(x - cx, y - cy) for x, y in points]

    paper, drawing = centred(on_paper), centred(expected)
    ratio = sum(a[0] * b[0] + a[1] * b[1] for a, b in zip(paper, drawing)) / sum(b[0] ** 2 + b[1] ** 2 for b in drawing)
    miss = max(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a, b in zip(paper, drawing))
    return promised * ratio, miss


@pytest.mark.parametrize("job", SAMPLED, ids=[Path(job.path).stem for job in SAMPLED])
def test_the_poster_file_has_its_guide_then_its_tiles_at_the_promised_pitch(job, made):
    """Read back: a guide page naming every sheet in both languages, at least two tiles, every page the paper, the pitch within 1 %."""
    reader = made[job.path]
    request = sheet_request(*job.args)
    board = request.info.make_board(request.size)
    promised = board.poster_cell_mm
    assert promised is not None
    pages = len(reader.pages)
    assert pages >= 3, f"{job.path}: {pages} page(s), not a guide and two tiles"
    paper = request.paper
    for number, page in enumerate(reader.pages, 1):
        size = sorted((float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM))
        assert size == pytest.approx(sorted((paper.width, paper.height)), abs=0.05), f"{job.path} page {number}: {size} mm"

    guide = " ".join(text for text, *_ in _texts(reader, 0))
    tiles = pages - 1
    assert "montagem" in guide, guide[:200]
    assert f"{tiles} folhas {paper.label}" in guide and f"{tiles} sheets {paper.label}" in guide, guide[:400]
    assert f"{decimal(promised, 'pt')} mm" in guide and f"{promised:.1f} mm" in guide
    for page in range(1, pages):
        title = _texts(reader, page)[0][0]
        assert title.startswith(request.info.title["pt"]), title
        assert re.search(r" — [A-Z]\d+$", title), title  # the tile's name, as the guide's map shows it
        assert title.rsplit(" ", 1)[1] in guide

    model = _board_texts(board, promised)
    assert len(model) >= 2, f"{job.game}: the board draws no labels to measure by"
    for page in (1, pages - 1):
        pitch, miss = measured_pitch(_texts(reader, page), model, promised)
        assert pitch == pytest.approx(promised, rel=PITCH_TOLERANCE), f"{job.path} page {page + 1}: {board.unit_label['en']} {pitch:.2f} mm"
        assert miss <= LABEL_TOLERANCE_MM, f"{job.path} page {page + 1}: a label {miss:.2f} mm from its place"


def test_the_measure_catches_a_board_at_another_size():
    """A tile drawn at the one-sheet size (the fault the posters had) measures as that size, not the promised one."""
    game = next(g for g in GAMES if isinstance(g.make_board(g.default_size), ChequerBoard))
    board = game.make_board(game.default_size)
    promised = board.poster_cell_mm
    assert promised is not None and board.default_cell_mm is not None
    wrong = [(text, x + 30.0, y + 40.0, 0.0) for text, x, y in _board_texts(board, board.default_cell_mm)]
    pitch, miss = measured_pitch([("title", 0.0, 0.0, 0.0), *wrong], _board_texts(board, promised), promised)
    assert pitch == pytest.approx(board.default_cell_mm, rel=0.05) and miss > 10.0


CHEQUERED = [
    job for job in POSTERS
    if job.size == next(g for g in GAMES if g.id == job.game).default_size and isinstance(sheet_request(*job.args).info.make_board(job.size), ChequerBoard)
]  # the default-size posters of every game on the 8 x 8 chequerboard, on both papers
RULER_DPI = 100


@pytest.mark.parametrize("job", CHEQUERED, ids=[Path(job.path).stem for job in CHEQUERED])
def test_a_chequerboard_poster_s_squares_measure_the_promised_size_on_a_raster(job, tmp_path):
    """At 100 dpi, the dark squares along the rows and columns of the first tile repeat every two squares: twice the promised square.

    (A dark square's own run is its side plus its outline; the repeat is the side alone.)
    """
    require_tool("pdftoppm")
    from PIL import Image

    path = tmp_path / "poster.pdf"
    path.write_bytes(_made(job))
    promised = sheet_request(*job.args).info.make_board(job.size).poster_cell_mm
    assert promised is not None
    tile = pdf_page(path, RULER_DPI, 2, grey=True)
    px = RULER_DPI / 25.4
    periods = []
    for image in (tile, tile.transpose(Image.Transpose.TRANSPOSE)):  # along the rows, then down the columns
        for row in range(0, image.height, 10):
            line = image.crop((0, row, image.width, row + 1)).tobytes()
            starts = [m.start() / px for m in re.finditer(rb"[\x00-\xa0]+", line) if (m.end() - m.start()) / px > promised * 0.8]
            periods += [(b - a) / 2 for a, b in zip(starts, starts[1:])]
    assert len(periods) >= 10, f"{job.path}: too few dark squares seen ({len(periods)})"
    periods.sort()
    assert periods[len(periods) // 2] == pytest.approx(promised, abs=0.3)
    assert all(abs(p - promised) <= 0.5 for p in periods), (min(periods), max(periods))


# -- what the booklets say ------------------------------------------------------------------------

NUMBERS = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12},
    "pt-BR": {"duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "dez": 10, "doze": 12},
}
SHEETS_WORDS = {
    "en": re.compile(r"\b(\w+) sheets(?: \((\w+) on Letter\))?"),
    "pt-BR": re.compile(r"\b(\w+) folhas(?: \((\w+) em Carta\))?"),
}


def _paragraph(text: str, name: str) -> str:
    """The paragraph (or list item) of a rule text that names ``name``, on one line."""
    blocks = re.split(r"\n\s*\n|\n(?=- )", text)
    found = [block for block in blocks if name in block]
    assert found, f"no paragraph names {name}"
    return " ".join(found[0].split())


BOOKLETS = [game for game in GAMES if (RULES / game.id / "en.md").exists()]


@pytest.mark.parametrize("game", BOOKLETS, ids=[game.id for game in BOOKLETS])
@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_the_booklet_states_the_poster_s_size_and_sheets_as_the_file_has_them(game, lang):
    """The paragraph naming the poster states the board's poster_cell_mm, and its sheet count on A4 (and Letter) where it gives one."""
    board = game.make_board(game.default_size)
    promised = board.poster_cell_mm
    assert promised is not None
    text = (RULES / game.id / f"{lang}.md").read_text(encoding="utf-8")
    paragraph = _paragraph(text, f"{game.id}{_size_part(game, game.default_size)}-poster-tiled-a4.pdf")
    stated = f"{decimal(promised, 'pt' if lang == 'pt-BR' else 'en').removesuffix(',0').removesuffix('.0')} mm"
    assert stated in paragraph, f"{game.id} {lang}: the poster paragraph does not say {stated}: {paragraph}"
    counts = [match for match in SHEETS_WORDS[lang].finditer(paragraph) if match.group(1) in NUMBERS[lang]]
    tiles = {paper: _tiles(game.id, game.default_size, paper)[1] for paper in steps.BUILD_PAPERS}
    for match in counts:
        a4 = NUMBERS[lang][match.group(1)]
        letter = NUMBERS[lang][match.group(2)] if match.group(2) else a4
        assert (tiles["a4"], tiles["letter"]) == (a4, letter), f"{game.id} {lang}: “{match.group(0)}”, the files have {tiles}"


# -- different files, different bytes -------------------------------------------------------------


def test_no_two_board_files_come_from_the_same_job():
    """Same task and arguments make the same bytes: two names from one (task, args) would be one file twice."""
    seen: dict[tuple, str] = {}
    for job in JOBS:
        key = (job.task, job.args)
        assert key not in seen, f"{job.path} and {seen[key]} are made from the same arguments {job.args}"
        seen[key] = job.path


# The games whose board has a one-sheet size of its own: the ones whose posters were their one-sheet boards.
SIZED = [game for game in GAMES if game.make_board(game.default_size).default_cell_mm is not None]


@pytest.mark.parametrize("game", SIZED[:2], ids=[game.id for game in SIZED[:2]])
def test_a_poster_is_not_the_one_sheet_board(game):
    """The build's A4 board and A4 poster of a game with a one-sheet size: different bytes, one page against a guide and tiles."""
    assert len(SIZED) >= 2, "fewer than two games with a board size of their own"

    def job(kind: str) -> Job:
        return next(j for j in JOBS if j.game == game.id and j.kind == kind and j.paper == "a4" and j.format == "pdf" and j.size == game.default_size)

    board, poster = _made(job("board")), _made(job("poster"))
    assert board != poster
    assert len(PdfReader(io.BytesIO(board)).pages) == 1
    assert len(PdfReader(io.BytesIO(poster)).pages) >= 3


def test_tile_alone_on_the_command_line_makes_the_build_s_poster(tmp_path):
    """``boardgen board GAME --tile`` with no size: the poster the build publishes, byte for byte (once an error asking for a size)."""
    job = SAMPLED[0]
    out = tmp_path / "poster.pdf"
    args = ["board", job.game, "--tile", "--paper", job.paper or "a4", "-o", str(out)]
    if job.size is not None:
        args += ["--size", str(job.size)]
    result = run_boardgen(*args)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == _made(job)
