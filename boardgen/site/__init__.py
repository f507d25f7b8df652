"""The download site: the static pages and ``manifest.json`` that ``boardgen build`` writes beside its files.

The site sits above boards and booklets and below the build: it is made from
the list of what the build wrote (:class:`~boardgen.site.catalogue.Artefact`
records), never by looking at file names.
"""
