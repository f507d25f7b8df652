"""One language's rule text: TOML front matter plus Markdown, parsed with line numbers.

A source file looks like::

    +++
    title = "Hex"
    variant = { swap = "on" }
    variant_note = "..."
    +++

    # First section

    Text, with a citation [@gardner] ...

    ```diagram swap
    The caption of diagram "swap" in this language.
    ```

The front matter is TOML between two ``+++`` lines.  The body is CommonMark
(plus tables) read by markdown-it-py, whose tokens carry source line numbers;
this module turns them into :class:`Section` objects made of text chunks and
diagram references, and records every problem as ``file:line: message``.

The Markdown is untrusted: raw HTML is refused (and would be escaped),
images may only come from the game's own folder, links only go to the web
(``http``, ``https``, ``mailto``) or to an anchor.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
import warnings
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from boardgen.booklet.problems import Problems
from boardgen.booklet.runs import long_run

# Language code used on the command line -> (file name stem, HTML/PDF language tag).
LANGUAGES: dict[str, tuple[str, str]] = {"pt": ("pt-BR", "pt-BR"), "en": ("en", "en")}
DIAGRAMS_FILE = "diagrams.md"
FENCE = "+++"
DIAGRAM_INFO = "diagram"
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
LINK_SCHEMES = ("http://", "https://", "mailto:")
MAX_HEADING = 3
MAX_DEPTH = 6  # lists and quotes inside each other; markdown-it stops nesting, silently, at 20 levels
CONTAINERS = ("bullet_list_open", "ordered_list_open", "blockquote_open")
MAX_SOURCE_BYTES = 1_000_000  # a rule text is a few pages; more is a mistake or an attack
# Paragraphs, headings, list items, table cells, emphasis, code spans, links, citations, images...: the
# typesetter spends about a millisecond on each (more inside one long paragraph), so 60,000 spans of
# emphasis in 240 KB took 147 s.  The rule texts have at most about 300.
MAX_ELEMENTS = 5000
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


# -- Markdown -------------------------------------------------------------------------


CITATION = re.compile(r"\[\s*@([A-Za-z0-9_-]+)((?:\s*;\s*@[A-Za-z0-9_-]+)*)\s*\]")
CITATION_KEY = re.compile(r"@([A-Za-z0-9_-]+)")


def _citation_rule(state: StateInline, silent: bool) -> bool:
    """``[@key]`` or ``[@a; @b]``: a citation of one or several entries of the front matter's sources."""
    if not state.src.startswith("[@", state.pos) and not state.src.startswith("[ ", state.pos):
        return False
    match = CITATION.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("citation", "", 0)
        keys = [match.group(1), *CITATION_KEY.findall(match.group(2))]
        token.meta = {"keys": keys}
    state.pos = match.end()
    return True


@cache
def markdown() -> MarkdownIt:
    """The parser for rule texts (CommonMark + tables + typographic quotes, citations).

    ``html`` is on only so that raw HTML shows up as its own tokens, which the
    checker reports and the renderer escapes; it never reaches the PDF as HTML.
    """
    md = MarkdownIt("commonmark", {"html": True, "typographer": True})
    md.enable(["table", "strikethrough", "replacements", "smartquotes"])
    md.inline.ruler.before("link", "citation", _citation_rule)
    # markdown-it leaves a link it finds unsafe (javascript:, file:, ...) as plain text,
    # silently; taking every address as a link lets the checker refuse it with file:line.
    # The renderer writes only allowed addresses (and images of the game's folder).
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


@dataclass
class DiagramRef:
    """A diagram shown at this spot, with its caption in this language."""

    id: str
    caption: str  # inline Markdown
    line: int


@dataclass
class TextChunk:
    """Consecutive Markdown blocks between two headings or diagrams."""

    tokens: list[Token]
    line: int


@dataclass
class Section:
    """A heading (level 0: the text before the first heading) and what follows it up to the next."""

    level: int
    title: list[Token]  # the heading's inline token (empty for level 0)
    line: int
    items: list[TextChunk | DiagramRef] = field(default_factory=list)

    @property
    def plain_title(self) -> str:
        return "".join(child.content for token in self.title for child in (token.children or []) if child.type in ("text", "code_inline"))

    def diagram_ids(self) -> list[str]:
        return [item.id for item in self.items if isinstance(item, DiagramRef)]


@dataclass
class LanguageSource:
    lang: str  # "pt" or "en"
    path: Path
    meta: FrontMatter
    sections: list[Section]
    offset: int  # file line of the body's first line, minus one

    @property
    def tag(self) -> str:
        return LANGUAGES[self.lang][1]


def read_language(path: Path, lang: str, problems: Problems, folder: Path | None = None) -> LanguageSource | None:
    """Parse one language's source; problems are collected, never raised (None: the file could not be read)."""
    text = read_source(path, problems, folder)
    if text is None:
        return None
    front, body, first = split_front_matter(text, path, problems)
    meta = parse_front_matter(front, path, problems)
    offset = first - 1
    tokens = markdown().parse(body)
    _check_elements(tokens, path, offset, problems)
    sections = _sections(tokens, path, offset, problems)
    return LanguageSource(lang, path, meta, sections, offset)


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


def token_line(token: Token, offset: int) -> int:
    return (token.map[0] if token.map else 0) + 1 + offset


def _top_level_blocks(tokens: list[Token]) -> list[list[Token]]:
    """Split the token stream into top-level blocks (an open token up to its matching close)."""
    blocks, current, depth = [], [], 0
    for token in tokens:
        current.append(token)
        depth += token.nesting
        if depth == 0:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _sections(tokens: list[Token], path: Path, offset: int, problems: Problems) -> list[Section]:
    sections = [Section(0, [], 1 + offset)]
    for block in _top_level_blocks(tokens):
        head = block[0]
        line = token_line(head, offset)
        if head.type == "heading_open":
            level = int(head.tag[1])
            if level > MAX_HEADING:
                problems.add(path, line, f"headings go down to level {MAX_HEADING} (###), not {head.tag}")
            sections.append(Section(level, [t for t in block if t.type == "inline"], line))
        elif head.type == "fence" and head.info.strip().split()[:1] == [DIAGRAM_INFO]:
            sections[-1].items.append(_diagram_ref(head, path, line, problems))
        else:
            if head.type == "html_block":
                problems.add(path, line, "raw HTML is not allowed in rule texts; write Markdown instead")
            items = sections[-1].items
            if items and isinstance(items[-1], TextChunk):
                items[-1].tokens.extend(block)
            else:
                items.append(TextChunk(list(block), line))
        _check_depth(block, path, offset, problems)
        for token in block:
            if token.type == "inline":
                _check_inline(token, path, offset, problems)
    if not sections[0].items:
        sections.pop(0)
    return sections


def _check_elements(tokens: list[Token], path: Path, offset: int, problems: Problems) -> None:
    """More than MAX_ELEMENTS pieces of markup (block or inline) are refused at the line of the first one too many."""
    count = 0
    for token in tokens:
        line = token_line(token, offset)
        for piece in token.children or [] if token.type == "inline" else [token]:
            if piece.type in ("softbreak", "hardbreak"):
                line += 1
            if piece.nesting < 0 or piece.type in ("text", "softbreak"):
                continue  # plain text, or a closing tag (its element is counted at its opening)
            count += 1
            if count > MAX_ELEMENTS:
                problems.add(path, line, f"more than {MAX_ELEMENTS} pieces of markup (paragraphs, list items, emphasis, code, links...) from here on; a rule text needs far fewer")
                return


def _check_depth(block: list[Token], path: Path, offset: int, problems: Problems) -> None:
    """Lists and quotes nested more than MAX_DEPTH deep are refused (once per top-level block)."""
    depth = 0
    for token in block:
        if token.type in CONTAINERS:
            depth += 1
            if depth > MAX_DEPTH:
                problems.add(path, token_line(token, offset), f"lists and quotes are nested more than {MAX_DEPTH} deep here; a booklet needs far less")
                return
        elif token.type.replace("_close", "_open") in CONTAINERS:
            depth -= 1


def _diagram_ref(token: Token, path: Path, line: int, problems: Problems) -> DiagramRef:
    words = token.info.split()
    ident = words[1] if len(words) > 1 else ""
    if len(words) != 2 or not ID_PATTERN.match(ident):
        problems.add(path, line, "a diagram block starts with ```diagram ID (ID: lower-case letters, digits and '-')")
    caption = " ".join(token.content.split())
    if not caption:
        problems.add(path, line, f"diagram {ident}: the caption is missing (write it inside the block)")
    return DiagramRef(ident, caption, line)


def inline_problems(token: Token, path: Path, offset: int, problems: Problems) -> None:
    """Check the inline parts of a caption or paragraph (also used for captions parsed separately)."""
    _check_inline(token, path, offset, problems)


def _check_inline(token: Token, path: Path, offset: int, problems: Problems) -> None:
    line = token_line(token, offset)
    children = token.children or []
    if run := long_run(children, line):  # measured as typeset, across code, emphasis and citations
        problems.add(path, run.line, run.problem())
    for child in children:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "html_inline":
            problems.add(path, line, f"raw HTML is not allowed in rule texts ({child.content.strip()[:40]}); write Markdown instead")
        elif child.type == "image":
            image_problem = check_image(image_name(str(child.attrGet("src") or "")), path.parent)
            if image_problem:
                problems.add(path, line, image_problem)
            if not child.content.strip():
                problems.add(path, line, "an image needs a description: ![what it shows](file)")
        elif child.type == "link_open":
            href = str(child.attrGet("href") or "")
            if not allowed_link(href):
                problems.add(path, line, f"links may go to http(s) or mailto addresses only, not {href[:60]!r}")


def allowed_link(href: str) -> bool:
    """Whether a link may go into a booklet: a web or mail address (any case), or an anchor."""
    return href.startswith("#") or href.lower().startswith(LINK_SCHEMES)


# What each kind of image starts with; a file that does not is refused.
IMAGE_MAGIC = {".png": (b"\x89PNG\r\n\x1a\n",), ".jpg": (b"\xff\xd8\xff",), ".jpeg": (b"\xff\xd8\xff",)}
SVG_START = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]", re.DOTALL)


def image_content_problem(target: Path) -> str | None:
    """Why the file ``target`` is not the kind of image its name says (None when it is)."""
    try:
        if not stat.S_ISREG(os.stat(target).st_mode):
            return "is not a regular file"
        with open(target, "rb") as handle:
            head = handle.read(4096)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    suffix = target.suffix.lower()
    if suffix == ".svg":
        return None if SVG_START.match(head) else "is not an SVG file (no <svg> element at its start)"
    if not head.startswith(IMAGE_MAGIC[suffix]):
        return f"is not a {suffix[1:].upper()} file (its content does not match its name)"
    return _decode_problem(target)


MAX_IMAGE_BYTES = 10_000_000
MAX_IMAGE_PIXELS = 40_000_000  # 8000 x 5000: more than any printed page needs


def _decode_problem(target: Path) -> str | None:
    """Why the typesetter would fail to load a PNG or JPEG (decoded the way it does, with Pillow), or None.

    Found here, the failure is reported at the image's ``file:line`` with its
    reason instead of as WeasyPrint's ``Failed to load image at ...``.  Without
    Pillow (installed with the booklet extras) only the signature is checked.

    A file of a few kilobytes may claim 15,000 x 15,000 pixels (a
    "decompression bomb"): Pillow's ``Image.open`` then prints a
    DecompressionBombWarning on stderr above its own limit (89,478,485 pixels)
    and raises DecompressionBombError above twice that.  Both are this
    image's problem, not the program's: the warning is caught, not printed,
    and either gives the same one line as any image over MAX_IMAGE_PIXELS.
    """
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - only without the booklet extras
        return None
    if target.stat().st_size > MAX_IMAGE_BYTES:
        return f"is larger than {MAX_IMAGE_BYTES:,} bytes"
    too_many = f"images may have at most {MAX_IMAGE_PIXELS:,} pixels"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(target) as image:
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    return f"has {width} x {height} = {width * height:,} pixels; {too_many}"
                image.verify()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as bomb:
        claimed = re.search(r"\((\d{1,18}) pixels\)", str(bomb))  # Pillow: "Image size (N pixels) exceeds limit of M pixels, ..."
        size = f"{int(claimed.group(1)):,} pixels" if claimed else "more pixels"
        return f"claims {size}, more than Pillow opens without suspecting a decompression bomb; {too_many}"
    except Exception as exc:  # Pillow raises many kinds for a damaged file
        return f"cannot be decoded ({exc or type(exc).__name__})"
    return None


def image_name(src: str) -> str:
    """The file name an image reference means: markdown-it percent-encodes ``peça.png`` and ``<a b.png>``.

    The reference is written with the file's own name (accents, and spaces
    inside ``<...>``); markdown-it hands it on as a URL (``pe%C3%A7a.png``),
    which names no file until decoded.
    """
    return unquote(src)


def check_image(src: str, folder: Path) -> str | None:
    """Why an image reference is refused (None when it is a file of the game's own folder)."""
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", src) or src.startswith(("/", "\\")):
        return f"images must be files in the game's folder, given by a relative path; {src[:60]!r} is not"
    target = (folder / src).resolve()
    if not target.is_relative_to(folder.resolve()):
        return f"image {src!r} is outside the game's folder"
    if target.suffix.lower() not in IMAGE_SUFFIXES:
        return f"image {src!r}: only {', '.join(IMAGE_SUFFIXES)} files are allowed"
    if not target.is_file():
        return f"image {src!r} does not exist"
    wrong = image_content_problem(target)
    if wrong:
        return f"image {src!r} {wrong}"
    return None


def text_of(tokens: list[Token]) -> list[tuple[str, int]]:
    """Every piece of visible text in ``tokens`` with its line (for the font coverage check)."""
    found = []
    for token in tokens:
        if token.type == "inline":
            line = (token.map[0] if token.map else 0) + 1
            for child in token.children or []:
                if child.type in ("softbreak", "hardbreak"):
                    line += 1
                elif child.type in ("text", "code_inline"):
                    found.append((child.content, line))
                elif child.type == "image":
                    found.append((child.content, line))
        elif token.type in ("fence", "code_block"):
            found.append((token.content, (token.map[0] if token.map else 0) + 1))
    return found
