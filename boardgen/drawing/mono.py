"""One ink (``--ink mono``): the drawing's marks and pieces get a paper halo.

A black-only printer or a photocopier prints the one-ink drawing (the
:func:`~boardgen.drawing.palette.one_ink` palette, no solid areas) well, but a
piece's or a mark's ink outline that runs over a hatched dark cell merges with
the hatching lines.  A paper band round every such shape, drawn under it, cuts
the hatching back so the outline stands on white.  Which groups count: their
role starts with one of :data:`HALO_ROLES` (pieces, start marks, highlights).
"""

from __future__ import annotations

from dataclasses import replace

from boardgen.drawing.model import Group, Shape, Style, Text

HALO_ROLES = ("piece-", "start-player-", "mark")
HALO_MM = 0.5  # paper on each side of the outline: wider than a hatching line's gap is not needed


def with_halos(group: Group, paper: str, halo_mm: float = HALO_MM) -> Group:
    """``group`` with a paper halo under every shape of its halo groups (see the module docstring)."""
    return _walk(group, paper, halo_mm, False)


def _walk(group: Group, paper: str, halo_mm: float, inside: bool) -> Group:
    inside = inside or group.role.startswith(HALO_ROLES)
    out = Group(group.role, title=group.title, clip=group.clip)
    for child in group.children:
        if isinstance(child, Group):
            out.add(_walk(child, paper, halo_mm, inside))
            continue
        if inside and not isinstance(child, Text):
            halo = _halo(child, paper, halo_mm)
            if halo is not None:
                out.add(halo)
        out.add(child)
    return out


def _halo(shape: Shape, paper: str, halo_mm: float) -> Shape | None:
    """The shape stroked in paper, ``halo_mm`` wider on each side than its own outline."""
    style = shape.style  # type: ignore[union-attr]
    if style.stroke is None and style.fill is None and style.hatch is None:
        return None
    width = (style.width if style.stroke is not None else 0.0) + 2 * halo_mm
    return replace(shape, style=Style(stroke=paper, width=width, fill=None, cap="round", join="round"))  # type: ignore[arg-type]
