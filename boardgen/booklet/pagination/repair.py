"""The pagination repair loop: lay out, read the pages, plan the changes, make them, lay out again.

One job: drive the passes a typesetter makes over the pages.  WeasyPrint
breaks pages once, in order; :func:`paginate` lays the document out, reads
the pages into their model (:func:`~boardgen.booklet.pagination.faults.page_faults`),
plans the changes that correct them (:func:`plan_changes`), makes them in the
parsed document (:func:`apply_changes`) and lays it out again, until no page
is wrong or :data:`MAX_LAYOUTS` is reached.  Every change is made to the
parsed document itself (the same elements from one layout to the next), so
the decisions of earlier passes stay made.

The interface between the model and the fixes is the one issue 28 builds
on: :func:`plan_changes` takes one layout's page model (a
:class:`~boardgen.booklet.pagination.faults.Faults`, and what the passes
remember, :class:`~boardgen.booklet.pagination.floats.Plans`) and returns
the changes, without touching the document or laying anything out;
:func:`apply_changes` makes them.  This loop is apart from both so that how
often the document is laid out is decided in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgen.booklet.pagination.boxes import class_names, walk
from boardgen.booklet.pagination.faults import Faults, page_faults
from boardgen.booklet.pagination.floats import Plans, Reorder, fill_gaps
from boardgen.booklet.pagination.headings import TurnPage, turn_stranded_headings
from boardgen.booklet.pagination.words import KeepWordWhole, keep_words_whole

MAX_LAYOUTS = 9  # the first layout and at most eight passes; each costs one WeasyPrint layout

Change = Reorder | KeepWordWhole | TurnPage  # each has apply() -> how much of the document it changed


def plan_changes(faults: Faults, plans: Plans) -> list[Change]:
    """The changes that correct the pages of one layout, in the order they are to be made.

    The diagrams' moves first (:func:`~boardgen.booklet.pagination.floats.fill_gaps`,
    which records them in ``plans``), then the words kept whole across a page
    turn, then the stranded headings sent to the next page.  The document is
    not changed.
    """
    return [*fill_gaps(faults, plans), *keep_words_whole(faults), *turn_stranded_headings(faults)]


def apply_changes(changes: list[Change]) -> int:
    """Make ``changes`` in the parsed document, in order; how much changed (0: the document is as it was)."""
    return sum(change.apply() for change in changes)


def paginate(source: Any, layout: Callable[[], Any]) -> Any:
    """The document laid out by ``layout()`` (from ``source``, a ``weasyprint.HTML``), its pages corrected.

    After each layout the pages are read (:func:`page_faults`); the parsed
    document is changed where they went wrong and laid out again.  The result
    is the first layout with no fault left, else the one with fewest.
    """
    document = layout()
    if not _cover_fits(document):
        return document  # boardgen.booklet.cover.fit_cover lays it out again with a smaller picture
    faults = page_faults(document)
    best = (faults.count, document)
    plans = Plans()
    for _ in range(MAX_LAYOUTS - 1):
        changed = apply_changes(plan_changes(faults, plans))
        if not changed:
            break
        _reparsed(source)
        document = layout()
        faults = page_faults(document)
        if faults.count < best[0]:
            best = (faults.count, document)
    return document if faults.count <= best[0] else best[1]


def _cover_fits(document: Any) -> bool:
    """False when a booklet's cover runs over page 1 (documents with no cover fit)."""
    from boardgen.booklet.cover import cover_overflow_mm

    pages = document.pages
    has_cover = bool(pages) and any("cover" in class_names(getattr(box, "element", None)) for box in walk(pages[0]._page_box.children[0]))
    return not has_cover or cover_overflow_mm(document) <= 0


def _reparsed(source: Any) -> None:
    """Let WeasyPrint see the changed tree: a new element wrapper (the old one caches the children it saw)."""
    import cssselect2  # type: ignore[import-untyped]

    source.wrapper_element = cssselect2.ElementWrapper.from_html_root(source.etree_element, content_language=None)
