"""Exact Othello endgames: the final disc difference under perfect play.

The score is the standard one: the side to move's discs minus the opponent's at the
end of the game, the empty squares (if the game ends early) going to the winner. It is
always even (``64 - 2 * loser's discs``), between -64 and +64.

How it is fast enough in Python (ideas from Edax and the endgame literature, code of
our own):

* **Two bitboards relative to the side to move**, as in ``game.rules.othello``; a move
  is ``flips(p, o, sq)`` and the child is ``(o ^ f, p | f | bit)``: nothing to undo.
* **Three layers by the number of empty squares** ``n``:

  - ``n > SHALLOW``: *deep* nodes, with a transposition table of exact bounds (its
    best move first) and **fastest-first**
    ordering (the move that leaves the opponent the fewest replies, corners counted
    double, first; every child's replies from one ``mobility`` of the children
    packed one a lane, see ``game.rules.othello``'s Trick 3, a quarter of the cost
    of one call each; from ``ORDER_SEARCH_EMPTIES`` up with a one-ply look-ahead: the
    opponent's reply that leaves us the fewest moves), a **stability cut-off** (the
    opponent's stable discs cap our score, see :func:`stable_discs`) and **enhanced
    transposition cut-offs** (a child whose stored bound already refutes);
  - ``5 <= n <= SHALLOW``: *shallow* nodes walk a list of the empty squares (no
    mobility bitboard, no table) in **parity order**: first the squares of the
    board's quadrants that hold an odd number of empties, where the side to move can
    hope for the last move, corners before the rest;
  - ``n <= 4`` are written out by hand (``solve4`` to ``solve1``): the empty squares
    travel as arguments, in parity order, so no list is built; the last empty square
    needs no move at all, only a count of what it would flip.

* **Null windows** (principal-variation search): after the first move of a deep node
  the others are only tested (``alpha, alpha + 1``) and searched again when they beat
  it. Every score is even, so a null window never hides a value.
* **Bounds are facts**: a table entry ``(lower, upper)`` bounds the exact value of a
  position, whatever window found it, so the table survives from one ``solve`` to the
  next (a game's successive positions share most of it). It is bounded: it is cleared
  when it reaches ``table_size`` entries; positions with ``FAR_EMPTIES`` or more have a
  table of their own (a quarter of the size), so the small ones never push them out.
  At 20 empties the bound matters most of all (see ``TABLE_SIZE``).
* **Probes at the root** (best move only): a win/draw/loss null window first (from
  ``GUESS_EMPTIES`` up: a null window at a short midgame search's margin, the
  solver's ``first_guess``), then MTD(f) steps, then a null-window test of the other
  moves for ties (``prove``, what a level asks, skips that: one best move is enough
  to play). Galloping steps (2, 4, 8, ...) cost 5% more nodes on FFO #40; a perfect
  first guess would save 19%.

The root answers every move's exact score (``Solution.move_scores``), so the UI can
show them all; ``exact_all=False`` proves only the best moves' score (the others are
only shown to be worse, and left out), about twice as fast. ``search_score`` puts a
win at ``WIN - empties`` (see :func:`search_score`).

Speed (CPython 3.11, CPU seconds on one core of a loaded 2-core machine, about 300k
nodes/s): best move only, 14 empties 0.1-0.5 s, 16 empties 0.5-1 s, 18 one to a few
seconds, FFO #40 (20 empties) 11.2 M nodes in about 35 s, FFO #41-#44 (22-23 empties)
33-74 M nodes in 2-5 minutes (with the ``patterns`` evaluator's first guess; 40-60%
more from a draw); proving every move costs 3-5 times more. ``plies
bench othello --long`` gives the FFO #40-#44 figures, and ``python -m
ai.tools.endgame_levers`` measures each constant below (``ai/TUNING.md``, "Session 6"
and "Session 7", has every lever tried, kept or not).

>>> from game.rules.othello import Othello
>>> game = Othello.from_board(
...     "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX"
...     "XXXXXXXX" "XXXXXXXX" "XXXXXOOO" "XXXXXO--", 0)
>>> solution = OthelloSolver().solve(game)
>>> solution.score, [game.move_name(m) for m in solution.best_moves]   # both wipe White out
(64, ['g8', 'h8'])
"""

from __future__ import annotations

from collections.abc import Callable

from ai.endgame.othello_count import LAST_FLIP
from ai.evaluators.base import WIN, ExactSolver, Solution
from game.rules.base import PASS, Game, Move
from game.rules.othello import (
    FULL_LANES,
    LANE_BITS,
    MAX_LANES,
    Othello,
    flips,
    lanes,
    line_masks,
    mobility,
    squares,
)

FULL = (1 << 64) - 1

SHALLOW = 6
"""At most this many empty squares: list-walking, parity-ordered nodes without a table
(figures behind the choice: ``ai/TUNING.md``, "Figures behind the constants")."""

POLL_NODES = 2048
"""Nodes between two calls of ``poll`` (a few milliseconds)."""

TABLE_SIZE = 1 << 20
"""Default bound on the transposition table's entries (about 150 MB when full; the
levels' solver keeps a smaller one, ``ai.evaluators.othello.SOLVER_TABLE_SIZE``): large
enough that FFO #40's million deep positions never make it clear itself mid-solve
(figures: ``ai/TUNING.md``, "Figures behind the constants")."""

CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
_CORNER_LANES = lanes([CORNERS] * MAX_LANES)
"""The corners in every lane of a packed board (``game.rules.othello``, Trick 3)."""
_LANE_MASK = (1 << LANE_BITS) - 1

STABILITY_EMPTIES = 8
"""From this many empty squares up, a deep node first checks whether the opponent's
stable discs already cap its score at ``alpha`` (a *stability cut-off*)."""

ORDER_SEARCH_EMPTIES = 14
"""From this many empty squares up, deep nodes order their moves by a one-ply look-ahead
(the opponent's best reply for cutting our mobility) on top of fastest-first."""

ORDER_WEIGHT = 4
"""Weight of the opponent's move count against our worst-case mobility in that order."""

ROOT_PROBES = True
"""Best-move-only solves find the root value by null-window probes (see ``_probe_root``)."""

GUESS_EMPTIES = 18
"""From this many empty squares up, the root probes start from the solver's
``first_guess`` (a short midgame search's margin) instead of a draw, when it has one."""

FAR_EMPTIES = 12
"""Positions with this many empty squares or more go to a table of their own: they are
few and each stands for a large subtree, so the many small positions that fill the
main table (which is cleared when full) never push them out (a two-level table)."""

HINT_FIRST = False
"""Deep nodes search the table's best move before generating the others. Off: the
table's move is searched first either way, once the moves are ordered."""

ETC_EMPTIES = 10
"""From this many empty squares up, a deep node looks its children up in the table
before searching any (an *enhanced transposition cut-off*)."""

COLUMN_A = 0x0101010101010101
COLUMN_H = COLUMN_A << 7
ROW_1 = 0xFF
ROW_8 = 0xFF << 56
EDGES = COLUMN_A | COLUMN_H | ROW_1 | ROW_8


def _diagonals() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The masks of the a8-h1-parallel (``<< 7``) and a1-h8-parallel (``<< 9``)
    diagonals with three squares or more (shorter ones lie on the edge)."""
    anti: dict[int, int] = {}
    main: dict[int, int] = {}
    for square in range(64):
        row, col = divmod(square, 8)
        anti[row + col] = anti.get(row + col, 0) | 1 << square
        main[row - col] = main.get(row - col, 0) | 1 << square
    return (tuple(m for m in anti.values() if m.bit_count() >= 3),
            tuple(m for m in main.values() if m.bit_count() >= 3))


ANTI_DIAGONALS, MAIN_DIAGONALS = _diagonals()


def stable_discs(player: int, opponent: int) -> int:
    """A subset of ``player``'s discs that can never be flipped (not all of them).

    A disc is safe along one of the four lines through it when that line is full (no
    move can ever be made on it, so nothing on it flips along it), or when one of its
    two neighbours on the line is off the board or a safe disc of the same colour (a
    flip along the line would have to flip that neighbour too). A disc safe along all
    four lines is stable. The corners start the set; discs on four full lines too; the
    rest grows from them until nothing changes.

    >>> stable_discs(0b111, 0) == 0b111          # a1 b1 c1: the corner holds the others
    True
    >>> stable_discs(1 << 9, 0)                  # b2 alone: nothing
    0
    """
    filled = player | opponent
    # Rows whose eight squares are filled: AND the row into its column-a bit.
    x = filled & filled >> 4
    x &= x >> 2
    x &= x >> 1
    full_h = (x & COLUMN_A) * 0xFF
    y = filled & filled >> 32
    y &= y >> 16
    y &= y >> 8
    full_v = (y & 0xFF) * COLUMN_A
    full_7 = full_9 = 0
    for mask in ANTI_DIAGONALS:
        if filled & mask == mask:
            full_7 |= mask
    for mask in MAIN_DIAGONALS:
        if filled & mask == mask:
            full_9 |= mask
    # The edges count as a safe neighbour: a flip needs a disc on both sides.
    full_h |= COLUMN_A | COLUMN_H
    full_v |= ROW_1 | ROW_8
    full_7 |= EDGES
    full_9 |= EDGES
    stable = player & full_h & full_v & full_7 & full_9
    if not stable:
        return 0
    while True:
        grown = stable | (player
                          & (full_h | (stable >> 1 & ~COLUMN_H) | (stable << 1 & ~COLUMN_A))
                          & (full_v | stable >> 8 | stable << 8)
                          & (full_7 | (stable >> 7 & ~COLUMN_A) | (stable << 7 & ~COLUMN_H))
                          & (full_9 | (stable >> 9 & ~COLUMN_H) | (stable << 9 & ~COLUMN_A)))
        if grown == stable:
            return stable
        stable = grown & FULL


NEIGHBOUR = line_masks(1)
"""``NEIGHBOUR[s]``: the squares touching ``s`` (a flip needs an opponent disc there)."""

QUADRANT = [1 << ((square // 8 >= 4) * 2 + (square % 8 >= 4)) for square in range(64)]
"""One bit per board quadrant (a1-d4, e1-h4, a5-d8, e5-h8): the parity regions."""

_SQUARE_RANK = [
    0, 6, 2, 3, 3, 2, 6, 0,
    6, 7, 5, 5, 5, 5, 7, 6,
    2, 5, 1, 4, 4, 1, 5, 2,
    3, 5, 4, 9, 9, 4, 5, 3,
    3, 5, 4, 9, 9, 4, 5, 3,
    2, 5, 1, 4, 4, 1, 5, 2,
    6, 7, 5, 5, 5, 5, 7, 6,
    0, 6, 2, 3, 3, 2, 6, 0,
]
"""Static order of the empty squares in shallow nodes: corners first, X-squares last."""

SQUARE_ORDER = sorted(range(64), key=lambda s: (_SQUARE_RANK[s], s))
"""All squares, best guess first (used to order the empty squares once per shallow root)."""

SQUARE_PLACE = [SQUARE_ORDER.index(square) for square in range(64)]
"""``SQUARE_PLACE[s]``: the place of square ``s`` in ``SQUARE_ORDER`` (a sort key)."""


def final_score(player: int, opponent: int) -> int:
    """Disc difference for ``player`` at the end of the game, empties to the winner.

    >>> final_score(0b111, 0b1)    # 3 discs to 1, 60 empties to the winner
    62
    """
    mine, theirs = player.bit_count(), opponent.bit_count()
    if mine > theirs:
        return 64 - 2 * theirs
    if mine < theirs:
        return 2 * mine - 64
    return 0


def search_score(score: int, empties: int) -> int:
    """The exact disc difference on the search's scale.

    A win is ``WIN - empties`` and a loss ``-(WIN - empties)``: the board is full after
    ``empties`` more discs, so this counts the discs still to be placed (passes are not
    counted, and a game that ends early with empty squares ends sooner). It is a proven
    score either way (``abs >= WIN_THRESHOLD``). A draw is 0.

    >>> search_score(+12, 10) == WIN - 10, search_score(-2, 7) == -(WIN - 7), search_score(0, 3)
    (True, True, 0)
    """
    if score > 0:
        return WIN - empties
    if score < 0:
        return -(WIN - empties)
    return 0


class OthelloSolver(ExactSolver):
    """Exact endgame solver for Othello (see the module docstring).

    Args:
        max_empties: ``applies`` only with at most this many empty squares
            (``None``: always; ``plies solve`` uses that).
        exact_all: prove every root move's exact score, not only the best one's.
        table_size: bound on the transposition table's entries.
        first_guess: ``first_guess(game, poll)``, the final margin a cheap search
            expects for the side to move (``OthelloEvaluator.margin_guess``); it calls
            ``poll`` as the solver does, so a stop reaches it too. Best-move-only solves
            from ``GUESS_EMPTIES`` up start their root probes there (``None``: at a draw).
    """

    def __init__(self, max_empties: int | None = None, *, exact_all: bool = True,
                 table_size: int = TABLE_SIZE,
                 first_guess: Callable[[Othello, Callable[[], None]], int] | None = None,
                 ) -> None:
        self.max_empties = max_empties
        self.exact_all = exact_all
        self.table_size = table_size
        self.first_guess = first_guess
        self._table: dict[int, tuple[int, int, int]] = {}
        self._far: dict[int, tuple[int, int, int]] = {}

    def search_score(self, game: Game, score: int) -> int:
        """A final disc margin on the search's scale (see ``search_score`` above)."""
        black, white = game.counts()
        return search_score(score, 64 - black - white)

    def clear(self) -> None:
        """Forget the transposition table."""
        self._table = {}
        self._far = {}

    def applies(self, game: Game, reach: int | None = None) -> bool:
        """An Othello position with at most ``max_empties`` (or ``reach``) empty
        squares, game running."""
        if not isinstance(game, Othello):
            return False
        empties = 64 - (game.player | game.opponent).bit_count()
        limit = self.max_empties if reach is None else reach
        if limit is not None and empties > limit:
            return False
        return not game.is_over()

    def solve(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None) -> Solution:
        """The exact value of ``game`` (which must be a running Othello game); unchanged.

        ``poll`` is called every ``POLL_NODES`` nodes; whatever it raises goes through.
        ``reach`` (the top levels' extended reach, see ``applies``): a position beyond
        ``max_empties`` is solved for the best moves only, as with ``exact_all=False``
        (``move_scores`` then holds just them): proving every move costs three to five
        times more at 16-18 empty squares, and a level only needs the move to play.
        """
        return self._solve(game, poll, reach)

    def prove(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None,
              settled: Callable[[Solution], None] | None = None,
              first: Move | None = None) -> Solution:
        """``solve`` for a player (the search's call): beyond ``max_empties`` the root
        stops at one best move (other moves that tie are not tested: 12% of FFO #40's
        nodes), ``first`` (the search's move) is probed first, and every probe that
        proves a win calls ``settled`` with its move and bound (``score`` a lower bound),
        so a level whose time runs out still plays a move that keeps the win."""
        return self._solve(game, poll, reach, ties=False, settled=settled, first=first)

    def _solve(self, game: Game, poll: Callable[[], None], reach: int | None, *,
               ties: bool = True, settled: Callable[[Solution], None] | None = None,
               first: Move | None = None) -> Solution:
        """``solve`` and ``prove``; ``ties``: list every best move of a best-only solve."""
        # untranslated: developer errors (these two)
        assert isinstance(game, Othello), "OthelloSolver solves Othello positions"
        assert not game.is_over(), "solve needs a running game"
        poll()  # a stop that is already requested takes effect at once
        player, opponent = game.player, game.opponent
        empties = 64 - (player | opponent).bit_count()
        if len(self._table) > self.table_size // 2:
            self._table = {}  # a fresh half-full table at most: room for this solve
        if len(self._far) > self.table_size // 8:
            self._far = {}
        search = _Search(self._table, self._far, self.table_size, poll)
        exact_all = self.exact_all and not (
            reach is not None and self.max_empties is not None and empties > self.max_empties)

        moves = game.legal_moves()
        children: list[tuple[int, Move, int, int, int]] = []
        for move in moves:
            if move == PASS:
                children.append((0, PASS, opponent, player, empties))
                continue
            f = flips(player, opponent, move)
            child_p, child_o = opponent ^ f, player | f | 1 << move
            children.append((_replies(child_p, child_o), move, child_p, child_o, empties - 1))
        children.sort(key=lambda child: (child[1] != first, child[0], child[1]))

        scores: dict[Move, int] = {}
        best = -65
        one_by_one = children
        if not exact_all and ROOT_PROBES:
            settle = None
            if settled is not None:
                def settle(lower: int, move: Move) -> None:
                    if lower > 0:  # a proven win: its move keeps it, maybe not the fastest
                        settled(Solution(lower, search_score(lower, empties), (move,),
                                         {move: lower}, search.nodes, {move: 1}))
            guess = 0
            if self.first_guess is not None and empties >= GUESS_EMPTIES:
                guess = self.first_guess(game, poll)
                guess = max(-64, min(64, guess)) // 2 * 2  # even, as the scores are
                poll()  # a stop that ended the guess's search early ends the solve too
            best, scores = _probe_root(search, children, ties, settle, guess)
            one_by_one = []  # done: the probes proved the best moves
        for index, (_, move, child_p, child_o, n) in enumerate(one_by_one):
            passed = move == PASS
            if index == 0 or exact_all:
                value = -search.node(child_p, child_o, -65, 65, n, passed)
                scores[move] = value
            else:
                # Only prove it worse; an exact re-search when it is better (or equal).
                value = -search.node(child_p, child_o, -best - 1, -best + 1, n, passed)
                if value >= best:
                    value = -search.node(child_p, child_o, -65, 65, n, passed)
                    scores[move] = value
            best = max(best, value)

        game_ends = {m for _, m, cp, co, _ in children
                     if m != PASS and not mobility(cp, co) and not mobility(co, cp)}
        best_moves = tuple(sorted((m for m, s in scores.items() if s == best),
                                  key=lambda m: m not in game_ends))
        return Solution(best, search_score(best, empties), best_moves, scores, search.nodes)


class _Search:
    """One solve's recursive search (``node``) and its node count.

    The hot functions are closures over local names (the fastest lookups Python has).
    """

    def __init__(self, table: dict[int, tuple[int, int, int]],
                 far: dict[int, tuple[int, int, int]], table_size: int,
                 poll: Callable[[], None]) -> None:
        self.nodes = 0
        self.node = _make_search(self, table, far, table_size, poll)


def _probe_root(search: _Search, children: list[tuple[int, Move, int, int, int]],
                ties: bool = True, settle: Callable[[int, Move], None] | None = None,
                guess: int = 0) -> tuple[int, dict[Move, int]]:
    """The root's exact value by null-window probes only (MTD(f) from ``guess``, even;
    from a draw the first probe is the win/draw/loss question): each next probe
    starts from the bound the last one returned, and the table keeps every bound
    between probes. A guess 8 discs off saves 7% of FFO #40's nodes, a perfect one 19%. Then (``ties``)
    every other move is tested against that value, so ties are all listed. Returns the
    value and ``{move: value}`` for the best moves. ``settle(lower, move)`` hears of
    each probe that raised the lower bound."""
    lower, upper = -64, 64
    order = [child[1:] for child in children]
    best_move = order[0][0]  # kept if no probe succeeds: then every move loses 64-0
    while lower < upper:
        beta = guess if guess > lower else guess + 2
        value, move = -65, best_move
        for child_move, cp, co, n in order:
            v = -search.node(cp, co, -beta, -beta + 1, n, child_move == PASS)
            if v > value:
                value, move = v, child_move
                if v >= beta:
                    break
        if value >= beta:
            lower, best_move = value, move
            if settle is not None:
                settle(lower, move)
            # the move that proved it first next time
            order.sort(key=lambda child: child[0] != move)
        else:
            upper = value
        guess = value
    scores = {best_move: lower}
    for child_move, cp, co, n in order if ties else ():
        if child_move != best_move:
            v = -search.node(cp, co, -lower - 1, -lower + 1, n, child_move == PASS)
            if v >= lower:
                scores[child_move] = lower
    return lower, scores


def _replies(child_p: int, child_o: int) -> int:
    """Fastest-first key of a move: the opponent's replies after it, corners counted twice."""
    replies = mobility(child_p, child_o)
    return replies.bit_count() + (replies & CORNERS).bit_count()


def _worst_reply(p: int, o: int, replies: int) -> int:
    """A one-ply look-ahead for ordering: ``p`` (to move, with ``replies``) picks the
    reply that leaves ``o`` the fewest moves (corners counted twice); that count.
    The replies' positions go one a lane into a single packed ``mobility``."""
    packed_p = packed_o = 0
    shift = 0
    while replies:
        low = replies & -replies
        replies ^= low
        f = flips(p, o, low.bit_length() - 1)
        packed_p |= (o ^ f) << shift
        packed_o |= (p | f | low) << shift
        shift += LANE_BITS
    if not shift:
        return 0
    mine = mobility(packed_p, packed_o, FULL_LANES[shift // LANE_BITS])
    mine |= (mine & _CORNER_LANES) << 64
    return min((mine >> at & _LANE_MASK).bit_count() for at in range(0, shift, LANE_BITS))


def _make_search(owner: _Search, near: dict[int, tuple[int, int, int]],
                 far: dict[int, tuple[int, int, int]], table_size: int, poll: Callable[[], None]) -> Callable[[int, int, int, int, int, bool], int]:
    """Build the recursive functions; node counts go to ``owner.nodes``."""
    neighbour = NEIGHBOUR
    last_flip = LAST_FLIP
    quadrant = QUADRANT
    square_place = SQUARE_PLACE.__getitem__
    shallow_limit = SHALLOW
    stability_empties = STABILITY_EMPTIES
    order_search_empties = ORDER_SEARCH_EMPTIES
    order_weight = ORDER_WEIGHT
    hint_first = HINT_FIRST
    etc_empties = ETC_EMPTIES
    lane_bits = LANE_BITS
    lane_mask = _LANE_MASK
    full_lanes = FULL_LANES
    corner_lanes = _CORNER_LANES
    far_empties = FAR_EMPTIES
    far_size = table_size // 4
    count = 0  # nodes so far (every layer counts, solve1 only where it is a node of its own)
    next_poll = POLL_NODES

    def solve1(p: int, o: int, sq: int) -> int:
        """One empty square ``sq``: who can play it decides the final count. Only
        counts are needed, read from the line tables (``last_flip_counts`` inlined,
        its gathering constants written out)."""
        shift, row, col, column, anti_mask, anti, main_mask, main = last_flip[sq]
        both = (row[p >> shift & 0xFF]
                + column[(p >> col & 0x0101010101010101) * 0x0102040810204080 >> 56 & 0xFF]
                + anti[(p & anti_mask) * 0x0101010101010101 >> 56 & 0xFF]
                + main[(p & main_mask) * 0x0101010101010101 >> 56 & 0xFF])
        mine = p.bit_count()
        if both & 0xFF:
            return 2 * (mine + (both & 0xFF)) - 62
        if both:  # the opponent plays it: 63 - mine + theirs discs for them
            return 2 * (mine - (both >> 8)) - 64
        return 64 - 2 * (63 - mine) if mine > 31 else 2 * mine - 64  # nobody: no draw

    def solve2(p: int, o: int, alpha: int, beta: int, a: int, b: int, passed: bool) -> int:
        """Two empty squares ``a`` and ``b``, fail-soft in ``(alpha, beta)``."""
        nonlocal count
        count += 1
        best = -65
        if o & neighbour[a]:
            f = flips(p, o, a)
            if f:
                best = -solve1(o ^ f, p | f | 1 << a, b)
                if best >= beta:
                    return best
        if o & neighbour[b]:
            f = flips(p, o, b)
            if f:
                value = -solve1(o ^ f, p | f | 1 << b, a)
                if value > best:
                    best = value
        if best > -65:
            return best
        if passed:
            return final_score(p, o)
        return -solve2(o, p, -beta, -alpha, a, b, True)

    def solve3(p: int, o: int, alpha: int, beta: int, a: int, b: int, c: int,
               passed: bool) -> int:
        """Three empty squares, tried in the order ``a, b, c``; written out (no list).

        The fail-soft update (best, alpha, cut) repeats here, in ``solve4``,
        ``shallow`` and ``deep`` on purpose: these are the hot nodes, and a helper
        call per move would cost more than the repetition (94% of the nodes have six
        empty squares or fewer)."""
        nonlocal count
        count += 1
        best = -65
        if o & neighbour[a]:
            f = flips(p, o, a)
            if f:
                best = -solve2(o ^ f, p | f | 1 << a, -beta, -alpha, b, c, False)
                if best >= beta:
                    return best
                if best > alpha:
                    alpha = best
        if o & neighbour[b]:
            f = flips(p, o, b)
            if f:
                value = -solve2(o ^ f, p | f | 1 << b, -beta, -alpha, a, c, False)
                if value > best:
                    if value >= beta:
                        return value
                    best = value
                    if value > alpha:
                        alpha = value
        if o & neighbour[c]:
            f = flips(p, o, c)
            if f:
                value = -solve2(o ^ f, p | f | 1 << c, -beta, -alpha, a, b, False)
                if value > best:
                    best = value
        if best > -65:
            return best
        if passed:
            return final_score(p, o)
        return -solve3(o, p, -beta, -alpha, a, b, c, True)

    def solve4(p: int, o: int, alpha: int, beta: int, a: int, b: int, c: int, d: int,
               passed: bool) -> int:
        """Four empty squares, tried in the order ``a, b, c, d``; each child gets the
        other three in parity order (the lone square of its quadrant first)."""
        nonlocal count
        count += 1
        best = -65
        for sq, x, y, z in ((a, b, c, d), (b, a, c, d), (c, a, b, d), (d, a, b, c)):
            if o & neighbour[sq]:
                f = flips(p, o, sq)
                if f:
                    # Three left: one or three of them are alone in their quadrant.
                    qx = quadrant[x]
                    if qx == quadrant[y]:
                        x, z = z, x      # x and y share one: z is the lone one
                    elif qx == quadrant[z]:
                        x, y = y, x      # y is
                    value = -solve3(o ^ f, p | f | 1 << sq, -beta, -alpha, x, y, z, False)
                    if value > best:
                        best = value
                        if value > alpha:
                            if value >= beta:
                                return value
                            alpha = value
        if best > -65:
            return best
        if passed:
            return final_score(p, o)
        return -solve4(o, p, -beta, -alpha, a, b, c, d, True)

    def shallow(p: int, o: int, alpha: int, beta: int, empties: list[int], parity: int,
                passed: bool) -> int:
        """Five to ``SHALLOW`` empties in ``empties``; ``parity``: quadrants with odd
        counts. Four empties go to ``solve4`` in parity order."""
        nonlocal count
        count += 1
        best = -65
        ordered = [s for s in empties if parity & quadrant[s]]
        if len(ordered) < len(empties):
            ordered += [s for s in empties if not parity & quadrant[s]]
        four = len(empties) == 5
        for sq in ordered:
            if o & neighbour[sq]:
                f = flips(p, o, sq)
                if f:
                    rest = [s for s in ordered if s != sq]
                    if four:
                        child_parity = parity ^ quadrant[sq]
                        odd = [s for s in rest if child_parity & quadrant[s]]
                        if 0 < len(odd) < 4:  # two lone squares first
                            odd += [s for s in rest if not child_parity & quadrant[s]]
                            a, b, c, d = odd
                        else:
                            a, b, c, d = rest
                        value = -solve4(o ^ f, p | f | 1 << sq, -beta, -alpha, a, b, c, d, False)
                    else:
                        value = -shallow(o ^ f, p | f | 1 << sq, -beta, -alpha, rest,
                                         parity ^ quadrant[sq], False)
                    if value > best:
                        best = value
                        if value > alpha:
                            if value >= beta:
                                return value
                            alpha = value
        if best > -65:
            return best
        if passed:
            return final_score(p, o)
        return -shallow(o, p, -beta, -alpha, empties, parity, True)

    def shallow_root(p: int, o: int, alpha: int, beta: int, n: int, passed: bool) -> int:
        """Enter the shallow layers: list the empties, corners first, and their parity."""
        nonlocal count
        empties = squares(FULL ^ (p | o))
        if n == 1:
            count += 1
            return solve1(p, o, empties[0])  # (after a pass too: solve1 tries both sides)
        if n == 2:
            return solve2(p, o, alpha, beta, empties[0], empties[1], passed)
        empties.sort(key=square_place)
        parity = 0
        for s in empties:
            parity ^= quadrant[s]
        if n == 3:
            a, b, c = empties
            if not parity & quadrant[a]:
                if parity & quadrant[b]:
                    a, b = b, a
                elif parity & quadrant[c]:
                    a, c = c, a
            return solve3(p, o, alpha, beta, a, b, c, passed)
        if n == 4:
            a, b, c, d = sorted(empties, key=lambda s: not parity & quadrant[s])
            return solve4(p, o, alpha, beta, a, b, c, d, passed)
        return shallow(p, o, alpha, beta, empties, parity, passed)

    def deep(p: int, o: int, alpha: int, beta: int, n: int, passed: bool) -> int:
        """More than ``SHALLOW`` empties (``n``): table, fastest-first order, null windows."""
        if n <= shallow_limit:
            return shallow_root(p, o, alpha, beta, n, passed)
        nonlocal count, next_poll
        count += 1
        if count >= next_poll:
            next_poll = count + POLL_NODES
            poll()
        if n >= stability_empties and alpha >= 64 - 2 * o.bit_count():
            # The opponent's stable discs are theirs at the end: a cap on our score.
            cap = 64 - 2 * stable_discs(o, p).bit_count()
            if cap <= alpha:
                return cap
        key = p | o << 64
        if n >= far_empties:
            table, size = far, far_size
        else:
            table, size = near, table_size
        entry = table.get(key)
        hint = -1
        if entry is not None:
            lower, upper, hint = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        else:
            lower, upper = -64, 64

        alpha_in = alpha
        best, best_sq = -65, -1
        child_n = n - 1
        if hint >= 0 and hint_first:
            # The table's best move first, before the others are even generated: at a
            # cut node it often refutes alone, and the other moves' ordering is saved.
            f = flips(p, o, hint)
            if f:
                best = -deep(o ^ f, p | f | 1 << hint, -beta, -alpha, child_n, False)
                best_sq = hint
                if best >= beta:
                    if len(table) >= size:
                        table.clear()
                    table[key] = (max(lower, best), upper, hint)
                    return best
                if best > alpha:
                    alpha = best

        empty = FULL ^ (p | o)
        moves = []
        packed_p = packed_o = 0  # the children one a lane, for one packed mobility
        shift = 0
        bits = empty
        while bits:
            low = bits & -bits
            sq = low.bit_length() - 1
            bits ^= low
            if o & neighbour[sq]:
                f = flips(p, o, sq)
                if f:
                    if sq == hint and best_sq >= 0:
                        continue  # searched already
                    cp, co = o ^ f, p | f | low
                    moves.append((sq, cp, co))
                    packed_p |= cp << shift
                    packed_o |= co << shift
                    shift += lane_bits
        children = []
        if len(moves) > 1:
            # Fastest-first: every child's replies from one packed mobility, with the
            # corners copied into each lane's guard so that they count twice.
            replies = mobility(packed_p, packed_o, full_lanes[len(moves)])
            replies |= (replies & corner_lanes) << 64
            shift = 0
            for sq, cp, co in moves:
                if sq == hint:
                    rank = -1000
                else:
                    rank = (replies >> shift & lane_mask).bit_count()
                    if n >= order_search_empties:
                        rank = rank * order_weight - _worst_reply(
                            cp, co, replies >> shift & FULL)
                children.append((rank, sq, cp, co))
                shift += lane_bits
        elif moves:
            sq, cp, co = moves[0]
            children.append((0, sq, cp, co))
        if not children and best_sq < 0:
            if passed:
                value = final_score(p, o)
                table[key] = (value, value, -1)
                return value
            return -deep(o, p, -beta, -alpha, n, True)
        if n >= etc_empties:
            # A child already known to be bad enough for the opponent cuts at once.
            child_table = far if n - 1 >= far_empties else near
            for _, sq, cp, co in children:
                known = child_table.get(cp | co << 64)
                if known is not None and -known[1] >= beta:
                    value = -known[1]
                    if len(table) >= size:
                        table.clear()
                    table[key] = (max(lower, value), upper, sq)
                    return value
        children.sort()

        for index, (_, sq, cp, co) in enumerate(children):
            if index == 0 and best_sq < 0:
                value = -deep(cp, co, -beta, -alpha, child_n, False)
            else:
                value = -deep(cp, co, -alpha - 1, -alpha, child_n, False)
                if alpha < value < beta:
                    value = -deep(cp, co, -beta, -value, child_n, False)
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    if value >= beta:
                        break
                    alpha = value

        if best <= alpha_in:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        if len(table) >= size:
            table.clear()
        table[key] = (lower, upper, best_sq)
        return best

    def node(p: int, o: int, alpha: int, beta: int, n: int, passed: bool) -> int:
        """Exact-within-window value of ``(p, o)`` with ``n`` empties (``passed``: the
        previous move was a pass). Fail-soft: a value ``<= alpha`` is an upper bound,
        ``>= beta`` a lower bound, anything between is exact."""
        before = count
        try:
            return deep(p, o, alpha, beta, n, passed)
        finally:
            owner.nodes += count - before

    return node


__all__ = ["OthelloSolver", "final_score", "search_score"]
