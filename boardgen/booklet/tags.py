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

The work is done on WeasyPrint's own PDF objects (pydyf), after it has built
the tree and before it writes the file, by wrapping two of its functions for
the duration of one :func:`pdf_ua_tagging` block: ``weasyprint.pdf.add_tags``
and, for the languages, ``weasyprint.pdf.tags._build_box_tree``.  Fixing the
written file with pypdf instead would have needed no wrapping, but pypdf
cannot write object streams and the booklets came out 2.4 times as large.
Nothing here depends on time or memory addresses: the same booklet gives the
same bytes.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

from boardgen.errors import BoardgenError

# One document at a time may be written with WeasyPrint's functions wrapped (a library user may typeset from threads).
_HOOK_LOCK = threading.Lock()


@contextlib.contextmanager
def pdf_ua_tagging(document_language: str | None) -> Iterator[None]:
    """While in effect, WeasyPrint's tagged PDFs get the fixes of this module."""
    import weasyprint
    import weasyprint.pdf as weasy_pdf
    from weasyprint.pdf import tags as weasy_tags

    add_tags = getattr(weasy_pdf, "add_tags", None)
    build_box_tree = getattr(weasy_tags, "_build_box_tree", None)
    if add_tags is None or build_box_tree is None:
        raise BoardgenError(f"WeasyPrint {weasyprint.__version__} does not build its structure tree the way boardgen knows (weasyprint.pdf.add_tags, weasyprint.pdf.tags._build_box_tree): boardgen needs WeasyPrint 66 or later")

    def tagged(pdf: Any, *args: Any) -> None:
        add_tags(pdf, *args)
        finish_structure(pdf, page_streams=args[-1])

    with _HOOK_LOCK:
        weasy_tags._build_box_tree = _with_languages(build_box_tree, document_language)
        weasy_pdf.add_tags = tagged
        try:
            yield
        finally:
            weasy_pdf.add_tags = add_tags
            weasy_tags._build_box_tree = build_box_tree


def _pydyf() -> Any:
    """WeasyPrint's PDF object library (imported only when a booklet is written)."""
    import pydyf  # type: ignore[import-untyped]

    return pydyf


# -- languages ----------------------------------------------------------------------------------


def _declared_language(box: Any) -> str | None:
    """The ``lang`` attribute of the HTML element a box was made for, if it has one."""
    element = getattr(box, "element", None)
    lang = element.get("lang") if element is not None and hasattr(element, "get") else None
    return str(lang) if lang else None


def _with_languages(build_box_tree: Callable[..., Iterator[Any]], document_language: str | None) -> Callable[..., Iterator[Any]]:
    """WeasyPrint's ``_build_box_tree`` writing ``/Lang`` on the elements whose language changes.

    ``_build_box_tree(box, parent, ...)`` is a generator called once per box,
    recursively, that yields the elements it made for the box.  The language
    in force is kept on a stack (starting with the document's, which the
    catalog carries), and ``/Lang`` is written only where an element declares
    another one, so a reader switches language exactly where the HTML does.
    """
    pydyf = _pydyf()

    in_force = [(document_language or "").casefold()]

    def build(box: Any, parent: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        own = _declared_language(box)
        changes = own is not None and own.casefold() != in_force[-1]
        in_force.append(own.casefold() if own is not None else in_force[-1])
        try:
            for element in build_box_tree(box, parent, *args, **kwargs):
                if changes:
                    element["Lang"] = pydyf.String(own)
                yield element
        finally:
            in_force.pop()

    return build


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


def finish_structure(pdf: Any, page_streams: list[Any]) -> None:
    """Fix the tree WeasyPrint built in ``pdf`` (its pydyf document), before it is written."""
    objects = _Objects(pdf)
    if "StructTreeRoot" not in pdf.catalog:
        return
    root = objects.get(pdf.catalog["StructTreeRoot"])
    tree = _Tree(objects, root)
    nums = objects.get(root["ParentTree"])["Nums"]
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
