"""Connect-4 static evaluator: threats with the zugzwang (odd/even row) rule, and position.

The weights (``Weights``; all ints, points from the side to move's view)
========================================================================

Each weight's range below is also written next to its field in ``Weights``
(``weight(default, low, high)``), which a weights file must respect; a test keeps
the two equal.

A *threat* is an empty cell that would complete a line of ``connect`` for one side
(Allis' term). Rows are counted from 1 at the bottom. Because the board fills up
and both sides must keep moving (zugzwang), the first player tends to get the odd
rows and the second player the even rows at the end of a game: a first-player threat
on an odd row, or a second-player threat on an even row, usually decides the game;
the others rarely do. Hence four threat weights.

``first_odd_threat``  (default 120, sensible 50-300, allowed 0-300)
    Each threat of the first player (Red) on an odd row (1, 3, 5).
``first_even_threat``  (default 40, 0-150)
    Each threat of the first player on an even row.
``second_even_threat``  (default 100, sensible 50-300, allowed 0-300)
    Each threat of the second player (Yellow) on an even row (2, 4, 6).
``second_odd_threat``  (default 40, 0-150)
    Each threat of the second player on an odd row.
``dead_threat``  (default 0, 0-50)
    What a threat directly above an opponent's threat is worth *instead* of the
    four weights above: it can never be played, because the opponent wins in the
    cell below first (or is blocked there, and then blocks this one too).
``playable_threat``  (default 0, 0-300)
    Penalty for the side to move per threat of the opponent that is playable right
    now: it must be blocked at once, which costs the move (tempo). Off by default,
    as is ``blocked_column``: with both at 0 the evaluator beat the naive preset in
    84% instead of 73% of the games at depth 4 and stayed even with the earlier
    defaults (30 and 20) head to head (``ai/TUNING.md``).
``stacked_threats``  (default 150, 0-1000)
    Each pair of one side's threats directly on top of each other: when the lower
    one is blocked the upper one wins, so such a column usually decides the game.
``blocked_column``  (default 0, 0-100)
    Each column in which a threat sits directly above the playable cell: whoever
    plays there hands the threat's owner the cell above, so the owner's opponent can
    no longer use the column (fewer safe moves, closer to zugzwang).
``centre``  (default 0, 0-50)
    Centre control: per stone, times its column's closeness to the centre (1 for
    the edge columns, 4 for the centre column of the standard board).
``lines``  (default 12, 0-30)
    Per stone, times the number of lines of ``connect`` cells through its cell (the
    classic table: 3 in a corner, 13 in the middle of the standard board). Centre
    control by rows as well as columns; the default uses it instead of ``centre``.

Two more numbers are not weights: ``SURE_WIN`` (a leaf where the side to move can
win at once, or cannot stop two wins of the opponent) and ``unit`` (see ``build``).

Presets: ``"default"`` (tuned by computer-versus-computer matches at equal depth:
686 games per change at depth 4, confirmed at depth 6; then 800 games against naive
at depth 4 and 600 head to head at depths 6 and 8) and ``"naive"`` (centre
control only: it notices threats only when its search runs into them).

>>> from game.rules import new_game
>>> evaluator = load("default")
>>> game = new_game("connect4"); game.play_moves("4")
>>> evaluator.evaluate(game)     # Yellow to move; Red's stone lies on 7 lines: 7 x 12
-84
>>> game.play_moves("1")         # Red to move; Yellow's corner stone: 3 lines
>>> evaluator.evaluate(game)
48
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ai.endgame.connect4 import (
    DEFAULT_MAX_EMPTY,
    DEFAULT_MAX_NODES,
    BoardBits,
    Connect4Solver,
    board_bits,
)
from ai.evaluators.base import WIN_THRESHOLD, Evaluator, SearchHints, weight
from game.rules.base import Game, Move
from game.rules.memo import TwoGenerations

# untranslated: the module's names
__all__ = ["PRESETS", "SURE_WIN", "Connect4Evaluator", "Weights", "build"]

EVAL_CACHE_ENTRIES = 1 << 16
"""Static scores remembered per variant and weight set (two generations of half this
each, ``game.rules.memo``: bounded memory, about 110 bytes an entry, 7 MB full)."""

SURE_WIN = 50_000
"""A leaf the side to move has won for all practical purposes (far below the proven
scores, ``WIN_THRESHOLD``, so that the search still prefers a proven win)."""


@dataclasses.dataclass(frozen=True)
class Weights:
    """The Connect-4 evaluator's knobs; the module docstring documents each one."""

    first_odd_threat: int = weight(120, 0, 300)
    first_even_threat: int = weight(40, 0, 150)
    second_even_threat: int = weight(100, 0, 300)
    second_odd_threat: int = weight(40, 0, 150)
    dead_threat: int = weight(0, 0, 50)
    playable_threat: int = weight(0, 0, 300)
    stacked_threats: int = weight(150, 0, 1000)
    blocked_column: int = weight(0, 0, 100)
    centre: int = weight(0, 0, 50)
    lines: int = weight(12, 0, 30)


PRESETS: dict[str, Weights] = {
    "default": Weights(),
    "naive": Weights(first_odd_threat=0, first_even_threat=0, second_even_threat=0,
                     second_odd_threat=0, dead_threat=0, playable_threat=0,
                     stacked_threats=0, blocked_column=0, centre=10, lines=0),
}
"""The named weight sets, default first."""


_Functions = tuple[Callable[[int, int], int], Callable[[int, int], list[Move]],
                   Callable[[int, int], dict[str, int]]]


class Connect4Evaluator(Evaluator):
    """Threats and position for every Connect-4 variant (any size, any line length).

    The per-variant masks and the two hot functions are built on first use of a
    variant and cached, so ``evaluate`` and ``candidate_moves`` are a table look-up
    and one call.
    """

    game_name = "connect4"
    # Centre-first safe moves order well already; killers and history reorder them
    # for the worse (depth 14 from the empty board: 626,000 nodes with both, 202,000
    # without and deepening two plies at a time, because the threat scores swing
    # with the parity of the depth).
    search_hints = SearchHints(killers=False, history=False, deepening_step=2)

    def __init__(self, weights: Weights, name: str = "custom",
                 max_empty: int = DEFAULT_MAX_EMPTY) -> None:
        self.weights = weights
        self.name = name
        self.unit = max(weights.first_odd_threat, weights.second_even_threat,
                        4 * weights.centre, 10 * weights.lines, 1)
        # At most about 75 MB (two generations of 2^19 entries, 38 MB each; two
        # computer players each own one): level 8's proofs at 30-32 empty cells took
        # a third more nodes with a quarter of it (ai/TUNING.md, session 6).
        self.solver = Connect4Solver(max_empty, DEFAULT_MAX_NODES, tt_entries=1 << 20)
        self._by_variant: dict[tuple[int, int, int], _Functions] = {}

    def _functions(self, game: Game) -> _Functions:
        variant = (game.width, game.height, game.connect)  # type: ignore[attr-defined]
        functions = self._by_variant.get(variant)
        if functions is None:
            bits = board_bits(game)
            evaluate, terms = _make_evaluate(bits, self.weights)
            functions = (evaluate, _make_candidates(bits), terms)
            self._by_variant[variant] = functions
        return functions

    def evaluate(self, game: Game) -> int:
        """Threats and position, from the side to move's view (see the module docstring)."""
        return self._functions(game)[0](*game.bitboards())  # type: ignore[attr-defined]

    def terms(self, game: Game) -> dict[str, int]:
        """``evaluate``'s named terms: the sure-win rule's verdict, or the threats by
        kind (own minus the opponent's, each at its weight) and the position."""
        return self._functions(game)[2](*game.bitboards())  # type: ignore[attr-defined]

    def candidate_moves(self, game: Game) -> list[Move]:
        """A winning move alone; else the forced block alone; else the moves that do
        not give the opponent a win on top of them, centre first (all moves when
        every move does).
        """
        return self._functions(game)[1](*game.bitboards())  # type: ignore[attr-defined]


def build(weights: Weights, name: str) -> Connect4Evaluator:
    """The evaluator for ``weights`` (``ai.evaluators.load_evaluator`` calls this).

    Its ``unit`` (the easy levels' randomness and the UI's evaluation bar) is the
    value of a strong threat, or of a stone on a central cell when that is more.
    """
    return Connect4Evaluator(weights, name)


def load(name: str = "default") -> Connect4Evaluator:
    """A preset by name (a shortcut for examples and tests)."""
    return build(PRESETS[name], name)


def _position_planes(bits: BoardBits, w: Weights) -> tuple[tuple[int, int], ...]:
    """``(points, cells)`` pairs: a side's positional score is the sum of
    ``points * popcount(stones & cells)`` (the ``centre`` and ``lines`` weights)."""
    reach = (bits.width - 1) // 2 + 1  # columns from the centre to the edge, plus one
    closeness, lines = {}, {}
    for column in range(bits.width):
        distance = abs(2 * column - (bits.width - 1)) // 2
        for row in range(bits.height):
            cell = 1 << (column * bits.stride + row)
            closeness[cell] = reach - distance
            lines[cell] = _lines_through(bits, column, row)
    planes = []
    for weight, table in ((w.centre, closeness), (w.lines, lines)):
        if weight:
            planes += [(weight * value, cells) for value, cells in _bit_planes(table)]
    return tuple(planes)


def _lines_through(bits: BoardBits, column: int, row: int) -> int:
    """How many lines of ``connect`` cells on the board pass through a cell."""
    count = 0
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for back in range(bits.connect):  # the cell is the line's back-th cell
            ends = ((column - dc * back, row - dr * back),
                    (column + dc * (bits.connect - 1 - back), row + dr * (bits.connect - 1 - back)))
            count += all(0 <= x < bits.width and 0 <= y < bits.height for x, y in ends)
    return count


def _bit_planes(points: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """``(2**j, cells whose points have bit j)`` so that a stone set's total is
    ``sum(value * popcount(stones & cells))``: one popcount per bit of the largest
    value instead of one per distinct value.

    >>> _bit_planes({1: 3, 2: 1, 4: 2})
    ((1, 3), (2, 5))
    """
    top = max(points.values(), default=0)
    planes = []
    for j in range(top.bit_length()):
        cells = sum(cell for cell, value in points.items() if value >> j & 1)
        if cells:
            planes.append((1 << j, cells))
    return tuple(planes)


def _make_evaluate(bits: BoardBits, w: Weights
                   ) -> tuple[Callable[[int, int], int], Callable[[int, int], dict[str, int]]]:
    """``evaluate(current, mask)`` and ``terms(current, mask)`` for one variant and
    one weight set: one computation, which ``terms`` also splits into named parts."""
    win = bits.winning_cells
    bottom, board = bits.bottom, bits.board
    odd, even = bits.odd_rows, bits.even_rows
    f_odd, f_even = w.first_odd_threat, w.first_even_threat
    s_odd, s_even = w.second_odd_threat, w.second_even_threat
    dead, playable_w, stacked, blocked = (w.dead_threat, w.playable_threat,
                                         w.stacked_threats, w.blocked_column)
    planes = _position_planes(bits, w)
    any_threat_weight = any((f_odd, f_even, s_odd, s_even, dead, playable_w, stacked, blocked))
    limit = WIN_THRESHOLD - 1
    # Leaves recur through transpositions (about half of them in a full-width search
    # from the empty board), and a look-up is far cheaper than two winning-cell scans.
    cache: TwoGenerations[int, int] = TwoGenerations(EVAL_CACHE_ENTRIES)
    cached = cache.get

    def evaluate(cur: int, mask: int) -> int:
        key = cur + mask
        score = cached(key)
        if score is None:
            score = cache.recall(key)
            if score is None:
                score = cache[key] = _evaluate(cur, mask)
        return score

    def terms(cur: int, mask: int) -> dict[str, int]:
        parts: dict[str, int] = {}
        _evaluate(cur, mask, parts)
        return {name: points for name, points in parts.items() if points}

    def _evaluate(cur: int, mask: int, parts: dict[str, int] | None = None) -> int:
        opp = cur ^ mask
        possible = (mask + bottom) & board
        mine = win(cur, mask)
        if mine & possible:
            if parts is not None:
                parts["win next move"] = SURE_WIN  # untranslated: term key (ai.explain.why.term_name translates it)
            return SURE_WIN
        theirs = win(opp, mask)
        urgent = theirs & possible
        if urgent and (urgent & (urgent - 1) or theirs & (urgent << 1)):
            if parts is not None:
                parts["opponent's double threat"] = -SURE_WIN  # untranslated: term key (ai.explain.why.term_name translates it)
            return -SURE_WIN  # two cells to block, or a block that opens the cell above
        score = 0
        for points, cells in planes:
            score += points * ((cur & cells).bit_count() - (opp & cells).bit_count())
        if parts is not None:
            parts["position"] = score
        if not any_threat_weight:
            return score
        score -= playable_w * urgent.bit_count()
        # Threats under an opponent's threat can never be played.
        live_mine = mine & ~(theirs << 1)
        live_theirs = theirs & ~(mine << 1)
        dead_count = (mine ^ live_mine).bit_count() - (theirs ^ live_theirs).bit_count()
        stacks = (live_mine & (live_mine >> 1)).bit_count() - (
            live_theirs & (live_theirs >> 1)).bit_count()
        above = possible << 1
        blocks = (live_mine & above).bit_count() - (live_theirs & above).bit_count()
        if mask.bit_count() & 1:  # the second player is to move
            my_odd, my_even, their_odd, their_even = s_odd, s_even, f_odd, f_even
        else:
            my_odd, my_even, their_odd, their_even = f_odd, f_even, s_odd, s_even
        score += (my_odd * (live_mine & odd).bit_count() + my_even * (live_mine & even).bit_count()
                  - their_odd * (live_theirs & odd).bit_count()
                  - their_even * (live_theirs & even).bit_count()
                  + dead * dead_count + stacked * stacks + blocked * blocks)
        if parts is not None:
            # Named by whose rows they use: a first-player threat on an odd row and a
            # second-player threat on an even row are the "good" (zugzwang) threats.
            if mask.bit_count() & 1:
                good_mine, good_theirs = live_mine & even, live_theirs & odd
            else:
                good_mine, good_theirs = live_mine & odd, live_theirs & even
            # untranslated: term key (ai.explain.why.term_name translates it)
            parts["threats on good rows"] = (
                (my_odd * (good_mine & odd).bit_count() + my_even * (good_mine & even).bit_count())
                - (their_odd * (good_theirs & odd).bit_count()
                   + their_even * (good_theirs & even).bit_count()))
            other_mine, other_theirs = live_mine ^ good_mine, live_theirs ^ good_theirs
            parts["other threats"] = (  # untranslated: term key (ai.explain.why.term_name translates it)
                my_odd * (other_mine & odd).bit_count() + my_even * (other_mine & even).bit_count()
                - their_odd * (other_theirs & odd).bit_count()
                - their_even * (other_theirs & even).bit_count())
            # untranslated: term keys (ai.explain.why.term_name translates them)
            parts["playable threats to block"] = -playable_w * urgent.bit_count()
            parts["dead threats"] = dead * dead_count  # untranslated: term key (ai.explain.why.term_name translates it)
            parts["stacked threats"] = stacked * stacks  # untranslated: term key (ai.explain.why.term_name translates it)
            parts["blocked columns"] = blocked * blocks  # untranslated: term key (ai.explain.why.term_name translates it)
        return max(-limit, min(limit, score))

    return evaluate, terms


def _make_candidates(bits: BoardBits) -> Callable[[int, int], list[Move]]:
    """``candidate_moves(current, mask)`` for one variant."""
    win = bits.winning_cells
    bottom, board, stride = bits.bottom, bits.board, bits.stride
    by_column = tuple((c, bits.columns[c]) for c in bits.order)

    def candidates(cur: int, mask: int) -> list[Move]:
        possible = (mask + bottom) & board
        wins = win(cur, mask) & possible
        if wins:
            return [(wins.bit_length() - 1) // stride]
        theirs = win(cur ^ mask, mask)
        forced = theirs & possible
        if forced:  # with two to block, either one loses the same way
            return [(forced.bit_length() - 1) // stride]
        safe = possible & ~(theirs >> 1)
        if not safe:
            safe = possible
        return [c for c, cells in by_column if safe & cells]

    return candidates
