"""Xadrez's scoresheet: numbered moves in White and Black columns, three copies across the page (90 moves on A4)."""

from boardgen.sheets.records import Blank, Column, RecordSheet, Words

RECORD = RecordSheet(
    slug="xadrez-scoresheet",
    title=Words("Xadrez — planilha de anotação", "Chess — scoresheet"),
    blanks=(
        (Blank(Words("Evento", "Event"), 2.0), Blank(Words("Data", "Date"), 1.0)),
        (Blank(Words("Local", "Place"), 2.0), Blank(Words("Rodada", "Round"), 1.0)),
        (Blank(Words("Brancas", "White")), Blank(Words("Pretas", "Black"))),
        (Blank(Words("Resultado (1-0, ½-½, 0-1)", "Result (1-0, ½-½, 0-1)")),),
    ),
    columns=(
        Column(Words("Lance", "Move"), 0.55, numbers=True),
        Column(Words("Brancas", "White"), 1.0),
        Column(Words("Pretas", "Black"), 1.0),
    ),
    row_mm=7.5,
    min_block_mm=58.0,
    max_blocks=3,
    notes=(
        Words(
            "Anote cada lance com a letra da peça e a casa de chegada: R rei, D dama, T torre, B bispo, C cavalo, "
            "o peão sem letra (Cf3, e4, exd5, Bxc6); O-O e O-O-O para os roques, + para xeque, # para mate.",
            "Write each move as the piece’s letter and the square it goes to: K king, Q queen, R rook, B bishop, "
            "N knight, a pawn with no letter (Nf3, e4, exd5, Bxc6); O-O and O-O-O for castling, + for check, # for mate.",
        ),
    ),
)
