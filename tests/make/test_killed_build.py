"""No temporary file survives a build killed with SIGKILL once the next build has run.

``write_atomic`` writes ``.NAME.XXXXXXXX.tmp`` beside its target and renames
it; SIGKILL between the two leaves it there.  The next build removes such
files from every folder a build writes into, including the site's
(``assets/``, ``assets/thumbnails/``, ``en/``), which it used not to look at
before the site had been recorded once: in 4 of 16 kill points of a Hex
diagrams-and-site build the temporary file outlived the next build.  Only
that name pattern, only regular files older than the run, never through a
symlink.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import boardgen.output as output
from boardgen.site import site_folders

from ..conftest import ROOT
from .kit import run

BUILD = ("build", "--only", "hex", "--kind", "diagrams,site", "--jobs", "1")

# Run boardgen and SIGKILL it (really: the process kills itself, no handler runs) at the
# first rename of a temporary file into FOLDER of the output folder: the file is written, not renamed.
KILLER = """
import os, signal, sys
from pathlib import Path
output, folder = Path(sys.argv[1]).resolve(), sys.argv[2]
rename = os.replace
def replace(source, target, *args, **kwargs):
    fd = kwargs.get("src_dir_fd")  # the build renames inside a folder it holds open (boardgen.output.write_inside)
    where = Path(os.readlink(f"/proc/self/fd/{fd}")) / source if fd is not None else Path(source).resolve()
    if where.parent == (output / folder).resolve():
        os.kill(os.getpid(), signal.SIGKILL)
    return rename(source, target, *args, **kwargs)
os.replace = replace
from boardgen.cli import main
main(sys.argv[3:])
"""


def temporaries(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if output.is_temporary(path.name))


def _age(path: Path, seconds: float = 60) -> Path:
    moment = time.time() - seconds
    os.utime(path, (moment, moment), follow_symlinks=False)
    return path


def test_the_site_says_where_it_writes() -> None:
    assert site_folders() == ("", "assets", "assets/frames/*", "assets/thumbnails", "en")


@pytest.mark.parametrize("folder", ["diagrams/hex", "assets", "assets/thumbnails", "en", ""])
def test_a_build_killed_while_writing_leaves_nothing_after_the_next(capsys: pytest.CaptureFixture[str], tmp_path: Path, folder: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    killed = subprocess.run([sys.executable, "-c", KILLER, str(out), folder, *BUILD, "-q", "-o", str(out)], cwd=ROOT, capture_output=True, timeout=120)
    assert killed.returncode == -9, killed.stderr
    left = temporaries(out)
    assert len(left) == 1 and os.path.dirname(left[0]) == folder, left  # killed between the write and the rename

    status, stdout, stderr = run(capsys, *BUILD, "-v", "-o", str(out))

    assert status == 0, stderr
    assert temporaries(out) == []
    assert f"removed {out / left[0]} (left by an interrupted run)" in stdout + stderr
    assert "boardgen: debug: looked for temporary files (.NAME.XXXXXXXX.tmp) left by a killed run in" in stderr
    assert (out / "index.html").is_file() and (out / "en" / "index.html").is_file() and (out / "diagrams" / "hex" / "swap.svg").is_file()


def test_leftovers_in_every_folder_of_a_first_build_are_removed_and_nothing_else(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "out"
    for folder in ("boards", "booklets", "diagrams/hex", "assets/thumbnails", "en", "mine"):
        (out / folder).mkdir(parents=True)
    stale = [out / folder / name for folder, name in [
        ("", ".index.html.abcdefgh.tmp"),
        ("", "..boardgen-build.json.0123abcd.tmp"),
        ("boards", ".hex-11-a4.pdf.k2_9xq0a.tmp"),
        ("booklets", ".hex-en-a5.pdf.zzzzzzzz.tmp"),
        ("diagrams/hex", ".swap.svg.a1iwbzxj.tmp"),
        ("assets", ".site.css.6by4486r.tmp"),
        ("assets/thumbnails", ".hex.svg.fwlrleew.tmp"),
        ("en", ".hex.html.6g0ylq29.tmp"),
    ]]
    for path in stale:
        path.write_bytes(b"half")
        _age(path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    theirs = outside / ".notes.txt.abcdefgh.tmp"
    theirs.write_bytes(b"not the build's")
    _age(theirs)
    keep = {
        "a folder no build writes": out / "mine" / ".notes.txt.abcdefgh.tmp",
        "not the pattern": out / "boards" / ".hex.pdf.tmp",
        "the user's file": out / "boards" / "notes.txt",
        "newer than the run": out / "en" / ".new.html.abcdefgh.tmp",
    }
    for name, path in keep.items():
        path.write_bytes(b"keep")
        if name != "newer than the run":
            _age(path)
        else:
            moment = time.time() + 600
            os.utime(path, (moment, moment))
    link_name = out / "booklets" / ".link.pdf.abcdefgh.tmp"  # a symlink named like a temporary is not removed,
    link_name.symlink_to(theirs)  # nor what it points at
    (out / "diagrams" / "trihex").symlink_to(outside, target_is_directory=True)  # a folder reached through a symlink is not swept

    status, stdout, stderr = run(capsys, *BUILD, "-q", "-o", str(out))

    assert status == 0, stderr
    assert [path for path in stale if path.exists()] == []
    assert all(path.exists() for path in keep.values())
    assert link_name.is_symlink() and theirs.read_bytes() == b"not the build's"


def test_the_sweep_does_not_leave_its_root(tmp_path: Path) -> None:
    root = tmp_path / "out"
    (root / "real").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "linked").symlink_to(outside, target_is_directory=True)
    found = [folder / ".x.pdf.abcdefgh.tmp" for folder in (root / "real", outside)]
    for path in found:
        path.write_bytes(b"half")
        _age(path)
    before = time.time()
    removed = output.remove_stale_temporaries([root / "real", root / "linked", root / "real" / ".." / "linked", outside], before, root=root)
    assert removed == [root / "real" / ".x.pdf.abcdefgh.tmp"]
    assert (outside / ".x.pdf.abcdefgh.tmp").exists()
    assert output.reached_without_symlinks(root, root) and not output.reached_without_symlinks(root, root / "linked")
