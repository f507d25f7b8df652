"""Checking rule texts: every problem found, each at its file and line, and nothing when clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.booklet.check import check_paths, load_game

from ..conftest import ROOT, run_boardgen
from .sources_kit import DIAGRAMS, EN_BODY, PT_BODY, line_of, write_sources


def messages(folder: Path) -> list[str]:
    return [str(p) for p in load_game(folder).problems]


def only_problem(folder: Path) -> tuple[str, int | None, str]:
    problems = load_game(folder).problems
    assert len(problems) == 1, [str(p) for p in problems]
    p = problems[0]
    return Path(p.path).name, p.line, p.message


def test_the_shipped_rule_texts_are_clean():
    assert check_paths([ROOT / "rules_text"]) == []


def test_a_clean_folder_has_its_diagrams_checked(tmp_path):
    game = load_game(write_sources(tmp_path / "hex"))
    assert game.problems == []
    checked = game.diagrams["first"]
    assert [m.text for m in checked.played] == ["c3"]
    assert checked.final.to_text() == "5/5/2r2/5/5 b swap"
    assert [m.text for m in checked.legal] == ["d4"]
    assert checked.illegal[0].code == "occupied"


# -- diagrams replayed by the engine -------------------------------------------------


@pytest.mark.parametrize(
    "line, expected",
    [
        ("numbers: 3\nmoves: c3 c3", "moves: move 2 (c3) is illegal: c3: the cell already holds a red stone"),
        ("illegal: d4 occupied", "illegal: d4 is claimed illegal (occupied), but it is a legal move here"),
        ("illegal: c3 off-board", "illegal: c3 is illegal, but for another reason"),
        ("legal: c3", "legal: c3 is claimed legal, but the engine refuses it"),
        ("wins: 0", "wins: player 0 is claimed to have won, but the game is not over"),
        ("captures: d4 c3", "captures: d4 captures nothing, not c3"),
        ("marks: z9", "marks: no point or cell 'z9' on this board"),
        ("arrows: a1-q7", "arrows: no point or cell 'q7' on this board"),
        ("view: a1 k11", "view: no point or cell 'k11' on this board"),
    ],
)
def test_a_wrong_claim_is_reported_at_its_line(tmp_path, line, expected):
    body = line if line.count("\n") else "moves: c3\n" + line
    diagrams = "```diagram first\n" + body + "\n```\n"
    folder = write_sources(tmp_path / "hex", diagrams=diagrams)
    name, number, message = only_problem(folder)
    assert (name, number) == ("diagrams.md", 3)
    assert message.startswith("diagram first: " + expected), message


def test_a_position_that_does_not_parse_or_cannot_happen(tmp_path):
    diagrams = "\n\n```diagram first\nposition: 5/5/5/5 r -\n```\n"
    name, number, message = only_problem(write_sources(tmp_path / "a" / "hex", diagrams=diagrams))
    assert (name, number) == ("diagrams.md", 4) and "position:" in message
    diagrams = "```diagram first\nposition: 5/5/1rr2/5/5 b -\n```\n"
    name, number, message = only_problem(write_sources(tmp_path / "b" / "hex", diagrams=diagrams))
    assert number == 2 and "cannot arise" in message


def test_unknown_game_variant_and_key(tmp_path):
    diagrams = "```diagram first\ngame: shogi\n```\n"
    _, number, message = only_problem(write_sources(tmp_path / "a" / "hex", diagrams=diagrams))
    assert number == 2 and "unknown game 'shogi'" in message
    diagrams = "```diagram first\nvariant: swap=maybe\n```\n"
    _, number, message = only_problem(write_sources(tmp_path / "b" / "hex", diagrams=diagrams))
    assert number == 2 and "variant swap takes on, off, not 'maybe'" in message
    diagrams = "```diagram first\ncolour: red\n```\n"
    _, number, message = only_problem(write_sources(tmp_path / "c" / "hex", diagrams=diagrams))
    assert number == 2 and "unknown key 'colour'" in message


def test_the_booklet_variant_is_the_default_and_a_diagram_may_override_it(tmp_path):
    # swap=on in the front matter: Blue may swap; a diagram with swap=off may not.
    diagrams = "```diagram first\nmoves: c3 swap\n```\n```diagram second\nvariant: swap=off\nmoves: c3\nillegal: swap no-swap\n```\n"
    pt = PT_BODY + "\n```diagram second\nLegenda.\n```\n"
    en = EN_BODY + "\n```diagram second\nCaption.\n```\n"
    game = load_game(write_sources(tmp_path / "hex", pt=pt, en=en, diagrams=diagrams))
    assert game.problems == []
    assert game.diagrams["second"].variants == {"swap": "off"}


# -- the languages against each other ------------------------------------------------


def test_languages_must_show_the_same_diagrams_in_the_same_order(tmp_path):
    en = EN_BODY.replace("```diagram first", "```diagram second")
    diagrams = DIAGRAMS + "\n```diagram second\nsize: 5\n```\n"
    folder = write_sources(tmp_path / "hex", en=en, diagrams=diagrams)
    name, number, message = only_problem(folder)
    assert name == "en.md" and number == line_of(folder / "en.md", "```diagram second")
    assert "(second) differ from pt-BR.md (first)" in message


def test_languages_must_have_the_same_sections(tmp_path):
    en = EN_BODY.replace("# Rules", "## Rules")
    folder = write_sources(tmp_path / "hex", en=en)
    name, number, message = only_problem(folder)
    assert (name, number) == ("en.md", line_of(folder / "en.md", "## Rules"))
    assert "level 2 here but level 1" in message
    en = EN_BODY.replace("# Rules\n\nMore text.\n", "")
    name, _, message = only_problem(write_sources(tmp_path / "b" / "hex", en=en))
    assert name == "en.md" and message.startswith("missing section: pt-BR.md goes on with # Regras")


def test_front_matter_must_agree_and_citations_must_exist(tmp_path):
    folder = write_sources(tmp_path / "hex", en=EN_BODY.replace("[@livro]", "[@nowhere]"))
    name, number, message = only_problem(folder)
    assert (name, number) == ("en.md", line_of(folder / "en.md", "[@nowhere]"))
    assert "citation [@nowhere]: no source with that key (known: livro)" in message
    folder = write_sources(tmp_path / "b" / "hex")
    path = folder / "en.md"
    path.write_text(path.read_text().replace("size = 5", "size = 7"))
    name, number, message = only_problem(folder)
    assert (name, number) == ("en.md", line_of(path, "size = 7")) and "size is 7 here but 5 in pt-BR.md" in message


def test_undefined_diagram_and_missing_caption(tmp_path):
    pt = PT_BODY + "\n```diagram ghost\nLegenda.\n```\n"
    en = EN_BODY + "\n```diagram ghost\n```\n"
    folder = write_sources(tmp_path / "hex", pt=pt, en=en)
    found = messages(folder)
    assert any(m.startswith(f"{folder / 'pt-BR.md'}:") and "diagram ghost is not defined" in m for m in found) or any(
        "pt-BR.md:" in m and "diagram ghost is not defined" in m for m in found
    )
    assert any("en.md:" in m and "the caption is missing" in m for m in found)


# -- untrusted Markdown --------------------------------------------------------------


def test_hostile_markdown_is_refused_line_by_line(tmp_path):
    pt = PT_BODY + (
        "\nUma imagem ![senhas](/etc/passwd) aqui.\n"
        "\nOutra ![remota](https://example.com/x.png) ali.\n"
        "\n<script>alert(1)</script>\n"
        "\nE ![fora](../../../etc/hosts) também, e [um link](ftp://example.com/x).\n"
    )
    folder = write_sources(tmp_path / "hex", pt=pt)
    path = folder / "pt-BR.md"
    problems = load_game(folder).problems
    assert all(Path(p.path).name == "pt-BR.md" for p in problems)

    def at(text: str) -> list[str]:
        return [p.message for p in problems if p.line == line_of(path, text)]

    assert "images must be files in the game's folder" in at("/etc/passwd)")[0]
    assert "images must be files in the game's folder" in at("example.com/x.png")[0]
    assert "raw HTML is not allowed" in at("<script>")[0]
    hosts = at("etc/hosts")
    assert any("outside the game's folder" in m for m in hosts) and any("links may go to http(s)" in m for m in hosts)


def test_characters_missing_from_the_bundled_fonts_are_refused(tmp_path):
    folder = write_sources(tmp_path / "hex", pt=PT_BODY.replace("Mais texto.", "Seta → aqui."))
    name, number, message = only_problem(folder)
    assert (name, number) == ("pt-BR.md", line_of(folder / "pt-BR.md", "Seta"))
    assert "U+2192" in message and "not in the bundled fonts" in message


def test_front_matter_errors_have_lines(tmp_path):
    folder = write_sources(tmp_path / "hex", extra='players = 2\ncolor = "x"')
    found = messages(folder)
    path = folder / "pt-BR.md"
    assert any(f"pt-BR.md:{line_of(path, 'players = 2')}: front matter: players must be a non-empty string" in m for m in found)
    assert any(f"pt-BR.md:{line_of(path, 'color = ')}: front matter: unknown key 'color'" in m for m in found)
    bad = write_sources(tmp_path / "b" / "hex")
    (bad / "pt-BR.md").write_text("+++\ntitle = \n+++\n# X\n")
    assert any("pt-BR.md:2: front matter:" in m for m in messages(bad))


# -- the command ----------------------------------------------------------------------


def test_check_command_exit_status_and_output(tmp_path):
    clean = run_boardgen("check")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "no problems" in clean.stdout
    folder = write_sources(tmp_path / "hex", diagrams="```diagram first\nmoves: c3 c3\n```\n")
    broken = run_boardgen("check", str(folder))
    assert broken.returncode == 2  # bad input, as booklet says it (tests/cli/test_exit_statuses.py)
    lines = broken.stdout.strip().split("\n")
    assert lines == [f"{folder / 'diagrams.md'}:2: diagram first: moves: move 2 (c3) is illegal: c3: the cell already holds a red stone"]
    assert "1 problem found" in broken.stderr
    # A file inside a game folder checks the whole folder.
    assert run_boardgen("check", str(folder / "en.md")).returncode == 2


def test_templates_and_texts_are_found_from_any_folder(tmp_path):
    # From another working folder: found next to the installed (editable) package.
    elsewhere = run_boardgen("check", cwd=tmp_path)
    assert elsewhere.returncode == 0 and "no problems" in elsewhere.stdout
    # BOARDGEN_HOME names another tree with its own templates and rule texts.
    home = tmp_path / "home"
    (home / "templates").mkdir(parents=True)
    (home / "templates" / "booklet.html.j2").write_text("")
    write_sources(home / "rules_text" / "hex", diagrams="```diagram first\nmoves: c3 c3\n```\n")
    other = run_boardgen("check", cwd=tmp_path, env={"BOARDGEN_HOME": str(home)})
    assert other.returncode == 2 and "rules_text/hex/diagrams.md:2:" in other.stdout


# -- the words for the pieces -----------------------------------------------------------

ASSALTO_DIAGRAMS = """
```diagram first
position: 3/3/PPO1POP/PPP1PPP/PPPPPPP/PPP/PPP o 2
captures: f5xd5 e5
```
"""


def assalto_folder(folder: Path, pt_pieces: str | None, en_pieces: str | None) -> Path:
    """An Assalto booklet (the kit's texts) whose front matter names the pieces as given."""
    write_sources(folder / "assalto", diagrams=ASSALTO_DIAGRAMS)
    for name, pieces in (("pt-BR.md", pt_pieces), ("en.md", en_pieces)):
        path = folder / "assalto" / name
        text = path.read_text(encoding="utf-8").replace('title = "Hex"', 'title = "Assalto"')
        text = text.replace('variant = { swap = "on" }\n', "").replace("size = 5\n", "")
        text = text.replace('colours = ["vermelho", "azul"]', 'colours = ["branco", "preto"]').replace('colours = ["red", "blue"]', 'colours = ["white", "black"]')
        if pieces is not None:
            text = text.replace("\n[[sources]]", f"\npieces = {pieces}\n\n[[sources]]", 1)
        path.write_text(text, encoding="utf-8")
    return folder / "assalto"


def test_the_booklet_names_the_pieces_in_the_diagram_descriptions(tmp_path):
    from boardgen.booklet.diagrams.words import describe

    folder = assalto_folder(tmp_path, '{ officer = "cavaleiros", pawn = "peões" }', '{ officer = "officers", pawn = "pawns" }')
    game = load_game(folder)
    assert game.problems == [], [str(p) for p in game.problems]
    pt = game.languages["pt"].meta
    words = describe(game.diagrams["first"], "pt", pt.colours, pt.pieces)
    assert "Preto: cavaleiros c5, f5." in words and "Branco: peões c1, d1," in words
    assert "oficiais" not in words
    # Without the front matter's words the generic ones are used.
    assert "oficiais" in describe(game.diagrams["first"], "pt", pt.colours)


def test_the_shipped_assalto_text_calls_the_officers_cavaleiros():
    from boardgen.booklet.build import diagram_files

    game = load_game(ROOT / "rules_text" / "assalto")
    svg = diagram_files(game)["setup.svg"].decode("utf-8")
    assert "Preto: cavaleiros" in svg and "oficiais" not in svg and "Black: officers" in svg


def test_piece_words_must_name_kinds_the_game_has_in_every_language(tmp_path):
    folder = assalto_folder(tmp_path / "a", '{ officer = "cavaleiros", knight = "x" }', '{ officer = "officers", knight = "x" }')
    problems = load_game(folder).problems
    assert [(Path(p.path).name, p.line) for p in problems] == [
        ("en.md", line_of(folder / "en.md", "pieces =")),
        ("pt-BR.md", line_of(folder / "pt-BR.md", "pieces =")),
    ]
    assert "assalto has no piece of kind 'knight' (its kinds: officer, pawn)" in problems[0].message
    folder = assalto_folder(tmp_path / "b", '{ officer = "cavaleiros" }', None)
    name, _, message = only_problem(folder)
    assert name == "en.md" and "pieces names none here but officer in pt-BR.md" in message
    folder = assalto_folder(tmp_path / "c", '{ officer = 3 }', '{ officer = "officers" }')
    name, line, message = only_problem(folder)
    assert (name, line) == ("pt-BR.md", line_of(folder / "pt-BR.md", "pieces =")) and "pieces must be a table" in message


# -- games of chance and of more seats (the toy race of tests/engines) ---------------------------

RACE_DIAGRAMS = """
```diagram first
moves: 6 a1 3 a2 2 b1 5 c1
throw: 4
legal: d1
```
"""


@pytest.fixture()
def race(monkeypatch):
    """Let the checkers find the toy race by its id, as they find a registered game."""
    import boardgen.booklet.check as booklet_check
    import boardgen.booklet.diagrams.check as diagram_check
    from tests.engines.toy_race import TOY_RACE

    for module in (booklet_check, diagram_check):
        real = module.get_game
        monkeypatch.setattr(module, "get_game", lambda name, option="GAME", real=real: TOY_RACE if name == "toyrace" else real(name, option))


def race_folder(folder: Path, diagrams: str = RACE_DIAGRAMS, colours: tuple[str, str] = ('"vermelho", "azul", "verde", "preto"', '"red", "blue", "green", "black"')) -> Path:
    """A toy race booklet for four players in partnerships, naming four colours."""
    write_sources(folder, diagrams=diagrams)
    for name, words in zip(("pt-BR.md", "en.md"), colours):
        path = folder / name
        text = path.read_text(encoding="utf-8")
        text = text.replace('variant = { swap = "on" }', 'variant = { players = "4", partners = "on" }').replace("size = 5\n", "")
        text = text.replace('colours = ["vermelho", "azul"]', f"colours = [{words}]").replace('colours = ["red", "blue"]', f"colours = [{words}]")
        path.write_text(text, encoding="utf-8")
    return folder


def test_a_diagram_of_a_chance_game_replays_throws_and_moves_by_one_seat(tmp_path, race):
    game = load_game(race_folder(tmp_path / "race"), "toyrace")
    assert [str(p) for p in game.problems] == []
    checked = game.diagrams["first"]
    assert [m.text for m in checked.played] == ["a1", "a2", "b1", "c1"]
    assert [state.to_move for state in checked.before] == [0, 0, 1, 2]  # seat 0 moves twice after its six
    assert [(before, throw.text) for before, throw in checked.thrown] == [(0, "6"), (1, "3"), (2, "2"), (3, "5")]
    assert checked.throw is not None and checked.throw.text == "4"
    assert checked.final.to_text() == "6.3 2.0 5.0 0.0 d throw 4"
    from boardgen.booklet.diagrams.words import describe

    colours = game.languages["en"].meta.colours
    assert colours == ("red", "blue", "green", "black")
    assert describe(checked, "en", colours).startswith("Toy race diagram. Red: runner s3, s6. Blue: runner s2. Green: runner s5.")


@pytest.mark.parametrize(
    "body, expected",
    [
        ("moves: 9", "moves: move 1 (9) is where a throw is due, and not a throw: throw '9': not a throw here (allowed: 1, 2, 3, 4, 5, 6)"),
        ("moves: 3 a1 a1", "moves: move 3 (a1) is where a throw is due, and not a throw: throw 'a1'"),
        ("moves: 3\nthrow: 4", "throw: 4: the shown position is not a chance point (no throw is due)"),
        ("throw: 7", "throw: throw '7': not a throw here (allowed: 1, 2, 3, 4, 5, 6)"),
        ("position: 9.10 0.4 10.10 0.0 a throw 3\nmoves: a1\nwins: 1", "wins: the game is won by players 0 and 2 (all runners home), not player 1"),
        ("wins: 4", "wins: expected 0 (the player who moves first), 1, or up to 3"),
    ],
)
def test_a_wrong_throw_or_winner_is_reported_at_its_line(tmp_path, race, body, expected):
    folder = race_folder(tmp_path / "race", diagrams="```diagram first\n" + body + "\n```\n")
    problems = load_game(folder, "toyrace").problems
    assert len(problems) == 1, [str(p) for p in problems]
    problem = problems[0]
    assert Path(problem.path).name == "diagrams.md" and problem.line == 1 + body.count("\n") + 1
    assert problem.message.startswith("diagram first: " + expected), problem.message


def test_a_partner_is_a_winner_too(tmp_path, race):
    body = "position: 9.10 0.4 10.10 0.0 a throw 3\nmoves: a1\nwins: 2"
    game = load_game(race_folder(tmp_path / "race", diagrams="```diagram first\n" + body + "\n```\n"), "toyrace")
    assert [str(p) for p in game.problems] == []
    from boardgen.booklet.diagrams.words import describe

    assert describe(game.diagrams["first"], "pt", ("vermelho", "azul", "verde", "preto")).endswith("Vitória: Vermelho e verde.")


def test_colours_name_two_to_four_seats(tmp_path, race):
    folder = race_folder(tmp_path / "race", colours=('"a", "b", "c", "d", "e"', '"a", "b", "c", "d", "e"'))
    assert any("colours must list two names (up to four" in str(p) for p in load_game(folder, "toyrace").problems)
