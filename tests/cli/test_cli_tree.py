"""`plies tree`: the recorded search as text and JSON, and its answers to bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]

BUSY_OTHELLO = "f5f6e6f4g6d7c3c5d3g4c6c4e8g7f3c7"
"""A midgame whose depth-4 minimax tree has more than the node cap."""


def test_text_is_an_indented_tree_with_windows_and_pruned_marks(capsys):
    assert main(["tree", "connect4", "--moves", "4453", "--depth", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("alpha-beta search of depth 2: MAX is Red, MIN is Yellow")
    assert "value −24, best move 6; 21 nodes" in out[1]
    assert out[2] == "root MAX −24  (α, β) = (−∞, +∞)"
    assert "  4 MIN −36  (α, β) = (−∞, +∞)" in out
    assert "    4 leaf −36" in out
    assert "  3 MIN ≤−96  (α, β) = (−36, +∞)" in out  # cut short: at most −96
    assert "    ✂ pruned: 3 5 2 6 1 7" in out


def test_json_nests_the_nodes(capsys):
    assert main(["tree", "othello", "--moves", "f5d6", "--depth", "3", "--mode", "minimax",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "minimax" and data["depth"] == 3 and data["max"] == "Black"
    root = data["tree"]
    assert root["kind"] == "max" and root["move"] is None and root["alpha"] is None
    child = root["children"][0]
    assert child["kind"] == "min" and child["order"] == 1 and child["pruned"] == []
    leaf = child["children"][0]["children"][0]
    assert leaf["kind"] == "leaf" and isinstance(leaf["value"], int)
    assert data["nodes"] > data["leaves"] > 0 and data["pruned"] == 0


def test_compare_gives_each_modes_cost_on_one_position(capsys):
    assert main(["tree", "othello", "--moves", "f5d6c3d3c4", "--depth", "3", "--compare",
                 "--json"]) == 0
    modes = json.loads(capsys.readouterr().out)["modes"]
    assert set(modes) == {"minimax", "alphabeta", "ordered"}
    assert len({m["value"] for m in modes.values()}) == 1
    assert modes["alphabeta"]["nodes"] < modes["minimax"]["nodes"]
    assert modes["ordered"]["ordering_looks"] > 0 == modes["alphabeta"]["ordering_looks"]


@pytest.mark.slow
def test_a_tree_past_the_cap_is_refused_with_advice(capsys):
    # In this process, as the other refusals here: the status and the one line on
    # stderr are main's, with no program to start.
    status = main(["tree", "othello", "--moves", BUSY_OTHELLO, "--depth", "4", "--mode",
                   "minimax"])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert "more than 20,000 nodes" in lines[0] and "choose depth 3" in lines[0]


@pytest.mark.parametrize("args, words", [
    (["tree", "chess"], "unknown game"),
    (["tree", "connect4", "--depth", "5"], "depth must be 1 to 4"),
    (["tree", "connect4", "--depth", "0"], "depth must be 1 to 4"),
    (["tree", "connect4", "--depth", "two"], "invalid int value"),
    (["tree", "connect4", "--mode", "full"], "invalid choice"),
    (["tree", "connect4", "--moves", "4444444"], "move 7"),
    (["tree", "connect4", "--moves", "1212121"], "already over"),
    (["tree", "othello", "--size", "9"], "--size does not apply"),
    (["tree", "gomoku", "--eval", "nosuch"], "unknown evaluator"),
])
def test_bad_input_exits_2_with_one_line(args, words, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], captured.err


def test_module_doctest():
    import doctest

    import game.commands.tree as module
    assert doctest.testmod(module).failed == 0


@pytest.mark.slow
def test_the_readme_cost_table_is_what_the_program_counts():
    """Each row of the README's table: `plies tree G --moves M --depth D --compare`."""
    import re

    from ai.evaluators import load_evaluator
    from ai.explain.tree import compare
    from game.rules import new_game

    text = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (Connect-4|Othello|Tic-tac-toe) `(\w+)` \| (\d) \| ([\d,]+)(?: nodes)? "
                      r"\| ([\d,]+) \| ([\d,]+) \(\+([\d,]+)\) \|$", text, re.M)
    assert len(rows) == 3
    names = {"Connect-4": "connect4", "Othello": "othello", "Tic-tac-toe": "tictactoe"}
    for title, moves, depth, *figures in rows:
        game = new_game(names[title])
        game.play_moves(moves)
        trees = compare(game, load_evaluator(game.name), int(depth))
        counted = [trees["minimax"].node_count, trees["alphabeta"].node_count,
                   trees["ordered"].node_count, trees["ordered"].ordering_looks]
        assert [int(f.replace(",", "")) for f in figures] == counted, title


def test_board_sets_up_the_position_as_the_moves_reach_it(capsys):
    """The same position, set up from a diagram or reached by its moves: the same tree."""
    trees = []
    for where in (["--moves", "44"], ["--board", "......./......./......./......./...O.../...X..."]):
        assert main(["tree", "connect4", *where, "--depth", "2", "--json"]) == 0
        payload = json.loads(capsys.readouterr().out)
        payload.pop("moves")
        trees.append(payload)
    assert trees[0] == trees[1]
    assert main(["tree", "connect4", "--board", "......./......./......./......./...X.../...X...",
                 "--depth", "2"]) == 2  # two Red and no Yellow: refused like everywhere
    assert "cannot come from alternate moves" in capsys.readouterr().err
