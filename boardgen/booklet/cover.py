"""The cover: its picture, and keeping the whole cover on page 1.

The cover holds the title, the subtitles, a picture of the board (or the
``cover`` diagram), the facts (players, time, ages) and the box with the rules
described.  Everything but the picture has the height its text needs, which
depends on the language(s), the paper and the front matter; the picture is
what gives way.  It starts at :data:`COVER_SHARE` of the page height and,
when the laid-out cover runs onto a second page, it is drawn again smaller by
exactly the height that overflowed (measured on WeasyPrint's boxes), until the
cover fits.  The picture keeps its proportions, so a tall board gets narrower
too.  The rules box is never split (``break-inside: avoid``), so a cover that
still does not fit is noticed, not printed in two halves.
"""

from __future__ import annotations

from collections.abc import Callable

from boardgen.errors import BoardgenError

COVER_SHARE = 0.42  # the picture's largest height, as a share of the page height (of the page A4 and Letter share, for them)
MIN_PICTURE_MM = 30.0  # below this the board is no longer worth showing: the text is too long
PX_MM = 25.4 / 96  # WeasyPrint lays out in CSS pixels
MAX_ATTEMPTS = 6


def _class_of(box) -> str:
    element = getattr(box, "element", None)
    return (element.get("class") or "") if element is not None else ""


def _find(box, css_class: str):
    """The first box (depth first) whose element carries ``css_class``."""
    if css_class in _class_of(box).split():
        return box
    for child in getattr(box, "children", ()):
        found = _find(child, css_class)
        if found is not None:
            return found
    return None


def cover_overflow_mm(document) -> float:
    """How much taller the cover is than page 1 can hold (0 when it fits on page 1).

    The cover's boxes that landed on later pages are the overflow; the white
    space left at the foot of page 1 (when a box that may not be split moved
    on whole) is subtracted, since shrinking the picture makes room there too.
    """
    pages = document.pages
    if not pages:
        return 0.0
    first = _find(pages[0]._page_box, "cover")
    if first is None:
        raise BoardgenError("typesetting: the booklet has no cover section")
    spilled = 0.0
    for page in pages[1:]:
        rest = _find(page._page_box, "cover")
        if rest is None:
            break
        spilled += rest.margin_height()
    if spilled <= 0:
        return 0.0
    page_box = pages[0]._page_box
    content_bottom = page_box.content_box_y() + page_box.height
    children = [c for c in first.children if c.margin_height() > 0]
    last_bottom = max((c.position_y + c.margin_height() for c in children), default=first.position_y)
    free = max(0.0, content_bottom - last_bottom)
    return max(0.0, spilled - free) * PX_MM


def picture_height_mm(document) -> float:
    """The height of the cover picture as laid out on page 1."""
    picture = _find(document.pages[0]._page_box, "cover-picture")
    if picture is None:
        raise BoardgenError("typesetting: the cover has no picture")
    return picture.height * PX_MM


def fit_cover(layout: Callable[[float], object], page_height_mm: float):
    """Lay the booklet out with a cover picture small enough for the cover to stay on page 1.

    ``layout(max_height_mm)`` lays out the document (the whole booklet, or
    only its cover) with the picture at most that tall; the first layout whose
    cover fits on one page is returned with the height used, as
    ``(document, max_height_mm)``.  Usually the first attempt fits and costs
    nothing extra.
    """
    height = page_height_mm * COVER_SHARE
    for _ in range(MAX_ATTEMPTS):
        document = layout(height)
        overflow = cover_overflow_mm(document)
        if overflow <= 0:
            return document, height
        # 0.5 mm more, so that rounding in the layout does not need another attempt.
        height = min(height, picture_height_mm(document)) - overflow - 0.5
        if height < MIN_PICTURE_MM:
            break
    raise BoardgenError(
        "the cover does not fit on one page even with a small board picture; "
        "shorten the subtitles or the variant_note in the front matter"
    )
