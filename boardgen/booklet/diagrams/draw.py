"""Fitting a checked diagram on its sheet: the scale, the white space round it, a partial view's frame, the words.

A diagram is drawn at a fixed, legible scale (:data:`UNIT_MM` per board unit)
unless it would not fit the text width of every paper size; the painter
(:mod:`~boardgen.booklet.diagrams.painter`) draws it, and this module
measures, shifts and frames the drawing and says in words what it shows.

The result is a :class:`~boardgen.drawing.model.Sheet` in millimetres whose
title and description say in words what the diagram shows (the alternative
text of the figure in a tagged PDF, and the ``<title>`` of the SVG).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from boardgen.booklet.diagrams.board_layer import diagram_ink
from boardgen.booklet.diagrams.check import CheckedDiagram
from boardgen.booklet.diagrams.geometry import union
from boardgen.booklet.diagrams.painter import MAX_HEIGHT_MM, MAX_WIDTH_MM, Painter
from boardgen.booklet.diagrams.view import clip, view_beside_throw, view_box, view_frame
from boardgen.booklet.diagrams.words import KindWords, Terms, hover_title
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.frame import Frame
from boardgen.drawing.model import Group, Sheet

__all__ = ["MAX_HEIGHT_MM", "MAX_WIDTH_MM", "PAD_MM", "UNIT_MM", "diagram_ink", "diagram_sheet", "unique_ids"]

UNIT_MM = 6.0  # preferred millimetres per board unit: Hex stones about 5 mm across
PAD_MM = 0.8  # white space around the ink


def diagram_sheet(
    checked: CheckedDiagram,
    descriptions: dict[str, str],
    language: str = "en",
    *,
    max_width: float = MAX_WIDTH_MM,
    max_height: float = MAX_HEIGHT_MM,
    unit_mm: float = UNIT_MM,
    terms: Mapping[str, Terms] | None = None,
) -> Sheet:
    """The diagram on a sheet just big enough for it, at a legible, fixed scale.

    The scale is ``unit_mm`` per board unit unless the drawing would then be
    wider than ``max_width`` (or the ``width`` the definition asks for) or
    taller than ``max_height``: with the defaults the same picture fits the
    text width of every paper size, so the booklet and the standalone SVG agree.
    The words drawn are in the languages of ``descriptions`` (its keys, "pt"
    and/or "en"), else in the language of ``language``; so are the hover
    texts of its parts (the ``<title>`` of a piece, a cell, a line), with the
    players and pieces named as ``terms`` (language -> front matter
    ``colours`` and ``pieces``) names them.
    """
    spec = checked.spec
    langs = tuple(descriptions) or (language.split("-")[0],)
    if spec.width:
        max_width = min(max_width, spec.width.value)
    view = spec.view is not None
    if view:
        unit_box = view_box(checked, Frame(1.0))
        scale = min(unit_mm, (max_width - 2 * PAD_MM) / (unit_box[2] - unit_box[0]), (max_height - 2 * PAD_MM) / (unit_box[3] - unit_box[1]))
    else:
        # Line widths do not grow with the scale, so shrink, measure again, until it fits.
        scale = unit_mm
        for _ in range(4):
            box = ink_bounds(Painter(checked, Frame(scale), langs).draw())
            assert box is not None
            factor = min(max_width / (box[2] - box[0] + 2 * PAD_MM), max_height / (box[3] - box[1] + 2 * PAD_MM))
            if factor >= 1:
                break
            scale *= factor * 0.995
    frame = Frame(scale)
    measured = Painter(checked, frame, langs)
    drawn = measured.draw()
    box = union([view_box(checked, frame), measured.throw_box]) if view else ink_bounds(drawn)
    assert box is not None
    shifted = frame.moved(PAD_MM - box[0], PAD_MM - box[1])
    content = _titled(Painter(checked, shifted, langs).draw(), {lang: (terms or {}).get(lang, (None, {})) for lang in langs}, checked.board.kind_words)
    width, height = box[2] - box[0] + 2 * PAD_MM, box[3] - box[1] + 2 * PAD_MM
    if view and measured.throw_box is not None:
        # The throw lies outside the view, where more of the board would show: the view is cut to its own box.
        seen = view_box(checked, frame)
        content = view_beside_throw(content, (seen[0] - box[0], seen[1] - box[1], seen[2] - box[0] + 2 * PAD_MM, seen[3] - box[1] + 2 * PAD_MM))
    elif view:
        content = clip(content, (0.0, 0.0, width, height))
        content.add(view_frame((0.0, 0.0, width, height)))
    title = " / ".join(descriptions[lang] for lang in descriptions)
    return Sheet(
        width=round(width, 3),
        height=round(height, 3),
        content=content,
        title=title,
        subject=f"{checked.game.title.get('en', checked.game.id)} diagram {spec.id}",
        description=f"{checked.game.id} position: {checked.final.to_text()}",
        language=language,
    )


def _titled(group: Group, terms: Mapping[str, Terms], kinds: KindWords) -> Group:
    """``group`` with the board code's English hover texts said in the languages of ``terms`` (a copy: board drawings may be shared);
    pieces the front matter does not name are named with the game's words for their kinds (``kinds``)."""
    title = group.title and (hover_title(group.title, group.role, terms, kinds) or group.title)
    copy = Group(group.role, title=title, clip=group.clip)
    for child in group.children:
        copy.add(_titled(child, terms, kinds) if isinstance(child, Group) else child)
    return copy


def unique_ids(svg: str, prefix: str) -> str:
    """Make the ids inside one SVG unique in a page holding several (hatch patterns)."""
    return re.sub(r'(id="|url\(#)(hatch\d+)', lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", svg)
