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

import threading
import time
from collections.abc import Callable, Iterable

from ai import gomoku_budgets
from ai.evaluators.base import WIN_THRESHOLD, Evaluator, SearchHints
from ai.gomoku_lines import (  # the line tables and their weights, shared with the solvers
    E_COUNTS,
    E_ORDER,
    PATTERN_TERMS,
    RULE_EXACT,
    LineBoard,
    LineTables,
    Weights,
    rule_name,
    window_classes,
)
from game.rules.base import Game, Move
from game.rules.memo import TwoGenerations

__all__ = [  # untranslated: the module's names
    "PATTERN_TERMS", "PRESETS", "GomokuEvaluator", "LineBoard", "LineTables", "Weights",
    "build", "window_classes",
]


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


# --- the evaluator ---------------------------------------------------------------------

CROWDED = 40
"""From this many stones on, quiet candidates come from one cell around the stones
(plus every four-making cell), not two."""

FORCED_BLOCKS = 4
"""At a leaf, forced blocks of a four played before judging (a tiny quiescence)."""

_HEURISTIC_LIMIT = WIN_THRESHOLD
"""Static scores stay strictly inside this (the ``Evaluator.evaluate`` contract)."""

CACHE_ENTRIES = 1 << 15
"""Candidate lists and static scores remembered per board (two generations of half this
each, ``game.rules.memo``): a few hundred bytes an entry, so about 10 MB per board and
thread when full."""

_BoardState = tuple[LineBoard, TwoGenerations[int, int], TwoGenerations[int, list[Move]]]
"""A board's line state, its static scores and its candidate lists, by position key."""


class _ThreadState(threading.local):
    """One board (and its caches) per thread and variant: searches may run in parallel."""

    def __init__(self) -> None:
        self.boards: dict[tuple[int, str], _BoardState] = {}


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
            self.solver = VcfSolver(max_fours=weights.vcf_fours, max_nodes=gomoku_budgets.BUDGETS.solver_nodes,
                                    tables=self._tables)
            self._find_vcf: Callable[..., list[Move] | None] | None = find_vcf
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

    def _state(self, game: Game) -> _BoardState:
        variant = (game.size, game.rule)  # type: ignore[attr-defined]
        boards = self._local.boards
        state = boards.get(variant)
        if state is None:
            board = LineBoard(self._tables[variant[1]], variant[0])
            state = boards[variant] = (board, TwoGenerations(CACHE_ENTRIES),
                                       TwoGenerations(CACHE_ENTRIES))
        state[0].sync(game.stones)  # type: ignore[attr-defined]
        return state

    # --- static evaluation ---------------------------------------------------------

    def evaluate(self, game: Game) -> int:
        """Patterns of the side to move minus the opponent's, or a near-win at the horizon."""
        board, scores, _ = self._state(game)
        mover = game.turn
        key = board.key ^ mover
        found = scores.get(key)
        if found is None:
            found = scores.recall(key)
        if found is not None:
            return found
        value = self._static(board, mover)
        if not -_HEURISTIC_LIMIT < value < _HEURISTIC_LIMIT:  # extreme custom weights
            value = _HEURISTIC_LIMIT - 1 if value > 0 else 1 - _HEURISTIC_LIMIT
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
                    parts["five next move"] = win  # untranslated: term key (ai.explain.why.term_name translates it)
                return win
            blocks = board.five_points(other) if board.hot[other] else ()
            if len(blocks) >= 2 or (blocks and board.renju and not mover
                                    and board.forbidden(min(blocks))):
                # Two fives to stop, or (renju) one that Black may not stop.
                if parts is not None:
                    parts["opponent's two fives"] = -win + 2  # untranslated: term key (ai.explain.why.term_name translates it)
                return -win + 2
            if not blocks:
                if board.hot[mover] and board.open_four_moves(mover, True):
                    if parts is not None:
                        parts["open four next move"] = win - 2  # untranslated: term key (ai.explain.why.term_name translates it)
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
                parts["Black's forbidden points"] = correction  # untranslated: term key (ai.explain.why.term_name translates it)
            return int(board.score[mover] + correction)
        return int(board.score[mover])

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
            found = lists.recall(key)
        if found is None:
            found = self._candidates(game, board, mover)
            if board.renju and not mover:
                found = self._allowed(game, board, found)
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

    def _ordered(self, board: LineBoard, cells: Iterable[Move], mover: int) -> list[Move]:
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
        ``gomoku_budgets.BUDGETS.defence_nodes`` bound it) the defence against the opponent's victory
        by continuous threats (``_threat_defence``): the top levels."""
        moves = self._vcf_root_moves(game, poll)
        if threats and self.solver is not None and len(moves) > 1:
            seconds = None if threats is True else float(threats)
            moves = self._threat_defence(game, moves, poll, seconds)
        return moves

    def threat_probe(self, game: Game) -> int | None:
        """The side to move's VCT within ``gomoku_budgets.BUDGETS.probe_nodes`` nodes (the solver's
        tables, kept between calls), as plies to the five, or ``None``."""
        if self.solver is None:
            return None
        found = self.solver.find_threats(game, budget=gomoku_budgets.BUDGETS.probe_nodes)  # type: ignore[attr-defined]
        return None if found is None else found[0]

    def refuted(self, game: Game, move: Move, poll: Callable[[], None] | None = None,
                deadline: float | None = None) -> bool:
        """The opponent's VCT after ``move`` within ``gomoku_budgets.BUDGETS.verify_nodes`` nodes (the
        root defence shares its budget among all moves; this is the chosen one's)."""
        from ai.endgame.gomoku_vct import VctTable, find_vct

        if self.solver is None:
            return False
        board = self.board(game)
        mover, other = game.turn, 1 - game.turn
        board.place(move, mover)
        try:
            found = find_vct(board, other, self.solver.max_threats,  # type: ignore[attr-defined]
                             gomoku_budgets.BUDGETS.verify_nodes, poll, VctTable(), None, deadline)
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
        threat search sees). The searches share ``gomoku_budgets.BUDGETS.defence_nodes`` nodes (a
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
        found = find_vct(board, other, depth, gomoku_budgets.BUDGETS.defence_nodes, poll, table, spent, deadline)
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
        first = min(max(gomoku_budgets.BUDGETS.defence_nodes // len(pool), 500), gomoku_budgets.BUDGETS.first_share)
        for share in (first, 4 * first, 16 * first, gomoku_budgets.BUDGETS.defence_nodes):
            still = []
            for cell in unknown:
                left = min(share, gomoku_budgets.BUDGETS.defence_nodes - spent[0])
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

        All the VCF searches of one call share ``gomoku_budgets.BUDGETS.solver_nodes`` nodes: a level without
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
        from ai.endgame.gomoku import ONE_SEARCH_FAILED_ENTRIES

        find, fours = self._find_vcf, self.weights.vcf_fours
        failed: TwoGenerations[int, int] = TwoGenerations(ONE_SEARCH_FAILED_ENTRIES)
        spent = [0]
        line = find(board, other, fours, gomoku_budgets.BUDGETS.solver_nodes, poll, failed, spent)
        if not line:
            return moves
        pool = set(moves) | set(line)
        if board.hot[mover]:
            pool |= board.four_moves(mover)
        safe = []
        unchecked = []
        for cell in self._ordered(board, pool, mover):
            if spent[0] >= gomoku_budgets.BUDGETS.solver_nodes:
                unchecked.append(cell)
                continue
            board.place(cell, mover)
            try:
                if not find(board, other, fours, gomoku_budgets.BUDGETS.solver_nodes - spent[0], poll, failed, spent):
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
        assert self._find_vcf is not None  # the caller checks that the VCF search is on
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
