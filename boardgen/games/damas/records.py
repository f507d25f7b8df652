"""Damas's scoresheet: numbered moves in White and Black columns, in the notation of docs/notation/damas.md.

Squares a1-h8 (a1 dark, on White's left), ``c3-d4`` for a move and every
landing square of a capture (``a5xc3xe5``), as Brazilian score sheets write
them: chains are long, so the columns are wider than chess's.
"""

from boardgen.sheets.records import Blank, Column, RecordSheet, Words

RECORD = RecordSheet(
    slug="damas-scoresheet",
    title=Words("Damas — planilha de anotação", "Draughts — scoresheet"),
    blanks=(
        (Blank(Words("Evento", "Event"), 2.0), Blank(Words("Data", "Date"), 1.0)),
        (Blank(Words("Brancas", "White")), Blank(Words("Pretas", "Black"))),
        (Blank(Words("Resultado", "Result")),),
    ),
    columns=(
        Column(Words("Lance", "Move"), 0.45, numbers=True),
        Column(Words("Brancas", "White"), 1.0),
        Column(Words("Pretas", "Black"), 1.0),
    ),
    row_mm=7.5,
    min_block_mm=85.0,
    max_blocks=2,
    notes=(
        Words(
            "Casas de a1 a h8, com a1 escura à esquerda das brancas. Um lance: c3-d4. Uma tomada leva um x e cada casa "
            "onde a peça pousa: c3xe5, e numa tomada em cadeia a5xc3xe5.",
            "Squares a1 to h8, a1 dark on White’s left. A move: c3-d4. A capture takes an x and every square the piece "
            "lands on: c3xe5, and in a chain a5xc3xe5.",
        ),
    ),
)
