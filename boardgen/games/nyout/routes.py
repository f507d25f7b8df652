"""The routes of a horse on the Nyout board: which ways it may go from a station, and which turns the rules forbid.

The board (:mod:`.geometry`) lists the stations and the lines through them;
this module says how a horse travels them: a horse at rest on West or South
may turn into the cross, one on the centre chooses its way only under
``shortcut=culin``, and a back-do takes it one station back.  The engine
(:mod:`.rules`) walks these routes to list the moves; its refusals use
:func:`turned_routes` to name the turn a written move would need.
"""

from __future__ import annotations

from functools import cache

from boardgen.games.nyout import geometry as geo

# From the centre: on to North, or (shortcut=culin) out along the East arm and round the circle.
CENTRE_EAST: tuple[str, ...] = geo.WEST_ACROSS[geo.WEST_ACROSS.index(geo.CENTRE):]
WAYS_ON: tuple[tuple[str, ...], ...] = (geo.CENTRE_NORTH, CENTRE_EAST)


@cache
def routes_from(station: str, culin: bool) -> tuple[tuple[str, ...], ...]:
    """The routes a horse resting on ``station`` may take, each from the station to North (``o20``).

    A horse at rest stopped on its station exactly, so on West or South it may
    turn into the cross (listed second); under ``culin`` one on the centre may
    leave it north or east (Culin; Ludii's two tracks through the centre);
    anywhere else its way is fixed.
    """
    if station == geo.CENTRE and culin:
        return WAYS_ON
    if station in geo.OUTER:
        circle = geo.OUTER[geo.OUTER.index(station):]
        if station == geo.WEST:
            return (circle, geo.WEST_ACROSS if culin else geo.WEST_SHORTCUT)
        if station == geo.SOUTH:
            return (circle, geo.SOUTH_SHORTCUT)
        return (circle,)
    if station in ("w1", "w2"):
        route = geo.WEST_ACROSS if culin else geo.WEST_SHORTCUT
    elif station in ("s1", "s2"):
        route = geo.SOUTH_SHORTCUT
    elif station in ("e1", "e2"):  # reached only under culin; its way runs out to the circle
        route = geo.WEST_ACROSS
    else:  # the centre and the North arm
        route = geo.CENTRE_NORTH
    return (route[route.index(station):],)


def walk(route: tuple[str, ...], steps: int, exit_on_north: bool) -> tuple[str, ...]:
    """The stations passed by ``steps`` along ``route`` (its first station excluded); ``off`` when it leaves."""
    ahead = route[1:]
    if steps > len(ahead) or (exit_on_north and steps == len(ahead)):
        return ahead + (geo.OFF,)
    return ahead[:steps]


# Why a turn is refused (the code is no-shortcut in every case; the reason names the rule).
RIM_TURN = "only a horse that stands on West or South may turn into the cross; one passing over goes on round the circle"
EAST_TURN = "East's arm is no shortcut: a horse on the circle goes on past East"
NORTH_ONLY = "with shortcut=north every way through the centre goes on to North (shortcut=culin also leads east)"
PASSING_CENTRE = "only a horse that stopped on the centre may choose its way there; one passing over goes straight on"
ARM_OF = {geo.WEST: ("w1", "w2"), geo.SOUTH: ("s1", "s2")}


@cache
def turned_routes(origin: str, culin: bool) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Routes from ``origin`` that turn somewhere the rules forbid, each with the rule it breaks: into
    the cross at West or South passed over, into the East arm (``o15``), or at the centre another way than
    its own (under ``north`` never east; under ``culin`` only a horse standing there chooses)."""
    found: list[tuple[tuple[str, ...], str]] = []
    for route in routes_from(origin, culin):
        for k, station in enumerate(route):
            if station in ARM_OF and k > 0:
                found += [(route[: k + 1] + ARM_OF[station] + way, RIM_TURN) for way in WAYS_ON]
            if station == geo.EAST and (k == 0 or route[k - 1] != "e1"):
                found.append((route[: k + 1] + ("e1", "e2") + geo.CENTRE_NORTH, EAST_TURN))
            if station == geo.CENTRE:
                for way in WAYS_ON:
                    if way == route[k:] or (k == 0 and culin):  # its own way, or a horse standing there chooses
                        continue
                    found.append((route[:k] + way, PASSING_CENTRE if culin else NORTH_ONLY))
    return tuple(found)


@cache
def behind(station: str, culin: bool) -> tuple[str, ...]:
    """Where a back-do takes a horse on ``station``: the station before it on any route through it
    (two where ways meet: the centre, North, and East under culin); from o01, the start tray."""
    if station == "o01":
        return (geo.START,)
    routes = [geo.MAIN, geo.WEST_ACROSS if culin else geo.WEST_SHORTCUT, geo.SOUTH_SHORTCUT]
    found: list[str] = []
    for route in routes:
        if station in route[1:]:
            before = route[route.index(station) - 1]
            if before not in found:
                found.append(before)
    return tuple(found)
