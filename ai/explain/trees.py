"""Hand-made trees: the lecture notes' own examples as a game the explainers accept.

A lecturer writes a tree as the notes do, nested lists whose numbers are leaves and
whose lists are inner nodes, the leaves' values from MAX's point of view:

    ((3 12 8) (2 4 6) (14 5 2))

(commas and square brackets are read too, so a JSON list is also a tree), or as a JSON
file whose nodes may carry labels (:func:`read_tree_json`). The root is MAX unless it
is said to be MIN; the levels alternate below it.

:func:`parse_tree` gives a :class:`TreeSpec`; :class:`HandTree` walks it as a
``game.rules.base.Game`` (a move is a child's index, its name the child's label; a leaf
is a finished "game" whose value :class:`LeafEvaluator` gives), so that ``ai.search``,
the explorer (``ai.explain.tree.record``), the exercises (``ai.explain.exercises``)
and the Learn course take it as they take a real position. MAX is always side 0 (the
``turn`` at a MAX node), so a MIN root is a position where side 1 is to move.

Refusals are one sentence (:class:`TreeSyntaxError`): unbalanced brackets, a leaf that
is not a whole number, an empty list, more than :data:`MAX_NODES` nodes or
:data:`MAX_HEIGHT` levels. Parsing is iterative: no input can exhaust the stack.

>>> spec = parse_tree("((3 12 8) (2 4 6) (14 5 2))")
>>> len(spec.values), spec.height, spec.labels[:4], spec.leaf_values()
(13, 2, ['A', 'B', 'E', 'F'], [3, 12, 8, 2, 4, 6, 14, 5, 2])
>>> game = HandTree(spec); game.play_moves("B E"); game.outcome() is not None
True
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar, Literal

from ai.evaluators.base import Evaluator
from game.i18n import N_, _
from game.rules.base import Game, InvalidMoveError, Move, NoBoard, Outcome

RootKind = Literal["max", "min"]
MAX_NODES = 2_000
"""The most nodes a hand-made tree may have (a sheet holds far fewer)."""
MAX_HEIGHT = 12
"""The most levels below the root: deeper trees are not drawn by hand, and every
explainer may then walk a tree recursively."""
MAX_TEXT = 100_000
"""The longest tree text read (2,000 nodes of long numbers fit)."""
MAX_JSON_BYTES = 256 * 1024
"""The largest JSON tree file read."""
LEAF_LIMIT = 100_000
"""Leaf values lie in ±LEAF_LIMIT: far inside the search's win scores, so that a leaf
is never taken for a won game."""
LABEL = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_'+.-]{0,11}")
"""A node label: a letter or digit, then up to 11 of letters, digits, ``_'+.-``."""
LEAF_REASON = N_("a leaf of the tree")
"""The ``Outcome.reason`` at a leaf (marked for translation)."""

_TOKEN = re.compile(r"\s*(?:([(\[])|([)\]])|([^\s()\[\],]+)|(,))")
_CLOSING = {"(": ")", "[": "]"}


class TreeSyntaxError(ValueError):
    """A tree that cannot be read or is too large; the message is one sentence."""


class TreeSpec:
    """A parsed tree, node 0 the root, nodes in preorder (each node before its children,
    children left to right).

    Attributes:
        values: each node's leaf value (MAX's view), ``None`` for an inner node.
        children: each node's children, as node indices, in their order.
        labels: each node's name: given, or ``A``, ``B``, … breadth-first.
        root: ``"max"`` or ``"min"``.
        height: levels below the root (the deepest leaf's ply).
    """

    def __init__(self, values: list[int | None], children: list[list[int]],
                 labels: list[str | None], root: RootKind) -> None:
        self.values = values
        self.children = children
        self.root: RootKind = root
        self.labels = _fill_labels(children, labels)
        self.index = {label: i for i, label in enumerate(self.labels)}
        self.parent = [0] * len(values)
        self.ply = [0] * len(values)
        for node, below in enumerate(children):  # preorder: a parent comes first
            for child in below:
                self.parent[child] = node
                self.ply[child] = self.ply[node] + 1
        self.height = max(self.ply)

    def is_max(self, node: int) -> bool:
        """Whether ``node`` is a MAX node (leaves too: the side that would move)."""
        return (self.ply[node] % 2 == 0) == (self.root == "max")

    def leaf_values(self) -> list[int]:
        """The leaves' values, left to right."""
        return [v for v in self.values if v is not None]

    def text(self, top: int = 0) -> str:
        """The nested-list form :func:`parse_tree` reads of the subtree at ``top``
        (labels are not written)."""
        parts: list[str] = []
        stack: list[int | str] = [top]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                parts.append(item)
                continue
            value = self.values[item]
            if value is not None:
                parts.append(str(value))
            else:
                parts.append("(")
                stack.append(")")
                stack.extend(reversed(self.children[item]))
        return " ".join(parts).replace("( ", "(").replace(" )", ")")

    def to_json(self) -> dict[str, Any]:
        """The JSON form :func:`read_tree_json` reads: labels kept."""
        def one(node: int) -> dict[str, Any]:
            out: dict[str, Any] = {"label": self.labels[node]}
            if self.values[node] is not None:
                out["value"] = self.values[node]
            else:
                out["children"] = [one(c) for c in self.children[node]]
            return out
        return {"format": "plies-tree-input", "version": 1, "root": self.root,
                "tree": one(0)}


# --- reading ---------------------------------------------------------------------------

def parse_tree(text: str, root: RootKind = "max") -> TreeSpec:
    """The notes' nested lists (``"((3 12 8) (2 4 6))"``; commas and ``[ ]`` too).

    Raises:
        TreeSyntaxError: one sentence on what is wrong, and where.
    """
    if not isinstance(text, str):
        raise TreeSyntaxError(_("a tree must be text such as ((3 12) (2 4))"))
    if len(text) > MAX_TEXT:
        raise TreeSyntaxError(_("the tree text is longer than {limit} characters").format(
            limit=f"{MAX_TEXT:,}"))
    values: list[int | None] = []
    children: list[list[int]] = []
    open_: list[tuple[int, str, int]] = []  # (node, bracket, where) of unclosed lists
    done = False
    position = 0
    text = text.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:  # only white space is left
            break
        opening, closing, word, comma = match.groups()
        where = match.start(match.lastindex or 0) + 1
        position = match.end()
        if comma:
            continue
        if done:
            raise TreeSyntaxError(_("there is more after the tree's last closing bracket, "
                                    "at character {where}").format(where=where))
        if closing:
            if not open_:
                raise TreeSyntaxError(_("the closing bracket at character {where} has no "
                                        "opening bracket").format(where=where))
            node, bracket, began = open_.pop()
            if _CLOSING[bracket] != closing:
                raise TreeSyntaxError(_("the bracket opened at character {began} is closed "
                                        "by {closing} at character {where}").format(
                    began=began, closing=closing, where=where))
            if not children[node]:
                raise TreeSyntaxError(_("the list at character {began} is empty: an inner "
                                        "node needs at least one child").format(began=began))
            done = not open_
            continue
        if not open_:
            if opening is None:
                raise TreeSyntaxError(_("a tree starts with an opening bracket: the root is "
                                        "a list of its children, as in ((3 12) (2 4))"))
        node = len(values)
        if node >= MAX_NODES:
            raise TreeSyntaxError(_("the tree has more than {limit} nodes").format(
                limit=f"{MAX_NODES:,}"))
        if open_:
            children[open_[-1][0]].append(node)
        if opening:
            if len(open_) >= MAX_HEIGHT:
                raise TreeSyntaxError(_("the tree is nested more than {limit} levels "
                                        "deep").format(limit=MAX_HEIGHT))
            values.append(None)
            children.append([])
            open_.append((node, opening, where))
        else:
            values.append(_leaf(word, where))
            children.append([])
    if open_:
        raise TreeSyntaxError(_("the bracket opened at character {where} is never "
                                "closed").format(where=open_[-1][2]))
    if not values:
        raise TreeSyntaxError(_("the tree is empty: write it as nested lists, "
                                "((3 12) (2 4))"))
    return TreeSpec(values, children, [None] * len(values), _root(root))


def _leaf(word: str, where: int) -> int:
    """A leaf's whole number (``−5`` with a minus sign too) within the limit."""
    text = word.replace("−", "-")
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        if re.fullmatch(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?", text):
            raise TreeSyntaxError(_("the leaf {word} at character {where} is not a whole "
                                    "number: leaves are whole numbers").format(
                word=repr(word[:20]), where=where))
        raise TreeSyntaxError(_("the leaf {word} at character {where} is not a number")
                              .format(word=repr(word[:20]), where=where))
    value = int(text)
    if abs(value) > LEAF_LIMIT:
        raise TreeSyntaxError(_("the leaf {word} at character {where} is outside "
                                "±{limit}").format(word=word[:20], where=where,
                                                   limit=f"{LEAF_LIMIT:,}"))
    return value


def _root(root: str) -> RootKind:
    if root not in ("max", "min"):
        raise TreeSyntaxError(_("the root must be max or min, not {root}").format(
            root=repr(root)))
    return root  # type: ignore[return-value]


def read_tree_json(text: str, root: RootKind | None = None) -> TreeSpec:
    """A tree from JSON: a nested list, or an object ``{"root": "max"|"min", "tree":
    NODE}`` where NODE is a number (a leaf), a list of NODEs, or an object with an
    optional ``"label"`` (or ``"id"``) and either ``"value"`` (a leaf) or
    ``"children"``. ``plies exercise --json`` output is read too (its ``tree``, the
    root's ``kind``). ``root`` given overrides the file's.

    Raises:
        TreeSyntaxError: bad JSON, too deep, or any part not as above; one sentence.
    """
    if len(text) > MAX_JSON_BYTES:
        raise TreeSyntaxError(_("the tree file is larger than {limit} bytes").format(
            limit=f"{MAX_JSON_BYTES:,}"))
    # The json module recurses per nesting level: measure the nesting first.
    if _json_depth(text) > 2 * MAX_HEIGHT + 4:
        raise TreeSyntaxError(_("the tree is nested more than {limit} levels deep").format(
            limit=MAX_HEIGHT))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise TreeSyntaxError(_("the tree file is not valid JSON: {reason}").format(
            reason=str(error)[:80])) from None
    said: Any = None
    top = data
    if isinstance(data, dict):
        if "tree" not in data:
            raise TreeSyntaxError(_("a tree file's object needs a \"tree\""))
        top = data["tree"]
        said = data.get("root")
        if said is None and isinstance(top, dict) and top.get("kind") in ("max", "min"):
            said = top["kind"]
    chosen = root or said or "max"
    values: list[int | None] = []
    children: list[list[int]] = []
    labels: list[str | None] = []
    stack: list[tuple[Any, int | None, int]] = [(top, None, 0)]
    while stack:
        item, parent, ply = stack.pop()
        if len(values) >= MAX_NODES:
            raise TreeSyntaxError(_("the tree has more than {limit} nodes").format(
                limit=f"{MAX_NODES:,}"))
        if ply > MAX_HEIGHT:
            raise TreeSyntaxError(_("the tree is nested more than {limit} levels "
                                    "deep").format(limit=MAX_HEIGHT))
        node = len(values)
        if parent is not None:
            children[parent].append(node)
        label, value, below = _json_node(item, node)
        values.append(value)
        labels.append(label)
        children.append([])
        if below is not None:
            # pushed in reverse so that they are numbered in preorder, left to right
            stack.extend((child, node, ply + 1) for child in reversed(below))
    if values[0] is not None:
        raise TreeSyntaxError(_("the tree's root must be a list of children, not a single "
                                "leaf"))
    return TreeSpec(values, children, labels, _root(chosen))


def _json_node(item: Any, node: int) -> tuple[str | None, int | None, list[Any] | None]:
    """``(label, leaf value, children)`` of one JSON node."""
    label = None
    if isinstance(item, dict):
        label = item.get("label", item.get("id"))
        if label is not None and (not isinstance(label, str) or not LABEL.fullmatch(label)):
            raise TreeSyntaxError(_("node {n}'s label {label} is not 1 to 12 letters, digits "
                                    "or _'+.- starting with a letter or digit").format(
                n=node + 1, label=repr(label)[:30]))
        if "children" in item:
            item = item["children"]
        elif "value" in item:
            item = item["value"]
        else:
            raise TreeSyntaxError(_("node {n} has neither \"value\" nor \"children\"").format(
                n=node + 1))
    if isinstance(item, list):
        if not item:
            raise TreeSyntaxError(_("node {n} is an empty list: an inner node needs at "
                                    "least one child").format(n=node + 1))
        return label, None, item
    if isinstance(item, bool) or not isinstance(item, int):
        if isinstance(item, float):
            raise TreeSyntaxError(_("node {n}'s value {value} is not a whole number: leaves "
                                    "are whole numbers").format(n=node + 1, value=item))
        raise TreeSyntaxError(_("node {n} is not a number, a list or an object").format(
            n=node + 1))
    if abs(item) > LEAF_LIMIT:
        raise TreeSyntaxError(_("node {n}'s value {value} is outside ±{limit}").format(
            n=node + 1, value=item, limit=f"{LEAF_LIMIT:,}"))
    return label, item, None


def _json_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text`` (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _fill_labels(children: list[list[int]], given: list[str | None]) -> list[str]:
    """Given labels kept (they must be unique); the others ``A``, ``B``, …
    breadth-first, skipping names already taken."""
    taken: set[str] = set()
    for label in given:
        if label is None:
            continue
        if label in taken:
            raise TreeSyntaxError(_("the label {label} is given to two nodes").format(
                label=label))
        taken.add(label)
    out = list(given)
    queue, head, counter = [0], 0, 0
    while head < len(queue):
        node = queue[head]
        head += 1
        if out[node] is None:
            name = letters(counter)
            while name in taken:
                counter += 1
                name = letters(counter)
            out[node] = name
            taken.add(name)
        counter += 1
        queue.extend(children[node])
    return [label or "" for label in out]


def letters(index: int) -> str:
    """``A`` … ``Z``, ``AA``, ``AB``, …: the ``index``-th node's name (from 0).

    >>> letters(0), letters(25), letters(26)
    ('A', 'Z', 'AA')
    """
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


# --- the tree as a game -------------------------------------------------------------------

class HandTree(NoBoard, Game):
    """A walk down a :class:`TreeSpec`: a move is a child's index, named by its label.

    MAX is side 0: ``turn`` is 0 at MAX nodes. A leaf is a finished game
    (``Outcome(None, LEAF_REASON)``) whose value :class:`LeafEvaluator` gives.
    """

    name: ClassVar[str] = "tree"
    title: ClassVar[str] = N_("Hand-made tree")
    side_names: ClassVar[tuple[str, str]] = ("MAX", "MIN")
    moves_separator: ClassVar[str] = " "

    def __init__(self, spec: TreeSpec) -> None:
        self.spec = spec
        self.path = [0]
        self.move_stack: list[Move] = []
        self.turn = 0 if spec.root == "max" else 1
        self.width = self.height = 1

    @property
    def node(self) -> int:
        """The current node's index in the spec."""
        return self.path[-1]

    def legal_moves(self) -> list[Move]:
        return list(range(len(self.spec.children[self.node])))

    def push(self, move: Move) -> None:
        self.path.append(self.spec.children[self.node][move])
        self.move_stack.append(move)
        self.turn ^= 1

    def pop(self) -> Move:
        self.path.pop()
        self.turn ^= 1
        return self.move_stack.pop()

    def outcome(self) -> Outcome | None:
        return Outcome(None, LEAF_REASON) if self.spec.values[self.node] is not None else None

    def key(self) -> int:
        return self.node

    def copy(self) -> HandTree:
        twin = HandTree(self.spec)
        for move in self.move_stack:
            twin.push(move)
        return twin

    def variant(self) -> dict[str, Any]:
        return {"spec": self.spec}

    def leaf_value(self) -> int | None:
        """The current node's value (MAX's view) when it is a leaf."""
        return self.spec.values[self.node]

    def parse_move(self, text: str) -> Move:
        """A child of the current node, by its label."""
        below = self.spec.children[self.node]
        for index, child in enumerate(below):
            if self.spec.labels[child] == text.strip():
                return index
        raise InvalidMoveError(_("{name} is not a child of node {node}").format(
            name=repr(text[:20]), node=self.spec.labels[self.node]))

    def move_name(self, move: Move) -> str:
        return self.spec.labels[self.spec.children[self.node][move]]

    def parse_moves(self, text: str) -> list[Move]:
        """Labels down from the current node, separated by spaces or commas."""
        walker = self.copy()
        moves: list[Move] = []
        for word in re.split(r"[\s,]+", text.strip()):
            if word:
                move = walker.parse_move(word)
                walker.push(move)
                moves.append(move)
        return moves


class LeafEvaluator(Evaluator):
    """The leaves' given values, from the side to move's view (inner nodes 0: a
    shallow pass of iterative deepening has no opinion there)."""

    game_name: ClassVar[str] = "tree"
    name = "leaves"
    unit = 1

    def evaluate(self, game: Game) -> int:
        value = game.leaf_value() if isinstance(game, HandTree) else None
        if value is None:
            return 0
        return value if game.turn == 0 else -value

    def terminal_score(self, game: Game, outcome: Outcome, ply: int) -> int:
        return self.evaluate(game)


def max_side(game: Game) -> int:
    """The side playing MAX: the side to move, but side 0 in a hand-made tree (whose
    root may be MIN)."""
    return 0 if isinstance(game, HandTree) else game.turn


def hand_tree(text: str, root: RootKind = "max") -> tuple[HandTree, LeafEvaluator]:
    """The game and evaluator of a tree in the notes' syntax (see :func:`parse_tree`)."""
    return HandTree(parse_tree(text, root)), LeafEvaluator()


# untranslated: the exported names
__all__ = ["LEAF_LIMIT", "MAX_HEIGHT", "MAX_NODES", "HandTree", "LeafEvaluator", "RootKind",
           "TreeSpec", "TreeSyntaxError", "hand_tree", "letters", "max_side", "parse_tree",
           "read_tree_json"]
