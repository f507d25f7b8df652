"""The cycle collector's thresholds while a booklet is typeset (boardgen/booklet/collector.py)."""

from __future__ import annotations

import gc

import pytest

from boardgen.booklet import collector
from boardgen.booklet.collector import FULL_COLLECTION_EVERY, fewer_full_collections


def test_full_collections_are_rarer_inside_and_the_thresholds_come_back_after():
    before = gc.get_threshold()
    with fewer_full_collections():
        inside = gc.get_threshold()
    assert inside[:2] == before[:2] and inside[2] == max(before[2], FULL_COLLECTION_EVERY) > 10
    assert gc.get_threshold() == before


def test_the_thresholds_come_back_when_the_typesetting_fails():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), fewer_full_collections():
        raise RuntimeError("a layout failed")
    assert gc.get_threshold() == before


def test_a_booklet_is_typeset_inside_it(monkeypatch):
    """booklet_pdf runs its layout and writing with the raised threshold (seen from inside WeasyPrint's layout)."""
    from boardgen.booklet import typeset
    from boardgen.booklet.build import BookletRequest, booklet_pdf, game_folder, load_checked

    seen = []
    real = typeset.render_document

    def watching(*args, **kwargs):
        seen.append(gc.get_threshold()[2])
        return real(*args, **kwargs)

    monkeypatch.setattr(typeset, "render_document", watching)
    booklet_pdf(load_checked(game_folder("hex")), BookletRequest(("en",), "a5"))
    assert seen and all(value == max(gc.get_threshold()[2], collector.FULL_COLLECTION_EVERY) for value in seen)
