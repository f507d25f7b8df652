"""Booklet diagrams: example positions written in a rule text, checked by the engine, drawn by the board.

``syntax`` (the fenced block) -> ``check`` (replayed by the engine) -> ``draw`` (the picture).
"""
