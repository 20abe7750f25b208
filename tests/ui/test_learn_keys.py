"""The lessons' answers against slow textbook code written here: minimax, fail-soft
alpha-beta (prune when α ≥ β), the best order by brute force over every order at every
level, lesson 1's different positions on a tic-tac-toe of this file, lesson 5's depth-2
values. Nothing here calls the search the lessons use."""

from __future__ import annotations

import itertools
import random

import pytest

from ai.evaluators import load_evaluator
from ai.explain.exercises import generate
from game.learning import (
    AlphaBetaTrace,
    OrderingKey,
    _distinct,
    lab_position,
    root_values,
)
from game.rules import new_game

INF = float("inf")


def textbook_minimax(root) -> dict[str, int]:
    """Every node's value: leaves as given, MAX the largest child, MIN the smallest."""
    out: dict[str, int] = {}

    def value(node) -> int:
        if not node.children:
            out[node.id] = node.value
        else:
            pick = max if node.kind == "max" else min
            out[node.id] = pick(value(child) for child in node.children)
        return out[node.id]

    value(root)
    return out


def textbook_alphabeta(root, order: dict[str, list[str]] | None = None
                       ) -> tuple[dict[str, tuple[float, float]], dict[str, int]]:
    """Knuth-Moore fail-soft alpha-beta, cut when α ≥ β: each visited node's window at
    entry and returned value (``±inf`` open edges)."""
    windows: dict[str, tuple[float, float]] = {}
    values: dict[str, int] = {}
    by_id = {}

    def index(node) -> None:
        by_id[node.id] = node
        for child in node.children:
            index(child)

    index(root)

    def ab(node, alpha, beta):
        windows[node.id] = (alpha, beta)
        if not node.children:
            values[node.id] = node.value
            return node.value
        kids = [by_id[i] for i in (order or {}).get(node.id, [c.id for c in node.children])]
        if node.kind == "max":
            best = -INF
            for child in kids:
                best = max(best, ab(child, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = INF
            for child in kids:
                best = min(best, ab(child, alpha, beta))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        values[node.id] = best
        return best

    ab(root, -INF, INF)
    return windows, values


def textbook_best_order(root) -> dict[str, list[str]]:
    """The order of every node's children that makes alpha-beta visit fewest nodes,
    found by trying every combination of orders (small trees only)."""
    inner = []

    def collect(node) -> None:
        if node.children:
            inner.append(node)
            for child in node.children:
                collect(child)

    collect(root)
    best, chosen = None, None
    for combo in itertools.product(*(itertools.permutations([c.id for c in n.children])
                                     for n in inner)):
        order = {n.id: list(p) for n, p in zip(inner, combo)}
        count = len(textbook_alphabeta(root, order)[0])
        if best is None or count < best:
            best, chosen = count, order
    assert chosen is not None
    return chosen


def exercises(kind: str, count: int = 12):
    for game_name in ("tictactoe", "connect4"):
        for depth, width in ((2, 2), (2, 3), (3, 2)):
            for seed in range(1, count + 1):
                rng = random.Random(f"{game_name}{seed}")
                game = new_game(game_name)
                for _i in range(rng.randint(1, 4)):
                    game.push(rng.choice(game.legal_moves()))
                    if game.is_over():
                        game.pop()
                        break
                yield generate(kind, game, load_evaluator(game_name), depth=depth,
                               seed=seed, width=width)


def _open(value: int) -> float:
    return INF if value >= 10 ** 9 else -INF if value <= -10 ** 9 else value


def test_the_minimax_values_are_the_textbooks():
    for ex in exercises("minimax"):
        assert {k: v for k, v in ex.key["values"].items()} == textbook_minimax(ex.root)


def test_the_alphabeta_trace_is_the_textbooks():
    for ex in exercises("alphabeta"):
        trace = AlphaBetaTrace.of(ex.root)
        windows, values = textbook_alphabeta(ex.root)
        assert {k: (_open(a), _open(b)) for k, (a, b) in trace.windows.items()} == windows
        assert trace.values == values
        everyone = {n.id for n in ex.nodes}
        assert trace.never_visited == everyone - set(windows)
        assert trace.leaves_never_visited == {n.id for n in ex.nodes
                                              if not n.children and n.id not in windows}


def test_the_best_order_at_every_level_is_the_fewest_nodes_any_order_gives():
    for ex in exercises("ordering", 6):
        key = OrderingKey.of(ex.root)
        fewest = len(textbook_alphabeta(ex.root, textbook_best_order(ex.root))[0])
        assert key.best_nodes == fewest
        assert key.given_nodes == len(textbook_alphabeta(ex.root)[0])


_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
          (2, 4, 6))


def _won(board: str) -> bool:
    return any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in _LINES)


def _board(moves: str) -> str:
    """The 3x3 board after ``moves`` (``"b2 a1"``; a1 bottom left), x first."""
    cells = ["."] * 9
    for i, name in enumerate(moves.split()):
        cells[(int(name[1]) - 1) * 3 + "abc".index(name[0])] = "xo"[i % 2]
    return "".join(cells)


@pytest.mark.parametrize("moves", ["", "b2", "a1 b2", "b2 a1 c3", "a1 a2 b1 b2"])
@pytest.mark.parametrize("plies", [1, 2, 3, 4])
def test_different_positions_are_the_textbooks(moves, plies):
    """Boards reached by exactly ``plies`` moves, a finished game going no further."""
    level = {_board(moves)}
    for _i in range(plies):
        following = set()
        for board in level:
            if _won(board):
                continue
            side = "x" if board.count("x") == board.count("o") else "o"
            for i, cell in enumerate(board):
                if cell == ".":
                    following.add(board[:i] + side + board[i + 1:])
        level = following
    game = new_game("tictactoe")
    game.play_moves(moves)
    assert _distinct(game, plies) == len(level)


def textbook_lab_values(game, evaluator) -> dict[str, int]:
    """Each root move's depth-2 minimax value with ``evaluator``, the root mover's view:
    the textbook, move by move and reply by reply."""
    from ai.evaluators.base import WIN

    def leaf(position, ply: int) -> int:  # the root mover's view; ply below the root
        outcome = position.outcome()
        if outcome is None:
            score = evaluator.evaluate(position)
            return score if ply % 2 == 0 else -score
        if outcome.winner is None:
            return 0
        won = outcome.winner == game.turn
        return WIN - ply if won else -(WIN - ply)

    expected = {}
    for move in game.legal_moves():
        game.push(move)
        if game.is_over():
            expected[game.move_name(move)] = leaf(game, 1)
        else:
            replies = []
            for reply in game.legal_moves():
                game.push(reply)
                replies.append(leaf(game, 2))
                game.pop()
            expected[game.move_name(move)] = min(replies)
        game.pop()
    return expected


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("weights", [{"open_two": 10, "open_one": 1, "centre": 0},
                                     {"open_two": 0, "open_one": 5, "centre": 20}])
def test_lesson_5_values_are_a_textbook_depth_2_minimax(seed, weights):
    from game.learning import lab_evaluator

    game = lab_position(seed)
    expected = textbook_lab_values(game, lab_evaluator(weights))
    assert {row.move: row.value for row in root_values(game, weights)} == expected
