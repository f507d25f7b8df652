"""HTML to PDF with WeasyPrint, reading only the project's own files, with reproducible bytes.

One job: the sandboxed typesetting step.  The passes over the laid-out pages
(a diagram floated to the next page, a word kept whole across a page turn)
are the pagination repair's, :mod:`boardgen.booklet.pagination`, which
:func:`render_document` calls with the layout to correct: they decide what
the pages hold, this module only how WeasyPrint is run.  Three things are
decided here and nowhere else:

* **What the renderer may read.**  :class:`ProjectFetcher` answers only
  ``file:`` URLs inside the allowed folders (the templates, the bundled fonts,
  the game's rule-text folder) and the booklet's own diagrams, SVG images
  carried in the document (:func:`diagram_url`); anything else -- another
  file, ``http(s)``, any other ``data:`` -- stops the rendering, and the
  build fails with the refused address in the message.  Rule texts are
  checked before this point, so the fetcher is the second line of defence.
* **Reproducible output.**  WeasyPrint writes no dates unless the HTML asks
  for them, and its file identifier is a hash of the content; the one moving
  part is the subset fonts, whose ``head`` table fontTools stamps with the
  current time unless ``SOURCE_DATE_EPOCH`` is set.  :func:`fixed_font_time`
  sets it for the duration of the rendering.  Nor may the place of the game's
  folder show: WeasyPrint names each raster image in the PDF by a hash of its
  URL, so the document refers to the folder's images by relative URLs
  against a fixed base, :data:`DOCUMENT_BASE`, which the fetcher maps to the
  real folder; the same sources give the same bytes wherever they are.
* **Tagged PDF.**  WeasyPrint's ``pdf/ua-1`` variant writes the structure
  tree, XMP metadata (title, author, subject: the same as the document
  information) and asks viewers to show the title; an image becomes a
  ``Figure`` whose alternative text is its ``alt`` (for a diagram, the
  diagram described in words, as its SVG's ``<title>`` says it).  The variant adds no date and no random identifier.
  :mod:`boardgen.booklet.tags` finishes the tree while it is written
  (languages, links, page-margin artifacts, label-value table rows).
"""

from __future__ import annotations

import base64
import contextlib
import logging
import mimetypes
import os
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from boardgen.booklet.pagination.relayout import lay_out
from boardgen.booklet.pagination.repair import paginate
from boardgen.booklet.problems import display_path
from boardgen.errors import BoardgenError

# 2024-01-01T00:00:00Z: the time stamped into subset fonts (any fixed value would do).
FONT_EPOCH = "1704067200"
MIME_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


# The game's folder as the document sees it: a name, not a place.  Relative URLs in the HTML (the
# images of the rule texts) resolve against it, and ProjectFetcher reads them from the real folder.
DOCUMENT_BASE = "file:///boardgen-game/"


class RefusedResource(BoardgenError):
    """The document asked for something outside the project's folders."""


# A booklet's diagrams are SVG images carried in the document itself (document.py, ``diagram_markup``):
# the one kind of ``data:`` URL the fetcher serves.  It reads nothing: the bytes are in the URL, and
# whatever an image would load in turn is asked of the fetcher again.
DIAGRAM_URL = "data:image/svg+xml;base64,"


def diagram_url(svg: bytes) -> str:
    """The URL by which the document refers to one of its diagrams (an SVG image)."""
    return DIAGRAM_URL + base64.b64encode(svg).decode("ascii")


def diagram_bytes(url: str) -> bytes:
    """The SVG a :func:`diagram_url` carries."""
    return base64.b64decode(url[len(DIAGRAM_URL) :], validate=True)


def _fetcher_class():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class ProjectFetcher(URLFetcher):
        """Serves ``file:`` URLs inside ``roots``; refuses everything else (and remembers what).

        URLs under :data:`DOCUMENT_BASE` name files of ``base`` (the game's folder).
        """

        def __init__(self, roots: tuple[Path, ...], base: Path | None = None) -> None:
            super().__init__(fail_on_errors=True, allowed_protocols=("file",))
            self.roots = tuple(Path(root).resolve() for root in roots)
            self.base = Path(base).resolve() if base is not None else None
            self.refused: list[str] = []

        def real_url(self, url: str) -> str:
            """``url`` with the document's base replaced by the real folder (the address people should see)."""
            if self.base is not None and url.startswith(DOCUMENT_BASE):
                return self.base.as_uri() + "/" + url[len(DOCUMENT_BASE) :]
            return url

        def allowed_path(self, url: str) -> Path | None:
            parts = urlsplit(self.real_url(url))
            if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
                return None
            path = Path(unquote(parts.path)).resolve()
            if not any(path.is_relative_to(root) for root in self.roots):
                return None
            return path if path.is_file() else None

        def fetch(self, url, headers=None):
            if url.startswith(DIAGRAM_URL):
                return URLFetcherResponse(url, body=diagram_bytes(url), headers={"Content-Type": "image/svg+xml"})
            path = self.allowed_path(url)
            if path is None:
                self.refused.append(self.real_url(url))
                raise PermissionError(f"{self.real_url(url)} is outside the project's folders")
            kind = MIME_TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            # The real file's URL: WeasyPrint may read a raster image again from the path it gives.
            return URLFetcherResponse(path.as_uri(), body=path.read_bytes(), headers={"Content-Type": kind})

    return ProjectFetcher


def project_fetcher(roots: tuple[Path, ...], base: Path | None = None):
    """A WeasyPrint URL fetcher limited to files under ``roots``, reading :data:`DOCUMENT_BASE` from ``base``."""
    return _fetcher_class()(roots, base)


@contextlib.contextmanager
def fixed_font_time() -> Iterator[None]:
    """Make fontTools stamp subset fonts with a fixed time (unless the caller chose one)."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    if previous is None:
        os.environ["SOURCE_DATE_EPOCH"] = FONT_EPOCH
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


class _Collect(logging.Handler):
    """Keeps WeasyPrint's error messages, so a missing font or image fails the build."""

    def __init__(self, real_url: Callable[[str], str] = str) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []
        self.real_url = real_url

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(_message(record, self.real_url))


def _message(record: logging.LogRecord, real_url: Callable[[str], str] = str) -> str:
    """WeasyPrint's error, with the reason it leaves in the exception's cause and the file named as people read it.

    ``real_url`` turns a URL of the document (under :data:`DOCUMENT_BASE`) into the real file's.
    """
    args = record.args if isinstance(record.args, tuple) else ()
    if record.msg.startswith("Failed to load image at") and len(args) == 2:
        url, exception = args
        cause = (exception.__cause__ or exception) if isinstance(exception, BaseException) else exception
        reason = str(cause) or type(cause).__name__
        parts = urlsplit(real_url(str(url)))
        where = display_path(unquote(parts.path)) if parts.scheme == "file" else str(url)
        return f"cannot load the image {where}: {reason}"
    return record.getMessage()


REFUSED = "refused to read {}: a booklet may only use the project's templates, fonts and images"

# What each laid-out document was made from: the fetcher it reads with (writing the PDF reads too:
# an SVG image loads the images it refers to only when it is drawn, and is watched like the
# layout), and its final HTML and parsed tree (the tags' languages come from that tree).
_FETCHERS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
_PAGINATED: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


@contextlib.contextmanager
def _reading_only_the_project(fetcher: Any) -> Iterator[None]:
    """WeasyPrint at work with ``fetcher``: an address it refused, or an error WeasyPrint logged, fails the booklet.

    WeasyPrint logs a file it could not load and goes on without it; a
    booklet with a hole in it is not written.
    """
    from weasyprint.urls import FatalURLFetchingError

    logger = logging.getLogger("weasyprint")
    collect = _Collect(fetcher.real_url)
    logger.addHandler(collect)
    try:
        yield
    except FatalURLFetchingError as exc:
        raise RefusedResource(REFUSED.format(fetcher.refused[0] if fetcher.refused else str(exc))) from None
    finally:
        logger.removeHandler(collect)
    if fetcher.refused:
        raise RefusedResource(REFUSED.format(fetcher.refused[0]))
    if collect.messages:
        raise BoardgenError(f"typesetting failed: {collect.messages[0]}")


def render_document(html: str, roots: tuple[Path, ...], base: Path, tagged: bool = True):
    """Lay ``html`` out into pages (a WeasyPrint ``Document``), reading only files under ``roots``.

    Relative URLs in ``html`` name files of the folder ``base``; the document
    knows that folder only as :data:`DOCUMENT_BASE`, so its path never
    reaches the PDF.  The layout can be inspected (page count, where each box
    landed) before it is written with :func:`document_pdf`; the cover is
    fitted that way.
    """
    import weasyprint

    fetcher = project_fetcher(roots, base)

    def parse(text: str) -> Any:
        return weasyprint.HTML(string=text, base_url=DOCUMENT_BASE, url_fetcher=fetcher)

    with _reading_only_the_project(fetcher), fixed_font_time():
        paginated = paginate(html, parse, lambda source: lay_out(source, _options(tagged)))
    document = paginated.document
    _FETCHERS[document] = fetcher
    _PAGINATED[document] = paginated
    return document


def final_html(document: Any) -> str:
    """The HTML a laid-out document (from :func:`render_document`) was laid out from, its pagination repaired.

    Bare WeasyPrint on it (relative URLs against :data:`DOCUMENT_BASE`, read
    from the game's folder) gives the same pages: what
    ``boardgen booklet --format html`` writes, and what
    ``bench/bench_booklet.py`` measures the booklet against.
    """
    paginated = _PAGINATED.get(document)
    if paginated is None:
        raise BoardgenError("final_html: the document was not laid out by boardgen.booklet.typeset.render_document")
    return str(paginated.html)


def laid_out_tree(document: Any) -> Any:
    """The HTML element tree the last layout of ``document`` read: the pagination repair's changes made (an ElementTree root; the HTML folder reads it)."""
    paginated = _PAGINATED.get(document)
    if paginated is None:
        raise BoardgenError("laid_out_tree: the document was not laid out by boardgen.booklet.typeset.render_document")
    return paginated.source.etree_element


def document_pdf(document, tagged: bool = True) -> bytes:
    """The PDF bytes of a laid-out document (fonts subset with a fixed time stamp).

    Tagged, the structure tree gets what WeasyPrint leaves out: the languages
    of the parts, links and page-margin artifacts as PDF/UA wants them
    (:mod:`boardgen.booklet.tags`).  What the writing reads goes through the
    layout's fetcher, watched as the layout was.
    """
    from boardgen.booklet.tags import pdf_ua_tagging

    fetcher = _FETCHERS.get(document)
    paginated = _PAGINATED.get(document)
    root = paginated.source.etree_element if paginated is not None else _root_element(document)
    watched = _reading_only_the_project(fetcher) if fetcher is not None else contextlib.nullcontext()
    with watched, fixed_font_time(), (pdf_ua_tagging(document.metadata.lang, root) if tagged else contextlib.nullcontext()):
        return document.write_pdf(**_options(tagged))


def _root_element(document: Any) -> Any:
    """The ``<html>`` element of a document laid out elsewhere (its first page's root box), or None."""
    pages = document.pages
    return getattr(pages[0]._page_box.children[0], "element", None) if pages and pages[0]._page_box.children else None


def _options(tagged: bool) -> dict[str, object]:
    """WeasyPrint's options, the same for the layout and the writing (as ``HTML.write_pdf`` does)."""
    return {"pdf_identifier": True, "pdf_variant": "pdf/ua-1"} if tagged else {"pdf_identifier": True}


def html_to_pdf(html: str, roots: tuple[Path, ...], base: Path, tagged: bool = True) -> bytes:
    """Typeset ``html`` (whose relative URLs resolve against ``base``) to PDF bytes."""
    return document_pdf(render_document(html, roots, base, tagged), tagged)
