"""Gomoku victory by continuous threats (VCT): fours *and* threes, a forced-win proof.

``ai.endgame.gomoku`` proves wins by fours only (every defender reply forced). Here
the attacker may also play a **three** (open or split: a move after which it has a
cell making an open four), and the defender then has a real choice, so the proof is
a tree, not a line:

* attacker to move: a five-point wins; a defender's five-point must be blocked (two:
  the line fails), and the block must itself be a threat; an open-four move wins in
  three plies; otherwise the attacker tries each of its **threat moves** (the cells
  making a four, and those making an open or split three, from the shared line
  tables: ``LineBoard.four_moves`` / ``three_moves``);
* after a four, the defender's block is forced (as in the VCF);
* after a three, the defender may play any cell that leaves the attacker no
  open-four move (the *defending cells*: the open-four cells and their five-points,
  tried one by one) or any of its own fours (a counter-threat: the attacker blocks,
  and the defender moves again while the three still stands). Every one of them must
  lose for the attacker's move to count. A move outside that set loses at once: the
  attacker makes an open four, and only a five could save the defender, which it has
  not got (it would be a four, and fours are in the set).

A win's length is the *longest* defence (the defender delays): ``plies`` counts from
the attacker's first move to its five. ``max_threats`` bounds the attacker's moves
(iterative deepening finds short wins first; a pass that was never cut proves there
is none at any length). A table, bounded like the VCF's, remembers proven and failed
attacker-to-move positions between calls.

Renju: Black's threat moves leave out its forbidden points (``four_moves`` and
``three_moves`` do, and ``open_four_moves`` does for the open four), a three whose
open-four cells are all forbidden is no threat (it has no open-four move), and a
White four whose only block is forbidden for Black wins at once.

Cost: pure Python, roughly 10-30 thousand nodes a second on the 2-core machine;
``budget`` (nodes), ``deadline`` (``time.perf_counter()``) and ``poll`` (every
``POLL_NODES`` nodes, may raise to cancel) bound it. Running out of nodes or time
means "not found"; the board is always left as it was.

The shortest VCT that is not a VCF, a double three (9x9, Black to move):

>>> from ai.evaluators.gomoku import PRESETS
>>> from ai.gomoku_lines import LineBoard, LineTables
>>> from game.rules import new_game
>>> game = new_game("gomoku", size=9)
>>> game.play_moves("d5 a1 e5 a9 f3 i1 f4 i9")
>>> board = LineBoard.of(LineTables(PRESETS["default"], "freestyle"), game)
>>> plies, line = find_vct(board, 0)
>>> game.move_name(line[0]), plies      # f5: two open threes; five on ply 5
('f5', 5)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ai import gomoku_budgets
from ai.gomoku_lines import LineBoard
from game.rules.base import Move
from game.rules.memo import TwoGenerations

__all__ = ["VctTable", "deepen", "find_vct"]

POLL_NODES = 256
"""Nodes between two calls of ``poll`` (and two looks at the clock)."""

TABLE_ENTRIES = 1 << 15
"""Positions a ``VctTable`` remembers per kind (proven, failed, replies), in two
generations (``game.rules.memo``)."""

NO_BLOCK = -1
"""``_Search.five_or_block``: the defender has no five-point to block."""

_EXHAUSTED = 1 << 30
"""Failed depth of a position whose whole threat space was searched."""

_SALT = ((0x2F0B3A49C1D6E587, 0x7A1C5D3E9B20F461), {"freestyle": 0, "standard": 0x1D8E4E27C47D124F,
                                                     "renju": 0x3C6EF372FE94F82B})
"""XORed into the board key: attacker and rule (the same stones may win under one only)."""

Found = tuple[int, list[Move]]
"""``(plies, line)``: a proven win's length against the longest defence, and that line."""


class _OutOfBudget(Exception):
    """Nodes or time ran out: "not found", not "none exists"."""


class VctTable:
    """Attacker-to-move positions proven won (``key -> (plies, line)``) or failed
    (``key -> threats searched``, ``_EXHAUSTED`` when nothing was cut), and the
    defender's replies after a threat (``key -> moves``, ``None``: no threat), all
    bounded."""

    __slots__ = ("proven", "failed", "replies")

    def __init__(self) -> None:
        self.proven: TwoGenerations[int, Found] = TwoGenerations(TABLE_ENTRIES)
        self.failed: TwoGenerations[int, int] = TwoGenerations(TABLE_ENTRIES)
        self.replies: TwoGenerations[int, list[Move] | None] = TwoGenerations(TABLE_ENTRIES)

    def __len__(self) -> int:
        return len(self.proven) + len(self.failed)


class _Search:
    __slots__ = ("board", "a", "d", "nodes", "budget", "poll", "next_poll", "deadline",
                 "table", "cut", "salt", "renju")

    def __init__(self, board: LineBoard, attacker: int, budget: int | None,
                 poll: Callable[[], None] | None, deadline: float | None,
                 table: VctTable) -> None:
        self.board = board
        self.a, self.d = attacker, 1 - attacker
        self.nodes = 0
        self.budget = budget
        self.poll = poll
        self.deadline = deadline
        self.next_poll = POLL_NODES
        self.table = table
        self.cut = False
        self.salt = _SALT[0][attacker] ^ _SALT[1][board.tables.rule]
        self.renju = board.renju

    def tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _OutOfBudget
        if self.nodes >= self.next_poll:
            self.next_poll = self.nodes + POLL_NODES
            if self.poll is not None:
                self.poll()
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise _OutOfBudget

    def five_or_block(self) -> Found | Move | None:
        """The attacker's first duty, before any threat of its own: ``(1, [cell])``
        when it completes a five (a win); else the cell where it must block the
        defender's five, or ``NO_BLOCK`` when the defender has none; ``None`` when the
        block cannot save it (two five-points, or renju Black's block is forbidden)."""
        board, a, d = self.board, self.a, self.d
        if board.hot[a]:
            wins = board.five_points(a)
            if wins:
                return 1, [min(wins)]
        blocks = board.five_points(d) if board.hot[d] else ()
        if not blocks:
            return NO_BLOCK
        if len(blocks) >= 2:
            return None
        (block,) = blocks
        if not a and self.renju and board.forbidden(block):
            return None  # Black may not block: White's five follows
        return block

    def attack(self, depth: int) -> Found | None:
        """Attacker to move: a win with at most ``depth`` more threat moves, or ``None``."""
        self.tick()
        board, a = self.board, self.a
        duty = self.five_or_block()
        if duty is None or isinstance(duty, tuple):
            return duty
        if duty != NO_BLOCK:
            moves: list[Move] = [duty]
        else:
            if board.hot[a]:
                opens = board.open_four_moves(a, True)
                if opens:
                    (move,) = opens
                    board.place(move, a)
                    first, second = sorted(board.five_points(a))[:2]
                    board.remove(move, a)
                    return 3, [move, first, second]
            moves = []
        if depth <= 0:
            self.cut = True
            return None
        table = self.table
        key = board.key ^ self.salt
        proven = table.proven.get(key)
        if proven is None:
            proven = table.proven.recall(key)
        if proven is not None:
            return proven
        known = table.failed.get(key, -1)
        if known < 0:
            known = table.failed.recall(key, -1)
        if known >= depth:
            if known < _EXHAUSTED:
                self.cut = True
            return None
        if not moves:
            threats = board.three_moves(a)
            if board.hot[a]:
                threats |= board.four_moves(a)
            value = board.order_value
            moves = sorted(threats, key=lambda m: (-value(m, a), m))
        cut_above, self.cut = self.cut, False
        for move in moves:
            board.place(move, a)
            try:
                found = self.defend(depth - 1)
            finally:
                board.remove(move, a)
            if found is not None:
                result = (found[0] + 1, [move, *found[1]])
                table.proven[key] = result
                self.cut = cut_above
                return result
        table.failed[key] = depth if self.cut else _EXHAUSTED
        self.cut = self.cut or cut_above
        return None

    def defend(self, depth: int) -> Found | None:
        """Defender to move after an attacker's threat: a win against every defence."""
        self.tick()
        board, a, d = self.board, self.a, self.d
        if board.hot[d] and board.has_five_point(d):
            return None  # the defender completes a five
        fives = board.five_points(a) if board.hot[a] else ()
        if len(fives) >= 2:
            first, second = sorted(fives)[:2]
            return 2, [first, second]
        if fives:
            (reply,) = fives
            if not d and self.renju and board.forbidden(reply):
                return 2, [reply, reply]  # Black may not block (written as that point)
            board.place(reply, d)
            try:
                found = self.attack(depth)
            finally:
                board.remove(reply, d)
            return None if found is None else (found[0] + 1, [reply, *found[1]])
        key = board.key ^ self.salt
        cache = self.table.replies
        if key in cache:
            replies = cache[key]
        elif key in cache.old:
            replies = cache.recall(key)
        else:
            replies = cache[key] = self.defences()
        if replies is None:
            return None  # no threat at all
        worst: Found | None = None
        for reply in replies:
            board.place(reply, d)
            try:
                if board.hot[d] and board.has_five_point(d):
                    found = self.answer_four(depth)
                else:
                    found = self.attack(depth)
            finally:
                board.remove(reply, d)
            if found is None:
                return None
            if worst is None or found[0] + 1 > worst[0]:
                worst = (found[0] + 1, [reply, *found[1]])
        return worst

    def answer_four(self, depth: int) -> Found | None:
        """Attacker to move after the defender's counter-four: five, or the forced block."""
        self.tick()
        board, a = self.board, self.a
        block = self.five_or_block()
        if block is None or isinstance(block, tuple):
            return block
        # untranslated: developer error
        assert block != NO_BLOCK, "answer_four follows a defender's four"
        board.place(block, a)
        try:
            found = self.defend(depth)
        finally:
            board.remove(block, a)
        return None if found is None else (found[0] + 1, [block, *found[1]])

    def defences(self) -> list[Move] | None:
        """The defender's moves against the attacker's open-four threat (``None``: no
        threat): cells that leave no open-four move, and the defender's own fours.

        When no cell stops it, every cell that touched it stays (so the proof still
        plays the defender's longest resistance out move by move).
        """
        board, a, d = self.board, self.a, self.d
        threats = board.open_four_moves(a)
        if not threats:
            return None
        moves = set(board.open_four_stops(a, threats))
        if board.hot[d]:
            moves |= board.four_moves(d)
        if not d and self.renju:
            moves = {m for m in moves if not board.forbidden(m)} or moves
        value = board.order_value
        return sorted(moves, key=lambda m: (-value(m, d), m))


def find_vct(board: LineBoard, attacker: int, max_threats: int | None = None,
             budget: int | None = None, poll: Callable[[], None] | None = None,
             table: VctTable | None = None, counter: list[int] | None = None,
             deadline: float | None = None) -> Found | None:
    """The attacker's shortest VCT on ``board`` (whoever is to move), or ``None``.

    Returns ``(plies, line)``: ``plies`` from the attacker's first move to its five
    against the defender's longest resistance, ``line`` that resistance move by move.
    ``None`` when there is none within ``max_threats`` threat moves, or when
    ``budget`` nodes or the ``deadline`` ran out first. ``poll`` may raise to cancel
    (the exception goes through; ``board`` is restored). ``table`` is filled and
    reused across calls (fresh if ``None``); ``counter[0]`` gains the nodes visited.
    """
    search = _Search(board, attacker, budget, poll, deadline,
                     VctTable() if table is None else table)
    if max_threats is None:
        max_threats = gomoku_budgets.BUDGETS.max_threats
    return deepen(search, search.attack, range(1, max_threats + 1), _OutOfBudget, counter)


T = TypeVar("T")


def deepen(search: Any, attack: Callable[[int], T | None], depths: Iterable[int],
           out_of_budget: type[Exception], counter: list[int] | None) -> T | None:
    """Iterative deepening of a threat search (VCF and VCT): the first win found.

    ``attack(depth)`` searches to ``depth``; it sets ``search.cut`` when the depth
    limit cut a line off. A depth with no win and no cut saw the whole threat space,
    so no deeper one can win: ``None`` at once, as when ``out_of_budget`` is raised.
    ``counter[0]`` (when given) gains ``search.nodes`` however the search ends.
    """
    try:
        for depth in depths:
            search.cut = False
            found = attack(depth)
            if found is not None:
                return found
            if not search.cut:
                return None
    except out_of_budget:
        return None
    finally:
        if counter is not None:
            counter[0] += search.nodes
    return None
