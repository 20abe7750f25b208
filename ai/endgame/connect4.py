"""Exact Connect-4: the game-theoretic value of a position, in Pascal Pons' convention.

Score convention
================

Pons' convention (http://blog.gamesolver.org), generalised to every board size:

* ``0``: a draw with best play;
* ``+s``: the side to move wins, and ``s`` is larger the sooner it wins:
  ``s = STONES + 1 - n`` where ``n`` is the number of stones the winner has played
  when it completes its line (the winning stone included) and ``STONES =
  ceil(width * height / 2)`` is the most stones the first player can ever play;
* ``-s``: the side to move loses, ``s`` measured the same way for the opponent.

On the standard 7x6 board ``STONES = 21``, so the scores run from -21 to +21 and
the empty board is worth ``+1`` (the first player wins with its last, 21st, stone).
A win with the very next stone from a position with ``m`` stones on the board is
worth ``STONES - m // 2``; ``score_to_plies`` turns any score into the number of
plies until the winning move, and ``Solution.search_score`` is ``WIN - plies``.

>>> from game.rules import new_game
>>> game = new_game("connect4"); game.play_moves("2252576253462244111563365343671351441")
>>> solution = Connect4Solver().solve(game)    # Pons' Test_L3_R1, first line
>>> solution.score, [game.move_name(m) for m in solution.best_moves]
(-1, ['6'])

How it is solved
================

A null-window negamax over the raw bitboards (``current``, ``mask``; the rules'
``push``/``pop`` are not used: two ints per node are cheaper than a game object),
with Pons' techniques written for any width, height and line length:

* **Non-losing moves only.** A node first looks at the opponent's winning cells: a
  playable one must be blocked (two: the node is lost), and a cell directly below
  one of them is never played (it would hand the opponent the cell above).
* **Score bounds from the stone count.** Nobody can win sooner than the next stones
  allow, so ``[alpha, beta]`` is narrowed to what is still possible before searching.
* **Transposition table** keyed by ``key() = current + mask`` (unique per position),
  holding an upper or a lower bound; it survives between solves of one board size.
  It has two generations of at most ``tt_entries / 2`` entries each: when the new
  one is full (checked every ``POLL_EVERY`` nodes, so memory stays bounded even in a
  long solve) the old one is dropped and the full one becomes the old, still read
  on a miss. A single table cleared when full forgot everything at once (at 2^18
  entries a proof of 32 empty cells took 1.53 M nodes to its class, two generations
  in the same memory 1.36 M, a table that never fills 1.02 M: ``ai/TUNING.md``).
* **Enhanced transposition cutoff**: before ordering its moves (which costs a
  winning-cells call each), a node looks its children up in the table: one already
  known to be worth at most ``-beta`` cuts the node at once, one known to be worth
  at least ``-alpha`` (it cannot raise alpha) is left out (together a quarter fewer
  nodes on the proofs of ``ai/TUNING.md``).
* **Kill-only nodes**: when every child's own score floor already reaches its beta,
  only a move that leaves the opponent lost at once (two cells to block, or no safe
  move) can matter; the node looks for one without calling its children.
* **Ordering** by the number of winning cells a move creates, centre columns first
  among equals. Every child's winning cells come from one call of the winning-cells
  function on all the children side by side in one long int (``BoardBits.
  children_winning_cells``): a fifth fewer CPU seconds than one call per child.
* **Iterative narrowing** of the root window with null-window probes (``solve``
  tests ``score > med`` for a middle value ``med`` moved towards 0, where most
  probes are cheap), until the lower and upper bounds meet.
* **The result class first** (``prove``, what a player needs): null windows around
  0 settle win, draw or loss (a win test per root move, then a draw test), and only
  a won or lost position goes on to its exact score (the fastest win, the slowest
  loss), narrowing only the moves that beat the best so far. A drawn position needs
  no more, and most moves need one probe instead of a full narrowing: 2-7 times
  fewer nodes than ``solve``'s every-move scores on the positions of ``ai/TUNING.md``.

Each probe's recursion starts from a frame sized to take a fresh chunk of CPython's
frame stack, so the search never maps and unmaps chunks at a depth it keeps
crossing (``_compile_fresh_stack_chunk``).

The winning-cells function (Pons' ``compute_winning_position``) is generated per
board variant with the shifts as literal constants: CPython then runs one straight
line of shifts and ands per call, with no loop and no look-ups (``BoardBits``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ai.evaluators.base import WIN, ExactSolver, Solution
from game.rules.base import Game, Move

__all__ = ["BoardBits", "Connect4Solver", "board_bits", "score_to_plies"]

TT_ENTRIES = 1 << 20
"""Default size of the solver's table: two generations of half this each (about 75 MB
in CPython when both are full); the solve goes on, it only forgets the oldest."""

POLL_EVERY = 4096
"""Nodes between two calls of ``poll`` (a power of two: the test is one ``&``)."""

DEFAULT_MAX_EMPTY = 22
"""``applies`` on the standard board: at most this many empty cells, i.e. 20 stones
or more (a fraction of a second at worst, every root move scored)."""

DEFAULT_MAX_NODES = 150_000
"""The evaluator's solver gives up after this many nodes (about 0.5 s): the searcher's
levels without a time budget must not wait for an unlucky solve."""


class BoardBits:
    """The constants and the winning-cells function of one board variant.

    Bit ``column * (height + 1) + row`` is cell ``(column, row)``, row 0 at the
    bottom, exactly as in ``game.rules.connect4`` (whose module docstring draws it).

    Attributes:
        width, height, connect: the variant.
        stride: bits per column (``height + 1``).
        cells: playable cells (``width * height``).
        stones: ``ceil(cells / 2)``, the first player's stone count on a full board.
        bottom: the row-0 bit of every column.
        board: every playable cell.
        columns: ``columns[c]``: the cells of column ``c``.
        order: columns from the centre outwards (ties: the left one first).
        odd_rows: cells of rows 1, 3, 5, ... counted from 1 at the bottom (Allis'
            odd threats: the first player's strong rows).
        even_rows: cells of rows 2, 4, 6, ... (the second player's strong rows).
        winning_cells: ``winning_cells(stones, mask)``: the empty cells (not in
            ``mask``) that would complete a line of ``connect`` for ``stones``.
    """

    def __init__(self, width: int, height: int, connect: int) -> None:
        self.width, self.height, self.connect = width, height, connect
        stride = self.stride = height + 1
        self.cells = width * height
        self.stones = (self.cells + 1) // 2
        column = (1 << height) - 1
        self.columns = tuple(column << (c * stride) for c in range(width))
        self.bottom = sum(1 << (c * stride) for c in range(width))
        self.board = sum(self.columns)
        self.order = tuple(sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c)))
        odd_row = sum(1 << row for row in range(0, height, 2))  # rows 1, 3, ... from 1
        self.odd_rows = sum(odd_row << (c * stride) for c in range(width))
        self.even_rows = self.board ^ self.odd_rows
        self.winning_cells: Callable[[int, int], int] = _compile_winning_cells(
            stride, connect, self.board)
        # Every column's child at once (see ``children_winning_cells``): slot ``i``
        # holds the board after a stone in column ``order[i]``, ``slot`` bits apart,
        # enough that no shift of one slot's cells reaches another slot's board.
        self.slot = width * stride + (connect - 1) * (stride + 1) + 1
        self.spread = sum(1 << (i * self.slot) for i in range(width))
        self.slot_columns = sum(self.columns[c] << (i * self.slot)
                                for i, c in enumerate(self.order))
        self.winning_cells_packed: Callable[[int], int] = _compile_winning_cells(
            stride, connect, None)

    def children_winning_cells(self, cur: int, mask: int, playable: int) -> list[int]:
        """``winning_cells(cur | move, mask)`` for the move in each column of
        ``order`` (the playable cell of ``playable`` there; none: ``cur`` alone),
        from one call on all the children packed side by side in one int.

        The solver's nodes inline these few operations: one call on the packed
        boards costs about what one and a half calls on one board cost (2.0 against
        1.35 us on the standard board), against one call per child (``ai/TUNING.md``,
        session 7).
        """
        packed = self.winning_cells_packed(cur * self.spread
                                           | (playable * self.spread & self.slot_columns))
        free = self.board ^ mask
        return [(packed >> (i * self.slot)) & free for i in range(self.width)]

    def column_of(self, bit: int) -> int:
        """The column of a single-bit mask."""
        return (bit.bit_length() - 1) // self.stride

    def variant(self) -> tuple[int, int, int]:
        """``(width, height, connect)``."""
        return self.width, self.height, self.connect


@functools.lru_cache(maxsize=None)
def _bits(width: int, height: int, connect: int) -> BoardBits:
    return BoardBits(width, height, connect)


def board_bits(game: Game) -> BoardBits:
    """The (cached) ``BoardBits`` of ``game``'s variant."""
    return _bits(game.width, game.height, game.connect)  # type: ignore[attr-defined]


def _compile_winning_cells(stride: int, connect: int, board: int | None) -> Callable[..., int]:
    """Generate ``winning_cells(p, mask)`` for one variant (Pons' trick, any length);
    with ``board`` ``None``, ``winning_cells(p)`` without the final mask (the packed
    children of ``BoardBits.children_winning_cells``, masked when taken apart).

    A cell ``x`` wins for stones ``p`` in direction ``d`` when, for some split
    ``b + a = connect - 1``, the ``b`` cells before it (``x - d``, ``x - 2d``, ...)
    and the ``a`` cells after it are all stones. ``L_i = p << (i * d)`` has bit ``x``
    set when ``x - i*d`` is a stone, ``R_i = p >> (i * d)`` when ``x + i*d`` is, so
    split ``b`` is ``L_1 & ... & L_b & R_1 & ... & R_a``. The two outermost splits on
    each side share all but one factor, which saves operations::

        connect 4:  L1 L2 L3 | L1 L2 R1 | L1 R1 R2 | R1 R2 R3
                  = L1 L2 (L3 | R1) | R1 R2 (R3 | L1)

    Vertically only the cells below count (nothing stands above an empty cell). The
    generated source holds nothing but integer literals computed here.
    """
    need = connect - 1

    def product(op: str, count: int, d: int) -> str:
        """``L_1 & ... & L_count`` (or the ``R``s), ``L_1``/``R_1`` held in a local."""
        first = "L1" if op == "<<" else "R1"
        return " & ".join([first] + [f"(p {op} {i * d})" for i in range(2, count + 1)])

    # untranslated: generated code
    body = ["def winning_cells(p, mask):" if board is not None else "def winning_cells(p):",
            "    r = " + " & ".join(f"(p << {i})" for i in range(1, need + 1))]
    for d in (stride, stride + 1, stride - 1):  # right, up-right, down-right
        terms = [f"({product('<<', need - 1, d)} & ((p << {need * d}) | R1))",
                 f"({product('>>', need - 1, d)} & ((p >> {need * d}) | L1))"]
        terms += [f"({product('<<', b, d)} & {product('>>', need - b, d)})"
                  for b in range(2, need - 1)]
        body += [f"    L1 = p << {d}", f"    R1 = p >> {d}", "    r |= " + " | ".join(terms)]
    # untranslated: generated code
    body.append(f"    return r & ({board} ^ mask)" if board is not None else "    return r")
    source = "\n".join(body)
    namespace: dict[str, Any] = {}
    # untranslated: generated code (its file name)
    exec(compile(source, f"<connect4 winning cells {stride}/{connect}>", "exec"), namespace)
    function: Callable[..., int] = namespace["winning_cells"]
    return function


def score_to_plies(score: int, stones_on_board: int, bits: BoardBits) -> int | None:
    """Plies from the position to the winning move for a Pons score (``None``: a draw).

    >>> bits = board_bits(__import__("game.rules").rules.new_game("connect4"))
    >>> score_to_plies(21, 0, bits), score_to_plies(1, 0, bits), score_to_plies(-20, 1, bits)
    (1, 41, 2)
    """
    if score == 0:
        return None
    if score > 0:  # the mover's k-th stone from now wins: ply 2k - 1
        k = bits.stones + 1 - score - stones_on_board // 2
        return 2 * k - 1
    k = bits.stones + 1 + score - (stones_on_board + 1) // 2  # the opponent's k-th: ply 2k
    return 2 * k


class _GiveUp(Exception):
    """The node budget ran out: ``solve`` answers ``None`` and the search decides."""


class Connect4Solver(ExactSolver):
    """The exact value of a Connect-4 position (any variant), with every root move scored.

    Args:
        max_empty: ``applies`` only with at most this many empty cells on a board of
            the standard size; other sizes scale it (see ``applies``). ``None``: no
            limit (``plies solve``; a solve from an early position can take hours).
        max_nodes: give up (``solve`` returns ``None``) after about this many nodes;
            a safety net for the rare position that ``applies`` misjudges (the
            small, drawish variants with long lines). ``None``: never give up.
        tt_entries: the most entries the table keeps (about 75 bytes each), in two
            generations of half as many each.
    """

    def __init__(self, max_empty: int | None = None, max_nodes: int | None = None,
                 tt_entries: int = TT_ENTRIES) -> None:
        self.max_empty = max_empty
        self.max_nodes = max_nodes
        self.tt_entries = tt_entries
        self._tt: list[dict[int, int]] = [{}, {}]  # the new and the old generation
        self._tt_variant: tuple[int, int, int] | None = None

    def applies(self, game: Game, reach: int | None = None) -> bool:
        """Whether few enough cells are empty for a quick solve (``reach``: this
        many instead of ``max_empty``).

        Wider boards branch more, so the limit shrinks by one cell per column above
        seven (and grows by one per column below); lines longer than four make games
        last longer (more draws, later wins), which costs two cells per extra stone.
        """
        standard_limit = self.max_empty if reach is None else reach
        if standard_limit is None:
            return True
        bits = board_bits(game)
        empty: int = bits.cells - game.mask.bit_count()  # type: ignore[attr-defined]
        limit = standard_limit + 7 - bits.width - 2 * max(0, bits.connect - 4)
        return empty <= limit

    def search_score(self, game: Game, score: int) -> int:
        """A Pons score of the side to move in ``game`` as ``WIN - plies`` (0: a draw).

        Also right for ``move_scores``: they are the side to move's scores too.
        """
        stones_on_board = game.mask.bit_count()  # type: ignore[attr-defined]
        plies = score_to_plies(score, stones_on_board, board_bits(game))
        if plies is None:
            return 0
        return WIN - plies if score > 0 else -(WIN - plies)

    def solve(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None) -> Solution | None:
        """Every root move's exact score; ``game`` is not touched.

        Returns ``None`` only when ``max_nodes`` ran out (never with ``reach`` given:
        then ``poll`` alone limits the solve). Raises whatever ``poll`` raises (the
        search's stop); the table stays usable either way.
        """
        assert not game.is_over(), "solve() needs a running game"  # untranslated: developer error
        bits, engine = self._engine_for(game, poll, reach is None)
        try:
            return self._solve(game, bits, engine)
        except _GiveUp:
            return None

    def _engine_for(self, game: Game, poll: Callable[[], None],
                    budget: bool) -> tuple[BoardBits, _Engine]:
        """The board's constants and a negamax engine on this solver's table (emptied
        when the variant changes), its poll held to ``max_nodes`` when ``budget``."""
        bits = board_bits(game)
        if self._tt_variant != bits.variant():
            self._tt = [{}, {}]
            self._tt_variant = bits.variant()
        if self.max_nodes is not None and budget:
            poll = self._budgeted(poll)
        return bits, _Engine(bits, self._tt, poll, self.tt_entries)

    def _budgeted(self, poll: Callable[[], None]) -> Callable[[], None]:
        """``poll``, and give up once ``max_nodes`` are spent (checked at each poll)."""
        assert self.max_nodes is not None
        polls_left = max(1, self.max_nodes // POLL_EVERY)

        def budget_poll() -> None:
            nonlocal polls_left
            poll()
            polls_left -= 1
            if polls_left <= 0:
                raise _GiveUp

        return budget_poll

    def _solve(self, game: Game, bits: BoardBits, engine: _Engine) -> Solution:
        cur: int = game.current  # type: ignore[attr-defined]
        mask: int = game.mask  # type: ignore[attr-defined]
        moves = mask.bit_count()
        possible = (mask + bits.bottom) & bits.board
        value = engine.solve(cur, mask, moves)
        immediate = bits.winning_cells(cur, mask) & possible
        scores: dict[Move, int] = {}
        for column in bits.order:
            move = possible & bits.columns[column]
            if not move:
                continue
            if move & immediate:
                scores[column] = bits.stones - moves // 2
            else:
                # No move beats the position's value: each child is worth at least -value,
                # so its narrowing starts there (one probe proves a best move).
                scores[column] = -engine.solve(cur ^ mask, mask | move, moves + 1, -value)
        best = max(scores.values())
        best_moves = tuple(m for m, s in scores.items() if s == best)
        return Solution(best, self.search_score(game, best), best_moves, scores, engine.nodes)

    def prove(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None,
              settled: Callable[[Solution], None] | None = None,
              first: Move | None = None) -> Solution | None:
        """The exact value and one move achieving it, proving as little as that needs.

        First the result class (win, draw or loss), with null windows only: each root
        move in turn is tested for a win (``(0, 1)``; the first winning move ends this
        pass), and without one, for a draw (``(-1, 0)``; the first drawing move ends
        it). A ``[-1, 1]`` window on the first move cost more whenever that move was
        not the winning one (``ai/TUNING.md``). ``settled`` then gets that proof. Only a won or
        a lost position needs the exact score (the fastest win, the slowest loss):
        each remaining candidate is tested for beating the best exact score so far
        and narrowed only when it does. The moves not narrowed keep a bound
        (``Solution.move_bounds``). ``first``: a move to try first after the winning
        ones (a search's best guess: in a won position the first winning move ends the
        class pass). Same returns and stops as ``solve``.
        """
        # untranslated: developer error
        assert not game.is_over(), "prove() needs a running game"
        bits, engine = self._engine_for(game, poll, reach is None)
        try:
            return self._prove(game, bits, engine, settled, first)
        except _GiveUp:
            return None

    def _prove(self, game: Game, bits: BoardBits, engine: _Engine,
               settled: Callable[[Solution], None] | None, first: Move | None) -> Solution:
        cur: int = game.current  # type: ignore[attr-defined]
        mask: int = game.mask  # type: ignore[attr-defined]
        moves = mask.bit_count()
        children = _root_children(bits, cur, mask)
        children.sort(key=lambda child: (not child[2], child[0] != first))
        win_now = bits.stones - moves // 2
        latest_loss = -1  # the best a lost move can be worth: its class's upper edge
        scores: dict[Move, int] = {}
        bounds: dict[Move, int] = {}
        # Pass 1: the result class, by null windows only: first whether a move wins
        # (each move's (0, 1) test ends at the first win), then whether one draws.
        best_class, best_move = -1, children[0][0]
        for column, child_mask, immediate in children:
            if immediate:
                scores[column] = win_now
                best_class, best_move = 1, column
                break
            # This move's score is -child's: does it beat a draw?
            if -engine.bound(cur ^ mask, child_mask, moves + 1, -1, 0) > 0:
                scores[column], bounds[column] = 1, +1  # a win's lower bound
                best_class, best_move = 1, column
                break
            scores[column], bounds[column] = 0, -1  # at most a draw
        else:
            for column, child_mask, _ in children:
                if -engine.bound(cur ^ mask, child_mask, moves + 1, 0, 1) >= 0:
                    best_class, best_move = 0, column
                    break
                scores[column] = latest_loss
        if best_class == 0:
            bounds.pop(best_move, None)
            return Solution(0, 0, (best_move,), scores, engine.nodes, bounds)
        class_kept = Solution(scores[best_move], self.search_score(game, scores[best_move]),
                              (best_move,), dict(scores), engine.nodes, dict(bounds))
        if settled is not None:
            settled(class_kept)
        # Pass 2: the exact score among the moves that can still reach the class.
        best_score: int | None = None
        best_moves: list[Move] = []
        for column, child_mask, immediate in children:
            if best_score == win_now:
                break  # nothing beats winning with the next stone
            if best_class == 1 and scores.get(column, 1) <= 0:
                continue  # proven not to win
            if immediate:
                score = win_now
            elif best_score is None:
                score = -engine.solve(cur ^ mask, child_mask, moves + 1,
                                      high=-1 if best_class == 1 else None)
            else:
                result = -engine.bound(cur ^ mask, child_mask, moves + 1,
                                       -best_score - 1, -best_score)
                if result <= best_score:
                    scores[column], bounds[column] = best_score, -1
                    continue
                score = -engine.solve(cur ^ mask, child_mask, moves + 1,
                                      high=-best_score - 1)
            scores[column] = score
            bounds.pop(column, None)
            if best_score is None or score > best_score:
                best_score, best_moves = score, [column]
            elif score == best_score:
                best_moves.append(column)
        assert best_score is not None
        return Solution(best_score, self.search_score(game, best_score), tuple(best_moves),
                        scores, engine.nodes, bounds)

    def classes(self, game: Game, poll: Callable[[], None] = lambda: None) -> dict[Move, int]:
        """Every legal move's result class: ``1`` it wins, ``0`` it draws, ``-1`` it
        loses (one ``[-1, 1]`` window per move; no node cap, ``poll`` stops it)."""
        # untranslated: developer error
        assert not game.is_over(), "classes() needs a running game"
        bits, engine = self._engine_for(game, poll, budget=False)
        cur: int = game.current  # type: ignore[attr-defined]
        mask: int = game.mask  # type: ignore[attr-defined]
        moves = mask.bit_count()
        found: dict[Move, int] = {}
        for column, child_mask, immediate in _root_children(bits, cur, mask):
            result = 1 if immediate else -engine.bound(cur ^ mask, child_mask, moves + 1, -1, 1)
            found[column] = (result > 0) - (result < 0)
        return found


    def keepers(self, game: Game, poll: Callable[[], None] = lambda: None
                ) -> tuple[int, frozenset[Move]]:
        """The position's result class and the moves that keep it (no node cap).

        The same answer as ``classes`` (its best class and the moves of that class)
        with less work: the class is settled as ``prove`` settles it (each move only
        tested for beating the best so far), and then each undecided move needs one
        null window (does it reach the class?) instead of a ``[-1, 1]`` window.
        """
        # untranslated: developer error
        assert not game.is_over(), "keepers() needs a running game"
        bits, engine = self._engine_for(game, poll, budget=False)
        cur: int = game.current  # type: ignore[attr-defined]
        mask: int = game.mask  # type: ignore[attr-defined]
        moves = mask.bit_count()
        children = _root_children(bits, cur, mask)
        known: dict[Move, int] = {}  # a move's class, where a window settled it
        at_most: dict[Move, int] = {}  # else the best class it can still have
        best = -1
        for column, child_mask, immediate in children:
            if immediate:
                known[column] = best = 1
            elif best < 1:  # (past a win, pass 2 asks the only question left)
                # The move's score is -child's: does it beat the best class so far?
                result = -engine.bound(cur ^ mask, child_mask, moves + 1, -1, -best)
                if result > best:  # inside (-1, 1) exact, else a win's lower bound
                    known[column] = best = 1 if result >= 1 else 0
                elif best == -1:
                    known[column] = -1
                else:
                    at_most[column] = best
        keeping = set()
        for column, child_mask, _ in children:
            if column in known:
                if known[column] == best:
                    keeping.add(column)
            elif at_most.get(column, 1) < best:
                continue
            elif -engine.bound(cur ^ mask, child_mask, moves + 1, -best, -best + 1) >= best:
                keeping.add(column)
        return best, frozenset(keeping)


def _root_children(bits: BoardBits, cur: int, mask: int) -> list[tuple[Move, int, bool]]:
    """``(column, child mask, wins at once)`` per legal move: winning moves first,
    then centre first (the order the proofs try them in)."""
    possible = (mask + bits.bottom) & bits.board
    immediate = bits.winning_cells(cur, mask) & possible
    children = []
    for column in bits.order:
        move = possible & bits.columns[column]
        if move:
            children.append((column, mask | move, bool(move & immediate)))
    children.sort(key=lambda child: not child[2])
    return children


class _Engine:
    """One solve's negamax, with the variant's constants bound as closure locals."""

    def __init__(self, bits: BoardBits, tt: list[dict[int, int]], poll: Callable[[], None],
                 tt_entries: int) -> None:
        self._bits = bits
        negamax, self._count = _build_negamax(bits, tt, poll, tt_entries)
        self._negamax = functools.partial(_fresh_stack_chunk, negamax)

    @property
    def nodes(self) -> int:
        """Positions visited so far."""
        return self._count()

    def bound(self, cur: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Fail-hard score of any running position for the window ``(alpha, beta)``
        (the mover may win at once): exact inside the window, an upper bound at or
        below ``alpha``, a lower bound at or above ``beta``."""
        bits = self._bits
        if bits.winning_cells(cur, mask) & (mask + bits.bottom) & bits.board:
            return bits.stones - moves // 2
        if moves >= bits.cells - 1:  # one cell left and it does not win: a draw
            return 0
        return self._negamax(cur, mask, moves, bits.winning_cells(cur ^ mask, mask),
                             alpha, beta)

    def solve(self, cur: int, mask: int, moves: int, low: int | None = None,
              high: int | None = None) -> int:
        """Exact score of a running position (iterative narrowing of null windows).

        ``low`` and ``high``, when given, are known bounds of the score.
        """
        bits = self._bits
        if bits.winning_cells(cur, mask) & (mask + bits.bottom) & bits.board:
            return bits.stones - moves // 2
        if moves >= bits.cells - 1:  # one cell left and it does not win: a draw
            return 0
        threats = bits.winning_cells(cur ^ mask, mask)
        low = max(-(bits.stones - (moves + 1) // 2), -bits.stones if low is None else low)
        high = min(bits.stones - moves // 2 - 1, bits.stones if high is None else high)
        negamax = self._negamax
        while low < high:
            med = low + (high - low) // 2
            # Probes near 0 are the cheap ones: lean towards 0 while the bounds allow.
            if med <= 0 and low // 2 < med:
                med = low // 2
            elif med >= 0 and high // 2 > med:
                med = high // 2
            result = negamax(cur, mask, moves, threats, med, med + 1)
            if result <= med:
                high = result
            else:
                low = result
        return low


SPACER_LOCALS = 4200
"""Locals of the frame the solver's recursion starts from (``_fresh_stack_chunk``)."""


def _compile_fresh_stack_chunk() -> Callable[..., int]:
    """Generate ``_fresh_stack_chunk(negamax, *args)``: ``negamax(*args)`` called from
    a frame too big for what is left of CPython's frame stack chunk.

    CPython 3.11 keeps the frames of Python calls in chunks of 16 KiB, mapped
    (``mmap``) when a call does not fit in the current one and unmapped as soon as
    that call returns. A solve recurses once per stone, up to 40 frames of about 600
    bytes, so wherever a chunk ends the search crosses that depth back and forth: on
    the proof of ``4444455557`` (32 empty cells) 72,000 chunks were mapped and unmapped,
    0.6 s in the kernel beside 2.2 s of Python (``ai/TUNING.md``, session 7). This
    frame (``SPACER_LOCALS`` never-used locals, about 34 KiB) does not fit in a 16 or
    32 KiB chunk: it gets one of 64 KiB, and the whole recursion fits in the 30 KiB
    left after it. Where frames are kept otherwise it costs one call per probe.
    """
    names = " = ".join(f"_{i}" for i in range(SPACER_LOCALS))
    # untranslated: generated code (the source and its file name)
    source = ("def fresh_stack_chunk(negamax, *args):\n"
              "    if negamax is None:  # never: the names only size the frame\n"
              f"        {names} = None\n"
              "    return negamax(*args)\n")
    namespace: dict[str, Any] = {}
    exec(compile(source, "<connect4 fresh stack chunk>", "exec"),  # untranslated: generated code
         namespace)
    function: Callable[..., int] = namespace["fresh_stack_chunk"]
    return function


_fresh_stack_chunk = _compile_fresh_stack_chunk()


def _build_negamax(bits: BoardBits, generations: list[dict[int, int]],
                   poll: Callable[[], None], tt_entries: int
                   ) -> tuple[Callable[[int, int, int, int, int, int], int], Callable[[], int]]:
    """The recursive null-window search of one solve, and its node counter."""
    win = bits.winning_cells
    bottom, board, cells = bits.bottom, bits.board, bits.cells
    columns = tuple(bits.columns[c] for c in bits.order)
    indexed = tuple(enumerate(columns))
    last = len(columns) - 1
    packed_win, spread, slot_columns = bits.winning_cells_packed, bits.spread, bits.slot_columns
    shifts = tuple(i * bits.slot for i in range(bits.width))
    # A move's rank: (cells it wins << count_shift) | ranks[i] | its winning cells,
    # ranks[i] = (last - i) << cells_shift (centre first among equals) and the
    # winning cells below; column_at maps rank >> cells_shift (count included) back
    # to the column's cells (so no mask is needed to take the index out).
    cells_shift = board.bit_length()
    count_shift = cells_shift + last.bit_length()
    ranks = tuple((last - i) << cells_shift for i in range(last + 1))
    column_at = tuple(columns[last - (j & ((1 << last.bit_length()) - 1))]
                      for j in range((cells + 1) << last.bit_length()))
    # By the stone count m: the score when the opponent wins with its next stone,
    # and the best the side to move can still get when it cannot win at once.
    lost = tuple(-(bits.stones - (m + 1) // 2) for m in range(cells + 1))
    floor = tuple(s + 1 for s in lost)
    ceiling = tuple(bits.stones - m // 2 - 1 for m in range(cells + 1))
    tt = generations[0]
    tt_get, old_get = tt.get, generations[1].get
    generation_size = max(1, tt_entries // 2)
    nodes = 0
    poll_mask = POLL_EVERY - 1

    def negamax(cur: int, mask: int, moves: int, threats: int, alpha: int, beta: int) -> int:
        """Fail-hard negamax score of a position whose mover cannot win at once.

        ``threats`` are the opponent's winning cells (``winning_cells(cur ^ mask,
        mask)``: the parent computed them to order its moves). ``alpha < beta``; the
        result ``r`` is exact when ``alpha < r < beta``, an upper bound of the true
        score when ``r <= alpha`` and a lower bound when ``r >= beta``.
        """
        nonlocal nodes, tt, tt_get, old_get
        nodes += 1
        if not nodes & poll_mask:
            poll()
            if len(tt) > generation_size:
                generations[1], generations[0] = tt, {}
                tt = generations[0]
                tt_get, old_get = tt.get, generations[1].get
        possible = (mask + bottom) & board
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return lost[moves]  # two cells to block: the opponent wins next
            possible = forced
        playable = possible & ~(threats >> 1)
        if not playable:
            return lost[moves]
        if moves >= cells - 2:
            return 0  # the last two stones cannot win (non-losing checked above)

        low = floor[moves]
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = ceiling[moves]
        key = cur + mask
        stored = tt_get(key)
        if stored is None:
            stored = old_get(key)
        if stored is not None:
            if stored & 1:  # a lower bound
                if (stored >> 1) > low:
                    low = stored >> 1
                    if alpha < low:
                        alpha = low
                        if alpha >= beta:
                            return alpha
            elif (stored >> 1) < high:
                high = stored >> 1
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta

        child_cur = cur ^ mask
        child_moves = moves + 1
        if floor[child_moves] >= -alpha and child_moves < cells - 2:
            # Every child's own floor is already at least its beta (-alpha), so a
            # child can only matter by being lost at once: look for a move that
            # leaves the opponent two cells to block or no safe move, without calls.
            for column in columns:
                move = playable & column
                if move:
                    mine = win(cur | move, mask)
                    reply = ((mask | move) + bottom) & board
                    forced = reply & mine
                    if forced:
                        if forced & (forced - 1):
                            break
                        reply = forced
                    if not reply & ~(mine >> 1):
                        break
            else:
                tt[key] = alpha << 1
                return alpha
            tt[key] = (-lost[child_moves] << 1) | 1  # the opponent is lost at once
            return -lost[child_moves]
        if playable & (playable - 1):
            # Enhanced transposition cutoff: a child the table already holds at most
            # -beta is worth at least beta to this node, and nothing needs searching;
            # one held at least -alpha cannot raise alpha, and is not searched.
            # (Checked before the ordering below, which costs far more than lookups.)
            child_base = child_cur + mask  # + move: a child's key (move is not in mask)
            cut, useless = -beta, -alpha
            moves_here = []
            for i, column in indexed:
                move = playable & column
                if move:
                    stored = tt_get(child_base + move)
                    if stored is not None:
                        if not stored & 1:
                            if (stored >> 1) <= cut:
                                tt[key] = (-(stored >> 1) << 1) | 1
                                return -(stored >> 1)
                        elif (stored >> 1) >= useless:
                            continue
                    moves_here.append(i)
            # Order: most winning cells created first, centre first among equals. A
            # move's winning cells (``mine``) are exactly its child's ``threats``; the
            # rank packs (count, centre first, mine) in one int, so one sort orders
            # them and the child's threats come back out of it.
            if len(moves_here) > 1:
                # All children's winning cells from one call on the packed children
                # (BoardBits.children_winning_cells, inlined).
                packed = packed_win(cur * spread | (playable * spread & slot_columns))
                free = board ^ mask
                ranked = []
                for i in moves_here:
                    mine = (packed >> shifts[i]) & free
                    ranked.append((mine.bit_count() << count_shift) | ranks[i] | mine)
                ranked.sort(reverse=True)
            elif moves_here:
                i = moves_here[0]
                ranked = [ranks[i] | win(cur | (playable & columns[i]), mask)]
            else:
                ranked = moves_here
            for r in ranked:
                score = -negamax(child_cur, mask | (playable & column_at[r >> cells_shift]),
                                 child_moves, r & board, -beta, -alpha)
                if score >= beta:
                    tt[key] = (score << 1) | 1
                    return score
                if score > alpha:
                    alpha = score
        else:
            alpha = -negamax(child_cur, mask | playable, child_moves,
                             win(cur | playable, mask), -beta, -alpha)
            if alpha >= beta:
                tt[key] = (alpha << 1) | 1
                return alpha
        tt[key] = alpha << 1
        return alpha

    def count() -> int:
        return nodes

    return negamax, count
