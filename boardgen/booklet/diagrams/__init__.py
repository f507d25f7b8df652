"""Booklet diagrams: example positions written in a rule text, checked by the engine, drawn by the board.

``syntax`` (the fenced block) -> ``check`` (replayed by the engine) -> ``painter``
(the picture's layers, from ``geometry``, ``marks``, ``badges``, ``board_layer`` and ``view``)
-> ``draw`` (fitted on its sheet) -> ``render`` (the file); ``words`` says it in words.
"""
