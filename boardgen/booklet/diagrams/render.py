"""One diagram pipeline for every caller: options -> checked diagram -> described -> drawn -> file.

``boardgen diagram``, the booklet build's ``output/diagrams/`` and the library
API all make their standalone diagram files here, so a diagram drawn from the
command line is the same drawing, with the same words, as the booklet's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.syntax import from_options
from boardgen.booklet.diagrams.words import describe
from boardgen.booklet.problems import Problems
from boardgen.booklet.sources import LANGUAGES, booklet_terms
from boardgen.errors import BoardgenError, OptionError

#: (player names, piece words) of one language, as a booklet's front matter gives them
Terms = tuple[tuple[str, str] | None, Mapping[str, str]]
DIAGRAM_FORMATS = ("svg", "pdf")


def checked_from_options(
    game: str,
    *,
    size: int | None,
    variants: Mapping[str, str],
    moves: Sequence[str] = (),
    position: str | None = None,
    arrows: Sequence[str] = (),
    marks: Sequence[str] = (),
    view: Sequence[str] = (),
    legal: Sequence[str] = (),
    illegal: Sequence[tuple[str, str]] = (),
    wins: int | None = None,
    numbers: bool | int = True,
    coordinates: bool = True,
    arrow_option: str = "arrows",
) -> CheckedDiagram:
    """A diagram given as arguments, checked exactly like a booklet diagram (BoardgenError if wrong)."""
    spec = from_options(
        "diagram",
        game=game,
        size=size,
        variants=dict(variants),
        position=position,
        moves=tuple(moves),
        arrows=tuple(arrows),
        marks=tuple(marks),
        view=tuple(view),
        numbers=numbers,
        coordinates=coordinates,
        legal=tuple(legal),
        illegal=tuple(illegal),
        wins=wins,
    )
    for item in spec.arrows:
        if len(item.value) < 2 or not all(item.value):  # type: ignore[arg-type]
            raise OptionError(arrow_option, f"expected FROM-TO (or a-b-c), not {'-'.join(item.value)!r}")  # type: ignore[arg-type]
    problems = Problems()
    checked = check_diagram(spec, Defaults(game, size, dict(variants)), problems, prefix="")
    if checked is None:
        messages = [p.message for p in problems.items]
        more = f" (and {len(messages) - 1} more)" if len(messages) > 1 else ""
        raise BoardgenError(messages[0] + more)
    return checked


def terms_from_rules(rules_folder: Path | None, langs: Sequence[str]) -> dict[str, Terms]:
    """The booklet's words for players and pieces in each language (generic words without a rule text)."""
    terms: dict[str, Terms] = {}
    for lang in langs:
        terms[lang] = booklet_terms(rules_folder, lang) if rules_folder is not None else (None, {})
    return terms


def diagram_file(checked: CheckedDiagram, terms: Mapping[str, Terms], fmt: str = "svg") -> tuple[bytes, tuple[float, float]]:
    """(file bytes, (width, height) in mm) of a checked diagram described in each language of ``terms``.

    The first language is the document's language (its ``lang``/``xml:lang``).
    """
    if fmt not in DIAGRAM_FORMATS:
        raise OptionError("format", f"must be svg or pdf, not {fmt!r}")
    descriptions = {lang: describe(checked, lang, colours, dict(pieces)) for lang, (colours, pieces) in terms.items()}
    first = next(iter(terms), "en")
    sheet = diagram_sheet(checked, descriptions, language=LANGUAGES[first][1])
    if fmt == "svg":
        from boardgen.drawing.svg import render_svg

        data = render_svg(sheet)
    else:
        from boardgen.drawing.pdf import render_pdf

        data = render_pdf(sheet)
    return data, (sheet.width, sheet.height)
