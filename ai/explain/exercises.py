"""Exercises on real game trees, with their answer keys: minimax, alpha-beta, move ordering.

An exercise is a small tree cut from a real position: from the position, each node keeps
``width`` of its legal moves (chosen at random with the exercise's seed, then put in the
game's notation order), down to ``depth`` plies; the leaves carry the game's evaluator
score (a finished game its result), from MAX's point of view (MAX is the side to move at
the root), as lectures draw them. Nothing is invented: every leaf value is the real
evaluator's on the real position after that line. The same exercise comes back for the
same position, kind, depth, width and seed.

Kinds and their answer keys (``Exercise.key``):

* ``minimax``: the backed-up value of every node (MAX nodes take the largest of their
  children's values, MIN nodes the smallest).
* ``alphabeta``: searching children in the order given, fail-soft alpha-beta as
  ``ai.search`` does: which nodes are visited, the (α, β) window each was entered with,
  each visited node's returned value, and the leaves never visited.
* ``ordering``: the root's children may be reordered (the rest of the tree keeps its
  order): every order's count of visited nodes is tried, and the key gives the best
  and worst orders with their counts.

>>> from game.rules import new_game
>>> from ai.evaluators import load_evaluator
>>> ex = generate("minimax", new_game("tictactoe"), load_evaluator("tictactoe"), depth=2,
...               seed=1, width=2)
>>> len(ex.nodes), ex.root.kind, [c.kind for c in ex.root.children]
(7, 'max', ['min', 'min'])
>>> ex.key["values"][ex.root.id] == max(ex.key["values"][c.id] for c in ex.root.children)
True
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any, Literal

from ai.evaluators.base import Evaluator
from ai.explain.tree import value_text
from game.i18n import _, ngettext
from game.rules.base import Game

ExerciseKind = Literal["minimax", "alphabeta", "ordering"]
KINDS: tuple[ExerciseKind, ...] = ("minimax", "alphabeta", "ordering")
MIN_DEPTH, MAX_DEPTH = 1, 4
MIN_WIDTH, MAX_WIDTH = 2, 4
LEVELS = {"easy": (2, 2), "medium": (3, 2), "hard": (3, 3)}
"""Difficulty -> (depth, width): how many plies, how many moves kept per node."""
INF = 10 ** 9
"""An open edge of a window in the answer key (written ``inf`` by the text forms)."""


class ExerciseError(ValueError):
    """An exercise that cannot be made here (game over, bad depth); one sentence."""


def preorder(root: Any) -> list[Any]:
    """``root`` and every node below it (anything with ``children``), depth-first, each
    node's children in their order."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.children))
    return out


@dataclasses.dataclass(eq=False)
class ExNode:
    """One node of an exercise tree.

    Attributes:
        id: a short name for the learner: ``A`` is the root, then breadth-first
            ``B``, ``C``, … (``AA``… past ``Z``).
        kind: ``"max"``, ``"min"`` or ``"leaf"``.
        move: the move that led here, in the game's notation (``""`` at the root).
        path: the moves from the root's position, in notation.
        children: in the order given (the order alpha-beta searches them).
        value: a leaf's value, MAX's view (``None`` for inner nodes: the learner's job).
        terminal: the game is over at this leaf.
    """

    id: str
    kind: str
    move: str
    path: tuple[str, ...]
    children: list[ExNode] = dataclasses.field(default_factory=list)
    value: int | None = None
    terminal: bool = False

    def walk(self) -> list[ExNode]:
        """This node and everything below it, depth-first in the given order."""
        return preorder(self)


@dataclasses.dataclass
class Exercise:
    """An exercise and its answer key (see the module docstring)."""

    kind: ExerciseKind
    game_name: str
    moves: str
    side_names: tuple[str, str]
    depth: int
    width: int
    seed: int
    root: ExNode
    key: dict[str, Any]

    @property
    def nodes(self) -> list[ExNode]:
        return self.root.walk()

    def node(self, node_id: str) -> ExNode:
        """The node called ``node_id``; ``KeyError`` when there is none."""
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(node_id)

    def question(self) -> str:
        """The task, in one or two sentences."""
        # The sides' names are the rules' words, translated where shown.
        sides = {"max_side": _(self.side_names[0]), "min_side": _(self.side_names[1])}
        # Translators: MAX and MIN are the textbook names of the two players of minimax;
        # A is the root node's name. {max_side}, {min_side}: the sides ("Black").
        head = _("MAX is {max_side} (to move at A), MIN is {min_side}; the leaves' values "
                 "are the evaluator's, from MAX's view.").format(**sides)
        if self.kind == "minimax":
            task = _("Give the backed-up value of every MAX and MIN node.")
        elif self.kind == "alphabeta":
            task = _("Search it with alpha-beta, children left to right: give (α, β) as "
                     "each node is entered, and the leaves never visited.")
        else:
            task = _("Reorder A's children so that alpha-beta visits as few nodes as "
                     "possible.")
        # Translators: two sentences in a row: the setting, then the task.
        return _("{setting} {task}").format(setting=head, task=task)

    def tree_json(self) -> dict[str, Any]:
        """The tree as plain data: each node's id, kind, move, children, leaf value."""
        def one(node: ExNode) -> dict[str, Any]:
            out: dict[str, Any] = {"id": node.id, "kind": node.kind, "move": node.move}
            if node.kind == "leaf":
                out["value"] = node.value
                if node.terminal:
                    out["terminal"] = True
            else:
                out["children"] = [one(c) for c in node.children]
            return out
        return one(self.root)

    def to_json(self) -> dict[str, Any]:
        """``plies exercise --json``: the exercise, its tree and its answer key."""
        return {"format": "plies-exercise", "version": 1, "kind": self.kind,
                "game": self.game_name, "moves": self.moves, "max": self.side_names[0],
                "min": self.side_names[1], "depth": self.depth, "width": self.width,
                "seed": self.seed, "question": self.question(), "infinity": INF,
                "tree": self.tree_json(), "answers": self.key}


# --- generation ---------------------------------------------------------------------------

def generate(kind: ExerciseKind, game: Game, evaluator: Evaluator, *, depth: int = 2,
             seed: int = 1, width: int = 2) -> Exercise:
    """An exercise of ``kind`` cut from ``game`` (left unchanged).

    Raises:
        ExerciseError: unknown kind, depth or width out of range, the game over.
    """
    if kind not in KINDS:
        raise ExerciseError(_("unknown exercise {kind}; choose one of {kinds}").format(
            kind=repr(kind), kinds=", ".join(KINDS)))
    if not MIN_DEPTH <= depth <= MAX_DEPTH:
        raise ExerciseError(_("the depth must be {low} to {high}, not {depth}").format(
            low=MIN_DEPTH, high=MAX_DEPTH, depth=depth))
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        # Translators: the width of an exercise tree: how many moves each node keeps.
        raise ExerciseError(_("the width must be {low} to {high}, not {width}").format(
            low=MIN_WIDTH, high=MAX_WIDTH, width=width))
    if game.is_over():
        raise ExerciseError(_("the game is over: there is no move to think about"))
    if kind == "ordering" and depth < 2:
        raise ExerciseError(_("an ordering exercise needs depth 2 or more"))
    game = game.copy()
    rng = random.Random(f"{game.name}:{game.moves_text()}:{kind}:{depth}:{width}:{seed}")  # untranslated: a seed
    root_turn = game.turn
    root = _grow(game, evaluator, depth, width, rng, root_turn, (), "")
    _name(root)
    names = game.side_names
    key = answer_key(kind, root)
    return Exercise(kind, game.name, game.moves_text(), (names[root_turn], names[1 - root_turn]),
                    depth, width, seed, root, key)


def _grow(game: Game, evaluator: Evaluator, depth: int, width: int, rng: random.Random,
          root_turn: int, path: tuple[str, ...], move: str) -> ExNode:
    outcome = game.outcome()
    is_max = game.turn == root_turn
    if outcome is not None or depth == 0:
        score = (evaluator.terminal_score(game, outcome, len(path)) if outcome is not None
                 else evaluator.evaluate(game))
        return ExNode("", "leaf", move, path, value=score if is_max else -score,
                      terminal=outcome is not None)
    legal = game.legal_moves()
    chosen = rng.sample(legal, min(width, len(legal)))
    chosen.sort(key=lambda m: (len(game.move_name(m)), game.move_name(m)))
    node = ExNode("", "max" if is_max else "min", move, path)
    for m in chosen:
        name = game.move_name(m)
        game.push(m)
        try:
            node.children.append(_grow(game, evaluator, depth - 1, width, rng, root_turn,
                                       path + (name,), name))
        finally:
            game.pop()
    return node


def _name(root: ExNode) -> None:
    """Breadth-first letters: A, B, …, Z, AA, AB, …"""
    queue, index = [root], 0
    while queue:
        node = queue.pop(0)
        node.id = _letters(index)
        index += 1
        queue.extend(node.children)


def _letters(index: int) -> str:
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


# --- answer keys ------------------------------------------------------------------------

def minimax_values(node: ExNode) -> dict[str, int]:
    """Every node's minimax value, MAX's view."""
    values: dict[str, int] = {}

    def value(n: ExNode) -> int:
        if n.kind == "leaf":
            assert n.value is not None
            v = n.value
        else:
            below = [value(c) for c in n.children]
            v = max(below) if n.kind == "max" else min(below)
        values[n.id] = v
        return v

    value(node)
    return values


def alphabeta_trace(root: ExNode, order: dict[str, list[ExNode]] | None = None
                    ) -> dict[str, Any]:
    """Fail-soft alpha-beta over the tree, children in the given order (``order`` may
    replace some nodes' child lists): per visited node its window at entry and its
    value (MAX's view), the visiting order, the leaves and nodes never visited."""
    windows: dict[str, list[int]] = {}
    values: dict[str, int] = {}
    visited: list[str] = []
    cutoffs: dict[str, list[str]] = {}

    def search(n: ExNode, alpha: int, beta: int) -> int:
        visited.append(n.id)
        windows[n.id] = [alpha, beta]
        if n.kind == "leaf":
            assert n.value is not None
            values[n.id] = n.value
            return n.value
        children = (order or {}).get(n.id, n.children)
        best = -INF if n.kind == "max" else INF
        for i, child in enumerate(children):
            v = search(child, alpha, beta)
            if n.kind == "max":
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                rest = children[i + 1:]
                if rest:
                    cutoffs[n.id] = [c.id for c in rest]
                break
        values[n.id] = best
        return best

    search(root, -INF, INF)
    everyone = root.walk()
    never = [n.id for n in everyone if n.id not in windows]
    return {"visited": visited, "windows": windows, "values": values, "cutoffs": cutoffs,
            "never_visited": never,
            "leaves_never_visited": [n.id for n in everyone
                                     if n.kind == "leaf" and n.id not in windows],
            "nodes_visited": len(visited)}


def ordering_answer(root: ExNode) -> dict[str, Any]:
    """Every order of the root's children, tried: the best and the worst node counts."""
    results = []
    for perm in itertools.permutations(root.children):
        count = alphabeta_trace(root, {root.id: list(perm)})["nodes_visited"]
        results.append((count, [c.id for c in perm]))
    best = min(results)
    worst = max(results)
    given = alphabeta_trace(root)["nodes_visited"]
    return {"best_order": best[1], "best_nodes": best[0], "worst_order": worst[1],
            "worst_nodes": worst[0], "given_nodes": given}


def answer_key(kind: ExerciseKind, root: ExNode) -> dict[str, Any]:
    """The key of an exercise of ``kind`` on the tree ``root``."""
    key: dict[str, Any] = {"values": minimax_values(root)}
    if kind in ("alphabeta", "ordering"):
        key["alphabeta"] = alphabeta_trace(root)
    if kind == "ordering":
        key["ordering"] = ordering_answer(root)
    return key


def nodes_visited(root: ExNode, order: list[str]) -> int:
    """Alpha-beta's node count with the root's children in ``order`` (their ids)."""
    by_id = {c.id: c for c in root.children}
    visited: int = alphabeta_trace(root, {root.id: [by_id[i] for i in order]})["nodes_visited"]
    return visited


# --- checking a learner's answers --------------------------------------------------------

def check_value(exercise: Exercise, node_id: str, answer: int) -> tuple[bool, str]:
    """Whether ``answer`` is ``node_id``'s backed-up value, and the reason when not
    ("A MIN node takes the smallest of its children's values (D +3, E −2): −2.")."""
    node = exercise.node(node_id)
    truth = exercise.key["values"][node_id]
    if answer == truth:
        # Translators: {node} is a node's letter name ("D"), {value} a score ("+3").
        return True, _("Right: {node} is worth {value}.").format(node=node_id, value=_v(truth))
    if node.kind == "leaf":
        return False, _("{node} is a leaf: its value is given, {value}.").format(
            node=node_id, value=_v(truth))
    values = exercise.key["values"]
    # Translators: the separator between the listed children ("D +3, E −2").
    below = _(", ").join(f"{c.id} {_v(values[c.id])}" for c in node.children)
    if node.kind == "max":
        # Translators: {children}: each child's name and value: "D +3, E −2".
        return False, _("A MAX node takes the largest of its children's values "
                        "({children}): {value}.").format(children=below, value=_v(truth))
    return False, _("A MIN node takes the smallest of its children's values "
                    "({children}): {value}.").format(children=below, value=_v(truth))


def check_window(exercise: Exercise, node_id: str, alpha: int, beta: int) -> tuple[bool, str]:
    """Whether (``alpha``, ``beta``) is the window ``node_id`` is entered with."""
    trace = exercise.key["alphabeta"]
    if node_id not in trace["windows"]:
        return False, _("{node} is never visited: a cut-off above it prunes it.").format(
            node=node_id)
    a, b = trace["windows"][node_id]
    window = {"node": node_id, "alpha": _v(a), "beta": _v(b)}
    if (alpha, beta) == (a, b):
        return True, _("Right: {node} is entered with (α, β) = ({alpha}, {beta}).").format(
            **window)
    return False, _("{node} is entered with (α, β) = ({alpha}, {beta}): a child starts "
                    "with its parent's window as it stands when the child's turn "
                    "comes.").format(**window)


def check_pruned(exercise: Exercise, answer: set[str]) -> tuple[bool, str]:
    """Whether ``answer`` is exactly the set of leaves alpha-beta never visits."""
    truth = set(exercise.key["alphabeta"]["leaves_never_visited"])
    if answer == truth:
        if not truth:
            return True, _("Right: every leaf is visited.")
        # Translators: {nodes}: the names of the leaves never visited, "F, G" (or one).
        return True, _("Right: {nodes} are never visited.").format(
            nodes=_(", ").join(sorted(truth)))
    missing, extra = sorted(truth - answer), sorted(answer - truth)
    if missing:
        # Translators: {nodes}: one or more node names, "F" or "F, G".
        missed = ngettext("{nodes} is never visited too", "{nodes} are never visited too",
                          len(missing)).format(nodes=_(", ").join(missing))
    if extra:
        wrong = ngettext("{nodes} is visited", "{nodes} are visited",
                         len(extra)).format(nodes=_(", ").join(extra))
    if missing and extra:
        # Translators: two mistakes in one sentence: "F is never visited too; G is visited."
        return False, _("{first}; {second}.").format(first=missed, second=wrong)
    # Translators: one mistake as a sentence: "F is never visited too."
    return False, _("{mistake}.").format(mistake=missed if missing else wrong)


def _v(value: int) -> str:
    if value >= INF:
        return "+∞"
    if value <= -INF:
        return "−∞"
    return value_text(value)


# untranslated: the exported names
__all__ = ["INF", "KINDS", "LEVELS", "ExNode", "Exercise", "ExerciseError", "alphabeta_trace",
           "answer_key", "check_pruned", "check_value", "check_window", "generate",
           "minimax_values", "nodes_visited", "ordering_answer", "preorder"]
