"""Record a small real search as a tree, for the learner's tree explorer and ``plies tree``.

A lecture draws minimax and alpha-beta on a tree: MAX nodes (the player to move at the
root) take the largest of their children's values, MIN nodes the smallest; alpha-beta
carries a window (α, β) down the tree, from MAX's point of view, and stops searching a
node's moves as soon as β ≤ α, because nothing they could return would change the
result. This module runs exactly that search on a real position and writes down every
node it visits, every child it did not search, and every step in between, each with a
one-line explanation, so that a person can follow it step by step.

Three modes, all on the tree that ``ai.search`` searches (the evaluator's root moves and
candidate moves, its static evaluation at the depth limit, its scores of finished
games):

* ``"minimax"``: the textbook minimax: every legal move of every node expanded (the
  evaluator's candidates first, in its order, then the other legal moves);
* ``"alphabeta"``: fail-soft alpha-beta in the evaluator's order (``Searcher`` mode
  ``"alphabeta"``), or under other textbook conventions (``conventions``: prune only
  when α > β, fail-hard values; ``ai.explain.conventions``);
* ``"ordered"``: the same alpha-beta, but at every node two or more plies above the
  horizon the moves are first sorted by a quick look: the static score of the position
  after each move, best for the mover first (ties keep the evaluator's order). The
  quick looks are counted apart (``ordering_looks``): they are not nodes of the tree.

The recording search is the same algorithm as ``ai.search.Searcher`` in the alpha-beta
mode, statement for statement (the tests check the root value and the node count
against it on all the games); it is written again here rather than hooked into the
searcher so that the searcher's hot loop pays nothing for the explorer.

Alpha-beta searches only the evaluator's candidate moves; the legal moves it leaves
out (a forced block, a win at once, Gomoku's far cells) and renju's forbidden points
are written down per node with their reason (``TreeNode.skipped``,
``ai.explain.skipped``), apart from the moves an alpha-beta cut-off pruned, so that a
learner never takes one for the other.

Values and windows are given from MAX's point of view (the player to move at the root),
as lectures draw them; internally the search is negamax, like ``ai.search``. A node's
value is exact unless the search cut it short: a MAX node that reached β is worth *at
least* its value (``bound == "lower"``), a MIN node that fell to α *at most* its value
(``"upper"``).

A hand-made tree (``ai.explain.trees.HandTree``, the lecture notes' own examples) is
recorded whole: its depth is the tree's, its leaves are the values given, and its root
may be a MIN node (MAX is still side 0, and values stay MAX's).

The recording is bounded (``NODE_CAP``): a tree that would grow past the cap is refused
with a sentence suggesting a smaller depth. It can be cancelled (a ``threading.Event``)
and reports progress.

>>> from game.rules import new_game
>>> from ai.evaluators import load_evaluator
>>> game = new_game("connect4"); game.play_moves("4453")
>>> pruned = record(game, load_evaluator("connect4"), 2, "alphabeta")
>>> full = record(game, load_evaluator("connect4"), 2, "minimax")
>>> pruned.value == full.value, pruned.best_name, pruned.node_count, full.node_count
(True, '6', 21, 57)
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal

from ai.evaluators.base import WIN, WIN_THRESHOLD, Evaluator
from ai.explain.conventions import DEFAULT, Conventions, bound_kind
from ai.explain.skipped import Skip, skipped_moves
from ai.explain.trees import HandTree, max_side
from ai.search import INFINITY
from game.i18n import N_, _, ngettext, number, pgettext
from game.rules.base import Game, Move

TreeMode = Literal["minimax", "alphabeta", "ordered"]
TREE_MODES: tuple[TreeMode, ...] = ("minimax", "alphabeta", "ordered")
MODE_TITLES = {"minimax": N_("minimax"), "alphabeta": N_("alpha-beta"),
               "ordered": N_("alpha-beta, ordered")}
"""Each mode's name for a person (marked: translate with ``_()`` where shown)."""

MIN_DEPTH, MAX_DEPTH = 1, 4
"""The depths a learner may choose: deeper trees are not for reading."""

NODE_CAP = 20_000
"""The most nodes a recording may hold (the root included). A depth-4 minimax tree of
Othello or Connect-4 fits easily; a depth-4 minimax tree of a busy Gomoku position may
not, and is refused with a suggestion."""

POLL_INTERVAL = 128
"""Nodes between two looks at the stop event and two progress reports."""

NodeKind = Literal["max", "min", "leaf"]
StepKind = Literal["enter", "leaf", "backup", "alpha", "beta", "cutoff", "done"]


class TreeError(ValueError):
    """A recording that cannot be made (game over, bad depth or mode); one sentence."""


class TreeTooLarge(TreeError):
    """The tree would hold more than the cap; the message suggests a smaller depth."""


class TreeCancelled(Exception):
    """The recording was stopped by its stop event."""


@dataclasses.dataclass(eq=False)
class TreeNode:
    """One position the search visited.

    Attributes:
        order: the visit order (the root is 0); also the node's index in
            ``SearchTree.nodes``.
        move: the move that led here (``None`` at the root); ``name`` is its notation.
        ply: plies below the root.
        kind: ``"max"`` (the root player to move), ``"min"``, or ``"leaf"`` (scored by
            the evaluator at the depth limit, or a finished game: ``terminal``).
        alpha, beta: the window the node was searched with, MAX's view (``None`` in
            minimax, which has no window; ``±INFINITY`` is an open edge).
        value: the backed-up value, MAX's view (``None`` until the node is done).
        bound: ``"exact"``, ``"lower"`` (a MAX node cut off: worth at least ``value``)
            or ``"upper"`` (a MIN node cut off: at most ``value``).
        children: the children searched, in visiting order.
        pruned_moves: the moves of this node that were never searched (a cut-off).
        skipped: ``(move, name, reason)`` of the moves left out for another reason
            than a cut-off (``ai.explain.skipped``): not candidates, renju-forbidden.
        outside: in a minimax tree, the reason alpha-beta (the evaluator's candidate
            moves) would never try this node's move, when it would not; else ``None``.
        cutoff: the search of this node stopped early because β ≤ α.
        enter_step, exit_step: indices in ``SearchTree.steps`` of the step that entered
            the node and the one that gave it its final value.
        parent: the node above (``None`` at the root).
    """

    order: int
    move: Move | None
    name: str
    ply: int
    kind: NodeKind
    alpha: int | None
    beta: int | None
    parent: TreeNode | None
    terminal: bool = False
    value: int | None = None
    bound: Literal["exact", "lower", "upper"] = "exact"
    children: list[TreeNode] = dataclasses.field(default_factory=list)
    pruned_moves: list[Move] = dataclasses.field(default_factory=list)
    pruned_names: list[str] = dataclasses.field(default_factory=list)
    skipped: list[tuple[Move, str, Skip]] = dataclasses.field(default_factory=list)
    outside: str | None = None
    cutoff: bool = False
    enter_step: int = 0
    exit_step: int = 0

    @property
    def path(self) -> list[Move]:
        """The moves from the root to this node."""
        moves: list[Move] = []
        node: TreeNode | None = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        return moves[::-1]

    @property
    def label(self) -> str:
        """``"the root"`` or ``"MIN node e6"``: how the steps name a node."""
        return self.named(capital=False)

    def named(self, capital: bool) -> str:
        """:attr:`label`, or with ``capital`` as it begins a sentence (``"Leaf 4"``)."""
        if self.parent is None:
            return _("The root") if capital else _("the root")
        # Translators: {move} is the move that led to the node ("e6", "4"); MAX and MIN
        # are minimax's two players.
        if self.kind == "leaf":
            text = _("Leaf {move}") if capital else _("leaf {move}")
        elif self.kind == "max":
            text = _("MAX node {move}")
        else:
            text = _("MIN node {move}")
        return text.format(move=self.name)

    def subtree_size(self) -> int:
        """Nodes in this node's recorded subtree, itself included."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children)
        return count


@dataclasses.dataclass(frozen=True)
class Step:
    """One event of the search, in visiting order.

    Attributes:
        index: position in ``SearchTree.steps``.
        kind: ``enter`` (a node is entered with its window), ``leaf`` (a leaf is
            scored), ``backup`` (a child's value reaches its parent), ``alpha`` (α rises
            at a MAX node), ``beta`` (β falls at a MIN node), ``cutoff`` (β ≤ α: the
            node's other moves are pruned), ``done`` (the search is over).
        node: the ``order`` of the node the step happens at (for ``backup`` the
            parent, ``child`` the child whose value arrived).
        alpha, beta: that node's window after the step, MAX's view (``None`` in minimax);
            at a ``leaf`` step the window its parent is searching with.
        best: that node's best value so far, MAX's view (``None`` before any); at a
            ``leaf`` step the *parent's* best so far (the leaf's own is ``value``).
        text: the one-line explanation.
        value: at a ``leaf`` step, the leaf's own value (MAX's view), else ``None``.
    """

    index: int
    kind: StepKind
    node: int
    alpha: int | None
    beta: int | None
    best: int | None
    text: str
    child: int | None = None
    value: int | None = None


@dataclasses.dataclass(frozen=True)
class Progress:
    """How far a recording is: nodes so far, and root moves finished of all."""

    nodes: int
    root_done: int
    root_total: int

    @property
    def fraction(self) -> float:
        """A rough 0..1 for a progress bar (root moves finished)."""
        return self.root_done / self.root_total if self.root_total else 0.0


@dataclasses.dataclass
class SearchTree:
    """A recorded search.

    Attributes:
        game_name, moves_text: the position (game, and moves from the start).
        side_names: the names of MAX and MIN in this position (``("Black", "White")``
            when Black is to move at the root).
        mode, depth: how it was searched.
        root: the root node; ``nodes`` every node in visiting order.
        steps: every step in visiting order.
        value: the root's value, MAX's view; ``best_move``/``best_name`` the move that
            achieves it (the first such in visiting order, as ``ai.search`` chooses).
        leaves: leaves scored (static evaluations and finished games).
        ordering_looks: extra static evaluations the ``ordered`` mode spent sorting.
        conventions: the alpha-beta rules of the recording (the modes that prune).
    """

    game_name: str
    moves_text: str
    side_names: tuple[str, str]
    mode: TreeMode
    depth: int
    root: TreeNode
    nodes: list[TreeNode]
    steps: list[Step]
    value: int
    best_move: Move | None
    best_name: str
    leaves: int
    ordering_looks: int = 0
    conventions: Conventions = DEFAULT

    @property
    def node_count(self) -> int:
        """Nodes visited, the root included (``Searcher.nodes`` + 1)."""
        return len(self.nodes)

    @property
    def pruned_count(self) -> int:
        """Children that were never searched, over the whole tree."""
        return sum(len(n.pruned_moves) for n in self.nodes)

    def to_json(self) -> dict[str, Any]:
        """The JSON form ``plies tree --json`` prints (see ``node_json``)."""
        return {
            "format": "plies-tree", "version": 1,
            "game": self.game_name, "moves": self.moves_text, "mode": self.mode,
            "depth": self.depth, "max": self.side_names[0], "min": self.side_names[1],
            "value": self.value, "best": self.best_name,
            "nodes": self.node_count, "leaves": self.leaves, "pruned": self.pruned_count,
            "ordering_looks": self.ordering_looks, "infinity": INFINITY,
            "steps": len(self.steps), "conventions": self.conventions.to_json(),
            "tree": node_json(self.root),
        }


def node_json(node: TreeNode) -> dict[str, Any]:
    """One node and its subtree as plain data.

    Keys: ``order`` (visit order), ``move`` (``null`` at the root), ``kind``
    (max/min/leaf), ``value`` and ``bound``, ``alpha``/``beta`` (the window, ``null`` in
    minimax; ``±infinity`` is an open edge), ``terminal``, ``cutoff``, ``pruned`` (the
    moves never searched) and ``children``; ``skipped`` lists the legal moves left out
    for another reason than a cut-off as ``{"move", "reason"}`` (only where there are).
    """
    out: dict[str, Any] = {
        "order": node.order, "move": node.name if node.move is not None else None,
        "kind": node.kind, "value": node.value, "bound": node.bound,
        "alpha": node.alpha, "beta": node.beta,
    }
    if node.terminal:
        out["terminal"] = True
    if node.outside is not None:
        out["outside"] = node.outside
    if node.kind != "leaf":
        out["cutoff"] = node.cutoff
        out["pruned"] = list(node.pruned_names)
        if node.skipped:
            out["skipped"] = [{"move": name, "reason": why.sentence}
                              for _, name, why in node.skipped]
        out["children"] = [node_json(child) for child in node.children]
    return out


# --- words -------------------------------------------------------------------------

def value_text(score: int | None) -> str:
    """A value for a person, MAX's view: ``+12``, ``−5``, ``0``, ``win 3``, ``+∞``.

    ``win 3`` is a win for MAX 3 plies below the root (``loss 3``: a loss).

    >>> value_text(12), value_text(-5), value_text(WIN - 3), value_text(-INFINITY)
    ('+12', '−5', 'win 3', '−∞')
    """
    if score is None:
        return "?"
    if score >= INFINITY:
        return "+∞"
    if score <= -INFINITY:
        return "−∞"
    if score >= WIN_THRESHOLD:
        return f"win {WIN - score}"
    if score <= -WIN_THRESHOLD:
        return f"loss {WIN + score}"
    if score == 0:
        return "0"
    return f"+{score}" if score > 0 else f"−{-score}"


def window_text(alpha: int | None, beta: int | None) -> str:
    """``(α, β)`` for a person: ``(3, +∞)``; empty for minimax."""
    if alpha is None or beta is None:
        return ""
    return f"({value_text(alpha)}, {value_text(beta)})"


# --- recording ---------------------------------------------------------------------

def record(game: Game, evaluator: Evaluator, depth: int, mode: TreeMode = "alphabeta", *,
           conventions: Conventions = DEFAULT,
           cap: int = NODE_CAP, stop: threading.Event | None = None,
           on_progress: Callable[[Progress], None] | None = None) -> SearchTree:
    """Search ``game`` (left unchanged) ``depth`` plies deep and record the tree
    (a hand-made tree: all of it, whatever ``depth``), pruning under ``conventions``.

    Raises:
        TreeError: the game is over, or the depth or mode is not one a learner may pick.
        TreeTooLarge: more than ``cap`` nodes; the message suggests a smaller depth.
        TreeCancelled: ``stop`` was set.
    """
    if mode not in TREE_MODES:
        raise TreeError(_("unknown mode {mode}; choose one of {modes}").format(
            mode=repr(mode), modes=", ".join(TREE_MODES)))
    if isinstance(game, HandTree):
        depth = max(game.spec.height - game.spec.ply[game.node], 1)
    elif not MIN_DEPTH <= depth <= MAX_DEPTH:
        raise TreeError(_("the tree's depth must be {low} to {high}, not {depth}").format(
            low=MIN_DEPTH, high=MAX_DEPTH, depth=depth))
    if game.is_over():
        raise TreeError(_("the game is over: there is no move to search"))
    return _Recorder(game.copy(), evaluator, depth, mode, cap, stop, on_progress,
                     conventions).run()


def compare(game: Game, evaluator: Evaluator, depth: int, *, cap: int = NODE_CAP,
            stop: threading.Event | None = None,
            modes: Sequence[TreeMode] = TREE_MODES,
            conventions: Conventions = DEFAULT) -> dict[TreeMode, SearchTree | str]:
    """Each mode's recording of the same position, or the sentence that refused it."""
    out: dict[TreeMode, SearchTree | str] = {}
    for mode in modes:
        try:
            out[mode] = record(game, evaluator, depth, mode, cap=cap, stop=stop,
                               conventions=conventions)
        except TreeTooLarge as error:
            out[mode] = str(error)
    return out


class _Recorder:
    """One recording: the negamax of ``ai.search``, writing down what it does."""

    def __init__(self, game: Game, evaluator: Evaluator, depth: int, mode: TreeMode,
                 cap: int, stop: threading.Event | None,
                 on_progress: Callable[[Progress], None] | None,
                 conventions: Conventions = DEFAULT) -> None:
        self.game, self.evaluator, self.depth, self.mode = game, evaluator, depth, mode
        self.conventions = conventions
        self.cap, self.stop, self.on_progress = cap, stop, on_progress
        self.prune = mode != "minimax"
        self.root_turn = max_side(game)  # the side playing MAX
        self.nodes: list[TreeNode] = []
        self.steps: list[Step] = []
        self.leaves = 0
        self.ordering_looks = 0
        self.root_done = 0
        self.root_total = 0
        self._next_poll = POLL_INTERVAL

    # --- bookkeeping ----------------------------------------------------------------

    def _poll(self) -> None:
        if self.stop is not None and self.stop.is_set():
            raise TreeCancelled(_("the recording was cancelled"))
        if self.on_progress is not None:
            self.on_progress(Progress(len(self.nodes), self.root_done, self.root_total))

    def _max_view(self, score: int, mover_is_max: bool) -> int:
        return score if mover_is_max else -score

    def _window(self, alpha: int, beta: int, mover_is_max: bool) -> tuple[int | None, int | None]:
        """The negamax window ``(alpha, beta)`` of the side to move, in MAX's view."""
        if not self.prune:
            return None, None
        return (alpha, beta) if mover_is_max else (-beta, -alpha)

    def _step(self, kind: StepKind, node: TreeNode, window: tuple[int | None, int | None],
              best: int | None, text: str, child: TreeNode | None = None,
              value: int | None = None) -> int:
        index = len(self.steps)
        self.steps.append(Step(index, kind, node.order, window[0], window[1], best, text,
                               None if child is None else child.order, value))
        return index

    def _too_large(self) -> TreeTooLarge:
        if self.depth > MIN_DEPTH:
            if self.mode == "minimax":
                advice = _("choose depth {depth} or alpha-beta, which prunes")
            else:
                advice = _("choose depth {depth}")
            advice = advice.format(depth=self.depth - 1)
        else:
            advice = _("this position has too many moves to draw")
        # Translators: {mode}: "minimax", "alpha-beta" or "alpha-beta, ordered";
        # {advice}: what to do instead ("choose depth 2").
        return TreeTooLarge(_("the {mode} tree of depth {depth} here has more than {cap} "
                              "nodes, too many to follow: {advice}").format(
            mode=_(MODE_TITLES[self.mode]), depth=self.depth, cap=number(self.cap),
            advice=advice))

    # --- the search -----------------------------------------------------------------

    def run(self) -> SearchTree:
        game = self.game
        moves = self.evaluator.root_moves(game, self._poll_stop)
        self.root_total = len(moves)
        root = self._new_node(None, "", 0, None, -INFINITY, INFINITY)
        score = self._negamax(root, self.depth, -INFINITY, INFINITY, 0, moves)
        best = next((c for c in root.children if c.value == root.value), root.children[0])
        pruned = sum(len(n.pruned_moves) for n in self.nodes)
        counts = {"nodes": _nodes(len(self.nodes)), "leaves": _leaves(self.leaves),
                  "moves": _moves(pruned)}
        # Translators: {nodes}, {leaves}, {moves} are counted phrases ("12 nodes",
        # "1 leaf", "3 moves"), each its own message.
        effort = _("{nodes} visited, {leaves} scored, {moves} pruned.") if self.prune else \
            _("{nodes} visited, {leaves} scored.")
        # Translators: {side}: "MAX" or "MAX (Black)"; {move}: the best move;
        # {effort}: the sentence of counts that follows.
        text = _("Done: the root is worth {value} for {side}; the best move is {move}. "
                 "{effort}").format(value=value_text(root.value), side=self._side(True),
                                    move=best.name, effort=effort.format(**counts))
        self._step("done", root, (None, None) if not self.prune else (root.alpha, root.beta),
                   root.value, text)
        assert root.value == self._max_view(score, root.kind == "max")
        names = game.side_names
        sides = (names[self.root_turn], names[1 - self.root_turn])
        return SearchTree(game.name, game.moves_text(), sides, self.mode, self.depth, root,
                          self.nodes, self.steps, root.value, best.move, best.name, self.leaves,
                          self.ordering_looks, self.conventions)

    def _poll_stop(self) -> None:
        if self.stop is not None and self.stop.is_set():
            raise TreeCancelled(_("the recording was cancelled"))

    def _side(self, is_max: bool) -> str:
        side = self.root_turn if is_max else 1 - self.root_turn
        role, name = ("MAX" if is_max else "MIN"), self.game.side_names[side]
        if name == role:
            return role
        # Translators: a minimax role and the side playing it: "MAX (Black)".
        return _("{role} ({side})").format(role=role, side=_(name))

    def _new_node(self, move: Move | None, name: str, ply: int, parent: TreeNode | None,
                  alpha: int, beta: int) -> TreeNode:
        """Count (and bound) a visit; the node's kind is settled by ``_negamax``."""
        if len(self.nodes) >= self.cap:
            raise self._too_large()
        if len(self.nodes) >= self._next_poll:
            self._next_poll = len(self.nodes) + POLL_INTERVAL
            self._poll()
        is_max = self.game.turn == self.root_turn
        a, b = self._window(alpha, beta, is_max)
        node = TreeNode(len(self.nodes), move, name, ply, "max" if is_max else "min", a, b,
                        parent)
        self.nodes.append(node)
        if parent is not None:
            parent.children.append(node)
        return node

    def _order(self, moves: list[Move], ply: int) -> list[Move]:
        """Sort ``moves`` by a quick look, best for the side to move first (stable)."""
        game, evaluator = self.game, self.evaluator
        looks: list[int] = []
        for move in moves:
            game.push(move)
            outcome = game.outcome()
            # The child's score is from the opponent's view: low is good for us.
            looks.append(evaluator.terminal_score(game, outcome, ply + 1)
                         if outcome is not None else evaluator.evaluate(game))
            game.pop()
        self.ordering_looks += len(moves)
        order = sorted(range(len(moves)), key=lambda i: looks[i])
        return [moves[i] for i in order]

    def _negamax(self, node: TreeNode, depth: int, alpha: int, beta: int, ply: int,
                 moves: list[Move] | None = None) -> int:
        """``ai.search``'s fail-soft negamax at ``node``, recording; returns its score
        from the side to move's view (the node's ``value`` is MAX's view)."""
        game, evaluator = self.game, self.evaluator
        is_max = node.kind == "max"
        window = self._window(alpha, beta, is_max)
        outcome = game.outcome()
        if outcome is not None or depth <= 0:
            node.kind = "leaf"
            given = isinstance(game, HandTree)  # a drawn leaf, not a game's end
            node.terminal = outcome is not None and not given
            score = (evaluator.terminal_score(game, outcome, ply) if outcome is not None
                     else evaluator.evaluate(game))
            self.leaves += 1
            node.value = self._max_view(score, is_max)
            if given:
                why = _("its value is given in the tree: {value}").format(
                    value=value_text(node.value))
            elif outcome is not None:
                who = (_("a draw") if outcome.winner is None
                       else _("{side} has won").format(side=_(game.side_names[outcome.winner])))
                # Translators: {result}: "a draw" or "Black has won"; {reason}: how the
                # game ended ("five in a row"); {value}: the leaf's value ("win 3").
                why = _("the game is over here ({result}, {reason}): worth {value}").format(
                    result=who, reason=_(outcome.reason), value=value_text(node.value))
            else:
                why = _("the evaluator scores this position {value}").format(
                    value=value_text(node.value))
            # The number line shows the parent's best so far beside this leaf's value.
            parent_best = None
            if node.parent is not None:
                node.parent.children.remove(node)
                parent_best = node_best(node.parent)
                node.parent.children.append(node)
            node.enter_step = node.exit_step = self._step(
                "leaf", node, window, parent_best,
                # Translators: {leaf}: "Leaf e6"; {why}: the sentence on its value.
                _("{leaf}: {why} (for MAX).").format(leaf=node.named(capital=True), why=why),
                value=node.value)
            return score

        if moves is None:
            moves = evaluator.candidate_moves(game)
        left_out = dict(skipped_moves(game, moves))
        if self.mode == "minimax":  # the textbook's: every legal move
            chosen = set(moves)
            moves = list(moves) + [m for m in game.legal_moves() if m not in chosen]
        searched = set(moves)
        node.skipped = [(m, game.move_name(m), why) for m, why in left_out.items()
                        if m not in searched]
        sorted_ = self.mode == "ordered" and depth >= 2 and len(moves) > 1
        if sorted_:
            moves = self._order(moves, ply)
        text = self._enter_text(node, window, len(moves), sorted_)
        if node.skipped:
            # Translators: {text}: the sentence entering the node; {reason}: why the moves
            # were left out ("Red must block at 4").
            text = ngettext("{text} {n} other move not searched, not by α-β: {reason}.",
                            "{text} {n} other moves not searched, not by α-β: {reason}.",
                            len(node.skipped)).format(
                text=text, n=number(len(node.skipped)),
                reason=node.skipped[0][2].reason)
        node.enter_step = self._step("enter", node, window, None, text)
        alpha_in = alpha
        best = -INFINITY
        for index, move in enumerate(moves):
            name = game.move_name(move)
            game.push(move)
            child = self._new_node(move, name, ply + 1, node, -beta, -alpha)
            skip = left_out.get(move)
            child.outside = None if skip is None else skip.sentence
            try:
                score = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            finally:
                game.pop()
            if ply == 0:
                self.root_done = index + 1
            improved = score > best
            if improved:
                best = score
            raised = self.prune and improved and score > alpha
            self._step("backup", node, window, self._max_view(best, is_max),
                       self._backup_text(node, child, improved, raised), child)
            if raised:
                old = window
                alpha = score
                window = self._window(alpha, beta, is_max)
                self._step("alpha" if is_max else "beta", node, window,
                           self._max_view(best, is_max), self._raise_text(node, old, window))
                if self.conventions.cuts(alpha, beta):
                    rest = moves[index + 1:]
                    node.pruned_moves = list(rest)
                    node.pruned_names = [game.move_name(m) for m in rest]
                    node.cutoff = bool(rest)
                    self._step("cutoff", node, window, self._max_view(best, is_max),
                               self._cutoff_text(node, window, node.pruned_names))
                    break
        if self.prune:
            best = self.conventions.returned(best, alpha_in, beta)
        node.value = self._max_view(best, is_max)
        if self.prune:
            node.bound = bound_kind(
                is_max, node.value,
                [(c.value, c.bound) for c in node.children if c.value is not None],
                pruned=bool(node.pruned_moves) or node.cutoff)
        node.exit_step = len(self.steps) - 1
        return best

    # --- the explanations -------------------------------------------------------------

    def _enter_text(self, node: TreeNode, window: tuple[int | None, int | None],
                    moves: int | None, sorted_: bool = False) -> str:
        """Entering ``node``: who moves, what it takes, of how many ``moves`` (``None``:
        a leaf), with which window, and whether its moves were sorted first."""
        where = _("Start at the root") if node.parent is None else \
            _("Enter {node}").format(node=node.label)
        if moves is None:  # a leaf
            return _("{where}: the search stops here (depth limit or game over).").format(
                where=where)
        if node.kind == "max":
            goal = ngettext("takes the largest value of {n} move",
                            "takes the largest value of {n} moves", moves)
        else:
            goal = ngettext("takes the smallest value of {n} move",
                            "takes the smallest value of {n} moves", moves)
        parts = {"where": where, "side": self._side(node.kind == "max"),
                 "goal": goal.format(n=number(moves)), "window": window_text(*window)}
        # Translators: {where}: "Start at the root" or "Enter MIN node e6"; {side}: "MAX
        # (Black)"; {goal}: "takes the largest value of 3 moves"; {window}: "(−∞, +∞)".
        if window[0] is None:
            text = _("{where}: {side} to move, {goal}; its moves sorted by a quick look, the "
                     "most promising first.") if sorted_ else _("{where}: {side} to move, {goal}.")
        elif sorted_:
            text = _("{where}: {side} to move, {goal}, searched with (α, β) = {window}; its "
                     "moves sorted by a quick look, the most promising first.")
        else:
            text = _("{where}: {side} to move, {goal}, searched with (α, β) = {window}.")
        return text.format(**parts)

    def _backup_text(self, node: TreeNode, child: TreeNode, improved: bool,
                     raised: bool) -> str:
        value = value_text(child.value)
        label = child.named(capital=True)  # "Leaf 4", "MIN node e6"
        if child.bound == "lower":
            head = _("{node} is worth at least {value}")
        elif child.bound == "upper":
            head = _("{node} is worth at most {value}")
        else:
            head = _("{node} is worth {value}")
        head = head.format(node=label, value=value)
        if improved:
            first = len(node.children) == 1
            stay = not raised and self.prune
            # Translators: {head}: "Leaf 4 is worth +3"; {node}: "The root", "MIN node
            # e6"; {role}: MAX or MIN.
            if first and stay:
                text = _("{head}. {node}: the first value for {role} (not better than the "
                         "window: α and β stay).")
            elif first:
                text = _("{head}. {node}: the first value for {role}.")
            elif stay:
                text = _("{head}. {node}: the best so far for {role} (not better than the "
                         "window: α and β stay).")
            else:
                text = _("{head}. {node}: the best so far for {role}.")
            return text.format(head=head, node=node.named(capital=True),
                               role=node.kind.upper())
        # Translators: {head}: "Leaf 4 is worth +3"; {node}: "the root", "MIN node e6";
        # {value}: that node's best value so far.
        text = _("{head}: no larger than {node}'s best, {value}.") if node.kind == "max" \
            else _("{head}: no smaller than {node}'s best, {value}.")
        return text.format(head=head, node=node.label, value=value_text(node_best(node)))

    def _raise_text(self, node: TreeNode, old: tuple[int | None, int | None],
                    new: tuple[int | None, int | None]) -> str:
        if node.kind == "max":
            return _("α rises from {old} to {new}: MAX can already make sure of {new} "
                     "here.").format(old=value_text(old[0]), new=value_text(new[0]))
        return _("β falls from {old} to {new}: MIN can already hold MAX to {new} "
                 "here.").format(old=value_text(old[1]), new=value_text(new[1]))

    def _cutoff_text(self, node: TreeNode, window: tuple[int | None, int | None],
                     pruned: list[str]) -> str:
        a, b = value_text(window[0]), value_text(window[1])
        # the rule that fired, with its numbers: a formula, the same in every language
        test = f"β ≤ α ({b} ≤ {a})" if self.conventions.prune == "ge" else f"β < α ({b} < {a})"
        if not pruned:
            # Translators: {test}: the pruning rule with its numbers, "β ≤ α (3 ≤ 5)".
            return _("{test}, but {node} has no moves left to prune.").format(
                test=test, node=node.label)
        # Why, in the players' terms: the other side has a better choice higher up.
        if node.kind == "max":
            why = _("MIN can already hold MAX to {beta} elsewhere and will not come "
                    "here").format(beta=b)
        else:
            why = _("MAX can already make sure of {alpha} elsewhere and will not come "
                    "here").format(alpha=a)
        shown = _(", ").join(pruned[:3]) + (_(", ") + "…" if len(pruned) > 3 else "")
        # Translators: {why}: the sentence on why the node is not worth searching
        # further; {moves}: up to three pruned moves, "c4, d5, …".
        return ngettext("{test}: {why}; the rest of this node's moves cannot change the "
                        "result: pruned ({n} move: {moves}).",
                        "{test}: {why}; the rest of this node's moves cannot change the "
                        "result: pruned ({n} moves: {moves}).",
                        len(pruned)).format(test=test, why=why,
                                            n=number(len(pruned)), moves=shown)


def _grouped(skipped: list[tuple[Move, str, Skip]]) -> list[tuple[str, list[str]]]:
    """The skipped moves' names by reason (its sentence), reasons in order of first
    appearance."""
    groups: dict[str, list[str]] = {}
    for _move, name, why in skipped:
        groups.setdefault(why.sentence, []).append(name)
    return list(groups.items())


def _nodes(n: int) -> str:
    """``"1 node"``, ``"1,024 nodes"``: a counted phrase that sentences hold whole."""
    return ngettext("{n} node", "{n} nodes", n).format(n=number(n))


def _leaves(n: int) -> str:
    """``"1 leaf"``, ``"3 leaves"``."""
    return ngettext("{n} leaf", "{n} leaves", n).format(n=number(n))


def _moves(n: int) -> str:
    """``"1 move"``, ``"3 moves"``."""
    return ngettext("{n} move", "{n} moves", n).format(n=number(n))


def node_best(node: TreeNode) -> int | None:
    """The best value among ``node``'s children so far, MAX's view."""
    values = [c.value for c in node.children if c.value is not None]
    if not values:
        return None
    return max(values) if node.kind == "max" else min(values)


# --- text form ------------------------------------------------------------------------

def tree_text(tree: SearchTree, *, max_lines: int | None = None) -> str:
    """The indented tree ``plies tree`` prints.

    One line per node: its move, its kind, its value (``≥``/``≤`` when cut short), its
    window, and after a cut-off the moves pruned, marked ``✂``; the moves left out for
    another reason follow, marked ``·``, grouped by reason.
    """
    # Translators: {mode}: "minimax", "alpha-beta" or "alpha-beta, ordered"; MAX and MIN
    # are minimax's players, {max_side} and {min_side} the sides ("Black", "White").
    if tree.game_name == HandTree.name:
        # Translators: {mode}: "minimax", "alpha-beta" or "alpha-beta, ordered".
        title = (_("{mode} search of a hand-made tree of depth {depth}, its root a MAX node; "
                   "values are MAX's") if tree.root.kind == "max" else
                 _("{mode} search of a hand-made tree of depth {depth}, its root a MIN node; "
                   "values are MAX's")).format(mode=_(MODE_TITLES[tree.mode]),
                                               depth=tree.depth)
    else:
        title = _("{mode} search of depth {depth}: MAX is {max_side}, MIN is {min_side}; "
                  "values are MAX's").format(mode=_(MODE_TITLES[tree.mode]), depth=tree.depth,
                                             max_side=_(tree.side_names[0]),
                                             min_side=_(tree.side_names[1]))
    counts = {"value": value_text(tree.value), "move": tree.best_name,
              "nodes": _nodes(tree.node_count), "leaves": _leaves(tree.leaves),
              "moves": _moves(tree.pruned_count), "looks": tree.ordering_looks}
    # Translators: {nodes}, {leaves}, {moves}: counted phrases ("12 nodes", "1 leaf",
    # "3 moves"); {looks}: a number (always "quick looks" in English).
    summary = _("value {value}, best move {move}; {nodes}, {leaves}, {moves} pruned, "
                "{looks} quick looks to order moves") if tree.ordering_looks else \
        _("value {value}, best move {move}; {nodes}, {leaves}, {moves} pruned")
    if tree.mode != "minimax":
        # Translators: the title, then the sentence naming alpha-beta's conventions.
        title = _("{title}. {rules}").format(title=title, rules=tree.conventions.text())
    head = [title, summary.format(**counts)]
    lines: list[str] = []

    def walk(node: TreeNode, indent: str) -> None:
        mark = {"lower": "≥", "upper": "≤"}.get(node.bound, "")
        # Translators: one-word labels of the text tree's lines (the root, a game's end,
        # a leaf); MAX and MIN stay as in the textbooks.
        name = pgettext("tree node", "root") if node.parent is None else node.name
        kind = {"max": "MAX", "min": "MIN",
                "leaf": pgettext("tree node", "end") if node.terminal
                else pgettext("tree node", "leaf")}[node.kind]
        parts = [f"{indent}{name} {kind} {mark}{value_text(node.value)}"]
        if node.alpha is not None and node.kind != "leaf":
            parts.append(f"(α, β) = {window_text(node.alpha, node.beta)}")
        line = "  ".join(parts)
        lines.append(line)
        for child in node.children:
            walk(child, indent + "  ")
        if node.pruned_names:
            lines.append(indent + "  " + _("✂ pruned: {moves}").format(
                moves=" ".join(node.pruned_names)))
        for why, names in _grouped(node.skipped):
            shown = " ".join(names[:12]) + (f" … ({len(names)})" if len(names) > 12 else "")
            lines.append(f"{indent}  · {why}: {shown}")

    walk(tree.root, "")
    if max_lines is not None and len(lines) > max_lines:
        hidden = len(lines) - max_lines
        lines = lines[:max_lines] + [_("… {n} more lines (use a smaller depth, or --json)").format(
            n=hidden)]
    return "\n".join(head + lines)


# untranslated: the exported names
__all__ = ["MAX_DEPTH", "MIN_DEPTH", "MODE_TITLES", "NODE_CAP", "TREE_MODES", "Progress",
           "SearchTree", "Step", "TreeCancelled", "TreeError", "TreeMode", "TreeNode",
           "TreeTooLarge", "compare", "node_json", "record", "tree_text", "value_text",
           "window_text"]
