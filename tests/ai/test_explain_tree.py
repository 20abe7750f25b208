"""The recorded search tree (``ai.explain.tree``) against the lectures and the searcher.

The textbook trees of ``test_textbook`` must give the values and the pruned leaves the
lectures give; on real positions of every game the alpha-beta recording must be the
search ``ai.search.Searcher`` runs (same root value, same node count), the minimax
recording must be the textbook minimax over every legal move (``textbook_minimax``
below, written here without the engine's code), and alpha-beta must never visit more
nodes than minimax.
"""

from __future__ import annotations

import json
import random
import threading

import pytest

from ai.evaluators import load_evaluator
from ai.evaluators.base import WIN
from ai.explain.conventions import Conventions
from ai.explain.tree import (
    INFINITY,
    NODE_CAP,
    Progress,
    TreeCancelled,
    TreeError,
    TreeTooLarge,
    compare,
    record,
    tree_text,
    value_text,
)
from ai.search import Limits, Searcher
from game.rules import new_game
from tests.ai.test_textbook import FOUR_PLY, TWO_PLY, minimax_by_hand, random_tree
from tests.ai.tree_game import LeafEvaluator, TreeGame, parse_tree
from tests.positions import random_game


def textbook(text_or_tree, mode: str, depth: int):
    tree = parse_tree(text_or_tree) if isinstance(text_or_tree, str) else text_or_tree
    evaluator = LeafEvaluator()
    return record(TreeGame(tree), evaluator, depth, mode), evaluator.leaves


def pruned_paths(recorded) -> set[tuple[int, ...]]:
    """Every child never searched, as the path of moves from the root to it."""
    return {(*node.path, move) for node in recorded.nodes for move in node.pruned_moves}


def subtree(tree, path):
    for move in path:
        tree = tree[move]
    return tree


# --- the lecture trees -------------------------------------------------------------------

def test_two_ply_lecture_tree():
    """A = min(100, 3, -1) = -1, B = min(6, 5) = 5; C's first leaf 2 <= 5 prunes its 9."""
    recorded, leaves = textbook(TWO_PLY, "alphabeta", 2)
    assert recorded.value == 5 and recorded.best_name == "B"
    a, b, c = recorded.root.children
    assert (a.value, b.value, c.value) == (-1, 5, 2)
    assert (a.bound, b.bound, c.bound) == ("exact", "exact", "upper")  # C is "at most 2"
    assert c.cutoff and pruned_paths(recorded) == {(2, 1)}  # the leaf 9
    cut = next(s for s in recorded.steps if s.kind == "cutoff")
    assert cut.node == c.order and (cut.alpha, cut.beta) == (5, 2)
    assert cut.text == ("β ≤ α (+2 ≤ +5): MAX can already make sure of +5 elsewhere and "
                        "will not come here; the rest of this node's moves cannot change the "
                        "result: pruned (1 move: 1).")  # the README quotes it
    assert leaves == [100, 3, -1, 6, 5, 2]
    # The windows the lecture writes next to A, B and C.
    assert (a.alpha, a.beta) == (-INFINITY, INFINITY)
    assert (b.alpha, b.beta) == (-1, INFINITY)
    assert (c.alpha, c.beta) == (5, INFINITY)


def test_two_ply_minimax_sees_every_leaf():
    recorded, leaves = textbook(TWO_PLY, "minimax", 2)
    assert recorded.value == 5 and recorded.leaves == 7 == len(leaves)
    assert [c.value for c in recorded.root.children] == [-1, 5, 2]
    assert pruned_paths(recorded) == set()
    assert all(n.alpha is None and n.beta is None for n in recorded.nodes)


def test_four_ply_lecture_tree():
    """Worth 3; alpha-beta scores 3 17 2 15 2 3 and prunes 12, (25 0), 5 and B's second MAX."""
    recorded, leaves = textbook(FOUR_PLY, "alphabeta", 4)
    assert recorded.value == 3 == minimax_by_hand(parse_tree(FOUR_PLY))
    assert leaves == [3, 17, 2, 15, 2, 3]
    assert pruned_paths(recorded) == {(0, 0, 1, 1), (0, 1, 1), (1, 0, 0, 1), (1, 1)}
    a, b = recorded.root.children
    assert (a.value, a.bound) == (3, "exact")
    assert (b.value, b.bound) == (3, "upper")  # B's second MAX node never looked at
    a1 = a.children[1]
    assert (a1.kind, a1.value, a1.bound, a1.beta) == ("max", 15, "lower", 3)
    minimax, all_leaves = textbook(FOUR_PLY, "minimax", 4)
    assert minimax.value == 3 and len(all_leaves) == 12 == minimax.leaves
    assert recorded.node_count < minimax.node_count


@pytest.mark.parametrize("seed", range(30))
def test_every_bound_holds_on_random_trees(seed):
    """Each recorded value is the subtree's true minimax value, or a true bound of it."""
    rng = random.Random(seed)
    depth = rng.randint(1, 4)
    tree = random_tree(rng, depth, (1, 4))
    for mode in ("minimax", "alphabeta", "ordered"):
        recorded, _ = textbook(tree, mode, depth)
        assert recorded.value == minimax_by_hand(tree), mode
        for node in recorded.nodes:
            true = minimax_by_hand(subtree(tree, node.path), maximising=node.ply % 2 == 0)
            relation = {"exact": true == node.value, "lower": true >= node.value,
                        "upper": true <= node.value}[node.bound]
            assert relation, (mode, node.path, node.value, node.bound, true)
            if mode == "minimax":
                assert node.bound == "exact"


def test_a_cut_off_is_only_where_the_window_closed():
    recorded, _ = textbook(FOUR_PLY, "alphabeta", 4)
    cutoffs = [s for s in recorded.steps if s.kind == "cutoff"]
    assert cutoffs and all(s.alpha >= s.beta for s in cutoffs)
    with_rest = {n.order for n in recorded.nodes if n.pruned_moves}
    assert with_rest and with_rest <= {s.node for s in cutoffs}
    for step in cutoffs:
        assert "β ≤ α" in step.text
        if step.node in with_rest:
            assert "cannot change the result: pruned" in step.text
        else:  # the window closed on the node's last move
            assert "no moves left" in step.text


def test_steps_follow_the_visit_and_narrow_the_window():
    recorded, _ = textbook(FOUR_PLY, "alphabeta", 4)
    steps = recorded.steps
    assert steps[0].kind == "enter" and steps[0].node == 0
    assert steps[-1].kind == "done" and "worth +3" in steps[-1].text
    assert [i for i, s in enumerate(steps)] == [s.index for s in steps]
    # Nodes are entered in their visit order.
    entered = [s.node for s in steps if s.kind in ("enter", "leaf")]
    assert entered == list(range(recorded.node_count))
    # At one node, α only rises and β only falls.
    for node in recorded.nodes:
        windows = [(s.alpha, s.beta) for s in steps if s.node == node.order
                   and s.kind != "done"]
        for (a0, b0), (a1, b1) in zip(windows, windows[1:]):
            assert a1 >= a0 and b1 <= b0
        assert recorded.steps[node.enter_step].node == node.order
        assert node.enter_step <= node.exit_step
    assert all(s.text and "\n" not in s.text for s in steps)


def test_ordering_finds_the_same_value_with_no_more_nodes_on_the_lecture_tree():
    ordered, _ = textbook(FOUR_PLY, "ordered", 4)
    plain, _ = textbook(FOUR_PLY, "alphabeta", 4)
    assert ordered.value == plain.value == 3
    assert ordered.ordering_looks > 0

@pytest.mark.parametrize("seed", range(30))
def test_every_convention_keeps_the_root_value_and_true_bounds(seed):
    """Pruning only on α > β, or clamping values into the window (fail-hard), changes
    what is searched and returned but never the root's value, and every value the
    recording gives is the subtree's true value or a true bound of it; the strict rule
    never searches fewer nodes than α ≥ β."""
    rng = random.Random(f"conventions-{seed}")
    depth = rng.randint(2, 4)
    tree = random_tree(rng, depth, (1, 3))
    counts = {}
    for prune in ("ge", "gt"):
        for values in ("soft", "hard"):
            rule = Conventions(prune, values)
            recorded = record(TreeGame(tree), LeafEvaluator(), depth, "alphabeta",
                              conventions=rule)
            assert recorded.value == minimax_by_hand(tree), rule
            assert recorded.conventions == rule and recorded.to_json()["conventions"][
                "prune"] == prune
            for node in recorded.nodes:
                true = minimax_by_hand(subtree(tree, node.path), maximising=node.ply % 2 == 0)
                relation = {"exact": true == node.value, "lower": true >= node.value,
                            "upper": true <= node.value}[node.bound]
                assert relation, (rule, node.path, node.value, node.bound, true)
                if values == "hard" and node.kind != "leaf":
                    assert node.alpha <= node.value <= node.beta, (rule, node.path)
            counts[rule] = recorded.node_count
    assert counts[Conventions("gt", "soft")] >= counts[Conventions("ge", "soft")]
    assert counts[Conventions("ge", "hard")] == counts[Conventions("ge", "soft")]


# --- real positions: the recording is the searcher's search -------------------------------

def textbook_minimax(game, evaluator, depth: int, maximising: bool = True, ply: int = 0):
    """(value for the player to move at the root, nodes): plain minimax over every legal
    move, the evaluator's static score at the depth limit (it scores for the side to
    move, so MIN's leaves are negated) and its score of a finished game."""
    outcome = game.outcome()
    if outcome is not None or depth == 0:
        own = (evaluator.terminal_score(game, outcome, ply) if outcome is not None
               else evaluator.evaluate(game))
        return (own if maximising else -own), 1
    values, nodes = [], 1
    for move in game.legal_moves():
        game.push(move)
        value, below = textbook_minimax(game, evaluator, depth - 1, not maximising, ply + 1)
        game.pop()
        values.append(value)
        nodes += below
    return (max(values) if maximising else min(values)), nodes


CASES = [("connect4", 4, 3, 0, 12), ("othello", 3, 3, 0, 30), ("gomoku", 2, 1, 1, 12),
         ("tictactoe", 4, 4, 0, 4)]
"""(game, alpha-beta depth, minimax depth, fewest and most random plies first)."""


@pytest.mark.slow
@pytest.mark.parametrize("name, depth, full_depth, low, high", CASES)
@pytest.mark.parametrize("seed", range(3))
def test_recording_is_the_searchers_search(name, depth, full_depth, low, high, seed):
    rng = random.Random(f"{name}-{seed}")
    game = random_game(name, rng, rng.randint(low, high), ending="undo")
    before = game.moves_text()
    evaluator = load_evaluator(name)
    result = Searcher(evaluator, mode="alphabeta").search(game, Limits(depth=depth))
    pruned = record(game, load_evaluator(name), depth, "alphabeta")
    assert pruned.value == result.score, before  # both from the side to move's view
    assert pruned.node_count == result.nodes + 1, before  # + the root
    assert pruned.best_move == result.move, before
    full = record(game, load_evaluator(name), full_depth, "minimax")
    value, nodes = textbook_minimax(game.copy(), evaluator, full_depth)
    assert (full.value, full.node_count) == (value, nodes), before
    assert all(not node.pruned_moves for node in full.nodes)
    ordered = record(game, load_evaluator(name), depth, "ordered")
    assert ordered.value == pruned.value
    if full_depth == depth:
        assert pruned.node_count <= full.node_count and ordered.node_count <= full.node_count
        assert pruned.leaves <= full.leaves
    assert game.moves_text() == before  # left unchanged


def test_a_forced_block_lists_the_other_moves_as_skipped_not_pruned():
    """Connect-4 4453 then 6 (Red: 4 5 6 on the bottom row): Yellow must play 7."""
    game = new_game("connect4")
    game.play_moves("44536")
    recorded = record(game, load_evaluator("connect4"), 2, "alphabeta")
    root = recorded.root
    assert [child.name for child in root.children] == ["7"] and not root.pruned_moves
    assert sorted(name for _, name, _ in root.skipped) == ["1", "2", "3", "4", "5", "6"]
    assert {why.sentence for _, _, why in root.skipped} == {"not searched: Yellow must block at 7"}
    # The reason is kept apart from its sentence, so that the node's own sentence can
    # hold it in any language's word order (it was cut out of the translated sentence).
    assert {why.reason for _, _, why in root.skipped} == {"Yellow must block at 7"}
    data = json.loads(json.dumps(recorded.to_json()))
    assert {"move": "1", "reason": "not searched: Yellow must block at 7"} \
        in data["tree"]["skipped"]
    assert "· not searched: Yellow must block at 7: 4 3 5 2 6 1" in tree_text(recorded)
    # The minimax mode is the textbook's: every legal move, nothing skipped.
    full = record(game, load_evaluator("connect4"), 2, "minimax")
    assert sorted(c.name for c in full.root.children) == [str(c) for c in range(1, 8)]
    assert not full.root.skipped and full.value == recorded.value


def test_renju_forbidden_points_are_skipped_with_their_kind():
    game = new_game("gomoku", size=9, rule="renju")
    game.play_moves("c5 a1 d5 a9 e6 i9 e7 i1")  # Black to move; e5 is a double-three
    forbidden = game.forbidden_points()
    assert forbidden
    recorded = record(game, load_evaluator("gomoku"), 1, "alphabeta")
    skipped = {name: why.sentence for _, name, why in recorded.root.skipped}
    for move, kind in forbidden.items():
        assert skipped[game.move_name(move)] == f"renju: forbidden ({kind})"
    assert all(child.move not in forbidden for child in recorded.root.children)


def test_leaf_steps_show_the_parents_best_so_far_not_the_leaf():
    game = new_game("connect4")
    game.play_moves("4453")
    recorded = record(game, load_evaluator("connect4"), 2, "alphabeta")
    nodes = recorded.nodes
    for step in recorded.steps:
        if step.kind != "leaf":
            continue
        leaf = nodes[step.node]
        parent = leaf.parent
        before = [c.value for c in parent.children[:parent.children.index(leaf)]]
        expected = None if not before else (max(before) if parent.kind == "max" else min(before))
        assert step.best == expected and step.value == leaf.value
        assert (step.alpha, step.beta) == (leaf.alpha, leaf.beta)
    assert any(s.kind == "leaf" and s.best is not None and s.best != s.value
               for s in recorded.steps)


@pytest.mark.parametrize("name, depth", [("connect4", 2), ("othello", 2), ("gomoku", 1),
                                         ("tictactoe", 3)])
def test_alphabeta_never_beats_minimax_in_nodes_nor_differs_in_value(name, depth):
    rng = random.Random(name)
    for _ in range(4):
        game = random_game(name, rng, rng.randint(1, 10), ending="undo")
        if game.is_over():
            continue
        result = compare(game, load_evaluator(name), depth)
        values = {mode: t.value for mode, t in result.items()}
        assert len(set(values.values())) == 1, values
        assert result["alphabeta"].node_count <= result["minimax"].node_count


# --- limits: cap, cancel, bad input ----------------------------------------------------------

def test_a_tree_past_the_cap_is_refused_with_a_smaller_depth():
    game = new_game("connect4")
    with pytest.raises(TreeTooLarge) as refused:
        record(game, load_evaluator("connect4"), 4, "minimax", cap=500)
    message = str(refused.value)
    assert "more than 500 nodes" in message and "depth 3" in message
    assert "alpha-beta" in message and "\n" not in message
    assert game.moves_text() == ""
    # Within the cap the same search goes through.
    assert record(game, load_evaluator("connect4"), 3, "minimax", cap=500).node_count <= 500
    assert NODE_CAP >= 10_000


def test_cancel_stops_the_recording():
    stop = threading.Event()
    seen: list[Progress] = []

    def progress(p: Progress) -> None:
        seen.append(p)
        if p.nodes > 300:
            stop.set()

    game = new_game("connect4")  # 2,801 nodes at depth 4 in minimax
    with pytest.raises(TreeCancelled):
        record(game, load_evaluator("connect4"), 4, "minimax", stop=stop, on_progress=progress)
    assert seen and seen[-1].nodes > 300
    assert all(0.0 <= p.fraction <= 1.0 for p in seen)
    assert game.moves_text() == ""


@pytest.mark.parametrize("depth, mode, words", [
    (0, "minimax", "depth"), (5, "alphabeta", "depth"), (2, "full", "mode")])
def test_bad_requests_are_one_sentence(depth, mode, words):
    with pytest.raises(TreeError) as bad:
        record(new_game("connect4"), load_evaluator("connect4"), depth, mode)
    assert words in str(bad.value)


def test_a_finished_game_has_no_tree():
    game = new_game("connect4")
    game.play_moves("1212121")
    with pytest.raises(TreeError, match="over"):
        record(game, load_evaluator("connect4"), 2, "alphabeta")


# --- output forms -------------------------------------------------------------------------

def test_json_nests_nodes_with_the_promised_keys():
    game = new_game("connect4")
    game.play_moves("4453")
    recorded = record(game, load_evaluator("connect4"), 3, "alphabeta")
    data = json.loads(json.dumps(recorded.to_json()))
    assert data["format"] == "plies-tree" and data["mode"] == "alphabeta"
    assert data["nodes"] == recorded.node_count and data["value"] == recorded.value
    orders = []

    def walk(node, parent_kind):
        for key in ("order", "move", "kind", "value", "alpha", "beta"):
            assert key in node
        assert node["kind"] in ("max", "min", "leaf")
        assert node["kind"] != parent_kind or node["kind"] == "leaf"
        orders.append(node["order"])
        if node["kind"] != "leaf":
            assert isinstance(node["pruned"], list)
            assert node["cutoff"] == bool(node["pruned"])
            for child in node["children"]:
                walk(child, node["kind"])
        return node

    walk(data["tree"], None)
    assert data["tree"]["move"] is None and data["tree"]["kind"] == "max"
    assert orders == list(range(recorded.node_count))  # pre-order is the visit order
    assert data["pruned"] == recorded.pruned_count > 0


def test_text_marks_windows_bounds_and_pruned_moves():
    recorded, _ = textbook(TWO_PLY, "alphabeta", 2)
    text = tree_text(recorded)
    assert "C MIN ≤+2  (α, β) = (+5, +∞)" in text
    assert "✂ pruned: 1" in text
    assert "value +5, best move B" in text


def test_value_words():
    assert value_text(WIN - 3) == "win 3" and value_text(-(WIN - 4)) == "loss 4"
    assert value_text(0) == "0" and value_text(-7) == "−7" and value_text(INFINITY) == "+∞"


def test_module_doctest():
    import doctest

    import ai.explain.tree as module
    assert doctest.testmod(module).failed == 0
