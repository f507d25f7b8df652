"""Checking a game's rule texts as a whole: ``boardgen check`` and the first step of every build.

A game's folder in ``rules_text/`` holds one Markdown file per language
(``pt-BR.md``, ``en.md``) and ``diagrams.md`` with the diagram definitions.
:func:`load_game` reads them all and collects every problem:

* each file on its own (front matter, Markdown, raw HTML, images, links,
  citations of unknown sources, characters the bundled fonts cannot show);
* every diagram definition, replayed by the engine (:mod:`diagram_check`);
* the languages against each other: the same game, size and variant, the same
  sources, the same sections (by level, in order) and, section by section,
  the same diagrams in the same order.

Nothing is rendered here; the result feeds :mod:`boardgen.booklet.html`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from boardgen.booklet.diagrams.check import CheckedDiagram, Defaults, check_diagram
from boardgen.booklet.diagrams.syntax import DiagramSpec, read_definitions
from boardgen.booklet.paths import text_roots
from boardgen.booklet.problems import Problem, Problems
from boardgen.booklet.runs import plain_long_run
from boardgen.booklet.markdown_source import DiagramRef, LanguageSource, TextChunk, inline_problems, markdown, read_language, text_of
from boardgen.booklet.sources import DIAGRAMS_FILE, LANGUAGES, source_file
from boardgen.drawing.fonts import font_path
from boardgen.errors import BoardgenError
from boardgen.registry import GameInfo, get_game

# The fonts the templates set text in; every character of a source must be in all of them.
TEXT_FONTS = ("serif", "serif-bold", "serif-italic", "sans", "sans-bold")


@dataclass
class GameSources:
    """Everything known about one game's rule texts after checking them."""

    folder: Path
    game: GameInfo | None
    languages: dict[str, LanguageSource] = field(default_factory=dict)
    definitions: dict[str, DiagramSpec] = field(default_factory=dict)
    diagrams: dict[str, CheckedDiagram] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    defaults: Defaults | None = None

    @property
    def id(self) -> str:
        return self.game.id if self.game else self.folder.name


@cache
def _font_coverage() -> frozenset[int]:
    """Code points every text font has (the body and headings must not fall back to system fonts)."""
    from fontTools.ttLib import TTFont

    sets = []
    for name in TEXT_FONTS:
        with TTFont(str(font_path(name)), lazy=True) as font:
            sets.append(set(font.getBestCmap()))
    return frozenset(set.intersection(*sets))


def _check_characters(items: list[tuple[str, int]], path: Path, offset: int, problems: Problems) -> None:
    covered = _font_coverage()
    reported: set[str] = set()
    for text, line in items:
        for char in text:
            if ord(char) not in covered and char not in "\n\t" and char not in reported:
                reported.add(char)
                problems.add(path, line + offset, f"the character {char!r} (U+{ord(char):04X}) is not in the bundled fonts; write it another way")


def game_folders(paths: list[Path] | None = None) -> list[Path]:
    """The game folders named by ``paths`` (a game folder, a file in one, or a folder of them)."""
    if not paths:
        paths = list(text_roots())
    folders: list[Path] = []
    for path in paths:
        path = Path(path)
        if not path.exists():
            raise BoardgenError(f"{path}: no such file or folder")
        if path.is_file():
            candidates = [path.parent]
        elif not path.is_dir():
            raise BoardgenError(f"{path}: not a file or folder (a device or FIFO?); give a game folder or a file in one")
        elif any(source_file(path, lang).exists() for lang in LANGUAGES) or (path / DIAGRAMS_FILE).exists():
            candidates = [path]
        else:
            candidates = sorted(p for p in path.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
        for folder in candidates:
            if folder.resolve() not in [f.resolve() for f in folders]:
                folders.append(folder)
    return folders


def check_paths(paths: list[Path] | None = None) -> list[Problem]:
    """Every problem in the rule texts under ``paths`` (default: all of ``rules_text/``)."""
    problems: list[Problem] = []
    for folder in game_folders(paths):
        problems.extend(load_game(folder).problems)
    return problems


def load_game(folder: Path, game_id: str | None = None) -> GameSources:
    """Read and check one game's folder; problems are in ``.problems`` (never raised).

    The game is the one named by the folder (``rules_text/hex``) unless
    ``game_id`` says otherwise (rule texts kept somewhere else).
    """
    folder = Path(folder)
    problems = Problems()
    first_file = source_file(folder, "pt")
    game: GameInfo | None = None
    name = game_id or folder.name
    try:
        game = get_game(name)
    except BoardgenError:
        from boardgen.registry import all_games

        known = ", ".join(g.id for g in all_games())
        what = "game" if game_id else "folder"
        problems.add(first_file if first_file.exists() else folder, 1 if first_file.exists() else None, f"the {what} {name!r} is not a game id (known: {known})")
    result = GameSources(folder, game)

    for path in sorted(folder.glob("*.md")):
        if path.name not in {source_file(folder, lang).name for lang in LANGUAGES} | {DIAGRAMS_FILE}:
            expected = ", ".join([source_file(folder, lang).name for lang in LANGUAGES] + [DIAGRAMS_FILE])
            problems.add(path, None, f"unexpected file; a game folder holds {expected}")
    for lang in LANGUAGES:
        path = source_file(folder, lang)
        if not os.path.lexists(path):  # a broken or looping link is there, and refused when read
            problems.add(folder, None, f"{path.name} is missing: every game has its text in {' and '.join(source_file(folder, l).name for l in LANGUAGES)}")
            continue
        source = read_language(path, lang, problems, folder)
        if source is None:
            continue
        result.languages[lang] = source
        _check_language(source, problems)

    if game is not None and result.languages:
        result.defaults = _defaults(result, game, problems)
        _check_agreement(result, problems)

    definitions_path = folder / DIAGRAMS_FILE
    if os.path.lexists(definitions_path):
        for spec in read_definitions(definitions_path, problems):
            if spec.id in result.definitions:
                first = result.definitions[spec.id]
                problems.add(definitions_path, spec.line, f"diagram {spec.id} is defined twice (first on line {first.line})")
                continue
            result.definitions[spec.id] = spec
    if result.defaults is not None:
        for ident, spec in result.definitions.items():
            checked = check_diagram(spec, result.defaults, problems)
            if checked is not None:
                result.diagrams[ident] = checked
    _check_references(result, problems)
    if game is not None and result.defaults is not None:
        _check_piece_words(result, game, problems)
    result.problems = sorted(problems.items, key=lambda p: (p.path, p.line or 0))
    return result


def _check_language(source: LanguageSource, problems: Problems) -> None:
    """What can be checked in one language alone: citations, captions, characters."""
    keys = {ref.key for ref in source.meta.sources}
    texts: list[tuple[str, int]] = []
    meta = source.meta
    for name in ("title", "subtitle", "variant_note", "players", "time", "ages", "description"):
        value = getattr(meta, name)
        if value:
            texts.append((value, meta.line_of(name) - source.offset))
            if run := plain_long_run(value, meta.line_of(name)):
                problems.add(source.path, run.line, f"front matter: {name}: {run.problem()}")
    for ref in meta.sources:
        texts.append((ref.text, ref.line - source.offset))
        _check_front_markdown(ref.text, ref.line, source, problems)
    if meta.variant_note:
        _check_front_markdown(meta.variant_note, meta.line_of("variant_note"), source, problems)
    for section in source.sections:
        texts.extend((text, line) for text, line in text_of(section.title))
        for item in section.items:
            if isinstance(item, TextChunk):
                texts.extend(text_of(item.tokens))
                _check_citations(item.tokens, keys, source, problems)
            else:
                caption_tokens = markdown().parse(item.caption)
                for token in caption_tokens:
                    token.map = [item.line - source.offset, item.line - source.offset + 1]
                    if token.type == "inline":
                        inline_problems(token, source.path, source.offset, problems)
                texts.extend(text_of(caption_tokens))
                _check_citations(caption_tokens, keys, source, problems)
    _check_characters(texts, source.path, source.offset, problems)


def _check_front_markdown(text: str, line: int, source: LanguageSource, problems: Problems) -> None:
    """A front-matter string rendered as inline Markdown gets the body's checks (HTML, images, links) at its line."""
    for token in markdown().parseInline(text):  # as html.render_inline reads it
        if token.type == "inline":
            token.map = [line - 1 - source.offset, line - source.offset]
            inline_problems(token, source.path, source.offset, problems)


def _check_citations(tokens, keys: set[str], source: LanguageSource, problems: Problems) -> None:
    for token in tokens:
        if token.type != "inline":
            continue
        line = (token.map[0] if token.map else 0) + 1 + source.offset
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "citation":
                for key in child.meta["keys"]:
                    if key not in keys:
                        known = ", ".join(sorted(keys)) or "none: add [[sources]] to the front matter"
                        problems.add(source.path, line, f"citation [@{key}]: no source with that key (known: {known})")
            elif child.type == "text" and "[@" in child.content:
                start = child.content.index("[@")
                problems.add(source.path, line, f"citation {child.content[start:start + 30]!r} is not understood: write [@key], or [@a; @b] for several sources")


def _defaults(result: GameSources, game: GameInfo, problems: Problems) -> Defaults | None:
    """The game, size and variant the text describes (from the first language's front matter)."""
    source = next(iter(result.languages.values()))
    meta = source.meta
    if meta.game is not None and meta.game != game.id:
        problems.add(source.path, meta.line_of("game"), f"front matter: game {meta.game!r} does not match the folder ({game.id})")
    try:
        size = game.check_size(meta.size, "size")
        variant = game.resolve_variants(meta.variant, "variant")
    except BoardgenError as exc:
        problems.add(source.path, meta.line_of("size" if "size" in str(exc).split(":")[0] else "variant"), f"front matter: {exc}")
        return None
    return Defaults(game.id, size, variant)


def _check_agreement(result: GameSources, problems: Problems) -> None:
    """The languages must describe the same booklet: same settings, sources, sections and diagrams."""
    langs = list(result.languages.values())
    if len(langs) < 2:
        return
    first = langs[0]
    for other in langs[1:]:
        if not (first.meta.valid and other.meta.valid):
            _compare_sections(first, other, problems)
            continue
        for key in ("game", "size", "variant", "cover"):
            mine, theirs = getattr(first.meta, key), getattr(other.meta, key)
            if mine != theirs:
                problems.add(other.path, other.meta.line_of(key), f"front matter: {key} is {theirs!r} here but {mine!r} in {first.path.name}")
        mine_keys = [ref.key for ref in first.meta.sources]
        their_keys = [ref.key for ref in other.meta.sources]
        if mine_keys != their_keys:
            problems.add(other.path, other.meta.line_of("sources"), f"front matter: the sources here ({', '.join(their_keys) or 'none'}) differ from {first.path.name} ({', '.join(mine_keys) or 'none'}); list the same keys in the same order")
        _compare_sections(first, other, problems)


def _describe_section(source: LanguageSource, index: int) -> str:
    section = source.sections[index]
    if section.level == 0:
        return "the text before the first heading"
    return f"{'#' * section.level} {section.plain_title} ({source.path.name}:{section.line})"


def _compare_sections(first: LanguageSource, other: LanguageSource, problems: Problems) -> None:
    a, b = first.sections, other.sections
    for index in range(max(len(a), len(b))):
        if index >= len(b):
            line = b[-1].line if b else 1
            problems.add(other.path, line, f"missing section: {first.path.name} goes on with {_describe_section(first, index)}")
            return
        if index >= len(a):
            problems.add(other.path, b[index].line, f"extra section: {first.path.name} has no section matching this one")
            return
        if a[index].level != b[index].level:
            problems.add(other.path, b[index].line, f"section {index + 1} is level {b[index].level} here but level {a[index].level} in {first.path.name}: {_describe_section(first, index)}")
            return
        ids_a, ids_b = a[index].diagram_ids(), b[index].diagram_ids()
        if ids_a != ids_b:
            refs_b = [item for item in b[index].items if isinstance(item, DiagramRef)]
            position = next((k for k in range(min(len(ids_a), len(ids_b))) if ids_a[k] != ids_b[k]), min(len(ids_a), len(ids_b)))
            line = refs_b[position].line if position < len(refs_b) else b[index].line
            problems.add(other.path, line, f"the diagrams of this section ({', '.join(ids_b) or 'none'}) differ from {first.path.name} ({', '.join(ids_a) or 'none'}); show the same diagrams in the same order")


def piece_kinds(result: GameSources, game: GameInfo) -> set[str]:
    """The kinds of piece this game has: in its start position and in every diagram of the booklet."""
    kinds: set[str] = set()
    assert result.defaults is not None
    try:
        start = game.load_engine().initial(result.defaults.size, result.defaults.variant)
        kinds.update(piece.kind for _, piece in start.placements())
    except BoardgenError:
        pass
    for checked in result.diagrams.values():
        for state in (checked.start, *checked.before, checked.final):
            kinds.update(piece.kind for _, piece in state.placements())
    return kinds


def _check_piece_words(result: GameSources, game: GameInfo, problems: Problems) -> None:
    """``pieces`` names kinds the game has, and every language names the same ones."""
    kinds = piece_kinds(result, game)
    langs = list(result.languages.values())
    for source in langs:
        for kind in source.meta.pieces:
            if kind not in kinds:
                problems.add(source.path, source.meta.line_of("pieces"), f"front matter: pieces: {game.id} has no piece of kind {kind!r} (its kinds: {', '.join(sorted(kinds))})")
    if any("pieces" in source.meta.lines and not source.meta.pieces for source in langs):
        return  # one of them did not parse: that is reported already
    first = langs[0]
    for other in langs[1:]:
        if sorted(first.meta.pieces) != sorted(other.meta.pieces):
            mine, theirs = ", ".join(sorted(first.meta.pieces)) or "none", ", ".join(sorted(other.meta.pieces)) or "none"
            problems.add(other.path, other.meta.line_of("pieces") if other.meta.pieces else 1, f"front matter: pieces names {theirs} here but {mine} in {first.path.name}; name the same kinds in every language")


def _check_references(result: GameSources, problems: Problems) -> None:
    known = result.definitions
    for source in result.languages.values():
        for section in source.sections:
            for item in section.items:
                if isinstance(item, DiagramRef) and item.id and item.id not in known:
                    where = f"{DIAGRAMS_FILE} defines: {', '.join(sorted(known))}" if known else f"no {DIAGRAMS_FILE} definitions"
                    problems.add(source.path, item.line, f"diagram {item.id} is not defined ({where})")
        cover = source.meta.cover
        if cover and cover not in known:
            problems.add(source.path, source.meta.line_of("cover"), f"front matter: cover diagram {cover!r} is not defined in {DIAGRAMS_FILE}")
