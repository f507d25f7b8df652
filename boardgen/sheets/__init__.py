"""Boards laid out on paper at an exact scale.

``paper``: paper sizes and the default paper; ``single``: one board on one
sheet with its title, size line and 100 mm bar; ``tiles``: a poster over
several sheets; ``pen``: several small boards on one sheet for pen and paper;
``request``: the request that picks one of them and the renderer (PDF, SVG).
"""
