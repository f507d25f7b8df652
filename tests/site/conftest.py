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


def synthetic_records(output: Path) -> list[Artefact]:
    """Records of a folder with every kind of download the site lists, and the odd cases (light ink, one language)."""
    hex_board = dict(game="hex", kind="board", lang="pt+en", ink="full")
    return [
        _file(output, "boards/hex-11-a4.pdf", format="pdf", paper="a4", pages=1, bytes=48_000, **hex_board),
        _file(output, "boards/hex-11-a4.svg", format="svg", paper="a4", bytes=114_472, **hex_board),
        _file(output, "boards/hex-11-letter.pdf", format="pdf", paper="letter", pages=1, bytes=25_585, **hex_board),
        _file(output, "boards/hex-11-letter.svg", format="svg", paper="letter", bytes=116_086, **hex_board),
        _file(output, "boards/hex-11-a4-light.pdf", game="hex", kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="light", bytes=21_000),
        _file(output, "boards/hex-11-poster-tiled-a4.pdf", game="hex", kind="poster", format="pdf", paper="a4", pages=7, lang="pt+en", bytes=64_000),
        _file(output, "boards/hex-11-pen-x4-letter.pdf", game="hex", kind="pen", format="pdf", paper="letter", pages=1, lang="pt+en", bytes=34_000),
        _file(output, "booklets/hex-pt-en-a5.pdf", game="hex", kind="booklet", format="pdf", paper="a5", lang="pt+en", pages=24, bytes=1_234_567),
        _file(output, "booklets/hex-pt-en-a4.pdf", game="hex", kind="booklet", format="pdf", paper="a4", lang="pt+en", pages=13, bytes=198_000),
        _file(output, "booklets/hex-pt-en-a5-imposed-a4.pdf", game="hex", kind="booklet-imposed", format="pdf", paper="a4", lang="pt+en", pages=8, bytes=1_000_000),
        _file(output, "booklets/hex-en-a5.pdf", game="hex", kind="booklet", format="pdf", paper="a5", lang="en", pages=16, bytes=150_000),
        _file(output, "booklets/hex-pt-a5.pdf", game="hex", kind="booklet", format="pdf", paper="a5", lang="pt", pages=17, bytes=151_000),
        _file(output, "diagrams/hex/swap.svg", game="hex", kind="diagram", format="svg", lang="pt+en", bytes=29_000),
        _file(output, "diagrams/hex/board.svg", game="hex", kind="diagram", format="svg", lang="pt+en", bytes=27_000),
        _file(output, "diagrams/hex/not-in-the-text.svg", game="hex", kind="diagram", format="svg", lang="pt+en", bytes=900),
        _file(output, "diagrams/brax/cover.svg", game="brax", kind="diagram", format="svg", lang="pt+en", bytes=31_000),
        _file(output, "boards/brax-a4.pdf", game="brax", kind="board", format="pdf", paper="a4", pages=1, lang="pt+en", ink="full", bytes=40_000),
        _file(output, "booklets/brax-pt-en-letter.pdf", game="brax", kind="booklet", format="pdf", paper="letter", lang="pt+en", pages=12, bytes=300_000),
    ]


@pytest.fixture(scope="module")
def synthetic_site(tmp_path_factory) -> tuple[Path, list[Artefact], list[Artefact]]:
    """(output folder, the build's records, what build_site returned), built once per module."""
    from boardgen.site import build_site

    output = tmp_path_factory.mktemp("site")
    records = synthetic_records(output)
    return output, records, build_site(records, output)
