"""Laying a document out again from the first page a change of its text touches, not from page 1.

One job: keep what WeasyPrint needs to lay a document out again in part,
and use it.  WeasyPrint itself re-makes only the pages whose content
changed when a page counter was resolved late (``make_all_pages`` and its
``page_maker``: for each page, where it starts in the box tree and the
counters and page type at that point); the pagination repair's commonest
fix, a word kept whole across a page turn (:mod:`.words`), changes text
only, so the same mechanism serves it.  :func:`lay_out` makes the first
layout as ``weasyprint.HTML.render`` does, keeping the box tree, the
layout context and the pages before their margin boxes; :meth:`Layout.again`
edits the text boxes of the changed elements in that box tree as the same
edit of the parsed document would build them, marks the first page holding
one of those elements as changed, and lets WeasyPrint lay out from there:
each page re-made is compared with where the next page started before, and
the pages after the first one that starts at the same point, with the same
counters, are kept as they were.  A booklet's second layout then costs the
pages of one or two paragraphs instead of the whole document (issue 28).

A page is kept only when it starts at the same place in the box tree; a
place inside an edited paragraph is an offset into text that changed, so
the pages that start inside an edited element are always re-made (their
start is replaced by a mark equal to nothing).  Reorders of the document
(a diagram floated forward: :mod:`.floats`) change the tree's shape, and
classes change styles; for those, :meth:`Layout.again` answers None and the
repair parses and lays out the changed document whole, as before.

This reads WeasyPrint internals (``weasyprint.layout``'s ``page_maker``,
``make_all_pages``, ``initialize_page_maker``; ``Document._render`` calls
``layout_document``), pinned by the dependency on ``weasyprint<71``:
``tests/booklet/test_relayout.py`` lays the final HTML out with bare
WeasyPrint and compares every line of every page with the layout made in
part.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from boardgen.booklet.pagination.boxes import walk

TextEdit = tuple[Any, Callable[[str], str]]  # (element, how each of its own texts changes)


class _Changed:
    """Where a page that starts inside an edited element started: equal to nothing, so that page is always re-made."""

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return id(self)


@dataclass
class Layout:
    """One layout (``document``, a ``weasyprint.Document``) and what laying it out again in part needs.

    ``html`` is the parsed document (``weasyprint.HTML``); ``root_box`` the
    box tree built from it; ``context`` WeasyPrint's layout context, whose
    ``page_maker`` says where each page starts; ``raw`` each page box with
    its children before the margin boxes were added.
    """

    document: Any
    html: Any = None
    root_box: Any = None
    context: Any = None
    raw: list[tuple[Any, Any, Any]] = field(default_factory=list)
    pages_made: int = 0  # how many pages this layout made (the others it kept from the previous one)

    def again(self, edits: list[TextEdit]) -> Layout | None:
        """The layout after ``edits`` of the elements' own texts (already made in the parsed document), made in part; None if it cannot be.

        The edits are made to the box tree here, and this layout's pages are
        the previous ones (they are not to be used after this).
        """
        if self.context is None or not edits:
            return None
        elements = {id(element) for element, _ in edits}
        first = _first_pages(self.raw, elements)
        if len(first) != len(elements):
            return None  # an element laid out on no page: nothing to start from
        page_maker = self.context.page_maker
        for index in range(min(first.values()) + 1, len(page_maker)):
            resume_at, *rest = page_maker[index]
            if resume_at is not None and _passes_through(self.root_box, resume_at, elements):
                page_maker[index] = (_Changed(), *rest)
        for index in first.values():
            page_maker[index][-1]["content_changed"] = True
        edit_of = {id(element): edit for element, edit in edits}
        for box in walk(self.root_box):
            edit = edit_of.get(id(getattr(box, "element", None)))
            if edit is not None and isinstance(getattr(box, "text", None), str):
                box.text = edit(box.text)
        for page, children, root_children in self.raw:
            page.children = children
            children[0].children = root_children
        self.context.string_set.clear()  # the layout collects each page's strings again
        return _layout(self.html, self.document, self.root_box, self.context, [page for page, _, _ in self.raw])


def lay_out(source: Any, options: dict[str, Any]) -> Layout:
    """``source`` (a ``weasyprint.HTML``) laid out as ``source.render(**options)`` lays it out, keeping what :meth:`Layout.again` needs."""
    import weasyprint.document
    import weasyprint.layout

    kept: dict[str, Any] = {}
    real_layout = weasyprint.document.layout_document

    def keeping_layout(html: Any, root_box: Any, context: Any, *args: Any, **kwargs: Any) -> Any:
        kept.update(html=html, root_box=root_box, context=context)
        return real_layout(html, root_box, context, *args, **kwargs)

    made: list[tuple[Any, Any, Any]] = []
    with _replaced(weasyprint.document, "layout_document", keeping_layout), _keeping_pages(made):
        document = source.render(**options)
    if not kept:
        return Layout(document)
    return Layout(document, kept["html"], kept["root_box"], kept["context"], made, pages_made=len(document.pages))


def _layout(html: Any, previous: Any, root_box: Any, context: Any, pages: list[Any]) -> Layout:
    """WeasyPrint's ``layout_document`` run again on its own page maker, re-making only the pages marked changed."""
    import weasyprint.layout
    from weasyprint.document import Page

    made: list[tuple[Any, Any, Any]] = []
    remade = _Counting()
    with _replaced(weasyprint.layout, "initialize_page_maker", lambda context, root_box: None), _keeping_pages(made, pages, remade):
        page_boxes = [Page(page_box) for page_box in weasyprint.layout.layout_document(html, root_box, context)]
    document = previous.copy(page_boxes)  # the public copy: the same metadata, fetcher and fonts, whatever the version's fields
    document._html = html
    return Layout(document, html, root_box, context, made, pages_made=remade.count)


class _Counting:
    """How many pages ``remake_page`` made."""

    count = 0


@contextlib.contextmanager
def _keeping_pages(made: list[tuple[Any, Any, Any]], previous: list[Any] | None = None, remade: _Counting | None = None) -> Iterator[None]:
    """While WeasyPrint lays out: ``made`` is set to the pages of its last pass, before their margin boxes (:func:`_raw`).

    With ``previous``, its first pass starts from those pages (kept unless
    marked changed) instead of making every page.
    """
    import weasyprint.layout
    import weasyprint.layout.page

    real_make = weasyprint.layout.make_all_pages
    real_remake = weasyprint.layout.page.remake_page
    start = [previous] if previous is not None else []

    def making(context: Any, root_box: Any, html: Any, pages: list[Any]) -> list[Any]:
        pages_now = list(real_make(context, root_box, html, start.pop() if start else pages))
        made[:] = _raw(pages_now)  # now: the layout then gives each page its margin boxes in new lists
        return pages_now

    def remaking(*args: Any, **kwargs: Any) -> Any:
        if remade is not None:
            remade.count += 1
        return real_remake(*args, **kwargs)

    with _replaced(weasyprint.layout, "make_all_pages", making), _replaced(weasyprint.layout.page, "remake_page", remaking):
        yield


def _raw(pages: list[Any]) -> list[tuple[Any, Any, Any]]:
    """Each page box with its children as the page maker left them (the layout then adds the margin boxes in new lists)."""
    return [(page, page.children, page.children[0].children) for page in pages]


@contextlib.contextmanager
def _replaced(module: Any, name: str, value: Any) -> Iterator[None]:
    """``module.name`` is ``value`` for the duration (WeasyPrint looks its functions up by module-level name)."""
    real = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, real)


def _first_pages(raw: list[tuple[Any, Any, Any]], elements: set[int]) -> dict[int, int]:
    """``id`` of each of ``elements`` -> the index of the first page holding one of its boxes."""
    first: dict[int, int] = {}
    for index, (_, children, _) in enumerate(raw):
        for box in walk(children[0]):
            key = id(getattr(box, "element", None))
            if key in elements and key not in first:
                first[key] = index
    return first


def _passes_through(root_box: Any, resume_at: dict[Any, Any], elements: set[int]) -> bool:
    """Whether the place ``resume_at`` (a WeasyPrint skip stack from the root box) lies inside a box of one of ``elements``."""

    def inside(box: Any, stack: dict[Any, Any] | None) -> bool:
        children = getattr(box, "children", None)
        if not stack or children is None:
            return False
        for index, deeper in stack.items():
            if isinstance(index, int) and 0 <= index < len(children):
                child = children[index]
                if id(getattr(child, "element", None)) in elements or inside(child, deeper):
                    return True
        return False

    return inside(root_box, resume_at)
