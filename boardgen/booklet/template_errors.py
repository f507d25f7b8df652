"""A mistake met while a template runs, as one line naming the template file and line.

Templates are ours, but they are text anyone may edit (a checkout's
``templates/``, or the copy ``BOARDGEN_HOME`` points at), and jinja2 reports a
mistake met at run time (an undefined attribute, ``1 / 0``, a filter given the
wrong type) as a Python exception with a traceback.  jinja2 rewrites that
traceback so that the template's own frames carry the template file and line:
:func:`template_failure` finds the innermost such frame and words the error as
``templates/booklet.html.j2:12: template error: ...``.
"""

from __future__ import annotations

import traceback
from pathlib import Path

import jinja2

from boardgen.booklet.problems import display_path
from boardgen.errors import BoardgenError


def template_line(error: BaseException, folder: Path) -> tuple[str, int] | None:
    """(file, line) of the innermost frame of ``error``'s traceback that runs a template in ``folder``."""
    found = None
    root = str(folder.resolve())
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename and frame.lineno is not None and str(Path(frame.filename).resolve()).startswith(root):
            found = (frame.filename, frame.lineno)
    return found


def raised_by_template(error: BaseException, folder: Path) -> bool:
    """Whether ``error`` was raised by a template's own code or by jinja2 running it (not by boardgen code it called).

    A Python error in a template expression (``1 / 0``, ``"a" + 1``) or in a
    built-in filter is the template's mistake; one raised inside our own
    functions is a bug in boardgen and keeps its traceback.
    """
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return False
    last = str(Path(frames[-1].filename).resolve())
    return last.startswith(str(folder.resolve())) or last.startswith(str(Path(jinja2.__file__).parent.resolve()))


def template_failure(error: Exception, name: str, folder: Path) -> BoardgenError:
    """The one-line error for ``error``, raised while template ``name`` of ``folder`` ran."""
    where = template_line(error, folder)
    place = f"{display_path(where[0])}:{where[1]}" if where else f"template {name}"
    detail = getattr(error, "message", None) or str(error) or type(error).__name__
    return BoardgenError(f"{place}: template error: {detail} ({type(error).__name__})")
