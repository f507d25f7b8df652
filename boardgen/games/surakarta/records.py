"""Surakarta's series score: the winner of each game scores the pieces they have left, games are added up.

The scoring is the seed's (Sackson's, games.md 3.3 rule 5): a game ends when one
player has no pieces; the winner scores one point for each of their own pieces
still on the board; an even number of games is played, the players taking
turns to move first, and the totals decide the series.
"""

from boardgen.sheets.records import Blank, Column, RecordSheet, Words

RECORD = RecordSheet(
    slug="surakarta-series",
    title=Words("Surakarta — placar da série", "Surakarta — series score"),
    blanks=(
        (Blank(Words("Jogador A", "Player A")), Blank(Words("Jogador B", "Player B"))),
        (Blank(Words("Local", "Place")), Blank(Words("Data", "Date"))),
    ),
    columns=(
        Column(Words("Jogo", "Game"), 0.6, numbers=True),
        Column(Words("Começa (A ou B)", "Moves first (A or B)"), 1.0),
        Column(Words("Vencedor (A ou B)", "Winner (A or B)"), 1.0),
        Column(Words("Pontos: peças que restam ao vencedor", "Points: the winner’s pieces left"), 1.4),
        Column(Words("Total de A", "A’s total"), 1.0),
        Column(Words("Total de B", "B’s total"), 1.0),
    ),
    row_mm=10.0,
    notes=(
        Words(
            "Quem captura todas as peças do adversário vence o jogo e marca um ponto por peça sua que ainda está "
            "no tabuleiro; quem perde não marca. Joguem 2 jogos ou mais, em número par, alternando quem começa, "
            "e somem os pontos: vence a série quem tiver o maior total.",
            "Whoever captures all the opponent’s pieces wins the game and scores one point for each of their own "
            "pieces still on the board; the loser scores nothing. Play 2 games or more, an even number, taking "
            "turns to move first, and add the points up: the higher total wins the series.",
        ),
    ),
)
