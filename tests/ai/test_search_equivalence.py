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

CONFIGURATIONS = [
    ("alphabeta", {}),
    ("full", {}),
    ("full", {"use_tt": False}),
    ("full", {"use_killers": False}),
    ("full", {"use_history": False}),
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
    game = new_game(name, **variant)
    for _ in range(rng.randint(0, 14)):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
        if game.is_over():
            game.pop()
            break
    return game


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
