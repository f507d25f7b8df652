"""The booklet as the HTML WeasyPrint typesets, written as a folder a browser opens (``boardgen booklet --format html``).

One job: turn the parsed document of a booklet's last layout -- the
pagination repair's changes made (a diagram moved, a heading sent to the
next page), so typesetting it again gives the same pages -- into files:

* ``index.html``: the document, its ``<style>`` replaced by a link to
  ``booklet.css``;
* ``booklet.css``: the stylesheet as the booklet hands it to WeasyPrint, its
  ``@font-face`` rules pointing at ``fonts/``;
* ``fonts/``: the bundled font files the stylesheet names;
* ``images/``: the diagrams and the cover picture (SVG images the document
  carries as ``data:`` URLs: one file each, so authors can open them), and the
  rule texts' own images, at the path the text gives them.

Every link is relative, so the folder works from ``file://`` and can be
moved; bare ``weasyprint.HTML(filename="FOLDER/index.html").write_pdf()``
lays out the same pages as the booklet (tests/booklet/test_html_folder.py).
The folder is made beside the target under a temporary name and renamed
into place, so a failure leaves no half-written folder; an existing target
is replaced only when it is empty or an earlier folder of this command.
"""

from __future__ import annotations

import html as html_lib
import os
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from boardgen.booklet.paths import fonts_dir
from boardgen.errors import BoardgenError, OptionError

if TYPE_CHECKING:
    from boardgen.booklet.build import BookletRequest
    from boardgen.booklet.check import GameSources

INDEX = "index.html"
STYLESHEET = "booklet.css"
FONTS = "fonts"
IMAGES = "images"
MARKER = '<meta name="generator" content="boardgen">'  # how an earlier folder of this command is known
SVG_NS = "{http://www.w3.org/2000/svg}"
NAMESPACES = {"http://www.w3.org/1999/xlink": "xlink", "http://www.w3.org/XML/1998/namespace": "xml", "http://www.w3.org/2000/xmlns/": "xmlns"}
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
RAW_TEXT = frozenset({"style", "script"})


def html_files(game: GameSources, request: BookletRequest) -> dict[str, bytes]:
    """The folder's files, by relative path ("/" separators): index.html, booklet.css, fonts/, images/."""
    from boardgen.booklet.build import booklet_document
    from boardgen.booklet.typeset import DIAGRAM_URL, DOCUMENT_BASE, diagram_bytes, laid_out_tree

    if request.impose_on:
        raise OptionError("--format", "html is the booklet's own pages; --impose lays out the PDF's pages on sheets, so it needs --format pdf")
    root = laid_out_tree(booklet_document(game, request))
    files: dict[str, bytes] = {}
    fonts = fonts_dir().resolve()
    for style in root.iter("style"):
        css = style.text or ""
        for font in sorted(fonts.iterdir()):
            if font.as_uri() in css:
                css = css.replace(font.as_uri(), f"{FONTS}/{font.name}")
                files[f"{FONTS}/{font.name}"] = font.read_bytes()
        if "file:" in css:
            raise BoardgenError("the booklet's stylesheet names a file outside the bundled fonts: cannot write it as a folder")
        files[STYLESHEET] = (files.get(STYLESHEET, b"").decode("utf-8") + css).encode("utf-8")
    _link_stylesheet(root)
    drawings = 0
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        key = _image_link(element)
        url = element.get(key) if key else None
        if not url:
            continue
        if url.startswith(DIAGRAM_URL):
            drawings += 1
            name = f"{IMAGES}/drawing-{drawings:02d}.svg"
            files[name] = diagram_bytes(url)
        else:
            name = _game_image(game.folder, url, DOCUMENT_BASE)
            files[name] = (game.folder / name).read_bytes()
        element.set(key, name)
    files[INDEX] = serialize(root).encode("utf-8")
    return files


def _image_link(element: ET.Element) -> str | None:
    """The attribute by which an ``<img>`` or an SVG ``<image>`` names its picture, None for any other element."""
    if element.tag == "img":
        return "src"
    if element.tag == SVG_NS + "image":
        return next((key for key in ("{http://www.w3.org/1999/xlink}href", "href") if element.get(key)), None)
    return None


def _link_stylesheet(root: ET.Element) -> None:
    """Every ``<style>`` of the head replaced by one ``<link>`` to the stylesheet file, where the first stood."""
    head = root.find("head")
    styles = [element for element in root.iter("style")]
    for index, style in enumerate(styles):
        parent = head if head is not None and style in list(head) else next(p for p in root.iter() if style in list(p))
        position = list(parent).index(style)
        parent.remove(style)
        if index == 0:
            link = ET.Element("link", {"rel": "stylesheet", "href": STYLESHEET})
            link.tail = style.tail
            parent.insert(position, link)


def _game_image(folder: Path, url: str, document_base: str) -> str:
    """The relative path of a rule text's image (relative to its game folder), refused when it leaves the folder."""
    relative = url[len(document_base) :] if url.startswith(document_base) else url
    parts = urlsplit(relative)
    path = PurePosixPath(unquote(parts.path))
    if parts.scheme or parts.netloc or path.is_absolute() or ".." in path.parts or not (folder / path).is_file():
        raise BoardgenError(f"the booklet refers to {url}, which is not a file of {folder}: cannot write it as a folder")
    return str(path)


def serialize(root: ET.Element) -> str:
    """An HTML document from the element tree WeasyPrint parsed (tinyhtml5's: SVG elements in their namespace)."""
    out = ["<!DOCTYPE html>\n"]
    _write(root, out)
    return "".join(out) + "\n"


def _name(tag: str) -> str:
    return tag.rpartition("}")[2]


def _attribute(name: str) -> str:
    if name.startswith("{"):
        space, _, local = name[1:].partition("}")
        prefix = NAMESPACES.get(space)
        return f"{prefix}:{local}" if prefix and not (prefix == "xmlns" and local == "xmlns") else local
    return name


def _write(element: ET.Element, out: list[str]) -> None:
    if element.tag is ET.Comment:
        out.append(f"<!--{element.text or ''}-->")
    else:
        tag = _name(str(element.tag))
        svg = str(element.tag).startswith(SVG_NS)
        attributes = "".join(f' {_attribute(k)}="{html_lib.escape(v, quote=True)}"' for k, v in element.attrib.items())
        out.append(f"<{tag}{attributes}>")
        if element.text:
            out.append(element.text if tag in RAW_TEXT else html_lib.escape(element.text, quote=False))
        for child in element:
            _write(child, out)
        if svg or tag not in VOID:
            out.append(f"</{tag}>")
    if element.tail:
        out.append(html_lib.escape(element.tail, quote=False))


def write_html_folder(game: GameSources, request: BookletRequest, target: Path, option: str = "-o") -> Path:
    """Write the booklet's HTML folder at ``target``, whole or not at all; ``option`` names the target in errors."""
    check_folder_target(target, option)
    files = html_files(game, request)
    parent = target.parent if str(target.parent) else Path(".")
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    except OSError as exc:
        raise OptionError(option, f"cannot write in {parent}: {exc.strerror or exc}") from None
    try:
        for name, data in sorted(files.items()):
            path = work.joinpath(*name.split("/"))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        os.chmod(work, 0o755)
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=parent))
            os.rename(target, old / target.name)
            os.rename(work, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(work, target)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise OptionError(option, f"cannot write the folder {target}: {exc.strerror or exc}") from None
    return target


def check_folder_target(target: Path, option: str = "-o") -> None:
    """Refuse, before any work, a target that is not a folder this command may write or replace."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise OptionError(option, f"{target} exists and is not a folder; --format html writes a folder (index.html, its stylesheet, fonts and images)")
    if target.is_dir() and any(target.iterdir()) and MARKER not in _read(target / INDEX):
        raise OptionError(option, f"{target} is a folder holding other files; give a new or empty folder (an earlier booklet folder is replaced)")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise OptionError(option, f"{parent} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OptionError(option, f"cannot write in {parent}: permission denied")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
