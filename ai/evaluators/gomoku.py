"""Gomoku static evaluator: line patterns by threat class, forcing candidate moves.

The weights (``Weights``; all ints, points from the side to move's view)
========================================================================

Each weight's range below is also written next to its field in ``Weights``
(``weight(default, low, high)``), which a weights file must respect; a test keeps
the two equal.

Every line (row, column, diagonal of at least five cells) is judged for each side by
what a stone of that side would *make* on each of its empty cells (see "How it
works"). From those move classes the line's patterns follow:

* a **four** is a line with one cell that completes a five (a *five-point*); an
  **open four** has two or more (``_XXXX_``, or two fours in one line);
* an **open three** has two or more cells that make an open four (``__XXX__``),
  a **split three** exactly one (``_X_XX_``, or a three with room on one side only),
  a **closed three** none, but cells that make a four (``OXXX__``);
* **twos** and single stones are counted per cell: each empty cell that would turn
  them into an open or split three, into a closed three, or into a two.

Two sets of pattern values: the side to move's and the opponent's (prefixed ``opp_``).
The defaults make them equal. Valuing the side to move's patterns more (it moves
next; the first defaults did, 2.5 times for a three) was no stronger head to head,
and it made the gain of an extra ply depend on the openings (on one set depth 5 lost
to depth 4 and depth 7 to depth 6); with equal values every ply from 4 to 7 wins on
every set tried (``ai/TUNING.md``).

``open_four`` / ``opp_open_four``  (default 20000 / 20000, 0-100000)
    An open four. The side to move's own four is a win next move and the opponent's
    open four a loss, so the ``forced_win`` rule below usually decides such leaves;
    these values matter for move ordering and for the rare case the rule skips.
``four`` / ``opp_four``  (default 3000 / 3000, 0-20000)
    A closed (simple) four: one cell completes it. For the opponent it costs the side
    to move its tempo (the block is forced).
``open_three`` / ``opp_open_three``  (default 2500 / 2500, 0-20000)
    An open three: one move from an open four.
``split_three`` / ``opp_split_three``  (default 1800 / 1800, 0-20000)
    A split (broken) or one-sided three: one way to an open four.
``closed_three`` / ``opp_closed_three``  (default 300 / 300, 0-5000)
    A three that can only become a closed four.
``open_two`` / ``opp_open_two``  (default 40 / 40, 0-1000)
    Per empty cell that would make an open or split three (an open two has two to
    four such cells, ``__XX__`` four).
``closed_two`` / ``opp_closed_two``  (default 12 / 12, 0-300)
    Per empty cell that would make a closed three.
``one`` / ``opp_one``  (default 3 / 3, 0-100)
    Per empty cell that would make a two (room and development).

Move ordering (and the cap on candidates) uses the same values for what a move
*creates* in each of its four lines, plus what it *prevents*:

``five``  (default 100000, 0-899999)
    Ordering value of a move that completes a five.
``defence``  (default 80, 0-200)
    Percent of the opponent's value at a cell added to a move's ordering value:
    taking the opponent's best cell is often the best move.

Search shape and exact knowledge:

``forced_win``  (default 100000, 0-899999; 0 switches the rule off)
    A leaf is worth this much (heuristic, far below proven wins) when the side to
    move can complete a five, or can make an open four while the opponent has no
    four; minus this when the opponent has two cells that complete a five.
``forcing``  (default 1, 0 or 1)
    1: besides wins and blocks in one, an open four is the only move when it can be
    made, and an opponent's open three allows only its blocks and the side to move's
    fours. 0: only wins and blocks in one are forced (the naive preset).
``max_candidates``  (default 12, 1-100)
    Quiet positions: the search tries the best this many cells near the stones.
``vcf_fours``  (default 12, 0-40; 0: no VCF solver, no VCF defence)
    Longest victory by continuous fours (attacker's fours) the root solver
    (``ai.endgame.gomoku.VcfSolver``) and ``root_moves`` look for.
``defence_fours``  (default 0 = off, 0-10)
    At every quiet node, look for the opponent's VCF of at most this many fours
    (within a budget of ``48 + 16 * defence_fours`` nodes, so the answer depends on
    the position only) and put the cells that may break it first. Off by default:
    at equal time (0.3 s a move, 15x15, 16 games) it scored 7-9 against the same
    evaluator without it; ``root_moves`` does the full defence once per search.
``unit``  (default 100, 1-10000)
    Points of a small clear advantage (about an open two); the easy levels'
    randomness and the UI's evaluation bar are measured in it.

Presets: ``"default"`` (set by hand; the side to move's and the opponent's values
made equal after matches at depths 4-8) and ``"naive"`` (only the room of each side's
stones, ``one`` — no threat classes, no forcing beyond wins and blocks in one, no VCF:
deliberately weak).

How it works (speed in pure Python)
===================================

* **Lines as small ints.** Each line is a base-4 code, two bits a cell (0 empty,
  1 black, 2 white, 3 wall), padded with five wall cells at each end. Placing a stone
  adds ``side + 1 << 2 * (pos + 5)``; the 11-cell *window* centred on ``pos`` is
  ``code >> 2 * pos & 0x3FFFFF``.
* **Window table.** What a stone on a window's centre makes for each side (five,
  open four, four, open three, split three, closed three, two, one) is computed once
  per window and rule (``window_classes``) and remembered for the whole process:
  11 cells are enough to tell an exact five from an overline under ``standard``.
* **Line table.** A line's patterns, values, threat cells and per-cell ordering
  values are computed once per line code and weight set (``LineTables``).
* **Incremental board.** ``LineBoard`` keeps every line's code and current table
  entry, the running totals and the set of lines with threats; it follows the game
  by the *difference of the stone bitboards* (usually one or two stones), so it
  needs no hook into ``push``/``pop``. One board per thread.
* **Caches by position.** Candidate lists (the expensive part) and static scores,
  keyed by the board's own Zobrist hash and the side to move, bounded.

The defence against the opponent's VCF
======================================

``candidate_moves`` is one function of the position at every node (every search mode
must see the same tree), so it cannot afford a full VCF search for the opponent at
each node. Its forcing rules cover the short threats (fours, open threes and
four-four points); a leaf where the opponent has a four is judged after the forced
block, so a four-three just beyond the horizon is seen. ``root_moves(game)`` adds the
full defence (the moves that leave the opponent no VCF at all) for the one position
where it is affordable: the searcher takes its root moves from it (``Searcher.search``).
With ``threats`` (the top level: ``Limits.threats``) it also keeps only the moves that
leave the opponent no victory by continuous threats (fours and threes,
``ai.endgame.gomoku_vct``), within a node and time budget.

>>> from game.rules import new_game
>>> evaluator = build(PRESETS["default"], "default")
>>> game = new_game("gomoku", size=9); game.play_moves("e5 d4 f5 d6 g5 c5")
>>> print(game)  # doctest: +NORMALIZE_WHITESPACE
   a b c d e f g h i
 9 . . . . . . . . .  9
 8 . . . . . . . . .  8
 7 . . . . . . . . .  7
 6 . . . O . . . . .  6
 5 . . O . X X X . .  5
 4 . . . O . . . . .  4
 3 . . . . . . . . .  3
 2 . . . . . . . . .  2
 1 . . . . . . . . .  1
   a b c d e f g h i
Black (X) to move
>>> [game.move_name(m) for m in evaluator.candidate_moves(game)]  # an open four (d5: only a four)
['h5']
"""

from __future__ import annotations

import dataclasses
import functools
import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import NamedTuple

from ai.evaluators.base import WIN_THRESHOLD, Evaluator, SearchHints, weight
from game.rules.base import Game, Move
from game.rules.renju import forbidden_kind, may_be_forbidden

__all__ = [
    "PATTERN_TERMS", "PRESETS", "GomokuEvaluator", "LineBoard", "LineTables", "Weights",
    "build", "window_classes",
]


@dataclasses.dataclass(frozen=True)
class Weights:
    """The Gomoku evaluator's knobs; the module docstring documents each one."""

    open_four: int = weight(20000, 0, 100000)
    four: int = weight(3000, 0, 20000)
    open_three: int = weight(2500, 0, 20000)
    split_three: int = weight(1800, 0, 20000)
    closed_three: int = weight(300, 0, 5000)
    open_two: int = weight(40, 0, 1000)
    closed_two: int = weight(12, 0, 300)
    one: int = weight(3, 0, 100)
    opp_open_four: int = weight(20000, 0, 100000)
    opp_four: int = weight(3000, 0, 20000)
    opp_open_three: int = weight(2500, 0, 20000)
    opp_split_three: int = weight(1800, 0, 20000)
    opp_closed_three: int = weight(300, 0, 5000)
    opp_open_two: int = weight(40, 0, 1000)
    opp_closed_two: int = weight(12, 0, 300)
    opp_one: int = weight(3, 0, 100)
    five: int = weight(100000, 0, 899999)
    defence: int = weight(80, 0, 200)
    forced_win: int = weight(100000, 0, 899999)
    forcing: int = weight(1, 0, 1)
    max_candidates: int = weight(12, 1, 100)
    vcf_fours: int = weight(12, 0, 40)
    defence_fours: int = weight(0, 0, 10)
    unit: int = weight(100, 1, 10000)

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            if getattr(self, field.name) < 0:
                raise ValueError(f"weight {field.name} must not be negative")
        if self.forced_win >= 900_000 or self.five >= 900_000:
            raise ValueError("forced_win and five must stay below 900000 (proven wins lie above)")
        if self.max_candidates < 1 or self.unit < 1:
            raise ValueError("max_candidates and unit must be at least 1")
        if self.forcing not in (0, 1):
            raise ValueError("forcing must be 0 or 1")


PRESETS: dict[str, Weights] = {
    "default": Weights(),
    "naive": Weights(
        open_four=0, four=0, open_three=0, split_three=0, closed_three=0,
        open_two=0, closed_two=0, one=10,
        opp_open_four=0, opp_four=0, opp_open_three=0, opp_split_three=0,
        opp_closed_three=0, opp_open_two=0, opp_closed_two=0, opp_one=10,
        five=0, defence=100, forced_win=0, forcing=0, vcf_fours=0, defence_fours=0,
        unit=10,
    ),
}
"""Named weight sets; ``"default"`` first."""


# --- move classes of one window ----------------------------------------------------

DEAD, ONE, TWO, CLOSED_THREE, SPLIT_THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(9)
"""What a stone on an empty cell makes in one line, weakest first.

``FIVE``: completes a five (exactly five under ``standard``); ``OPEN_FOUR``: leaves
two or more cells that complete a five; ``FOUR``: one such cell; ``OPEN_THREE``: two
or more cells that would then make an open four; ``SPLIT_THREE``: one; ``CLOSED_THREE``:
only cells that make a four; ``TWO``/``ONE``: the best five-cell segment through the
cell holds two / one stones of the side; ``DEAD``: no five fits through the cell.
"""

CLASS_NAMES = ("dead", "one", "two", "closed three", "split three", "open three",
               "four", "open four", "five")

WINDOW_CELLS = 11
"""Cells of a window: the centre and five on each side (an overline needs the fifth)."""
_CENTRE = 1 << 5
_SEGMENTS = tuple((j, 0b11111 << j) for j in range(1, 6))
"""The five 5-cell segments of a window that contain its centre, with their start."""
_WINDOW_MASK = (1 << 2 * WINDOW_CELLS) - 1
_PAD = 5
"""Wall cells on each side of a line code (a window reaches five cells out)."""
_WALL = 3


def _five_points(own: int, blocked: int, standard: bool) -> int:
    """Cells (bits of a window) completing a five through the centre; ``own`` holds the centre."""
    points = 0
    for j, segment in _SEGMENTS:
        if segment & blocked:
            continue
        missing = segment & ~own
        if missing & (missing - 1):
            continue  # two or more cells missing
        if standard and (own >> (j - 1) & 1 or own >> (j + 5) & 1):
            continue  # would be six or more: not a five under the standard rule
        points |= missing
    return points


def _is_five(own: int, blocked: int, standard: bool) -> bool:
    for j, segment in _SEGMENTS:
        if segment & own == segment and not (
                standard and (own >> (j - 1) & 1 or own >> (j + 5) & 1)):
            return True
    return False


# Memory bounds of the process-wide tables below. A long session (thousands of games
# and hints) meets ever new windows and lines; without a bound these tables grew by
# tens of MB an hour (issue 11). The bounds hold far more than one search touches.
SIDE_CLASS_ENTRIES = 1 << 15
"""``_side_class`` results remembered (a small tuple each)."""
WINDOW_TABLE_ENTRIES = 1 << 16
"""Window codes remembered per rule (about 140 bytes each; cleared when full)."""


@functools.lru_cache(maxsize=SIDE_CLASS_ENTRIES)
def _side_class(own: int, blocked: int, standard: bool) -> tuple[int, int, int]:
    """``(class, segments with two stones, segments with one)`` of a stone on the centre.

    ``own``: the side's stones in the window (centre empty); ``blocked``: the other
    side's stones and walls.
    """
    own |= _CENTRE
    if _is_five(own, blocked, standard):
        return FIVE, 0, 0
    points = _five_points(own, blocked, standard).bit_count()
    if points >= 2:
        return OPEN_FOUR, 0, 0
    if points == 1:
        return FOUR, 0, 0
    free = [s for _, s in _SEGMENTS if not s & blocked]
    if not free:
        return DEAD, 0, 0
    counts = [(s & own).bit_count() for s in free]
    best = max(counts)
    if best >= 3:
        room = 0
        for s in free:
            room |= s
        room &= ~own
        to_open, to_four = 0, 0
        while room:
            q = room & -room
            room ^= q
            made = _five_points(own | q, blocked, standard).bit_count()
            if made >= 2:
                to_open += 1
            elif made:
                to_four += 1
        if to_open >= 2:
            return OPEN_THREE, 0, 0
        if to_open:
            return SPLIT_THREE, 0, 0
        if to_four:
            return CLOSED_THREE, 0, 0
    twos = sum(1 for c in counts if c >= 2)
    ones = sum(1 for c in counts if c == 1)
    return (TWO if best >= 2 else ONE), twos, ones


RULE_EXACT = {"freestyle": (False, False), "standard": (True, True), "renju": (True, False)}
"""Per rule, for Black and for White: does only an exact five win?"""

_WINDOW_TABLES: dict[str, dict[int, tuple[int, ...]]] = {rule: {} for rule in RULE_EXACT}
"""Per rule: window code -> ``window_classes`` (process-wide, at most
``WINDOW_TABLE_ENTRIES``)."""


def rule_name(rule: str | bool) -> str:
    """``"freestyle"``, ``"standard"`` or ``"renju"``; a bool means standard or not."""
    if isinstance(rule, bool):
        return "standard" if rule else "freestyle"
    if rule not in RULE_EXACT:
        raise ValueError(f"unknown Gomoku rule {rule!r}")
    return rule


def window_classes(window: int, rule: str | bool) -> tuple[int, int, int, int, int, int]:
    """What a stone on the centre of an 11-cell window makes, for Black and for White.

    Returns ``(black class, black twos, black ones, white class, white twos, white
    ones)`` (see ``_side_class``). ``window`` is a line code slice: two bits a cell,
    cell 0 lowest, 0 empty, 1 Black, 2 White, 3 wall; the centre (cell 5) is empty.
    ``rule``: ``"freestyle"``, ``"standard"`` or ``"renju"`` (Black's fives exact,
    White's not; forbidden points depend on more than one line and are left to
    ``LineBoard``), or a bool for standard / freestyle.

    >>> row = sum(v << 2 * i for i, v in enumerate([3, 0, 0, 1, 1, 0, 1, 0, 0, 0, 3]))
    >>> CLASS_NAMES[window_classes(row, False)[0]]        # ..XX.X.. -> .XXXX.
    'open four'
    """
    rule = rule_name(rule)
    table = _WINDOW_TABLES[rule]
    found = table.get(window)
    if found is None:
        black = white = walls = 0
        for i in range(WINDOW_CELLS):
            v = window >> 2 * i & 3
            if v == 1:
                black |= 1 << i
            elif v == 2:
                white |= 1 << i
            elif v == 3:
                walls |= 1 << i
        exact_black, exact_white = RULE_EXACT[rule]
        found = (*_side_class(black, white | walls, exact_black),
                 *_side_class(white, black | walls, exact_white))
        if len(table) >= WINDOW_TABLE_ENTRIES:
            table.clear()
        table[window] = found
    return found


# --- board geometry -------------------------------------------------------------------


class Geometry(NamedTuple):
    """The lines of one board size (every row, column and diagonal of 5+ cells)."""

    size: int
    line_cells: tuple[tuple[int, ...], ...]  # line id -> board bits, by position
    empty_codes: tuple[int, ...]  # line id -> code of the empty line (walls only)
    cell_lines: tuple[tuple[tuple[int, int, int], ...], ...]  # bit -> ((line, shift, pos), ...)
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]
    centre: int


@functools.cache
def geometry(size: int) -> Geometry:
    """Lines and per-cell line memberships of a ``size`` board (``stride = size + 1``)."""
    stride = size + 1
    lines: list[tuple[int, ...]] = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        for col in range(size):
            for row in range(size):
                # A line starts where the previous cell along it is off the board.
                pc, pr = col - dc, row - dr
                if 0 <= pc < size and 0 <= pr < size:
                    continue
                cells = []
                c, r = col, row
                while 0 <= c < size and 0 <= r < size:
                    cells.append(r * stride + c)
                    c, r = c + dc, r + dr
                if len(cells) >= 5:
                    lines.append(tuple(cells))
    wall_pad = sum(_WALL << 2 * i for i in range(_PAD))
    empty_codes = tuple(wall_pad | wall_pad << 2 * (len(cells) + _PAD) for cells in lines)
    memberships: list[list[tuple[int, int, int]]] = [[] for _ in range(size * stride)]
    for lid, cells in enumerate(lines):
        for pos, bit in enumerate(cells):
            memberships[bit].append((lid, 2 * (pos + _PAD), pos))
    rng = random.Random(0x60D0 ^ size)
    zobrist = tuple(tuple(rng.getrandbits(64) for _ in range(size * stride)) for _ in (0, 1))
    half = size // 2
    return Geometry(size, tuple(lines), empty_codes, tuple(tuple(m) for m in memberships),
                    zobrist, half * stride + half)


# --- line table ------------------------------------------------------------------------

# Indices into a line entry (a tuple, one per line code):
E_SCORE = 0  # [0]: black's patterns (own weights) - white's (opp weights); [1]: the reverse
E_FIVE = 2  # [2 + side]: positions (bits) completing a five
E_OPEN4 = 4  # [4 + side]: positions making an open four (two+ five-points in the line)
E_FOUR = 6  # [6 + side]: positions making a four or an open four
E_ORDER = 8  # [8 + side]: per position, the ordering value of ``side`` playing there
E_HOT = 10  # bit ``side``: the line has five-points or four-making cells for ``side``
E_COUNTS = 11  # [side]: the pattern counts ``_patterns`` values (for ``terms``)
E_THREE = 12  # [12 + side]: positions making an open or split three (the VCT's threats)


class LineTables:
    """Line code -> entry, for one rule and one weight set (bounded, cleared when full)."""

    MAX_ENTRIES = 1 << 15
    """About 600 bytes an entry (20 MB full); one deep search touches a few thousand
    line codes, so the table only fills over many games (and is then cleared)."""

    def __init__(self, weights: Weights, rule: str | bool) -> None:
        self.weights = weights
        self.rule = rule_name(rule)
        self.standard = self.rule == "standard"
        self.renju = self.rule == "renju"
        w = weights
        # Ordering: what a move creates, by class; below a closed three, by the
        # five-cell segments through the cell holding two or one of the side's stones.
        self._make = (0, 0, 0, w.closed_three, w.split_three, w.open_three, w.four,
                      w.open_four, w.five)
        self.entries: dict[int, tuple] = {}

    def entry(self, code: int, length: int) -> tuple:
        """The entry of a line code (computed and remembered on first use)."""
        found = self.entries.get(code)
        if found is None:
            found = self._compute(code, length)
            if len(self.entries) >= self.MAX_ENTRIES:
                self.entries.clear()
            self.entries[code] = found
        return found

    def _compute(self, code: int, length: int) -> tuple:
        w = self.weights
        rule = self.rule
        make = self._make
        defence = w.defence
        one, two = w.one, w.open_two
        five = [0, 0]
        open4 = [0, 0]
        four = [0, 0]
        three = [0, 0]
        # counts per side: five-points, open-four cells, four cells, (open|split)-three
        # cells, closed-three cells, two cells
        n = [[0] * 6, [0] * 6]
        attack = ([0] * length, [0] * length)
        for pos in range(length):
            if code >> 2 * (pos + _PAD) & 3:
                continue
            cb, tb, ob, cw, tw, ow = window_classes(code >> 2 * pos & _WINDOW_MASK, rule)
            bit = 1 << pos
            for side, cls, twos, ones in ((0, cb, tb, ob), (1, cw, tw, ow)):
                counts = n[side]
                if cls >= CLOSED_THREE:
                    value = make[cls]
                    if cls == FIVE:
                        five[side] |= bit
                        counts[0] += 1
                    elif cls >= FOUR:
                        four[side] |= bit
                        if cls == OPEN_FOUR:
                            open4[side] |= bit
                            counts[1] += 1
                        else:
                            counts[2] += 1
                    elif cls == CLOSED_THREE:
                        counts[4] += 1
                    else:
                        counts[3] += 1
                        three[side] |= bit
                else:
                    value = (two * twos + one * ones) // 2
                    if cls == TWO:
                        counts[5] += 1
                attack[side][pos] = value
        own_b, opp_b = self._patterns(n[0])
        own_w, opp_w = self._patterns(n[1])
        order_b = tuple(a + d * defence // 100 for a, d in zip(attack[0], attack[1]))
        order_w = tuple(a + d * defence // 100 for a, d in zip(attack[1], attack[0]))
        hot = (1 if five[0] | four[0] else 0) | (2 if five[1] | four[1] else 0)
        return (own_b - opp_w, own_w - opp_b, five[0], five[1], open4[0], open4[1],
                four[0], four[1], order_b, order_w, hot, (tuple(n[0]), tuple(n[1])),
                three[0], three[1])

    def _patterns(self, counts: list[int]) -> tuple[int, int]:
        """(value with the side-to-move weights, value with the opponent weights)."""
        own, opp = self._pattern_parts(counts)
        return sum(own), sum(opp)

    def _pattern_parts(self, counts: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``_patterns`` by ``PATTERN_TERMS``: each class's value with the side-to-move
        weights and with the opponent weights (their sums are ``_patterns``)."""
        w = self.weights
        fives, open_fours, fours, threes, closed_threes, twos = counts
        own = [0] * 8
        opp = [0] * 8
        if fives >= 2:
            own[0], opp[0] = w.open_four, w.opp_open_four
        elif fives:
            own[1], opp[1] = w.four, w.opp_four
        if open_fours >= 2:
            own[2], opp[2] = w.open_three, w.opp_open_three
        elif open_fours:
            own[3], opp[3] = w.split_three, w.opp_split_three
        elif fours:
            own[4], opp[4] = w.closed_three, w.opp_closed_three
        own[5], opp[5] = w.open_two * threes, w.opp_open_two * threes
        own[6], opp[6] = w.closed_two * closed_threes, w.opp_closed_two * closed_threes
        own[7], opp[7] = w.one * twos, w.opp_one * twos
        return tuple(own), tuple(opp)


PATTERN_TERMS = ("open fours", "fours", "open threes", "split threes", "closed threes",
                 "open twos", "closed twos", "room")
"""The named terms of a quiet position's score, one per pattern class (``terms``)."""


# --- the incremental board -------------------------------------------------------------


class LineBoard:
    """Every line's code and entry for one position, kept in step with a game.

    ``place``/``remove`` change one stone (four lines); ``sync`` follows a game by the
    difference of the stone bitboards. The queries return board cells (moves).

    Attributes:
        stones: ``[black, white]`` bitboards mirrored from the game.
        key: a Zobrist hash of the stones (this module's own numbers).
        hot: per side, the ids of lines holding five-points or four-making cells.
    """

    __slots__ = ("tables", "geo", "size", "lengths", "codes", "entries", "score", "hot",
                 "stones", "key", "cell_lines", "line_cells", "zobrist", "renju", "_forbidden")

    def __init__(self, tables: LineTables, size: int) -> None:
        self.tables = tables
        geo = self.geo = geometry(size)
        self.size = size
        self.line_cells = geo.line_cells
        self.cell_lines = geo.cell_lines
        self.zobrist = geo.zobrist
        self.lengths = [len(c) for c in geo.line_cells]
        self.codes = list(geo.empty_codes)
        self.entries = [tables.entry(c, n) for c, n in zip(self.codes, self.lengths)]
        self.score = [sum(e[0] for e in self.entries), sum(e[1] for e in self.entries)]
        self.hot: tuple[set[int], set[int]] = (set(), set())
        self.stones = [0, 0]
        self.key = 0
        self.renju = tables.renju
        self._forbidden: dict[tuple[int, int], bool] = {}

    @classmethod
    def of(cls, tables: LineTables, game: Game) -> LineBoard:
        """A board holding ``game``'s stones."""
        board = cls(tables, game.size)  # type: ignore[attr-defined]
        board.sync(game.stones)  # type: ignore[attr-defined]
        return board

    def _change(self, bit: int, delta: int) -> None:
        codes, entries, lengths = self.codes, self.entries, self.lengths
        table = self.tables.entries
        score = self.score
        for lid, shift, _pos in self.cell_lines[bit]:
            code = codes[lid] + (delta << shift)
            codes[lid] = code
            new = table.get(code)
            if new is None:
                new = self.tables.entry(code, lengths[lid])
            old = entries[lid]
            entries[lid] = new
            score[0] += new[0] - old[0]
            score[1] += new[1] - old[1]
            if old[E_HOT] != new[E_HOT]:
                changed = old[E_HOT] ^ new[E_HOT]
                if changed & 1:
                    if new[E_HOT] & 1:
                        self.hot[0].add(lid)
                    else:
                        self.hot[0].discard(lid)
                if changed & 2:
                    if new[E_HOT] & 2:
                        self.hot[1].add(lid)
                    else:
                        self.hot[1].discard(lid)

    def place(self, bit: int, side: int) -> None:
        """Put a stone of ``side`` on the empty cell ``bit``."""
        self._change(bit, side + 1)
        self.stones[side] |= 1 << bit
        self.key ^= self.zobrist[side][bit]

    def remove(self, bit: int, side: int) -> None:
        """Take ``side``'s stone off ``bit``."""
        self._change(bit, -(side + 1))
        self.stones[side] ^= 1 << bit
        self.key ^= self.zobrist[side][bit]

    def sync(self, stones: list[int]) -> None:
        """Make this board hold exactly ``stones`` (``[black, white]``)."""
        black, white = stones
        old_black, old_white = self.stones
        if old_black == black and old_white == white:
            return
        for side, gone in ((0, old_black & ~black), (1, old_white & ~white)):
            while gone:
                low = gone & -gone
                gone ^= low
                self.remove(low.bit_length() - 1, side)
        for side, new in ((0, black & ~old_black), (1, white & ~old_white)):
            while new:
                low = new & -new
                new ^= low
                self.place(low.bit_length() - 1, side)

    # --- queries --------------------------------------------------------------------

    def cells(self, side: int, index: int) -> set[int]:
        """Board cells of ``side``'s masks ``index`` (``E_FIVE``, ``E_OPEN4``, ``E_FOUR``)."""
        return self._mask_cells(self.hot[side], index + side)

    def _mask_cells(self, lids: Iterable[int], k: int) -> set[int]:
        """Board cells of the masks ``k`` of the lines ``lids``."""
        out: set[int] = set()
        entries, line_cells = self.entries, self.line_cells
        for lid in lids:
            mask = entries[lid][k]
            if mask:
                cells = line_cells[lid]
                while mask:
                    low = mask & -mask
                    mask ^= low
                    out.add(cells[low.bit_length() - 1])
        return out

    def three_moves(self, side: int) -> set[int]:
        """Cells where a stone of ``side`` makes an open or split three in some line.

        Threes are not tracked in ``hot``, so every line is looked at (72 on 15x15).
        Under renju, Black's forbidden points are left out.
        """
        out = self._mask_cells(range(len(self.entries)), E_THREE + side)
        if self.renju and not side and out:
            out = {c for c in out if not self.forbidden(c)}
        return out

    def has_five_point(self, side: int) -> bool:
        """Whether ``side`` could complete a five with one stone."""
        entries = self.entries
        k = E_FIVE + side
        for lid in self.hot[side]:
            if entries[lid][k]:
                return True
        return False

    def five_points(self, side: int) -> set[int]:
        """Cells where a stone of ``side`` completes a five."""
        return self.cells(side, E_FIVE)

    def four_moves(self, side: int) -> set[int]:
        """Cells where a stone of ``side`` makes a four (or an open four, or two fours).

        Under renju, Black's forbidden points are left out.
        """
        cells = self.cells(side, E_FOUR)
        if self.renju and not side and cells:
            cells = {c for c in cells if not self.forbidden(c)}
        return cells

    def forbidden(self, cell: int) -> bool:
        """Under renju: is the empty ``cell`` a forbidden point for Black now?"""
        if not self.renju:
            return False
        black = self.stones[0]
        if not may_be_forbidden(black, cell, self.size):
            return False
        key = (self.key, cell)
        found = self._forbidden.get(key)
        if found is None:
            found = forbidden_kind(black, self.stones[1], cell, self.size) is not None
            if len(self._forbidden) >= 1 << 17:
                self._forbidden.clear()
            self._forbidden[key] = found
        return found

    def renju_correction(self) -> tuple[int, int]:
        """Renju: what Black's threes lose to forbidden points, as the changes of
        ``score[0]`` and of ``score[1]``.

        A four-making cell of Black's that is forbidden cannot be used, so each line's
        counts are taken again without such cells (an open three whose open-four
        points are all forbidden is worth a closed three at most).
        """
        if not self.hot[0]:
            return 0, 0
        entries, line_cells = self.entries, self.line_cells
        patterns = self.tables._patterns
        own_delta = opp_delta = 0
        for lid in self.hot[0]:
            entry = entries[lid]
            mask = entry[E_FOUR]
            if not mask:
                continue
            cells = line_cells[lid]
            opened = entry[E_OPEN4]
            lost_open = lost_four = 0
            while mask:
                low = mask & -mask
                mask ^= low
                if self.forbidden(cells[low.bit_length() - 1]):
                    if low & opened:
                        lost_open += 1
                    else:
                        lost_four += 1
            if lost_open or lost_four:
                counts = entry[E_COUNTS][0]
                old_own, old_opp = patterns(counts)
                new_own, new_opp = patterns([counts[0], counts[1] - lost_open,
                                             counts[2] - lost_four, *counts[3:]])
                own_delta += new_own - old_own
                opp_delta += new_opp - old_opp
        return own_delta, -opp_delta

    def open_four_moves(self, side: int, first_only: bool = False) -> set[int]:
        """Cells where a stone of ``side`` leaves two or more five-points.

        That is an open four in one line, or fours in two lines (a double four).
        Under renju, Black's forbidden points (double fours among them) are left out.
        """
        if self.renju and not side:
            cells = {c for c in self._open_four_moves(side, False) if not self.forbidden(c)}
            if first_only and cells:
                return {min(cells)}
            return cells
        return self._open_four_moves(side, first_only)

    def _open_four_moves(self, side: int, first_only: bool) -> set[int]:
        out: set[int] = set()
        seen: set[int] = set()
        entries, line_cells = self.entries, self.line_cells
        k4, ko = E_FOUR + side, E_OPEN4 + side
        for lid in self.hot[side]:
            entry = entries[lid]
            mask = entry[k4]
            if not mask:
                continue
            cells = line_cells[lid]
            opened = entry[ko]
            while mask:
                low = mask & -mask
                mask ^= low
                cell = cells[low.bit_length() - 1]
                if low & opened or cell in seen:
                    out.add(cell)
                    if first_only:
                        return out
                else:
                    seen.add(cell)
        return out

    def open_four_stops(self, side: int, threats: set[int]) -> list[int]:
        """The cells where the other side's stone leaves ``side`` no open-four move,
        in cell order; ``threats`` are ``side``'s open-four moves (not empty). Looked
        for among the threats and the five-points they would make. When no cell stops
        it, all of those (the position is lost; a search still plays it out).

        Shared by the evaluator's candidates against an open three and the VCT's
        defender replies.
        """
        other = 1 - side
        candidates = set(threats)
        for cell in threats:
            self.place(cell, side)
            candidates |= self.five_points(side)
            self.remove(cell, side)
        stops = []
        for cell in sorted(candidates):
            self.place(cell, other)
            if not self.open_four_moves(side, True):
                stops.append(cell)
            self.remove(cell, other)
        return stops or sorted(candidates)

    def order_value(self, cell: int, side: int) -> int:
        """How good ``side`` playing ``cell`` looks (sum over its lines)."""
        entries = self.entries
        k = E_ORDER + side
        total = 0
        for lid, _shift, pos in self.cell_lines[cell]:
            total += entries[lid][k][pos]
        return total


# --- the evaluator ---------------------------------------------------------------------

CROWDED = 40
"""From this many stones on, quiet candidates come from one cell around the stones
(plus every four-making cell), not two."""

FORCED_BLOCKS = 4
"""At a leaf, forced blocks of a four played before judging (a tiny quiescence)."""

SOLVER_NODES = 50_000
"""Node cap of the evaluator's root VCF solver (``None`` is returned beyond it)."""

THREAT_DEFENCE_NODES = 150_000
"""Node cap shared by the VCT searches of one ``root_moves(..., threats=...)`` (about
2-3 CPU seconds; the level's time share usually stops it first)."""

THREAT_FIRST_SHARE = 2_500
"""Nodes each root cell gets in the defence's first pass (most refutations of the
level-8 games took well under 2,000 nodes; proving a cell safe takes 5-50,000)."""

THREAT_VERIFY_NODES = 100_000
"""Node cap of ``refuted``, the check of the search's chosen move (the avoidable losses
of the level-8 batches were to VCTs found in 15,000-34,000 nodes, beyond the defence's
share of each root move, and one, seed 23 game 7 ply 30, in 80,931; about 1.3 CPU s
at most, within the time the search leaves it: ``ai.search.THREAT_SEARCH_SHARE``)."""

THREAT_PROBE_NODES = 300
"""Node cap of one ``threat_probe`` (the search asks at every node near the root;
1,500 nodes made level 8 take 80% more time per move for the same proven scores on
27 positions of a level-8 game)."""

_HEURISTIC_LIMIT = WIN_THRESHOLD
"""Static scores stay strictly inside this (the ``Evaluator.evaluate`` contract)."""

CACHE_ENTRIES = 1 << 15
"""Candidate lists and static scores remembered per board (cleared when full): a few
hundred bytes an entry, so about 10 MB per board and thread when full."""


class _ThreadState(threading.local):
    """One board (and its caches) per thread and variant: searches may run in parallel."""

    def __init__(self) -> None:
        self.boards: dict[tuple[int, str], tuple[LineBoard, dict, dict]] = {}


class GomokuEvaluator(Evaluator):
    """Line-pattern evaluation, forcing candidate moves and a VCF root solver.

    Args:
        weights: the knobs (``Weights``).
        name: the preset's name or a weights file's stem.
    """

    game_name = "gomoku"
    # The candidate order (threat patterns first) beats killers and history, and an
    # iteration of the other parity orders the next one worse (the bench positions at
    # depth 8, default weights: 186,000 nodes with history and one ply at a time,
    # 105,000 without and two).
    search_hints = SearchHints(killers=False, history=False, deepening_step=2)

    def __init__(self, weights: Weights, name: str = "custom") -> None:
        self.weights = weights
        self.name = name
        self.unit = weights.unit
        self._tables = {rule: LineTables(weights, rule) for rule in RULE_EXACT}
        self._local = _ThreadState()
        self._vcf_budget = 48 + 16 * weights.defence_fours
        if weights.vcf_fours > 0:
            from ai.endgame.gomoku import VcfSolver, find_vcf

            # Depth-only levels give the root solver no time limit: cap it at about a
            # second (real positions need a few thousand nodes at most).
            self.solver = VcfSolver(max_fours=weights.vcf_fours, max_nodes=SOLVER_NODES,
                                    tables=self._tables)
            self._find_vcf: Callable | None = find_vcf
        else:
            self.solver = None
            self._find_vcf = None

    def tables(self, rule: str | bool) -> LineTables:
        """The line tables of this weight set for a rule (shared with the solver);
        ``rule`` is a rule name, or a bool for standard / freestyle."""
        return self._tables[rule_name(rule)]

    def board(self, game: Game) -> LineBoard:
        """This thread's board for ``game``'s variant, synced to ``game``."""
        return self._state(game)[0]

    def _state(self, game: Game) -> tuple[LineBoard, dict, dict]:
        variant = (game.size, game.rule)  # type: ignore[attr-defined]
        boards = self._local.boards
        state = boards.get(variant)
        if state is None:
            board = LineBoard(self._tables[variant[1]], variant[0])
            state = boards[variant] = (board, {}, {})
        state[0].sync(game.stones)  # type: ignore[attr-defined]
        return state

    # --- static evaluation ---------------------------------------------------------

    def evaluate(self, game: Game) -> int:
        """Patterns of the side to move minus the opponent's, or a near-win at the horizon."""
        board, scores, _ = self._state(game)
        mover = game.turn
        key = board.key ^ mover
        found = scores.get(key)
        if found is not None:
            return found
        value = self._static(board, mover)
        if not -_HEURISTIC_LIMIT < value < _HEURISTIC_LIMIT:  # extreme custom weights
            value = _HEURISTIC_LIMIT - 1 if value > 0 else 1 - _HEURISTIC_LIMIT
        if len(scores) >= CACHE_ENTRIES:
            scores.clear()
        scores[key] = value
        return value

    def _static(self, board: LineBoard, mover: int, forced: int = FORCED_BLOCKS,
                parts: dict[str, int] | None = None) -> int:
        """The leaf value; a forced block (the opponent has one five-point) is played
        first, up to ``forced`` times, so a four-three at the horizon is seen.

        ``parts``: when given, filled with the value's named terms (``terms``).
        """
        other = 1 - mover
        win = self.weights.forced_win
        if win:
            if board.hot[mover] and board.has_five_point(mover):
                if parts is not None:
                    parts["five next move"] = win
                return win
            blocks = board.five_points(other) if board.hot[other] else ()
            if len(blocks) >= 2 or (blocks and board.renju and not mover
                                    and board.forbidden(min(blocks))):
                # Two fives to stop, or (renju) one that Black may not stop.
                if parts is not None:
                    parts["opponent's two fives"] = -win + 2
                return -win + 2
            if not blocks:
                if board.hot[mover] and board.open_four_moves(mover, True):
                    if parts is not None:
                        parts["open four next move"] = win - 2
                    return win - 2
            elif forced:
                (cell,) = blocks
                board.place(cell, mover)
                below: dict[str, int] | None = None if parts is None else {}
                value = -self._static(board, other, forced - 1, below)
                board.remove(cell, mover)
                if parts is not None and below is not None:
                    for name, points in below.items():
                        parts[name] = parts.get(name, 0) - points
                return value
        if parts is not None:
            self._pattern_terms(board, mover, parts)
        if board.renju:
            correction = board.renju_correction()[mover]
            if correction and parts is not None:
                parts["Black's forbidden points"] = correction
            return board.score[mover] + correction
        return board.score[mover]

    def _pattern_terms(self, board: LineBoard, mover: int, parts: dict[str, int]) -> None:
        """Add ``board.score[mover]`` split by pattern class to ``parts``."""
        tables = board.tables
        totals = [0] * len(PATTERN_TERMS)
        for entry in board.entries:
            mine = tables._pattern_parts(list(entry[E_COUNTS][mover]))[0]
            theirs = tables._pattern_parts(list(entry[E_COUNTS][1 - mover]))[1]
            for index in range(len(totals)):
                totals[index] += mine[index] - theirs[index]
        for name, points in zip(PATTERN_TERMS, totals):
            if points:
                parts[name] = parts.get(name, 0) + points

    def terms(self, game: Game) -> dict[str, int]:
        """``evaluate``'s named terms: one per pattern class (the side to move's
        patterns minus the opponent's), or the forced-win rule's verdict; after a
        forced block, the terms of the position behind it, seen from here."""
        board = self._state(game)[0]
        parts: dict[str, int] = {}
        self._static(board, game.turn, parts=parts)
        return {name: points for name, points in parts.items() if points}

    # --- candidate moves -------------------------------------------------------------

    def candidate_moves(self, game: Game) -> list[Move]:
        """Moves worth searching, best guess first (see the module docstring).

        Forced first: a five if the side to move has one; else the block(s) of the
        opponent's five; else (``forcing``) a move making an open four; else, against
        an opponent's open three (or four-four point), only the cells that stop it
        plus the side to move's fours. Quiet positions: the best ``max_candidates``
        cells within two of a stone (one from ``CROWDED`` stones on, plus every
        four-making cell) by ordering value; with ``defence_fours``, the cells that
        may break an opponent's short VCF first. An empty board: the centre.
        """
        if game.outcome() is not None:
            return []
        board, _, lists = self._state(game)
        mover = game.turn
        key = board.key ^ mover
        found = lists.get(key)
        if found is None:
            found = self._candidates(game, board, mover)
            if board.renju and not mover:
                found = self._allowed(game, board, found)
            if len(lists) >= CACHE_ENTRIES:
                lists.clear()
            lists[key] = found
        return list(found)

    def _candidates(self, game: Game, board: LineBoard, mover: int) -> list[Move]:
        other = 1 - mover
        if not (board.stones[0] | board.stones[1]):
            return [board.geo.centre]
        if board.hot[mover]:
            wins = board.five_points(mover)
            if wins:
                return [min(wins)]
        if board.hot[other]:
            blocks = board.five_points(other)
            if blocks:
                return self._ordered(board, blocks, mover)
        if self.weights.forcing:
            if board.hot[mover]:
                opens = board.open_four_moves(mover)
                if opens:
                    return self._ordered(board, opens, mover)
            if board.hot[other]:
                threats = board.open_four_moves(other)
                if threats:
                    return self._defend_open_three(board, threats, mover)
        return self._quiet(game, board, mover)

    def _allowed(self, game: Game, board: LineBoard, moves: list[Move]) -> list[Move]:
        """Renju, Black to move: ``moves`` without the forbidden points. If none is
        left (Black's only block of a five is forbidden: the game is lost) the best
        allowed quiet moves, so that the search still has a move to lose with."""
        allowed = [m for m in moves if not board.forbidden(m)]
        if not allowed:
            allowed = [m for m in self._quiet(game, board, 0) if not board.forbidden(m)]
        return allowed or game.legal_moves()[:1]

    def _ordered(self, board: LineBoard, cells, mover: int) -> list[Move]:
        """``cells`` best first by ordering value (ties by cell: deterministic)."""
        value = board.order_value
        return [c for _, c in sorted((-value(c, mover), c) for c in cells)]

    def _defend_open_three(self, board: LineBoard, threats: set[int],
                           mover: int) -> list[Move]:
        """The cells that leave the opponent no open-four move, plus the mover's fours."""
        stops = board.open_four_stops(1 - mover, threats)
        fours = board.four_moves(mover) if board.hot[mover] else set()
        return self._ordered(board, set(stops) | fours, mover)

    def _quiet(self, game: Game, board: LineBoard, mover: int) -> list[Move]:
        weights = self.weights
        occupied = board.stones[0] | board.stones[1]
        crowded = occupied.bit_count() >= CROWDED
        cells = game.neighbour_moves(1 if crowded else 2)  # type: ignore[attr-defined]
        if crowded:
            # Fours (either side's) may lie two cells out: never lose them to the radius.
            fours = set()
            for side in (0, 1):
                if board.hot[side]:
                    fours |= board.four_moves(side)
            if fours:
                cells = list(fours.union(cells))
        entries, cell_lines = board.entries, board.cell_lines
        k = E_ORDER + mover
        scored = []
        for cell in cells:
            total = 0
            for lid, _shift, pos in cell_lines[cell]:
                total += entries[lid][k][pos]
            scored.append((-total, cell))
        scored.sort()
        limit = weights.max_candidates
        moves = [c for _, c in scored[:limit]]
        if self._find_vcf is not None and weights.defence_fours and board.hot[1 - mover]:
            breakers = self._vcf_breakers(board, mover)
            if breakers:
                rest = [c for c in moves if c not in breakers]
                ranked = self._ordered(board, breakers, mover)
                moves = (ranked + rest)[:max(limit, len(ranked))]
        return moves

    def root_moves(self, game: Game, poll: Callable[[], None] | None = None,
                   threats: float | bool = False) -> list[Move]:
        """``_vcf_root_moves``, and with ``threats`` (seconds, or ``True``: only
        ``THREAT_DEFENCE_NODES`` bound it) the defence against the opponent's victory
        by continuous threats (``_threat_defence``): the top levels."""
        moves = self._vcf_root_moves(game, poll)
        if threats and self.solver is not None and len(moves) > 1:
            seconds = None if threats is True else float(threats)
            moves = self._threat_defence(game, moves, poll, seconds)
        return moves

    def threat_probe(self, game: Game) -> int | None:
        """The side to move's VCT within ``THREAT_PROBE_NODES`` nodes (the solver's
        tables, kept between calls), as plies to the five, or ``None``."""
        if self.solver is None:
            return None
        found = self.solver.find_threats(game, budget=THREAT_PROBE_NODES)  # type: ignore[attr-defined]
        return None if found is None else found[0]

    def refuted(self, game: Game, move: Move, poll: Callable[[], None] | None = None,
                deadline: float | None = None) -> bool:
        """The opponent's VCT after ``move`` within ``THREAT_VERIFY_NODES`` nodes (the
        root defence shares its budget among all moves; this is the chosen one's)."""
        from ai.endgame.gomoku_vct import VctTable, find_vct

        if self.solver is None:
            return False
        board = self.board(game)
        mover, other = game.turn, 1 - game.turn
        board.place(move, mover)
        try:
            found = find_vct(board, other, self.solver.max_threats,  # type: ignore[attr-defined]
                             THREAT_VERIFY_NODES, poll, VctTable(), None, deadline)
        finally:
            board.remove(move, mover)
        return found is not None

    def _threat_defence(self, game: Game, moves: list[Move], poll: Callable[[], None] | None,
                        seconds: float | None) -> list[Move]:
        """``moves`` narrowed to those after which the opponent has no VCT.

        When the opponent, were it to move, would win by continuous threats
        (``ai.endgame.gomoku_vct``), the moves kept are those among ``moves``, the
        cells of that VCT and the side to move's own fours and threes (counter-threats)
        that leave it no VCT, best first; if none does, ``moves`` (lost as far as the
        threat search sees). The searches share ``THREAT_DEFENCE_NODES`` nodes (a
        small share each first, then four times as much for the cells still open, and
        so on) and ``seconds``. Kept: the moves proved safe, then those among
        ``moves`` whose search was cut short or not run (unknown); if there are none
        (every move has a VCT against it), ``moves``. (Keeping only the safe moves
        when there are any lost the first 5 games of a 20-game batch: proofs of
        safety favour passive moves.)
        """
        from ai.endgame.gomoku_vct import VctTable, find_vct

        board = self.board(game)
        mover, other = game.turn, 1 - game.turn
        if board.hot[other] and board.five_points(other):
            return moves  # a forced block
        deadline = None if seconds is None else time.perf_counter() + seconds
        depth = self.solver.max_threats  # type: ignore[union-attr]
        table = VctTable()
        spent = [0]
        found = find_vct(board, other, depth, THREAT_DEFENCE_NODES, poll, table, spent, deadline)
        if found is None:
            return moves
        pool = set(moves) | set(found[1]) | board.three_moves(mover)
        if board.hot[mover]:
            pool |= board.four_moves(mover)
        safe: list[Move] = []
        unknown = self._ordered(board, pool, mover)
        # Every cell with a small share first, then four times as much for the cells
        # left open, and so on (refutations are cheap, proofs of safety are not: one
        # hard cell must not leave the easy refutations of the others unseen; a table
        # shared by all keeps what each pass learnt), the last pass with all that is left.
        first = min(max(THREAT_DEFENCE_NODES // len(pool), 500), THREAT_FIRST_SHARE)
        for share in (first, 4 * first, 16 * first, THREAT_DEFENCE_NODES):
            still = []
            for cell in unknown:
                left = min(share, THREAT_DEFENCE_NODES - spent[0])
                if left <= 0 or (deadline is not None and time.perf_counter() >= deadline):
                    still.append(cell)
                    continue
                board.place(cell, mover)
                before = spent[0]
                try:
                    found = find_vct(board, other, depth, left, poll, table, spent, deadline)
                finally:
                    board.remove(cell, mover)
                if found is None:
                    # Out of its share (or of time) means "not known", not "safe".
                    cut = spent[0] - before >= left or (
                        deadline is not None and time.perf_counter() >= deadline)
                    (still if cut else safe).append(cell)
            unknown = still
        unchecked = [m for m in unknown if m in moves]
        if board.renju and not mover:
            safe = [m for m in safe if not board.forbidden(m)]
            unchecked = [m for m in unchecked if not board.forbidden(m)]
        if not safe and not unchecked:
            return moves  # every move loses to a VCT: let the search choose
        return safe + unchecked

    def _vcf_root_moves(self, game: Game, poll: Callable[[], None] | None = None) -> list[Move]:
        """``candidate_moves`` plus a full defence against the opponent's VCF (slower).

        Meant for the root of a search only (a few VCF searches, milliseconds to tens
        of milliseconds): when the opponent, were it to move, would win by continuous
        fours (up to ``vcf_fours`` fours), the moves are those among the candidates,
        the cells of that VCF and the side to move's own fours that leave the opponent
        no VCF at all, best first; if none does, the ordinary candidates (the game is
        lost against best play, as far as fours go). ``poll`` is passed to the VCF
        searches (it may raise to stop them; the board is left as it was).

        All the VCF searches of one call share ``SOLVER_NODES`` nodes: a level without
        a time limit (where ``poll`` never stops anything) must not hang on a huge
        threat space. It happens where only exact fives win (standard, and Black under
        renju): 150,000 nodes found no VCF in a renju game between levels 3 and 2. A
        search cut short counts as "no VCF"; moves not checked when the budget runs
        out stay, after the ones proved safe.
        """
        moves = self.candidate_moves(game)
        if self._find_vcf is None or len(moves) <= 1:
            return moves
        board = self.board(game)
        mover = game.turn
        other = 1 - mover
        if not board.hot[other] or board.five_points(other):
            return moves  # no threat at all, or a forced block
        find, fours = self._find_vcf, self.weights.vcf_fours
        failed: dict[int, int] = {}
        spent = [0]
        line = find(board, other, fours, SOLVER_NODES, poll, failed, spent)
        if not line:
            return moves
        pool = set(moves) | set(line)
        if board.hot[mover]:
            pool |= board.four_moves(mover)
        safe = []
        unchecked = []
        for cell in self._ordered(board, pool, mover):
            if spent[0] >= SOLVER_NODES:
                unchecked.append(cell)
                continue
            board.place(cell, mover)
            try:
                if not find(board, other, fours, SOLVER_NODES - spent[0], poll, failed, spent):
                    safe.append(cell)
            finally:
                board.remove(cell, mover)
        safe += unchecked
        if board.renju and not mover:
            safe = [m for m in safe if not board.forbidden(m)]
        return safe or moves

    def _vcf_breakers(self, board: LineBoard, mover: int) -> set[int]:
        """Cells that may break the opponent's short VCF: its cells, and the mover's fours.

        Taking one of the opponent's four cells or one of the forced replies' cells in
        advance changes the sequence; a four of the mover's own gains the tempo. (A
        quiet move elsewhere rarely helps, and stays among the candidates anyway.)
        """
        # A fresh table and a node budget: the answer depends on the position only, so
        # every search mode sees the same candidates.
        line = self._find_vcf(board, 1 - mover, self.weights.defence_fours, self._vcf_budget)
        if not line:
            return set()
        cells = set(line)
        if board.hot[mover]:
            cells |= board.four_moves(mover)
        return cells


def build(weights: Weights, name: str = "custom") -> GomokuEvaluator:
    """The evaluator for ``weights`` (``ai.evaluators.load_evaluator`` calls this)."""
    return GomokuEvaluator(weights, name)
