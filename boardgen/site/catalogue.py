"""What the build wrote, one record per file: the contract between the build and the site.

The build (``boardgen.make``) makes one :class:`Artefact` for every file it
writes or finds up to date, from what it knows when it plans the file (game,
kind, paper, language, format) and what the file is (size, pages, sha256).
The site (``boardgen.site``) turns the list into pages and ``manifest.json``;
another website can read the manifest and never parse a file name.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any, Literal

Kind = Literal[
    "board",  # one board on one sheet
    "poster",  # a board tiled over several sheets (with its assembly page)
    "pen",  # several boards per sheet, for pen and paper
    "record",  # a game's record sheet: score pad or notation sheet (boardgen record)
    "calibration",  # the printer self-test sheet, one per paper, no game's (boardgen calibrate)
    "pieces",  # the game's pieces to cut out (or, for Awelé, its score pad)
    "booklet",  # a rule booklet, read on screen or printed page by page
    "booklet-imposed",  # the A5 booklet two-up for saddle stitching (a print edition)
    "diagram",  # one booklet diagram as an SVG
    "thumbnail",  # a small picture for the site's pages
    "page",  # a page of the site (and its sitemap.xml)
    "style",  # the site's stylesheet, fonts
    "script",  # the rules pages' script: stepping through a diagram's moves
    "frame",  # one position of a diagram that plays (boardgen/site/frames.py)
    "manifest",  # manifest.json: every other record of the output folder
]
Format = Literal["pdf", "svg", "html", "css", "js", "json", "png", "woff2", "ttf", "xml"]


@dataclass(frozen=True, order=True)
class Artefact:
    """One file of the output folder.

    ``path`` is relative to the output folder, with ``/`` separators.  ``game``
    is None for files of the whole site.  ``lang`` is ``"pt"``, ``"en"`` or
    ``"pt+en"`` (bilingual), None when the file has no language (a board has
    both languages' printing notes: ``"pt+en"``).  ``pages`` is None for
    formats without pages.  ``ink`` is ``"full"`` or ``"light"`` (the
    ink-saving edition of a board or a booklet), None where it does not apply
    (diagrams, the site's files).  ``id`` names the file among its game's
    files of its kind where the other fields cannot: a diagram's id in the
    rule text (``diagram ID``), which is what finds its caption; None for
    every other kind.  ``size`` is the board's size for a game played on
    several (Hex 11, 13...; the game's own unit, ``boardgen board --size``),
    on its boards and posters; None for a game with one board.  The site
    reads all of it from here, never from a file name.
    """

    path: str
    game: str | None
    kind: Kind
    format: Format
    bytes: int
    sha256: str
    paper: str | None = None
    lang: str | None = None
    pages: int | None = None
    ink: str | None = None
    variant: str | None = None  # plain-words label of a variant edition, None for the booklet's own rules
    id: str | None = None  # noqa: A003 - the manifest's name for it
    size: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Artefact":
        return cls(**data)


def digest(data: bytes) -> str:
    """The sha256 of a file's bytes, as the manifest writes it (hex)."""
    return hashlib.sha256(data).hexdigest()
