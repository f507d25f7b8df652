"""Default file names (issue 29): a name says what the file is, two different files never share
one, and a command names a file exactly as the build names the same file on the site.

The names come from one module, :mod:`boardgen.sheets.names`, which the build's job lists and the
commands both call.  The drawing is stubbed where only the name is under test (the same request
is drawn by the board tests), so the whole build's list of sheets is gone through in a few seconds.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from boardgen.cli import main
from boardgen.errors import OptionError
from boardgen.make import steps
from boardgen.sheets.names import DEFAULT_DPI, board_file_name, number_text, request_file_name
from boardgen.sheets.request import SheetRequest, board_request

# Each keyword of board_request with values other than its default: every one changes the file.
BOARD_CHOICES: dict[str, tuple[object, ...]] = {
    "size": (7,),
    "paper": ("letter",),
    "format": ("svg", "png"),
    "ink": ("light", "mono"),
    "cell_mm": (20, 20.5),
    "board_mm": (300,),
    "orientation": ("portrait",),
    "coordinates": (False,),
    "setup": (True,),
    "centre_mark": (False,),
    "overlap_mm": (5,),
    "cut_marks": (True,),
    "marks": ("corner", "none"),
    "sheets": (4,),
    "bleed_mm": (0, 3),
    "dpi": (150,),
}
# The three kinds of board file; the other choices are tried on each, one and two at a time.
KINDS: tuple[dict[str, object], ...] = ({}, {"tile": True}, {"per_sheet": 4}, {"per_sheet": 6})


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def _requests() -> list[tuple[SheetRequest, str, dict[str, object]]]:
    """Every valid request of the combinations above, with its name as the board command gives it."""
    found = []
    singles = [(key, value) for key, values in BOARD_CHOICES.items() for value in values]
    combinations = [()] + [(one,) for one in singles] + [pair for pair in itertools.combinations(singles, 2) if pair[0][0] != pair[1][0]]
    for kind in KINDS:
        for chosen in combinations:
            keywords = {"paper": "a4", **kind, **dict(chosen)}  # a4 unless chosen: not the locale's
            try:
                request = board_request("hex", **keywords)  # type: ignore[arg-type]
            except OptionError:
                continue  # a combination the command refuses (--overlap-mm without --tile...)
            poster = bool(keywords.get("tile")) and not {"cell_mm", "board_mm", "sheets"} & set(keywords)
            found.append((request, request_file_name(request, poster=poster), keywords))
    return found


def test_every_choice_that_changes_the_board_file_changes_its_name():
    requests = _requests()
    assert len(requests) > 300  # the combinations were tried, not all refused
    by_name: dict[str, tuple[SheetRequest, dict[str, object]]] = {}
    for request, name, keywords in requests:
        first, asked = by_name.setdefault(name, (request, keywords))
        assert first == request, f"{name} names two different files: {asked} and {keywords}"
    # and the name says the choice, not only some digest: the issue's five files
    names = {name for _, name, _ in requests}
    assert {"hex-11-a4.pdf", "hex-11-pen-x4-a4.pdf", "hex-11-poster-tiled-a4.pdf", "hex-11-a4-light.pdf", "hex-11-bleed3mm-a4.pdf"} <= names


def test_numbers_in_names_are_exact():
    assert [number_text(value) for value in (20, 20.0, 20.5, 0.1 + 0.2)] == ["20", "20", "20.5", "0.30000000000000004"]
    assert board_file_name("hex", 11, "a4", "pdf", cell_mm=12.34567) != board_file_name("hex", 11, "a4", "pdf", cell_mm=12.34568)


def test_the_default_dpi_is_the_drawing_s():
    from boardgen.drawing.png import DEFAULT_DPI as DRAWN

    assert DEFAULT_DPI == DRAWN  # a png at the default resolution says no dpi in its name


@pytest.fixture
def stub_drawing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The sheets' renderers replaced by fixed bytes: the commands still check, name and write."""
    import boardgen.sheets.calibrate as calibrate
    import boardgen.sheets.pieces as pieces
    import boardgen.sheets.records as records
    import boardgen.sheets.request as request

    monkeypatch.setattr(request, "render_board_file", lambda req: (b"stub", "stub"))
    monkeypatch.setattr(pieces, "render_pieces", lambda *args, **kwargs: (b"stub", "stub"))
    monkeypatch.setattr(records, "render_record", lambda *args, **kwargs: (b"stub", "stub"))
    monkeypatch.setattr(calibrate, "render_calibration", lambda *args, **kwargs: (b"stub", "stub"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _written(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    name = re.fullmatch(r"wrote (\S+) \(.*\)\n", out)
    assert name, out
    assert Path(name[1]).is_file()
    return name[1]


def _command_of(job) -> list[str]:
    """The command line that makes the file of a build job, from the job's own arguments."""
    paper = ["--paper", job.paper] if job.paper else []
    if job.kind in ("board", "poster", "pen"):
        game, size, _paper, fmt, *rest = job.args
        tile, per_sheet = (rest + [False, None])[:2]
        return ["board", game, *(["--size", str(size)] if size else []), *paper, "--format", fmt, *(["--tile"] if tile else []), *(["--per-sheet", str(per_sheet)] if per_sheet else [])]
    if job.kind == "pieces":
        return ["pieces", job.game, *paper, "--format", job.format, "--ink", job.ink]
    if job.kind == "record":
        return ["record", job.game, *paper, "--format", job.format]
    if job.kind == "calibration":
        return ["calibrate", *paper, "--format", job.format]
    raise AssertionError(f"no command for {job.kind}")


def test_each_command_names_a_file_as_the_build_does(capsys, stub_drawing):
    jobs = [job for step in (steps.board_jobs, steps.large_board_jobs, steps.print_sheet_jobs, steps.pieces_jobs, steps.other_size_jobs) for job in step(None)]
    assert {job.kind for job in jobs} == {"board", "poster", "pen", "pieces", "record", "calibration"}
    for job in jobs:
        assert _written(capsys, *_command_of(job)) == job.path.removeprefix("boards/"), job


def test_the_issue_s_five_boards_land_in_five_files(capsys, stub_drawing):
    made = [_written(capsys, "board", "hex", "--paper", "a4", *extra) for extra in ([], ["--per-sheet", "4"], ["--tile"], ["--ink", "light"], ["--bleed", "3"])]
    assert made == ["hex-11-a4.pdf", "hex-11-pen-x4-a4.pdf", "hex-11-poster-tiled-a4.pdf", "hex-11-a4-light.pdf", "hex-11-bleed3mm-a4.pdf"]
    assert sorted(p.name for p in stub_drawing.iterdir()) == sorted(made)
    assert _written(capsys, "board", "hex", "--paper", "a4", "--tile", "--cell-mm", "25") == "hex-11-tiled-cell25mm-a4.pdf"  # not the game's poster


def test_pieces_names_say_ink_page_and_resolution(capsys, stub_drawing):
    assert _written(capsys, "pieces", "hex", "--paper", "a4") == "hex-11-pieces-a4.pdf"
    assert _written(capsys, "pieces", "hex", "--paper", "a4", "--ink", "light") == "hex-11-pieces-a4-light.pdf"
    assert _written(capsys, "pieces", "hex", "--paper", "a4", "--format", "svg", "--page", "2") == "hex-11-pieces-page2-a4.svg"
    assert _written(capsys, "pieces", "hex", "--paper", "a4", "--format", "png", "--dpi", "150") == "hex-11-pieces-150dpi-a4.png"


def test_a_real_board_is_written_under_its_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = _written(capsys, "board", "hex", "--paper", "a4", "--per-sheet", "4")
    assert name == "hex-11-pen-x4-a4.pdf" and (tmp_path / name).read_bytes().startswith(b"%PDF-")


def test_booklet_names_are_the_build_s(capsys, tmp_path, monkeypatch):
    """Every edition the build makes of a booklet, asked of ``boardgen booklet``: the same name (the typesetting stubbed)."""
    import boardgen.booklet.build as build
    from boardgen.make.booklets import booklet_editions, booklet_path

    monkeypatch.setattr(build, "load_checked", lambda folder, game: None)
    monkeypatch.setattr(build, "booklet_pdf", lambda checked, request: b"%PDF-stub")
    monkeypatch.chdir(tmp_path)
    editions = booklet_editions()
    assert {edition.ink for edition in editions} == {"full", "light"} and any(edition.impose_on for edition in editions)
    for edition in editions:
        paper = edition.impose_on or edition.paper
        argv = ["booklet", "hex", "--lang", "+".join(edition.langs), "--paper", paper, "--ink", edition.ink, *(["--impose"] if edition.impose_on else [])]
        status, out, err = run(capsys, *argv)
        assert status == 0, err
        assert out == f"wrote {booklet_path('hex', edition).removeprefix('booklets/')}\n", argv


def test_diagram_names_follow_the_options(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def name(*options: str) -> str:
        status, out, err = run(capsys, "diagram", "hex", "--size", "5", *options)
        assert status == 0, err
        return out.split()[1]

    plain = name()
    assert re.fullmatch(r"hex-diagram-[0-9a-f]{10}\.svg", plain)  # --size 5 is not the start position of the default board
    variants = [name("c3"), name("c3", "d4"), name("d4", "c3"), name("c3", "--mark", "c3"), name("c3", "--lang", "en"), name("c3", "--no-numbers")]
    assert len({plain, *variants}) == 7
    assert name("c3") == variants[0]  # the same options, the same name
    assert name("c3", "--ink", "light") == variants[0].replace(".svg", "-light.svg")
    assert name("c3", "--format", "pdf") == variants[0].replace(".svg", ".pdf")
    status, out, _ = run(capsys, "diagram", "hex")
    assert (status, out.split()[1]) == (0, "hex-diagram.svg")
