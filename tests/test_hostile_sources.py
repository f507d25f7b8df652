"""A corpus of hostile rule-text sources, each run as a user would run it: refused with one clear message.

Every case is one row of :data:`CASES`: what to put into a copy of a valid game
folder (written with :mod:`tests.booklet.sources_kit`), the command, the exit
status expected, a fragment of the message and, where there is one, the file
and the line it must name.  Each run must finish within :data:`TIME_LIMIT`
seconds (the subprocess is killed after that), print no traceback and leave
no output file (a source that is only slow must give its booklet, in time).
The next hostile input is one more row.
"""

from __future__ import annotations

import logging
import os
import shutil
import struct
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from . import conftest
from .booklet.sources_kit import write_sources
from .conftest import run_boardgen

TIME_LIMIT = 20  # seconds per case: a hang or a quadratic parse fails the case instead of the suite

Put = Callable[[Path], None]  # writes one hostile thing at the given path


def append(text: str) -> Put:
    """The kit's file with ``text`` added as a paragraph of its last section (the languages still agree)."""

    def put(path: Path) -> None:
        path.write_text(path.read_text(encoding="utf-8") + "\n" + text + "\n", encoding="utf-8")

    return put


def front(old: str, new: str) -> Put:
    """The kit's file with one front-matter line changed."""

    def put(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return put


def replaced(old: str, new: str) -> Put:
    """The kit's file with one text replaced (a line of diagrams.md, say)."""
    return front(old, new)


def raw(data: bytes) -> Put:
    def put(path: Path) -> None:
        path.write_bytes(data)

    return put


def latin1(text: str) -> Put:
    """The kit's file with ``text`` appended in Latin-1 (not UTF-8)."""

    def put(path: Path) -> None:
        path.write_bytes(path.read_bytes() + b"\n" + text.encode("latin-1") + b"\n")

    return put


def link(target: str) -> Put:
    def put(path: Path) -> None:
        path.unlink(missing_ok=True)
        path.symlink_to(target)

    return put


def link_outside(path: Path) -> None:
    """A symlink to a copy of the same (valid) file outside the game's folder."""
    outside = path.parent.parent / "outside" / path.name
    outside.parent.mkdir(exist_ok=True)
    outside.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(outside)


def fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.unlink(missing_ok=True)
    path.mkdir()


@dataclass(frozen=True)
class Case:
    id: str
    put: dict[str, Put]  # file in the game folder -> the hostile thing written there
    status: int
    message: str  # a fragment of the output
    at: str | None = None  # "FILE" or "FILE@MARKER": the message names FILE (and the line holding MARKER)
    command: tuple[str, ...] = ("check", "{game}")
    extra: dict[str, bytes] = field(default_factory=dict)  # more files of the game folder (images)
    seconds: float = 0  # a tighter time limit than TIME_LIMIT for this case (0: TIME_LIMIT)


def bomb_png(width: int, height: int) -> bytes:
    """A valid black-and-white PNG of ``width`` x ``height`` pixels that is a few kilobytes on disk (its rows compress to nothing)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = bytes(1 + (width + 7) // 8)  # filter byte 0, then the row's bits
    packer = zlib.compressobj(9)
    rows = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1 bit per pixel, grey
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


# Pillow warns above 89,478,485 pixels (DecompressionBombWarning) and refuses above twice that
# (DecompressionBombError); boardgen's own limit is 40,000,000.
BOMB_WARNING = bomb_png(10_000, 10_000)
BOMB_ERROR = bomb_png(15_000, 15_000)
OVER_LIMIT = bomb_png(7_000, 7_000)

BOOKLET = ("booklet", "hex", "--lang", "en", "--sources", "{game}", "-o", "{out}")
BILINGUAL = ("booklet", "hex", "--lang", "pt+en", "--sources", "{game}", "-o", "{out}")
FAST = 10  # seconds: refused by the checker, never handed to the typesetter (which took minutes)
CODE_RUN = "`a" * 15_000 + "`"  # 30,001 backticks: 15,000 code spans with a letter between each two
EMPHASIS_RUN = "a*b*" * 3_000  # intraword emphasis: 6,000 letters with no break
PNG = b"\x89PNG\r\n\x1a\n" + bytes(64)

CASES = [
    # files that are not files
    Case("rule-text-is-dev-zero", {"en.md": link("/dev/zero")}, 2, "is not a regular file", at="en.md"),
    Case("diagrams-is-dev-zero", {"diagrams.md": link("/dev/zero")}, 2, "is not a regular file", at="diagrams.md"),
    Case("rule-text-is-fifo", {"en.md": fifo}, 2, "is not a regular file", at="en.md"),
    Case("diagrams-is-fifo", {"diagrams.md": fifo}, 2, "is not a regular file", at="diagrams.md"),
    Case("rule-text-is-folder", {"pt-BR.md": folder}, 2, "is not a regular file", at="pt-BR.md"),
    Case("rule-text-leads-outside", {"en.md": link_outside}, 2, "leads outside the game's folder", at="en.md"),
    Case("diagrams-leads-outside", {"diagrams.md": link_outside}, 2, "leads outside the game's folder", at="diagrams.md"),
    Case("symlink-loop", {"en.md": link("en.md")}, 2, "cannot read this file", at="en.md"),
    Case("booklet-from-fifo", {"en.md": fifo}, 2, "is not a regular file", at="en.md", command=BOOKLET),
    Case("check-path-is-fifo", {"en.md": fifo}, 2, "not a file or folder", command=("check", "{game}/en.md")),
    Case("check-path-missing", {}, 2, "no-such-folder: no such file or folder", command=("check", "{game}/no-such-folder")),
    # encodings
    Case("rule-text-latin-1", {"en.md": latin1("Ação HOSTILE")}, 2, "not UTF-8 text", at="en.md@HOSTILE"),
    Case("diagrams-latin-1", {"diagrams.md": latin1("Ação HOSTILE")}, 2, "not UTF-8 text", at="diagrams.md@HOSTILE"),
    Case("booklet-latin-1", {"en.md": latin1("Ação HOSTILE")}, 2, "not UTF-8 text", at="en.md@HOSTILE", command=BOOKLET),
    Case("bidi-override", {"en.md": append("Red \u202ewins\u202c HOSTILE")}, 2, "U+202E", at="en.md@HOSTILE"),
    Case("bidi-isolate-diagrams", {"diagrams.md": append("note \u2066x\u2069 HOSTILE")}, 2, "U+2066", at="diagrams.md@HOSTILE"),
    # links
    Case("javascript-link", {"en.md": append("[x](javascript:alert(1)) HOSTILE")}, 2, "links may go to http(s) or mailto", at="en.md@HOSTILE"),
    Case("javascript-upper-case", {"en.md": append("[x](JAVASCRIPT:alert(1)) HOSTILE")}, 2, "JAVASCRIPT:alert", at="en.md@HOSTILE"),
    Case("javascript-leading-spaces", {"en.md": append("[x](   javascript:alert(1)) HOSTILE")}, 2, "links may go to", at="en.md@HOSTILE"),
    Case("javascript-entity-encoded", {"en.md": append("[x](&#106;avascript:alert(1)) HOSTILE")}, 2, "'javascript:alert", at="en.md@HOSTILE"),
    Case("javascript-autolink", {"en.md": append("<javascript:alert(1)> HOSTILE")}, 2, "links may go to", at="en.md@HOSTILE"),
    Case("javascript-reference-link", {"en.md": append("[x][j] HOSTILE\n\n[j]: javascript:alert(1)")}, 2, "links may go to", at="en.md@HOSTILE"),
    Case("file-link", {"en.md": append("[x](file:///etc/passwd) HOSTILE")}, 2, "'file:///etc/passwd'", at="en.md@HOSTILE"),
    Case("file-image", {"en.md": append("![x](file:///etc/passwd) HOSTILE")}, 2, "images must be files in the game's folder", at="en.md@HOSTILE"),
    Case("data-image", {"en.md": append("![x](data:image/png;base64,iVBORw0KGgo=) HOSTILE")}, 2, "images must be files", at="en.md@HOSTILE"),
    Case("booklet-javascript-link", {"en.md": append("[x](javascript:alert(1)) HOSTILE")}, 2, "links may go to", at="en.md@HOSTILE", command=BOOKLET),
    # images that are not what they claim
    Case("png-that-is-text", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "is not a PNG file", at="en.md@HOSTILE", extra={"board.png": b"hello"}),
    Case("jpg-that-is-png", {"en.md": append("![a board](board.jpg) HOSTILE")}, 2, "is not a JPG file", at="en.md@HOSTILE", extra={"board.jpg": PNG}),
    Case("svg-that-is-html", {"en.md": append("![a board](board.svg) HOSTILE")}, 2, "is not an SVG file", at="en.md@HOSTILE", extra={"board.svg": b"<html><script>alert(1)</script></html>"}),
    Case("png-truncated", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "'board.png' cannot be decoded", at="en.md@HOSTILE", extra={"board.png": PNG}),
    Case("booklet-png-truncated", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "'board.png' cannot be decoded", at="en.md@HOSTILE", command=BOOKLET, extra={"board.png": PNG}),
    Case("booklet-png-that-is-text", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "is not a PNG file", at="en.md@HOSTILE", command=BOOKLET, extra={"board.png": b"hello"}),
    Case("png-decompression-bomb-warning", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "'board.png' claims 100,000,000 pixels", at="en.md@HOSTILE", extra={"board.png": BOMB_WARNING}, seconds=FAST),
    Case("png-decompression-bomb-error", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "'board.png' claims 225,000,000 pixels", at="en.md@HOSTILE", extra={"board.png": BOMB_ERROR}, seconds=FAST),
    Case("png-over-40-million-pixels", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "has 7000 x 7000 = 49,000,000 pixels; images may have at most 40,000,000 pixels", at="en.md@HOSTILE", extra={"board.png": OVER_LIMIT}, seconds=FAST),
    Case("booklet-png-decompression-bomb", {"en.md": append("![a board](board.png) HOSTILE")}, 2, "images may have at most 40,000,000 pixels", at="en.md@HOSTILE", command=BOOKLET, extra={"board.png": BOMB_WARNING}, seconds=FAST),
    # numbers of 100,000 digits in diagrams.md: one problem line of readable length (Python's int() stops at 4,300 digits)
    Case("diagram-move-of-100000-digits", {"diagrams.md": replaced("moves: c3", "moves: a" + "1" * 100_000)}, 2, "characters left out", at="diagrams.md@moves: a1", seconds=FAST),
    Case("diagram-size-of-100000-digits", {"diagrams.md": replaced("moves: c3", "size: " + "1" * 100_000 + "\nmoves: c3")}, 2, "size: expected a whole number", at="diagrams.md@size: 1", seconds=FAST),
    Case("diagram-position-run-of-100000-digits", {"diagrams.md": replaced("moves: c3", "position: 5/5/5/5/" + "1" * 100_000 + " r -")}, 2, "row 5 has 100000 cells", at="diagrams.md@position:", seconds=FAST),
    # front matter
    Case("html-in-title", {"en.md": front('title = "Hex"', 'title = "Hex<script>alert(1)</script>"')}, 2, "title is plain text", at="en.md@title ="),
    Case("image-in-subtitle", {"en.md": front('subtitle = "Test"', 'subtitle = "![x](x.png)"')}, 2, "subtitle is plain text", at="en.md@subtitle ="),
    Case("html-in-variant-note", {"en.md": front('variant_note = "With the swap rule."', 'variant_note = "<img src=x onerror=alert(1)>"')}, 2, "raw HTML is not allowed", at="en.md@variant_note ="),
    Case("link-in-variant-note", {"en.md": front('variant_note = "With the swap rule."', 'variant_note = "[x](javascript:alert(1))"')}, 2, "links may go to", at="en.md@variant_note ="),
    Case("image-in-source-text", {"en.md": front('text = "A book."', 'text = "![x](file:///etc/passwd)"')}, 2, "images must be files", at="en.md@[[sources]]"),
    # denial of service: bounded input, or finished within the time limit
    Case("rule-text-too-big", {"en.md": append("word " * 250_000)}, 2, "at most 1000000", at="en.md"),
    Case("word-of-900000-letters", {"en.md": append("HOSTILE" + "a" * 900_000)}, 2, "words may have at most 100", at="en.md@HOSTILE"),
    Case("word-of-101-letters", {"en.md": append("HOSTILE" + "a" * 94)}, 2, "a word of 101 characters", at="en.md@HOSTILE"),
    Case("lists-nested-500-deep", {"en.md": append("\n".join("  " * i + "- HOSTILE" for i in range(500)))}, 2, "nested more than 6 deep", at="en.md@" + " " * 12 + "- HOSTILE"),
    Case("lists-on-one-line-500-deep", {"en.md": append("- " * 500 + "HOSTILE")}, 2, "nested more than 6 deep", at="en.md@HOSTILE"),
    Case("quotes-nested-500-deep", {"en.md": append(">" * 500 + " HOSTILE")}, 2, "nested more than 6 deep", at="en.md@HOSTILE"),
    Case("10000-unclosed-stars", {"en.md": append("*a " * 10_000)}, 0, "no problems"),
    Case("10000-unclosed-underscores", {"en.md": append("_a " * 10_000)}, 0, "no problems"),
    # 10,000 backticks pair into 5,000 code spans: with the text's own markup, past MAX_ELEMENTS
    Case("10000-unclosed-backticks", {"en.md": append("`a " * 10_000)}, 2, "more than 5000 pieces of markup"),
    Case("10000-unclosed-brackets", {"en.md": append("[a " * 10_000)}, 0, "no problems"),
    # unbreakable runs measured as typeset, after inline markup (the typesetter's line breaker took minutes on them)
    Case("code-spans-joined-into-one-word", {"en.md": append("HOSTILE " + CODE_RUN)}, 2, "a word of 15001 characters as typeset", at="en.md@HOSTILE", seconds=FAST),
    Case("intraword-emphasis-run", {"en.md": append("HOSTILE " + EMPHASIS_RUN)}, 2, "a word of 6000 characters as typeset (ababab", at="en.md@HOSTILE", seconds=FAST),
    Case("emphasis-run-on-a-later-line", {"en.md": append("HOSTILE\nsecond line\nMARK " + EMPHASIS_RUN)}, 2, "words may have at most 100", at="en.md@MARK", seconds=FAST),
    Case("no-break-spaces-join-words", {"en.md": append("HOSTILE " + "ab\u00a0" * 40)}, 2, "no-break spaces", at="en.md@HOSTILE", seconds=FAST),
    Case("citations-tied-to-a-word", {"en.md": append("HOSTILE x" + " [@livro]" * 40)}, 2, "a word of 161 characters as typeset (x\u00a0[1]", at="en.md@HOSTILE", seconds=FAST),
    Case("code-span-of-101-letters", {"en.md": append("HOSTILE `" + "a" * 101 + "`")}, 2, "a word of 101 characters as typeset", at="en.md@HOSTILE", seconds=FAST),
    Case("link-text-run", {"en.md": append("HOSTILE " + "[a](https://example.org)" * 101)}, 2, "a word of 101 characters as typeset", at="en.md@HOSTILE", seconds=FAST),
    Case("run-in-a-table-cell", {"en.md": append("| a | b |\n|---|---|\n| HOSTILE | " + EMPHASIS_RUN + " |")}, 2, "as typeset", at="en.md@| HOSTILE", seconds=FAST),
    Case("run-in-a-heading", {"en.md": append("## HOSTILE " + CODE_RUN)}, 2, "as typeset", at="en.md@## HOSTILE", seconds=FAST),
    Case("run-in-a-caption", {"en.md": append("```diagram first\nHOSTILE " + EMPHASIS_RUN + "\n```")}, 2, "as typeset", at="en.md@HOSTILE", seconds=FAST),
    Case("title-of-one-long-word", {"en.md": front('title = "Hex"', 'title = "' + "H" * 101 + '"')}, 2, "front matter: title: a word of 101 characters", at="en.md@title =", seconds=FAST),
    Case("run-of-exactly-100-across-markup", {"en.md": append("`" + "a" * 50 + "`*" + "b" * 50 + "*")}, 0, "no problems", seconds=FAST),
    # markup the typesetter pays for piece by piece (about 1 ms each; 60,000 spans of emphasis took 147 s)
    Case("6000-spans-of-emphasis", {"en.md": append("HOSTILE " + "*a* " * 6_000)}, 2, "more than 5000 pieces of markup", at="en.md@HOSTILE", seconds=FAST),
    Case("6000-code-spans-of-a-space", {"en.md": append("HOSTILE " + "` ` " * 6_000)}, 2, "more than 5000 pieces of markup", at="en.md@HOSTILE", seconds=FAST),
    Case("list-of-3000-items", {"en.md": append("\n".join(f"- item {i}" for i in range(3_000)))}, 2, "more than 5000 pieces of markup", at="en.md", seconds=FAST),
    Case("4000-spans-are-fine", {"en.md": append("*a* " * 4_000)}, 0, "no problems", seconds=FAST),
    Case("booklet-code-spans-run", {"en.md": append("HOSTILE " + CODE_RUN)}, 2, "as typeset", at="en.md@HOSTILE", command=BOOKLET, seconds=FAST),
    Case("bilingual-booklet-runs", {"en.md": append("HOSTILE " + CODE_RUN), "pt-BR.md": append("HOSTILE " + EMPHASIS_RUN)}, 2, "as typeset", at="pt-BR.md@HOSTILE", command=BILINGUAL, seconds=FAST),
    Case("booklet-10000-unclosed-stars", {"en.md": append("*a " * 10_000)}, 0, "wrote", command=(*BOOKLET[:-1], "{out_dir}/ok.pdf")),
]


def _line_of(path: Path, marker: str) -> int:
    for number, line in enumerate(path.read_bytes().split(b"\n"), start=1):
        if marker.encode("utf-8") in line or marker.encode("latin-1", "replace") in line:
            return number
    raise AssertionError(f"{marker!r} not in {path}")


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_hostile_source_is_refused_with_its_file_and_line(case: Case, tmp_path: Path) -> None:
    game = write_sources(tmp_path / "hex")
    for name, data in case.extra.items():
        (game / name).write_bytes(data)
    # Where the marker is, read before a FIFO or a link replaces the file (appended text: after it is written).
    for name, put in case.put.items():
        put(game / name)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "booklet.pdf"
    args = [arg.format(game=game, out=out, out_dir=out_dir) for arg in case.command]

    start = time.monotonic()
    run = run_boardgen(*args, cwd=tmp_path, timeout=case.seconds or TIME_LIMIT)
    elapsed = time.monotonic() - start

    output = run.stdout + run.stderr
    assert run.returncode == case.status, output
    assert case.message in output, output
    assert "Traceback" not in output and "DecompressionBomb" not in output, output
    assert max(map(len, output.splitlines()), default=0) < 1200, "a line quotes a giant input whole"
    left = sorted(path.name for path in out_dir.iterdir())
    assert left == (["ok.pdf"] if case.status == 0 and "{out_dir}/ok.pdf" in case.command else []), left
    assert elapsed < (case.seconds or TIME_LIMIT)
    if case.at:
        name, _, marker = case.at.partition("@")
        where = f"hex/{name}:{_line_of(game / name, marker)}:" if marker else f"hex/{name}:"
        assert where in output, output


def test_a_template_syntax_error_is_one_line_naming_the_template_and_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(conftest.ROOT / "templates", home / "templates")
    shutil.copytree(conftest.ROOT / "rules_text", home / "rules_text")
    template = home / "templates" / "booklet.html.j2"
    lines = template.read_text(encoding="utf-8").split("\n")
    lines.insert(3, "{% if %}")
    template.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "out" / "hex.pdf"
    out.parent.mkdir()

    run = run_boardgen("booklet", "hex", "--lang", "en", "-o", str(out), cwd=tmp_path, env={"BOARDGEN_HOME": str(home)}, timeout=TIME_LIMIT)

    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [f"boardgen: error: home/templates/booklet.html.j2:4: template syntax error: Expected an expression, got 'end of statement block'"]
    assert list(out.parent.iterdir()) == []


def test_an_image_weasyprint_cannot_load_is_named_with_the_reason() -> None:
    from boardgen.booklet.typeset import _message

    try:
        try:
            raise ValueError("truncated PNG data")
        except ValueError as cause:
            raise OSError() from cause
    except OSError as exception:
        error = exception
    url = (Path.cwd() / "hex" / "board.png").as_uri()
    record = logging.LogRecord("weasyprint", logging.ERROR, __file__, 1, "Failed to load image at %r: %s", (url, error), None)

    assert _message(record) == f"cannot load the image {Path('hex') / 'board.png'}: truncated PNG data"
