"""The booklet stack's job lists: every game's booklets and diagrams, and the check of its rule texts first.

The games are the folders of ``rules_text/`` that hold a rule text
(:func:`boardgen.booklet.build.games_with_sources`): a new game's texts bring
its booklets and diagrams.  The diagrams' file names are their ids in the
texts, so planning them means reading the texts, and reading them means
checking them: a broken text stops the build with its ``file:line`` while it
plans, before a single file is written.  The result (the diagram ids) is kept
in the build's cache under a key of everything the check depends on, so a
build with nothing changed neither reads nor checks a text again.

A game that is not being built (``--only``) is not checked either: its
diagrams are the ones its last check found (they are planned only so the
site and the cache know them; nothing of that game is made or removed).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardgen.build import tasks
from boardgen.build.plan import Job, PlanContext

BOOKLET_TASK = "boardgen.build.tasks:booklet"
IMPOSED_TASK = "boardgen.build.tasks:imposed_booklet"
DIAGRAM_TASK = "boardgen.build.tasks:diagram"

# Expected seconds of one core per file, until a build has measured them.
BOOKLET_COST = {"a5": 12.0, "a4": 9.0, "letter": 9.0}
IMPOSED_COST = 7.0  # imposition copies every page: about as long as typesetting, for now
DIAGRAM_COST = 0.05


def source_games() -> list[str]:
    """The ids of the games with rule texts (their folder names in ``rules_text/``)."""
    from boardgen.booklet.build import games_with_sources

    return [folder.name for folder in games_with_sources()]


def _text_inputs(game: str) -> tuple[str, ...]:
    """What a game's checked texts depend on: its texts, its engine and drawing, the shared code, the fonts."""
    return ("code", "booklet-code", "fonts", f"game:{game}", f"rules:{game}", "libraries")


def diagram_names(context: PlanContext, game: str) -> list[str]:
    """The ids of the game's diagrams, its texts checked first when they changed since the last check.

    Raises ProblemsError (every problem of the game's texts) when the check
    finds any and the game is being built.
    """
    found: dict[str, list[str]] = context.facts.setdefault("diagrams", {})
    if game in found:
        return found[game]
    key = context.key_of("check", game, inputs=_text_inputs(game))
    last = context.cache.checked.get(game)
    if last is not None and last["key"] == key:
        names = list(last["diagrams"])
    elif context.selection.wants_game(game, ("booklets", "diagrams")):
        from boardgen.booklet.build import game_folder, load_checked

        sources = load_checked(game_folder(game))
        tasks.remember(game, sources)  # the workers forked later have it already
        names = sorted(sources.diagrams)
        context.cache.remember_check(game, key, names)
    else:
        names = list(last["diagrams"]) if last is not None else []
    found[game] = names
    return names


def booklet_jobs(context: PlanContext) -> Iterator[Job]:
    """Every game's bilingual booklet on A5, A4 and Letter, and the A5 one imposed on A4 and Letter."""
    from boardgen.booklet.build import BOOKLET_PAPERS, BUILD_LANGS, IMPOSE_SHEETS, BookletRequest

    lang = "+".join(BUILD_LANGS)
    for game in source_games():
        diagram_names(context, game)  # the check, before any booklet is planned
        inputs = ("code", "booklet-code", "fonts", "templates", f"game:{game}", f"rules:{game}", "libraries")
        for paper in BOOKLET_PAPERS:
            yield Job(
                path=f"booklets/{BookletRequest(BUILD_LANGS, paper).file_name(game)}",
                game=game,
                kind="booklet",
                format="pdf",
                task=BOOKLET_TASK,
                args=(game, BUILD_LANGS, paper),
                inputs=inputs,
                cost=BOOKLET_COST.get(paper, max(BOOKLET_COST.values())),
                paper=paper,
                lang=lang,
            )
        if "a5" not in BOOKLET_PAPERS:
            continue
        a5 = f"booklets/{BookletRequest(BUILD_LANGS, 'a5').file_name(game)}"
        for sheet in IMPOSE_SHEETS:
            yield Job(
                path=f"booklets/{BookletRequest(BUILD_LANGS, 'a5', sheet).file_name(game)}",
                game=game,
                kind="booklet-imposed",
                format="pdf",
                task=IMPOSED_TASK,
                args=(sheet,),
                inputs=("code", "booklet-code", "libraries"),
                needs=(a5,),
                cost=IMPOSED_COST,
                paper=sheet,
                lang=lang,
            )


def diagram_jobs(context: PlanContext) -> Iterator[Job]:
    """Every diagram of every game's texts as an SVG named by its id, in ``diagrams/GAME/``."""
    for game in source_games():
        for ident in diagram_names(context, game):
            yield Job(
                path=f"diagrams/{game}/{ident}.svg",
                game=game,
                kind="diagram",
                format="svg",
                task=DIAGRAM_TASK,
                args=(game, ident),
                inputs=_text_inputs(game),
                cost=DIAGRAM_COST,
                lang="pt+en",
            )
