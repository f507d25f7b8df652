"""``--jobs`` and ``BOARDGEN_JOBS`` are held to 1 to 4 processes per core; the default is one per core.

Before (issue #30) ``boardgen build --jobs 100000`` started one worker per
file (66 for ``--only hex``, up to 711).  A refused value is one line naming
the option or the variable, status 2, before anything is written.
"""

from __future__ import annotations

import pytest

from boardgen.errors import OptionError
from boardgen.make import run as make_run
from boardgen.make.run import JOBS_PER_CORE, checked_processes, cores, default_processes, most_processes

from .kit import run


def test_the_bound_is_four_processes_per_core():
    assert most_processes() == JOBS_PER_CORE * cores() >= 4


@pytest.mark.parametrize("value", ["100000", "0", "-3", "two", "1e3"])
def test_an_absurd_jobs_option_is_refused_before_any_work(capsys, tmp_path, value):
    out = tmp_path / "out"
    status, stdout, err = run(capsys, "build", "--jobs", value, "-o", str(out), "--only", "seega", "--kind", "diagrams")
    assert (status, stdout) == (2, "")
    if value == "100000":
        assert err == f"boardgen: error: --jobs: at most {most_processes()} processes on this machine (4 per core: more only take memory), not 100000\n"
    else:
        assert err == f"boardgen: error: --jobs: must be a whole number of processes, 1 or more, not {value!r}\n"
    assert not out.exists()


@pytest.mark.parametrize("value", ["100000", "0", "lots"])
def test_an_absurd_boardgen_jobs_is_refused_naming_the_variable(capsys, tmp_path, monkeypatch, value):
    monkeypatch.setenv("BOARDGEN_JOBS", value)
    status, _, err = run(capsys, "build", "-o", str(tmp_path / "out"), "--only", "seega", "--kind", "diagrams")
    assert status == 2 and err.startswith("boardgen: error: BOARDGEN_JOBS: ") and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


def test_the_option_wins_over_the_variable_and_an_empty_variable_is_unset(monkeypatch):
    monkeypatch.setenv("BOARDGEN_JOBS", "")
    assert default_processes() == cores()
    monkeypatch.setenv("BOARDGEN_JOBS", " 1 ")
    assert default_processes() == 1
    monkeypatch.delenv("BOARDGEN_JOBS")
    assert default_processes() == cores()
    assert checked_processes(most_processes(), "--jobs", str(most_processes())) == most_processes()
    with pytest.raises(OptionError, match=r"^--jobs: at most"):
        checked_processes(most_processes() + 1, "--jobs", str(most_processes() + 1))


def test_a_build_never_starts_more_workers_than_files_or_than_asked(capsys, tmp_path, monkeypatch):
    """The pool gets min(--jobs, files to make): 14 diagrams with the largest --jobs allowed on this machine."""
    asked = []
    real = make_run._Build.run

    def spy(self, processes):
        asked.append(processes)
        return real(self, processes)

    import boardgen.make.pool as pool

    started = []
    real_make_all = pool.make_all

    def make_all(jobs, processes, *args):
        started.append((len(jobs), processes))
        return real_make_all(jobs, 1, *args)  # made in this process: the test needs no pool

    monkeypatch.setattr(make_run._Build, "run", spy)
    monkeypatch.setattr(pool, "make_all", make_all)
    status, _, err = run(capsys, "build", "-q", "--jobs", str(most_processes()), "-o", str(tmp_path), "--only", "seega", "--kind", "diagrams")
    assert status == 0, err
    assert asked == [most_processes()] and started == [(14, min(14, most_processes()))]
