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


SEED23_GAME14 = (
    "h8 g7 g9 i7 f8 i8 f7 f9 g8 e7 h9 i10 i9 e8 e6 d5 d7 h10 f5 g4 j10 j9 f6 f4 h4 d6 g5 "
    "e5 g3 h11 g12 g10 i12 e10 f10 e11 e9 g11 f11 k10 h7 i5 h6 h5 i6 g6 j5 k4 l7 k6 i3 j2 "
    "k11 l12 h12 f12 g13 i11 j12 k12 c8 b9 l10 i13 c7 l11 m12 e13 d14 k3 k5 l4 m5 j4 m4 l2 "
    "m1 e14 e12 k2 m2 m3 m9 n8 l5 n5 c9 c10 c5 c6 b6 d8 f3 j3 i4 d4 d3 e3 c4 m10 n9 n3 l3 "
    "l13 j13 l14 l15 m14 j11 j14 i14 n14 k14 n4 n6 e2 e1 h13 l8 k1 o5 h2 i2 n1 n2 l9"
)
"""Game 14 of the seed-23 swap2 batch (``ai/TUNING.md``, session 6), 15x15, up to the
loser's (White's) move at ply 126. Its "set-up" at ply 125, n2 on the edge, was
thought perhaps outside the candidate moves; it is Black's forced block of White's
four n1-n3-n4-n5 (ply 124), and Black's only candidate."""


def test_the_edge_set_up_of_seed_23_game_14_is_the_forced_block_of_the_losers_four():
    from ai.evaluators import load_evaluator

    game = new_game("gomoku", size=15)
    moves = [game.parse_move(m) for m in SEED23_GAME14.split()]
    for move in moves[:124]:
        game.push(move)
    # After White's n1 (ply 124), Black's only candidate is the block n2.
    assert [game.move_name(m) for m in load_evaluator("gomoku", "default")
            .candidate_moves(game)] == ["n2"]
    # Checked from ply 122 on: White's l9 (ply 126) is already lost (a 7-ply VCT, found
    # in a few dozen nodes, after every alternative), and the move before it is named
    # as what it was: a block, behind which lies the loser's own four.
    verdict = check_game(moves, 15, "freestyle", 1, 121, 2000)
    assert verdict.kind == "already lost", verdict
    assert verdict.text.startswith("ply 126 l9: the winner's VCT of 7 plies"), verdict
    assert verdict.text.endswith(
        "set up by ply 125 n2 (block) of the loser's four at ply 124 n1"), verdict
