"""Measure printed sheets the way a person with a ruler would: on a raster image."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from PIL import Image

from ..raster_kit import pdf_page

MM_PER_INCH = 25.4


def rasterise_pdf(pdf: Path, dpi: int, grey: bool = False) -> Image.Image:
    """The first page of ``pdf`` at ``dpi`` (RGB, or ``grey``), read into memory (:mod:`tests.raster_kit`)."""
    return pdf_page(pdf, dpi, grey=grey)


def rasterise_svg(svg: Path, dpi: int, out_png: Path) -> Image.Image:
    subprocess.run(["rsvg-convert", "--dpi-x", str(dpi), "--dpi-y", str(dpi), "-b", "white", "-o", str(out_png), str(svg)], check=True)
    return Image.open(out_png).convert("RGB")


def longest_dark_run_mm(image: Image.Image, dpi: int, top_mm: float, bottom_mm: float) -> float:
    """Length of the longest horizontal run of dark pixels in a band of rows (the calibration bar)."""
    grey = image.convert("L")
    px_per_mm = dpi / MM_PER_INCH
    best = 0
    for row in range(int(top_mm * px_per_mm), min(grey.height, int(bottom_mm * px_per_mm))):
        line = grey.crop((0, row, grey.width, row + 1)).tobytes()
        for run in re.finditer(rb"[\x00-\x7f]+", line):
            best = max(best, run.end() - run.start())
    return best / px_per_mm


def ink_box_mm(image: Image.Image, dpi: int, box_mm: tuple[float, float, float, float], threshold: int = 245):
    """Bounding box (mm, sheet coordinates) of every non-white pixel inside ``box_mm``."""
    px_per_mm = dpi / MM_PER_INCH
    left, top = int(box_mm[0] * px_per_mm), int(box_mm[1] * px_per_mm)
    region = image.crop((left, top, int(box_mm[2] * px_per_mm), int(box_mm[3] * px_per_mm))).convert("L")
    mask = region.point(lambda v: 255 if v < threshold else 0)
    bbox = mask.getbbox()
    if bbox is None:
        return None
    return tuple(v / px_per_mm for v in (bbox[0] + left, bbox[1] + top, bbox[2] + left, bbox[3] + top))
