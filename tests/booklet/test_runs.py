"""The word check measures the text as typeset: booklet/runs.py against the renderer, and its runs by hand."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from boardgen.booklet.line_breaks import SOFT_HYPHEN, ZWNJ
from boardgen.booklet.markdown_html import _renderer
from boardgen.booklet.runs import MAX_WORD, laid_out, long_run, plain_long_run
from boardgen.booklet.markdown_source import markdown

from ..conftest import ROOT

TAG = re.compile(r"<[^>]+>")
CITATION = re.compile(r"\[[^\]]*\]")


def _visible(text: str) -> str:
    """Text as a reader sees it: no soft hyphens or non-joiners, one space for any run of white space, citations as [N]."""
    text = " ".join(text.replace(SOFT_HYPHEN, "").replace(ZWNJ, "").replace("\u00a0", " ").split())
    return CITATION.sub("[N]", text)


RULE_TEXTS = sorted(path for path in (ROOT / "rules_text").glob("*/*.md") if path.name != "diagrams.md")


@pytest.mark.parametrize("path", RULE_TEXTS, ids=[f"{p.parent.name}/{p.name}" for p in RULE_TEXTS])
def test_the_laid_out_text_is_what_the_renderer_prints(path: Path) -> None:
    lang = "pt" if path.name.startswith("pt") else "en"
    env = {"folder": path.parent, "citations": {}, "lang": lang}
    inline = [token for token in markdown().parse(path.read_text(encoding="utf-8").split("+++", 2)[-1]) if token.type == "inline"]
    assert len(inline) > 20
    for token in inline:
        rendered = html.unescape(TAG.sub("", _renderer().renderInline(token.children, {}, env)))
        assert _visible(laid_out(token.children, 1).text) == _visible(rendered), token.content


def children(text: str):
    tokens = markdown().parse(text)
    return next(token for token in tokens if token.type == "inline").children


@pytest.mark.parametrize(
    "source,length",
    [
        ("`a`a`a`a`a", 6),  # code spans, the letters between them and the unmatched backtick: one word (aaaa`a)
        ("a*b*c**d**e", 5),  # intraword emphasis
        ("x [@a] [@b]", 9),  # citations are tied to the word before them (x, [1], [1], joined by no-break spaces)
        ("ab\u00a0cd\u2007ef\u202fgh", 11),  # no-break spaces do not break
        ("[ab](https://example.org)cd", 4),  # a link's text and what follows
        ("ab `c d` ef", 2),  # a space inside code still breaks
    ],
)
def test_runs_are_measured_across_markup(source: str, length: int) -> None:
    text = laid_out(children(source), 1).text
    assert max(len(run) for run in re.split(r"[^\S\u00a0\u2007\u202f]+", text)) == length, text


def test_the_first_long_run_is_found_with_its_line() -> None:
    exact = "short words\nmore words\n`a`" + "b" * (MAX_WORD - 1) + " tail"  # 100 characters as typeset: allowed
    assert long_run(children(exact), 10) is None
    third = long_run(children("short words\nmore words\n`a`" + "b" * MAX_WORD + " tail"), 10)
    assert third is not None and third.line == 12 and len(third.text) == MAX_WORD + 1
    over = long_run(children("line one\n`a`" + "b" * MAX_WORD), 7)
    assert over is not None and over.line == 8 and over.text == "a" + "b" * MAX_WORD and over.markup
    assert "as typeset (abbbbbbbbbbbbbbbbbbb...); words may have at most 100 (code, emphasis, links and citations" in over.problem()


def test_a_plain_run_says_nothing_of_markup_and_no_break_spaces_are_named() -> None:
    plain = long_run(children("x " + "a" * 101), 1)
    assert plain is not None and not plain.markup and plain.problem().endswith("words may have at most 100")
    spaced = long_run(children("ab\u00a0" * 40), 1)
    assert spaced is not None and "no-break spaces" in spaced.problem()
    assert plain_long_run("H" * 101, 3) is not None and plain_long_run("H" * 100, 3) is None
