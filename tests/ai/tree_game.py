"""An explicit game tree as a ``Game``, for the textbook minimax examples.

A tree is written as nested tuples whose leaves are ints: the leaf values are from the
point of view of the player to move at the root (MAX), as textbooks draw them. The
evaluator counts the leaves it is asked about, so a test can see what pruning saved.
"""

from __future__ import annotations

from typing import Any

from ai.evaluators.base import Evaluator
from game.rules.base import Game, Move, NoBoard, Outcome


def parse_tree(text: str) -> Any:
    """``"((3 17) (2 12))"`` -> ``((3, 17), (2, 12))``."""
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()

    def read(position: int) -> tuple[Any, int]:
        if tokens[position] == "(":
            children = []
            position += 1
            while tokens[position] != ")":
                child, position = read(position)
                children.append(child)
            return tuple(children), position + 1
        return int(tokens[position]), position + 1

    tree, end = read(0)
    assert end == len(tokens), "trailing tokens"
    return tree


class TreeGame(NoBoard, Game):
    """A walk down an explicit tree; moves are child indices."""

    name = "tree"
    title = "Tree"
    side_names = ("MAX", "MIN")

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self.path: list[Any] = [tree]
        self.move_stack: list[Move] = []
        self.turn = 0
        self.width = self.height = 1

    @property
    def node(self) -> Any:
        return self.path[-1]

    def legal_moves(self) -> list[Move]:
        return [] if isinstance(self.node, int) else list(range(len(self.node)))

    def push(self, move: Move) -> None:
        self.path.append(self.node[move])
        self.move_stack.append(move)
        self.turn ^= 1

    def pop(self) -> Move:
        self.path.pop()
        self.turn ^= 1
        return self.move_stack.pop()

    def outcome(self) -> Outcome | None:
        return None  # leaves are scored by the evaluator, as in the textbook

    def key(self) -> int:
        return hash(tuple(self.move_stack))

    def copy(self) -> TreeGame:
        twin = TreeGame(self.tree)
        for move in self.move_stack:
            twin.push(move)
        return twin

    def variant(self) -> dict[str, Any]:
        return {}

    def parse_move(self, text: str) -> Move:
        return int(text)

    def move_name(self, move: Move) -> str:
        return "ABCDEFGHIJ"[move] if len(self.path) == 1 else str(move)

    def parse_moves(self, text: str) -> list[Move]:
        return [int(t) for t in text.split()]



class LeafEvaluator(Evaluator):
    """Scores a leaf from the side to move's view and remembers every leaf it scored.

    Inner nodes (reached by iterative deepening's shallow passes) are scored 0 and not
    remembered, so ``leaves`` counts only what the lecture counts.
    """

    game_name = "tree"
    name = "leaves"

    def __init__(self) -> None:
        self.leaves: list[int] = []

    def evaluate(self, game: Game) -> int:
        assert isinstance(game, TreeGame)
        value = game.node
        if not isinstance(value, int):
            return 0  # an inner node at a shallow iteration: no opinion
        self.leaves.append(value)
        return value if game.turn == 0 else -value
