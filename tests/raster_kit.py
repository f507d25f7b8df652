"""PDF pages rasterised for the tests that measure ink: one way to call ``pdftoppm``.

``pdftoppm`` writes uncompressed PPM (colour) or PGM (grey) here, not PNG:
the pixels are the same, and encoding a 400 dpi A4 page as PNG and decoding
it again cost about four times the rendering itself (0.96 s against 0.26 s
of CPU for a Hex sheet).  The files are read into memory and removed at
once: an A4 page at 400 dpi is 46 MB uncompressed, and a run makes hundreds.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from PIL import Image


def pdf_pages(
    pdf: Path,
    dpi: float,
    *,
    grey: bool = False,
    first: int | None = None,
    last: int | None = None,
    crop: tuple[int, int, int, int] | None = None,
) -> list[Image.Image]:
    """The pages of ``pdf`` (``first`` to ``last``, 1-based, inclusive; default all) at ``dpi``, in page order.

    ``grey``: 8-bit grey ("L") images, else RGB.  ``crop``: (x, y, width,
    height) in pixels of the page at ``dpi``, rendered alone (pdftoppm's
    ``-x -y -W -H``).
    """
    from .conftest import require_tool

    command = [require_tool("pdftoppm"), "-r", str(dpi)]
    if grey:
        command.append("-gray")
    if first is not None:
        command += ["-f", str(first)]
    if last is not None:
        command += ["-l", str(last)]
    if crop is not None:
        command += ["-x", str(crop[0]), "-y", str(crop[1]), "-W", str(crop[2]), "-H", str(crop[3])]
    with tempfile.TemporaryDirectory(prefix="raster-") as folder:
        subprocess.run([*command, str(pdf), str(Path(folder) / "page")], check=True)
        files = sorted(Path(folder).iterdir(), key=lambda path: int(path.stem.rsplit("-", 1)[1]))
        images = []
        for file in files:
            with Image.open(file) as image:
                images.append(image.convert("L" if grey else "RGB"))  # convert() reads the file: it can go now
    return images


def pdf_page(pdf: Path, dpi: float, page: int = 1, **options) -> Image.Image:
    """One page of ``pdf`` (1-based) at ``dpi``: :func:`pdf_pages` of that page alone."""
    (image,) = pdf_pages(pdf, dpi, first=page, last=page, **options)
    return image
