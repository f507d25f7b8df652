"""The booklet PDF's structure tree, finished where WeasyPrint leaves it short of PDF/UA-1.

WeasyPrint's ``pdf/ua-1`` variant builds the structure tree from the laid-out
boxes.  Four things a screen reader (and a PDF/UA checker) needs are missing
from it, and WeasyPrint has no option or HTML/CSS pattern that gives them
(read in its ``weasyprint/pdf/tags.py``, version 70, and its issue tracker:
margin artifacts and nested links are open issues there):

* **Languages.**  Only the document's language is written (the catalog's
  ``/Lang``, from ``<html lang>``); a ``lang`` attribute further down is
  ignored, so the English column of a bilingual booklet would be read out
  with Portuguese pronunciation.  Every structure element made for an HTML
  element whose ``lang`` differs from the language around it gets ``/Lang``.
* **Links.**  Every box inside an ``<a>`` gets a link annotation of its own
  (six overlapping ones for a line of the table of contents), and their
  object references (OBJR) land under ``/Span`` and nested ``/Link``
  elements.  PDF/UA wants each link annotation referenced from the ``/Link``
  element that holds the link's text.  The annotations covered by another one
  of the same link are dropped, the others are referenced from the outermost
  ``/Link`` element, and the nested ``/Link`` elements become ``/Span``.
* **Running heads and page numbers.**  The page-margin boxes are drawn as
  tagged content whose structure elements are left out of the tree (PDF 1.7
  has no artifact element).  PDF/UA wants them to be artifacts in the content
  stream: the marked content whose parent element the tree does not reach is
  rewritten as ``/Artifact <</Type /Pagination>> BDC``.
* **Label-value table rows.**  In a row of ``<th scope="row">label</th>
  <td>value</td>`` pairs (the cover's facts) WeasyPrint gives every header of
  the row to every data cell; each data cell gets the header just before it.

The work is done on WeasyPrint's own PDF objects (pydyf, a declared
dependency), after it has built the tree and before it writes the file, by
wrapping one of its functions for the duration of one :func:`pdf_ua_tagging`
block: ``weasyprint.pdf.add_tags``, a public name.  No private name of
WeasyPrint is imported or replaced (``tests/test_private_imports.py``).
Three of its internals are read, because WeasyPrint offers no public way to
them: the arguments ``add_tags(pdf, document, pdf_version, page_streams)``,
the marked runs each page stream drew (``Stream._tags``: box -> MCID, read
before ``add_tags`` consumes them) and, in the pagination repair,
``Page._page_box``.  ``tests/booklet/test_weasyprint_internals.py`` fails
naming the one that changed when a WeasyPrint upgrade changes it.  Fixing
the written file with pypdf instead would have needed no wrapping, but pypdf
cannot write object streams and the booklets came out 2.4 times as large.
Nothing here depends on time or memory addresses: the same booklet gives the
same bytes.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from boardgen.errors import BoardgenError

# One document at a time may be written with WeasyPrint's functions wrapped (a library user may typeset from threads).
_HOOK_LOCK = threading.Lock()


INTERNALS = "weasyprint.pdf.add_tags(pdf, document, pdf_version, page_streams) and the page streams' marked runs (Stream._tags)"


@contextlib.contextmanager
def pdf_ua_tagging(document_language: str | None, root: Any = None) -> Iterator[None]:
    """While in effect, WeasyPrint's tagged PDFs get the fixes of this module.

    ``root`` is the document's HTML tree (its ``<html>`` element), whose
    ``lang`` attributes say the language of every run of text; without it,
    only the document's language is written.
    """
    import weasyprint
    import weasyprint.pdf as weasy_pdf

    add_tags = getattr(weasy_pdf, "add_tags", None)
    if add_tags is None:
        raise BoardgenError(f"WeasyPrint {weasyprint.__version__} does not build its structure tree the way boardgen knows ({INTERNALS}): boardgen is tested with WeasyPrint 70")
    in_force = languages_in_force(root, document_language) if root is not None else {}

    def tagged(pdf: Any, document: Any, *args: Any) -> None:
        page_streams = args[-1]
        languages = run_languages(page_streams, in_force)  # before add_tags takes the runs off the streams
        add_tags(pdf, document, *args)
        finish_structure(pdf, page_streams=page_streams, languages=languages, document_language=document_language)

    with _HOOK_LOCK:
        weasy_pdf.add_tags = tagged
        try:
            yield
        finally:
            weasy_pdf.add_tags = add_tags


def _pydyf() -> Any:
    """WeasyPrint's PDF object library (imported only when a booklet is written)."""
    import pydyf  # type: ignore[import-untyped]

    return pydyf


# -- languages ----------------------------------------------------------------------------------


def languages_in_force(root: Any, document_language: str | None) -> dict[int, str]:
    """The language in force at every element of the HTML tree under ``root``, by ``id`` of the element.

    An element's own ``lang`` attribute, else its parent's language, down
    from the document's.
    """
    found: dict[int, str] = {}
    pending = [(root, document_language or "")]
    while pending:
        element, around = pending.pop()
        lang = element.get("lang") if hasattr(element, "get") else None
        here = str(lang) if lang else around
        found[id(element)] = here
        pending.extend((child, here) for child in element if isinstance(child.tag, str))
    return found


def run_languages(page_streams: list[Any], in_force: dict[int, str]) -> list[dict[int, str]]:
    """For each page, the language of each marked run (MCID) it drew: the language of the HTML element the run's box was made for.

    Read from the page streams' record of their marked runs (box -> MCID),
    which WeasyPrint keeps until ``add_tags`` takes them; the runs of a box
    made for no element (a page margin's) are left out.
    """
    pages: list[dict[int, str]] = []
    for stream in page_streams:
        runs = getattr(stream, "_tags", None)
        if not isinstance(runs, dict):
            raise BoardgenError(f"tagging: WeasyPrint's page streams no longer record their marked runs ({INTERNALS}): boardgen is tested with WeasyPrint 70")
        page: dict[int, str] = {}
        for box, run in runs.items():
            element = getattr(box, "element", None)
            if element is not None and id(element) in in_force:
                page[int(run["mcid"])] = in_force[id(element)]
        pages.append(page)
    return pages


def _mark_languages(objects: "_Objects", tree: "_Tree", languages: list[dict[int, str]], document_language: str | None) -> None:
    """Write ``/Lang`` on the highest elements whose runs are all in another language than the one around them.

    The runs (MCIDs) of an element are on its page (``/Pg``); an element
    whose runs are all in one language that differs from the language in
    force around it (the document's at the top) gets ``/Lang``, and its
    descendants inherit it; an element mixing languages gets none, and its
    children are looked at in turn.  So a reader switches language exactly
    where the HTML does: an English column, heading, caption.
    """
    pydyf = _pydyf()
    page_index = {reference: index for index, reference in enumerate(objects.pdf.page_references)}
    below: dict[int, set[str]] = {}

    def collect(element: Any) -> set[str]:
        page = languages[page_index[element["Pg"]]] if element.get("Pg") in page_index and page_index[element["Pg"]] < len(languages) else {}
        found: set[str] = set()
        for kid in tree.kids(element):
            if isinstance(kid, int) and kid in page:
                found.add(page[kid])
            elif is_element(kid):
                found |= collect(kid)
        below[id(element)] = found
        return found

    top = [kid for kid in tree.kids(tree.root) if is_element(kid)]
    for element in top:
        collect(element)
    pending = [(element, (document_language or "").casefold()) for element in top]
    while pending:
        element, around = pending.pop()
        found = below.get(id(element), set())
        if len({lang.casefold() for lang in found}) == 1:
            lang = min(found)
            if lang.casefold() != around:
                element["Lang"] = pydyf.String(lang)
            continue  # every run below is in this language: nothing further down changes it
        pending.extend((kid, around) for kid in tree.kids(element) if is_element(kid))


# -- the tree as WeasyPrint built it ------------------------------------------------------------


class _Objects:
    """WeasyPrint's PDF objects, with references (``b"12 0 R"``) resolved to them."""

    def __init__(self, pdf: Any) -> None:
        self.pdf = pdf

    def get(self, reference: Any) -> Any:
        if isinstance(reference, bytes) and reference.endswith(b" R"):
            return self.pdf.objects[int(reference.split()[0])]
        return reference

    def pages(self) -> list[Any]:
        return [self.get(reference) for reference in self.pdf.page_references]


def is_element(node: Any) -> bool:
    return isinstance(node, dict) and node.get("Type") == "/StructElem"


def is_objr(node: Any) -> bool:
    return isinstance(node, dict) and node.get("Type") == "/OBJR"


class _Tree:
    """The structure tree: every element the root reaches, depth first, with its parent."""

    def __init__(self, objects: _Objects, root: Any) -> None:
        self.objects = objects
        self.root = root
        self.parent: dict[int, Any] = {}
        self.elements: list[Any] = []
        pending = [(root, kid) for kid in reversed(self.kids(root))]
        while pending:
            parent, node = pending.pop()
            if is_element(node):
                self.parent[id(node)] = parent
                self.elements.append(node)
                pending.extend((node, kid) for kid in reversed(self.kids(node)))
        self.reached = {element.number for element in self.elements}

    def kids(self, node: Any) -> list[Any]:
        k = node.get("K")
        return [self.objects.get(item) for item in (k if isinstance(k, list) else [] if k is None else [k])]

    def ancestors(self, element: Any) -> Iterator[Any]:
        node = self.parent.get(id(element))
        while is_element(node):
            yield node
            node = self.parent.get(id(node))


def finish_structure(pdf: Any, page_streams: list[Any], languages: list[dict[int, str]] | None = None, document_language: str | None = None) -> None:
    """Fix the tree WeasyPrint built in ``pdf`` (its pydyf document), before it is written.

    ``languages``: for each page, the language of each marked run
    (:func:`run_languages`); ``document_language``: the catalog's.
    """
    objects = _Objects(pdf)
    if "StructTreeRoot" not in pdf.catalog:
        return
    root = objects.get(pdf.catalog["StructTreeRoot"])
    tree = _Tree(objects, root)
    nums = objects.get(root["ParentTree"])["Nums"]
    if languages:
        _mark_languages(objects, tree, languages, document_language)
    _margins_as_artifacts(objects, tree, nums, page_streams)
    _one_link_element_per_link(objects, tree, nums)
    _pair_labels_with_values(tree)
    for node in pdf.objects:  # the margins' elements and their parents, which the tree never reached
        if is_element(node) and node.number not in tree.reached:
            _forget(node)


def _forget(node: Any) -> None:
    """Empty an object nothing refers to any more (pydyf writes every object it was given, and cannot free one)."""
    node.clear()


# -- running heads and page numbers -------------------------------------------------------------


def _margins_as_artifacts(objects: _Objects, tree: _Tree, nums: list[Any], page_streams: list[Any]) -> None:
    """Make the marked content the tree does not reach (the page margins' text) pagination artifacts."""
    for index in range(0, len(nums), 2):
        key, parents = nums[index], nums[index + 1]
        if not isinstance(parents, list) or not 0 <= key < len(page_streams):
            continue
        orphans = {mcid for mcid, reference in enumerate(parents) if is_element(objects.get(reference)) and objects.get(reference).number not in tree.reached}
        if not orphans:
            continue
        _artifacts_in_streams(objects, page_streams[key], orphans)
        for mcid in orphans:
            parents[mcid] = "null"
        while parents and parents[-1] == "null":
            parents.pop()


def _artifacts_in_streams(objects: _Objects, page_stream: Any, mcids: set[int]) -> None:
    """Rewrite the runs ``mcids`` of a page (its stream and the groups drawn from it) as artifacts."""
    pydyf = _pydyf()

    streams = [page_stream] + [o for o in objects.pdf.objects if o is not page_stream and getattr(o, "_tags", None) is getattr(page_stream, "_tags", ())]
    found = set()
    for stream in streams:
        items = stream.stream
        for i in range(1, len(items) - 1):
            properties = items[i]
            if isinstance(properties, dict) and properties.get("MCID") in mcids and items[i + 1] == b"BDC" and str(items[i - 1]).startswith("/"):
                found.add(properties["MCID"])
                items[i - 1] = "/Artifact"
                items[i] = pydyf.Dictionary({"Type": "/Pagination"})
    if found != mcids:
        raise BoardgenError(f"tagging: the marked content {sorted(mcids - found)} of a page margin was not found in the page's content")


# -- links --------------------------------------------------------------------------------------


def _rect(annotation: Any) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = (float(v) for v in annotation["Rect"])
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _target(annotation: Any) -> bytes:
    """Where a link leads, comparable between annotations."""
    if "Dest" in annotation:
        return b"dest " + annotation["Dest"].data
    action = annotation.get("A")
    return b"uri " + action["URI"].data if isinstance(action, dict) and "URI" in action else b"none"


def _covers(outer: tuple[float, ...], inner: tuple[float, ...], slack: float = 0.01) -> bool:
    return outer[0] - slack <= inner[0] and outer[1] - slack <= inner[1] and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack


def _needed(annotations: list[Any]) -> list[Any]:
    """The annotations no other one of the same target covers (of two equal ones, the first stays)."""
    kept = []
    for i, annotation in enumerate(annotations):
        rect, target = _rect(annotation), _target(annotation)
        covered = any(
            j != i and _target(other) == target and _covers(_rect(other), rect) and (not _covers(rect, _rect(other)) or j < i)
            for j, other in enumerate(annotations)
        )
        if not covered:
            kept.append(annotation)
    return kept


def _objrs_below(tree: _Tree, element: Any) -> list[tuple[Any, Any]]:
    """(holder, OBJR) for every object reference in ``element`` and its descendants, in reading order."""
    found = []
    for kid in tree.kids(element):
        if is_objr(kid):
            found.append((element, kid))
        elif is_element(kid):
            found.extend(_objrs_below(tree, kid))
    return found


def _one_link_element_per_link(objects: _Objects, tree: _Tree, nums: list[Any]) -> None:
    """Reference each link's annotations from its outermost ``/Link`` element; drop the redundant ones."""
    outermost: list[Any] = []
    nested: list[Any] = []
    for element in (e for e in tree.elements if e.get("S") == "/Link"):
        (nested if any(a.get("S") == "/Link" for a in tree.ancestors(element)) else outermost).append(element)
    for element in nested:  # a part of a link's text (a pseudo-element: the leader and page of a contents line)
        element["S"] = "/Span"
    placed: dict[int, Any] = {}  # annotation object number -> the Link element it now belongs to
    dropped: list[Any] = []
    for link in outermost:
        annotations: dict[int, tuple[Any, Any]] = {}  # number -> (annotation, its first OBJR)
        found = _objrs_below(tree, link)
        for holder, objr in found:
            annotation = objects.get(objr["Obj"])
            annotations.setdefault(annotation.number, (annotation, objr))
            holder["K"][:] = [kid for kid in holder["K"] if objects.get(kid) is not objr]
        kept = {annotation.number for annotation in _needed([annotation for annotation, _ in annotations.values()])}
        reused = [objr for number, (_, objr) in annotations.items() if number in kept]
        link["K"][0:0] = [objr.reference for objr in reused]
        placed.update((number, link) for number in kept)
        dropped.extend(annotation for number, (annotation, _) in annotations.items() if number not in kept)
        for _, objr in found:
            if all(objr is not r for r in reused):
                _forget(objr)
    for page in objects.pages():
        for reference in page.get("Annots", []):
            annotation = objects.get(reference)
            if annotation.get("Subtype") == "/Link" and annotation.number not in placed and all(annotation is not d for d in dropped):
                raise BoardgenError(f"tagging: a link annotation ({_target(annotation).decode(errors='replace')}) is not inside any Link element")
    _point_annotations_at(objects, nums, placed, dropped)


def _point_annotations_at(objects: _Objects, nums: list[Any], placed: dict[int, Any], dropped: list[Any]) -> None:
    """Parent-tree entries: each kept annotation's names its Link element; the dropped ones' are removed."""
    gone = {annotation.number for annotation in dropped}
    keys = {int(objects.pdf.objects[number]["StructParent"]): link for number, link in placed.items()}
    dropped_keys = {int(annotation["StructParent"]) for annotation in dropped if "StructParent" in annotation}
    entries: list[Any] = []
    for index in range(0, len(nums), 2):
        key, value = nums[index], nums[index + 1]
        if key in dropped_keys:
            continue
        entries.extend((key, keys[key].reference if key in keys else value))
    nums[:] = entries
    for page in objects.pages():
        if "Annots" in page:
            page["Annots"][:] = [reference for reference in page["Annots"] if objects.get(reference).number not in gone]
            if not page["Annots"]:
                del page["Annots"]
    for annotation in dropped:
        _forget(annotation)


# -- label-value rows -----------------------------------------------------------------------------


def _pair_labels_with_values(tree: _Tree) -> None:
    """In a row that holds header and data cells, each data cell is described by the header cell just before it."""
    pydyf = _pydyf()

    for row in (e for e in tree.elements if e.get("S") == "/TR"):
        cells = [kid for kid in tree.kids(row) if is_element(kid) and kid.get("S") in ("/TH", "/TD")]
        headers = [cell for cell in cells if cell["S"] == "/TH" and "ID" in cell]
        if not headers or len(headers) == len(cells):
            continue
        in_row = {header["ID"].data for header in headers}
        label = None
        for cell in cells:
            attributes = cell.setdefault("A", pydyf.Dictionary({"O": "/Table"}))
            if cell["S"] == "/TH":
                label = cell
                attributes["Scope"] = "/Row"
                continue
            others = [h for h in attributes.get("Headers", []) if h.data not in in_row]
            attributes["Headers"] = pydyf.Array(([label["ID"]] if label is not None and "ID" in label else []) + others)
