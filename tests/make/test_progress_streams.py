"""The build's lines on a stream that cannot take them: an ASCII-only one, a pipe whose reader went away.

Before (issue #30) both ended in logging's traceback on stderr, once per line.
"""

from __future__ import annotations

import io
import subprocess
import sys

from boardgen.logs import write_line
from boardgen.make.progress import Bar

from ..conftest import ROOT


def _ascii_stream() -> tuple[io.BytesIO, io.TextIOWrapper]:
    raw = io.BytesIO()
    return raw, io.TextIOWrapper(raw, encoding="ascii", errors="strict")


def test_a_line_with_accents_reaches_an_ascii_stream_escaped():
    raw, stream = _ascii_stream()
    write_line(stream, "wrote saída/boards/hex-11-a4.pdf")
    assert raw.getvalue() == b"wrote sa\\xedda/boards/hex-11-a4.pdf\n"


def test_the_bar_is_drawn_on_an_ascii_terminal():
    raw, stream = _ascii_stream()
    bar = Bar(stream)
    bar.total = 3
    bar.running = {"booklets/" + "a-very-long-name-" * 6 + "é.pdf": (0.0, 1.0)}
    bar.draw()
    text = raw.getvalue().decode("ascii")
    assert text.startswith("\r[") and "0/3" in text and "..." in text  # the "…" of a cut name, in ASCII


def test_a_reader_that_goes_away_ends_the_lines_not_the_build(tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "-m", "boardgen", "build", "--jobs", "1", "-o", str(out), "--only", "seega", "--kind", "diagrams"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline().startswith(b"wrote ")
    process.stdout.close()  # as `| head -1` does
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0 and err == b"", err.decode()
    assert len(list((out / "diagrams" / "seega").iterdir())) == 14
