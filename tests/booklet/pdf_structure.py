"""Reading a tagged PDF the way a screen reader does: the structure tree, the marked runs of each page, their language.

Shared by the tests of booklet tags and of imposed booklets; only pypdf, no boardgen code.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader


def resolve(node: Any) -> Any:
    return node.get_object() if hasattr(node, "get_object") else node


def kids(node: Any) -> list[Any]:
    k = node.get("/K")
    if k is None:
        return []
    k = resolve(k)
    return [resolve(item) for item in (k if isinstance(k, list) else [k])]


def is_element(node: Any) -> bool:
    return hasattr(node, "get") and "/S" in node and node.get("/Type") not in ("/OBJR", "/MCR")


def elements(reader: PdfReader) -> Iterator[tuple[Any, Any]]:
    """(element, parent) for every structure element the root reaches, depth first."""
    root = resolve(reader.trailer["/Root"]["/StructTreeRoot"])
    pending = [(kid, root) for kid in reversed(kids(root))]
    while pending:
        node, parent = pending.pop()
        if is_element(node):
            yield node, parent
            pending.extend((kid, node) for kid in reversed(kids(node)))


def parent_tree(reader: PdfReader) -> dict[int, Any]:
    root = resolve(reader.trailer["/Root"]["/StructTreeRoot"])
    nums = resolve(root["/ParentTree"])["/Nums"]
    return {int(nums[i]): resolve(nums[i + 1]) for i in range(0, len(nums), 2)}


def mcids_below(node: Any) -> list[int]:
    found = []
    for kid in kids(node):
        if isinstance(kid, int):
            found.append(kid)
        elif is_element(kid):
            found.extend(mcids_below(kid))
    return found


def language_of(element: Any, reader: PdfReader) -> str:
    """The language in force for an element: its own /Lang or its nearest ancestor's, else the document's."""
    node = element
    while is_element(node):
        if "/Lang" in node:
            return str(node["/Lang"])
        node = resolve(node.get("/P"))
    return str(reader.trailer["/Root"]["/Lang"])


@dataclass
class Run:
    """A marked-content run of a page: its MCID (None in an artifact) and the text drawn in it."""

    mcid: int | None
    artifact: bool
    text: str


def runs(page: Any) -> list[Run]:
    """The page's text, run by run, as its content stream marks it (BDC/BMC ... EMC); nested in an artifact is artifact."""
    found: list[Run] = []
    open_runs: list[int] = []  # indexes into found

    def before(operator: bytes, operands: list[Any], cm: Any, tm: Any) -> None:
        if operator in (b"BDC", b"BMC"):
            properties = resolve(operands[1]) if operator == b"BDC" else None
            mcid = int(properties["/MCID"]) if hasattr(properties, "get") and "/MCID" in properties else None
            artifact = operands[0] == "/Artifact" or any(found[i].artifact for i in open_runs)
            found.append(Run(None if artifact else mcid, artifact, ""))
            open_runs.append(len(found) - 1)
        elif operator == b"EMC" and open_runs:
            open_runs.pop()

    def text(value: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if value.strip() and open_runs:
            found[open_runs[-1]].text += value

    page.extract_text(visitor_operand_before=before, visitor_text=text)
    return found
