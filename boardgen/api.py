"""boardgen as a library: the four jobs of the command line, and the engines.

* :func:`board_sheet`: a printable, exact-scale board (single sheet, tiled poster,
  or pen-and-paper sheet) as PDF or SVG;
* :func:`booklet`: a game's rule booklet, checked then typeset to PDF;
* :func:`check`: every problem in rule texts, as ``file:line`` problems;
* :func:`diagram`: one engine-checked example position as SVG or PDF;
* the engines: :func:`get_game` and :func:`all_games` find a game
  (:class:`GameInfo`), whose ``load_engine()`` is a :class:`GameState` class.

Every option is a keyword.  A value that is not allowed raises
:class:`~boardgen.errors.OptionError` whose ``.option`` is the keyword (``ink``,
not the command line's ``--ink``) and whose message says what is allowed;
problems in rule texts raise :class:`~boardgen.booklet.problems.ProblemsError`
listing them all; an illegal move or a false claim in a diagram raises
OptionError naming its keyword (``moves``, ``legal``...) with the engine's
reason.  All of them are :class:`~boardgen.errors.BoardgenError`.  Functions
that make a file return its bytes, and also write them (whole or not at all)
when given ``path``.

The results are the same bytes as the command line's: both go through the same
lower layers (:mod:`boardgen.sheets.request`, :mod:`boardgen.booklet.build`,
:mod:`boardgen.booklet.diagrams.render`).  :func:`board_sheet` needs only the
drawing stack; the other three need the ``[booklets]`` extra.  See ``docs/api.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
import os
from os import PathLike
from pathlib import Path

from boardgen.booklet.problems import Problem, ProblemsError
from boardgen import extras, registry
from boardgen.engine import perft as counting
from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.errors import BoardgenError, IllegalMoveError, NotationError, OptionError, PositionError, SourceError, shown
from boardgen.registry import GameInfo, Variant, all_games
from boardgen.sheets import paper as papers
from boardgen.sheets.paper import Paper
from boardgen.sheets.request import SHEET_FORMATS, board_request, render_board_file

__all__ = [
    "board_sheet",
    "booklet",
    "check",
    "diagram",
    "get_game",
    "all_games",
    "GameInfo",
    "Variant",
    "GameState",
    "Move",
    "Outcome",
    "Piece",
    "perft",
    "Problem",
    "ProblemsError",
    "Paper",
    "parse_paper",
    "default_paper",
    "BoardgenError",
    "OptionError",
    "NotationError",
    "PositionError",
    "IllegalMoveError",
    "SourceError",
]

StrPath = str | PathLike[str]
DIAGRAM_FORMATS = ("svg", "pdf")
BOOKLET_LANGS_DEFAULT = ("pt", "en")


def board_sheet(
    game: str,
    *,
    path: StrPath | None = None,
    size: int | None = None,
    paper: str | Paper | None = None,
    format: str | None = None,
    ink: str = "full",
    cell_mm: float | None = None,
    board_mm: float | None = None,
    orientation: str = "auto",
    coordinates: bool = True,
    setup: bool = False,
    centre_mark: bool = True,
    tile: bool = False,
    overlap_mm: float | None = None,
    cut_marks: bool = False,
    per_sheet: int | None = None,
) -> bytes:
    """A printable board of ``game`` as PDF or SVG bytes (also written to ``path`` when given).

    ``size``: board size for games played on several (default: the game's).
    ``paper``: ``"a4"``, ``"letter"``, ``"a3"``... or ``"WIDTHxHEIGHT"`` in mm
    (default: from the environment and locale, as the command line).
    ``format``: ``"pdf"``, ``"svg"`` or ``"png"`` (300 dpi) (default: from ``path``'s suffix, else pdf).
    ``ink``: ``"full"``, ``"light"`` (outlines and hatching, for cheap printing) or ``"mono"`` (one ink, patterns only).
    ``cell_mm`` or ``board_mm``: the scale, as one cell's size or the board's width
    (default: as large as fits). ``orientation``: ``"auto"``, ``"portrait"``,
    ``"landscape"``. ``tile``: a board larger than the paper over several sheets,
    ``overlap_mm`` apart (default 10); with no ``cell_mm`` or ``board_mm``, the game's
    poster (its board's ``poster_cell_mm``, the build's poster file). ``per_sheet``: that
    many small boards for pen and paper (Hex, Trihex). ``coordinates``, ``setup`` (start position drawn),
    ``centre_mark`` and ``cut_marks`` are True or False.

    >>> api.board_sheet("hex", size=5, paper="a4")[:5]
    b'%PDF-'
    >>> api.board_sheet("hex", ink="dark")
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: ink: must be full, light or mono, not 'dark'
    """
    target = _path(path)
    fmt = _output_format(format, target, SHEET_FORMATS, "pdf")
    request = board_request(
        game,
        size=size,
        paper=paper,
        format=fmt,
        ink=ink,
        cell_mm=cell_mm,
        board_mm=board_mm,
        orientation=orientation,
        coordinates=coordinates,
        setup=setup,
        centre_mark=centre_mark,
        tile=tile,
        overlap_mm=overlap_mm,
        cut_marks=cut_marks,
        per_sheet=per_sheet,
    )
    if target is not None:
        _check_writable(target)
    data, _ = render_board_file(request)
    return _deliver(data, target)


def booklet(
    game: str,
    *,
    path: StrPath | None = None,
    langs: str | Sequence[str] = BOOKLET_LANGS_DEFAULT,
    paper: str | None = None,
    impose: bool = False,
    sources: StrPath | None = None,
    ink: str = "full",
) -> bytes:
    """The rule booklet of ``game`` as PDF bytes (also written to ``path`` when given).

    ``langs``: ``("pt", "en")`` (default; side by side), ``("en",)``, or the
    command line's ``"pt+en"``. ``paper``: the page, ``"a5"`` (default), ``"a4"``
    or ``"letter"``; with ``impose=True`` the A5 pages are laid two-up in
    saddle-stitch order and ``paper`` is the sheet, ``"a4"`` or ``"letter"``
    (default: from the locale). ``sources``: a folder of rule texts to use instead
    of the game's own. ``ink``: ``"full"`` (default) or ``"light"``, the ink-saving
    edition (no tinted boxes; the cover, every diagram and the last-page board in
    light ink). An A4 or Letter booklet ends with the board at exact scale, as
    :func:`board_sheet` draws it on that paper. The texts are checked first, as :func:`check` does:
    ProblemsError (``.problems``) and nothing written if anything is wrong.

    (Typesetting takes seconds, so the example shows only a refusal, which comes first.)

    >>> api.booklet("hex", langs=("fr",))
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: langs: must be pt, en or pt+en, not 'fr'
    """
    extras.require("booklets", "api.booklet")  # MissingExtraError on a core install
    from boardgen.booklet.build import booklet_pdf, game_folder, load_checked, parse_request

    info = registry.get_game(_text(game, "game"), "game")
    if not isinstance(impose, bool):
        raise OptionError("impose", f"must be True or False, not {impose!r}")
    request = parse_request(_langs_text(langs), _text(paper, "paper") if paper is not None else None, impose, ink=ink)
    folder = Path(_path_item(sources, "sources")) if sources is not None else game_folder(info.id)
    if not folder.is_dir():
        raise OptionError("sources" if sources is not None else "game", f"no rule texts for {info.id}: {folder} is not a folder")
    target = _path(path)
    if target is not None:
        _output_format(None, target, ("pdf",), "pdf")
        _check_writable(target)
    data = booklet_pdf(load_checked(folder, info.id), request)
    return _deliver(data, target)


def check(paths: StrPath | Iterable[StrPath] | None = None) -> list[Problem]:
    """Every problem in the rule texts under ``paths`` (default: all of the game texts).

    A path is a game's folder, a file in one, or a folder of game folders. Each
    problem has ``path``, ``line`` (None for the file as a whole) and ``message``;
    ``str(problem)`` is the ``file:line: message`` line the command prints. An
    empty list means every diagram replayed and every claim held.

    >>> from boardgen.booklet.paths import rules_dir
    >>> api.check(rules_dir() / "hex")
    []
    >>> import pathlib, tempfile
    >>> draft = pathlib.Path(tempfile.mkdtemp()) / "hex"
    >>> draft.mkdir()
    >>> _ = (draft / "en.md").write_text("# Rules\\n", encoding="utf-8")
    >>> for problem in api.check(draft)[:3]:
    ...     print(problem.line, problem.message)
    None pt-BR.md is missing: every game has its text in pt-BR.md and en.md
    1 the file must start with front matter between two '+++' lines
    1 front matter: title is missing
    """
    extras.require("booklets", "api.check")  # MissingExtraError on a core install
    from boardgen.booklet.check import game_folders, load_game

    if paths is None:
        chosen = None
    elif isinstance(paths, (str, PathLike)):
        chosen = [Path(_path_item(paths))]
    elif isinstance(paths, (bytes, Mapping)) or not isinstance(paths, Iterable):
        raise OptionError("paths", f"expected a file or folder name, or a list of them, not {shown(paths)}")
    else:
        chosen = [Path(_path_item(p)) for p in paths]
    for item in chosen or ():
        if not item.exists():
            raise OptionError("paths", f"{item}: no such file or folder")
    problems: list[Problem] = []
    for folder in game_folders(chosen or None):
        problems.extend(load_game(folder).problems)
    return problems


def diagram(
    game: str,
    moves: Sequence[str] = (),
    *,
    path: StrPath | None = None,
    position: str | None = None,
    size: int | None = None,
    variants: Mapping[str, str] | None = None,
    arrows: Sequence[str] = (),
    marks: Sequence[str] = (),
    view: Sequence[str] = (),
    legal: Sequence[str] = (),
    illegal: Sequence[tuple[str, str] | str] = (),
    captures: Sequence[str] = (),
    wins: int | None = None,
    throw: str | None = None,
    numbers: bool | int = True,
    coordinates: bool = True,
    langs: str | Sequence[str] = BOOKLET_LANGS_DEFAULT,
    format: str | None = None,
) -> bytes:
    """One engine-checked example position of ``game``, drawn like a booklet diagram.

    ``moves`` are played from the start position (or ``position``, in the game's
    notation) and the picture shows the position after them, numbered
    (``numbers``: True, False, or the number of the first move). ``size`` and
    ``variants`` (``{"swap": "off"}``) choose the game. ``arrows`` (``"c3-d3"``,
    also ``"a-b-c"``), ``marks`` (points highlighted) and ``view`` (show only the
    part around these points) decorate it. Claims are checked by the engine and
    shown: ``legal`` moves, ``illegal`` ``(move, reason code)`` pairs (or
    ``"move code"`` text), ``captures`` (``"MOVE POINT..."``: legal, taking
    exactly those pieces), ``wins`` (0 or 1: that player has won); ``throw``
    is the throw made in the shown position (a game of chance). ``langs``: the
    languages of the text description embedded in the file (first is the
    document's). ``format``: ``"svg"`` (default) or ``"pdf"``. An illegal move or a
    false claim raises OptionError naming the keyword, with the engine's reason.

    >>> api.diagram("hex", ["c3", "d3"], size=5, marks=["b2"])[:38]
    b'<?xml version="1.0" encoding="utf-8"?>'
    >>> api.diagram("hex", ["c3", "c3"], size=5)
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: moves: move 2 (c3) is illegal: c3: the cell already holds a red stone
    """
    extras.require("booklets", "api.diagram")  # MissingExtraError on a core install
    from boardgen.booklet.build import parse_langs
    from boardgen.booklet.diagrams.render import checked_from_options, diagram_file, terms_from_rules
    from boardgen.booklet.paths import game_texts_dir

    info = registry.get_game(_text(game, "game"), "game")
    target = _path(path)
    fmt = _output_format(format, target, DIAGRAM_FORMATS, "svg")
    chosen_size = info.check_size(_whole(size, "size"), "size") if size is not None else None
    chosen_variants = _variants(info, variants)
    texts = {
        "moves": _texts(moves, "moves"),
        "arrows": _texts(arrows, "arrows"),
        "marks": _texts(marks, "marks"),
        "view": _texts(view, "view"),
        "legal": _texts(legal, "legal"),
    }
    claims = [_claim(item) for item in _items(illegal, "illegal")]
    taken = [_captures(item) for item in _texts(captures, "captures")]
    if throw is not None:
        _text(throw, "throw")
    if wins is not None and (isinstance(wins, bool) or wins not in (0, 1)):
        raise OptionError("wins", f"must be 0 or 1 (the player who has won), not {wins!r}")
    if not isinstance(numbers, int) or (not isinstance(numbers, bool) and numbers < 1):
        raise OptionError("numbers", f"must be True, False or the number of the first move (1 or more), not {numbers!r}")
    if not isinstance(coordinates, bool):
        raise OptionError("coordinates", f"must be True or False, not {coordinates!r}")
    if position is not None:
        _text(position, "position")
    chosen_langs = parse_langs(_langs_text(langs), "langs")
    checked = checked_from_options(
        info.id,
        size=chosen_size,
        variants=chosen_variants,
        position=position,
        moves=texts["moves"],
        arrows=texts["arrows"],
        marks=texts["marks"],
        view=texts["view"],
        numbers=numbers,
        coordinates=coordinates,
        legal=texts["legal"],
        illegal=claims,
        captures=taken,
        wins=wins,
        throw=throw,
    )
    try:
        folder: Path | None = game_texts_dir(info.id)
    except BoardgenError:  # no rule texts installed: describe the players generically
        folder = None
    if target is not None:
        _check_writable(target)
    data, _ = diagram_file(checked, terms_from_rules(folder, chosen_langs), fmt)
    return _deliver(data, target)


def get_game(name: str) -> GameInfo:
    """The game called ``name``: its id or an alias, in any letter case.

    >>> api.get_game("HEX").id, api.get_game("chess").id
    ('hex', 'xadrez')
    >>> api.get_game("go")
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: name: unknown game 'go' (known: assalto, awele, brax, damas, gamao, hex, nyout, ringo, seega, surakarta, trihex, xadrez)
    """
    return registry.get_game(_text(name, "name"), "name")


def perft(state: GameState, depth: int, *, force: bool = False) -> int:
    """The number of move sequences of exactly ``depth`` moves from ``state``, as published perft tables count.

    ``depth`` is 0 to 20.  The count is estimated first; above 10^9 sequences
    (a quarter of an hour and more) it is refused, as the ``perft`` command
    refuses, unless ``force=True``.

    >>> start = api.get_game("xadrez").load_engine().initial()
    >>> [api.perft(start, depth) for depth in range(4)]
    [1, 20, 400, 8902]
    >>> api.perft(start, -1)
    Traceback (most recent call last):
      ...
    boardgen.errors.OptionError: depth: must be a whole number from 0 to 20, not -1
    """
    if not isinstance(state, GameState):
        raise OptionError("state", f"expected a GameState (a game's load_engine().initial() or from_text()), not {shown(state)}")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= counting.MAX_DEPTH:
        raise OptionError("depth", f"must be a whole number from 0 to {counting.MAX_DEPTH}, not {shown(depth)}")
    if not isinstance(force, bool):
        raise OptionError("force", f"must be True or False, not {shown(force)}")
    expected = counting.estimate(state, depth)
    if expected > counting.PERFT_LIMIT and not force:
        raise OptionError(
            "depth",
            f"{depth} means about {expected:.1e} move sequences to count, more than the {counting.PERFT_LIMIT:.0e} "
            "counted without force=True (hours or years)",
        )
    return counting.perft(state, depth)


def parse_paper(text: str) -> Paper:
    """The paper ``text`` names: ``"a4"``, ``"letter"``, ``"a3"``... or ``"WIDTHxHEIGHT"`` in mm.

    >>> api.parse_paper("A4").width, api.parse_paper("300x200").height
    (210.0, 200.0)
    """
    return papers.parse_paper(_text(text, "text"), "text")


def default_paper(environ: Mapping[str, str] | None = None) -> str:
    """The paper boardgen uses when none is named: ``BOARDGEN_PAPER``, ``PAPERSIZE``, the locale, then A4.

    ``environ``: the environment to read (default: the process's).

    >>> api.default_paper({"BOARDGEN_PAPER": "letter"})
    'letter'
    """
    if environ is not None and (
        not isinstance(environ, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in environ.items())
    ):
        raise OptionError("environ", f"expected a mapping of variable names to texts, such as os.environ, not {shown(environ)}")
    return papers.default_paper(dict(environ) if environ is not None else None)


# -- checking the keywords ---------------------------------------------------------------

def _path(value: StrPath | None) -> Path | None:
    if value is None:
        return None
    if not isinstance(value, (str, PathLike)) or not str(value):
        raise OptionError("path", f"expected a file name, not {value!r}")
    return Path(value)


def _path_item(value: object, option: str = "paths") -> StrPath:
    if not isinstance(value, (str, PathLike)) or not isinstance(os.fspath(value), str) or not os.fspath(value):
        raise OptionError(option, f"expected a file or folder name, not {shown(value)}")
    return value


def _check_writable(target: Path) -> None:
    from boardgen.output import check_writable

    check_writable(target, "path")


def _deliver(data: bytes, target: Path | None) -> bytes:
    if target is not None:
        from boardgen.output import write_atomic

        write_atomic(target, data)
    return data


def _output_format(fmt: str | None, target: Path | None, allowed: tuple[str, ...], default: str) -> str:
    """The file format: ``fmt`` checked, else the path's suffix, else ``default``; a contradicting suffix is an error."""
    suffix = target.suffix.lower().lstrip(".") if target is not None else ""
    if fmt is None:
        chosen = suffix if suffix in allowed else default
    else:
        chosen = fmt.strip().lower() if isinstance(fmt, str) else ""
        if chosen not in allowed:
            raise OptionError("format", f"must be {' or '.join(allowed)}, not {fmt!r}")
    if target is not None and suffix and suffix != chosen:
        raise OptionError("path", f"{target.name} does not end in .{chosen}, but the file is {chosen.upper()}")
    return chosen


def _text(value: object, option: str) -> str:
    if not isinstance(value, str):
        raise OptionError(option, f"expected text, not {shown(value)}")
    return value


def _whole(value: object, option: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(option, f"expected a whole number, not {value!r}")
    return value


def _items(values: object, option: str) -> list[object]:
    """The items of a list or tuple (a lone string is refused: ``"c3 d3"`` is not two moves)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise OptionError(option, f"expected a list of texts, not {values!r}")
    return list(values)


def _texts(values: object, option: str) -> tuple[str, ...]:
    items = _items(values, option)
    for item in items:
        if not isinstance(item, str) or not item.strip():
            raise OptionError(option, f"expected a list of texts, not {values!r}")
    return tuple(str(item) for item in items)


def _claim(item: object) -> tuple[str, str]:
    """An illegal-move claim: ``(move, code)`` or ``"move code"``."""
    words = item.split() if isinstance(item, str) else item
    if isinstance(words, (list, tuple)) and len(words) == 2 and all(isinstance(w, str) and w.strip() for w in words):
        return str(words[0]).strip(), str(words[1]).strip()
    raise OptionError("illegal", f"expected (move, reason code) pairs such as ('e5', 'occupied'), not {item!r}")


def _captures(item: str) -> tuple[str, tuple[str, ...]]:
    """A capture claim, ``"MOVE POINT..."``, read as the diagram block's ``captures`` key reads it."""
    from boardgen.booklet.diagrams.syntax import read_captures

    claim = read_captures(item)
    if claim is None:
        raise OptionError("captures", f"expected 'MOVE POINT...' texts such as 'b2xd4 d4', not {item!r}")
    return claim


def _langs_text(langs: object) -> str:
    """``"pt+en"`` from either form the keyword takes (checked by ``parse_langs``)."""
    if isinstance(langs, str):
        return langs
    if isinstance(langs, (list, tuple)) and langs and all(isinstance(lang, str) for lang in langs):
        return "+".join(langs)
    raise OptionError("langs", f"expected languages such as ('pt', 'en'), not {langs!r}")


def _variants(info: GameInfo, variants: Mapping[str, str] | None) -> Mapping[str, str]:
    """Every variant option of the game with its value (the given ones checked)."""
    if variants is None:
        return info.resolve_variants({}, "variants")
    if not isinstance(variants, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in variants.items()):
        raise OptionError("variants", f"expected a mapping of option names to values, such as {{'swap': 'off'}}, not {variants!r}")
    return info.resolve_variants(variants, "variants")
