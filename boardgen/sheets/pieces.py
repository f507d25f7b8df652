"""A game's pieces laid out on sheets: cut out, fold where they stand up, play on the printed board.

What the sheet decides, and why:

* **size**: the pieces fit the board as ``boardgen board`` draws it by default
  on the same paper (:func:`boardgen.sheets.single.place_board`), so the
  board and its pieces printed together match; the sheet states the piece's
  size, the cell or point spacing it is for and the room left on each side;
* **count**: the engine's start position (``GAME.load_engine().initial()``),
  never a second table; a game whose pieces are all placed during play says
  in its declaration how many a full game can need (from the board's cells);
* **look**: the game's own declaration (the :class:`~boardgen.boards.pieces.PieceSet`
  its ``GameInfo.pieces`` names, ``boardgen/games/GAME/pieces.py`` for boardgen's
  games) picks the shapes;
* **duplex**: double-sided pieces come as a front page and a back page whose
  content is mirrored left to right, so that a portrait sheet printed on both
  sides and flipped on its long edge puts each back under its front; a
  single-sided fold-over page follows for printers without duplex.

Every page is portrait (a landscape page would flip on its other edge), with
the header, the 100 mm bar and the print-at-100 % note of a board sheet, and
all ink ``MARGIN_MM`` inside the edge.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from boardgen.boards.base import BoardDrawing, BoardOptions, InkMode
from boardgen.boards.pieces import SEAT_ROLES, Cutout, Face, PieceSet, disc, doubling_cube_net, fold_over_disc, numbered_face, square_token, stone_face, tent, throw_stick
from boardgen.drawing import palette
from boardgen.drawing.fonts import wrap_text
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Line, Shape, Sheet, Style, Text
from boardgen.engine.base import Piece
from boardgen.errors import OptionError, option_name
from boardgen.registry import GameInfo
from boardgen.sheets.paper import MARGIN_MM, Paper
from boardgen.sheets.single import INFO_SIZE, TITLE_SIZE, decimal, footer_block, footer_height, place_board, too_narrow, wide_enough

GAP_MM = 3.0  # between two cutouts: room for the scissors
HEADING_SIZE = 3.0
TENT_BASE_MM = 9.0
CUBE_SIDE_MM = 20.0  # a doubling cube as sold, about 20 mm
THROW_STICKS = 4  # Nyout is thrown with four sticks
STICK_LENGTH_MM, STICK_WIDTH_MM = 90.0, 14.0
MIN_CLEAR_MM = 1.0  # the least room a standing piece's base leaves on each side of its square


@dataclass
class Section:
    """Cutouts that go together under one heading (pt, en); ``duplex``: printed on both sides of the sheet."""

    heading: tuple[str, str]
    cutouts: list[Cutout]
    duplex: bool = False
    #: extra drawing placed after the cutouts (Awelé's score pad), with its height
    extra: Group | None = None
    extra_height: float = 0.0


@dataclass(frozen=True)
class PiecePlan:
    """What goes on a game's pieces sheets, before layout: the facts the header states, and the sections."""

    game: GameInfo
    scale_mm: float
    piece_mm: float
    room_mm: float
    room_words: tuple[str, str]
    counts: Mapping[tuple[int, str], int]
    count_from_start: bool
    #: how many places hold pieces at the start (Awelé's 12 pits), for "4 in each pit"
    start_places: int = 0
    sections: list[Section] = field(default_factory=list)
    lines: tuple[tuple[str, str], ...] = ()


def declaration(game: GameInfo) -> PieceSet:
    """The game's pieces declaration, the PieceSet its ``GameInfo.pieces`` names; OptionError when it declares none."""
    found = game.load_pieces()
    if not isinstance(found, PieceSet):
        raise TypeError(f"{game.pieces} must be a PieceSet, not {type(found).__name__}")
    return found


def start_counts(game: GameInfo, size: int | None, variants: tuple[Mapping[str, str], ...] = ()) -> dict[tuple[int, str], int]:
    """How many pieces of each (owner, kind) stand in the engine's start position.

    With ``variants``, the start position under each of them: a piece gets
    the most any of them needs (a kit for 2, 3 or 4 players holds every seat).
    """
    most: dict[tuple[int, str], int] = {}
    for values in variants or ({},):
        counts: Counter[tuple[int, str]] = Counter()
        for _name, piece in game.load_engine().initial(size, dict(values) or None).placements():
            counts[(piece.owner, piece.kind)] += piece.count
        for key, n in counts.items():
            most[key] = max(most.get(key, 0), n)
    return dict(sorted(most.items()))


def plan_pieces(game: GameInfo, paper: Paper, ink: InkMode = "full", names: Mapping[str, str] | None = None) -> PiecePlan:
    """The pieces of ``game`` at the size its default board takes on ``paper``; errors name ``paper`` as ``names`` says."""
    pieces = declaration(game)
    board = game.make_board(game.default_size)
    scale = place_board(board, paper, BoardOptions(ink=ink), names=names).frame.scale
    counts = start_counts(game, game.default_size, pieces.variants)
    from_start = bool(counts) or pieces.placed is None
    if not counts and pieces.placed is not None:
        counts = dict(sorted(pieces.placed(board).items()))
    rank = {kind: k for k, kind in enumerate(pieces.order)}
    counts = dict(sorted(counts.items(), key=lambda item: (item[0][0], rank.get(item[0][1], len(rank)), item[0][1])))
    piece_mm = board.piece_diameter * scale
    room_mm = pieces.room_units * scale
    places = len({name for name, _piece in game.load_engine().initial(game.default_size).placements()})
    plan = PiecePlan(game, scale, piece_mm, room_mm, pieces.room, counts, from_start, places)
    light = ink in ("light", "mono")
    plan.sections.extend(_sections(board, pieces, plan, light))
    return plan


def _name(pieces: PieceSet, owner: int, kind: str, lang: int) -> str:
    default = (f"peças do jogador {owner + 1}", f"player {owner + 1}'s pieces")
    return pieces.names.get((owner, kind), default)[lang]


def _face(board: BoardDrawing, pieces: PieceSet, piece: Piece) -> Face:
    return stone_face(pieces.roles.get(piece.owner, "light_piece"), piece.owner, pieces.marks.get(piece.kind, ""))


def figure_face(board: BoardDrawing, piece: Piece, token: bool) -> Face:
    """A chess figure, drawn by the board's own vector figures; on a patterned disc when ``token``."""
    figure = getattr(board, "figure")

    def draw(centre: tuple[float, float], size: float, light: bool) -> list[Shape]:
        shapes: list[Shape] = stone_face("paper", piece.owner)(centre, size, light) if token else []
        shapes += figure(Frame(size, centre), (0.0, 0.0), piece, 0.78 if token else 0.95)
        return shapes

    return draw


def _sections(board: BoardDrawing, pieces: PieceSet, plan: PiecePlan, light: bool) -> list[Section]:
    size = plan.piece_mm
    every = [(owner, kind, n) for (owner, kind), n in plan.counts.items()]
    cut = ("Recorte pela linha contínua.", "Cut along the solid line.")
    if pieces.style in ("discs", "squares"):
        shape = disc if pieces.style == "discs" else square_token
        cutouts = [shape(_face(board, pieces, Piece(o, k)), size, f"{k} of player {o}") for o, k, n in every for _ in range(n)]
        return [Section(cut, cutouts)]
    if pieces.style == "draughts":
        pairs = [(Piece(o, k), Piece(o, pieces.promoted)) for o, k, n in every for _ in range(n)]
        duplex = [disc(_face(board, pieces, a), size, f"{a.kind} of player {a.owner}, {b.kind} on the back", back=_face(board, pieces, b)) for a, b in pairs]
        folded = [fold_over_disc(_face(board, pieces, a), _face(board, pieces, b), size, f"{a.kind} of player {a.owner} with its {b.kind}") for a, b in pairs]
        return [
            Section(("Frente e verso: imprima nos dois lados, virando pela borda longa; a dama fica no verso.", "Both sides: print double-sided, flipped on the long edge; the king is on the back."), duplex, duplex=True),
            Section(("Sem impressão nos dois lados: recorte o par, dobre na linha tracejada e cole.", "Without double-sided printing: cut out each pair, fold on the dashed line and glue."), folded),
        ]
    if pieces.style == "chess":
        height = plan.room_mm * 1.1
        base = min(TENT_BASE_MM, plan.room_mm - 2 * MIN_CLEAR_MM)  # the depth it stands on, inside its square
        standing = ("Peças em pé: recorte, dobre nas linhas tracejadas e cole a aba sob a outra face.", "Standing pieces: cut out, fold on the dashed lines, glue the tab under the other face.")
        tents = [tent(figure_face(board, Piece(o, k), False), size, height, base, f"{k} of player {o}") for o, k, n in every for _ in range(n)]
        tokens = [disc(figure_face(board, Piece(o, k), True), size, f"{k} of player {o}") for o, k, n in every for _ in range(n)]
        return [Section(standing, tents), Section(("Ou fichas planas: recorte pela linha contínua.", "Or flat tokens: cut along the solid line."), tokens)]
    if pieces.style == "backgammon":
        checkers = [disc(_face(board, pieces, Piece(o, k)), size, f"{k} of player {o}") for o, k, n in every for _ in range(n)]
        cube = doubling_cube_net(CUBE_SIDE_MM)
        return [
            Section(cut, checkers),
            Section(("Dado de dobrar: recorte, dobre nas linhas tracejadas e cole as abas por dentro.", "Doubling cube: cut out, fold on the dashed lines, glue the tabs inside."), [cube]),
        ]
    if pieces.style == "nyout":
        horses = [disc(numbered_face(pieces.roles.get(o, SEAT_ROLES[o % len(SEAT_ROLES)]), o, str(k + 1)), size, f"{kind} of player {o}") for o, kind, n in every for k in range(n)]
        sticks = [throw_stick(STICK_LENGTH_MM, STICK_WIDTH_MM, f"throw stick {k + 1}") for k in range(THROW_STICKS)]
        return [
            Section(cut, horses),
            Section(("Paus de lançar: recorte, dobre ao meio no comprido e cole; a face marcada e a lisa contam.", "Throw sticks: cut out, fold in half lengthwise and glue; the marked face and the plain one count."), sticks),
        ]
    if pieces.style == "beans":
        return [Section(("Marcador de pontos: sementes capturadas em cada partida.", "Score pad: seeds captured in each game."), [], extra=score_pad(), extra_height=SCORE_PAD_HEIGHT)]
    raise AssertionError(f"unknown piece style {pieces.style!r}")


SCORE_ROWS = 12
SCORE_ROW_MM = 9.0
SCORE_PAD_HEIGHT = (SCORE_ROWS + 2) * SCORE_ROW_MM


SCORE_PAD_WIDTH = 150.0


def score_pad(width: float = SCORE_PAD_WIDTH) -> Group:
    """A table at the origin: one row a game, the seeds each player captured, a total row (placed by the layout)."""
    colours = palette.current()
    pad = Group("score-pad", title="score pad")
    line = Style(stroke=colours.ink, width=0.25, cap="butt")
    columns = (0.0, 40.0, 95.0, width)
    heads = (("Partida", "Game"), ("Jogador 1", "Player 1"), ("Jogador 2", "Player 2"))
    for k in range(SCORE_ROWS + 3):
        pad.add(Line((0.0, k * SCORE_ROW_MM), (width, k * SCORE_ROW_MM), line))
    for x in columns:
        pad.add(Line((x, 0.0), (x, (SCORE_ROWS + 2) * SCORE_ROW_MM), line))
    for (pt, en), x in zip(heads, columns):
        pad.add(Text((x + 2.0, SCORE_ROW_MM - 2.5), f"{pt} / {en}", INFO_SIZE, font="sans-bold", fill=colours.ink))
    for k in range(1, SCORE_ROWS + 1):
        pad.add(Text((2.0, (k + 1) * SCORE_ROW_MM - 2.5), str(k), INFO_SIZE, fill=colours.ink))
    pad.add(Text((2.0, (SCORE_ROWS + 2) * SCORE_ROW_MM - 2.5), "Total", INFO_SIZE, font="sans-bold", fill=colours.ink))
    return pad


def _moved(shapes: list[Shape], dx: float, dy: float) -> list[Shape]:
    """Lines and texts drawn at the origin (the score pad), moved to their place on the page."""
    out: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Text):
            out.append(replace(shape, position=(shape.position[0] + dx, shape.position[1] + dy)))
        elif isinstance(shape, Line):
            out.append(replace(shape, start=(shape.start[0] + dx, shape.start[1] + dy), end=(shape.end[0] + dx, shape.end[1] + dy)))
        else:
            raise TypeError(f"cannot move {type(shape).__name__}")
    return out


# -- words ----------------------------------------------------------------------------------


def count_words(plan: PiecePlan, lang: int) -> str:
    pieces = declaration(plan.game)
    parts = [f"{n} {_name(pieces, owner, kind, lang)}" for (owner, kind), n in plan.counts.items()]
    if pieces.style == "beans":
        total = sum(plan.counts.values())
        each = total // plan.start_places if plan.start_places and total % plan.start_places == 0 else None
        where = ((f" ({each} em cada cova)", f" ({each} in each pit)")[lang]) if each else ""
        return (
            f"Jogue com {total} sementes{where}: feijões, grãos de milho ou pedrinhas; o tabuleiro não precisa de peças recortadas.",
            f"Play with {total} seeds{where}: beans, dried peas or pebbles; the board needs no cut-out pieces.",
        )[lang]
    if plan.count_from_start:
        tail = (" — da posição inicial", " — from the start position")[lang]
    else:
        tail = f" — {pieces.count_note[lang]}"
    return " · ".join(parts) + tail


def size_words(plan: PiecePlan, paper: Paper, lang: int) -> str:
    pieces = declaration(plan.game)
    if pieces.style == "beans":
        return (f"Covas de {decimal(plan.room_mm, 'pt')} mm, como o tabuleiro em {paper.label}.", f"Pits {decimal(plan.room_mm, 'en')} mm across, as the board on {paper.label}.")[lang]
    code = ("pt", "en")[lang]
    piece, room, clear = (decimal(v, code) for v in (plan.piece_mm, plan.room_mm, (plan.room_mm - plan.piece_mm) / 2))
    where = pieces.room[lang].format(room)
    if lang == 0:
        return f"Peças de {piece} mm para {where} (folga de {clear} mm de cada lado), como o tabuleiro em {paper.label}"
    return f"{piece} mm pieces for {where} ({clear} mm clear on each side), as the board on {paper.label}"


# -- layout ---------------------------------------------------------------------------------


def _header(plan: PiecePlan, paper: Paper, width: float, extra: tuple[str, str] | None) -> tuple[Group, float]:
    """The title block; returns it and the y below it."""
    colours = palette.current()
    group = Group("title")
    y = MARGIN_MM + TITLE_SIZE * 1.07
    title = plan.game.title
    group.add(Text((MARGIN_MM, y), f"{title['pt']} — peças", TITLE_SIZE, font="sans-bold", fill=colours.ink))
    group.add(Text((width - MARGIN_MM, y), f"{title['en']} — pieces", INFO_SIZE + 1, fill=colours.ink, anchor="end"))
    lines = [size_words(plan, paper, 0), size_words(plan, paper, 1), count_words(plan, 0), count_words(plan, 1)]
    if extra:
        lines += list(extra)
    for text in lines:
        for part in wrap_text(text, INFO_SIZE, width - 2 * MARGIN_MM - 0.5, "sans"):
            y += INFO_SIZE + 1.5
            group.add(Text((MARGIN_MM + 0.3, y + 0.5), part, INFO_SIZE, fill=colours.ink))  # a J leans past its start
    return group, y + 4.0


def _heading(text: tuple[str, str], y: float, width: float) -> tuple[list[Shape], float]:
    colours = palette.current()
    shapes: list[Shape] = []
    for k, line in enumerate(text):
        for part in wrap_text(line, HEADING_SIZE, width - 2 * MARGIN_MM - 0.5, "sans-bold" if k == 0 else "sans"):
            y += HEADING_SIZE + 1.2
            shapes.append(Text((MARGIN_MM, y), part, HEADING_SIZE, font="sans-bold" if k == 0 else "sans", fill=colours.ink))
    return shapes, y + 3.0


def pieces_sheets(game: GameInfo, paper: Paper, ink: InkMode = "full", names: Mapping[str, str] | None = None) -> list[Sheet]:
    """Every page of ``game``'s pieces on ``paper``, in printing order (a duplex back right after its front)."""
    landscape = False
    if not wide_enough(paper.oriented(False)[0]):
        if not wide_enough(paper.oriented(True)[0]):
            raise too_narrow(paper, "auto", names)
        landscape = True
    width, height = paper.oriented(landscape)
    plan = plan_pieces(game, paper, ink, names)
    light = ink in ("light", "mono")
    bottom = height - MARGIN_MM - footer_height(width) - 4.0
    pages: list[Group] = []
    open_page: tuple[Group, float] | None = None  # a page with room left, and the y where its free room starts

    def new_page(note: tuple[str, str] | None = None) -> tuple[Group, float]:
        content = Group("sheet")
        header, y = _header(plan, paper, width, note)
        content.add(header, footer_block(width, height))
        pages.append(content)
        return content, y

    for section in plan.sections:
        queue = list(section.cutouts)
        first = True
        while first or queue:
            # a one-sided section goes on under the last one when its heading and a first row fit;
            # a double-sided one always has a page (and its back) to itself
            reuse = open_page is not None and first and not section.duplex
            content, y = open_page if reuse and open_page is not None else new_page()
            heading, y = _heading(section.heading, y, width)
            placed = _pack(queue, MARGIN_MM, y, width - MARGIN_MM, bottom)
            if not placed and queue:
                if reuse:
                    open_page = None
                    continue
                raise OptionError(option_name(names, "paper"), f"{paper.name} is too small for the {game.id} pieces")
            content.add(Group("heading", heading))
            fronts, backs = Group("pieces"), Group("pieces")
            for cutout, x, top in placed:
                fronts.add(cutout.draw(x, top, light))
                if section.duplex:
                    back = cutout.draw_back(width - x - cutout.width, top, light)
                    assert back is not None
                    backs.add(back)
            queue = queue[len(placed):]
            below = max((top + cutout.height for cutout, _x, top in placed), default=y)
            if section.extra is not None and not queue:
                fronts.add(Group(section.extra.role, _moved(list(section.extra.children), (width - SCORE_PAD_WIDTH) / 2, y), section.extra.title))
                below = y + section.extra_height
            content.add(fronts)
            open_page = (content, below + 2 * GAP_MM)
            if section.duplex:
                number = len(pages)
                note = (f"Verso da página {number}: imprima no outro lado dela, virando a folha pela borda longa.", f"Back of page {number}: print it on the other side, the sheet flipped on its long edge.")
                back_page, _ = new_page(note)
                back_page.add(backs)
                open_page = None
            first = False
    return [_sheet(plan, paper, content, width, height, k, len(pages)) for k, content in enumerate(pages)]


def _pack(queue: list[Cutout], left: float, top: float, right: float, bottom: float) -> list[tuple[Cutout, float, float]]:
    """As many cutouts as fit, in rows left to right, each row as tall as its tallest; centred across the page."""
    placed: list[tuple[Cutout, float, float]] = []
    rows: list[list[tuple[Cutout, float, float]]] = []
    x, y, row_height = left, top, 0.0
    row: list[tuple[Cutout, float, float]] = []
    for cutout in queue:
        if x + cutout.width > right + 1e-9 and row:
            rows.append(row)
            row, x, y = [], left, y + row_height + GAP_MM
            row_height = 0.0
        if y + cutout.height > bottom + 1e-9 or x + cutout.width > right + 1e-9:
            break
        row.append((cutout, x, y))
        x += cutout.width + GAP_MM
        row_height = max(row_height, cutout.height)
    if row:
        rows.append(row)
    width = right - left
    for row in rows:
        used = row[-1][1] + row[-1][0].width - left
        shift = (width - used) / 2
        placed += [(c, x + shift, y) for c, x, y in row]
    return placed


def _sheet(plan: PiecePlan, paper: Paper, content: Group, width: float, height: float, index: int, pages: int) -> Sheet:
    title = f"{plan.game.title['pt']} — peças — boardgen"
    subject = f"{plan.game.title['en']} pieces: {plan.piece_mm:.1f} mm for {declaration(plan.game).room[1].format(f'{plan.room_mm:.1f}')}, {paper.label} portrait, {pages} page{'s' if pages > 1 else ''}"
    return Sheet(width, height, content, title, subject, subject + ". Print at actual size (100%).", "pt-BR", (plan.game.id, "pieces", "print and play"))


def render_pieces(game: GameInfo, paper: Paper, ink: InkMode = "full", fmt: str = "pdf", page: int | None = None, names: Mapping[str, str] | None = None, dpi: int | None = None) -> tuple[bytes, str]:
    """(file bytes, one-line summary): every page as one PDF, or one page (``page``, from 1) as SVG or PNG.

    ``ink`` mono draws with the one-ink palette (as ``boardgen board --ink
    mono``: outlines, hatching and paper, no tint).  ``names``: what the
    caller calls ``paper``, ``page`` and ``format`` in messages (the CLI's ``--paper``).
    """
    from boardgen.drawing import palette

    with palette.inked(ink):
        sheets = pieces_sheets(game, paper, ink, names)
    if fmt in ("svg", "png"):
        number = page or 1
        if not 1 <= number <= len(sheets):
            raise OptionError(option_name(names, "page"), f"the {game.id} pieces have {len(sheets)} page{'s' if len(sheets) > 1 else ''}, not page {number}")
        if fmt == "png":
            from boardgen.drawing.png import DEFAULT_DPI, render_png

            return render_png(sheets[number - 1], dpi or DEFAULT_DPI), f"{sheets[0].subject}; page {number}"
        from boardgen.drawing.svg import render_svg

        return render_svg(sheets[number - 1], page=True), f"{sheets[0].subject}; page {number}"
    if page is not None:
        raise OptionError(option_name(names, "page"), f"only applies to {option_name(names, 'format')} svg or png (a PDF holds every page)")
    from boardgen.drawing.pdf import render_pdf_pages

    return render_pdf_pages(sheets, title=sheets[0].title, subject=sheets[0].subject), sheets[0].subject
