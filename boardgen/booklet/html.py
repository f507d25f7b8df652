"""The booklet as one HTML document: the jinja2 templates of ``templates/`` filled in.

One job: the template filling.  From a checked game, the languages, the
paper and the ink, :func:`booklet_html` gathers what the template reads --
the document model (:mod:`boardgen.booklet.document`: the languages paired,
the diagrams, the cover picture), the front matter, the citations and the
sources list, the labels in each language, the fonts, the colophon's engine
settings -- and renders ``booklet.html.j2``; :func:`render_template` turns a
mistake in a template into one line naming it (the site fills its pages
with it too).  The Markdown renderer is :mod:`boardgen.booklet.markdown_html`,
the page sizes :mod:`boardgen.booklet.papers`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup

from boardgen.booklet.board_page import BoardPage
from boardgen.booklet.check import GameSources
from boardgen.booklet.cover import COVER_SHARE
from boardgen.booklet.document import SourceList, cover_picture, pair_sections
from boardgen.booklet.line_breaks import address_breaks
from boardgen.booklet.markdown_html import render_inline
from boardgen.booklet.papers import PageStyle
from boardgen.booklet.paths import fonts_dir, templates_dir
from boardgen.booklet.problems import ProblemsError, display_path
from boardgen.booklet.table_widths import table_letters
from boardgen.booklet.template_errors import raised_by_template, template_failure
from boardgen.drawing.fonts import FONT_FILES
from boardgen.errors import BoardgenError


LABELS = {
    "pt": {
        "contents": "Sumário",
        "sources": "Fontes",
        "variant": "Regras descritas",
        "players": "Jogadores",
        "time": "Duração",
        "ages": "Idade",
        "rules": "Regras",
        "colophon": "Sobre esta edição",
        "colophon_engine": "Os diagramas deste livreto foram desenhados e verificados pelo motor de regras do boardgen, com estas configurações:",
        "colophon_game": "jogo",
        "colophon_board": "tabuleiro",
        "colophon_options": "opções",
        "colophon_fonts": "Tipografia: Noto Serif e Noto Sans (SIL Open Font License 1.1).",
        "figure": "Diagrama",
    },
    "en": {
        "contents": "Contents",
        "sources": "Sources",
        "variant": "Rules described",
        "players": "Players",
        "time": "Playing time",
        "ages": "Ages",
        "rules": "Rules",
        "colophon": "About this edition",
        "colophon_engine": "The diagrams of this booklet were drawn and checked by the boardgen rules engine with these settings:",
        "colophon_game": "game",
        "colophon_board": "board",
        "colophon_options": "options",
        "colophon_fonts": "Typefaces: Noto Serif and Noto Sans (SIL Open Font License 1.1).",
        "figure": "Diagram",
    },
}


def _font_faces() -> list[dict[str, str]]:
    faces = []
    for name, file in FONT_FILES.items():
        family = "Boardgen Serif" if name.startswith("serif") else "Boardgen Sans"
        faces.append(
            {
                "family": family,
                "url": (fonts_dir() / file).as_uri(),
                "weight": "bold" if "bold" in name else "normal",
                "style": "italic" if "italic" in name else "normal",
            }
        )
    return faces


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def booklet_html(
    game: GameSources,
    langs: list[str],
    paper: PageStyle,
    cover_height_mm: float | None = None,
    cover_only: bool = False,
    *,
    ink: str = "full",
    board_page: BoardPage | None = None,
) -> str:
    """The whole booklet as one HTML string (fonts and images referenced by file URL).

    ``cover_height_mm`` is the cover picture's largest height (default
    :data:`~boardgen.booklet.cover.COVER_SHARE` of the page); ``cover_only``
    leaves out everything after the cover, to measure it quickly.  ``ink``
    "light" typesets the ink-saving edition (no tinted boxes; the diagrams'
    ink is chosen around this call, :func:`~boardgen.booklet.diagrams.draw.diagram_ink`);
    ``board_page`` is the exact-scale board that ends an A4 or Letter booklet.
    """
    if game.problems:
        raise ProblemsError(game.problems)
    sources = [game.languages[lang] for lang in langs]
    envs: dict[str, dict[str, Any]] = {}
    source_lists = []
    for source in sources:
        citations = {ref.key: (n, f"src-{source.lang}-{ref.key}") for n, ref in enumerate(source.meta.sources, start=1)}
        env = {"folder": game.folder, "citations": citations, "lang": source.lang, "table_letters": table_letters(paper, len(langs) > 1)}
        envs[source.lang] = env
        source_lists.append(
            SourceList(
                source.tag,
                [
                    {
                        "anchor": citations[ref.key][1],
                        "number": citations[ref.key][0],
                        "html": render_inline(ref.text, env),
                        "url": Markup(address_breaks(ref.url)) if ref.url else ref.url,
                    }
                    for ref in source.meta.sources
                ],
            )
        )
    sections = [] if cover_only else pair_sections(game, sources, envs)
    height = paper.layout_height_mm * COVER_SHARE if cover_height_mm is None else cover_height_mm
    cover_svg, cover_width = cover_picture(game, sources, paper, height)
    metas = [s.meta for s in sources]
    titles = list(dict.fromkeys(m.title for m in metas))
    context = {
        "lang": sources[0].tag,
        "langs": [s.tag for s in sources],
        "bilingual": len(sources) > 1,
        "paper": paper,
        "font_faces": _font_faces(),
        "title": " / ".join(titles),
        "metas": [{"lang": s.tag, "meta": s.meta, "labels": LABELS[s.lang], "variant_note": render_inline(s.meta.variant_note, envs[s.lang])} for s in sources],
        "author": metas[0].author,
        "description": " / ".join(dict.fromkeys(m.description for m in metas if m.description)),
        "keywords": ", ".join(dict.fromkeys(k for m in metas for k in m.keywords)),
        "board_size": game.defaults.size if game.defaults else None,
        "game": game.game,
        "labels": [LABELS[s.lang] for s in sources],
        "sections": sections,
        "toc": [s for s in sections if 1 <= s.level <= 2],
        "sources": source_lists,
        "has_sources": any(lst.entries for lst in source_lists),
        "cover_svg": cover_svg,
        "cover_width": cover_width,
        "cover_only": cover_only,
        "colophon": colophon_settings(game),
        "ink": ink,
        "board_page": None if cover_only else board_page,
    }
    return render_template("booklet.html.j2", context)


def render_template(name: str, context: dict[str, Any]) -> str:
    """A template filled in; a mistake in a template (someone's edit, or BOARDGEN_HOME's copy) is one line naming it."""
    try:
        return environment().get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        where = f"{display_path(exc.filename or exc.name or name)}:{exc.lineno}"
        raise BoardgenError(f"{where}: template syntax error: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        raise BoardgenError(f"template {exc.name} not found in {display_path(templates_dir())}") from None
    except jinja2.TemplateError as exc:  # UndefinedError and the rest met while the template runs
        raise template_failure(exc, name, templates_dir()) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        if not raised_by_template(exc, templates_dir()):
            raise  # raised inside boardgen's own code: a bug, with its traceback
        raise template_failure(exc, name, templates_dir()) from None


def colophon_settings(game: GameSources) -> dict[str, Any]:
    """The engine settings that checked the diagrams, for the colophon: game id, board size, every option.

    Every option of the game with the value the booklet's diagrams were
    checked with (the front matter's, the rest at their defaults), as
    ``name=value``: the one place of the booklet where option names appear.
    """
    variant = game.defaults.variant if game.defaults else {}
    return {
        "game": game.id,
        "size": _size_label(game),
        "options": [f"{name}={value}" for name, value in variant.items()],
    }


def _size_label(game: GameSources) -> str:
    if game.game is None or game.defaults is None:
        return ""
    return str(game.game.make_board(game.defaults.size).size_label())
