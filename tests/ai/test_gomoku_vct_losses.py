"""ai/tools/gomoku_vct_losses.py: who was A in a match game, and the loss verdicts."""

from __future__ import annotations

from pathlib import Path

from ai.tools.gomoku_vct_losses import check_game, player_side
from game.rules import new_game


def _moves(text: str) -> list[int]:
    game = new_game("gomoku", size=9)
    return [game.parse_move(m) for m in text.split()]


def test_a_is_the_first_participant_of_odd_games_and_swap_choices_give_its_colour():
    # plies match: game-1 (index 0) has A as the first participant, game-2 has B.
    assert player_side(Path("game-01.json"), None, 40, "a") == 0
    assert player_side(Path("game-02.json"), None, 40, "a") == 1
    assert player_side(Path("game-02.json"), None, 40, "b") == 0
    # swap2: the second participant took White, so the first (A in game-1) is Black...
    assert player_side(Path("game-01.json"), {"kind": "swap2", "choices": ["white"]}, 40,
                       "a") == 0
    # ...and took Black: A, the first participant, is White.
    assert player_side(Path("game-01.json"), {"kind": "swap2", "choices": ["black"]}, 40,
                       "a") == 1


def test_ignoring_an_open_three_is_avoidable_and_its_two_stops_are_named():
    """Black's open three e4-e5-e6 (9x9); White's i1 loses to the open four, while e3
    and e7, its ends, stop it (e2 or e8 would leave an open four at the other end)."""
    verdict = check_game(_moves("e5 a1 e4 a9 e6 i1"), 9, "freestyle", 1, 0, 5000)
    assert verdict.kind == "avoidable", verdict
    assert verdict.text.startswith("ply 6 i1: the winner's VCT of 3 plies")
    assert verdict.text.endswith("proved safe: e3 e7"), verdict


def test_a_game_without_a_vct_for_the_winner_says_so():
    verdict = check_game(_moves("e5 a1 e4"), 9, "freestyle", 1, 0, 5000)
    assert verdict.kind == "no VCT seen", verdict
