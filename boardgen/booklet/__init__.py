"""Rule booklets: Markdown sources -> checked diagrams -> HTML -> PDF.

The stages, one job a module, in the order data flows through them
(docs/booklets.md has the same map):

``sources``          read one language's file safely and its TOML front matter;
``markdown_source``  its Markdown (markdown-it tokens with line numbers) into
                     sections, text and diagram references, every problem with
                     its line; ``images`` and ``runs`` check the images it
                     shows and its unbreakable runs;
``diagrams``         the example positions, a subpackage of their own:
                     ``syntax`` parses a fenced ``diagram`` block into a
                     :class:`~boardgen.booklet.diagrams.syntax.DiagramSpec`,
                     ``check`` replays it with the game's engine and verifies
                     every claim it makes (legal, illegal with a reason,
                     captures, wins), ``draw`` draws the checked diagram with
                     the game's board drawing;
``check``            everything above for a whole game folder, plus the
                     cross-language checks (same sections, same diagrams);
``document``         pair the languages section by section, the diagrams as
                     images (the model the templates read); its text is
                     rendered by ``markdown_html`` (with ``line_breaks`` and
                     ``table_widths``) on the pages of ``papers``;
``html``             fill the jinja2 templates;
``typeset``          WeasyPrint with a fetcher that only reads the project's
                     own folders, fixed timestamps for reproducible bytes;
``pagination``       the passes over the laid-out pages (diagrams float
                     forward, no word across a page turn), a subpackage;
``tags``             the PDF/UA structure tree finished;
``impose``           A5 pages two-up in saddle-stitch order (pypdf);
``build``            the pipeline end to end: one booklet, one diagram file.

Every problem found in a source is a :class:`~boardgen.booklet.problems.Problem`
printed as ``file:line: message``.
"""
