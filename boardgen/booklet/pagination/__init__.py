"""The pagination repair: the passes a typesetter makes over the pages WeasyPrint laid out.

WeasyPrint breaks pages once, in order, and cannot float a figure: a diagram
that does not fit at the foot of a page goes to the next one and leaves the
foot empty; it also lets a word be hyphenated across a page turn, and in the
bilingual layout may leave one language's heading alone at a page's foot.
The repair reads each layout, changes the parsed document where a page went
wrong and lays it out again (docs/booklets.md, *Pages*).  It is a package of
its own, apart from the sandboxed HTML to PDF step
(:mod:`boardgen.booklet.typeset`, which calls :func:`.repair.paginate`),
one module a job:

``boxes``      reading WeasyPrint's boxes and the document's elements;
``faults``     one layout's page model: the pages and what went wrong on them
               (the repair's whole input);
``model``      the pages modelled without WeasyPrint, to plan moves on;
``floats``     the fix for a gap: diagrams float forward to the next page;
``words``      the fix for a word hyphenated across a page turn;
``headings``   the fix for a heading stranded at a page's foot;
``relayout``   laying out again from the first page a text change touches;
``repair``     the loop: page model -> changes (``plan_changes``) -> document
               changed (``apply_changes``) -> laid out again.
"""
