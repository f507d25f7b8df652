"""Rule booklets: Markdown sources -> checked diagrams -> HTML -> PDF.

The stages, one module each, in the order data flows through them:

``sources``        read one language's Markdown (TOML front matter, markdown-it
                   tokens with line numbers) into sections, text and diagram
                   references;
``diagrams``       the example positions, a subpackage of their own:
                   ``syntax`` parses a fenced ``diagram`` block into a
                   :class:`~boardgen.booklet.diagrams.syntax.DiagramSpec`,
                   ``check`` replays it with the game's engine and verifies
                   every claim it makes (legal, illegal with a reason,
                   captures, wins), ``draw`` draws the checked diagram with
                   the game's board drawing;
``check``          everything above for a whole game folder, plus the
                   cross-language checks (same sections, same diagrams);
``html``           pair the languages and fill the jinja2 templates;
``typeset``        WeasyPrint with a fetcher that only reads the project's
                   own folders, fixed timestamps for reproducible bytes;
``impose``         A5 pages two-up in saddle-stitch order (pypdf);
``build``          the pipeline end to end: one booklet, one diagram file.

Every problem found in a source is a :class:`~boardgen.booklet.problems.Problem`
printed as ``file:line: message``.
"""
