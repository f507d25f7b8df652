"""Reading the site's pages back as a reader's program would: links, images, headings, ids, text.

The standard library's HTML parser, so the tests depend on nothing the site
does not; what it collects is what the accessibility and link tests look at.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

SOFT_HYPHEN = "\u00ad"
VOID = {"img", "meta", "link", "br", "hr", "input", "source", "wbr"}
INLINE = {"a", "strong", "em", "b", "i", "span", "code", "small", "abbr", "cite", "sup", "sub", "wbr"}


def plain(text: str) -> str:
    """Text as a reader sees it: no soft hyphens, every run of spaces (no-break ones too) one space."""
    return re.sub(r"\s+", " ", text.replace(SOFT_HYPHEN, "").replace("\u00a0", " ")).strip()


@dataclass
class Link:
    href: str
    text: str
    attrs: dict[str, str]


@dataclass
class Cell:
    """One cell of a table: ``th`` or ``td``, its attributes, its text and the links in it."""

    tag: str
    attrs: dict[str, str]
    text: str
    links: list[Link]


@dataclass
class Page:
    path: Path
    lang: str | None = None
    links: list[Link] = field(default_factory=list)
    images: list[dict[str, str]] = field(default_factory=list)
    stylesheets: list[str] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    figcaptions: list[str] = field(default_factory=list)
    tables: list[list[list[Cell]]] = field(default_factory=list)  # each table's rows (head and body), each row's cells
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.open: list[tuple[str, dict[str, str], list[str]]] = []  # tag, attrs, text gathered inside
        self.all_text: list[str] = []
        self.cell_links = 0  # how many links the page had when the open table cell started

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag not in INLINE:
            self.all_text.append(" ")
        if "id" in values:
            self.page.ids.append(values["id"])
        if tag == "html":
            self.page.lang = values.get("lang")
        elif tag == "img":
            self.page.images.append(values)
        elif tag == "link" and values.get("rel") == "stylesheet":
            self.page.stylesheets.append(values["href"])
        if tag == "table":
            self.page.tables.append([])
        elif tag == "tr" and self.page.tables:
            self.page.tables[-1].append([])
        elif tag in ("td", "th") and self.page.tables:
            self.cell_links = len(self.page.links)
        if tag not in VOID:
            self.open.append((tag, values, []))

    def handle_endtag(self, tag: str) -> None:
        if tag not in INLINE:
            self.all_text.append(" ")
        while self.open:
            name, values, parts = self.open.pop()
            text = plain("".join(parts))
            if self.open:
                self.open[-1][2].append("".join(parts))
            if name == "a" and "href" in values:
                self.page.links.append(Link(values["href"], text, values))
            elif re.fullmatch(r"h[1-6]", name):
                self.page.headings.append((int(name[1]), text))
            elif name == "figcaption":
                self.page.figcaptions.append(text)
            elif name in ("td", "th") and self.page.tables and self.page.tables[-1]:
                self.page.tables[-1][-1].append(Cell(name, values, text, self.page.links[self.cell_links :]))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)
        self.all_text.append(data)


def read_page(path: Path, start: str | None = None, end: str | None = None) -> Page:
    """The page at ``path``, or only the part of it from the first ``start`` to the next ``end`` (both kept)."""
    page = Page(path)
    reader = _Reader(page)
    html = path.read_text(encoding="utf-8")
    if start is not None:
        assert start in html, f"{path}: no {start!r}"
        html = html[html.index(start) :]
        if end is not None:
            html = html[: html.index(end) + len(end)]
    reader.feed(html)
    reader.close()
    page.text = plain("".join(reader.all_text))
    return page


def is_external(href: str) -> bool:
    return urlsplit(href).scheme in ("http", "https", "mailto", "data")


def target(page: Path, output: Path, href: str) -> tuple[str, str]:
    """(path relative to ``output``, fragment) that a relative ``href`` on ``page`` leads to."""
    parts = urlsplit(href)
    assert not parts.scheme and not parts.netloc, f"{page}: {href} is not a relative link"
    folder = posixpath.dirname(page.relative_to(output).as_posix())
    resolved = posixpath.normpath(posixpath.join(folder, unquote(parts.path))) if parts.path else page.relative_to(output).as_posix()
    return resolved, parts.fragment
