"""Tic-tac-toe solved exactly: a memoised negamax over the whole tree (5,478 positions).

Scores in the game's own convention follow Pascal Pons' Connect-4 score: a win is
worth one more than the cells still empty after the winning mark (a win with the
last cell is +1, the fastest win from the empty board +5), a loss the negative of the
winner's, a draw 0. The search scale is ``WIN - plies``, as everywhere in Plies.

>>> from game.rules import new_game
>>> TicTacToeSolver().solve(new_game("tictactoe")).score
0
"""

from __future__ import annotations

from collections.abc import Callable

from ai.evaluators.base import WIN, ExactSolver, Solution, parent_score
from game.rules.base import Game, Move

__all__ = ["ORDER", "TicTacToeSolver"]

ORDER: tuple[Move, ...] = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""Centre (b2), then corners, then edges: the cells by how many lines pass through
them. The solver tries moves in this order, so its first best move is the natural one;
the evaluator orders its candidates the same way."""


def _empty(game: Game) -> int:
    return 9 - sum(game.counts())


def _ordered(game: Game) -> list[Move]:
    free = set(game.legal_moves())
    return [move for move in ORDER if move in free]


class TicTacToeSolver(ExactSolver):
    """The exact value of any tic-tac-toe position; applies everywhere (the tree is tiny)."""

    def __init__(self) -> None:
        self._memo: dict[int, int] = {}  # key -> search-scale score, side to move's view
        self._nodes = 0

    def applies(self, game: Game, reach: int | None = None) -> bool:
        return True

    def _value(self, game: Game) -> int:
        key = game.key()
        known = self._memo.get(key)
        if known is not None:
            return known
        self._nodes += 1
        outcome = game.outcome()
        if outcome is not None:  # the mover has won, or a draw
            value = 0 if outcome.winner is None else -WIN
        else:
            value = -WIN - 1
            for move in _ordered(game):
                game.push(move)
                value = max(value, parent_score(self._value(game)))
                game.pop()
        self._memo[key] = value
        return value

    def solve(self, game: Game, poll: Callable[[], None] = lambda: None,
              reach: int | None = None) -> Solution | None:
        self._nodes = 0
        scores: dict[Move, int] = {}
        for move in _ordered(game):
            game.push(move)
            scores[move] = parent_score(self._value(game))
            game.pop()
        best = max(scores.values())
        own = {move: self.own_score(game, score) for move, score in scores.items()}
        return Solution(self.own_score(game, best), best,
                        tuple(m for m, s in scores.items() if s == best), own, self._nodes)

    def own_score(self, game: Game, search_score: int) -> int:
        """A search-scale score of the side to move in ``game`` in the game's convention."""
        if search_score == 0:
            return 0
        left = _empty(game) - (WIN - abs(search_score)) + 1
        return left if search_score > 0 else -left

    def search_score(self, game: Game, score: int) -> int:
        """The game's convention back to the search's scale (``own_score`` inverted)."""
        if score == 0:
            return 0
        plies = _empty(game) - abs(score) + 1
        return WIN - plies if score > 0 else -(WIN - plies)
