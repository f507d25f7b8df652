"""Small rule-text folders written on the fly, so each test states exactly the source it reads."""

from __future__ import annotations

import textwrap
from pathlib import Path

FRONT = {
    "pt": """+++
title = "Hex"
subtitle = "Teste"
colours = ["vermelho", "azul"]
variant = {{ swap = "on" }}
size = 5
variant_note = "Com a regra da troca."
{extra}
[[sources]]
key = "livro"
text = "Um livro."
+++
""",
    "en": """+++
title = "Hex"
subtitle = "Test"
colours = ["red", "blue"]
variant = {{ swap = "on" }}
size = 5
variant_note = "With the swap rule."
{extra}
[[sources]]
key = "livro"
text = "A book."
+++
""",
}

PT_BODY = """
# Preparação

Texto em português com acentuação: ação, é, ç [@livro].

```diagram first
Vermelho joga em *c3*.
```

# Regras

Mais texto.
"""

EN_BODY = """
# Setup

English text [@livro].

```diagram first
Red plays *c3*.
```

# Rules

More text.
"""

DIAGRAMS = """
# Diagrams

```diagram first
moves: c3
legal: d4
illegal: c3 occupied
```
"""


def write_sources(folder: Path, pt: str = PT_BODY, en: str = EN_BODY, diagrams: str | None = DIAGRAMS, extra: str = "") -> Path:
    """A game folder with pt-BR.md, en.md and diagrams.md; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pt-BR.md").write_text(FRONT["pt"].format(extra=extra) + textwrap.dedent(pt), encoding="utf-8")
    (folder / "en.md").write_text(FRONT["en"].format(extra=extra) + textwrap.dedent(en), encoding="utf-8")
    if diagrams is not None:
        (folder / "diagrams.md").write_text(textwrap.dedent(diagrams), encoding="utf-8")
    return folder


def line_of(path: Path, text: str) -> int:
    """1-based number of the first line of ``path`` containing ``text``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")
