"""Board sizes as a set: how a game's allowed sizes are checked and put into words.

Some games are played on a run of sizes (Hex and Trihex: 2 to 26), others on a
few sizes with gaps (Seega: 5, 7 or 9, never 6), so a game lists its sizes
as a set and the words follow from it: "from 2 to 26" for a run without
gaps, "5, 7 or 9" otherwise.  Games on one fixed board have no sizes (None).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from boardgen.errors import OptionError


def size_set(sizes: Iterable[int] | None) -> frozenset[int] | None:
    """The sizes as a frozenset (None stays None); ValueError for an empty set or a size below 1."""
    if sizes is None:
        return None
    chosen = frozenset(sizes)
    if not chosen or min(chosen) < 1 or not all(isinstance(size, int) for size in chosen):
        raise ValueError(f"board sizes must be whole numbers from 1 up, not {sorted(chosen)!r}")
    return chosen


def is_run(sizes: Collection[int]) -> bool:
    """Whether the sizes have no gaps (and more than one of them)."""
    return len(sizes) > 1 and max(sizes) - min(sizes) + 1 == len(sizes)


def describe_sizes(sizes: Collection[int]) -> str:
    """The sizes in words: ``"from 2 to 26"`` for a run, ``"5, 7 or 9"`` (``"7"``) otherwise."""
    ordered = sorted(sizes)
    if is_run(ordered):
        return f"from {ordered[0]} to {ordered[-1]}"
    if len(ordered) == 1:
        return str(ordered[0])
    return ", ".join(str(size) for size in ordered[:-1]) + f" or {ordered[-1]}"


def short_sizes(sizes: Collection[int]) -> str:
    """The sizes for a listing: ``"2-26"`` for a run, ``"5, 7, 9"`` otherwise."""
    ordered = sorted(sizes)
    if is_run(ordered):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(size) for size in ordered)


def check_size(
    game_id: str,
    sizes: Collection[int] | None,
    default: int | None,
    size: int | None,
    option: str = "--size",
) -> int | None:
    """The size to play: ``default`` for None, ``size`` if allowed; OptionError naming ``option`` otherwise."""
    if sizes is None:
        if size is not None and size != default:
            raise OptionError(option, f"{game_id} is played on one board size only")
        return default
    if size is None:
        return default
    if size not in sizes:
        raise OptionError(option, f"{game_id} size must be {size_words(sizes)}, not {size}")
    return size


def size_words(sizes: Collection[int]) -> str:
    """What a size error says is allowed: "a whole number from 2 to 26", or "5, 7 or 9"."""
    words = describe_sizes(sizes)
    return f"a whole number {words}" if is_run(sizes) else words
