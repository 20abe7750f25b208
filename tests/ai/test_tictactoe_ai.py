"""Tic-tac-toe's solver, evaluator and levels against a textbook minimax written here.

The textbook minimax scores a finished game +1/0/-1 for the side to move's opponent's
win/draw/loss and knows nothing of the engine's bitboards, memo or move order.
"""

from __future__ import annotations

import random

import pytest

from ai.endgame import solver_for
from ai.evaluators import load_evaluator
from ai.levels import LEVELS, level
from ai.search import Limits, Searcher
from game.rules import new_game
from tests.positions import random_game


def textbook_value(game) -> int:
    """+1 the side to move wins, 0 draw, -1 loses, by plain minimax over every move."""
    outcome = game.outcome()
    if outcome is not None:
        return 0 if outcome.winner is None else (1 if outcome.winner == game.turn else -1)
    best = -2
    for move in game.legal_moves():
        game.push(move)
        best = max(best, -textbook_value(game))
        game.pop()
    return best


def test_the_empty_board_is_a_draw():
    game = new_game("tictactoe")
    solution = solver_for("tictactoe").solve(game)
    assert solution.score == 0 and solution.search_score == 0
    assert len(solution.best_moves) == 9  # every first move draws
    result = Searcher(load_evaluator("tictactoe")).search(game, Limits(depth=9, use_solver=False))
    assert result.score == 0


@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_textbook_minimax_on_random_positions(seed):
    rng = random.Random(seed)
    game = random_game("tictactoe", rng, rng.randrange(1, 6), ending="undo")
    solution = solver_for("tictactoe").solve(game.copy())
    truth = textbook_value(game)
    assert (solution.score > 0) - (solution.score < 0) == truth
    for move, score in solution.move_scores.items():
        game.push(move)
        assert (score > 0) - (score < 0) == -textbook_value(game), game.move_name(move)
        game.pop()
    assert all(solution.move_scores[m] == solution.score for m in solution.best_moves)


def test_a_win_in_one_is_taken_and_a_threat_blocked_at_every_level():
    win = new_game("tictactoe")
    win.play_moves("a1 a2 b1 b2")  # X to move: c1 wins; O threatens c2
    block = new_game("tictactoe")
    block.play_moves("a1 a2 b1")   # O to move: must block c1
    for number in range(1, 9):
        chosen = level("tictactoe", number)
        evaluator = load_evaluator("tictactoe")
        for game, expected in ((win, "c1"), (block, "c1")):
            result = Searcher(evaluator, seed=1).search(game, chosen.limits(evaluator.unit))
            assert game.move_name(result.move) == expected, (number, game.moves_text())


def test_terms_add_up_to_the_evaluation():
    evaluator = load_evaluator("tictactoe")
    rng = random.Random(5)
    for _ in range(50):
        game = random_game("tictactoe", rng, rng.randrange(0, 6))
        if not game.is_over():
            assert sum(evaluator.terms(game).values()) == evaluator.evaluate(game)


def test_open_lines_are_counted_as_the_textbook_counts_them():
    """After X b2, O a1: X has b2's 4 lines, O's a1 lines are 3 of which 1 (a1-c3) runs
    through b2, so O has 2 open; X's lines through b2 not touching a1: 3 (the a1-c3
    diagonal is shared). X to move: 3 - 2 = +1 with the default's open_one = 1."""
    game = new_game("tictactoe")
    game.play_moves("b2 a1")
    assert load_evaluator("tictactoe").evaluate(game) == 1


def test_levels_never_get_shallower_and_only_the_top_one_is_exact():
    row = LEVELS["tictactoe"]
    assert [lv.depth for lv in row] == sorted(lv.depth for lv in row)
    assert all(lv.depth % 2 == 0 or lv.depth == 9 for lv in row)
    assert [lv.solver for lv in row] == [False] * 7 + [True]
    assert [lv.randomness for lv in row[:4]] == sorted((lv.randomness for lv in row[:4]),
                                                       reverse=True)
