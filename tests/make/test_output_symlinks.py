"""The build never writes through a symlink in its output folder, and never outside it.

A symlink where the build writes (a board file, a folder, the cache file, a
page of the site) is replaced: the link goes, a regular file or a real
folder takes its name, and the file the link led to keeps its bytes, build
after build.  A stale output that is a symlink is removed as a link.  Before
(issue #30) every build overwrote the link's target, wherever it pointed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardgen.cli import main
from boardgen.errors import BoardgenError
from boardgen.make.cache import CACHE_NAME
from boardgen.output import read_inside, remove_inside, stat_inside, write_inside

from .kit import run
from .trust_kit import BOARD, DIAGRAM_FOLDER, SMALL, built, copy_of, manifest_problems, out  # noqa: F401 (fixtures)



@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the output folder, holding a file the build must never write."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "precious.txt").write_bytes(b"precious bytes\n")
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def _two_builds(capsys: pytest.CaptureFixture[str], out: Path) -> list[str]:
    """Build twice; the warnings of the first (the second must have none and make nothing)."""
    status, _, first = run(capsys, "build", "-q", "-o", str(out), *SMALL)
    assert status == 0, first
    status, stdout, second = run(capsys, "build", "-q", "--json", "-o", str(out), *SMALL)
    assert status == 0 and second == "", second
    assert json.loads(stdout)["built"] == []
    return first.splitlines()


@pytest.mark.expect_warnings
def test_a_symlinked_board_file_is_replaced_by_the_board_and_its_target_left_alone(capsys, out, outside):
    target = outside / "precious.txt"
    (out / BOARD).unlink()
    (out / BOARD).symlink_to(target)
    warnings = _two_builds(capsys, out)
    assert target.read_bytes() == b"precious bytes\n"
    assert warnings == [
        f"boardgen: warning: replacing the symlink {out / BOARD} by a regular file: the build writes only inside its output folder (the link's target is left as it was)"
    ]
    assert not (out / BOARD).is_symlink() and (out / BOARD).read_bytes().startswith(b"<?xml")
    assert manifest_problems(out) == []  # the board is back on the site, as made


@pytest.mark.expect_warnings
def test_a_symlinked_folder_is_replaced_by_a_real_one_and_the_folder_it_led_to_left_alone(capsys, out, outside):
    diagrams = sorted(path.name for path in (out / DIAGRAM_FOLDER).iterdir())
    assert len(diagrams) == 14
    (outside / diagrams[0]).write_bytes(b"<svg>not the build's</svg>")  # named like a diagram, in the folder the link leads to
    before = _snapshot(outside)
    for path in (out / DIAGRAM_FOLDER).iterdir():
        path.unlink()
    (out / DIAGRAM_FOLDER).rmdir()
    (out / DIAGRAM_FOLDER).symlink_to(outside, target_is_directory=True)
    warnings = _two_builds(capsys, out)
    assert _snapshot(outside) == before
    assert warnings == [
        f"boardgen: warning: replaced the symlink {out / DIAGRAM_FOLDER} by a folder: the build writes only inside its output folder (the link's target is left as it was)"
    ]
    assert not (out / DIAGRAM_FOLDER).is_symlink() and sorted(path.name for path in (out / DIAGRAM_FOLDER).iterdir()) == diagrams
    assert manifest_problems(out) == []


@pytest.mark.expect_warnings
def test_a_symlinked_cache_is_neither_read_nor_written_through(capsys, out, outside):
    target = outside / "cache.json"
    target.write_bytes((out / CACHE_NAME).read_bytes())
    before = target.read_bytes()
    (out / CACHE_NAME).unlink()
    (out / CACHE_NAME).symlink_to(target)
    warnings = _two_builds(capsys, out)
    assert target.read_bytes() == before
    assert warnings[0].startswith(f"boardgen: warning: ignoring the build cache {out / CACHE_NAME} (a symlink")
    assert f"boardgen: warning: replacing the symlink {out / CACHE_NAME} by a regular file" in warnings[1]
    assert not (out / CACHE_NAME).is_symlink() and json.loads((out / CACHE_NAME).read_text())["output"] == str(out.resolve())


@pytest.mark.expect_warnings
def test_symlinked_site_pages_and_folders_are_replaced(capsys, out, outside):
    """The site's pages are written the same way (boardgen.site.build): a linked page, a linked assets folder."""
    before = _snapshot(outside)
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(outside / "precious.txt")
    (out / "manifest.json").unlink()
    (out / "manifest.json").symlink_to(outside / "precious.txt")
    for path in sorted((out / "assets").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    (out / "assets").rmdir()
    (out / "assets").symlink_to(outside, target_is_directory=True)
    # the site's records are forgotten too, so that the site step runs (as after any change)
    cache = json.loads((out / CACHE_NAME).read_text())
    cache["artefacts"] = {path: record for path, record in cache["artefacts"].items() if record["artefact"]["kind"] not in ("page", "style", "thumbnail", "manifest")}
    (out / CACHE_NAME).write_text(json.dumps(cache))
    warnings = _two_builds(capsys, out)
    assert _snapshot(outside) == before
    assert len(warnings) == 3 and all("symlink" in line for line in warnings)
    assert not any(path.is_symlink() for path in (out / "index.html", out / "manifest.json", out / "assets"))
    assert (out / "assets" / "site.css").is_file() and manifest_problems(out) == []


def test_a_stale_output_that_is_a_symlink_is_removed_as_a_link(capsys, out, outside):
    """A file the cache records and no job makes any more is removed; when it is a symlink, the link goes, not its target."""
    cache = json.loads((out / CACHE_NAME).read_text())
    record = json.loads(json.dumps(cache["artefacts"][f"{DIAGRAM_FOLDER}/blocked.svg"]))
    record["artefact"]["path"] = f"{DIAGRAM_FOLDER}/renamed.svg"
    cache["artefacts"][f"{DIAGRAM_FOLDER}/renamed.svg"] = record
    (out / CACHE_NAME).write_text(json.dumps(cache))
    (out / DIAGRAM_FOLDER / "renamed.svg").symlink_to(outside / "precious.txt")
    status, stdout, err = run(capsys, "build", "-q", "--json", "-o", str(out), *SMALL)
    assert status == 0, err
    assert json.loads(stdout)["removed"] == [f"{DIAGRAM_FOLDER}/renamed.svg"]
    assert not os.path.lexists(out / DIAGRAM_FOLDER / "renamed.svg") and (outside / "precious.txt").read_bytes() == b"precious bytes\n"


# -- the functions themselves -------------------------------------------------------------------


def test_write_inside_replaces_links_on_the_way_and_at_the_name(tmp_path, outside, caplog):
    root = tmp_path / "root"
    root.mkdir()
    (root / "a").symlink_to(outside, target_is_directory=True)
    write_inside(root, "a/b/c.txt", b"one")
    (root / "a" / "b" / "d.txt").symlink_to(outside / "precious.txt")
    write_inside(root, "a/b/d.txt", b"two")
    assert _snapshot(outside) == {"precious.txt": b"precious bytes\n"}
    assert _snapshot(root) == {"a/b/c.txt": b"one", "a/b/d.txt": b"two"} and not (root / "a").is_symlink()
    assert [record.levelname for record in caplog.records] == ["WARNING", "WARNING"]
    assert not [path for path in root.rglob("*.tmp")]  # no temporary file left


def test_write_inside_refuses_what_is_not_a_file_and_a_path_that_leaves(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_bytes(b"x")
    with pytest.raises(BoardgenError, match="is a folder, not a file name"):
        write_inside(tmp_path, "folder", b"y")
    with pytest.raises(BoardgenError, match="is not a folder"):
        write_inside(tmp_path, "file/below", b"y")
    for path in ("../x", "/etc/x", "a/./b", ""):
        with pytest.raises(BoardgenError, match="not a plain relative path"):
            write_inside(tmp_path, path, b"y")
    assert (tmp_path / "file").read_bytes() == b"x"


def test_reading_stating_and_removing_never_go_through_a_link(tmp_path, outside):
    root = tmp_path / "root"
    root.mkdir()
    (root / "linked").symlink_to(outside, target_is_directory=True)
    (root / "link.txt").symlink_to(outside / "precious.txt")
    assert read_inside(root, "linked/precious.txt") is None and stat_inside(root, "linked/precious.txt") is None
    assert read_inside(root, "link.txt") is None
    assert not remove_inside(root, "linked/precious.txt")
    assert remove_inside(root, "link.txt") and not os.path.lexists(root / "link.txt")
    assert (outside / "precious.txt").read_bytes() == b"precious bytes\n"
