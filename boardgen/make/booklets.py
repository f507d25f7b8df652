"""The booklet stack's job lists: every game's booklets and diagrams, and the check of its rule texts first.

The games are the folders that hold a rule text, in ``rules_text/`` or in the
folder a game's ``GameInfo.texts`` declares (a plugin's own,
:func:`boardgen.booklet.build.games_with_sources`): a new game's texts bring
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
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from boardgen.make import tasks
from boardgen.make.plan import Job, PlanContext
from boardgen.site.catalogue import Kind

if TYPE_CHECKING:
    from boardgen.booklet.build import BookletRequest

BOOKLET_TASK = "boardgen.make.tasks:booklet"
IMPOSED_TASK = "boardgen.make.tasks:imposed_booklet"
LIGHT_TASK = "boardgen.make.tasks:light_booklet"
DIAGRAM_TASK = "boardgen.make.tasks:diagram"

# The editions of every game's booklet (docs/build.md, "The booklets"): each language set
# on every page paper of boardgen.booklet.build.BOOKLET_PAPERS, its A5 pages imposed on
# every sheet of IMPOSE_SHEETS, and all of them again in each ink.  Bilingual first (the
# columns in this order), then each language alone.
EDITION_LANGS: tuple[tuple[str, ...], ...] = (("pt", "en"), ("pt",), ("en",))
EDITION_INKS: tuple[str, ...] = ("full", "light")  # "light": the ink-saving edition

# Expected seconds of one core per file, until a build has measured them.
BOOKLET_COST = {"a5": 12.0, "a4": 9.0, "letter": 9.0}
IMPOSED_COST = 7.0  # imposition copies every page: about as long as typesetting, for now
LIGHT_SHARE = 0.5  # an ink-saving edition repaints the full-ink one's drawings: about half a typesetting (docs/build.md)
ONE_LANGUAGE_SHARE = 0.65  # one language: most of the bilingual booklet's pages (11-13 against 13-16 for Hex), two thirds of its time
DIAGRAM_COST = 0.05
IMPOSED_INPUTS = ("code", "booklet-code", "libraries")  # an imposition reads its A5 booklet, never the texts


def source_games() -> list[str]:
    """The ids of the games with rule texts (their folder names in ``rules_text/`` or a declared folder)."""
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


def booklet_editions() -> list["BookletRequest"]:
    """Every edition the build typesets or imposes of each game's booklet, in the order the plan lists them.

    Read when the build plans, not when this module is imported, so that the
    tests can cut the papers (``BOOKLET_PAPERS``, ``IMPOSE_SHEETS`` of
    :mod:`boardgen.booklet.build`) and the editions (:data:`EDITION_LANGS`,
    :data:`EDITION_INKS`) down to the few they build.
    """
    from boardgen.booklet import build
    from boardgen.booklet.build import BookletRequest, parse_ink

    editions = []
    for ink in EDITION_INKS:
        for langs in EDITION_LANGS:
            pages = [BookletRequest(langs, paper, None, parse_ink(ink)) for paper in build.BOOKLET_PAPERS]
            editions += pages
            if "a5" in build.BOOKLET_PAPERS:
                editions += [replace(pages[build.BOOKLET_PAPERS.index("a5")], impose_on=sheet) for sheet in build.IMPOSE_SHEETS]
    return editions


def booklet_path(game: str, edition: "BookletRequest") -> str:
    return f"booklets/{edition.file_name(game)}"


def booklet_job(game: str, edition: "BookletRequest") -> Job:
    """The job of one edition of a game's booklet: typeset from the texts, or (imposed) its A5 booklet's pages two-up.

    An imposed edition reads the file of the same edition on A5 pages
    (``needs``), so it depends on the texts through that file's key and on
    nothing else of the game.  Its ``paper`` is the sheet it prints on.  An
    ink-saving edition reads its full-ink edition's file and repaints its
    drawings (:func:`boardgen.booklet.build.light_booklet_pdf`): the two
    share one layout.
    """
    share = 1.0 if len(edition.langs) > 1 else ONE_LANGUAGE_SHARE
    args: tuple[Any, ...]
    needs: tuple[str, ...]
    inputs: tuple[str, ...]
    if edition.impose_on is None:
        kind: Kind = "booklet"
        task, args, needs = BOOKLET_TASK, (game, edition.langs, edition.paper, edition.ink), ()
        # the texts of its own languages only: an edit of the other language leaves it as it is
        inputs = ("code", "booklet-code", "fonts", "templates", f"game:{game}", f"rules:{game}:{'+'.join(edition.langs)}", "libraries")
        cost = BOOKLET_COST.get(edition.paper, max(BOOKLET_COST.values()))
        if edition.ink == "light":  # painted on the full-ink edition's layout (boardgen/booklet/ink.py): one layout for both
            task, needs = LIGHT_TASK, (booklet_path(game, replace(edition, ink="full")),)
            cost *= LIGHT_SHARE
    else:
        kind = "booklet-imposed"
        task, args, needs = IMPOSED_TASK, (edition.impose_on,), (booklet_path(game, replace(edition, impose_on=None)),)
        inputs, cost = IMPOSED_INPUTS, IMPOSED_COST
    return Job(
        path=booklet_path(game, edition),
        game=game,
        kind=kind,
        format="pdf",
        task=task,
        args=args,
        inputs=inputs,
        needs=needs,
        cost=cost * share,
        paper=edition.impose_on or edition.paper,
        lang="+".join(edition.langs),
        ink=edition.ink,
    )


def booklet_jobs(context: PlanContext) -> Iterator[Job]:
    """Every edition of every game's booklet (:func:`booklet_editions`), the game's texts checked before any is planned."""
    editions = booklet_editions()
    for game in source_games():
        diagram_names(context, game)  # the check, before any booklet is planned
        saves_ink = offers_ink_saving(game)
        for edition in editions:
            if edition.ink == "light" and not saves_ink:
                continue  # an ink-saving edition that saves no ink would be a false promise (the audit refuses it)
            yield booklet_job(game, edition)


def offers_ink_saving(game: str) -> bool:
    """Whether the game's booklet has an ink-saving edition: only if its board in light ink prints less ink (``BoardDrawing.light_saves_ink``)."""
    from boardgen.registry import get_game

    info = get_game(game)
    return not info.has_board() or bool(info.load_board().light_saves_ink)


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
                id=ident,
            )
