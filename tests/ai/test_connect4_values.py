"""The Connect-4 value-keeping positions (game/data/connect4_values.txt) are right.

Each entry's result and keeping moves were computed by the exact solver with no time
limit (ai/tools/connect4_values.py). Here the late entries (18 stones or more, quick
to prove) are checked again, each move's class by ``Connect4Solver.classes`` and the
position's result by an independent search of the root (one ``[-1, 1]`` window,
on its own table); a slow test checks a sample of the deeper ones. ``plies bench connect4
--values`` is run on a tiny subset.
"""

from __future__ import annotations

import json

import pytest

from ai.endgame.connect4 import Connect4Solver
from game.commands.bench_values import RESULTS, measure_value_keeping, load_values, parse_values
from game.cli import main


def exact_class(game) -> int:
    """The position's result class (1, 0, -1) by a search of the root itself, on a
    fresh table: one ``[-1, 1]`` window, whose answer inside the window is exact and
    outside it a bound of the right sign. Independent of ``classes`` (which searches
    each child with its own window on another table) in the same way as the root
    narrowing of ``solve`` used here before; that narrowing went on to the exact
    score (how soon the win or loss comes), which nothing here reads: only its sign
    was compared, and the window settles the sign for about half the nodes. The
    narrowing itself is checked against a plain negamax and Pons' figures in
    ``test_connect4_ai``."""
    solver = Connect4Solver(None, None)
    _, engine = solver._engine_for(game, lambda: None, budget=False)
    value = engine.bound(game.current, game.mask, game.mask.bit_count(), -1, 1)
    return (value > 0) - (value < 0)


def check_entry(position) -> None:
    game = position.game()
    classes = Connect4Solver(None, None).classes(game.copy())
    result = max(classes.values())
    assert result == position.result, position.moves
    assert {m for m, c in classes.items() if c == result} == position.keeping, position.moves
    assert exact_class(game.copy()) == position.result, position.moves


def test_the_file_is_well_formed_and_covers_both_bands():
    positions = load_values()
    assert len(positions) >= 30
    assert len({p.moves for p in positions}) == len(positions)
    assert all(8 <= p.stones <= 20 and p.keeping for p in positions)
    assert any(p.stones <= 13 for p in positions) and any(p.stones >= 14 for p in positions)
    assert {p.result for p in positions} >= {1, -1}


@pytest.mark.slow
def test_the_late_entries_agree_with_the_solver():
    late = [p for p in load_values() if p.stones >= 18]
    assert len(late) >= 5
    for position in late:
        check_entry(position)


@pytest.mark.slow
def test_a_sample_of_the_middle_entries_agrees_with_the_solver():
    middle = [p for p in load_values() if 14 <= p.stones < 18]
    for position in middle[::7]:  # 4 of 28, a few seconds each
        check_entry(position)


@pytest.mark.slow
def test_a_sample_of_the_early_entries_agrees_with_the_solver():
    """The 8-13 stone band (session 6's batch was classified by ``keepers``): the
    cheaper ones with 12-13 stones, again by ``classes`` and an exact ``solve``."""
    early = [p for p in load_values() if 12 <= p.stones <= 13 and p.result >= 0]
    assert len(early) >= 10
    for position in early[::7]:  # 2 of 14
        check_entry(position)


def test_a_bad_line_is_one_sentence_with_its_number():
    for text in ("44 maybe 4", "44 win", "4x win 4", "44 win 9", "4444444 win 4"):
        with pytest.raises(ValueError) as caught:
            parse_values("# header\n" + text + "\n")
        assert "line 2" in str(caught.value) and "\n" not in str(caught.value)
    assert parse_values("444 draw 35\n")[0].keeping == frozenset({2, 4})


def test_a_level_keeps_the_value_when_its_move_is_a_keeping_move():
    """The counts add up: every won or drawn position is tried once, in its band."""
    positions = [p for p in load_values() if p.stones >= 18][:4]
    figures = measure_value_keeping(8, positions)
    tried = sum(1 for p in positions if p.result >= 0)
    assert figures.kept["all"][1] == tried
    assert figures.kept["all"][0] == tried - len(figures.lost_values)
    assert figures.kept["8-13"][1] + figures.kept["14+"][1] == tried


def test_plies_bench_values_reports_per_level_and_band(capsys):
    assert main(["bench", "connect4", "--values", "--levels", "1-2", "--every", "10",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["level"] for row in data["levels"]] == [1, 2]
    for row in data["levels"]:
        assert set(row["kept"]) == {"8-13", "14+", "all"}
        assert row["kept"]["all"]["of"] == row["kept"]["8-13"]["of"] + row["kept"]["14+"]["of"]
    assert main(["bench", "othello", "--values"]) == 2
    assert main(["bench", "connect4", "--values", "--levels", "9"]) == 2
    assert set(RESULTS) == {"win", "draw", "loss"}


@pytest.mark.slow
def test_the_proof_measuring_tool_prints_both_modes_with_the_same_score(capsys):
    from ai.tools.connect4_proofs import main as proofs

    assert proofs(["736411134622247522"]) == 0
    line = capsys.readouterr().out
    assert "solve: +0" in line and "prove: +0" in line and "24 empty" in line


def test_seed_sets_add_up_one_run_per_set_with_its_seeds():
    """``--seed-sets 3``: each position three times, set k's searcher seeded with
    ``index + 1000 k``; the counts are those of the three runs played by hand."""
    from ai.evaluators import load_evaluator
    from ai.levels import level
    from ai.search import Searcher
    from game.commands.bench_values import SEED_SET_STRIDE

    positions = [p for p in load_values() if p.stones <= 10][:6]
    figures = measure_value_keeping(1, positions, seed_sets=3)
    kept = tried = 0
    for k in range(3):
        for index, position in enumerate(positions):
            if position.result < 0:
                continue
            evaluator = load_evaluator("connect4")
            move = Searcher(evaluator, seed=index + SEED_SET_STRIDE * k).search(
                position.game(), level("connect4", 1).limits(evaluator.unit)).move
            kept += move in position.keeping
            tried += 1
    assert figures.kept["all"] == (kept, tried)
    assert tried == 3 * sum(1 for p in positions if p.result >= 0) > 0
    assert measure_value_keeping(1, positions).kept["all"][1] == tried // 3
