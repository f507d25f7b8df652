"""The bilingual booklet's tags, as a screen reader meets them (boardgen/booklet/tags.py).

One Hex booklet (pt+en, A5), the run's shared one (``booklets_kit.py``: typeset
once for every test and xdist worker that reads it); everything is read
back from the PDF with pypdf: the structure tree, the parent tree and the
marked runs of every page's content stream.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from boardgen.booklet.html import LABELS

from ..conftest import ROOT
from .booklets_kit import Booklet, booklet_file
from .pdf_structure import elements, is_element, kids, language_of, mcids_below, parent_tree, resolve, runs

HEX = ROOT / "rules_text" / "hex"
WORD = re.compile(r"[^\W\d_]+")
HYPHENS = ("-", "\u2010")


@pytest.fixture(scope="module")
def reader(tmp_path_factory) -> PdfReader:
    return PdfReader(io.BytesIO(booklet_file(tmp_path_factory, Booklet("hex")).read_bytes()))


@pytest.fixture(scope="module")
def page_runs(reader):
    return [runs(page) for page in reader.pages]


def _vocabulary(*texts: str) -> set[str]:
    return {word.casefold() for text in texts for word in WORD.findall(text)}


def _labels(lang: str) -> str:
    return " ".join(str(value) for value in LABELS[lang].values())


def _run_language(text: str, after_hyphen: bool, english_only: set[str], portuguese_only: set[str]) -> str | None:
    """"en" or "pt" when the run's words belong to one language only (words of both, or of neither: None).

    The pieces of a word hyphenated at the end of a line are left out ("de-" of
    "decide" would pass for Portuguese).
    """
    found = WORD.findall(text)
    if text.rstrip().endswith(HYPHENS):
        found = found[:-1]
    if after_hyphen:
        found = found[1:]
    words = {word.casefold() for word in found}
    english, portuguese = words & english_only, words & portuguese_only
    if english and not portuguese:
        return "en"
    if portuguese and not english:
        return "pt"
    return None


def test_every_english_run_is_tagged_english_and_every_portuguese_run_portuguese(reader, page_runs):
    english = _vocabulary((HEX / "en.md").read_text(encoding="utf-8"), _labels("en"))
    portuguese = _vocabulary((HEX / "pt-BR.md").read_text(encoding="utf-8"), _labels("pt"))
    english_only, portuguese_only = english - portuguese, portuguese - english
    parents = parent_tree(reader)
    counted = {"en": 0, "pt": 0}
    wrong = []
    for number, (page, page_run) in enumerate(zip(reader.pages, page_runs)):
        for previous, run in zip([None, *page_run], page_run):
            after_hyphen = previous is not None and previous.text.rstrip().endswith(HYPHENS)
            language = _run_language(run.text, after_hyphen, english_only, portuguese_only)
            if run.artifact or language is None:
                continue
            counted[language] += 1
            tagged = language_of(resolve(parents[int(page["/StructParents"])][run.mcid]), reader)
            if tagged.split("-")[0].casefold() != language:
                wrong.append((number + 1, run.text, tagged))
    assert counted["en"] > 300 and counted["pt"] > 300, counted  # the classification found the booklet's text
    assert not wrong, wrong[:10]
    assert reader.trailer["/Root"]["/Lang"] == "pt-BR"


def test_a_language_is_written_only_where_it_changes(reader):
    languages = [str(element["/Lang"]) for element, _ in elements(reader) if "/Lang" in element]
    assert languages and set(languages) == {"en"}  # Portuguese, the document's language, is never repeated
    for element, parent in elements(reader):
        if "/Lang" in element and is_element(parent):
            assert language_of(parent, reader) != str(element["/Lang"])


def test_every_link_annotation_is_referenced_from_the_link_element_that_holds_its_text(reader):
    objrs: dict[int, list] = {}
    for element, parent in elements(reader):
        assert not (element["/S"] == "/Link" and _inside_link(parent)), "a Link inside a Link"
        for kid in kids(element):
            if hasattr(kid, "get") and kid.get("/Type") == "/OBJR":
                objrs.setdefault(kid.raw_get("/Obj").idnum, []).append(element)
    parents = parent_tree(reader)
    annotations = [(number, ref) for number, page in enumerate(reader.pages) for ref in page.get("/Annots", [])]
    assert len(annotations) > 20
    for number, reference in annotations:
        annotation = resolve(reference)
        assert annotation["/Subtype"] == "/Link"
        holders = objrs.get(reference.idnum, [])
        assert len(holders) == 1, (number + 1, annotation.get("/Contents"), len(holders))
        link = holders[0]
        assert link["/S"] == "/Link"
        assert resolve(parents[int(annotation["/StructParent"])]) is link
        assert mcids_below(link), "the Link element holds the link's text"


def _inside_link(node) -> bool:
    while is_element(node):
        if node["/S"] == "/Link":
            return True
        node = resolve(node.get("/P"))
    return False


def test_one_link_per_line_of_the_table_of_contents(reader, page_runs):
    annotations = [resolve(ref) for ref in reader.pages[1].get("/Annots", [])]
    lines = [run.text for run in page_runs[1] if not run.artifact and re.fullmatch(r"\d+", run.text.strip())]  # each line's page number
    assert len(annotations) == len(lines) > 10
    assert len({str(a["/Dest"]) for a in annotations}) == len(annotations)


def test_running_heads_and_page_numbers_are_artifacts_not_tags(reader, page_runs):
    parents = parent_tree(reader)
    reached = {element.indirect_reference.idnum for element, _ in elements(reader)}
    assert not [run for run in page_runs[0] if run.artifact and run.text.strip()]  # the cover has neither
    for number in range(3, len(reader.pages) + 1):
        page, page_run = reader.pages[number - 1], page_runs[number - 1]
        artifacts = [run.text.strip() for run in page_run if run.artifact and run.text.strip()]
        assert str(number) in artifacts, (number, artifacts)
        head = next(text for text in artifacts if " · " in text)  # "Preparação · Setup"
        tagged = [run for run in page_run if not run.artifact]
        assert all(run.text.strip() != head for run in tagged), number
        table = parents[int(page["/StructParents"])]
        assert all(resolve(table[run.mcid]).indirect_reference.idnum in reached for run in tagged if run.mcid is not None)


def test_every_marked_run_belongs_to_the_tree(reader):
    reached = {element.indirect_reference.idnum for element, _ in elements(reader)}
    for number, page in enumerate(reader.pages):
        entries = parent_tree(reader)[int(page["/StructParents"])]
        assert all(resolve(entry).indirect_reference.idnum in reached for entry in entries), number + 1


def test_the_cover_facts_are_label_and_value_cells(reader, page_runs):
    texts = {run.mcid: run.text.strip() for run in page_runs[0] if run.mcid is not None}
    table = next(element for element, _ in elements(reader) if element["/S"] == "/Table")
    rows = [element for element, _ in elements(reader) if element["/S"] == "/TR" and _below(element, table)]
    assert len(rows) == 2
    labels = []
    for row in rows:
        cells = [kid for kid in kids(row) if is_element(kid)]
        assert [cell["/S"] for cell in cells] == ["/TH", "/TD"] * 3
        for header, data in zip(cells[::2], cells[1::2]):
            assert [str(h) for h in data["/A"]["/Headers"]] == [str(header["/ID"])]
            labels.append(" ".join(texts[m] for m in mcids_below(header)))
    assert labels == [LABELS["pt"]["players"], LABELS["pt"]["time"], LABELS["pt"]["ages"], LABELS["en"]["players"], LABELS["en"]["time"], LABELS["en"]["ages"]]


def _below(element, ancestor) -> bool:
    node = resolve(element.get("/P"))
    while is_element(node):
        if node is ancestor:
            return True
        node = resolve(node.get("/P"))
    return False
