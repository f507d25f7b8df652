"""Board drawings: what every game's drawing provides (``base``) and the bases game families share.

``base``: :class:`~boardgen.boards.base.BoardDrawing` and :class:`~boardgen.boards.base.BoardOptions`;
``hexcells``: boards of hexagonal cells with coloured side bands (Hex, Trihex).
A drawing knows its game's id and geometry, never the registry or the paper.
"""
