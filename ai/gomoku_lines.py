"""Gomoku's line tables: what a stone makes in each line, and every line of a position.

Shared by the evaluator (``ai.evaluators.gomoku``) and the threat solvers
(``ai.endgame.gomoku``'s VCF, ``ai.endgame.gomoku_vct``), which all read a position
through the same :class:`LineBoard`; kept apart from all three so that none of them
imports another to get it (the evaluator asks the VCT for its root defence, and the
solvers need the pattern values to order their moves). ``Weights`` lives here for the
same reason: the solvers build their own tables from the default weights. The
evaluator's module (``ai.evaluators.gomoku``) documents every weight and holds the
named presets.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Iterable
from typing import Any, NamedTuple

from ai.evaluators.base import weight
from game.i18n import _
from game.rules.base import Game
from game.rules.memo import TwoGenerations
from game.rules.renju import forbidden_kind, may_be_forbidden


@dataclasses.dataclass(frozen=True)
class Weights:
    """The Gomoku evaluator's knobs; ``ai.evaluators.gomoku``'s docstring documents
    each one (a test keeps the two equal)."""

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
        # The weights' names in these four messages (forced_win, five, max_candidates,
        # unit, forcing) are a weights file's keys: the translators keep them.
        for field in dataclasses.fields(self):
            if getattr(self, field.name) < 0:
                # Translators: {weight} is a weight's name, a weights file's key.
                raise ValueError(_("weight {weight} must not be negative").format(
                    weight=field.name))
        if self.forced_win >= 900_000 or self.five >= 900_000:
            # Translators: forced_win and five are a weights file's keys: never translated.
            raise ValueError(_("forced_win and five must stay below 900000 (proven wins lie "
                               "above)"))
        if self.max_candidates < 1 or self.unit < 1:
            # Translators: max_candidates and unit are a weights file's keys.
            raise ValueError(_("max_candidates and unit must be at least 1"))
        if self.forcing not in (0, 1):
            # Translators: forcing is a weights file's key.
            raise ValueError(_("forcing must be 0 or 1"))



# --- move classes of one window ----------------------------------------------------

DEAD, ONE, TWO, CLOSED_THREE, SPLIT_THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(9)
"""What a stone on an empty cell makes in one line, weakest first.

``FIVE``: completes a five (exactly five under ``standard``); ``OPEN_FOUR``: leaves
two or more cells that complete a five; ``FOUR``: one such cell; ``OPEN_THREE``: two
or more cells that would then make an open four; ``SPLIT_THREE``: one; ``CLOSED_THREE``:
only cells that make a four; ``TWO``/``ONE``: the best five-cell segment through the
cell holds two / one stones of the side; ``DEAD``: no five fits through the cell.
"""

# untranslated: developer names (doctests and debugging; ai.explain words shapes itself)
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
"""Window codes remembered per rule (about 140 bytes each; two generations)."""
FORBIDDEN_ENTRIES = 1 << 17
"""Renju forbidden-point answers a board remembers, by position and cell."""


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

_WINDOW_TABLES: dict[str, TwoGenerations[int, tuple[int, int, int, int, int, int]]] = {
    rule: TwoGenerations(WINDOW_TABLE_ENTRIES) for rule in RULE_EXACT}
"""Per rule: window code -> ``window_classes`` (process-wide, at most
``WINDOW_TABLE_ENTRIES``, in two generations)."""


def rule_name(rule: str | bool) -> str:
    """``"freestyle"``, ``"standard"`` or ``"renju"``; a bool means standard or not."""
    if isinstance(rule, bool):
        return "standard" if rule else "freestyle"
    if rule not in RULE_EXACT:
        raise ValueError(_("unknown Gomoku rule {rule}").format(rule=repr(rule)))
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
        found = table.recall(window)
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
        found = (_side_class(black, white | walls, exact_black)
                 + _side_class(white, black | walls, exact_white))
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
                cells: list[int] = []
                c, r = col, row
                while 0 <= c < size and 0 <= r < size:
                    cells.append(r * stride + c)
                    c, r = c + dc, r + dr
                if len(cells) >= 5:
                    lines.append(tuple(cells))
    wall_pad = sum(_WALL << 2 * i for i in range(_PAD))
    empty_codes = tuple(wall_pad | wall_pad << 2 * (len(cells) + _PAD) for cells in lines)
    memberships: list[list[tuple[int, int, int]]] = [[] for _i in range(size * stride)]
    for lid, line in enumerate(lines):
        for pos, bit in enumerate(line):
            memberships[bit].append((lid, 2 * (pos + _PAD), pos))
    rng = random.Random(0x60D0 ^ size)
    zobrist = (tuple(rng.getrandbits(64) for _i in range(size * stride)),
               tuple(rng.getrandbits(64) for _i in range(size * stride)))
    half = size // 2
    return Geometry(size, tuple(lines), empty_codes, tuple(tuple(m) for m in memberships),
                    zobrist, half * stride + half)


# --- line table ------------------------------------------------------------------------

# Indices into a line entry (a tuple, one per line code). [0] is black's patterns (own
# weights) less white's (opponent weights), [1] the reverse: the hot loop reads them as
# e[0] and e[1].
E_FIVE = 2  # [2 + side]: positions (bits) completing a five
E_OPEN4 = 4  # [4 + side]: positions making an open four (two+ five-points in the line)
E_FOUR = 6  # [6 + side]: positions making a four or an open four
E_ORDER = 8  # [8 + side]: per position, the ordering value of ``side`` playing there
E_HOT = 10  # bit ``side``: the line has five-points or four-making cells for ``side``
E_COUNTS = 11  # [side]: the pattern counts ``_patterns`` values (for ``terms``)
E_THREE = 12  # [12 + side]: positions making an open or split three (the VCT's threats)


LineEntry = tuple[Any, ...]
"""One line code's facts (``LineTables._compute`` lists them): scores, then per-side
bitmasks and per-cell tuples; a tuple for speed, read by position in the hot loop."""


class LineTables:
    """Line code -> entry, for one rule and one weight set (bounded: two generations)."""

    MAX_ENTRIES = 1 << 15
    """About 600 bytes an entry (20 MB full); one deep search touches a few thousand
    line codes, so the table only fills over many games (and then forgets its older
    half)."""

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
        self.entries: TwoGenerations[int, LineEntry] = TwoGenerations(self.MAX_ENTRIES)

    def entry(self, code: int, length: int) -> LineEntry:
        """The entry of a line code (computed and remembered on first use)."""
        found = self.entries.get(code)
        if found is None:
            found = self.entries.recall(code)
        if found is None:
            found = self.entries[code] = self._compute(code, length)
        return found

    def _compute(self, code: int, length: int) -> LineEntry:
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


# untranslated: term keys (ai.explain.why.term_name translates them)
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
        self.score: list[int] = [sum(e[0] for e in self.entries), sum(e[1] for e in self.entries)]
        self.hot: tuple[set[int], set[int]] = (set(), set())
        self.stones = [0, 0]
        self.key = 0
        self.renju = tables.renju
        self._forbidden: TwoGenerations[tuple[int, int], bool] = TwoGenerations(
            FORBIDDEN_ENTRIES)

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
            found = self._forbidden.recall(key)
        if found is None:
            found = forbidden_kind(black, self.stones[1], cell, self.size) is not None
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
