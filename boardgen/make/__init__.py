"""The incremental maker behind ``boardgen build``: every board, booklet and diagram, then the download site, made only when something changed.

``steps``     the job lists: every file the build makes (boards here, booklets and
              diagrams in ``booklets``), known before any is made;
``plan``      a job (one file, its record's fields, the task that makes it, what it
              depends on), its key, the selection ``--only``/``--kind`` make;
``inputs``    the digests of the sources a key is made of;
``cache``     the records of what earlier builds made (``.boardgen-build.json``);
``tasks``     the functions that make a file's bytes, run in the worker processes;
``pool``      running the jobs, in parallel or one after another;
``progress``  ``wrote`` lines or a progress bar;
``run``       one build from plan to site (see docs/build.md);
``preview``   ``boardgen serve``: the watch loop that rebuilds through ``run`` as texts
              are saved, with ``preview_watch`` (polling the texts and templates),
              ``preview_http`` (the server and the reload script) and ``site_memo``
              (each game's site facts kept between a preview's builds).

The package is not called ``build``: pytest, Ruff, Black and most readers take a folder of
that name for output and skip it (pytest's ``norecursedirs`` once hid 62 tests this way).
"""
