"""Generated exercises' answer keys against a slow textbook minimax and a textbook
alpha-beta written here (on the exercise's plain JSON tree, not the engine's code),
for every kind and game; and their leaf values against the real evaluator.
"""

from __future__ import annotations

import itertools
import json

import pytest

from ai.evaluators import load_evaluator
from ai.explain.exercises import (
    INF,
    ExerciseError,
    check_pruned,
    check_value,
    check_window,
    generate,
    nodes_visited,
)
from game.rules import new_game

POSITIONS = [("tictactoe", ""), ("connect4", "4453"), ("othello", "f5d6"),
             ("gomoku", "h8 i9 h9")]


def textbook_minimax(node: dict, maximising: bool = True) -> int:
    """Russell and Norvig's MINIMAX-VALUE on the JSON tree."""
    if node["kind"] == "leaf":
        return node["value"]
    values = [textbook_minimax(c, not maximising) for c in node["children"]]
    return max(values) if maximising else min(values)


def textbook_alphabeta(node: dict, alpha: float, beta: float, maximising: bool,
                       seen: list, windows: dict) -> float:
    """The textbook's ALPHA-BETA, fail-soft (the value may lie outside the window),
    recording the visited nodes and the window each was entered with."""
    seen.append(node["id"])
    windows[node["id"]] = (alpha, beta)
    if node["kind"] == "leaf":
        return node["value"]
    if maximising:
        value = -float("inf")
        for child in node["children"]:
            value = max(value, textbook_alphabeta(child, alpha, beta, False, seen, windows))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = float("inf")
    for child in node["children"]:
        value = min(value, textbook_alphabeta(child, alpha, beta, True, seen, windows))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def all_nodes(node: dict) -> list[dict]:
    out = [node]
    for child in node.get("children", []):
        out += all_nodes(child)
    return out


def make(kind: str, name: str, moves: str, seed: int, depth: int = 3, width: int = 2):
    game = new_game(name)
    game.play_moves(moves)
    return generate(kind, game, load_evaluator(name), depth=depth, seed=seed, width=width)


@pytest.mark.parametrize("name, moves", POSITIONS)
@pytest.mark.parametrize("seed", range(3))
def test_minimax_keys_are_the_textbook_values(name, moves, seed):
    exercise = make("minimax", name, moves, seed)
    data = json.loads(json.dumps(exercise.to_json()))
    tree, values = data["tree"], data["answers"]["values"]
    for node in all_nodes(tree):
        if node["kind"] == "leaf":
            assert values[node["id"]] == node["value"]
        else:
            assert values[node["id"]] == textbook_minimax(node, node["kind"] == "max")
    assert data["tree"]["kind"] == "max"


@pytest.mark.parametrize("name, moves", POSITIONS)
@pytest.mark.parametrize("seed", range(3))
def test_alphabeta_keys_are_the_textbook_search(name, moves, seed):
    exercise = make("alphabeta", name, moves, seed, width=3)
    data = json.loads(json.dumps(exercise.to_json()))
    seen: list = []
    windows: dict = {}
    value = textbook_alphabeta(data["tree"], -float("inf"), float("inf"), True, seen, windows)
    key = data["answers"]["alphabeta"]
    assert value == textbook_minimax(data["tree"]) == key["values"]["A"]
    assert key["visited"] == seen
    unseen = [n["id"] for n in all_nodes(data["tree"]) if n["kind"] == "leaf"
              and n["id"] not in seen]
    assert sorted(key["leaves_never_visited"]) == sorted(unseen)

    def back(v):
        return -float("inf") if v <= -INF else float("inf") if v >= INF else v
    assert {k: tuple(map(back, w)) for k, w in key["windows"].items()} == windows


@pytest.mark.parametrize("name, moves", POSITIONS)
def test_ordering_keys_are_the_best_and_worst_of_every_order(name, moves):
    exercise = make("ordering", name, moves, 5, width=3)
    data = exercise.to_json()
    tree = data["tree"]
    counts = {}
    for perm in itertools.permutations(tree["children"]):
        seen: list = []
        textbook_alphabeta({**tree, "children": list(perm)}, -float("inf"), float("inf"),
                           True, seen, {})
        counts[tuple(c["id"] for c in perm)] = len(seen)
    key = data["answers"]["ordering"]
    assert key["best_nodes"] == min(counts.values()) == counts[tuple(key["best_order"])]
    assert key["worst_nodes"] == max(counts.values()) == counts[tuple(key["worst_order"])]
    assert nodes_visited(exercise.root, key["best_order"]) == key["best_nodes"]


def test_leaf_values_are_the_evaluators_on_the_real_positions():
    exercise = make("minimax", "connect4", "4453", 2)
    evaluator = load_evaluator("connect4")
    for node in exercise.nodes:
        if node.kind != "leaf" or node.terminal:
            continue
        game = new_game("connect4")
        game.play_moves("4453" + "".join(node.path))
        own = evaluator.evaluate(game)
        assert node.value == (own if game.turn == 0 else -own)  # MAX is Red here


def test_same_seed_same_exercise_other_seed_other_one():
    a = make("minimax", "connect4", "4453", 7).to_json()
    b = make("minimax", "connect4", "4453", 7).to_json()
    c = make("minimax", "connect4", "4453", 8).to_json()
    assert a == b and a["tree"] != c["tree"]


def test_checks_give_the_reason_when_wrong():
    exercise = make("minimax", "tictactoe", "", 3, depth=2)
    node = exercise.root.children[0]
    truth = exercise.key["values"][node.id]
    assert check_value(exercise, node.id, truth)[0]
    ok, why = check_value(exercise, node.id, truth + 1)
    assert not ok and "MIN node takes the smallest" in why and str(abs(truth)) in why
    ab = make("alphabeta", "connect4", "4453", 1, width=3)
    a, b = ab.key["alphabeta"]["windows"]["B"]
    assert check_window(ab, "B", a, b)[0] and not check_window(ab, "B", a + 1, b)[0]
    never = set(ab.key["alphabeta"]["leaves_never_visited"])
    assert check_pruned(ab, never)[0]
    assert not check_pruned(ab, never | {"N"} if "N" not in never else never - {"N"})[0]


def test_bad_requests_are_one_sentence():
    with pytest.raises(ExerciseError, match="depth"):
        make("minimax", "tictactoe", "", 1, depth=9)
    game = new_game("tictactoe")
    game.play_moves("a1 a2 b1 b2 c1")
    with pytest.raises(ExerciseError, match="over"):
        generate("minimax", game, load_evaluator("tictactoe"))
