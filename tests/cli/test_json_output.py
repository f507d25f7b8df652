"""Every ``--json`` (issue 29): one writer, so one indentation, and every file path on one base
(relative to the working folder when the file is under it), as docs/cli.md says."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from boardgen.cli import COMMANDS, cli, main
from boardgen.cli.common import JSON_INDENT

from ..conftest import ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    captured = capsys.readouterr()
    return int(info.value.code or 0), captured.out, captured.err


# One run of each command that takes --json (a test below holds this list to the commands).
JSON_RUNS: dict[str, list[str]] = {
    "list": ["list"],
    "moves": ["moves", "hex", "--size", "2"],
    "play": ["play", "hex", "--size", "2", "a1"],
    "perft": ["perft", "hex", "--size", "2", "--depth", "1"],
    "check": ["check", "hex"],
    "build": ["build", "-o", "out", "--kind", "boards"],
}


def _as_the_writer_writes(out: str) -> object:
    data = json.loads(out)
    assert out == json.dumps(data, ensure_ascii=False, indent=JSON_INDENT) + "\n", "not the one JSON writer's output"
    return data


def test_the_runs_cover_every_command_with_json():
    with_json = {name for name in COMMANDS if any("--json" in param.opts for param in cli.get_command(None, name).params)}
    assert with_json == set(JSON_RUNS)


@pytest.fixture
def small_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """The build cut to its printer self-test and record sheets on one paper in SVG (run with ``--kind boards``): a few files, quickly."""
    import boardgen.make.steps as steps

    monkeypatch.setattr(steps, "STEPS", ("boardgen.make.steps:print_sheet_jobs",))
    monkeypatch.setattr(steps, "BUILD_PAPERS", ("a4",))
    monkeypatch.setattr(steps, "BUILD_FORMATS", ("svg",))


@pytest.mark.parametrize("name", sorted(JSON_RUNS))
def test_every_json_is_written_one_way(capsys, tmp_path, monkeypatch, small_build, name):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "rules_text" / "hex", tmp_path / "hex")
    status, out, err = run(capsys, *JSON_RUNS[name], "--json", "-q")
    assert status == 0, err
    _as_the_writer_writes(out)


def test_file_paths_are_relative_to_the_working_folder(capsys, tmp_path, monkeypatch, small_build):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "rules_text" / "hex", tmp_path / "hex")
    broken = tmp_path / "hex" / "en.md"
    broken.write_text(broken.read_text(encoding="utf-8") + "\n```diagram zz\nmoves: zz99\n```\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", str(tmp_path / "hex"), "--json")  # an absolute PATH given
    assert status == 2
    assert {problem["file"] for problem in _as_the_writer_writes(out)["problems"]} == {"hex/en.md"}  # type: ignore[index]

    for given in ("out", str(tmp_path / "out")):  # relative or absolute -o, the same text
        status, out, err = run(capsys, "build", "-o", given, "--kind", "boards", "--json", "-q")
        assert status == 0, err
        data = _as_the_writer_writes(out)
        assert data["output"] == "out"  # type: ignore[index]
        files = [entry["path"] for entry in data["files"]]  # type: ignore[index]
        assert files and all(path.startswith("out/boards/") and Path(path).is_file() for path in files), files
        # the records keep their place in the site, relative to "output"
        assert [record["path"] for record in data["artefacts"]] == [path.removeprefix("out/") for path in files]  # type: ignore[index]


def test_a_path_outside_the_working_folder_is_given_as_it_is(capsys, tmp_path, monkeypatch, small_build):
    inside = tmp_path / "here"
    inside.mkdir()
    monkeypatch.chdir(inside)
    status, out, err = run(capsys, "build", "-o", str(tmp_path / "elsewhere"), "--kind", "boards", "--json", "-q")
    assert status == 0, err
    data = _as_the_writer_writes(out)
    assert data["output"] == str(tmp_path / "elsewhere")  # type: ignore[index]
    assert all(entry["path"].startswith(f"{tmp_path / 'elsewhere'}/boards/") for entry in data["files"])  # type: ignore[index]
