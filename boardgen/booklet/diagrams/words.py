"""A checked diagram in words: the alternative text of the figure and the SVG's ``<title>``.

A reader who cannot see the picture gets what it shows, in the booklet's own
words for the players and the pieces (front matter ``colours`` and ``pieces``):
the pieces by player, the moves with their numbers (as the drawing numbers
them), arrows, marks and the claims.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

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
        "wins-team": "Vitória: {player}.",
        "throw": "Lance: {throw}.",
        "thrown": "lance {throw}",
        "and": " e ",
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
        "wins-team": "{player} have won.",
        "throw": "Throw: {throw}.",
        "thrown": "throw {throw}",
        "and": " and ",
    },
}
#: the words drawn inside a diagram, by language: every visible word is the booklet's own
#: (a Portuguese booklet's swap label reads "troca"; the move notation stays ``swap``)
LABEL_WORDS: dict[str, dict[str, str]] = {
    "pt": {"swap": "troca"},
    "en": {"swap": "swap"},
}
#: the players when the booklet does not name them (front matter ``colours``); seats past the
#: second (games of three or four) are named so even when the booklet names two colours
_PLAYERS: dict[str, tuple[str, ...]] = {
    "pt": ("primeiro jogador", "segundo jogador", "terceiro jogador", "quarto jogador"),
    "en": ("first player", "second player", "third player", "fourth player"),
}


def seat_names(colours: tuple[str, ...] | None, lang: str) -> tuple[str, ...]:
    """The booklet's names for the seats (front matter ``colours``), the generic words for any it leaves out."""
    generic = _PLAYERS.get(lang, _PLAYERS["en"])
    given = tuple(colours) if colours and all(colours) else ()
    return given + generic[len(given):]


#: a game's words for its kinds of piece: kind -> language -> (one, several) (``BoardDrawing.kind_words``)
KindWords = Mapping[str, Mapping[str, tuple[str, str]]]


def declared_word(kind: str, lang: str, declared: KindWords, number: int) -> str:
    """The game's own word for ``kind`` in ``lang`` (English when it has none in ``lang``), ``number`` 0 for
    one piece and 1 for several; the kind's name when the game declares no words for it."""
    words = declared.get(kind, {})
    said = words.get(lang) or words.get("en")
    return said[number] if said else kind


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


def _kind_word(kind: str, lang: str, pieces: dict[str, str] | None, declared: KindWords) -> str:
    """Several pieces of ``kind``: as the booklet's front matter ``pieces`` says, else as the game declares."""
    if pieces and kind in pieces:
        return pieces[kind]
    return declared_word(kind, lang, declared, 1)


def describe(checked: CheckedDiagram, lang: str, colours: tuple[str, ...] | None = None, pieces: dict[str, str] | None = None) -> str:
    """The diagram in words, in ``lang`` ("pt" or "en"): pieces, moves, arrows, marks and claims.

    ``colours`` names the players and ``pieces`` the kinds of pieces (kind ->
    plural word) as the booklet does (front matter ``colours``, ``pieces``);
    without them generic words are used.
    """
    words = _WORDS[lang]
    names = seat_names(colours, lang)
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
        if len(kinds) == 1 and next(iter(kinds)) in checked.board.plain_kinds:
            listed = ", ".join(next(iter(kinds.values())))
        else:
            listed = "; ".join(f"{_kind_word(kind, lang, pieces, checked.board.kind_words)} {', '.join(points)}" for kind, points in kinds.items())
        parts.append(f"{_first_upper(names[owner])}: {listed}.")
    first = checked.spec.first_number()
    events = _events(checked, words, first)
    if events:
        parts.append(words["moves"].format(list=", ".join(events)))
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
    if checked.throw is not None:
        parts.append(words["throw"].format(throw=checked.throw.text))
    if checked.spec.wins is not None:
        outcome = checked.final.outcome()
        seats = outcome.winners if outcome is not None and outcome.partners else (checked.spec.wins.value,)
        who = _first_upper(words["and"].join(names[seat] for seat in seats))
        parts.append(_first_upper(words["wins-team" if len(seats) > 1 else "wins"].format(player=who)))
    return " ".join(parts)


def _events(checked: CheckedDiagram, words: Mapping[str, str], first: int | None) -> list[str]:
    """The moves as the drawing numbers them (no numbers with ``numbers: off``), the throws among them in order.

    A last throw that is the one the shown position carries is left to the
    sentence that names the throw, not said twice.
    """
    throws: dict[int, list[str]] = {}
    events = list(checked.thrown)
    if events and events[-1] == (len(checked.played), checked.throw):
        events.pop()
    for before, throw in events:
        throws.setdefault(before, []).append(words["thrown"].format(throw=throw.text))
    listed: list[str] = []
    for index, move in enumerate(checked.played):
        listed.extend(throws.get(index, []))
        listed.append(move.text if first is None else f"{first + index}. {move.text}")
    listed.extend(throws.get(len(checked.played), []))
    return listed


# -- hover texts ---------------------------------------------------------------------------------
#
# The board code names the parts of a drawing in English, for the ``<title>`` of each group (what a
# browser shows when the pointer rests on a piece, a cell, a line): "stone of player 0 on c3",
# "z: citadel", "Black's lines (red)".  A diagram is the booklet's picture, so its hover texts are
# in the booklet's languages: each English text the board code writes is matched here and said
# again in each language, with the booklet's players and pieces.  A text with no entry stays
# English (tests/booklet/test_diagram_drawing.py finds every such text in the booklets).

#: fixed phrases of the board code (whole texts, or the part after "NAME: ")
PHRASES: dict[str, dict[str, str]] = {
    "pt": {
        "citadel": "cidadela",
        "sowing direction: counter-clockwise": "sentido da semeadura: anti-horário",
        "light cell": "casa clara",
        "dark cell": "casa escura",
        "light cell of the neutral zone (pale pink)": "casa clara da zona neutra (rosa-claro)",
        "dark cell of the neutral zone (pink)": "casa escura da zona neutra (rosa)",
        "light cells": "casas claras",
        "dark cells": "casas escuras",
        "left side": "lado esquerdo",
        "right side": "lado direito",
        "bottom side": "lado de baixo",
        "Black's lines (red)": "linhas das pretas (vermelhas)",
        "White's lines (white)": "linhas das brancas (brancas)",
        "dark edges of White's lines": "bordas escuras das linhas das brancas",
        "edge lines (no circuit)": "linhas da borda (fora dos circuitos)",
        "inner circuit: rows 2 and 5, columns b and e, small loops (red)": "circuito interno: fileiras 2 e 5, colunas b e e, curvas pequenas (vermelhas)",
        "outer circuit: rows 3 and 4, columns c and d, large loops (gold)": "circuito externo: fileiras 3 e 4, colunas c e d, curvas grandes (douradas)",
        "neutral zone: the whole pink segment a": "zona neutra: todo o setor rosa a",
        "start cells: 7 attackers on ring 6, 4 defenders on ring 1": "casas iniciais: 7 atacantes no anel 6, 4 defensores no anel 1",
        "start points: 24 pawns outside the fortress, officers on c6 and e6": "pontos iniciais: 24 peões fora da fortaleza, oficiais em c6 e e6",
        "start points: 12 white (rows 1-2) and 12 black (rows 5-6)": "pontos iniciais: 12 brancas (fileiras 1-2) e 12 pretas (fileiras 5-6)",
        # Gamão (gamao16): the bar and the trays
        "hit pieces wait here": "as peças acertadas esperam aqui",
        "White's pieces borne off": "peças retiradas pelas brancas",
        "Black's pieces borne off": "peças retiradas pelas pretas",
        "doubling cube in the middle": "dado de aposta no meio",
        # Nyout's board, and the throw sticks of the shared throws drawing
        "the circle and the cross the horses follow": "o círculo e a cruz que os cavalos seguem",
        "start tray: horses waiting to come in": "caixa de partida: cavalos que esperam para entrar",
        "off tray: horses that have left the board": "caixa de saída: cavalos que já saíram do tabuleiro",
        "entry at o01 from the start tray; exit after o20 into the off tray": "entrada em o01 a partir da caixa de partida; saída depois de o20 para a caixa de saída",
        "direction of travel: counter-clockwise, and by the shortcuts to North": "sentido da corrida: anti-horário, e pelos atalhos até o norte",
        "stick, marked side up": "pau, lado marcado para cima",
        "stick, plain side up": "pau, lado liso para cima",
    },
}

#: texts with parts that vary: (English pattern, what it says in each language); ``{player}`` is
#: the owner the pattern's ``owner`` names (or the group's role, ``piece-player-N``), ``{kind}``
#: one piece of the pattern's ``kind``; the other groups are copied (points, lists of points)
_PATTERNS: list[tuple[re.Pattern[str], dict[str, str]]] = [
    (re.compile(r"captured on (?P<name>\S+)"), {"pt": "peça capturada em {name}", "en": "piece captured on {name}"}),
    (re.compile(r"possible move on (?P<name>\S+)"), {"pt": "jogada possível em {name}", "en": "possible move on {name}"}),
    (re.compile(r"former stone on (?P<name>\S+)"), {"pt": "pedra que estava em {name}", "en": "former stone on {name}"}),
    (re.compile(r"a forbidden move would end on (?P<name>\S+)"), {"pt": "uma jogada proibida terminaria em {name}", "en": "a forbidden move would end on {name}"}),
    (re.compile(r"the piece on (?P<name>\S+) may not be removed"), {"pt": "a peça em {name} não pode ser retirada", "en": "the piece on {name} may not be removed"}),
    (re.compile(r"move (?P<number>\d+)"), {"pt": "jogada {number}", "en": "move {number}"}),
    (re.compile(r"the swap would take the stone on (?P<name>\S+)"), {"pt": "a troca tomaria a pedra de {name}", "en": "the swap would take the stone on {name}"}),
    (re.compile(r"(?:row|col)-(?:first|last) edge of player (?P<owner>\d+)"), {"pt": "{player}: borda do tabuleiro", "en": "{player}: edge of the board"}),
    (re.compile(r"fortress: (?P<list>.+)"), {"pt": "fortaleza: {list}", "en": "fortress: {list}"}),
    (re.compile(r"fortress wall (?P<list>\S+)"), {"pt": "muralha da fortaleza {list}", "en": "fortress wall {list}"}),
    (re.compile(r"start diamonds: White on (?P<a>\S+), Black on (?P<b>\S+)"), {"pt": "losangos de partida: brancas em {a}, pretas em {b}", "en": "start diamonds: White on {a}, Black on {b}"}),
    (re.compile(r"marked (?:cell|cells): (?P<list>.+)"), {"pt": "casas destacadas: {list}", "en": "marked cells: {list}"}),
    (re.compile(r"marked (?:point|points): (?P<list>.+)"), {"pt": "pontos destacados: {list}", "en": "marked points: {list}"}),
    # pit games (Awelé): stores named by their side, pits and their counts
    (re.compile(r"south store: seeds captured by South"), {"pt": "depósito do Sul: sementes colhidas pelo Sul", "en": "south store: seeds captured by South"}),
    (re.compile(r"north store: seeds captured by North"), {"pt": "depósito do Norte: sementes colhidas pelo Norte", "en": "north store: seeds captured by North"}),
    (re.compile(r"pit (?P<name>\S+) \(South\)"), {"pt": "casa {name} (Sul)", "en": "pit {name} (South)"}),
    (re.compile(r"pit (?P<name>\S+) \(North\)"), {"pt": "casa {name} (Norte)", "en": "pit {name} (North)"}),
    (re.compile(r"1 seed in (?P<name>\S+)"), {"pt": "1 semente em {name}", "en": "1 seed in {name}"}),
    (re.compile(r"(?P<count>\d+) seeds in (?P<name>\S+)"), {"pt": "{count} sementes em {name}", "en": "{count} seeds in {name}"}),
    # Nyout: stations, stacks and trays of horses, the throws in hand
    (re.compile(r"station (?P<name>\S+)"), {"pt": "casa {name}", "en": "station {name}"}),
    (re.compile(r"large station (?P<name>\S+)"), {"pt": "casa grande {name}", "en": "large station {name}"}),
    (re.compile(r"stack of (?P<count>\d+) horses on (?P<name>\S+)"), {"pt": "pilha de {count} cavalos em {name}", "en": "stack of {count} horses on {name}"}),
    (re.compile(r"(?P<count>\d+) horses of player (?P<owner>\d+) on (?P<name>\S+)"), {"pt": "{player}: {count} cavalos em {name}", "en": "{player}: {count} horses on {name}"}),
    (re.compile(r"throw (?P<list>.+)"), {"pt": "lançamento {list}", "en": "throw {list}"}),
    (re.compile(r"(?P<name>[a-z]+\d*): (?P<phrase>.+)"), {"pt": "{name}: {phrase}", "en": "{name}: {phrase}"}),
    # stacks of several pieces on one place, and the points in two tones (Gamão, gamao16)
    (re.compile(r"throw (?P<name>[1-6]-[1-6])"), {"pt": "lance {name}", "en": "throw {name}"}),
    (re.compile(r"die showing (?P<name>[1-6])"), {"pt": "dado mostrando {name}", "en": "die showing {name}"}),
    (re.compile(r"die showing (?P<name>[1-6]), used"), {"pt": "dado mostrando {name}, já jogado", "en": "die showing {name}, used"}),
    (re.compile(r"doubling cube at (?P<name>\d+) of player (?P<owner>\d+)"), {"pt": "{player}: dado de aposta no {name}", "en": "{player}: doubling cube at {name}"}),
    (re.compile(r"point (?P<name>\d+), dark"), {"pt": "casa {name}, escura", "en": "point {name}, dark"}),
    (re.compile(r"point (?P<name>\d+), light"), {"pt": "casa {name}, clara", "en": "point {name}, light"}),
    (re.compile(r"stack of (?P<count>\d+) of player (?P<owner>\d+) on (?P<name>\S+)"), {"pt": "{player}: pilha de {count} em {name}", "en": "{player}: stack of {count} on {name}"}),
    (re.compile(r"(?P<kind>[\w-]+)(?: of player (?P<owner>\d+))? on (?P<name>\S+)"), {"pt": "{player}: {kind} em {name}", "en": "{player}: {kind} on {name}"}),
]
_OWNER_ROLE = re.compile(r"piece-player-(\d+)")

#: the words a language uses for its players and its pieces (front matter ``colours``, ``pieces``)
Terms = tuple[tuple[str, ...] | None, Mapping[str, str]]


def singular(plural: str, lang: str) -> str:
    """One piece of a booklet's word for several ("cavaleiros" -> "cavaleiro", "peões" -> "peão", "pawns" -> "pawn").

    The front matter gives the plural the text uses for the diagrams'
    descriptions; a hover text names one piece.  The endings are the regular
    ones of each language, enough for nouns of pieces.
    """
    endings = [("ões", "ão"), ("ães", "ão"), ("ais", "al"), ("éis", "el"), ("ns", "m"), ("res", "r"), ("s", "")] if lang == "pt" else [("men", "man"), ("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("s", "")]
    for ending, replacement in endings:
        if plural.endswith(ending) and len(plural) > len(ending):
            return plural[: -len(ending)] + replacement
    return plural


def _piece_word(kind: str, lang: str, pieces: Mapping[str, str], declared: KindWords) -> str:
    """One piece of ``kind`` (a hover text names a single piece): the front matter's plural made singular, else the game's word."""
    if kind in pieces:
        return singular(pieces[kind], lang)
    return declared_word(kind, lang, declared, 0)


def _said(title: str, role: str, lang: str, terms: Terms, kinds: KindWords) -> str | None:
    """``title`` (the board code's English) in ``lang``, or None when this module does not know it."""
    colours, pieces = terms
    names = seat_names(colours, lang)
    phrases = PHRASES.get(lang, {})
    if lang == "en" and title in PHRASES["pt"]:
        return title
    if title in phrases:
        return phrases[title]
    for pattern, said in _PATTERNS:
        found = pattern.fullmatch(title)
        if found is None:
            continue
        fields = found.groupdict()
        if "phrase" in fields:
            if lang != "en" and fields["phrase"] not in phrases:
                continue
            fields["phrase"] = phrases.get(fields["phrase"], fields["phrase"])
        owner = fields.pop("owner", None)
        if owner is None and "kind" in fields:
            by_role = _OWNER_ROLE.fullmatch(role)
            owner = by_role.group(1) if by_role else None
            if owner is None:
                continue
        if owner is not None:
            fields["player"] = _first_upper(names[int(owner)]) if int(owner) < len(names) else owner
        if "kind" in fields:
            fields["kind"] = _piece_word(fields["kind"], lang, pieces, kinds)
        return said.get(lang, said["en"]).format(**fields)
    return None


def hover_title(title: str, role: str, terms: Mapping[str, Terms], kinds: KindWords | None = None) -> str | None:
    """A part's hover text in the booklet's languages (``terms``' keys, in column order), joined by " / ".

    A piece is named as the front matter of ``terms`` names it, else with the
    game's words for its kind (``kinds``: ``BoardDrawing.kind_words``).  None
    when a language has no words for it: the caller keeps the English text
    (and the tests name it).
    """
    said = [_said(title, role, lang, words, kinds or {}) for lang, words in terms.items()]
    if not said or any(text is None for text in said):
        return None
    return " / ".join(dict.fromkeys(text for text in said if text is not None))
