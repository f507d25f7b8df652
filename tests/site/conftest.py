"""A small synthetic output folder: a few files per kind for Hex and Brax, written and recorded.

The site reads nothing of the files themselves, only their records, so the
files are a few bytes of the right kind; their records carry chosen sizes
and page counts, so the tests know exactly what each link must say.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from boardgen.site.catalogue import Artefact, digest


def _file(output: Path, path: str, **fields) -> Artefact:
    """Write a small file at ``path`` and its record; ``fields`` override (``bytes``: the size the record claims)."""
    data = f"{path}\n".encode()
    (output / path).parent.mkdir(parents=True, exist_ok=True)
    (output / path).write_bytes(data)
    record = Artefact(path=path, bytes=len(data), sha256=digest(data), **{k: v for k, v in fields.items() if k != "bytes"})
    return replace(record, bytes=fields.get("bytes", len(data)))


# Hex's booklets with chosen sizes and page counts (the tests quote their links word for word)...
CHOSEN_BOOKLETS = {
    "booklets/hex-pt-en-a5.pdf": dict(kind="booklet", paper="a5", lang="pt+en", ink="full", pages=24, bytes=1_234_567),
    "booklets/hex-pt-en-a4.pdf": dict(kind="booklet", paper="a4", lang="pt+en", ink="full", pages=13, bytes=198_000),
    "booklets/hex-pt-en-a5-imposed-a4.pdf": dict(kind="booklet-imposed", paper="a4", lang="pt+en", ink="full", pages=8, bytes=1_000_000),
    "booklets/hex-en-a5.pdf": dict(kind="booklet", paper="a5", lang="en", ink="full", pages=16, bytes=150_000),
    "booklets/hex-pt-a5.pdf": dict(kind="booklet", paper="a5", lang="pt", ink="full", pages=17, bytes=151_000),
    "booklets/hex-en-a5-imposed-letter-light.pdf": dict(kind="booklet-imposed", paper="letter", lang="en", ink="light", pages=4, bytes=610_000),
}
MISSING_EDITION = "booklets/hex-pt-a5-imposed-letter-light.pdf"  # a cell of the table with no file


def hex_editions() -> dict[str, dict]:
    """...and every other edition the build makes of Hex's booklet (but :data:`MISSING_EDITION`), made-up figures."""
    editions = {}
    for ink in ("full", "light"):
        for langs in ("pt-en", "pt", "en"):
            for paper, sheet in (("a5", None), ("a4", None), ("letter", None), ("a5", "a4"), ("a5", "letter")):
                name = f"booklets/hex-{langs}-{paper}{f'-imposed-{sheet}' if sheet else ''}{'-light' if ink == 'light' else ''}.pdf"
                kind = "booklet-imposed" if sheet else "booklet"
                pages = (12 if "-" in langs else 8) * (2 if paper == "a5" and not sheet else 1)
                editions[name] = dict(kind=kind, paper=sheet or paper, lang=langs.replace("-", "+"), ink=ink, pages=pages, bytes=100_000 + 1000 * len(editions))
    editions.update(CHOSEN_BOOKLETS)
    del editions[MISSING_EDITION]
    return editions


def synthetic_records(output: Path) -> list[Artefact]:
    """Records of a folder with every kind of download the site lists, and the odd cases (light ink, a variant, a missing edition)."""
    hex_board = dict(game="hex", kind="board", lang="pt+en", ink="full")
    return [
        _file(output, "boards/hex-11-a4.pdf", format="pdf", paper="a4", pages=1, bytes=48_000, **hex_board),
        _file(output, "boards/hex-11-a4.svg", format="svg", paper="a4", bytes=114_472, **hex_board),
        _file(output, "boards/hex-11-letter.pdf", format="pdf", paper="letter", pages=1, bytes=25_585, **hex_board),
        _file(output, "boards/hex-11-letter.svg", format="svg", paper="letter", bytes=116_086, **hex_board),
        _file(output, "boards/hex-11-a4-light.pdf", game="hex", kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="light", bytes=21_000),
        _file(output, "boards/hex-11-poster-tiled-a4.pdf", game="hex", kind="poster", format="pdf", paper="a4", pages=7, lang="pt+en", bytes=64_000),
        _file(output, "boards/hex-11-pen-x4-letter.pdf", game="hex", kind="pen", format="pdf", paper="letter", pages=1, lang="pt+en", bytes=34_000),
        *(_file(output, path, game="hex", format="pdf", **fields) for path, fields in sorted(hex_editions().items())),
        _file(output, "booklets/hex-pt-en-a5-noswap.pdf", game="hex", kind="booklet", format="pdf", paper="a5", lang="pt+en", ink="full", pages=22, bytes=1_100_000, variant="without the swap"),
        _file(output, "diagrams/hex/swap.svg", game="hex", kind="diagram", format="svg", lang="pt+en", bytes=29_000, id="swap"),
        _file(output, "diagrams/hex/board.svg", game="hex", kind="diagram", format="svg", lang="pt+en", bytes=27_000, id="board"),
        _file(output, "diagrams/hex/not-in-the-text.svg", game="hex", kind="diagram", format="svg", lang="pt+en", bytes=900, id="not-in-the-text"),
        _file(output, "diagrams/brax/cover.svg", game="brax", kind="diagram", format="svg", lang="pt+en", bytes=31_000, id="cover"),
        _file(output, "boards/brax-a4.pdf", game="brax", kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full", bytes=40_000),
        _file(output, "booklets/brax-pt-en-letter.pdf", game="brax", kind="booklet", format="pdf", paper="letter", lang="pt+en", ink="full", pages=12, bytes=300_000),
        _file(output, "boards/hex-11-pieces-a4.pdf", game="hex", kind="pieces", format="pdf", paper="a4", pages=2, lang="pt+en", ink="full", bytes=52_000),
        _file(output, "boards/hex-11-pieces-letter.pdf", game="hex", kind="pieces", format="pdf", paper="letter", pages=2, lang="pt+en", ink="full", bytes=53_000),
        _file(output, "boards/hex-11-pieces-a4-light.pdf", game="hex", kind="pieces", format="pdf", paper="a4", pages=2, lang="pt+en", ink="light", bytes=41_000),
        _file(output, "boards/brax-record-a4.pdf", game="brax", kind="record", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full", bytes=12_000),
        _file(output, "boards/calibrate-a4.pdf", game=None, kind="calibration", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full", bytes=9_000),
        _file(output, "boards/calibrate-letter.pdf", game=None, kind="calibration", format="pdf", paper="letter", pages=1, lang="pt+en", ink="full", bytes=9_100),
        _file(output, "boards/calibrate-a4.svg", game=None, kind="calibration", format="svg", paper="a4", lang="pt+en", ink="full", bytes=7_000),
    ]


@pytest.fixture(scope="module")
def synthetic_site(tmp_path_factory) -> tuple[Path, list[Artefact], list[Artefact]]:
    """(output folder, the build's records, what build_site returned), built once per module."""
    from boardgen.site import build_site

    output = tmp_path_factory.mktemp("site")
    records = synthetic_records(output)
    return output, records, build_site(records, output)
