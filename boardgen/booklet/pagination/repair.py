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

Between two layouts the changed tree is written out as HTML
(:func:`html_of`) and WeasyPrint parses it again (its public
``weasyprint.HTML(string=...)``; 3 ms to write, 50 ms to parse a booklet),
rather than being told of the change through its internals; what the
passes remember is carried over to the new tree's elements
(:meth:`~boardgen.booklet.pagination.floats.Plans.remap`).  The HTML of the
layout kept is the booklet's *final HTML*: bare WeasyPrint on it gives the
same pages (``boardgen booklet --format html`` writes it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardgen.booklet.pagination.boxes import class_names, walk
from boardgen.booklet.pagination.faults import Faults, page_faults
from boardgen.booklet.pagination.floats import Plans, Reorder, fill_gaps
from boardgen.booklet.pagination.headings import TurnPage, turn_stranded_headings
from boardgen.booklet.pagination.relayout import Layout
from boardgen.booklet.pagination.words import KeepWordWhole, keep_words_whole
from boardgen.errors import BoardgenError

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


@dataclass
class Paginated:
    """The layout kept, the parsed document it was made from (a ``weasyprint.HTML``) and that document as HTML.

    ``layouts``: how many layouts the repair made; ``pages_made``: how many
    pages they laid out in all (a layout made in part counts its own).
    """

    document: Any
    source: Any
    html: str
    layouts: int = 1
    pages_made: int = 0
    stale: bool = False  # a later layout, made in part from this one, took its pages


def paginate(html: str, parse: Callable[[str], Any], layout: Callable[[Any], Layout]) -> Paginated:
    """``html`` parsed by ``parse`` and laid out by ``layout(source)``, its pages corrected.

    After each layout the pages are read (:func:`page_faults`); the parsed
    document is changed where they went wrong and laid out again: in part,
    from the first page the change touches, when the changes are words kept
    whole (:meth:`~boardgen.booklet.pagination.relayout.Layout.again`), else
    written out, parsed again and laid out whole.  The result is the first
    layout with no fault left, else the one with fewest.
    """
    source = parse(html)
    laid_out = layout(source)
    current = Paginated(laid_out.document, source, html, pages_made=laid_out.pages_made)
    if not _cover_fits(laid_out.document):
        return current  # boardgen.booklet.cover.fit_cover lays it out again with a smaller picture
    faults = page_faults(laid_out.document)
    best = (faults.count, current)
    plans = Plans()
    layouts, pages_made = 1, laid_out.pages_made
    for _ in range(MAX_LAYOUTS - 1):
        changes = plan_changes(faults, plans)
        if not apply_changes(changes):
            break
        html = html_of(source.etree_element)
        words = [change for change in changes if isinstance(change, KeepWordWhole)]
        again = laid_out.again([(word.element, word.edit_text) for word in words]) if len(words) == len(changes) else None
        if again is not None:
            current.stale = True  # its pages and parsed tree are the new layout's now
        else:
            changed_source = parse(html)
            plans.remap(same_elements(source.etree_element, changed_source.etree_element))
            source = changed_source
            again = layout(source)
        laid_out = again
        layouts, pages_made = layouts + 1, pages_made + again.pages_made
        current = Paginated(again.document, source, html, layouts, pages_made)
        faults = page_faults(again.document)
        if faults.count < best[0]:
            best = (faults.count, current)
    kept = current if faults.count <= best[0] else best[1]
    if kept.stale:  # an earlier layout was best, and a later one made in part took its pages: make it again
        source = parse(kept.html)
        laid_out = layout(source)
        kept = Paginated(laid_out.document, source, kept.html)
        layouts, pages_made = layouts + 1, pages_made + laid_out.pages_made
    kept.layouts, kept.pages_made = layouts, pages_made
    return kept


# What the HTML syntax writes differently from XML: elements with no end tag, and the two whose
# text is not escaped (in HTML only; inside SVG a <style> is ordinary text).
VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
RAW_TEXT = frozenset(("script", "style"))
ATTRIBUTE_PREFIXES = {"http://www.w3.org/1999/xlink": "xlink:", "http://www.w3.org/XML/1998/namespace": "xml:", "http://www.w3.org/2000/xmlns/": "xmlns:"}


def html_of(root: Any) -> str:
    """The parsed document ``root`` (WeasyPrint's tree: HTML elements without namespace) written out as HTML.

    Parsed again, it gives the same tree, text and tails included.  Elements
    of SVG (the board page of A4 and Letter booklets) are written by their
    local names, as in an HTML file: the parser puts what is inside
    ``<svg>`` back in SVG's namespace.
    """
    parts = ["<!DOCTYPE html>\n"]
    _write(root, parts, raw=False)
    return "".join(parts)


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attribute(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;")


def _local(name: str) -> str:
    """A qualified name as HTML writes it: its local part, or ``xlink:href`` for the attributes of the namespaces that keep a prefix."""
    if not name.startswith("{"):
        return name
    namespace, local = name[1:].split("}", 1)
    if local == "xmlns" and namespace == "http://www.w3.org/2000/xmlns/":
        return local  # the namespace declaration itself: xmlns="..."
    return ATTRIBUTE_PREFIXES.get(namespace, "") + local


def _write(element: Any, parts: list[str], raw: bool) -> None:
    if not isinstance(element.tag, str):  # a comment (the parser keeps no processing instructions)
        parts.append(f"<!--{element.text or ''}-->")
    else:
        foreign = element.tag.startswith("{")
        tag = _local(element.tag)
        parts.append("<" + tag + "".join(f' {_local(key)}="{_attribute(value)}"' for key, value in element.attrib.items()) + ">")
        if foreign or tag not in VOID:
            inner_raw = not foreign and tag in RAW_TEXT
            if element.text:
                parts.append(element.text if inner_raw else _text(element.text))
            for child in element:
                _write(child, parts, inner_raw)
            parts.append(f"</{tag}>")
    if element.tail:
        parts.append(element.tail if raw else _text(element.tail))


def same_elements(old: Any, new: Any) -> dict[int, int]:
    """``id`` of each element of the tree ``old`` -> ``id`` of the same element in ``new``, its copy parsed again."""
    before, after = list(old.iter()), list(new.iter())
    if len(before) != len(after) or any(a.tag != b.tag for a, b in zip(before, after)):
        raise BoardgenError("pagination: the booklet's HTML, written out and parsed again, is not the same tree")
    return {id(a): id(b) for a, b in zip(before, after)}


def _cover_fits(document: Any) -> bool:
    """False when a booklet's cover runs over page 1 (documents with no cover fit)."""
    from boardgen.booklet.cover import cover_overflow_mm

    pages = document.pages
    has_cover = bool(pages) and any("cover" in class_names(getattr(box, "element", None)) for box in walk(pages[0]._page_box.children[0]))
    return not has_cover or cover_overflow_mm(document) <= 0
