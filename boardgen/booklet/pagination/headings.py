"""No heading alone at a page's foot: a heading stranded in one column sent to the next page.

One job, a fix of the pagination repair.  In the bilingual layout a heading
row is kept with the row after it as a whole, so one language's heading can
still be left alone at a page's foot when its first paragraph, too short to
leave two lines and take two, went over whole (the page model finds them:
:attr:`~boardgen.booklet.pagination.faults.Faults.stranded`).  Such a
heading gets the class :data:`TURN`, which the stylesheet breaks the page
before.  Apart from the other fixes because it changes a class only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgen.booklet.pagination.boxes import class_names
from boardgen.booklet.pagination.faults import Faults

TURN = "turn-page"  # the class that sends a heading to the next page (booklet.css.j2)


@dataclass
class TurnPage:
    """A change to the document: ``heading`` (and what follows it) starts the next page."""

    heading: Any

    def apply(self) -> int:
        """Make the change in the parsed document; 1, or 0 when the heading already turns the page."""
        if TURN in class_names(self.heading):
            return 0
        self.heading.set("class", f"{self.heading.get('class') or ''} {TURN}".strip())
        return 1


def turn_stranded_headings(faults: Faults) -> list[TurnPage]:
    """Each heading left alone at a page's foot, to go to the next page with what follows it: one change each."""
    return [TurnPage(heading) for heading in faults.stranded if TURN not in class_names(heading)]
