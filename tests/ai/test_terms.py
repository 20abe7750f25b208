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


def test_why_compares_the_best_with_the_first_line_of_another_score() -> None:
    """Connect-4 4453 at depth 6: 4 and 3 tie (both -60), 6 is -64. Comparing 4 with 3
    would split a zero difference; the explanation takes 6, the first that differs."""
    from ai.explain.why import compare_lines, compared_line, tied_with_best
    from ai.search import Limits, Searcher
    from game.commands.analyse import why_text
    from game.rules import new_game

    game = new_game("connect4")
    game.play_moves("4453")
    evaluator = load_evaluator("connect4")
    top = Searcher(evaluator).search_top(game, Limits(depth=6), 3)
    scores = [line.score for line in top.lines]
    assert scores[0] == scores[1] != scores[2], scores
    assert compared_line(top.lines) == 2 and tied_with_best(top.lines) == 1
    why = compare_lines(game, evaluator, top.lines[0].pv, top.lines[2].pv)
    assert why.total_best - why.total_second == sum(d.points for d in why.terms) != 0
    # The words say which side the signs speak for.
    assert why_text(game, top, why).startswith("why 4 over 6: (+ is good for Red) ")
