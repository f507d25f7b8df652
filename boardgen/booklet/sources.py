"""One language's rule-text file up to its Markdown: the file read safely, and its TOML front matter.

A source file looks like::

    +++
    title = "Hex"
    variant = { swap = "on" }
    variant_note = "..."
    +++

    # First section

    Text, with a citation [@gardner] ...

One job: everything about a rule text that comes before its Markdown.  The
file is read only when it is a plain file inside the game's folder, with a
size limit and no invisible reordering characters (:func:`read_source`);
the front matter, TOML between two ``+++`` lines, becomes a
:class:`FrontMatter` (:func:`split_front_matter`, :func:`parse_front_matter`),
every problem recorded as ``file:line: message``.  The Markdown body after
it is :mod:`boardgen.booklet.markdown_source`'s, the images it shows
:mod:`boardgen.booklet.images`'; the diagram definitions file is read with
:func:`read_source` too (:mod:`boardgen.booklet.diagrams.syntax`).  Apart
from the Markdown because the words of the front matter (players, pieces)
are wanted without the body: :func:`booklet_terms`.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardgen.booklet.problems import Problems

# Language code used on the command line -> (file name stem, HTML/PDF language tag).
LANGUAGES: dict[str, tuple[str, str]] = {"pt": ("pt-BR", "pt-BR"), "en": ("en", "en")}
DIAGRAMS_FILE = "diagrams.md"
FENCE = "+++"
MAX_SOURCE_BYTES = 1_000_000  # a rule text is a few pages; more is a mistake or an attack
# The UTF-8 signature some editors write at the start of a file: read as such, then dropped.
BYTE_ORDER_MARK = "\ufeff"
# Characters that reorder text invisibly (a "Trojan Source" attack): what prints is not what was read.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def read_source(path: Path, problems: Problems, folder: Path | None = None) -> str | None:
    """The text of a rule-text file, or None when it must not or cannot be read (the reason is in ``problems``).

    Only a regular file inside the game's folder (``folder``, by default the
    file's own) is read: a symlink to a device such as ``/dev/zero`` or to a
    FIFO would hang the reader, one leading elsewhere would read a file that
    is not the project's.  The checks are made on the resolved path before
    opening; the file is then opened without following a link and without
    blocking, and checked again, so a FIFO swapped in meanwhile cannot hang it.
    """
    folder = Path(folder) if folder is not None else Path(path).parent
    try:
        target = Path(path).resolve(strict=True)
        inside = target.is_relative_to(folder.resolve(strict=True))
    except (OSError, RuntimeError) as exc:
        problems.add(path, None, f"cannot read this file ({getattr(exc, 'strerror', None) or exc})")
        return None
    try:
        info = os.stat(target)
        if not stat.S_ISREG(info.st_mode):
            problems.add(path, None, "is not a regular file (a folder, device or FIFO); a rule text must be a plain file")
            return None
        if not inside:
            problems.add(path, None, f"leads outside the game's folder (to {target}); a rule text must be a file inside it")
            return None
        if info.st_size > MAX_SOURCE_BYTES:
            problems.add(path, None, f"is {info.st_size} bytes long; a rule text may have at most {MAX_SOURCE_BYTES}")
            return None
        descriptor = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                problems.add(path, None, "is not a regular file (a folder, device or FIFO); a rule text must be a plain file")
                return None
            data = handle.read(MAX_SOURCE_BYTES + 1)
    except OSError as exc:
        problems.add(path, None, f"cannot read this file ({exc.strerror or exc})")
        return None
    if len(data) > MAX_SOURCE_BYTES:
        problems.add(path, None, f"is longer than {MAX_SOURCE_BYTES} bytes, the most a rule text may have")
        return None
    try:
        text = data.decode("utf-8").removeprefix(BYTE_ORDER_MARK)  # an editor's UTF-8 signature, not text
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        problems.add(path, line, f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the file as UTF-8")
        return None
    for number, line_text in enumerate(text.split("\n"), start=1):
        found = BIDI_CONTROLS.search(line_text)
        if found:
            problems.add(path, number, f"the bidirectional control character U+{ord(found.group(0)):04X} reorders the text invisibly; remove it")
    return text


def source_file(folder: Path, lang: str) -> Path:
    """The file holding a game's text in ``lang`` ("pt" or "en")."""
    return folder / f"{LANGUAGES[lang][0]}.md"


# -- front matter --------------------------------------------------------------------


@dataclass(frozen=True)
class Reference:
    """One entry of the sources section; cited in the text as ``[@key]``."""

    key: str
    text: str  # inline Markdown
    url: str | None
    line: int


@dataclass
class FrontMatter:
    title: str = ""
    subtitle: str = ""
    game: str | None = None
    size: int | None = None
    variant: dict[str, str] = field(default_factory=dict)
    variant_note: str = ""
    players: str = ""
    time: str = ""
    ages: str = ""
    colours: tuple[str, ...] = ("", "")  # the players' names, one a seat (2 to 4)
    author: str = "boardgen"
    description: str = ""
    keywords: tuple[str, ...] = ()
    cover: str | None = None
    pieces: dict[str, str] = field(default_factory=dict)  # piece kind -> this language's word for several of them
    sources: list[Reference] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # key -> line of the front matter it is on
    valid: bool = True  # False when the TOML did not parse (nothing else is known then)

    def line_of(self, key: str) -> int:
        return self.lines.get(key, 1)


_STRING_KEYS = ("title", "subtitle", "game", "variant_note", "players", "time", "ages", "author", "description", "cover")
MARKDOWN_KEYS = ("variant_note",)  # front-matter strings read as inline Markdown (checked like the body)
MARKUP = re.compile(r"<[A-Za-z/!?]|!\[")
_REQUIRED = ("title", "variant_note", "colours")
KNOWN_KEYS = (*_STRING_KEYS, "size", "variant", "colours", "pieces", "keywords", "sources")


def split_front_matter(text: str, path: Path, problems: Problems) -> tuple[str, str, int]:
    """(front matter text, body text, line number of the body's first line)."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != FENCE:
        problems.add(path, 1, f"the file must start with front matter between two '{FENCE}' lines")
        return "", text, 1
    for index in range(1, len(lines)):
        if lines[index].strip() == FENCE:
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1 :]), index + 2
    problems.add(path, 1, f"the front matter is not closed: no second '{FENCE}' line")
    return "", "", len(lines) + 1


def _key_lines(front: str) -> dict[str, int]:
    """The line (1-based, in the file) where each top-level key appears."""
    found: dict[str, int] = {}
    for number, line in enumerate(front.split("\n"), start=2):
        match = re.match(r"\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=", line)
        if match and match.group(1) not in found:
            found[match.group(1)] = number
        match = re.match(r"\s*\[\[?\s*([A-Za-z_][A-Za-z0-9_-]*)", line)
        if match and match.group(1) not in found:
            found[match.group(1)] = number
    return found


def parse_front_matter(front: str, path: Path, problems: Problems) -> FrontMatter:
    meta = FrontMatter(lines=_key_lines(front))
    try:
        data: dict[str, Any] = tomllib.loads(front)
    except RecursionError:  # tomllib recurses once per nested array or table: 1,000 levels exhaust the stack
        line = _deepest_line(front)
        meta.valid = False
        problems.add(path, line, "front matter: arrays or tables nested too deeply for a rule text to mean anything; flatten them")
        return meta
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) + 1 if match else front.count("\n") + 2
        meta.valid = False
        problems.add(path, line, f"front matter: {re.sub(r' [(]at (line|end of document).*', '', str(exc))}")
        return meta
    for key in data:
        if key not in KNOWN_KEYS:
            problems.add(path, meta.line_of(key), f"front matter: unknown key {key!r} (known: {', '.join(KNOWN_KEYS)})")
    for key in _STRING_KEYS:
        if key in data:
            if isinstance(data[key], str) and data[key].strip():
                setattr(meta, key, data[key].strip())
                markup = MARKUP.search(data[key]) if key not in MARKDOWN_KEYS else None
                if markup:
                    problems.add(path, meta.line_of(key), f"front matter: {key} is plain text; HTML or Markdown images ({markup.group(0)!r}...) are not allowed in it")
            else:
                problems.add(path, meta.line_of(key), f"front matter: {key} must be a non-empty string")
    for key in _REQUIRED:
        if key not in data:
            problems.add(path, 1, f"front matter: {key} is missing")
    if "size" in data:
        if isinstance(data["size"], int) and not isinstance(data["size"], bool):
            meta.size = data["size"]
        else:
            problems.add(path, meta.line_of("size"), "front matter: size must be a whole number")
    if "variant" in data:
        value = data["variant"]
        if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            meta.variant = dict(value)
        else:
            problems.add(path, meta.line_of("variant"), 'front matter: variant must be a table of strings, e.g. { swap = "on" }')
    if "colours" in data:
        value = data["colours"]
        if isinstance(value, list) and 2 <= len(value) <= 4 and all(isinstance(v, str) and v.strip() for v in value):
            meta.colours = tuple(v.strip() for v in value)
        else:
            problems.add(path, meta.line_of("colours"), "front matter: colours must list two names (up to four in a game of more seats): the first player's, then the second's...")
    if "pieces" in data:
        value = data["pieces"]
        if isinstance(value, dict) and value and all(re.fullmatch(r"[a-z][a-z0-9_-]*", k) and isinstance(v, str) and v.strip() for k, v in value.items()):
            meta.pieces = {k: v.strip() for k, v in value.items()}
        else:
            problems.add(path, meta.line_of("pieces"), 'front matter: pieces must be a table of piece kinds and words, e.g. { officer = "cavaleiros", pawn = "peões" }')
    if "keywords" in data:
        value = data["keywords"]
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            meta.keywords = tuple(value)
        else:
            problems.add(path, meta.line_of("keywords"), "front matter: keywords must be a list of strings")
    if "sources" in data:
        meta.sources = _references(data["sources"], front, path, meta.line_of("sources"), problems)
    return meta


def _deepest_line(front: str) -> int:
    """The file line of the front matter where ``[`` and ``{`` nest deepest (the one that overflowed the reader)."""
    depth, deepest, where = 0, -1, 2
    for number, line in enumerate(front.split("\n"), start=2):
        for char in line:
            depth += 1 if char in "[{" else -1 if char in "]}" else 0
            if depth > deepest:
                deepest, where = depth, number
    return where


def _references(value: Any, front: str, path: Path, line: int, problems: Problems) -> list[Reference]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        problems.add(path, line, "front matter: sources must be a list of tables ([[sources]] with key, text and url)")
        return []
    # Line of each [[sources]] header, so a bad entry is reported where it is.
    headers = [n for n, text in enumerate(front.split("\n"), start=2) if text.strip().startswith("[[sources]]")]
    result, seen = [], set()
    for index, entry in enumerate(value):
        where = headers[index] if index < len(headers) else line
        key, text, url = entry.get("key"), entry.get("text"), entry.get("url")
        unknown = set(entry) - {"key", "text", "url"}
        if unknown:
            problems.add(path, where, f"sources: unknown field {sorted(unknown)[0]!r} (known: key, text, url)")
        if not isinstance(key, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", key):
            problems.add(path, where, "sources: every entry needs a key of letters, digits, '-' or '_'")
            continue
        if key in seen:
            problems.add(path, where, f"sources: key {key!r} is used twice")
        seen.add(key)
        if not isinstance(text, str) or not text.strip():
            problems.add(path, where, f"sources: entry {key!r} needs a text")
            text = key
        if url is not None and (not isinstance(url, str) or not url.startswith(("http://", "https://"))):
            problems.add(path, where, f"sources: the url of {key!r} must start with http:// or https://")
            url = None
        result.append(Reference(key, text.strip(), url, where))
    return result


def booklet_terms(folder: Path, lang: str) -> tuple[tuple[str, ...] | None, dict[str, str]]:
    """The words a game's rule text uses for the players (``colours``) and the pieces (``pieces``).

    A diagram drawn outside a booklet (``boardgen diagram``) is described with
    them, so its alternative text speaks like the booklet.
    """
    path = source_file(folder, lang)
    problems = Problems()
    text = read_source(path, problems, folder) if path.is_file() else None
    if text is None:
        return None, {}
    front, _, _ = split_front_matter(text, path, problems)
    meta = parse_front_matter(front, path, problems)
    return (meta.colours if all(meta.colours) else None), dict(meta.pieces)
