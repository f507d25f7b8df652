"""Board geometry shared by game families, as plain arithmetic: no drawing, no rules.

``hexgrid``: pointy-top hexagonal cells (Hex, Trihex).
"""
