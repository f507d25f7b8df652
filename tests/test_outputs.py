"""Where outputs go: never over a device, FIFO or folder; whole or not at all; nothing before every source is checked.

Issue 11 "Outputs": as root, ``-o /dev/null`` replaced the device node with a
regular file.  These tests never aim at a real device: they aim at a FIFO
made in ``tmp_path`` and at a symlink to ``/dev/null`` (the worst the old code
could do to it was replace the symlink, in ``tmp_path``).
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import time
from pathlib import Path

import pytest

import boardgen.output as output
from boardgen.cli import main
from boardgen.errors import BoardgenError, OptionError

from .conftest import ROOT, run_boardgen


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


def _files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if not path.is_dir())


# -- targets that are not regular files ------------------------------------------------------------


@pytest.mark.parametrize("command", [["board", "hex"], ["diagram", "hex", "c3"]], ids=["board", "diagram"])
def test_a_fifo_is_refused_and_left_a_fifo(capsys, tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    status, out, err = run(capsys, *command, "-o", str(fifo))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "-o/--output" in err and "FIFO" in err and "Traceback" not in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(tmp_path.iterdir()) == [fifo]  # no temporary file either


def test_a_symlink_to_a_device_is_refused_and_the_link_kept(capsys, tmp_path):
    link = tmp_path / "sink.pdf"
    link.symlink_to("/dev/null")
    status, _, err = run(capsys, "board", "hex", "-o", str(link))
    assert status == 2 and "-o/--output" in err and "character device" in err
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(tmp_path.iterdir()) == [link]


def test_write_atomic_itself_refuses_what_is_not_a_regular_file(tmp_path):
    # the build steps call write_atomic without check_writable: the refusal must be there too
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(BoardgenError, match="FIFO"):
        output.write_atomic(fifo, b"data")
    with pytest.raises(OptionError, match="^-o/--output: .*FIFO"):
        output.write_atomic(fifo, b"data", "-o/--output")
    (tmp_path / "folder").mkdir()
    with pytest.raises(BoardgenError, match="is a folder"):
        output.write_atomic(tmp_path / "folder", b"data")
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(BoardgenError, match="symlink to nothing"):
        output.write_atomic(dangling, b"data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling", "folder", "pipe"]


def test_a_symlink_to_a_regular_file_is_written_through(tmp_path):
    real = tmp_path / "shared" / "board.svg"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "board.svg"
    link.symlink_to(real)
    output.check_writable(link)
    output.write_atomic(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert sorted(p.name for p in real.parent.iterdir()) == ["board.svg"]


def test_a_trailing_slash_names_a_folder_and_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["board", "hex"], ["diagram", "hex"], ["booklet", "hex"]):
        status, _, err = run(capsys, *command, "-o", "newdir/")
        assert status == 2 and err.startswith("boardgen: error: -o/--output: newdir/ ends in /"), err
        assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_an_empty_output_name_is_refused_not_replaced_by_a_default(capsys, tmp_path, monkeypatch):
    """``-o "$UNSET"``: without this, board wrote hex-11-a4.pdf and build filled the current folder."""
    monkeypatch.chdir(tmp_path)
    for command in (["board", "hex"], ["diagram", "hex"], ["booklet", "hex"], ["build"]):
        status, _, err = run(capsys, *command, "-o", "")
        assert status == 2 and err.startswith("boardgen: error: -o/--output: the f"), err
        assert "name is empty" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_folder_no_file_can_be_created_in_is_named_before_any_work(capsys, tmp_path, monkeypatch):
    """As root, os.access says /proc is writable; only creating a file there tells the truth."""
    real_mkstemp = output.tempfile.mkstemp

    def refusing(*args, **kwargs):
        if Path(kwargs.get("dir") or ".") == tmp_path / "locked":
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_mkstemp(*args, **kwargs)

    (tmp_path / "locked").mkdir()
    monkeypatch.setattr(output.tempfile, "mkstemp", refusing)
    status, _, err = run(capsys, "board", "hex", "-o", str(tmp_path / "locked" / "b.pdf"))
    assert status == 2
    assert err == f"boardgen: error: -o/--output: cannot create a file in folder {tmp_path / 'locked'}: Read-only file system\n"
    assert list((tmp_path / "locked").iterdir()) == []


def test_a_build_folder_that_cannot_be_made_names_the_option(capsys, tmp_path):
    (tmp_path / "file").write_text("x")
    status, _, err = run(capsys, "build", "-q", "-o", str(tmp_path / "file" / "out"))
    assert status == 2 and err.startswith(f"boardgen: error: -o/--output: cannot create folder {tmp_path / 'file' / 'out'}: "), err


# -- a full disk -------------------------------------------------------------------------------------


class _FullDisk:
    """A file object whose writes fail as on a full disk, after part of the data went out."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data: bytes) -> int:
        self.stream.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()


def _full_disk_for_writes(real_fdopen):
    """os.fdopen whose files opened for writing hit a full disk (``os`` is one module: readers keep working)."""

    def fdopen(fd, mode="r", *args, **kwargs):
        return _FullDisk(real_fdopen(fd, mode, *args, **kwargs)) if "w" in mode else real_fdopen(fd, mode, *args, **kwargs)

    return fdopen


def test_a_full_disk_is_status_2_and_leaves_the_old_file_whole(capsys, tmp_path, monkeypatch):
    target = tmp_path / "board.pdf"
    target.write_bytes(b"the previous board")
    real_fdopen = os.fdopen
    monkeypatch.setattr(output.os, "fdopen", _full_disk_for_writes(real_fdopen))
    status, out, err = run(capsys, "board", "hex", "-o", str(target))
    assert status == 2 and out == ""
    assert err == f"boardgen: error: cannot write {target}: No space left on device\n"
    assert target.read_bytes() == b"the previous board"
    assert sorted(tmp_path.iterdir()) == [target]


def test_a_full_disk_in_the_build_is_status_2_and_leaves_no_partial_file(capsys, tmp_path, monkeypatch):
    import boardgen.make.steps as steps

    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:board_jobs",))
    real_fdopen = os.fdopen
    monkeypatch.setattr(output.os, "fdopen", _full_disk_for_writes(real_fdopen))
    status, _, err = run(capsys, "build", "-q", "-o", str(tmp_path))
    assert status == 2 and err.startswith("boardgen: error: cannot write ") and err.endswith(": No space left on device\n")
    assert _files(tmp_path) == []


# -- the build checks every source first --------------------------------------------------------------


def test_a_broken_rule_text_stops_the_build_before_any_board_is_written(tmp_path):
    home = tmp_path / "home"
    shutil.copytree(ROOT / "templates", home / "templates")
    shutil.copytree(ROOT / "rules_text", home / "rules_text")
    diagrams = home / "rules_text" / "hex" / "diagrams.md"
    lines = diagrams.read_text(encoding="utf-8").count("\n")
    with diagrams.open("a", encoding="utf-8") as stream:
        stream.write("\n```diagram broken\nmoves: c3 c3\n```\n")
    out = tmp_path / "out"
    result = run_boardgen("build", "-o", str(out), cwd=tmp_path, env={"BOARDGEN_HOME": str(home)})
    assert result.returncode == 2, result.stderr
    assert f"diagrams.md:{lines + 3}: diagram broken: moves: move 2 (c3) is illegal" in result.stderr
    assert result.stderr.splitlines()[-1] == "boardgen: error: 1 problem in the rule texts; nothing written"
    assert "Traceback" not in result.stderr and "wrote" not in result.stderr
    assert _files(out) == []


# -- temporary files a kill left behind ------------------------------------------------------------------


def _age(path: Path, seconds: float) -> Path:
    moment = time.time() - seconds
    os.utime(path, (moment, moment))
    return path


def test_stale_temporaries_are_removed_and_nothing_else(tmp_path):
    boards = tmp_path / "boards"
    boards.mkdir()
    stale = boards / ".hex-11-a4.pdf.k2_9xq0a.tmp"
    stale.write_bytes(b"half")
    _age(stale, 60)
    keep = {
        "not the pattern": boards / ".hex.pdf.tmp",
        "random part too short": boards / ".hex.pdf.abc.tmp",
        "no leading dot": boards / "hex.pdf.k2_9xq0a.tmp",
        "capitals are not mkstemp's": boards / ".hex.pdf.K2_9XQ0A.tmp",
        "the user's file": boards / "notes.txt",
    }
    for path in keep.values():
        path.write_bytes(b"keep")
        _age(path, 60)
    fresh = boards / ".hex-11-letter.pdf.abcdefgh.tmp"
    fresh.write_bytes(b"being written")  # newer than the run: maybe another build's, left alone
    removed = output.remove_stale_temporaries([boards], time.time() - 5)
    assert removed == [stale] and not stale.exists()
    assert all(path.exists() for path in keep.values()) and fresh.exists()
    # a real temporary name of write_atomic matches the pattern
    assert output.is_temporary(".hex-11-a4.pdf.k2_9xq0a.tmp") and not output.is_temporary("hex-11-a4.pdf")


def test_write_atomic_temporaries_have_the_pattern(tmp_path, monkeypatch):
    names = []
    real_replace = os.replace
    monkeypatch.setattr(output.os, "replace", lambda source, target: (names.append(Path(source).name), real_replace(source, target)))
    output.write_atomic(tmp_path / "board.pdf", b"x")
    assert len(names) == 1 and output.is_temporary(names[0]) and names[0].startswith(".board.pdf.")


def test_build_removes_the_temporaries_of_a_killed_run(capsys, tmp_path, monkeypatch):
    import boardgen.make.steps as steps

    monkeypatch.setattr(steps, "STEPS", ())
    (tmp_path / "boards").mkdir()
    (tmp_path / "diagrams" / "hex").mkdir(parents=True)
    left = [
        tmp_path / "boards" / ".hex-11-a4.pdf.abcdefgh.tmp",
        tmp_path / "diagrams" / "hex" / ".first.svg.0123abcd.tmp",
        tmp_path / ".x.pdf.zzzzzzzz.tmp",
    ]
    for path in left:
        path.write_bytes(b"half")
        _age(path, 30)
    mine = tmp_path / "boards" / "keep.pdf"
    mine.write_bytes(b"mine")
    status, out, err = run(capsys, "build", "-o", str(tmp_path))
    assert status == 0
    assert not any(path.exists() for path in left) and mine.exists()
    assert all(f"removed {path} (left by an interrupted run)" in out + err for path in left)
