"""Gomoku victory by continuous fours (VCF): a threat-space search for a forced win.

The attacker plays only moves that make a four, so the defender's reply is forced
(block the five, or lose at once); the attacker wins when a move leaves two cells
that complete a five (an open four, or two fours) while the defender has no five of
its own, or completes a five. Such a line is a *proof*: the defender never had a
choice. Finding none proves nothing (a win by threes may still exist), so ``solve``
then returns ``None`` and the ordinary search decides.

The rules of the search:

* attacker to move: a five-point wins at once; if the defender has a five-point the
  attacker must block it, and the line goes on only if that block is itself a four;
  if the defender has two, the line fails;
* an attacker move that leaves two or more five-points wins (the defender blocks
  one, the attacker completes the other);
* otherwise the single five-point is the defender's forced reply, which may give the
  defender a four in turn (handled by the first rule at the next attacker move).

Under renju Black attacks only with moves that are not forbidden (``LineBoard``
leaves Black's forbidden points out of its four-making cells), and a White four
whose five-point is forbidden for Black wins at once: Black cannot block it. Such a
line shows the five-point twice (Black's "reply" there stands for any move).

Iterative deepening on the number of fours finds the shortest VCF first (and stops
early when a pass saw the whole threat space without reaching its depth limit). A
table of failed positions, ``(position, attacker, rule) -> fours searched`` (or
"every depth" when nothing below was cut), persists between solves. ``poll`` is
called every ``POLL_NODES`` nodes and may raise to stop; the board is restored.

Two caps: ``max_fours`` (12 by default: long enough for the VCFs of real games) and
``max_nodes`` (200 000, some seconds; the searcher's time budget usually stops a
solve long before through ``poll``). Giving up returns ``None``.

Patterns come from ``ai.gomoku_lines``' ``LineBoard`` (the exact five-points of
the rule, overlines excluded under ``standard``).

The shortest case, an open three (the open four is the only "four" needed):

>>> from game.rules import new_game
>>> game = new_game("gomoku", size=9)
>>> game.play_moves("e5 a9 f5 a8 g5 a7")    # Black has an open three and moves
>>> [game.move_name(m) for m in VcfSolver().find(game)]   # open four, block, five
['d5', 'c5', 'h5']
>>> VcfSolver().solve(game).score                            # plies to the five
3

Longer lines (three fours and more) are in ``tests/ai/test_gomoku_ai.py``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ai.evaluators.base import WIN, ExactSolver, Solution
from ai import gomoku_budgets
from ai.endgame.gomoku_vct import VctTable, deepen, find_vct
from ai.gomoku_lines import RULE_EXACT, LineBoard, LineTables, Weights
from game.rules.base import Game, Move
from game.rules.memo import TwoGenerations

__all__ = ["VcfSolver", "find_vcf"]

POLL_NODES = 1024
"""Nodes between two calls of ``poll``."""

_ATTACKER_KEY = (0, 0x5BD1E9955BD1E995)
"""XORed into the position key for the failed-positions table (White attacking)."""
_RULE_KEYS = {"freestyle": 0, "standard": 0x2545F4914F6CDD1D, "renju": 0x61C8864680B583EB}
"""XORed in per rule: the same stones may win under one rule only."""


_EXHAUSTED = 1 << 30
"""Failed-table depth of a position whose whole threat space was searched."""


class _OutOfNodes(Exception):
    """The node budget ran out: the answer is "not found", not "none exists"."""


class _Search:
    """One VCF search: counters, budget and the failed-positions table."""

    __slots__ = ("board", "attacker", "nodes", "budget", "poll", "next_poll", "failed",
                 "cut", "salt")

    def __init__(self, board: LineBoard, attacker: int, budget: int | None,
                 poll: Callable[[], None] | None, failed: TwoGenerations[int, int]) -> None:
        self.board = board
        self.attacker = attacker
        self.nodes = 0
        self.budget = budget
        self.poll = poll
        self.next_poll = POLL_NODES
        self.failed = failed
        self.cut = False
        self.salt = _ATTACKER_KEY[attacker] ^ _RULE_KEYS[board.tables.rule]

    def run(self, fours: int) -> list[Move] | None:
        """A VCF with at most ``fours`` fours from the attacker's move, else ``None``."""
        board, a = self.board, self.attacker
        d = 1 - a
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _OutOfNodes
        if self.poll is not None and self.nodes >= self.next_poll:
            self.next_poll = self.nodes + POLL_NODES
            self.poll()
        hot_a = board.hot[a]
        if not hot_a:
            return None
        wins = board.five_points(a)
        if wins:
            return [min(wins)]
        threats = board.five_points(d) if board.hot[d] else ()
        if threats:
            if len(threats) >= 2:
                return None
            (block,) = threats
            if block not in board.four_moves(a):
                return None
            moves: list[int] | set[int] = [block]
        else:
            opens = board.open_four_moves(a)
            if opens:
                move = min(opens)
                board.place(move, a)
                first, second = sorted(board.five_points(a))[:2]
                board.remove(move, a)
                return [move, first, second]
            moves = board.four_moves(a)
            if not moves:
                return None
        if fours <= 0:
            self.cut = True
            return None
        key = board.key ^ self.salt
        known = self.failed.get(key, -1)
        if known < 0:
            known = self.failed.recall(key, -1)
        if known >= fours:
            if known < _EXHAUSTED:
                self.cut = True  # that failure was itself cut short somewhere
            return None
        cut_above, self.cut = self.cut, False
        value = board.order_value
        for move in sorted(moves, key=lambda m: (-value(m, a), m)):
            board.place(move, a)
            points = board.five_points(a)
            if len(points) >= 2:
                board.remove(move, a)
                first, second = sorted(points)[:2]
                return [move, first, second]
            (reply,) = points
            if not d and board.renju and board.forbidden(reply):
                # Renju: Black may not take the point; whatever Black plays, White's
                # five follows (the reply is written as that point).
                board.remove(move, a)
                return [move, reply, reply]
            board.place(reply, d)
            try:
                line = self.run(fours - 1)
            finally:
                board.remove(reply, d)
                board.remove(move, a)
            if line is not None:
                return [move, reply, *line]
        # A failure that never hit the depth limit holds at every depth.
        self.failed[key] = fours if self.cut else _EXHAUSTED
        self.cut = self.cut or cut_above
        return None


def find_vcf(board: LineBoard, attacker: int, max_fours: int, budget: int | None = None,
             poll: Callable[[], None] | None = None,
             failed: TwoGenerations[int, int] | None = None,
             counter: list[int] | None = None) -> list[Move] | None:
    """The shortest VCF of ``attacker`` on ``board`` (whoever is to move), or ``None``.

    Returns the line from the attacker's first move to its five, defender's forced
    replies included (odd length: ``2 * fours + 1``). ``board`` is left unchanged.

    Args:
        board: the position (``LineBoard`` of the evaluator module).
        attacker: 0 (Black) or 1 (White); the search pretends it is to move.
        max_fours: the longest line searched, in attacker's fours.
        budget: stop with ``None`` after this many nodes (``None``: no limit).
        poll: called every ``POLL_NODES`` nodes; may raise to stop the search.
        failed: the failed-positions table to use and fill (a fresh one if ``None``).
        counter: when given, ``counter[0]`` is increased by the nodes visited.
    """
    if failed is None:
        failed = TwoGenerations(ONE_SEARCH_FAILED_ENTRIES)
    search = _Search(board, attacker, budget, poll, failed)
    return deepen(search, search.run, range(0, max_fours + 1), _OutOfNodes, counter)


FAILED_ENTRIES = 1 << 16
"""Positions remembered as having no VCF (about 100 bytes each; two generations, so a
long session stays within a few MB)."""
ONE_SEARCH_FAILED_ENTRIES = 1 << 20
"""The bound of a failed-positions table made for one ``find_vcf`` call."""


VCT_TABLE_ENTRIES = 1 << 15
"""Positions a VCT table holds per kind before it is replaced (``gomoku_vct`` clears
each kind itself at this size too)."""


class VcfSolver(ExactSolver):
    """Proves a win by continuous fours for the side to move (``solve`` -> ``Solution``).

    Args:
        max_fours: the longest VCF looked for (attacker's fours).
        max_nodes: give up (``None``) after this many nodes; ``None``: only ``poll``
            stops the search.
        tables: ``{rule name: LineTables}`` to share with an evaluator (the solver
            only reads the threat cells, which do not depend on the weights).

    ``score`` of a solution is the number of plies to the five (odd), and
    ``search_score`` is ``WIN - plies``; ``best_moves`` holds the line's first move.
    ``solve_threats`` goes further, to wins by threes and fours (VCT, up to
    ``max_threats`` threat moves), for the top levels.
    """

    def __init__(self, max_fours: int | None = None, max_nodes: int | None = 200_000,
                 tables: dict[str, LineTables] | None = None,
                 max_threats: int | None = None) -> None:
        budgets = gomoku_budgets.BUDGETS
        self.max_fours = budgets.max_fours if max_fours is None else max_fours
        self.max_threats = budgets.max_threats if max_threats is None else max_threats
        self.max_nodes = max_nodes
        self._tables = tables or {rule: LineTables(Weights(), rule)
                                  for rule in RULE_EXACT}
        # Position facts only, whoever found them: safe to share between threads.
        self._failed: TwoGenerations[int, int] = TwoGenerations(FAILED_ENTRIES)
        self._local = threading.local()  # one board per thread and variant
        # VCT tables per attacker (board keys do not hold the variant: the salt has the
        # rule, and a size change is a new game whose keys rarely meet the old ones).
        self._vct_tables: dict[int, VctTable] = {}

    def search_score(self, game: Game, score: int) -> int:
        """A VCF's score is the plies to the five: the search's ``WIN - plies``."""
        return WIN - score

    @property
    def last_line(self) -> list[Move] | None:
        """This thread's full line of the last ``find``/``solve`` (``None``: none found)."""
        return getattr(self._local, "line", None)

    def _board_for(self, game: Game) -> LineBoard:
        variant = (game.size, game.rule)  # type: ignore[attr-defined]
        boards = getattr(self._local, "boards", None)
        if boards is None:
            boards = self._local.boards = {}
        board = boards.get(variant)
        if board is None:
            tables = self._tables[variant[1]]
            board = boards[variant] = LineBoard(tables, variant[0])
        board.sync(game.stones)  # type: ignore[attr-defined]
        return board

    def applies(self, game: Game, reach: int | None = None) -> bool:
        """The side to move has a five-point or a four-making move (cheap; ``reach``
        is ignored: a threat search does not count empty cells)."""
        if game.name != "gomoku" or game.outcome() is not None:
            return False
        return bool(self._board_for(game).hot[game.turn])

    def find(self, game: Game, poll: Callable[[], None] | None = None,
             counter: list[int] | None = None) -> list[Move] | None:
        """The shortest VCF of the side to move (its whole line), or ``None``."""
        if game.outcome() is not None:
            return None
        board = self._board_for(game)
        line = find_vcf(board, game.turn, self.max_fours, self.max_nodes, poll,
                        self._failed, counter)
        self._local.line = line
        return line

    def solve(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None) -> Solution | None:
        """A ``Solution`` when the side to move wins by continuous fours, else ``None``
        (``reach`` is ignored; the threat search keeps its own caps)."""
        counter = [0]
        line = self.find(game, poll, counter)
        if line is None:
            return None
        plies = len(line)
        return Solution(plies, WIN - plies, (line[0],), {line[0]: plies}, counter[0])

    def find_threats(self, game: Game, poll: Callable[[], None] | None = None,
                     counter: list[int] | None = None, deadline: float | None = None, *,
                     budget: int | None) -> tuple[int, list[Move]] | None:
        """The side to move's shortest victory by continuous threats (fours and threes,
        ``ai.endgame.gomoku_vct``) as ``(plies, line)``, or ``None`` (none within
        ``max_threats``, or ``budget`` nodes / the ``deadline`` ran out first)."""
        if game.outcome() is not None:
            return None
        board = self._board_for(game)
        table = self._vct_tables.get(game.turn)
        if table is None or len(table) > 2 * VCT_TABLE_ENTRIES:
            table = self._vct_tables[game.turn] = VctTable()
        found = find_vct(board, game.turn, self.max_threats, budget, poll, table, counter,
                         deadline)
        self._local.line = None if found is None else found[1]
        return found

    def solve_threats(self, game: Game, poll: Callable[[], None] = lambda: None,
                      deadline: float | None = None) -> Solution | None:
        """A ``Solution`` when the side to move wins by continuous threats (``score``:
        plies to the five against the longest defence), else ``None``."""
        counter = [0]
        found = self.find_threats(game, poll, counter, deadline,
                                  budget=gomoku_budgets.BUDGETS.vct_nodes)
        if found is None:
            return None
        plies, line = found
        return Solution(plies, WIN - plies, (line[0],), {line[0]: plies}, counter[0])
