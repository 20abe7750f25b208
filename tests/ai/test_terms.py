"""Evaluators' named terms add up to ``evaluate`` (the explanations use their arithmetic)."""

from __future__ import annotations

import random

import pytest

from ai.evaluators import load_evaluator, preset_names
from game.rules import new_game
from tests.positions import playout

GAMES = {"connect4": {}, "othello": {}, "gomoku": {"size": 15}}
VARIANTS = [("connect4", {}), ("othello", {}), ("gomoku", {"size": 15}),
            ("gomoku", {"size": 15, "rule": "renju"})]


def random_positions(game_name: str, count: int, seed: int, variant=None):
    """Running positions from random playouts (every length, both sides to move)."""
    rng = random.Random(seed)
    found = []

    def near(game, legal):  # Gomoku: keep stones together, so patterns form
        return [m for m in legal if game.move_stack and
                abs(m % 15 - game.move_stack[-1] % 15) <= 2 and
                abs(m // 15 - game.move_stack[-1] // 15) <= 2]

    while len(found) < count:
        game = new_game(game_name, **(GAMES[game_name] if variant is None else variant))
        length = rng.randrange(0, 60 if game_name != "connect4" else 40)
        playout(game, rng, length, moves=near if game_name == "gomoku" else None)
        if not game.is_over():
            found.append(game)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_name,variant", VARIANTS)
def test_terms_add_up_to_evaluate(game_name, variant):
    positions = random_positions(game_name, 120, seed=13, variant=variant)
    for preset in preset_names(game_name):
        evaluator = load_evaluator(game_name, preset)
        named = set()
        for game in positions:
            terms = evaluator.terms(game)
            assert sum(terms.values()) == evaluator.evaluate(game), (preset, str(game), terms)
            assert all(isinstance(v, int) and v != 0 for v in terms.values())
            named |= set(terms)
        if preset == "default":
            assert len(named) >= 4, named  # really split, not one lump


def test_othello_counts_name_the_features():
    evaluator = load_evaluator("othello")
    game = new_game("othello")
    game.play_moves("f5")
    counts = evaluator.term_counts(game)
    assert counts["discs"] == -3 and counts["mobility"] == 3 - 3
