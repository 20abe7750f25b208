"""Every search configuration finds the plain-minimax value, on real positions of every game.

Plain minimax is the reference (the definition); bare alpha-beta and the full search
with each enhancement switched off in turn must return the same value at the same
depth, and their best move must be worth that value.
"""

from __future__ import annotations

import random

import pytest

from ai.evaluators import load_evaluator
from ai.search import Limits, Searcher
from game.rules import new_game
from tests.positions import random_game

CONFIGURATIONS = [
    ("alphabeta", {}),
    ("full", {}),  # the evaluator's own search hints
    ("full", {"use_killers": True, "use_history": True, "deepening_step": 1}),
    ("full", {"use_killers": True, "use_history": True, "deepening_step": 2}),
    ("full", {"use_killers": False, "use_history": False, "deepening_step": 3}),
    ("full", {"use_tt": False}),
    ("full", {"use_pvs": False}),
    ("full", {"use_tt": False, "use_killers": False, "use_history": False, "use_pvs": False}),
]

# (game, variant, deepest depth that keeps plain minimax quick in CI)
GAMES = [
    ("connect4", {}, 4),
    ("connect4", {"width": 5, "height": 4, "connect": 3}, 4),
    ("othello", {}, 3),
    ("gomoku", {"size": 9}, 2),
]


def random_position(name, variant, seed):
    """A running position after a seeded random number of random legal moves."""
    rng = random.Random(seed)
    return random_game(name, rng, rng.randint(0, 14), ending="undo", **variant)


@pytest.mark.slow
@pytest.mark.parametrize("name, variant, max_depth", GAMES,
                         ids=[f"{g}-{v.get('width', v.get('size', ''))}" for g, v, _ in GAMES])
@pytest.mark.parametrize("seed", range(4))
def test_all_configurations_agree_with_minimax(name, variant, max_depth, seed):
    evaluator = load_evaluator(name)
    game = random_position(name, variant, seed)
    before = str(game), game.key()
    for depth in range(1, max_depth + 1):
        limits = Limits(depth=depth, use_solver=False)
        reference = Searcher(evaluator, mode="minimax").search(game, limits)
        for mode, switches in CONFIGURATIONS:
            result = Searcher(evaluator, mode=mode, **switches).search(game, limits)
            assert result.score == reference.score, (
                f"{mode} {switches} at depth {depth}:\n{game}")
            # The chosen move is worth the value: minimax agrees after playing it.
            assert reference.root_scores[result.move].score == reference.score
            assert result.nodes <= reference.nodes or mode == "full"
    assert (str(game), game.key()) == before, "the search changed the position"


@pytest.mark.parametrize("step, limit, expected", [
    (1, 5, [1, 2, 3, 4, 5]),
    (2, 7, [1, 3, 5, 7]),
    (2, 8, [2, 4, 6, 8]),
    (3, 8, [2, 5, 8]),
])
def test_iterative_deepening_steps_end_at_the_depth_limit(step, limit, expected):
    game = new_game("connect4")
    game.play_moves("4453")
    reported = []
    result = Searcher(load_evaluator("connect4"), deepening_step=step).search(
        game, Limits(depth=limit, use_solver=False), on_info=lambda info: reported.append(info.depth))
    assert reported == expected
    assert result.depth == limit


def test_each_game_deepens_as_its_evaluator_hints():
    """Connect-4 and Gomoku scores swing with the depth's parity: two plies a step."""
    for name, moves, step, depths in (("connect4", "44", 2, [2, 4]),
                                      ("gomoku", "h8 i9", 2, [2, 4]),
                                      ("othello", "", 1, [1, 2, 3, 4])):
        game = new_game(name)
        game.play_moves(moves)
        evaluator = load_evaluator(name)
        assert evaluator.search_hints.deepening_step == step
        reported = []
        Searcher(evaluator).search(game, Limits(depth=4, use_solver=False),
                                   on_info=lambda info: reported.append(info.depth))
        assert reported == depths


def test_a_deepening_step_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        Searcher(load_evaluator("connect4"), deepening_step=0)
