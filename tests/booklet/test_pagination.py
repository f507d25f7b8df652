"""The pagination repair's interface: changes planned from one layout's page model, made apart (boardgen/booklet/pagination/).

``plan_changes`` reads a :class:`~boardgen.booklet.pagination.faults.Faults`
and returns the changes without touching the document (issue 28 plans them
from the first layout alone); ``apply_changes`` makes them.  The fixes are
checked here on hand-built elements and on the first layout of Ringo's
bilingual A5 booklet, whose pages have both a gap left by a diagram and words
hyphenated at a page's foot.  What the repaired booklets look like is
measured on their PDFs by test_typesetting.py and test_book_typography.py.
"""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest

import boardgen.booklet.typeset as typeset
from boardgen.booklet.build import game_folder, load_checked
from boardgen.booklet.html import booklet_html
from boardgen.booklet.line_breaks import SOFT_HYPHEN
from boardgen.booklet.pagination.boxes import walk
from boardgen.booklet.pagination.faults import page_faults
from boardgen.booklet.pagination.floats import Plans, Reorder
from boardgen.booklet.pagination.headings import TURN, TurnPage
from boardgen.booklet.pagination.repair import Paginated, apply_changes, html_of, plan_changes, same_elements
from boardgen.booklet.pagination.words import KeepWordWhole
from boardgen.booklet.papers import PAPERS
from boardgen.booklet.paths import fonts_dir, templates_dir


def test_a_word_kept_whole_loses_the_soft_hyphens_of_that_word_only():
    paragraph = ElementTree.fromstring(f"<p>um tabu{SOFT_HYPHEN}lei{SOFT_HYPHEN}ro, <em>x</em> o tabu{SOFT_HYPHEN}lei{SOFT_HYPHEN}ro e ou{SOFT_HYPHEN}tro</p>")
    change = KeepWordWhole(paragraph, "tabu")
    assert change.apply() == 2  # the paragraph's own text and the tail after <em>
    assert paragraph.text == "um tabuleiro, "
    assert paragraph[0].tail == f" o tabuleiro e ou{SOFT_HYPHEN}tro"  # another word keeps its break
    assert change.apply() == 0  # nothing left to take out


def test_a_stranded_heading_turns_the_page_once():
    heading = ElementTree.fromstring('<h2 class="heading level-2">A colheita</h2>')
    change = TurnPage(heading)
    assert change.apply() == 1
    assert heading.get("class") == f"heading level-2 {TURN}"
    assert change.apply() == 0
    assert heading.get("class") == f"heading level-2 {TURN}"


@pytest.fixture(scope="module")
def ringo_first_layout() -> tuple[Any, Any]:
    """Ringo's bilingual A5 booklet laid out once, unrepaired: (the ``weasyprint.HTML`` source, the document)."""
    seen: dict[str, Any] = {}

    def first_layout_only(html: str, parse: Any, layout: Any) -> Paginated:
        source = seen["source"] = parse(html)
        return Paginated(layout(source).document, source, html)

    game = load_checked(game_folder("ringo"))
    html = booklet_html(game, ["pt", "en"], PAPERS["a5"])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typeset, "paginate", first_layout_only)
        document = typeset.render_document(html, (templates_dir(), fonts_dir(), game.folder.resolve()), game.folder)
    return seen["source"], document


def test_the_changes_are_planned_from_the_page_model_without_touching_the_document(ringo_first_layout):
    source, document = ringo_first_layout
    faults = page_faults(document)
    assert faults.gaps and faults.hyphens and faults.main is not None
    before = ElementTree.tostring(source.etree_element)
    plans = Plans()
    changes = plan_changes(faults, plans)
    assert ElementTree.tostring(source.etree_element) == before
    kinds = [type(change) for change in changes]
    assert kinds[0] is Reorder and kinds.count(Reorder) == 1  # the moves first, as one reorder of the body
    assert kinds.count(KeepWordWhole) == len(faults.hyphens)
    moved = changes[0]
    assert isinstance(moved, Reorder) and moved.moves == sum(plans.moves.values()) >= 1

    children = list(faults.main)
    figures = [child for child in children if id(child) in plans.moves]  # the diagrams moved
    assert figures and all("diagram" in (figure.get("class") or "").split() for figure in figures)
    assert apply_changes(changes) > 0
    assert ElementTree.tostring(source.etree_element) != before
    after = list(faults.main)
    assert all(child in after for child in children)  # nothing lost (a split text row keeps its element)
    for figure in figures:  # each floated forward: more of the body as written comes before it
        assert sum(child in children for child in after[: after.index(figure)]) > children.index(figure)
    for change in changes[1:]:
        assert isinstance(change, KeepWordWhole) and change.apply() == 0  # made once: no soft hyphen left there


def test_the_changed_document_written_out_and_parsed_again_is_the_same_tree_and_keeps_what_the_passes_remember():
    game = load_checked(game_folder("ringo"))
    source = typeset_parse(booklet_html(game, ["pt", "en"], PAPERS["a5"]))
    elements = list(source.etree_element.iter())
    paragraphs = [e for e in elements if e.tag == "p" and SOFT_HYPHEN in (e.text or "")]
    headings = [e for e in elements if "heading" in (e.get("class") or "").split()]
    figures = [e for e in elements if "diagram" in (e.get("class") or "").split()]
    assert paragraphs and headings and len(figures) >= 2
    word = paragraphs[0].text.split(SOFT_HYPHEN)[0].split()[-1]
    assert KeepWordWhole(paragraphs[0], word).apply() == 1 and TurnPage(headings[1]).apply() == 1
    plans = Plans(anchors={id(figures[0]): id(paragraphs[0]), id(figures[1]): id(headings[1])}, moves={id(figures[0]): 2, id(figures[1]): 1})

    again = typeset_parse(html_of(source.etree_element))
    new = list(again.etree_element.iter())
    assert [(e.tag, e.attrib, e.text, e.tail) for e in elements] == [(e.tag, e.attrib, e.text, e.tail) for e in new]
    plans.remap(same_elements(source.etree_element, again.etree_element))
    index = {id(element): n for n, element in enumerate(new)}
    where = elements.index
    assert {index[k]: index[v] for k, v in plans.anchors.items()} == {where(figures[0]): where(paragraphs[0]), where(figures[1]): where(headings[1])}
    assert {index[k]: v for k, v in plans.moves.items()} == {where(figures[0]): 2, where(figures[1]): 1}


def test_the_board_page_s_svg_written_out_and_parsed_again_is_the_same_tree():
    """An A4 booklet ends with the board drawn inline as SVG: its elements are written by their local names and come back in SVG's namespace."""
    from boardgen.booklet.board_page import board_page

    game = load_checked(game_folder("hex"))
    last = board_page(game.id, game.defaults.size if game.defaults else None, "a4", ["pt", "en"], "full")
    source = typeset_parse(booklet_html(game, ["pt", "en"], PAPERS["a4"], board_page=last))
    elements = list(source.etree_element.iter())
    assert any(str(e.tag).startswith("{http://www.w3.org/2000/svg}") for e in elements)
    again = list(typeset_parse(html_of(source.etree_element)).etree_element.iter())
    assert [(e.tag, e.attrib, e.text, e.tail) for e in elements] == [(e.tag, e.attrib, e.text, e.tail) for e in again]


def typeset_parse(html: str) -> Any:
    import weasyprint

    return weasyprint.HTML(string=html, base_url=typeset.DOCUMENT_BASE)


def _page_lines(document: Any) -> list[tuple[int, float, float, str]]:
    """Every text box of every page: (page, x, y, text), to a hundredth of a CSS pixel."""
    return [
        (index, round(box.position_x, 2), round(box.position_y, 2), box.text)
        for index, page in enumerate(document.pages)
        for box in walk(page._page_box)
        if type(box).__name__ == "TextBox"
    ]


@pytest.mark.parametrize(("game_id", "langs", "paper"), [("hex", ["pt", "en"], "a5"), ("surakarta", ["pt", "en"], "a5")])
def test_bare_weasyprint_on_the_final_html_lays_out_the_same_pages(game_id, langs, paper):
    """The booklet's final HTML (what ``--format html`` writes and the bench measures against) is the repaired booklet.

    Both booklets' repairs only keep words whole, so their second layout is
    made in part (pagination/relayout.py): fewer pages made than a whole
    layout, and still every line where a whole layout of the final HTML puts it.
    """
    import weasyprint

    game = load_checked(game_folder(game_id))
    roots = (templates_dir(), fonts_dir(), game.folder.resolve())
    html = booklet_html(game, langs, PAPERS[paper])
    document = typeset.render_document(html, roots, game.folder)
    final = typeset.final_html(document)
    assert final != html  # the first layout has words hyphenated at a page's foot: the repair changed it
    paginated = typeset._PAGINATED[document]
    pages = len(document.pages)
    assert paginated.layouts == 2 and pages < paginated.pages_made < 2 * pages - 2
    fetcher = typeset.project_fetcher(roots, game.folder)
    with typeset.fixed_font_time():
        bare = weasyprint.HTML(string=final, base_url=typeset.DOCUMENT_BASE, url_fetcher=fetcher).render(pdf_variant="pdf/ua-1", pdf_identifier=True)
    assert _page_lines(bare) == _page_lines(document)
    assert page_faults(bare).hyphens == []
