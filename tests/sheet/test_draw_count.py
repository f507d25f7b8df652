"""A board file draws its board once (issue 26): a counter round ``BoardDrawing.draw``.

Every sheet is laid out from the extent the board states
(:meth:`boardgen.boards.base.BoardDrawing.extent`), by arithmetic; the one
drawing is then placed: once on a board sheet, once per cell of a
pen-and-paper sheet (copies), once per tile of a poster (copies under each
tile's clip) and in miniature on its assembly map.  Before, one A4 sheet drew
the board six times, a tiled poster 11, a four-up pen sheet 25.

The files are made through :func:`boardgen.sheets.request.render_board_file`,
the path of ``boardgen board``, ``api.board_sheet`` and the build, and read
back: a file that drew once but lost its boards would not pass.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from boardgen.boards.base import BoardDrawing
from boardgen.registry import all_games
from boardgen.sheets.request import board_request, render_board_file

GAMES = [info.id for info in all_games() if info.has_board()]


@pytest.fixture
def drawings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """(game, scale) of every board drawing from now on, whatever the game's class."""
    seen: list[tuple[str, float]] = []
    original = BoardDrawing.draw

    def counting(self, frame, options):
        seen.append((self.game_id, frame.scale))
        return original(self, frame, options)

    monkeypatch.setattr(BoardDrawing, "draw", counting)
    return seen


def _pages(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def test_no_board_class_draws_around_the_counter() -> None:
    """The counter sees every drawing only if no game overrides ``draw`` itself."""
    for info in all_games():
        if info.has_board():
            assert "draw" not in vars(info.load_board()), info.id


@pytest.mark.parametrize("game", GAMES)
def test_a_board_sheet_draws_its_board_once(game: str, drawings) -> None:
    data, summary = render_board_file(board_request(game, paper="a4"))
    assert _pages(data) == 1 and "board" in summary
    assert len(drawings) == 1 and drawings[0][0] == game


@pytest.mark.parametrize(
    "options",
    [
        {"ink": "light"},
        {"ink": "mono"},
        {"bleed_mm": 3},
        {"cut_marks": True},
        {"setup": True, "coordinates": False},
        {"cell_mm": 12},
        {"board_mm": 200},
        {"orientation": "portrait", "paper": "letter"},
        {"format": "svg"},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_every_kind_of_board_sheet_draws_once(options, drawings) -> None:
    chosen = {"paper": "a4", **options}
    data, _ = render_board_file(board_request("hex", size=11, **chosen))
    assert b"<svg" in data[:100] if chosen.get("format") == "svg" else data.startswith(b"%PDF")
    assert [game for game, _ in drawings] == ["hex"]


@pytest.mark.parametrize("game,count", [("hex", 4), ("trihex", 6), ("awele", 2)])
def test_a_pen_sheet_draws_once_and_places_the_drawing_in_every_cell(game: str, count: int, drawings) -> None:
    request = board_request(game, paper="a4", per_sheet=count)
    from boardgen.drawing import palette
    from boardgen.sheets.request import board_sheets

    with palette.inked("full"):
        sheet = board_sheets(request)[0]
    assert len(drawings) == 1
    boards = sheet.content.find(f"board-{game}")
    assert len(boards) == count  # the one drawing and its copies, one per cell
    drawings.clear()
    data, _ = render_board_file(request)
    assert _pages(data) == 1 and len(drawings) == 1


@pytest.mark.parametrize(
    "game,options",
    [
        ("hex", {"cell_mm": 30}),
        ("xadrez", {}),  # the game's poster size (57 mm squares)
        ("trihex", {"cut_marks": True}),
        ("ringo", {"marks": "corner", "ink": "light"}),
    ],
)
def test_a_tiled_poster_draws_once(game: str, options, drawings) -> None:
    data, summary = render_board_file(board_request(game, paper="a4", tile=True, **options))
    tiles = _pages(data) - 1
    assert tiles >= 2 and f"uses {tiles} sheets" in summary
    assert len(drawings) == 1, drawings  # the plan, every tile and the assembly map share it


@pytest.mark.parametrize("game,sheets", [("hex", 4), ("surakarta", 2), ("awele", 3)])
def test_the_largest_board_on_n_sheets_draws_once(game: str, sheets: int, drawings) -> None:
    data, summary = render_board_file(board_request(game, paper="a4", tile=True, sheets=sheets))
    assert _pages(data) - 1 <= sheets and "the largest board on" in summary
    assert len(drawings) == 1, drawings


def test_the_largest_triangle_on_n_sheets_draws_at_most_twice(drawings) -> None:
    """A triangle leaves blank places, so the search draws once at the size its extent allows, and once where it ends.

    The extent alone counts every place of the grid; the drawing finds the
    blank corners, which allow a larger board: the final poster is drawn at
    that size.  (Before: one drawing per step of the bisection, 12 here.)
    """
    data, summary = render_board_file(board_request("trihex", paper="a4", tile=True, sheets=4))
    assert _pages(data) - 1 <= 4 and "the largest board on 4 sheets" in summary
    assert 1 <= len(drawings) <= 2, drawings
