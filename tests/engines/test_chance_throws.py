"""The shared drawings of a throw (boardgen/boards/throws.py): dice with pips, sticks whose sides read in greyscale."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from boardgen.boards.throws import PIPS, dice_faces, stick_faces, throw_drawing
from boardgen.drawing.bounds import ink_bounds
from boardgen.drawing.model import Circle, Group, Sheet, Text
from boardgen.drawing.pdf import render_pdf
from boardgen.engine.chance import STICKS_4, TWO_DICE

from tests.raster_kit import pdf_page

DPI = 300
PX_PER_MM = DPI / 25.4


def _grey(group: Group, tmp_path: Path, name: str, size: tuple[float, float]) -> Image.Image:
    """The drawing printed and read back in greyscale, as a photocopy would show it."""
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render_pdf(Sheet(width=size[0], height=size[1], content=group, title=name)))
    return pdf_page(pdf, DPI, grey=True)


def _mean(image: Image.Image, box: tuple[float, float, float, float]) -> float:
    """Mean grey (0 black, 255 white) inside a box given in mm, a margin in from its edges."""
    x0, y0, x1, y1 = (round(v * PX_PER_MM) for v in box)
    inset = round(0.25 * PX_PER_MM)
    crop = image.crop((x0 + inset, y0 + inset, x1 - inset, y1 - inset))
    histogram = crop.histogram()
    return sum(level * count for level, count in enumerate(histogram)) / sum(histogram)


@pytest.mark.parametrize("value", range(1, 7))
def test_a_die_shows_its_value_in_pips(value: int) -> None:
    dice = dice_faces([value], 8.0, (1.0, 2.0))
    [die] = dice.children
    assert isinstance(die, Group) and sum(isinstance(s, Circle) for s in die.children) == value
    box = ink_bounds(dice)
    assert box is not None and box[0] == pytest.approx(1.0, abs=0.3) and box[2] - box[0] == pytest.approx(8.0, abs=0.5)


def test_pips_are_symmetric_and_stay_on_the_face() -> None:
    for value, places in PIPS.items():
        assert sorted(places) == sorted((2 - c, 2 - r) for c, r in places), value  # a half turn shows the same face
    with pytest.raises(ValueError, match="a die shows 1 to 6"):
        dice_faces([7], 8.0)
    with pytest.raises(ValueError, match="side 1 \\(marked\\) or 0"):
        stick_faces([2, 0, 0, 0], 20.0)


def test_marked_and_plain_sticks_read_apart_in_greyscale(tmp_path: Path) -> None:
    sticks = stick_faces([1, 0, 1, 0], 20.0, (2.0, 2.0))
    image = _grey(sticks, tmp_path, "sticks", (30.0, 24.0))
    means = []
    for stick in sticks.children:
        assert isinstance(stick, Group)
        box = ink_bounds(stick)
        assert box is not None
        means.append(_mean(image, box))
    marked, plain = (means[0] + means[2]) / 2, (means[1] + means[3]) / 2
    assert plain > 235 and marked < 175, means  # plain is paper; marked is a mid grey with crosses on it
    assert [stick.role for stick in sticks.children] == ["stick-marked", "stick-plain", "stick-marked", "stick-plain"]


def test_each_stick_throw_shows_its_marked_sides() -> None:
    for throw in STICKS_4:
        drawn = throw_drawing(throw, 5.0)
        marked = len(drawn.find("stick-marked"))
        assert marked == (throw.key if throw.key != 5 else 0)
        assert len(drawn.find("stick-marked")) + len(drawn.find("stick-plain")) == 4
        assert [s.text for s, _ in drawn.walk() if isinstance(s, Text)] == [throw.text]


def test_two_throws_of_sticks_stand_in_two_groups() -> None:
    two = replace(STICKS_4[3], text="4 5", faces=STICKS_4[3].faces + STICKS_4[4].faces)
    sticks = throw_drawing(two, 5.0).find("sticks")[0].children
    boxes = [ink_bounds(s) for s in sticks if isinstance(s, Group)]
    lefts = [box[0] for box in boxes if box is not None]
    steps = [b - a for a, b in zip(lefts, lefts[1:])]
    assert len(sticks) == 8 and steps[3] > 1.5 * steps[0] and steps[0] == pytest.approx(steps[4])


def test_dice_throws_draw_both_dice_and_their_text() -> None:
    drawn = throw_drawing(next(t for t in TWO_DICE if t.text == "5-2"), 5.0)
    assert [sum(isinstance(s, Circle) for s in die.children) for die in drawn.find("die")] == [5, 2]
    assert drawn.title == "throw 5-2"
    faceless = throw_drawing(replace(TWO_DICE[0], text="double", faces=()), 5.0)
    assert not faceless.find("die") and [s.text for s, _ in faceless.walk() if isinstance(s, Text)] == ["double"]
