"""The download site: the static pages and ``manifest.json`` that ``boardgen build`` writes beside its files.

The site sits above boards and booklets and below the build: it is made from
the list of what the build wrote (:class:`~boardgen.site.catalogue.Artefact`
records), never by looking at file names.  ``import boardgen.site`` stays
light (the build's planning imports it): :func:`build_site` imports the
page machinery, the templates and the booklet's Markdown renderer only when
it is called.  What the site is and why: ``docs/site.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardgen.site.catalogue import Artefact

__all__ = ["build_site", "site_folders"]


def build_site(records: list[Artefact], output: Path, pending: Sequence[Artefact] = ()) -> list[Artefact]:
    """Write the site's pages, thumbnails, stylesheet and manifest into ``output``; their records.

    ``records`` are the files the build wrote or found up to date; ``pending``
    the ones it is still making, named on the pages as being made (see
    :mod:`boardgen.site.build`).
    """
    from boardgen.site.build import build_site as build

    return build(records, output, pending=pending)


def site_folders() -> tuple[str, ...]:
    """The folders below the output folder (``""``: the folder itself) that :func:`build_site` writes into."""
    from boardgen.site.build import site_folders as folders

    return folders()
