"""Game review: thresholds, accuracy, exact verdicts checked against the solvers, cancel.

The exact positions were found by random play and are checked here independently
with the solvers themselves, so a test fails if a position stops meaning what its
docstring says.
"""

from __future__ import annotations

import random
import threading

import pytest

from ai.endgame.connect4 import Connect4Solver
from ai.endgame.othello import OthelloSolver
from ai.evaluators import load_evaluator
from ai.evaluators.base import WIN
from ai.explain.review import (
    LABELS,
    MoveReview,
    Reviewer,
    ReviewLimits,
    exact_verdict,
    label_for,
    move_accuracy,
    review_game,
    side_summary,
)
from ai.search import Bound, Limits, Searcher
from game.rules import new_game
from tests.positions import random_game

C4_WON = "4136347372565657246177"
"""Connect-4, Red to move with 22 stones down: only column 5 wins (Pons score +10);
every other column loses (-1)::

    . . . . . . .
    . . . . . . O
    . . . . . X X
    . . O O X O O
    O X X O X O X
    O O X X X O X
    1 2 3 4 5 6 7      X Red (to move), O Yellow
"""

OTHELLO_WON = ("d3c5c6c7b7e3f5f4e2d2c8f6d1e1g6c3g4h7d6h3c1b1b5b6f3g3f7b8f2e6h2h1h5h4g2"
               "f1a8f8a6c4g5a7c2h6g7a5g8e8b4a4b3a3")
"""Othello with 10 empty squares: d8 wins by 16; a2 still wins, by 6; b2 loses by 6."""


# --- thresholds and accuracy ----------------------------------------------------------------

def test_labels_follow_the_stated_thresholds() -> None:
    assert label_for(0.0) == "good"
    assert label_for(0.0999) == "good"
    assert label_for(0.10) == "inaccuracy"
    assert label_for(0.1999) == "inaccuracy"
    assert label_for(0.20) == "mistake"
    assert label_for(0.2999) == "mistake"
    assert label_for(0.30) == "blunder"
    assert label_for(1.0) == "blunder"


def test_accuracy_is_lichess_formula_and_falls_with_the_loss() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    # The published formula, evaluated by hand: 103.1668 e^(-0.04354 * 20) - 3.1669.
    assert move_accuracy(0.20) == pytest.approx(40.020, abs=0.01)
    values = [move_accuracy(x / 100) for x in range(101)]
    assert all(a >= b for a, b in zip(values, values[1:]))
    assert values[-1] == 0.0


def _move(side: int, label: str, loss: float, forced: bool = False) -> MoveReview:
    return MoveReview(1, side, 0, 0 if label == "best" else 1, label, False, 0, 0,
                      0.5, 0.5 - loss, forced=forced)


def test_side_summary_counts_labels_and_leaves_forced_moves_out_of_accuracy() -> None:
    moves = [_move(0, "best", 0.0), _move(0, "blunder", 0.4), _move(1, "good", 0.02),
             _move(0, "best", 0.0, forced=True)]
    summary = side_summary(moves, 0)
    assert summary.counts == {"best": 2, "good": 0, "inaccuracy": 0, "mistake": 0,
                              "blunder": 1}
    assert summary.moves == 3
    assert summary.accuracy == pytest.approx((100 + move_accuracy(0.4)) / 2)
    assert set(summary.counts) == set(LABELS)


def test_verdict_wording() -> None:
    assert exact_verdict(WIN - 5, 0) == "turned a win into a draw"
    assert exact_verdict(WIN - 5, -(WIN - 6)) == "turned a win into a loss"
    assert exact_verdict(0, -(WIN - 6)) == "turned a draw into a loss"
    assert exact_verdict(0, 0) == "kept the draw"
    assert exact_verdict(WIN - 3, WIN - 3) == "kept the win"
    assert exact_verdict(WIN - 1, WIN - 1) == "won the game"
    assert exact_verdict(WIN - 1, WIN - 5) == "kept the win, in 3 moves instead of 1"
    assert exact_verdict(-(WIN - 8), -(WIN - 2)) == \
        "turned a loss into a loss in fewer moves (1 instead of 4)"
    assert exact_verdict(WIN - 9, WIN - 9, (16, 6)) == "kept the win, by 6 discs instead of 16"


# --- the played move's score is exact --------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_exact_moves_scores_the_played_move_as_plain_minimax_does(seed: int) -> None:
    """Limits.exact_moves: the chosen root move gets its exact depth-limited value."""
    rng = random.Random(seed)
    game = random_game("connect4", rng, rng.randint(2, 10))
    evaluator = load_evaluator("connect4")
    reference = Searcher(evaluator, mode="minimax").search(
        game, Limits(depth=4, use_solver=False))
    for move in game.legal_moves():
        result = Searcher(evaluator).search(
            game, Limits(depth=4, use_solver=False, exact_moves=(move,)))
        if move in reference.root_scores:
            assert result.root_scores[move] == (reference.root_scores[move].score, Bound.EXACT)


# --- exact verdicts where the solver reaches ---------------------------------------------------

def test_connect4_blunder_that_throws_a_solved_win() -> None:
    game = new_game("connect4")
    game.play_moves(C4_WON)
    win, blunder = game.parse_move("5"), game.parse_move("4")
    # Independent check with the solver.
    solution = Connect4Solver().solve(game)
    assert solution.score > 0 and solution.move_scores[win] == solution.score, game
    assert solution.move_scores[blunder] < 0, game

    reviewer = Reviewer(load_evaluator("connect4"), ReviewLimits(depth=2))
    judged = reviewer.judge(game, blunder)
    assert judged.exact and judged.label == "blunder", judged
    assert judged.best == win
    assert judged.verdict == "turned a win into a loss"
    assert judged.chance_before == 1.0 and judged.chance_after == 0.0
    assert judged.score_before > 0 > judged.score_after

    kept = reviewer.judge(game, win)
    assert kept.exact and kept.label == "best" and kept.verdict == "won the game"


def test_review_of_a_whole_game_finds_the_exact_blunder() -> None:
    game = new_game("connect4")
    game.play_moves(C4_WON + "4")
    review = review_game(game, load_evaluator("connect4"), ReviewLimits(depth=2))
    assert review.complete and len(review.moves) == len(game.move_stack)
    last = review.moves[-1]
    assert (last.ply, last.side, last.label, last.exact) == (23, 0, "blunder", True)
    assert [m.ply for m in review.moves] == list(range(1, 24))
    assert all(m.label in LABELS for m in review.moves)


def test_othello_exact_verdicts_use_the_disc_margins() -> None:
    game = new_game("othello")
    game.play_moves(OTHELLO_WON)
    solution = OthelloSolver().solve(game)
    d8, a2, b2 = (game.parse_move(t) for t in ("d8", "a2", "b2"))
    assert solution.score == 16 and solution.move_scores[d8] == 16, game
    assert solution.move_scores[a2] == 6 and solution.move_scores[b2] == -6, game

    reviewer = Reviewer(load_evaluator("othello"), ReviewLimits(depth=2))
    lost = reviewer.judge(game, b2)
    assert (lost.label, lost.exact, lost.verdict) == ("blunder", True, "turned a win into a loss")
    assert lost.margins == (16, -6) and lost.best == d8
    smaller = reviewer.judge(game, a2)
    assert (smaller.label, smaller.exact) == ("good", True)
    assert smaller.verdict == "kept the win, by 6 discs instead of 16"
    best = reviewer.judge(game, d8)
    assert (best.label, best.verdict) == ("best", "kept the win")


# --- heuristic judgements ---------------------------------------------------------------------

def test_heuristic_labels_come_from_the_drop_in_expected_result() -> None:
    """Every non-best label matches its own chances, and a best move loses nothing."""
    game = new_game("connect4")
    game.play_moves("4453526771122")
    review = review_game(game, load_evaluator("connect4"), ReviewLimits(depth=4))
    assert review.complete
    for judged in review.moves:
        if judged.label == "best":
            assert judged.best == judged.move and judged.loss == 0.0
        else:
            assert judged.best != judged.move
            assert judged.label == label_for(judged.loss)
            assert judged.score_after < judged.score_before


def test_progress_and_cancel() -> None:
    game = new_game("connect4")
    game.play_moves("44444433")
    stop = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int, latest: MoveReview | None) -> None:
        seen.append((done, total))
        if done == 3:
            stop.set()

    review = review_game(game, load_evaluator("connect4"), ReviewLimits(depth=3), stop=stop,
                         progress=progress)
    assert not review.complete
    assert len(review.moves) == 3 and review.total == 8
    assert seen == [(0, 8), (1, 8), (2, 8), (3, 8)]
    assert game.moves_text() == "44444433"  # the game itself is untouched


def test_time_limit_per_position() -> None:
    game = new_game("othello")
    game.play_moves("f5d6c3d3")
    review = review_game(game, load_evaluator("othello"), ReviewLimits(seconds=0.05))
    assert review.complete and [m.ply for m in review.moves] == [1, 2, 3, 4]
    assert all(m.depth >= 1 for m in review.moves)


def test_bad_limits_are_refused() -> None:
    with pytest.raises(ValueError):
        ReviewLimits(depth=0)
    with pytest.raises(ValueError):
        ReviewLimits(seconds=-1)


# --- a proof lost is a blunder, whatever the percentages --------------------------------------

C4_HANGS = "4272716"
"""Connect-4, Yellow to move: Red threatens 5 on the bottom row (4, 6, 7 are Red's), so
Yellow must block at 5; Yellow's 4 lets Red win at once with 5. Before it, the
evaluator's curve gives Yellow only about 23%, so the drop in winning chance is under
the 30-point blunder threshold::

    . . . . . . .
    . . . . . . X
    . . . . . . O
    O O . X . X X
    1 2 3 4 5 6 7      X Red, O Yellow (to move)
"""


def _wins_after(game, move: str) -> list[str]:
    """The opponent's replies that win at once after ``move`` (brute force; ``game``
    unchanged)."""
    game.push(game.parse_move(move))
    opponent, wins = game.turn, []
    for reply in game.legal_moves():
        game.push(reply)
        outcome = game.outcome()
        game.pop()
        if outcome is not None and outcome.winner == opponent:
            wins.append(game.move_name(reply))
    game.pop()
    return wins


def test_a_game_where_a_side_hangs_a_win_in_one_is_a_blunder_with_the_reason() -> None:
    game = new_game("connect4")
    game.play_moves(C4_HANGS + "45")  # Yellow hangs 5; Red takes it
    assert game.outcome() is not None and game.outcome().winner == 0
    probe = new_game("connect4")
    probe.play_moves(C4_HANGS)
    assert _wins_after(probe, "4") == ["5"]  # the threat Yellow had to block
    assert _wins_after(probe, "5") == []  # blocking leaves Red no win at once
    # The window's and ``plies review``'s default depth (8 for Connect-4).
    review = review_game(game, load_evaluator("connect4"), ReviewLimits())
    hang = review.moves[len(C4_HANGS)]
    assert (hang.side, game.move_name(hang.move)) == (1, "4")
    assert hang.chance_before - hang.chance_after < 0.30  # the old rule said "mistake"
    assert hang.label == "blunder"
    assert hang.verdict == "allowed Red to win at once: 5"
    assert game.move_name(hang.best) == "5"


def test_losing_a_proof_is_a_blunder_even_when_the_curve_sees_no_drop() -> None:
    """A chance curve that reads every score as 50%: only the proofs can tell."""
    flat = Reviewer(load_evaluator("connect4"), ReviewLimits(depth=4), chance=lambda s: 0.5)
    game = new_game("connect4")
    game.play_moves(C4_HANGS)
    hangs = flat.judge(game, game.parse_move("4"))
    assert (hangs.label, hangs.verdict) == ("blunder", "allowed Red to win at once: 5")
    assert flat.judge(game, game.parse_move("5")).label == "best"
    # Red to move with a win at once (5) who plays 3 instead: a proven win thrown away.
    game.play_moves("1")
    game.push(game.parse_move("5"))
    assert game.outcome() is not None and game.outcome().winner == 0
    game.pop()
    missed = flat.judge(game, game.parse_move("3"))
    assert missed.label == "blunder"
    assert missed.verdict.startswith("missed a forced win")
    # Yellow already lost (Red's open three on the bottom row threatens 3 and 7): a
    # move that loses at once gives nothing away that was not already gone.
    lost = new_game("connect4")
    lost.play_moves("44556")
    assert all(_wins_after(lost, move) for move in "1234567")
    assert flat.judge(lost, lost.parse_move("1")).label != "blunder"
