"""The images a rule text may show: a file of the game's own folder, of the kind its name says, that decodes.

One job: :func:`check_image` says why an image reference is refused (a URL
or absolute path, a file outside the folder, a suffix not allowed, content
that is not what the name says, a decompression bomb) so that the problem
is reported at its ``file:line`` before the typesetter meets it.  Apart from
the Markdown reader because the renderer asks the same question again when
it writes the ``<img>`` (:mod:`boardgen.booklet.markdown_html`).
"""

from __future__ import annotations

import os
import re
import stat
import warnings
from pathlib import Path
from urllib.parse import unquote

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")

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
