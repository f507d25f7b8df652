"""The build as a person at a terminal sees it: a progress bar on a pseudo-terminal, Ctrl-C, and the next build.

These run ``python -m boardgen build`` in a process of its own, on Hex only;
the booklets (where Ctrl-C is sent) are cut down to A5 by a launcher.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

from pypdf import PdfReader

from boardgen.make.cache import CACHE_NAME
from boardgen.site.catalogue import digest

from ..conftest import ROOT
from .kit import HEX_BOARDS, HEX_BOOKLETS_A5

# python -m boardgen, with the bilingual full-ink booklet on A5 only, imposed on A4 only (the other editions are the same code path)
A5_ONLY = [
    "-c",
    "import sys, boardgen.booklet.build as b, boardgen.make.booklets as e; b.BOOKLET_PAPERS = ('a5',); b.IMPOSE_SHEETS = ('a4',);"
    " e.EDITION_LANGS = (('pt', 'en'),); e.EDITION_INKS = ('full',); from boardgen.cli import main; main(sys.argv[1:])",
]
NO_SITE = ("--kind", "boards,booklets,diagrams")
HEX_DIAGRAMS = 8  # the diagrams of rules_text/hex
HEX_SMALL = len(HEX_BOARDS) + HEX_DIAGRAMS  # --only hex --kind boards,diagrams


def _on_a_terminal(args: list[str], columns: int = 120) -> tuple[int, str]:
    """Run boardgen with stdin, stdout and stderr on a pseudo-terminal ``columns`` wide: (status, everything it wrote)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "boardgen", *args], stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=dict(os.environ, BOARDGEN_JOBS="2"))
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the other end is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    return process.wait(timeout=60), b"".join(chunks).decode("utf-8")


def test_a_terminal_shows_one_progress_line_then_the_summary(tmp_path):
    status, text = _on_a_terminal(["build", "-o", str(tmp_path), "--only", "hex", "--kind", "boards,diagrams"])
    assert status == 0, text
    frames = re.findall(r"\r\[([#.]{20})\] (\d+)/(\d+)([^\r\x1b]*)\x1b\[K", text)
    assert frames, text
    done = [int(frame[1]) for frame in frames]
    assert {int(frame[2]) for frame in frames} == {HEX_SMALL} and done == sorted(done) and done[0] == 0 and done[-1] == HEX_SMALL
    assert any("boards/hex-11-" in frame[3] for frame in frames)  # what is being made
    assert any(re.search(r"\d+:\d\d left$", frame[3]) for frame in frames)
    assert frames[-1][0] == "#" * 20
    assert "wrote " not in text
    # the bar is cleared, then the summary is the one line left
    assert re.search(r"\r\x1b\[K" + re.escape(str(tmp_path)) + rf"/: built {HEX_SMALL} files, 0 up to date, 0 removed, in \d+\.\d s\r?\n$", text), repr(text[-300:])
    quiet_status, quiet = _on_a_terminal(["build", "-q", "-o", str(tmp_path), "--only", "hex", "--kind", "boards,diagrams"])
    assert (quiet_status, quiet) == (0, "")


def _collect(stream, lines: list[str]) -> threading.Thread:
    thread = threading.Thread(target=lambda: lines.extend(stream), daemon=True)
    thread.start()
    return thread


def test_ctrl_c_stops_within_2_s_leaves_every_file_whole_and_the_next_build_goes_on(tmp_path):
    out = tmp_path / "out"
    env = dict(os.environ, BOARDGEN_JOBS="2")
    command = [sys.executable, *A5_ONLY, "build", "-v", "-o", str(out), "--only", "hex", *NO_SITE]
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    written: list[str] = []
    reader = _collect(process.stdout, written)
    errors = []
    for line in process.stderr:
        errors.append(line)
        if "typesetting" in line:
            break
    else:
        raise AssertionError(f"never started typesetting: {''.join(errors)}")
    deadline = time.monotonic() + 30
    while not any("wrote" in line for line in written) and time.monotonic() < deadline:
        time.sleep(0.05)  # the other worker draws boards meanwhile: wait for one to be written
    assert process.poll() is None, "the build ended before the interrupt"
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    status = process.wait(timeout=10)
    elapsed = time.monotonic() - sent
    errors += process.stderr.read().splitlines(keepends=True)
    reader.join(timeout=5)
    process.stdout.close()
    process.stderr.close()
    assert status == 130 and elapsed < 2.0, (status, elapsed)
    assert errors[-1] == "boardgen: interrupted\n" and "Traceback" not in "".join(errors)
    # every file there is whole, and recorded as it is
    files = [path for path in out.rglob("*") if path.is_file()]
    assert not any(path.name.endswith(".tmp") for path in files)
    for path in files:
        if path.suffix == ".pdf":
            assert path.read_bytes().rstrip().endswith(b"%%EOF") and len(PdfReader(path).pages) >= 1, path
    records = json.loads((out / CACHE_NAME).read_text())["artefacts"]
    announced = {line.split(f"{out}/", 1)[1].strip() for line in written if line.startswith("wrote ")}
    made_before = sorted(records)  # (a file recorded in the instant before its line was printed is the one that may lack it)
    assert announced and announced <= set(made_before) and len(made_before) - len(announced) <= 1
    assert "booklets/hex-pt-en-a5.pdf" not in records
    for path, record in records.items():
        assert digest((out / path).read_bytes()) == record["artefact"]["sha256"], path
    # the next build makes the rest, and only the rest
    result = subprocess.run([sys.executable, *A5_ONLY, "build", "-q", "--json", "-o", str(out), "--only", "hex", *NO_SITE], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert sorted(data["up_to_date"]) == made_before
    everything = sorted(record["path"] for record in data["artefacts"])
    assert sorted(data["built"] + data["up_to_date"]) == everything and set(HEX_BOARDS + HEX_BOOKLETS_A5) <= set(everything)
    assert len(everything) == HEX_SMALL + len(HEX_BOOKLETS_A5) and all((out / path).is_file() for path in everything)


def test_ctrl_c_during_a_serial_build_too(tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, *A5_ONLY, "build", "-v", "-o", str(out), "--only", "hex", "--kind", "booklets", "--jobs", "1"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    first = process.stderr.readline()
    assert first.startswith("boardgen: debug: boardgen"), first
    time.sleep(2.0)  # into the check and the typesetting of the A5 booklet
    assert process.poll() is None
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    status = process.wait(timeout=10)
    elapsed = time.monotonic() - sent
    stderr = first + process.stderr.read()
    process.stderr.close()
    assert (status, stderr.splitlines()[-1]) == (130, "boardgen: interrupted") and elapsed < 2.0, stderr
    assert not any(path.is_file() and path.name != CACHE_NAME for path in out.rglob("*"))

