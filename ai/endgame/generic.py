"""Any game solved exactly by a memoised negamax over its whole tree (a plugin's game).

Nothing about the game is known but its rules, so the solver plays every line to its
end: fine for Nim or a small board, hopeless for a large one (``plies solve`` then runs
until it is stopped, or ``--time`` gives up). Positions are remembered by ``key()``;
the table is emptied when it passes ``TABLE_LIMIT`` entries, so memory stays bounded
(the answer stays exact, only slower).

Scores in the game's own convention: 1 the side to move wins, 0 a draw, -1 it loses.
The search scale is ``WIN - plies`` as everywhere in Plies: the fastest win and the
slowest loss are the best moves.

>>> from game.rules import new_game
>>> GenericSolver().solve(new_game("tictactoe")).score
0
"""

from __future__ import annotations

from collections.abc import Callable

from ai.evaluators.base import WIN, ExactSolver, Solution, parent_score
from game.rules.base import Game, Move

TABLE_LIMIT = 2_000_000
"""Positions remembered at most before the table is emptied."""
POLL_EVERY = 1024
"""Nodes between two calls of the caller's ``poll``."""


class GenericSolver(ExactSolver):
    """The whole tree, memoised by ``key()`` (see the module docstring)."""

    def applies(self, game: Game, reach: int | None = None) -> bool:
        """Never during a search: only ``plies solve`` asks it, knowing it may take long."""
        return False

    def search_score(self, game: Game, score: int) -> int:
        """A score of 1, 0 or -1 on the search's scale. The plies to the end are not in
        it, so a win reads as a win in one ply; ``Solution.search_score`` has them
        exactly, and no search asks this solver (``applies`` is ``False``)."""
        return 0 if score == 0 else (WIN - 1 if score > 0 else -(WIN - 1))

    def solve(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None) -> Solution | None:
        table: dict[int, int] = {}
        nodes = [0]

        def value(position: Game) -> int:
            nodes[0] += 1
            if nodes[0] % POLL_EVERY == 0:
                poll()
            outcome = position.outcome()
            if outcome is not None:
                if outcome.winner is None:
                    return 0
                return WIN if outcome.winner == position.turn else -WIN
            key = position.key()
            known = table.get(key)
            if known is not None:
                return known
            best = -WIN - 1
            for move in position.legal_moves():
                position.push(move)
                try:
                    best = max(best, parent_score(value(position)))
                finally:
                    position.pop()
            if len(table) >= TABLE_LIMIT:
                table.clear()
            table[key] = best
            return best

        probe = game.copy()
        scores: dict[Move, int] = {}
        for move in probe.legal_moves():
            probe.push(move)
            try:
                scores[move] = parent_score(value(probe))
            finally:
                probe.pop()
        if not scores:
            return None
        best = max(scores.values())
        return Solution(_sign(best), best, tuple(m for m, s in scores.items() if s == best),
                        {m: _sign(s) for m, s in scores.items()}, nodes[0])


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


__all__ = ["GenericSolver"]
