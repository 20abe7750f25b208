"""Hand-made trees, the alpha-beta conventions, exercises that test something, checking.

The expected values come from the lecture notes' worked examples and from textbook
minimax and alpha-betas written here, slowly and plainly, one per convention:

* Russell & Norvig's MAX-VALUE/MIN-VALUE, fail-soft, pruning on v ≥ β (and, for the
  strict rule, on v > β);
* Cornell's ``minimax(n, d, min, max)`` (CS 312 notes): fail-hard, pruning only when
  v > max (v < min at MIN nodes), v starting at the window's edge;
* the fail-hard alpha-beta of the chess-programming notes: ``if score >= beta return
  beta; if score > alpha: alpha = score; ... return alpha``.

Trees: the University of Wisconsin CS540 example S -> A(100 3 -1) B(6 5) C(2 9), whose
root is worth 5 and whose leaf 9 is pruned, and the number-line walk-through
``((((3 17) (2 12)) ((15) (25 0))) (((2 5) (3)) ((2 14))))``, root 3 with six leaves
examined.
"""

from __future__ import annotations

import json
import random
from typing import Any, Union

import pytest

from ai.evaluators import load_evaluator
from ai.explain.answers import Item, check, key_items, parse_bounded, parse_window
from ai.explain.conventions import Conventions
from ai.explain.exercises import DIFFICULTIES, INF, LEVELS, ExerciseError, generate
from ai.explain.tree import record
from ai.explain.trees import (
    MAX_HEIGHT,
    HandTree,
    LeafEvaluator,
    TreeSyntaxError,
    hand_tree,
    parse_tree,
    read_tree_json,
)
from ai.search import Limits, Searcher
from game.cli import main
from game.formats.gift import gift_quiz
from game.rules import new_game

WISCONSIN = "((100 3 -1) (6 5) (2 9))"
WALK_THROUGH = "((((3 17) (2 12)) ((15) (25 0))) (((2 5) (3)) ((2 14))))"
CONVENTIONS = [Conventions(p, v) for p in ("ge", "gt") for v in ("soft", "hard")]

# --- the textbook, slowly --------------------------------------------------------------

Tree = Union[tuple[int, int], list["Tree"]]
"""A leaf is ``(leaf number, value)``, numbered left to right; an inner node a list."""


def numbered(text: str) -> Tree:
    """The notes' nested lists as :data:`Tree` (a plain recursive reader)."""
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()
    count = [0]

    def read(i: int) -> tuple[Tree, int]:
        if tokens[i] == "(":
            out: list[Tree] = []
            i += 1
            while tokens[i] != ")":
                child, i = read(i)
                out.append(child)
            return out, i + 1
        count[0] += 1
        return (count[0] - 1, int(tokens[i])), i + 1

    return read(0)[0]


def minimax(t: Tree, is_max: bool) -> int:
    if isinstance(t, tuple):
        return t[1]
    values = [minimax(c, not is_max) for c in t]
    return max(values) if is_max else min(values)


def norvig(t: Tree, a: float, b: float, is_max: bool, seen: list[int], strict: bool) -> float:
    """MAX-VALUE / MIN-VALUE, fail-soft; ``strict``: prune only on v > β (v < α)."""
    if isinstance(t, tuple):
        seen.append(t[0])
        return t[1]
    if is_max:
        v = -float("inf")
        for c in t:
            v = max(v, norvig(c, a, b, False, seen, strict))
            if (v > b) if strict else (v >= b):
                return v
            a = max(a, v)
        return v
    v = float("inf")
    for c in t:
        v = min(v, norvig(c, a, b, True, seen, strict))
        if (v < a) if strict else (v <= a):
            return v
        b = min(b, v)
    return v


def cornell(t: Tree, lo: float, hi: float, is_max: bool, seen: list[int]) -> float:
    """Cornell's minimax(n, d, min, max): fail-hard, strict."""
    if isinstance(t, tuple):
        seen.append(t[0])
        return t[1]
    if is_max:
        v = lo
        for c in t:
            v2 = cornell(c, v, hi, False, seen)
            if v2 > v:
                v = v2
            if v > hi:
                return hi
        return v
    v = hi
    for c in t:
        v2 = cornell(c, lo, v, True, seen)
        if v2 < v:
            v = v2
        if v < lo:
            return lo
    return v


def hard_ge(t: Tree, a: float, b: float, is_max: bool, seen: list[int]) -> float:
    """The chess-programming notes' fail-hard alpha-beta, pruning on score ≥ β."""
    if isinstance(t, tuple):
        seen.append(t[0])
        return t[1]
    for c in t:
        score = hard_ge(c, a, b, not is_max, seen)
        if is_max:
            if score >= b:
                return b
            a = max(a, score)
        else:
            if score <= a:
                return a
            b = min(b, score)
    return a if is_max else b


def textbook(t: Tree, root_max: bool, rule: Conventions) -> tuple[float, list[int]]:
    """The root's value and the leaves examined, in order, by the textbook of ``rule``."""
    seen: list[int] = []
    inf = float("inf")
    if rule.values == "soft":
        value = norvig(t, -inf, inf, root_max, seen, strict=rule.prune == "gt")
    elif rule.prune == "gt":
        value = cornell(t, -inf, inf, root_max, seen)
    else:
        value = hard_ge(t, -inf, inf, root_max, seen)
    return value, seen


def random_tree(rng: random.Random) -> str:
    def grow(depth: int) -> str:
        if depth == 0 or (depth < 3 and rng.random() < 0.15):
            return str(rng.randint(-9, 9))
        return "(" + " ".join(grow(depth - 1) for _ in range(rng.randint(1, 3))) + ")"
    return "(" + " ".join(grow(rng.randint(1, 3)) for _ in range(rng.randint(2, 3))) + ")"


def visited_leaves(exercise: Any) -> list[int]:
    """The leaves the key says alpha-beta examined, as left-to-right numbers, in the
    order it examined them."""
    leaves = [n.id for n in exercise.nodes if n.kind == "leaf"]
    order = exercise.key["alphabeta"]["visited"]
    return [leaves.index(i) for i in order if i in leaves]


# --- the notes' examples -----------------------------------------------------------------

def test_wisconsin_root_is_5_and_only_the_leaf_9_is_pruned(capsys):
    assert main(["exercise", "alphabeta", "--tree", WISCONSIN, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    answers = data["answers"]
    assert answers["values"]["A"] == 5 and answers["alphabeta"]["values"]["A"] == 5
    never = answers["alphabeta"]["leaves_never_visited"]
    leaves = {c["id"]: c["value"] for b in data["tree"]["children"] for c in b["children"]}
    assert [leaves[i] for i in never] == [9]
    assert data["conventions"]["prune"] == "ge" and "α ≥ β" in data["question"]
    # The key says what alpha-beta knows at C (the third MIN node): at most 2.
    third = data["tree"]["children"][2]["id"]
    assert answers["alphabeta"]["nodes"][third] == {
        "visit": 9, "alpha": 5, "beta": INF, "value": 2, "bound": "upper"}


def test_walk_through_root_3_six_leaves_and_the_strict_rule():
    t = numbered(WALK_THROUGH)
    for rule in CONVENTIONS:
        exercise = generate("alphabeta", *hand_tree(WALK_THROUGH), conventions=rule)
        value, seen = textbook(t, True, rule)
        assert exercise.key["alphabeta"]["values"]["A"] == value == 3
        assert visited_leaves(exercise) == seen, rule
    ge = generate("alphabeta", *hand_tree(WALK_THROUGH))
    assert ge.key["alphabeta"]["leaves_visited"] == 6  # the walk-through's count
    strict_hard = generate("alphabeta", *hand_tree(WALK_THROUGH),
                           conventions=Conventions("gt", "hard"))
    assert strict_hard.key["alphabeta"]["leaves_visited"] == len(
        textbook(t, True, Conventions("gt", "hard"))[1])


@pytest.mark.parametrize("seed", range(60))
def test_random_trees_agree_with_every_textbook(seed):
    rng = random.Random(seed)
    text = random_tree(rng)
    root = rng.choice(["max", "min"])
    t = numbered(text)
    truth = minimax(t, root == "max")
    for rule in CONVENTIONS:
        game, leaves = hand_tree(text, root)
        exercise = generate("alphabeta", game, leaves, conventions=rule)
        value, seen = textbook(t, root == "max", rule)
        trace = exercise.key["alphabeta"]
        assert trace["values"]["A"] == value == truth, (text, rule)
        assert visited_leaves(exercise) == seen, (text, rule)
        # Never an exact value the search did not compute; bounds that hold.
        values = exercise.key["values"]
        for node_id, got in exercise.node_keys().items():
            if got.visit is None:
                continue
            true = values[node_id]
            assert got.value is not None
            if got.bound == "exact":
                assert got.value == true, (text, rule, node_id)
            elif got.bound == "lower":
                assert true >= got.value, (text, rule, node_id)
            else:
                assert true <= got.value, (text, rule, node_id)
        # The explorer's recording agrees: root value, leaves scored, and bounds.
        tree = record(game, leaves, 1, "alphabeta", conventions=rule)
        assert tree.value == truth and tree.leaves == len(seen), (text, rule)
        recorded = {n.name or "A": (n.value, n.bound) for n in tree.nodes}
        for node_id, got in exercise.node_keys().items():
            if got.visit is not None:
                assert recorded[node_id] == (got.value, got.bound), (text, rule, node_id)


def test_the_engine_search_and_minimax_accept_a_hand_made_tree():
    for text, root in ((WISCONSIN, "max"), (WALK_THROUGH, "max"), (WISCONSIN, "min")):
        game, leaves = hand_tree(text, root)
        truth = minimax(numbered(text), root == "max")
        result = Searcher(leaves).search(game, Limits(depth=game.spec.height))
        # the search's score is the side to move's; MAX is side 0
        assert (result.score if game.turn == 0 else -result.score) == truth
        full = record(game, leaves, 1, "minimax")
        assert full.value == truth and full.leaves == len(game.spec.leaf_values())


def test_min_root_and_labels_from_json():
    text = json.dumps({"root": "min", "tree": [
        {"label": "L", "children": [3, {"label": "x1", "value": 12}]},
        {"label": "R", "children": [2, 4]}]})
    spec = read_tree_json(text)
    game = HandTree(spec)
    exercise = generate("minimax", game, LeafEvaluator())
    assert exercise.root.kind == "min" and [c.id for c in exercise.root.children] == ["L", "R"]
    assert exercise.key["values"]["A"] == min(max(3, 12), max(2, 4)) == 4
    assert exercise.key["values"]["L"] == 12 and "x1" in {n.id for n in exercise.nodes}
    assert "MIN node" in exercise.question()
    # plies exercise --json output reads back as the same tree
    again = read_tree_json(json.dumps({"tree": exercise.tree_json()}))
    assert again.labels == spec.labels and again.root == "min"


# --- refusals ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("((1 2) (3 4)", "never closed"),
    ("((1 2) (3 4)))", "more after"),
    (")(", "no opening"),
    ("((1 two))", "not a number"),
    ("((1 2.5))", "whole number"),
    ("((1 2) ())", "empty"),
    ("7", "opening bracket"),
    ("", "empty"),
    ("(" * 40_000 + "1" + ")" * 40_000, "deep"),
    ("(" + " ".join(["(1 2)"] * 700) + ")", "2,000 nodes"),
])
def test_refused_trees_get_one_sentence(text, words):
    with pytest.raises(TreeSyntaxError) as caught:
        parse_tree(text)
    message = str(caught.value)
    assert words in message and "\n" not in message and len(message) < 200


def test_deep_json_is_refused_without_recursion_error():
    for text in ("[" * 100_000 + "]" * 100_000, json.dumps(
            {"tree": _nested(MAX_HEIGHT + 1)})):
        with pytest.raises(TreeSyntaxError, match="deep"):
            read_tree_json(text)
    with pytest.raises(TreeSyntaxError, match="label"):
        read_tree_json('{"tree": [{"label": "a b", "value": 1}, 2]}')
    with pytest.raises(TreeSyntaxError, match="two nodes"):
        read_tree_json('{"tree": [{"label": "Q", "value": 1}, {"label": "Q", "value": 2}]}')


def _nested(levels: int) -> Any:
    node: Any = 1
    for _ in range(levels):
        node = [node, 2]
    return node


def test_cli_refuses_a_bad_tree_in_one_line(capsys, tmp_path):
    assert main(["exercise", "minimax", "--tree", "((1 2) (3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "never closed" in err and "\n" not in err
    assert main(["tree", "--tree", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["exercise", "alphabeta", "--game", "tictactoe", "--depth", "1"]) == 2
    assert "depth 2" in capsys.readouterr().err


def test_plies_tree_reads_a_json_file_and_states_its_rules(capsys, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"tree": json.loads(WISCONSIN.replace("(", "[").replace(
        ")", "]").replace(" ", ", ").replace("[, ", "["))}), encoding="utf-8")
    assert main(["tree", "--tree", str(path), "--prune", "gt", "--values", "hard",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 5 and data["conventions"]["prune"] == "gt"
    assert main(["tree", "--tree", WALK_THROUGH]) == 0
    out = capsys.readouterr().out
    assert "α ≥ β" in out.splitlines()[0] and "value +3" in out


# --- generated exercises that test something ----------------------------------------------

GAMES = ("tictactoe", "connect4", "othello", "gomoku")


@pytest.mark.parametrize("name", GAMES)
def test_every_generated_exercise_tests_something(name):
    game, evaluator = new_game(name), load_evaluator(name)
    for level in DIFFICULTIES.values():
        for seed in range(1, 101):
            ab = generate("alphabeta", game, evaluator, depth=level.depth,
                          width=level.width, seed=seed)
            assert _textbook_cuts(ab), (name, level.name, seed)
            order = generate("ordering", game, evaluator, depth=level.depth,
                             width=level.width, seed=seed)
            o = order.key["ordering"]
            given = _textbook_count(order.root, None)
            assert given == o["given_nodes"] > o["best_nodes"], (name, level.name, seed)
            assert o["best_nodes"] < o["worst_nodes"]


def _to_tree(node: Any, counter: list[int]) -> Tree:
    if node.kind == "leaf":
        counter[0] += 1
        return (counter[0] - 1, node.value)
    return [_to_tree(c, counter) for c in node.children]


def _textbook_cuts(exercise: Any) -> bool:
    """Whether the textbook alpha-beta leaves a leaf unexamined."""
    t = _to_tree(exercise.root, [0])
    _, seen = textbook(t, True, Conventions())
    return len(seen) < sum(1 for n in exercise.nodes if n.kind == "leaf")


def _textbook_count(root: Any, order: list[str] | None) -> int:
    """Nodes R&N's alpha-beta visits (the root included), counted here."""
    count = [0]

    def visit(node: Any, a: float, b: float) -> float:
        count[0] += 1
        if node.kind == "leaf":
            return float(node.value)
        is_max = node.kind == "max"
        v = -float("inf") if is_max else float("inf")
        for c in node.children:
            w = visit(c, a, b)
            if is_max:
                v = max(v, w)
                if v >= b:
                    return v
                a = max(a, v)
            else:
                v = min(v, w)
                if v <= a:
                    return v
                b = min(b, v)
        return v

    visit(root, -float("inf"), float("inf"))
    return count[0]


def test_deep_cut_distinct_and_small_leaves():
    game, evaluator = new_game("connect4"), load_evaluator("connect4")
    for seed in range(1, 21):
        ex = generate("alphabeta", game, evaluator, depth=3, width=2, seed=seed,
                      deep_cut=True, distinct=True, small=True)
        values = [n.value for n in ex.nodes if n.kind == "leaf"]
        assert len(set(values)) == len(values) and all(-9 <= v <= 9 for v in values)
        top = {ex.root.id} | {c.id for c in ex.root.children}
        assert set(ex.key["alphabeta"]["cutoffs"]) - top
    with pytest.raises(ExerciseError, match="depth 3"):
        generate("alphabeta", game, evaluator, depth=2, deep_cut=True)


def test_one_difficulty_table():
    assert LEVELS == {name: (d.depth, d.width) for name, d in DIFFICULTIES.items()}
    assert [d.leaves for d in DIFFICULTIES.values()] == [4, 9, 8]


# --- answers, checking, Moodle -----------------------------------------------------------

def test_values_parse_as_they_are_shown():
    assert parse_window("(-inf, loss 2)") == (-INF, -(1_000_000 - 2))
    assert parse_window("(−∞, win 3)") == (-INF, 1_000_000 - 3)
    assert parse_window("-inf 3") == (-INF, 3)
    assert parse_bounded("≤ +180") == (180, "upper") == parse_bounded("<=180")


def test_check_names_the_two_mistakes(capsys, tmp_path):
    key = tmp_path / "key.json"
    assert main(["exercise", "alphabeta", "--tree", WISCONSIN, "--json"]) == 0
    key.write_text(capsys.readouterr().out, encoding="utf-8")
    data = json.loads(key.read_text(encoding="utf-8"))
    # The learner's JSON: the key's answers with two mistakes.
    data["answers"]["alphabeta"]["windows"]["C"] = [-INF, INF]   # should be (−1, +∞)
    data["answers"]["alphabeta"]["leaves_never_visited"] = []     # K is pruned
    student = tmp_path / "student.json"
    student.write_text(json.dumps(data), encoding="utf-8")
    assert main(["exercise", "check", str(key), str(student)]) == 1
    out = capsys.readouterr().out.splitlines()
    wrong = [line for line in out if line.startswith("✗")]
    assert len(wrong) == 2 and "entering C" in wrong[0] and "never visited" in wrong[1]
    assert out[-1] == "7 of 9 right"
    # The same answers as a table.
    csv_path = tmp_path / "student.csv"
    csv_path.write_text("item,node,answer\nvalue,A,5\nwindow,B,-inf inf\nvalue,B,-1\n"
                        "window,C,(-1, inf)\nvalue,C,4\nwindow,D,(5, +inf)\nvalue,D,2\n"
                        "never,,K\n", encoding="utf-8")
    assert main(["exercise", "check", str(key), str(csv_path), "--json"]) == 1
    verdicts = json.loads(capsys.readouterr().out)["verdicts"]
    wrong_items = [(v["item"], v["node"]) for v in verdicts if not v["right"]]
    # C's value is 5, not 4; D returns "≤ 2": a bare 2 claims more than alpha-beta knows;
    # A's window was not answered.
    assert wrong_items == [("window", "A"), ("value", "C"), ("value", "D")]
    csv_path.write_text("not,a,table,row\n", encoding="utf-8")
    assert main(["exercise", "check", str(key), str(csv_path)]) == 2


def test_an_ordering_answer_is_right_when_it_is_as_cheap_as_the_best():
    exercise = generate("ordering", *hand_tree("((1 9) (8 2) (5 0))"))
    best = exercise.key["ordering"]["best_nodes"]
    cheap = [" ".join(p) for p in (["C", "B", "D"], ["C", "D", "B"], ["B", "C", "D"])
             if _count(exercise, p) == best]
    assert cheap
    verdicts = check(exercise, [Item("order", "A", cheap[-1]), Item("nodes", "A", str(best))])
    assert all(v.right for v in verdicts) and len(verdicts) == len(key_items(exercise))


def _count(exercise: Any, order: list[str]) -> int:
    by_id = {c.id: c for c in exercise.root.children}
    root = type(exercise.root)(exercise.root.id, exercise.root.kind, "", (),
                               [by_id[i] for i in order])
    return _textbook_count(root, None)


def test_gift_quiz_has_one_numeric_item_per_value():
    exercise = generate("alphabeta", *hand_tree(WISCONSIN))
    quiz = gift_quiz([exercise, exercise])
    blocks = [b for b in quiz.split("\n\n") if b.startswith("::")]
    inner_visited = [i for i in exercise.key["alphabeta"]["visited"]
                     if exercise.node(i).kind != "leaf"]
    assert len(blocks) == 2 * (len(inner_visited) + 1)
    assert blocks[0].startswith("::1.1::[html]") and blocks[0].endswith("{#5}")
    assert blocks[-1].rstrip().endswith("{#1}")  # one leaf never visited
    assert "children left to right\\:" in blocks[0]  # GIFT's ':' escaped


def test_hand_made_figures_and_quiz_files_are_written(tmp_path, capsys):
    sheet, key, quiz = tmp_path / "s.svg", tmp_path / "k.svg", tmp_path / "q.gift"
    assert main(["exercise", "alphabeta", "--tree", WISCONSIN, "--root", "min", "--svg",
                 str(sheet), "--answers", str(key), "--gift", str(quiz)]) == 0
    assert main(["tree", "--tree", WISCONSIN, "--svg", str(tmp_path / "t.svg")]) == 0
    capsys.readouterr()
    assert "hand-made tree" in key.read_text(encoding="utf-8")
    # the MIN root: min(max(100, 3, −1), max(6, 5), max(2, 9)) = 6
    assert quiz.read_text(encoding="utf-8").split("\n\n")[1].rstrip().endswith("{#6}")
