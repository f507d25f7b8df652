"""A checked diagram in words: the alternative text of the figure and the SVG's ``<title>``.

A reader who cannot see the picture gets what it shows, in the booklet's own
words for the players and the pieces (front matter ``colours`` and ``pieces``):
the pieces by player, the moves with their numbers (as the drawing numbers
them), arrows, marks and the claims.
"""

from __future__ import annotations

from boardgen.booklet.diagrams.check import CheckedDiagram

_WORDS: dict[str, dict[str, str]] = {
    "pt": {
        "diagram": "Diagrama de {game}, tabuleiro {size}.",
        "diagram-fixed": "Diagrama de {game}.",
        "empty": "Tabuleiro vazio.",
        "moves": "Jogadas: {list}.",
        "arrows": "Setas: {list}.",
        "marks": "Destacadas: {list}.",
        "legal": "Jogadas possíveis indicadas: {list}.",
        "captures": "{move} captura {list}.",
        "illegal": "Jogada proibida: {move}.",
        "wins": "Vitória: {player}.",
        "partial": "Vista parcial.",
    },
    "en": {
        "diagram": "{game} diagram, {size} board.",
        "diagram-fixed": "{game} diagram.",
        "empty": "Empty board.",
        "moves": "Moves: {list}.",
        "arrows": "Arrows: {list}.",
        "marks": "Highlighted: {list}.",
        "legal": "Possible moves shown: {list}.",
        "captures": "{move} captures {list}.",
        "illegal": "Forbidden move: {move}.",
        "wins": "{player} has won.",
        "partial": "Partial view.",
    },
}
#: the words drawn inside a diagram, by language: every visible word is the booklet's own
#: (a Portuguese booklet's swap label reads "troca"; the move notation stays ``swap``)
LABEL_WORDS: dict[str, dict[str, str]] = {
    "pt": {"swap": "troca"},
    "en": {"swap": "swap"},
}
#: the players when the booklet does not name them (front matter ``colours``)
_PLAYERS: dict[str, tuple[str, str]] = {
    "pt": ("primeiro jogador", "segundo jogador"),
    "en": ("first player", "second player"),
}


PLAIN_KINDS = ("stone", "man")  # the only kind a player has: not worth naming
KIND_WORDS: dict[str, dict[str, str]] = {
    "pt": {"stone": "pedras", "man": "peças", "pawn": "peões", "officer": "oficiais", "king": "reis", "dama": "damas", "attacker": "atacantes", "defender": "defensores"},
    "en": {"stone": "stones", "man": "men", "pawn": "pawns", "officer": "officers", "king": "kings", "dama": "damas", "attacker": "attackers", "defender": "defenders"},
}


def label_words(key: str, langs: tuple[str, ...]) -> list[str]:
    """The word ``key`` drawn in a diagram, once per language of the booklet (each word once).

    A bilingual booklet shows one drawing to both columns, so it carries the
    word in both languages, Portuguese first as the columns are; a language
    without words of its own falls back to English.
    """
    words = [LABEL_WORDS.get(lang, LABEL_WORDS["en"])[key] for lang in langs] or [LABEL_WORDS["en"][key]]
    return list(dict.fromkeys(words))


def _first_upper(text: str) -> str:
    """Capitalise the first letter only (str.capitalize would lower-case the rest)."""
    return text[:1].upper() + text[1:]


def _kind_word(kind: str, lang: str, pieces: dict[str, str] | None = None) -> str:
    if pieces and kind in pieces:
        return pieces[kind]
    return KIND_WORDS[lang].get(kind, kind)


def describe(checked: CheckedDiagram, lang: str, colours: tuple[str, str] | None = None, pieces: dict[str, str] | None = None) -> str:
    """The diagram in words, in ``lang`` ("pt" or "en"): pieces, moves, arrows, marks and claims.

    ``colours`` names the players and ``pieces`` the kinds of pieces (kind ->
    plural word) as the booklet does (front matter ``colours``, ``pieces``);
    without them generic words are used.
    """
    words = _WORDS[lang]
    names = colours if colours and all(colours) else _PLAYERS[lang]
    game = checked.game.title.get(lang, checked.game.id)
    label = checked.board.size_words(lang)
    parts = [words["diagram"].format(game=game, size=label) if label else words["diagram-fixed"].format(game=game)]
    if checked.spec.view is not None:
        parts.append(words["partial"])
    by_owner: dict[int, dict[str, list[str]]] = {}
    placements = checked.final.placements()
    with_counts = any(piece.count != 1 for _, piece in placements)  # pits of seeds, stacks: every count said
    for name, piece in placements:
        where = f"{name} ({piece.count})" if with_counts else name
        by_owner.setdefault(piece.owner, {}).setdefault(piece.kind, []).append(where)
    if not by_owner:
        parts.append(words["empty"])
    for owner in sorted(by_owner):
        kinds = by_owner[owner]
        if len(kinds) == 1 and next(iter(kinds)) in PLAIN_KINDS:
            listed = ", ".join(next(iter(kinds.values())))
        else:
            listed = "; ".join(f"{_kind_word(kind, lang, pieces)} {', '.join(points)}" for kind, points in kinds.items())
        parts.append(f"{_first_upper(names[owner])}: {listed}.")
    first = checked.spec.first_number()
    if checked.played:
        if first is None:  # numbers: off -- the drawing has no numbers, so neither has the text
            listed = ", ".join(m.text for m in checked.played)
        else:
            listed = ", ".join(f"{first + i}. {m.text}" for i, m in enumerate(checked.played))
        parts.append(words["moves"].format(list=listed))
    if checked.spec.arrows:
        parts.append(words["arrows"].format(list=", ".join("-".join(a.value) for a in checked.spec.arrows)))
    if checked.spec.marks:
        parts.append(words["marks"].format(list=", ".join(m.value for m in checked.spec.marks)))
    if checked.legal:
        parts.append(words["legal"].format(list=", ".join(m.text for m in checked.legal)))
    for move in checked.captures:
        parts.append(words["captures"].format(move=move.text, list=", ".join(move.captures)))
    for claim in checked.illegal:
        parts.append(words["illegal"].format(move=claim.text))
    if checked.spec.wins is not None:
        parts.append(_first_upper(words["wins"].format(player=_first_upper(names[checked.spec.wins.value]))))
    return " ".join(parts)
