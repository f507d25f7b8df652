"""The few WeasyPrint internals the booklets rely on, each checked by name (issue 29).

WeasyPrint offers no public way to three things the booklets need
(docs/booklets.md, *Accessibility*): the structure tree before it is written
(``weasyprint.pdf.add_tags``, wrapped for one write), which box drew which
marked run of a page (``Stream._tags``), and where each box landed
(``Page._page_box``, read by the pagination repair and the cover fitting);
the PDF objects are pydyf's, a declared dependency.  No private *name* is
imported (``tests/test_private_imports.py``); these are attributes of
WeasyPrint's objects and the signature of a public function.  When an
upgrade changes one, this file fails naming it, instead of every booklet
failing with a traceback from deep inside the tagging.  Tested with
WeasyPrint 70 and pydyf 0.13 (the ranges pyproject.toml allows).
"""

from __future__ import annotations

import inspect
import io

import pytest
from pypdf import PdfReader

weasyprint = pytest.importorskip("weasyprint")

from boardgen.booklet.tags import pdf_ua_tagging  # noqa: E402

from .pdf_structure import elements  # noqa: E402

HTML = '<!DOCTYPE html><html lang="pt-BR"><head><title>t</title></head><body><p>Olá</p><p lang="en">Hello</p></body></html>'


def test_add_tags_takes_the_pdf_the_document_and_the_page_streams():
    import weasyprint.pdf as weasy_pdf

    add_tags = getattr(weasy_pdf, "add_tags", None)
    assert add_tags is not None, "weasyprint.pdf.add_tags is gone: boardgen/booklet/tags.py wraps it to finish the structure tree"
    names = list(inspect.signature(add_tags).parameters)
    assert names == ["pdf", "document", "pdf_version", "page_streams"], f"weasyprint.pdf.add_tags now takes {names}: boardgen/booklet/tags.py passes (pdf, document, pdf_version, page_streams)"


def test_a_page_stream_records_the_box_of_each_marked_run_until_add_tags_takes_them():
    import weasyprint.pdf as weasy_pdf

    seen: list[object] = []
    add_tags = weasy_pdf.add_tags

    def spy(pdf, document, pdf_version, page_streams):
        seen.extend(getattr(stream, "_tags", None) for stream in page_streams)
        seen.append(dict(seen[0]) if isinstance(seen[0], dict) else None)  # a copy: add_tags empties the record
        add_tags(pdf, document, pdf_version, page_streams)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(weasy_pdf, "add_tags", spy)
        weasyprint.HTML(string=HTML).write_pdf(pdf_variant="pdf/ua-1")
    runs = seen[-1]
    assert isinstance(runs, dict) and runs, "weasyprint's page streams no longer record their marked runs in Stream._tags (box -> {'mcid': ...}): boardgen/booklet/tags.py reads the languages from it"
    assert all(hasattr(box, "element") and isinstance(run.get("mcid"), int) for box, run in runs.items()), "Stream._tags no longer maps a box (with .element) to {'mcid': int}"


def test_a_laid_out_page_keeps_its_page_box():
    document = weasyprint.HTML(string=HTML).render()
    page_box = getattr(document.pages[0], "_page_box", None)
    assert page_box is not None and page_box.children, "weasyprint's Page._page_box is gone: the pagination repair and the cover fitting read the boxes from it"
    assert page_box.children[0].element.tag == "html", "Page._page_box.children[0] is no longer the root box of the <html> element"


def test_the_wrapped_write_gives_each_element_in_another_language_its_lang():
    with pdf_ua_tagging("pt-BR", weasyprint.HTML(string=HTML).etree_element):
        pass  # entering and leaving restores WeasyPrint's function
    source = weasyprint.HTML(string=HTML)
    document = source.render(pdf_variant="pdf/ua-1")
    with pdf_ua_tagging("pt-BR", source.etree_element):
        data = document.write_pdf(pdf_variant="pdf/ua-1")
    reader = PdfReader(io.BytesIO(data))
    languages = [(str(element["/S"]), element.get("/Lang")) for element, _ in elements(reader)]
    assert ("/P", "en") in languages and ("/P", None) in languages, f"the structure tree's languages are wrong: {languages}"
