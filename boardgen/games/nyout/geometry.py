"""The Nyout board as data: 29 stations, the routes a horse may run, two trays off the board.

After Culin's Korean board (games.md section 8.1): 20 stations on a circle and
a cross of 9 inside it (the centre ``C`` and two stations on each arm).  The
outer stations ``o01``..``o20`` are numbered counter-clockwise from the entry:
``o01`` is just left of the top, ``o05`` is West, ``o10`` South, ``o15`` East
and ``o20`` North, the exit.  On an arm, index 1 is the station next to the
rim (``w1`` beside ``o05``) and index 2 the one next to the centre ``c``.
Names are lower case, like every place name in boardgen (the booklets'
diagram keys read places in lower case), and the printed board labels them
so; games.md writes them in capitals (``O05``, ``W1``, ``C``).

Routes are the only movement there is: a horse runs forward along one of
them, station by station, and leaves the board one step after ``o20``.  Which
route a horse is on follows from where it stands and, on a cardinal station,
from whether it stopped there exactly (only then may it turn into the cross):
that choice belongs to the rules (:mod:`boardgen.games.nyout.rules`); this
module only says where each route goes.

Two places are not stations: ``start``, the tray beside the entry where
horses wait to come in (and go back to when captured), and ``off``, the tray
beside the exit where finished horses are put.  They are places of the board
so that a diagram can show who still waits and who is home.

Board units: one unit is the diameter of a plain station; the centre and the
cardinal stations are :data:`LARGE_DIAMETER` across.  x runs right, y up,
the centre at (0, 0).
"""

from __future__ import annotations

import math

OUTER: tuple[str, ...] = tuple(f"o{k:02d}" for k in range(1, 21))
WEST, SOUTH, EAST, NORTH = "o05", "o10", "o15", "o20"
CARDINALS: tuple[str, ...] = (WEST, SOUTH, EAST, NORTH)
CENTRE = "c"
ARMS: tuple[str, ...] = ("w1", "w2", "s1", "s2", "e1", "e2", "n1", "n2")
STATIONS: tuple[str, ...] = OUTER + ARMS + (CENTRE,)  # 29, the order of position texts
LARGE: frozenset[str] = frozenset(CARDINALS + (CENTRE,))
START, OFF = "start", "off"  # the two trays
TRAYS: tuple[str, ...] = (START, OFF)
PLACE_NAMES: tuple[str, ...] = STATIONS + TRAYS

STATION_DIAMETER = 1.0  # the board unit
LARGE_DIAMETER = 1.3
RADIUS = 4.4  # of the circle through the outer stations: adjacent ones 1.38 apart
TRAY_SIZE = (2.9, 1.15)  # width, height of a tray
TRAY_Y = RADIUS + 1.45  # centre height of both trays, above the circle
TRAY_X = 2.75  # the start tray's centre is at -TRAY_X (left, beside the entry), off's at +TRAY_X

# The routes, as station sequences; each ends at the exit o20 (the next step is off the board).
MAIN: tuple[str, ...] = OUTER
WEST_SHORTCUT: tuple[str, ...] = ("o05", "w1", "w2", "c", "n2", "n1", "o20")
SOUTH_SHORTCUT: tuple[str, ...] = ("o10", "s1", "s2", "c", "n2", "n1", "o20")
# Culin's reading (variant shortcut=culin): the West arm runs on through the centre to the East
# arm and the circle; stopping exactly on the centre is what opens the way north.
WEST_ACROSS: tuple[str, ...] = ("o05", "w1", "w2", "c", "e2", "e1") + OUTER[14:]
CENTRE_NORTH: tuple[str, ...] = ("c", "n2", "n1", "o20")


def outer_angle(k: int) -> float:
    """Degrees anticlockwise from the x axis of outer station ``ok`` (games.md: 90° + 18°·k)."""
    return 90.0 + 18.0 * k


def station_centre(name: str) -> tuple[float, float]:
    """Board-unit centre of a station (games.md 8.1 scaled by :data:`RADIUS`)."""
    if name.startswith("o"):
        angle = math.radians(outer_angle(int(name[1:])))
        return (RADIUS * math.cos(angle), RADIUS * math.sin(angle))
    if name == CENTRE:
        return (0.0, 0.0)
    direction = {"w": (-1.0, 0.0), "s": (0.0, -1.0), "e": (1.0, 0.0), "n": (0.0, 1.0)}[name[0]]
    reach = RADIUS * (2 / 3 if name[1] == "1" else 1 / 3)
    return (direction[0] * reach, direction[1] * reach)


def tray_centre(name: str) -> tuple[float, float]:
    return (-TRAY_X if name == START else TRAY_X, TRAY_Y)


def locations() -> dict[str, tuple[float, float]]:
    """Every place: the 29 stations in :data:`STATIONS` order, then the two trays."""
    found = {name: station_centre(name) for name in STATIONS}
    for name in TRAYS:
        found[name] = tray_centre(name)
    return found


def diameter(name: str) -> float:
    return LARGE_DIAMETER if name in LARGE else STATION_DIAMETER


def lines() -> list[tuple[str, str]]:
    """The drawn lines between neighbouring stations: the circle and the two diameters."""
    found = [(OUTER[k], OUTER[(k + 1) % 20]) for k in range(20)]
    for rim, arm in ((WEST, "w"), (SOUTH, "s"), (EAST, "e"), (NORTH, "n")):
        found += [(rim, f"{arm}1"), (f"{arm}1", f"{arm}2"), (f"{arm}2", CENTRE)]
    return found


def neighbours() -> dict[str, frozenset[str]]:
    """Stations joined by a drawn line (undirected)."""
    found: dict[str, set[str]] = {name: set() for name in STATIONS}
    for a, b in lines():
        found[a].add(b)
        found[b].add(a)
    return {name: frozenset(near) for name, near in found.items()}
