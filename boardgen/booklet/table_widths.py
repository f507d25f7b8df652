"""The widths of a Markdown table's columns, shared out from the text of its cells.

One job: a table is set with ``table-layout: fixed`` and ``width: 100%``,
so it never runs out of its column; how wide each column is comes from
here (:func:`column_widths`, the letters of each cell against the letters
across the column, :func:`table_letters`).  Apart from the renderer, which
only writes the ``<col>`` widths it is given, because it is arithmetic on
the tokens that the tests check alone.
"""

from __future__ import annotations

from boardgen.booklet.papers import PageStyle


def _cell_units(inline, header: bool) -> tuple[float, float]:
    """(length of the cell's visible text, width of its longest unit that should not be broken), in letters."""
    length, longest = 0.0, 0.0
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            length += len(child.content)
            for word in child.content.split():
                # Body words can be hyphenated: count a long one as a few syllables wide.
                # Code words and the words of the heading row (bold) are better kept whole.
                if header:
                    longest = max(longest, len(word) * 1.3)
                else:
                    longest = max(longest, len(word) if child.type == "code_inline" else min(len(word), 9))
        elif child.type == "softbreak":
            length += 1
    return length, longest


TABLE_LETTERS = 44  # letters of table text across a bilingual A5 column (table_letters, below)
CELL_PADDING = 1.2  # a cell's padding, in letters
READABLE_LETTERS = 14  # the narrowest column a sentence may be given


def column_widths(tokens, idx: int, available: float = TABLE_LETTERS) -> list[float]:
    """Percent widths of the columns of the table opened at ``tokens[idx]``.

    The table is set with ``table-layout: fixed`` and ``width: 100%``, so it
    never runs out of its column, whatever its contents; the widths are shared
    out here from the text, measured in letters, with ``available`` letters
    across the column.  Like a browser's automatic layout: when every cell
    fits on one line, the columns are as wide as their longest cells; else each
    column gets its longest unbreakable word (a code word such as
    ``--cell-mm``, a word of the heading row) and the rest goes to the columns
    with long text.  When even the unbreakable words do not fit, the short ones
    are kept whole and only the longest are broken.
    """
    rows: list[list[tuple[float, float]]] = []
    depth, header = 0, False
    for token in tokens[idx:]:
        depth += token.nesting
        if token.type in ("thead_open", "tbody_open"):
            header = token.type == "thead_open"
        elif token.type == "tr_open":
            rows.append([])
        elif token.type == "inline" and rows:
            rows[-1].append(_cell_units(token, header))
        if depth == 0:
            break
    count = max((len(row) for row in rows), default=1)
    least, most = [], []
    for column in range(count):
        cells = [row[column] for row in rows if column < len(row)]
        longest = max((c[1] for c in cells), default=1.0)
        length = max((c[0] for c in cells), default=1.0)
        # A column of sentences needs a few words a line to be readable at all.
        least.append(max(longest, min(length, READABLE_LETTERS)) + CELL_PADDING)
        most.append(max(length, longest) + CELL_PADDING)
    if sum(most) <= available:
        widths = most
    elif sum(least) <= available:
        spare, wanted = available - sum(least), sum(m - n for m, n in zip(most, least))
        widths = [n + spare * (m - n) / wanted for m, n in zip(most, least)]
    else:
        # Water-filling: the largest cap under which the capped words fit side by side.
        cap = available
        for value in sorted(least):
            kept = [min(n, value) for n in least]
            if sum(kept) > available:
                below = [n for n in least if n < value]
                cap = (available - sum(below)) / (len(least) - len(below))
                break
        widths = [min(n, cap) for n in least]
    total = sum(widths)
    percent = [round(100.0 * w / total, 1) for w in widths]
    percent[-1] = round(100.0 - sum(percent[:-1]), 1)  # exactly 100 % together
    return percent


TABLE_FONT_SHARE = 0.86  # the tables' type size, as a share of the body's (booklet.css.j2)
COLUMN_GAP_MM = 5.2  # the two columns' inner padding together (booklet.css.j2)


def table_letters(paper: PageStyle, bilingual: bool) -> float:
    """About how many letters of table text fit across a text column (half an em per letter)."""
    column = (paper.text_width_mm - COLUMN_GAP_MM) / 2 if bilingual else paper.text_width_mm
    size_pt = (paper.bilingual_font_pt if bilingual else paper.font_pt) * TABLE_FONT_SHARE
    return column / (size_pt * 0.5 * 25.4 / 72)
