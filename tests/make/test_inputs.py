"""What a key is made of: which edit changes which input's digest (on a copy of the package, edited)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from boardgen.make.inputs import PACKAGE_DIR, Inputs

NAMES = ("code", "booklet-code", "site-code", "fonts", "game:hex", "game:trihex")


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("package") / "boardgen"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    return copy


def _changed(package: Path, relative: str) -> set[str]:
    """The inputs whose digest changes when ``relative`` (a file of the package copy) gets one more line."""
    before = Inputs(package).digests(NAMES)
    path = package / relative
    original = path.read_bytes() if path.exists() else None
    path.write_bytes((original or b"") + b"\n# edited\n")
    try:
        after = Inputs(package).digests(NAMES)
    finally:
        if original is None:
            path.unlink()
        else:
            path.write_bytes(original)
    return {name for name in NAMES if before[name] != after[name]}


@pytest.mark.parametrize(
    ("relative", "changes"),
    [
        ("boards/base.py", {"code"}),  # shared: everything is made again
        ("sheets/request.py", {"code"}),
        ("make/tasks.py", {"code"}),
        ("games/__init__.py", {"code"}),
        ("games/hex/rules.py", {"game:hex"}),  # one game's: that game's files only
        ("games/hex/new_module.py", {"game:hex"}),  # a new file is a change
        ("booklet/html.py", {"booklet-code"}),  # booklets and diagrams, not boards
        ("site/catalogue.py", {"site-code"}),  # the site only
        ("fonts/OFL.txt", {"fonts"}),
        ("cli/build_cmd.py", set()),  # makes no file's bytes
        ("api/sheets.py", set()),  # the library, a package of its own
        ("make/.notes.swp", set()),  # hidden: nothing reads it
    ],
)
def test_an_edit_changes_the_inputs_that_read_it(package, relative, changes):
    assert _changed(package, relative) == changes


def test_the_digest_is_the_same_for_the_same_files(package):
    assert Inputs(package).digests(NAMES) == Inputs(package).digests(NAMES)
    assert Inputs(package).digest("game:nope") == Inputs(package).digest("game:other")  # a missing folder
    with pytest.raises(ValueError, match="unknown build input"):
        Inputs(package).digest("colour")


RULES_NAMES = ("rules:hex", "rules:hex:pt+en", "rules:hex:pt", "rules:hex:en")


@pytest.mark.parametrize(
    ("relative", "changes"),
    [
        ("pt-BR.md", {"rules:hex", "rules:hex:pt+en", "rules:hex:pt"}),  # the English booklets never read it
        ("en.md", {"rules:hex", "rules:hex:pt+en", "rules:hex:en"}),
        ("diagrams.md", set(RULES_NAMES)),  # every booklet draws the diagrams
        ("picture.svg", set(RULES_NAMES)),  # an image a text may show
    ],
)
def test_a_rule_text_edit_changes_the_booklets_of_its_language(tmp_path, monkeypatch, relative, changes):
    import boardgen.make.inputs as inputs

    home = tmp_path / "rules_text"
    shutil.copytree(PACKAGE_DIR.parent / "rules_text" / "hex", home / "hex")
    monkeypatch.setattr(inputs, "_rules_dir", lambda: home)
    before = Inputs().digests(RULES_NAMES)
    path = home / "hex" / relative
    path.write_bytes((path.read_bytes() if path.exists() else b"") + b"\n<!-- edited -->\n")
    after = Inputs().digests(RULES_NAMES)
    assert {name for name in RULES_NAMES if before[name] != after[name]} == changes


def test_a_language_boardgen_lacks_is_no_build_input(package):
    with pytest.raises(ValueError, match="unknown booklet language"):
        Inputs(package).digest("rules:hex:fr")
