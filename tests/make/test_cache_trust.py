"""The build checks its cache against the files and the texts before it publishes anything.

Each case edits the cache (or damages a file) of a built Seega folder as a
user or a broken disk could, builds again, and holds ``manifest.json`` to
the files: every listed file is there with the listed size and sha256, and
every file made is listed.  Before (issue #30): ids left out of a game's
diagram list deleted its diagrams for good, an id not in the texts was a
traceback, a damaged file whose size and time were put back stayed damaged,
and a forged sha256 reached the manifest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgen.cli import main
from boardgen.make.cache import CACHE_NAME, Cache, Record
from boardgen.site.catalogue import Artefact, digest

from ..conftest import ROOT
from .kit import run
from .trust_kit import BOARD, DIAGRAM_FOLDER, SMALL, built, copy_of, manifest_problems, out  # noqa: F401 (fixtures)



def _edit_cache(folder: Path, change) -> None:
    path = folder / CACHE_NAME
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _build(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> tuple[dict, str]:
    """``boardgen build -v --json``: its JSON and the debug lines about the cache."""
    status, stdout, err = run(capsys, "build", "-v", "--json", "-o", str(out), *(argv or SMALL))
    assert status == 0, err
    assert "Traceback" not in err
    return json.loads(stdout), "\n".join(line for line in err.splitlines() if "build cache" in line)


def _diagrams(out: Path) -> list[str]:
    return sorted(path.name for path in (out / DIAGRAM_FOLDER).iterdir())


def test_the_copied_folder_is_up_to_date(capsys, out):
    """The starting point of every case: nothing to make, the manifest as the files."""
    data, _ = _build(capsys, out)
    assert data["built"] == [] and len(_diagrams(out)) == 14 and manifest_problems(out) == []


def test_ids_left_out_of_the_diagram_list_are_found_again_in_the_texts(capsys, out):
    names = _diagrams(out)
    for name in names[1:4]:
        (out / DIAGRAM_FOLDER / name).unlink()
    _edit_cache(out, lambda data: data["checked"]["seega"].update(diagrams=[names[0].removesuffix(".svg")]))
    data, said = _build(capsys, out)
    assert "the checked entry of seega does not match its seal; its rule texts are checked again" in said
    assert {path for path in data["built"] if path.startswith(DIAGRAM_FOLDER)} == {f"{DIAGRAM_FOLDER}/{name}" for name in names[1:4]}
    assert data["removed"] == [] and _diagrams(out) == names
    assert manifest_problems(out) == []
    assert _build(capsys, out)[0]["built"] == []  # and the entry is good again


def test_an_id_that_is_not_in_the_texts_is_no_traceback_and_no_file(capsys, out):
    _edit_cache(out, lambda data: data["checked"]["seega"]["diagrams"].append("not-in-the-texts"))
    data, said = _build(capsys, out)
    assert "the checked entry of seega does not match its seal" in said
    assert data["built"] == [] and not (out / DIAGRAM_FOLDER / "not-in-the-texts.svg").exists()
    assert manifest_problems(out) == []


def test_an_id_forged_with_its_seal_is_one_line_naming_it(capsys, out):
    """A consistent forgery (the seal recomputed) reaches the diagram's task: one error line, no traceback, no file."""
    from boardgen.make.cache import check_seal

    def forge(data):
        entry = data["checked"]["seega"]
        entry["diagrams"].append("forged")
        entry["seal"] = check_seal("seega", entry["key"], entry["diagrams"])

    _edit_cache(out, forge)
    status, stdout, err = run(capsys, "build", "-q", "--jobs", "1", "-o", str(out), *SMALL)
    assert (status, stdout) == (2, "")
    assert err == "boardgen: error: seega's rule texts have no diagram 'forged', which the build cache names: delete .boardgen-build.json in the output folder and build again\n"
    assert not (out / DIAGRAM_FOLDER / "forged.svg").exists()


def test_an_id_that_would_leave_the_folder_is_dropped(capsys, out):
    _edit_cache(out, lambda data: data["checked"]["seega"]["diagrams"].append("../../escaped"))
    data, said = _build(capsys, out)
    assert "the checked entry of seega does not match its seal" in said and not (out.parent / "escaped.svg").exists()
    assert data["built"] == [] and manifest_problems(out) == []


def test_a_forged_sha256_makes_the_file_again_and_never_reaches_the_manifest(capsys, out):
    _edit_cache(out, lambda data: data["artefacts"][BOARD]["artefact"].update(sha256="0" * 64))
    data, said = _build(capsys, out)
    assert f"the record of {BOARD} does not match its seal; the file is made again" in said
    assert BOARD in data["built"]
    assert "0" * 64 not in (out / "manifest.json").read_text() and manifest_problems(out) == []
    assert _build(capsys, out)[0]["built"] == []


def test_a_forged_size_and_page_count_make_the_file_again(capsys, out):
    pdf = BOARD.replace(".svg", ".pdf")
    _edit_cache(out, lambda data: data["artefacts"][pdf]["artefact"].update(pages=9))
    data, _ = _build(capsys, out)
    assert pdf in data["built"] and manifest_problems(out) == []
    listed = {record["path"]: record for record in json.loads((out / "manifest.json").read_text())["artefacts"]}
    assert listed[pdf]["pages"] == 1


def test_a_damaged_file_whose_size_and_time_were_put_back_is_made_again(capsys, out):
    target = out / BOARD
    good = target.read_bytes()
    status = os.stat(target)
    damaged = bytearray(good)
    damaged[200] ^= 0x20
    target.write_bytes(bytes(damaged))
    os.utime(target, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert (os.stat(target).st_size, os.stat(target).st_mtime_ns) == (status.st_size, status.st_mtime_ns)
    data, said = _build(capsys, out)
    assert f"{BOARD} is not the file the build wrote; it is made again" in said
    assert data["built"] == [BOARD] and target.read_bytes() == good
    assert manifest_problems(out) == []


def test_a_touched_file_is_hashed_once_and_kept(capsys, out):
    target = out / BOARD
    os.utime(target, ns=(1_000_000_000, 1_000_000_000))
    data, _ = _build(capsys, out)
    assert data["built"] == []
    record = json.loads((out / CACHE_NAME).read_text())["artefacts"][BOARD]
    assert record["mtime_ns"] == 1_000_000_000 and record["ctime_ns"] == os.stat(target).st_ctime_ns


@pytest.mark.expect_warnings
def test_a_cache_nested_too_deeply_is_ignored_with_one_line(capsys, out):
    (out / CACHE_NAME).write_bytes(b"[" * 200_000 + b"]" * 200_000)
    status, _, err = run(capsys, "build", "-q", "-o", str(out), "--only", "seega", "--kind", "diagrams")  # the diagrams alone: quicker
    assert status == 0
    assert err == f"boardgen: warning: ignoring the build cache {out / CACHE_NAME} (nested too deeply to be a build cache); every file is built again\n"
    assert len(json.loads((out / CACHE_NAME).read_text())["artefacts"]) == 14 and manifest_problems(out) == []


# -- two builds at once ----------------------------------------------------------------------------


def _record(path: str) -> Record:
    artefact = Artefact(path=path, game="seega", kind="diagram", format="svg", bytes=3, sha256=digest(b"svg"))
    return Record(artefact, "key", 0)


def test_two_caches_saved_one_after_the_other_keep_each_others_records(tmp_path):
    """The merge itself: each save applies its own changes to the file as the other left it."""
    one, two = Cache.load(tmp_path), Cache.load(tmp_path)
    one.record(_record("diagrams/seega/a.svg"))
    two.record(_record("diagrams/seega/b.svg"))
    two.remember_check("seega", "k", ["b"])
    one.save()
    two.save()
    assert sorted(Cache.load(tmp_path).records) == ["diagrams/seega/a.svg", "diagrams/seega/b.svg"]
    one.forget("diagrams/seega/a.svg")
    one.save()
    again = Cache.load(tmp_path)
    assert sorted(again.records) == ["diagrams/seega/b.svg"] and again.checked["seega"]["diagrams"] == ["b"]


def test_two_builds_of_different_kinds_at_once_lose_no_record(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    command = [sys.executable, "-m", "boardgen", "build", "-q", "--json", "-o", str(out), "--only", "seega", "--jobs", "1", "--kind"]
    builds = [subprocess.Popen([*command, kind], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for kind in ("boards", "diagrams")]
    results = [build.communicate(timeout=120) for build in builds]
    assert [build.returncode for build in builds] == [0, 0], results
    made = sorted(path for stdout, _ in results for path in json.loads(stdout)["built"])
    assert len(made) == 34
    assert sorted(json.loads((out / CACHE_NAME).read_text())["artefacts"]) == made
    status = subprocess.run([*command, "boards,diagrams"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert status.returncode == 0 and json.loads(status.stdout)["built"] == [], status.stderr
