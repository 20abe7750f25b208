"""How long an engine may think: the manager's clock turned into a search budget.

The managers count a move's time from the moment they send the command to the moment
they read the answer, and forfeit a late engine. Python adds its own latency (a
thread switch, a garbage collection, the search's poll interval, a loaded machine),
so the budget keeps a fixed margin *and* a fraction of the allowed time in reserve.
The match clock is spread over the moves still to come (an estimate: a game rarely
lasts longer than ``MOVES_TO_GO`` more moves of one side).

>>> move_budget(turn_ms=5000)         # 5 s a move: 70% minus the margin
3.35
>>> move_budget(turn_ms=5000, match_ms=120_000, left_ms=20_000)   # the clock is short
0.55
>>> move_budget(turn_ms=0)            # "as fast as possible"
0.05
>>> move_budget() is None             # no clock: the level's own limits
True
"""

from __future__ import annotations

SAFETY_FRACTION = 0.7
"""Of a move's allowed time, the share the search may use."""

SAFETY_MARGIN = 0.15
"""Seconds always kept back for the answer's way out (thread switch, pipe, a slow poll)."""

MIN_BUDGET = 0.05
"""The least a search gets, even when the clock is nearly out: a legal move beats a
forfeit, and a depth-1 Gomoku or Othello search fits in it."""

MOVES_TO_GO = 20
"""The match clock is divided by this many moves still to play."""


def move_budget(turn_ms: int | None = None, match_ms: int | None = None,
                left_ms: int | None = None) -> float | None:
    """Seconds the search may take, or ``None`` when no clock was given.

    Args:
        turn_ms: the time for one move in milliseconds (``0``: play as fast as
            possible), or ``None`` when not given.
        match_ms: the time for the whole game (``0``: no limit), or ``None``.
        left_ms: what remains of the game's time, or ``None``.
    """
    budgets: list[float] = []
    if turn_ms is not None:
        if turn_ms <= 0:
            return MIN_BUDGET
        budgets.append(turn_ms / 1000 * SAFETY_FRACTION - SAFETY_MARGIN)
    if left_ms is not None and match_ms != 0:
        budgets.append(left_ms / 1000 / MOVES_TO_GO * SAFETY_FRACTION - SAFETY_MARGIN)
    if not budgets:
        return None
    return round(max(MIN_BUDGET, min(budgets)), 6)
