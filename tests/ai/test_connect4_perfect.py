"""The perfect Connect-4 opponent of ai/tools/connect4_perfect.py keeps every value."""

from __future__ import annotations

import random

import pytest

from ai.endgame.connect4 import Connect4Solver
from ai.tools.connect4_perfect import main, perfect_move
from game.rules import new_game
from tests.positions import random_game


@pytest.mark.slow
def test_the_perfect_move_keeps_the_value_and_loses_as_late_as_possible():
    rng = random.Random(6)
    games = [random_game("connect4", rng, rng.randint(20, 28)) for _ in range(30)]
    for drawn in ("736411134622247522", "454444415525255"):  # ai/TUNING.md's draws
        games.append(new_game("connect4"))
        games[-1].play_moves(drawn)
    seen = set()
    for game in games:
        if game.is_over():
            continue
        exact = Connect4Solver(None, None).solve(game.copy())
        move = perfect_move(Connect4Solver(None, None), game)
        score = exact.move_scores[move]
        sign = (exact.score > 0) - (exact.score < 0)
        assert (score > 0) - (score < 0) == sign, str(game)
        if exact.score < 0:
            assert score == exact.score, str(game)  # the slowest loss
        seen.add(sign)
    assert seen == {-1, 0, 1}


def test_the_tool_plays_both_sides_of_late_positions(capsys):
    assert main(["--level", "8", "--stones", "20", "20"]) == 0
    out = capsys.readouterr().out
    games = [line for line in out.splitlines() if " result " in line]
    assert games and len(games) % 2 == 0
    # Level 8 solves 22 empty cells at once: it keeps every value there.
    assert all(" kept " in line for line in games), out
