"""The printer self-test sheet measures what it says, as a person with a ruler would check it.

Each sheet is made by the command, rasterised at 300 dpi (0.085 mm a pixel)
and measured: the horizontal and the vertical bar each 100 mm within 0.3 mm,
with a tick every millimetre; the frames' outer edges 3 mm and 6 mm from every
edge of the paper; the page exactly the paper; its text, in both languages,
extracted from the PDF; every font embedded.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from boardgen.sheets.paper import PAPERS

from ..conftest import require_tool, run_boardgen
from .measure import MM_PER_INCH, rasterise_pdf, rasterise_svg

DPI = 300
PX = MM_PER_INCH / DPI  # mm per pixel
DARK = 128


def dark(image) -> np.ndarray:
    """True where a pixel is ink (darker than mid-grey)."""
    return np.asarray(image.convert("L")) < DARK


def runs(line: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of every run of True in a 1-D array, end exclusive."""
    padded = np.concatenate(([False], line, [False]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return list(zip(edges[::2], edges[1::2]))


def longest_run(mask: np.ndarray) -> tuple[float, int, int]:
    """(length mm, row, start column) of the longest horizontal run of ink in ``mask``."""
    best = (0, 0, 0)
    for row in range(mask.shape[0]):
        for start, end in runs(mask[row]):
            if end - start > best[0]:
                best = (end - start, row, start)
    return best[0] * PX, best[1], best[2]


def inner(mask: np.ndarray, margin_mm: float = 10.0) -> np.ndarray:
    """The mask with the outer ``margin_mm`` (both frames) blanked: the frames' long lines are no bars."""
    cut = int(margin_mm / PX)
    kept = np.zeros_like(mask)
    kept[cut:-cut, cut:-cut] = mask[cut:-cut, cut:-cut]
    return kept


def bars(mask: np.ndarray) -> dict[str, float]:
    """The longest horizontal and vertical runs of ink away from the frames, in mm, and the ticks along each."""
    inside = inner(mask)
    horizontal, row, start = longest_run(inside)
    vertical, column, top = longest_run(inside.T)
    length = int(round(100 / PX))
    # The ticks stand on the bars (above the horizontal one, right of the vertical one): count them 0.6 mm off the bar.
    above = inside[row - int(round(0.9 / PX)), start : start + length + 1]
    beside = inside.T[column + int(round(0.9 / PX)), top : top + length + 1]
    return {
        "horizontal": horizontal,
        "vertical": vertical,
        "horizontal_ticks": len(runs(above)),
        "vertical_ticks": len(runs(beside)),
        "horizontal_tick_steps": np.diff([(a + b) / 2 for a, b in runs(above)]) * PX,
        "vertical_tick_steps": np.diff([(a + b) / 2 for a, b in runs(beside)]) * PX,
    }


def frame_edges(mask: np.ndarray) -> dict[str, list[float]]:
    """From each edge of the paper inwards, where the first two runs of ink start (mm), on two lines a side.

    The lines are at a quarter and three quarters of each side, away from the
    frames' labels at the middle of the top and bottom edges.
    """
    height, width = mask.shape
    found: dict[str, list[float]] = {}
    for side, lines in (
        ("left", [mask[int(height * f)] for f in (0.25, 0.75)]),
        ("right", [mask[int(height * f)][::-1] for f in (0.25, 0.75)]),
        ("top", [mask[:, int(width * f)] for f in (0.25, 0.75)]),
        ("bottom", [mask[:, int(width * f)][::-1] for f in (0.25, 0.75)]),
    ):
        for line in lines:
            starts = [start * PX for start, _ in runs(line)[:2]]
            found.setdefault(side, []).extend(starts)
    return found


def pdf_text(pdf: Path) -> str:
    text = subprocess.run([require_tool("pdftotext"), str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(text.split())


def make(tmp_path: Path, paper: str, fmt: str = "pdf") -> Path:
    out = tmp_path / f"calibrate-{paper}.{fmt}"
    result = run_boardgen("calibrate", "--paper", paper, "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "Letter" in result.stdout or "A4" in result.stdout or "mm" in result.stdout  # the paper it used is said
    return out


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request, tmp_path_factory) -> tuple[str, Path, np.ndarray]:
    require_tool("pdftoppm")
    folder = tmp_path_factory.mktemp(f"calibrate-{request.param}")
    pdf = make(folder, request.param)
    return request.param, pdf, dark(rasterise_pdf(pdf, DPI))


def test_each_bar_is_100_mm_with_a_tick_every_millimetre(sheet):
    _, _, mask = sheet
    found = bars(mask)
    assert found["horizontal"] == pytest.approx(100.0, abs=0.3)
    assert found["vertical"] == pytest.approx(100.0, abs=0.3)
    for direction in ("horizontal", "vertical"):
        assert found[f"{direction}_ticks"] == 101, direction
        steps = found[f"{direction}_tick_steps"]
        assert np.all(np.abs(steps - 1.0) < 0.15), (direction, steps)


def test_the_frames_start_3_mm_and_6_mm_from_every_edge(sheet):
    _, _, mask = sheet
    for side, starts in frame_edges(mask).items():
        outer, inner_frame = starts[0::2], starts[1::2]
        assert all(v == pytest.approx(3.0, abs=0.15) for v in outer), (side, starts)
        assert all(v == pytest.approx(6.0, abs=0.15) for v in inner_frame), (side, starts)


def test_the_page_is_exactly_the_paper_in_portrait(sheet):
    paper, pdf, mask = sheet
    width, height = PAPERS[paper]
    box = PdfReader(pdf).pages[0].mediabox
    assert float(box.width) == pytest.approx(width * 72 / 25.4, abs=0.01)
    assert float(box.height) == pytest.approx(height * 72 / 25.4, abs=0.01)
    assert abs(mask.shape[0] - height / PX) <= 1 and abs(mask.shape[1] - width / PX) <= 1  # pdftoppm rounds up


def test_the_check_is_in_both_languages_and_the_fonts_are_embedded(sheet):
    paper, pdf, _ = sheet
    text = pdf_text(pdf)
    assert "Não deu 100 mm? A impressora mudou a escala da página: escolha “Tamanho real” (100%)." in text
    assert "Not 100 mm? Your printer scaled the page: choose “Actual size” (100%)." in text
    assert "Teste da impressora" in text and "Printer self-test" in text
    assert "Horizontal · 100 mm" in text and "Vertical · 100 mm" in text
    assert "a 3 mm da borda do papel" in text and "3 mm from the paper’s edge" in text
    label = "Letter" if paper == "letter" else "A4"
    assert f"Folha {label}" in text and f"{label} sheet" in text
    rows = subprocess.run([require_tool("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout.strip().split("\n")[2:]
    assert rows
    for row in rows:
        name, *_, emb, sub, uni, _obj, _gen = row.split()
        assert re.fullmatch(r"[A-Z]{6}\+NotoSans-(Regular|Bold)", name), row
        assert (emb, sub, uni) == ("yes", "yes", "yes"), row


def test_the_pdf_asks_for_actual_size(sheet):
    _, pdf, _ = sheet
    preferences = PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"


def test_the_svg_measures_the_same(tmp_path):
    require_tool("rsvg-convert")
    svg = make(tmp_path, "a4", "svg")
    head = svg.read_text(encoding="utf-8")[:600]
    assert 'width="210mm"' in head and 'height="297mm"' in head and 'viewBox="0 0 210 297"' in head
    mask = dark(rasterise_svg(svg, DPI, tmp_path / "page.png"))
    found = bars(mask)
    assert found["horizontal"] == pytest.approx(100.0, abs=0.3)
    assert found["vertical"] == pytest.approx(100.0, abs=0.3)
    for side, starts in frame_edges(mask).items():
        assert starts[0] == pytest.approx(3.0, abs=0.15) and starts[1] == pytest.approx(6.0, abs=0.15), side


def test_a_scaled_print_is_caught_by_the_measure(tmp_path):
    """The measure itself: the same sheet printed at 97 % horizontally would fail, so the tests above can fail."""
    pdf = make(tmp_path, "a4")
    image = rasterise_pdf(pdf, DPI)
    squeezed = image.resize((round(image.width * 0.97), image.height))
    found = bars(dark(squeezed))
    assert found["horizontal"] == pytest.approx(97.0, abs=0.3)
    assert found["vertical"] == pytest.approx(100.0, abs=0.3)
