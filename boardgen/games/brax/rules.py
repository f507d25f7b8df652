"""The Brax rules engine (games.md section 5; seed text "Brax", Sackson 1991).

Positions are two bit masks over the 81 points (bit ``y * 9 + x``), one per
colour, so that applying a move and asking "does anyone threaten a capture?" —
which every move needs, to know whether it may call Brax — stay cheap enough
for perft 4 well under the 10 s target.

The rules, in the order the engine applies them:

* a move is one step along any line, or two steps along two consecutive lines
  of the mover's colour (straight or turning, never back along the first line);
* a piece never ends on nor passes through a point of its own side;
* arriving on an enemy captures it; in a two-step move an enemy on the middle
  point is captured and the move goes on (variant ``pass_through=capture``) or
  blocks the move (``blocked``); capturing is optional;
* after moving, a player who threatens a capture may call Brax (a ``!`` after
  the move), unless he has a single piece or the opponent has two or fewer;
* the answer to a call must move a threatened piece: with ``brax_answer=safe``
  only moves that end where the piece cannot be taken, or that capture a piece
  that threatened it, whenever one exists; otherwise any move of a threatened
  piece; if no threatened piece can move at all, the call lapses;
* capturing every enemy piece wins; a draw ends a game with one piece each
  after five moves by each player without capture (``bare_draw``), and any
  game after ``no_capture_draw`` moves without capture.

One job, the engine: this module is the state and its rules (threats, moves,
the call, the outcome, why a move is refused); its position text is read by
the shared readers (:mod:`boardgen.engine.position_text`,
:func:`boardgen.engine.rows.parse_rank_masks`), so only the reachability
checks are Brax's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import cast

from boardgen.engine.base import GameState, Move, Outcome, Piece
from boardgen.engine.position_text import read_choice, read_counter, split_fields, split_rows
from boardgen.engine.rows import parse_rank_masks, write_rank_masks
from boardgen.engine.variants import VariantValues
from boardgen.errors import PositionError
from boardgen.games.brax import GAME
from boardgen.games.brax import geometry as geo

POINTS = geo.POINT_NAMES
INDEX = {name: i for i, name in enumerate(POINTS)}
SIZE = geo.SIZE
MAX_PIECES = len(geo.START_POINTS[0])  # 7 each
COLOUR_WORD = ("white", "black")
SIDE_LETTER = ("w", "b")
PIECE_LETTER = ("W", "B")
BARE_DRAW_MOVES = 10  # five moves by each player

# NEIGHBOURS[i] = ((j, owner of the line i-j), ...); NEIGHBOUR_MASK[i] = bits of the j's.
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((INDEX[other], owner) for other, owner in geo.NEIGHBOURS[name]) for name in POINTS
)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << j for j, _ in around) for around in NEIGHBOURS)


def _second_steps(player: int) -> tuple[tuple[tuple[int, tuple[int, ...], int], ...], ...]:
    """For each point i: ((m, (q, ...), mask of the q's), ...) for two-step routes i-m-q along ``player``'s lines."""
    table = []
    for i in range(len(POINTS)):
        routes = []
        for m, owner in NEIGHBOURS[i]:
            if owner != player:
                continue
            ends = tuple(q for q, second in NEIGHBOURS[m] if second == player and q != i)
            routes.append((m, ends, sum(1 << q for q in ends)))
        table.append(tuple(routes))
    return tuple(table)


TWO_STEPS = (_second_steps(0), _second_steps(1))
# Every point a piece on i could ever reach in one move: a quick "no threat here" filter.
REACH_LIMIT = tuple(
    tuple(NEIGHBOUR_MASK[i] | sum(mask for _, _, mask in TWO_STEPS[p][i]) for i in range(len(POINTS))) for p in (0, 1)
)

MOVE_TEXT = re.compile(r"^([a-i][1-9])(?:([-x])([a-i][1-9]))?([-x])([a-i][1-9])(!?)$")


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Rules:
    """The variant options as the engine uses them."""

    pass_capture: bool = True
    safe_answer: bool = True
    bare_draw: bool = True
    no_capture_limit: int | None = 100


@cache
def _rules_for(chosen: VariantValues) -> Rules:
    return Rules(
        pass_capture=chosen.pass_through == "capture",
        safe_answer=chosen.brax_answer == "safe",
        bare_draw=chosen.bare_draw,
        no_capture_limit=chosen.no_capture_draw,
    )


def resolve_rules(variants: Mapping[str, str] | None) -> Rules:
    """The engine's rules for a variant set (a mapping of texts or the resolved values)."""
    return _rules_for(GAME.resolve_variants(variants))


# -- threats ------------------------------------------------------------------


def piece_reach(player: int, i: int, own: int, enemy: int, rules: Rules) -> int:
    """Points where the piece on ``i`` would capture an enemy piece standing there, this position."""
    reach = NEIGHBOUR_MASK[i] & ~own
    for m, _, ends in TWO_STEPS[player][i]:
        m_bit = 1 << m
        if own & m_bit or (enemy & m_bit and not rules.pass_capture):
            continue
        reach |= ends & ~own
    return reach


def threatens(player: int, own: int, enemy: int, rules: Rules) -> bool:
    """True when ``player`` (pieces ``own``) could capture some piece of ``enemy`` on his next move."""
    limit = 0
    for i in bits(own):
        limit |= REACH_LIMIT[player][i]
    if not limit & enemy:
        return False
    for i in bits(own):
        if NEIGHBOUR_MASK[i] & enemy:
            return True
    for i in bits(own):
        for m, _, ends in TWO_STEPS[player][i]:
            if (own | enemy) & (1 << m):
                continue  # an own piece blocks; an enemy there was already found as adjacent
            if ends & enemy:
                return True
    return False


def attackers(player: int, own: int, enemy: int, rules: Rules) -> dict[int, int]:
    """Enemy point -> mask of ``player``'s pieces that could capture it on ``player``'s next move."""
    found: dict[int, int] = {}
    for i in bits(own):
        for target in bits(piece_reach(player, i, own, enemy, rules) & enemy):
            found[target] = found.get(target, 0) | (1 << i)
    return found


def all_reach(player: int, own: int, enemy: int, rules: Rules) -> int:
    reach = 0
    for i in bits(own):
        reach |= piece_reach(player, i, own, enemy, rules)
    return reach


# -- the state ------------------------------------------------------------------


def _move_text(origin: int, middle: int | None, middle_captured: bool, end: int, end_captured: bool) -> str:
    text = POINTS[origin]
    if middle is not None and middle_captured:
        text += "x" + POINTS[middle]
    return text + ("x" if end_captured else "-") + POINTS[end]


class BraxState(GameState):
    """A Brax position: the pieces, whose turn, whether a Brax call is pending, and the no-capture clock."""

    game_id = "brax"
    MOVE_TEXT_IGNORES_CASE = True
    MOVE_TEXT_IGNORES_SPACES = True

    def __init__(self, white: int, black: int, side: int, brax: bool, clock: int, rules: Rules) -> None:
        self._masks = (white, black)
        self._side = side
        self._brax = brax
        self._clock = clock
        self._rules = rules

    # -- construction -------------------------------------------------------
    @classmethod
    def point_names(cls, size: int | None = None) -> tuple[str, ...]:
        GAME.check_size(size)
        return POINTS

    @classmethod
    def initial(cls, size: int | None = None, variants: Mapping[str, str] | None = None) -> "BraxState":
        GAME.check_size(size)
        masks = [0, 0]
        for name, owner in geo.START_POSITION.items():
            masks[owner] |= 1 << INDEX[name]
        return cls(masks[0], masks[1], 0, False, 0, resolve_rules(variants))

    @classmethod
    def from_text(cls, text: str, variants: Mapping[str, str] | None = None) -> "BraxState":
        rules = resolve_rules(variants)
        layout, side_text, call_text, clock_text = split_fields(text, 4, "'<ranks> <side> <Brax call> <clock>'")
        ranks = split_rows(layout, SIZE, "ranks", f"rank {SIZE} first")
        masks = parse_rank_masks(ranks, SIZE, PIECE_LETTER, POINTS)
        side = read_choice(side_text, [(letter, None) for letter in SIDE_LETTER], "side to move")
        call = read_choice(call_text, (("-", "none"), ("!", "pending")), "Brax call field") == 1
        clock = read_counter(clock_text, "move clock")
        state = cls(masks[0], masks[1], side, call, clock, rules)
        state._check_possible()
        return state

    def _check_possible(self) -> None:
        """PositionError for positions no game can reach."""
        counts = [mask.bit_count() for mask in self._masks]
        for colour in (0, 1):
            if counts[colour] > MAX_PIECES:
                raise PositionError(
                    f"position: {COLOUR_WORD[colour]} has {counts[colour]} pieces, at most {MAX_PIECES}"
                )
        if counts[0] == 0 and counts[1] == 0:
            raise PositionError("position: no pieces on the board")
        self._check_clock(counts)
        for colour in (0, 1):
            if counts[colour] == 0 and self._side != colour:
                raise PositionError(
                    f"position: {COLOUR_WORD[colour]} has no pieces left, so it must be {COLOUR_WORD[colour]}'s "
                    "turn (the capture of the last piece ends the game)"
                )
        if self._brax:
            side, other = self._side, 1 - self._side
            if counts[other] < 2:
                raise PositionError(f"position: a Brax call is pending but {COLOUR_WORD[other]} has a single piece")
            if counts[side] < 3:
                raise PositionError(
                    f"position: a Brax call is pending but {COLOUR_WORD[side]} has only {counts[side]} pieces"
                )
            if not threatens(other, self._masks[other], self._masks[side], self._rules):
                raise PositionError(
                    f"position: a Brax call is pending but no {COLOUR_WORD[side]} piece is threatened"
                )

    def _check_clock(self, counts: list[int]) -> None:
        """PositionError for a clock above what the draw rules let it reach.

        The clock counts moves since the last capture and the game is drawn when it
        reaches ``no_capture_draw``, so it is never more.  With one piece each the
        last capture came at most BARE_DRAW_MOVES moves ago (it left the board at one
        piece each and reset the clock), since the bare-piece draw ends the game there.
        """
        rules, clock = self._rules, self._clock
        if rules.no_capture_limit is not None and clock > rules.no_capture_limit:
            raise PositionError(
                f"position: the move clock is {clock}, but the game is drawn when it reaches "
                f"{rules.no_capture_limit} (no_capture_draw), so it is never more than {rules.no_capture_limit}"
            )
        if rules.bare_draw and counts == [1, 1] and clock > BARE_DRAW_MOVES:
            raise PositionError(
                f"position: the move clock is {clock} with one piece each, but the capture that left one piece "
                f"each reset it and the bare-piece draw ends the game {BARE_DRAW_MOVES} moves later, so it is "
                f"never more than {BARE_DRAW_MOVES}"
            )

    def to_text(self) -> str:
        ranks = write_rank_masks(self._masks, SIZE, PIECE_LETTER)
        call = "!" if self._brax else "-"
        return f"{ranks} {SIDE_LETTER[self._side]} {call} {self._clock}"

    # -- queries ------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def brax_pending(self) -> bool:
        """True when the previous move called Brax and the side to move must answer it."""
        return self._brax

    @property
    def clock(self) -> int:
        """Moves (by either player) since the last capture."""
        return self._clock

    def pieces(self, colour: int) -> tuple[str, ...]:
        return tuple(POINTS[i] for i in bits(self._masks[colour]))

    def placements(self) -> list[tuple[str, Piece]]:
        return [(POINTS[i], Piece(colour, "man")) for colour in (0, 1) for i in bits(self._masks[colour])]

    @property
    def to_move(self) -> int | None:
        return None if self.outcome() is not None else self._side

    def threatened(self) -> dict[str, tuple[str, ...]]:
        """Pieces of the side to move that the opponent could capture next, with the pieces threatening each."""
        side, other = self._side, 1 - self._side
        found = attackers(other, self._masks[other], self._masks[side], self._rules)
        return {POINTS[t]: tuple(POINTS[a] for a in bits(mask)) for t, mask in sorted(found.items())}

    # -- outcome --------------------------------------------------------------
    def compute_outcome(self) -> Outcome | None:
        white, black = self._masks
        if not black:
            return Outcome(0, "white captured all black pieces")
        if not white:
            return Outcome(1, "black captured all white pieces")
        rules = self._rules
        if rules.bare_draw and white.bit_count() == 1 and black.bit_count() == 1 and self._clock >= BARE_DRAW_MOVES:
            return Outcome(None, "one piece each and five moves by each player without a capture")
        if rules.no_capture_limit is not None and self._clock >= rules.no_capture_limit:
            return Outcome(None, f"{rules.no_capture_limit} moves in a row without a capture")
        return None

    # -- moves ----------------------------------------------------------------
    def _base_moves(self) -> list[tuple[int, int, int, int | None, bool, bool]]:
        """(origin, end, capture mask, middle, middle captured, end captured) for every distinct move."""
        side = self._side
        own, enemy = self._masks[side], self._masks[1 - side]
        pass_capture = self._rules.pass_capture
        found: list[tuple[int, int, int, int | None, bool, bool]] = []
        for i in bits(own):
            seen: set[tuple[int, int]] = set()
            routes = TWO_STEPS[side][i]
            for m, _ in NEIGHBOURS[i]:
                m_bit = 1 << m
                if own & m_bit:
                    continue
                middle_captured = bool(enemy & m_bit)
                found.append((i, m, m_bit if middle_captured else 0, None, False, middle_captured))
            for m, ends, _ in routes:
                m_bit = 1 << m
                if own & m_bit:
                    continue
                middle_captured = bool(enemy & m_bit)
                if middle_captured and not pass_capture:
                    continue
                for q in ends:
                    q_bit = 1 << q
                    if own & q_bit:
                        continue
                    captures = (m_bit if middle_captured else 0) | (q_bit & enemy)
                    key = (q, captures)
                    if key in seen:  # same end, same captures: one move whatever the route
                        continue
                    seen.add(key)
                    found.append((i, q, captures, m, middle_captured, bool(enemy & q_bit)))
        return found

    def generate_moves(self) -> list[Move]:
        side, other = self._side, 1 - self._side
        own, enemy = self._masks[side], self._masks[other]
        rules = self._rules
        base = self._base_moves()
        if self._brax:
            base = self._answers(base)
        moves = []
        own_count = own.bit_count()
        for origin, end, captures, middle, middle_captured, end_captured in base:
            text = _move_text(origin, middle, middle_captured, end, end_captured)
            path = (POINTS[origin],) + ((POINTS[middle],) if middle is not None else ()) + (POINTS[end],)
            captured = ((POINTS[middle],) if middle_captured and middle is not None else ()) + (
                (POINTS[end],) if end_captured else ()
            )
            kind = "capture" if captures else "step"
            new_own = own ^ (1 << origin) ^ (1 << end)
            new_enemy = enemy & ~captures
            moves.append(Move(text, path, captured, kind, (origin, end, captures, False)))
            if own_count >= 2 and new_enemy.bit_count() >= 3 and threatens(side, new_own, new_enemy, rules):
                moves.append(Move(text + "!", path, captured, kind, (origin, end, captures, True)))
        return moves

    def _answers(self, base):
        """The moves allowed in answer to a Brax call (see the module docstring)."""
        side, other = self._side, 1 - self._side
        own, enemy = self._masks[side], self._masks[other]
        rules = self._rules
        threats = attackers(other, enemy, own, rules)
        forced = [move for move in base if move[0] in threats]
        if not forced:
            return base  # no threatened piece can move: the call lapses
        if not rules.safe_answer:
            return forced
        good = []
        for move in forced:
            origin, end, captures = move[0], move[1], move[2]
            if captures & threats[origin]:
                good.append(move)
                continue
            new_own = own ^ (1 << origin) ^ (1 << end)
            new_enemy = enemy & ~captures
            if not all_reach(other, new_enemy, new_own, rules) & (1 << end):
                good.append(move)
        return good or forced

    def apply(self, move: Move) -> "BraxState":
        key = move.key
        if key is None:
            key = self.parse_move(move.text).key
        origin, end, captures, call = cast(tuple[int, int, int, bool], key)
        masks = list(self._masks)
        side = self._side
        masks[side] ^= (1 << origin) | (1 << end)
        masks[1 - side] &= ~captures
        clock = 0 if captures else self._clock + 1
        return BraxState(masks[0], masks[1], 1 - side, call, clock, self._rules)

    # -- move text --------------------------------------------------------------
    def canonical_move_text(self, cleaned: str) -> str:
        """``b2-b3-b4`` (an empty middle point written out) becomes ``b2-b4`` (spaces and case are gone already)."""
        match = MOVE_TEXT.match(cleaned)
        if match and match.group(2) == "-":
            origin, _, middle, sep, end, call = match.groups()
            if self._route_ok(origin, middle, end):
                return f"{origin}{sep}{end}{call}"
        return cleaned

    def _route_ok(self, origin: str, middle: str, end: str) -> bool:
        """True when origin-middle-end is a two-step route along the mover's lines through an empty middle."""
        try:
            side = self._side
            if geo.line_owner(origin, middle) != side or geo.line_owner(middle, end) != side or origin == end:
                return False
        except KeyError:
            return False
        return not any(mask & (1 << INDEX[middle]) for mask in self._masks)

    def why_illegal_in_play(self, text: str) -> tuple[str, str]:
        text = self.normalize_move_text(text)
        match = MOVE_TEXT.match(text)
        if not match:
            return (
                f"{text}: not a Brax move (write origin and end point, e.g. b1-b2, b1xb2, b1-b3, "
                "b1xb2xb3, with ! after the move to call Brax)",
                "notation",
            )
        origin, sep1, middle, sep2, end, call = match.groups()
        who = COLOUR_WORD[self._side]
        foe = COLOUR_WORD[1 - self._side]
        own, enemy = self._masks[self._side], self._masks[1 - self._side]
        o_bit = 1 << INDEX[origin]
        if not (own | enemy) & o_bit:
            return (f"{text}: there is no piece on {origin}", "no-piece")
        if enemy & o_bit:
            return (f"{text}: the piece on {origin} is {foe}'s, and it is {who}'s turn", "not-yours")
        problem = self._why_path(text, origin, sep1, middle, sep2, end)
        if problem is not None:
            return problem
        plain = text.rstrip("!")
        base_texts = {m.text for m in self.legal_moves()}
        if self._brax and plain not in base_texts:
            threatened = ", ".join(self.threatened()) or "none"
            return (
                f"{text}: {who} must answer the Brax call by moving a threatened piece ({threatened}) "
                "to safety or by capturing the piece that threatens it",
                "brax",
            )
        if call:
            return self._why_call(text)
        return (f"{text}: not a legal move in this position", "illegal")

    def _why_path(self, text, origin, sep1, middle, sep2, end) -> tuple[str, str] | None:
        """The reason the path itself is illegal, or None when the path is fine."""
        side = self._side
        who, colour = COLOUR_WORD[side], geo.OWNER_COLOUR[side]
        own, enemy = self._masks[side], self._masks[1 - side]

        def holds(mask: int, name: str) -> bool:
            return bool(mask & (1 << INDEX[name]))

        if middle is not None and end == origin:
            return (f"{text}: a two-step move may not go back along its first line", "retrace")
        if holds(own, end):
            return (f"{text}: {end} holds a {who} piece; a move may not end on its own side's piece", "own-piece")
        if middle is not None:
            routes = [middle]
            try:
                geo.line_owner(origin, middle)
                geo.line_owner(middle, end)
            except KeyError:
                return (f"{text}: {origin}-{middle}-{end} does not follow the lines step by step", "not-adjacent")
        else:
            (ox, oy), (ex, ey) = geo.POINTS[origin], geo.POINTS[end]
            dx, dy = ex - ox, ey - oy
            if abs(dx) + abs(dy) == 1:
                end_captured = holds(enemy, end)
                if end_captured != (sep2 == "x"):
                    right = f"{origin}{'x' if end_captured else '-'}{end}"
                    return (self._mark_message(text, right), "capture-mark")
                return None
            if abs(dx) + abs(dy) != 2:
                return (f"{text}: {end} is not one or two steps along the lines from {origin}", "not-adjacent")
            candidates = {geo.point_name(ox + dx, oy), geo.point_name(ox, oy + dy)} if dx and dy else {
                geo.point_name(ox + dx // 2, oy + dy // 2)
            }
            routes = sorted(candidates)
        coloured = [m for m in routes if geo.line_owner(origin, m) == side and geo.line_owner(m, end) == side]
        if not coloured:
            lines = " and ".join(
                f"{origin}-{m}-{end} uses a {geo.OWNER_COLOUR[1 - side]} line" for m in routes
            )
            return (f"{text}: a two-step move must follow two {colour} lines; {lines}", "wrong-colour")
        open_routes = [m for m in coloured if not holds(own, m)]
        if not open_routes:
            return (f"{text}: the move would pass through a {who} piece on {coloured[0]}", "own-piece")
        if not self._rules.pass_capture:
            open_routes = [m for m in open_routes if not holds(enemy, m)]
            if not open_routes:
                return (
                    f"{text}: the piece on {coloured[0]} blocks the way (variant pass_through=blocked)",
                    "blocked",
                )
        end_captured = holds(enemy, end)
        writings = []
        for m in open_routes:
            m_captured = holds(enemy, m)
            writings.append(_move_text(INDEX[origin], INDEX[m], m_captured, INDEX[end], end_captured))
        if text.rstrip("!") not in writings:
            return (self._mark_message(text, " or ".join(sorted(set(writings)))), "capture-mark")
        return None

    @staticmethod
    def _mark_message(text: str, right: str) -> str:
        return f"{text}: write {right} (x before each point where a piece is captured, - elsewhere)"

    def _why_call(self, text: str) -> tuple[str, str]:
        """Why the Brax call ``!`` is not allowed after an otherwise legal move."""
        side, other = self._side, 1 - self._side
        plain = text.rstrip("!")
        move = next(m for m in self.legal_moves() if m.text == plain)
        origin, end, captures, _ = cast(tuple[int, int, int, bool], move.key)
        own = self._masks[side] ^ (1 << origin) ^ (1 << end)
        enemy = self._masks[other] & ~captures
        if own.bit_count() < 2:
            return (f"{text}: a player with a single piece may not call Brax", "single-piece")
        if enemy.bit_count() < 3:
            return (
                f"{text}: Brax may not be called when the opponent has only {enemy.bit_count()} "
                f"piece{'s' if enemy.bit_count() != 1 else ''}",
                "two-pieces",
            )
        return (f"{text}: after this move no {COLOUR_WORD[other]} piece can be captured, so Brax may not be called",
                "no-threat")
