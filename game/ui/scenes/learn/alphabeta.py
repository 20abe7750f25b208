"""Lesson 3, alpha-beta: every node in the order a search by hand meets it — its
(α, β) on entry, or ``never`` — then its value; last, the leaves never visited; at the
end the worked solution (windows, values, the subtrees never visited greyed).

Every node is asked, visited or not, so the order of the questions tells nothing about
what is pruned."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from ai.explain.conventions import Conventions, PruneRule
from ai.explain.exercises import ExerciseKind, ExNode
from game.i18n import _
from game.ui.scenes.learn.base import is_never, parse_value, parse_window, shown
from game.ui.scenes.learn.trees import TreeLesson

Part = Literal["window", "value", "pruned"]

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


class AlphaBetaLesson(TreeLesson):
    """Items: ``(node, "window")`` on the way down and ``(node, "value")`` on the way
    up for every inner node (the root's window is given: (−∞, +∞)), then the set of
    leaves never visited."""

    number: ClassVar[int] = 3
    kind: ClassVar[ExerciseKind] = "alphabeta"

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.items: list[tuple[str, Part]] = []
        self.step = 0
        self.windows: dict[str, tuple[int, int] | None] = {}
        """Windows answered (``None``: never visited)."""
        self.values: dict[str, int] = {}
        self.marked: set[str] = set()

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.make(seed, level, game_name)  # generated: at least one cut, to find
        assert self.exercise is not None
        self.items = []
        root = self.exercise.root

        def walk(node: ExNode) -> None:
            if node.kind == "leaf":
                return
            if node is not root:
                self.items.append((node.id, "window"))
            for child in node.children:
                walk(child)
            self.items.append((node.id, "value"))

        walk(root)
        self.items.append(("", "pruned"))
        self.step, self.windows, self.values, self.marked = 0, {}, {}, set()
        self.selected = self.items[0][0]

    def note(self) -> str:
        """The rules this exercise is worked with, stated under the lesson's text."""
        return self.conventions.text()

    def rule(self) -> str:
        """When the search stops, as the lesson writes it: ``α ≥ β`` or ``α > β``."""
        return "α ≥ β" if self.conventions.prune == "ge" else "α > β"

    def set_prune(self, prune: PruneRule) -> None:
        """Prune on α ≥ β (``"ge"``) or only on α > β (``"gt"``): the key changes, so
        the exercise starts again under the new rule."""
        if prune != self.conventions.prune:
            self.conventions = Conventions(prune, self.conventions.values)
            self.scene.new_exercise()

    @property
    def part(self) -> Part:
        return self.items[self.step][1] if self.step < len(self.items) else "pruned"

    def question(self) -> str:
        if self.exercise is None or self.key is None:
            return ""
        who = self.players()
        if self.finished:
            return _("{players} The solution: each node's (α, β) and value; grey nodes are "
                     "never visited.").format(players=who)
        if self.part == "window":
            return _("{players} (α, β) as node {node} is entered? Type e.g. -inf 3, or "
                     "never.").format(players=who, node=self.selected)
        if self.part == "value":
            return _("{players} The value alpha-beta returns at node {node}?").format(
                players=who, node=self.selected)
        return _("{players} Click the leaves never visited (none, perhaps), then "
                 "Check.").format(players=who)

    def advance(self) -> None:
        """To the next item still open (a node never visited has no value, nor have
        the nodes below it)."""
        self.step += 1
        while self.step < len(self.items):
            node_id, part = self.items[self.step]
            if part == "pruned" or not self._under_never(node_id):
                break
            self.windows[node_id] = None
            self.step += 1
        self.selected = self.items[self.step][0] or None if self.step < len(self.items) else None
        self.scene.entry.set_text("")
        self.scene.relayout()

    def _under_never(self, node_id: str) -> bool:
        assert self.exercise is not None
        path = self.exercise.node(node_id).path
        for other, window in self.windows.items():
            if window is None:
                above = self.exercise.node(other).path
                if path[:len(above)] == above:
                    return True
        return False

    def check(self, text: str) -> None:
        if self.exercise is None or self.key is None or self.finished:
            return
        trace = self.key.alphabeta
        if self.part == "pruned":
            self.check_pruned()
            return
        node_id = self.selected
        assert node_id is not None
        if self.part == "window":
            never = is_never(text)
            window = None if never else parse_window(text)
            if not never and window is None:
                self.scene.say("info", _("Type α and β, e.g. -inf 5 (∞ may be written inf), "
                                         "or never."))
                return
            truth = trace.windows.get(node_id)
            if truth is None:
                worked = _("{node} is never visited: a cut-off above it prunes it.").format(
                    node=node_id)
            else:
                worked = _("{node} is entered with (α, β) = ({alpha}, {beta}): a child starts "
                           "with its parent's window as it stands when the child's turn "
                           "comes.").format(node=node_id, alpha=shown(truth[0]),
                                            beta=shown(truth[1]))
            if (never and truth is None) or (window is not None and window == truth):
                self.right(worked if truth is None else
                           _("Right: {node} is entered with (α, β) = ({alpha}, {beta}).").format(
                               node=node_id, alpha=shown(truth[0]), beta=shown(truth[1])))
            # Translators: {rule} is when alpha-beta stops: "α ≥ β" or "α > β".
            elif not self.wrong(f"{node_id}:window", _(
                    "Not quite. A node is entered with its parent's (α, β) as it stands when "
                    "its turn comes: α the most MAX has made sure of above, β the least MIN "
                    "has; it is never entered when its parent's {rule} before its turn."
            ).format(rule=self.rule()), worked):
                return
            self.windows[node_id] = truth
            self.advance()
            return
        guess = parse_value(text)
        if guess is None:
            self.scene.say("info", _("Type a value such as -12, 0, +35 or loss 2."))
            return
        truth_value = trace.values[node_id]
        node = self.exercise.node(node_id)
        # Translators: {node} is a node's letter, {value} the value alpha-beta returns.
        worked = _("{node} returns {value}: the best value among the children it searched "
                   "(a cut-off stops it early).").format(node=node_id, value=shown(truth_value))
        if guess == truth_value:
            self.right(_("Right: {node} returns {value}.").format(node=node_id,
                                                                   value=shown(truth_value)))
        else:
            rule = (_("a MAX node returns the largest value among the children it searched")
                    if node.kind == "max" else
                    _("a MIN node returns the smallest value among the children it searched"))
            # Translators: {rule} is "a MAX node returns the largest value …".
            if not self.wrong(f"{node_id}:value", _(
                    "Not quite: {rule}; when it stops at a cut-off, the best it had found "
                    "so far (fail-soft).").format(rule=rule), worked):
                return
        self.values[node_id] = truth_value
        self.advance()

    def check_pruned(self) -> None:
        assert self.key is not None
        trace = self.key.alphabeta
        truth = trace.leaves_never_visited
        if truth:
            assert self.exercise is not None
            visited = set(trace.visited)
            # Translators: why a node stops early: {node} its letter, {rule} when the
            # search stops ("α ≥ β"), {child} the last child it searched ("at C, α ≥ β
            # after H").
            reasons = _("; ").join(
                _("at {node}, {rule} after {child}").format(
                    node=node_id, rule=self.rule(), child=[c.id for c in self.exercise.node(node_id).children
                                         if c.id in visited][-1])
                for node_id in sorted(trace.cutoffs))
            # Translators: {nodes} the leaves never visited, {reasons} where and why the
            # search stopped early ("at C, α ≥ β after H; at D, …").
            worked = _("The leaves never visited: {nodes} ({reasons}).").format(
                nodes=_(", ").join(sorted(truth)), reasons=reasons)
        else:
            worked = _("Every leaf is visited: no cut-off happens in this order.")
        if set(self.marked) == truth:
            self.right(worked)
        elif not self.wrong("pruned", _(
                "Not quite. Go through the search again: after each child, a node whose "
                "{rule} stops, and none of its remaining children (nor anything below them) "
                "is visited.").format(rule=self.rule()), worked):
            return
        self.marked = set(truth)
        self.finish(_("{reason} That is alpha-beta.").format(reason=self.scene.feedback))
        self.selected = None
        self.scene.relayout()

    def click_node(self, node_id: str) -> None:
        assert self.exercise is not None
        if self.exercise.node(node_id).kind == "leaf" and not self.finished:
            self.marked ^= {node_id}
            self.scene.say("info", "")

    # --- drawing ------------------------------------------------------------------------

    def node_text(self, node: ExNode) -> str:
        if node.kind == "leaf":
            return super().node_text(node)
        if self.finished and self.key is not None:
            window = self.key.alphabeta.windows.get(node.id)
            if window is None:
                return _("never")
            # What alpha-beta knows there: "≤ +2" at a node cut short, not a value it
            # never computed.
            assert self.exercise is not None
            value = self.exercise.node_keys()[node.id].value_text()
            return f"{value}\n({shown(window[0])}, {shown(window[1])})"
        if node.id in self.windows:
            window = self.windows[node.id]
            if window is None:
                return _("never")
            value = shown(self.values[node.id]) if node.id in self.values else "?"
            return f"{value}\n({shown(window[0])}, {shown(window[1])})"
        if node.id in self.values:  # the root: its window is given
            return shown(self.values[node.id])
        return "?"

    def greyed(self, node: ExNode) -> bool:
        return (self.finished and self.key is not None
                and node.id in self.key.alphabeta.never_visited)

    def cut(self, node: ExNode) -> bool:
        return node.id in self.marked


__all__ = ["AlphaBetaLesson"]  # untranslated: names
