"""The search at the root: how it spends a time budget and how the easy levels choose."""

from __future__ import annotations

import time

from ai.evaluators.base import ExactSolver
from ai.search import Limits, Searcher
from tests.ai.tree_game import LeafEvaluator, TreeGame, parse_tree


class _SolverThatNeverFinishes(ExactSolver):
    """Applies everywhere and polls until its share of the budget runs out."""

    def applies(self, game, reach=None):
        return True

    def solve(self, game, poll=lambda: None, reach=None):
        while True:
            poll()
            time.sleep(0.001)


class _EvaluatorWithSlowSolver(LeafEvaluator):
    solver = _SolverThatNeverFinishes()


def _binary_tree(depth: int, start: int = 0) -> str:
    """A complete binary tree of ``depth`` levels with distinct leaves."""
    if depth == 0:
        return str(start)
    half = 2 ** (depth - 1)
    return f"({_binary_tree(depth - 1, start)} {_binary_tree(depth - 1, start + half)})"


def test_a_solver_that_uses_its_half_of_the_budget_leaves_the_search_its_depths():
    """Regression: the pacing rule counted the solver's time, so after a solver that did
    not finish, the search stopped at depth 1 (Othello level 8 at 15-16 empties)."""
    game = TreeGame(parse_tree(_binary_tree(6)))
    searcher = Searcher(_EvaluatorWithSlowSolver(), deepening_step=1)
    result = searcher.search(game, Limits(depth=6, seconds=0.6))
    # The tree has 64 leaves: every depth takes well under a millisecond, so the half
    # of the budget left after the solver is ample for all six.
    assert result.depth == 6, result


def test_the_random_choice_prefers_the_better_of_the_near_equal_moves():
    """Randomness 10 with root moves worth 10 and 2: both are within the margin, the
    better one is chosen about e**2.4 (11) times as often, the worse one still
    sometimes (a uniform choice, as before, took each half the time)."""
    tree = parse_tree("(10 2 -50)")
    searcher = Searcher(LeafEvaluator(), seed=0)
    chosen = [searcher.search(TreeGame(tree), Limits(depth=1, randomness=10)).move
              for _ in range(1000)]
    better = chosen.count(0) / len(chosen)
    assert 0.85 < better < 0.97, better
    assert chosen.count(1) > 0 and chosen.count(2) == 0
