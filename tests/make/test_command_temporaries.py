"""``boardgen board`` (and every command writing ``-o FILE``) removes the temporary file a killed run left for that file.

The temporary ``.NAME.XXXXXXXX.tmp`` is held locked (``flock``) while it is
written; a run killed with SIGKILL releases the lock with its life, so the
next run that writes NAME finds it unlocked and removes it.  One still
locked belongs to a live writer and stays; the temporaries of other names
(the folder is the user's) stay too.  Before (issue #30) they stayed for ever.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
from pathlib import Path

from boardgen.output import is_temporary, remove_stale_temporaries_of

from .kit import run

# A writer that creates a temporary of ours for TARGET, locks and fills it, says so, and waits to be killed.
WRITER = """
import fcntl, os, sys, time
target = sys.argv[1]
folder, name = os.path.split(target)
handle = os.open(os.path.join(folder, "." + name + ".k9k9k9k9.tmp"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
fcntl.flock(handle, fcntl.LOCK_EX)
os.write(handle, b"%PDF-1.7 half a board")
print("writing", flush=True)
time.sleep(60)
"""


def _temporaries(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if is_temporary(path.name))


def test_a_board_run_removes_what_a_killed_run_left_for_its_file(capsys, tmp_path):
    target = tmp_path / "hex.svg"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
    assert remove_stale_temporaries_of(target) == []  # locked: a live writer's, left alone
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=10)
    writer.stdout.close()
    other = tmp_path / ".notes.txt.abcdefgh.tmp"  # another file's temporary: not this command's business
    other.write_bytes(b"theirs")
    assert _temporaries(tmp_path) == [".hex.svg.k9k9k9k9.tmp", ".notes.txt.abcdefgh.tmp"]

    status, out, err = run(capsys, "board", "hex", "--format", "svg", "-o", str(target))

    assert status == 0, err
    assert f"removed {tmp_path / '.hex.svg.k9k9k9k9.tmp'} (left by an interrupted run)" in out + err
    assert _temporaries(tmp_path) == [".notes.txt.abcdefgh.tmp"] and target.read_bytes().startswith(b"<?xml")


def test_a_temporary_being_written_now_is_left_alone(tmp_path):
    target = tmp_path / "board.pdf"
    busy = tmp_path / ".board.pdf.abcdefgh.tmp"
    stale = tmp_path / ".board.pdf.zzzzzzzz.tmp"
    busy.write_bytes(b"half")
    stale.write_bytes(b"half")
    link = tmp_path / ".board.pdf.linklink.tmp"
    link.symlink_to(stale)
    handle = os.open(busy, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        assert remove_stale_temporaries_of(target) == [stale]
    finally:
        os.close(handle)
    assert busy.exists() and not stale.exists() and link.is_symlink()  # a symlink named like one is never touched
