"""A usable site early: a cold build writes the site's pages before its first booklet, then again once the booklets are made.

The build's events (the :class:`~boardgen.make.progress.Reporter` it is given)
are recorded in order; when the first booklet is reported written, the test
looks at the folder as it is then: ``index.html``, every file it links, each
game page it links and every file those link must be there, and the
booklets still to make must be named on the game page as being made, with
no link.  At the end the pages must be what the site makes from the final
records alone (no trace of the early ones), and a rebuild must write nothing.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from boardgen.make.plan import Selection
from boardgen.make.progress import Reporter
from boardgen.make.run import run_build
from boardgen.site.build import build_site

from .kit import HEX_BOOKLETS_A5, files_of

HREF = re.compile(r'(?:href|src)="([^"#:]+)(?:#[^"]*)?"')


def _targets(output: Path, page: str) -> set[str]:
    """The files of the output folder that ``page`` links or shows (relative links only), as paths relative to ``output``."""
    text = (output / page).read_text(encoding="utf-8")
    return {posixpath.normpath(posixpath.join(posixpath.dirname(page), link)) for link in HREF.findall(text) if link}


class Events(Reporter):
    """Every event of the build, in order, and the folder's state when the first booklet is written."""

    def __init__(self, output: Path) -> None:
        self.output = output
        self.events: list[tuple[str, str]] = []
        self.at_first_booklet: dict[str, object] | None = None

    def started(self, name: str, cost: float) -> None:
        self.events.append(("started", name))

    def finished(self, name: str, written) -> None:
        paths = [Path(path).relative_to(self.output).as_posix() for path in written]
        self.events += [("wrote", path) for path in paths]
        if self.at_first_booklet is None and any(path.startswith("booklets/") for path in paths):
            self.at_first_booklet = self._look()

    def site_ready(self, home: Path, waiting: int) -> None:
        self.events.append(("site ready", Path(home).relative_to(self.output).as_posix()))

    def _look(self) -> dict[str, object]:
        home = self.output / "index.html"
        if not home.is_file():
            return {"home": False}
        linked = _targets(self.output, "index.html")
        pages = sorted(path for path in linked if path.endswith(".html"))
        on_pages = set().union(*(_targets(self.output, page) for page in pages if (self.output / page).is_file()))
        game_page = (self.output / "hex.html").read_text(encoding="utf-8") if (self.output / "hex.html").is_file() else ""
        return {
            "home": True,
            "missing": sorted(path for path in linked | on_pages if not (self.output / path).is_file()),
            "pages": pages,
            "boards linked": sorted(path for path in on_pages if path.startswith("boards/")),
            "booklets linked": sorted(path for path in on_pages if path.startswith("booklets/")),
            "being made": game_page.count("em preparação"),
        }


def test_a_cold_build_writes_the_site_before_its_first_booklet_and_again_after_the_last(tmp_path, a5_only):
    output = tmp_path / "out"
    output.mkdir()
    events = Events(output)
    outcome = run_build(output, Selection(frozenset({"hex"})), processes=2, reporter=events)

    seen = events.at_first_booklet
    assert seen is not None and seen["home"], events.events[:5]
    assert seen["missing"] == [], seen["missing"]
    assert "hex.html" in seen["pages"] and "en/hex.html" not in seen["missing"]
    assert len(seen["boards linked"]) >= 20  # every board of Hex's page: one-sheet, posters, pen, pieces, the other sizes
    assert seen["booklets linked"] == []  # named as being made, not linked
    assert seen["being made"] >= len(HEX_BOOKLETS_A5)  # each booklet, in the picks and in the editions' table

    order = [path for event, path in events.events if event == "wrote"]
    first_booklet = next(i for i, path in enumerate(order) if path.startswith("booklets/"))
    assert order.index("index.html") < first_booklet and order.index("hex.html") < first_booklet
    assert all(i < first_booklet for i, path in enumerate(order) if path.startswith(("boards/", "diagrams/")))
    ready = events.events.index(("site ready", "index.html"))
    assert ready < events.events.index(("wrote", order[first_booklet]))
    assert order.count("index.html") == 2  # early, then final

    # the final site: what the site makes from the final records, with no trace of the early one
    final = {path: (output / path).read_bytes() for path in ("index.html", "hex.html", "en/hex.html", "manifest.json")}
    assert all(b"em prepara" not in data and b"being made" not in data for data in final.values())
    assert all(path in outcome.built for path in HEX_BOOKLETS_A5)
    again = tmp_path / "again"
    again.mkdir()
    for record in outcome.records:  # the same files in a fresh folder, and the site made from their records at once
        if record.kind not in ("page", "style", "script", "thumbnail", "frame", "manifest"):
            (again / record.path).parent.mkdir(parents=True, exist_ok=True)
            (again / record.path).write_bytes((output / record.path).read_bytes())
    build_site([record for record in outcome.records if record.kind not in ("page", "style", "script", "thumbnail", "frame", "manifest")], again)
    assert {path: (again / path).read_bytes() for path in final} == final

    # a rebuild makes and writes nothing, and writes no early site
    before = files_of(output)
    events = Events(output)
    outcome = run_build(output, Selection(frozenset({"hex"})), processes=2, reporter=events)
    assert outcome.built == [] and files_of(output) == before
    assert not any(event == "site ready" for event, _ in events.events)
