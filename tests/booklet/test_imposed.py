"""The imposed booklet is a print edition: it says so, claims no tags, and keeps only links that still lead somewhere.

One small booklet (the test sources of sources_kit, with a web link added) is
typeset for the module, then imposed on A4 and on Letter.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from boardgen.booklet.build import BookletRequest, booklet_pdf, load_checked
from boardgen.booklet.impose import impose

from .pdf_structure import parent_tree, resolve
from .sources_kit import EN_BODY, PT_BODY, write_sources

WEB = "https://www.hexwiki.net/index.php/Rules"


@pytest.fixture(scope="module")
def booklet(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("sources") / "hex"
    pt = PT_BODY.replace("Mais texto.", f"Mais texto na [HexWiki]({WEB}).")
    en = EN_BODY.replace("More text.", f"More text on [HexWiki]({WEB}).")
    write_sources(folder, pt=pt, en=en)
    return booklet_pdf(load_checked(folder), BookletRequest(("pt", "en"), "a5"))


def _annotations(reader: PdfReader) -> list:
    return [resolve(reference) for page in reader.pages for reference in page.get("/Annots", [])]


def _leads_to_a_web_address(annotation) -> bool:
    action = annotation.get("/A")
    return "/Dest" not in annotation and action is not None and resolve(action).get("/S") == "/URI"


def test_the_a5_booklet_has_links_inside_and_to_the_web(booklet):
    reader = PdfReader(io.BytesIO(booklet))
    annotations = _annotations(reader)
    assert any("/Dest" in a for a in annotations)  # the contents, the citation
    web = [a for a in annotations if _leads_to_a_web_address(a)]
    assert len(web) == 2  # the web link, in each language
    parents = parent_tree(reader)
    assert all(resolve(parents[int(a["/StructParent"])])["/S"] == "/Link" for a in web)


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_imposed_booklets_drop_the_links_that_lead_nowhere_and_keep_the_web_ones(booklet, sheet):
    reader = PdfReader(io.BytesIO(impose(booklet, sheet)))
    annotations = _annotations(reader)
    assert all(_leads_to_a_web_address(a) for a in annotations), [a.get("/Contents") for a in annotations]
    assert sorted(str(resolve(a["/A"])["/URI"]) for a in annotations) == [WEB, WEB]
    assert "/Names" not in reader.trailer["/Root"]  # no destinations a link could still name


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_imposed_booklets_say_they_are_for_printing_and_claim_no_tags(booklet, sheet):
    reader = PdfReader(io.BytesIO(impose(booklet, sheet)))
    subject = reader.metadata.subject or ""
    assert "Print edition" in subject and "not tagged" in subject and "use the A5 booklet" in subject
    assert "Edição para impressão" in subject and "use o livreto A5" in subject
    root = reader.trailer["/Root"]
    assert "/StructTreeRoot" not in root and "/MarkInfo" not in root and "/Outlines" not in root
    assert "/Metadata" not in root  # so no XMP claiming PDF/UA (pdfuaid)
    assert root["/Lang"] == "pt-BR"
