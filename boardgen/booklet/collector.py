"""Fewer full garbage collections while a booklet is typeset.

One job: Python's cycle collector's thresholds during a typesetting.  A
WeasyPrint layout allocates millions of small objects (boxes, styles, text
runs) and keeps most of them alive until the PDF is written; the pagination
repair keeps the first layout's box tree alive too, to lay out again from it
(:mod:`boardgen.booklet.pagination.relayout`).  With Python's default
thresholds (700, 10, 10) a full collection runs every hundred young ones and
walks every live object each time: measured on Hex's bilingual A5 booklet in a
fresh process, the collector took 0.4 s of the booklet's 3.0 s of CPU (bare
WeasyPrint on the same HTML, with fewer objects alive, 0.2 s of its 2.3 s).
Ten times fewer full collections (the third threshold 100) take most of
that back and change nothing else: the young generations are still collected
as often, so cyclic garbage does not pile up (peak memory of that process:
117 MB against 115).
mypy raises its thresholds for the same reason.  The thresholds in force
before are restored when the typesetting ends.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

FULL_COLLECTION_EVERY = 100  # collections of the middle generation between two full ones (Python's default: 10)


@contextlib.contextmanager
def fewer_full_collections() -> Iterator[None]:
    """While the block runs, a full collection only every :data:`FULL_COLLECTION_EVERY` middle ones."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, max(old, FULL_COLLECTION_EVERY))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)
