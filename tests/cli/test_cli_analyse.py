"""``plies analyse``: plain, ``--multipv N`` and ``--explain``, text and JSON."""

from __future__ import annotations

import json

import pytest

from ai.evaluators import load_evaluator
from ai.evaluators.base import is_proven
from ai.explain.winchance import win_chance
from ai.search import Limits, Searcher
from game.cli import main
from game.rules import new_game

POSITIONS = [  # (game, variant, moves, depth): small enough for the plain reference
    ("connect4", {}, "4453", 5),
    ("othello", {}, "f5d6c3", 3),
    ("gomoku", {"size": 9}, "e5 d4 f4", 2),
]


def reference(evaluator, game, depth, ply=0):
    """Plain negamax over the evaluator's candidates (no pruning, no table): the
    depth-limited value every search mode must agree with."""
    outcome = game.outcome()
    if outcome is not None:
        return evaluator.terminal_score(game, outcome, ply)
    if depth == 0:
        return evaluator.evaluate(game)
    best = None
    for move in evaluator.candidate_moves(game):
        game.push(move)
        value = -reference(evaluator, game, depth - 1, ply + 1)
        game.pop()
        best = value if best is None else max(best, value)
    return best


@pytest.mark.parametrize("name,variant,moves,depth", POSITIONS)
def test_multipv_scores_are_each_moves_exact_value(name, variant, moves, depth):
    game = new_game(name, **variant)
    game.play_moves(moves)
    evaluator = load_evaluator(name)
    top = Searcher(evaluator).search_top(game, Limits(depth=depth, use_solver=False), 4)
    assert len(top.lines) == min(4, len(evaluator.root_moves(game)))
    scores = [line.score for line in top.lines]
    assert scores == sorted(scores, reverse=True)
    exact = {}
    for move in evaluator.root_moves(game):
        game.push(move)
        exact[move] = -reference(evaluator, game, depth - 1, 1)
        game.pop()
    for line in top.lines:
        assert line.score == exact[line.move], game.move_name(line.move)
        assert line.pv[0] == line.move and len(line.pv) <= depth
    # The listed moves are the best ones: nothing left out scores higher than the last.
    listed = {line.move for line in top.lines}
    assert all(v <= scores[-1] for m, v in exact.items() if m not in listed)
    # Top-1 is what the ordinary search says.
    single = Searcher(evaluator).search(game, Limits(depth=depth, use_solver=False))
    assert single.score == scores[0] and exact[single.move] == scores[0]


def test_multipv_stops_on_a_proven_result_and_reports_exact_trees():
    game = new_game("connect4")
    game.play_moves("444444333333")
    top = Searcher(load_evaluator("connect4")).search_top(game, Limits(depth=12), 2)
    assert all(is_proven(line.score) and line.score > 0 for line in top.lines)
    over = new_game("connect4")
    over.play_moves("4343434")
    assert Searcher(load_evaluator("connect4")).search_top(over, Limits(depth=3), 2).lines == ()
    with pytest.raises(ValueError):
        Searcher(load_evaluator("connect4")).search_top(game, Limits(depth=3), 0)


def test_plain_text_and_json_speak_in_winning_chances(capsys):
    assert main(["analyse", "othello", "--moves", "f5d6c3", "--depth", "3"]) == 0
    text = capsys.readouterr().out
    assert "best move: " in text and "score: White " in text and "% (" in text
    assert main(["analyse", "othello", "--moves", "f5d6c3", "--depth", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["side"] == "White" and data["win_chance"] == pytest.approx(
        win_chance("othello", data["score"]), abs=1e-4)
    assert data["words"].startswith("White ") and data["unit"].endswith("discs")


def test_proven_scores_are_words_not_numbers(capsys):
    assert main(["analyse", "connect4", "--moves", "444444333333", "--depth", "8"]) == 0
    text = capsys.readouterr().out
    assert "score: Red wins in 2 moves" in text and "1000000" not in text


def test_multipv_text_and_json(capsys):
    args = ["analyse", "connect4", "--moves", "4453", "--depth", "5", "--multipv", "3"]
    assert main(args) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("top 3 for Red (depth 5") and len(rows) == 4
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["lines"]) == 3 and data["depth"] == 5
    for line in data["lines"]:
        assert set(line) >= {"move", "score", "win_chance", "words", "unit", "pv"}
        assert line["pv"][0] == line["move"]
    assert [ln["score"] for ln in data["lines"]] == sorted(
        (ln["score"] for ln in data["lines"]), reverse=True)


def test_explain_names_the_terms_that_differ(capsys):
    args = ["analyse", "othello", "--moves", "f5d6c3", "--depth", "4", "--explain"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "why " in text and " over " in text and "total (static score)" in text
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    why = data["explain"]
    assert why["best"] == data["lines"][0]["move"] and why["second"] == data["lines"][1]["move"]
    assert sum(t["points"] for t in why["terms"]) == why["total_best"] - why["total_second"]
    assert why["summary"]


def test_bad_multipv_is_one_line_and_exit_2(capsys):
    assert main(["analyse", "connect4", "--multipv", "0", "--depth", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "multipv" in err


# Othello with 11 empty squares, White to move (self-play at depth 1).
OTHELLO_END = ("d3c3c4e3f3f5f4d6c6g4h5h4h3b4d7e6g3f6g5h6c5g6a3b5a5a4f2a6d2c2b3c1e2e1b6"
               "f1a7c8d8e8e7f7h7a2a1b2b1h2h1")


def test_multipv_in_the_solvers_reach_gives_each_moves_exact_margin(capsys):
    from ai.endgame import solver_for

    game = new_game("othello")
    game.play_moves(OTHELLO_END)
    top = Searcher(load_evaluator("othello")).search_top(game, Limits(depth=4), 5)
    assert top.exact and len(top.lines) == len(game.legal_moves())
    solver = solver_for("othello")
    for line in top.lines:
        child = game.copy()
        child.push(line.move)
        assert line.margin == -solver.solve(child).score  # the child's side is the other
        replay = game.copy()
        for move in line.pv:
            replay.play(move)  # every line is legal
    margins = [line.margin for line in top.lines]
    assert margins == sorted(margins, reverse=True)
    assert margins[0] == solver.solve(game.copy()).score
    assert main(["analyse", "othello", "--moves", OTHELLO_END, "--depth", "3",
                 "--multipv", "2"]) == 0
    assert "White loses by 50 discs" in capsys.readouterr().out
    # Why, when the lines are proved: the results themselves, not the evaluator's terms.
    assert main(["analyse", "othello", "--moves", OTHELLO_END, "--depth", "3",
                 "--explain"]) == 0
    assert "why g7 over b7: g7 loses by 2 discs fewer than b7" in capsys.readouterr().out
    assert main(["analyse", "connect4", "--moves", "444444333333", "--depth", "8",
                 "--explain"]) == 0
    assert "why 5 over 2: both win in 2 moves" in capsys.readouterr().out
