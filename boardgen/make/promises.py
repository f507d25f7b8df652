"""What one built file promises, and whether its bytes keep each promise.

A file's promises are what its record says of it (``manifest.json`` and the
download link are made from the record: "Tiled poster, A4, PDF, 7 pages,
310 KB"; "Booklet, in English, A5, ink-saving, PDF, 13 pages") and, for a
board, what its job asked of the drawing (the poster's scale, the boards on a
pen-and-paper sheet).  :func:`broken_promises` reads the file
(:mod:`boardgen.make.reading`) and says, one phrase each, every promise it
breaks:

* **the record**: its size and sha256 are the file's, computed here from the
  bytes (never taken from the cache); its format is what the bytes are; its
  page count is the PDF's;
* **the paper**: every page (the PDF's MediaBox; an SVG's width and height;
  a PNG's pixels at its ``pHYs`` resolution) is the record's paper, either way
  up, or the one way its kind is printed (an imposed booklet's sheets
  landscape);
* **the kind**: a one-sheet board is one page; a poster is its assembly guide
  and at least two sheets, and its board's cells are drawn at the size its
  job promises (the shapes on the sheets against the same board drawn at the
  job's scale, :func:`boardgen.make.tasks.sheet_request`); a pen-and-paper
  sheet holds as many boards as its job asks for (its cells counted against
  one board's);
* **the language**: the text reads as the record's language(s)
  (:mod:`boardgen.make.languages`), on a page or two;
* **the ink**: an ink-saving PDF puts less ink on paper, all its pages added
  up, than the full edition of the same file does; a one-ink file has no coloured pixel
  (a PDF's pages, a PNG's image) nor paints with a colour (an SVG's fills and
  strokes).

Cheap on purpose: a page or two of text, pages rasterised at 36 dpi when a
promise is about ink, the shapes of a board file's pages.  The checks
that need another file (the full edition, and byte-identical files across
the output folder) are given it by :mod:`boardgen.make.audit`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardgen.make.languages import language_problem
from boardgen.make.plan import Job
from boardgen.make.reading import (
    COLOUR_DPI,
    COLOUR_THRESHOLD,
    INK_DPI,
    PdfFile,
    Shape,
    Size,
    colour_pixels,
    ink_share,
    is_grey,
    open_pdf,
    png_image,
    read_png,
    read_svg,
    sniff_format,
)
from boardgen.site.catalogue import Artefact, digest

if TYPE_CHECKING:
    from boardgen.sheets.request import SheetRequest

PAPER_TOLERANCE = 0.5  # mm: a page is the paper when both sides are this close (points are written to 1/100)
# Kinds printed one way up only.  Not a booklet: on A4 and Letter its last page is the board, landscape.
ORIENTATION = {"booklet-imposed": "landscape"}
SHEET_KINDS = frozenset({"board", "poster", "pen", "pieces", "record", "calibration"})
BOOKLET_KINDS = frozenset({"booklet", "booklet-imposed"})
BOOKLET_TEXT_PAGES = 3  # pages of a booklet's text read for its language (after the cover)
SHEET_WORDS = 2  # function words of each language a sheet's bilingual printing note always has
BOOKLET_WORDS = 12  # ... and a few pages of a booklet's text
CELL_TOLERANCE = 0.2  # mm: a drawn cell is the promised size when both sides are this close
CELLS_SEEN = 3  # shapes of the promised size a poster's sheets must show at least (fewer if the board has fewer)
SHAPE_SMALLEST = 1.0  # mm: shapes smaller than this both ways (ticks, dots) are no cell
ASPECT_TOLERANCE = 0.02  # a shape is of the cell's kind when its width/height is this close to the cell's


@dataclass(frozen=True)
class Subject:
    """One file to judge: its record, the job that made it, its bytes, and the full-ink edition's bytes for an ink-saving one."""

    record: Artefact
    job: Job | None
    data: bytes
    full_edition: bytes | None = None
    full_edition_path: str | None = None


def broken_promises(subject: Subject) -> list[str]:
    """Every promise the file breaks, one phrase each ("a poster must have ..., has 1"); empty when it keeps them all."""
    record, data = subject.record, subject.data
    problems = _record_problems(record, data)
    fmt = sniff_format(data)
    if fmt != record.format:
        return [*problems, f"its record says {record.format}, but the file is {fmt or 'of no format boardgen writes'}"]
    reader: Callable[[Subject], list[str]] | None = {"pdf": _pdf_problems, "svg": _svg_problems, "png": _png_problems}.get(fmt)
    if reader is None:
        return problems
    try:
        return problems + reader(subject)
    except ValueError as exc:
        return [*problems, str(exc)]


def _record_problems(record: Artefact, data: bytes) -> list[str]:
    problems = []
    if record.bytes != len(data):
        problems.append(f"its record says {record.bytes} bytes, the file has {len(data)}")
    actual = digest(data)
    if record.sha256 != actual:
        problems.append(f"its record's sha256 is {record.sha256[:12]}…, the file's is {actual[:12]}…")
    return problems


# -- the paper ------------------------------------------------------------------------------


# Papers a booklet's pages are set on that no sheet is: ISO 216's A5 (the booklet's templates say
# "size: A5" in their CSS, which WeasyPrint makes 148 x 210 mm; the sheets' --paper offers no A5).
PAGE_ONLY_PAPERS: dict[str, Size] = {"a5": (148.0, 210.0)}


def paper_size(name: str) -> Size:
    """The paper's width and height in mm, portrait (``a4``, ``letter``, ``a5``, ``300x200``); ValueError for a name no one knows."""
    from boardgen.errors import OptionError
    from boardgen.sheets.paper import parse_paper

    if name in PAGE_ONLY_PAPERS:
        return PAGE_ONLY_PAPERS[name]
    try:
        paper = parse_paper(name)
    except OptionError:
        raise ValueError(f"its record's paper {name!r} is no paper boardgen knows") from None
    return (paper.width, paper.height)


def _paper_problem(record: Artefact, size: Size, where: str) -> str | None:
    """What is wrong with a page of ``size`` mm as a page of the record's paper (None: nothing, or no paper promised)."""
    if record.paper is None:
        return None
    width, height = paper_size(record.paper)
    way = ORIENTATION.get(record.kind)
    ways = {"portrait": [(min(width, height), max(width, height))], "landscape": [(max(width, height), min(width, height))]}.get(way or "", [(width, height), (height, width)])
    if any(abs(size[0] - w) <= PAPER_TOLERANCE and abs(size[1] - h) <= PAPER_TOLERANCE for w, h in ways):
        return None
    promised = f"{record.paper}{' ' + way if way else ''} ({ways[0][0]:.1f} × {ways[0][1]:.1f} mm)"
    return f"{where} must be {promised}, is {size[0]:.1f} × {size[1]:.1f} mm"


# -- PDF ------------------------------------------------------------------------------------


def _pdf_problems(subject: Subject) -> list[str]:
    record = subject.record
    with open_pdf(subject.data) as pdf:
        problems = []
        if record.pages is not None and record.pages != pdf.pages:
            problems.append(f"its record says {record.pages} pages, the file has {pdf.pages}")
        for index in range(pdf.pages):
            problem = _paper_problem(record, pdf.page_size(index), f"page {index + 1}")
            if problem is not None:
                problems.append(problem)
                break
        problems += _kind_problems(subject, pdf)
        problems += _language_problems(record, pdf)
        problems += _ink_problems(subject, pdf)
        return problems


def _kind_problems(subject: Subject, pdf: PdfFile) -> list[str]:
    record, job = subject.record, subject.job
    if record.kind == "board" and pdf.pages != 1:
        return [f"a board on one sheet must be one page, has {pdf.pages}"]
    if record.kind == "poster":
        if pdf.pages < 3:
            return [f"a poster must have at least two sheets plus its guide, has {pdf.pages}"]
        return _poster_cells(job, pdf) if job is not None else []
    if record.kind == "pen":
        if pdf.pages != 1:
            return [f"a pen-and-paper sheet must be one page, has {pdf.pages}"]
        return _pen_boards(job, pdf) if job is not None else []
    return []


def _language_problems(record: Artefact, pdf: PdfFile) -> list[str]:
    if record.lang is None or not pdf.pages:
        return []
    if record.kind in BOOKLET_KINDS:
        first = 1 if pdf.pages > 1 else 0  # past the cover, which names the game in both languages
        pages, enough = range(first, min(pdf.pages, first + BOOKLET_TEXT_PAGES)), BOOKLET_WORDS
    else:
        pages, enough = range(min(pdf.pages, 2)), SHEET_WORDS
    problem = language_problem("\n".join(pdf.text(index) for index in pages), record.lang, enough)
    return [problem] if problem else []


def _ink_problems(subject: Subject, pdf: PdfFile) -> list[str]:
    record = subject.record
    if record.ink == "mono":
        for index in range(pdf.pages):
            coloured = colour_pixels(pdf.raster(index, COLOUR_DPI))
            if coloured:
                return [f"a one-ink file must have no colour, page {index + 1} has {coloured} coloured pixels at {COLOUR_DPI} dpi"]
    if record.ink == "light" and subject.full_edition is not None and pdf.pages:
        # the whole document: a cover (or an imposed sheet's back page and cover) says little of the rest
        light = document_ink(pdf)
        with open_pdf(subject.full_edition) as full_pdf:
            full = document_ink(full_pdf)
        if not light < full:
            return [
                f"an ink-saving edition must use less ink than its full edition {subject.full_edition_path}: "
                f"its {pdf.pages} pages carry {light:.3f} pages' worth of ink at {WHOLE_INK_DPI} dpi, the full edition's {full:.3f}"
            ]
    return []


# Every page of both editions rasterised: coarse is enough for a sum, since antialiasing keeps a
# page's mean ink at any resolution (thin hatching blurs into grey, as much grey as its lines' ink).
WHOLE_INK_DPI = 36


def document_ink(pdf: PdfFile) -> float:
    """The ink of every page added up (each page's share, 0 to 1): what the whole file costs to print."""
    return sum(ink_share(pdf.raster(index, WHOLE_INK_DPI)) for index in range(pdf.pages))


# -- the board promised: cells of a poster, boards of a pen-and-paper sheet -------------------


@lru_cache(maxsize=64)
def board_request(args: tuple[Any, ...]) -> "SheetRequest":
    """The board request a board job's ``args`` stand for: the same one its file was drawn from (:func:`boardgen.make.tasks.sheet_request`).

    Kept for the audit: the A4 and Letter editions of a file ask for the
    same board, and a poster's scale takes the board laid out on its A2 first.
    """
    from boardgen.make import tasks

    return tasks.sheet_request(*args)


@lru_cache(maxsize=64)
def promised_scale(args: tuple[Any, ...]) -> float | None:
    """The mm per board unit a board job asks for (None: as large as fits its sheet), as the sheet is drawn.

    The request names it as ``cell_mm``, or as the board's width
    (``board_mm``) or the sheets it may take (``sheets``), which the drawing
    turns into a scale the same way (:func:`boardgen.sheets.request.board_sheets`).
    """
    request = board_request(args)
    if request.cell_mm is not None:
        return request.cell_mm
    if request.board_mm is None and request.sheets is None:
        return None
    board = request.info.make_board(request.size)
    if request.board_mm is not None:
        from boardgen.sheets.single import scale_for_board_width

        return scale_for_board_width(board, request.options, request.board_mm)
    from boardgen.sheets.tiles import largest_on_sheets

    assert request.sheets is not None
    return largest_on_sheets(board, request.paper, request.options, request.sheets, request.overlap, request.cut_marks, request.orientation)


@lru_cache(maxsize=64)
def board_cell(args: tuple[Any, ...], scale: float) -> tuple[Size, int, str]:
    """The commonest closed shape of the job's board drawn at ``scale`` (its cells, points, pits), how many it has, and the unit's name.

    Drawn as the poster and the pen-and-paper sheet draw it (the job's own
    request, :func:`board_request`), coordinates left out; the size is the
    shape's geometry, without its stroke.
    """
    from boardgen.drawing.bounds import shape_box
    from boardgen.drawing.frame import Frame
    from boardgen.drawing.model import Circle, Polygon, Style

    request = board_request(args)
    board = request.info.make_board(request.size)
    drawing = board.draw(Frame(scale), request.options)
    sizes: Counter[Size] = Counter()
    for shape, roles in drawing.walk():
        if "coordinate" in roles or not isinstance(shape, (Polygon, Circle)):
            continue
        box = shape_box(replace(shape, style=Style(stroke=None)))  # the geometry: the PDF's paths are read without strokes too
        if box is not None and max(box[2] - box[0], box[3] - box[1]) >= SHAPE_SMALLEST:
            sizes[(round(box[2] - box[0], 1), round(box[3] - box[1], 1))] += 1
    if not sizes:
        raise ValueError(f"the board of {request.info.id} draws no closed shape to measure")
    cell, count = sizes.most_common(1)[0]
    return cell, count, str(board.unit_label["en"])


def _near(shape: Shape, size: Size, tolerance: float) -> bool:
    return abs(shape.width - size[0]) <= tolerance and abs(shape.height - size[1]) <= tolerance


def _same_kind(shape: Shape, cell: Size, tolerance: float) -> bool:
    """Whether the shape has the cell's proportions (a cell of another size), among shapes large enough to be one."""
    if max(shape.width, shape.height) < SHAPE_SMALLEST or shape.height <= 0 or cell[1] <= 0:
        return False
    return abs(shape.width / shape.height - cell[0] / cell[1]) <= tolerance * cell[0] / cell[1]


def commonest_like(shapes: list[Shape], cell: Size, aspect: float = ASPECT_TOLERANCE) -> tuple[Size | None, int]:
    """The size of the most numerous shapes with the cell's proportions, and how many there are (within :data:`CELL_TOLERANCE`)."""
    alike = [shape for shape in shapes if _same_kind(shape, cell, aspect)]
    best: tuple[Size | None, int] = (None, 0)
    for size in sorted({(round(shape.width, 1), round(shape.height, 1)) for shape in alike}, reverse=True):
        count = sum(_near(shape, size, CELL_TOLERANCE) for shape in alike)
        if count > best[1]:
            best = (size, count)
    return best


def _poster_cells(job: Job, pdf: PdfFile) -> list[str]:
    """The board on the poster's sheets is drawn at the job's scale: its cells there are the size of the board's cells at that scale.

    A sheet keeps the promise when it shows :data:`CELLS_SEEN` shapes of the
    cell's size (its points, not its ink: strokes left out on both sides);
    only the paths whose ink box is near that size are read, and the sheets
    are read until one does.
    """
    scale = promised_scale(job.args)
    if scale is None:
        return []
    cell, count, unit = board_cell(job.args, scale)
    enough = min(CELLS_SEEN, count)
    for index in range(1, pdf.pages):
        if len([shape for shape in pdf.shapes(index, near=cell, limit=4 * enough) if _near(shape, cell, CELL_TOLERANCE)]) >= enough:
            return []
    found, _ = commonest_like([shape for index in range(1, pdf.pages) for shape in pdf.shapes(index)], cell)
    drawn = f"{scale * found[0] / cell[0]:.1f} mm" if found is not None else "not found on its sheets"
    return [f"a poster's {unit} must be {scale:.1f} mm on paper (shapes of {cell[0]:.1f} × {cell[1]:.1f} mm), is {drawn}"]


PEN_SCALE = 100.0  # the board drawn this large for its cell's proportions (to 0.1 mm rounding, exact enough)
PEN_ASPECT_TOLERANCE = 0.06  # ink boxes: a stroke changes a small cell's proportions a little


def _pen_boards(job: Job, pdf: PdfFile) -> list[str]:
    """A pen-and-paper sheet holds the boards its job asks for: its cells, counted by their ink boxes, are that many boards' cells."""
    promised = board_request(job.args).per_sheet
    if promised is None:
        return []
    cell, count, _ = board_cell(job.args, PEN_SCALE)
    _, seen = commonest_like(pdf.ink_boxes(0), cell, PEN_ASPECT_TOLERANCE)
    if seen == promised * count:
        return []
    return [f"a pen-and-paper sheet must hold {promised} boards, holds {seen / count:g} ({seen} cells, {count} to a board)"]


# -- SVG and PNG ----------------------------------------------------------------------------


def _svg_problems(subject: Subject) -> list[str]:
    record = subject.record
    facts = read_svg(subject.data)
    problems = []
    if record.paper is not None:
        if facts.size is None:
            problems.append(f"an SVG of {record.paper} must give its width and height in mm, gives none")
        else:
            problem = _paper_problem(record, facts.size, "its sheet")
            if problem is not None:
                problems.append(problem)
    if record.lang is not None and record.kind in SHEET_KINDS:
        problem = language_problem(facts.text, record.lang, SHEET_WORDS)
        if problem is not None:
            problems.append(problem)
    if record.ink == "mono":
        coloured = sorted(colour for colour in facts.colours if not is_grey(colour, COLOUR_THRESHOLD))
        if coloured:
            problems.append(f"a one-ink file must have no colour, paints with {', '.join(coloured[:3])}{' and more' if len(coloured) > 3 else ''}")
    return problems


def _png_problems(subject: Subject) -> list[str]:
    """A PNG says its resolution (``pHYs``), and its pixels at that resolution are its paper."""
    from boardgen.drawing.png import pixel_size

    record = subject.record
    facts = read_png(subject.data)
    if record.ink == "mono" and (coloured := colour_pixels(png_image(subject.data))):
        return [f"a one-ink file must have no colour, has {coloured} coloured pixels"]
    if facts.dpi is None:
        return ["a PNG must say its resolution (a pHYs chunk in pixels per metre), says none"]
    dpi_x, dpi_y = facts.dpi
    if abs(dpi_x - dpi_y) > 0.5:
        return [f"a PNG's resolution must be the same both ways, is {dpi_x:.1f} × {dpi_y:.1f} dpi"]
    if record.paper is None:
        return []
    width, height = paper_size(record.paper)
    dpi = round(dpi_x)
    ways = [pixel_size(width, height, dpi), pixel_size(height, width, dpi)]
    if any(abs(facts.pixels[0] - w) <= 1 and abs(facts.pixels[1] - h) <= 1 for w, h in ways):
        return []
    return [f"a PNG of {record.paper} at {dpi} dpi (its pHYs) must be {ways[0][0]} × {ways[0][1]} pixels either way up, is {facts.pixels[0]} × {facts.pixels[1]}"]
