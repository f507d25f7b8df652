"""Diagrams that play: the positions of a diagram's moves, one picture each, for the rules page to step through.

A booklet diagram of N moves (``moves:`` in ``diagrams.md``) shows the
position after all of them, numbered.  On the web page the reader may step
through them: the pictures of the positions after 0, 1, ..., N-1 moves are
drawn here at build time, by the engine (the definition replayed with its
first k moves, :func:`boardgen.booklet.diagrams.check.replay_diagram`) and the
same renderer as the diagram file (:func:`boardgen.booklet.diagrams.render.diagram_drawing`);
the position after N moves is the diagram itself.  The claims drawn on the
final position (arrows, marks, legal and refused moves, captures, the win,
the throw) belong to it alone and are left out of the others.  No engine in
the browser: the page only shows one picture or another.

A diagram whose shorter replays the engine refuses (a position that only
makes sense whole) simply does not play.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgen.booklet.check import GameSources

MIN_MOVES = 2  # a single move is seen at a glance: nothing to step through


@dataclass(frozen=True)
class Frame:
    """The position after ``moves`` of the diagram's moves: its SVG and its description in words."""

    moves: int
    svg: bytes
    descriptions: dict[str, str]  # language -> the position in words


def frame_path(game: str, ident: str, moves: int) -> str:
    """Where the site writes a frame: ``assets/frames/GAME/ID-K.svg`` (K moves played)."""
    return f"assets/frames/{game}/{ident}-{moves}.svg"


def frames(game: GameSources, ident: str) -> list[Frame]:
    """The positions after 0..N-1 of diagram ``ident``'s N moves, described in each language; [] when it does not play."""
    from boardgen.booklet.diagrams.check import Defaults, replay_diagram
    from boardgen.booklet.diagrams.render import diagram_drawing
    from boardgen.booklet.diagrams.syntax import Located
    from boardgen.booklet.diagrams.words import describe
    from boardgen.drawing.svg import render_svg

    checked = game.diagrams[ident]
    spec = checked.spec
    moves = spec.move_texts
    if len(moves) < MIN_MOVES or game.defaults is None or checked.thrown or checked.throw is not None:
        return []  # games of chance: a throw belongs to its position, which the frames would have to redraw
    terms = {code: (source.meta.colours, source.meta.pieces) for code, source in game.languages.items()}
    found: list[Frame] = []
    for count in range(len(moves)):
        line = spec.moves.line if spec.moves else 0
        shorter = dataclasses.replace(spec, moves=Located(moves[:count], line), arrows=[], marks=[], legal=[], illegal=[], captures=[], wins=None, throw=None)
        made = replay_diagram(shorter, game.defaults, lambda _located, _key, _detail: None)
        if made is None:
            return []
        svg = render_svg(diagram_drawing(made, terms))
        words = {code: describe(made, code, source.meta.colours, source.meta.pieces) for code, source in game.languages.items()}
        found.append(Frame(count, svg, words))
    return found
