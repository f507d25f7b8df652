"""No word across a page turn: the soft hyphens taken out of a word hyphenated at the foot of a page.

One job, a fix of the pagination repair.  WeasyPrint lets a word be
hyphenated across a page turn (it has no ``hyphenate-limit-last``); a page
(either column of it) whose last line ends on the hyphen of a soft-hyphen
break gets that word whole: :class:`KeepWordWhole` takes its soft hyphens
out in the document, there only, and the next layout carries it whole to
one page.  Apart from the other fixes because it edits text, not the order
or the classes of elements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from boardgen.booklet.line_breaks import SOFT_HYPHEN, ZWNJ  # the renderer's: a soft hyphen, and the non-joiner before one inside a ligature
from boardgen.booklet.pagination.faults import HYPHEN, Faults

WORD_START = re.compile(r"(\w+)" + HYPHEN + r"$")


@dataclass
class KeepWordWhole:
    """A change to the document: no soft hyphen left in the words of ``element``'s own text that can break just after ``start``."""

    element: Any
    start: str

    def apply(self) -> int:
        """Make the change in the parsed document; how many of the element's texts changed (0: none held such a word)."""
        return _dehyphenate(self.element, self.start)

    def edit_text(self, text: str) -> str:
        """The same change made to one of the element's texts as the layout holds it (a text box of the box tree)."""
        return dehyphenated(text, self.start)


def keep_words_whole(faults: Faults) -> list[KeepWordWhole]:
    """The words broken at the foot of a page, to be kept whole: one change each.

    The word is found in the text of the element the line's last text box
    belongs to, by the part of it printed before the hyphen; the layout then
    carries it whole to the next line (or keeps it whole on this one).
    """
    changes = []
    for text_box in faults.hyphens:
        found = WORD_START.search(text_box.text.replace(ZWNJ, "").replace(SOFT_HYPHEN, ""))
        if found is not None and text_box.element is not None:
            changes.append(KeepWordWhole(text_box.element, found.group(1)))
    return changes


def dehyphenated(text: str, start: str) -> str:
    """``text`` with the soft hyphens taken out of its words that can break just after ``start``."""

    def whole(match: re.Match[str]) -> str:
        word = match.group(0)
        for index, char in enumerate(word):
            if char == SOFT_HYPHEN:
                before = word[:index].replace(ZWNJ, "").replace(SOFT_HYPHEN, "")
                if before.endswith(start) and (len(before) == len(start) or not before[-len(start) - 1].isalpha()):
                    return word.replace(ZWNJ + SOFT_HYPHEN, "").replace(SOFT_HYPHEN, "")
        return word

    return re.sub(r"\S*" + SOFT_HYPHEN + r"\S*", whole, text) if SOFT_HYPHEN in text else text


def _dehyphenate(element: Any, start: str) -> int:
    """Remove the soft hyphens of the words of ``element``'s own text that can break just after ``start``."""
    changed = 0
    slots = [(element, "text")] + [(child, "tail") for child in element]
    for owner, name in slots:
        text = getattr(owner, name)
        if text:
            new = dehyphenated(text, start)
            if new != text:
                setattr(owner, name, new)
                changed += 1
    return changed
