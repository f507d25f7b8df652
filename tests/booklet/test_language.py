"""The booklets' language: Brazilian Portuguese, British English, one word per thing (docs/series.md).

Read on the whole Markdown file of each booklet (front matter, captions and the
boxed aside included: a reader sees them all).  The words a booklet never uses
are not listed here but read from the table "One word per thing" of
docs/series.md, so the editor's guide and the check cannot drift apart.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..conftest import ROOT

RULES = ROOT / "rules_text"
GAMES = sorted(path.name for path in RULES.iterdir() if (path / "en.md").is_file())
SERIES = ROOT / "docs" / "series.md"
FILES = {"en": "en.md", "pt": "pt-BR.md"}

# Portugal's forms, each with the Brazilian one a booklet writes instead.
EUROPEAN_PORTUGUESE = {
    r"\bfiadas?\b": "fileira",
    r"\bcinzent[oa]s?\b": "cinza",
    r"\bs[ãa]o precis[oa]s\b": "são necessários/necessárias, é preciso",
    r"\b\w+mo-l[oa]s?\b": "fazemos isso, nós o deixamos (not fazemo-lo)",
    r"\bpode acontecer(?:,[^,.]{1,40},)? de\b": "pode acontecer que, or say what happens",
    r"\bvez passada\b": "passe (a turn passed)",
    # Portugal's words and spellings where Brazil has its own.
    r"\bficheiros?\b": "arquivo",
    r"\becrãs?\b": "tela",
    r"\bequipas?\b": "equipe",
    r"\bregistos?\b": "registro",
    r"\bcontactos?\b": "contato",
    r"\butilizador(?:es|a|as)?\b": "usuário",
    r"\bsecç(?:ão|ões)\b": "seção",
    r"\b(?:acç|direcç|colecç|selecç)(?:ão|ões)\b": "ação, direção, coleção, seleção",
    r"\b(?:óptim|actua|objectiv|exact|efectiv|project)\w*": "ótimo, atual, objetivo, exato, efetivo, projeto",
    r"\b(?:está|estão|estava|estavam|estar|estamos|estou) a (?!salvo\b)[a-zà-ú]+(?:ar|er|ir)\b": "estar + gerúndio (está jogando)",
    # Reported slips whose subject stands before a comma, which the general rule below cannot see.
    r"\bprotegem-se\b": "se protegem",
    r"\b\d+\.ª": "2ª (Brazilian ordinal)",
    r"\btabuleiro de \d+(?=[.,;:)]| tem\b| é\b| cheio\b)": "tabuleiro 11 × 11, tabuleiro de 11 casas de lado",
    r"\bentre [^.;:,]{1,40}? ou\b(?! numa)": "entre … e …",
    # A pronoun after the verb in the middle of a clause (o resultado junta-se): Brazil puts it before
    # (o resultado se junta).  After an infinitive (ligá-las, fazê-lo) and at a clause's start it stays.
    r"\b[A-Za-zÀ-Úà-ú]+ [a-zà-ú]+(?<![áéêíóô])-(?:se|lo|la|los|las|me|nos|lhe|lhes)\b": "proclisis (se junta, se joga)",
}
# American spellings, each with the British one the series writes (docs/series.md: -ise).
_NOT_IZE = r"(?!(?:size|sizes|sized|sizing|prize|prizes|seize|seized|seizes)\b)"
AMERICAN_SPELLINGS = {
    rf"\b{_NOT_IZE}[a-z]+iz(?:e|es|ed|ing|ation|ations)\b": "-ise",
    r"\bcolor(?:s|ed|ing|less)?\b": "colour",
    r"\bcenter(?:s|ed)?\b": "centre",
    r"\bgray\b": "grey",
    r"\bcounterclockwise\b": "anticlockwise",
    r"\b(?:favor|honor|behavior|neighbor|armor)(?:s|ed|ing|ite|hood)?\b": "-our",
    r"\btoward\b": "towards",
    r"\bcheckers?\b": "draughts",
}
# "He" for a player.  The history and the sources may speak of a person so; a quotation is the source's.
PLAYER_PRONOUN = re.compile(r"\b(?:he|his|him|himself)\b", re.IGNORECASE)
PERSON_SECTIONS = {"A little history"}


def _body(path: Path) -> list[tuple[int, str]]:
    """Every line of the file with its number, front matter included."""
    return list(enumerate(path.read_text(encoding="utf-8").split("\n"), start=1))


def _unquoted(path: Path) -> list[tuple[int, str]]:
    """Every line with its number, the words inside “quotations” blanked: a quoted source keeps its own words."""
    text = re.sub(r"“[^”]*”", lambda m: "“" + "\n" * m.group(0).count("\n") + "”", path.read_text(encoding="utf-8"))
    return list(enumerate(text.split("\n"), start=1))


def _rules_lines(path: Path) -> list[tuple[int, str]]:
    """The lines that speak of players: the body, outside the history section, quotations blanked."""
    lines = path.read_text(encoding="utf-8").split("\n")
    body_start = next(i for i, line in enumerate(lines[1:], start=1) if line == "+++") + 1
    kept, in_history = [], False
    for number, line in enumerate(lines[body_start:], start=body_start + 1):
        if line.startswith("# "):
            in_history = line[2:].strip() in PERSON_SECTIONS
        if not in_history:
            kept.append((number, re.sub(r"“[^”]*”", "“”", line)))
    return kept


def _never_words(column: int) -> list[tuple[str, re.Pattern[str]]]:
    """The words the table "One word per thing" of docs/series.md bans, from its given column."""
    text = SERIES.read_text(encoding="utf-8")
    table = text.split("## One word per thing", 1)[1].split("\n## ", 1)[0]
    found = []
    for row in table.split("\n"):
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Concept", "") or set(cells[0]) <= {"-"}:
            continue
        for word in re.findall(r"`([^`]+)`", cells[column]):
            found.append((f"{word!r} ({cells[0]}: the series says {cells[column - 1]!r})",
                          re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)))
    return found


def test_the_word_list_is_read() -> None:
    """The table parses, so that the check below is not vacuous."""
    english, portuguese = _never_words(2), _never_words(4)
    assert len(english) >= 5 and len(portuguese) >= 8
    assert any("lance" in what for what, _ in portuguese)


def _found(path: Path, lines: list[tuple[int, str]], patterns: dict[str, str]) -> list[str]:
    """Each match of each pattern, a space in a pattern matching any run of spaces and line breaks.

    The lines are searched as one text, so that a phrase broken over two lines of the
    Markdown (as most are) is still found; a match is reported at the line it starts on.
    """
    text = "\n".join(line for _, line in lines)
    starts = [number for number, _ in lines]
    found = []
    for pattern, instead in patterns.items():
        flags = re.IGNORECASE if "à-ú]" not in pattern else 0
        for match in re.finditer(pattern.replace(" ", r"\s+"), text, flags):
            number = starts[text.count("\n", 0, match.start())]
            found.append(f"{path.parent.name}/{path.name}:{number}: {' '.join(match.group(0).split())!r}, write {instead}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_portuguese_is_brazilian(game: str) -> None:
    path = RULES / game / FILES["pt"]
    found = _found(path, _body(path), EUROPEAN_PORTUGUESE)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_players_names_agree_with_the_text(game: str) -> None:
    """A text that calls the players "as brancas" and "as pretas" names them so in its front matter too.

    The front matter's ``colours`` are the words the diagrams' descriptions speak
    with ("Brancas: b2, c3"); a text whose players are "as brancas" must not have
    descriptions that say "Branco:".  Assalto's sides are its pieces (peões,
    cavaleiros) and Nyout's its horses, so "branco" stays right there.
    """
    text = (RULES / game / FILES["pt"]).read_text(encoding="utf-8")
    colours = re.search(r"^colours = \[(.*)\]$", text, re.MULTILINE)
    assert colours is not None
    names = set(re.findall(r'"([^"]*)"', colours.group(1)))
    body = text.split("\n+++\n", 1)[1]
    if re.search(r"\bas (?:brancas|pretas) (?:jogam|começam|vencem|ganham|colocam|movem|capturam|tomam|têm|podem|respondem)\b", body, re.IGNORECASE):
        assert not {"branco", "preto"} & names, f"{game}: the text says “as brancas”, the front matter {sorted(names)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_english_is_british(game: str) -> None:
    path = RULES / game / FILES["en"]
    found = _found(path, _rules_lines(path), AMERICAN_SPELLINGS)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_a_player_is_they_not_he(game: str) -> None:
    path = RULES / game / FILES["en"]
    found = [f"{game}/en.md:{number}: {match.group(0)!r} for a player (write they/their, or rephrase)"
             for number, line in _rules_lines(path) for match in PLAYER_PRONOUN.finditer(line)]
    assert not found, "\n".join(found)


# Words true on paper only (docs/series.md, "Words for paper and screen"): the same text is the web page's rules.
PAPER_ONLY = {
    "en": {r"\bthis booklet\b": '"this text"', r"\b(?:on )?the (?:next|previous|following) page\b": "the section's name, or above/below"},
    "pt": {r"\b(?:este|deste|neste|esse|desse|nesse) livreto\b": '"este texto"', r"\bna página (?:seguinte|anterior)\b": "o nome da seção, ou acima/abaixo"},
}


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_a_text_speaks_of_itself_in_words_true_on_paper_and_screen(game: str, lang: str) -> None:
    path = RULES / game / FILES[lang]
    found = _found(path, _rules_lines(path), PAPER_ONLY[lang])
    assert not found, "\n".join(found)


def test_the_paper_words_check_catches_each_form() -> None:
    for lang, text in (("en", "As this booklet shows, on the next page"), ("pt", "Neste livreto, na página seguinte")):
        lines = [(1, text)]
        assert len(_found(Path(f"x/{FILES[lang]}"), lines, PAPER_ONLY[lang])) == 2, lang


@pytest.mark.parametrize(("lang", "column"), [("en", 2), ("pt", 4)])
@pytest.mark.parametrize("game", GAMES)
def test_one_word_per_thing(game: str, lang: str, column: int) -> None:
    path = RULES / game / FILES[lang]
    found = [f"{game}/{path.name}:{number}: {what}"
             for what, pattern in _never_words(column) for number, line in _unquoted(path) if pattern.search(line)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("american", "british"), [
    ("recognize", "recognise"), ("organized", "organised"), ("color", "colour"), ("centered", "centred"),
    ("gray", "grey"), ("counterclockwise", "anticlockwise"), ("favorite", "favourite"), ("neighbors", "neighbours"),
    ("toward", "towards"), ("checkers", "draughts"),
])
def test_the_spelling_check_knows_each_american_form(american: str, british: str) -> None:
    """The booklets already write British English, so each pattern is held to a word it must catch and one it must pass."""
    def caught(word: str) -> bool:
        return any(re.search(pattern, f"the {word} here", re.IGNORECASE) for pattern in AMERICAN_SPELLINGS)

    assert caught(american) and not caught(british)
    assert not caught("size") and not caught("prize")


def test_the_enclisis_check_tells_a_clause_s_middle_from_its_start() -> None:
    """'o resultado junta-se' is Portugal's; 'Lembre-se', an infinitive's 'ligá-las' and a clause after a comma stay."""
    pattern = next(p for p, instead in EUROPEAN_PORTUGUESE.items() if instead.startswith("proclisis"))
    assert re.search(pattern, "e o resultado junta-se aos outros")
    assert re.search(pattern, "ou joga-se mais um par")
    for fine in ("Lembre-se de contar", "tenta ligá-las com", "na casa, acrescenta-se a coluna", "pode fazê-lo"):
        assert not re.search(pattern, fine), fine


@pytest.mark.parametrize(("portugal", "brazil"), [
    ("as duas fiadas de casas", "as duas fileiras de casas"), ("uma seta cinzenta", "uma seta cinza"),
    ("São precisas 48 sementes", "São necessárias 48 sementes"), ("fazemo-lo logo", "fazemos isso logo"),
    ("pode acontecer de ninguém", "pode acontecer que ninguém"), ("o ficheiro do tabuleiro", "o arquivo do tabuleiro"),
    ("a secção seguinte", "a seção seguinte"), ("o jogador está a jogar", "o jogador está jogando"),
    ("o resultado junta-se aos", "o resultado se junta aos"), ("escolhe entre colocar ou trocar", "escolhe entre colocar e trocar"),
])
def test_the_portuguese_check_knows_each_form(portugal: str, brazil: str) -> None:
    """Each European form is caught in a sentence, and the Brazilian sentence that replaces it passes."""
    def caught(sentence: str) -> bool:
        return bool(_found(Path("x/pt-BR.md"), [(1, sentence)], EUROPEAN_PORTUGUESE))

    assert caught(portugal) and not caught(brazil)


# -- the players' colour names say the colour the palette prints ----------------------------------

HUE_NAMES = (  # (hue from, hue to, English, Portuguese): the everyday name of a saturated colour
    (345, 360, "red", "vermelho"), (0, 15, "red", "vermelho"), (15, 45, "orange", "laranja"),
    (45, 70, "yellow", "amarelo"), (70, 170, "green", "verde"), (170, 260, "blue", "azul"),
)
# The games whose players are named by a printed colour, and the palette roles those colours are.
COLOURED_SEATS = {"hex": ("player_0", "player_1"), "ringo": ("attacker", "defender")}


def _hue_name(colour: str, lang: str) -> str:
    import colorsys

    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    hue = colorsys.rgb_to_hsv(red, green, blue)[0] * 360
    return next(names[0 if lang == "en" else 1] for low, high, *names in HUE_NAMES if low <= hue < high)


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", sorted(COLOURED_SEATS))
def test_a_player_s_colour_is_named_as_it_prints(game: str, lang: str) -> None:
    """Hex's first player and Ringo's attackers print in Okabe-Ito's vermillion, an orange: not "red"."""
    from boardgen.drawing import palette

    text = (RULES / game / FILES[lang]).read_text(encoding="utf-8")
    colours = re.search(r"^colours = \[(.*)\]$", text, re.MULTILINE)
    assert colours is not None
    names = [name.lower() for name in re.findall(r'"([^"]*)"', colours.group(1))]
    printed = [_hue_name(getattr(palette.DEFAULT, role), lang) for role in COLOURED_SEATS[game]]
    assert names == printed, f"{game} {lang}: the booklet names its colours {names}, the print shows {printed}"


def test_the_hue_names_are_the_usual_ones() -> None:
    assert [_hue_name(c, "en") for c in ("#d0312d", "#d55e00", "#e0a800", "#2e7d32", "#1b3b8f")] == [
        "red", "orange", "yellow", "green", "blue"]
