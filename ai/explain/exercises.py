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
* ``alphabeta``: searching children in the order given, alpha-beta under the
  exercise's conventions (``ai.explain.conventions``: prune on α ≥ β or α > β,
  fail-soft or fail-hard; by default as ``ai.search`` does): which nodes are visited
  and in which order, the (α, β) window each was entered with, each visited node's
  returned value and what it is (exact, or a bound: ``≤ 180`` at a node cut short),
  and the leaves never visited.
* ``ordering``: the root's children may be reordered (the rest of the tree keeps its
  order): every order's count of visited nodes is tried, and the key gives the best
  and worst orders with their counts.

Generated exercises test something (:func:`generate` draws again, with the same seed,
until one does): an alpha-beta exercise has at least one cut-off (with ``deep_cut``
one at a grandchild of the root or deeper), an ordering exercise's given order costs
more than the best. ``distinct`` asks for leaves that all differ, ``small`` for leaf
values mapped onto the whole numbers −9…9 in the same order (the same search, numbers
for hand work). A hand-made tree (``ai.explain.trees.HandTree``) is taken whole, as
drawn, its nodes named by its labels.

Sizes are one table, :data:`DIFFICULTIES`, read by ``plies exercise --level`` and the
Learn course alike.

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
from ai.explain.conventions import DEFAULT, BoundKind, Conventions, bound_kind, bound_mark
from ai.explain.tree import value_text
from ai.explain.trees import HandTree, letters
from game.i18n import N_, _, ngettext
from game.rules.base import Game

ExerciseKind = Literal["minimax", "alphabeta", "ordering"]
KINDS: tuple[ExerciseKind, ...] = ("minimax", "alphabeta", "ordering")
MIN_DEPTH, MAX_DEPTH = 1, 4
MIN_WIDTH, MAX_WIDTH = 2, 4
INF = 10 ** 9
"""An open edge of a window in the answer key (written ``inf`` by the text forms)."""
ATTEMPTS = 200
"""Draws tried (from the same seed) for an exercise that tests something."""
SMALL = 9
"""``small`` leaves lie in −SMALL…SMALL."""


@dataclasses.dataclass(frozen=True)
class Difficulty:
    """One difficulty: the size of the trees the learner gets.

    Attributes:
        name: ``"easy"``, ``"medium"``, ``"hard"`` (the command line's word).
        label: its name for a person (marked: translate with ``_()`` where shown).
        depth: plies below the root; width: moves kept per node.
    """

    name: str
    label: str
    depth: int
    width: int

    @property
    def leaves(self) -> int:
        """Leaves of a full tree of this size."""
        return int(self.width ** self.depth)


DIFFICULTIES: dict[str, Difficulty] = {d.name: d for d in (
    Difficulty("easy", N_("Easy"), 2, 2),
    Difficulty("medium", N_("Medium"), 2, 3),
    Difficulty("hard", N_("Hard"), 3, 2),
)}
"""The one table of sizes, for ``plies exercise --level`` and Learn: small enough to read
in the Learn window at 800 × 560 (``--depth``/``--branching`` go further). Easy is one
cut-off's worth (2 × 2), medium widens the tree (9 leaves), hard deepens it (windows
travel two levels)."""
LEVELS = {name: (d.depth, d.width) for name, d in DIFFICULTIES.items()}
"""Difficulty -> (depth, width): :data:`DIFFICULTIES` as pairs."""


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


@dataclasses.dataclass(frozen=True)
class NodeKey:
    """What alpha-beta did at one node: the answer key's record, typed.

    Attributes:
        visit: the visiting order, from 1 at the root; ``None``: never visited.
        alpha, beta: the window the node was entered with, MAX's view (``±INF`` an
            open edge); ``None`` when never visited.
        value: the value the node returned, MAX's view (``None``: never visited).
        bound: ``"exact"``; ``"lower"``: the true value is at least ``value`` (a MAX
            node cut short); ``"upper"``: at most (a MIN node cut short, or a value
            that fell at or below α); ``None`` when never visited.

    JSON: ``{"visit": 3, "alpha": -1000000000, "beta": 5, "value": 2, "bound":
    "upper"}`` (every field ``null`` for a node never visited).
    """

    visit: int | None = None
    alpha: int | None = None
    beta: int | None = None
    value: int | None = None
    bound: BoundKind | None = None

    @property
    def visited(self) -> bool:
        return self.visit is not None

    def value_text(self) -> str:
        """``"≤ 180"``, ``"≥ −3"``, ``"+5"``; ``""`` when never visited."""
        if self.value is None:
            return ""
        return bound_mark(self.bound or "exact") + bound_text(self.value)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class Exercise:
    """An exercise and its answer key (see the module docstring).

    ``conventions`` are the alpha-beta rules the key was computed with;
    ``hand_made`` says the tree is a lecturer's own (``game_name`` is then ``"tree"``
    and ``moves`` the nested-list text of the tree).
    """

    kind: ExerciseKind
    game_name: str
    moves: str
    side_names: tuple[str, str]
    depth: int
    width: int
    seed: int
    root: ExNode
    key: dict[str, Any]
    conventions: Conventions = DEFAULT
    hand_made: bool = False

    @property
    def nodes(self) -> list[ExNode]:
        return self.root.walk()

    def node(self, node_id: str) -> ExNode:
        """The node called ``node_id``; ``KeyError`` when there is none."""
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(node_id)

    def node_keys(self) -> dict[str, NodeKey]:
        """Every node's :class:`NodeKey` (alpha-beta and ordering exercises; a minimax
        exercise's key has none: ``{}``)."""
        trace = self.key.get("alphabeta")
        if not trace:
            return {}
        return {node_id: NodeKey(**record) for node_id, record in trace["nodes"].items()}

    def question(self) -> str:
        """The task, in two or three sentences (the conventions where they matter)."""
        if self.hand_made:
            # Translators: MAX and MIN are the textbook names of the two players of
            # minimax; A is the root node's name.
            head = (_("The root {root} is a MAX node; the leaves' values are MAX's.")
                    if self.root.kind == "max" else
                    _("The root {root} is a MIN node; the leaves' values are MAX's.")).format(
                root=self.root.id)
        else:
            # The sides' names are the rules' words, translated where shown.
            sides = {"max_side": _(self.side_names[0]), "min_side": _(self.side_names[1])}
            # Translators: MAX and MIN are the textbook names of the two players of
            # minimax; A is the root node's name. {max_side}, {min_side}: the sides.
            head = _("MAX is {max_side} (to move at A), MIN is {min_side}; the leaves' "
                     "values are the evaluator's, from MAX's view.").format(**sides)
        if self.kind == "minimax":
            task = _("Give the backed-up value of every MAX and MIN node.")
        elif self.kind == "alphabeta":
            task = _("Search it with alpha-beta, children left to right: give (α, β) as "
                     "each node is entered, the value each returns, and the leaves never "
                     "visited.")
        else:
            task = _("Reorder {root}'s children so that alpha-beta visits as few nodes as "
                     "possible.").format(root=self.root.id)
        if self.kind == "minimax":
            # Translators: two sentences in a row: the setting, then the task.
            return _("{setting} {task}").format(setting=head, task=task)
        # Translators: three sentences in a row: the setting, the task, the rules of
        # alpha-beta it is worked with.
        return _("{setting} {task} {rules}").format(setting=head, task=task,
                                                    rules=self.conventions.text())

    def tree_lines(self) -> list[str]:
        """The tree for a person, one node a line, indented: ``"B 4 MIN ?"``, ``"D leaf
        +3"`` (the leaves' values given, the inner nodes' a ``?``)."""
        lines: list[str] = []
        stack = [(self.root, "")]
        while stack:
            node, indent = stack.pop()
            # MAX and MIN are the textbook's names for the players; a leaf is a word.
            kind = {"max": "MAX", "min": "MIN", "leaf": _("leaf")}[node.kind]
            move = f" {node.move}" if node.move and node.move != node.id else ""
            value = f" {value_text(node.value)}" if node.value is not None else " ?"
            lines.append(f"{indent}{node.id}{move} {kind}{value}")
            stack.extend((c, indent + "  ") for c in reversed(node.children))
        return lines

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
        """``plies exercise --json``: the exercise, its tree and its answer key.

        ``answers`` holds ``values`` (every node's minimax value); for alpha-beta and
        ordering ``alphabeta`` (see :func:`alphabeta_trace`: per node a
        :class:`NodeKey` under ``nodes``); for ordering ``ordering``.
        ``conventions`` names the alpha-beta rules (``prune``, ``values``, ``text``).
        """
        return {"format": "plies-exercise", "version": 1, "kind": self.kind,
                "game": self.game_name, "moves": self.moves, "max": self.side_names[0],
                "min": self.side_names[1], "depth": self.depth, "width": self.width,
                "seed": self.seed, "hand_made": self.hand_made,
                "conventions": self.conventions.to_json(), "question": self.question(),
                "infinity": INF, "tree": self.tree_json(), "answers": self.key}


# --- generation ---------------------------------------------------------------------------

def generate(kind: ExerciseKind, game: Game, evaluator: Evaluator, *, depth: int = 2,
             seed: int = 1, width: int = 2, conventions: Conventions = DEFAULT,
             distinct: bool = False, small: bool = False,
             deep_cut: bool = False) -> Exercise:
    """An exercise of ``kind`` cut from ``game`` (left unchanged), or a hand-made tree
    (``ai.explain.trees.HandTree``) taken whole from its current node (``depth``,
    ``width``, ``seed`` and the filters are then not used: the lecturer's tree is
    asked as drawn).

    Generated trees are drawn again (the same seed gives the same draws) until one
    tests something: an alpha-beta exercise has a cut-off (``deep_cut``: one at a
    node two plies below the root or deeper), an ordering exercise's given order is
    not the cheapest; ``distinct``: no two leaves have the same value; ``small``:
    leaf values mapped onto −9…9 keeping their order.

    Raises:
        ExerciseError: unknown kind, depth or width out of range, the game over, an
            alpha-beta exercise of depth 1 (nothing to cut), or no draw that passes.
    """
    if kind not in KINDS:
        raise ExerciseError(_("unknown exercise {kind}; choose one of {kinds}").format(
            kind=repr(kind), kinds=", ".join(KINDS)))
    if isinstance(game, HandTree):
        return _from_hand_tree(kind, game, conventions)
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
    if kind == "alphabeta" and depth < 2:
        raise ExerciseError(_("an alpha-beta exercise needs depth 2 or more: at depth 1 "
                              "nothing is ever pruned"))
    if deep_cut and (kind != "alphabeta" or depth < 3):
        raise ExerciseError(_("a cut-off below the root's children needs an alpha-beta "
                              "exercise of depth 3 or more"))
    if distinct and small and width ** depth > 2 * SMALL + 1:
        raise ExerciseError(_("{leaves} different leaves do not fit in −9…9: choose a "
                              "smaller tree").format(leaves=width ** depth))
    game = game.copy()
    root_turn = game.turn
    names = game.side_names
    base = f"{game.name}:{game.moves_text()}:{kind}:{depth}:{width}:{seed}"  # untranslated: a seed
    varied = False  # whether any draw had distinct leaves
    for attempt in range(ATTEMPTS):
        # The first draw is the one an exercise had before the filters existed.
        rng = random.Random(base if attempt == 0 else f"{base}:{attempt}")
        root = _grow(game, evaluator, depth, width, rng, root_turn, (), "")
        _name(root)
        if distinct and not _distinct(root):
            continue
        varied = True
        if small:
            _shrink(root)
        key = answer_key(kind, root, conventions)
        if _tests_something(kind, root, key, deep_cut):
            return Exercise(kind, game.name, game.moves_text(),
                            (names[root_turn], names[1 - root_turn]), depth, width, seed,
                            root, key, conventions)
    if not varied:
        raise ExerciseError(_("no tree whose leaves all differ was found here in {n} "
                              "draws: the evaluator gives few different values in this "
                              "position; leave out the distinct leaves or choose another "
                              "position").format(n=ATTEMPTS))
    raise ExerciseError(_("no {kind} exercise that tests something was found here in "
                          "{n} draws: choose another position, or a larger tree").format(
        kind=kind, n=ATTEMPTS))


def _tests_something(kind: ExerciseKind, root: ExNode, key: dict[str, Any],
                     deep_cut: bool) -> bool:
    """Whether any answer would not do: a cut-off to find, an order to improve."""
    if kind == "alphabeta":
        cut_at = key["alphabeta"]["cutoffs"]
        if deep_cut:
            shallow = {root.id} | {c.id for c in root.children}
            return any(node_id not in shallow for node_id in cut_at)
        return bool(cut_at)
    if kind == "ordering":
        ordering = key["ordering"]
        return bool(ordering["given_nodes"] > ordering["best_nodes"])
    return True


def _distinct(root: ExNode) -> bool:
    values = [n.value for n in root.walk() if n.kind == "leaf"]
    return len(set(values)) == len(values)


def _shrink(root: ExNode) -> None:
    """Leaf values onto −SMALL…SMALL, in the same order (equal stay equal): every
    comparison the search makes comes out the same, so its answers keep their shape."""
    leaves = [n for n in root.walk() if n.kind == "leaf"]
    ranks = sorted({n.value for n in leaves if n.value is not None})
    span = max(len(ranks) - 1, 1)
    where = {value: index for index, value in enumerate(ranks)}
    for leaf in leaves:
        assert leaf.value is not None
        # floor(x + 0.5): values a step of at least 1 apart stay apart
        leaf.value = int(-SMALL + 2 * SMALL * where[leaf.value] / span + 0.5) \
            if len(ranks) > 1 else 0


def _from_hand_tree(kind: ExerciseKind, game: HandTree, conventions: Conventions
                    ) -> Exercise:
    """The exercise on a lecturer's tree, from the game's current node, as drawn."""
    spec = game.spec
    top = game.node
    if spec.values[top] is not None:
        raise ExerciseError(_("the tree is a single leaf: there is nothing to work out"))
    if kind == "ordering" and spec.height - spec.ply[top] < 2:
        raise ExerciseError(_("an ordering exercise needs depth 2 or more"))
    made: dict[int, ExNode] = {}
    stack = [top]
    while stack:  # preorder, parents first; no recursion on a deep tree
        index = stack.pop()
        value = spec.values[index]
        kind_ = "leaf" if value is not None else ("max" if spec.is_max(index) else "min")
        parent = made.get(spec.parent[index]) if index != top else None
        path = (parent.path + (spec.labels[index],)) if parent is not None else ()
        # no move names: the edge would repeat the node's own label
        node = ExNode(spec.labels[index], kind_, "", path, value=value)
        made[index] = node
        if parent is not None:
            parent.children.append(node)
        stack.extend(reversed(spec.children[index]))
    root = made[top]
    nodes = root.walk()
    depth = max(len(n.path) for n in nodes)
    width = max(len(n.children) for n in nodes)
    text = spec.text(top)
    return Exercise(kind, "tree", text, ("MAX", "MIN"), depth, width, 0, root,
                    answer_key(kind, root, conventions), conventions, hand_made=True)


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
        node.id = letters(index)
        index += 1
        queue.extend(node.children)


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


def alphabeta_trace(root: ExNode, order: dict[str, list[ExNode]] | None = None,
                    conventions: Conventions = DEFAULT) -> dict[str, Any]:
    """Alpha-beta over the tree under ``conventions``, children in the given order
    (``order`` may replace some nodes' child lists), MAX's view throughout.

    Keys: ``visited`` (ids in visiting order), ``windows`` (id -> [α, β] at entry),
    ``values`` (id -> the value returned), ``nodes`` (id -> :class:`NodeKey` as JSON,
    every node, the never-visited ones all ``null``), ``cutoffs`` (id -> the children
    it pruned), ``never_visited``, ``leaves_never_visited`` (ids, in the tree's
    order), ``leaves_visited`` and ``nodes_visited`` (counts), and the
    ``conventions`` (``prune``, ``values``).
    """
    windows: dict[str, list[int]] = {}
    values: dict[str, int] = {}
    bounds: dict[str, BoundKind] = {}
    visited: list[str] = []
    cutoffs: dict[str, list[str]] = {}

    def search(n: ExNode, alpha: int, beta: int) -> tuple[int, BoundKind]:
        visited.append(n.id)
        windows[n.id] = [alpha, beta]
        if n.kind == "leaf":
            assert n.value is not None
            values[n.id], bounds[n.id] = n.value, "exact"
            return n.value, "exact"
        children = (order or {}).get(n.id, n.children)
        is_max = n.kind == "max"
        best = -INF if is_max else INF
        seen: list[tuple[int, BoundKind]] = []
        a, b = alpha, beta
        rest: list[ExNode] = []
        for i, child in enumerate(children):
            v, kind = search(child, a, b)
            seen.append((v, kind))
            if is_max:
                best, a = max(best, v), max(a, v)
            else:
                best, b = min(best, v), min(b, v)
            if conventions.cuts(a, b):
                rest = children[i + 1:]
                if rest:
                    cutoffs[n.id] = [c.id for c in rest]
                break
        value = conventions.returned(best, alpha, beta)
        values[n.id] = value
        bounds[n.id] = bound_kind(is_max, value, seen, pruned=bool(rest))
        return value, bounds[n.id]

    search(root, -INF, INF)
    everyone = root.walk()
    visit = {node_id: i + 1 for i, node_id in enumerate(visited)}
    nodes = {n.id: NodeKey(visit[n.id], windows[n.id][0], windows[n.id][1], values[n.id],
                           bounds[n.id]).to_json() if n.id in visit else NodeKey().to_json()
             for n in everyone}
    leaves = [n for n in everyone if n.kind == "leaf"]
    return {"conventions": {"prune": conventions.prune, "values": conventions.values},
            "visited": visited, "windows": windows, "values": values, "nodes": nodes,
            "cutoffs": cutoffs,
            "never_visited": [n.id for n in everyone if n.id not in windows],
            "leaves_never_visited": [n.id for n in leaves if n.id not in windows],
            "leaves_visited": sum(1 for n in leaves if n.id in windows),
            "nodes_visited": len(visited)}


def ordering_answer(root: ExNode, conventions: Conventions = DEFAULT) -> dict[str, Any]:
    """Every order of the root's children, tried: the best and the worst node counts."""
    results = []
    for perm in itertools.permutations(root.children):
        count = alphabeta_trace(root, {root.id: list(perm)}, conventions)["nodes_visited"]
        results.append((count, [c.id for c in perm]))
    best = min(results)
    worst = max(results)
    given = alphabeta_trace(root, None, conventions)["nodes_visited"]
    return {"best_order": best[1], "best_nodes": best[0], "worst_order": worst[1],
            "worst_nodes": worst[0], "given_nodes": given}


def answer_key(kind: ExerciseKind, root: ExNode, conventions: Conventions = DEFAULT
               ) -> dict[str, Any]:
    """The key of an exercise of ``kind`` on the tree ``root``."""
    key: dict[str, Any] = {"values": minimax_values(root)}
    if kind in ("alphabeta", "ordering"):
        key["alphabeta"] = alphabeta_trace(root, None, conventions)
    if kind == "ordering":
        key["ordering"] = ordering_answer(root, conventions)
    return key


def nodes_visited(root: ExNode, order: list[str], conventions: Conventions = DEFAULT) -> int:
    """Alpha-beta's node count with the root's children in ``order`` (their ids)."""
    by_id = {c.id: c for c in root.children}
    count: int = alphabeta_trace(root, {root.id: [by_id[i] for i in order]},
                                 conventions)["nodes_visited"]
    return count


# --- checking a learner's answers --------------------------------------------------------

def check_value(exercise: Exercise, node_id: str, answer: int) -> tuple[bool, str]:
    """Whether ``answer`` is ``node_id``'s backed-up value, and the reason when not
    ("A MIN node takes the smallest of its children's values (D +3, E −2): −2.")."""
    node = exercise.node(node_id)
    truth = exercise.key["values"][node_id]
    if answer == truth:
        # Translators: {node} is a node's letter name ("D"), {value} a score ("+3").
        return True, _("Right: {node} is worth {value}.").format(node=node_id, value=bound_text(truth))
    if node.kind == "leaf":
        return False, _("{node} is a leaf: its value is given, {value}.").format(
            node=node_id, value=bound_text(truth))
    values = exercise.key["values"]
    # Translators: the separator between the listed children ("D +3, E −2").
    below = _(", ").join(f"{c.id} {bound_text(values[c.id])}" for c in node.children)
    if node.kind == "max":
        # Translators: {children}: each child's name and value: "D +3, E −2".
        return False, _("A MAX node takes the largest of its children's values "
                        "({children}): {value}.").format(children=below, value=bound_text(truth))
    return False, _("A MIN node takes the smallest of its children's values "
                    "({children}): {value}.").format(children=below, value=bound_text(truth))


def check_window(exercise: Exercise, node_id: str, alpha: int, beta: int) -> tuple[bool, str]:
    """Whether (``alpha``, ``beta``) is the window ``node_id`` is entered with."""
    trace = exercise.key["alphabeta"]
    if node_id not in trace["windows"]:
        return False, _("{node} is never visited: a cut-off above it prunes it.").format(
            node=node_id)
    a, b = trace["windows"][node_id]
    window = {"node": node_id, "alpha": bound_text(a), "beta": bound_text(b)}
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


def bound_text(value: int) -> str:
    """A value as the sheets, keys and feedback write it: ``+∞``/``−∞`` for an open
    window's side (±``INF``), else the tree's own wording (``+3``, ``win 2``)."""
    if value >= INF:
        return "+∞"
    if value <= -INF:
        return "−∞"
    return value_text(value)


# untranslated: the exported names
__all__ = ["DIFFICULTIES", "INF", "KINDS", "LEVELS", "Difficulty", "ExNode", "NodeKey", "Exercise", "ExerciseError", "alphabeta_trace",
           "answer_key", "check_pruned", "check_value", "check_window", "generate",
           "minimax_values", "nodes_visited", "ordering_answer", "preorder"]
