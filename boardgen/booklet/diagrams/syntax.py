"""The fenced ``diagram`` block: syntax and parsing into a :class:`DiagramSpec`.

A diagram is *defined* once, in the game's ``diagrams.md``::

    ```diagram swap
    size: 5
    moves: c2 swap
    legal: b2
    illegal: swap no-swap
    ```

and *shown* in each language file by a block with the same id whose content
is that language's caption.  Inside a definition, every line is ``key: value``
(blank lines and lines starting with ``#`` are skipped).  The keys:

==============  ==================================================================
game            the game id (default: the folder's game)
size            board size, for the start position (default: the booklet's)
variant         ``name=value`` pairs (default: the booklet's variant)
position        the start position in the engine's notation (default: the
                start position of the game)
moves           moves played from there, in order; the diagram shows the
                position after them, with move numbers and arrows (in a game
                of chance, a word given where a throw is due is the throw:
                ``moves: 3-1 8/5 6/5``)
throw           the throw made in the shown position (a game of chance: the
                position after the moves must be a chance point); the diagram
                draws it beside the board and its description says it
numbers         ``on`` (default), ``off``, or the number of the first move
arrows          ``from-to`` or ``a-b-c`` through several points (repeatable)
marks           points or cells to highlight (repeatable)
view            points whose surroundings are shown (a partial board)
coordinates     ``on`` (default) or ``off``
width           the largest width on the page, e.g. ``60mm``
legal           moves claimed legal in the shown position (repeatable)
illegal         ``MOVE CODE``: claimed illegal for the reason CODE (repeatable)
captures        ``MOVE POINT...``: MOVE is legal and removes exactly these pieces;
                ``POINT=N``: and N of them from POINT (where places hold counts)
wins            ``0`` or ``1`` (up to ``3`` in a game of more seats): the shown
                position is won by that player (or by a partnership it is in)
==============  ==================================================================

Parsing only checks the form; :mod:`boardgen.booklet.diagrams.check` checks
the content with the game's engine.  Every value remembers its line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from boardgen.booklet.problems import Problems
from boardgen.values import read_whole_number
from boardgen.booklet.markdown_source import DIAGRAM_INFO, ID_PATTERN, markdown, token_line
from boardgen.booklet.sources import read_source

SINGLE_KEYS = ("game", "size", "variant", "position", "moves", "numbers", "view", "coordinates", "width", "wins", "throw")
REPEATABLE_KEYS = ("arrows", "marks", "legal", "illegal", "captures")
ALIASES = {"arrow": "arrows", "mark": "marks", "move": "moves", "variants": "variant", "capture": "captures"}
KNOWN_KEYS = SINGLE_KEYS + REPEATABLE_KEYS
MAX_WIDTH_MM = 170.0
MIN_WIDTH_MM = 20.0


T = TypeVar("T", covariant=True)


@dataclass(frozen=True)
class Located(Generic[T]):
    """A value and the line of the source it came from (0: given as an option, not read from a file).

    Generic in the value, so each field of :class:`DiagramSpec` says what it
    holds and its readers need no casts.
    """

    value: T
    line: int


@dataclass
class DiagramSpec:
    """A diagram definition as written (not yet checked against the rules)."""

    id: str
    path: Path
    line: int  # the line of the opening fence
    game: Located[str] | None = None
    size: Located[int] | None = None
    variant: Located[dict[str, str]] | None = None
    position: Located[str] | None = None
    moves: Located[list[str]] | None = None
    numbers: Located[bool | int] | None = None  # on/off, or the number of the first move
    view: Located[list[str]] | None = None
    coordinates: bool = True
    width: Located[float] | None = None  # mm
    wins: Located[int] | None = None  # the player who has won
    throw: Located[str] | None = None  # the throw made in the shown position (games of chance)
    arrows: list[Located[tuple[str, ...]]] = field(default_factory=list)  # the points it runs through
    marks: list[Located[str]] = field(default_factory=list)
    legal: list[Located[str]] = field(default_factory=list)
    illegal: list[Located[tuple[str, str]]] = field(default_factory=list)  # (move, reason code)
    captures: list[Located[tuple[str, tuple[str, ...]]]] = field(default_factory=list)  # (move, points captured)

    @property
    def move_texts(self) -> list[str]:
        return list(self.moves.value) if self.moves else []

    def first_number(self) -> int | None:
        """Number of the first move, or None when moves are not numbered."""
        if self.numbers is None:
            return 1
        value = self.numbers.value
        if value is False:
            return None
        return 1 if value is True else int(value)


def parse_definition(ident: str, body: str, path: Path, fence_line: int, problems: Problems) -> DiagramSpec:
    """Parse the body of a definition block; ``fence_line`` is the line of the opening fence."""
    spec = DiagramSpec(ident, path, fence_line)
    seen: set[str] = set()
    for number, raw in enumerate(body.split("\n"), start=fence_line + 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, sep, value = text.partition(":")
        key = ALIASES.get(key.strip().lower(), key.strip().lower())
        value = value.strip()
        if not sep or not re.fullmatch(r"[a-z-]+", key):
            problems.add(path, number, f"diagram {ident}: expected 'key: value', got {text[:40]!r}")
            continue
        if key not in KNOWN_KEYS:
            problems.add(path, number, f"diagram {ident}: unknown key {key!r} (known: {', '.join(KNOWN_KEYS)})")
            continue
        if key in SINGLE_KEYS and key in seen:
            problems.add(path, number, f"diagram {ident}: {key} is given twice")
            continue
        seen.add(key)
        if not value:
            problems.add(path, number, f"diagram {ident}: {key} has no value")
            continue
        message = _store(spec, key, value, number)
        if message:
            problems.add(path, number, f"diagram {ident}: {key}: {message}")
    return spec


def _points(value: str) -> list[str]:
    return [word.lower() for word in value.replace(",", " ").split()]


def _store(spec: DiagramSpec, key: str, value: str, line: int) -> str | None:
    """Put one ``key: value`` into the spec; return why the value's form is wrong, if it is."""
    if key in ("game", "position", "throw"):
        setattr(spec, key, Located(value, line))
    elif key == "size":
        size = read_whole_number(value)
        if size is None:
            return f"expected a whole number, not {value!r}"
        spec.size = Located(size, line)
    elif key == "variant":
        pairs = {}
        for pair in value.replace(",", " ").split():
            name, sep, choice = pair.partition("=")
            if not sep or not name or not choice:
                return f"expected name=value pairs, not {pair!r}"
            pairs[name] = choice
        spec.variant = Located(pairs, line)
    elif key == "moves":
        spec.moves = Located(value.replace(",", " ").split(), line)
    elif key == "numbers":
        lowered = value.lower()
        if lowered in ("on", "off"):
            spec.numbers = Located(lowered == "on", line)
        elif (first := read_whole_number(value)) is not None and first >= 1:
            spec.numbers = Located(first, line)
        else:
            return f"expected on, off or the number of the first move, not {value!r}"
    elif key == "coordinates":
        if value.lower() not in ("on", "off"):
            return f"expected on or off, not {value!r}"
        spec.coordinates = value.lower() == "on"
    elif key == "width":
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*mm", value, flags=re.ASCII)  # ASCII: float("٥٠") is 50.0
        if not match or not MIN_WIDTH_MM <= float(match.group(1)) <= MAX_WIDTH_MM:
            return f"expected a width from {MIN_WIDTH_MM:g}mm to {MAX_WIDTH_MM:g}mm, not {value!r}"
        spec.width = Located(float(match.group(1)), line)
    elif key == "wins":
        if value not in ("0", "1", "2", "3"):
            return f"expected 0 (the player who moves first), 1, or up to 3 in a game of more seats, not {value!r}"
        spec.wins = Located(int(value), line)
    elif key == "view":
        spec.view = Located(_points(value), line)
    elif key == "arrows":
        for item in value.replace(",", " ").split():
            through = tuple(item.lower().split("-"))
            if len(through) < 2 or not all(through):
                return f"an arrow is written from-to (or a-b-c through several points), not {item!r}"
            spec.arrows.append(Located(through, line))
    elif key == "marks":
        spec.marks.extend(Located(point, line) for point in _points(value))
    elif key == "legal":
        spec.legal.extend(Located(move, line) for move in value.replace(",", " ").split())
    elif key == "illegal":
        words = value.split()
        if len(words) != 2:
            return "write the move and the reason code, e.g. 'illegal: e5 occupied'"
        spec.illegal.append(Located((words[0], words[1]), line))
    elif key == "captures":
        claim = read_captures(value)
        if claim is None:
            return "write the move and then every point it captures, e.g. 'captures: b2xd4 d4'"
        spec.captures.append(Located(claim, line))
    return None


def read_captures(value: str) -> tuple[str, tuple[str, ...]] | None:
    """A ``captures`` value, ``MOVE POINT...`` (``b2xd4 d4``, ``f1 d2=2``), as (move, points); None when not of that form.

    The one reading of it, for the diagram block's key and ``boardgen diagram --captures``.
    """
    words = value.split()
    if len(words) < 2:
        return None
    return words[0], tuple(word.lower() for word in words[1:])


def read_definitions(path: Path, problems: Problems) -> list[DiagramSpec]:
    """Every diagram defined in a ``diagrams.md`` file (other Markdown there is commentary)."""
    text = read_source(path, problems)
    if text is None:
        return []
    specs = []
    for token in markdown().parse(text):
        if token.type != "fence":
            continue
        words = token.info.split()
        if words[:1] != [DIAGRAM_INFO]:
            continue
        line = token_line(token, 0)
        if len(words) != 2 or not ID_PATTERN.match(words[1]):
            problems.add(path, line, "a diagram block starts with ```diagram ID (ID: lower-case letters, digits and '-')")
            continue
        specs.append(parse_definition(words[1], token.content, path, line, problems))
    return specs


def from_options(
    ident: str,
    *,
    game: str,
    size: int | None = None,
    variants: Mapping[str, str] | None = None,
    position: str | None = None,
    moves: list[str] | tuple[str, ...] = (),
    arrows: list[str] | tuple[str, ...] = (),
    marks: list[str] | tuple[str, ...] = (),
    view: list[str] | tuple[str, ...] = (),
    numbers: bool | int = True,
    coordinates: bool = True,
    legal: list[str] | tuple[str, ...] = (),
    illegal: list[tuple[str, str]] | tuple[tuple[str, str], ...] = (),
    captures: list[tuple[str, tuple[str, ...]]] | tuple[tuple[str, tuple[str, ...]], ...] = (),
    wins: int | None = None,
    throw: str | None = None,
    source: str = "<command line>",
) -> DiagramSpec:
    """A spec built from the command line (``boardgen diagram``), checked like a booklet diagram."""
    path = Path(source)
    spec = DiagramSpec(ident, path, 0, game=Located(game, 0), coordinates=coordinates)
    if size is not None:
        spec.size = Located(size, 0)
    if variants:
        spec.variant = Located(dict(variants), 0)
    if position is not None:
        spec.position = Located(position, 0)
    if moves:
        spec.moves = Located(list(moves), 0)
    spec.numbers = Located(numbers, 0)
    if view:
        spec.view = Located([p.lower() for p in view], 0)
    for item in arrows:
        spec.arrows.append(Located(tuple(item.lower().split("-")), 0))
    spec.marks = [Located(p.lower(), 0) for p in marks]
    spec.legal = [Located(m, 0) for m in legal]
    spec.illegal = [Located(pair, 0) for pair in illegal]
    spec.captures = [Located(pair, 0) for pair in captures]
    if wins is not None:
        spec.wins = Located(wins, 0)
    if throw is not None:
        spec.throw = Located(throw, 0)
    return spec
