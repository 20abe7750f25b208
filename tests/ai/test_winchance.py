"""Winning chances and score wording (``ai.explain.winchance``)."""

from __future__ import annotations

import pytest

from ai.evaluators import preset_names
from ai.evaluators.base import WIN
from ai.explain import winchance
from ai.explain.scores import describe, moves_to_end, raw_text
from ai.explain.winchance import win_chance

GAMES = ("connect4", "othello", "gomoku", "tictactoe")


@pytest.mark.parametrize("game", GAMES)
def test_every_preset_has_its_own_curve(game):
    for preset in preset_names(game):
        assert (game, preset) in winchance.CURVES, (game, preset)


@pytest.mark.parametrize("key", sorted(winchance.CURVES))
def test_curve_is_centred_monotone_and_symmetric(key):
    game, preset = key
    assert win_chance(game, 0, preset) == 0.5
    chances = [win_chance(game, s, preset) for s in range(-200_000, 200_001, 997)]
    assert all(0.0 <= a <= b <= 1.0 for a, b in zip(chances, chances[1:]))
    # Strictly increasing where a heuristic score tells positions apart.
    scale = winchance.curve_scale(game, preset)
    steps = sorted({round(scale * k / 10) for k in range(-100, 101)})  # a small scale rounds to ties
    chances = [win_chance(game, s, preset) for s in steps]
    assert all(a < b for a, b in zip(chances, chances[1:]))
    for s in (1, 50, 400, 3000):
        assert win_chance(game, s, preset) + win_chance(game, -s, preset) == pytest.approx(1.0)
        assert win_chance(game, s, preset) > 0.5


def test_proven_results_are_certain_and_unknown_presets_use_the_default():
    assert win_chance("connect4", WIN - 9) == 1.0
    assert win_chance("gomoku", -(WIN - 2)) == 0.0
    assert win_chance("othello", 700, "my-weights") == win_chance("othello", 700, "default")
    with pytest.raises(ValueError):
        win_chance("chess", 10)


def test_moves_to_end_counts_the_winners_moves():
    # The side to move wins on its 1st, 2nd, 3rd move: plies 1, 3, 5.
    assert [moves_to_end(WIN - p) for p in (1, 3, 5)] == [1, 2, 3]
    # The opponent wins on its 1st, 2nd move: plies 2, 4.
    assert [moves_to_end(-(WIN - p)) for p in (2, 4)] == [1, 2]
    assert moves_to_end(49_999) is None


def test_wording():
    assert describe("connect4", WIN - 13, "Red") == "Red wins in 7 moves"
    assert describe("gomoku", -(WIN - 6), "White") == "White loses in 3 moves"
    assert describe("gomoku", WIN - 1, "Black") == "Black wins in 1 move"
    assert describe("othello", WIN - 10, "Black") == "Black wins with best play"
    assert describe("othello", 0, "White", exact=True) == "draw with best play"
    assert describe("othello", 0, "White") == "White 50%"
    strong = describe("othello", 100_000, "Black")
    assert strong == "Black 99%"  # a heuristic is never shown as certain
    assert describe("connect4", 2000, "Red") == "Red 99%"
    # The evaluators' "won at the horizon" scores are words, not 100000 or 1%.
    assert describe("connect4", -50_000, "Red") == "Red is losing"
    assert describe("gomoku", 99_998, "White") == "White is winning"
    assert raw_text("connect4", 50_000) == "a win in sight"


def test_raw_text_uses_the_games_unit():
    assert raw_text("othello", 350) == "+3.5 discs"
    assert raw_text("othello", -100) == "−1.0 discs"
    assert raw_text("connect4", 240) == "+2.0 threats"
    assert raw_text("gomoku", -7) == "−7 points"
    assert raw_text("gomoku", 0) == "0 points"
    assert raw_text("connect4", WIN - 3) == "win in 3 plies"
    assert raw_text("othello", 0, exact=True) == "draw (exact)"


def test_othello_solver_margins_are_discs():
    assert describe("othello", -(WIN - 9), "White", margin=-12) == "White loses by 12 discs"
    assert describe("othello", WIN - 9, "Black", margin=1) == "Black wins by 1 disc"
    assert describe("othello", 0, "Black", exact=True, margin=0) == "draw with best play"
    assert describe("othello", 300, "Black", margin=4) == "Black 59%"  # not exact: a chance
