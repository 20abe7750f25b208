"""Lesson 4, move ordering: reorder the children of any node — click one, then a
sibling, and the two swap (or ← → with the keyboard) — so that alpha-beta visits as few
nodes as it can; Check counts. The count stays hidden until checked: the learner
reasons about values, not about a number to chase."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from ai.explain.exercises import ExerciseKind, ExNode
from ai.explain.tree import value_text
from game.i18n import _, ngettext, number
from game.learning import AlphaBetaTrace
from game.ui import draw
from game.ui.scenes.learn.trees import TreeLesson

class OrderingLesson(TreeLesson):
    """One item: the order of every node's children."""

    number: ClassVar[int] = 4
    kind: ClassVar[ExerciseKind] = "ordering"
    uses_entry: ClassVar[bool] = False

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.order: dict[str, list[str]] = {}
        self.checked: int | None = None
        """The count of the order last checked (shown until the order changes)."""

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.make(seed, level, game_name)  # generated: the given order is not the best
        assert self.exercise is not None
        self.order = {n.id: [c.id for c in n.children] for n in self.exercise.nodes
                      if n.children}
        self.checked = None

    def children(self, node: ExNode) -> list[ExNode]:
        if node.id not in self.order:
            return node.children
        by_id = {c.id: c for c in node.children}
        return [by_id[i] for i in self.order[node.id]]

    def parent_of(self, node_id: str) -> str | None:
        return next((p for p, ids in self.order.items() if node_id in ids), None)

    def question(self) -> str:
        if self.exercise is None:
            return ""
        return _("{players} Click a node, then a sibling, to swap them, until alpha-beta "
                 "visits as few nodes as it can; then Check.").format(players=self.players())

    def click_node(self, node_id: str) -> None:
        if self.finished:
            return
        if self.selected is not None and self.selected != node_id and \
                self.parent_of(self.selected) == self.parent_of(node_id) is not None:
            self.swap(self.selected, node_id)
            self.selected = None
        elif self.selected == node_id or self.parent_of(node_id) is None:
            self.selected = None  # a second click lets go; the root has no siblings
        else:
            self.selected = node_id

    def swap(self, a: str, b: str) -> None:
        parent = self.parent_of(a)
        assert parent is not None  # only siblings swap
        ids = self.order[parent]
        i, j = ids.index(a), ids.index(b)
        ids[i], ids[j] = ids[j], ids[i]
        self.checked = None
        self.scene.say("info", "")

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.finished:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected is not None:
            parent = self.parent_of(self.selected)
            if parent is not None:
                ids = self.order[parent]
                j = ids.index(self.selected) + (-1 if event.key == pygame.K_LEFT else 1)
                if 0 <= j < len(ids):
                    self.swap(self.selected, ids[j])
                    self.scene.relayout()
            return True
        if event.key == pygame.K_TAB:
            ids = [i for ids in self.order.values() for i in ids]
            k = ids.index(self.selected) if self.selected in ids else -1
            self.selected = ids[(k + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(ids)]
            self.scene.relayout()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.check("")
            return True
        return False

    def check(self, text: str) -> None:
        if self.exercise is None or self.key is None or self.finished:
            return
        ordering = self.key.ordering
        assert ordering is not None
        mine = AlphaBetaTrace.of(self.exercise.root, self.order).nodes_visited
        self.checked = mine
        if mine <= ordering.best_nodes:
            self.right(ngettext("Right: {nodes} node, as few as any order gives.",
                                "Right: {nodes} nodes, as few as any order gives.",
                                mine).format(nodes=number(mine)))
        else:
            hint = ngettext(
                "This order visits {nodes} node; fewer are possible. At a MAX node put "
                "first the child best for MAX (the largest value), at a MIN node the "
                "child best for MIN (the smallest): a good first value narrows the window "
                "for the others.",
                "This order visits {nodes} nodes; fewer are possible. At a MAX node put "
                "first the child best for MAX (the largest value), at a MIN node the "
                "child best for MIN (the smallest): a good first value narrows the window "
                "for the others.", mine).format(nodes=number(mine))
            worked = ngettext(
                "The best order, now shown, visits {best} node (yours {nodes}): at every "
                "node the child best for the side to move comes first.",
                "The best order, now shown, visits {best} nodes (yours {nodes}): at every "
                "node the child best for the side to move comes first.",
                ordering.best_nodes).format(best=number(ordering.best_nodes),
                                            nodes=number(mine))
            if not self.wrong("order", hint, worked):
                return
            self.order = {k: list(v) for k, v in ordering.best_order.items()}
        self.selected = None
        self.finish(self.scene.feedback)
        self.scene.relayout()

    def leaves(self, order: dict[str, list[str]] | None) -> int:
        """Leaves alpha-beta visits with ``order`` (``None``: the given order)."""
        assert self.exercise is not None
        trace = AlphaBetaTrace.of(self.exercise.root, order)
        kinds = {n.id: n.kind for n in self.exercise.nodes}
        return sum(kinds[i] == "leaf" for i in trace.visited)

    def cost_note(self) -> str:
        """The solution's measure of b^d against b^(d/2) on this very tree."""
        assert self.exercise is not None and self.key is not None
        ordering = self.key.ordering
        assert ordering is not None
        best = {k: list(v) for k, v in ordering.best_order.items()}
        worst = {k: v[::-1] for k, v in best.items()}
        b, d = self.exercise.width, self.exercise.depth
        every = sum(n.kind == "leaf" for n in self.exercise.nodes)
        full = b ** -(-d // 2) + b ** (d // 2) - 1  # Knuth and Moore's minimal tree
        # Translators: leaf counts of one tree; b is the branching, d the depth; the
        # formula is Knuth and Moore's best case of alpha-beta.
        return _("Leaves visited in this tree (b = {b}, d = {d}): minimax all {every} "
                 "(b^d = {bd} in a full tree); alpha-beta worst first {worst}, as given "
                 "{given}, best first {best} (b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = {minimal} in a full "
                 "tree: about twice as deep for the same work).").format(
            b=b, d=d, every=number(every), bd=number(b ** d), worst=number(self.leaves(worst)),
            given=number(self.leaves(None)), best=number(self.leaves(best)),
            minimal=number(full))

    def layout(self, area: pygame.Rect) -> None:
        if self.finished:  # room under the tree for the cost note
            area = area.inflate(0, -60).move(0, -30)
        super().layout(area)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        super().draw(surface, area)
        if self.finished:
            y = area.bottom - 54
            for line in draw.wrap(self.cost_note(), 14, area.width - 8)[:3]:
                draw.blit_text(surface, line, 14, self.scene.theme.text_dim, (area.x + 4, y))
                y += 17

    def node_text(self, node: ExNode) -> str:
        if node.kind == "leaf":
            return super().node_text(node)
        if self.finished and self.key is not None:
            return value_text(self.key.values[node.id])
        return ""

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene


__all__ = ["OrderingLesson"]  # untranslated: names
