"""The classic lecture trees: alpha-beta returns the minimax value with fewer leaves."""

from __future__ import annotations

import random

import pytest

from ai.search import Bound, Limits, Searcher
from tests.ai.tree_game import LeafEvaluator, TreeGame, parse_tree

TWO_PLY = "((100 3 -1) (6 5) (2 9))"
"""S -> A(100, 3, -1), B(6, 5), C(2, 9): MIN takes -1, 5, 2; MAX takes 5 by B."""

FOUR_PLY = "((((3 17) (2 12)) ((15) (25 0))) (((2 5) (3)) ((2 14))))"
"""A four-ply lecture tree whose minimax value is 3."""


def minimax_by_hand(tree, maximising=True):
    """The textbook definition, written independently of the search module."""
    if isinstance(tree, int):
        return tree
    values = [minimax_by_hand(child, not maximising) for child in tree]
    return max(values) if maximising else min(values)


def run(tree_text: str, mode: str, depth: int, **switches):
    tree = parse_tree(tree_text)
    evaluator = LeafEvaluator()
    result = Searcher(evaluator, mode=mode, **switches).search(TreeGame(tree), Limits(depth=depth))
    return result, evaluator.leaves


@pytest.mark.parametrize("mode", ["minimax", "alphabeta", "full"])
def test_two_ply_tree_is_worth_5_by_move_b(mode):
    result, _ = run(TWO_PLY, mode, 2)
    assert result.score == 5
    assert result.move == 1  # B
    assert result.pv == (1, 1)  # B, then MIN answers with 5


@pytest.mark.parametrize("mode", ["minimax", "alphabeta", "full"])
def test_four_ply_tree_is_worth_3(mode):
    result, _ = run(FOUR_PLY, mode, 4)
    assert result.score == 3 == minimax_by_hand(parse_tree(FOUR_PLY))


def test_minimax_visits_every_leaf_and_alphabeta_fewer():
    for text, depth, leaf_count in ((TWO_PLY, 2, 7), (FOUR_PLY, 4, 12)):
        _, all_leaves = run(text, "minimax", depth)
        _, pruned = run(text, "alphabeta", depth)
        assert len(all_leaves) == leaf_count
        assert len(pruned) < leaf_count, text


def test_alphabeta_skips_exactly_the_leaf_the_lecture_prunes():
    """After A (min -1) and B (min 5), C's first leaf 2 <= 5 refutes C: 9 is never seen."""
    _, leaves = run(TWO_PLY, "alphabeta", 2)
    assert leaves == [100, 3, -1, 6, 5, 2]


def test_root_scores_are_exact_for_the_best_and_bounds_for_the_rest():
    result, _ = run(TWO_PLY, "alphabeta", 2)
    assert result.root_scores[1] == (5, Bound.EXACT)
    # A is searched first with the full window: exact.
    assert result.root_scores[0] == (-1, Bound.EXACT)
    # C fails low after its first leaf: only "at most 2" is known.
    assert result.root_scores[2].bound == Bound.UPPER
    assert result.root_scores[2].score <= 5


def test_minimax_root_scores_are_all_exact():
    result, _ = run(TWO_PLY, "minimax", 2)
    assert {m: rs.score for m, rs in result.root_scores.items()} == {0: -1, 1: 5, 2: 2}
    assert all(rs.bound == Bound.EXACT for rs in result.root_scores.values())


def random_tree(rng: random.Random, depth: int, branching: tuple[int, int]):
    if depth == 0:
        return rng.randint(-50, 50)
    return tuple(random_tree(rng, depth - 1, branching)
                 for _ in range(rng.randint(*branching)))


def tree_text(tree) -> str:
    if isinstance(tree, int):
        return str(tree)
    return "(" + " ".join(tree_text(c) for c in tree) + ")"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_every_mode_equals_the_definition_on_random_trees(seed):
    rng = random.Random(seed)
    depth = rng.randint(1, 5)
    tree = random_tree(rng, depth, (1, 4))
    expected = minimax_by_hand(tree)
    configurations = [("minimax", {}), ("alphabeta", {}), ("full", {}),
                      ("full", {"use_tt": False}), ("full", {"use_killers": False}),
                      ("full", {"use_history": False}), ("full", {"use_pvs": False}),
                      ("full", {"deepening_step": 2}),
                      ("full", {"use_killers": False, "use_history": False})]
    for mode, switches in configurations:
        result, _ = run(tree_text(tree), mode, depth, **switches)
        assert result.score == expected, f"{mode} {switches} on {tree_text(tree)}"
        # The chosen move really achieves the value.
        assert minimax_by_hand(tree[result.move], maximising=False) == expected
