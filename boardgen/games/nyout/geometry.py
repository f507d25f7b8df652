"""The Nyout board as data: 29 stations, the routes a horse may run, two trays off the board.

After Culin's Korean board (games.md section 8.1): 20 stations on a circle and
a cross of 9 inside it (the centre ``C`` and two stations on each arm).  The
outer stations ``O01``..``O20`` are numbered counter-clockwise from the entry:
``O01`` is just left of the top, ``O05`` is West, ``O10`` South, ``O15`` East
and ``O20`` North, the exit.  On an arm, index 1 is the station next to the
rim (``W1`` beside ``O05``) and index 2 the one next to the centre.

Routes are the only movement there is: a horse runs forward along one of
them, station by station, and leaves the board one step after ``O20``.  Which
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

OUTER: tuple[str, ...] = tuple(f"O{k:02d}" for k in range(1, 21))
WEST, SOUTH, EAST, NORTH = "O05", "O10", "O15", "O20"
CARDINALS: tuple[str, ...] = (WEST, SOUTH, EAST, NORTH)
CENTRE = "C"
ARMS: tuple[str, ...] = ("W1", "W2", "S1", "S2", "E1", "E2", "N1", "N2")
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

# The routes, as station sequences; each ends at the exit O20 (the next step is off the board).
MAIN: tuple[str, ...] = OUTER
WEST_SHORTCUT: tuple[str, ...] = ("O05", "W1", "W2", "C", "N2", "N1", "O20")
SOUTH_SHORTCUT: tuple[str, ...] = ("O10", "S1", "S2", "C", "N2", "N1", "O20")
# Culin's reading (variant shortcut=culin): the West arm runs on through the centre to the East
# arm and the circle; stopping exactly on the centre is what opens the way north.
WEST_ACROSS: tuple[str, ...] = ("O05", "W1", "W2", "C", "E2", "E1") + OUTER[14:]
CENTRE_NORTH: tuple[str, ...] = ("C", "N2", "N1", "O20")


def outer_angle(k: int) -> float:
    """Degrees anticlockwise from the x axis of outer station ``Ok`` (games.md: 90° + 18°·k)."""
    return 90.0 + 18.0 * k


def station_centre(name: str) -> tuple[float, float]:
    """Board-unit centre of a station (games.md 8.1 scaled by :data:`RADIUS`)."""
    if name.startswith("O"):
        angle = math.radians(outer_angle(int(name[1:])))
        return (RADIUS * math.cos(angle), RADIUS * math.sin(angle))
    if name == CENTRE:
        return (0.0, 0.0)
    direction = {"W": (-1.0, 0.0), "S": (0.0, -1.0), "E": (1.0, 0.0), "N": (0.0, 1.0)}[name[0]]
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
    for rim, arm in ((WEST, "W"), (SOUTH, "S"), (EAST, "E"), (NORTH, "N")):
        found += [(rim, f"{arm}1"), (f"{arm}1", f"{arm}2"), (f"{arm}2", CENTRE)]
    return found


def neighbours() -> dict[str, frozenset[str]]:
    """Stations joined by a drawn line (undirected)."""
    found: dict[str, set[str]] = {name: set() for name in STATIONS}
    for a, b in lines():
        found[a].add(b)
        found[b].add(a)
    return {name: frozenset(near) for name, near in found.items()}
