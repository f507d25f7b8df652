"""A backend-neutral drawing of a sheet in millimetres, and its SVG and PDF renderers.

Games and layouts build a :class:`~boardgen.drawing.model.Sheet` out of plain
shapes; :mod:`boardgen.drawing.svg` and :mod:`boardgen.drawing.pdf` turn the
same sheet into files.  Neither renderer knows any game.
"""
