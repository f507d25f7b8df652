"""Record sheets: score pads and notation sheets, declared per game as data and drawn by one table renderer.

Why declared: a chess scoresheet, a draughts scoresheet, a series score and
a backgammon match pad are the same thing on paper (a title, a few blanks to
fill in, a ruled table with bilingual headings, a note on how to score), so
a game only says *what* goes on its sheet, in both languages, and this module
lays it out.  A game has a record sheet when its ``GameInfo.record`` names
one, a :class:`RecordSheet` (``record="boardgen.games.GAME.records:RECORD"``
for boardgen's games); a new game adds only that module and that line of its
own package.  Layouts that belong
to a family of games rather than to one live here (:data:`BACKGAMMON_MATCH`),
and a game of the family attaches one with ``RECORD = BACKGAMMON_MATCH``.

What the layout guarantees, whatever the declaration: every row is at least
:data:`MIN_ROW_MM` high (room for handwriting), and all ink stays inside the
paper's 6 mm margin.  A table whose ``rows`` is None takes as many rows as the
paper holds; a ``min_block_mm`` table is repeated side by side as often as it
fits (a chess scoresheet: moves 1-30, 31-60, 61-90 on A4), numbered on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from boardgen.drawing import palette
from boardgen.drawing.fonts import text_width, wrap_text
from boardgen.drawing.model import Group, Line, Sheet, Style, Text
from boardgen.errors import OptionError, option_name
from boardgen.sheets.paper import MARGIN_MM, Paper

MIN_ROW_MM = 7.0  # a handwritten move or score needs this much height
EDGE = MARGIN_MM + 4.0  # mm from the paper's edge to the sheet's ink: inside the margin with room to spare
TITLE_SIZE = 5.6
LABEL_SIZE = 3.0
HEAD_PT_SIZE = 2.9
HEAD_EN_SIZE = 2.6
NOTE_SIZE = 2.8
NUMBER_SIZE = 3.0
BLANK_HEIGHT = 9.0  # one line of blanks to fill in
BLOCK_GAP = 5.0  # mm between side-by-side copies of the table
RULE = 0.2  # mm, the table's lines
HEAVY_RULE = 0.45  # under the headings and round the table


@dataclass(frozen=True)
class Words:
    """A text in both languages of the series: Brazilian Portuguese and English."""

    pt: str
    en: str


@dataclass(frozen=True)
class Blank:
    """A labelled line to write on in the sheet's head ("Evento / Event ______"); ``share`` of its line's width."""

    label: Words
    share: float = 1.0


@dataclass(frozen=True)
class Column:
    """A column of the table: its heading in both languages, its ``share`` of the width, whether it holds the row numbers."""

    heading: Words
    share: float = 1.0
    numbers: bool = False


@dataclass(frozen=True)
class RecordSheet:
    """What a game's record sheet holds; :func:`record_sheet` lays it out on a paper.

    ``blanks``: the head's lines, each a tuple of :class:`Blank` side by side.
    ``rows``: the table's rows (None: as many as fit at ``row_mm``).
    ``min_block_mm``: repeat the table side by side while each copy is at
    least this wide (None: one table across the sheet), at most ``max_blocks``.
    ``total``: the heading of a last row for the sums, if any.  ``notes``:
    how to fill the sheet in, printed under the table.
    """

    slug: str  # the file's name part: "xadrez-record"
    title: Words
    blanks: tuple[tuple[Blank, ...], ...]
    columns: tuple[Column, ...]
    rows: int | None = None
    row_mm: float = 7.5
    min_block_mm: float | None = None
    max_blocks: int = 1
    total: Words | None = None
    notes: tuple[Words, ...] = ()

    def __post_init__(self) -> None:
        if self.row_mm < MIN_ROW_MM:
            raise ValueError(f"{self.slug}: rows of {self.row_mm} mm are too low to write in (at least {MIN_ROW_MM} mm)")
        if not self.columns:
            raise ValueError(f"{self.slug}: a record sheet needs columns")


# -- finding a game's sheet ------------------------------------------------------------------


def find_record(game_id: str) -> RecordSheet | None:
    """The record sheet the game's ``GameInfo.record`` names, None when it declares none."""
    from boardgen.registry import get_game

    game = get_game(game_id)
    declared = game.load_record()
    if declared is not None and not isinstance(declared, RecordSheet):
        raise TypeError(f"{game.record} must be a RecordSheet, not {type(declared).__name__}")
    return declared


def games_with_records() -> list[str]:
    """The ids of the registered games that have a record sheet, sorted."""
    from boardgen.registry import all_games

    return [game.id for game in all_games() if game.record is not None]


def game_record(game_id: str, option: str = "GAME") -> RecordSheet:
    """The game's record sheet; OptionError naming ``option`` (and the games that have one) when it has none."""
    found = find_record(game_id)
    if found is None:
        raise OptionError(option, f"{game_id} has no record sheet (games with one: {', '.join(games_with_records())})")
    return found


# -- layout ---------------------------------------------------------------------------------


def _ink() -> str:
    return palette.current().ink


def _text(x: float, y: float, words: str, size: float, font: str = "sans", anchor: str = "start") -> Text:
    return Text((x, y), words, size, font=font, fill=_ink(), anchor=anchor)  # type: ignore[arg-type]


def _rule(x0: float, y0: float, x1: float, y1: float, width: float = RULE) -> Line:
    return Line((x0, y0), (x1, y1), Style(stroke=_ink(), width=width, cap="butt"))


def _label(words: Words) -> str:
    return words.pt if words.pt == words.en else f"{words.pt} / {words.en}"


def _blanks(sheet: RecordSheet, x0: float, x1: float, y: float) -> tuple[Group, float]:
    """The head's blanks, a line each: the label, then a rule to write on; the y below them."""
    group = Group("blanks")
    for line in sheet.blanks:
        total = sum(blank.share for blank in line)
        x = x0
        y += BLANK_HEIGHT
        for blank in line:
            end = x + (x1 - x0) * blank.share / total
            label = _label(blank.label)
            group.add(_text(x, y - 1.0, label, LABEL_SIZE))
            start = x + text_width(label, LABEL_SIZE) + 1.5
            right = end - (3.0 if end < x1 - 1e-6 else 0.0)
            if right - start < 8.0:
                raise ValueError(f"{sheet.slug}: the blank {label!r} leaves no room to write")
            group.add(_rule(start, y, right, y))
            x = end
    return group, y


def _heading_lines(column: Column, width: float) -> tuple[list[str], list[str]]:
    return wrap_text(column.heading.pt, HEAD_PT_SIZE, width - 1.6, "sans-bold"), wrap_text(column.heading.en, HEAD_EN_SIZE, width - 1.6, "sans-italic")


def _widths(sheet: RecordSheet, width: float) -> list[float]:
    total = sum(column.share for column in sheet.columns)
    return [width * column.share / total for column in sheet.columns]


def _heading_height(sheet: RecordSheet, block_width: float) -> float:
    lines = max(len(pt) + len(en) for pt, en in (_heading_lines(c, w) for c, w in zip(sheet.columns, _widths(sheet, block_width))))
    return 2.0 + lines * 3.6


def _blocks(sheet: RecordSheet, width: float) -> int:
    if sheet.min_block_mm is None:
        return 1
    fit = int((width + BLOCK_GAP) // (sheet.min_block_mm + BLOCK_GAP))
    return max(1, min(sheet.max_blocks, fit))


def _notes(sheet: RecordSheet, x0: float, x1: float, bottom: float) -> tuple[Group, float]:
    """The notes, Portuguese then English each, ending at ``bottom``; the y where they start."""
    lines: list[tuple[str, str]] = []
    for note in sheet.notes:
        lines += [(line, "sans") for line in wrap_text(note.pt, NOTE_SIZE, x1 - x0, "sans")]
        lines += [(line, "sans-italic") for line in wrap_text(note.en, NOTE_SIZE, x1 - x0 - 0.5, "sans-italic")]
    step = NOTE_SIZE * 1.4
    top = bottom - len(lines) * step
    group = Group("notes")
    for k, (line, font) in enumerate(lines):
        # italic capitals lean left of their start: a quarter millimetre keeps them inside
        group.add(_text(x0 + (0.25 if font == "sans-italic" else 0.0), top + (k + 1) * step - 0.8, line, NOTE_SIZE, font))
    return group, top


def _table(sheet: RecordSheet, x0: float, x1: float, top: float, rows: int, row_mm: float, first: int) -> Group:
    """One copy of the table: headings, ``rows`` ruled rows numbered from ``first``, the total row if declared."""
    group = Group("table")
    widths = _widths(sheet, x1 - x0)
    head = _heading_height(sheet, x1 - x0)
    edges = [x0]
    for w in widths:
        edges.append(edges[-1] + w)
    count = rows + (1 if sheet.total else 0)
    bottom = top + head + count * row_mm
    heading = Group("headings")
    for column, left, w in zip(sheet.columns, edges, widths):
        pt, en = _heading_lines(column, w)
        y = top + 1.2
        for line in pt:
            y += 3.6
            heading.add(_text(left + w / 2, y - 0.6, line, HEAD_PT_SIZE, "sans-bold", "middle"))
        for line in en:
            y += 3.6
            heading.add(_text(left + w / 2, y - 0.6, line, HEAD_EN_SIZE, "sans-italic", "middle"))
    group.add(heading)
    rules = Group("rules")
    for k in range(1, count):
        y = top + head + k * row_mm
        rules.add(_rule(x0, y, x1, y, HEAVY_RULE if sheet.total and k == rows else RULE))
    for x in edges[1:-1]:
        rules.add(_rule(x, top, x, bottom))
    rules.add(_rule(x0, top + head, x1, top + head, HEAVY_RULE))
    for y in (top, bottom):
        rules.add(_rule(x0 - HEAVY_RULE / 2, y, x1 + HEAVY_RULE / 2, y, HEAVY_RULE))
    for x in (x0, x1):
        rules.add(_rule(x, top, x, bottom, HEAVY_RULE))
    group.add(rules)
    numbers = Group("row-numbers")
    for index, column in enumerate(sheet.columns):
        if not column.numbers:
            continue
        middle = edges[index] + widths[index] / 2
        for k in range(rows):
            numbers.add(_text(middle, top + head + (k + 1) * row_mm - (row_mm - NUMBER_SIZE * 0.72) / 2, str(first + k), NUMBER_SIZE, anchor="middle"))
    if sheet.total:
        y = top + head + (rows + 1) * row_mm - (row_mm - LABEL_SIZE * 0.72) / 2
        numbers.add(_text(edges[0] + 1.5, y, _label(sheet.total), LABEL_SIZE, "sans-bold"))
    group.add(numbers)
    return group


def _too_small(paper: Paper, sheet: RecordSheet, names: Mapping[str, str] | None, why: str) -> OptionError:
    return OptionError(option_name(names, "paper"), f"{paper.label} is too small for the {sheet.title.en} sheet ({why}); use A4, Letter or a larger paper")


def record_sheet(sheet: RecordSheet, paper: Paper, names: Mapping[str, str] | None = None) -> Sheet:
    """``sheet`` laid out on ``paper`` in portrait: title, blanks, the table as large as it fits, the notes at the foot."""
    width, height = paper.oriented(False)
    x0, x1 = EDGE, width - EDGE
    content = Group("sheet")
    y = EDGE + TITLE_SIZE * 1.07
    title = Group("title")
    title.add(_text(x0, y, sheet.title.pt, TITLE_SIZE, "sans-bold"))
    if text_width(sheet.title.pt, TITLE_SIZE, "sans-bold") + text_width(sheet.title.en, LABEL_SIZE + 1) + 6 > x1 - x0:
        raise _too_small(paper, sheet, names, "the title does not fit")
    title.add(_text(x1, y, sheet.title.en, LABEL_SIZE + 1, "sans-italic", "end"))
    content.add(title)
    try:
        blanks, y = _blanks(sheet, x0, x1, y + 1.0)
    except ValueError:
        raise _too_small(paper, sheet, names, "its blanks leave no room to write") from None
    content.add(blanks)
    notes, notes_top = _notes(sheet, x0, x1, height - EDGE)
    content.add(notes)
    blocks = _blocks(sheet, x1 - x0)
    block_width = (x1 - x0 - (blocks - 1) * BLOCK_GAP) / blocks
    if sheet.min_block_mm is not None and block_width < sheet.min_block_mm:
        raise _too_small(paper, sheet, names, f"its columns need {sheet.min_block_mm:g} mm")
    top = y + 5.0
    room = notes_top - 3.0 - top - _heading_height(sheet, block_width) - (sheet.row_mm if sheet.total else 0.0)
    fit = int(room // sheet.row_mm + 1e-9)
    rows = sheet.rows if sheet.rows is not None else fit
    if rows < 1 or rows > fit:
        raise _too_small(paper, sheet, names, f"{sheet.rows} rows of {sheet.row_mm:g} mm do not fit" if sheet.rows else "no row fits")
    tables = Group("tables")
    for block in range(blocks):
        left = x0 + block * (block_width + BLOCK_GAP)
        tables.add(_table(sheet, left, left + block_width, top, rows, sheet.row_mm, 1 + block * rows))
    content.add(tables)
    subject = f"{sheet.title.en}: {blocks * rows} rows of {sheet.row_mm:g} mm, {paper.label} portrait"
    return Sheet(
        width=width,
        height=height,
        content=content,
        title=f"{sheet.title.pt} · {sheet.title.en} — boardgen",
        subject=subject,
        description=subject + ".",
        language="pt-BR",
        keywords=(sheet.slug, "record sheet", "print and play"),
    )


def render_record(sheet: RecordSheet, paper: Paper, fmt: str = "pdf", names: Mapping[str, str] | None = None) -> tuple[bytes, str]:
    """(file bytes, one-line summary) of a record sheet as PDF or SVG."""
    drawn = record_sheet(sheet, paper, names)
    if fmt == "svg":
        from boardgen.drawing.svg import render_svg

        return render_svg(drawn, page=True), drawn.subject
    from boardgen.drawing.pdf import render_pdf

    return render_pdf(drawn), drawn.subject


# -- layouts shared by a family of games --------------------------------------------------------

BACKGAMMON_MATCH = RecordSheet(
    slug="backgammon-match",
    title=Words("Gamão — placar da partida", "Backgammon — match score sheet"),
    blanks=(
        (Blank(Words("Jogador 1", "Player 1")), Blank(Words("Jogador 2", "Player 2"))),
        (Blank(Words("Partida de", "Match to"), 1.0), Blank(Words("Data", "Date"), 1.0)),
    ),
    columns=(
        Column(Words("Jogo", "Game"), 0.6, numbers=True),
        Column(Words("Vencedor (1 ou 2)", "Winner (1 or 2)"), 1.0),
        Column(Words("Cubo (1, 2, 4…)", "Cube (1, 2, 4…)"), 0.9),
        Column(Words("Simples ×1, gammon ×2, backgammon ×3", "Single ×1, gammon ×2, backgammon ×3"), 1.7),
        Column(Words("Pontos", "Points"), 0.8),
        Column(Words("Total do jogador 1", "Player 1’s total"), 1.0),
        Column(Words("Total do jogador 2", "Player 2’s total"), 1.0),
    ),
    row_mm=8.0,
    notes=(
        Words(
            "Cada jogo vale o valor do cubo vezes 1 (simples), 2 (gammon: o perdedor não tirou nenhuma pedra) ou 3 "
            "(backgammon: o perdedor ainda tem pedra na barra ou na casa do vencedor). Some os pontos de cada jogador: "
            "vence a partida quem chegar primeiro aos pontos combinados.",
            "Each game is worth the cube’s value times 1 (single), 2 (gammon: the loser has borne off no checker) or 3 "
            "(backgammon: the loser still has a checker on the bar or in the winner’s home board). Add up each player’s "
            "points: the first to reach the agreed match length wins.",
        ),
    ),
)
"""The backgammon match pad (match length, game, cube, single/gammon/backgammon, running totals).

Declared here, not in a game's package, because a backgammon game of the
catalogue (Gamão) attaches it with ``RECORD = BACKGAMMON_MATCH`` in its
``records`` module, and a variant of the family could do the same.
"""
