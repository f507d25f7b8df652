"""Which of the site's languages a text reads as, by counting its commonest little words.

A booklet "in English" must read as English: the audit
(:mod:`boardgen.make.audit`) counts, in a page or two of the file's text,
the function words of each language (articles, prepositions, conjunctions:
the words every paragraph has whatever it is about).  Words the two
languages share (``a``, ``do``, ``no``, ``as``, ``para``...) are in neither
list, so a count of one is never the other's.  It is a cheap test, not a
language detector: it tells Portuguese from English, which is all the
site's files promise.

The site's language codes are the records' (``pt``, ``en``; ``pt+en``
bilingual).
"""

from __future__ import annotations

import re
from collections import Counter

FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "pt": frozenset(
        "o os um uma uns umas de da das dos em na nas num numa nos e ou que não é são com por pela pelo pelas pelos "
        "ao aos à às se mais sua seu suas seus ele ela eles elas também quando onde cada".split()
    ),
    "en": frozenset(
        "the of and to in is are be it its this that with for on by from or not you your each when which "
        "their they can one an at has have".split()
    ),
}
WORD = re.compile(r"[^\W\d_]+")
ENOUGH = 12  # function words of a language a page or two of running text always has
FOREIGN_SHARE = 0.25  # the other language's share of the function words a one-language text may have (a quoted title, a source)


def function_words(text: str) -> Counter[str]:
    """How many of each language's function words the text has, by language code."""
    counts: Counter[str] = Counter()
    for word in WORD.findall(text.lower()):
        for lang, words in FUNCTION_WORDS.items():
            if word in words:
                counts[lang] += 1
    return counts


def language_problem(text: str, promised: str, enough: int = ENOUGH) -> str | None:
    """What is wrong with ``text`` as a text in ``promised`` (``pt``, ``en``, ``pt+en``), None when it reads as promised.

    ``enough``: the function words of each promised language the text must
    have (fewer for a sheet's two-line printing note than for a booklet's pages).
    """
    counts = function_words(text)
    wanted = promised.split("+")
    unknown = [lang for lang in wanted if lang not in FUNCTION_WORDS]
    if unknown:
        return f"its language {promised} is none the audit knows ({', '.join(FUNCTION_WORDS)})"
    missing = [lang for lang in wanted if counts[lang] < enough]
    found = ", ".join(f"{counts[lang]} {lang}" for lang in FUNCTION_WORDS)
    if missing:
        return f"its text must read as {promised}, but has too few {'/'.join(missing)} words ({found} function words)"
    total = sum(counts.values())
    for lang in FUNCTION_WORDS:
        if lang not in wanted and counts[lang] > FOREIGN_SHARE * total:
            return f"its text must read as {promised} only, but reads as {lang} too ({found} function words)"
    return None
