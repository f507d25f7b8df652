"""The booklet stack's jobs, as the ``booklet``, ``check`` and ``diagram`` commands do them.

:func:`booklet` typesets a game's rule booklet, :func:`check` lists every
problem in rule texts, :func:`diagram` draws one engine-checked position; the
same lower layers as the commands (:mod:`boardgen.booklet.build`,
:mod:`boardgen.booklet.check`, :mod:`boardgen.booklet.diagrams.render`), so
the same bytes.  They need the ``[booklets]`` extra, imported only when a
function runs (``import boardgen.api`` stays light).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from os import PathLike
from pathlib import Path

from boardgen import extras
from boardgen.api import checks, files
from boardgen.api.checks import StrPath
from boardgen.booklet.problems import Problem
from boardgen.errors import BoardgenError, OptionError, shown
from boardgen.sheets.request import INKS, ink_mode, png_resolution

DIAGRAM_FORMATS = ("svg", "pdf", "png")
BOOKLET_LANGS_DEFAULT = ("pt", "en")


def booklet(
    game: str,
    *,
    path: StrPath | None = None,
    langs: str | Sequence[str] = BOOKLET_LANGS_DEFAULT,
    paper: str | None = None,
    impose: bool = False,
    sources: StrPath | None = None,
    ink: str = "full",
    format: str = "pdf",
) -> bytes:
    """The rule booklet of ``game`` as PDF bytes (also written to ``path`` when given).

    ``format="html"``: instead of the PDF, the HTML and CSS the booklet hands
    WeasyPrint (its pagination repaired), written as a folder at ``path``
    (required; ``index.html``, ``booklet.css``, ``fonts/``, ``images/``, relative
    links), as ``boardgen booklet --format html`` writes it; the bytes returned
    are its ``index.html``. Not with ``impose=True``.

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

    info = checks.game(game)
    if not isinstance(impose, bool):
        raise OptionError("impose", f"must be True or False, not {impose!r}")
    request = parse_request(checks.langs_text(langs), checks.text(paper, "paper") if paper is not None else None, impose, ink=ink)
    folder = Path(checks.path_item(sources, "sources")) if sources is not None else game_folder(info.id)
    if not folder.is_dir():
        raise OptionError("sources" if sources is not None else "game", f"no rule texts for {info.id}: {folder} is not a folder")
    chosen = checks.text(format, "format").strip().lower()
    if chosen not in ("pdf", "html"):
        raise OptionError("format", f"must be pdf or html, not {format!r}")
    target = files.target(path)
    if chosen == "html":
        return _booklet_folder(info.id, folder, request, target)
    if target is not None:
        files.output_format(None, target, ("pdf",), "pdf")
        files.check_writable(target)
    data = booklet_pdf(load_checked(folder, info.id), request)
    return files.deliver(data, target)


def _booklet_folder(game_id: str, folder: Path, request: object, target: Path | None) -> bytes:
    """``format="html"``: the booklet's HTML folder at ``target``, written whole or not at all; its index.html's bytes."""
    from boardgen.booklet.build import BookletRequest, load_checked
    from boardgen.booklet.html_folder import check_folder_target, write_html_folder

    assert isinstance(request, BookletRequest)
    if request.impose_on:
        raise OptionError("format", "html is the booklet's own pages; impose=True lays the PDF's pages out on sheets")
    if target is None:
        raise OptionError("path", "format='html' writes a folder: give its name")
    check_folder_target(target, "path")
    written = write_html_folder(load_checked(folder, game_id), request, target, "path")
    return (written / "index.html").read_bytes()


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
        chosen = [Path(checks.path_item(paths))]
    elif isinstance(paths, (bytes, Mapping)) or not isinstance(paths, Iterable):
        raise OptionError("paths", f"expected a file or folder name, or a list of them, not {shown(paths)}")
    else:
        chosen = [Path(checks.path_item(p)) for p in paths]
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
    dpi: int | None = None,
    ink: str = "full",
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
    document's). ``format``: ``"svg"`` (default: from ``path``'s suffix, else svg),
    ``"pdf"`` or ``"png"`` (``dpi``: its resolution, default 300). ``ink``: the
    board's ink, as for :func:`~boardgen.api.board_sheet` (``"full"``, ``"light"``,
    ``"mono"``). An illegal move or a
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

    info = checks.game(game)
    target = files.target(path)
    fmt = files.output_format(format, target, DIAGRAM_FORMATS, "svg")
    chosen_size = info.check_size(checks.whole(size, "size"), "size") if size is not None else None
    chosen_variants = checks.variants(info, variants)
    texts = {
        "moves": checks.texts(moves, "moves"),
        "arrows": checks.texts(arrows, "arrows"),
        "marks": checks.texts(marks, "marks"),
        "view": checks.texts(view, "view"),
        "legal": checks.texts(legal, "legal"),
    }
    claims = [_claim(item) for item in checks.items(illegal, "illegal")]
    taken = [_captures(item) for item in checks.texts(captures, "captures")]
    if throw is not None:
        checks.text(throw, "throw")
    if wins is not None and (isinstance(wins, bool) or wins not in (0, 1)):
        raise OptionError("wins", f"must be 0 or 1 (the player who has won), not {wins!r}")
    if not isinstance(numbers, int) or (not isinstance(numbers, bool) and numbers < 1):
        raise OptionError("numbers", f"must be True, False or the number of the first move (1 or more), not {numbers!r}")
    if not isinstance(coordinates, bool):
        raise OptionError("coordinates", f"must be True or False, not {coordinates!r}")
    if position is not None:
        checks.text(position, "position")
    chosen_langs = parse_langs(checks.langs_text(langs), "langs")
    chosen_ink = ink_mode(checks.choice(ink, INKS, "ink"))
    resolution = png_resolution(dpi, fmt, None, "dpi", "format")
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
    files.check_writable(target)
    data, _ = diagram_file(checked, terms_from_rules(folder, chosen_langs), fmt, ink=chosen_ink, dpi=resolution)
    return files.deliver(data, target)


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
