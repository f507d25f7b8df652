"""The words of a rule text as the typesetter sees them: unbreakable runs, measured after inline markup.

A line of a booklet can only end where the text has a break opportunity.
WeasyPrint's line breaker tries every way to fit a run without one, and its
work grows much faster than the run: a paragraph of 6,000 letters joined by
intraword emphasis (``a*b*a*b*...``) took 80 s, one of code spans
(`` `a`a`a... ``) far longer, and a bilingual booklet with both over 300 s of
CPU against 6 s normally.  Measured token by token, each piece of such a run
is one letter, so the check must measure the text after the markup is gone:
:func:`laid_out` renders an inline token's children to the plain text that is
laid out (emphasis, links and strike-through add no characters, code adds its
content, a citation ``[1]`` is tied to the word before it, as the renderer's
no-wrap span ties it), and :func:`long_run` finds the first run of more than
:data:`MAX_WORD` characters with no place to break.

No-break spaces (U+00A0, U+2007, U+202F) are white space to Python but not
to the line breaker, so they join a run; a soft line break of the source is a
space.  Soft hyphens are not counted as breaks: a word of more than
:data:`MAX_WORD` characters is a mistake whatever the hyphenator would make
of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it.token import Token

MAX_WORD = 100  # characters between two break opportunities: a longer "word" is a mistake (and costs the line breaker dearly)
NO_BREAK_SPACES = "\u00a0\u2007\u202f"  # white space to str.isspace, but no line break there
_NO_BREAK_AS_LETTER = str.maketrans(NO_BREAK_SPACES, "x" * len(NO_BREAK_SPACES))
LONG_RUN = re.compile(r"\S{%d,}" % (MAX_WORD + 1))
OBJECT = "\ufffc"  # an inline image: one box that takes no break inside or, to be safe, beside it
BREAKING_SPACE = re.compile(f"[^\\S{NO_BREAK_SPACES}]+\\Z")


@dataclass(frozen=True)
class Run:
    """A run of characters the typesetter cannot break, and the source line it starts on."""

    text: str
    line: int
    markup: bool = False  # measured across inline markup (code, emphasis, citations)

    def problem(self) -> str:
        """The one-line message for the rule-text checker."""
        message = f"a word of {len(self.text)} characters as typeset ({self.text[:20]}...); words may have at most {MAX_WORD}"
        if any(char in NO_BREAK_SPACES for char in self.text):
            return message + " (no-break spaces, U+00A0, U+2007 and U+202F, do not let a line break)"
        return message + (" (code, emphasis, links and citations joined to a word count as part of it)" if self.markup else "")


@dataclass
class LaidOut:
    """The plain text of some inline tokens, where each source line starts in it and where each token's text starts."""

    text: str
    lines: list[tuple[int, int]]  # (offset, source line)
    starts: list[int]  # offset of each child that adds characters


def laid_out(children: list[Token], line: int) -> LaidOut:
    """The plain text laid out for an inline token's ``children`` (``line``: the source line of the first child)."""
    parts: list[str] = []
    size = 0
    lines = [(0, line)]
    starts: list[int] = []

    def add(text: str) -> None:
        nonlocal size
        starts.append(size)
        parts.append(text)
        size += len(text)

    for child in children:
        kind = child.type
        if kind in ("softbreak", "hardbreak"):
            add(" " if kind == "softbreak" else "\n")
            line += 1
            lines.append((size, line))
        elif kind in ("text", "code_inline", "html_inline"):
            add(child.content)
        elif kind == "image":
            add(OBJECT)
        elif kind == "citation":
            # html.SafeRenderer.citation: the space before it goes inside a span that does not wrap
            if parts and (space := BREAKING_SPACE.search(parts[-1])):
                parts[-1] = parts[-1][: space.start()] + NO_BREAK_SPACES[0]
                size += 1 - len(space.group(0))
            add("[" + NO_BREAK_SPACES[0].join("1" for _ in child.meta.get("keys", ())) + "]")
        # em, strong, s and link open/close tokens add no characters
    return LaidOut("".join(parts), lines, starts)


def long_run(children: list[Token], line: int) -> Run | None:
    """The first run of more than MAX_WORD characters without a break opportunity in these inline children, or None."""
    laid = laid_out(children, line)
    found = LONG_RUN.search(laid.text.translate(_NO_BREAK_AS_LETTER))
    if found is None:
        return None
    start, end = found.span()
    at = max(number for offset, number in laid.lines if offset <= start)
    return Run(laid.text[start:end], at, markup=any(start < offset < end for offset in laid.starts))


def plain_long_run(text: str, line: int) -> Run | None:
    """:func:`long_run` for a plain-text field (a title, a subtitle), on one source line."""
    found = LONG_RUN.search(text.translate(_NO_BREAK_AS_LETTER))
    return Run(found.group(0), line) if found else None
