"""One diagram pipeline for every caller: options -> checked diagram -> described -> drawn -> file.

``boardgen diagram``, the booklet build's ``output/diagrams/`` and the library
API all make their standalone diagram files here, so a diagram drawn from the
command line is the same drawing, with the same words, as the booklet's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, replay_diagram
import dataclasses

from boardgen.boards.base import InkMode
from boardgen.booklet.diagrams.board_layer import diagram_ink
from boardgen.booklet.diagrams.draw import diagram_sheet
from boardgen.booklet.diagrams.syntax import from_options
from boardgen.booklet.diagrams.words import Terms, describe
from boardgen.booklet.sources import LANGUAGES, booklet_terms
from boardgen.drawing import palette
from boardgen.drawing.model import Sheet
from boardgen.drawing.mono import with_halos
from boardgen.errors import BoardgenError, OptionError, option_name

DIAGRAM_FORMATS = ("svg", "pdf", "png")


#: the definition keys the checker reports -> this module's keyword for them
_KEYWORDS = {"variant": "variants"}


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
    captures: Sequence[tuple[str, tuple[str, ...]]] = (),
    wins: int | None = None,
    throw: str | None = None,
    numbers: bool | int = True,
    coordinates: bool = True,
    names: Mapping[str, str] | None = None,
    arrow_option: str | None = None,
) -> CheckedDiagram:
    """A diagram given as arguments, checked exactly like a booklet diagram.

    A wrong value (an illegal move, a point not on the board, a false claim)
    raises OptionError naming the argument (``moves``, ``position``, ``legal``, ``captures``, ``throw``...)
    with the checker's reason; ``names`` maps an argument to the name the
    caller's user knows it by (a command line's ``{"arrows": "--arrow"}``).
    ``arrow_option`` is the older spelling of ``names={"arrows": ...}``.
    """
    named = dict(names or {})
    if arrow_option is not None:
        named.setdefault("arrows", arrow_option)
    spec = from_options(
        "diagram",
        game=game,
        size=size,
        variants=variants,
        position=position,
        moves=tuple(moves),
        arrows=tuple(arrows),
        marks=tuple(marks),
        view=tuple(view),
        numbers=numbers,
        coordinates=coordinates,
        legal=tuple(legal),
        illegal=tuple(illegal),
        captures=tuple(captures),
        wins=wins,
        throw=throw,
    )
    for item in spec.arrows:
        if len(item.value) < 2 or not all(item.value):
            raise OptionError(option_name(named, "arrows"), f"expected FROM-TO (or a-b-c), not {'-'.join(item.value)!r}")
    found: list[tuple[str | None, str]] = []
    checked = replay_diagram(spec, Defaults(game, size, variants), lambda _located, key, detail: found.append((key, detail)))
    if checked is None:
        key, detail = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        if key is None:
            raise BoardgenError(detail + more)
        keyword = _KEYWORDS.get(key, key)
        raise OptionError(option_name(named, keyword), detail + more)
    return checked


def terms_from_rules(rules_folder: Path | None, langs: Sequence[str]) -> dict[str, Terms]:
    """The booklet's words for players and pieces in each language (generic words without a rule text)."""
    terms: dict[str, Terms] = {}
    for lang in langs:
        terms[lang] = booklet_terms(rules_folder, lang) if rules_folder is not None else (None, {})
    return terms


def diagram_file(checked: CheckedDiagram, terms: Mapping[str, Terms], fmt: str = "svg", *, ink: InkMode = "full", dpi: int | None = None) -> tuple[bytes, tuple[float, float]]:
    """(file bytes, (width, height) in mm) of a checked diagram described in each language of ``terms``.

    The first language is the document's language (its ``lang``/``xml:lang``).
    ``ink`` draws the board as ``boardgen board --ink`` would (``mono``: one ink,
    patterns only); ``dpi`` is a png's resolution (default 300).
    """
    if fmt not in DIAGRAM_FORMATS:
        raise OptionError("format", f"must be svg, pdf or png, not {fmt!r}")
    sheet = diagram_drawing(checked, terms, ink)
    if fmt == "svg":
        from boardgen.drawing.svg import render_svg

        data = render_svg(sheet)
    elif fmt == "png":
        from boardgen.drawing.png import DEFAULT_DPI, render_png

        data = render_png(sheet, dpi or DEFAULT_DPI)
    else:
        from boardgen.drawing.pdf import render_pdf

        data = render_pdf(sheet)
    return data, (sheet.width, sheet.height)


def diagram_drawing(checked: CheckedDiagram, terms: Mapping[str, Terms], ink: InkMode = "full") -> Sheet:
    """The diagram's sheet in ``ink``: one ink draws in the one-ink palette, its pieces and marks haloed."""
    descriptions = {lang: describe(checked, lang, colours, dict(pieces)) for lang, (colours, pieces) in terms.items()}
    first = next(iter(terms), "en")
    with diagram_ink(ink):
        sheet = diagram_sheet(checked, descriptions, language=LANGUAGES[first][1], terms=terms)
        if ink == "mono":
            sheet = dataclasses.replace(sheet, content=with_halos(sheet.content, palette.current().paper))
    return sheet
